//go:build linux

package kernels

import "testing"

// qmCases are the values-only MaxPool geometries of round 15 (qm): deep or
// dilated windows over narrow 2-D planes (the name ends with the sweep's
// seed and id).
var qmCases = []paPoolCase{
	{"max_f32_2x128x488x10_s997i82", "f32", poolR5Win(2, 128, []int{488, 10}, []int{156, 2}, []int{11, 4}, []int{3, 6}, []int{2, 1}, []int{0, 1}, []int{0, 1}), "max"},
	{"max_bf16_1x70x101x18_s997i164", "bf16", poolR5Win(1, 70, []int{101, 18}, []int{18, 4}, []int{8, 7}, []int{6, 5}, []int{1, 1}, []int{2, 2}, []int{2, 2}), "max"},
	{"max_f32_6x421x30x5_s211i140", "f32", poolR5Win(6, 421, []int{30, 5}, []int{8, 2}, []int{11, 3}, []int{3, 2}, []int{1, 1}, []int{1, 0}, []int{1, 0}), "max"},
	{"max_f32_12x56x17x23_s409i175", "f32", poolR5Win(12, 56, []int{17, 23}, []int{6, 2}, []int{1, 10}, []int{3, 6}, []int{1, 2}, []int{0, 0}, []int{0, 0}), "max"},
}

// BenchmarkPoolQm: the round-15 (qm) cases at 1 and 2 threads and the
// reference, with the CPU time per call. Run:
// go test -run '^$' -bench PoolQm ./kernels/
func BenchmarkPoolQm(b *testing.B) { paPoolBench(b, qmCases, []int{1, 2}, true) }
