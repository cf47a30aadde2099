package kernels

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// fqeTestRanges returns FakeQuantize ranges for ch channels: per tensor (one value each)
// or per channel (a random mix of one value and ch values per range), with swapped,
// equal and NaN ranges in some channels.
func fqeTestRanges(r *rand.Rand, ch int, perChannel bool) [4][]float32 {
	var g [4][]float32
	for i := range g {
		n := 1
		if perChannel && (i < 2 || r.IntN(2) == 0) {
			n = ch
		}
		g[i] = make([]float32, n)
		for c := range g[i] {
			switch i {
			case 0:
				g[i][c] = float32(r.NormFloat64())
			case 1:
				g[i][c] = float32(r.NormFloat64()) + 2.5
				if r.IntN(8) == 0 {
					g[i][c] = -g[i][c] // swapped
				}
			case 2:
				g[i][c] = float32(r.NormFloat64())
			default:
				g[i][c] = float32(r.NormFloat64() * 5)
			}
		}
	}
	if perChannel && ch > 3 {
		g[1][1] = g[0][1] // il == ih
		g[0][2] = float32(math.NaN())
		g[0][3] = 0 // ReLU-style ranges: [0, ih]
	}
	return g
}

// fqeTestData fills x with normal values and the cases that matter: NaN, ±Inf, ±0, the
// range bounds and their neighbours, rounding ties of the first channel's grid.
func fqeTestData(r *rand.Rand, x []float32, g [4][]float32, levels uint64) {
	il, ih := g[0][0], g[1][0]
	lm1 := float32(levels - 1)
	for k := range x {
		switch r.IntN(30) {
		case 0:
			x[k] = float32(math.NaN())
		case 1:
			x[k] = float32(math.Inf(1 - 2*r.IntN(2)))
		case 2:
			x[k] = float32(math.Copysign(0, float64(1-2*r.IntN(2))))
		case 3:
			x[k] = []float32{il, ih, math.Nextafter32(il, 10), math.Nextafter32(ih, -10)}[r.IntN(4)]
		case 4, 5, 6:
			x[k] = il + (float32(r.IntN(int(min(lm1, 1000))+1))+0.5)*(ih-il)/lm1 // a tie, or next to it
		default:
			x[k] = float32(r.NormFloat64() * 3)
		}
	}
}

// fqeWant is the reference FakeQuantize kernel over y seen as [planes, rows, cols] with
// the channel along rows (perRow) or columns.
func fqeWant(t *testing.T, y []float32, rows, cols int, perRow bool, g [4][]float32, levels uint64) []float32 {
	t.Helper()
	out := []int{len(y) / (rows * cols), rows, cols}
	var shapes [5][]int
	shapes[0] = out
	for i, v := range g {
		switch {
		case len(v) == 1:
			shapes[i+1] = []int{}
		case perRow:
			shapes[i+1] = []int{rows, 1}
		default:
			shapes[i+1] = []int{cols}
		}
	}
	p, err := NewFakeQuantize(out, shapes, levels)
	require.NoError(t, err)
	want := make([]float32, len(y))
	require.NoError(t, FakeQuantize(p, want, [5][]float32{y, g[0], g[1], g[2], g[3]}))
	return want
}

func fqeEqualBits(t *testing.T, want, got []float32, what string) {
	t.Helper()
	require.Len(t, got, len(want), what)
	for i := range want {
		if math.Float32bits(want[i]) != math.Float32bits(got[i]) {
			require.Failf(t, "bits differ", "%s at %d: want %g (%#x), got %g (%#x)", what, i, want[i], math.Float32bits(want[i]), got[i], math.Float32bits(got[i]))
		}
	}
}

// TestEpiFakeQuantizeMatchesReference: ApplyEpilogue with an EpiFakeQuantize step gives
// the reference FakeQuantize kernel's bits, per tensor and per channel (channel along rows
// and along columns), for levels 0, 2, 16, 255, 256 and 65536, on every tail length.
func TestEpiFakeQuantizeMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for it := 0; it < 300; it++ {
		rows, cols, planes := 1+r.IntN(9), 1+r.IntN(70), 1+r.IntN(3)
		perRow := r.IntN(2) == 0
		ch := cols
		if perRow {
			ch = rows
		}
		levels := []uint64{256, 255, 2, 16, 65536, 0}[it%6]
		g := fqeTestRanges(r, ch, it%3 != 0)
		x := make([]float32, planes*rows*cols)
		fqeTestData(r, x, g, levels)
		want := fqeWant(t, x, rows, cols, perRow, g, levels)
		q, err := NewEpiFQ(g[0], g[1], g[2], g[3], levels)
		require.NoError(t, err)
		got := append([]float32(nil), x...)
		e := &Epilogue{Steps: []EpiStep{{Kind: EpiFakeQuantize, FQ: q}}}
		require.NoError(t, ApplyEpilogue(e, got, rows, cols, perRow, nil))
		fqeEqualBits(t, want, got, fmt.Sprintf("it %d %d×%d×%d perRow %v levels %d", it, planes, rows, cols, perRow, levels))
	}
}

