package kernels

import (
	"testing"

	"github.com/x448/float16"
)

// efBenchWalk is [1,C,H,W] op [1,C,1,1] (the squeeze-excitation scale) or op [1,C,H,W].
func efBenchWalk(b *testing.B, c, hw int, perChannel bool) *EltWalk {
	bSt := []int{c * hw, hw, 1}
	if perChannel {
		bSt = []int{c, 1, 0}
	}
	w, err := NewEltWalk([]int{1, c, hw}, []int{c * hw, hw, 1}, bSt)
	if err != nil {
		b.Fatal(err)
	}
	return w
}

// BenchmarkEltF16: an f16 [1,96,20,10]·[1,96,1,1] and a [1,32,75,75]+[1,32,1,1] as the
// old kernel did it (whole tensors widened to f32 scratch, the f32 plan, narrowed) and per
// block (EltEpi).
func BenchmarkEltF16(b *testing.B) {
	for _, tc := range []struct {
		name  string
		op    BinaryOp
		c, hw int
	}{{"mul96x200", BinMultiply, 96, 200}, {"add32x5625", BinAdd, 32, 5625}} {
		w := efBenchWalk(b, tc.c, tc.hw, true)
		n := tc.c * tc.hw
		a, s, o := make([]float16.Float16, n), make([]float16.Float16, tc.c), make([]float16.Float16, n)
		for i := range a {
			a[i] = float16.Fromfloat32(float32(i%77) * 0.01)
		}
		b.Run(tc.name+"/staged", func(b *testing.B) {
			p := NewEltFastF32(tc.op, w)
			a32, s32, o32 := make([]float32, n), make([]float32, tc.c), make([]float32, n)
			for b.Loop() {
				F16ToF32(a32, a)
				F16ToF32(s32, s)
				if err := p.Run(b.Context(), nil, o32, a32, s32); err != nil {
					b.Fatal(err)
				}
				F32ToF16(o, o32)
			}
		})
		b.Run(tc.name+"/block", func(b *testing.B) {
			k, err := NewEltEpi(tc.op, w, EltF16, nil, 1, 1)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if err := k.RunF16(b.Context(), nil, o, a, s, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEltEpiChain: person-reid-0287's Multiply([1,32,64,32], [1,32,1,1]) →
// FakeQuantize → Add(residual) → ReLU → FakeQuantize in f32, as separate passes (the
// unfused nodes) and fused in one pass (EltEpi).
func BenchmarkEltEpiChain(b *testing.B) {
	const c, hw = 32, 64 * 32
	n := c * hw
	w := efBenchWalk(b, c, hw, true)
	wsame := efBenchWalk(b, c, hw, false)
	x, s, r, o := make([]float32, n), make([]float32, c), make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], r[i] = float32(i%97)*0.03-1, float32(i%89)*0.02-0.5
	}
	for i := range s {
		s[i] = 0.5 + float32(i)*0.01
	}
	q, err := NewEpiFQ([]float32{-1.5}, []float32{1.25}, []float32{-1.5}, []float32{1.25}, 256)
	if err != nil {
		b.Fatal(err)
	}
	fqs := &Epilogue{Steps: []EpiStep{{Kind: EpiFakeQuantize, FQ: q}}}
	relu := &Epilogue{Steps: []EpiStep{{Kind: EpiRelu}}}
	b.Run("unfused", func(b *testing.B) {
		mul := NewEltFastF32(BinMultiply, w)
		add := NewEltFastF32(BinAdd, wsame)
		t1, t2 := make([]float32, n), make([]float32, n)
		for b.Loop() {
			_ = mul.Run(b.Context(), nil, t1, x, s)
			_ = ApplyEpilogue(fqs, t1, 1, n, true, nil)
			_ = add.Run(b.Context(), nil, t2, t1, r)
			_ = ApplyEpilogue(relu, t2, 1, n, true, nil)
			copy(o, t2)
			_ = ApplyEpilogue(fqs, o, 1, n, true, nil)
		}
	})
	b.Run("fused", func(b *testing.B) {
		e := &Epilogue{Steps: []EpiStep{{Kind: EpiFakeQuantize, FQ: q}, {Kind: EpiAddTensor}, {Kind: EpiRelu}, {Kind: EpiFakeQuantize, FQ: q}}}
		k, err := NewEltEpi(BinMultiply, w, EltF32, e, c, hw)
		if err != nil {
			b.Fatal(err)
		}
		res := [][]float32{r}
		for b.Loop() {
			if err := k.RunF32(b.Context(), nil, o, x, s, res); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkEltF32PerChannel: the f32 [1,32,64,32]·[1,32,1,1] and + [1,32,1,1] of
// EltFastF32 (the squeeze-excitation scale).
func BenchmarkEltF32PerChannel(b *testing.B) {
	const c, hw = 32, 64 * 32
	w := efBenchWalk(b, c, hw, true)
	x, s, o := make([]float32, c*hw), make([]float32, c), make([]float32, c*hw)
	for _, op := range []BinaryOp{BinAdd, BinMultiply} {
		p := NewEltFastF32(op, w)
		b.Run(map[BinaryOp]string{BinAdd: "add", BinMultiply: "mul"}[op], func(b *testing.B) {
			for b.Loop() {
				_ = p.Run(b.Context(), nil, o, x, s)
			}
		})
	}
}

// BenchmarkEltF32SameShape: the f32 [1,32,64,32] + [1,32,64,32] of EltFastF32 (a
// residual Add).
func BenchmarkEltF32SameShape(b *testing.B) {
	const n = 32 * 64 * 32
	w := efBenchWalk(b, 32, 64*32, false)
	x, y, o := make([]float32, n), make([]float32, n), make([]float32, n)
	p := NewEltFastF32(BinAdd, w)
	for b.Loop() {
		_ = p.Run(b.Context(), nil, o, x, y)
	}
}
