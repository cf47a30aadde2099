package kernels

import "testing"

// pqCases are the sweep's worst cases at the start of round 9 (seed 1, n
// 200, quiet re-run of round 8): 8-byte strided max, float averages with
// pads counted, few-tap strided max, tiny 3-D f16 averages, deep stride-1
// W kernels.
var pqCases = []paPoolCase{
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

// BenchmarkPoolR9: the round-9 cases, fast kernel at 1 and 2 threads and
// the reference, with the CPU time per call. Run:
// go test -run '^$' -bench PoolR9 ./kernels/
func BenchmarkPoolR9(b *testing.B) { paPoolBench(b, pqCases, []int{1, 2}, true) }
