package kernels

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestQ8TileMatchesGo: the dispatched tile (VNNI where present) gives the Go tile's
// bits, including the extreme products 255·(−128) summed over the longest reduction.
func TestQ8TileMatchesGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, kg := range []int{1, 2, 7, 64, 300, q8MaxK / 4} {
		for _, mode := range []string{"random", "extreme-neg", "extreme-pos"} {
			bstride := q8NR*4 + 64*rng.IntN(2)
			a := make([]int8, kg*q8MR*4)
			b := make([]uint8, (kg-1)*bstride+q8NR*4)
			for i := range a {
				switch mode {
				case "random":
					a[i] = int8(rng.IntN(256) - 128)
				case "extreme-neg":
					a[i] = -128
				default:
					a[i] = 127
				}
			}
			for i := range b {
				if mode == "random" {
					b[i] = uint8(rng.IntN(256))
				} else {
					b[i] = 255
				}
			}
			comp := []int32{0, 1, -5, 1 << 20, -(1 << 30), 12345}
			scale := []float32{1, 0.5, 1e-3, 3.7e-5, 1, 2}
			bias := []float32{0, 0, 0.25, -1e-3, 0, -0.5}
			ldd := q8NR + 3
			got := make([]float32, q8MR*ldd)
			want := make([]float32, q8MR*ldd)
			require.True(t, q8Tile(a, b, bstride, kg, got, ldd, comp, scale, bias))
			q8TileGo(a, b, bstride, kg, want, ldd, comp, scale, bias)
			require.Equal(t, want, got, "kg %d %s", kg, mode)
			if mode != "random" {
				// Exact: row 0 has comp 0, scale 1, bias 0.
				s := int64(kg*4) * 255 * int64(a[0])
				require.Equal(t, float32(int32(s)), got[0], "kg %d %s", kg, mode)
			}
		}
	}
	require.False(t, q8Tile(make([]int8, 4), make([]uint8, 4), q8NR*4, 1, make([]float32, 10), q8NR, nil, nil, nil))
}

// q8Case is one random quantised convolution: FakeQuantize outputs as data, integer
// filters times per-channel scales.
type q8Case struct {
	g       ConvGeom
	lo, hi  float32
	levels  int
	src     []float32
	wq      []int8
	wscale  []float32
	filt    []float32 // float32(wq)·scale, as the folded weights of a model
	outLen  int
	name    string
	hasNaN  bool
	channel int
}

func q8NewCase(rng *rand.Rand, g ConvGeom, levels int, lo, hi float32, nanAt int) q8Case {
	c := q8Case{g: g, lo: lo, hi: hi, levels: levels}
	ls, lf, lo2 := g.ConvLens()
	c.outLen = lo2
	c.src = make([]float32, ls)
	lm1 := float32(levels - 1)
	for i := range c.src {
		x := lo + (hi-lo)*float32(rng.Float64()*1.2-0.1)
		c.src[i] = fqQuantize(x, lo, hi, lo, hi, lm1)
	}
	if nanAt >= 0 && nanAt < ls {
		c.src[nanAt] = float32(math.NaN())
		c.hasNaN = true
	}
	c.wq = make([]int8, lf)
	for i := range c.wq {
		c.wq[i] = int8(rng.IntN(255) - 127)
		if rng.IntN(50) == 0 {
			c.wq[i] = -128
		}
	}
	c.wscale = make([]float32, g.OutC)
	for i := range c.wscale {
		c.wscale[i] = float32(math.Exp2(-7 - 4*rng.Float64()))
	}
	per := lf / max(g.OutC, 1)
	c.filt = make([]float32, lf)
	for i, v := range c.wq {
		c.filt[i] = float32(v) * c.wscale[i/per]
	}
	c.name = fmt.Sprintf("%+v levels %d [%v, %v]", g, levels, lo, hi)
	return c
}

