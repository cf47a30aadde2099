package kernels

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// Expected values here come from the OpenVINO specification examples
// (max-pool-8.rst), the template plugin's reference tests
// (op_reference/avg_pool.cpp), the semantics document §12, or were worked by
// hand; none is produced by the code under test.

var (
	negZero = float32(math.Copysign(0, -1))
	nan32   = float32(math.NaN())
	inf32   = float32(math.Inf(1))
	low32   = float32(-math.MaxFloat32)
)

func win(n, c int, in, out, k, s, pb, pe []int) Window {
	return Window{N: n, C: c, In: in, Out: out, Kernel: k, Strides: s, PadsBegin: pb, PadsEnd: pe}
}

type maxCase struct {
	name   string
	g      Window
	axis   int
	src    []float32
	want   []float32
	wantIx []int64
}

// runAllMax checks the reference and the fast kernel (nil Workers and 1..3
// threads) against the expected values, bit for bit, with int64 and int32
// indices and without indices.
func runAllMax(t *testing.T, g Window, axis int, src, want []float32, wantIx []int64) {
	t.Helper()
	check := func(name string, got []float32, gotIx []int64) {
		t.Helper()
		require.Equal(t, bitsOf(want), bitsOf(got), "%s values %v", name, got)
		if gotIx != nil {
			require.Equal(t, wantIx, gotIx, name+" indices")
		}
	}
	dst := make([]float32, len(want))
	ix := make([]int64, len(want))
	require.NoError(t, MaxPoolReference(g, src, dst, ix, axis))
	check("reference", dst, ix)
	for th := 0; th <= 3; th++ {
		var w *Workers
		if th > 0 {
			w = NewWorkers(th)
		}
		dst := make([]float32, len(want))
		ix := make([]int64, len(want))
		require.NoError(t, MaxPool(w, g, src, dst, ix, axis))
		check("fast", dst, ix)
		ix32 := make([]int32, len(want))
		require.NoError(t, MaxPool(w, g, src, dst, ix32, axis))
		got := make([]int64, len(ix32))
		for i, v := range ix32 {
			got[i] = int64(v)
		}
		check("fast/i32", dst, got)
		require.NoError(t, MaxPool[float32, int64](w, g, src, dst, nil, axis))
		check("fast/values", dst, nil)
		w.Close()
	}
}

func bitsOf(v []float32) []uint32 {
	b := make([]uint32, len(v))
	for i, f := range v {
		b[i] = math.Float32bits(f)
	}
	return b
}

