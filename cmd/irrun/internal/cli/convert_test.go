package cli

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

func TestConvertInput(t *testing.T) {
	tests := []struct {
		name    string
		in      *ir.Tensor
		to      ir.ElementType
		want    any
		wantErr string
	}{
		{"f64 to f32 exact", &ir.Tensor{Type: ir.F64, Shape: []int{3}, Data: []float64{1.5, -2, math.Inf(1)}}, ir.F32, []float32{1.5, -2, float32(math.Inf(1))}, ""},
		{"f64 to f32 lossy", &ir.Tensor{Type: ir.F64, Shape: []int{2}, Data: []float64{1, 0.1}}, ir.F32, nil, "element 1 (0.1) is not exactly representable as f32"},
		{"f32 to f16 rounds", &ir.Tensor{Type: ir.F32, Shape: []int{1}, Data: []float32{0.1}}, ir.F16, []float16.Float16{float16.Fromfloat32(0.1)}, ""},
		{"f32 to bf16 rounds to even", &ir.Tensor{Type: ir.F32, Shape: []int{2}, Data: []float32{math.Float32frombits(0x3F808000), math.Float32frombits(0x3F818000)}}, ir.BF16, []uint16{0x3F80, 0x3F82}, ""},
		{"i64 to i32 in range", &ir.Tensor{Type: ir.I64, Shape: []int{2}, Data: []int64{-5, 7}}, ir.I32, []int32{-5, 7}, ""},
		{"i64 to i32 overflow", &ir.Tensor{Type: ir.I64, Shape: []int{1}, Data: []int64{5000000000}}, ir.I32, nil, "i64 values and the model expects i32; element 0 (5000000000)"},
		{"i32 to u8 negative", &ir.Tensor{Type: ir.I32, Shape: []int{1}, Data: []int32{-1}}, ir.U8, nil, "not exactly representable as u8"},
		{"f32 integral to i64", &ir.Tensor{Type: ir.F32, Shape: []int{2}, Data: []float32{3, -4}}, ir.I64, []int64{3, -4}, ""},
		{"f32 fraction to i64", &ir.Tensor{Type: ir.F32, Shape: []int{1}, Data: []float32{3.5}}, ir.I64, nil, "element 0 (3.5)"},
		{"f32 NaN to i32", &ir.Tensor{Type: ir.F32, Shape: []int{1}, Data: []float32{float32(math.NaN())}}, ir.I32, nil, "element 0 (NaN)"},
		{"i64 to f32 exact", &ir.Tensor{Type: ir.I64, Shape: []int{1}, Data: []int64{1 << 24}}, ir.F32, []float32{1 << 24}, ""},
		{"i64 to f32 lossy", &ir.Tensor{Type: ir.I64, Shape: []int{1}, Data: []int64{1<<24 + 1}}, ir.F32, nil, "not exactly representable as f32"},
		{"i32 to f16 lossy", &ir.Tensor{Type: ir.I32, Shape: []int{1}, Data: []int32{2049}}, ir.F16, nil, "not exactly representable as f16"},
		{"u64 huge to i64", &ir.Tensor{Type: ir.U64, Shape: []int{1}, Data: []uint64{math.MaxUint64}}, ir.I64, nil, "not exactly representable"},
		{"bool to f32", &ir.Tensor{Type: ir.Boolean, Shape: []int{2}, Data: []bool{true, false}}, ir.F32, []float32{1, 0}, ""},
		{"u8 0/1 to bool", &ir.Tensor{Type: ir.U8, Shape: []int{2}, Data: []uint8{1, 0}}, ir.Boolean, []bool{true, false}, ""},
		{"u8 2 to bool", &ir.Tensor{Type: ir.U8, Shape: []int{1}, Data: []uint8{2}}, ir.Boolean, nil, "not exactly representable as boolean"},
		{"i8 to i4 range", &ir.Tensor{Type: ir.I8, Shape: []int{2}, Data: []int8{-8, 8}}, ir.I4, nil, "element 1 (8)"},
		{"same type", &ir.Tensor{Type: ir.U16, Shape: []int{1}, Data: []uint16{9}}, ir.U16, []uint16{9}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := convertInput(tc.in, tc.to)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.to, got.Type)
			require.Equal(t, tc.in.Shape, got.Shape)
			require.Equal(t, tc.want, got.Data)
		})
	}
}

func TestF64ToF16IsCorrectlyRounded(t *testing.T) {
	// 1 + 2^-11 is the midpoint between f16 1 and 1+2^-10: a tiny excess must round up,
	// which a plain f64->f32->f16 chain loses (the f32 rounding lands on the midpoint).
	v := 1 + math.Ldexp(1, -11) + math.Ldexp(1, -40)
	out, err := convertInput(&ir.Tensor{Type: ir.F64, Shape: []int{1}, Data: []float64{v}}, ir.F16)
	require.NoError(t, err)
	require.Equal(t, float32(1+math.Ldexp(1, -10)), out.Data.([]float16.Float16)[0].Float32())
	require.Equal(t, float16.Fromfloat32(1), float16.Fromfloat32(float32(v)), "the naive chain rounds down")
}

