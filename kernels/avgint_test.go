package kernels

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestAvgiDiv checks the float-assisted rounding division against the
// 128-bit reference division on random and boundary sums.
func TestAvgiDiv(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	ns := []int64{1, 2, 3, 4, 5, 7, 9, 10, 25, 121, 1331, 1<<31 - 1}
	sums := []int64{0, 1, -1, 2, -2, 3, -3, 1<<53 - 1, -(1<<53 - 1), 1 << 53, -(1 << 53), math.MaxInt64, math.MinInt64 + 1}
	for i := 0; i < 20000; i++ {
		sums = append(sums, r.Int64N(1<<40)-1<<39, r.Int64()>>r.IntN(64))
	}
	for _, n := range ns {
		for _, s := range sums {
			var a acc128
			a.addI(s)
			want := int64(a.divRound(uint64(n), true))
			require.Equal(t, want, avgiDiv(s, n), "%d / %d", s, n)
			// ties: s = q*n + n/2 for even n
			if n%2 == 0 && s > math.MinInt64/4 && s < math.MaxInt64/4 {
				s2 := (s/n)*n + n/2
				var b acc128
				b.addI(s2)
				require.Equal(t, int64(b.divRound(uint64(n), true)), avgiDiv(s2, n), "tie %d / %d", s2, n)
			}
		}
	}
}

// TestAvgiStrategies runs the integer average with every summation
// strategy, on random geometries and extreme data, against the reference.
func TestAvgiStrategies(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 3))
	for it := 0; it < 150; it++ {
		g := randWindow(r, it%5 == 4)
		t.Run(fmt.Sprint(it), func(t *testing.T) {
			ptRun(t, "i8 u8 i16 u32 i32 i64 u64", func(t *testing.T, e ptElem) { e.avgiCheck(t, r, g) })
		})
	}
}

func avgiCheck[T Number](t *testing.T, r *rand.Rand, g Window) {
	p, err := g.plan()
	require.NoError(t, err)
	for _, small := range []bool{false, true} {
		src := randData[T](r, p.inLen(), true)
		if small {
			for i := range src {
				src[i] = T(r.IntN(100))
			}
		}
		for _, excl := range []bool{true, false} {
			ref := make([]T, p.outLen())
			require.NoError(t, AvgPoolReference(g, src, ref, excl))
			pads := !excl && p.padsAny
			for _, how := range []int{avgiAuto, avgiTaps, avgiPrefix, pool6AvgiHFirst, pool6AvgiHFirst | avgiTaps, pool6AvgiHFirst | avgiPrefix} {
				got := make([]T, p.outLen())
				var s scratch
				for pl := 0; pl < p.planes; pl++ {
					for od := 0; od < p.out[0]; od++ {
						for i0 := 0; i0 < p.out[1]; i0 += 3 {
							i1 := min(i0+3, p.out[1])
							out := got[pl*p.outPlane+(od*p.out[1]+i0)*p.out[2]:][:(i1-i0)*p.out[2]]
							avgBlockInt(&p, &s, pads, src[pl*p.inPlane:][:p.inPlane], out, od, i0, i1, how)
						}
					}
				}
				require.Equal(t, ref, got, "%+v excl %v how %d", g, excl, how)
			}
		}
	}
}

// TestAvgiSlide covers the depth-sliding sums (depth kernel well above the
// depth stride) and row skipping (H stride above the kernel) through the
// parallel kernel, with extreme data (the 128-bit path) and small data.
func TestAvgiSlide(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 4))
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(2), NewWorkers(3)}
	defer func() {
		for _, w := range pool {
			w.Close()
		}
	}()
	gs := []Window{
		win(2, 3, []int{14, 5, 7}, []int{10, 2, 3}, []int{7, 1, 3}, []int{1, 4, 2}, []int{1, 0, 1}, []int{2, 0, 0}),
		win(1, 5, []int{20, 6, 4}, []int{9, 6, 4}, []int{9, 2, 2}, []int{2, 1, 1}, []int{3, 1, 1}, []int{3, 0, 0}),
		win(3, 2, []int{12, 3, 9}, []int{8, 1, 3}, []int{5, 2, 3}, []int{1, 3, 3}, []int{0, 0, 0}, []int{0, 0, 0}),
		win(1, 1, []int{40, 9, 9}, []int{36, 9, 9}, []int{5, 3, 3}, []int{1, 1, 1}, []int{0, 1, 1}, []int{0, 1, 1}),
	}
	for _, g := range gs {
		require.NoError(t, g.Validate())
		ptRun(t, "i8 u16 i32 u32 i64 u64", func(t *testing.T, e ptElem) { e.avgiSlideCheck(t, r, pool, g) })
	}
}

