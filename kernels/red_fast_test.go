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

// The fast reductions, MVN and Softmax against the reference kernels (the oracle), within
// the bounds docs/semantics.md states ("Fast reductions, MVN and Softmax"), on every
// axes pattern class (inner rows, outer columns, middle axes, mixed, size-1 and empty
// axes, empty tensors), odd sizes (vector tails), NaN and ±Inf, with no Workers and
// with 2 and 3 threads (the threaded results must equal the serial ones bit for bit).

const redEps = 1.0 / (1 << 24) // float32 unit roundoff

// redData returns n values of mixed sign and magnitude; with specials, a few NaN and ±Inf.
func redData(r *rand.Rand, n int, specials bool) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32((r.Float64()*2 - 0.7) * math.Pow(10, float64(r.IntN(4)-1)))
	}
	if specials && n > 0 {
		for k := 0; k < 1+n/50; k++ {
			switch r.IntN(4) {
			case 0:
				v[r.IntN(n)] = float32(math.NaN())
			case 1:
				v[r.IntN(n)] = float32(math.Inf(1))
			case 2:
				v[r.IntN(n)] = float32(math.Inf(-1))
			default:
				v[r.IntN(n)] = 0
			}
		}
	}
	return v
}

type redCase struct {
	shape, axes []int
}

func redCases() []redCase {
	cs := []redCase{
		{[]int{1, 16, 64, 32}, []int{2, 3}},   // person-reid SE blocks
		{[]int{1, 1000, 13, 13}, []int{2, 3}}, // squeezenet global pooling
		{[]int{1, 24, 32, 16}, []int{2, 3}},
		{[]int{1, 16, 2}, []int{2}},
		{[]int{7}, []int{0}},
		{[]int{}, []int{}},
		{[]int{1, 1, 5}, []int{0, 1}},
		{[]int{1, 1, 5}, []int{}},
		{[]int{2, 0, 3}, []int{1}},
		{[]int{2, 0, 3}, []int{0}},
		{[]int{0, 4}, []int{0}},
		{[]int{3, 37, 5}, []int{1}},
		{[]int{3, 37, 5}, []int{0, 2}},
		{[]int{5, 1023}, []int{1}},
		{[]int{1100, 3}, []int{0}},
		{[]int{2, 3, 1030}, []int{1}},
		{[]int{4, 1030}, []int{0}},
		{[]int{2, 16, 33, 17}, []int{1}}, // channel reduction: inner kept
		{[]int{2, 16, 33, 17}, []int{0, 2}},
		{[]int{2, 16, 33, 17}, []int{1, 3}},
		{[]int{2, 16, 33, 17}, []int{0, 1, 2, 3}},
		{[]int{8, 64, 257}, []int{2}},    // large enough to run in parallel
		{[]int{8, 257, 64}, []int{1}},    // parallel, inner kept
		{[]int{3, 5, 4000}, []int{0, 2}}, // parallel, mixed
		{[]int{2, 3, 1, 4}, []int{2, 2}}, // duplicate and size-1 axes
	}
	// Every axes subset of a small 4-D shape.
	for m := 0; m < 16; m++ {
		var ax []int
		for a := 0; a < 4; a++ {
			if m&(1<<a) != 0 {
				ax = append(ax, a)
			}
		}
		cs = append(cs, redCase{[]int{3, 4, 5, 6}, ax})
	}
	return cs
}

func redSameF32(a, b float32) bool {
	return a == b || (a != a && b != b)
}

func TestRedFastMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	ws := []*Workers{nil, NewWorkers(2), NewWorkers(3)}
	defer ws[1].Close()
	defer ws[2].Close()
	ops := []ReduceOp{ReduceSum, ReduceMean, ReduceMax, ReduceMin, ReduceL1, ReduceL2}
	for _, c := range redCases() {
		for _, specials := range []bool{false, true} {
			n, err := shapeLen(c.shape)
			require.NoError(t, err)
			src := redData(r, n, specials)
			for _, op := range ops {
				name := fmt.Sprintf("%v/%v/%s/specials=%v", c.shape, c.axes, op, specials)
				g, err := NewReduction(c.shape, c.axes)
				require.NoError(t, err, name)
				want := make([]float32, g.OutLen())
				require.NoError(t, Reduce(g, op, want, src, make([]float32, g.OutLen())), name)
				p, err := NewRedFastF32(c.shape, c.axes, op)
				require.NoError(t, err, name)
				require.NotNil(t, p, name)
				var first []float32
				for _, w := range ws {
					got := make([]float32, g.OutLen())
					for i := range got {
						got[i] = 77
					}
					require.NoError(t, p.Run(context.Background(), w, got, src), name)
					if first == nil {
						first = got
					} else {
						for i := range got {
							require.True(t, redSameF32(first[i], got[i]), "%s: threads change output %d", name, i)
						}
					}
				}
				redCheck(t, name, c, op, src, want, first, 0)

				// f16 and bf16: the float32 computation on the widened data, rounded once.
				h, hw := make([]float16.Float16, n), make([]float32, n)
				F32ToF16(h, src)
				F16ToF32(hw, h)
				bf, bw := make([]uint16, n), make([]float32, n)
				F32ToBF16(bf, src)
				BF16ToF32(bw, bf)
				for _, half := range []struct {
					wide  []float32
					slack float64
					lim   float32 // numeric_limits<T>::max(): an empty Max/Min's start
					run   func(dst []float32) error
				}{
					{hw, 1.0 / (1 << 11), F16Max, func(dst []float32) error {
						o := make([]float16.Float16, len(dst))
						err := p.RunF16(context.Background(), ws[1], o, h)
						F16ToF32(dst, o)
						return err
					}},
					{bw, 1.0 / (1 << 8), BF16Max, func(dst []float32) error {
						o := make([]uint16, len(dst))
						err := p.RunBF16(context.Background(), ws[1], o, bf)
						BF16ToF32(dst, o)
						return err
					}},
				} {
					want := make([]float32, g.OutLen())
					require.NoError(t, Reduce(g, op, want, half.wide, make([]float32, g.OutLen())), name)
					if g.InLen() == 0 && (op == ReduceMax || op == ReduceMin) {
						for i := range want {
							want[i] = half.lim
							if op == ReduceMax {
								want[i] = -half.lim
							}
						}
					}
					got := make([]float32, g.OutLen())
					require.NoError(t, half.run(got), name)
					redCheck(t, name+"/half", c, op, half.wide, want, got, half.slack)
				}
			}
		}
	}
}

// redCheck compares fast with the reference under the documented bounds.
// slack adds slack·|want| (the rounding of a narrow output) and lets a finite result
// round to the same infinity.
func redCheck(t *testing.T, name string, c redCase, op ReduceOp, src, want, got []float32, slack float64) {
	t.Helper()
	g, err := newRedGeom(c.shape, c.axes)
	require.NoError(t, err)
	// Σ|x| and Σx² per output, through the reference kernels in float64.
	src64 := make([]float64, len(src))
	for i, v := range src {
		src64[i] = float64(v)
	}
	rg, _ := NewReduction(c.shape, c.axes)
	abs := make([]float64, len(want))
	require.NoError(t, Reduce(rg, ReduceL1, abs, src64, nil))
	sq := make([]float64, len(want))
	require.NoError(t, Reduce(rg, ReduceL2, sq, src64, nil))
	count := float64(g.count)
	for i := range want {
		w, f := float64(want[i]), float64(got[i])
		if math.IsNaN(abs[i]) || math.IsInf(abs[i], 0) || math.IsNaN(w) || math.IsInf(w, 0) || (slack > 0 && math.IsInf(f, 0)) {
			if slack > 0 && math.IsInf(f, 0) && !math.IsInf(w, 0) && !math.IsNaN(w) {
				continue // the float32 result rounds to ±Inf in the narrow type
			}
			// Non-finite inputs: the same non-finite result (NaN, or the same infinity).
			require.True(t, redSameF32(want[i], got[i]), "%s: output %d: got %v, want %v", name, i, got[i], want[i])
			continue
		}
		var tol float64
		switch op {
		case ReduceMax, ReduceMin:
			tol = 0 // only the sign of a zero may differ (== ignores it)
		case ReduceSum:
			tol = 4*redEps*abs[i] + 2*redEps*math.Abs(w)
		case ReduceMean:
			tol = 4 * redEps * math.Abs(w)
			if count > 0 {
				tol += (4 * redEps * abs[i]) / count
			}
		case ReduceL1:
			tol = (count+4)*redEps*abs[i] + 2*redEps*math.Abs(w)
		case ReduceL2:
			// The squares' sum within (n+4)·ε·Σx², then the root.
			s2 := sq[i] * sq[i]
			tol = ((count+4)*redEps*s2)/(math.Abs(w)+math.Abs(f)+1e-300) + 2*redEps*math.Abs(w)
		}
		tol += slack * math.Abs(w)
		require.LessOrEqual(t, math.Abs(w-f), tol, "%s: output %d: got %v, want %v", name, i, got[i], want[i])
	}
}

