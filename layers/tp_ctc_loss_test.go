package layers

import "testing"

// CTCLoss-4 shape inference: src/core/tests/type_prop/ctc_loss.cpp@061aae26, as data
// (symbol assertions out of scope). Inputs: logits, logit_length, labels, label_length and
// the optional blank_index.
func TestTPCTCLoss(t *testing.T) {
	std := []string{"f32[10,120,28]", "i32[10]", "i32[10,120]", "i32[10]", "i32[]"}
	with := func(i int, s string) []string { in := append([]string{}, std...); in[i] = s; return in }
	tpRun(t, "CTCLoss", "opset4", []tpCase{
		{name: "with_blank_index", in: std, out: []string{"f32[10]"}},
		{name: "no_blank_index", in: std[:4], out: []string{"f32[10]"}},
		{name: "output_type_f64", in: with(0, "f64[10,120,28]"), out: []string{"f64[10]"}},
		{name: "non_default_parameters", attrs: []string{"preprocess_collapse_repeated", "true", "ctc_merge_repeated", "false", "unique", "false"},
			in: with(0, "f64[10,120,28]"), out: []string{"f64[10]"}},
		{name: "dynamic_input", in: []string{"f32[?,120,28]", "i32[?]", "i32[?,120]", "i32[?]", "i32[]"}, out: []string{"f32[?]"}},
		{name: "partly_dynamic_input", in: []string{"f32[2..20,100..130,28]", "i32[5..10]", "i32[?,120]", "i32[?]", "i32[]"}, out: []string{"f32[5..10]"}},
		{name: "fail_inputs_dim", in: with(0, "f32[10,120,40,28]"), err: "Expected a 3D tensor for logits."},
		{name: "fail_logit_length_dim", in: with(1, "i32[10,20]"), err: "Expected a 1D tensor for logit length."},
		{name: "fail_labels_dim", in: with(2, "i32[10]"), err: "Expected a 2D tensor for labels."},
		{name: "fail_label_length_dim", in: with(3, "i32[10,40]"), err: "Expected a 1D tensor for label length."},
		{name: "fail_blank_index_dim", in: with(4, "i32[4]"), err: "Expected a scalar for blank index."},
		{name: "fail_batch_dim_mismatch", in: with(3, "i32[40]"),
			err: "The first dimension of label length must be equal to the first dimension of the logits, the logit length and labels."},
		{name: "fail_time_dim_mismatch", in: []string{"f32[10,120,28]", "i32[10]", "i32[10,130]", "i32[40]", "i32[]"},
			err: "The second dimension of labels must be equal to the second dimension of logits."},
		{name: "default_ctor", in: []string{"f32[2..20,100..130,28]", "i32[5..10]", "i32[?,120]", "i32[?]", "i32[]"}, out: []string{"f32[5..10]"}},
	})
}
