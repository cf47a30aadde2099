//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package ir

import (
	"errors"
	"os"
)

// mmapFile is not available on this platform; OpenWeights reads the file instead.
func mmapFile(f *os.File, size int) ([]byte, func() error, error) {
	return nil, nil, errors.New("mmap not supported on this platform")
}
