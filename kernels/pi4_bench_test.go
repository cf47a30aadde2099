//go:build linux

package kernels

import "testing"

// pi4Cases are MaxPool-with-indices geometries of the sweeps (the case name
// ends with seed and id) that round 14 (pi) measured: the misses named
// after round 13 and the column-first block's border cases.
var pi4Cases = []paPoolCase{
	{"maxidx_f32_3x162x39x8x6_s101i7", "f32", poolR5Win(3, 162, []int{39, 8, 6}, []int{4, 1, 5}, []int{10, 8, 6}, []int{5, 6, 1}, []int{3, 1, 1}, []int{0, 0, 2}, []int{0, 0, 2}), "maxidx"},
	{"maxidx_f64_14x348x14_s101i163", "f64", poolR5Win(14, 348, []int{14}, []int{2}, []int{6}, []int{6}, []int{2}, []int{0}, []int{0}), "maxidx"},
	{"maxidx_i8_5x375x26x18_s7i14", "i8", poolR5Win(5, 375, []int{26, 18}, []int{3, 5}, []int{7, 2}, []int{4, 4}, []int{3, 1}, []int{0, 0}, []int{0, 0}), "maxidx"},
	{"maxidx_f32_1x207x38x5x34_s23i136", "f32", poolR5Win(1, 207, []int{38, 5, 34}, []int{8, 1, 4}, []int{8, 4, 8}, []int{5, 5, 5}, []int{1, 3, 2}, []int{3, 4, 0}, []int{3, 4, 0}), "maxidx"},
	{"maxidx_f32_1x207x19x23x16_s7i110", "f32", poolR5Win(1, 207, []int{19, 23, 16}, []int{4, 23, 4}, []int{7, 1, 5}, []int{6, 1, 3}, []int{1, 1, 2}, []int{3, 0, 0}, []int{3, 0, 0}), "maxidx"},
	{"maxidx_f32_7x416x5x4x17_s31i153", "f32", poolR5Win(7, 416, []int{5, 4, 17}, []int{2, 2, 5}, []int{2, 4, 1}, []int{3, 1, 4}, []int{3, 1, 1}, []int{0, 0, 0}, []int{0, 1, 0}), "maxidx"},
	{"maxidx_f32_1x234x9x36x8_s101i28", "f32", poolR5Win(1, 234, []int{9, 36, 8}, []int{3, 34, 2}, []int{8, 7, 11}, []int{3, 1, 4}, []int{1, 1, 1}, []int{1, 1, 5}, []int{2, 3, 2}), "maxidx"},
}

// BenchmarkPoolPi4: the round-14 (pi) cases at 1 and 2 threads and the
// reference, with the CPU time per call. Run:
// go test -run '^$' -bench PoolPi4 ./kernels/
func BenchmarkPoolPi4(b *testing.B) { paPoolBench(b, pi4Cases, []int{1, 2}, true) }