// q8Bound returns, per output, the float32 reference conv and 2^-21·Σ|w|·(|x| + R), R
// = max(|lo|, |hi|): the documented bound of the quantised path against the exact
// convolution of the float32 FakeQuantize outputs (docs/semantics.md).
func q8Exact(t *testing.T, c *q8Case) (exact, bound []float64) {
	p, err := c.g.plan()
	require.NoError(t, err)
	exact = make([]float64, c.outLen)
	bound = make([]float64, c.outLen)
	R := math.Max(math.Abs(float64(c.lo)), math.Abs(float64(c.hi)))
	for n := 0; n < p.n; n++ {
		for oc := 0; oc < p.oc; oc++ {
			for oz := 0; oz < p.out[0]; oz++ {
				for oy := 0; oy < p.out[1]; oy++ {
					for ox := 0; ox < p.out[2]; ox++ {
						var s, a float64
						for ic := 0; ic < p.ic; ic++ {
							for kz := 0; kz < p.k[0]; kz++ {
								for ky := 0; ky < p.k[1]; ky++ {
									for kx := 0; kx < p.k[2]; kx++ {
										iz := oz*p.s[0] - p.pb[0] + kz*p.d[0]
										iy := oy*p.s[1] - p.pb[1] + ky*p.d[1]
										ix := ox*p.s[2] - p.pb[2] + kx*p.d[2]
										w := float64(c.filt[((oc*p.ic+ic)*p.k[0]+kz)*p.k[1]*p.k[2]+ky*p.k[2]+kx])
										if iz < 0 || iy < 0 || ix < 0 || iz >= p.in[0] || iy >= p.in[1] || ix >= p.in[2] {
											a += math.Abs(w) * R * 1e-3 // a padded tap: the code nearest 0
											continue
										}
										x := float64(c.src[(n*p.ic+ic)*p.inSp+(iz*p.in[1]+iy)*p.in[2]+ix])
										s += w * x
										a += math.Abs(w) * (math.Abs(x) + R)
									}
								}
							}
						}
						o := ((n*p.oc+oc)*p.out[0]+oz)*p.out[1]*p.out[2] + oy*p.out[2] + ox
						exact[o], bound[o] = s, a*math.Exp2(-21)
					}
				}
			}
		}
	}
	return exact, bound
}

func q8Geoms() []ConvGeom {
	g2 := func(n, ic, oc, h, w, k, s, pad, d int) ConvGeom {
		oh := (h+2*pad-d*(k-1)-1)/s + 1
		ow := (w+2*pad-d*(k-1)-1)/s + 1
		return ConvGeom{N: n, Groups: 1, InC: ic, OutC: oc, In: []int{h, w}, Out: []int{oh, ow},
			Kernel: []int{k, k}, Strides: []int{s, s}, Dilations: []int{d, d}, PadsBegin: []int{pad, pad}}
	}
	return []ConvGeom{
		g2(1, 3, 16, 17, 19, 3, 2, 1, 1),  // a stem: 3 channels, stride 2
		g2(1, 16, 32, 8, 8, 1, 1, 0, 1),   // 1×1 direct, 64 pixels
		g2(1, 16, 7, 9, 15, 1, 1, 0, 1),   // 1×1 with a partial panel and tile
		g2(2, 13, 13, 11, 10, 3, 1, 1, 1), // batch 2, odd channels
		g2(1, 5, 6, 12, 12, 3, 1, 2, 2),   // dilation 2
		g2(1, 8, 9, 20, 20, 5, 1, 2, 1),   // 5×5
		g2(1, 4, 3, 7, 7, 3, 3, 0, 1),     // stride 3, no pads
		g2(1, 1, 1, 1, 1, 1, 1, 0, 1),     // one pixel, one channel
		g2(1, 64, 12, 6, 30, 3, 2, 1, 1),  // stride 2, wide rows
		{N: 1, Groups: 1, InC: 6, OutC: 5, In: []int{40}, Out: []int{38}, Kernel: []int{3}, Strides: []int{1}, Dilations: []int{1}, PadsBegin: []int{0}},
		{N: 1, Groups: 1, InC: 3, OutC: 4, In: []int{4, 5, 6}, Out: []int{4, 5, 6}, Kernel: []int{3, 3, 3}, Strides: []int{1, 1, 1}, Dilations: []int{1, 1, 1}, PadsBegin: []int{1, 1, 1}},
		{N: 1, Groups: 1, InC: 4, OutC: 4, In: []int{5, 5}, Out: []int{6, 6}, Kernel: []int{2, 2}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}, // pads past the end
	}
}

