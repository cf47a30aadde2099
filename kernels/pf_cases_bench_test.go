package kernels

import "testing"

// pfCases are MaxPool geometries of the round-10 sweep (seed 1) in the
// strided few-tap class (op max or maxidx).
var pfCases = []paPoolCase{
	{"max_f32_1x364x71x58_k[2,3]s[6,3]p[0,1]/[0,1]ceil_torch", "f32", poolR5Win(1, 364, []int{71, 58}, []int{12, 20}, []int{2, 3}, []int{6, 3}, []int{1, 1}, []int{0, 1}, []int{0, 1}), "max"},
	{"max_f32_2x421x34x30_k[2,7]s[6,3]floor", "f32", poolR5Win(2, 421, []int{34, 30}, []int{6, 8}, []int{2, 7}, []int{6, 3}, []int{1, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_f32_9x218x225_k[3]s[6]ceil", "f32", poolR5Win(9, 218, []int{225}, []int{38}, []int{3}, []int{6}, []int{1}, []int{0}, []int{0}), "max"},
	{"max_f64_4x323x933_k[7]s[5]ceil", "f64", poolR5Win(4, 323, []int{933}, []int{187}, []int{7}, []int{5}, []int{1}, []int{0}, []int{0}), "max"},
	{"max_f32_1x347x45x70_k[9,6]s[6,6]ceil", "f32", poolR5Win(1, 347, []int{45, 70}, []int{7, 12}, []int{9, 6}, []int{6, 6}, []int{1, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_f32_7x316x651_k[9]s[6]floor", "f32", poolR5Win(7, 316, []int{651}, []int{108}, []int{9}, []int{6}, []int{1}, []int{0}, []int{0}), "max"},
	{"maxidx_f32_1x12x790x120_k[1,10]s[4,3]floor", "f32", poolR5Win(1, 12, []int{790, 120}, []int{198, 37}, []int{1, 10}, []int{4, 3}, []int{1, 1}, []int{0, 0}, []int{0, 0}), "maxidx"},
	{"max_f64_12x212x390_k[11]s[5]p[4]/[3]ceil", "f64", poolR5Win(12, 212, []int{390}, []int{79}, []int{11}, []int{5}, []int{1}, []int{4}, []int{3}), "max"},
	{"max_f32_5x100x442_k[5]s[6]p[2]/[2]ceil_torch", "f32", poolR5Win(5, 100, []int{442}, []int{74}, []int{5}, []int{6}, []int{1}, []int{2}, []int{2}), "max"},
	{"max_f32_1x157x73x69_k[10,4]s[5,4]ceil", "f32", poolR5Win(1, 157, []int{73, 69}, []int{14, 18}, []int{10, 4}, []int{5, 4}, []int{1, 1}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_f32_11x341x457_k[7]s[3]p[1]/[1]floor", "f32", poolR5Win(11, 341, []int{457}, []int{151}, []int{7}, []int{3}, []int{1}, []int{1}, []int{1}), "max"},
	{"maxidx_f32_8x94x29x88_k[1,11]s[1,5]p[0,1]/[0,1]ceil_torch", "f32", poolR5Win(8, 94, []int{29, 88}, []int{29, 17}, []int{1, 11}, []int{1, 5}, []int{1, 1}, []int{0, 1}, []int{0, 1}), "maxidx"},
	{"maxidx_f32_3x386x968_k[4]s[3]d[2]p[1]/[1]floor", "f32", poolR5Win(3, 386, []int{968}, []int{322}, []int{4}, []int{3}, []int{2}, []int{1}, []int{1}), "maxidx"},
	{"maxidx_i64_10x220x616_k[3]s[4]floor", "i64", poolR5Win(10, 220, []int{616}, []int{154}, []int{3}, []int{4}, []int{1}, []int{0}, []int{0}), "maxidx"},
	{"max_i64_2x45x22x21x27_k[2,1,10]s[2,5,6]p[0,0,1]/[0,0,1]floor", "i64", poolR5Win(2, 45, []int{22, 21, 27}, []int{11, 5, 4}, []int{2, 1, 10}, []int{2, 5, 6}, []int{1, 1, 1}, []int{0, 0, 1}, []int{0, 0, 1}), "max"},
	{"max_f32_1x164x23x8x38_k[11,2,4]s[6,4,4]p[3,0,0]/[3,0,0]ceil", "f32", poolR5Win(1, 164, []int{23, 8, 38}, []int{4, 3, 10}, []int{11, 2, 4}, []int{6, 4, 4}, []int{1, 1, 1}, []int{3, 0, 0}, []int{3, 0, 0}), "max"},
	{"max_f32_2x258x42x74_k[2,8]s[3,4]d[1,3]floor", "f32", poolR5Win(2, 258, []int{42, 74}, []int{14, 14}, []int{2, 8}, []int{3, 4}, []int{1, 3}, []int{0, 0}, []int{0, 0}), "max"},
	{"max_f32_1x33x541x85_k[5,11]s[6,3]d[1,2]floor", "f32", poolR5Win(1, 33, []int{541, 85}, []int{90, 22}, []int{5, 11}, []int{6, 3}, []int{1, 2}, []int{0, 0}, []int{0, 0}), "max"},
	{"maxidx_f32_6x420x769_k[10]s[4]d[3]floor", "f32", poolR5Win(6, 420, []int{769}, []int{186}, []int{10}, []int{4}, []int{3}, []int{0}, []int{0}), "maxidx"},
	{"maxidx_f32_7x276x748_k[10]s[3]p[4]/[4]ceil", "f32", poolR5Win(7, 276, []int{748}, []int{250}, []int{10}, []int{3}, []int{1}, []int{4}, []int{4}), "maxidx"},
	{"maxidx_f32_1x36x55x850_k[2,6]s[2,5]p[0,1]/[0,1]ceil", "f32", poolR5Win(1, 36, []int{55, 850}, []int{28, 171}, []int{2, 6}, []int{2, 5}, []int{1, 1}, []int{0, 1}, []int{0, 1}), "maxidx"},
	{"maxidx_f32_10x218x368_k[11]s[3]d[2]floor", "f32", poolR5Win(10, 218, []int{368}, []int{116}, []int{11}, []int{3}, []int{2}, []int{0}, []int{0}), "maxidx"},
}

// BenchmarkPfCases times MaxPool (fast kernel) on pfCases at 1 and 2
// threads, with the CPU time per call (the shared driver, paPoolBench).
// go test -run '^$' -bench PfCases ./kernels/
func BenchmarkPfCases(b *testing.B) { paPoolBench(b, pfCases, []int{1, 2}, false) }
