package kernels

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// smallnF16Slice is a random slice of f16-exact values (so the small-N panels are
// stored as f16 where the assembly kernel runs).
func smallnF16Slice(r *rand.Rand, n int) []float32 {
	s := gemmRandSlice(r, n)
	for i, v := range s {
		s[i] = float16.Fromfloat32(v).Float32()
	}
	return s
}

// TestSmallnTile checks every row count of the small-N tile, f32 and f16 panels, the
// assembly kernel against the portable one and both against a float64 sum.
func TestSmallnTile(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, k := range []int{1, 2, 3, 17, 300} {
		for rows := 1; rows <= smallnMaxR; rows++ {
			for _, f16 := range []bool{false, true} {
				name := fmt.Sprintf("k%d/r%d/f16=%v", k, rows, f16)
				m := 45 // two panels, the second partial
				var wsrc []float32
				if f16 {
					wsrc = smallnF16Slice(r, m*k)
				} else {
					wsrc = gemmRandSlice(r, m*k)
				}
				var w smallnW
				w.f = make([]float32, smallnPackedLen(m, k))
				smallnPack(w.f, wsrc, m, k, k, 1)
				half := smallnHasAsm() && smallnToF16(&w)
				require.Equal(t, f16 && smallnHasAsm(), half, name)
				// A: rows at scattered offsets, taps at a stride
				stride := rows + 3
				a := gemmRandSlice(r, k*stride+2*rows+1)
				ro := make([]int, rows)
				for i := range ro {
					ro[i] = 2*i + 1
				}
				off := make([]int, k)
				for q := range off {
					off[q] = q * stride
				}
				offMax := (k - 1) * stride
				for p := 0; p < 2; p++ {
					want, scale := make([]float64, rows*smallnNR), make([]float64, rows*smallnNR)
					for i := 0; i < rows; i++ {
						for j := 0; j < smallnNR; j++ {
							if p*smallnNR+j >= m {
								continue
							}
							for q := 0; q < k; q++ {
								v := float64(a[ro[i]+off[q]]) * float64(wsrc[(p*smallnNR+j)*k+q])
								want[i*smallnNR+j] += v
								if v < 0 {
									v = -v
								}
								scale[i*smallnNR+j] += v
							}
						}
					}
					for _, asm := range []bool{false, true} {
						if asm && !smallnHasAsm() || !asm && half {
							continue
						}
						ldc := smallnNR + 5
						c := gemmRandSlice(r, (rows-1)*ldc+smallnNR)
						smallnTile(k, a, ro, off, offMax, &w, p*k*smallnNR, half, asm, c, ldc, false)
						for i := 0; i < rows; i++ {
							for j := 0; j < smallnNR; j++ {
								d := float64(c[i*ldc+j]) - want[i*smallnNR+j]
								if d < 0 {
									d = -d
								}
								require.LessOrEqual(t, d, float64(k+1)*0x1p-23*scale[i*smallnNR+j]+1e-30, "%s panel %d asm=%v (%d,%d)", name, p, asm, i, j)
							}
						}
					}
				}
			}
		}
	}
	require.Panics(t, func() {
		var w smallnW
		w.f = make([]float32, 32)
		smallnTile(2, make([]float32, 4), []int{0}, []int{0, 1}, 1, &w, 0, false, false, make([]float32, 32), 32, false)
	}, "B panel too short")
	require.Panics(t, func() {
		var w smallnW
		w.f = make([]float32, 64)
		smallnTile(2, make([]float32, 4), []int{3}, []int{0, 1}, 1, &w, 0, false, false, make([]float32, 32), 32, false)
	}, "A row past the end")
}