// TestQ8ConvMatchesReference: the quantised convolution (every path, 1–3 threads, with
// and without an epilogue) against the float32 reference convolution of the
// FakeQuantize outputs and its exact value, within the documented bound; the Go and
// dispatched paths give the same bits.
func TestQ8ConvMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	grids := []struct {
		lo, hi float32
		levels int
	}{
		{-0.2784, 8.1234, 256}, // swish outputs: zero point ≈ 8.4, not an integer
		{0, 6, 256},            // relu outputs: zero point 0
		{-1.28, 1.27, 256},     // zero point 128
		{-3, 3, 255},
		{0, 1, 16},
		{-0.5, 0.5, 2},
	}
	pool := []*Workers{nil, NewWorkers(2), NewWorkers(3)}
	defer func() {
		for _, w := range pool {
			w.Close()
		}
	}()
	for gi, g := range q8Geoms() {
		for _, gr := range grids {
			c := q8NewCase(rng, g, gr.levels, gr.lo, gr.hi, -1)
			q, err := NewQ8Conv(g, c.wq, c.wscale, gr.lo, gr.hi, gr.levels)
			p, _ := g.plan()
			if err != nil {
				// Only a padded convolution over a grid whose zero point is not an integer.
				require.True(t, q8Pads(&p), "%s: %v", c.name, err)
				continue
			}
			exact, bound := q8Exact(t, &c)
			ref := make([]float32, c.outLen)
			require.NoError(t, ConvReference(g, c.src, c.filt, ref))
			var first []float32
			for wi, w := range pool {
				got := make([]float32, c.outLen)
				ok, err := q.Run(context.Background(), w, c.src, got, nil)
				require.NoError(t, err)
				require.True(t, ok)
				for i := range got {
					require.LessOrEqual(t, math.Abs(float64(got[i])-exact[i]), bound[i]+1e-30, "%s: out %d exact %v got %v", c.name, i, exact[i], got[i])
					// The float32 reference is within γ_K of the exact value as well.
					require.InDelta(t, float64(ref[i]), float64(got[i]), bound[i]*float64(8*p.ic*p.kSp+8)+1e-30, "%s: %d", c.name, i)
				}
				if wi == 0 {
					first = got
					// The portable tile gives the same bits.
					if q8VNNI() {
						goGot := q8RunGo(t, q, c.src, c.outLen)
						require.Equal(t, got, goGot, c.name)
					}
				} else {
					require.Equal(t, first, got, "%s: threads", c.name)
				}
			}
			_ = gi
		}
	}
}

// q8RunGo runs q with the Go tile (the purego/noavx512 path).
func q8RunGo(t *testing.T, q *Q8Conv, src []float32, n int) []float32 {
	out := make([]float32, n)
	q.src, q.dst = src, out
	q.codeGroups(0, q.p.n*q.cg4)
	var s scratch
	s.reserve(4 * (q.kg*q8NR + q8MR*q8NR))
	panel := take[uint32](&s, q.kg*q8NR)
	tile := take[float32](&s, q8MR*q8NR)
	p := &q.p
	for u := 0; u < q.units; u++ {
		b, pn := u/q.panels, u%q.panels
		p0 := pn * q8NR
		cols := min(q8NR, p.outSp-p0)
		codes := q.codes[b*q.cg4*p.inSp : (b+1)*q.cg4*p.inSp]
		q.fill(panel, codes, p0, cols)
		bb := make([]uint8, len(panel)*4)
		for i, v := range panel {
			bb[4*i], bb[4*i+1], bb[4*i+2], bb[4*i+3] = uint8(v), uint8(v>>8), uint8(v>>16), uint8(v>>24)
		}
		for tt := 0; tt < q.mt; tt++ {
			m0 := tt * q8MR
			q8TileGo(q.w[tt*q.kg*q8MR*4:], bb, q8NR*4, q.kg, tile, q8NR, q.comp[m0:], q.scale[m0:], q.bias[m0:])
			for r := 0; r < min(q8MR, p.oc-m0); r++ {
				copy(out[(b*p.oc+m0+r)*p.outSp+p0:(b*p.oc+m0+r)*p.outSp+p0+cols], tile[r*q8NR:r*q8NR+cols])
			}
		}
	}
	q.src, q.dst = nil, nil
	return out
}

