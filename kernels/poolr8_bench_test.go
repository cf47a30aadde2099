package kernels

import "testing"

// plR8Cases are the sweep's worst cases at the start of round 8 (seeds 1
// and 7, n 200): wide rows with gathered columns, deep stride-1 W kernels, AvgPool
// with pads counted.
var plR8Cases = []paPoolCase{
	{"max_11x341x457", "f32", poolR5Win(11, 341, []int{457}, []int{151}, []int{7}, []int{3}, nil, []int{1}, []int{1}), "max"},
	{"max_7x316x651", "f32", poolR5Win(7, 316, []int{651}, []int{108}, []int{9}, []int{6}, nil, []int{0}, []int{0}), "max"},
	{"max_4x509x720", "f32", poolR5Win(4, 509, []int{720}, []int{238}, []int{11}, []int{3}, nil, []int{1}, []int{1}), "max"},
	{"max_9x218x225", "f32", poolR5Win(9, 218, []int{225}, []int{38}, []int{3}, []int{6}, nil, []int{0}, []int{0}), "max"},
	{"max_5x100x442", "f32", poolR5Win(5, 100, []int{442}, []int{74}, []int{5}, []int{6}, nil, []int{2}, []int{2}), "max"},
	{"max_1x364x71x58", "f32", poolR5Win(1, 364, []int{71, 58}, []int{12, 20}, []int{2, 3}, []int{6, 3}, nil, []int{0, 1}, []int{0, 1}), "max"},
	{"avgi_1x240x100x53", "f32", poolR5Win(1, 240, []int{100, 53}, []int{25, 9}, []int{6, 3}, []int{4, 6}, nil, []int{1, 1}, []int{1, 1}), "avgi"},
	{"maxidx_1x12x790x120", "f32", poolR5Win(1, 12, []int{790, 120}, []int{198, 37}, []int{1, 10}, []int{4, 3}, nil, []int{0, 0}, []int{0, 0}), "maxidx"},
	{"maxidx_3x163x112x30", "f32", poolR5Win(3, 163, []int{112, 30}, []int{56, 21}, []int{3, 4}, []int{2, 1}, []int{1, 3}, []int{0, 0}, []int{1, 0}), "maxidx"},
	{"max_1x248x47x109", "f32", poolR5Win(1, 248, []int{47, 109}, []int{9, 109}, []int{9, 11}, []int{5, 1}, nil, []int{0, 5}, []int{0, 5}), "max"},
	{"max_1x105x90x150", "f32", poolR5Win(1, 105, []int{90, 150}, []int{18, 37}, []int{3, 5}, []int{5, 4}, nil, []int{1, 0}, []int{1, 0}), "max"},
	{"maxidx_7x276x748", "f32", poolR5Win(7, 276, []int{748}, []int{250}, []int{10}, []int{3}, nil, []int{4}, []int{4}), "maxidx"},
	// seed 7
	{"max_1x410x364x14", "f32", poolR5Win(1, 410, []int{364, 14}, []int{182, 4}, []int{2, 10}, []int{2, 2}, nil, []int{0, 0}, []int{0, 3}), "max"},
	{"avgi_6x147x82x16", "f32", poolR5Win(6, 147, []int{82, 16}, []int{14, 4}, []int{7, 7}, []int{6, 3}, nil, []int{2, 0}, []int{2, 0}), "avgi"},
	{"maxidx_1x8x470x544", "f32", poolR5Win(1, 8, []int{470, 544}, []int{79, 108}, []int{1, 11}, []int{6, 5}, []int{2, 1}, []int{0, 0}, []int{0, 0}), "maxidx"},
	{"avg_5x189x51x42", "f32", poolR5Win(5, 189, []int{51, 42}, []int{9, 14}, []int{7, 3}, []int{6, 3}, nil, []int{0, 0}, []int{0, 0}), "avg"},
}

// BenchmarkPoolR8: the round-8 cases on float32, fast kernel at 1 thread
// and the reference, with the CPU time per call (was also
// BenchmarkPoolR8CPU). Run:
// go test -run '^$' -bench PoolR8 ./kernels/
func BenchmarkPoolR8(b *testing.B) { paPoolBench(b, plR8Cases, []int{1}, true) }
