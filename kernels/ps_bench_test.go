//go:build linux

package kernels

import "testing"

// psCases are the MaxPool geometries of round 14 (ps): single-tap strided
// axes and wide W-dilated windows (the case name ends with the sweep's seed
// and id).
var psCases = []paPoolCase{
	{"max_f32_13x435x3x11_s101i157", "f32", poolR5Win(13, 435, []int{3, 11}, []int{1, 2}, []int{1, 4}, []int{4, 6}, []int{1, 1}, []int{0, 1}, []int{0, 1}), "max"},
	{"max_f32_16x21x60x86_s31i101", "f32", poolR5Win(16, 21, []int{60, 86}, []int{10, 22}, []int{1, 7}, []int{6, 4}, []int{1, 1}, []int{0, 0}, []int{0, 3}), "max"},
	{"max_f32_1x352x77x58_s7i102", "f32", poolR5Win(1, 352, []int{77, 58}, []int{77, 11}, []int{1, 11}, []int{1, 5}, []int{2, 2}, []int{0, 7}, []int{0, 6}), "max"},
	{"max_f32_1x111x732x13_s31i197", "f32", poolR5Win(1, 111, []int{732, 13}, []int{182, 3}, []int{7, 1}, []int{4, 5}, []int{1, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_f64_1x6x597x520_s7i0", "f64", poolR5Win(1, 6, []int{597, 520}, []int{594, 130}, []int{4, 1}, []int{1, 4}, []int{1, 3}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_u8_1x37x904x46_s7i21", "u8", poolR5Win(1, 37, []int{904, 46}, []int{300, 12}, []int{3, 1}, []int{3, 4}, []int{2, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_i64_1x47x229x117_s7i34", "i64", poolR5Win(1, 47, []int{229, 117}, []int{45, 59}, []int{11, 1}, []int{5, 2}, []int{1, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_f32_1x487x45x48_s101i1", "f32", poolR5Win(1, 487, []int{45, 48}, []int{14, 11}, []int{6, 1}, []int{3, 5}, []int{1, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_i64_1x349x53x58_s101i38", "i64", poolR5Win(1, 349, []int{53, 58}, []int{18, 10}, []int{2, 1}, []int{3, 6}, []int{1, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_f32_1x327x47x80_s101i164", "f32", poolR5Win(1, 327, []int{47, 80}, []int{9, 27}, []int{3, 1}, []int{5, 3}, []int{1, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_bf16_1x18x111x955_s101i98", "bf16", poolR5Win(1, 18, []int{111, 955}, []int{23, 192}, []int{3, 1}, []int{5, 5}, []int{2, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_bf16_5x318x15x68_s101i43", "bf16", poolR5Win(5, 318, []int{15, 68}, []int{4, 13}, []int{10, 1}, []int{3, 6}, []int{1, 1}, []int{1, 0}, []int{2, 0}), "max"},
	{"max_f32_1x280x61x110_s1i101", "f32", poolR5Win(1, 280, []int{61, 110}, []int{12, 56}, []int{10, 1}, []int{5, 2}, []int{1, 1}, []int{0, 0}, []int{0, 0}), "max"},
}

// BenchmarkPoolPs: the round-14 (ps) cases at 1 thread and the reference,
// with the CPU time per call. Run: go test -run '^$' -bench PoolPs ./kernels/
func BenchmarkPoolPs(b *testing.B) { paPoolBench(b, psCases, []int{1}, true) }