func TestF32ToBF16(t *testing.T) {
	require.Equal(t, uint16(0x3F80), f32ToBF16(1))
	require.Equal(t, uint16(0x7F80), f32ToBF16(float32(math.Inf(1))))
	nan := f32ToBF16(float32(math.NaN()))
	require.Equal(t, uint16(0x7F80), nan&0x7F80)
	require.NotZero(t, nan&0x7F)
	require.Equal(t, uint16(0x7F80), f32ToBF16(math.MaxFloat32), "rounds to infinity")
}

func TestRandomTensor(t *testing.T) {
	a, desc, err := randomTensor(ir.F32, []int{1000}, 1, 0)
	require.NoError(t, err)
	require.Equal(t, "random normal(0,1), seed 1", desc)
	var sum, sq float64
	for _, v := range a.Data.([]float32) {
		sum += float64(v)
		sq += float64(v) * float64(v)
	}
	require.InDelta(t, 0, sum/1000, 0.15)
	require.InDelta(t, 1, sq/1000, 0.2)
	b, _, _ := randomTensor(ir.F32, []int{1000}, 1, 1)
	require.NotEqual(t, a.Data, b.Data, "each input has its own stream")

	for _, tc := range []struct {
		typ    ir.ElementType
		lo, hi float64
	}{{ir.I32, -5, 5}, {ir.U8, 0, 10}, {ir.I64, -5, 5}, {ir.U4, 0, 10}, {ir.U1, 0, 1}, {ir.I4, -5, 5}, {ir.Boolean, 0, 1}, {ir.F16, -10, 10}, {ir.BF16, -10, 10}} {
		x, _, err := randomTensor(tc.typ, []int{500}, 3, 0)
		require.NoError(t, err, tc.typ)
		vals, ok := x.Float64s()
		require.True(t, ok)
		seen := map[float64]bool{}
		for _, v := range vals {
			require.GreaterOrEqual(t, v, tc.lo, tc.typ)
			require.LessOrEqual(t, v, tc.hi, tc.typ)
			seen[v] = true
		}
		require.Greater(t, len(seen), 1, tc.typ)
	}
	_, _, err = randomTensor(ir.String, []int{1}, 0, 0)
	require.ErrorContains(t, err, "cannot make random data of element type string")
}

func TestCompareTensors(t *testing.T) {
	f := func(v ...float32) *ir.Tensor { return &ir.Tensor{Type: ir.F32, Shape: []int{len(v)}, Data: v} }
	nan := float32(math.NaN())
	c, err := compareTensors(f(1, nan, float32(math.Inf(1))), f(1, nan, float32(math.Inf(1))), 0, 0)
	require.NoError(t, err)
	require.Zero(t, c.failed)

	// fails only when beyond both tolerances
	c, err = compareTensors(f(1.1, 100.5), f(1, 100), 0.2, 0)
	require.NoError(t, err)
	require.Equal(t, 1, c.failed)
	require.Equal(t, []int{1}, c.firstIdx)
	require.InDelta(t, 0.5, c.needAtol, 1e-6)
	c, err = compareTensors(f(1.1, 100.5), f(1, 100), 0.2, 0.01)
	require.NoError(t, err)
	require.Zero(t, c.failed)

	c, err = compareTensors(f(nan), f(1), 1, 1)
	require.NoError(t, err)
	require.Equal(t, 1, c.failed, "NaN differs from a number")
	_, err = compareTensors(f(1, 2), f(1), 0, 0)
	require.ErrorContains(t, err, "shape [2], reference shape [1]")
}

func TestSplitNamed(t *testing.T) {
	infos := []graph.TensorInfo{{Name: "a"}, {Name: "b=c", TensorNames: []string{"t:0"}}}
	idx, v, ok := splitNamed(infos, "b=c=file=1.npy")
	require.True(t, ok)
	require.Equal(t, 1, idx)
	require.Equal(t, "file=1.npy", v)
	idx, v, ok = splitNamed(infos, "t:0=x.npy")
	require.True(t, ok)
	require.Equal(t, 1, idx)
	require.Equal(t, "x.npy", v)
	_, _, ok = splitNamed(infos, "zz=x.npy")
	require.False(t, ok)
}

func TestFileName(t *testing.T) {
	used := map[string]bool{}
	require.Equal(t, "a_b_0.npy", fileName("a/b:0", used))
	require.Equal(t, "a_b_0_1.npy", fileName("a/b:0", used))
	require.Equal(t, "output.npy", fileName("..", used))
}