// The row primitives: every AVX-512 routine equals its Go definition (bit for bit where
// no sum is involved; sums within float64 rounding), on every length 0..70.
func TestRedPrimitives(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 70; n++ {
		x := redData(r, n+3, n%5 == 4)[3:] // unaligned start
		var abs float64
		for _, v := range x {
			if !math.IsNaN(float64(v)) {
				abs += math.Abs(float64(v))
			}
		}
		require.True(t, redSameF64(redSumGo(x), redSum(x), abs), "sum n=%d", n)
		d1, d2 := make([]float32, n), make([]float32, n)
		s1, s2 := redSubSqGo(d1, x, 0.25), redSubSq(d2, x, 0.25)
		require.Equal(t, fmt.Sprint(d1), fmt.Sprint(d2), "subsq n=%d", n)
		require.True(t, redSameF64(s1, s2, redSumSq(d1)), "subsq n=%d", n)
		redSubScalarGo(d1, x, -3)
		redSubScalar(d2, x, -3)
		require.Equal(t, fmt.Sprint(d1), fmt.Sprint(d2), "sub n=%d", n)
		m0 := redData(r, n, false)
		redSubRowGo(d1, x, m0)
		redSubRow(d2, x, m0)
		require.Equal(t, fmt.Sprint(d1), fmt.Sprint(d2), "subrow n=%d", n)
		redDivRowGo(d1, m0)
		redDivRow(d2, m0)
		require.Equal(t, fmt.Sprint(d1), fmt.Sprint(d2), "divrow n=%d", n)
		redDivScalarGo(d1, 7)
		redDivScalar(d2, 7)
		require.Equal(t, fmt.Sprint(d1), fmt.Sprint(d2), "div n=%d", n)
		a1, a2 := make([]float64, n), make([]float64, n)
		for i := range a1 {
			a1[i], a2[i] = float64(i), float64(i)
		}
		redColAddGo(a1, x)
		redColAdd(a2, x)
		require.Equal(t, fmt.Sprint(a1), fmt.Sprint(a2), "coladd n=%d", n)
		m1, m2 := redData(r, n, true), make([]float32, n)
		copy(m2, m1)
		redColMaxGo(m1, x)
		redColMax(m2, x)
		require.Equal(t, fmt.Sprint(m1), fmt.Sprint(m2), "colmax n=%d", n)
		for _, acc := range []float32{-math.MaxFloat32, 0.5} {
			require.True(t, redSameF32(redMaxOfGo(acc, x), redMaxOf(acc, x)), "maxof n=%d", n)
		}
	}
}

func redSameF64(a, b, scale float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b || (math.IsNaN(a) && math.IsNaN(b))
	}
	return math.Abs(a-b) <= 1e-15*scale
}

func TestMVNFastMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ws := []*Workers{nil, NewWorkers(2)}
	defer ws[1].Close()
	cases := []redCase{
		{[]int{1, 3, 256, 128}, []int{2, 3}}, // person-reid, parallel
		{[]int{1, 16, 128, 64}, []int{2, 3}},
		{[]int{1, 16, 2}, []int{2}},
		{[]int{1, 8, 3}, []int{2}},
		{[]int{1, 16, 1}, []int{2}},
		{[]int{2, 5, 7, 3}, []int{1, 2, 3}}, // across channels
		{[]int{2, 5, 7, 3}, []int{3}},
		{[]int{4, 37}, []int{1}},
		{[]int{4, 37}, nil},
		{[]int{0, 3}, []int{1}},
		{[]int{3, 1, 5}, []int{1, 2}},
	}
	for _, c := range cases {
		n, err := shapeLen(c.shape)
		require.NoError(t, err)
		for _, specials := range []bool{false, true} {
			src := redData(r, n, specials)
			for _, mode := range []struct {
				nv, inside bool
				eps        float32
			}{{true, true, 1e-5}, {true, false, 1e-9}, {false, true, 0}} {
				name := fmt.Sprintf("%v/%v/%+v/specials=%v", c.shape, c.axes, mode, specials)
				ref, err := NewMVN(c.shape, c.axes, mode.nv, mode.eps, mode.inside)
				require.NoError(t, err, name)
				want := make([]float32, n)
				require.NoError(t, MVN(ref, want, src), name)
				p, err := NewMVNFastF32(c.shape, c.axes, mode.nv, mode.eps, mode.inside)
				require.NoError(t, err, name)
				require.NotNil(t, p, name)
				for _, w := range ws {
					got := make([]float32, n)
					require.NoError(t, p.Run(context.Background(), w, got, src), name)
					mvnCheck(t, name, p, src, want, got)
					// In place.
					inp := append([]float32(nil), src...)
					require.NoError(t, p.Run(context.Background(), w, inp, inp), name)
					require.Equal(t, fmt.Sprint(got), fmt.Sprint(inp), name)
				}
			}
		}
	}
	// Slots that are not contiguous rows have no fast plan.
	p, err := NewMVNFastF32([]int{2, 3, 4}, []int{1}, true, 1e-5, true)
	require.NoError(t, err)
	require.Nil(t, p)
	_, err = NewMVNFastF32([]int{2, 3}, []int{2}, true, 1e-5, true)
	require.Error(t, err)
}

