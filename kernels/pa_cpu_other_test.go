//go:build !linux

package kernels

// plCPU: no per-process CPU clock here; the benchmarks report 0 cpu-ns/op.
func plCPU() int64 { return 0 }
