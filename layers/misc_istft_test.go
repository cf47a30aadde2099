package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// ISTFT vectors from src/plugins/template/tests/functional/op_reference/istft.cpp
// (openvinotoolkit/openvino@13faa4d2); inputs and outputs are printed to 4-5 digits, so the
// comparison allows 2e-3.
func TestMiscISTFTRun(t *testing.T) {
	sig16 := []float64{5.8779e-01, -7.7051e-01, -6.8455e-01, 6.8455e-01, 7.7051e-01, -5.8779e-01, -8.4433e-01, 4.8175e-01,
		9.0483e-01, -3.6813e-01, -9.5106e-01, 2.4869e-01, 9.8229e-01, -1.2533e-01, -9.9803e-01, 6.8545e-07}
	sig48 := []float64{-0.9511, -0.1861, 0.7722, 0.9283, 0.1200, -0.8129, -0.9014, -0.0534, 0.8500, 0.8704,
		-0.0134, -0.8833, -0.8356, 0.0801, 0.9126, 0.7971, -0.1465, -0.9379, -0.7550, 0.2123,
		0.9590, 0.7095, -0.2771, -0.9758, -0.6608, 0.3406, 0.9882, 0.6092, -0.4027, -0.9962,
		-0.5549, 0.4629, 0.9998, 0.4981, -0.5211, -0.9989, -0.4390, 0.5769, 0.9936, 0.3780,
		-0.6302, -0.9838, -0.3154, 0.6806, 0.9696, 0.2513, -0.7281, -0.9511}
	stft1one := []float64{-0.6693, 0.0000, -0.7103, -0.0912, -0.8803, -0.2251, -1.5651, -0.5924, 6.7234, 3.2667,
		0.7715, 0.4254, 0.3599, 0.1884, 0.2358, 0.0796, 0.2042, 0.0000}
	stft1two := []float64{-1.3386, 0.0000, -1.4207, -0.1823, -1.7606, -0.4502, -3.1302, -1.1848, 13.4467, 6.5335,
		1.5429, 0.8508, 0.7199, 0.3768, 0.4716, 0.1591, 0.4084, 0.0000}
	stft3two := []float64{1.3873, 0.0000, -2.8503, 0.0000, -0.4391, 0.0000, 1.7637, -0.6945, -3.1429,
		-0.9896, -0.7182, 1.0237, 4.2213, -2.5114, -5.0535, -3.5783, -2.5402, 3.7017,
		-12.4337, 7.5925, 7.8944, 10.8180, 9.8076, -11.1912, -3.1735, 1.6741, 0.6953,
		2.3853, 2.9422, -2.4676, -2.1233, 0.8610, -0.1211, 1.2268, 2.1636, -1.2691,
		-1.7631, 0.4790, -0.4011, 0.6825, 1.8965, -0.7060, -1.6151, 0.2192, -0.5161,
		0.3123, 1.7869, -0.3231, -1.5735, 0.0000, -0.5485, 0.0000, 1.7559, 0.0000}
	stft4center := []float64{
		-7.3526e-01, 0.0000e+00, 1.1330e+00, 0.0000e+00, 2.5475e+00, 0.0000e+00, -4.1695e+00, 0.0000e+00,
		-3.3068e+00, 2.3842e-07, 1.0681e+00, 1.3042e+00, 2.9902e+00, -2.6441e-02, -2.2545e+00, -9.3384e-01,
		-1.6860e+00, 0.0000e+00, 6.4448e-01, 4.7161e+00, 5.8809e+00, -9.5572e-02, -6.7604e+00, -6.7604e+00,
		1.4974e+01, 0.0000e+00, 3.5154e+00, -1.4258e+01, -1.3709e+01, 2.8896e-01, 4.2285e+00, 1.0209e+01,
		7.9468e-01, 0.0000e+00, 1.9192e+00, -3.1437e+00, -2.8170e+00, 6.3723e-02, 0.0000e+00, 4.5065e+00,
		1.6981e+00, 0.0000e+00, 1.7382e+00, -1.6169e+00, -1.5818e+00, 3.2759e-02, -4.7954e-01, 1.1577e+00,
		3.2156e-01, 0.0000e+00, 1.6761e+00, -8.9949e-01, -1.1581e+00, 1.8237e-02, -1.2894e+00, 1.2894e+00,
		1.0437e+00, 2.3842e-07, 1.6506e+00, -4.1167e-01, -9.8408e-01, 8.3490e-03, -7.1159e-01, 2.9475e-01,
		2.5795e-01, 0.0000e+00, 1.6434e+00, 0.0000e+00, -9.3507e-01, 0.0000e+00, -1.4628e+00, 0.0000e+00}
	stft4centerNorm := []float64{
		-1.8382e-01, 0.0000e+00, 2.8325e-01, 0.0000e+00, 6.3686e-01, 0.0000e+00, -1.0424e+00, 0.0000e+00,
		-8.2669e-01, 5.9605e-08, 2.6703e-01, 3.2606e-01, 7.4754e-01, -6.6102e-03, -5.6362e-01, -2.3346e-01,
		-4.2149e-01, 0.0000e+00, 1.6112e-01, 1.1790e+00, 1.4702e+00, -2.3893e-02, -1.6901e+00, -1.6901e+00,
		3.7434e+00, 0.0000e+00, 8.7886e-01, -3.5645e+00, -3.4273e+00, 7.2241e-02, 1.0571e+00, 2.5522e+00,
		1.9867e-01, 0.0000e+00, 4.7980e-01, -7.8593e-01, -7.0426e-01, 1.5931e-02, 0.0000e+00, 1.1266e+00,
		4.2452e-01, 0.0000e+00, 4.3454e-01, -4.0423e-01, -3.9546e-01, 8.1899e-03, -1.1988e-01, 2.8943e-01,
		8.0389e-02, 0.0000e+00, 4.1901e-01, -2.2487e-01, -2.8953e-01, 4.5592e-03, -3.2235e-01, 3.2235e-01,
		2.6093e-01, 5.9605e-08, 4.1264e-01, -1.0292e-01, -2.4602e-01, 2.0872e-03, -1.7790e-01, 7.3688e-02,
		6.4488e-02, 0.0000e+00, 4.1084e-01, 0.0000e+00, -2.3377e-01, 0.0000e+00, -3.6569e-01, 0.0000e+00}
	fill := func(n int, v float64) []float64 { return miscFill(n, v) }
	twice := func(v []float64) []float64 { return append(append([]float64{}, v...), v...) }
	cases := []struct {
		name               string
		data               []float64
		dataD              []int
		window             []float64
		fs, step           float64
		length             float64 // 0: no input
		center, normalized bool
		want               []float64
	}{
		{"1D ones step 16", stft1one, []int{9, 1, 2}, fill(16, 1), 16, 16, 0, false, false, sig16},
		{"1D ones step 4", stft1one, []int{9, 1, 2}, fill(16, 1), 16, 4, 0, false, false, sig16},
		{"1D two step 16", stft1two, []int{9, 1, 2}, fill(16, 2), 16, 16, 0, false, false, sig16},
		{"1D two 3 frames", stft3two, []int{9, 3, 2}, fill(16, 2), 16, 16, 0, false, false, sig48},
		{"2D two 3 frames", twice(stft3two), []int{2, 9, 3, 2}, fill(16, 2), 16, 16, 0, false, false, twice(sig48)},
		{"1D center", stft4center, []int{9, 4, 2}, fill(16, 2), 16, 16, 0, true, false, sig48},
		{"1D center norm", stft4centerNorm, []int{9, 4, 2}, fill(16, 2), 16, 16, 0, true, true, sig48},
		{"2D center", twice(stft4center), []int{2, 9, 4, 2}, fill(16, 2), 16, 16, 0, true, false, twice(sig48)},
		{"2D center length 48", twice(stft4center), []int{2, 9, 4, 2}, fill(16, 2), 16, 16, 48, true, false, twice(sig48)},
		{"1D center norm length 39", stft4centerNorm, []int{9, 4, 2}, fill(16, 2), 16, 16, 39, true, true, sig48[:39]},
	}
	b := map[bool]string{true: "true", false: "false"}
	for _, c := range cases {
		for _, typ := range []ir.ElementType{ir.F32, ir.F16, ir.BF16} {
			op := decodeOp(t, "ISTFT", "opset16", "center", b[c.center], "normalized", b[c.normalized])
			in := []*ir.Tensor{moreTyped(t, typ, c.dataD, c.data...), moreTyped(t, typ, []int{len(c.window)}, c.window...),
				moreI64(t, nil, int64(c.fs)), moreI64(t, nil, int64(c.step))}
			if c.length > 0 {
				in = append(in, moreI64(t, nil, int64(c.length)))
			}
			got := moreRunAll(t, op, in...)
			tol := 2e-3
			switch typ {
			case ir.F16:
				tol = 2e-2
			case ir.BF16:
				tol = 0.15
			}
			moreNear(t, c.want, got[0], tol, "%s %s", c.name, typ)
		}
	}
}

