package kernels

import "testing"

// BenchmarkSkAffPH: one 19200-value f16 row through a (multiply, add, ReLU) chain.
func BenchmarkSkAffPH(b *testing.B) {
	if !skAffOK() {
		b.Skip("no AVX-512")
	}
	src := make([]uint16, 19200)
	for i := range src {
		src[i] = uint16(0x3c00 + i%2000)
	}
	dst := make([]uint16, len(src))
	c, _ := skAffChain(BinMultiply, 0.5, &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: []float32{-1}}, {Kind: EpiRelu}}}, 0)
	b.SetBytes(int64(4 * len(src)))
	for b.Loop() {
		skAffPH(dst, src, &c)
	}
}
