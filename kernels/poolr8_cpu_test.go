//go:build linux

package kernels

import "syscall"

// plCPU returns the process's user+system CPU time in nanoseconds.
func plCPU() int64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}
