package kernels

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestQcRowsWide: the row-table fold on rows of one to five vectors
// (p3RowsMax; QC_WIDE in qc_rows_amd64.h for two to four) against its Go
// definition p3RowsMaxGo, bit for bit but the sign of a zero maximum (NaN,
// ±Inf, ±0, extremes; the fold order is free), for the
// ten lane types: random tap tables (empty rows included), several planes.
func TestQcRowsWide(t *testing.T) {
	t.Run("f32", func(t *testing.T) { qcRowsCheck[float32](t) })
	t.Run("f64", func(t *testing.T) { qcRowsCheck[float64](t) })
	t.Run("i8", func(t *testing.T) { qcRowsCheck[int8](t) })
	t.Run("u8", func(t *testing.T) { qcRowsCheck[uint8](t) })
	t.Run("i16", func(t *testing.T) { qcRowsCheck[int16](t) })
	t.Run("u16", func(t *testing.T) { qcRowsCheck[uint16](t) })
	t.Run("i32", func(t *testing.T) { qcRowsCheck[int32](t) })
	t.Run("u32", func(t *testing.T) { qcRowsCheck[uint32](t) })
	t.Run("i64", func(t *testing.T) { qcRowsCheck[int64](t) })
	t.Run("u64", func(t *testing.T) { qcRowsCheck[uint64](t) })
}

func qcRowsCheck[T Number](t *testing.T) {
	var z T
	L := 64 / int(unsafe.Sizeof(z))
	r := rand.New(rand.NewPCG(16, uint64(L)+uint64(kindOf[T]())))
	wide := 0
	for it := 0; it < 300; it++ {
		cols := 1 + r.IntN(5*L)
		if qcRowsWide(cols, int(unsafe.Sizeof(z))) {
			wide++
		}
		H := 1 + r.IntN(12)
		planes := 1 + r.IntN(3)
		nr := 1 + r.IntN(6)
		ip := H*cols + r.IntN(3)
		rs := make([]int32, nr+1)
		var tab []int32
		for k := 0; k < nr; k++ {
			for n := r.IntN(5); n > 0; n-- {
				tab = append(tab, int32(r.IntN(H)*cols))
			}
			rs[k+1] = int32(len(tab))
		}
		src := poolTabValues[T](r, planes*ip)
		want := make([]T, planes*nr*cols)
		got := make([]T, len(want))
		p3RowsMaxGo(want, src, tab, rs, nr, cols, planes, ip, lowest[T]())
		p3RowsMax(got, src, tab, rs, nr, cols, planes, ip, lowest[T]())
		// The fold order is free (p3_rows.go): a ±0 maximum may carry
		// either sign, which the caller recomputes in scan order.
		for i := range want {
			if want[i] == 0 && got[i] == 0 {
				want[i], got[i] = 0, 0
			}
		}
		require.Equal(t, pltBits(want), pltBits(got), "cols %d nr %d planes %d H %d", cols, nr, planes, H)
	}
	require.Greater(t, wide, 100)
}

// qcPlanesGeom is the drawer p3Geom and qmGeom share: a MaxPool geometry of
// nsp spatial axes over 2–24 planes (N 1–2, C 1–12), axis a drawn by
// axis(a) — kernel, stride, dilation and the bound n of its extent and pads
// (testPoolAxis) — redrawn until it plans, has two planes or more and at
// most maxOut outputs a plane.
func qcPlanesGeom(r *rand.Rand, nsp, maxOut int, axis func(a int) (k, s, d, n int)) (Window, winPlan) {
	for {
		g := Window{N: 1 + r.IntN(2), C: 1 + r.IntN(12)}
		for a := 0; a < nsp; a++ {
			k, s, d, n := axis(a)
			testPoolAxis(r, &g, k, s, d, nil, func() int { return r.IntN(n) })
		}
		p, err := g.plan()
		if err != nil || p.planes < 2 || p.outPlane > maxOut {
			continue
		}
		return g, p
	}
}

// qcRowsWide reports whether rows of cols elements of size e take
// QC_WIDE's bodies (qc_rows_amd64.h): two to four 64-byte vectors a row.
func qcRowsWide(cols, e int) bool {
	L := 64 / e
	return cols > L && cols <= 4*L
}
