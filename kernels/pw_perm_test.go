package kernels

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// pwRandVals fills v with values drawn to stress max folds: ties, extremes,
// and for floats ±0, ±Inf and NaN (when special).
func pwRandVals[T Number](r *rand.Rand, v []T, special bool) {
	k := kindOf[T]()
	for i := range v {
		x := float64(r.IntN(9) - 4)
		if r.IntN(3) == 0 {
			x = r.NormFloat64() * 100
		}
		switch {
		case k == kFloat32 || k == kFloat64:
			if special {
				switch r.IntN(12) {
				case 0:
					x = math.Copysign(0, -1)
				case 1:
					x = 0
				case 2:
					x = math.Inf(1 - 2*r.IntN(2))
				case 3:
					x = math.NaN()
				}
			}
			v[i] = T(x)
		case k == kSigned:
			v[i] = T(int64(x))
			if r.IntN(20) == 0 {
				v[i] = lowest[T]()
			}
		default:
			v[i] = T(uint64(int64(math.Abs(x))))
			if r.IntN(20) == 0 {
				u := uint64(1)<<(8*unsafe.Sizeof(v[i])-1) + uint64(r.IntN(3))
				v[i] = T(u) // top bit set
			}
		}
	}
}

// pwPermGeom draws a W axis (W, Wo, kernel, stride, dilation, pads) that
// fits the permute pass for an element of e bytes.
func pwPermGeom(r *rand.Rand, e int) winPlan {
	L := 64 / e
	for {
		var p winPlan
		k, s, d := 1+r.IntN(12), 1+r.IntN(6), 1+r.IntN(3)
		kd := (k-1)*d + 1
		pb, pe := r.IntN(kd), r.IntN(kd)
		W := 1 + r.IntN(2*L)
		if r.IntN(2) == 0 {
			W = 1 + r.IntN(6*L) // wider rows: per-tap offsets
		}
		span := W + pb + pe - kd
		if span < 0 {
			continue
		}
		Wo := span/s + 1
		if Wo > L {
			continue
		}
		p.in[2], p.out[2], p.k[2], p.s[2], p.d[2], p.pb[2], p.pe[2] = W, Wo, k, s, d, pb, pe
		return p
	}
}

// pwWantRows is the W pass of rows rows of src (row stride sr) into want
// (row stride ds) by the definition: every output folds its taps inside
// the row in tap order with the reference's strict update, from lowest.
func pwWantRows[T Number](p *winPlan, want []T, ds int, src []T, sr, rows int) {
	for y := 0; y < rows; y++ {
		for c := 0; c < p.out[2]; c++ {
			acc := lowest[T]()
			for tp := 0; tp < p.k[2]; tp++ {
				if x := c*p.s[2] - p.pb[2] + tp*p.d[2]; x >= 0 && x < p.in[2] && src[y*sr+x] > acc {
					acc = src[y*sr+x]
				}
			}
			want[y*ds+c] = acc
		}
	}
}

func testPwPerm[T Number](t *testing.T, r *rand.Rand) {
	var z T
	e := int(unsafe.Sizeof(z))
	built := 0
	defer func() { require.Greater(t, built, 100) }()
	for it := 0; it < 400; it++ {
		p := pwPermGeom(r, e)
		var tab pwPerm
		if !pwPermBuild[T](&tab, &p) {
			continue
		}
		built++
		W, Wo := p.in[2], p.out[2]
		rows := 1 + r.IntN(9)
		sr, ds := W+r.IntN(3), Wo+r.IntN(3)
		src := make([]T, (rows-1)*sr+W) // the last row ends the slice
		pwRandVals(r, src, r.IntN(2) == 0)
		got := make([]T, (rows-1)*ds+Wo)
		want := make([]T, len(got))
		for i := range got {
			got[i], want[i] = T(7), T(7) // gaps between rows stay untouched
		}
		pwWantRows(&p, want, ds, src, sr, rows)
		pwPermMax(got, ds, src, sr, rows, &tab)
		require.Equal(t, pltBits(want), pltBits(got), "W %d Wo %d k %d s %d d %d pads %d/%d rows %d", W, Wo, p.k[2], p.s[2], p.d[2], p.pb[2], p.pe[2], rows)
	}
}

