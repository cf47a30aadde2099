//go:build !amd64 || purego

package kernels

// pvAnyMasked32 reports whether some v[i]&mask == val.
func pvAnyMasked32(v []uint32, mask, val uint32) bool { return pvAnyMasked32Go(v, mask, val) }

// pvAnyMasked64 reports whether some v[i]&mask == val.
func pvAnyMasked64(v []uint64, mask, val uint64) bool { return pvAnyMasked64Go(v, mask, val) }
