package kernels

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

func dwGeom(n, c, h, w, kh, kw, s, d, pt, pl, ph, pw int) ConvGeom {
	oh := (h+pt+ph-(kh-1)*d-1)/s + 1
	ow := (w+pl+pw-(kw-1)*d-1)/s + 1
	return ConvGeom{N: n, Groups: c, InC: 1, OutC: 1, In: []int{h, w}, Out: []int{oh, ow},
		Kernel: []int{kh, kw}, Strides: []int{s, s}, Dilations: []int{d, d}, PadsBegin: []int{pt, pl}}
}

func dwData(r *rand.Rand, n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		switch r.Intn(40) {
		case 0:
			x[i] = 0
		case 1:
			x[i] = float32(math.Copysign(0, -1))
		case 2:
			x[i] = float32(math.NaN())
		case 3:
			x[i] = float32(math.Inf(1 - 2*r.Intn(2)))
		default:
			x[i] = float32(r.NormFloat64() * 3)
		}
	}
	return x
}

func TestDWConvMatchesReference(t *testing.T) {
	geoms := []ConvGeom{
		dwGeom(1, 16, 64, 32, 3, 3, 1, 1, 1, 1, 1, 1),
		dwGeom(2, 5, 13, 21, 3, 3, 1, 1, 1, 1, 1, 1),
		dwGeom(1, 7, 17, 19, 3, 3, 2, 1, 1, 1, 1, 1),
		dwGeom(1, 7, 16, 32, 3, 3, 2, 1, 0, 0, 1, 1),
		dwGeom(1, 4, 20, 27, 5, 5, 1, 1, 2, 2, 2, 2),
		dwGeom(1, 4, 23, 40, 5, 5, 2, 1, 2, 2, 2, 2),
		dwGeom(1, 3, 15, 26, 3, 3, 1, 2, 2, 2, 2, 2),
		dwGeom(1, 3, 15, 26, 3, 3, 3, 1, 0, 1, 2, 1),
		dwGeom(1, 6, 9, 9, 3, 3, 1, 1, 0, 0, 0, 0),
		dwGeom(1, 128, 16, 8, 16, 8, 1, 1, 0, 0, 0, 0),
		dwGeom(1, 128, 6, 6, 6, 6, 1, 1, 0, 0, 0, 0), // one output pixel per channel (sm_dw1.go)
		dwGeom(2, 19, 5, 7, 5, 7, 1, 1, 0, 0, 0, 0),
		dwGeom(1, 20, 9, 9, 3, 3, 2, 4, 0, 0, 0, 0),
		dwGeom(1, 17, 9, 9, 4, 3, 1, 1, 0, 0, -5, -6),
		{N: 1, Groups: 33, InC: 1, OutC: 1, In: []int{7}, Out: []int{1}, Kernel: []int{7},
			Strides: []int{1}, Dilations: []int{1}, PadsBegin: []int{0}},
		dwGeom(1, 3, 12, 30, 3, 3, 1, 1, -1, -2, 2, 3),
		dwGeom(1, 3, 37, 45, 7, 7, 1, 1, 3, 3, 3, 3),
		dwGeom(1, 3, 37, 45, 7, 7, 2, 1, 3, 3, 3, 3),
		dwGeom(2, 3, 29, 53, 5, 5, 2, 2, 4, 4, 4, 4),
		dwGeom(1, 2, 31, 70, 3, 3, 2, 1, 0, 1, 0, 1),
		dwGeom(1, 2, 31, 70, 3, 3, 3, 3, 3, 3, 3, 3),
		dwGeom(1, 5, 1, 1, 3, 3, 1, 1, 1, 1, 1, 1),
		dwGeom(1, 5, 6, 17, 1, 1, 2, 1, 0, 0, 0, 0),
		dwGeom(1, 4, 40, 33, 3, 3, 2, 1, 1, 1, 1, 1),
		dwGeom(1, 3, 21, 33, 3, 3, 2, 1, -1, -3, 1, 2),
		dwGeom(1, 3, 21, 8, 3, 3, 1, 1, 1, 1, 1, 1),
		dwGeom(1, 2, 9, 100, 3, 3, 2, 1, 1, 0, 1, 1),
		{N: 1, Groups: 5, InC: 1, OutC: 1, In: []int{50}, Out: []int{25}, Kernel: []int{5},
			Strides: []int{2}, Dilations: []int{1}, PadsBegin: []int{2}},
	}
	r := rand.New(rand.NewSource(7))
	for gi, g := range geoms {
		ls, lf, lo := g.ConvLens()
		require.NotZero(t, lo, "geom %d", gi)
		src, filt := dwData(r, ls), make([]float32, lf)
		for i := range filt {
			filt[i] = float32(r.NormFloat64())
			if i%11 == 3 {
				filt[i] = float32(math.Copysign(0, -1))
			}
		}
		want := make([]float32, lo)
		require.NoError(t, ConvReference(g, src, filt, want))
		d := NewDWConv(g, filt)
		require.NotNil(t, d, "geom %d", gi)
		for _, threads := range []int{1, 2, 3} {
			for path := range 3 {
				goOnly := path == 2
				name := fmt.Sprintf("geom%d/t%d/path%d", gi, threads, path)
				w := NewWorkers(threads)
				d.goOnly, d.no512, d.par = goOnly, path == 1, threads > 1
				got := make([]float32, lo)
				require.NoError(t, d.RunF32(context.Background(), w, src, got), name)
				requireSameBits(t, want, got, name)

				// f16 and bf16: the reference on the widened data, narrowed.
				h := make([]float16.Float16, ls)
				F32ToF16(h, src)
				wide := make([]float32, ls)
				F16ToF32(wide, h)
				ref := make([]float32, lo)
				require.NoError(t, ConvReference(g, wide, filt, ref))
				wantH := make([]float16.Float16, lo)
				F32ToF16(wantH, ref)
				gotH := make([]float16.Float16, lo)
				require.NoError(t, d.RunF16(context.Background(), w, h, gotH), name)
				requireSameBits(t, f16Wide(wantH), f16Wide(gotH), name+"/f16")

				b := make([]uint16, ls)
				F32ToBF16(b, src)
				BF16ToF32(wide, b)
				require.NoError(t, ConvReference(g, wide, filt, ref))
				wantB := make([]uint16, lo)
				F32ToBF16(wantB, ref)
				gotB := make([]uint16, lo)
				require.NoError(t, d.RunBF16(context.Background(), w, b, gotB), name)
				requireSameBits(t, bf16Wide(wantB), bf16Wide(gotB), name+"/bf16")
				w.Close()
			}
		}
	}
}

