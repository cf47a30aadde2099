package kernels

import (
	"context"
	"math"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

// Float functions against OpenVINO's op_reference vectors
// (src/plugins/template/tests/functional/op_reference/<op>.cpp); the reference values are
// printed to 7-9 digits, hence the tolerance.
func TestUnaryFloatReferenceVectors(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		name     string
		f        func(float64) float64
		in, want []float64
		tol      float64
	}{
		// relu.cpp
		{"relu", Relu, []float64{1, 8, -8, 17, -0.5}, []float64{1, 8, 0, 17, 0}, 0},
		// sigmoid.cpp: 1/(1+exp(-x)) for x = 1, 4
		{"sigmoid", Sigmoid, []float64{1, 4}, []float64{1 / (1 + math.Exp(-1)), 1 / (1 + math.Exp(-4))}, 1e-7},
		// gelu.cpp (erf mode)
		{"gelu_erf", GeluErf, []float64{-4, -3, -2, -1, 0, 1, 2, 3, -0.5, 0.1, 0.4},
			[]float64{-0.00012636185, -0.0040495098, -0.04550028, -0.15865529, 0, 0.8413447, 1.9544997, 2.9959507,
				-0.15426877, 0.05398279, 0.2621686}, 1e-6}, // -4 is given as -0.00012636 (exact: -0.00012668)
		// gelu.cpp (tanh mode; the 8-element vector is given with the erf values, hence 1e-3)
		{"gelu_tanh", GeluTanh, []float64{-0.5, 0.1, 0.4}, []float64{-0.15428599, 0.053982753, 0.262161165}, 1e-7},
		{"gelu_tanh_8", GeluTanh, []float64{-4, -3, -2, -1, 0, 1, 2, 3},
			[]float64{-0.00012636185, -0.0040495098, -0.04550028, -0.15865529, 0, 0.8413447, 1.9544997, 2.9959507}, 1e-3},
		// hswish.cpp
		{"hswish", HSwish, []float64{1, 8, -8, 17, -0.5, -1, 0.1, 0.6, 20, -7, -5.3, 3.5, -9, 11},
			[]float64{0.66666667, 8, 0, 17, -0.20833333, -0.33333333, 0.05166667, 0.36, 20, 0, 0, 3.5, 0, 11}, 1e-7},
		// hsigmoid.cpp
		{"hsigmoid", HSigmoid, []float64{-10, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 10},
			[]float64{0, 0, 0, 0, 0.16666667, 0.33333333, 0.5, 0.66666667, 0.83333333, 1, 1, 1, 1}, 1e-7},
		// softplus.cpp
		{"softplus", SoftPlus, []float64{-1, 0, 1, 20}, []float64{0.31326166, 0.69314718, 1.3132616, 20}, 1e-6},
		// elu.cpp, alpha 0.5 and -1
		{"elu_0.5", Elu(0.5), []float64{-2, 3, -2, 1, -1, 0}, []float64{-0.432332358, 3, -0.432332358, 1, -0.316060279, 0}, 1e-8},
		{"elu_-1", Elu(-1), []float64{-2, 3, -2, 1, -1, 0}, []float64{0.864664717, 3, 0.864664717, 1, 0.632120559, 0}, 1e-8},
		// tanh.cpp
		{"tanh", math.Tanh, []float64{-4, -2, -1, -0.5, -0.25, 0, 0.25, 0.5, 1, 2, 4},
			[]float64{-0.99932930, -0.96402758, -0.76159416, -0.46211716, -0.24491866, 0, 0.24491866, 0.46211716,
				0.76159416, 0.96402758, 0.99932930}, 1e-8},
		// sqrt.cpp (negative_inputs, floating_inputs)
		{"sqrt", math.Sqrt, []float64{-1, 4, -81, 100, 7, 0.9, 473.7891},
			[]float64{nan, 2, nan, 10, 2.6457512, 0.94868326, 21.766697}, 1e-6},
		// round.cpp
		{"round_even", math.RoundToEven, []float64{0.9, 2.5, 2.3, 1.5, -4.5, 0.1, 0.5, -2.5, -2.8},
			[]float64{1, 2, 2, 2, -4, 0, 0, -2, -3}, 0},
		{"round_away", math.Round, []float64{0.9, 2.5, 2.3, 1.5, -4.5}, []float64{1, 3, 2, 2, -5}, 0},
		// Hand-computed: softsign x/(1+|x|), sign, mish at 0 and large |x|.
		{"softsign", SoftSign, []float64{-3, 0, 1, 4}, []float64{-0.75, 0, 0.5, 0.8}, 0},
		{"sign", UnarySign, []float64{-2, -0.0, 0, 3, nan}, []float64{-1, 0, 0, 1, 0}, 0},
		{"mish", Mish, []float64{0, 100, 1000}, []float64{0, 100, 1000}, 1e-9},
		{"clamp", UnaryClamp(0.2, 0.6), []float64{-0.1, 0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, nan},
			[]float64{0.2, 0.2, 0.2, 0.2, 0.3, 0.4, 0.5, 0.6, 0.6, 0.6, nan}, 1e-12},
		{"clamp_inf", UnaryClamp(10, math.Inf(1)), []float64{math.Inf(-1), math.Inf(1), 9.99999, 20.000001},
			[]float64{10, math.Inf(1), 10, 20.000001}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := make([]float64, len(c.in))
			UnaryFloat(got, c.in, c.f)
			for i := range c.want {
				if math.IsNaN(c.want[i]) {
					require.True(t, math.IsNaN(got[i]), "element %d: %v", i, got[i])
					continue
				}
				require.InDelta(t, c.want[i], got[i], c.tol, "element %d of %v", i, c.in)
			}
			// The f32 path rounds once.
			in32 := make([]float32, len(c.in))
			for i, x := range c.in {
				in32[i] = float32(x)
			}
			got32 := make([]float32, len(c.in))
			UnaryFloat(got32, in32, c.f)
			for i := range got32 {
				w := float32(c.f(float64(in32[i])))
				if w != w {
					require.True(t, got32[i] != got32[i])
					continue
				}
				require.Equal(t, w, got32[i])
			}
		})
	}
	// Relu gives +0 for -0; Abs keeps -0.
	out := make([]float64, 2)
	UnaryFloat(out, []float64{math.Copysign(0, -1), math.Copysign(0, -1)}, Relu)
	require.False(t, math.Signbit(out[0]))
	UnaryFloat(out, []float64{math.Copysign(0, -1), -3}, UnaryAbs)
	require.True(t, math.Signbit(out[0]))
	require.Equal(t, 3.0, out[1])
}

