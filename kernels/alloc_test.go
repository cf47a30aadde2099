package kernels

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestZeroAllocs checks that the fast kernels allocate nothing per call in
// steady state on a persistent Workers (values and indices, 1 and 2 threads).
func TestZeroAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	g := win(1, 16, []int{40, 40}, []int{20, 20}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{1, 1})
	g3 := win(1, 4, []int{8, 20, 20}, []int{4, 10, 10}, []int{2, 2, 2}, []int{2, 2, 2}, nil, nil)
	ad := Adaptive{N: 2, C: 16, In: []int{40, 40}, Out: []int{7, 7}}
	src := benchData(16 * 40 * 40 * 2)
	dst := make([]float32, 2*16*20*20)
	idx := make([]int64, len(dst))
	idx32 := make([]int32, len(dst))
	src64 := make([]float64, len(src))
	dst64 := make([]float64, len(dst))
	i16 := make([]int16, len(src))
	d16 := make([]int16, len(dst))
	for _, th := range []int{1, 2} {
		w := NewWorkers(th)
		calls := map[string]func(){
			"max":        func() { _ = MaxPool(w, g, src[:16*1600], dst[:16*400], idx[:16*400], 0) },
			"max-values": func() { _ = MaxPool[float32, int32](w, g, src[:16*1600], dst[:16*400], nil, 1) },
			"max-3d":     func() { _ = MaxPool(w, g3, src[:4*3200], dst[:4*400], idx32[:4*400], 2) },
			"max-f64":    func() { _ = MaxPool(w, g, src64[:16*1600], dst64[:16*400], idx[:16*400], 0) },
			"avg":        func() { _ = AvgPool(w, g, src[:16*1600], dst[:16*400], false) },
			"avg-int":    func() { _ = AvgPool(w, g, i16[:16*1600], d16[:16*400], true) },
			"ad-max":     func() { _ = AdaptiveMaxPool(w, ad, src[:32*1600], dst[:32*49], idx[:32*49]) },
			"ad-avg":     func() { _ = AdaptiveAvgPool(w, ad, src[:32*1600], dst[:32*49]) },
		}
		for name, f := range calls {
			f() // warm the scratch buffers
			if n := testing.AllocsPerRun(20, f); n != 0 {
				t.Errorf("%s with %d threads: %v allocs", name, th, n)
			}
		}
		tsrc := src[:64*56]
		tdst := make([]float32, len(tsrc))
		f := func() { _ = Transpose(w, tsrc, tdst, []int{64, 56}, []int{1, 0}) }
		f()
		require.Zero(t, testing.AllocsPerRun(20, f), "transpose")
		w.Close()
	}
}
