//go:build !linux

package main

// threadCPU is not available: the timers stay on wall time.
func threadCPU() int64 { return -1 }