// TestQ8ConvEpilogue: a fused epilogue (bias, Swish, FakeQuantize) gives the bits of
// the plain run followed by ApplyEpilogue.
func TestQ8ConvEpilogue(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	g := q8Geoms()[0]
	c := q8NewCase(rng, g, 256, 0, 6, -1)
	bias := make([]float32, g.OutC)
	for i := range bias {
		bias[i] = float32(rng.NormFloat64())
	}
	fq, err := NewEpiFQ([]float32{-0.3}, []float32{4}, []float32{-0.3}, []float32{4}, 256)
	require.NoError(t, err)
	e := &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: bias}, {Kind: EpiSwish, Lo: 1}, {Kind: EpiFakeQuantize, FQ: fq}, {Kind: EpiAddTensor}}}
	res := make([]float32, c.outLen)
	for i := range res {
		res[i] = float32(rng.NormFloat64())
	}
	plain, err := NewQ8Conv(g, c.wq, c.wscale, c.lo, c.hi, c.levels)
	require.NoError(t, err)
	want := make([]float32, c.outLen)
	ok, err := plain.Run(context.Background(), nil, c.src, want, nil)
	require.True(t, ok)
	require.NoError(t, err)
	p, _ := g.plan()
	require.NoError(t, ApplyEpilogue(e, want, p.oc, p.outSp, true, [][]float32{res}))
	fused, err := NewQ8Conv(g, c.wq, c.wscale, c.lo, c.hi, c.levels)
	require.NoError(t, err)
	require.NoError(t, fused.SetEpilogue(e))
	for _, th := range []int{1, 2} {
		w := NewWorkers(th)
		got := make([]float32, c.outLen)
		ok, err := fused.Run(context.Background(), w, c.src, got, [][]float32{res})
		w.Close()
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, want, got)
	}
}

