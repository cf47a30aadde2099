//go:build amd64 && !purego

package kernels

import "golang.org/x/sys/cpu"

//go:noescape
func scTrans16(dst *float32, ld int, src *float32, n, rows int)

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
