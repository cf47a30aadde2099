//go:build linux

package kernels

import (
	"context"
	"testing"

	"github.com/x448/float16"
)

// pqCases are the sweep's worst cases at the start of round 9 (seed 1, n
// 200, quiet re-run of round 8): 8-byte strided max, float averages with
// pads counted, few-tap strided max, tiny 3-D f16 averages, deep stride-1
// W kernels.
var pqCases = []struct {
	name string
	typ  string // f32, f64, f16
	g    Window
	op   string // max, maxidx, avg (exclude pad), avgi (pads counted)
}{
	{"max_f64_4x323x933_k7s5", "f64", poolR5Win(4, 323, []int{933}, []int{187}, []int{7}, []int{5}, nil, nil, nil), "max"},
	{"maxidx_f64_4x323x933_k7s5", "f64", poolR5Win(4, 323, []int{933}, []int{187}, []int{7}, []int{5}, nil, nil, nil), "maxidx"},
	{"max_f64_2x451x705_k4s2d3", "f64", poolR5Win(2, 451, []int{705}, []int{348}, []int{4}, []int{2}, []int{3}, nil, nil), "max"},
	{"max_f64_12x212x390_k11s5", "f64", poolR5Win(12, 212, []int{390}, []int{78}, []int{11}, []int{5}, nil, []int{4}, []int{3}), "max"},
	{"avgi_f32_1x240x100x53", "f32", poolR5Win(1, 240, []int{100, 53}, []int{25, 9}, []int{6, 3}, []int{4, 6}, nil, []int{1, 1}, []int{1, 1}), "avgi"},
	{"avg_f64_1x27x119x529", "f64", poolR5Win(1, 27, []int{119, 529}, []int{30, 177}, []int{3, 1}, []int{4, 3}, nil, nil, nil), "avg"},
	{"max_f32_1x364x71x58", "f32", poolR5Win(1, 364, []int{71, 58}, []int{12, 20}, []int{2, 3}, []int{6, 3}, nil, []int{0, 1}, []int{0, 1}), "max"},
	{"max_f32_9x218x225_k3s6", "f32", poolR5Win(9, 218, []int{225}, []int{38}, []int{3}, []int{6}, nil, nil, nil), "max"},
	{"max_f32_5x100x442_k5s6", "f32", poolR5Win(5, 100, []int{442}, []int{74}, []int{5}, []int{6}, nil, []int{2}, []int{2}), "max"},
	{"max_f32_2x421x34x30", "f32", poolR5Win(2, 421, []int{34, 30}, []int{6, 8}, []int{2, 7}, []int{6, 3}, nil, nil, nil), "max"},
	{"max_f32_1x149x120x67", "f32", poolR5Win(1, 149, []int{120, 67}, []int{17, 21}, []int{11, 8}, []int{6, 3}, []int{2, 1}, []int{0, 1}, []int{0, 1}), "max"},
	{"avg_f16_5x212x17x9x11", "f16", poolR5Win(5, 212, []int{17, 9, 11}, []int{3, 2, 3}, []int{6, 3, 3}, []int{6, 5, 5}, nil, []int{1, 1, 0}, []int{1, 1, 0}), "avg"},
	{"max_f32_4x124x26x89_k1s5", "f32", poolR5Win(4, 124, []int{26, 89}, []int{13, 18}, []int{1, 1}, []int{2, 5}, nil, nil, nil), "max"},
	{"max_f32_1x248x47x109", "f32", poolR5Win(1, 248, []int{47, 109}, []int{9, 109}, []int{9, 11}, []int{5, 1}, nil, []int{0, 5}, []int{0, 5}), "max"},
}

// pqRunner returns the fast (ref false) or reference kernel of a round-9
// case as a closure over its buffers (f16 cases: the f16 entry point, and
// for the reference the f32 kernel on the widened tensor, as the layers
// and the sweep run it).
func pqRunner(b *testing.B, w *Workers, typ string, g Window, op string, ref bool) func() error {
	p, err := g.plan()
	if err != nil {
		b.Fatal(err)
	}
	var idx []int64
	if op == "maxidx" {
		idx = make([]int64, p.outLen())
	}
	f32 := benchData(p.inLen())
	switch typ {
	case "f64":
		src, dst := make([]float64, p.inLen()), make([]float64, p.outLen())
		for i, v := range f32 {
			src[i] = float64(v)
		}
		return pqRun(w, g, op, ref, src, dst, idx)
	case "f16":
		if ref {
			return pqRun(w, g, op, ref, f32, make([]float32, p.outLen()), idx)
		}
		src, dst := make([]float16.Float16, p.inLen()), make([]float16.Float16, p.outLen())
		F32ToF16(src, f32)
		if op == "avg" || op == "avgi" {
			return func() error { return AvgPoolF16Context(context.Background(), w, g, src, dst, op == "avg") }
		}
		return func() error { return MaxPoolF16Context(context.Background(), w, g, src, dst, idx, 0) }
	}
	return pqRun(w, g, op, ref, f32, make([]float32, p.outLen()), idx)
}

func pqRun[T Number](w *Workers, g Window, op string, ref bool, src, dst []T, idx []int64) func() error {
	avg := op == "avg" || op == "avgi"
	switch {
	case avg && ref:
		return func() error { return AvgPoolReference(g, src, dst, op == "avg") }
	case avg:
		return func() error { return AvgPool(w, g, src, dst, op == "avg") }
	case ref:
		return func() error { return MaxPoolReference(g, src, dst, idx, 0) }
	}
	return func() error { return MaxPool(w, g, src, dst, idx, 0) }
}

// BenchmarkPoolR9: the round-9 cases, fast kernel at 1 and 2 threads and
// the reference (/ref), with the CPU time per call (cpu-ns/op, less
// inflated by a loaded machine than wall time). Run:
// go test -run '^$' -bench PoolR9 ./kernels/
func BenchmarkPoolR9(b *testing.B) {
	w1, w2 := NewWorkers(1), NewWorkers(2)
	defer w1.Close()
	defer w2.Close()
	for _, c := range pqCases {
		for _, v := range []struct {
			name string
			w    *Workers
			ref  bool
		}{{"t1", w1, false}, {"t2", w2, false}, {"ref", nil, true}} {
			f := pqRunner(b, v.w, c.typ, c.g, c.op, v.ref)
			b.Run(c.name+"/"+v.name, func(b *testing.B) {
				c0 := plCPU()
				for b.Loop() {
					if err := f(); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(plCPU()-c0)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}