// Hand-computed: with one bin set to 1 (DC) and a ones window, each frame inverts to 1/N per
// sample; overlapping frames add and the window sum divides them back to 1/N. A zero window
// gives zeros (division by a zero window sum is 0). Odd frame sizes with center: the last
// output sample is not written by the reference (its length is frames*step - frame_size,
// the shape's frames*step - (frame_size-1)): 0.
func TestMiscISTFTHand(t *testing.T) {
	op := decodeOp(t, "ISTFT", "opset16")
	data := []float64{1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0} // [3 bins, 2 frames, 2]: DC 1 in both frames
	got := moreRunAll(t, op, moreTyped(t, ir.F32, []int{3, 2, 2}, data...), moreF32(t, []int{4}, 1, 1, 1, 1), moreI64(t, nil, 4), moreI64(t, nil, 2))
	moreNear(t, miscFill(6, 0.25), got[0], 1e-7)
	got = moreRunAll(t, op, moreTyped(t, ir.F32, []int{3, 2, 2}, data...), moreF32(t, []int{4}, 0, 0, 0, 0), moreI64(t, nil, 4), moreI64(t, nil, 2))
	moreNear(t, miscFill(6, 0), got[0], 0)
	op = decodeOp(t, "ISTFT", "opset16", "center", "true")
	data5 := []float64{1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0} // frame size 5: 3 bins
	got = moreRunAll(t, op, moreTyped(t, ir.F32, []int{3, 2, 2}, data5...), moreF32(t, []int{5}, 1, 1, 1, 1, 1), moreI64(t, nil, 5), moreI64(t, nil, 2))
	require.Equal(t, []int{3}, got[0].Shape)
	moreNear(t, []float64{0.2, 0.2, 0}, got[0], 1e-6)
	// Hostile: frame_size at run time differing from the prepared one.
	in := []Input{moreIn(t, ir.F32, "3,2,2"), moreIn(t, ir.F32, "4"), moreConst(moreI64(t, nil, 4)), moreConst(moreI64(t, nil, 2))}
	k, err := Prepare(decodeOp(t, "ISTFT", "opset16"), in, ExecOptions{})
	require.NoError(t, err)
	out, _ := ir.NewTensor(ir.F32, []int{6})
	err = k.Run(t.Context(), []*ir.Tensor{moreTyped(t, ir.F32, []int{3, 2, 2}, data...), moreF32(t, []int{4}, 1, 1, 1, 1), moreI64(t, nil, 5), moreI64(t, nil, 2)}, []*ir.Tensor{out})
	require.Error(t, err)
}