// TestQ8ConvRefuses: hostile inputs give errors, a NaN a false report, never a panic.
func TestQ8ConvRefuses(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	g := q8Geoms()[3]
	c := q8NewCase(rng, g, 256, 0, 6, 17)
	q, err := NewQ8Conv(g, c.wq, c.wscale, 0, 6, 256)
	require.NoError(t, err)
	out := make([]float32, c.outLen)
	ok, err := q.Run(context.Background(), nil, c.src, out, nil)
	require.NoError(t, err)
	require.False(t, ok, "a NaN has no code")
	_, err = q.Run(context.Background(), nil, c.src[1:], out, nil)
	require.Error(t, err)
	_, err = q.Run(context.Background(), nil, c.src, out[1:], nil)
	require.Error(t, err)
	_, err = q.Run(context.Background(), nil, c.src, out, [][]float32{out})
	require.Error(t, err, "a residual the epilogue does not read")
	bad := []struct {
		name   string
		g      ConvGeom
		wq     []int8
		ws     []float32
		lo, hi float32
		levels int
	}{
		{"levels 257", g, c.wq, c.wscale, 0, 6, 257},
		{"levels 1", g, c.wq, c.wscale, 0, 6, 1},
		{"empty range", g, c.wq, c.wscale, 1, 1, 256},
		{"NaN range", g, c.wq, c.wscale, float32(math.NaN()), 1, 256},
		{"infinite range", g, c.wq, c.wscale, float32(math.Inf(-1)), 1, 256},
		{"far zero point", g, c.wq, c.wscale, 1e4, 1e4 + 1, 256},
		{"padded, fractional zero point", g, c.wq, c.wscale, -0.2784, 8.1234, 256},
		{"short filters", g, c.wq[1:], c.wscale, 0, 6, 256},
		{"scales", g, c.wq, c.wscale[1:], 0, 6, 256},
		{"zero scale", g, c.wq, make([]float32, len(c.wscale)), 0, 6, 256},
		{"groups", ConvGeom{N: 1, Groups: 2, InC: 2, OutC: 2, In: []int{3}, Out: []int{3}, Kernel: []int{1}, Strides: []int{1}, Dilations: []int{1}, PadsBegin: []int{0}}, make([]int8, 8), []float32{1}, 0, 1, 256},
		{"too long", ConvGeom{N: 1, Groups: 1, InC: q8MaxK + 1, OutC: 1, In: []int{1}, Out: []int{1}, Kernel: []int{1}, Strides: []int{1}, Dilations: []int{1}, PadsBegin: []int{0}}, make([]int8, q8MaxK+1), []float32{1}, 0, 1, 256},
		{"bad geometry", ConvGeom{N: 1, Groups: 1, InC: 1, OutC: 1}, nil, []float32{1}, 0, 1, 256},
	}
	for _, b := range bad {
		_, err := NewQ8Conv(b.g, b.wq, b.ws, b.lo, b.hi, b.levels)
		require.Error(t, err, b.name)
	}
}

// TestQ8CodesRecoverFQ: every FakeQuantize output of a grid maps back to its code.
func TestQ8CodesRecoverFQ(t *testing.T) {
	for _, gr := range [][3]float32{{-0.2784, 8.1234, 255}, {0, 6, 255}, {-1.28, 1.27, 255}, {-100, 3, 255}, {1e-6, 3e-6, 255}, {-3, 3, 254}, {0, 1, 15}} {
		lo, hi, lm1 := gr[0], gr[1], gr[2]
		sa := (float64(hi) - float64(lo)) / float64(lm1)
		inv, zpf := float32(1/sa), float32(-float64(lo)/sa)
		for q := 0; q <= int(lm1); q++ {
			x := float32(float32(float32(q)/lm1*(hi-lo)) + lo)
			require.Equal(t, uint32(q), q8Code(x, inv, zpf, lm1), "grid %v code %d", gr, q)
		}
	}
}

// TestQ8CodesMatchesGo: the dispatched codes pass (AVX-512 where present) gives the Go
// pass's words and NaN report, with missing planes, tails and special values.
func TestQ8CodesMatchesGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	specials := []float32{0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)), 1e30, -1e30, 1e-40, 0.5, 0.49999997}
	for _, n := range []int{1, 15, 16, 17, 100, 1000} {
		for mask := 1; mask < 16; mask++ {
			for _, withNaN := range []bool{false, true} {
				var planes [4][]float32
				for k := range planes {
					if mask&(1<<k) == 0 {
						continue
					}
					pl := make([]float32, n)
					for i := range pl {
						pl[i] = float32(rng.Float64()*8 - 1)
						if rng.IntN(10) == 0 {
							pl[i] = specials[rng.IntN(len(specials))]
						}
					}
					planes[k] = pl
				}
				if withNaN {
					for k := range planes {
						if planes[k] != nil {
							planes[k][rng.IntN(n)] = float32(math.NaN())
							break
						}
					}
				}
				inv, zpf, maxCode, pad4 := float32(255.0/6.3), float32(12.14), float32(255), uint32(12*0x01010101)
				got, want := make([]uint32, n), make([]uint32, n)
				gn := q8Codes(got, planes, inv, zpf, maxCode, pad4)
				wn := q8CodesGo(want, planes, inv, zpf, maxCode, pad4)
				require.Equal(t, want, got, "n %d mask %b", n, mask)
				require.Equal(t, wn, gn)
				require.Equal(t, withNaN, gn)
			}
		}
	}
}