func f16Wide(h []float16.Float16) []float32 {
	f := make([]float32, len(h))
	F16ToF32(f, h)
	return f
}

func bf16Wide(h []uint16) []float32 {
	f := make([]float32, len(h))
	BF16ToF32(f, h)
	return f
}

// requireSameBits compares bit patterns, any NaN matching any NaN (the sign and payload
// of a NaN result depend on the operand order the compiler picks for x + y).
func requireSameBits(t *testing.T, want, got []float32, name string) {
	t.Helper()
	require.Equal(t, len(want), len(got), name)
	for i := range want {
		if math.Float32bits(want[i]) != math.Float32bits(got[i]) && !(want[i] != want[i] && got[i] != got[i]) {
			require.Failf(t, "mismatch", "%s: element %d: want %v (%#x), got %v (%#x)", name, i, want[i], math.Float32bits(want[i]), got[i], math.Float32bits(got[i]))
		}
	}
}

func TestDWConvRefuses(t *testing.T) {
	g := dwGeom(1, 2, 8, 8, 3, 3, 1, 1, 1, 1, 1, 1)
	filt := make([]float32, 18)
	filt[4] = float32(math.Inf(1))
	require.Nil(t, NewDWConv(g, filt))
	filt[4] = float32(math.NaN())
	require.Nil(t, NewDWConv(g, filt))
	require.Nil(t, NewDWConv(g, filt[:17]))
	g2 := g
	g2.InC, g2.Groups = 2, 1
	require.Nil(t, NewDWConv(g2, make([]float32, 18)))
	d := NewDWConv(g, make([]float32, 18))
	require.NotNil(t, d)
	require.Error(t, d.RunF32(context.Background(), nil, make([]float32, 127), make([]float32, 128)))
	require.Error(t, d.RunF32(context.Background(), nil, make([]float32, 128), make([]float32, 12)))
}

