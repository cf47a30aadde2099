package kernels

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// The conformance test runs many random geometries and data through the
// fast kernels (nil Workers and 1..4 threads) and the reference kernels:
// max values and indices must be bit-identical, averages equal for integers
// and within float rounding for floats, and every thread count must give the
// same bits.

func randWindow(r *rand.Rand, big bool) Window {
	nsp := 1 + r.IntN(3)
	g := Window{N: 1 + r.IntN(3), C: 1 + r.IntN(3)}
	if r.IntN(3) == 0 {
		g.N, g.C = 1, 1
	}
	maxIn := 9
	if big {
		maxIn = 40
		g.C = 1 + r.IntN(16)
		if nsp == 3 {
			maxIn = 14
		}
	}
	for i := 0; i < nsp; i++ {
		for {
			in := r.IntN(maxIn + 1)
			k := 1 + r.IntN(4)
			s := 1 + r.IntN(3)
			d := 1 + r.IntN(3)
			if r.IntN(2) == 0 {
				d = 1
			}
			pb, pe := r.IntN(5), r.IntN(5)
			if r.IntN(3) == 0 {
				pb, pe = 0, 0
			}
			kd := (k-1)*d + 1
			padded := in + pb + pe
			if kd > padded {
				continue
			}
			floorOut := (padded-kd)/s + 1
			ceilOut := (padded-kd+s-1)/s + 1
			out := floorOut
			switch r.IntN(4) {
			case 0:
				out = ceilOut
			case 1:
				out = r.IntN(ceilOut + 1)
			}
			g.testAddAxis(in, out, k, s, d, pb, pe)
			break
		}
	}
	if r.IntN(4) == 0 {
		g.Dilations = nil
	}
	return g
}

func prod(v []int) int {
	n := 1
	for _, x := range v {
		n *= x
	}
	return n
}

// randData fills n elements with values that repeat (ties) and, for floats,
// NaN, ±Inf, ±0 and ±MaxFloat; for integers the extremes of the type.
func randData[T Number](r *rand.Rand, n int, forAvg bool) []T {
	v := make([]T, n)
	k := kindOf[T]()
	var z T
	bits := 8 * int(unsafe.Sizeof(z))
	for i := range v {
		x := r.IntN(20)
		switch k {
		case kFloat32, kFloat64:
			var f float64
			switch {
			case x < 10:
				f = float64(r.IntN(7) - 3) // many ties
			case x < 14:
				f = r.NormFloat64() * 100
			case x == 14:
				f = math.Copysign(0, -1)
			case x == 15:
				f = math.NaN()
			case x == 16:
				f = math.Inf(-1)
			case x == 17 && !forAvg:
				f = math.Inf(1)
			case x == 18 && !forAvg:
				f = -math.MaxFloat32
			default:
				f = float64(r.IntN(3))
			}
			if k == kFloat32 {
				v[i] = T(float32(f))
			} else {
				v[i] = T(f)
			}
		case kSigned:
			lo := int64(math.MinInt64) >> (64 - bits)
			hi := int64(math.MaxInt64) >> (64 - bits)
			switch {
			case x < 12:
				v[i] = T(int64(r.IntN(9) - 4))
			case x < 15:
				v[i] = T(lo)
			case x < 17:
				v[i] = T(hi)
			default:
				v[i] = T(r.Int64N(hi) - r.Int64N(hi))
			}
		default:
			hi := uint64(math.MaxUint64) >> (64 - bits)
			switch {
			case x < 12:
				v[i] = T(uint64(r.IntN(6)))
			case x < 15:
				v[i] = 0
			case x < 17:
				v[i] = T(hi)
			default:
				v[i] = T(r.Uint64() & hi)
			}
		}
	}
	return v
}

func isNaN[T Number](x T) bool { return x != x }

func toF64[T Number](x T) float64 { return float64(x) }

// equalBits compares element bytes exactly.
func equalBits[T Number](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return true
	}
	var z T
	sz := int(unsafe.Sizeof(z))
	ba := unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), len(a)*sz)
	bb := unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b)*sz)
	return string(ba) == string(bb)
}