// Integer rules against op_reference vectors: sqrt.cpp (integral_inputs, rounded),
// tanh.cpp (rounded), sigmoid.cpp, relu.cpp, exp.cpp (static_cast truncation), elu.cpp,
// floor.cpp / round.cpp (copy of large int64), clamp.cpp (min rounded up, max down).
func TestUnaryIntRules(t *testing.T) {
	i32 := func(rule UnaryIntRule, f func(float64) float64, in []int32, lo, hi float64) []int32 {
		out := make([]int32, len(in))
		require.NoError(t, UnaryInt(out, in, rule, f, lo, hi))
		return out
	}
	require.Equal(t, []int32{2, 3, 3, 3, 9, 7, 2, 1, 5, 15, 16, 22, 32, 333},
		i32(IntRuleRound, math.Sqrt, []int32{4, 7, 9, 10, 80, 55, 6, 1, 23, 233, 256, 474, 1024, 110889}, 0, 0))
	require.Equal(t, []int32{-1, -1, -1, 0, 1, 1, 1}, i32(IntRuleRound, math.Tanh, []int32{-4, -2, -1, 0, 1, 2, 4}, 0, 0))
	require.Equal(t, []int32{1, 1, 0, 0, 0}, i32(IntRuleSigmoid, nil, []int32{1, 4, -1, -4, 0}, 0, 0))
	require.Equal(t, []int32{1, 8, 0, 17, 0, 1, 8, 0, 17, 0},
		i32(IntRuleRelu, nil, []int32{1, 8, -8, 17, -2, 1, 8, -8, 17, -1}, 0, 0))
	// exp.cpp: static_cast<T>(expf(x)) for -4..3 and 13.
	require.Equal(t, []int32{0, 0, 0, 0, 1, 2, 7, 20, 442413},
		i32(IntRuleTrunc, math.Exp, []int32{-4, -3, -2, -1, 0, 1, 2, 3, 13}, 0, 0))
	// Saturation where C++ is undefined: exp(100) and log(0).
	require.Equal(t, []int32{math.MaxInt32}, i32(IntRuleTrunc, math.Exp, []int32{100}, 0, 0))
	require.Equal(t, []int32{math.MinInt32}, i32(IntRuleTrunc, math.Log, []int32{0}, 0, 0))
	// tan.cpp (unsigned): a negative result wraps as x86-64's conversion does; +Inf and
	// values above the range still saturate (atanh.cpp: atanh(1) on u32 is the maximum).
	t32 := make([]uint32, 5)
	require.NoError(t, UnaryInt(t32, []uint32{1, 2, 3, 4, 5}, IntRuleRound, math.Tan, 0, 0))
	require.Equal(t, []uint32{2, 0xFFFFFFFF - 1, 0, 1, 0xFFFFFFFF - 2}, t32)
	t64 := make([]uint64, 5)
	require.NoError(t, UnaryInt(t64, []uint64{1, 2, 3, 4, 5}, IntRuleRound, math.Tan, 0, 0))
	require.Equal(t, []uint64{2, math.MaxUint64 - 1, 0, 1, math.MaxUint64 - 2}, t64)
	t8 := make([]uint8, 2)
	require.NoError(t, UnaryInt(t8, []uint8{100, 200}, IntRuleTrunc, math.Exp, 0, 0))
	require.Equal(t, []uint8{255, 255}, t8)
	// elu.cpp (integers): alpha 0.5 and -1 truncate to 0 for negatives.
	require.Equal(t, []int32{0, 3, 0, 1, 0, 0}, i32(IntRuleTrunc, Elu(0.5), []int32{-2, 3, -2, 1, -1, 0}, 0, 0))
	require.Equal(t, []int32{0, 3, 0, 1, 0, 0}, i32(IntRuleTrunc, Elu(-1), []int32{-2, 3, -2, 1, -1, 0}, 0, 0))
	// clamp.cpp (int): [0.4, 5.6] -> [1, 5]; [-5.6, -0.4] -> [-5, -1]; infinities.
	require.Equal(t, []int32{1, 3, 1, 5, 5, 2}, i32(IntRuleClamp, nil, []int32{-1, 3, -10, 20, 6, 2}, 0.4, 5.6))
	require.Equal(t, []int32{-5, -1, -2, -1, -1, -1}, i32(IntRuleClamp, nil, []int32{-6, 1, -2, 0, -1, 2}, -5.6, -0.4))
	require.Equal(t, []int32{10, math.MaxInt32, 10, 10, 11, 19, 20, 21},
		i32(IntRuleClamp, nil, []int32{math.MinInt32, math.MaxInt32, 9, 10, 11, 19, 20, 21}, 10, math.Inf(1)))
	require.Equal(t, []int32{math.MinInt32, 20, 9, 10, 11, 19, 20, 20},
		i32(IntRuleClamp, nil, []int32{math.MinInt32, math.MaxInt32, 9, 10, 11, 19, 20, 21}, math.Inf(-1), 20))
	// Atanh: type limits by sign.
	require.Equal(t, []int32{math.MinInt32, 0, math.MaxInt32}, i32(IntRuleAtanh, nil, []int32{-3, 0, 2}, 0, 0))
	// Abs and Negate wrap at the minimum, as T(-x) does.
	require.Equal(t, []int32{math.MinInt32, 5, 0}, i32(IntRuleAbs, nil, []int32{math.MinInt32, -5, 0}, 0, 0))
	require.Equal(t, []int32{math.MinInt32, 5, -7}, i32(IntRuleNegate, nil, []int32{math.MinInt32, -5, 7}, 0, 0))
	require.Equal(t, []int32{-1, 0, 1}, i32(IntRuleSign, nil, []int32{-9, 0, 4}, 0, 0))

	// floor.cpp / round.cpp: int64 values beyond 2^53 are copied exactly.
	in64 := []int64{0, 1, 0x4000000000000001}
	out64 := make([]int64, 3)
	require.NoError(t, UnaryInt(out64, in64, IntRuleCopy, nil, 0, 0))
	require.Equal(t, in64, out64)

	// Unsigned: tanh.cpp u32 {0,1,2,4} -> {0,1,1,1}; sigmoid.cpp u32 {1,4} -> 1; clamp.cpp
	// uint with -inf min gives the type's minimum; negate wraps modulo 2^32.
	u32 := func(rule UnaryIntRule, f func(float64) float64, in []uint32, lo, hi float64) []uint32 {
		out := make([]uint32, len(in))
		require.NoError(t, UnaryInt(out, in, rule, f, lo, hi))
		return out
	}
	require.Equal(t, []uint32{0, 1, 1, 1}, u32(IntRuleRound, math.Tanh, []uint32{0, 1, 2, 4}, 0, 0))
	require.Equal(t, []uint32{1, 1, 0, 0}, u32(IntRuleSigmoid, nil, []uint32{1, 4, 0, 1 << 31}, 0, 0))
	require.Equal(t, []uint32{0, 20, 9, 10, 11, 19, 20, 20},
		u32(IntRuleClamp, nil, []uint32{0, math.MaxInt32, 9, 10, 11, 19, 20, 21}, math.Inf(-1), 20))
	require.Equal(t, []uint32{10, math.MaxInt32, 10, 10, 11, 19, 20, 21},
		u32(IntRuleClamp, nil, []uint32{0, math.MaxInt32, 9, 10, 11, 19, 20, 21}, 10, float64(math.MaxInt32)))
	require.Equal(t, []uint32{math.MaxUint32, 0}, u32(IntRuleNegate, nil, []uint32{1, 0}, 0, 0))
	require.Equal(t, []uint32{7, 0}, u32(IntRuleAbs, nil, []uint32{7, 0}, 0, 0))
	require.Equal(t, []uint32{1 << 31, 3}, u32(IntRuleRelu, nil, []uint32{1 << 31, 3}, 0, 0))
	require.Equal(t, []uint32{0, 0}, u32(IntRuleTrunc, math.Log, []uint32{0, 1}, 0, 0), "log(0) = -inf saturates at 0")

	// u8 sigmoid uses the signed reinterpretation: 200 is -56.
	u8out := make([]uint8, 2)
	require.NoError(t, UnaryInt(u8out, []uint8{200, 100}, IntRuleSigmoid, nil, 0, 0))
	require.Equal(t, []uint8{0, 1}, u8out)
	// u64 extremes.
	u64out := make([]uint64, 2)
	require.NoError(t, UnaryInt(u64out, []uint64{1, 2}, IntRuleAtanh, nil, 0, 0))
	require.Equal(t, []uint64{math.MaxUint64, math.MaxUint64}, u64out)
	require.NoError(t, UnaryInt(u64out, []uint64{0, math.MaxUint64}, IntRuleRound, math.Sqrt, 0, 0))
	require.Equal(t, []uint64{0, 1 << 32}, u64out)
	i8out := make([]int8, 3)
	require.NoError(t, UnaryInt(i8out, []int8{-128, 127, 10}, IntRuleClamp, nil, -1000, 1e9))
	require.Equal(t, []int8{-128, 127, 10}, i8out)

	// No kernel for IntRuleNone; no function for IntRuleTrunc.
	require.Error(t, UnaryInt(out64, in64, IntRuleNone, nil, 0, 0))
	require.Error(t, UnaryInt(out64, in64, IntRuleTrunc, nil, 0, 0))
}

