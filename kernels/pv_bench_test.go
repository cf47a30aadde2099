package kernels

import "testing"

// pvCases are the sweep's cases of round 10 (pv): deep stride-1 W kernels
// and the worst non-strided-max rows of the seed-1 and seed-7 sweeps.
var pvCases = []paPoolCase{
	{"max_f32_1x248x47x109", "f32", poolR5Win(1, 248, []int{47, 109}, []int{9, 109}, []int{9, 11}, []int{5, 1}, nil, []int{0, 5}, []int{0, 5}), "max"},
	{"max_f32_1x410x364x14", "f32", poolR5Win(1, 410, []int{364, 14}, []int{182, 4}, []int{2, 10}, []int{2, 2}, nil, []int{0, 0}, []int{0, 3}), "max"},
	{"max_f64_2x451x705_k4s2d3", "f64", poolR5Win(2, 451, []int{705}, []int{348}, []int{4}, []int{2}, []int{3}, nil, nil), "max"},
	{"avgi_f64_3x358x27x45", "f64", poolR5Win(3, 358, []int{27, 45}, []int{5, 7}, []int{2, 7}, []int{6, 6}, nil, nil, nil), "avgi"},
	{"avgi_f32_6x147x82x16", "f32", poolR5Win(6, 147, []int{82, 16}, []int{14, 4}, []int{7, 7}, []int{6, 3}, nil, []int{2, 0}, []int{2, 0}), "avgi"},
	{"avg_f32_1x37x37x29x31", "f32", poolR5Win(1, 37, []int{37, 29, 31}, []int{33, 9, 6}, []int{11, 3, 3}, []int{1, 3, 6}, nil, []int{3, 0, 1}, []int{3, 0, 1}), "avg"},
	{"avg_f16_5x155x9x9", "f16", poolR5Win(5, 155, []int{9, 9}, []int{1, 2}, []int{9, 1}, []int{5, 6}, nil, []int{1, 0}, []int{1, 0}), "avg"},
	{"maxidx_i32_4x472x8x6x14", "i32", poolR5Win(4, 472, []int{8, 6, 14}, []int{7, 2, 2}, []int{2, 3, 8}, []int{1, 3, 6}, nil, nil, nil), "maxidx"},
}

// BenchmarkPoolPv: the round-10 (pv) cases, fast kernel at 1 and 2
// threads and the reference, with the CPU time per call. Run:
// go test -run '^$' -bench PoolPv ./kernels/
func BenchmarkPoolPv(b *testing.B) { paPoolBench(b, pvCases, []int{1, 2}, true) }