// TestQ8ConvClone: a clone shares the packed filters (no second copy) and gives the bits
// of the convolution it was cloned from, with a run state of its own (runs of both, one
// after the other, interleaved); a clone for another geometry is refused.
func TestQ8ConvClone(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, g := range q8Geoms()[:4] {
		c := q8NewCase(rng, g, 256, 0, 6, -1)
		q, err := NewQ8Conv(g, c.wq, c.wscale, 0, 6, 256)
		require.NoError(t, err)
		k, err := q.Clone(g)
		require.NoError(t, err)
		require.Same(t, &q.w[0], &k.w[0])
		require.Same(t, &q.scale[0], &k.scale[0])
		require.Equal(t, q.spanMax, k.spanMax) // the clone's epilogue runs over the same spans
		want := make([]float32, c.outLen)
		ok, err := q.Run(context.Background(), nil, c.src, want, nil)
		require.True(t, ok)
		require.NoError(t, err)
		for range 2 {
			got := make([]float32, c.outLen)
			ok, err = k.Run(context.Background(), nil, c.src, got, nil)
			require.True(t, ok)
			require.NoError(t, err)
			require.Equal(t, want, got)
			require.NotSame(t, &q.codes[0], &k.codes[0])
		}
		other := g
		other.OutC++
		_, err = q.Clone(other)
		require.Error(t, err)
	}
}

// TestSQQ8EpilogueSpans: the epilogue over spans of several panels (images of many
// panels, partial last panels, batches, a span cut by the image) with and without the
// leading per-channel Add folded into the tiles' bias (integer and fractional zero
// points) gives, on 1–3 threads, the bits of the plain run followed by ApplyEpilogue.
func TestSQQ8EpilogueSpans(t *testing.T) {
	g1 := func(n, ic, oc, h, w, k, s int) ConvGeom {
		pad := k / 2
		return ConvGeom{N: n, Groups: 1, InC: ic, OutC: oc, In: []int{h, w}, Out: []int{(h+2*pad-k)/s + 1, (w+2*pad-k)/s + 1},
			Kernel: []int{k, k}, Strides: []int{s, s}, Dilations: []int{1, 1}, PadsBegin: []int{pad, pad}}
	}
	geoms := []ConvGeom{
		g1(1, 32, 32, 64, 32, 1, 1),  // person-reid: 32 panels, spans of 16
		g1(2, 40, 200, 40, 40, 1, 1), // batch 2, 25 panels (the last partial), spans of 2
		g1(1, 48, 7, 33, 17, 3, 1),   // padded 3×3, one partial tile
		g1(3, 8, 600, 9, 9, 3, 2),    // one panel per image, spans of one panel
	}
	grids := []struct{ lo, hi float32 }{{0, 6}, {-1.25, 1.25 * 127 / 128}, {-0.3, 6.075}}
	rng := rand.New(rand.NewPCG(11, 12))
	for _, g := range geoms {
		for _, gr := range grids {
			c := q8NewCase(rng, g, 256, gr.lo, gr.hi, -1)
			bias := make([]float32, g.OutC)
			for i := range bias {
				bias[i] = float32(rng.NormFloat64())
			}
			bias[0], bias[len(bias)-1] = float32(math.Copysign(0, -1)), 0
			fq, err := NewEpiFQ([]float32{-0.3}, []float32{4}, []float32{-0.3}, []float32{4}, 256)
			require.NoError(t, err)
			res := make([]float32, c.outLen)
			for i := range res {
				res[i] = float32(rng.NormFloat64())
			}
			epis := []*Epilogue{
				{Steps: []EpiStep{{Kind: EpiAddChan, Vec: bias}, {Kind: EpiFakeQuantize, FQ: fq}}},
				{Steps: []EpiStep{{Kind: EpiAddChan, Vec: []float32{0.25}}}},
				{Steps: []EpiStep{{Kind: EpiAddChan, Vec: bias}, {Kind: EpiFakeQuantize, FQ: fq}, {Kind: EpiAddTensor}, {Kind: EpiRelu}}},
				{Steps: []EpiStep{{Kind: EpiRelu}, {Kind: EpiAddChan, Vec: bias}}},
			}
			for ei, e := range epis {
				name := fmt.Sprintf("%+v [%v,%v] epilogue %d", g, gr.lo, gr.hi, ei)
				var rs [][]float32
				if e.Residuals() > 0 {
					rs = [][]float32{res}
				}
				plain, err := NewQ8Conv(g, c.wq, c.wscale, c.lo, c.hi, c.levels)
				require.NoError(t, err, name)
				want := make([]float32, c.outLen)
				ok, err := plain.Run(context.Background(), nil, c.src, want, nil)
				require.True(t, ok, name)
				require.NoError(t, err, name)
				p, _ := g.plan()
				require.NoError(t, ApplyEpilogue(e, want, p.oc, p.outSp, true, rs), name)
				fused, err := NewQ8Conv(g, c.wq, c.wscale, c.lo, c.hi, c.levels)
				require.NoError(t, err, name)
				require.NoError(t, fused.SetEpilogue(e), name)
				for _, th := range []int{1, 2, 3} {
					w := NewWorkers(th)
					got := make([]float32, c.outLen)
					ok, err := fused.Run(context.Background(), w, c.src, got, rs)
					w.Close()
					require.NoError(t, err, name)
					require.True(t, ok, name)
					require.Equal(t, math32Bits(want), math32Bits(got), "%s, %d threads", name, th)
				}
			}
		}
	}
}