func BenchmarkDWConv(b *testing.B) {
	for _, g := range []ConvGeom{
		dwGeom(1, 16, 64, 32, 3, 3, 1, 1, 1, 1, 1, 1),
		dwGeom(1, 32, 16, 8, 3, 3, 1, 1, 1, 1, 1, 1),
		dwGeom(1, 64, 112, 112, 3, 3, 1, 1, 1, 1, 1, 1),
		dwGeom(1, 64, 112, 112, 3, 3, 2, 1, 1, 1, 1, 1),
	} {
		ls, lf, lo := g.ConvLens()
		src, filt, dst := make([]float32, ls), make([]float32, lf), make([]float32, lo)
		for i := range src {
			src[i] = float32(i%13) * 0.1
		}
		name := fmt.Sprintf("C%d_%dx%d_s%d", g.Groups, g.In[0], g.In[1], g.Strides[0])
		b.Run(name+"/fast", func(b *testing.B) {
			d := NewDWConv(g, filt)
			b.SetBytes(int64(4 * (ls + lo)))
			for i := 0; i < b.N; i++ {
				_ = d.RunF32(context.Background(), nil, src, dst)
			}
		})
		b.Run(name+"/copy", func(b *testing.B) {
			b.SetBytes(int64(4 * (ls + lo)))
			for i := 0; i < b.N; i++ {
				copy(dst, src[:min(ls, lo)])
			}
		})
		b.Run(name+"/reference", func(b *testing.B) {
			b.SetBytes(int64(4 * (ls + lo)))
			for i := 0; i < b.N; i++ {
				_ = ConvReference(g, src, filt, dst)
			}
		})
	}
}

