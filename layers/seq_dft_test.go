package layers

import (
	"math"
	"math/cmplx"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// DFT family values: hand-computed transforms ([1,2,3,4] -> [10, -2+2i, -2, -2-2i]) and the
// textbook multi-axis DFT sum computed directly in the test.
func TestSeqDFTRun(t *testing.T) {
	dft := decodeOp(t, "DFT", "opset7")
	idft := decodeOp(t, "IDFT", "opset7")
	rdft := decodeOp(t, "RDFT", "opset9")
	irdft := decodeOp(t, "IRDFT", "opset9")
	cplx := func(v ...float64) []float64 { return v }

	x := moreTyped(t, ir.F32, []int{4, 2}, cplx(1, 0, 2, 0, 3, 0, 4, 0)...)
	got := moreRunAll(t, dft, x, moreI64(t, []int{1}, 0))
	moreNear(t, []float64{10, 0, -2, 2, -2, 0, -2, -2}, got[0], 1e-5)
	back := moreRunAll(t, idft, got[0], moreI64(t, []int{1}, -1))
	moreNear(t, cplx(1, 0, 2, 0, 3, 0, 4, 0), back[0], 1e-5)

	// Length 3 (direct sum): [1,2,3] -> [6, -1.5+0.866i, -1.5-0.866i].
	got = moreRunAll(t, dft, moreTyped(t, ir.F64, []int{3, 2}, 1, 0, 2, 0, 3, 0), moreI64(t, []int{1}, 0))
	s3 := math.Sqrt(3) / 2
	moreNear(t, []float64{6, 0, -1.5, s3, -1.5, -s3}, got[0], 1e-12)

	// RDFT keeps n/2+1 values; IRDFT restores the signal.
	r := moreRunAll(t, rdft, moreF32(t, []int{4}, 1, 2, 3, 4), moreI64(t, []int{1}, 0))
	require.Equal(t, []int{3, 2}, r[0].Shape)
	moreNear(t, []float64{10, 0, -2, 2, -2, 0}, r[0], 1e-5)
	ir1 := moreRunAll(t, irdft, r[0], moreI64(t, []int{1}, 0))
	require.Equal(t, []int{4}, ir1[0].Shape)
	moreNear(t, []float64{1, 2, 3, 4}, ir1[0], 1e-5)
	// IRDFT with an odd signal size 5 from RDFT of 5 values.
	r = moreRunAll(t, rdft, moreF32(t, []int{5}, 1, -2, 3, 0.5, 4), moreI64(t, []int{1}, 0))
	require.Equal(t, []int{3, 2}, r[0].Shape)
	ir1 = moreRunAll(t, irdft, r[0], moreI64(t, []int{1}, 0), moreI64(t, []int{1}, 5))
	moreNear(t, []float64{1, -2, 3, 0.5, 4}, ir1[0], 1e-5)

	// Two axes with signal sizes (crop axis 0 to 2, pad axis 1 to 3), against the direct sum.
	vals := []float64{1, 0.5, -2, 1, 3, 0, 0.25, -1, 2, 2, -1, 0, 4, 1, 0, -3, 1, 1}
	data := moreTyped(t, ir.F32, []int{3, 3, 2}, vals...)
	got = moreRunAll(t, dft, data, moreI64(t, []int{2}, 0, 1), moreI64(t, []int{2}, 2, 4))
	require.Equal(t, []int{2, 4, 2}, got[0].Shape)
	want := make([]float64, 0, 16)
	for k0 := 0; k0 < 2; k0++ {
		for k1 := 0; k1 < 4; k1++ {
			var s complex128
			for n0 := 0; n0 < 2; n0++ {
				for n1 := 0; n1 < 3; n1++ {
					v := complex(vals[(n0*3+n1)*2], vals[(n0*3+n1)*2+1])
					s += v * cmplx.Exp(complex(0, -2*math.Pi*(float64(n0*k0)/2+float64(n1*k1)/4)))
				}
			}
			want = append(want, real(s), imag(s))
		}
	}
	moreNear(t, want, got[0], 1e-4)
	// f16 runs through float32.
	got = moreRunAll(t, dft, moreTyped(t, ir.F16, []int{4, 2}, cplx(1, 0, 2, 0, 3, 0, 4, 0)...), moreI64(t, []int{1}, 0))
	moreNear(t, []float64{10, 0, -2, 2, -2, 0, -2, -2}, got[0], 1e-3)
	// Axes must be known to prepare the kernel.
	_, err := Prepare(dft, []Input{moreIn(t, ir.F32, "4,2"), moreIn(t, ir.I64, "1")}, ExecOptions{})
	require.Error(t, err)
}

// Shapes and messages after src/core/tests/type_prop/dft.cpp, idft.cpp, rdft.cpp, irdft.cpp.
func TestSeqDFTInfer(t *testing.T) {
	f := ir.F32
	ints := func(v ...int64) Input {
		return Input{Type: ir.I64, Shape: ir.StaticShape(int64(len(v))), Value: i64Tensor(t, v...)}
	}
	cases := []seqInferCase{
		{"DFT", "opset7", nil, []Input{seqIn(t, f, "[2,180,180,2]"), ints(1, 2)}, []string{"[2,180,180,2]"}, ""},
		{"DFT", "opset7", nil, []Input{seqIn(t, f, "[2,180,180,2]"), ints(1, 2), ints(-1, 77)}, []string{"[2,180,77,2]"}, ""},
		{"DFT", "opset7", nil, []Input{seqIn(t, f, "[2,180,180,3]"), ints(1, 2)}, nil, "The last dimension of input data must be 2."},
		{"DFT", "opset7", nil, []Input{seqIn(t, f, "[2,180,180,2]"), ints(1, 1)}, nil, "Each axis must be unique."},
		{"DFT", "opset7", nil, []Input{seqIn(t, f, "[2,180,180,2]"), ints(1, 2), ints(5)}, nil, "Sizes of inputs 'axes' and 'signal_size' must be equal."},
		{"IDFT", "opset7", nil, []Input{seqIn(t, f, "[16,500,180,369,2]"), ints(0, 3, 1), ints(-1, 4, 2)}, []string{"[16,2,180,4,2]"}, ""},
		{"RDFT", "opset9", nil, []Input{seqIn(t, f, "[2,180,180]"), ints(1, 2)}, []string{"[2,180,91,2]"}, ""},
		{"RDFT", "opset9", nil, []Input{seqIn(t, f, "[2,180,180]"), ints(2, 0), ints(40, 1)}, []string{"[1,180,40,2]"}, ""},
		{"RDFT", "opset9", nil, []Input{seqIn(t, f, "[2,180,180]"), ints(1, 2), ints(-1, 77)}, []string{"[2,180,39,2]"}, ""},
		{"IRDFT", "opset9", nil, []Input{seqIn(t, f, "[2,180,91,2]"), ints(1, 2)}, []string{"[2,180,180]"}, ""},
		{"IRDFT", "opset9", nil, []Input{seqIn(t, f, "[2,180,91,2]"), ints(1, 2), ints(-1, 77)}, []string{"[2,180,77]"}, ""},
	}
	seqRunInfer(t, cases)
}
