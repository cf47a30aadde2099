package kernels

import "testing"

// pa4Cases are round 14's AvgPool cases (issue 14): the quiet sweep's
// misses after round 13 (seed/id in the name).
var pa4Cases = []paPoolCase{
	{"avg_bf16_4x313x34x4x7_s101i8", "bf16", poolR5Win(4, 313, []int{34, 4, 7}, []int{16, 2, 2}, []int{5, 5, 4}, []int{2, 6, 4}, nil, []int{0, 2, 1}, []int{0, 2, 0}), "avg"},
	{"avgi_f32_1x240x100x53_s1i146", "f32", poolR5Win(1, 240, []int{100, 53}, []int{25, 9}, []int{6, 3}, []int{4, 6}, nil, []int{1, 1}, []int{1, 1}), "avgi"},
	{"avgi_i64_1x192x38x13x13_s7i81", "i64", poolR5Win(1, 192, []int{38, 13, 13}, []int{19, 3, 5}, []int{4, 4, 2}, []int{2, 6, 3}, nil, []int{1, 0, 0}, []int{1, 0, 0}), "avgi"},
	{"avg_f32_6x267x6_k3p1_s101i143", "f32", poolR5Win(6, 267, []int{6}, []int{6}, []int{3}, []int{1}, nil, []int{1}, []int{1}), "avg"},
	{"avg_f32_13x45x22_k6s4_s101i11", "f32", poolR5Win(13, 45, []int{22}, []int{5}, []int{6}, []int{4}, nil, nil, nil), "avg"},
}

// BenchmarkPoolPa4: round 14's AvgPool cases at 1 and 2 threads and the
// reference. Run: go test -run '^$' -bench PoolPa4 ./kernels/
func BenchmarkPoolPa4(b *testing.B) { paPoolBench(b, pa4Cases, []int{1, 2}, true) }