func TestMaxPoolSpecExamples(t *testing.T) {
	ex := []float32{-1, 2, 3, 4, 5, -6, -7, 8, 9}
	cases := []maxCase{
		{ // Example 1; position (1,3) corrected to 3/idx 2 (semantics §2.4)
			name: "ex1-explicit-pads", g: win(1, 1, []int{3, 3}, []int{4, 4}, []int{2, 2}, []int{1, 1}, []int{1, 1}, []int{1, 1}),
			src:    ex,
			want:   []float32{-1, 2, 3, 3, 4, 5, 5, 3, 4, 8, 9, 9, -7, 8, 9, 9},
			wantIx: []int64{0, 1, 2, 2, 3, 4, 4, 2, 3, 7, 8, 8, 6, 7, 8, 8},
		},
		{
			name: "ex2-1d-valid", g: win(1, 1, []int{7}, []int{5}, []int{3}, []int{1}, nil, nil),
			src:    []float32{-1, 2, 3, 5, -7, 9, 1},
			want:   []float32{3, 5, 5, 9, 9},
			wantIx: []int64{2, 3, 3, 5, 5},
		},
		{ // same_lower k=2 s=1: pads (1,0)
			name: "ex3-same-lower", g: win(1, 1, []int{3, 3}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{1, 1}, []int{0, 0}),
			src:    ex,
			want:   []float32{-1, 2, 3, 4, 5, 5, 4, 8, 9},
			wantIx: []int64{0, 1, 2, 3, 4, 4, 3, 7, 8},
		},
		{ // same_upper, two channels: pads (0,1)
			name: "ex4-same-upper", g: win(1, 2, []int{3, 3}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{0, 0}, []int{1, 1}),
			src:    append(append([]float32{}, ex...), 2, -1, 5, 6, -7, 1, 8, 2, -3),
			want:   []float32{5, 5, 3, 8, 9, 9, 8, 9, 9, 6, 5, 5, 8, 2, 1, 8, 2, -3},
			wantIx: []int64{4, 4, 2, 7, 8, 8, 7, 8, 8, 12, 11, 11, 15, 16, 14, 15, 16, 17},
		},
		{
			name: "ex5-valid-ceil", g: win(1, 1, []int{3, 3}, []int{2, 2}, []int{2, 2}, []int{2, 2}, nil, nil),
			src:    ex,
			want:   []float32{5, 3, 8, 9},
			wantIx: []int64{4, 2, 7, 8},
		},
		{
			name: "ex7-axis2", g: win(1, 2, []int{3, 3}, []int{2, 2}, []int{2, 2}, []int{1, 1}, nil, nil), axis: 2,
			src:    []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18},
			want:   []float32{5, 6, 8, 9, 14, 15, 17, 18},
			wantIx: []int64{4, 5, 7, 8, 4, 5, 7, 8},
		},
		{
			name: "ex7-axis0", g: win(1, 2, []int{3, 3}, []int{2, 2}, []int{2, 2}, []int{1, 1}, nil, nil), axis: 0,
			src:    []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18},
			want:   []float32{5, 6, 8, 9, 14, 15, 17, 18},
			wantIx: []int64{4, 5, 7, 8, 13, 14, 16, 17},
		},
		{ // axis 3 is lossy: idx % W (semantics §3.3)
			name: "ex7-axis3", g: win(1, 2, []int{3, 3}, []int{2, 2}, []int{2, 2}, []int{1, 1}, nil, nil), axis: 3,
			src:    []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18},
			want:   []float32{5, 6, 8, 9, 14, 15, 17, 18},
			wantIx: []int64{1, 2, 1, 2, 1, 2, 1, 2},
		},
		{ // axis 1 on N=2: index within the batch item
			name: "axis1-n2", g: win(2, 1, []int{3}, []int{1}, []int{3}, []int{1}, nil, nil), axis: 1,
			src:    []float32{1, 9, 2, 7, 3, 4},
			want:   []float32{9, 7},
			wantIx: []int64{1, 0},
		},
		{ // axis 0 on N=2: flat over the whole tensor
			name: "axis0-n2", g: win(2, 1, []int{3}, []int{1}, []int{3}, []int{1}, nil, nil),
			src:    []float32{1, 9, 2, 7, 3, 4},
			want:   []float32{9, 7},
			wantIx: []int64{1, 3},
		},
		{
			name: "ex6-dilation", g: Window{N: 1, C: 1, In: []int{3, 3}, Out: []int{3, 3}, Kernel: []int{2, 2}, Strides: []int{1, 1},
				Dilations: []int{2, 2}, PadsBegin: []int{1, 1}, PadsEnd: []int{1, 1}},
			src:    []float32{1, 2, 3, 4, 5, 6, 7, 8, 9},
			want:   []float32{5, 6, 5, 8, 9, 8, 5, 6, 5},
			wantIx: []int64{4, 5, 4, 7, 8, 7, 4, 5, 4},
		},
		{ // §2.3: ceil overhang windows with no valid tap give lowest and the plane's index 0
			name: "ceil-empty-windows", g: win(1, 2, []int{3, 3}, []int{3, 3}, []int{2, 2}, []int{2, 2}, []int{1, 1}, []int{1, 1}),
			src:    []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9},
			want:   []float32{1, 3, low32, 7, 9, low32, low32, low32, low32, 1, 3, low32, 7, 9, low32, low32, low32, low32},
			wantIx: []int64{0, 2, 0, 6, 8, 0, 0, 0, 0, 9, 11, 9, 15, 17, 9, 9, 9, 9},
		},
		{ // ceil_torch variant of the same (pooling_shape_rules Example 5)
			name: "ceil-torch", g: win(1, 1, []int{3, 3}, []int{2, 2}, []int{2, 2}, []int{2, 2}, []int{1, 1}, []int{1, 1}),
			src:    []float32{1, 2, 3, 4, 5, 6, 7, 8, 9},
			want:   []float32{1, 3, 7, 9},
			wantIx: []int64{0, 2, 6, 8},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runAllMax(t, c.g, c.axis, c.src, c.want, c.wantIx) })
	}
}