// Shapes and messages after src/core/tests/type_prop/istft.cpp.
func TestMiscISTFTInfer(t *testing.T) {
	f := ir.F32
	scalar := func(v int64) Input {
		return Input{Type: ir.I64, Shape: ir.Shape{Dims: []ir.Dim{}}, Value: tensor(t, ir.I64, []int{}, []int64{v})}
	}
	cases := []seqInferCase{
		{"ISTFT", "opset16", nil, []Input{seqIn(t, f, "[9,9,2]"), seqIn(t, f, "[16]"), scalar(16), scalar(4)}, []string{"[48]"}, ""},
		{"ISTFT", "opset16", []string{"center", "true"}, []Input{seqIn(t, f, "[4,9,9,2]"), seqIn(t, f, "[16]"), scalar(16), scalar(4)}, []string{"[4,32]"}, ""},
		{"ISTFT", "opset16", nil, []Input{seqIn(t, f, "[4,9,9,2]"), seqIn(t, f, "[16]"), scalar(16), scalar(4), scalar(40)}, []string{"[4,40]"}, ""},
		{"ISTFT", "opset16", nil, []Input{seqIn(t, f, "[10,9,2]"), seqIn(t, f, "[16]"), scalar(16), scalar(4)}, nil, "The dimension at data_shape[-3] must be equal to: (frame_size // 2 + 1)"},
	}
	seqRunInfer(t, cases)
}
