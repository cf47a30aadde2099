package kernels

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSQEpiFuse: the one-pass AddChan/Relu/FakeQuantize (sqEpiFuse, inside epiBlock and
// the depthwise convolution's epilogue) against the reference's formulas applied step by
// step in scalar Go (x + b, x > 0 ? x : 0, fqeRef), bit for bit: rows of 1–70 elements
// with NaN, ±0, ±Inf, subnormals and values on and next to the FakeQuantize bounds,
// per-tensor and per-channel ranges, constants that take the corrected quotients and
// ones that do not (then the steps run one by one), and the patterns around it.
func TestSQEpiFuse(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	negz := float32(math.Copysign(0, -1))
	specials := []float32{0, negz, float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0x1p-149, -0x1p-149, 1e-30}
	type rng4 struct{ il, ih, ol, oh float32 }
	ranges := []rng4{{0, 6, 0, 6}, {-1.25, 1.2402344, -1.25, 1.2402344}, {0.1, 3, -2, 2}, {3, -1, 0, 1}, {0, 1e-20, 0, 1}}
	const ch = 5
	for ri, r := range ranges {
		for _, perChan := range []bool{false, true} {
			var il, ih, ol, oh []float32
			for c := 0; c < ch; c++ {
				k := float32(1)
				if perChan {
					k = 1 + float32(c)*0.37
				}
				il, ih, ol, oh = append(il, r.il*k), append(ih, r.ih*k), append(ol, r.ol*k), append(oh, r.oh*k)
				if !perChan {
					break
				}
			}
			fq, err := NewEpiFQ(il, ih, ol, oh, 256)
			require.NoError(t, err)
			bias := make([]float32, ch)
			for i := range bias {
				bias[i] = float32(rng.NormFloat64())
			}
			bias[1], bias[2] = 0, negz
			at := func(v []float32, c int) float32 {
				if len(v) == 1 {
					return v[0]
				}
				return v[c]
			}
			patterns := [][]EpiStep{
				{{Kind: EpiAddChan, Vec: bias}, {Kind: EpiRelu}, {Kind: EpiFakeQuantize, FQ: fq}},
				{{Kind: EpiAddChan, Vec: bias}, {Kind: EpiFakeQuantize, FQ: fq}},
				{{Kind: EpiRelu}, {Kind: EpiFakeQuantize, FQ: fq}},
				{{Kind: EpiAddChan, Vec: []float32{0.5}}, {Kind: EpiFakeQuantize, FQ: fq}, {Kind: EpiAddTensor}, {Kind: EpiRelu}, {Kind: EpiFakeQuantize, FQ: fq}},
				{{Kind: EpiFakeQuantize, FQ: fq}, {Kind: EpiRelu}},
			}
			for pi, steps := range patterns {
				for _, n := range []int{1, 7, 16, 17, 33, 70} {
					name := fmt.Sprintf("range %d perChan %v pattern %d n %d", ri, perChan, pi, n)
					y := make([]float32, ch*n)
					res := make([]float32, ch*n)
					lo, hi := min(r.il, r.ih), max(r.il, r.ih)
					for i := range y {
						switch rng.IntN(6) {
						case 0:
							y[i] = specials[rng.IntN(len(specials))]
						case 1:
							y[i] = []float32{lo, hi, math.Nextafter32(lo, -1e30), math.Nextafter32(hi, 1e30)}[rng.IntN(4)]
						default:
							y[i] = lo + (hi-lo)*float32(rng.Float64()*1.4-0.2)
						}
						res[i] = float32(rng.NormFloat64())
					}
					want := make([]float32, len(y))
					for c := 0; c < ch; c++ {
						for j := 0; j < n; j++ {
							x := y[c*n+j]
							for _, s := range steps {
								switch s.Kind {
								case EpiAddChan:
									x += at(s.Vec, c)
								case EpiRelu:
									if !(x > 0) {
										x = 0
									}
								case EpiAddTensor:
									x += res[c*n+j]
								case EpiFakeQuantize:
									k := c
									if len(s.FQ.p) == 1 {
										k = 0
									}
									x = fqeRef(x, at(il, k), at(ih, k), at(ol, k), at(oh, k), 256)
								}
							}
							want[c*n+j] = x
						}
					}
					e := &Epilogue{Steps: steps}
					var rs [][]float32
					if e.Residuals() > 0 {
						rs = [][]float32{res}
					}
					got := append([]float32(nil), y...)
					epiBlock(e, got, rs, 0, n, ch, n, 0, true)
					require.Equal(t, math32Bits(want), math32Bits(got), name)
				}
			}
		}
	}
}

// TestSQDWConvEpiFuse: a depthwise convolution with the person-reid epilogue (per-channel
// Add, Relu, FakeQuantize) gives the bits of the plain convolution followed by the steps
// in scalar Go, on 1 and 2 threads.
func TestSQDWConvEpiFuse(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, g := range []ConvGeom{dwGeom(1, 32, 64, 32, 3, 3, 1, 1, 1, 1, 1, 1), dwGeom(2, 12, 9, 21, 3, 3, 2, 1, 1, 1, 1, 1)} {
		ls, lf, lo := g.ConvLens()
		src, filt := make([]float32, ls), make([]float32, lf)
		for i := range src {
			src[i] = float32(rng.NormFloat64())
		}
		for i := range filt {
			filt[i] = float32(rng.NormFloat64()) * 0.3
		}
		bias := make([]float32, g.Groups)
		for i := range bias {
			bias[i] = float32(rng.NormFloat64()) * 0.2
		}
		fq, err := NewEpiFQ([]float32{-0.5}, []float32{2.5}, []float32{-0.5}, []float32{2.5}, 256)
		require.NoError(t, err)
		plain := make([]float32, lo)
		d := NewDWConv(g, filt)
		require.NoError(t, d.RunF32(context.Background(), nil, src, plain))
		want := make([]float32, lo)
		sp := lo / (g.N * g.Groups)
		for i, x := range plain {
			x += bias[(i/sp)%g.Groups]
			if !(x > 0) {
				x = 0
			}
			want[i] = fqeRef(x, -0.5, 2.5, -0.5, 2.5, 256)
		}
		require.NoError(t, d.SetEpilogue(&Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: bias}, {Kind: EpiRelu}, {Kind: EpiFakeQuantize, FQ: fq}}}))
		for _, th := range []int{1, 2} {
			w := NewWorkers(th)
			got := make([]float32, lo)
			require.NoError(t, d.RunF32(context.Background(), w, src, got))
			w.Close()
			require.Equal(t, math32Bits(want), math32Bits(got), "%+v, %d threads", g, th)
		}
	}
}