func TestMaxPoolEdgeCases(t *testing.T) {
	one := func(n int, k int) Window { return win(1, 1, []int{n}, []int{n - k + 1}, []int{k}, []int{1}, nil, nil) }
	cases := []maxCase{
		{name: "tie-first-wins", g: one(4, 4), src: []float32{2, 5, 5, 1}, want: []float32{5}, wantIx: []int64{1}},
		{name: "neg-zero-first", g: one(2, 2), src: []float32{negZero, 0}, want: []float32{negZero}, wantIx: []int64{0}},
		{name: "pos-zero-first", g: one(2, 2), src: []float32{0, negZero}, want: []float32{0}, wantIx: []int64{0}},
		{name: "nan-skipped", g: one(3, 3), src: []float32{nan32, 1, nan32}, want: []float32{1}, wantIx: []int64{1}},
		{name: "all-nan", g: one(2, 2), src: []float32{nan32, nan32}, want: []float32{low32}, wantIx: []int64{0}},
		{name: "all-neg-inf", g: one(2, 2), src: []float32{-inf32, -inf32}, want: []float32{low32}, wantIx: []int64{0}},
		{name: "lowest-not-taken", g: one(3, 3), src: []float32{nan32, low32, -inf32}, want: []float32{low32}, wantIx: []int64{0}},
		{name: "inf", g: one(3, 3), src: []float32{1, inf32, inf32}, want: []float32{inf32}, wantIx: []int64{1}},
		{name: "nan-then-neg-inf-then-value", g: one(3, 3), src: []float32{-inf32, nan32, -3}, want: []float32{-3}, wantIx: []int64{2}},
		{ // a separable-pooling trap: row-major first zero is +0 at (0,1)
			name: "zero-sign-row-major", g: win(1, 1, []int{2, 2}, []int{1, 1}, []int{2, 2}, []int{1, 1}, nil, nil),
			src: []float32{-1, 0, negZero, -1}, want: []float32{0}, wantIx: []int64{1},
		},
		{ // and the tie across rows: (0,2) before (1,0)
			name: "tie-row-major", g: win(1, 1, []int{2, 3}, []int{1, 1}, []int{2, 3}, []int{1, 1}, nil, nil),
			src: []float32{1, 1, 7, 7, 1, 1}, want: []float32{7}, wantIx: []int64{2},
		},
		{ // 3-D: depth scanned first
			name: "3d-depth-first", g: win(1, 1, []int{2, 1, 2}, []int{1, 1, 1}, []int{2, 1, 2}, []int{1, 1, 1}, nil, nil),
			src: []float32{0, 7, 7, 1}, want: []float32{7}, wantIx: []int64{1},
		},
		{ // pads larger than the kernel: windows wholly in padding
			name: "pads-beyond-kernel", g: win(1, 1, []int{2}, []int{5}, []int{1}, []int{1}, []int{2}, []int{1}),
			src: []float32{4, 3}, want: []float32{low32, low32, 4, 3, low32}, wantIx: []int64{0, 0, 0, 1, 0},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runAllMax(t, c.g, c.axis, c.src, c.want, c.wantIx) })
	}
}

func TestMaxPoolIntegerLowest(t *testing.T) {
	// Unsigned lowest() is 0: an all-zero window keeps index 0, an empty
	// window gives 0.
	g := win(1, 1, []int{3}, []int{3}, []int{2}, []int{2}, []int{1}, []int{1})
	src := []uint8{0, 0, 9}
	for _, w := range []*Workers{nil, NewWorkers(2)} {
		dst := make([]uint8, 3)
		ix := make([]int64, 3)
		require.NoError(t, MaxPool(w, g, src, dst, ix, 0))
		require.Equal(t, []uint8{0, 9, 0}, dst)
		require.Equal(t, []int64{0, 2, 0}, ix)
		require.NoError(t, MaxPoolReference(g, src, dst, ix, 0))
		require.Equal(t, []uint8{0, 9, 0}, dst)
		require.Equal(t, []int64{0, 2, 0}, ix)
		// signed: lowest is the minimum, never taken
		s8 := []int8{-128, -128, -5}
		d8 := make([]int8, 3)
		require.NoError(t, MaxPool(w, g, s8, d8, ix, 0))
		require.Equal(t, []int8{-128, -5, -128}, d8)
		require.Equal(t, []int64{0, 2, 0}, ix)
		w.Close()
	}
}

