package kernels

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/x448/float16"

	"github.com/stretchr/testify/require"
)

// pqAvgValues returns n float values for average tests: small integers and
// fractions, with NaN, ±Inf and −0 (no huge finite values, whose sums would
// overflow in an order-dependent way).
func pqAvgValues[T Number](r *rand.Rand, n int) []T {
	v := make([]T, n)
	for i := range v {
		switch x := r.IntN(40); x {
		case 0:
			v[i] = T(math.Inf(1 - 2*r.IntN(2)))
		case 1:
			v[i] = T(math.NaN())
		case 2:
			v[i] = T(math.Copysign(0, -1))
		default:
			v[i] = T(float64(r.IntN(2001)-1000) / 7)
		}
	}
	return v
}

// TestPqPhaseAdd: the phase-split sum (the float AvgPool W pass) against
// the Go definition of the strided fold, bit for bit (NaN payloads
// aside), strides 2..8, row
// groups (plPhaseRows) and short last rows.
func TestPqPhaseAdd(t *testing.T) {
	t.Run("f32", func(t *testing.T) { pqPhaseAddCheck[float32](t) })
	t.Run("f64", func(t *testing.T) { pqPhaseAddCheck[float64](t) })
}

func pqPhaseAddCheck[T Number](t *testing.T) {
	r := rand.New(rand.NewPCG(9, 1))
	for it := 0; it < 300; it++ {
		sc, ts, taps := 2+r.IntN(7), 1+r.IntN(3), 1+r.IntN(11)
		rows, cols := 1+r.IntN(5), 8+r.IntN(70)
		if it%4 == 0 {
			rows = 1 + r.IntN(40)
		}
		need := (cols-1)*sc + (taps-1)*ts + 1
		sr := need + r.IntN(6)
		src := pqAvgValues[T](r, (rows-1)*sr+need)
		ds := cols + r.IntN(3)
		want := make([]T, (rows-1)*ds+cols)
		got := make([]T, len(want))
		foldAddGo(want, ds, src, sr, sc, ts, taps, rows, cols, false, 1)
		ph := make([]T, plPhaseLen[T](sc, ts, taps, rows, cols))
		plPhaseAdd(got, ds, src, sr, sc, ts, taps, rows, cols, ph)
		// NaN payloads may differ (which NaN operand x86 propagates
		// depends on the operand order of each routine); every other
		// value bit for bit.
		for i := range want {
			if isNaN(want[i]) && isNaN(got[i]) {
				want[i], got[i] = 0, 0
			}
		}
		require.Equal(t, plBits(want), plBits(got), "sc %d ts %d taps %d rows %d cols %d", sc, ts, taps, rows, cols)
	}
}

// TestPqPhaseAvgPool: float AvgPool with W strides 2..8 on wide rows (1-
// and 2-D, pads, ceil rounding, pads counted or not), f32/f64/f16, 1 and 2
// threads, against the reference within the documented rounding bound.
func TestPqPhaseAvgPool(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(2)}
	defer pool[1].Close()
	t.Run("f32", func(t *testing.T) { pqPhaseAvgPoolCheck[float32](t, pool) })
	t.Run("f64", func(t *testing.T) { pqPhaseAvgPoolCheck[float64](t, pool) })
}

// pqStridedWindow draws a 1- or 2-D window with a W stride of 2..8 over
// rows wide enough for whole vectors, pads up to half the kernel, floor or
// ceil rounding.
func pqStridedWindow(r *rand.Rand, dil bool) Window {
	k, s, d := 1+r.IntN(11), 2+r.IntN(7), 1
	if dil {
		d = 1 + r.IntN(2)
	}
	W := (k-1)*d + 1 + r.IntN(300)
	pb, pe := r.IntN((k-1)*d/2+1), r.IntN((k-1)*d/2+1)
	span := W + pb + pe - (k-1)*d - 1
	wo := span/s + 1
	if r.IntN(2) == 0 && span%s != 0 && (wo*s) < W+pb {
		wo++ // ceil rounding (the last window starts inside the row or its begin pad)
	}
	g := Window{N: 1 + r.IntN(2), C: 1 + r.IntN(5), In: []int{W}, Out: []int{wo}, Kernel: []int{k}, Strides: []int{s},
		Dilations: []int{d}, PadsBegin: []int{pb}, PadsEnd: []int{pe}}
	if r.IntN(2) == 0 {
		kh, sh := 1+r.IntN(4), 1+r.IntN(6)
		H := kh + r.IntN(12)
		ph := r.IntN(kh/2 + 1)
		g.In = []int{H, W}
		g.Out = []int{(H+2*ph-kh)/sh + 1, wo}
		g.Kernel, g.Strides, g.Dilations = []int{kh, k}, []int{sh, s}, []int{1, d}
		g.PadsBegin, g.PadsEnd = []int{ph, pb}, []int{ph, pe}
	}
	return g
}

