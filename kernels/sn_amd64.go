//go:build amd64 && !purego

package kernels

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// snTrans16h is scTrans16 narrowing to f16 on the way out (dst rows ld halves apart),
// each source row first getting bias[0:16] added unless bias is nil, then max(x, 0)
// when relu (scTrans16x).
func snTrans16h(dst *uint16, ld int, src *float32, n, rows int, bias *float32, relu bool) {
	scTrans16x(unsafe.Pointer(dst), 2*ld, src, n, rows, bias, relu, true)
}

//go:noescape
func snBiasReluPH(n int, dst *uint16, src *float32, bias float32, relu bool)

// snAsm reports whether snTrans16h and snBiasReluPH run on this CPU (AVX-512 F; the
// f16 stores of VCVTPS2PH need F16C, which every AVX-512 CPU has).
func snAsm() bool { return p512Allowed && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW }

//go:noescape
func smChainPH(n int, dst *uint16, src *float32, v *[4]float32, relu bool)