func TestIndexWraps(t *testing.T) {
	// Indices are computed in 64 bits and converted, so int32 wraps.
	out := make([]int32, 2)
	writeIdx(out, []int32{5, 7}, 1<<32+3)
	require.Equal(t, []int32{8, 10}, out)
}

type avgCase struct {
	name       string
	g          Window
	excludePad bool
	src, want  []float32
}

func TestAvgPoolTemplateVectors(t *testing.T) {
	seq := func(n int) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(i + 1)
		}
		return v
	}
	w4 := func(in, out, k, s, pb, pe []int) Window { return win(1, 1, in, out, k, s, pb, pe) }
	cases := []avgCase{
		{"3x3-k2", w4([]int{3, 3}, []int{2, 2}, []int{2, 2}, []int{1, 1}, nil, nil), true, seq(9), []float32{3, 4, 6, 7}},
		{"4x4-k3-ceil", w4([]int{4, 4}, []int{2, 2}, []int{3, 3}, []int{1, 1}, nil, nil), true, seq(16), []float32{6, 7, 10, 11}},
		{"2x2-pad-exclude", w4([]int{2, 2}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{1, 1}, []int{1, 1}), true, seq(4),
			[]float32{1, 1.5, 2, 2, 2.5, 3, 3, 3.5, 4}},
		{"1x5-exclude", w4([]int{1, 5}, []int{1, 3}, []int{3, 3}, []int{1, 2}, []int{1, 1}, []int{1, 1}), true, seq(5),
			[]float32{1.5, 3, 4.5}},
		{"1x5-include", w4([]int{1, 5}, []int{1, 3}, []int{3, 3}, []int{1, 2}, []int{1, 1}, []int{1, 1}), false,
			[]float32{2.5, 2, 12, 4, 5}, []float32{0.5, 2, 1}},
		{"same-upper-include", w4([]int{3, 3}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{0, 0}, []int{1, 1}), false, seq(9),
			[]float32{3, 4, 2.25, 6, 7, 3.75, 3.75, 4.25, 2.25}},
		{"same-lower-include", w4([]int{3, 3}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{1, 1}, []int{0, 0}), false, seq(9),
			[]float32{0.25, 0.75, 1.25, 1.25, 3, 4, 2.75, 6, 7}},
		{"3d-valid", w4([]int{2, 2, 2}, []int{2, 2, 1}, []int{1, 1, 2}, []int{1, 1, 1}, nil, nil), true, seq(8),
			[]float32{1.5, 3.5, 5.5, 7.5}},
		{"ceil-empty-zero", w4([]int{3, 3}, []int{3, 3}, []int{2, 2}, []int{2, 2}, []int{1, 1}, []int{1, 1}), true, seq(9),
			[]float32{1, 2.5, 0, 5.5, 7, 0, 0, 0, 0}},
		// semantics §5.3: pads zero, exclude=false still counts only valid taps
		{"valid-ceil-include", w4([]int{8}, []int{4}, []int{3}, []int{2}, nil, nil), false, seq(8), []float32{2, 4, 6, 7.5}},
		// ceil_torch keeps OpenVINO's divisor: the last window divides by 3
		{"ceil-torch-divisor", w4([]int{4}, []int{3}, []int{3}, []int{2}, []int{1}, []int{1}), false, seq(4),
			[]float32{1, 3, float32(4.0 / 3.0)}},
		// pads counted on a zero-pad axis too: divisor = full kernel volume
		{"include-other-axis", w4([]int{2, 2}, []int{1, 2}, []int{2, 2}, []int{1, 1}, []int{0, 1}, []int{0, 0}), false, seq(4),
			[]float32{4.0 / 4, 10.0 / 4}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dst := make([]float32, len(c.want))
			require.NoError(t, AvgPoolReference(c.g, c.src, dst, c.excludePad))
			require.InDeltaSlice(t, c.want, dst, 1e-6)
			for th := 0; th <= 3; th++ {
				var w *Workers
				if th > 0 {
					w = NewWorkers(th)
				}
				dst := make([]float32, len(c.want))
				require.NoError(t, AvgPool(w, c.g, c.src, dst, c.excludePad))
				require.InDeltaSlice(t, c.want, dst, 1e-6)
				w.Close()
			}
		})
	}
}

