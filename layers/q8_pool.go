package layers

import "github.com/irrun/irrun/ir"

// Q8MaxPoolKeepsGrid reports whether op is a MaxPool on static f32 data in whose every
// output window holds at least one element of the data (with the padding resolved as at
// run time): each value of its output 0 is then one of its input's values, so a
// FakeQuantize grid passes through it to the int8 convolution after it (graph/q8.go). A
// window made only of padding (its output is not an input value) rejects the op.
func Q8MaxPoolKeepsGrid(op Op, in []Input) bool {
	p, ok := op.(*poolOp)
	if !ok || p.kind != kindMax || len(in) != 1 || in[0].Type != ir.F32 {
		return false
	}
	dims, ok := staticDims(in[0].Shape)
	if !ok {
		return false
	}
	g, err := p.geometry(in[0].Shape)
	if err != nil {
		return false
	}
	out, ok := staticDims(g.out)
	nsp := len(p.kernel)
	if !ok || len(out) != len(dims) || len(dims) < nsp || len(g.padsBegin) != nsp || len(g.dilations) != nsp || len(p.strides) != nsp {
		return false
	}
	lead := len(dims) - nsp
	for i := range nsp {
		k, s, d, pb := p.kernel[i], p.strides[i], g.dilations[i], g.padsBegin[i]
		n := int64(dims[lead+i])
		if k < 1 || s < 1 || d < 1 {
			return false
		}
		for o := int64(0); o < int64(out[lead+i]); o++ {
			hit := false
			for t := int64(0); t < k && !hit; t++ {
				x := o*s - pb + t*d
				hit = x >= 0 && x < n
			}
			if !hit {
				return false
			}
		}
	}
	return true
}
