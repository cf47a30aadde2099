package kernels

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestPsPerm4 checks the four-register permute W pass against a scalar
// fold in tap order with the reference's strict update, bit for bit (±0,
// NaN, extremes), for every 4- and 8-byte type, on rows of 2L+1 to 4L
// elements, row strides above the row and gaps between output rows left
// untouched.
func TestPsPerm4(t *testing.T) {
	if !pwPermOn() {
		t.Skip("no AVX-512")
	}
	var z psPerm4 // the layout pw_amd64.s reads
	require.Equal(t, []uintptr{0, 2320, 2322, 2324}, []uintptr{unsafe.Offsetof(z.pw), unsafe.Offsetof(z.ld2),
		unsafe.Offsetof(z.ld3), unsafe.Offsetof(z.hi)})
	require.Equal(t, uintptr(2320), unsafe.Sizeof(pwPerm{}))
	r := rand.New(rand.NewPCG(14, 4))
	ptRun(t, "f32 f64 i32 u32 i64 u64", func(t *testing.T, e ptElem) { e.psPerm4(t, r) })
}

func psPerm4Check[T Number](t *testing.T, r *rand.Rand) {
	var z T
	e := int(unsafe.Sizeof(z))
	L := 64 / e
	built := 0
	for it := 0; it < 600; it++ {
		var p winPlan
		k, s, d := 1+r.IntN(12), 1+r.IntN(8), 1+r.IntN(3)
		kd := (k-1)*d + 1
		pb, pe := r.IntN(kd), r.IntN(kd)
		W := 2*L + 1 + r.IntN(2*L)
		span := W + pb + pe - kd
		if span < 0 {
			continue
		}
		Wo := span/s + 1
		p.in[2], p.out[2], p.k[2], p.s[2], p.d[2], p.pb[2], p.pe[2] = W, Wo, k, s, d, pb, pe
		var tab psPerm4
		if !psPerm4Build[T](&tab, &p) {
			continue
		}
		built++
		rows := 1 + r.IntN(9)
		sr, ds := W+r.IntN(3), Wo+r.IntN(3)
		src := make([]T, (rows-1)*sr+W) // the last row ends the slice
		pwRandVals(r, src, r.IntN(2) == 0)
		got := make([]T, (rows-1)*ds+Wo)
		want := make([]T, len(got))
		for i := range got {
			got[i], want[i] = T(7), T(7)
		}
		pwWantRows(&p, want, ds, src, sr, rows)
		psPerm4Max(got, ds, src, sr, rows, &tab)
		require.Equal(t, pltBits(want), pltBits(got), "W %d Wo %d k %d s %d d %d pads %d/%d rows %d", W, Wo, k, s, d, pb, pe, rows)
	}
	require.Greater(t, built, 100)
}