func avgInt[T Number](t *testing.T, src, want []T) {
	t.Helper()
	g := win(1, 1, []int{len(src)}, []int{1}, []int{len(src)}, []int{1}, nil, nil)
	dst := make([]T, 1)
	require.NoError(t, AvgPoolReference(g, src, dst, true))
	require.Equal(t, want, dst, "reference %v", src)
	require.NoError(t, AvgPool(nil, g, src, dst, true))
	require.Equal(t, want, dst, "fast %v", src)
	ad := Adaptive{N: 1, C: 1, In: []int{len(src)}, Out: []int{1}}
	require.NoError(t, AdaptiveAvgPoolReference(ad, src, dst))
	require.Equal(t, want, dst, "adaptive reference %v", src)
	require.NoError(t, AdaptiveAvgPool(nil, ad, src, dst))
	require.Equal(t, want, dst, "adaptive fast %v", src)
}

func TestAvgPoolIntegerRounding(t *testing.T) {
	// Round half to even, signed arithmetic, no overflow.
	avgInt(t, []int32{1, 2}, []int32{2})
	avgInt(t, []int32{2, 3}, []int32{2})
	avgInt(t, []int32{-1, -2}, []int32{-2})
	avgInt(t, []int32{-2, -3}, []int32{-2})
	avgInt(t, []int32{1, 2, 2}, []int32{2})
	avgInt(t, []int32{-1, -1, 0}, []int32{-1})
	avgInt(t, []int32{-1, 0, 0}, []int32{0})
	avgInt(t, []uint8{255, 254}, []uint8{254})
	avgInt(t, []uint8{255, 255}, []uint8{255})
	avgInt(t, []int8{-128, -127}, []int8{-128})
	avgInt(t, []int8{-128, -128, 127}, []int8{-43})
	avgInt(t, []int16{7, 8, 8, 8}, []int16{8})
	avgInt(t, []uint16{1, 2, 3, 4}, []uint16{2})
	avgInt(t, []uint32{math.MaxUint32, math.MaxUint32, 0}, []uint32{2863311530})
	avgInt(t, []int64{math.MaxInt64, math.MaxInt64}, []int64{math.MaxInt64})
	avgInt(t, []int64{math.MinInt64, math.MinInt64, math.MinInt64}, []int64{math.MinInt64})
	avgInt(t, []int64{math.MinInt64, math.MaxInt64}, []int64{0}) // -0.5 → 0
	avgInt(t, []uint64{math.MaxUint64, math.MaxUint64 - 1}, []uint64{math.MaxUint64 - 1})
	avgInt(t, []uint64{math.MaxUint64, math.MaxUint64}, []uint64{math.MaxUint64})
}