func avgiSlideCheck[T Number](t *testing.T, r *rand.Rand, pool []*Workers, g Window) {
	p, _ := g.plan()
	for _, small := range []bool{false, true} {
		src := randData[T](r, p.inLen(), true)
		if small {
			for i := range src {
				src[i] = T(r.IntN(256))
			}
			// one big value in a late slice: the flag must cover slid-in slices
			var z T
			if unsafe.Sizeof(z) == 8 {
				big := int64(-1) << 40
				src[len(src)-1] = T(big)
			}
		}
		for _, excl := range []bool{true, false} {
			ref := make([]T, p.outLen())
			require.NoError(t, AvgPoolReference(g, src, ref, excl))
			for _, w := range pool {
				got := make([]T, p.outLen())
				require.NoError(t, AvgPool(w, g, src, got, excl))
				require.Equal(t, ref, got, "%+v excl %v threads %d", g, excl, w.Threads())
			}
		}
	}
}

// TestAvgiFold compares the integer sum fold (AVX-512 where available)
// with its Go definition on random rectangles, strides and tap counts.
func TestAvgiFold(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 9))
	for it := 0; it < 3000; it++ {
		rows, cols, taps := 1+r.IntN(5), 1+r.IntN(40), 1+r.IntN(6)
		sc, ts := 1+r.IntN(4), 1+r.IntN(5)
		if r.IntN(2) == 0 {
			sc = 1
		}
		sr := (cols-1)*sc + (taps-1)*ts + 1 + r.IntN(3)
		ds := cols + r.IntN(3)
		src := make([]uint64, (rows-1)*sr+(cols-1)*sc+(taps-1)*ts+1)
		for i := range src {
			src[i] = r.Uint64()
		}
		want := make([]uint64, (rows-1)*ds+cols)
		got := make([]uint64, len(want))
		for i := range want {
			want[i] = uint64(i) * 3
			got[i] = want[i]
		}
		avgiFoldGo(want, ds, src, sr, sc, ts, taps, rows, cols)
		avgiFold(got, ds, src, sr, sc, ts, taps, rows, cols)
		require.Equal(t, want, got, "rows %d cols %d taps %d sc %d ts %d", rows, cols, taps, sc, ts)
	}
}

// TestAvgiDivRow compares the vector rounding division (AVX-512 where
// available) with avgiDiv, on rows of every length with ties, negative
// sums and sums beyond 2^53 (which end the vector part).
func TestAvgiDivRow(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 2))
	for it := 0; it < 4000; it++ {
		n := r.IntN(40)
		s := make([]uint64, n)
		den := make([]int64, n)
		want := make([]uint64, n)
		for i := range s {
			den[i] = 1 + r.Int64N(200)
			if r.IntN(50) == 0 {
				den[i] = 1 + r.Int64N(1<<31-1)
			}
			v := r.Int64N(1<<20) - 1<<19
			switch r.IntN(6) {
			case 0:
				v = (v/den[i])*den[i] + den[i]/2 // a tie for even den
			case 1:
				v = r.Int64N(1<<53) - 1<<52
			case 2:
				if r.IntN(10) == 0 {
					v = r.Int64() - r.Int64()
				}
			}
			s[i] = uint64(v)
			want[i] = uint64(avgiDiv(v, den[i]))
		}
		avgiDivRow(s, den)
		require.Equal(t, want, s)
	}
}

// TestAvgiWidenVec compares the vector widening row operations with their
// Go definition for every integer type, operation and row length.
func TestAvgiWidenVec(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 1))
	ptRun(t, "i8 u8 i16 u16 i32 u32 i64 u64", func(t *testing.T, e ptElem) { e.widenCheck(t, r) })
}

func widenCheck[T Number](t *testing.T, r *rand.Rand) {
	signed := kindOf[T]() == kSigned
	for n := 0; n < 40; n++ {
		for op := 0; op < 3; op++ {
			src := randData[T](r, n, true)
			want := make([]uint64, n)
			for i := range want {
				want[i] = r.Uint64()
			}
			got := make([]uint64, n)
			copy(got, want)
			var wf uint64
			bias := uint64(0)
			if signed {
				bias = 1 << 31
			}
			for i, v := range src {
				wf |= uint64(v) + bias
				switch op {
				case 0:
					want[i] = uint64(v)
				case 1:
					want[i] += uint64(v)
				default:
					want[i] -= uint64(v)
				}
			}
			gf := avgiWiden(got, src, false, signed, op, true)
			require.Equal(t, want, got, "n %d op %d", n, op)
			if op != 2 { // subtracting never checks (the slices were checked when added)
				require.Equal(t, wf>>32 != 0, gf>>32 != 0, "flag n %d op %d", n, op)
			}
		}
	}
}
