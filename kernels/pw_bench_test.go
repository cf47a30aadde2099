package kernels

import "testing"

// pwCases are the misses of the quiet round-11 sweeps (seeds 1 and 7) that
// round 12 (pw) works on: values-only MaxPool and AvgPool.
var pwCases = []paPoolCase{
	{"max_f32_1x352x77x58_d2", "f32", poolR5Win(1, 352, []int{77, 58}, []int{77, 11}, []int{1, 11}, []int{1, 5}, []int{2, 2}, []int{0, 7}, []int{0, 6}), "max"},
	{"max_f32_1x365x11x13x34", "f32", poolR5Win(1, 365, []int{11, 13, 34}, []int{3, 3, 13}, []int{6, 2, 10}, []int{4, 5, 2}, nil, []int{1, 0, 0}, []int{2, 0, 0}), "max"},
	{"max_f32_1x410x364x14", "f32", poolR5Win(1, 410, []int{364, 14}, []int{182, 4}, []int{2, 10}, []int{2, 2}, nil, []int{0, 0}, []int{0, 3}), "max"},
	{"avgi_i64_3x308x6x129", "i64", poolR5Win(3, 308, []int{6, 129}, []int{5, 20}, []int{4, 10}, []int{1, 6}, nil, []int{1, 0}, []int{1, 0}), "avgi"},
	{"avgi_i64_1x192x38x13x13", "i64", poolR5Win(1, 192, []int{38, 13, 13}, []int{19, 3, 5}, []int{4, 4, 2}, []int{2, 6, 3}, nil, []int{1, 0, 0}, []int{1, 0, 0}), "avgi"},
	{"avgi_f32_1x240x100x53", "f32", poolR5Win(1, 240, []int{100, 53}, []int{25, 9}, []int{6, 3}, []int{4, 6}, nil, []int{1, 1}, []int{1, 1}), "avgi"},
	{"max_f64_1x215x18x30x13_d", "f64", poolR5Win(1, 215, []int{18, 30, 13}, []int{6, 5, 1}, []int{1, 6, 8}, []int{3, 5, 6}, []int{3, 2, 2}, []int{0, 0, 2}, []int{0, 0, 0}), "max"},
}

// BenchmarkPoolPw: the round-12 (pw) cases, fast kernel at 1 and 2
// threads and the reference, with the CPU time per call. Run:
// go test -run '^$' -bench PoolPw ./kernels/
func BenchmarkPoolPw(b *testing.B) { paPoolBench(b, pwCases, []int{1, 2}, true) }
