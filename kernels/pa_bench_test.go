package kernels

import (
	"context"
	"strconv"
	"testing"

	"github.com/x448/float16"
)

// paPoolCase is one pooling geometry of a benchmark table.
type paPoolCase struct {
	name string
	typ  string // f32, f64, f16, bf16, i8, u8, i32, i64
	g    Window
	op   string // max, maxidx, avg (exclude pad), avgi (pads counted)
}

// paPoolBench is the pooling benchmarks' table driver: every case's fast
// kernel on a Workers of each thread count (sub-benchmarks case/t1,
// case/t2, …) and, with ref, the reference (case/ref), each reporting
// the CPU time per call (cpu-ns/op, less inflated than wall time by a
// loaded machine; 0 where the platform has no per-process CPU clock).
func paPoolBench(b *testing.B, cases []paPoolCase, threads []int, ref bool) {
	ws := make([]*Workers, len(threads))
	for i, n := range threads {
		ws[i] = NewWorkers(n)
		defer ws[i].Close()
	}
	for _, c := range cases {
		for i, w := range ws {
			paBenchLoop(b, c.name+"/t"+strconv.Itoa(threads[i]), paRunner(b, w, c, false))
		}
		if ref {
			paBenchLoop(b, c.name+"/ref", paRunner(b, nil, c, true))
		}
	}
}

// paBenchLoop runs f as the sub-benchmark name with its CPU time per call.
func paBenchLoop(b *testing.B, name string, f func() error) {
	b.Run(name, func(b *testing.B) {
		c0 := plCPU()
		for b.Loop() {
			if err := f(); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(plCPU()-c0)/float64(b.N), "cpu-ns/op")
	})
}

// paRunner returns the fast (ref false) or reference kernel of case c as a
// closure over its buffers, filled from benchData (integers scaled: i8 by
// 50, i32 and i64 by 1000). f16 cases run the f16 entry points, and their
// reference is the f32 kernel on the widened tensor, as the layers and the
// sweep run it.
func paRunner(b *testing.B, w *Workers, c paPoolCase, ref bool) func() error {
	p, err := c.g.plan()
	if err != nil {
		b.Fatal(c.name, err)
	}
	var idx []int64
	if c.op == "maxidx" {
		idx = make([]int64, p.outLen())
	}
	f32 := benchData(p.inLen())
	switch c.typ {
	case "f64":
		return paRun(w, c, ref, paScaled[float64](f32, 1), make([]float64, p.outLen()), idx)
	case "i8":
		return paRun(w, c, ref, paScaled[int8](f32, 50), make([]int8, p.outLen()), idx)
	case "u8":
		u8 := make([]uint8, len(f32))
		for i, x := range f32 {
			u8[i] = uint8(int(x*40) & 0x7f)
		}
		return paRun(w, c, ref, u8, make([]uint8, p.outLen()), idx)
	case "i32":
		return paRun(w, c, ref, paScaled[int32](f32, 1000), make([]int32, p.outLen()), idx)
	case "i64":
		return paRun(w, c, ref, paScaled[int64](f32, 1000), make([]int64, p.outLen()), idx)
	case "bf16":
		if ref {
			return paRun(w, c, ref, f32, make([]float32, p.outLen()), idx)
		}
		src, dst := make([]uint16, p.inLen()), make([]uint16, p.outLen())
		F32ToBF16(src, f32)
		if c.op == "avg" || c.op == "avgi" {
			return func() error { return AvgPoolBF16Context(context.Background(), w, c.g, src, dst, c.op == "avg") }
		}
		return func() error { return MaxPoolBF16Context(context.Background(), w, c.g, src, dst, idx, 0) }
	case "f16":
		if ref {
			return paRun(w, c, ref, f32, make([]float32, p.outLen()), idx)
		}
		src, dst := make([]float16.Float16, p.inLen()), make([]float16.Float16, p.outLen())
		F32ToF16(src, f32)
		if c.op == "avg" || c.op == "avgi" {
			return func() error { return AvgPoolF16Context(context.Background(), w, c.g, src, dst, c.op == "avg") }
		}
		return func() error { return MaxPoolF16Context(context.Background(), w, c.g, src, dst, idx, 0) }
	}
	return paRun(w, c, ref, f32, make([]float32, p.outLen()), idx)
}

// paScaled returns v·scale converted to T.
func paScaled[T Number](v []float32, scale float32) []T {
	out := make([]T, len(v))
	for i, x := range v {
		out[i] = T(x * scale)
	}
	return out
}

// paRun returns one call of case c's fast or reference kernel on src, dst
// (and idx for maxidx).
func paRun[T Number](w *Workers, c paPoolCase, ref bool, src, dst []T, idx []int64) func() error {
	avg := c.op == "avg" || c.op == "avgi"
	switch {
	case avg && ref:
		return func() error { return AvgPoolReference(c.g, src, dst, c.op == "avg") }
	case avg:
		return func() error { return AvgPool(w, c.g, src, dst, c.op == "avg") }
	case ref:
		return func() error { return MaxPoolReference(c.g, src, dst, idx, 0) }
	}
	return func() error { return MaxPool(w, c.g, src, dst, idx, 0) }
}
