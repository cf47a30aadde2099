//go:build !amd64 || purego

package kernels

// sqFQPre is the fused AddChan/Relu/FakeQuantize pass; without AVX-512 assembly the
// caller runs the steps one by one.
func sqFQPre(row []float32, bias float32, relu bool, q *fqParams) bool { return false }