// TestEpiFakeQuantizeValues checks hand-computed values: levels 256 on [0, 2.55] → the
// 0.01 grid; levels 2 (a threshold at the middle); a tie rounds to even.
func TestEpiFakeQuantizeValues(t *testing.T) {
	q, err := NewEpiFQ([]float32{0}, []float32{255}, []float32{0}, []float32{255}, 256)
	require.NoError(t, err)
	y := []float32{-1, 0, 0.5, 1.5, 2.5, 254.5, 255, 300, 3.49, float32(math.Inf(1))}
	require.NoError(t, ApplyEpilogue(&Epilogue{Steps: []EpiStep{{Kind: EpiFakeQuantize, FQ: q}}}, y, 1, len(y), true, nil))
	require.Equal(t, []float32{0, 0, 0, 2, 2, 254, 255, 255, 3, 255}, y)
	q, err = NewEpiFQ([]float32{-1, 0}, []float32{1, 4}, []float32{-5}, []float32{5}, 2)
	require.NoError(t, err)
	y = []float32{-1, -0.5, 0.5, 2, 1, 2, 3, 5}
	require.NoError(t, ApplyEpilogue(&Epilogue{Steps: []EpiStep{{Kind: EpiFakeQuantize, FQ: q}}}, y, 2, 4, true, nil))
	// row 0 on [-1, 1]: -1 ≤ il → -5; -0.5 → round(0.25) = 0 → -5; 0.5 → round(0.75) = 1 → 5; 2 > ih → 5.
	// row 1 on [0, 4]: 1 → round(0.25) = 0; 2 → round(0.5) = 0 (tie to even); 3 → 1; 5 → 5.
	require.Equal(t, []float32{-5, -5, 5, 5, -5, -5, 5, 5}, y)
}

func TestEpiFakeQuantizeErrors(t *testing.T) {
	_, err := NewEpiFQ([]float32{0, 1}, []float32{1, 2, 3}, []float32{0}, []float32{1}, 256)
	require.Error(t, err)
	_, err = NewEpiFQ(nil, []float32{1}, []float32{0}, []float32{1}, 256)
	require.Error(t, err)
	q, err := NewEpiFQ([]float32{0, 1}, []float32{1}, []float32{0}, []float32{1}, 256)
	require.NoError(t, err)
	require.Equal(t, 2, q.Channels())
	require.Error(t, (&Epilogue{Steps: []EpiStep{{Kind: EpiFakeQuantize, FQ: q}}}).Check(3))
	require.NoError(t, (&Epilogue{Steps: []EpiStep{{Kind: EpiFakeQuantize, FQ: q}}}).Check(2))
	require.Error(t, (&Epilogue{Steps: []EpiStep{{Kind: EpiFakeQuantize}}}).Check(2))
}

// TestConvGemmEpilogueFQ: a convolution with bias, an activation and FakeQuantize fused
// gives the unfused convolution, ApplyEpilogue of the bias and activation, then the
// reference FakeQuantize kernel, bit for bit (every conformance geometry, micro-kernel
// family, B path, 1–3 threads; per-tensor and per-channel ranges).
func TestConvGemmEpilogueFQ(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	ctx := context.Background()
	for ci, tc := range convGemmCases {
		ls, lf, lo := tc.g.ConvLens()
		src, filt := gemmRandSlice(r, ls), gemmRandSlice(r, lf)
		ch := tc.g.Groups * tc.g.OutC
		rows, cols := ch, lo/tc.g.N/ch
		for _, arch := range GemmArchs() {
			for _, cfg := range []struct {
				threads int
				padded  bool
			}{{1, true}, {3, true}, {2, false}} {
				levels := []uint64{256, 255, 16, 2}[(ci+cfg.threads)%4]
				g := fqeTestRanges(r, ch, (ci+cfg.threads)%3 != 0)
				for i := range g[0] {
					g[0][i] *= 0.2 // the conv outputs are about ±1
					g[1][i] *= 0.2
				}
				q, err := NewEpiFQ(g[0], g[1], g[2], g[3], levels)
				require.NoError(t, err)
				pre := []EpiStep{{Kind: EpiAddChan, Vec: gemmRandSlice(r, ch)}, {Kind: []EpiKind{EpiRelu, EpiSwish, EpiAddChan}[ci%3], Lo: 1, Vec: gemmRandSlice(r, 1)}}
				name := fmt.Sprintf("%s/%s/t%d/padded=%v/levels%d", tc.name, arch, cfg.threads, cfg.padded, levels)
				w := NewWorkers(cfg.threads)
				c, err := newConvGemm(tc.g, arch, cfg.threads, cfg.padded)
				require.NoError(t, err, name)
				require.NoError(t, c.PackFilters(filt), name)
				y := make([]float32, lo)
				require.NoError(t, c.Run(ctx, w, src, y), name)
				require.NoError(t, ApplyEpilogue(&Epilogue{Steps: pre}, y, rows, cols, true, nil), name)
				want := fqeWant(t, y, rows, cols, true, g, levels)
				require.NoError(t, c.SetEpilogue(&Epilogue{Steps: append(pre, EpiStep{Kind: EpiFakeQuantize, FQ: q})}), name)
				got := gemmRandSlice(r, lo)
				require.NoError(t, c.RunEpi(ctx, w, src, got, nil), name)
				fqeEqualBits(t, want, got, name)
				w.Close()
			}
		}
	}
}

