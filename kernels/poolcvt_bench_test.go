package kernels

import "testing"

// BenchmarkPoolNarrowIdx: MaxPool with indices on 1-byte elements (the
// sweep's misses), fast kernel at 1 and 2 threads and the reference. Run:
// go test -run '^$' -bench PoolNarrowIdx ./kernels/
func BenchmarkPoolNarrowIdx(b *testing.B) {
	paPoolBench(b, []paPoolCase{
		{"u8_7x256x451_k3s4", "i8", win(7, 256, []int{451}, []int{113}, []int{3}, []int{4}, nil, nil), "maxidx"},
		{"i8_3x321x997_k11s3p3", "i8", win(3, 321, []int{997}, []int{331}, []int{11}, []int{3}, []int{3}, []int{1}), "maxidx"},
		{"i8_2x436x7x14x17_k2x11x10", "i8", win(2, 436, []int{7, 14, 17}, []int{2, 2, 15}, []int{2, 11, 10}, []int{5, 6, 1}, []int{0, 2, 4}, []int{0, 1, 3}), "maxidx"},
		{"u8_1x64x112x112_k3s2p1", "i8", win(1, 64, []int{112, 112}, []int{56, 56}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{1, 1}), "maxidx"},
	}, []int{1, 2}, true)
}

// BenchmarkPoolWideIdx: MaxPool with indices on 8-byte elements, at 1 and
// 2 threads. Run: go test -run '^$' -bench PoolWideIdx ./kernels/
func BenchmarkPoolWideIdx(b *testing.B) {
	paPoolBench(b, []paPoolCase{
		{"f64_1x26x42x973_k11x3s2", "f64", win(1, 26, []int{42, 973}, []int{17, 487}, []int{11, 3}, []int{2, 2}, []int{0, 1}, []int{0, 1}), "maxidx"},
		{"f64_1x64x112x112_k3s2p1", "f64", win(1, 64, []int{112, 112}, []int{56, 56}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{1, 1}), "maxidx"},
	}, []int{1, 2}, false)
}
