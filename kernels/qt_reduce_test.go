package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// qtTaps lists, for every output of plan p in flat order, the flat input
// offsets of its valid taps (positions inside the input on every axis),
// in the plan's own axis order: an independent enumeration of the windows.
func qtTaps(p *winPlan) [][]int {
	out := make([][]int, 0, p.outLen())
	var axis [3][][]int // per axis, per output position: the valid input positions
	for a := 0; a < 3; a++ {
		axis[a] = make([][]int, p.out[a])
		for o := 0; o < p.out[a]; o++ {
			for t := 0; t < p.k[a]; t++ {
				if x := o*p.s[a] - p.pb[a] + t*p.d[a]; x >= 0 && x < p.in[a] {
					axis[a][o] = append(axis[a][o], x)
				}
			}
		}
	}
	for pl := 0; pl < p.planes; pl++ {
		for z := 0; z < p.out[0]; z++ {
			for y := 0; y < p.out[1]; y++ {
				for x := 0; x < p.out[2]; x++ {
					var taps []int
					for _, iz := range axis[0][z] {
						for _, iy := range axis[1][y] {
							for _, ix := range axis[2][x] {
								taps = append(taps, pl*p.inPlane+(iz*p.in[1]+iy)*p.in[2]+ix)
							}
						}
					}
					out = append(out, taps)
				}
			}
		}
	}
	return out
}

// qtGeom draws a small 1- to 3-D geometry (randWindow) and, with some
// probability per axis, turns the axis into one the reduction removes: one
// row read through a wide padded window, one tap with stride 1, or one
// tap selecting every s-th row.
func qtGeom(r *rand.Rand) Window {
	g := randWindow(r, r.IntN(2) == 0)
	for a := range g.In {
		if g.Dilations == nil && r.IntN(3) == 0 {
			g.Dilations = make([]int, len(g.In))
			for i := range g.Dilations {
				g.Dilations[i] = 1
			}
		}
		d := 1
		if g.Dilations != nil {
			d = g.Dilations[a]
		}
		switch r.IntN(5) {
		case 0: // one row, a window of k taps, the row at tap pb/d
			k := 1 + r.IntN(6)
			g.In[a], g.Out[a], g.Kernel[a] = 1, 1, k
			g.PadsBegin[a] = d * r.IntN(k)
			g.PadsEnd[a] = max(0, (k-1)*d-g.PadsBegin[a]) + r.IntN(2)
			if r.IntN(4) == 0 {
				g.PadsBegin[a]++ // maybe no tap on the row: not reduced
			}
		case 1: // one tap, stride 1
			g.Kernel[a], g.Strides[a], g.PadsBegin[a], g.PadsEnd[a] = 1, 1, 0, 0
			g.Out[a] = g.In[a]
		case 2: // one tap selecting every s-th row
			s := 2 + r.IntN(3)
			o := 1 + r.IntN(4)
			g.Kernel[a], g.Strides[a], g.PadsBegin[a], g.PadsEnd[a] = 1, s, 0, 0
			g.In[a], g.Out[a] = s*o+r.IntN(2), o
		}
	}
	return g
}

// TestQtReduceTaps: on random geometries with reducible axes, the reduced
// plan has, for every output (same flat order), the same valid input
// offsets (so the same sums and counts) as the original, keeps the kernel
// volume with counted pads, and takes fewer spatial axes where it changed.
func TestQtReduceTaps(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 647))
	reduced := 0
	for it := 0; it < 3000; it++ {
		g := qtGeom(r)
		p, err := g.plan()
		if err != nil {
			continue
		}
		for _, counted := range []bool{false, true} {
			q := p
			if !qtReduce(&q, counted) {
				require.Equal(t, p, q)
				continue
			}
			reduced++
			require.Equal(t, p.inLen(), q.inLen(), "%+v", g)
			require.Equal(t, p.outLen(), q.outLen(), "%+v", g)
			require.LessOrEqual(t, q.nsp, p.nsp, "%+v", g)
			require.Equal(t, qtTaps(&p), qtTaps(&q), "%+v", g)
			vol := q.k[0] * q.k[1] * q.k[2]
			if counted {
				require.Equal(t, p.kernelVol, q.kernelVol, "%+v", g)
			} else {
				require.Equal(t, vol, q.kernelVol, "%+v", g)
			}
			again := q
			require.False(t, qtReduce(&again, counted), "%+v reduces twice", g)
		}
	}
	require.Greater(t, reduced, 1000)
}

