package layers

import (
	"fmt"
	"strconv"
	"testing"
)

// DetectionOutput-1/8 shape inference: src/core/tests/type_prop/detection_output.cpp@045ab6f4,
// as data. The v8 suites loop over create_attributes_vector (keep_top_k {10,-1} × top_k {5,-1}
// × variance_encoded_in_target × share_location × normalized: 32 attribute sets); the inputs
// are built per set as the test builds them and the expected shape is written out per
// (keep_top_k, top_k) from compute_reference_output_shape.
func TestTPDetectionOutput(t *testing.T) {
	five := func(a, b, c, d, e string) []string {
		return []string{"f32[" + a + "]", "f32[" + b + "]", "f32[" + c + "]", "f32[" + d + "]", "f32[" + e + "]"}
	}
	three := func(a, b, c string) []string { return []string{"f32[" + a + "]", "f32[" + b + "]", "f32[" + c + "]"} }
	out := func(n string) []string { return []string{"f32[1,1," + n + ",7]"} }
	base := []string{"keep_top_k", "200", "num_classes", "2", "normalized", "true"}
	std := five("4,20", "4,10", "4,2,20", "4,10", "4,20")
	// Attributes of the v0 error tests: keep_top_k -1, 3 classes, share_location, no variance.
	a3 := func(normalized, variance bool) []string {
		return []string{"keep_top_k", "-1", "num_classes", "3", "share_location", "true",
			"variance_encoded_in_target", strconv.FormatBool(variance), "normalized", strconv.FormatBool(normalized)}
	}
	tpRun(t, "DetectionOutput", "opset1", []tpCase{
		{name: "detection_output_v0_default_ctor/top_k_7", attrs: []string{"keep_top_k", "-1", "top_k", "7", "num_classes", "2", "normalized", "true"},
			in: std, out: out("56")},
		{name: "detection_output_v0_default_ctor/top_k_-1", attrs: []string{"keep_top_k", "-1", "top_k", "-1", "num_classes", "2", "normalized", "true"},
			in: std, out: out("40")},
		{name: "detection_output_basic", attrs: base, in: std, out: out("800")},
		{name: "detection_output_interval_labeled_keep_top_k", attrs: []string{"keep_top_k", "60", "num_classes", "3", "normalized", "true"},
			in: five("2..4,1..20", "2..4,1..10", "?,2,20", "?,10", "?,20"), out: out("120..240")},
		{name: "detection_output_interval_labeled_top_k", attrs: []string{"keep_top_k", "-1", "top_k", "80", "num_classes", "3", "normalized", "true"},
			in: five("2..4,1..20", "2..4,1..10", "?,2,20", "?,10", "?,20"), out: out("480..960")},
		{name: "detection_output_interval_labeled_negative_both_topk", attrs: []string{"keep_top_k", "-1", "top_k", "-1", "num_classes", "3", "normalized", "true"},
			in: five("2..4,1..20", "2..4,1..10", "?,2,20", "?,10", "?,20"), out: out("30..60")},
		{name: "detection_output_v0_f16", attrs: base, in: []string{"f16[4,20]", "f16[4,10]", "f16[4,2,20]", "f16[4,10]", "f16[4,20]"}, out: []string{"f16[1,1,800,7]"}},
		{name: "detection_f16_with_proposals_f32", attrs: base, in: []string{"f16[4,20]", "f16[4,10]", "f32[4,2,20]", "f16[4,10]", "f16[4,20]"},
			out: []string{"f16[1,1,800,7]"}},
		{name: "detection_output_v0_not_normalized", attrs: []string{"keep_top_k", "200", "num_classes", "2", "normalized", "false"},
			in: five("4,20", "4,10", "4,2,25", "4,10", "4,20"), out: out("800")},
		{name: "detection_output_v0_negative_keep_top_k", attrs: []string{"keep_top_k", "-1", "top_k", "-1", "normalized", "true", "num_classes", "2"},
			in: std, out: out("40")},
		{name: "detection_output_v0_no_share_location", attrs: []string{"keep_top_k", "-1", "top_k", "-1", "normalized", "true", "num_classes", "2", "share_location", "false"},
			in: five("4,40", "4,10", "4,2,20", "4,10", "4,40"), out: out("40")},
		{name: "detection_output_v0_calculated_num_prior_boxes", attrs: []string{"keep_top_k", "-1", "top_k", "-1", "normalized", "true", "num_classes", "2", "share_location", "false"},
			in: five("4,?", "...", "...", "?,20", "..."), out: out("80")},
		{name: "detection_output_v0_top_k", attrs: []string{"keep_top_k", "-1", "top_k", "7", "normalized", "true", "num_classes", "2"}, in: std, out: out("56")},
		{name: "detection_output_v0_all_dynamic_shapes", attrs: []string{"keep_top_k", "-1", "num_classes", "1"},
			in: five("...", "...", "...", "...", "..."), out: out("?")},
		{name: "detection_output_v0_dynamic_batch", attrs: base, in: five("?,20", "?,10", "?,2,20", "?,10", "?,20"), out: out("?")},
		{name: "detection_output_v0_invalid_data_type/box_logits", attrs: base, in: []string{"i32[4,20]", "f32[4,10]", "f32[4,2,20]", "f32[4,10]", "f32[4,20]"},
			err: "Box logits' data type must be floating point. Got i32"},
		{name: "detection_output_v0_invalid_data_type/class_preds", attrs: base, in: []string{"f32[4,20]", "i32[4,10]", "f32[4,2,20]", "f32[4,10]", "f32[4,20]"},
			err: "Class predictions' data type must be the same as box logits type (f32). Got i32"},
		{name: "detection_output_v0_invalid_data_type/proposals", attrs: base, in: []string{"f32[4,20]", "f32[4,10]", "i32[4,2,20]", "f32[4,10]", "f32[4,20]"},
			err: "Proposals' data type must be floating point. Got i32"},
		{name: "detection_output_v0_invalid_data_type/aux_class_preds", attrs: base, in: []string{"f32[4,20]", "f32[4,10]", "f32[4,2,20]", "i32[4,10]", "f32[4,20]"},
			err: "Additional class predictions' data type must be the same as class predictions data type (f32). Got i32"},
		{name: "detection_output_v0_invalid_data_type/aux_box_preds", attrs: base, in: []string{"f32[4,20]", "f32[4,10]", "f32[4,2,20]", "f32[4,10]", "i32[4,20]"},
			err: "Additional box predictions' data type must be the same as box logits data type (f32). Got i32"},
		{name: "detection_output_v0_mismatched_batch_size/class_preds", attrs: base, in: five("4,20", "5,10", "4,2,20", "4,10", "4,20"),
			err: "Class predictions' first dimension is not compatible with batch size."},
		{name: "detection_output_v0_mismatched_batch_size/proposals", attrs: base, in: five("4,20", "4,10", "5,2,20", "4,10", "4,20"),
			err: "Proposals' first dimension is must be equal to either batch size (4) or 1. Got: 5."},
		{name: "detection_output_v0_invalid_ranks/box_logits", attrs: base, in: five("4,20,1", "4,10", "4,2,20", "4,10", "4,20"), err: "Box logits rank must be 2. Got 3"},
		{name: "detection_output_v0_invalid_ranks/class_preds", attrs: base, in: five("4,20", "4,10,1", "4,2,20", "4,10", "4,20"), err: "Class predictions rank must be 2. Got 3"},
		{name: "detection_output_v0_invalid_ranks/proposals", attrs: base, in: five("4,20", "4,10", "4,2", "4,10", "4,20"), err: "Proposals rank must be 3. Got 2"},
		{name: "detection_output_v0_invalid_box_logits_shape/share_location", attrs: a3(true, false), in: five("4,13", "4,9", "4,2,12", "4,6", "4,12"),
			err: "Box logits' second dimension must be a multiply of num_loc_classes * 4 (4)"},
		{name: "detection_output_v0_invalid_box_logits_shape/no_share_location",
			attrs: []string{"keep_top_k", "-1", "num_classes", "3", "share_location", "false", "variance_encoded_in_target", "false", "normalized", "true"},
			in:    five("4,37", "4,9", "4,2,12", "4,6", "4,12"), err: "Box logits' second dimension must be a multiply of num_loc_classes * 4 (12)"},
		{name: "detection_output_v0_invalid_class_preds_shape", attrs: []string{"keep_top_k", "-1", "num_classes", "3"}, in: five("4,12", "4,10", "4,2,12", "4,6", "4,12"),
			err: "Class predictions' second dimension must be equal to num_prior_boxes * num_classes (9). Current value is: 10."},
		{name: "detection_output_v0_invalid_proposals_shape/variance_false", attrs: a3(true, false), in: five("4,12", "4,9", "4,1,12", "4,6", "4,12"),
			err: "Proposals' second dimension is mismatched. Current value is: 1, expected: 2"},
		{name: "detection_output_v0_invalid_proposals_shape/variance_true", attrs: a3(true, true), in: five("4,12", "4,9", "4,2,12", "4,6", "4,12"),
			err: "Proposals' second dimension is mismatched. Current value is: 2, expected: 1"},
		{name: "detection_output_v0_invalid_proposals_shape/not_normalized", attrs: a3(false, false), in: five("4,12", "4,9", "4,2,16", "4,6", "4,12"),
			err: "Proposals' third dimension must be equal to num_prior_boxes * prior_box_size (15). Current value is: 16."},
		{name: "detection_output_v0_invalid_proposals_shape/normalized", attrs: a3(true, false), in: five("4,12", "4,9", "4,2,13", "4,6", "4,12"),
			err: "Proposals' third dimension must be equal to num_prior_boxes * prior_box_size (12). Current value is: 13."},
		{name: "detection_output_v0_invalid_aux_class_preds/batch", attrs: a3(true, false), in: five("4,12", "4,9", "4,2,12", "5,6", "4,12"),
			err: "Additional class predictions' first dimension must be compatible with batch size."},
		{name: "detection_output_v0_invalid_aux_class_preds/second_dim", attrs: a3(true, false), in: five("4,12", "4,9", "4,2,12", "4,7", "4,12"),
			err: "Additional class predictions' second dimension must be compatible with num_prior_boxes * 2. Current value is: 7, expected: 6."},
		{name: "detection_output_v0_invalid_aux_box_preds/batch", attrs: a3(true, false), in: five("4,12", "4,9", "4,2,12", "4,6", "5,12"),
			err: "Additional box predictions' shape must be compatible with box logits shape."},
		{name: "detection_output_v0_invalid_aux_box_preds/second_dim", attrs: a3(true, false), in: five("4,12", "4,9", "4,2,12", "4,6", "4,22"),
			err: "Additional box predictions' shape must be compatible with box logits shape."},
	})

	// V8: the attribute vector suites.
	type v8attrs struct {
		keep, top                           int
		variance, shareLocation, normalized bool
	}
	var sets []v8attrs
	for _, keep := range []int{10, -1} {
		for _, top := range []int{5, -1} {
			for _, v := range []bool{true, false} {
				for _, s := range []bool{true, false} {
					for _, n := range []bool{true, false} {
						sets = append(sets, v8attrs{keep, top, v, s, n})
					}
				}
			}
		}
	}
	// suite builds the cases of one test: in gives the inputs of a set (nloc: num_loc_classes
	// for the given classes count, pbs: prior_box_size, vd: the proposals' second dim), and
	// keep, top, none the expected dim for keep_top_k > 0, top_k > 0 and neither.
	suite := func(name string, classes int, in func(nloc, pbs, vd int) []string, keep, top, none string) []tpCase {
		var cs []tpCase
		for _, a := range sets {
			nloc, pbs, vd := 1, 4, 2
			if !a.shareLocation {
				nloc = classes
			}
			if !a.normalized {
				pbs = 5
			}
			if a.variance {
				vd = 1
			}
			want := none
			switch {
			case a.keep > 0:
				want = keep
			case a.top > 0:
				want = top
			}
			cs = append(cs, tpCase{
				name: fmt.Sprintf("%s/keep_top_k=%d,top_k=%d,variance=%t,share_location=%t,normalized=%t", name, a.keep, a.top, a.variance, a.shareLocation, a.normalized),
				attrs: []string{"keep_top_k", strconv.Itoa(a.keep), "top_k", strconv.Itoa(a.top), "variance_encoded_in_target", strconv.FormatBool(a.variance),
					"share_location", strconv.FormatBool(a.shareLocation), "normalized", strconv.FormatBool(a.normalized)},
				in: in(nloc, pbs, vd), out: out(want),
			})
		}
		return cs
	}
	d := strconv.Itoa
	var v8 []tpCase
	// N=5, 100 priors, priors batch N, 23 classes.
	v8 = append(v8, suite("detection_output_v8_all_static", 23, func(nloc, pbs, vd int) []string {
		return three("5,"+d(100*nloc*4), "5,2300", "5,"+d(vd)+","+d(100*pbs))
	}, "50", "575", "11500")...)
	// N=13, 33 priors, priors batch 1, 10 classes.
	v8 = append(v8, suite("detection_output_v8_dynamic", 10, func(nloc, pbs, vd int) []string {
		return three("13,?", "?,330", "1,"+d(vd)+","+d(33*pbs))
	}, "130", "650", "4290")...)
	v8 = append(v8, suite("detection_output_v8_num_classes_not_deduced", 10, func(nloc, pbs, vd int) []string {
		return three("13,?", "13,?", "1,"+d(vd)+","+d(33*pbs))
	}, "130", "?", "?")...)
	// N=3, priors batch N, neither classes nor priors deduced.
	v8 = append(v8, suite("detection_output_v8_num_classes_no_deduction", 10, func(nloc, pbs, vd int) []string {
		return three("3,?", "3,?", "3,"+d(vd)+",?")
	}, "30", "?", "?")...)
	// Priors from the additional class predictions, then classes from the class predictions.
	v8 = append(v8, suite("detection_output_v8_dynamic2", 10, func(nloc, pbs, vd int) []string {
		return five("13,?", "?,330", "1,"+d(vd)+",?", "13,66", "13,?")
	}, "130", "650", "4290")...)
	// N {2,4}, priors {8,10}: the proposals' third dim is prior_box_size·{8,10}.
	v8 = append(v8, suite("detection_output_v8_intervals_3in", 10, func(nloc, pbs, vd int) []string {
		return three("2..4,40..240", "2..4,10..60", "2..4,"+d(vd)+","+d(8*pbs)+".."+d(10*pbs))
	}, "20..40", "?", "?")...)
	// N {2,4}, 6 priors, 10 classes.
	v8 = append(v8, suite("detection_output_v8_interval_batch_3in", 10, func(nloc, pbs, vd int) []string {
		return three("2..4,"+d(6*nloc*4), "2..4,60", "2..4,"+d(vd)+","+d(6*pbs))
	}, "20..40", "100..200", "120..240")...)
	// As the test does, the op is built from the three inputs (its ad_class_preds is unused).
	v8 = append(v8, suite("detection_output_v8_interval_batch_5in", 10, func(nloc, pbs, vd int) []string {
		return three("2..4,"+d(6*nloc*4), "2..4,60", "1..2,"+d(vd)+","+d(6*pbs))
	}, "20..40", "100..200", "120..240")...)
	v8 = append(v8, suite("detection_output_v8_default_ctor", 10, func(nloc, pbs, vd int) []string {
		box := "13," + d(33*nloc*4)
		return five(box, "13,330", "1,"+d(vd)+","+d(33*pbs), "13,66", box)
	}, "130", "650", "4290")...)
	kt := func(normalized, share bool) []string {
		return []string{"keep_top_k", "-1", "normalized", strconv.FormatBool(normalized), "share_location", strconv.FormatBool(share)}
	}
	v8 = append(v8, []tpCase{
		{name: "detection_output_v8_incompatible_num_prior_boxes_normalized_true_shareloc_true", attrs: kt(true, true),
			in: three("4,24", "4,128", "4,2,32"), err: "The second dimension of the first input (box logits) is not compatible. Current value: 24, expected value: 32"},
		{name: "detection_output_v8_incompatible_num_prior_boxes_normalized_false_shareloc_true", attrs: kt(false, true),
			in: three("4,24", "4,128", "4,2,40"), err: "The second dimension of the first input (box logits) is not compatible. Current value: 24, expected value: 32"},
		{name: "detection_output_v8_incompatible_num_prior_boxes_normalized_false_shareloc_false", attrs: kt(false, false),
			in: three("4,384", "4,128", "4,2,40"), err: "The second dimension of the first input (box logits) is not compatible. Current value: 384, expected value: 512"},
		{name: "detection_output_v8_incompatible_num_prior_boxes_normalized_true_shareloc_false", attrs: kt(true, false),
			in: three("4,384", "4,128", "4,2,32"), err: "The second dimension of the first input (box logits) is not compatible. Current value: 384, expected value: 512"},
		{name: "detection_output_v8_incompatible_dynamic_num_prior_boxes_normalized_true_shareloc_true", attrs: kt(true, true),
			in: three("4,16..24", "4,128", "4,2,32"), err: "The second dimension of the first input (box logits) is not compatible. Current value: 16..24, expected value: 32"},
		{name: "detection_output_v8_dynamic_range_num_prior_boxes_normalized_true_shareloc_true", attrs: kt(true, true),
			in: three("4,16..32", "4,128", "4,2,32"), out: out("512")},
		{name: "detection_output_v8_dynamic_num_prior_boxes_normalized_true_shareloc_true", attrs: kt(true, true),
			in: three("4,?", "4,128", "4,2,32"), out: out("512")},
	}...)
	tpRun(t, "DetectionOutput", "opset8", v8)
}
