package kernels

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// smRowsGeoms are 2-D MaxPools whose H windows tile each plane (smPlanesRows applies)
// and a few near misses that must not be merged.
func smRowsGeoms() []struct {
	g     Window
	merge bool
} {
	w := func(n, c, h, wd, kh, kw, sh, sw, dh, dw, pl, pr, oh, ow int) Window {
		return Window{N: n, C: c, In: []int{h, wd}, Out: []int{oh, ow}, Kernel: []int{kh, kw},
			Strides: []int{sh, sw}, Dilations: []int{dh, dw}, PadsBegin: []int{0, pl}, PadsEnd: []int{0, pr}}
	}
	return []struct {
		g     Window
		merge bool
	}{
		{w(1, 64, 12, 12, 2, 2, 2, 2, 1, 1, 0, 0, 6, 6), true},   // landmarks
		{w(1, 48, 40, 20, 1, 1, 2, 2, 1, 1, 0, 0, 20, 10), true}, // person-attributes' 1×1 s2
		{w(2, 5, 9, 13, 2, 3, 3, 2, 1, 1, 1, 1, 3, 7), true},     // W pads, H stride above the kernel
		{w(1, 7, 12, 10, 2, 2, 4, 1, 3, 2, 0, 0, 3, 8), true},    // dilated H kernel = stride
		{w(3, 3, 6, 40, 3, 5, 3, 4, 1, 1, 2, 2, 2, 10), true},    // ceil-free, wide rows
		{w(1, 33, 4, 3, 2, 2, 2, 1, 1, 1, 0, 1, 2, 3), true},     // ceil along W
		{w(1, 16, 13, 12, 2, 2, 2, 2, 1, 1, 0, 0, 6, 6), false},  // a row no window reads
		{w(1, 16, 12, 12, 3, 3, 2, 2, 1, 1, 0, 0, 5, 5), false},  // overlapping H windows
		{w(1, 1, 12, 12, 2, 2, 2, 2, 1, 1, 0, 0, 6, 6), false},   // one plane
	}
}

// TestSmPlanesRows: MaxPool (values only) over planes stacked as rows against the
// reference bit for bit, f32, f64, i8, u8 and f16, 1–3 threads; with indices the
// planes stay apart (checked too).
func TestSmPlanesRows(t *testing.T) {
	pool := []*Workers{nil, NewWorkers(2), NewWorkers(3)}
	defer pool[1].Close()
	defer pool[2].Close()
	for gi, tc := range smRowsGeoms() {
		p, err := tc.g.plan()
		require.NoError(t, err, "%+v", tc.g)
		_, ok := smPlanesRows(&p)
		require.Equal(t, tc.merge, ok, "geom %d", gi)
		name := fmt.Sprintf("geom%d", gi)
		smRowsCheck[float32](t, pool, tc.g, name+"/f32")
		smRowsCheck[float64](t, pool, tc.g, name+"/f64")
		smRowsCheck[int8](t, pool, tc.g, name+"/i8")
		smRowsCheck[uint8](t, pool, tc.g, name+"/u8")

		r := rand.New(rand.NewPCG(uint64(gi), 9))
		src32 := poolTabValues[float32](r, p.inLen())
		h := make([]float16.Float16, len(src32))
		F32ToF16(h, src32)
		wide := make([]float32, len(h))
		F16ToF32(wide, h)
		ref := make([]float32, p.outLen())
		require.NoError(t, MaxPoolReference[float32, int64](tc.g, wide, ref, nil, 0))
		want := make([]float16.Float16, len(ref))
		F32ToF16(want, ref)
		for _, w := range pool {
			got := make([]float16.Float16, len(ref))
			require.NoError(t, MaxPoolF16Context[int64](context.Background(), w, tc.g, h, got, nil, 0))
			require.Equal(t, plBits(want), plBits(got), name+"/f16")
		}
	}
}

func smRowsCheck[T Number](t *testing.T, pool []*Workers, g Window, name string) {
	p, err := g.plan()
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(uint64(p.inLen()), 3))
	src := poolTabValues[T](r, p.inLen())
	want := make([]T, p.outLen())
	wantI := make([]int64, p.outLen())
	require.NoError(t, MaxPoolReference(g, src, want, wantI, 0))
	for _, w := range pool {
		got := make([]T, p.outLen())
		require.NoError(t, MaxPool[T, int64](w, g, src, got, nil, 0))
		require.Equal(t, plBits(want), plBits(got), name)
		gotI := make([]int64, p.outLen())
		clear(got)
		require.NoError(t, MaxPool(w, g, src, got, gotI, 0))
		require.Equal(t, plBits(want), plBits(got), name+"/idx")
		require.Equal(t, wantI, gotI, name+"/idx")
	}
}
