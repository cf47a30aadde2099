//go:build amd64 && !purego

package kernels

import "golang.org/x/sys/cpu"

//go:noescape
func snTrans16h(dst *uint16, ld int, src *float32, n, rows int, bias *float32, relu bool)

//go:noescape
func snBiasReluPH(n int, dst *uint16, src *float32, bias float32, relu bool)

// snAsm reports whether snTrans16h and snBiasReluPH run on this CPU (AVX-512 F; the
// f16 stores of VCVTPS2PH need F16C, which every AVX-512 CPU has).
func snAsm() bool { return p512Allowed && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW }

//go:noescape
func smChainPH(n int, dst *uint16, src *float32, v *[4]float32, relu bool)
