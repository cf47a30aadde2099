//go:build amd64 && !purego

package kernels

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

//go:noescape
func scTrans16x(dst unsafe.Pointer, ldb int, src *float32, n, rows int, bias *float32, relu, half bool)

// scTrans16 transposes the 16×16 block of floats at src (rows 128 bytes apart, the
// small-N block of 32 channels per pixel) and writes its first rows columns as rows of
// dst, ld floats apart, n (1..16) values each (nothing past them).
func scTrans16(dst *float32, ld int, src *float32, n, rows int) {
	scTrans16x(unsafe.Pointer(dst), 4*ld, src, n, rows, nil, false, false)
}

//go:noescape
func scCvtRows(n, rows int, dst *float32, ldd int, src *uint16, lds int)

//go:noescape
func scCvtDeint(n, rows int, src *uint16, lds int, ev, od *float32, ldd int)

//go:noescape
func scDeintRows(n, rows int, src *float32, lds int, ev, od *float32, ldd int)

// scCvtRowsAsm reports whether scCvtRows runs on this CPU (AVX-512 F and BW).
func scCvtRowsAsm() bool { return p512Allowed && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW }

// scTransAsm reports whether scTrans16 runs on this CPU.
func scTransAsm() bool { return smallnHasAsm() }
