package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// efRandF32 returns a random float32: mostly normal values, sometimes NaN, ±Inf, ±0,
// subnormals, huge values or random bit patterns.
func efRandF32(r *rand.Rand) float32 {
	switch r.IntN(40) {
	case 0:
		return float32(math.NaN())
	case 1:
		return float32(math.Inf(1 - 2*r.IntN(2)))
	case 2:
		return float32(math.Copysign(0, float64(1-2*r.IntN(2))))
	case 3:
		return math.Float32frombits(r.Uint32())
	case 4:
		return float32(r.NormFloat64() * 1e-6)
	case 5:
		return float32(r.NormFloat64() * 60000)
	}
	return float32(r.NormFloat64() * 4)
}

// efNarrowed rounds float32 values to type t and back (f32: unchanged).
func efNarrowed(t EltType, v []float32) ([]float32, []uint16) {
	bits := make([]uint16, len(v))
	out := make([]float32, len(v))
	switch t {
	case EltF32:
		copy(out, v)
		return out, nil
	case EltF16:
		for i, x := range v {
			bits[i] = float16.Fromfloat32(x).Bits()
			out[i] = float16.Frombits(bits[i]).Float32()
		}
	case EltBF16:
		for i, x := range v {
			b := math.Float32bits(x)
			if b&0x7fffffff > 0x7f800000 {
				bits[i] = uint16(b>>16) | 0x40
			} else {
				bits[i] = uint16((b + 0x7fff + (b>>16)&1) >> 16)
			}
			out[i] = math.Float32frombits(uint32(bits[i]) << 16)
		}
	}
	return out, bits
}

// efHalfNaN reports whether f16 or bf16 bits h are a NaN.
func efHalfNaN(t EltType, h uint16) bool {
	if t == EltF16 {
		return h&0x7c00 == 0x7c00 && h&0x3ff != 0
	}
	return h&0x7f80 == 0x7f80 && h&0x7f != 0
}

func efF16s(b []uint16) []float16.Float16 {
	s := make([]float16.Float16, len(b))
	for i, x := range b {
		s[i] = float16.Frombits(x)
	}
	return s
}

