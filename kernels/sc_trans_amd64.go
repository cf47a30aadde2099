//go:build amd64 && !purego

package kernels

//go:noescape
func scTrans16(dst *float32, ld int, src *float32, n, rows int)

// scTransAsm reports whether scTrans16 runs on this CPU.
func scTransAsm() bool { return smallnHasAsm() }