func TestUnaryPredicates(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	in := []float32{float32(inf), float32(-inf), float32(nan), 0, -1.5}
	out := make([]bool, len(in))
	// is_inf.cpp semantics: detect both, positive only, negative only, none.
	UnaryPredicate(out, in, IsInf(true, true))
	require.Equal(t, []bool{true, true, false, false, false}, out)
	UnaryPredicate(out, in, IsInf(false, true))
	require.Equal(t, []bool{true, false, false, false, false}, out)
	UnaryPredicate(out, in, IsInf(true, false))
	require.Equal(t, []bool{false, true, false, false, false}, out)
	UnaryPredicate(out, in, IsInf(false, false))
	require.Equal(t, []bool{false, false, false, false, false}, out)
	UnaryPredicate(out, in, IsNaN)
	require.Equal(t, []bool{false, false, true, false, false}, out)
	UnaryPredicate(out, in, IsFinite)
	require.Equal(t, []bool{false, false, false, true, true}, out)
}

// PRelu against op_reference/prelu.cpp vectors.
func TestPRelu(t *testing.T) {
	cases := []struct {
		name          string
		x             []int
		xs            []float32
		s             []int
		slope, expect []float32
	}{
		{"scalar_slope", []int{6}, []float32{1, 2, -3, -4, 5, 6}, []int{1}, []float32{2}, []float32{1, 2, -6, -8, 5, 6}},
		{"full_slope", []int{6}, []float32{1, 2, -3, -4, 5, 6}, []int{6}, []float32{2, 3, 4, 5, 6, 7}, []float32{1, 2, -12, -20, 5, 6}},
		{"3x2_C2", []int{3, 2}, []float32{-1, -1, -1, -1, -1, -1}, []int{2}, []float32{2, 0.5}, []float32{-2, -0.5, -2, -0.5, -2, -0.5}},
		{"2x6_slope6", []int{2, 6}, []float32{1, 2, -3, -4, 5, 6, 7, 8, -9, -10, 11, 12}, []int{6}, []float32{1, 2, 3, 4, 5, 6},
			[]float32{1, 2, -9, -16, 5, 6, 7, 8, -27, -40, 11, 12}},
		{"2x2x2_neg_slope", []int{2, 2, 2}, []float32{-0.5, -2, -3, -4, -5, -6, -7, -8}, []int{2}, []float32{-0.5, -2},
			[]float32{0.25, 1, 6, 8, 2.5, 3, 14, 16}},
		{"2x2x2x2_slope_2x1x2", []int{2, 2, 2, 2}, []float32{1, 2, -3, -4, 1, 2, -3, -4, 1, 2, -3, -4, 1, 2, -3, -4},
			[]int{2, 1, 2}, []float32{1, 2, 3, 4}, []float32{1, 2, -3, -8, 1, 2, -9, -16, 1, 2, -3, -8, 1, 2, -9, -16}},
		{"2x1x2_slope2_numpy", []int{2, 1, 2}, []float32{-10, -10, -10, -10}, []int{2}, []float32{0.1, 10},
			[]float32{-1, -100, -1, -100}},
		{"1x2x1x2_slope2_channel", []int{1, 2, 1, 2}, []float32{-10, -10, -10, -10}, []int{2}, []float32{0.1, 10},
			[]float32{-1, -1, -100, -100}},
		{"1x5x1x1", []int{1, 5, 1, 1}, []float32{-1, 0, -1, -1, -1}, []int{5}, []float32{1, 2, 3, 4, 5},
			[]float32{-1, 0, -3, -4, -5}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := NewPReluPlan(c.x, c.s)
			require.NoError(t, err)
			got := make([]float32, len(c.xs))
			require.NoError(t, PRelu(p, got, c.xs, c.slope))
			require.InDeltaSlice(t, c.expect, got, 1e-6)
		})
	}
	// prelu.cpp 2x3x4x5 cases: slope [5] broadcasts on the last axis (5 != channels 3),
	// slope [3] and [3,1,1] along the channels.
	x := make([]float32, 120)
	for i := range x {
		x[i] = -1
	}
	got := make([]float32, 120)
	for _, s := range [][]int{{5}, {3}, {3, 1, 1}} {
		n := 1
		for _, d := range s {
			n *= d
		}
		slope := make([]float32, n)
		for i := range slope {
			slope[i] = float32(i)
		}
		p, err := NewPReluPlan([]int{2, 3, 4, 5}, s)
		require.NoError(t, err)
		require.NoError(t, PRelu(p, got, x, slope))
		for i := range got {
			var want float32
			if n == 5 {
				want = -float32(i % 5)
			} else {
				want = -float32(i / 20 % 3)
			}
			require.Equal(t, want, got[i], "slope %v element %d", s, i)
		}
	}
	// Integer PRelu (prelu.cpp i8).
	pi, err := NewPReluPlan([]int{6}, []int{1})
	require.NoError(t, err)
	gi := make([]int8, 6)
	require.NoError(t, PRelu(pi, gi, []int8{1, 2, -3, -4, 5, 6}, []int8{2}))
	require.Equal(t, []int8{1, 2, -6, -8, 5, 6}, gi)
	// Scalar data.
	ps, err := NewPReluPlan([]int{}, []int{})
	require.NoError(t, err)
	g1 := make([]float64, 1)
	require.NoError(t, PRelu(ps, g1, []float64{-2}, []float64{0.5}))
	require.Equal(t, []float64{-1}, g1)
	// A slope that does not broadcast, and wrong lengths, are errors.
	_, err = NewPReluPlan([]int{2, 3}, []int{4})
	require.Error(t, err)
	_, err = NewPReluPlan([]int{3}, []int{2, 3})
	require.Error(t, err)
	require.Error(t, PRelu(pi, gi[:5], []int8{1, 2, -3, -4, 5, 6}, []int8{2}))
	require.Error(t, PRelu(pi, gi, []int8{1, 2, -3, -4, 5, 6}, []int8{2, 3}))
}