func TestAdaptiveHandWorked(t *testing.T) {
	type tc struct {
		name             string
		g                Adaptive
		src              []float32
		wantMax, wantAvg []float32
		wantIx           []int64
	}
	cases := []tc{
		{"in5-out3", Adaptive{1, 1, []int{5}, []int{3}}, []float32{1, 5, 2, 4, 3},
			[]float32{5, 5, 4}, []float32{3, 11.0 / 3, 3.5}, []int64{1, 1, 3}},
		{"in2-out5", Adaptive{1, 1, []int{2}, []int{5}}, []float32{3, 7},
			[]float32{3, 3, 7, 7, 7}, []float32{3, 3, 5, 7, 7}, []int64{0, 0, 1, 1, 1}},
		{"global-2x3-c2", Adaptive{1, 2, []int{2, 3}, []int{1, 1}}, []float32{1, 6, 2, 6, 0, 9, 4, 4, 4, 4, 4, 4},
			[]float32{9, 4}, []float32{4, 4}, []int64{5, 0}},
		{"tie-row-major", Adaptive{1, 1, []int{2, 3}, []int{1, 1}}, []float32{1, 1, 7, 7, 1, 1},
			[]float32{7}, []float32{3}, []int64{2}},
		// NaN quirks of max_element (semantics §6.4): a NaN starting a later
		// row hides that row; a NaN starting the window wins.
		{"nan-hides-row", Adaptive{1, 1, []int{2, 2}, []int{1, 1}}, []float32{1, 1, nan32, 5},
			[]float32{1}, nil, []int64{0}},
		{"nan-first-wins", Adaptive{1, 1, []int{2, 2}, []int{1, 1}}, []float32{nan32, 5, 7, 1},
			[]float32{nan32}, nil, []int64{0}},
		{"nan-mid-row-ignored", Adaptive{1, 1, []int{1, 3}, []int{1, 1}}, []float32{1, nan32, 5},
			[]float32{5}, nil, []int64{2}},
		{"neg-inf-window", Adaptive{1, 1, []int{2}, []int{1}}, []float32{-inf32, -inf32},
			[]float32{-inf32}, []float32{-inf32}, []int64{0}},
		{"zero-sign", Adaptive{1, 1, []int{2, 2}, []int{1, 1}}, []float32{-1, 0, negZero, -1},
			[]float32{0}, nil, []int64{1}},
		{"3d", Adaptive{1, 1, []int{2, 1, 2}, []int{1, 1, 1}}, []float32{0, 7, 7, 1},
			[]float32{7}, []float32{3.75}, []int64{1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := len(c.wantMax)
			for th := -1; th <= 3; th++ {
				dst := make([]float32, n)
				ix := make([]int64, n)
				var w *Workers
				if th > 0 {
					w = NewWorkers(th)
				}
				if th < 0 {
					require.NoError(t, AdaptiveMaxPoolReference(c.g, c.src, dst, ix))
				} else {
					require.NoError(t, AdaptiveMaxPool(w, c.g, c.src, dst, ix))
				}
				require.Equal(t, bitsOf(c.wantMax), bitsOf(dst))
				require.Equal(t, c.wantIx, ix)
				if th >= 0 {
					require.NoError(t, AdaptiveMaxPool[float32, int32](w, c.g, c.src, dst, nil))
					require.Equal(t, bitsOf(c.wantMax), bitsOf(dst))
				}
				if c.wantAvg != nil {
					if th < 0 {
						require.NoError(t, AdaptiveAvgPoolReference(c.g, c.src, dst))
					} else {
						require.NoError(t, AdaptiveAvgPool(w, c.g, c.src, dst))
					}
					require.InDeltaSlice(t, c.wantAvg, dst, 1e-6)
				}
				w.Close()
			}
		})
	}
}