// avgClose checks a fast float average against the reference: NaN where the
// reference has NaN, equal infinities, otherwise |a-b| <= tol.
func avgClose[T Number](t *testing.T, ref, got []T, tol []float64, what string) {
	t.Helper()
	for i := range ref {
		a, b := ref[i], got[i]
		if isNaN(a) || isNaN(b) {
			if !(isNaN(a) && isNaN(b)) {
				t.Fatalf("%s[%d]: ref %v got %v", what, i, a, b)
			}
			continue
		}
		fa, fb := toF64(a), toF64(b)
		if math.IsInf(fa, 0) || math.IsInf(fb, 0) {
			if fa != fb {
				t.Fatalf("%s[%d]: ref %v got %v", what, i, a, b)
			}
			continue
		}
		if math.Abs(fa-fb) > tol[i] {
			t.Fatalf("%s[%d]: ref %v got %v, tolerance %g", what, i, a, b, tol[i])
		}
	}
}

// avgTol is the rounding bound for a float average over the taps of each
// output: (taps+2)·ε·Σ|x|/count, computed by an independent scan.
func avgTol[T Number](g Window, src []T) []float64 {
	p, _ := g.plan()
	eps := 0x1p-52
	if kindOf[T]() == kFloat32 {
		eps = 0x1p-23
	}
	out := make([]float64, 0, p.outLen())
	for pl := 0; pl < p.planes; pl++ {
		for od := 0; od < p.out[0]; od++ {
			for oh := 0; oh < p.out[1]; oh++ {
				for ow := 0; ow < p.out[2]; ow++ {
					sum, n := 0.0, 0
					for kz := 0; kz < p.k[0]; kz++ {
						for ky := 0; ky < p.k[1]; ky++ {
							for kx := 0; kx < p.k[2]; kx++ {
								z := od*p.s[0] - p.pb[0] + kz*p.d[0]
								y := oh*p.s[1] - p.pb[1] + ky*p.d[1]
								x := ow*p.s[2] - p.pb[2] + kx*p.d[2]
								if z < 0 || y < 0 || x < 0 || z >= p.in[0] || y >= p.in[1] || x >= p.in[2] {
									continue
								}
								sum += math.Abs(toF64(src[pl*p.inPlane+(z*p.in[1]+y)*p.in[2]+x]))
								n++
							}
						}
					}
					out = append(out, float64(p.kernelVol+2)*eps*sum/float64(max(n, 1))+1e-300)
				}
			}
		}
	}
	return out
}

func adTol[T Number](g Adaptive, src []T) []float64 {
	p, _ := g.plan()
	eps := 0x1p-52
	if kindOf[T]() == kFloat32 {
		eps = 0x1p-23
	}
	var out []float64
	for pl := 0; pl < p.planes; pl++ {
		for od := 0; od < p.out[0]; od++ {
			for oh := 0; oh < p.out[1]; oh++ {
				for ow := 0; ow < p.out[2]; ow++ {
					sum, n := 0.0, 0
					for z := adStart(od, p.in[0], p.out[0]); z < adEnd(od, p.in[0], p.out[0]); z++ {
						for y := adStart(oh, p.in[1], p.out[1]); y < adEnd(oh, p.in[1], p.out[1]); y++ {
							for x := adStart(ow, p.in[2], p.out[2]); x < adEnd(ow, p.in[2], p.out[2]); x++ {
								sum += math.Abs(toF64(src[pl*p.inPlane+(z*p.in[1]+y)*p.in[2]+x]))
								n++
							}
						}
					}
					out = append(out, float64(n+2)*eps*sum/float64(max(n, 1))+1e-300)
				}
			}
		}
	}
	return out
}

func conformWindow[T Number, I Index](t *testing.T, r *rand.Rand, pool []*Workers, g Window) {
	p, err := g.plan()
	require.NoError(t, err, "%+v", g)
	nin, nout := p.inLen(), p.outLen()
	desc := fmt.Sprintf("%+v", g)
	// MaxPool
	src := randData[T](r, nin, false)
	axis := r.IntN(2 + len(g.In))
	refV := make([]T, nout)
	refI := make([]I, nout)
	require.NoError(t, MaxPoolReference(g, src, refV, refI, axis))
	var firstV []T
	for _, w := range pool {
		gotV := make([]T, nout)
		gotI := make([]I, nout)
		require.NoError(t, MaxPool(w, g, src, gotV, gotI, axis))
		require.True(t, equalBits(refV, gotV), "max values %s axis %d threads %d\nref %v\ngot %v", desc, axis, w.Threads(), refV, gotV)
		require.Equal(t, refI, gotI, "max indices %s axis %d", desc, axis)
		onlyV := make([]T, nout)
		require.NoError(t, MaxPool[T, I](w, g, src, onlyV, nil, axis))
		require.True(t, equalBits(refV, onlyV), "max values-only %s threads %d\nref %v\ngot %v", desc, w.Threads(), refV, onlyV)
		firstV = gotV
	}
	_ = firstV
	// AvgPool
	src = randData[T](r, nin, true)
	for _, excl := range []bool{true, false} {
		ref := make([]T, nout)
		require.NoError(t, AvgPoolReference(g, src, ref, excl))
		var first []T
		for _, w := range pool {
			got := make([]T, nout)
			require.NoError(t, AvgPool(w, g, src, got, excl))
			if kindOf[T]() <= kFloat64 {
				avgClose(t, ref, got, avgTol(g, src), "avg "+desc)
			} else {
				require.Equal(t, ref, got, "avg %s exclude %v", desc, excl)
			}
			if first == nil {
				first = got
			} else {
				require.True(t, equalBits(first, got), "avg differs across thread counts %s", desc)
			}
		}
	}
}

