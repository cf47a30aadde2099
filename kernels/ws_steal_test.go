package kernels

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// wsSchedules are the schedules the steal tests force: on 2 and 3 threads, the caller
// (worker 0) or a helper sleeps before each chunk it runs, briefly or for longer than
// a small layer takes, so the other workers take its chunks from the back of its share.
var wsSchedules = []struct {
	threads, id int
	d           time.Duration
}{
	{2, 1, 20 * time.Microsecond}, {2, 1, 400 * time.Microsecond}, {2, 0, 400 * time.Microsecond},
	{3, 2, 400 * time.Microsecond}, {3, 0, 100 * time.Microsecond},
}

// wsRunSchedules runs run (one kernel call on w) under every schedule of wsSchedules
// and on the same Workers without a slow worker, and checks that each output is bit
// for bit want and that the slowed runs made the other workers take chunks. plan
// makes the kernel for a thread count (kernels plan their units for it); its run
// writes into a fresh output slice and returns it.
func wsRunSchedules[K any](t *testing.T, name string, want []uint32, plan func(threads int) K, run func(k K, w *Workers) []uint32) {
	t.Helper()
	stole := int64(0)
	for _, sc := range wsSchedules {
		w := NewWorkers(sc.threads)
		k := plan(sc.threads)
		require.Equal(t, want, run(k, w), "%s on %d threads, no slow worker", name, sc.threads)
		w.wsSlow = wsSlow{id: sc.id, d: sc.d}
		w.job.stole.Store(0)
		for rep := 0; rep < 2; rep++ {
			require.Equal(t, want, run(k, w), "%s on %d threads, worker %d slowed by %v", name, sc.threads, sc.id, sc.d)
		}
		stole += w.job.stole.Load()
		w.Close()
	}
	require.Positive(t, stole, "%s: no chunk was ever taken from a slow worker", name)
}

// wsBits returns the bits of x (so that outputs compare bit for bit, NaNs included).
func wsBits(x []float32) []uint32 {
	b := make([]uint32, len(x))
	for i, v := range x {
		b[i] = math.Float32bits(v)
	}
	return b
}

// TestWsStealConvGemm: whichever worker is slow and however many chunks the others
// take from it, a parallel convolution (padded, direct 1×1 and output-channel split
// plans, with a Convolution+Add+Add+PReLU epilogue) gives bit for bit the output of
// the convolution planned for one thread and run on the caller alone.
func TestWsStealConvGemm(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 13))
	ctx := context.Background()
	geoms := []struct {
		name string
		g    ConvGeom
	}{
		{"direct_1x1", ConvGeom{N: 1, Groups: 1, InC: 48, OutC: 40, In: []int{40, 68}, Out: []int{40, 68}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
		{"mchunks_1x1", ConvGeom{N: 1, Groups: 1, InC: 64, OutC: 256, In: []int{20, 34}, Out: []int{20, 34}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	}
	for _, tc := range convGemmCases {
		if len(tc.name) > 4 && tc.name[:4] == "thr_" {
			geoms = append(geoms, struct {
				name string
				g    ConvGeom
			}{tc.name, tc.g})
		}
	}
	for _, tc := range geoms {
		ls, lf, lo := tc.g.ConvLens()
		ch := tc.g.Groups * tc.g.OutC
		src, filt, res := gemmRandSlice(r, ls), gemmRandSlice(r, lf), [][]float32{gemmRandSlice(r, lo)}
		bias, slope := gemmRandSlice(r, ch), gemmRandSlice(r, ch)
		e := &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: bias}, {Kind: EpiAddTensor}, {Kind: EpiPRelu, Vec: slope}}}
		plan := func(threads int) *ConvGemm {
			c, err := NewConvGemm(tc.g, GemmAuto, threads)
			require.NoError(t, err, tc.name)
			require.NoError(t, c.PackFilters(filt), tc.name)
			require.NoError(t, c.SetEpilogue(e), tc.name)
			return c
		}
		run := func(c *ConvGemm, w *Workers) []uint32 {
			y := make([]float32, lo)
			require.NoError(t, c.RunEpi(ctx, w, src, y, res), tc.name)
			return wsBits(y)
		}
		c1 := plan(1)
		want := run(c1, nil)
		if c2 := plan(2); c2.sc == nil && c2.sn == nil {
			require.True(t, c2.parallel && c2.units >= 4, "%s: %d units", tc.name, c2.units)
		}
		wsRunSchedules(t, tc.name, want, plan, run)
	}
}

// TestWsStealDWConv: the same for depthwise convolutions, in bands of rows (planes of
// at least thrBandMin elements per worker) and by channel planes (smaller planes).
func TestWsStealDWConv(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		g    ConvGeom
	}{
		{"bands", ConvGeom{N: 1, Groups: 32, InC: 1, OutC: 1, In: []int{40, 68}, Out: []int{40, 68}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
		{"bands_s2", ConvGeom{N: 1, Groups: 24, InC: 1, OutC: 1, In: []int{80, 96}, Out: []int{40, 48}, Kernel: []int{3, 3}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
		{"planes", ConvGeom{N: 1, Groups: 64, InC: 1, OutC: 1, In: []int{20, 34}, Out: []int{20, 34}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	} {
		ls, lf, lo := tc.g.ConvLens()
		src, filt, res := gemmRandSlice(r, ls), gemmRandSlice(r, lf), [][]float32{gemmRandSlice(r, lo)}
		e := &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: gemmRandSlice(r, tc.g.Groups)}, {Kind: EpiAddTensor}, {Kind: EpiPRelu, Vec: gemmRandSlice(r, tc.g.Groups)}}}
		plan := func(int) *DWConv {
			d := NewDWConv(tc.g, filt)
			require.NotNil(t, d, tc.name)
			require.NoError(t, d.SetEpilogue(e), tc.name)
			require.True(t, d.par, tc.name)
			return d
		}
		run := func(d *DWConv, w *Workers) []uint32 {
			y := make([]float32, lo)
			require.NoError(t, d.RunEpiF32(ctx, w, src, y, res), tc.name)
			return wsBits(y)
		}
		want := run(plan(1), nil)
		wsRunSchedules(t, tc.name, want, plan, run)
	}
}
