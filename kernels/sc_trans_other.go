//go:build !amd64 || purego

package kernels

func scTrans16(*float32, int, *float32, int, int) { panic("kernels: scTrans16 without assembly") }

func scTransAsm() bool { return false }
