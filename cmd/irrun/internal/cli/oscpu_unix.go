//go:build unix

package cli

import (
	"syscall"
	"time"
)

// osProcessCPU returns the CPU time (user + system) the process has used so far, over all its
// threads; ok is false when the system does not say.
func osProcessCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
