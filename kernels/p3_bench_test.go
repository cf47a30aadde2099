//go:build linux

package kernels

import "testing"

// p3Cases are 3-D values-only MaxPool rows on narrow output planes (round 14,
// helper p3; the name ends with the sweep seed and id).
var p3Cases = []paPoolCase{
	{"max_f32_1x424x25x37x5_s101i161", "f32", poolR5Win(1, 424, []int{25, 37, 5}, []int{13, 10, 5}, []int{2, 2, 1}, []int{2, 4, 1}, nil, []int{0, 0, 0}, []int{0, 0, 0}), "max"},
	{"max_f32_7x417x3x27x6_s31i160", "f32", poolR5Win(7, 417, []int{3, 27, 6}, []int{2, 4, 1}, []int{2, 4, 2}, []int{1, 6, 6}, nil, []int{0, 0, 0}, []int{0, 0, 0}), "max"},
	{"max_f32_1x365x11x13x34_s7i67", "f32", poolR5Win(1, 365, []int{11, 13, 34}, []int{3, 3, 13}, []int{6, 2, 10}, []int{4, 5, 2}, nil, []int{1, 0, 0}, []int{2, 0, 0}), "max"},
	{"max_f64_1x91x39x14x30_s7i127", "f64", poolR5Win(1, 91, []int{39, 14, 30}, []int{10, 13, 6}, []int{5, 2, 3}, []int{4, 1, 5}, nil, []int{0, 0, 0}, []int{0, 0, 0}), "max"},
	{"max_i64_1x90x26x23x25_s1i134", "i64", poolR5Win(1, 90, []int{26, 23, 25}, []int{5, 22, 11}, []int{10, 4, 7}, []int{5, 1, 2}, nil, []int{4, 1, 1}, []int{4, 1, 1}), "max"},
}

// BenchmarkPoolP3: the p3 cases at 1 and 2 threads and the reference, with
// the CPU time per call. Run: go test -run '^$' -bench PoolP3 ./kernels/
func BenchmarkPoolP3(b *testing.B) { paPoolBench(b, p3Cases, []int{1, 2}, true) }