func randAdaptive(r *rand.Rand, big bool) Adaptive {
	nsp := 1 + r.IntN(3)
	a := Adaptive{N: 1 + r.IntN(2), C: 1 + r.IntN(3)}
	maxIn := 11
	if big {
		maxIn = 40
		a.C = 1 + r.IntN(16)
		if nsp == 3 {
			maxIn = 12
		}
	}
	for i := 0; i < nsp; i++ {
		in := 1 + r.IntN(maxIn)
		out := r.IntN(in + 3)
		if r.IntN(3) == 0 {
			out = 1 + r.IntN(in)
		}
		a.In = append(a.In, in)
		a.Out = append(a.Out, out)
	}
	return a
}

func conformAdaptive[T Number, I Index](t *testing.T, r *rand.Rand, pool []*Workers, g Adaptive) {
	p, err := g.plan()
	require.NoError(t, err)
	nin, nout := p.planes*p.inPlane, p.planes*p.outPlane
	desc := fmt.Sprintf("%+v", g)
	src := randData[T](r, nin, false)
	refV := make([]T, nout)
	refI := make([]I, nout)
	require.NoError(t, AdaptiveMaxPoolReference(g, src, refV, refI))
	for _, w := range pool {
		gotV := make([]T, nout)
		gotI := make([]I, nout)
		require.NoError(t, AdaptiveMaxPool(w, g, src, gotV, gotI))
		require.True(t, equalBits(refV, gotV), "adaptive max %s\nref %v\ngot %v", desc, refV, gotV)
		require.Equal(t, refI, gotI, "adaptive max indices %s", desc)
		require.NoError(t, AdaptiveMaxPool[T, I](w, g, src, gotV, nil))
		require.True(t, equalBits(refV, gotV), "adaptive max values-only %s", desc)
	}
	// The same without NaN (the fast column-first path), with −0 in their
	// place to stress signed-zero ties.
	for i := range src {
		if isNaN(src[i]) {
			src[i] = T(negZero64())
		}
	}
	require.NoError(t, AdaptiveMaxPoolReference(g, src, refV, refI))
	for _, w := range pool {
		gotV := make([]T, nout)
		gotI := make([]I, nout)
		require.NoError(t, AdaptiveMaxPool(w, g, src, gotV, gotI))
		require.True(t, equalBits(refV, gotV), "adaptive max (no NaN) %s\nref %v\ngot %v", desc, refV, gotV)
		require.Equal(t, refI, gotI, "adaptive max indices (no NaN) %s", desc)
	}
	src = randData[T](r, nin, true)
	ref := make([]T, nout)
	require.NoError(t, AdaptiveAvgPoolReference(g, src, ref))
	var first []T
	for _, w := range pool {
		got := make([]T, nout)
		require.NoError(t, AdaptiveAvgPool(w, g, src, got))
		if kindOf[T]() <= kFloat64 {
			avgClose(t, ref, got, adTol(g, src), "adaptive avg "+desc)
		} else {
			require.Equal(t, ref, got, "adaptive avg %s", desc)
		}
		if first == nil {
			first = got
		} else {
			require.True(t, equalBits(first, got), "adaptive avg differs across thread counts %s", desc)
		}
	}
}

func conformType[T Number, I Index](t *testing.T, seed uint64, iters int) {
	r := rand.New(rand.NewPCG(seed, 7))
	pool := []*Workers{nil, NewWorkers(1), NewWorkers(2), NewWorkers(3), NewWorkers(4)}
	defer func() {
		for _, w := range pool {
			w.Close()
		}
	}()
	for it := 0; it < iters; it++ {
		big := it%8 == 7
		conformWindow[T, I](t, r, pool, randWindow(r, big))
		conformAdaptive[T, I](t, r, pool, randAdaptive(r, big))
	}
}

