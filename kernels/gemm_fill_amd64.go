//go:build amd64 && !purego

package kernels

import "golang.org/x/sys/cpu"

//go:noescape
func gemmDeint2Kern(n int, src, even, odd *float32)

// gemmDeint2 sets even[i] = src[2i] and, when odd is not nil, odd[i] = src[2i+1] for
// i < len(even) (src holds 2·len(even) floats, odd as many as even).
func gemmDeint2(src, even, odd []float32) {
	n := len(even)
	if len(src) < 2*n || (odd != nil && len(odd) < n) {
		panic("kernels: gemmDeint2 outside its operands")
	}
	v := 0
	if p512Allowed && cpu.X86.HasAVX512F && n >= 16 {
		v = n &^ 15
		var op *float32
		if odd != nil {
			op = &odd[0]
		}
		gemmDeint2Kern(v, &src[0], &even[0], op)
	}
	if odd != nil {
		odd = odd[v:]
	}
	gemmDeint2Go(src[2*v:], even[v:], odd)
}
