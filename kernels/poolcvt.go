package kernels

import (
	"context"
	"math"
	"unsafe"

	"github.com/x448/float16"
)

// poolF16 and poolBF16 are the storage types of f16 and bf16 tensors inside
// the pooling kernels: distinct types (not uint16) so that the per-block
// widening knows how to read them. They are never compared as integers: a
// kernel on them widens each block to float32 first (poolIsHalf).
type (
	poolF16  uint16
	poolBF16 uint16
)

// poolIsHalf reports whether T is one of the f16/bf16 storage types.
func poolIsHalf[T Number]() bool {
	switch any((*T)(nil)).(type) {
	case *poolF16, *poolBF16:
		return true
	}
	return false
}

// poolSmallInt reports whether T is a 1- or 2-byte integer (every value exact
// in float32).
func poolSmallInt[T Number]() bool {
	var z T
	k := kindOf[T]()
	return !poolIsHalf[T]() && unsafe.Sizeof(z) <= 2 && (k == kSigned || k == kUnsigned)
}

// poolWiden converts src into dst (len(dst) >= len(src)) exactly: f16/bf16
// bits to float32, other types by conversion.
func poolWiden[S, T Number](dst []T, src []S) {
	dst = dst[:len(src)]
	switch any((*S)(nil)).(type) {
	case *poolF16:
		d := unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(dst))), len(dst))
		if poolF16Widen(d, poolAs[uint16](src)) {
			return
		}
		for i, h := range src {
			d[i] = f16to32(uint16(h))
		}
		return
	case *poolBF16:
		d := unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(dst))), len(dst))
		for i, h := range src {
			d[i] = uint32(h) << 16
		}
		return
	}
	if pool6WidenInt(dst, src) {
		return
	}
	for i, v := range src {
		dst[i] = T(v)
	}
}

// poolNarrow converts src back into dst (len(dst) == len(src)): float32 to
// f16/bf16 rounding to nearest even (as F32ToF16/F32ToBF16 for every value
// but NaN, whose payload may differ: callers narrow max results, never NaN),
// other types by conversion (exact for values that came from S).
func poolNarrow[S, T Number](dst []S, src []T) {
	src = src[:len(dst)]
	switch any((*S)(nil)).(type) {
	case *poolF16:
		s := unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(src))), len(src))
		if poolF16Narrow(poolAs[uint16](dst), s) {
			return
		}
		d := unsafe.Slice((*float16.Float16)(unsafe.Pointer(unsafe.SliceData(dst))), len(dst))
		F32ToF16(d, s)
		return
	case *poolBF16:
		s := unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(src))), len(src))
		d := unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(dst))), len(dst))
		F32ToBF16(d, s)
		return
	}
	for i, v := range src {
		dst[i] = S(v)
	}
}

// MaxPoolF16Context is MaxPoolContext on IEEE half-precision data, computed
// as OpenVINO does through float32 (values widened exactly, the result
// narrowed to nearest even), but widened per block of rows instead of per
// tensor: the same results, bit for bit, as widening the tensor, running
// MaxPoolContext on float32 and narrowing, without the two extra passes.
func MaxPoolF16Context[I Index](ctx context.Context, w *Workers, g Window, src, dst []float16.Float16, idx []I, axis int) error {
	return poolMaxHalf(ctx, w, g, poolAs[poolF16](src), poolAs[poolF16](dst), idx, axis)
}

// MaxPoolBF16Context is MaxPoolF16Context for bfloat16 data (raw bits).
func MaxPoolBF16Context[I Index](ctx context.Context, w *Workers, g Window, src, dst []uint16, idx []I, axis int) error {
	return poolMaxHalf(ctx, w, g, poolAs[poolBF16](src), poolAs[poolBF16](dst), idx, axis)
}