// TestQtReduceAvgPool: the sweep's classes of reducible axes through
// AvgPool of every element type: the reduced rank, then f32/f64 against
// the reference within the bound and the same bits on 1–3 threads, f16 and
// bf16 against the f32 kernel bit for bit (qaPathTest), and every integer
// type against the reference exactly, pads counted and not.
func TestQtReduceAvgPool(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 1009))
	type tc struct {
		name string
		g    Window
		nsp  int // spatial axes after the reduction
	}
	cases := []tc{
		{"one row in a padded window (1009/23)", win(2, 7, []int{1, 54}, []int{1, 9}, []int{5, 9}, []int{2, 6}, []int{2, 0}, []int{2, 0}), 1},
		{"depth of one tap, rows selected (1009/194)", win(1, 5, []int{6, 28, 8}, []int{6, 14, 1}, []int{1, 1, 3}, []int{1, 2, 6}, nil, nil), 1},
		{"one column, depth-only window (727/40)", win(2, 3, []int{24, 14, 1}, []int{5, 14, 1}, []int{5, 1, 1}, []int{4, 1, 1}, nil, nil), 2},
		{"rows selected, H windows to the edge", win(1, 6, []int{4, 9}, []int{2, 3}, []int{1, 3}, []int{2, 3}, nil, nil), 1},
		{"one row, dilated, the row at tap 2", win(1, 4, []int{1, 3, 40}, []int{1, 2, 13}, []int{4, 2, 3}, []int{1, 1, 3}, []int{2, 0, 1}, []int{4, 0, 1}), 2},
		{"depth selected into H, H window over pads", win(1, 3, []int{6, 7, 5}, []int{3, 3, 2}, []int{1, 3, 2}, []int{2, 2, 3}, []int{0, 1, 0}, []int{0, 0, 1}), 2},
	}
	cases[4].g.Dilations = []int{2, 1, 1}
	cases[4].g.PadsBegin[0], cases[4].g.PadsEnd[0] = 4, 2 // the row at depth tap 2
	pool := []*Workers{nil, NewWorkers(2), NewWorkers(3)}
	defer pool[1].Close()
	defer pool[2].Close()
	var paths []qaPathCase
	for _, c := range cases {
		require.NoError(t, c.g.Validate(), c.name)
		p, _ := c.g.plan()
		require.True(t, qtReduce(&p, false), c.name)
		require.Equal(t, c.nsp, p.nsp, c.name)
		paths = append(paths, qaPathCase{name: c.name, g: c.g, path: func(*testing.T, *winPlan) {}})
		t.Run(c.name+"/int", func(t *testing.T) {
			ptRun(t, "i8 u8 i16 u16 i32 u32 i64 u64", func(t *testing.T, e ptElem) { e.avgiSlideCheck(t, r, pool, c.g) })
		})
	}
	qaPathTest(t, r, paths)
}

// TestQtIntRows: 1-D integer AvgPool over rows of at most qtRowOuts outputs
// (kernels 2–8, strides 1–6, dilations 1–3, pads, ceil windows; some
// drawn as 2- or 3-D geometries qtReduce brings to 1-D) takes the direct
// sums and matches the reference exactly, every integer type of at most 4
// bytes on extreme and small data, pads counted and not, 1–3 threads.
func TestQtIntRows(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 194))
	pool := []*Workers{nil, NewWorkers(2), NewWorkers(3)}
	defer pool[1].Close()
	defer pool[2].Close()
	for it := 0; it < 40; {
		g := Window{N: 1 + r.IntN(3), C: 2 + r.IntN(60)}
		if it%4 == 3 {
			g.testAddAxis(3, 3, 1, 1, 1, 0, 0) // a depth of one tap, stride 1: folded into planes
		}
		k, s, d := 2+r.IntN(7), 1+r.IntN(6), 1+r.IntN(3)
		testPoolAxis(r, &g, k, s, d, nil, func() int { return r.IntN(3 * s) })
		p, err := g.plan()
		if err != nil {
			continue
		}
		q := p
		qtReduce(&q, false)
		if !qtIntRowsUse[int8](&q) {
			continue
		}
		require.False(t, qtIntRowsUse[int64](&q), "64-bit elements keep the integer kernel")
		it++
		ptRun(t, "i8 u8 i16 u16 i32 u32", func(t *testing.T, e ptElem) { e.avgiSlideCheck(t, r, pool, g) })
	}
}

// TestQtTinyDeep: 3-D float AvgPool over tiny planes whose valid taps are
// fewer than pa4Deep's adds take the direct sums (the classes of seeds 631
// id 30, 641 ids 76 and 145, fewer planes), the others keep pa4Deep; every
// float type through qaPathTest (f32/f64 against the reference, f16/bf16
// against the f32 kernel bit for bit, 1–3 threads, pads counted and not).
func TestQtTinyDeep(t *testing.T) {
	direct := func(want bool) func(t *testing.T, p *winPlan) {
		return func(t *testing.T, p *winPlan) { require.Equal(t, want, qtTinyDeepUse(&job{wp: *p})) }
	}
	qaPathTest(t, rand.New(rand.NewPCG(16, 631)), []qaPathCase{
		{"k[9,2,1]s[4,4,6] ceil_torch (631/30)", poolR5Win(2, 9, []int{38, 8, 2}, []int{10, 2, 1}, []int{9, 2, 1}, []int{4, 4, 6}, nil, []int{2, 0, 0}, []int{2, 0, 0}), direct(true)},
		{"k[5,6,2]s[6,1,3] (641/76)", poolR5Win(3, 5, []int{34, 4, 4}, []int{6, 1, 1}, []int{5, 6, 2}, []int{6, 1, 3}, nil, []int{1, 2, 0}, []int{2, 0, 0}), direct(true)},
		{"k[2,2,11]s[5,3,6] one output a plane (641/145)", poolR5Win(4, 7, []int{6, 3, 14}, []int{1, 1, 1}, []int{2, 2, 11}, []int{5, 3, 6}, nil, []int{0, 0, 1}, []int{0, 0, 1}), direct(true)},
		{"k[2,1,2]s[3,5,2] ceil (719/46)", poolR5Win(2, 9, []int{6, 4, 15}, []int{3, 2, 8}, []int{2, 1, 2}, []int{3, 5, 2}, nil, nil, nil), direct(true)},
		{"k[5,5,4]s[2,6,4] keeps pa4Deep", poolR5Win(4, 13, []int{34, 4, 7}, []int{16, 2, 2}, []int{5, 5, 4}, []int{2, 6, 4}, nil, []int{0, 2, 1}, []int{0, 2, 0}), direct(false)},
	})
}
