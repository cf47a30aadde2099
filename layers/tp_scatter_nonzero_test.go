package layers

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// NonZero-3 shape and type inference: src/core/tests/type_prop/non_zero.cpp@061aae26, as data.
func TestTPNonZero(t *testing.T) {
	ot := func(et string) []string { return []string{"output_type", et} }
	tpRun(t, "NonZero", "opset3", []tpCase{
		{name: "non_zero", in: []string{"f32[3,3,224,224]"}, out: []string{"i64[4,0..451584]"}},
		{name: "non_zero_partial_input", in: []string{"f32[3..4,5..6,7..8]"}, out: []string{"i64[3,0..192]"}},
		{name: "non_zero_partial_with_negative", in: []string{"f32[3..4,5..6,?]"}, out: []string{"i64[3,?]"}},
		{name: "non_zero_dynamic", in: []string{"f32[...]"}, out: []string{"i64[?,?]"}},
		{name: "non_zero_output_type", attrs: ot("i32"), in: []string{"f32[1,2,3,4]"}, out: []string{"i32[4,0..24]"}},
		{name: "non_zero_string_output_type", attrs: ot("i32"), in: []string{"f32[1,2,3,4]"}, out: []string{"i32[4,0..24]"}},
		{name: "non_zero_bool_input_type", attrs: ot("i32"), in: []string{"boolean[1,2,3,4]"}, out: []string{"i32[4,0..24]"}},
		{name: "non_zero_fail_index_element_type", attrs: ot("i16"), in: []string{"f32[1,2,3,4]"}, err: "Output type must be i32 or i64"},
	})
}

// ScatterUpdate-3 shape and type inference: src/core/tests/type_prop/scatter_update.cpp@0824a3e7,
// as data; the two value-propagation tests check the output bounds directly
// (TestTPScatterUpdateBounds).
func TestTPScatterUpdate(t *testing.T) {
	var cases []tpCase
	for _, et := range []string{"f16", "f32", "bf16", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"} {
		cases = append(cases, tpCase{name: "scatter_update_output_type_check_" + et,
			in: []string{et + "[2,3,4]", "i32[2,1]", et + "[2,2,1,4]", "i32[1]=1"}, out: []string{et + "[2,3,4]"}})
	}
	typ := func(name, r, i, u, a, err string) tpCase {
		return tpCase{name: name, in: []string{r + "[2,3,4]", i + "[2,1]", u + "[2,2,1,4]", a + "[1]=1"}, err: err}
	}
	shp := func(name, u, axShape, axVal, err string) tpCase {
		return tpCase{name: name, in: []string{"f32[2,3,4]", "i32[2,1]", "f32[" + u + "]", "i32[" + axShape + "]=" + axVal}, err: err}
	}
	const dims = "Updates shape must have appropriate dimensions equal to indices and data dimensions"
	cases = append(cases,
		typ("scatter_update_v3_fail_updates_data_et_not_equal", "f32", "i32", "u32", "i32", "Element types for input data and updates do not match"),
		typ("scatter_update_v3_fail_indices_element_type", "f32", "f16", "f32", "i64", "Indices element type must be of an integral number type"),
		typ("scatter_update_v3_fail_axis_element_type", "i16", "u64", "i16", "f32", "Axis element type must be of an integral number type"),
		shp("scatter_update_v3_fail_updates_rank", "2,1,4", "", "0", "Updates rank is expected to be rank(indices) + rank(data) - 1"),
		shp("scatter_update_v3_fail_updates_shape_axis", "2,2,1,4", "", "0", dims),
		shp("scatter_update_v3_fail_updates_shape_indices", "2,3,1,4", "", "1", dims),
		shp("scatter_update_v3_fail_updates_shape_data_before_axis", "3,2,1,4", "", "1", dims),
		shp("scatter_update_v3_fail_updates_shape_data_after_axis", "2,2,1,5", "", "1", dims),
		shp("scatter_update_v3_fail_axis_shape", "2,2,1,4", "2", "1,1", "Axis input shape is required to be scalar or 1D tensor"),
		tpCase{name: "scatter_update_v3_dynamic_data_shape", in: []string{"i8[...]", "i16[2,1]", "i8[2,2,1,4]", "i16[]=1"}, out: []string{"i8[...]"}},
		tpCase{name: "scatter_update_v3_interval_label_data_shape", in: []string{"f32[?,2..8,1..9,4]", "i32[2,1]", "f32[3,2,1,2,4]", "i32[]=1"}, out: []string{"f32[?,2..8,1..9,4]"}},
	)
	tpRun(t, "ScatterUpdate", "opset3", cases)
}

// TestTPScatterUpdateBounds: scatter_update_v3_value_label_propagation and
// scatter_update_v3_partial_value_propagation — ScatterUpdate([1,0], [1], ShapeOf(i8[5..7]),
// 0) is known as [1, 5..7], which then shapes a Broadcast-3 ([1,5..7]) and a Reshape.
func TestTPScatterUpdateBounds(t *testing.T) {
	op := decodeOp(t, "ScatterUpdate", "opset3")
	in := []Input{tpInput(t, "i64[2]=1,0"), tpInput(t, "i64[1]=1"), tpInput(t, "i64[1]:5..7"), tpInput(t, "i64[1]=0")}
	outs, err := op.Infer(in)
	require.NoError(t, err)
	outs = Propagate(op, in, outs)
	require.NotNil(t, outs[0].Bounds)
	require.Equal(t, []int64{1, 5}, outs[0].Bounds.Lo)
	require.Equal(t, []int64{1, 7}, outs[0].Bounds.Hi)
	bc := decodeOp(t, "Broadcast", "opset3")
	b, err := bc.Infer([]Input{tpInput(t, "i64[1,1]=4"), {Type: outs[0].Type, Shape: outs[0].Shape, Bounds: outs[0].Bounds}})
	require.NoError(t, err)
	require.Equal(t, "[1,5..7]", b[0].Shape.String())
}
