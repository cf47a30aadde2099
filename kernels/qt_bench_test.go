package kernels

import "testing"

// qtCases are round 16's AvgPool cases (issue 14; seed/id in the name):
// reducible axes, 3-D integer averages, deep f64 rows, tiny planes.
var qtCases = []paPoolCase{
	{"avg_f32_6x275x1x54_k5x9_s1009i23", "f32", poolR5Win(6, 275, []int{1, 54}, []int{1, 9}, []int{5, 9}, []int{2, 6}, nil, []int{2, 0}, []int{2, 0}), "avg"},
	{"avg_i8_1x139x18x28x8_k1x1x3_s1009i194", "i8", poolR5Win(1, 139, []int{18, 28, 8}, []int{18, 14, 1}, []int{1, 1, 3}, []int{1, 2, 6}, nil, nil, nil), "avg"},
	{"avg_f64_8x340x493_k9s6_s997i5", "f64", poolR5Win(8, 340, []int{493}, []int{81}, []int{9}, []int{6}, nil, nil, nil), "avg"},
}

// BenchmarkPoolQt: round 16's AvgPool cases at 1 thread and the reference.
// Run: go test -run '^$' -bench PoolQt ./kernels/
func BenchmarkPoolQt(b *testing.B) { paPoolBench(b, qtCases, []int{1}, true) }
