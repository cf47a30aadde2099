//go:build linux

package kernels

import (
	"syscall"
	"testing"
)

// plCPU returns the process's user+system CPU time in nanoseconds.
func plCPU() int64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// BenchmarkPoolR8CPU: the round-8 cases, fast kernel at 1 thread, reporting
// CPU time per call (cpu-ns/op), which a loaded machine inflates less than
// wall time. Run: go test -run '^$' -bench PoolR8CPU -benchtime 200x ./kernels/
func BenchmarkPoolR8CPU(b *testing.B) {
	w := NewWorkers(1)
	defer w.Close()
	for _, c := range plR8Cases {
		src, dst, idx := plR8Buffers(b, c.g, c.op)
		b.Run(c.name, func(b *testing.B) {
			c0 := plCPU()
			for b.Loop() {
				if err := plR8Run(w, c.g, c.op, src, dst, idx); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(plCPU()-c0)/float64(b.N), "cpu-ns/op")
		})
	}
}