// mvnCheck: |fast − ref| ≤ 2^−20·(|ref| + mean|x|/den) per element, the same non-finite
// values where the row has NaN or ±Inf.
func mvnCheck(t *testing.T, name string, p *MVNFastF32, src, want, got []float32) {
	t.Helper()
	for row := 0; row < p.rows; row++ {
		x := src[row*p.n : (row+1)*p.n]
		var abs, sum, sq float64
		finite := true
		for _, v := range x {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				finite = false
			}
			abs += math.Abs(float64(v))
			sum += float64(v)
		}
		mean := sum / float64(p.n)
		for _, v := range x {
			sq += (float64(v) - mean) * (float64(v) - mean)
		}
		den := 1.0
		if p.normalizeVariance {
			den = math.Sqrt(sq/float64(p.n) + float64(p.eps))
		}
		for k := range x {
			i := row*p.n + k
			w, f := float64(want[i]), float64(got[i])
			if !finite || math.IsNaN(w) || math.IsInf(w, 0) {
				require.True(t, redSameF32(want[i], got[i]), "%s: element %d: got %v, want %v", name, i, got[i], want[i])
				continue
			}
			tol := math.Ldexp(math.Abs(w)+abs/float64(p.n)/den, -20)
			require.LessOrEqual(t, math.Abs(w-f), tol, "%s: element %d: got %v, want %v", name, i, got[i], want[i])
		}
	}
}

func TestSoftmaxFastMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	ws := []*Workers{nil, NewWorkers(2)}
	defer ws[1].Close()
	cases := []struct {
		shape []int
		axis  int
	}{
		{[]int{1, 16, 4, 8400}, 1}, // yolov8 DFL
		{[]int{1, 1000, 1, 1}, 1},  // classifier
		{[]int{3, 7}, 1},
		{[]int{3, 7}, 0},
		{[]int{2, 5, 1030}, 1},
		{[]int{2, 5, 33}, 2},
		{[]int{1, 17}, 0},
		{[]int{4}, 0},
		{[]int{2, 0, 3}, 1},
		{[]int{2, 1, 3}, 1},
		{[]int{1, 3249, 2}, 2}, // face-detection-retail: many rows of 2 (oneSmallRows)
		{[]int{4099, 3}, 1},
		{[]int{5, 16}, 1},
		{[]int{3, 9000, 1}, 2},
	}
	for _, c := range cases {
		n, err := shapeLen(c.shape)
		require.NoError(t, err)
		for _, specials := range []bool{false, true} {
			src := redData(r, n, specials)
			for i := range src {
				src[i] *= 8 // exponentials over a wide range
			}
			for _, logOf := range []bool{false, true} {
				name := fmt.Sprintf("%v/%d/log=%v/specials=%v", c.shape, c.axis, logOf, specials)
				want := make([]float32, n)
				if logOf {
					require.NoError(t, LogSoftmax(want, src, c.shape, c.axis), name)
				} else {
					require.NoError(t, Softmax(want, src, c.shape, c.axis), name)
				}
				p, err := NewSoftmaxFastF32(c.shape, c.axis, logOf)
				require.NoError(t, err, name)
				for _, w := range ws {
					got := make([]float32, n)
					require.NoError(t, p.Run(context.Background(), w, got, src), name)
					for i := range want {
						wv, fv := float64(want[i]), float64(got[i])
						if math.IsNaN(wv) || math.IsInf(wv, 0) {
							require.True(t, redSameF32(want[i], got[i]), "%s: element %d: got %v, want %v", name, i, got[i], want[i])
							continue
						}
						tol := math.Ldexp(math.Abs(wv), -20) + math.Ldexp(1, -126)
						if logOf {
							tol = math.Ldexp(1, -21) + math.Ldexp(math.Abs(wv), -22)
						}
						require.LessOrEqual(t, math.Abs(wv-fv), tol, "%s: element %d: got %v, want %v", name, i, got[i], want[i])
					}
					inp := append([]float32(nil), src...)
					require.NoError(t, p.Run(context.Background(), w, inp, inp), name)
					require.Equal(t, fmt.Sprint(got), fmt.Sprint(inp), name+" in place")
				}
			}
		}
	}
	_, err := NewSoftmaxFastF32([]int{2, 3}, 2, false)
	require.Error(t, err)
}

