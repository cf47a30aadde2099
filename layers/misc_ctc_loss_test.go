package layers

import (
	"math"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// CTCLoss vectors from src/plugins/template/tests/functional/op_reference/ctc_loss.cpp
// (openvinotoolkit/openvino@223477dd): logits [2,3,3], logit lengths 3, 3, labels
// [[0,1,2],[1,1,1]], label lengths 2, 1, blank 2.
func TestMiscCTCLossRun(t *testing.T) {
	logits := []float64{0, 1, 8, 5, 5, 2, 0, 7, 7, 10, 4, 5, 9, 0, 0, 5, 7, 0}
	cases := []struct {
		collapse, merge, unique bool
		want                    []float64
	}{
		{false, false, false, []float64{1.41223, 14.1359}},
		{false, false, true, []float64{1.41223, 14.1359}},
		{false, true, false, []float64{1.41156, 13.2745}},
		{true, false, false, []float64{1.41223, 14.1359}},
		{false, true, true, []float64{1.41156, 13.2745}},
		// The test lists 1.41223 for batch 0 here; with unique the decoded labels are those of
		// the case above (collapse is not applied), so the reference gives 1.41156; OpenVINO's
		// test passes either within its 1% relative threshold.
		{true, true, true, []float64{1.41156, 13.2745}},
	}
	b := map[bool]string{true: "true", false: "false"}
	for _, c := range cases {
		for _, typ := range []ir.ElementType{ir.F32, ir.F64, ir.F16, ir.BF16} {
			for _, it := range []ir.ElementType{ir.I32, ir.I64} {
				op := decodeOp(t, "CTCLoss", "opset4", "preprocess_collapse_repeated", b[c.collapse], "ctc_merge_repeated", b[c.merge], "unique", b[c.unique])
				got := moreRunAll(t, op, moreTyped(t, typ, []int{2, 3, 3}, logits...), moreTyped(t, it, []int{2}, 3, 3),
					moreTyped(t, it, []int{2, 3}, 0, 1, 2, 1, 1, 1), moreTyped(t, it, []int{2}, 2, 1), moreTyped(t, it, nil, 2))
				tol := 2e-5
				switch typ {
				case ir.F16:
					tol = 1e-3
				case ir.BF16:
					tol = 8e-3
				}
				g := moreFloats(t, got[0])
				for i, w := range c.want {
					require.InEpsilon(t, w, g[i], tol, "%v %s %s element %d", c, typ, it, i)
				}
			}
		}
	}
}

// Hand-computed cases: with uniform logits every frame has log p = -log C, so the loss is
// T log C - log(number of paths).
func TestMiscCTCLossHand(t *testing.T) {
	b := map[bool]string{true: "true", false: "false"}
	run := func(merge bool, T, C int, labels []float64, labelLen float64, blank ...float64) float64 {
		op := decodeOp(t, "CTCLoss", "opset4", "ctc_merge_repeated", b[merge])
		in := []*ir.Tensor{moreTyped(t, ir.F64, []int{1, T, C}, make([]float64, T*C)...), moreTyped(t, ir.I32, []int{1}, float64(T)),
			moreTyped(t, ir.I32, []int{1, T}, labels...), moreTyped(t, ir.I32, []int{1}, labelLen)}
		if len(blank) > 0 {
			in = append(in, moreTyped(t, ir.I32, nil, blank...))
		}
		got := moreRunAll(t, op, in...)
		return moreFloats(t, got[0])[0]
	}
	// T=3, label "a" (C=2, blank 1). Merged: paths aab? no: a b b, b a b, b b a, a a b, b a a,
	// a a a: 6. Not merged: a on one frame: 3.
	require.InDelta(t, 3*math.Log(2)-math.Log(6), run(true, 3, 2, []float64{0, 0, 0}, 1), 1e-12)
	require.InDelta(t, 3*math.Log(2)-math.Log(3), run(false, 3, 2, []float64{0, 0, 0}, 1), 1e-12)
	// T=3, label "aa": merged needs a blank between: a b a only (1 path); not merged: a a b,
	// a b a, b a a (3 paths).
	require.InDelta(t, 3*math.Log(2), run(true, 3, 2, []float64{0, 0, 0}, 2), 1e-12)
	require.InDelta(t, 3*math.Log(2)-math.Log(3), run(false, 3, 2, []float64{0, 0, 0}, 2), 1e-12)
	// T=2, label "aa" merged: impossible, loss +Inf.
	require.True(t, math.IsInf(run(true, 2, 2, []float64{0, 0}, 2), 1))
	// Empty label: the reference's recursion gives 0 (not -log p(all blanks)).
	require.Equal(t, 0.0, run(true, 3, 2, []float64{0, 0, 0}, 0))
	// Blank index 0 given explicitly, label 1.
	require.InDelta(t, 3*math.Log(2)-math.Log(6), run(true, 3, 2, []float64{1, 0, 0}, 1, 0), 1e-12)
}

// Hostile inputs: lengths and labels out of range are errors, not panics.
func TestMiscCTCLossHostile(t *testing.T) {
	op := decodeOp(t, "CTCLoss", "opset4")
	logits := moreTyped(t, ir.F32, []int{1, 2, 3}, 0, 0, 0, 0, 0, 0)
	for _, c := range []struct {
		ll, labels, lbl []float64
		blank           float64
	}{
		{[]float64{3}, []float64{0, 1}, []float64{1}, 2},  // logit length > T
		{[]float64{1}, []float64{0, 1}, []float64{2}, 2},  // label length > logit length
		{[]float64{-1}, []float64{0, 1}, []float64{0}, 2}, // negative length
		{[]float64{2}, []float64{7, 1}, []float64{2}, 2},  // label out of range
		{[]float64{2}, []float64{0, 1}, []float64{2}, 3},  // blank out of range
		{[]float64{2}, []float64{0, 1}, []float64{2}, -1}, // negative blank
	} {
		_, err := moreRunAllErr(op, logits, moreTyped(t, ir.I64, []int{1}, c.ll...), moreTyped(t, ir.I64, []int{1, 2}, c.labels...),
			moreTyped(t, ir.I64, []int{1}, c.lbl...), moreTyped(t, ir.I64, nil, c.blank))
		require.Error(t, err, "%v", c)
	}
}

// Shapes and messages after src/core/tests/type_prop/ctc_loss.cpp.
func TestMiscCTCLossInfer(t *testing.T) {
	f := ir.F32
	cases := []seqInferCase{
		{"CTCLoss", "opset4", nil, []Input{seqIn(t, f, "[10,120,28]"), seqIn(t, ir.I32, "[10]"), seqIn(t, ir.I32, "[10,120]"), seqIn(t, ir.I32, "[10]"), seqIn(t, ir.I32, "[]")},
			[]string{"[10]"}, ""},
		{"CTCLoss", "opset4", nil, []Input{seqIn(t, f, "[?,120,28]"), seqIn(t, ir.I32, "[...]"), seqIn(t, ir.I32, "[10,120]"), seqIn(t, ir.I32, "[10]")},
			[]string{"[10]"}, ""},
		{"CTCLoss", "opset4", nil, []Input{seqIn(t, f, "[10,120,28]"), seqIn(t, ir.I32, "[10]"), seqIn(t, ir.I32, "[10,130]"), seqIn(t, ir.I32, "[10]")},
			nil, "The second dimension of labels must be equal to the second dimension of logits."},
		{"CTCLoss", "opset4", nil, []Input{seqIn(t, f, "[10,120]"), seqIn(t, ir.I32, "[10]"), seqIn(t, ir.I32, "[10,120]"), seqIn(t, ir.I32, "[10]")},
			nil, "Expected a 3D tensor for logits."},
	}
	seqRunInfer(t, cases)
}