func TestSatIntAndSigned(t *testing.T) {
	require.Equal(t, int64(math.MaxInt64), unarySat[int64](1e19))
	require.Equal(t, int64(math.MinInt64), unarySat[int64](-1e19))
	require.Equal(t, uint64(math.MaxUint64), unarySat[uint64](1e20))
	require.Equal(t, uint8(0), unarySat[uint8](-3))
	require.Equal(t, int8(0), unarySat[int8](math.NaN()))
	require.Equal(t, int16(-7), unarySat[int16](-7))
	lo, hi := unaryLimits[int16]()
	require.Equal(t, int16(math.MinInt16), lo)
	require.Equal(t, int16(math.MaxInt16), hi)
	require.Equal(t, int64(-1), unarySigned[uint16](0xffff))
	require.Equal(t, int64(-1), unarySigned[uint64](math.MaxUint64))
	require.Equal(t, int64(5), unarySigned[uint32](5))
}

func TestUnaryLoop(t *testing.T) {
	w := NewWorkers(3)
	defer w.Close()
	const n = 5*unaryBlock + 17
	hits := make([]int32, n)
	l := NewUnaryLoop(func(lo, hi int) {
		for i := lo; i < hi; i++ {
			hits[i]++
		}
	})
	for _, ws := range []*Workers{nil, w} {
		for i := range hits {
			hits[i] = 0
		}
		require.NoError(t, l.Run(context.Background(), ws, n))
		for i, h := range hits {
			require.Equal(t, int32(1), h, "element %d", i)
		}
	}
	require.NoError(t, l.Run(context.Background(), w, 0))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.ErrorIs(t, l.Run(ctx, w, n), context.Canceled)
	require.ErrorIs(t, l.Run(ctx, nil, 10), context.Canceled)
}

