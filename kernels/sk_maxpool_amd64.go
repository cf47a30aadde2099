//go:build amd64 && !purego

package kernels

// The three-tap MaxPool rows (sk_maxpool.go) in AVX-512 (sk_maxpool_amd64.s).

//go:noescape
func skMaxS2F32(dst, src uintptr, nr, rs int, tab *uint16, ng int)

//go:noescape
func skMaxS2F16(dst, src uintptr, nr, rs int, tab *uint16, ng int)

//go:noescape
func skMaxS1F32(dst, src uintptr, nr, rs int, tab *uint16, ng int)

//go:noescape
func skMaxS1F16(dst, src uintptr, nr, rs int, tab *uint16, ng int)

// skMaxOK reports whether the AVX-512 three-tap rows can run.
func skMaxOK() bool { return p512On() }

// skMaxRow computes one output row at dst from nr >= 1 input rows (the first
// at src, which points pads-begin elements before the row's column 0, rs
// bytes apart) with the mask table tab of ng groups.
func skMaxRow(dst, src uintptr, nr, rs int, tab *uint16, ng int, half, s2 bool) {
	switch {
	case s2 && half:
		skMaxS2F16(dst, src, nr, rs, tab, ng)
	case s2:
		skMaxS2F32(dst, src, nr, rs, tab, ng)
	case half:
		skMaxS1F16(dst, src, nr, rs, tab, ng)
	default:
		skMaxS1F32(dst, src, nr, rs, tab, ng)
	}
}