// poolAs reinterprets a slice of 2-byte elements as []E.
func poolAs[E, F any](s []F) []E {
	return unsafe.Slice((*E)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

func poolMaxHalf[H Number, I Index](ctx context.Context, w *Workers, g Window, src, dst []H, idx []I, axis int) error {
	p, err := g.plan()
	if err != nil {
		return err
	}
	if p.inPlane >= math.MaxInt32 {
		// The fast kernel falls back to the reference here; do it in float32.
		if len(src) != p.inLen() || len(dst) != p.outLen() {
			return checkMaxArgs(&p, len(src), len(dst), idx != nil, len(idx), axis)
		}
		s32 := make([]float32, len(src))
		d32 := make([]float32, len(dst))
		poolWiden(s32, src)
		if err := MaxPoolReference(g, s32, d32, idx, axis); err != nil {
			return err
		}
		poolNarrow(dst, d32)
		return nil
	}
	return MaxPoolContext(ctx, w, g, src, dst, idx, axis)
}

// poolWidenExact widens f16/bf16 storage to float32 as the per-tensor path
// does (F16ToF32/BF16ToF32), other types by poolWiden.
func poolWidenExact[S, T Number](dst []T, src []S) {
	switch any((*S)(nil)).(type) {
	case *poolF16:
		pqCvt(poolAs[float32](dst[:len(src)]), poolAs[float16.Float16](src), cvtF16ToF32Fast, f16ToF32Go)
	case *poolBF16:
		pqCvt(poolAs[float32](dst[:len(src)]), poolAs[uint16](src), cvtBF16ToF32Fast, bf16ToF32Go)
	default:
		poolWiden(dst, src)
	}
}

// pqCvt converts src into dst as F16ToF32 (and the other exported
// conversions) do, but converts a tail of 1–15 elements as an overlapping
// last vector of 16 (the same exact conversion, computed twice) instead
// of element by element (round 9: rows of 9–11 f16 elements spent more
// in the scalar tail than in the vectors).
func pqCvt[D, S any](dst []D, src []S, fast func([]D, []S, int) int, slow func([]D, []S)) {
	n := min(len(dst), len(src))
	dst, src = dst[:n], src[:n]
	k := fast(dst, src, cvtLevel())
	if k > 0 && k < n && n >= 16 && fast(dst[n-16:], src[n-16:], cvtLevel()) == 16 {
		return
	}
	slow(dst[k:], src[k:])
}

// poolNarrowExact narrows float32 to f16/bf16 as the per-tensor path does
// (F32ToF16/F32ToBF16, NaN included), other types by poolNarrow.
func poolNarrowExact[S, T Number](dst []S, src []T) {
	switch any((*S)(nil)).(type) {
	case *poolF16:
		pqCvt(poolAs[float16.Float16](dst), poolAs[float32](src[:len(dst)]), cvtF32ToF16Fast, f32ToF16Go)
	case *poolBF16:
		pqCvt(poolAs[uint16](dst), poolAs[float32](src[:len(dst)]), cvtF32ToBF16Fast, f32ToBF16Go)
	default:
		poolNarrow(dst, src)
	}
}

// poolAvgHalfRunner runs AvgPool units on f16/bf16 storage (S), summed in
// float32.
type poolAvgHalfRunner[S Number] struct{}

func (poolAvgHalfRunner[S]) run(j *job, s *scratch, lo, hi int) {
	p := &j.wp
	src := unsafe.Slice((*S)(j.src), p.inLen())
	dst := unsafe.Slice((*S)(j.dst), p.outLen())
	if pvAvgUse[float32](j) { // narrow rows: depth and H taps first (pv_avg.go)
		cols := pvColsFor(p)
		for u := lo; u < hi; u++ {
			plane, od, i0, i1 := j.unitRows(u)
			pvAvgBlock[S, float32](j, s, src, dst, plane, od, i0, i1, true, &cols)
		}
		return
	}
	tab, ok := poolTabsFor[float32](j, s)
	tp := &tab
	if !ok {
		tp = nil
	}
	for u := lo; u < hi; u++ {
		plane, od, i0, i1 := j.unitRows(u)
		avgBlockFloat[S, float32](j, s, src, dst, plane, od, i0, i1, true, tp)
	}
}

// AvgPoolF16Context is AvgPoolContext on IEEE half-precision data, computed
// as OpenVINO does through float32 (widened exactly, the float32 kernel's
// sums and divisions, narrowed to nearest even) but widened per block of
// rows instead of per tensor: the same bits as widening the tensor
// (F16ToF32), running AvgPoolContext on float32 and narrowing (F32ToF16),
// without the two extra passes and the two float32 tensors.
func AvgPoolF16Context(ctx context.Context, w *Workers, g Window, src, dst []float16.Float16, excludePad bool) error {
	return AvgPoolContext(ctx, w, g, poolAs[poolF16](src), poolAs[poolF16](dst), excludePad)
}

// AvgPoolBF16Context is AvgPoolF16Context for bfloat16 data (raw bits).
func AvgPoolBF16Context(ctx context.Context, w *Workers, g Window, src, dst []uint16, excludePad bool) error {
	return AvgPoolContext(ctx, w, g, poolAs[poolBF16](src), poolAs[poolBF16](dst), excludePad)
}
