package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// qrWin builds a pooling window with no dilation and no pads.
func qrWin(n, c int, in, out, k, s []int) Window {
	one, zero := make([]int, len(in)), make([]int, len(in))
	for i := range one {
		one[i] = 1
	}
	return Window{N: n, C: c, In: in, Out: out, Kernel: k, Strides: s, Dilations: one, PadsBegin: zero, PadsEnd: zero}
}

// qrSmallCases are tensors on both sides of the tiny-tensor rule
// (qrSmallRef): outputs × window taps at most 512 (1,024 with indices).
var qrSmallCases = []struct {
	g          Window
	small, idx bool // the rule's answer for values, with indices
}{
	{qrWin(1, 1, []int{6, 3}, []int{2, 2}, []int{3, 2}, []int{2, 1}), true, true},                     // 24 taps
	{qrWin(1, 2, []int{8, 8}, []int{4, 4}, []int{2, 2}, []int{2, 2}), true, true},                     // 128
	{qrWin(1, 3, []int{4, 5, 6}, []int{2, 2, 3}, []int{2, 2, 2}, []int{2, 2, 2}), true, true},         // 288
	{qrWin(5, 7, []int{6}, []int{2}, []int{3}, []int{5}), true, true},                                 // 210
	{qrWin(2, 4, []int{10, 10}, []int{4, 4}, []int{3, 3}, []int{2, 2}), false, false},                 // 1,152
	{qrWin(1, 7, []int{12, 12}, []int{4, 4}, []int{3, 3}, []int{3, 3}), false, true},                  // 1,008
	{qrWin(1, 1, []int{1000}, []int{1}, []int{1000}, []int{1}), false, true},                          // one output, 1,000 taps
	{qrWin(1, 600, []int{1}, []int{1}, []int{1}, []int{1}), false, true},                              // 600 outputs
	{qrWin(2, 2, []int{3, 3, 3}, []int{1, 1, 1}, []int{3, 3, 3}, []int{1, 1, 1}), true, true},         // 108
	{qrWin(1, 1, []int{40, 40, 40}, []int{1, 1, 1}, []int{40, 40, 40}, []int{1, 1, 1}), false, false}, // 64,000 taps
}

// TestQrSmallRule checks the rule's answers on both sides of its bounds,
// and that f16/bf16 storage never takes it.
func TestQrSmallRule(t *testing.T) {
	for _, c := range qrSmallCases {
		p, err := c.g.plan()
		require.NoError(t, err)
		require.Equal(t, c.small, qrSmallRef[float32](&p, false), "%+v values", c.g)
		require.Equal(t, c.idx, qrSmallRef[int8](&p, true), "%+v indices", c.g)
		require.False(t, qrSmallRef[poolF16](&p, false), "%+v f16", c.g)
		require.False(t, qrSmallRef[poolBF16](&p, true), "%+v bf16", c.g)
	}
}

// TestQrSmall runs MaxPool (values, int64 and int32 indices, axes 0 and 2)
// and integer AvgPool (pads counted or not) on the rule's tensors for six
// element types, on 1 and 2 threads, against the reference kernels bit for
// bit (NaN, ±Inf, −0, ties, lowest), with no allocation per call.
func TestQrSmall(t *testing.T) {
	w1, w2 := NewWorkers(1), NewWorkers(2)
	defer w1.Close()
	defer w2.Close()
	pool := []*Workers{nil, w1, w2}
	t.Run("f32", func(t *testing.T) { qrSmallCheck[float32](t, pool) })
	t.Run("f64", func(t *testing.T) { qrSmallCheck[float64](t, pool) })
	t.Run("i8", func(t *testing.T) { qrSmallCheck[int8](t, pool) })
	t.Run("u8", func(t *testing.T) { qrSmallCheck[uint8](t, pool) })
	t.Run("i32", func(t *testing.T) { qrSmallCheck[int32](t, pool) })
	t.Run("i64", func(t *testing.T) { qrSmallCheck[int64](t, pool) })
}

func qrSmallCheck[T Number](t *testing.T, pool []*Workers) {
	r := rand.New(rand.NewPCG(15, uint64(kindOf[T]())))
	for _, c := range qrSmallCases {
		g := c.g
		// Pads on the last axis where the window allows them.
		if k := g.Kernel[len(g.Kernel)-1]; k > 1 && r.IntN(2) == 0 {
			g.PadsBegin = append([]int(nil), g.PadsBegin...)
			g.PadsBegin[len(g.PadsBegin)-1] = 1
		}
		p, err := g.plan()
		if err != nil {
			g = c.g
			p, err = g.plan()
			require.NoError(t, err)
		}
		src := poolTabValues[T](r, p.inLen())
		for _, axis := range []int{0, 2} {
			want, wi := make([]T, p.outLen()), make([]int64, p.outLen())
			require.NoError(t, MaxPoolReference(g, src, want, wi, axis))
			want32 := make([]int32, p.outLen())
			require.NoError(t, MaxPoolReference(g, src, make([]T, p.outLen()), want32, axis))
			for _, w := range pool {
				got, gi, gi32 := make([]T, p.outLen()), make([]int64, p.outLen()), make([]int32, p.outLen())
				require.NoError(t, MaxPool(w, g, src, got, gi, axis))
				require.Equal(t, pltBits(want), pltBits(got), "%+v axis %d", g, axis)
				require.Equal(t, wi, gi, "%+v axis %d", g, axis)
				require.NoError(t, MaxPool(w, g, src, got, gi32, axis))
				require.Equal(t, want32, gi32, "%+v axis %d", g, axis)
				require.NoError(t, MaxPool[T, int64](w, g, src, got, nil, axis))
				require.Equal(t, pltBits(want), pltBits(got), "%+v values", g)
				if w != nil {
					require.Zero(t, testing.AllocsPerRun(3, func() { _ = MaxPool(w, g, src, got, gi, axis) }), "%+v", g)
				}
			}
		}
		for _, excl := range []bool{false, true} {
			want := make([]T, p.outLen())
			require.NoError(t, AvgPoolReference(g, src, want, excl))
			for _, w := range pool {
				got := make([]T, p.outLen())
				require.NoError(t, AvgPool(w, g, src, got, excl))
				if kindOf[T]() > kFloat64 && qrSmallRef[T](&p, false) {
					// The reference itself: the same bits.
					require.Equal(t, pltBits(want), pltBits(got), "%+v excl %v", g, excl)
					if w != nil {
						require.Zero(t, testing.AllocsPerRun(3, func() { _ = AvgPool(w, g, src, got, excl) }), "%+v", g)
					}
				}
			}
		}
	}
}

// TestQrPsColDepth: the column-select path takes 2-D geometries (and 3-D
// ones of one input depth) but none with a depth axis.
func TestQrPsColDepth(t *testing.T) {
	two := qrWin(1, 4, []int{40, 30}, []int{10, 6}, []int{4, 1}, []int{4, 5})
	flat := qrWin(1, 4, []int{1, 40, 30}, []int{1, 10, 6}, []int{1, 4, 1}, []int{1, 4, 5})
	deep := qrWin(1, 4, []int{6, 40, 30}, []int{3, 10, 6}, []int{2, 4, 1}, []int{2, 4, 5})
	for _, c := range []struct {
		g    Window
		want bool
	}{{two, true}, {flat, true}, {deep, false}} {
		p, err := c.g.plan()
		require.NoError(t, err)
		require.Equal(t, c.want, psColUse[float32](&p), "%+v", c.g)
	}
}
