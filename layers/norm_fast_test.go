package layers

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// TestNormFastMatchesReference binds the reductions, MVN-1/6, Softmax-1/8 and LogSoftmax
// on f32 and f16 data through the fast kernels (no Workers and 2 threads) and the
// reference kernels, and compares within a relative 2^-18 (the kernels' tests check the
// exact bounds of docs/semantics.md; here every layer path must reach them).
func TestNormFastMatchesReference(t *testing.T) {
	w := kernels.NewWorkers(2)
	defer w.Close()
	r := rand.New(rand.NewPCG(9, 9))
	dims := []int{2, 12, 40, 33}
	n := 2 * 12 * 40 * 33
	v32 := make([]float32, n)
	v16 := make([]float16.Float16, n)
	for i := range v32 {
		v32[i] = float32(r.NormFloat64()*3 + 1)
		v16[i] = float16.Fromfloat32(v32[i])
	}
	x32 := tensor(t, ir.F32, dims, v32)
	x16 := tensor(t, ir.F16, dims, v16)
	type tc struct {
		typ, version string
		attrs        []string
		axes         []int64 // second input when non-nil
	}
	cases := []tc{
		{"ReduceMean", "opset1", []string{"keep_dims", "true"}, []int64{2, 3}},
		{"ReduceMean", "opset1", []string{"keep_dims", "false"}, []int64{1}},
		{"ReduceSum", "opset1", nil, []int64{0, 2}},
		{"ReduceMax", "opset1", nil, []int64{-1}},
		{"ReduceMin", "opset1", nil, []int64{1, 3}},
		{"ReduceL2", "opset4", nil, []int64{3}},
		{"ReduceL1", "opset4", nil, []int64{0, 1, 2, 3}},
		{"MVN", "opset6", []string{"normalize_variance", "true", "eps", "1e-5", "eps_mode", "inside_sqrt"}, []int64{2, 3}},
		{"MVN", "opset6", []string{"normalize_variance", "true", "eps", "1e-5", "eps_mode", "outside_sqrt"}, []int64{1, 2, 3}},
		{"MVN", "opset6", []string{"normalize_variance", "false", "eps", "1e-5", "eps_mode", "inside_sqrt"}, []int64{-1}},
		{"MVN", "opset6", []string{"normalize_variance", "true", "eps", "1e-5", "eps_mode", "inside_sqrt"}, []int64{1}}, // reference path
		{"MVN", "opset2", []string{"across_channels", "false", "normalize_variance", "true", "eps", "1e-9"}, nil},
		{"SoftMax", "opset1", []string{"axis", "1"}, nil},
		{"SoftMax", "opset8", []string{"axis", "-1"}, nil},
		{"LogSoftmax", "opset5", []string{"axis", "2"}, nil},
	}
	for _, c := range cases {
		o := decodeOp(t, c.typ, c.version, c.attrs...)
		for _, x := range []*ir.Tensor{x32, x16} {
			in := []*ir.Tensor{x}
			if c.axes != nil {
				in = append(in, i64Tensor(t, c.axes...))
			}
			want := run(t, o, ExecOptions{Reference: true}, in...)
			for _, ww := range []*kernels.Workers{nil, w} {
				got := run(t, o, ExecOptions{Workers: ww}, in...)
				a, b := normFastF64(want[0].Data), normFastF64(got[0].Data)
				require.Len(t, b, len(a))
				slack := 1.0 / (1 << 18)
				if x.Type == ir.F16 {
					slack = 1.0 / (1 << 10) // one f16 rounding of a result the bound moves
				}
				for i := range a {
					require.InDelta(t, a[i], b[i], slack*(math.Abs(a[i])+1), "%s %v %s at %d", c.typ, c.attrs, x.Type, i)
				}
			}
		}
	}
}

func normFastF64(d any) []float64 {
	switch v := d.(type) {
	case []float32:
		out := make([]float64, len(v))
		for i, x := range v {
			out[i] = float64(x)
		}
		return out
	case []float16.Float16:
		out := make([]float64, len(v))
		for i, x := range v {
			out[i] = float64(x.Float32())
		}
		return out
	}
	return nil
}
