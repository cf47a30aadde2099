package kernels

import "testing"

// pa4DeepCases are 3-D float AvgPool geometries of the sweeps (seed/id in
// the name) on both sides of pa4DeepUse's rule.
var pa4DeepCases = []paPoolCase{
	{"avg_bf16_4x313x34x4x7_s101i8", "bf16", poolR5Win(4, 313, []int{34, 4, 7}, []int{16, 2, 2}, []int{5, 5, 4}, []int{2, 6, 4}, nil, []int{0, 2, 1}, []int{0, 2, 0}), "avg"},
	{"avg_f32_1x72x33x36x13_s7i19", "f32", poolR5Win(1, 72, []int{33, 36, 13}, []int{8, 34, 2}, []int{9, 8, 4}, []int{4, 1, 6}, nil, []int{3, 3, 0}, []int{4, 2, 1}), "avg"},
	{"avg_f64_4x83x22x13x12_s7i35", "f64", poolR5Win(4, 83, []int{22, 13, 12}, []int{17, 2, 1}, []int{11, 9, 8}, []int{1, 3, 6}, nil, []int{2, 0, 0}, []int{3, 0, 0}), "avg"},
	{"avg_f32_1x302x25x7x16_s7i60", "f32", poolR5Win(1, 302, []int{25, 7, 16}, []int{24, 4, 3}, []int{4, 4, 2}, []int{1, 1, 6}, nil, []int{1, 0, 0}, []int{1, 0, 0}), "avg"},
	{"avg_f32_1x37x37x29x31_s7i77", "f32", poolR5Win(1, 37, []int{37, 29, 31}, []int{33, 9, 6}, []int{11, 3, 3}, []int{1, 3, 6}, nil, []int{3, 0, 1}, []int{3, 0, 1}), "avg"},
	{"avg_f32_1x112x29x36x10_s7i86", "f32", poolR5Win(1, 112, []int{29, 36, 10}, []int{7, 10, 5}, []int{8, 3, 5}, []int{4, 4, 2}, nil, []int{0, 1, 1}, []int{0, 1, 1}), "avg"},
	{"avg_f32_3x289x13x23x7_s1i9", "f32", poolR5Win(3, 289, []int{13, 23, 7}, []int{4, 4, 1}, []int{4, 10, 11}, []int{4, 5, 2}, nil, []int{1, 0, 2}, []int{1, 0, 2}), "avg"},
	{"avg_f16_5x212x17x9x11_s1i99", "f16", poolR5Win(5, 212, []int{17, 9, 11}, []int{3, 2, 3}, []int{6, 3, 3}, []int{6, 5, 5}, nil, []int{1, 1, 0}, []int{1, 1, 0}), "avg"},
	{"avg_f64_1x172x11x29x27_s503i105", "f64", poolR5Win(1, 172, []int{11, 29, 27}, []int{11, 4, 6}, []int{3, 11, 10}, []int{1, 5, 4}, nil, []int{1, 0, 2}, []int{1, 0, 2}), "avg"},
}

// BenchmarkPoolPa4Deep: the 3-D AvgPool cases above on one thread. Run:
// go test -run '^$' -bench PoolPa4Deep ./kernels/
func BenchmarkPoolPa4Deep(b *testing.B) { paPoolBench(b, pa4DeepCases, []int{1}, false) }