// TestMatMulGemmEpilogueFQ is TestConvGemmEpilogueFQ for MatMul (channel = column).
func TestMatMulGemmEpilogueFQ(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	ctx := context.Background()
	for ci, g := range []MatMulGeom{{M: 1, K: 300, N: 100}, {M: 37, K: 513, N: 45, TransA: true}, {M: 64, K: 96, N: 64}} {
		g.Batch, g.ABatch, g.BBatch = []int{}, []int{}, []int{}
		la, lb, lo, err := g.lens()
		require.NoError(t, err)
		a, b := gemmRandSlice(r, la), gemmRandSlice(r, lb)
		for _, threads := range []int{1, 2} {
			rg := fqeTestRanges(r, g.N, (ci+threads)%2 == 0)
			for i := range rg[0] {
				rg[0][i] *= 3
				rg[1][i] *= 3
			}
			q, err := NewEpiFQ(rg[0], rg[1], rg[2], rg[3], 256)
			require.NoError(t, err)
			w := NewWorkers(threads)
			m, err := NewMatMulGemm(g, GemmAuto, threads)
			require.NoError(t, err)
			y := make([]float32, lo)
			require.NoError(t, m.Run(ctx, w, a, b, y))
			want := fqeWant(t, y, g.M, g.N, false, rg, 256)
			require.NoError(t, m.SetEpilogue(&Epilogue{Steps: []EpiStep{{Kind: EpiFakeQuantize, FQ: q}}}))
			got := make([]float32, lo)
			require.NoError(t, m.RunEpi(ctx, w, a, b, got, nil))
			fqeEqualBits(t, want, got, fmt.Sprintf("case %d t%d", ci, threads))
			allocs := testing.AllocsPerRun(5, func() { _ = m.RunEpi(ctx, w, a, b, got, nil) })
			if !raceEnabled {
				require.Zero(t, allocs)
			}
			w.Close()
		}
	}
}

// TestEpiApplierMatchesApplyEpilogue: the parallel applier gives ApplyEpilogue's bits
// (every step kind with FakeQuantize, channel along rows and columns, rows cut by the
// parallel ranges, 1–3 threads) and allocates nothing.
func TestEpiApplierMatchesApplyEpilogue(t *testing.T) {
	r := rand.New(rand.NewPCG(47, 48))
	ctx := context.Background()
	for it, geo := range [][3]int{{3, 32, 1000}, {2, 7, 9999}, {1, 1, 70000}, {5, 300, 17}, {1, 2, 3}} {
		planes, rows, cols := geo[0], geo[1], geo[2]
		for _, perRow := range []bool{true, false} {
			ch := cols
			if perRow {
				ch = rows
			}
			e := gemmTestEpilogue(r, ch, it%gemmEpiVariants)
			g := fqeTestRanges(r, ch, it%2 == 0)
			q, err := NewEpiFQ(g[0], g[1], g[2], g[3], 256)
			require.NoError(t, err)
			e.Steps = append(e.Steps, EpiStep{Kind: EpiFakeQuantize, FQ: q})
			n := planes * rows * cols
			res := make([][]float32, e.Residuals())
			for i := range res {
				res[i] = gemmRandSlice(r, n)
			}
			x := gemmRandSlice(r, n)
			want := append([]float32(nil), x...)
			require.NoError(t, ApplyEpilogue(e, want, rows, cols, perRow, res))
			a, err := NewEpiApplier(e, rows, cols, perRow)
			require.NoError(t, err)
			for _, threads := range []int{1, 2, 3} {
				w := NewWorkers(threads)
				got := append([]float32(nil), x...)
				require.NoError(t, a.Run(ctx, w, got, res))
				fqeEqualBits(t, want, got, fmt.Sprintf("%v perRow %v t%d", geo, perRow, threads))
				if !raceEnabled {
					require.Zero(t, testing.AllocsPerRun(3, func() { _ = a.Run(ctx, w, got, res) }))
				}
				w.Close()
			}
			require.Error(t, a.Run(ctx, nil, x[:n-1], res))
		}
	}
	_, err := NewEpiApplier(&Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: []float32{1, 2}}}}, 3, 4, true)
	require.Error(t, err)
}
