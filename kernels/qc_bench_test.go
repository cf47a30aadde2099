//go:build linux

package kernels

import "testing"

// qcCases are round 16 (qc)'s values-only MaxPool geometries (from the
// pooling sweep): f32 rows of two to four vectors through the row table,
// and column select on 1- and 2-byte storage.
var qcCases = []paPoolCase{
	{"max_f32_1x58x545x60_k2x2", "f32", poolR5Win(1, 58, []int{545, 60}, []int{182, 11}, []int{2, 2}, []int{3, 6}, []int{3, 1}, []int{1, 0}, []int{0, 0}), "max"},
	{"max_f32_1x45x817x45_k9x2", "f32", poolR5Win(1, 45, []int{817, 45}, []int{272, 9}, []int{9, 2}, []int{3, 5}, []int{1, 3}, []int{2, 0}, []int{2, 0}), "max"},
	{"max_f32_2x247x204x19_k11x7", "f32", poolR5Win(2, 247, []int{204, 19}, []int{38, 3}, []int{11, 7}, []int{5, 6}, []int{2, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_f32_1x87x993x24_k11x7", "f32", poolR5Win(1, 87, []int{993, 24}, []int{329, 4}, []int{11, 7}, []int{3, 6}, []int{1, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_u8_4x76x89x5_k9x1", "u8", poolR5Win(4, 76, []int{89, 5}, []int{27, 3}, []int{9, 1}, []int{3, 2}, []int{1, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_i8_1x111x732x13_k7x1", "i8", poolR5Win(1, 111, []int{732, 13}, []int{182, 3}, []int{7, 1}, []int{4, 5}, []int{1, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_bf16_2x486x110x11_k2x1", "bf16", poolR5Win(2, 486, []int{110, 11}, []int{37, 2}, []int{2, 1}, []int{3, 6}, []int{1, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_f16_5x98x323x12_k5x1", "f16", poolR5Win(5, 98, []int{323, 12}, []int{78, 3}, []int{5, 1}, []int{4, 4}, []int{2, 2}, []int{0, 0}, []int{0, 0}), "max"},
}

// BenchmarkPoolQc: the round-16 (qc) cases at 1 thread with the CPU time
// per call. Run: go test -run '^$' -bench PoolQc ./kernels/
func BenchmarkPoolQc(b *testing.B) { paPoolBench(b, qcCases, []int{1}, false) }