func TestConformance(t *testing.T) {
	iters := 120
	if testing.Short() || raceEnabled {
		iters = 16
	}
	t.Run("f32/i64", func(t *testing.T) { t.Parallel(); conformType[float32, int64](t, 1, 2*iters) })
	t.Run("f32/i32", func(t *testing.T) { t.Parallel(); conformType[float32, int32](t, 2, iters) })
	t.Run("f64/i64", func(t *testing.T) { t.Parallel(); conformType[float64, int64](t, 3, iters) })
	t.Run("i8/i32", func(t *testing.T) { t.Parallel(); conformType[int8, int32](t, 4, iters/2) })
	t.Run("u8/i64", func(t *testing.T) { t.Parallel(); conformType[uint8, int64](t, 5, iters/2) })
	t.Run("i16/i32", func(t *testing.T) { t.Parallel(); conformType[int16, int32](t, 6, iters/2) })
	t.Run("u16/i64", func(t *testing.T) { t.Parallel(); conformType[uint16, int64](t, 7, iters/2) })
	t.Run("i32/i64", func(t *testing.T) { t.Parallel(); conformType[int32, int64](t, 8, iters/2) })
	t.Run("u32/i32", func(t *testing.T) { t.Parallel(); conformType[uint32, int32](t, 9, iters/2) })
	t.Run("i64/i64", func(t *testing.T) { t.Parallel(); conformType[int64, int64](t, 10, iters/2) })
	t.Run("u64/i32", func(t *testing.T) { t.Parallel(); conformType[uint64, int32](t, 11, iters/2) })
	t.Run("named/i64", func(t *testing.T) { t.Parallel(); conformType[myFloat, int64](t, 12, iters/4) })
}

// myFloat checks that named element types work (the ~ constraints).
type myFloat float32

// TestWideRows exercises row blocking by the scratch budget and parallel
// row blocks of a single plane.
func TestWideRows(t *testing.T) {
	if raceEnabled {
		t.Skip("large geometries are too slow under the race detector; the conformance test covers parallel units")
	}
	w := NewWorkers(3)
	defer w.Close()
	r := rand.New(rand.NewPCG(99, 1))
	for _, g := range []Window{
		win(1, 1, []int{40, 3000}, []int{20, 1500}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{1, 1}),
		win(1, 2, []int{64, 512}, []int{64, 512}, []int{5, 5}, []int{1, 1}, []int{2, 2}, []int{2, 2}),
		win(1, 1, []int{6, 40, 700}, []int{3, 20, 350}, []int{2, 2, 2}, []int{2, 2, 2}, nil, nil),
	} {
		conformWindow[float64, int64](t, r, []*Workers{nil, w}, g)
		conformWindow[float32, int32](t, r, []*Workers{nil, w}, g)
	}
	conformAdaptive[float32, int64](t, r, []*Workers{nil, w}, Adaptive{1, 1, []int{300, 900}, []int{7, 9}})
}

func negZero64() float64 { return math.Copysign(0, -1) }

// testPoolAxis appends to g an axis of kernel k, stride s and dilation d,
// as the pooling tests draw them: pads up to half the dilated kernel at each
// end (then passed through pads, when not nil), an input extent of the
// smallest valid one plus extra(), floor or (randomly) ceil rounding with
// the last window starting inside the input.
func testPoolAxis(r *rand.Rand, g *Window, k, s, d int, pads func(pb, pe int) (int, int), extra func() int) {
	kd := (k-1)*d + 1
	pb, pe := r.IntN(kd/2+1), r.IntN(kd/2+1)
	if pads != nil {
		pb, pe = pads(pb, pe)
	}
	in := max(1, kd-pb-pe) + extra()
	span := in + pb + pe - kd
	out := span/s + 1
	if r.IntN(2) == 0 && span%s != 0 && out*s < in+pb {
		out++ // ceil, the last window starting inside the input
	}
	g.testAddAxis(in, out, k, s, d, pb, pe)
}

// testAddAxis appends one spatial axis (input and output size, kernel, stride, dilation and
// pads) to the random geometries the pooling tests draw.
func (g *Window) testAddAxis(in, out, k, s, d, pb, pe int) {
	g.In, g.Out = append(g.In, in), append(g.Out, out)
	g.Kernel, g.Strides, g.Dilations = append(g.Kernel, k), append(g.Strides, s), append(g.Dilations, d)
	g.PadsBegin, g.PadsEnd = append(g.PadsBegin, pb), append(g.PadsEnd, pe)
}
