package kernels

import (
	"context"
	"testing"
	"unsafe"
)

// qaCases are round 15's AvgPool cases (issue 14): the misses of the
// round-14 sweeps (seed/id in the name).
var qaCases = []paPoolCase{
	{"avg_f32_5x446x7x93_k2x8_s997i112", "f32", poolR5Win(5, 446, []int{7, 93}, []int{3, 23}, []int{2, 8}, []int{3, 4}, nil, nil, nil), "avg"},
	{"avgi_f32_1x306x63x50_k5x8_s503i190", "f32", poolR5Win(1, 306, []int{63, 50}, []int{11, 10}, []int{5, 8}, []int{6, 5}, nil, []int{2, 0}, []int{2, 0}), "avgi"},
	{"avgi_i64_1x187x38x36x7_k6x1x7_s1i12", "i64", poolR5Win(1, 187, []int{38, 36, 7}, []int{33, 9, 1}, []int{6, 1, 7}, []int{1, 4, 2}, nil, []int{0, 0, 1}, []int{0, 0, 0}), "avgi"},
	{"avgi_f32_4x190x40x44_k9x9_s1i41", "f32", poolR5Win(4, 190, []int{40, 44}, []int{21, 36}, []int{9, 9}, []int{2, 1}, nil, []int{4, 0}, []int{4, 0}), "avgi"},
	{"avgi_f32_2x385x24x72_k8x10_s1i189", "f32", poolR5Win(2, 385, []int{24, 72}, []int{9, 18}, []int{8, 10}, []int{2, 4}, nil, []int{0, 2}, []int{0, 2}), "avgi"},
	{"avg_f32_1x128x50x117_k6x9_s29i78", "f32", poolR5Win(1, 128, []int{50, 117}, []int{9, 109}, []int{6, 9}, []int{6, 1}, nil, nil, nil), "avgi"},
}

// BenchmarkPoolQa: round 15's AvgPool cases at 1 and 2 threads and the
// reference. Run: go test -run '^$' -bench PoolQa ./kernels/
func BenchmarkPoolQa(b *testing.B) { paPoolBench(b, qaCases, []int{1, 2}, true) }

// qaStreamCases are the AvgPool cases measured against a streaming pass
// over their tensors (issue 14: bandwidth-bound cases within 1.5× of a
// streaming read+write): compare.py's two AvgPool cases and the largest
// float inputs of the sweeps' AvgPool rows.
var qaStreamCases = []paPoolCase{
	{"avgi_f32_inception_192x35_k3s1p1", "f32", poolR5Win(1, 192, []int{35, 35}, []int{35, 35}, []int{3, 3}, []int{1, 1}, nil, []int{1, 1}, []int{1, 1}), "avgi"},
	{"avg_f32_k2s2_256x56", "f32", poolR5Win(1, 256, []int{56, 56}, []int{28, 28}, []int{2, 2}, []int{2, 2}, nil, nil, nil), "avg"},
	{"avgi_f32_1x240x100x53_s1i146", "f32", poolR5Win(1, 240, []int{100, 53}, []int{25, 9}, []int{6, 3}, []int{4, 6}, nil, []int{1, 1}, []int{1, 1}), "avgi"},
	qaCases[0], qaCases[1],
}

// BenchmarkPoolQaStream: each case of qaStreamCases at 1 and 2 threads and,
// as case/stream, one streaming pass that reads its input and writes its
// output once (through an L1-resident staging buffer, as BenchmarkStream).
// Run: go test -run '^$' -bench PoolQaStream ./kernels/
func BenchmarkPoolQaStream(b *testing.B) {
	paPoolBench(b, qaStreamCases, []int{1, 2}, false)
	for _, c := range qaStreamCases {
		p, _ := c.g.plan()
		src, dst := benchData(p.inLen()), make([]float32, p.outLen())
		stage := make([]float32, 8192)
		paBenchLoop(b, c.name+"/stream", func() error {
			for i := 0; i < len(src); i += len(stage) {
				copy(stage, src[i:])
			}
			for i := 0; i < len(dst); i += len(stage) {
				copy(dst[i:], stage)
			}
			return nil
		})
	}
}

// qaAvgPoolPer is AvgPoolContext for float32 with the stacked path turned
// off (avgBlockFloat's units of a plane), for the A/B benchmark below.
func qaAvgPoolPer(w *Workers, g Window, src, dst []float32, excl bool) error {
	p, err := g.plan()
	if err != nil {
		return err
	}
	j := w.acquire()
	j.wp = p
	j.src = unsafe.Pointer(unsafe.SliceData(src))
	j.dst = unsafe.Pointer(unsafe.SliceData(dst))
	j.idx = nil
	j.flag = !excl && p.padsAny
	j.fn = avgFloatRunner[float32]{}
	par := planRows(j, w.threadsFor(), 4)
	par = par || pa4SplitSmall(j, w.threadsFor())
	if pltTinyUse(j, false, false) {
		j.fn = pltAvgFn[float32]()
		par = pltTinyPlan(j, w.threadsFor())
	}
	return w.run(context.Background(), j, par)
}

// BenchmarkPoolQaAB: the f32 cases of qaCases on one thread, stacked
// (case/stack) and per plane (case/per), CPU time. Run:
// go test -run '^$' -bench PoolQaAB ./kernels/
func BenchmarkPoolQaAB(b *testing.B) {
	w := NewWorkers(1)
	defer w.Close()
	for _, c := range qaCases {
		p, _ := c.g.plan()
		src, dst := benchData(p.inLen()), make([]float32, p.outLen())
		excl := c.op == "avg"
		paBenchLoop(b, c.name+"/stack", func() error { return AvgPool(w, c.g, src, dst, excl) })
		paBenchLoop(b, c.name+"/per", func() error { return qaAvgPoolPer(w, c.g, src, dst, excl) })
	}
}
