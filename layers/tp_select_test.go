package layers

import (
	"strconv"
	"testing"
)

// Select-1 shape and type inference: src/core/tests/type_prop/select.cpp@085e794c, as data.
// Symbol assertions are out of scope; the shapes of those tests are kept.
func TestTPSelect(t *testing.T) {
	const sym5 = "2..8,3..7,1..10,1..6,1..10"
	const full = "?,2,4,3,5,2..5,2..8,5..,..5"
	cases := []tpCase{
		{name: "select_deduce", in: []string{"boolean[2,4]", "f32[2,4]", "f32[2,4]"}, out: []string{"f32[2,4]"}},
		{name: "select_default_constructor", attrs: []string{"auto_broadcast", "none"}, in: []string{"boolean[2,4]", "f32[2,4]", "f32[2,4]"}, out: []string{"f32[2,4]"}},
		{name: "select_symbols_cond_numpy", in: []string{"boolean[" + sym5 + "]", "f32[?,?,?,?,?]", "f32[1..5,1..11,5,1..8]"}, out: []string{"f32[2..8,3..7,?,5,?]"}},
		{name: "select_symbols_then_numpy", in: []string{"boolean[" + sym5 + "]", "f32[?,?,?,?,?]", "f32[1..5,1..11,5,1..8]"}, out: []string{"f32[2..8,3..7,?,5,?]"}},
		{name: "select_symbols_all_params_numpy", in: []string{"boolean[?,2,1,3,1,2..5,1..8,5..,..5]", "f32[?,2,4,1,1,1..5,2..8,5..,..5]", "f32[?,2,1,3,5,1..7,1..8,5..,..5]"}, out: []string{"f32[" + full + "]"}},
		{name: "select_symbols_all_params_none", attrs: []string{"auto_broadcast", "none"}, in: []string{"boolean[" + full + "]", "f32[" + full + "]", "f32[" + full + "]"}, out: []string{"f32[" + full + "]"}},
		{name: "select_symbols_all_params_pdpd", attrs: []string{"auto_broadcast", "pdpd", "auto_broadcast_axis", "-1"}, in: []string{"boolean[?,2,1,1,1,1..5,1..8,5..,..5]", "f32[" + full + "]", "f32[?,2,1,3,1,1..5,1..8,5..,..5]"}, out: []string{"f32[" + full + "]"}},
		{name: "select_dynamic", in: []string{"boolean[" + sym5 + "]", "f32[?,?,?,?,?]", "f32[1..5,1..11,5,1..8]"}, out: []string{"f32[2..8,3..7,?,5,?]"}},
		{name: "select_shape_mismatch_a", in: []string{"boolean[3,5]", "f32[2,4]", "f32[2,4]"}, err: "Argument shapes are inconsistent"},
		{name: "select_shape_mismatch_b", in: []string{"boolean[2,4]", "f32[3,5]", "f32[2,4]"}, err: "Argument shapes are inconsistent"},
		{name: "select_shape_mismatch_c", in: []string{"boolean[2,4]", "f32[2,4]", "f32[3,5]"}, err: "Argument shapes are inconsistent"},
		{name: "select_elem_mismatch_a", in: []string{"f32[2,4]", "f32[2,4]", "f32[2,4]"}, err: "Argument 0 must have boolean element type"},
		{name: "select_elem_mismatch_bc", in: []string{"boolean[2,4]", "f32[2,4]", "i32[2,4]"}, err: "Argument 1 and 2 element types must match"},
		{name: "select_partial_all_rank_dynamic", in: []string{"boolean[...]", "f32[...]", "f32[...]"}, out: []string{"f32[...]"}},
		{name: "select_partial_all_rank_dynamic_arg0_et_dynamic_arg1_arg2_et_mismatch", in: []string{"dynamic[...]", "f32[...]", "i32[...]"}, err: "Argument 1 and 2 element types must match"},
		{name: "select_partial_all_rank_dynamic_arg0_arg1_et_dynamic", in: []string{"dynamic[...]", "dynamic[...]", "f32[...]"}, out: []string{"f32[...]"}},
		{name: "select_partial_all_rank_dynamic_arg0_arg2_et_dynamic", in: []string{"dynamic[...]", "f32[...]", "dynamic[...]"}, out: []string{"f32[...]"}},
		{name: "select_partial_all_rank_dynamic_arg0_arg1_arg2_et_dynamic", in: []string{"dynamic[...]", "dynamic[...]", "dynamic[...]"}, out: []string{"dynamic[...]"}},
		{name: "select_partial_all_rank_static_dynamic_ok", in: []string{"boolean[2,?,?]", "f32[?,8,?]", "f32[?,?,3]"}, out: []string{"f32[2,8,3]"}},
		{name: "select_partial_all_rank_static_intransitive_incompatibility", in: []string{"boolean[2,?,?]", "f32[?,8,?]", "f32[3,?,3]"}, err: "Argument shapes are inconsistent"},
		{name: "select_v1_partial_shape", attrs: []string{"auto_broadcast", "none"}, in: []string{"boolean[...]", "f32[2,4]", "f32[2,4]"}, out: []string{"f32[2,4]"}},
		{name: "select_v1_partial_shape_autob", in: []string{"boolean[?]", "f32[?]", "f32[2,?]"}, out: []string{"f32[2,?]"}},
		{name: "select_v1_wrong_et", in: []string{"i8[2,4]", "f32[2,4]", "f32[2,4]"}, err: "Argument 0 must have boolean element type"},
		{name: "select_v1_et_mismatch", in: []string{"boolean[2,4]", "f32[2,4]", "i8[2,4]"}, err: "Argument 1 and 2 element types must match."},
		{name: "select_v1_shape_mismatch", in: []string{"boolean[2,4]", "f32[2,3]", "f32[2,4]"}, err: "Argument shapes are inconsistent."},
		{name: "select_v1_partial_shape_mismatch", in: []string{"boolean[3,?]", "f32[2,?]", "f32[2,4]"}, err: "Argument shapes are inconsistent."},
	}
	// DeduceV1SelectTest: shapes and types of cond, then, else, output; auto_broadcast (pdpd: axis).
	for i, p := range []struct {
		sh   [4]string
		et   [4]string
		ab   string
		axis string
	}{
		{[4]string{"2,4", "2,4", "2,4", "2,4"}, [4]string{"boolean", "f32", "f32", "f32"}, "none", ""},
		{[4]string{"2,4", "2,4", "2,4", "2,4"}, [4]string{"boolean", "f32", "f32", "f32"}, "numpy", ""},
		{[4]string{"", "2,4", "2,4", "2,4"}, [4]string{"boolean", "f32", "f32", "f32"}, "numpy", ""},
		{[4]string{"", "4", "2,4", "2,4"}, [4]string{"boolean", "f32", "dynamic", "f32"}, "numpy", ""},
		{[4]string{"", "2,4", "4", "2,4"}, [4]string{"boolean", "f32", "f32", "f32"}, "numpy", ""},
		{[4]string{"4", "2,4", "4", "2,4"}, [4]string{"boolean", "i8", "dynamic", "i8"}, "numpy", ""},
		{[4]string{"4", "4", "2,4", "2,4"}, [4]string{"dynamic", "dynamic", "i8", "i8"}, "numpy", ""},
		{[4]string{"2,4", "2,4", "2", "2,4"}, [4]string{"boolean", "f32", "dynamic", "f32"}, "pdpd", "0"},
		{[4]string{"4", "2,4", "4", "2,4"}, [4]string{"boolean", "f32", "f32", "f32"}, "pdpd", "1"},
		{[4]string{"1", "2,4", "4", "2,4"}, [4]string{"boolean", "f32", "dynamic", "f32"}, "pdpd", "1"},
		{[4]string{"4", "4,2,3,8", "4,2,3,1", "4,2,3,8"}, [4]string{"boolean", "f32", "f32", "f32"}, "pdpd", "0"},
	} {
		attrs := []string{"auto_broadcast", p.ab}
		if p.axis != "" {
			attrs = append(attrs, "auto_broadcast_axis", p.axis)
		}
		cases = append(cases, tpCase{name: "DeduceV1SelectTest/" + strconv.Itoa(i), attrs: attrs,
			in:  []string{p.et[0] + "[" + p.sh[0] + "]", p.et[1] + "[" + p.sh[1] + "]", p.et[2] + "[" + p.sh[2] + "]"},
			out: []string{p.et[3] + "[" + p.sh[3] + "]"}})
	}
	tpRun(t, "Select", "opset1", cases)
}