func TestValidateErrors(t *testing.T) {
	good := func() Window {
		return win(1, 2, []int{4, 4}, []int{2, 2}, []int{2, 2}, []int{2, 2}, []int{0, 0}, []int{0, 0})
	}
	require.NoError(t, good().Validate())
	bad := map[string]func(w *Window){
		"no axes":          func(w *Window) { w.In, w.Out, w.Kernel, w.Strides = nil, nil, nil, nil },
		"four axes":        func(w *Window) { w.In = []int{1, 1, 1, 1} },
		"out len":          func(w *Window) { w.Out = []int{2} },
		"kernel len":       func(w *Window) { w.Kernel = []int{2} },
		"strides len":      func(w *Window) { w.Strides = []int{2, 2, 2} },
		"dilations len":    func(w *Window) { w.Dilations = []int{1} },
		"pads len":         func(w *Window) { w.PadsBegin = []int{1} },
		"pads end len":     func(w *Window) { w.PadsEnd = []int{1, 1, 1} },
		"zero kernel":      func(w *Window) { w.Kernel = []int{0, 2} },
		"zero stride":      func(w *Window) { w.Strides = []int{2, 0} },
		"zero dilation":    func(w *Window) { w.Dilations = []int{1, 0} },
		"negative pad":     func(w *Window) { w.PadsBegin = []int{-1, 0} },
		"negative in":      func(w *Window) { w.In = []int{-4, 4} },
		"negative out":     func(w *Window) { w.Out = []int{-1, 2} },
		"negative n":       func(w *Window) { w.N = -1 },
		"kernel too large": func(w *Window) { w.Kernel = []int{5, 2} },
		"dilated too large": func(w *Window) {
			w.Dilations = []int{1, 4}
		},
		"too many outputs": func(w *Window) { w.Out = []int{3, 2} },
		"huge extents":     func(w *Window) { w.In = []int{1 << 40, 4} },
		"overflow":         func(w *Window) { w.N, w.C, w.In, w.Out = 1<<30, 1<<30, []int{1 << 30, 1 << 30}, []int{1, 1} },
	}
	for name, mut := range bad {
		t.Run(name, func(t *testing.T) {
			g := good()
			mut(&g)
			require.NotPanics(t, func() {
				require.Error(t, g.Validate())
				require.Error(t, MaxPool[float32, int64](nil, g, make([]float32, 32), make([]float32, 8), nil, 0))
				require.Error(t, MaxPoolReference[float32, int64](g, make([]float32, 32), make([]float32, 8), nil, 0))
				require.Error(t, AvgPool(nil, g, make([]float32, 32), make([]float32, 8), true))
				require.Error(t, AvgPoolReference(g, make([]float32, 32), make([]float32, 8), true))
			})
		})
	}
	// wrong slice lengths and axis
	g := good()
	src, dst, ix := make([]float32, 32), make([]float32, 8), make([]int32, 8)
	require.NoError(t, MaxPool(nil, g, src, dst, ix, 3))
	require.Error(t, MaxPool(nil, g, src[:31], dst, ix, 0))
	require.Error(t, MaxPool(nil, g, src, dst[:7], ix, 0))
	require.Error(t, MaxPool(nil, g, src, dst, ix[:7], 0))
	require.Error(t, MaxPool(nil, g, src, dst, ix, 4))
	require.Error(t, MaxPool(nil, g, src, dst, ix, -1))
	require.Error(t, MaxPoolReference(g, src, dst, ix[:7], 0))
	require.Error(t, AvgPool(nil, g, src, append(dst, 0), true))
	require.Error(t, AvgPoolReference(g, src[1:], dst, true))

	ad := Adaptive{N: 1, C: 1, In: []int{4, 4}, Out: []int{2, 2}}
	require.NoError(t, ad.Validate())
	for name, a := range map[string]Adaptive{
		"in zero":      {1, 1, []int{0, 4}, []int{2, 2}},
		"len mismatch": {1, 1, []int{4, 4}, []int{2}},
		"no axes":      {1, 1, nil, nil},
		"four axes":    {1, 1, []int{1, 1, 1, 1}, []int{1, 1, 1, 1}},
		"negative out": {1, 1, []int{4}, []int{-1}},
		"negative c":   {1, -1, []int{4}, []int{1}},
		"overflow":     {1 << 30, 1 << 30, []int{1 << 30}, []int{1}},
	} {
		require.Error(t, a.Validate(), name)
		require.NotPanics(t, func() {
			require.Error(t, AdaptiveMaxPool[float32, int64](nil, a, make([]float32, 16), make([]float32, 4), nil), name)
			require.Error(t, AdaptiveAvgPool(nil, a, make([]float32, 16), make([]float32, 4)), name)
		})
	}
	require.Error(t, AdaptiveMaxPool(nil, ad, make([]float32, 15), make([]float32, 4), make([]int64, 4)))
	require.Error(t, AdaptiveMaxPool(nil, ad, make([]float32, 16), make([]float32, 4), make([]int64, 3)))
	require.Error(t, AdaptiveAvgPool(nil, ad, make([]float32, 16), make([]float32, 5)))
	require.Error(t, AdaptiveMaxPoolReference(ad, make([]float32, 16), make([]float32, 3), make([]int64, 4)))
	require.Error(t, AdaptiveAvgPoolReference(ad, make([]float32, 17), make([]float32, 4)))
}

