package cli

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// TestOv13CompareStrings checks --ref on string outputs: equal strings pass (tolerances do not
// apply), the first differing element is named with its index, shapes must agree, and a string
// output cannot be compared with a numeric reference.
func TestOv13CompareStrings(t *testing.T) {
	s := func(shape []int, v ...string) *ir.Tensor { return &ir.Tensor{Type: ir.String, Shape: shape, Data: v} }
	for _, tc := range []struct {
		name      string
		got, want *ir.Tensor
		ok        bool
		msg       string
	}{
		{"equal", s([]int{1, 3}, "Intel", "", " \n "), s([]int{1, 3}, "Intel", "", " \n "), true, "3 strings equal"},
		{"empty", s([]int{0}), s([]int{0}), true, "0 strings equal"},
		{"differ", s([]int{2, 2}, "a", "b", "c", "d"), s([]int{2, 2}, "a", "b", "x", "y"), false,
			`2 of 4 strings differ; first at [1,0]: got "c", want "x"`},
		{"shape", s([]int{2}, "a", "b"), s([]int{1, 2}, "a", "b"), false, "shape [2], reference shape [1,2]"},
		{"numeric reference", s([]int{1}, "1"), &ir.Tensor{Type: ir.F32, Shape: []int{1}, Data: []float32{1}}, false,
			"cannot compare string with f32"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ok, msg := ov13CompareStrings(tc.got, tc.got.Data.([]string), tc.want)
			require.Equal(t, tc.ok, ok)
			require.Equal(t, tc.msg, msg)
		})
	}
}
