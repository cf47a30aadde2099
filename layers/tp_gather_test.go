package layers

import "testing"

// Gather-1/7/8 shape inference: src/core/tests/type_prop/gather.cpp@0756e3b0, as data. Label
// checks are out of scope (the file's v8 negative tests build v7 ops: they are the v7 rows); a rank interval (PartialShape::dynamic(Rank(3, 5))) has no irrun
// form and is given as a dynamic rank.
func TestTPGather(t *testing.T) {
	bd := func(n string) []string { return []string{"batch_dims", n} }
	tpRun(t, "Gather", "opset1", []tpCase{
		{name: "gather_v1_axis_0", in: []string{"f32[3,2]", "i32[2,2]", "i64[]=0"}, out: []string{"f32[2,2,2]"}},
		{name: "gather_v1_uint8", in: []string{"f32[3,2]", "u8[2,2]", "i64[]=0"}, out: []string{"f32[2,2,2]"}},
		{name: "gather_v1_float32", in: []string{"f32[3,2]", "f32[2,2]", "i64[]=0"}, out: []string{"f32[2,2,2]"}},
		{name: "gather_axis_1", in: []string{"f32[3,3]", "i32[1,2]", "i64[]=1"}, out: []string{"f32[3,1,2]"}},
		{name: "gather_v1_incorrect_axis_shape", in: []string{"f32[5,6]", "i64[4]", "i64[2]"}, err: "Axis input must be scalar or have 1 element"},
		{name: "gather_v1_axis_out_of_input_rank", in: []string{"f32[5,6]", "i64[4]", "i64[1]=2"}, err: "out of the tensor rank range"},
		{name: "gather_v1_negative_axis", in: []string{"f32[5,6,7]", "i64[4]", "i64[1]=-2"}, out: []string{"f32[5,4,7]"}},
		{name: "gather_1_dynamic_value_and_label_propagation", in: []string{"i64[2]:3,4", "i64[1]=0", "i64[]=0"}, out: []string{"i64[1]"}},
		{name: "dynamic_value_propagation", in: []string{"f32[?,3,?,?]", "i64[3]", "i32[]=1"}, out: []string{"f32[?,3,?,?]"}},
	})
	tpRun(t, "Gather", "opset7", []tpCase{
		{name: "gather_7_axis_0", attrs: bd("0"), in: []string{"f32[3,2]", "i32[2,2]", "i64[]=0"}, out: []string{"f32[2,2,2]"}},
		{name: "gather_7_axis_1", attrs: bd("0"), in: []string{"f32[3,3]", "i32[1,2]", "i64[]=1"}, out: []string{"f32[3,1,2]"}},
		{name: "gather_7_negative_axis", attrs: bd("0"), in: []string{"f32[5,6,7]", "i64[4]", "i64[1]=-2"}, out: []string{"f32[5,4,7]"}},
		{name: "gather_7_dynamic_pshape_batch_dims_1_axis_1", attrs: bd("1"), in: []string{"f32[1..7,20,20]", "i64[7..10,3,8]", "i64[1]=1"}, out: []string{"f32[7,3,8,20]"}},
		{name: "gather_7_dynamic_pshape_batch_dims_1_axis_3", attrs: bd("1"), in: []string{"f32[1..7,1..3,200,400]", "i64[7..10,2..10,3,8]", "i64[1]=3"}, out: []string{"f32[7,1..3,200,2..10,3,8]"}},
		{name: "gather_7_dynamic_2d_pshape_batch_dim", attrs: bd("2"), in: []string{"f32[1..7,1..3,200,400]", "i64[7..10,2..10,3,8]", "i64[1]=2"}, out: []string{"f32[7,2..3,3,8,400]"}},
		{name: "gather_7_dynamic_2d_pshape_batch_dim_axis_3", attrs: bd("2"), in: []string{"f32[1..7,1..3,200,400]", "i64[7..10,2..10,3,8]", "i64[1]=3"}, out: []string{"f32[7,2..3,200,3,8]"}},
		{name: "gather_7_dynamic_rank", attrs: bd("2"), in: []string{"f32[1..7,1..3,200,400]", "i64[...]", "i64[1]=3"}, out: []string{"f32[...]"},
			note: "indices rank 3..5 has no irrun form (dynamic rank); OpenVINO gives rank 4..6, also a dynamic rank"},
		{name: "gather_7_axis_boundcheck_for_dynamic_data_rank", attrs: bd("2"), in: []string{"f32[...]", "i64[7,3,8]", "i64[1]=3"}, out: []string{"f32[...]"}},
		{name: "gather_7_dynamic_rank_negative_batch_dims", attrs: bd("-2"), in: []string{"f32[1..7,1..3,200,400]", "i64[...]", "i64[1]=3"}, out: []string{"f32[...]"},
			note: "indices rank 3..5 given as a dynamic rank"},
		{name: "gather_7_axis_not_set", attrs: bd("0"), in: []string{"f32[1,1,200,400]", "i64[2,2]", "i32[1]"}, out: []string{"f32[?,?,?,?,?]"}},
		{name: "gather_7_axis_not_set_positive_batch_dims", attrs: bd("1"), in: []string{"f32[2,1,200,400]", "i64[2,2]", "i32[1]"}, out: []string{"f32[2,?,?,?]"}},
		{name: "gather_7_dynamic_value_and_label_propagation", attrs: bd("0"), in: []string{"i64[2]:3,4", "i64[1]=0", "i64[]=0"}, out: []string{"i64[1]"}},
		{name: "gather_7_incorrect_axis_shape", attrs: bd("0"), in: []string{"f32[5,6]", "i64[4]", "i64[2]"}, err: "Axis input must be scalar or have 1 element"},
		{name: "gather_7_axis_out_of_input_rank", attrs: bd("0"), in: []string{"f32[5,6]", "i64[4]", "i64[1]=2"}, err: "out of the tensor rank range"},
		{name: "gather_7_dynamic_batch_dims_inconsistent", attrs: bd("1"), in: []string{"f32[1..7,20,20]", "i64[8..10,3,8]", "i64[1]=1"}, err: "data and indices must have equal or intersecting sizes until batch_dims"},
		{name: "gather_7_batch_dims_less_check", attrs: bd("2"), in: []string{"f32[1,3,20]", "i64[1,3,8]", "i64[1]=1"}, err: "After normalization batch_dims must be <= axis. But instead got: batch_dims ="},
		{name: "gather_7_batch_dims_less_indices_rank_check", attrs: bd("3"), in: []string{"f32[1,20,20,22,22]", "i64[1,3]", "i64[1]=4"}, err: "batch_dims must be <= indices_rank"},
		{name: "gather_7_indices_type_check", attrs: bd("0"), in: []string{"f32[1,20,20,22,22]", "f32[1,3]", "i64[1]=4"}, err: "Indices element type must be of an integral number type"},
		{name: "gather_7_axis_type_check", attrs: bd("0"), in: []string{"f32[1,20,20,22,22]", "i32[1,3]", "f32[1]=4"}, err: "Axis element type must be of an integral number type"},
	})
	tpRun(t, "Gather", "opset8", []tpCase{
		{name: "gather_v8_axis_0", attrs: bd("0"), in: []string{"f32[3,2]", "i32[2,2]", "i64[]=0"}, out: []string{"f32[2,2,2]"}},
		{name: "gather_v8_axis_1", attrs: bd("0"), in: []string{"f32[3,3]", "i32[1,2]", "i64[]=1"}, out: []string{"f32[3,1,2]"}},
		{name: "gather_v8_negative_axis", attrs: bd("0"), in: []string{"f32[5,6,7]", "i64[4]", "i64[1]=-2"}, out: []string{"f32[5,4,7]"}},
		{name: "gather_v8_dynamic_pshape_batch_dims_1_axis_1", attrs: bd("1"), in: []string{"f32[1..7,20,20]", "i64[7..10,3,8]", "i64[1]=1"}, out: []string{"f32[7,3,8,20]"}},
		{name: "gather_v8_dynamic_pshape_batch_dims_1_axis_3", attrs: bd("1"), in: []string{"f32[1..7,1..3,200,400]", "i64[7..10,2..10,3,8]", "i64[1]=3"}, out: []string{"f32[7,1..3,200,2..10,3,8]"}},
		{name: "gather_v8_dim_no_bound_pshape_batch_dims_1_axis_3", attrs: bd("1"), in: []string{"f32[7..,..3,200,400]", "i64[7..10,2..10,3,8]", "i64[1]=3"}, out: []string{"f32[7..10,..3,200,2..10,3,8]"}},
		{name: "gather_v8_dynamic_2d_pshape_batch_dim", attrs: bd("2"), in: []string{"f32[1..7,1..3,200,400]", "i64[7..10,2..10,3,8]", "i64[1]=2"}, out: []string{"f32[7,2..3,3,8,400]"}},
		{name: "gather_v8_dynamic_2d_pshape_batch_dim_axis_3", attrs: bd("2"), in: []string{"f32[1..7,1..3,200,400]", "i64[7..10,2..10,3,8]", "i64[1]=3"}, out: []string{"f32[7,2..3,200,3,8]"}},
		{name: "gather_v8_dynamic_rank", attrs: bd("2"), in: []string{"f32[1..7,1..3,200,400]", "i64[...]", "i64[1]=3"}, out: []string{"f32[...]"}, note: "indices rank 3..5 given as a dynamic rank"},
		{name: "gather_v8_axis_boundcheck_for_dynamic_data_rank", attrs: bd("2"), in: []string{"f32[...]", "i64[7,3,8]", "i64[1]=3"}, out: []string{"f32[...]"}},
		{name: "gather_v8_dynamic_rank_negative_batch_dims", attrs: bd("-2"), in: []string{"f32[1..7,1..3,200,400]", "i64[...]", "i64[1]=3"}, out: []string{"f32[...]"}, note: "indices rank 3..5 given as a dynamic rank"},
		{name: "gather_v8_axis_not_set", attrs: bd("0"), in: []string{"f32[1,1,200,400]", "i64[2,2]", "i32[1]"}, out: []string{"f32[?,?,?,?,?]"}},
		{name: "gather_v8_axis_not_set_positive_batch_dims", attrs: bd("1"), in: []string{"f32[2,1,200,400]", "i64[2,2]", "i32[1]"}, out: []string{"f32[2,?,?,?]"}},
		{name: "gather_v8_dynamic_value_and_label_propagation", attrs: bd("0"), in: []string{"i64[2]:3,4", "i64[1]=0", "i64[]=0"}, out: []string{"i64[1]"}},
		{name: "gather_v8_dynamic_value_and_label_propagation_interval_dim", attrs: bd("0"), in: []string{"i64[2]:2..4,4", "i64[1]=0", "i64[]=0"}, out: []string{"i64[1]"}},
		{name: "gather_v8_use_default_ctor", attrs: bd("1"), in: []string{"f32[2,1,200,400]", "i64[2,2]", "i64[1]=-1"}, out: []string{"f32[2,1,200,2]"}},
		{name: "gather_v8_axis_out_of_input_rank", attrs: bd("0"), in: []string{"f32[5,6]", "i64[4]", "i64[1]=2"}, err: "out of the tensor rank range"},
	})
}
