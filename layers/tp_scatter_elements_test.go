package layers

import "testing"

// ScatterElementsUpdate-3 shape inference: src/core/tests/type_prop/scatter_elements_update.cpp@087daa34,
// as data.
func TestTPScatterElementsUpdate(t *testing.T) {
	const eq = "Indices and updates input shapes are required to be equal"
	tpRun(t, "ScatterElementsUpdate", "opset3", []tpCase{
		{name: "scatter_elements_update_output_shape", in: []string{"f32[2,4,5,7]", "i16[2,2,2,2]", "f32[2,2,2,2]", "i16[]"}, out: []string{"f32[2,4,5,7]"}},
		{name: "scatter_elements_update_output_partial_dyn_shape", in: []string{"f32[2,?,5]", "i16[?,2,2]", "f32[2,2,?]", "i16[...]"}, out: []string{"f32[2,?,5]"}},
		{name: "scatter_elements_update_output_full_dyn_shape", in: []string{"f32[...]", "i16[...]", "f32[...]", "i16[...]"}, out: []string{"f32[...]"}},
		{name: "scatter_elements_update_axis_validation", in: []string{"f32[2,4,5,7]", "i16[2,2,2,2]", "f32[2,2,2,2]", "i16[]=8"}, err: "xis 8 out of the tensor rank range",
			note: "OpenVINO@087daa34 says \"Axis value has to be in range\"; later revisions and irrun use validate_axis's \"Axis 8 out of the tensor rank range\""},
		{name: "scatter_elements_updates_indices_shape", in: []string{"f32[2,4,5,7]", "i16[3,3,3,3]", "f32[2,2,2,2]", "i16[]=1"}, err: eq},
		{name: "scatter_elements_updates_indices_rank", in: []string{"f32[2,4]", "i16[2,2]", "f32[2,2,2,2]", "i16[]=1"}, err: eq},
		{name: "scatter_elements_data_indices_rank", in: []string{"f32[2,4,5,7]", "i16[2,2]", "f32[2,2]", "i16[]=1"}, err: "Indices rank and data rank are required to be equal"},
	})
}