// TestEltEpiMatchesReference: random numpy broadcasts of Add/Subtract/Multiply/Divide on
// f32, f16 and bf16 (with NaN, ±Inf, ±0, subnormals), without and with random epilogues,
// through EltEpi at 1 and 3 threads, against the reference: EltApply2 with BinaryFunc in
// float32 on the widened operands, ApplyEpilogue on the float32 result, one rounding. Bit
// for bit, except that of two NaN operands either payload may come out: which one the
// hardware keeps depends on the operand order the Go compiler picks for a commutative
// x·y or x+y (it differs in -race builds, for the reference as for the fast loops).
func TestEltEpiMatchesReference(t *testing.T) {
	w := NewWorkers(3)
	defer w.Close()
	r := rand.New(rand.NewPCG(7, 9))
	fast := 0
	for it := 0; it < 300; it++ {
		rank := r.IntN(5)
		out := make([]int, rank)
		for i := range out {
			out[i] = 1 + r.IntN(7)
		}
		if it%40 == 0 && rank > 1 {
			out[rank-1] = 20000 + r.IntN(9000)
		}
		mk := func() []int {
			s := append([]int(nil), out[r.IntN(rank+1):]...)
			for i := range s {
				if r.IntN(3) == 0 {
					s[i] = 1
				}
			}
			return s
		}
		as, bs := mk(), mk()
		if r.IntN(2) == 0 {
			as = out
		} else if r.IntN(2) == 0 {
			bs = out
		}
		aSt, err := BroadcastStrides(out, as)
		require.NoError(t, err)
		bSt, err := BroadcastStrides(out, bs)
		require.NoError(t, err)
		wk, err := NewEltWalk(out, aSt, bSt)
		require.NoError(t, err)
		n := prodInts(out)
		rows, cols := 1, n
		if rank >= 2 {
			rows, cols = out[1], prodInts(out[2:])
		}
		typ := EltType(it % 3)
		fill := func(k int) []float32 {
			v := make([]float32, k)
			for i := range v {
				v[i] = efRandF32(r)
			}
			return v
		}
		a32, a16 := efNarrowed(typ, fill(prodInts(as)))
		b32, b16 := efNarrowed(typ, fill(prodInts(bs)))
		// A random epilogue.
		var e *Epilogue
		var res32 [][]float32
		var res16 [][]uint16
		if it%4 != 0 {
			e = &Epilogue{}
			vec := func() []float32 {
				if r.IntN(2) == 0 {
					return []float32{efRandF32(r)}
				}
				v := make([]float32, rows)
				for i := range v {
					v[i] = float32(r.NormFloat64())
				}
				return v
			}
			for s := 0; s < 1+r.IntN(4); s++ {
				switch r.IntN(6) {
				case 0:
					e.Steps = append(e.Steps, EpiStep{Kind: EpiAddChan, Vec: vec()})
				case 1:
					e.Steps = append(e.Steps, EpiStep{Kind: EpiMulChan, Vec: vec()})
				case 2:
					e.Steps = append(e.Steps, EpiStep{Kind: EpiRelu})
				case 3:
					rv, rb := efNarrowed(typ, fill(n))
					res32, res16 = append(res32, rv), append(res16, rb)
					e.Steps = append(e.Steps, EpiStep{Kind: EpiAddTensor})
				case 4:
					e.Steps = append(e.Steps, EpiStep{Kind: EpiClamp, Lo: -1, Hi: 2})
				case 5:
					if typ != EltF32 {
						e.Steps = append(e.Steps, EpiStep{Kind: EpiPRelu, Vec: vec()})
						continue
					}
					il := []float32{-1.5}
					if r.IntN(2) == 0 && rows > 1 {
						il = vec()
					}
					q, err := NewEpiFQ(il, []float32{1.25}, []float32{-2}, []float32{3}, uint64(2+r.IntN(255)))
					require.NoError(t, err)
					e.Steps = append(e.Steps, EpiStep{Kind: EpiFakeQuantize, FQ: q})
				}
			}
		}
		for op := BinAdd; op <= BinDivide; op++ {
			k, err := NewEltEpi(op, wk, typ, e, rows, cols)
			require.NoError(t, err)
			if k == nil {
				continue
			}
			if rank >= 3 && it%2 == 1 {
				k.SetPlane(cols) // workers split every plane into bands
			}
			fast++
			want := make([]float32, n)
			require.NoError(t, EltApply2(wk, want, a32, b32, BinaryFunc[float32](op, false, nil)))
			if e != nil {
				require.NoError(t, ApplyEpilogue(e, want, rows, cols, true, res32))
			}
			_, wantBits := efNarrowed(typ, want)
			for _, ww := range []*Workers{nil, w} {
				switch typ {
				case EltF32:
					got := make([]float32, n)
					require.NoError(t, k.RunF32(t.Context(), ww, got, a32, b32, res32))
					for i := range want {
						if math.Float32bits(want[i]) != math.Float32bits(got[i]) && !(want[i] != want[i] && got[i] != got[i]) {
							require.Equal(t, math.Float32bits(want[i]), math.Float32bits(got[i]), "op %d out %v a %v b %v at %d", op, out, as, bs, i)
						}
					}
				case EltF16:
					got := make([]float16.Float16, n)
					var rs [][]float16.Float16
					for _, x := range res16 {
						rs = append(rs, efF16s(x))
					}
					require.NoError(t, k.RunF16(t.Context(), ww, got, efF16s(a16), efF16s(b16), rs))
					for i := range wantBits {
						if wantBits[i] != got[i].Bits() && !(efHalfNaN(typ, wantBits[i]) && efHalfNaN(typ, got[i].Bits())) {
							require.Equal(t, wantBits[i], got[i].Bits(), "op %d out %v a %v b %v at %d", op, out, as, bs, i)
						}
					}
				case EltBF16:
					got := make([]uint16, n)
					require.NoError(t, k.RunBF16(t.Context(), ww, got, a16, b16, res16))
					for i := range wantBits {
						if wantBits[i] != got[i] && !(efHalfNaN(typ, wantBits[i]) && efHalfNaN(typ, got[i])) {
							require.Equal(t, wantBits[i], got[i], "op %d out %v a %v b %v at %d", op, out, as, bs, i)
						}
					}
				}
			}
		}
	}
	require.Greater(t, fast, 700)
}

