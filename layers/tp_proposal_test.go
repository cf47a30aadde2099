package layers

import "testing"

// Proposal-1/4 shape inference: src/core/tests/type_prop/proposal.cpp@5477aeb1 (the 2024
// revision; its messages are those of the current proposal_shape_inference.hpp), as data. The
// tests' default Attributes (base_size, feat_stride, pre_nms_topn, post_nms_topn, min_size all 1)
// are written out, as an IR carries them.
func TestTPProposal(t *testing.T) {
	attrs := func(post string) []string {
		return []string{"base_size", "1", "pre_nms_topn", "1", "post_nms_topn", post, "feat_stride", "1", "min_size", "1"}
	}
	def := attrs("1")
	p20 := []string{"base_size", "1", "pre_nms_topn", "20", "post_nms_topn", "200", "feat_stride", "1", "min_size", "1"}
	f := func(s ...string) []string {
		for i := range s {
			s[i] = "f32" + s[i]
		}
		return s
	}
	// Cases of both versions; out is Proposal-1's output, out4 adds Proposal-4's second.
	type pc struct {
		tpCase
		out4 string
	}
	common := []pc{
		{tpCase: tpCase{name: "invalid_class_probs_rank", attrs: def, in: f("[1,2,3]", "[1,2,3,4]", "[3]"), err: "Proposal layer shape class_probs should be rank 4 compatible"}},
		{tpCase: tpCase{name: "invalid_class_bbox_deltas_rank", attrs: def, in: f("[1,2,3,4]", "[1,2,3]", "[3]"), err: "Proposal layer shape bbox_deltas should be rank 4 compatible"}},
		{tpCase: tpCase{name: "invalid_image_shape_rank", attrs: def, in: f("[1,2,3,4]", "[1,4,3,4]", "[2,1]"), err: "Image_shape must be 1-D tensor"}},
		{tpCase: tpCase{name: "invalid_image_shape_size", attrs: def, in: f("[1,2,3,4]", "[1,4,3,4]", "[5]"),
			err: "Image_shape must be 1-D tensor and has got 3 or 4 elements (image_shape_shape[0]"}},
		{tpCase: tpCase{name: "default_ctor", attrs: p20, in: []string{"f16[7,12,34,62]", "f16[7,24,34,62]", "f16[3]"}, out: []string{"f16[1400,5]"}}, out4: "f16[1400]"},
		{tpCase: tpCase{name: "dynamic_class_probs_dim1_batch_size_infer", attrs: def, in: []string{"f64[?,2,3,4]", "f64[2,4,0..3,1..4]", "f64[3]"},
			out: []string{"f64[2,5]"}}, out4: "f64[2]"},
		{tpCase: tpCase{name: "dynamic_bbox_deltas_dim1_batch_size_infer", attrs: def, in: []string{"bf16[2,2,3,4]", "bf16[?,4,0..3,1..4]", "bf16[3]"},
			out: []string{"bf16[2,5]"}}, out4: "bf16[2]"},
		{tpCase: tpCase{name: "dynamic_class_probs_bbox_deltas_dim1_batch_size_infer", attrs: def, in: f("[?,2,3,4]", "[?,4,3,4]", "[3]"), out: []string{"f32[?,5]"}}, out4: "f32[?]"},
		{tpCase: tpCase{name: "dynamic_range_class_probs_bbox_deltas_dim1_batch_size_infer", attrs: attrs("2"), in: f("[8..14,2,3,4]", "[10..15,4,0..3,1..4]", "[3]"),
			out: []string{"f32[20..28,5]"}}, out4: "f32[20..28]"},
		{tpCase: tpCase{name: "everything_dynamic_shape_infer", attrs: def, in: f("[?,?,?,?]", "[?,?,?,?]", "[?]"), out: []string{"f32[?,5]"}}, out4: "f32[?]"},
		{tpCase: tpCase{name: "everything_dynamic_class_probs_dynamic_rank_shape_infer", attrs: def, in: f("[...]", "[?,?,?,?]", "[?]"), out: []string{"f32[?,5]"}}, out4: "f32[?]"},
		{tpCase: tpCase{name: "everything_dynamic_class_probs_bbox_deltas_dynamic_rank_shape_infer", attrs: def, in: f("[...]", "[...]", "[?]"), out: []string{"f32[?,5]"}}, out4: "f32[?]"},
		{tpCase: tpCase{name: "invalid_class_probs_dynamic", attrs: def, in: f("[?,?,?]", "[1,4,3,4]", "[5]"), err: "Proposal layer shape class_probs should be rank 4 compatible"}},
		{tpCase: tpCase{name: "invalid_bbox_deltas_dynamic", attrs: def, in: f("[1,2,3,4]", "[?,?,?]", "[5]"), err: "Proposal layer shape bbox_deltas should be rank 4 compatible"}},
		{tpCase: tpCase{name: "invalid_image_shape_dynamic", attrs: def, in: f("[1,2,3,4]", "[1,4,3,4]", "[]"), err: "Image_shape must be 1-D tensor"}},
		{tpCase: tpCase{name: "invalid_class_probs_type", attrs: def, in: []string{"i32[1,2,3,4]", "f32[1,4,3,4]", "f32[3]"}, err: "Proposal layer input class_probs should have floating point type"}},
		{tpCase: tpCase{name: "invalid_bbox_deltas_type", attrs: def, in: []string{"f32[1,2,3,4]", "i32[1,4,3,4]", "f32[3]"}, err: "Proposal layer input bbox_deltas should have floating point type"}},
		{tpCase: tpCase{name: "invalid_image_shape_type", attrs: def, in: []string{"f32[1,2,3,4]", "f32[1,4,3,4]", "i32[3]"}, err: "Proposal layer input image_shape should have floating point type"}},
	}
	var v0, v4 []tpCase
	for _, c := range common {
		v0 = append(v0, c.tpCase)
		c4 := c.tpCase
		if c.out4 != "" {
			c4.out = append([]string{c.out[0]}, c.out4)
		}
		v4 = append(v4, c4)
	}
	v0 = append(v0, []tpCase{
		{name: "proposal_v0_invalid_anchor_count", attrs: def, in: f("[1,2,3,4]", "[1,2,3,4]", "[3]"), err: "Anchor number inconsistent between"},
		{name: "proposal_v0_shape_infer", attrs: p20, in: []string{"bf16[7,12,34,62]", "bf16[7,24,34,62]", "bf16[3]"}, out: []string{"bf16[1400,5]"}},
		{name: "proposal_v0_dynamic_image_shape_shape_infer", attrs: []string{"base_size", "2", "pre_nms_topn", "20", "post_nms_topn", "200", "feat_stride", "1", "min_size", "1"},
			in: f("[7,12,34,62]", "[7,24,34,62]", "[...]"), out: []string{"f32[1400,5]"}},
		{name: "proposal_v0_class_probs_dynamic_rank_but_batch_shape_defined_in_bbox", attrs: attrs("2"), in: f("[...]", "[7,24,32,32]", "[?]"), out: []string{"f32[14,5]"}},
		{name: "proposal_v0_bbox_dynamic_rank_but_batch_defined_in_class_probs", attrs: attrs("2"), in: f("[7,24,32,32]", "[...]", "[?]"), out: []string{"f32[14,5]"}},
	}...)
	v4 = append(v4, []tpCase{
		{name: "proposal_v4_shape_infer", attrs: p20, in: f("[7,12,34,62]", "[7,24,34,62]", "[3]"), out: []string{"f32[1400,5]", "f32[1400]"}},
		{name: "proposal_v4_dynamic_image_shape_shape_infer", attrs: p20, in: f("[7,2,3,4]", "[7,4,0..3,1..4]", "[...]"), out: []string{"f32[1400,5]", "f32[1400]"}},
		{name: "proposal_v4_class_dynamic_rank_but_batch_shape_defined_in_bbox", attrs: def, in: f("[...]", "[7,24,32,32]", "[?]"), out: []string{"f32[7,5]", "f32[7]"}},
		{name: "proposal_v4_bbox_dynamic_rank_but_batch_defined_in_class_probs", attrs: def, in: f("[10,24,32,32]", "[...]", "[?]"), out: []string{"f32[10,5]", "f32[10]"}},
	}...)
	tpRun(t, "Proposal", "opset1", v0)
	tpRun(t, "Proposal", "opset4", v4)
}