// math32Bits returns the bit patterns of x (so that -0 and +0, and NaNs, compare exactly).
func math32Bits(x []float32) []uint32 {
	b := make([]uint32, len(x))
	for i, v := range x {
		b[i] = math.Float32bits(v)
	}
	return b
}

// TestSQQ8FoldBits: the folded bias gives (t + bias) + v for every float32 t the tile
// can produce, on the signed zeros, infinities and NaN (checked directly: the tile's
// last operation is t + tbias).
func TestSQQ8FoldBits(t *testing.T) {
	negz := float32(math.Copysign(0, -1))
	inf := float32(math.Inf(1))
	nan := float32(math.NaN())
	ts := []float32{0, negz, 1, -1, 0x1p-149, -0x1p-149, 3.4e38, inf, -inf, nan}
	vs := []float32{0, negz, 1, -1, 0x1p-149, inf, -inf, nan}
	g := ConvGeom{N: 1, Groups: 1, InC: 4, OutC: 1, In: []int{1, 1}, Out: []int{1, 1}, Kernel: []int{1, 1},
		Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}
	for _, b := range []float32{0, negz} {
		for _, v := range vs {
			c, err := NewQ8Conv(g, []int8{1, 2, 3, 4}, []float32{1}, 0, 255, 256)
			require.NoError(t, err)
			c.bias[0] = b
			tb, ok := c.sqFold(&Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: []float32{v}}}})
			require.True(t, ok)
			for _, x := range ts {
				want := (x + b) + v
				got := x + tb[0]
				if want != want {
					require.True(t, got != got, "t %v bias %v v %v", x, b, v)
					continue
				}
				require.Equal(t, math.Float32bits(want), math.Float32bits(got), "t %v bias %v v %v", x, b, v)
			}
		}
	}
	c, err := NewQ8Conv(g, []int8{1, 2, 3, 4}, []float32{1}, 0, 255, 256)
	require.NoError(t, err)
	c.bias[0] = 0x1p-20
	_, ok := c.sqFold(&Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: []float32{1}}}})
	require.False(t, ok, "a nonzero bias is not folded")
	_, ok = c.sqFold(&Epilogue{Steps: []EpiStep{{Kind: EpiRelu}}})
	require.False(t, ok, "no leading Add")
}
