package layers

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/stretchr/testify/require"
)

// TestUnaryFastConformance runs every op with a fast float32 path on f32, f16 and bf16
// data (random values, all tail lengths, specials) through the fast kernels (1 and 3
// threads) and the reference, and requires Relu to match exactly and the others within
// 8 float32 ulp (one step of the narrow types).
func TestUnaryFastConformance(t *testing.T) {
	w := kernels.NewWorkers(3)
	defer w.Close()
	r := rand.New(rand.NewPCG(7, 8))
	ops := []struct {
		typ, ver string
		kv       []string
	}{
		{"Relu", "opset1", nil}, {"Sigmoid", "opset1", nil}, {"Exp", "opset1", nil}, {"Tanh", "opset1", nil},
		{"Mish", "opset4", nil}, {"SoftPlus", "opset4", nil}, {"Swish", "opset4", nil},
		{"Gelu", "opset2", nil}, {"Gelu", "opset7", nil}, {"Gelu", "opset7", []string{"approximation_mode", "tanh"}},
	}
	for _, n := range []int{1, 7, 8, 9, 33, 70001} {
		x := make([]float32, n)
		for i := range x {
			x[i] = float32(r.NormFloat64() * 6)
		}
		if n > 8 {
			x[0], x[1], x[2], x[3] = float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Copysign(0, -1))
		}
		for _, op := range ops {
			for _, mk := range []func(*testing.T, []int, ...float32) *ir.Tensor{unaryF32, unaryF16, unaryBF16} {
				in := mk(t, []int{n}, x...)
				o := decodeOp(t, op.typ, op.ver, op.kv...)
				ref := run(t, o, ExecOptions{Reference: true}, in)
				for _, ww := range []*kernels.Workers{nil, w} {
					got := run(t, o, ExecOptions{Workers: ww}, in)
					if op.typ == "Relu" {
						require.Equal(t, ref[0].Data, got[0].Data, "%s %s n=%d", op.typ, in.Type, n)
						continue
					}
					unaryFastMatches(t, ref[0], got[0])
				}
			}
		}
	}
	// Swish with a beta input.
	x := make([]float32, 1001)
	for i := range x {
		x[i] = float32(r.NormFloat64() * 6)
	}
	o := decodeOp(t, "Swish", "opset4")
	in, beta := unaryF32(t, []int{len(x)}, x...), unaryF32(t, nil, 0.6)
	unaryFastMatches(t, run(t, o, ExecOptions{Reference: true}, in, beta)[0], run(t, o, ExecOptions{}, in, beta)[0])
}

// TestUnaryNegAbsFast: Negative (f32, f16 and bf16 sign flips) and Abs (f32) equal the
// reference bit for bit, −0, ±Inf and NaN included (a NaN stays a NaN).
func TestUnaryNegAbsFast(t *testing.T) {
	w := kernels.NewWorkers(2)
	defer w.Close()
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 9, 70001} {
		x := make([]float32, n)
		for i := range x {
			x[i] = float32(r.NormFloat64() * 6)
		}
		if n > 8 {
			x[0], x[1], x[2], x[3], x[4] = float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Copysign(0, -1)), 0
		}
		for _, op := range []string{"Negative", "Abs"} {
			for _, mk := range []func(*testing.T, []int, ...float32) *ir.Tensor{unaryF32, unaryF16, unaryBF16} {
				in := mk(t, []int{n}, x...)
				o := decodeOp(t, op, "opset1")
				ref := run(t, o, ExecOptions{Reference: true}, in)
				for _, ww := range []*kernels.Workers{nil, w} {
					got := run(t, o, ExecOptions{Workers: ww}, in)
					a, b := unaryBits(t, ref[0]), unaryBits(t, got[0])
					require.Len(t, b, len(a))
					for i := range a {
						if a[i] != b[i] {
							require.True(t, math.IsNaN(float64(x[i])), "%s %s element %d (%g): reference %#x, fast %#x", op, in.Type, i, x[i], a[i], b[i])
						}
					}
				}
			}
		}
	}
}

// unaryBits returns a float tensor's elements as their stored bits.
func unaryBits(t *testing.T, x *ir.Tensor) []uint32 {
	var out []uint32
	switch d := x.Data.(type) {
	case []float32:
		for _, v := range d {
			out = append(out, math.Float32bits(v))
		}
	case []f16:
		for _, v := range d {
			out = append(out, uint32(v.Bits()))
		}
	case []uint16:
		for _, v := range d {
			out = append(out, uint32(v))
		}
	default:
		t.Fatalf("unexpected data %T", x.Data)
	}
	return out
}
