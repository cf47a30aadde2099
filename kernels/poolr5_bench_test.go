package kernels

import "testing"

// poolR5Cases are the sweep's remaining misses (seed 1, n 200) that round 5
// works on: narrow rows, deep or dilated 3-D windows, f16 averages.
var poolR5Cases = []paPoolCase{
	{"maxidx_15x176x4x20x9", "f32", poolR5Win(15, 176, []int{4, 20, 9}, []int{1, 20, 3}, []int{4, 1, 5}, []int{1, 1, 3}, nil, nil, nil), "maxidx"},
	{"maxidx_5x500x7x18x6", "f32", poolR5Win(5, 500, []int{7, 18, 6}, []int{2, 3, 2}, []int{3, 10, 11}, []int{6, 6, 1}, nil, []int{1, 0, 3}, []int{1, 0, 3}), "maxidx"},
	{"max_1x215x18x30x13_d322", "f32", poolR5Win(1, 215, []int{18, 30, 13}, []int{6, 5, 1}, []int{1, 6, 8}, []int{3, 5, 6}, []int{3, 2, 2}, []int{0, 0, 2}, nil), "max"},
	{"max_3x25x24x16x10", "f32", poolR5Win(3, 25, []int{24, 16, 10}, []int{5, 4, 2}, []int{4, 7, 8}, []int{5, 5, 3}, nil, []int{0, 1, 0}, []int{0, 3, 0}), "max"},
	{"max_3x309x84x14", "f32", poolR5Win(3, 309, []int{84, 14}, []int{82, 2}, []int{2, 7}, []int{1, 4}, []int{2, 1}, nil, nil), "max"},
	{"max_2x421x34x30", "f32", poolR5Win(2, 421, []int{34, 30}, []int{6, 8}, []int{2, 7}, []int{6, 3}, nil, nil, nil), "max"},
	{"max_1x98x32x13x28", "f32", poolR5Win(1, 98, []int{32, 13, 28}, []int{26, 3, 14}, []int{7, 5, 2}, []int{1, 6, 2}, nil, nil, []int{0, 1, 0}), "max"},
	{"max_1x109x23x39x3", "f32", poolR5Win(1, 109, []int{23, 39, 3}, []int{5, 39, 2}, []int{9, 1, 11}, []int{4, 1, 6}, []int{1, 2, 1}, []int{0, 0, 4}, []int{0, 0, 5}), "max"},
	{"avg_5x212x17x9x11", "f32", poolR5Win(5, 212, []int{17, 9, 11}, []int{3, 2, 3}, []int{6, 3, 3}, []int{6, 5, 5}, nil, []int{1, 1, 0}, []int{1, 1, 0}), "avg"},
}

func poolR5Win(n, c int, in, out, k, s, d, pb, pe []int) Window {
	return Window{N: n, C: c, In: in, Out: out, Kernel: k, Strides: s, Dilations: d, PadsBegin: pb, PadsEnd: pe}
}

// BenchmarkPoolR5: the round-5 cases on float32, fast kernel at 1 and 2
// threads, and the reference. Run:
// go test -run '^$' -bench PoolR5 ./kernels/
func BenchmarkPoolR5(b *testing.B) { paPoolBench(b, poolR5Cases, []int{1, 2}, true) }
