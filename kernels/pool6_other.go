//go:build !amd64 || purego

package kernels

// pool6WidenInt: no vector widening off amd64 (poolWiden's Go loop).
func pool6WidenInt[S, T Number](dst []T, src []S) bool { return false }