// TestPwPerm checks the permute W pass against a scalar fold in tap order
// with the reference's strict update, bit for bit (±0, NaN, extremes).
func TestPwPerm(t *testing.T) {
	if !pwPermOn() {
		t.Skip("no AVX-512")
	}
	var z pwPerm // the layout pw_amd64.s reads
	require.Equal(t, []uintptr{64, 72, 74, 76, 80, 144, 272}, []uintptr{unsafe.Offsetof(z.nt), unsafe.Offsetof(z.ldLo),
		unsafe.Offsetof(z.ldHi), unsafe.Offsetof(z.st), unsafe.Offsetof(z.msk), unsafe.Offsetof(z.off), unsafe.Offsetof(z.idx)})
	r := rand.New(rand.NewPCG(12, 1))
	ptRun(t, "f32 f64 i32 u32 i64 u64", func(t *testing.T, e ptElem) { e.pwPerm(t, r) })
}

// pwPoolGeom draws a 2- or 3-D MaxPool geometry with few outputs a row
// (the permute W pass): kernels 1–11, strides 1–6, dilations 1–3, pads,
// floor or ceil rounding.
func pwPoolGeom(r *rand.Rand) (Window, winPlan) {
	for {
		nsp := 2 + r.IntN(2)
		g := Window{N: 1 + r.IntN(2), C: 1 + r.IntN(20)}
		for a := 0; a < nsp; a++ {
			k, s, d := 1+r.IntN(11), 1+r.IntN(6), 1+r.IntN(3)
			n := 40
			if a < nsp-1 {
				n = 14
			}
			testPoolAxis(r, &g, k, s, d, nil, func() int { return r.IntN(n) })
		}
		p, err := g.plan()
		if err != nil || p.out[2] > 16 {
			continue
		}
		return g, p
	}
}

func testPwMaxPool[T Number](t *testing.T, r *rand.Rand, w1, w2 *Workers) {
	taken := pwMaxPoolCheck[T](t, r, w1, w2, 150, pwPoolGeom, 8, func(j *job, p *winPlan) bool {
		var tab pwPerm
		return pvOrderUse[T](j, false) && pwPermBuild[T](&tab, p)
	})
	var z T
	if pwPermOn() && unsafe.Sizeof(z) >= 4 {
		require.Greater(t, taken, 10)
	}
}

// pwMaxPoolCheck runs values-only MaxPool over n geometries drawn by geom
// (data with or without ±0, NaN, ±Inf) on w1 and w2 against
// MaxPoolReference, bit for bit, and returns how many of them rule (on the
// job planned by planRows with elem bytes) accepted.
func pwMaxPoolCheck[T Number](t *testing.T, r *rand.Rand, w1, w2 *Workers, n int, geom func(*rand.Rand) (Window, winPlan), elem int, rule func(*job, *winPlan) bool) int {
	taken := 0
	for it := 0; it < n; it++ {
		g, p := geom(r)
		src := make([]T, p.inLen())
		pwRandVals(r, src, r.IntN(2) == 0)
		want := make([]T, p.outLen())
		require.NoError(t, MaxPoolReference[T, int64](g, src, want, nil, 0))
		j := job{wp: p}
		planRows(&j, 1, elem)
		if rule(&j, &p) {
			taken++
		}
		for _, w := range []*Workers{w1, w2} {
			got := make([]T, p.outLen())
			require.NoError(t, MaxPool[T, int64](w, g, src, got, nil, 0))
			require.Equal(t, pltBits(want), pltBits(got), "%+v", g)
		}
	}
	return taken
}

// TestPwMaxPool runs values-only MaxPool over geometries with few outputs
// a row (the permute W pass of the order-free blocks, and the per-depth
// units chosen over the depth cache) on 1 and 2 threads against
// MaxPoolReference, bit for bit, with and without ±0, NaN and ±Inf.
func TestPwMaxPool(t *testing.T) {
	w1, w2 := NewWorkers(1), NewWorkers(2)
	defer w1.Close()
	defer w2.Close()
	r := rand.New(rand.NewPCG(12, 2))
	ptRun(t, "f32 f64 i32 u32 i64 u64 i8", func(t *testing.T, e ptElem) { e.pwMaxPool(t, r, w1, w2) })
}
