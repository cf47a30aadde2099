package layers

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// SegmentMax-16: src/core/tests/type_prop/segment_max.cpp@7def98bb as data; the tests whose
// segment_ids or num_segments come from a sub-graph (ShapeOf → ReduceMax, ReduceMax → Add,
// StridedSlice) run that chain (symbol checks out of scope, their shapes are kept).
func TestTPSegmentMax(t *testing.T) {
	lowest := []string{"fill_mode", "lowest"}
	zero := []string{"fill_mode", "zero"}
	const d = "f32[3,12,81]"
	tpRun(t, "SegmentMax", "opset16", []tpCase{
		{name: "default_ctor", attrs: lowest, in: []string{"i32[3,12,225]", "i64[3]"}, out: []string{"i32[?,12,225]"}},
		{name: "non_default_args_no_values", attrs: lowest, in: []string{d, "i64[3]", "i64[]"}, out: []string{"f32[?,12,81]"}},
		{name: "num_segments_bigger_than_segment_ids", attrs: lowest, in: []string{d, "i32[3]=0,0,1", "i32[]=40"}, out: []string{"f32[40,12,81]"}},
		{name: "incorrect_inputs/num_segments_f32", attrs: lowest, in: []string{"i32[3,12,225]", "i32[3]", "f32[]"}, err: "The element type of the num_segments input be i32 or i64."},
		{name: "incorrect_inputs/segment_ids_f32", attrs: lowest, in: []string{"i32[3,12,225]", "f32[3]", "i32[]"}, err: "The element type of the segment_ids input be i32 or i64."},
		{name: "incorrect_inputs/segment_ids_nd", attrs: lowest, in: []string{"i32[3,12,225]", "i32[2,3]", "i32[]"}, err: "segment_ids must be a 1D input."},
		{name: "incorrect_inputs/num_segments_nd", attrs: lowest, in: []string{"i32[3,12,225]", "i32[3]", "i32[1]"}, err: "num_segments must be a scalar input."},
		{name: "incorrect_inputs/segment_ids_unsorted", attrs: lowest, in: []string{"i32[3,12,225]", "i32[3]=1,0,1", "i32[]"}, err: "segment_ids must be sorted."},
		{name: "incorrect_inputs/data_scalar", attrs: lowest, in: []string{"i32[]", "i32[3]", "i32[]"}, err: "The data input cannot be a scalar."},
		{name: "incorrect_inputs/segment_ids_short", attrs: lowest, in: []string{"i32[3,12,225]", "i32[2]=1,0", "i32[]"},
			err: "The number of elements in segment_ids must match the first dimension of data."},
		{name: "all_inputs_dynamic", attrs: zero, in: []string{"f32[...]", "i64[...]", "i64[...]"}, out: []string{"f32[...]"}},
		{name: "all_inputs_interval", attrs: zero, in: []string{"f32[2..4,12..15,18..300]", "i64[2..4]", "i64[...]"}, out: []string{"f32[?,12..15,18..300]"}},
		{name: "data_dynamic", attrs: zero, in: []string{"f32[...]", "i64[6]", "i64[]"}, out: []string{"f32[...]"}},
		{name: "segment_ids_dynamic", attrs: zero, in: []string{d, "i64[...]", "i64[]"}, out: []string{"f32[?,12,81]"}},
		{name: "segment_ids_const_num_segments_dynamic", attrs: zero, in: []string{d, "i32[3]=0,1,2", "i64[]"}, out: []string{"f32[?,12,81]"}},
		{name: "segment_ids_dynamic_num_segments_const", attrs: zero, in: []string{d, "i32[...]", "i32[]=7"}, out: []string{"f32[7,12,81]"}},
		{name: "const_num_segments_zero", attrs: zero, in: []string{d, "i32[3]=0,1,2", "i32[]=0"}, out: []string{"f32[0,12,81]"}},
		{name: "segment_ids_const_no_num_segments", attrs: zero, in: []string{d, "i32[3]=0,1,2"}, out: []string{"f32[3,12,81]"}},
		{name: "num_segments_dynamic", attrs: zero, in: []string{d, "i64[3]", "i64[...]"}, out: []string{"f32[?,12,81]"}},
		{name: "dynamic_dimensions", attrs: zero, in: []string{"f32[3,?,81]", "i64[?]", "i64[]"}, out: []string{"f32[?,?,81]"}},
		{name: "dynamic_num_segments_const_segment_ids", attrs: zero, in: []string{"f32[3,?,81]", "i32[3]=0,1,2", "i32[]"}, out: []string{"f32[?,?,81]"}},
		{name: "no_num_segments_const_segment_ids", attrs: zero, in: []string{"f32[3,?,81]", "i32[3]=0,1,2"}, out: []string{"f32[3,?,81]"}},
	})

	reduceMax := func(x any) Output {
		return tpfInfer(t, "ReduceMax", "opset1", []string{"keep_dims", "false"}, x, "i64[]=0")[0]
	}
	maxPlusOne := func(ids string) Output {
		return tpfInfer(t, "Add", "opset1", nil, reduceMax(ids), "i32[]=1")[0]
	}
	slice := func(ids string) Output {
		return tpfInfer(t, "StridedSlice", "opset1", []string{"begin_mask", "0", "end_mask", "0"}, ids, "i64[1]=0", "i64[1]=3", "i64[1]=1")[0]
	}
	for _, c := range []struct {
		name, fill string
		in         []any
		out        string
	}{
		{"num_segments_from_graph_shapeof", "lowest", []any{d, "i32[3]=0,1,2", reduceMax(tpfInfer(t, "ShapeOf", "opset3", nil, "i32[8]")[0])}, "[8,12,81]"},
		{"num_segments_from_graph", "lowest", []any{d, "i32[3]=0,1,2", maxPlusOne("i32[3]=0,1,2")}, "[3,12,81]"},
		{"dynamic_num_segments_from_graph", "zero", []any{d, "i32[...]", maxPlusOne("i32[...]")}, "[?,12,81]"},
		{"interval_num_segments_from_graph", "zero", []any{d, "i32[2..4]", maxPlusOne("i32[2..4]")}, "[?,12,81]"},
		{"segment_ids_from_graph", "zero", []any{d, slice("i32[5]=0,1,2,3,4")}, "[3,12,81]"},
		{"dynamic_segment_ids_from_graph", "zero", []any{d, slice("i32[...]")}, "[?,12,81]"},
		{"interval_segment_ids_from_graph", "zero", []any{d, slice("i32[2..4]")}, "[?,12,81]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := tpfInfer(t, "SegmentMax", "opset16", []string{"fill_mode", c.fill}, c.in...)
			require.Equal(t, "f32", o[0].Type.String())
			require.Equal(t, shape(t, c.out).String(), o[0].Shape.String())
		})
	}
}
