package kernels

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// TestSnF16Fused: RunEpiF16, whose blocks are narrowed straight into the f16 output
// (sn_fuse.go), equals RunEpi followed by GemmF32ToF16 bit for bit: the conformance
// geometries and squeezenet's small shapes, 8×32 tiles and small-N tiles, padded,
// direct and im2col plans, every micro-kernel family, 1–2 threads, with the epilogues
// the fused pass takes (none, bias, bias + ReLU, ReLU, a scalar bias) and ones it
// leaves to the row steps (scale + bias + ReLU, Sigmoid, PReLU), on data with a NaN,
// infinities and signed zeros.
func TestSnF16Fused(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 11))
	ctx := context.Background()
	cases := append([]struct {
		name string
		g    ConvGeom
	}{}, convGemmCases...)
	cases = append(cases,
		struct {
			name string
			g    ConvGeom
		}{"sn_stem", scConv2D(3, 16, 23, 23, 11, 11, 3, 2, 0)},
		struct {
			name string
			g    ConvGeom
		}{"sn_e3_14", scConv2D(16, 40, 14, 14, 14, 14, 3, 1, 1)},
		struct {
			name string
			g    ConvGeom
		}{"sn_1x1_14", scConv2D(24, 40, 14, 14, 14, 14, 1, 1, 0)},
	)
	for ci, tc := range cases {
		ls, lf, lo := tc.g.ConvLens()
		oc := tc.g.Groups * tc.g.OutC
		src16 := make([]float16.Float16, ls)
		for i := range src16 {
			src16[i] = float16.Fromfloat32(float32(r.NormFloat64()))
		}
		if ci%3 == 0 && ls > 4 { // a NaN, an infinity and a −0 in the data
			src16[ls/2] = 0x7e01
			src16[ls/3] = 0x7c00
			src16[ls/4] = 0x8000
		}
		src := make([]float32, ls)
		GemmF16ToF32(src, src16)
		filt := gemmRandSlice(r, lf)
		if ci%4 == 1 {
			clear(filt[:len(filt)/2]) // zero sums: signed zeros through the bias and ReLU
		}
		bias := gemmRandSlice(r, oc)
		bias[0] = snNegZero
		scale := gemmRandSlice(r, oc)
		epis := map[string]*Epilogue{
			"none":            nil,
			"bias":            {Steps: []EpiStep{{Kind: EpiAddChan, Vec: bias}}},
			"bias-relu":       {Steps: []EpiStep{{Kind: EpiAddChan, Vec: bias}, {Kind: EpiRelu}}},
			"relu":            {Steps: []EpiStep{{Kind: EpiRelu}}},
			"sbias-relu":      {Steps: []EpiStep{{Kind: EpiAddChan, Vec: []float32{0.25}}, {Kind: EpiRelu}}},
			"scale-bias-relu": {Steps: []EpiStep{{Kind: EpiMulChan, Vec: scale}, {Kind: EpiAddChan, Vec: bias}, {Kind: EpiRelu}}},
			"bias-sigmoid":    {Steps: []EpiStep{{Kind: EpiAddChan, Vec: bias}, {Kind: EpiSigmoid}}},
			"prelu":           {Steps: []EpiStep{{Kind: EpiPRelu, Vec: scale}}},
		}
		for en, epi := range epis {
			for _, arch := range GemmArchs() {
				for _, cfg := range []struct {
					threads int
					padded  bool
					mode    smallnMode
				}{{1, true, -1}, {2, true, -1}, {1, true, 1}, {2, true, 1}, {1, false, -1}} {
					name := fmt.Sprintf("%s/%s/%s/t%d/padded=%v/mode=%d", tc.name, en, arch, cfg.threads, cfg.padded, cfg.mode)
					w := NewWorkers(cfg.threads)
					c, err := newConvGemmMode(tc.g, arch, cfg.threads, cfg.padded, cfg.mode)
					require.NoError(t, err, name)
					require.NoError(t, c.PackFilters(filt), name)
					require.NoError(t, c.SetEpilogue(epi), name)
					want32 := make([]float32, lo)
					require.NoError(t, c.RunEpi(ctx, w, src, want32, nil), name)
					want := make([]float16.Float16, lo)
					GemmF32ToF16(want, want32)
					got := make([]float16.Float16, lo)
					for i := range got {
						got[i] = 0x7e00 // stale NaNs must be overwritten
					}
					require.NoError(t, c.RunEpiF16(ctx, w, src16, gemmRandSlice(r, ls), got, gemmRandSlice(r, lo), nil), name)
					require.Equal(t, want, got, name)
					w.Close()
				}
			}
		}
	}
}

// TestSnBiasRelu: the fused bias / ReLU / narrowing pass against the definition
// (float32 add, max with 0 where NaN gives 0, as VMAXPS, GemmF32ToF16) on every
// length up to 40 and special values.
func TestSnBiasRelu(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	specials := []float32{0, snNegZero, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 65504, 65520, 1e-8, -1e-8, 6e-5}
	for n := 0; n <= 40; n++ {
		for _, bias := range []float32{snNegZero, 0, 0.5, -3} {
			for _, relu := range []bool{false, true} {
				src := make([]float32, n)
				for i := range src {
					if i%3 == 0 {
						src[i] = specials[r.IntN(len(specials))]
					} else {
						src[i] = float32(r.NormFloat64() * 4)
					}
				}
				steps := []EpiStep{{Kind: EpiAddChan, Vec: []float32{bias}}}
				if relu {
					steps = append(steps, EpiStep{Kind: EpiRelu})
				}
				e := &Epilogue{Steps: steps}
				ref := append([]float32(nil), src...)
				epiRow(e, ref, nil, 0, 0, 0, true)
				want := make([]float16.Float16, n+1)
				F32ToF16(want[:n], ref)
				got := make([]float16.Float16, n+1)
				got[n] = 0x1234
				want[n] = 0x1234 // nothing written past n
				snEpiNarrow(e, append([]float32(nil), src...), got, 0)
				require.Equal(t, want, got, "n=%d bias=%v relu=%v", n, bias, relu)
			}
		}
	}
}