// TestEltEpiErrors: wrong lengths, residual counts and types are errors, not panics.
func TestEltEpiErrors(t *testing.T) {
	wk, err := NewEltWalk([]int{2, 3}, []int{3, 1}, []int{0, 1})
	require.NoError(t, err)
	e := &Epilogue{Steps: []EpiStep{{Kind: EpiAddTensor}}}
	k, err := NewEltEpi(BinMultiply, wk, EltF16, e, 2, 3)
	require.NoError(t, err)
	x := make([]float16.Float16, 6)
	require.Error(t, k.RunF16(t.Context(), nil, x, x, x[:3], nil))
	require.Error(t, k.RunF16(t.Context(), nil, x, x[:5], x[:3], [][]float16.Float16{x}))
	require.Error(t, k.RunF16(t.Context(), nil, x, x, x[:3], [][]float16.Float16{x[:5]}))
	require.NoError(t, k.RunF16(t.Context(), nil, x, x, x[:3], [][]float16.Float16{x}))
	require.Error(t, k.RunF32(t.Context(), nil, make([]float32, 6), make([]float32, 6), make([]float32, 3), nil))
	_, err = NewEltEpi(BinAdd, wk, EltF32, e, 4, 3)
	require.Error(t, err)
	_, err = NewEltEpi(BinAdd, wk, EltF32, &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: []float32{1, 2, 3}}}}, 2, 3)
	require.Error(t, err)
}

// TestEltEpiAllocatesNothing: a run allocates nothing (stack blocks, no staging).
func TestEltEpiAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("race detector allocates")
	}
	w := NewWorkers(2)
	defer w.Close()
	out := []int{1, 16, 64, 64}
	wk, err := NewEltWalk(out, []int{65536, 4096, 64, 1}, []int{16, 1, 0, 0})
	require.NoError(t, err)
	e := &Epilogue{Steps: []EpiStep{{Kind: EpiAddTensor}, {Kind: EpiRelu}, {Kind: EpiAddChan, Vec: make([]float32, 16)}}}
	k, err := NewEltEpi(BinMultiply, wk, EltF16, e, 16, 4096)
	require.NoError(t, err)
	k.SetPlane(4096)
	a, b, r, o := make([]float16.Float16, 65536), make([]float16.Float16, 16), make([]float16.Float16, 65536), make([]float16.Float16, 65536)
	res := [][]float16.Float16{r}
	ctx := t.Context()
	require.Zero(t, testing.AllocsPerRun(20, func() {
		if err := k.RunF16(ctx, w, o, a, b, res); err != nil {
			t.Fatal(err)
		}
	}))
}

// TestEltFastInPlace: Add, Subtract, Multiply, Divide with the output in place of either
// operand give the bits of a separate output.
func TestEltFastInPlace(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	out := []int{3, 700}
	wk, err := NewEltWalk(out, []int{700, 1}, []int{700, 1})
	require.NoError(t, err)
	for op := BinAdd; op <= BinDivide; op++ {
		p := NewEltFastF32(op, wk)
		require.NotNil(t, p)
		a, b := make([]float32, 2100), make([]float32, 2100)
		for i := range a {
			a[i], b[i] = efRandF32(r), efRandF32(r)
		}
		want := make([]float32, 2100)
		require.NoError(t, p.Run(t.Context(), nil, want, a, b))
		for side := 0; side < 2; side++ {
			x, y := append([]float32(nil), a...), append([]float32(nil), b...)
			dst := x
			if side == 1 {
				dst = y
			}
			require.NoError(t, p.Run(t.Context(), nil, dst, x, y))
			for i := range want {
				if math.Float32bits(want[i]) != math.Float32bits(dst[i]) && !(want[i] != want[i] && dst[i] != dst[i]) {
					require.Equal(t, want[i], dst[i], "op %d side %d [%d]", op, side, i)
				}
			}
		}
	}
}
