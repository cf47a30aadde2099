//go:build linux

package kernels

import "testing"

// pnCases are MaxPool misses of the round-13 sweeps on seeds 11 and 23
// (POOLSWEEP_CPU=1, --kinds max,maxidx; the case name ends with seed and
// id) that round 13 (pn) works on.
var pnCases = []paPoolCase{
	{"maxidx_f32_7x322x106x5_s23i43", "f32", poolR5Win(7, 322, []int{106, 5}, []int{22, 2}, []int{11, 4}, []int{5, 4}, nil, []int{3, 0}, []int{3, 0}), "maxidx"},
	{"max_f32_2x220x694x5_s23i55", "f32", poolR5Win(2, 220, []int{694, 5}, []int{694, 2}, []int{1, 3}, []int{1, 3}, nil, []int{0, 1}, []int{0, 1}), "max"},
	{"max_i32_1x494x30x13x2_s23i114", "i32", poolR5Win(1, 494, []int{30, 13, 2}, []int{9, 3, 1}, []int{3, 10, 2}, []int{4, 2, 1}, nil, []int{1, 0, 0}, []int{1, 0, 0}), "max"},
	{"maxidx_f32_1x207x38x5x34_s23i136", "f32", poolR5Win(1, 207, []int{38, 5, 34}, []int{8, 1, 4}, []int{8, 4, 8}, []int{5, 5, 5}, []int{1, 3, 2}, []int{3, 4, 0}, []int{3, 4, 0}), "maxidx"},
	{"max_i64_3x30x11x34x27_s23i154", "i64", poolR5Win(3, 30, []int{11, 34, 27}, []int{3, 17, 2}, []int{6, 2, 9}, []int{4, 2, 4}, []int{1, 1, 3}, []int{0, 0, 0}, []int{0, 0, 0}), "max"},
	{"max_u8_9x34x12x15x16_s23i181", "u8", poolR5Win(9, 34, []int{12, 15, 16}, []int{3, 3, 3}, []int{4, 7, 2}, []int{5, 3, 6}, []int{1, 3, 1}, []int{0, 4, 0}, []int{0, 4, 0}), "max"},
	{"max_u8_3x205x9x19x18_s23i186", "u8", poolR5Win(3, 205, []int{9, 19, 18}, []int{2, 2, 1}, []int{4, 6, 10}, []int{4, 2, 2}, []int{1, 3, 2}, []int{0, 0, 1}, []int{0, 0, 1}), "max"},
	{"max_f32_1x102x23x14x38_s11i37", "f32", poolR5Win(1, 102, []int{23, 14, 38}, []int{5, 2, 17}, []int{4, 10, 8}, []int{5, 5, 2}, nil, []int{1, 3, 0}, []int{1, 2, 3}), "max"},
	{"max_f32_3x233x10x6x26_s11i58", "f32", poolR5Win(3, 233, []int{10, 6, 26}, []int{2, 2, 25}, []int{9, 5, 8}, []int{4, 1, 1}, nil, []int{0, 0, 3}, []int{0, 0, 3}), "max"},
	{"max_f32_12x378x5x62_s11i92", "f32", poolR5Win(12, 378, []int{5, 62}, []int{1, 11}, []int{4, 9}, []int{6, 5}, []int{1, 2}, []int{0, 5}, []int{0, 3}), "max"},
	{"max_f32_3x238x9x40x6_s11i102", "f32", poolR5Win(3, 238, []int{9, 40, 6}, []int{2, 7, 2}, []int{9, 3, 9}, []int{6, 6, 5}, nil, []int{4, 1, 4}, []int{1, 1, 2}), "max"},
	{"maxidx_f64_14x190x14x16_s11i103", "f64", poolR5Win(14, 190, []int{14, 16}, []int{5, 2}, []int{4, 6}, []int{3, 3}, []int{1, 3}, []int{0, 2}, []int{0, 1}), "maxidx"},
	{"max_i8_1x61x728x32_s11i123", "i8", poolR5Win(1, 61, []int{728, 32}, []int{182, 8}, []int{1, 10}, []int{4, 4}, nil, []int{0, 3}, []int{0, 4}), "max"},
	{"max_f32_1x190x114x42_s11i139", "f32", poolR5Win(1, 190, []int{114, 42}, []int{38, 7}, []int{5, 3}, []int{3, 6}, nil, []int{1, 1}, []int{1, 1}), "max"},
	{"maxidx_f32_3x152x10x5_s11i142", "f32", poolR5Win(3, 152, []int{10, 5}, []int{3, 2}, []int{3, 4}, []int{4, 4}, []int{2, 1}, []int{2, 0}, []int{0, 0}), "maxidx"},
	{"max_f32_1x237x33x16x9_s11i154", "f32", poolR5Win(1, 237, []int{33, 16, 9}, []int{9, 5, 1}, []int{9, 9, 9}, []int{3, 2, 2}, nil, []int{0, 1, 0}, []int{0, 1, 0}), "max"},
	{"max_f32_1x483x119x23_s11i190", "f32", poolR5Win(1, 483, []int{119, 23}, []int{20, 12}, []int{10, 2}, []int{6, 2}, nil, []int{1, 0}, []int{1, 0}), "max"},
	{"max_f32_7x417x3x27x6_s31i160", "f32", poolR5Win(7, 417, []int{3, 27, 6}, []int{2, 4, 1}, []int{2, 4, 2}, []int{1, 6, 6}, nil, []int{0, 0, 0}, []int{0, 0, 0}), "max"},
	{"max_f32_16x21x60x86_s31i101", "f32", poolR5Win(16, 21, []int{60, 86}, []int{10, 22}, []int{1, 7}, []int{6, 4}, nil, []int{0, 0}, []int{0, 3}), "max"},
	{"max_f32_1x111x732x13_s31i197", "f32", poolR5Win(1, 111, []int{732, 13}, []int{182, 3}, []int{7, 1}, []int{4, 5}, nil, []int{0, 0}, []int{0, 0}), "max"},
	{"maxidx_f32_7x416x5x4x17_s31i153", "f32", poolR5Win(7, 416, []int{5, 4, 17}, []int{2, 2, 5}, []int{2, 4, 1}, []int{3, 1, 4}, []int{3, 1, 1}, []int{0, 0, 0}, []int{0, 1, 0}), "maxidx"},
}

// BenchmarkPoolPn: the round-13 (pn) cases at 1 thread and the reference,
// with the CPU time per call. Run: go test -run '^$' -bench PoolPn ./kernels/
func BenchmarkPoolPn(b *testing.B) { paPoolBench(b, pnCases, []int{1}, true) }
