package layers

import "testing"

// Reduce* shape inference: src/core/tests/type_prop/reduce_ops.hpp@01884286 (the typed suite
// instantiated for every reduction), as data. Data element type dynamic as in the suite.
// Symbol checks are out of scope.
func TestTPReduce(t *testing.T) {
	kd := func(b string) []string { return []string{"keep_dims", b} }
	cases := []tpCase{
		{name: "reduce_default_ctor", attrs: kd("true"), in: []string{"dynamic[3,4,5]", "i64[2]"}, out: []string{"dynamic[?,?,?]"}},
		{name: "reduce_basic_shape_infer", attrs: kd("false"), in: []string{"dynamic[3,4,5]", "i64[2]=1,2"}, out: []string{"dynamic[3]"}},
		{name: "reduce_basic_shape_infer_keep_dims", attrs: kd("true"), in: []string{"dynamic[3,4,5]", "i64[2]=1,2"}, out: []string{"dynamic[3,1,1]"}},
		{name: "reduce_basic_shape_infer_duplicated_axes", attrs: kd("false"), in: []string{"dynamic[3,4,5]", "i64[2]=1,1"}, out: []string{"dynamic[3,5]"}},
		{name: "reduce_basic_shape_infer_keep_dims_duplicated_axes", attrs: kd("true"), in: []string{"dynamic[3,4,5]", "i64[2]=1,1"}, out: []string{"dynamic[3,1,5]"}},
		{name: "reduce_basic_shape_infer_scalar_axis", attrs: kd("false"), in: []string{"dynamic[3,4,5]", "i64[]=1"}, out: []string{"dynamic[3,5]"}},
		{name: "reduce_basic_shape_infer_axes_as_param", attrs: kd("false"), in: []string{"dynamic[3,4,5]", "i32[2]"}, out: []string{"dynamic[...]"}},
		{name: "reduce_dynamic_shape_reduced_axes_static", attrs: kd("false"), in: []string{"dynamic[3,4,5,?]", "i64[2]=1,2"}, out: []string{"dynamic[3,?]"}},
		{name: "reduce_dynamic_shape_reduced_axes_static_keep_dims", attrs: kd("true"), in: []string{"dynamic[3,4,5,?]", "i64[2]=1,2"}, out: []string{"dynamic[3,1,1,?]"}},
		{name: "reduce_dynamic_shape_reduced_axes_not_static", attrs: kd("false"), in: []string{"dynamic[?,4,5,?]", "i64[2]=2,3"}, out: []string{"dynamic[?,4]"}},
		{name: "reduce_dynamic_shape_reduced_axes_not_static_keep_dims", attrs: kd("true"), in: []string{"dynamic[?,4,5,?]", "i64[2]=2,3"}, out: []string{"dynamic[?,4,1,1]"}},
		{name: "reduce_dynamic_shape_data", attrs: kd("false"), in: []string{"dynamic[...]", "i64[2]=1,2"}, out: []string{"dynamic[...]"}},
		{name: "dynamic_interval_symboled_shape_data_axes_const", attrs: kd("false"),
			in: []string{"dynamic[?,?,1,1,6,16,..8,..18,4..,14..,3..9,13..19]", "i64[6]=1,3,5,7,9,11"}, out: []string{"dynamic[?,1,6,..8,4..,3..9]"}},
		{name: "dynamic_interval_symboled_shape_data_axes_const_keep_dims", attrs: kd("true"),
			in: []string{"dynamic[?,?,1,1,6,16,..8,..18,4..,14..,3..9,13..19]", "i64[6]=1,3,5,7,9,11"}, out: []string{"dynamic[?,1,1,1,6,1,..8,1,4..,1,3..9,1]"}},
		{name: "reduce_invalid_axis_out_of_range", attrs: kd("false"), in: []string{"dynamic[1,2,3]", "i64[2]=2,3"}, err: "out of the tensor rank range",
			note: "OpenVINO (this revision) defers the axis check and infers a dynamic rank; irrun rejects the constant axis at inference, as OpenVINO did before (Axis 3 out of the tensor rank range [-3, 2])"},
		{name: "reduce_invalid_axis_out_of_range_keep_dims", attrs: kd("true"), in: []string{"dynamic[1,2,3]", "i64[2]=2,3"}, err: "out of the tensor rank range",
			note: "OpenVINO (this revision) defers the check and infers [?,?,?]; irrun rejects it (see above)"},
		{name: "reduce_invalid_axes_shape", attrs: kd("true"), in: []string{"dynamic[1,2,3]", "i64[2,1]=0,1"}, err: "Axes input must be a scalar or 1D input."},
		{name: "reduce_invalid_axes_et", attrs: kd("true"), in: []string{"dynamic[1,2,3]", "f32[2]=0,1"}, err: "Element type of axes input must be integer."},
	}
	for _, op := range []string{"ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1", "ReduceL2", "ReduceLogicalAnd", "ReduceLogicalOr"} {
		opset := "opset1"
		if op == "ReduceL1" || op == "ReduceL2" {
			opset = "opset4"
		}
		tpRun(t, op, opset, cases)
	}
	for _, op := range []string{"ReduceLogicalAnd", "ReduceLogicalOr"} {
		for _, et := range []string{"f32", "i32", "u32"} {
			tpRun(t, op, "opset1", []tpCase{{name: "reduce_logical_invalid_data_et/" + et, attrs: kd("true"), in: []string{et + "[1,2,3]", "i32[2]=0,1"}, err: "Element type of data input must be boolean."}})
		}
	}
	for _, op := range []string{"ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1", "ReduceL2"} {
		opset := "opset1"
		if op == "ReduceL1" || op == "ReduceL2" {
			opset = "opset4"
		}
		tpRun(t, op, opset, []tpCase{{name: "reduce_arithmetic_invalid_data_et", attrs: kd("true"), in: []string{"boolean[1,2,3]", "i32[2]=0,1"}, err: "Element type of data input must be numeric."}})
	}
}