func TestRedFastRejects(t *testing.T) {
	_, err := NewRedFastF32([]int{2, 3}, []int{2}, ReduceSum)
	require.Error(t, err)
	_, err = NewRedFastF32([]int{2, -1}, []int{0}, ReduceSum)
	require.Error(t, err)
	p, err := NewRedFastF32([]int{2, 3}, []int{0}, ReduceProd)
	require.NoError(t, err)
	require.Nil(t, p)
	p, err = NewRedFastF32([]int{2, 3}, []int{0}, ReduceSum)
	require.NoError(t, err)
	require.Error(t, p.Run(context.Background(), nil, make([]float32, 2), make([]float32, 6)))
	require.Error(t, p.Run(context.Background(), nil, make([]float32, 3), make([]float32, 5)))
	m, err := NewMVNFastF32([]int{2, 3}, []int{1}, true, 1e-5, true)
	require.NoError(t, err)
	require.Error(t, m.Run(context.Background(), nil, make([]float32, 6), make([]float32, 5)))
	s, err := NewSoftmaxFastF32([]int{2, 3}, 1, false)
	require.NoError(t, err)
	require.Error(t, s.Run(context.Background(), nil, make([]float32, 6), make([]float32, 7)))
}

func BenchmarkRedFast(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	cases := []struct {
		name        string
		shape, axes []int
	}{
		{"mean-1x16x64x32-hw", []int{1, 16, 64, 32}, []int{2, 3}},
		{"mean-1x1000x13x13-hw", []int{1, 1000, 13, 13}, []int{2, 3}},
		{"mean-1x64x56x56-c", []int{1, 64, 56, 56}, []int{1}},
	}
	for _, c := range cases {
		n, _ := shapeLen(c.shape)
		src := redData(r, n, false)
		g, _ := NewReduction(c.shape, c.axes)
		dst := make([]float32, g.OutLen())
		comp := make([]float32, g.OutLen())
		b.Run(c.name+"/ref", func(b *testing.B) {
			for b.Loop() {
				_ = Reduce(g, ReduceMean, dst, src, comp)
			}
		})
		p, _ := NewRedFastF32(c.shape, c.axes, ReduceMean)
		b.Run(c.name+"/fast", func(b *testing.B) {
			for b.Loop() {
				_ = p.Run(context.Background(), nil, dst, src)
			}
		})
	}
	for _, c := range []redCase{{[]int{1, 3, 256, 128}, []int{2, 3}}, {[]int{1, 16, 128, 64}, []int{2, 3}}} {
		n, _ := shapeLen(c.shape)
		src := redData(r, n, false)
		dst := make([]float32, n)
		ref, _ := NewMVN(c.shape, c.axes, true, float32(1e-5), true)
		name := fmt.Sprintf("mvn-%v", c.shape)
		b.Run(name+"/ref", func(b *testing.B) {
			for b.Loop() {
				_ = MVN(ref, dst, src)
			}
		})
		p, _ := NewMVNFastF32(c.shape, c.axes, true, 1e-5, true)
		b.Run(name+"/fast", func(b *testing.B) {
			for b.Loop() {
				_ = p.Run(context.Background(), nil, dst, src)
			}
		})
	}
	shape := []int{1, 16, 4, 8400}
	n, _ := shapeLen(shape)
	src := make([]float32, n)
	for i := range src {
		src[i] = float32(r.Float64()*16 - 8) // logits: no subnormal exponentials
	}
	dst := make([]float32, n)
	b.Run("softmax-1x16x4x8400-axis1/ref", func(b *testing.B) {
		for b.Loop() {
			_ = Softmax(dst, src, shape, 1)
		}
	})
	p, _ := NewSoftmaxFastF32(shape, 1, false)
	b.Run("softmax-1x16x4x8400-axis1/fast", func(b *testing.B) {
		for b.Loop() {
			_ = p.Run(context.Background(), nil, dst, src)
		}
	})
}