// smallnConvCases covers the small-N convolution path: output pixels 1..15 (and a few
// more than one chunk), output channels that are not whole 32-panels, direct 1×1,
// padded 3×3, stride 2, groups, batch and 1-D.
var smallnConvCases = []struct {
	name string
	g    ConvGeom
}{
	{"fm_2x2_m70", ConvGeom{N: 1, Groups: 1, InC: 20, OutC: 70, In: []int{4, 4}, Out: []int{2, 2}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"1x1_out_1x1", ConvGeom{N: 1, Groups: 1, InC: 37, OutC: 33, In: []int{3, 3}, Out: []int{1, 1}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"direct_1x1_n1", ConvGeom{N: 2, Groups: 1, InC: 51, OutC: 5, In: []int{1, 1}, Out: []int{1, 1}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"direct_1x1_n15", ConvGeom{N: 1, Groups: 1, InC: 40, OutC: 47, In: []int{3, 5}, Out: []int{3, 5}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"3x3_p1_n2", ConvGeom{N: 1, Groups: 1, InC: 9, OutC: 31, In: []int{1, 2}, Out: []int{1, 2}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"n5_1x5", ConvGeom{N: 1, Groups: 1, InC: 11, OutC: 39, In: []int{1, 5}, Out: []int{1, 5}, Kernel: []int{1, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 1}}},
	{"n8_2x4_s2", ConvGeom{N: 1, Groups: 1, InC: 6, OutC: 32, In: []int{4, 8}, Out: []int{2, 4}, Kernel: []int{3, 3}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"3x3_p1_n3", ConvGeom{N: 1, Groups: 1, InC: 6, OutC: 64, In: []int{3, 1}, Out: []int{3, 1}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"3x3_p1_n9", ConvGeom{N: 1, Groups: 1, InC: 16, OutC: 96, In: []int{3, 3}, Out: []int{3, 3}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"3x3_s2_n6", ConvGeom{N: 1, Groups: 1, InC: 7, OutC: 40, In: []int{5, 6}, Out: []int{3, 2}, Kernel: []int{3, 3}, Strides: []int{2, 3}, Dilations: []int{1, 1}, PadsBegin: []int{1, 0}}},
	{"5x5_n7_dil", ConvGeom{N: 1, Groups: 1, InC: 3, OutC: 36, In: []int{9, 11}, Out: []int{1, 7}, Kernel: []int{5, 3}, Strides: []int{1, 1}, Dilations: []int{2, 1}, PadsBegin: []int{0, 0}}},
	{"group3_n10", ConvGeom{N: 2, Groups: 3, InC: 5, OutC: 34, In: []int{2, 5}, Out: []int{2, 5}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"n11_1d", ConvGeom{N: 1, Groups: 1, InC: 12, OutC: 8, In: []int{13}, Out: []int{11}, Kernel: []int{3}, Strides: []int{1}, Dilations: []int{1}, PadsBegin: []int{0}}},
	{"n12_s2_1x1", ConvGeom{N: 1, Groups: 1, InC: 13, OutC: 65, In: []int{7, 5}, Out: []int{4, 3}, Kernel: []int{1, 1}, Strides: []int{2, 2}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"n13_p2", ConvGeom{N: 1, Groups: 1, InC: 4, OutC: 2, In: []int{13, 1}, Out: []int{13, 1}, Kernel: []int{5, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{2, 0}}},
	{"n14_3d", ConvGeom{N: 1, Groups: 1, InC: 3, OutC: 19, In: []int{2, 7, 1}, Out: []int{2, 7, 1}, Kernel: []int{3, 3, 1}, Strides: []int{1, 1, 1}, Dilations: []int{1, 1, 1}, PadsBegin: []int{1, 1, 0}}},
	{"n4_big_k", ConvGeom{N: 1, Groups: 1, InC: 64, OutC: 100, In: []int{4, 4}, Out: []int{2, 2}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
	{"n81", ConvGeom{N: 1, Groups: 1, InC: 8, OutC: 128, In: []int{9, 9}, Out: []int{9, 9}, Kernel: []int{3, 3}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{1, 1}}},
	{"n150_direct", ConvGeom{N: 1, Groups: 1, InC: 10, OutC: 48, In: []int{10, 15}, Out: []int{10, 15}, Kernel: []int{1, 1}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{0, 0}}},
}

// TestSmallnConvConformance runs the small-N convolution path (forced) against
// ConvReference, f32 and f16-exact filters, 1–3 threads, and every epilogue variant
// against the unfused run followed by ApplyEpilogue (bit for bit).
func TestSmallnConvConformance(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	ctx := context.Background()
	for ci, tc := range smallnConvCases {
		ls, lf, lo := tc.g.ConvLens()
		src := gemmRandSlice(r, ls)
		k := tc.g.InC
		for _, v := range tc.g.Kernel {
			k *= v
		}
		ch := tc.g.Groups * tc.g.OutC
		for _, f16 := range []bool{false, true} {
			filt := gemmRandSlice(r, lf)
			if f16 {
				filt = smallnF16Slice(r, lf)
			}
			want, scale := make([]float32, lo), make([]float32, lo)
			require.NoError(t, ConvReference(tc.g, src, filt, want))
			require.NoError(t, ConvReference(tc.g, absSlice(src), absSlice(filt), scale))
			for _, arch := range GemmArchs() {
				for _, threads := range []int{1, 2, 3} {
					mode := smallnMode(1 + threads%2) // f16 panels forced at 1 and 3 threads
					name := fmt.Sprintf("%s/%s/t%d/f16=%v/mode%d", tc.name, arch, threads, f16, mode)
					w := NewWorkers(threads)
					c0, err := newConvGemmMode(tc.g, arch, threads, true, mode)
					require.NoError(t, err, name)
					c := scComputing(c0) // a strided 1×1: the gathered convolution
					if arch == GemmAVX2 {
						require.Nil(t, c.sn, name)
					} else {
						require.NotNil(t, c.sn, name)
						if threads == 2 {
							c.sn.kc = 7 // K blocks accumulated into the tile
						}
					}
					require.NoError(t, c0.PackFilters(filt), name)
					if c.sn != nil {
						if mode == 2 {
							require.Equal(t, f16 && c.sn.asm && smallnHasAsm(), c.sn.half, name)
						}
					}
					got := gemmRandSlice(r, lo)
					require.NoError(t, c0.Run(ctx, w, src, got), name)
					gemmClose(t, want, got, scale, float64(k+4)*0x1p-23, name)
					// epilogue: fused = unfused + ApplyEpilogue, bit for bit
					v := (ci + threads) % gemmEpiVariants
					e := gemmTestEpilogue(r, ch, v)
					res := make([][]float32, e.Residuals())
					for i := range res {
						res[i] = gemmRandSlice(r, lo)
					}
					if threads == 3 { // FakeQuantize: per-channel ranges, after a bias and a residual
						fg := fqeTestRanges(r, ch, true)
						q, err := NewEpiFQ(fg[0], fg[1], fg[2], fg[3], 256)
						require.NoError(t, err, name)
						e = &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: gemmRandSlice(r, ch)}, {Kind: EpiFakeQuantize, FQ: q}, {Kind: EpiRelu}}}
						if ci%2 == 1 {
							e.Steps = append(e.Steps, EpiStep{Kind: EpiAddTensor})
						}
						res = make([][]float32, e.Residuals())
						for i := range res {
							res[i] = gemmRandSlice(r, lo)
						}
					}
					wantE := append([]float32(nil), got...)
					require.NoError(t, ApplyEpilogue(e, wantE, ch, lo/tc.g.N/ch, true, res), name)
					require.NoError(t, c0.SetEpilogue(e), name)
					for rep := 0; rep < 2; rep++ {
						gotE := gemmRandSlice(r, lo)
						require.NoError(t, c0.RunEpi(ctx, w, src, gotE, res), name)
						fqeEqualBits(t, wantE, gotE, name+fmt.Sprintf(" epi%d", v))
					}
					// f16 data: RunEpiF16 = widen, RunEpi, narrow
					src16 := make([]float16.Float16, ls)
					F32ToF16(src16, src)
					src32 := make([]float32, ls)
					F16ToF32(src32, src16)
					ref := make([]float32, lo)
					require.NoError(t, c0.RunEpi(ctx, w, src32, ref, res), name)
					ref16 := make([]float16.Float16, lo)
					F32ToF16(ref16, ref)
					dst16 := make([]float16.Float16, lo)
					require.NoError(t, c0.RunEpiF16(ctx, w, src16, make([]float32, ls), dst16, make([]float32, lo), res), name)
					require.Equal(t, ref16, dst16, name+" f16")
					w.Close()
				}
			}
		}
	}
}

// TestSmallnConvChoice: the cost model takes the small-N path for few output pixels
// and many channels, and keeps the 8×32 tiles for large maps.
func TestSmallnConvChoice(t *testing.T) {
	geo := func(ic, oc, in, out, k, pad int) ConvGeom {
		return ConvGeom{N: 1, Groups: 1, InC: ic, OutC: oc, In: []int{in, in}, Out: []int{out, out}, Kernel: []int{k, k}, Strides: []int{1, 1}, Dilations: []int{1, 1}, PadsBegin: []int{pad, pad}}
	}
	for _, arch := range GemmArchs() {
		if arch == GemmAVX2 {
			continue
		}
		for _, tc := range []struct {
			g    ConvGeom
			want bool
		}{
			{geo(256, 512, 4, 2, 3, 0), true},  // head-pose conv_fm
			{geo(256, 512, 3, 1, 3, 0), true},  // gaze Convolution_733
			{geo(128, 128, 9, 9, 3, 1), true},  // vehicle Convolution5
			{geo(16, 64, 56, 56, 3, 1), false}, // a large map
		} {
			c, err := NewConvGemm(tc.g, arch, 1)
			require.NoError(t, err)
			require.Equal(t, tc.want, c.sn != nil, "%v %v", arch, tc.g)
		}
	}
}

// TestSmallnMatMulConformance runs MatMuls of 1..8 rows through the small-N path and
// the tile path (forced off) against MatMulReference: transposes, broadcast batches,
// N not a multiple of 32, f32 and f16-exact constant B, 1–3 threads, and every
// epilogue variant bit for bit against the unfused run followed by ApplyEpilogue.
func TestSmallnMatMulConformance(t *testing.T) {
	cases := []MatMulGeom{
		{M: 1, K: 2048, N: 1000},
		{M: 1, K: 1, N: 1},
		{M: 2, K: 33, N: 70, TransB: true},
		{M: 3, K: 300, N: 17, TransA: true},
		{M: 4, K: 5, N: 31},
		{M: 5, K: 64, N: 33, TransA: true, TransB: true},
		{M: 6, K: 7, N: 96},
		{M: 7, K: 129, N: 15},
		{M: 8, K: 20, N: 45, Batch: []int{2, 3}, ABatch: []int{2, 3}, BBatch: []int{1, 3}},
		{M: 1, K: 40, N: 50, Batch: []int{3}, ABatch: []int{1}, BBatch: []int{3}},
	}
	r := rand.New(rand.NewPCG(25, 26))
	ctx := context.Background()
	for ci, g := range cases {
		if g.Batch == nil {
			g.Batch, g.ABatch, g.BBatch = []int{}, []int{}, []int{}
		}
		la, lb, lo, err := g.lens()
		require.NoError(t, err)
		a := gemmRandSlice(r, la)
		for _, f16 := range []bool{false, true} {
			b := gemmRandSlice(r, lb)
			if f16 {
				b = smallnF16Slice(r, lb)
			}
			want, scale := make([]float32, lo), make([]float32, lo)
			require.NoError(t, MatMulReference(g, a, b, want))
			require.NoError(t, MatMulReference(g, absSlice(a), absSlice(b), scale))
			for _, arch := range GemmArchs() {
				for _, threads := range []int{1, 2, 3} {
					for _, mode := range []smallnMode{0, -1} {
						for _, constB := range []bool{false, true} {
							name := fmt.Sprintf("case%d/%s/t%d/mode%d/const=%v/f16=%v", ci, arch, threads, mode, constB, f16)
							w := NewWorkers(threads)
							m, err := newMatMulGemmMode(g, arch, threads, mode)
							require.NoError(t, err, name)
							require.Equal(t, mode == 0 && arch != GemmAVX2, m.sn != nil, name)
							bb := b
							if constB {
								require.NoError(t, m.SetConstB(b), name)
								bb = nil
								if m.sn != nil {
									require.Equal(t, f16 && m.sn.asm && smallnHasAsm(), m.sn.half, name)
								}
							}
							got := gemmRandSlice(r, lo)
							require.NoError(t, m.Run(ctx, w, a, bb, got), name)
							gemmClose(t, want, got, scale, float64(g.K+4)*0x1p-23, name)
							v := (ci + threads) % gemmEpiVariants
							e := gemmTestEpilogue(r, g.N, v)
							res := make([][]float32, e.Residuals())
							for i := range res {
								res[i] = gemmRandSlice(r, lo)
							}
							if threads == 3 { // FakeQuantize with per-column ranges
								fg := fqeTestRanges(r, g.N, true)
								q, err := NewEpiFQ(fg[0], fg[1], fg[2], fg[3], 255)
								require.NoError(t, err, name)
								e = &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: gemmRandSlice(r, g.N)}, {Kind: EpiAddTensor}, {Kind: EpiFakeQuantize, FQ: q}}}
								res = [][]float32{gemmRandSlice(r, lo)}
							}
							wantE := append([]float32(nil), got...)
							require.NoError(t, ApplyEpilogue(e, wantE, g.M, g.N, false, res), name)
							require.NoError(t, m.SetEpilogue(e), name)
							for rep := 0; rep < 2; rep++ {
								gotE := gemmRandSlice(r, lo)
								require.NoError(t, m.RunEpi(ctx, w, a, bb, gotE, res), name)
								fqeEqualBits(t, wantE, gotE, name)
							}
							w.Close()
						}
					}
				}
			}
		}
	}
}
