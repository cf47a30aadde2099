package layers

import "testing"

// GatherND-5/8 shape and type inference: src/core/tests/type_prop/gather_nd.cpp@09d9dfab, as
// data. Symbol checks are out of scope.
func TestTPGatherND(t *testing.T) {
	bd := func(b string) []string { return []string{"batch_dims", b} }
	const di, ii = "2..6,3..7,8..10,12..14", "4..8,6..10"
	typed := []tpCase{
		{name: "default_ctor", attrs: bd("1"), in: []string{"f32[8,3,11,12]", "i32[8,4,2]"}, out: []string{"f32[8,4,12]"}},
		{name: "static_shape_batch_dims_1_ind_tuple_2", attrs: bd("1"), in: []string{"f32[8,3,11,12]", "i32[8,4,2]"}, out: []string{"f32[8,4,12]"}},
		{name: "static_shape_batch_dims_1_ind_tuple_3", attrs: bd("1"), in: []string{"f32[8,3,11,12]", "i32[8,4,3]"}, out: []string{"f32[8,4]"}},
		{name: "static_shape_batch_dims_1_ind_tuple_dynamic", attrs: bd("1"), in: []string{"f32[8,3,11,12]", "i32[8,4,?]"}, out: []string{"f32[...]"}},
		{name: "interval_both_symboled_batch_dims_1_ind_tuple_2", attrs: bd("1"), in: []string{"f32[" + di + "]", "i32[" + ii + ",2]"}, out: []string{"f32[4..6,6..10,12..14]"}},
		{name: "interval_data_symboled_batch_dims_1_ind_tuple_2", attrs: bd("1"), in: []string{"f32[" + di + "]", "i32[" + ii + ",2]"}, out: []string{"f32[4..6,6..10,12..14]"}},
		{name: "interval_indices_symboled_batch_dims_1_ind_tuple_2", attrs: bd("1"), in: []string{"f32[" + di + "]", "i32[" + ii + ",2]"}, out: []string{"f32[4..6,6..10,12..14]"}},
	}
	common := func(v string) []tpCase {
		var cs []tpCase
		for _, c := range typed {
			c.name = "gather_nd_type_prop/" + c.name
			cs = append(cs, c)
		}
		fail := []tpCase{
			{name: "fail_batch_dims_greater_indices_rank", attrs: bd("3"), in: []string{"f32[2,3,4,5]", "i32[2,1]"}, err: "Number of batch dimensions must not exceed a rank of indices."},
			{name: "fail_unequal_batch_dims", attrs: bd("2"), in: []string{"f32[2,3,4,5]", "i32[2,1,2]"}, err: "Batch dimensions of data and indices must be the same."},
			{name: "fail_indices_tuple_greater_data_rank_batch_dims2", attrs: bd("2"), in: []string{"f32[2,1,4,5]", "i32[2,1,5,3]"}, err: "Length of a tuple with indices must not exceed a rank of data tensor excluding batch dimensions."},
			{name: "slices_from_4d_batch_dims0", attrs: bd("0"), in: []string{"f32[2,3,11,12]", "i32[2,3,2]"}, out: []string{"f32[2,3,11,12]"}},
			{name: "batch_dim0_with_dyn_ind_dim", attrs: bd("0"), in: []string{"f32[7,?,?,12,?]", "i32[7,5,3,?]"}, out: []string{"f32[...]"}},
		}
		for _, c := range fail {
			c.name = "gather_nd_" + v + "_" + c.name
			cs = append(cs, c)
		}
		return cs
	}
	v5 := append(common("v5"),
		tpCase{name: "gather_nd_v5_scalars_from_4d_batch_dims2", attrs: bd("2"), in: []string{"f32[2,3,11,12]", "i32[2,3,2]"}, out: []string{"f32[6]"}},
		tpCase{name: "gather_nd_v5_slices_from_5d_batch_dims2", attrs: bd("2"), in: []string{"f32[7,5,11,12,32]", "i32[7,5,3,1]"}, out: []string{"f32[35,3,12,32]"}},
		tpCase{name: "gather_nd_v5_batch_dim2_with_dyn_dim", attrs: bd("2"), in: []string{"f32[7,?,11,12,32]", "i32[7,5,3,1]"}, out: []string{"f32[35,3,12,32]"}},
		tpCase{name: "gather_nd_v5_batch_dim2_with_dyn_dim2", attrs: bd("2"), in: []string{"f32[7,?,?,12,32]", "i32[7,5,3,1]"}, out: []string{"f32[35,3,12,32]"}},
		tpCase{name: "gather_nd_v5_batch_dim2_with_dyn_dim3", attrs: bd("2"), in: []string{"f32[7,?,?,12,?]", "i32[7,5,3,1]"}, out: []string{"f32[35,3,12,?]"}},
		tpCase{name: "gather_nd_v5_scalar_from_2d", in: []string{"f32[2,2]", "i32[2,2]"}, out: []string{"f32[2]"}},
		tpCase{name: "gather_nd_v5_1d_from_2d", in: []string{"f32[2,2]", "i32[2,1]"}, out: []string{"f32[2,2]"}},
		tpCase{name: "gather_nd_v5_scalar_from_3d", in: []string{"f32[2,2,2]", "i32[2,3]"}, out: []string{"f32[2]"}},
		tpCase{name: "gather_nd_v5_1d_from_3d", in: []string{"f32[2,2,2]", "i32[2,2]"}, out: []string{"f32[2,2]"}},
		tpCase{name: "gather_nd_v5_2d_from_3d", in: []string{"f32[2,2,2]", "i32[1,1]"}, out: []string{"f32[1,2,2]"}},
		tpCase{name: "gather_nd_v5_batch_scalar_from_2d", in: []string{"f32[2,2]", "i32[2,1,2]"}, out: []string{"f32[2,1]"}},
		tpCase{name: "gather_nd_v5_batch_1d_from_2d", in: []string{"f32[2,2]", "i32[2,1,1]"}, out: []string{"f32[2,1,2]"}},
		tpCase{name: "gather_nd_v5_batch_scalar_from_3d", in: []string{"f32[2,2,2]", "i32[2,2,3]"}, out: []string{"f32[2,2]"}},
		tpCase{name: "gather_nd_v5_batch_1d_from_3d", in: []string{"f32[2,2,2]", "i32[2,2,2]"}, out: []string{"f32[2,2,2]"}},
		tpCase{name: "gather_nd_v5_batch_2d_from_3d", in: []string{"f32[2,2,2]", "i32[2,1,1]"}, out: []string{"f32[2,1,2,2]"}},
		tpCase{name: "gather_nd_v5_interval_both_symboled_batch_dims_2_ind_tuple_2", attrs: bd("2"), in: []string{"f32[" + di + "]", "i32[" + ii + ",2]"}, out: []string{"f32[24..42]"}},
		tpCase{name: "gather_nd_v5_interval_both_symboled_batch_dims_2_ind_tuple_1", attrs: bd("2"), in: []string{"f32[" + di + "]", "i32[" + ii + ",1]"}, out: []string{"f32[24..42,12..14]"}},
		tpCase{name: "gather_nd_v5_fail_params_rank", in: []string{"f32[]", "i32[2,1,1]"}, err: "Data rank must be at least 1."},
		tpCase{name: "gather_nd_v5_fail_indices_rank", in: []string{"f32[2,2,2]", "i32[]"}, err: "Indices rank must be at least 1."},
		tpCase{name: "gather_nd_v5_fail_indices_element_type", in: []string{"f32[2,2,2]", "f32[2,1,1]"}, err: "The indices type is expected to be an integer type."},
	)
	tpRun(t, "GatherND", "opset5", v5)
	v8 := append(common("v8"),
		tpCase{name: "gather_nd_v8_scalars_from_4d_batch_dims2", attrs: bd("2"), in: []string{"f32[2,3,11,12]", "i32[2,3,2]"}, out: []string{"f32[2,3]"}},
		tpCase{name: "gather_nd_v8_slices_from_5d_batch_dims2", attrs: bd("2"), in: []string{"f32[7,5,11,12,32]", "i32[7,5,3,1]"}, out: []string{"f32[7,5,3,12,32]"}},
		tpCase{name: "gather_nd_v8_batch_dim2_with_dyn_dim", attrs: bd("2"), in: []string{"f32[7,?,11,12,32]", "i32[7,5,3,1]"}, out: []string{"f32[7,5,3,12,32]"}},
		tpCase{name: "gather_nd_v8_batch_dim2_with_dyn_dim2", attrs: bd("2"), in: []string{"f32[7,?,?,12,32]", "i32[7,5,3,1]"}, out: []string{"f32[7,5,3,12,32]"}},
		tpCase{name: "gather_nd_v8_batch_dim2_with_dyn_dim3", attrs: bd("2"), in: []string{"f32[7,?,?,12,?]", "i32[7,5,3,1]"}, out: []string{"f32[7,5,3,12,?]"}},
		tpCase{name: "gather_nd_v8_interval_both_symboled_batch_dims_2_ind_tuple_2", attrs: bd("2"), in: []string{"f32[" + di + "]", "i32[" + ii + ",2]"}, out: []string{"f32[4..6,6..7]"}},
		tpCase{name: "gather_nd_v8_interval_both_symboled_batch_dims_2_ind_tuple_1", attrs: bd("2"), in: []string{"f32[" + di + "]", "i32[" + ii + ",1]"}, out: []string{"f32[4..6,6..7,12..14]"}},
	)
	tpRun(t, "GatherND", "opset8", v8)
}
