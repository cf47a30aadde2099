//go:build amd64 && !purego

package kernels

import "unsafe"

//go:noescape
func pvAnyMasked32AVX2(p unsafe.Pointer, n int, mask, val uint32) bool

//go:noescape
func pvAnyMasked64AVX2(p unsafe.Pointer, n int, mask, val uint64) bool

// pvAnyMasked32 reports whether some v[i]&mask == val (AVX2 over whole
// vectors of 8, the tail in Go).
func pvAnyMasked32(v []uint32, mask, val uint32) bool {
	n := len(v) &^ 7
	if hasAVX2 && n > 0 && pvAnyMasked32AVX2(unsafe.Pointer(unsafe.SliceData(v)), n, mask, val) {
		return true
	}
	if !hasAVX2 {
		n = 0
	}
	return pvAnyMasked32Go(v[n:], mask, val)
}

// pvAnyMasked64 reports whether some v[i]&mask == val (AVX2 over whole
// vectors of 4, the tail in Go).
func pvAnyMasked64(v []uint64, mask, val uint64) bool {
	n := len(v) &^ 3
	if hasAVX2 && n > 0 && pvAnyMasked64AVX2(unsafe.Pointer(unsafe.SliceData(v)), n, mask, val) {
		return true
	}
	if !hasAVX2 {
		n = 0
	}
	return pvAnyMasked64Go(v[n:], mask, val)
}
