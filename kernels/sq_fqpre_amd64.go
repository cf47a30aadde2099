//go:build amd64 && !purego

package kernels

import "unsafe"

//go:noescape
func sqFQPre512(dst, x *float32, n int, p *fqParams, bias float32, relu uint32)

// sqFQPre computes FakeQuantize(Relu?(row + bias)) in place in one AVX-512 pass, the
// bits of the epilogue's AddChan, Relu and EpiFakeQuantize steps run one by one. It
// reports false, doing nothing, when that pass does not apply (no AVX-512, or constants
// that need fqeBlock512's divisions); the caller then runs the steps.
func sqFQPre(row []float32, bias float32, relu bool, q *fqParams) bool {
	if fqeLevel() < 2 || q.safe == 0 {
		return false
	}
	if len(row) == 0 {
		return true
	}
	r := uint32(0)
	if relu {
		r = 1
	}
	p := (*float32)(unsafe.Pointer(&row[0]))
	sqFQPre512(p, p, len(row), q, bias, r)
	return true
}
