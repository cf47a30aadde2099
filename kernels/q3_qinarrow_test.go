package kernels

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// q3QiNarrowForced runs MaxPool with indices through the widened
// whole-plane tables whatever q3QiNarrowUse says (the job set up as
// MaxPoolContext does before the rows plan), on one worker's scratch.
func q3QiNarrowForced[S Number, I Index](g Window, src, dst []S, idx []I, axis int) error {
	j, err := qiTestJob(g, src, dst, idx, axis)
	if err != nil {
		return err
	}
	var s scratch
	q3QiNarrowUnits[S, I](j, &s, 0, j.units)
	return nil
}

// TestQ3QiNarrow: the widened tables (forced) against MaxPoolReference —
// on the storage type for 1- and 2-byte integers, on the tensor widened to
// float32 and narrowed back for f16/bf16, as the layers run it — values
// bit for bit and int64 / int32 indices on index axes 0, 1 and the last,
// over random 1-, 2- and 3-D geometries with ties, extremes and (halves)
// NaN, ±Inf, −0 and subnormals.
func TestQ3QiNarrow(t *testing.T) {
	t.Run("i8", func(t *testing.T) { q3QiNarrowCheck[int8](t) })
	t.Run("u8", func(t *testing.T) { q3QiNarrowCheck[uint8](t) })
	t.Run("i16", func(t *testing.T) { q3QiNarrowCheck[int16](t) })
	t.Run("u16", func(t *testing.T) { q3QiNarrowCheck[uint16](t) })
	t.Run("f16", func(t *testing.T) { q3QiNarrowCheck[poolF16](t) })
	t.Run("bf16", func(t *testing.T) { q3QiNarrowCheck[poolBF16](t) })
}

func q3QiNarrowCheck[S Number](t *testing.T) {
	r := rand.New(rand.NewPCG(19, uint64(unsafe.Sizeof(*new(S)))))
	half := poolIsHalf[S]()
	for it := 0; it < 200; it++ {
		g, p := piGeom(r)
		var src []S
		if half {
			src = q3HalfValues[S](r, p.inLen())
		} else {
			src = piValues[S](r, p.inLen(), it%4 == 3)
		}
		axis := []int{0, 1, p.nsp + 1}[it%3]
		want := make([]S, p.outLen())
		wantI := make([]int64, p.outLen())
		if half {
			w32, s32 := make([]float32, p.outLen()), make([]float32, p.inLen())
			poolWidenExact(s32, src)
			require.NoError(t, MaxPoolReference(g, s32, w32, wantI, axis))
			poolNarrowExact(want, w32)
		} else {
			require.NoError(t, MaxPoolReference(g, src, want, wantI, axis))
		}
		got := make([]S, p.outLen())
		gotI := make([]int64, p.outLen())
		require.NoError(t, q3QiNarrowForced(g, src, got, gotI, axis))
		piSame(t, want, got, "%+v forced values", g)
		piSame(t, wantI, gotI, "%+v forced indices axis %d", g, axis)
		gotI32 := make([]int32, p.outLen())
		require.NoError(t, q3QiNarrowForced(g, src, got, gotI32, axis))
		for i, v := range wantI {
			require.Equal(t, int32(v), gotI32[i], "%+v forced int32 indices axis %d", g, axis)
		}
	}
}

// q3HalfValues draws n f16/bf16 bit patterns: a few values repeated (ties),
// ±0, ±Inf, NaN, the largest finite values and random bits (subnormals).
func q3HalfValues[S Number](r *rand.Rand, n int) []S {
	pool := []uint16{0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x7bff, 0xfbff, 0x7f80, 0xff80, 0x7fc0, 0x7f7f, 0xff7f, 0x0001, 0x8001}
	for i := 0; i < 12; i++ {
		pool = append(pool, uint16(r.Uint32()))
	}
	v := make([]S, n)
	for i := range v {
		if r.IntN(4) == 0 {
			v[i] = S(uint16(r.Uint32()))
		} else {
			v[i] = S(pool[r.IntN(len(pool))])
		}
	}
	return v
}

// q3QiNarrowGeoms are sweep geometries q3QiNarrowUse takes (on fewer
// planes): u8 1×413×29×6×16 k[2,2,2] (seed 101 id 132), bf16
// 5×351×2×12×29 k[1,8,3] (seed 631 id 143), bf16 14×471×30 k5 d2 (seed
// 727 id 194) and 6×238×76 k1 s5 (seed 673 id 1).
var q3QiNarrowGeoms = []Window{
	poolR5Win(1, 13, []int{29, 6, 16}, []int{6, 2, 3}, []int{2, 2, 2}, []int{5, 5, 6}, []int{2, 1, 1}, []int{0, 0, 0}, []int{0, 0, 0}),
	poolR5Win(2, 9, []int{2, 12, 29}, []int{2, 1, 6}, []int{1, 8, 3}, []int{1, 6, 5}, []int{1, 1, 1}, []int{0, 0, 1}, []int{0, 0, 1}),
	poolR5Win(3, 11, []int{30}, []int{9}, []int{5}, []int{3}, []int{2}, []int{1}, []int{1}),
	poolR5Win(2, 7, []int{76}, []int{16}, []int{1}, []int{5}, []int{1}, []int{0}, []int{0}),
}

// TestQ3QiNarrowRule: the rule's geometries take the widened tables (with
// AVX-512) for every narrow type, and through MaxPool on 1 and 2 threads
// match the reference bit for bit and allocate nothing.
func TestQ3QiNarrowRule(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(2)}
	defer pool[1].Close()
	defer pool[2].Close()
	t.Run("u8", func(t *testing.T) { q3QiNarrowRuleCheck[uint8](t, pool) })
	t.Run("i16", func(t *testing.T) { q3QiNarrowRuleCheck[int16](t, pool) })
	t.Run("bf16", func(t *testing.T) { q3QiNarrowRuleCheck[poolBF16](t, pool) })
	t.Run("f16", func(t *testing.T) { q3QiNarrowRuleCheck[poolF16](t, pool) })
}

func q3QiNarrowRuleCheck[S Number](t *testing.T, pool []*Workers) {
	r := rand.New(rand.NewPCG(20, uint64(unsafe.Sizeof(*new(S)))))
	for _, g := range q3QiNarrowGeoms {
		p, err := g.plan()
		require.NoError(t, err)
		q := p
		qiSqueeze(&q)
		require.Equal(t, poolTabOn(), q3QiNarrowUse[S](&q), "%+v", g)
		src := q3HalfValues[S](r, p.inLen())
		for _, axis := range []int{0, p.nsp + 1} {
			ref := make([]S, p.outLen())
			refI := make([]int64, p.outLen())
			if poolIsHalf[S]() {
				w32, s32 := make([]float32, p.outLen()), make([]float32, p.inLen())
				poolWidenExact(s32, src)
				require.NoError(t, MaxPoolReference(g, s32, w32, refI, axis))
				poolNarrowExact(ref, w32)
			} else {
				require.NoError(t, MaxPoolReference(g, src, ref, refI, axis))
			}
			piPoolCheck(t, pool, g, src, ref, refI, axis, true)
		}
	}
}
