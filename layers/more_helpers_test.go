package layers

import (
	"errors"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// moreIn builds an Input of a type and partial shape (no value).
func moreIn(t *testing.T, typ ir.ElementType, s string) Input {
	t.Helper()
	return Input{Type: typ, Shape: shape(t, s)}
}

// moreConst builds an Input holding a known value.
func moreConst(x *ir.Tensor) Input {
	return Input{Type: x.Type, Shape: shapeOfDims(x.Shape), Value: x, Constant: true}
}

// moreI64 is a 1-D i64 tensor; moreI64s a tensor of the given dims.
func moreI64(t *testing.T, dims []int, v ...int64) *ir.Tensor {
	return tensor(t, ir.I64, dims, v)
}

func moreI32(t *testing.T, dims []int, v ...int32) *ir.Tensor {
	return tensor(t, ir.I32, dims, v)
}

func moreF32(t *testing.T, dims []int, v ...float32) *ir.Tensor {
	return tensor(t, ir.F32, dims, v)
}

// moreInfer infers op on in and returns the single output, requiring success.
func moreInfer(t *testing.T, op Op, in ...Input) Output {
	t.Helper()
	outs, err := op.Infer(in)
	require.NoError(t, err)
	require.Len(t, outs, 1)
	return outs[0]
}

// moreInferErr infers op on in, requiring an error containing msg.
func moreInferErr(t *testing.T, op Op, msg string, in ...Input) {
	t.Helper()
	_, err := op.Infer(in)
	require.ErrorContains(t, err, msg)
}

// moreRunAll runs op with every input known (all are constants), through Infer, Prepare
// and the kernel, and returns the outputs.
func moreRunAll(t *testing.T, op Op, in ...*ir.Tensor) []*ir.Tensor {
	t.Helper()
	outs, err := moreRunAllErr(op, in...)
	require.NoError(t, err)
	return outs
}

func moreRunAllErr(op Op, in ...*ir.Tensor) ([]*ir.Tensor, error) {
	inputs := make([]Input, len(in))
	for i, x := range in {
		inputs[i] = moreConst(x)
	}
	return layRunInputs(op, inputs, ExecOptions{Reference: true}, in)
}

// moreFloats returns a float tensor's values as float64.
func moreFloats(t *testing.T, x *ir.Tensor) []float64 {
	t.Helper()
	v, ok := x.Float64s()
	require.True(t, ok)
	return v
}

// moreNear requires got to match want within tol (absolute) element by element.
func moreNear(t *testing.T, want []float64, got *ir.Tensor, tol float64, msg ...any) {
	t.Helper()
	g := moreFloats(t, got)
	require.Len(t, g, len(want), msg...)
	for i := range want {
		require.InDelta(t, want[i], g[i], tol, append([]any{"element %d"}, append([]any{i}, msg...)...)...)
	}
}

func moreF64(v []float32) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x)
	}
	return out
}

func nanF64() float64 {
	z := 0.0
	return z / z
}

// requireUnsupported requires err to be an *ir.UnsupportedError.
func requireUnsupported(t *testing.T, err error) {
	t.Helper()
	require.Error(t, err)
	var u *ir.UnsupportedError
	require.ErrorAs(t, err, &u)
}

// decodeAttrsErr decodes a layer and returns an error when decoding reported one.
func decodeAttrsErr(typ, opset string, kv ...string) (Op, error) {
	def, err := Lookup(typ, opset)
	if err != nil {
		return nil, err
	}
	op, diags := def.Decode(mkLayer(typ, opset, kv...), nil)
	if op == nil {
		if len(diags) > 0 {
			return nil, errors.New(diags[0].Message)
		}
		return nil, errors.New("decode failed")
	}
	return op, nil
}

type moreInferCase struct {
	name  string
	attrs []string
	in    []Input
	want  []string // output shapes
	types []ir.ElementType
	err   string
}

func moreRunInferCases(t *testing.T, typ, opset string, cases []moreInferCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(typ+"/"+c.name, func(t *testing.T) {
			op := decodeOp(t, typ, opset, c.attrs...)
			outs, err := op.Infer(c.in)
			if c.err != "" {
				require.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.Len(t, outs, len(c.want))
			for i := range c.want {
				require.Equal(t, c.want[i], outs[i].Shape.String(), "output %d", i)
				if c.types != nil {
					require.Equal(t, c.types[i], outs[i].Type, "output %d", i)
				}
			}
			// Inference only: no kernel (ops given one since have their own run tests).
			if _, ok := op.(Preparer); !ok {
				_, err = Prepare(op, c.in, ExecOptions{})
				requireUnsupported(t, err)
			}
		})
	}
}

func moreIota(n int, from float32) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = from + float32(i)
	}
	return v
}