// TestThrUnaryLoopBands: with SetPlane, every element runs once, and on a Workers each
// body call stays inside one plane; planes too small for bands, or not dividing n, run
// as flat blocks.
func TestThrUnaryLoopBands(t *testing.T) {
	for _, threads := range []int{1, 2, 3} {
		w := NewWorkers(threads)
		for _, tc := range []struct{ n, plane int }{
			{40 * 4096, 4096}, {3 * 25000, 25000}, {3 * 90000, 90000}, {2 * 40001, 40001}, {256 * 169, 169}, {64 * 1000, 1000},
			{5*unaryBlock + 17, 100}, {200 * 3, 3}, {10, 5}, {40 * 2048, 2048}, {20 * 3000, 3000},
		} {
			hits := make([]int32, tc.n)
			var split atomic.Bool // written by every worker
			l := NewUnaryLoop(func(lo, hi int) {
				if lo/tc.plane != (hi-1)/tc.plane {
					split.Store(true)
				}
				for i := lo; i < hi; i++ {
					hits[i]++
				}
			})
			l.SetPlane(tc.plane)
			require.NoError(t, l.Run(context.Background(), w, tc.n))
			for i, h := range hits {
				require.Equal(t, int32(1), h, "threads %d n %d plane %d element %d", threads, tc.n, tc.plane, i)
			}
			if threads > 1 && tc.n%tc.plane == 0 && tc.plane >= threads*thrBandMin && tc.n >= 2*unaryBlock {
				require.False(t, split.Load(), "band mode: one plane per call")
			}
		}
		w.Close()
	}
}

// TestThrBand: the bands of a plane are contiguous, cover it and differ in size by at
// most one element.
func TestThrBand(t *testing.T) {
	for _, tc := range []struct{ n, nb int }{{169, 2}, {4096, 3}, {7, 2}, {100, 4}} {
		end := 0
		for b := 0; b < tc.nb; b++ {
			lo, hi := thrBand(tc.n, tc.nb, b)
			require.Equal(t, end, lo)
			require.LessOrEqual(t, hi-lo-tc.n/tc.nb, 1)
			require.GreaterOrEqual(t, hi-lo, tc.n/tc.nb)
			end = hi
		}
		require.Equal(t, tc.n, end)
	}
}
