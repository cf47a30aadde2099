//go:build linux

package kernels

import "testing"

// qiCases are MaxPool-with-indices geometries round 15 (qi) works on (the
// case name ends with seed and id of the sweep).
var qiCases = []paPoolCase{
	{"maxidx_f32_3x373x38x13x2_s997i141", "f32", poolR5Win(3, 373, []int{38, 13, 2}, []int{7, 2, 1}, []int{2, 6, 1}, []int{6, 6, 4}, []int{1, 2, 1}, []int{0, 0, 0}, []int{0, 0, 0}), "maxidx"},
	{"maxidx_f64_14x348x14_s101i163", "f64", poolR5Win(14, 348, []int{14}, []int{2}, []int{6}, []int{6}, []int{2}, []int{0}, []int{0}), "maxidx"},
	{"maxidx_i8_5x375x26x18_s7i14", "i8", poolR5Win(5, 375, []int{26, 18}, []int{3, 5}, []int{7, 2}, []int{4, 4}, []int{3, 1}, []int{0, 0}, []int{0, 0}), "maxidx"},
}

// BenchmarkPoolQi: the round-15 (qi) cases at 1 and 2 threads and the
// reference, with the CPU time per call. Run:
// go test -run '^$' -bench PoolQi ./kernels/
func BenchmarkPoolQi(b *testing.B) { paPoolBench(b, qiCases, []int{1, 2}, true) }