func pqPhaseAvgPoolCheck[T Number](t *testing.T, pool []*Workers) {
	r := rand.New(rand.NewPCG(9, 2))
	used := 0
	for it := 0; it < 80; it++ {
		g := pqStridedWindow(r, false)
		p, err := g.plan()
		require.NoError(t, err)
		if plPhaseUse[T](p.s[2], p.d[2], p.k[2], p.out[2]-2) {
			used++
		}
		excl := r.IntN(2) == 0
		src := pqAvgValues[T](r, p.inLen())
		want := make([]T, p.outLen())
		require.NoError(t, AvgPoolReference(g, src, want, excl))
		tol := avgTol(g, src)
		for _, w := range pool {
			got := make([]T, p.outLen())
			require.NoError(t, AvgPool(w, g, src, got, excl))
			avgClose(t, want, got, tol, "avg")
		}
	}
	var z T
	if plDeintVec(int(unsafe.Sizeof(z))) {
		require.Greater(t, used, 10)
	}
}

// TestPqOrderAvgPool: float AvgPool through the depth-first (pqDFirst:
// 3-D, small output planes) and H-first (pqHFirst: H stride leaving
// fewer output rows than input rows) sums — pads, ceil rounding, pads
// counted or not, dilated H — f32/f64 against the reference within the
// rounding bound, f16/bf16 against the f32 kernel bit for bit, the same
// bits on 1, 2 and 3 threads.
func TestPqOrderAvgPool(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(2), NewWorkers(3)}
	defer pool[1].Close()
	defer pool[2].Close()
	r := rand.New(rand.NewPCG(9, 3))
	dFirst, hFirst := 0, 0
	for it := 0; it < 120; it++ {
		var g Window
		for {
			nsp := 2 + r.IntN(2)
			g = Window{N: 1 + r.IntN(2), C: 1 + r.IntN(6)}
			for a := 0; a < nsp; a++ {
				k, s := 1+r.IntN(6), 1+r.IntN(6)
				d := 1
				if a == nsp-2 && r.IntN(4) == 0 {
					d = 2 // dilated H
				}
				in := (k-1)*d + 1 + r.IntN(14)
				pb := r.IntN(k/2 + 1)
				pe := r.IntN(k/2 + 1)
				span := in + pb + pe - (k-1)*d - 1
				o := span/s + 1
				if r.IntN(2) == 0 && span%s != 0 && o*s < in+pb {
					o++ // ceil
				}
				g.testAddAxis(in, o, k, s, d, pb, pe)
			}
			if g.Validate() == nil {
				break
			}
		}
		p, err := g.plan()
		require.NoError(t, err)
		if pqDFirst(&p) {
			dFirst++
		}
		cl, ch := interior(p.s[2], p.pb[2], p.d[2], p.k[2], p.in[2], p.out[2])
		usePad, _ := padRows(&p, cl, ch)
		if pqHFirst(&p, usePad) {
			hFirst++
		}
		excl := r.IntN(2) == 0
		pqOrderCheck[float32](t, r, g, excl, pool)
		pqOrderCheck[float64](t, r, g, excl, pool)
		pqAvgF16Check(t, r, g, &p, excl, pool)
	}
	require.Greater(t, dFirst, 10)
	require.Greater(t, hFirst, 10)
}

func pqOrderCheck[T Number](t *testing.T, r *rand.Rand, g Window, excl bool, pool []*Workers) {
	p, _ := g.plan()
	src := pqAvgValues[T](r, p.inLen())
	want := make([]T, p.outLen())
	require.NoError(t, AvgPoolReference(g, src, want, excl))
	tol := avgTol(g, src)
	var first []T
	for _, w := range pool {
		got := make([]T, p.outLen())
		require.NoError(t, AvgPool(w, g, src, got, excl))
		avgClose(t, want, got, tol, "avg")
		if first == nil {
			first = got
		} else {
			require.Equal(t, plBits(first), plBits(got), "%+v threads %d", g, w.Threads())
		}
	}
}

// pqAvgF16Check checks f16 AvgPool on random bits against the f32 kernel's result on the
// widened input, narrowed once (per-block widening gives the f32 kernel's bits), on every
// worker pool.
func pqAvgF16Check(t *testing.T, r *rand.Rand, g Window, p *winPlan, excl bool, pool []*Workers) {
	t.Helper()
	bits := poolHalfBits(r, p.inLen(), false)
	s32 := make([]float32, p.inLen())
	F16ToF32(s32, poolAs[float16.Float16](bits))
	want32 := make([]float32, p.outLen())
	require.NoError(t, AvgPool(nil, g, s32, want32, excl))
	want := make([]float16.Float16, p.outLen())
	F32ToF16(want, want32)
	for _, w := range pool {
		got := make([]float16.Float16, p.outLen())
		require.NoError(t, AvgPoolF16Context(context.Background(), w, g, poolAs[float16.Float16](bits), got, excl))
		require.Equal(t, want, got, "%+v f16 excl %v threads %d", g, excl, w.Threads())
	}
}