// BenchmarkSQEpiFuse: Add+Relu+FakeQuantize over 2048-element rows (a person-reid
// depthwise plane) as three passes and as the one-pass kernel (cpu-ns/op):
// go test -run '^$' -bench SQEpiFuse ./kernels.
func BenchmarkSQEpiFuse(b *testing.B) {
	fq, err := NewEpiFQ([]float32{0}, []float32{2.5}, []float32{0}, []float32{2.5}, 256)
	if err != nil {
		b.Fatal(err)
	}
	const ch, n = 32, 2048
	bias := make([]float32, ch)
	y := make([]float32, ch*n)
	for i := range y {
		y[i] = float32(i%97)*0.05 - 1.5
	}
	e := &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: bias}, {Kind: EpiRelu}, {Kind: EpiFakeQuantize, FQ: fq}}}
	b.Run("steps", func(b *testing.B) {
		dwLoop(b, func() {
			for c := 0; c < ch; c++ {
				row := y[c*n : (c+1)*n]
				epiScalar(EpiAddChan, row, bias[c])
				epiRelu(row)
				fqeRow(fq, row, c, 0, true)
			}
		})
	})
	b.Run("fused", func(b *testing.B) {
		dwLoop(b, func() { epiBlock(e, y, nil, 0, n, ch, n, 0, true) })
	})
}