// TestDWConvEpilogue: the epilogue applied inside the kernel per block of rows gives
// ApplyEpilogue's bits over the reference's output (f32), and for f16/bf16 the same
// f32 values rounded once.
func TestDWConvEpilogue(t *testing.T) {
	geoms := []ConvGeom{
		dwGeom(1, 16, 64, 32, 3, 3, 1, 1, 1, 1, 1, 1),
		dwGeom(2, 5, 150, 37, 3, 3, 1, 1, 1, 1, 1, 1),
		dwGeom(1, 7, 17, 19, 5, 5, 2, 1, 2, 2, 2, 2),
		dwGeom(1, 3, 9, 200, 3, 3, 1, 2, 2, 2, 2, 2),
		dwGeom(2, 21, 6, 6, 6, 6, 1, 1, 0, 0, 0, 0), // one output pixel per channel (sm_dw1.go)
	}
	r := rand.New(rand.NewSource(11))
	for gi, g := range geoms {
		ls, lf, lo := g.ConvLens()
		c := g.Groups
		src, filt := dwData(r, ls), make([]float32, lf)
		for i := range filt {
			filt[i] = float32(r.NormFloat64())
		}
		vec := func() []float32 {
			v := make([]float32, c)
			for i := range v {
				v[i] = float32(r.NormFloat64())
			}
			return v
		}
		il, ih := make([]float32, c), make([]float32, c)
		for i := range il {
			il[i], ih[i] = -float32(1+r.Intn(3)), float32(1+r.Intn(4))
		}
		fq, err := NewEpiFQ(il, ih, []float32{-2}, []float32{3}, 255)
		require.NoError(t, err)
		e := &Epilogue{Steps: []EpiStep{
			{Kind: EpiAddChan, Vec: vec()},
			{Kind: EpiAddTensor},
			{Kind: EpiMulChan, Vec: []float32{0.75}},
			{Kind: EpiRelu},
			{Kind: EpiFakeQuantize, FQ: fq},
			{Kind: EpiPRelu, Vec: vec()},
			{Kind: EpiClamp, Lo: -1, Hi: 2.5},
		}}
		res := [][]float32{dwData(r, lo)}

		ref := func(x []float32) []float32 {
			y := make([]float32, lo)
			require.NoError(t, ConvReference(g, x, filt, y))
			require.NoError(t, ApplyEpilogue(e, y, c, lo/(g.N*c), true, res))
			return y
		}
		want := ref(src)
		h := make([]float16.Float16, ls)
		F32ToF16(h, src)
		wantH := make([]float16.Float16, lo)
		F32ToF16(wantH, ref(f16Wide(h)))
		b := make([]uint16, ls)
		F32ToBF16(b, src)
		wantB := make([]uint16, lo)
		F32ToBF16(wantB, ref(bf16Wide(b)))

		d := NewDWConv(g, filt)
		require.NotNil(t, d)
		require.NoError(t, d.SetEpilogue(e))
		require.Error(t, d.RunF32(context.Background(), nil, src, make([]float32, lo)), "residual missing")
		for _, threads := range []int{1, 2} {
			for path := range 3 {
				name := fmt.Sprintf("geom%d/t%d/path%d", gi, threads, path)
				w := NewWorkers(threads)
				d.goOnly, d.no512, d.par = path == 2, path == 1, threads > 1
				got := make([]float32, lo)
				require.NoError(t, d.RunEpiF32(context.Background(), w, src, got, res), name)
				requireSameBits(t, want, got, name)
				gotH := make([]float16.Float16, lo)
				require.NoError(t, d.RunEpiF16(context.Background(), w, h, gotH, res), name)
				requireSameBits(t, f16Wide(wantH), f16Wide(gotH), name+"/f16")
				gotB := make([]uint16, lo)
				require.NoError(t, d.RunEpiBF16(context.Background(), w, b, gotB, res), name)
				requireSameBits(t, bf16Wide(wantB), bf16Wide(gotB), name+"/bf16")
				w.Close()
			}
		}
	}
	d := NewDWConv(geoms[0], make([]float32, 16*9))
	require.Error(t, d.SetEpilogue(&Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: make([]float32, 3)}}}))
}

// TestSmDW1Planned: the one-pixel path is taken exactly when every channel has one
// output pixel read without padding (TestDWConvMatchesReference checks its values).
func TestSmDW1Planned(t *testing.T) {
	for _, tc := range []struct {
		g    ConvGeom
		want bool
	}{
		{dwGeom(1, 128, 6, 6, 6, 6, 1, 1, 0, 0, 0, 0), true},
		{dwGeom(1, 17, 9, 9, 4, 3, 1, 1, 0, 0, -5, -6), true},
		{dwGeom(1, 20, 9, 9, 3, 3, 2, 4, 0, 0, 0, 0), true},
		{dwGeom(1, 5, 1, 1, 3, 3, 1, 1, 1, 1, 1, 1), false}, // padded
		{dwGeom(1, 6, 9, 9, 3, 3, 1, 1, 0, 0, 0, 0), false}, // 7×7 outputs
	} {
		_, lf, _ := tc.g.ConvLens()
		d := NewDWConv(tc.g, make([]float32, lf))
		require.NotNil(t, d)
		require.Equal(t, tc.want, d.sm != nil, "%+v", tc.g)
	}
}