func TestEmptyTensors(t *testing.T) {
	g := win(0, 3, []int{4}, []int{2}, []int{2}, []int{2}, nil, nil)
	require.NoError(t, MaxPool[float32, int64](nil, g, nil, nil, nil, 0))
	require.NoError(t, AvgPool[float32](NewWorkers(2), g, nil, nil, false))
	a := Adaptive{N: 1, C: 1, In: []int{4}, Out: []int{0}}
	require.NoError(t, AdaptiveMaxPool[float32, int32](nil, a, make([]float32, 4), nil, nil))
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := NewWorkers(2)
	defer w.Close()
	g := win(1, 64, []int{64, 64}, []int{32, 32}, []int{2, 2}, []int{2, 2}, nil, nil)
	src, dst := make([]float32, 64*64*64), make([]float32, 64*32*32)
	require.ErrorIs(t, MaxPoolContext[float32, int64](ctx, w, g, src, dst, nil, 0), context.Canceled)
	require.ErrorIs(t, AvgPoolContext(ctx, w, g, src, dst, true), context.Canceled)
	ad := Adaptive{N: 1, C: 64, In: []int{64, 64}, Out: []int{32, 32}}
	require.ErrorIs(t, AdaptiveMaxPoolContext[float32, int64](ctx, w, ad, src, dst, nil), context.Canceled)
	require.ErrorIs(t, AdaptiveAvgPoolContext(ctx, nil, ad, src, dst), context.Canceled)
	require.ErrorIs(t, TransposeContext(ctx, w, src, make([]float32, len(src)), []int{64, 4096}, []int{1, 0}), context.Canceled)
	// and the Workers still works afterwards
	require.NoError(t, MaxPool[float32, int64](w, g, src, dst, nil, 0))
}

func TestTranspose(t *testing.T) {
	shapes := [][]int{{2, 3, 4}, {1, 5, 1, 3}, {3}, {4, 1}, {2, 3, 4, 5, 2}, {60, 70}, {7, 1, 1, 9}, {1, 2, 128, 128}, {2, 3, 130, 70}}
	for _, shape := range shapes {
		n := 1
		for _, d := range shape {
			n *= d
		}
		src := make([]int16, n)
		for i := range src {
			src[i] = int16(i)
		}
		for _, perm := range permutations(len(shape)) {
			// expected by explicit coordinates
			outShape := make([]int, len(shape))
			for i, a := range perm {
				outShape[i] = shape[a]
			}
			want := make([]int16, n)
			coord := make([]int, len(shape))
			for o := 0; o < n; o++ {
				rem := o
				for i := len(shape) - 1; i >= 0; i-- {
					coord[perm[i]] = rem % outShape[i]
					rem /= outShape[i]
				}
				si := 0
				for a := range shape {
					si = si*shape[a] + coord[a]
				}
				want[o] = src[si]
			}
			for _, w := range []*Workers{nil, NewWorkers(3)} {
				got := make([]int16, n)
				require.NoError(t, Transpose(w, src, got, shape, perm))
				require.Equal(t, want, got, "shape %v perm %v", shape, perm)
				w.Close()
			}
		}
	}
	require.Error(t, Transpose(nil, make([]int8, 6), make([]int8, 6), []int{2, 3}, []int{0, 0}))
	require.Error(t, Transpose(nil, make([]int8, 6), make([]int8, 6), []int{2, 3}, []int{0}))
	require.Error(t, Transpose(nil, make([]int8, 6), make([]int8, 5), []int{2, 3}, []int{1, 0}))
	require.Error(t, Transpose(nil, make([]int8, 6), make([]int8, 6), []int{2, 3}, []int{1, 2}))
	require.Error(t, Transpose(nil, make([]int8, 6), make([]int8, 6), []int{-2, -3}, []int{1, 0}))
}

func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := append(append(append([]int{}, p[:i]...), n-1), p[i:]...)
			out = append(out, q)
		}
	}
	if len(out) > 24 {
		out = out[:24]
	}
	return out
}
