package layers

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/x448/float16"
)

// Einsum-7: equation parsing after src/core/src/op/einsum.cpp (parse_equation,
// extract_labels) and shape inference after
// src/core/shape_inference/include/einsum_shape_inference.hpp; the reference kernel after
// the inference.

type einsumOp struct {
	Equation string `attr:"equation"`
}

const ellipsis = "..."

// equation returns the equation without white space (the constructor's normalisation).
func (e *einsumOp) equation() string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, e.Equation)
}

// subscriptOK is is_subscript_correct: letters with at most one ellipsis.
func subscriptOK(s string) (ok, hasEllipsis bool) {
	for i := 0; i < len(s); i++ {
		if !hasEllipsis && len(s)-i > 2 && s[i:i+3] == ellipsis {
			hasEllipsis = true
			i += 2
			continue
		}
		if !isAlpha(s[i]) {
			return false, hasEllipsis
		}
	}
	return true, hasEllipsis
}

func isAlpha(c byte) bool { return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') }

// einsumLabels is extract_labels: one label per letter, "..." for an ellipsis.
func einsumLabels(s string) ([]string, error) {
	var out []string
	for i := 0; i < len(s); i++ {
		switch {
		case isAlpha(s[i]):
			out = append(out, s[i:i+1])
		case len(s)-i > 2 && s[i:i+3] == ellipsis:
			out = append(out, ellipsis)
			i += 2
		default:
			return nil, fmt.Errorf("Einsum equation has invalid label. (subscript %q)", s)
		}
	}
	return out, nil
}

// parseEquation is Einsum::parse_equation.
func parseEquation(eq string) (inputs []string, output string, err error) {
	lhs, rhs, explicit := strings.Cut(eq, "->")
	// std::getline splitting: a trailing delimiter gives no empty last token.
	if lhs != "" {
		inputs = strings.Split(lhs, ",")
		if inputs[len(inputs)-1] == "" {
			inputs = inputs[:len(inputs)-1]
		}
	}
	anyEllipsis := false
	for _, s := range inputs {
		ok, e := subscriptOK(s)
		if !ok {
			return nil, "", fmt.Errorf("Input subscript of Einsum equation must consist of either only alphabetic letters or alphabetic letters with one ellipsis. (subscript %q)", s)
		}
		anyEllipsis = anyEllipsis || e
	}
	if !explicit {
		var labels []string
		for i, s := range inputs {
			ls, err := einsumLabels(s)
			if err != nil {
				return nil, "", err
			}
			for _, l := range ls {
				if l == ellipsis {
					continue
				}
				elsewhere := false
				for j, o := range inputs {
					if j != i && strings.Contains(o, l) {
						elsewhere = true
						break
					}
				}
				if !elsewhere {
					labels = append(labels, l)
				}
			}
		}
		slices.Sort(labels)
		output = strings.Join(labels, "")
		if anyEllipsis {
			output = ellipsis + output
		}
		return inputs, output, nil
	}
	output = rhs
	ok, outEllipsis := subscriptOK(output)
	if !ok {
		return nil, "", fmt.Errorf("Output subscript of Einsum equation must consist of either only alphabetic letters or alphabetic letters with one ellipsis. (subscript %q)", output)
	}
	if anyEllipsis != outEllipsis {
		return nil, "", fmt.Errorf("Output subscript of Einsum equation must contain one ellipsis if ellipsis is met in any input subscript. (equation %q)", eq)
	}
	return inputs, output, nil
}

// einsumShape is shape_infer for Einsum.
func einsumShape(eq string, shapes []ir.Shape) (ir.Shape, error) {
	inputs, output, err := parseEquation(eq)
	if err != nil {
		return ir.Shape{}, err
	}
	if len(inputs) != len(shapes) {
		return ir.Shape{}, fmt.Errorf("Equation must contain a number of subscripts equal to a number of Einsum inputs. (%d subscripts in %q, %d inputs)", len(inputs), eq, len(shapes))
	}
	byLabel := map[string][]ir.Dim{}
	for i, s := range shapes {
		labels, err := einsumLabels(inputs[i])
		if err != nil {
			return ir.Shape{}, err
		}
		if s.DynamicRank {
			for _, l := range labels {
				if l == ellipsis {
					return ir.Shape{}, fmt.Errorf("The subscript corresponding to a dynamic rank input must not contain ellipsis. (input %d)", i)
				}
				if _, ok := byLabel[l]; !ok {
					byLabel[l] = []ir.Dim{ir.DynamicDim()}
				}
			}
			continue
		}
		rank := len(s.Dims)
		if rank < len(labels) {
			return ir.Shape{}, fmt.Errorf("Input rank must be greater or equal to a number of labels in the corresponding input subscript. (input %d shape %s, subscript %q)", i, s, inputs[i])
		}
		for li, di := 0, 0; li < len(labels) && di < rank; li++ {
			l := labels[li]
			if l == ellipsis {
				n := rank - len(labels) + 1
				sub := ir.Shape{Dims: s.Dims[di : di+n]}
				if prev, ok := byLabel[l]; ok {
					m, ok := broadcastMerge(ir.Shape{Dims: prev}, sub, autoBroadcast{Type: "numpy"})
					if !ok {
						return ir.Shape{}, fmt.Errorf("Input dimensions labeled with ellipsis for Einsum must be broadcastable. (%s and %s)", ir.Shape{Dims: prev}, sub)
					}
					byLabel[l] = m.Dims
				} else {
					byLabel[l] = append([]ir.Dim(nil), sub.Dims...)
				}
				di += n
				continue
			}
			if prev, ok := byLabel[l]; ok {
				m, ok := dimMerge(prev[0], s.Dims[di])
				if !ok {
					return ir.Shape{}, fmt.Errorf("Different input dimensions indicated by the same labels for Einsum must be compatible. (label %s: %s and %s)", l, prev[0], s.Dims[di])
				}
				byLabel[l] = []ir.Dim{m}
			} else {
				byLabel[l] = []ir.Dim{s.Dims[di]}
			}
			di++
		}
	}
	outLabels, err := einsumLabels(output)
	if err != nil {
		return ir.Shape{}, err
	}
	out := ir.Shape{Dims: []ir.Dim{}}
	for _, l := range outLabels {
		d, ok := byLabel[l]
		if !ok {
			return ir.Shape{}, fmt.Errorf("Label in output subscript of Einsum equation must enter at least one input subscript. (label %s)", l)
		}
		out.Dims = append(out.Dims, d...)
	}
	return out, nil
}

func (e *einsumOp) Infer(in []Input) ([]Output, error) {
	if len(in) == 0 {
		return nil, fmt.Errorf("Einsum must have at least one input.")
	}
	t := in[0].Type
	if !isNumeric(t) {
		return nil, fmt.Errorf("The input type for Einsum operation must be numeric. (input 0 is %s)", t)
	}
	shapes := make([]ir.Shape, len(in))
	for i, x := range in {
		if x.Type != t {
			return nil, fmt.Errorf("Inputs to Einsum operation must have the same type. (input 0 is %s, input %d is %s)", t, i, x.Type)
		}
		shapes[i] = x.Shape
	}
	s, err := einsumShape(e.equation(), shapes)
	if err != nil {
		return nil, err
	}
	return []Output{{Type: t, Shape: s}}, nil
}

// Einsum-7's reference kernel (src/core/reference/include/openvino/reference/einsum.hpp
// computes the same sums by reducing, transposing and multiplying step by step): every
// output element is the sum, over all values of the labels that are not in the output, of
// the product of the inputs' elements those label values select. A label repeated in one
// subscript takes the diagonal; the dims an ellipsis covers broadcast numpy-style across
// inputs. Sums are taken in float64 and rounded once to the element type (f16/bf16 and f32
// included), so the result is at least as accurate as the step-by-step reference.

// einsumPlan maps every input and the output to one index space over all labels.
type einsumPlan struct {
	sizes   []int   // size of each label (ellipsis dims expanded to one label each)
	inIdx   [][]int // per input: the label of each of its dims
	inSize  [][]int // per input: its dims
	outLbls []int   // the label of each output dim
	outN    int
}

func newEinsumPlan(eq string, shapes [][]int) (*einsumPlan, error) {
	inputs, output, err := parseEquation(eq)
	if err != nil {
		return nil, err
	}
	if len(inputs) != len(shapes) {
		return nil, fmt.Errorf("Einsum: %d subscripts for %d inputs", len(inputs), len(shapes))
	}
	p := &einsumPlan{}
	ids := map[string]int{}
	label := func(name string, size int) (int, error) {
		id, ok := ids[name]
		if !ok {
			id = len(p.sizes)
			ids[name] = id
			p.sizes = append(p.sizes, size)
			return id, nil
		}
		switch {
		case p.sizes[id] == size || size == 1 && len(name) > 3:
		case p.sizes[id] == 1 && len(name) > 3:
			p.sizes[id] = size
		default:
			return 0, fmt.Errorf("Einsum: label %q has sizes %d and %d", name, p.sizes[id], size)
		}
		return id, nil
	}
	// The ellipsis covers the same number of trailing-aligned dims in every input: the
	// largest count, as numpy broadcasting does.
	ellN := 0
	labelsOf := make([][]string, len(inputs))
	for i, s := range inputs {
		ls, err := einsumLabels(s)
		if err != nil {
			return nil, err
		}
		labelsOf[i] = ls
		if n := len(shapes[i]) - len(ls) + 1; contains(ls, ellipsis) && n > ellN {
			ellN = n
		}
	}
	for i, ls := range labelsOf {
		dims := shapes[i]
		var idx []int
		di := 0
		for _, l := range ls {
			if l == ellipsis {
				n := len(dims) - len(ls) + 1
				for k := 0; k < n; k++ {
					id, err := label(fmt.Sprintf("...%d", ellN-n+k), dims[di])
					if err != nil {
						return nil, err
					}
					idx = append(idx, id)
					di++
				}
				continue
			}
			if di >= len(dims) {
				return nil, fmt.Errorf("Einsum: subscript %q has more labels than input %d has dims", inputs[i], i)
			}
			id, err := label(l, dims[di])
			if err != nil {
				return nil, err
			}
			idx = append(idx, id)
			di++
		}
		if di != len(dims) {
			return nil, fmt.Errorf("Einsum: subscript %q does not cover the %d dims of input %d", inputs[i], len(dims), i)
		}
		p.inIdx = append(p.inIdx, idx)
		p.inSize = append(p.inSize, dims)
	}
	outLs, err := einsumLabels(output)
	if err != nil {
		return nil, err
	}
	p.outN = 1
	for _, l := range outLs {
		names := []string{l}
		if l == ellipsis {
			names = names[:0]
			for k := 0; k < ellN; k++ {
				names = append(names, fmt.Sprintf("...%d", k))
			}
		}
		for _, n := range names {
			id, ok := ids[n]
			if !ok {
				return nil, fmt.Errorf("Einsum: output label %q is in no input", n)
			}
			p.outLbls = append(p.outLbls, id)
			p.outN *= p.sizes[id]
		}
	}
	return p, nil
}

func contains(ls []string, s string) bool {
	for _, l := range ls {
		if l == s {
			return true
		}
	}
	return false
}

// run computes out (row-major over the output labels) from the inputs as float64.
func (p *einsumPlan) run(out []float64, ins [][]float64, val []int) {
	isOut := make([]bool, len(p.sizes))
	for _, l := range p.outLbls {
		isOut[l] = true
	}
	var sum []int
	for l := range p.sizes {
		if !isOut[l] {
			sum = append(sum, l)
		}
	}
	for o := range out {
		rem := o
		for k := len(p.outLbls) - 1; k >= 0; k-- {
			l := p.outLbls[k]
			val[l] = rem % p.sizes[l]
			rem /= p.sizes[l]
		}
		for _, l := range sum {
			val[l] = 0
		}
		acc := 0.0
		for {
			prod := 1.0
			for i, in := range ins {
				off := 0
				for d, l := range p.inIdx[i] {
					v := val[l]
					if p.inSize[i][d] == 1 {
						v = 0 // a broadcast ellipsis dim
					}
					off = off*p.inSize[i][d] + v
				}
				prod *= in[off]
			}
			acc += prod
			k := len(sum) - 1
			for ; k >= 0; k-- {
				l := sum[k]
				val[l]++
				if val[l] < p.sizes[l] {
					break
				}
				val[l] = 0
			}
			if k < 0 {
				break
			}
		}
		out[o] = acc
	}
}

// Prepare implements Preparer for f32, f64, f16, bf16, i32 and i64.
func (e *einsumOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	shapes := make([][]int, len(in))
	t := in[0].Type
	switch t {
	case ir.F32, ir.F64, ir.F16, ir.BF16, ir.I32, ir.I64:
	default:
		return nil, unsupportedType("Einsum", t)
	}
	for i, x := range in {
		d, ok := staticDims(x.Shape)
		if !ok {
			return nil, fmt.Errorf("Einsum: input %d shape %s is not static", i, x.Shape)
		}
		shapes[i] = d
	}
	p, err := newEinsumPlan(e.equation(), shapes)
	if err != nil {
		return nil, err
	}
	bufs := make([][]float64, len(in))
	for i, d := range shapes {
		bufs[i] = make([]float64, product(d))
	}
	out := make([]float64, p.outN)
	val := make([]int, len(p.sizes))
	var scratch []float32
	if t == ir.F16 || t == ir.BF16 {
		scratch = make([]float32, p.outN)
	}
	return kernelFunc(func(_ context.Context, ins, outs []*ir.Tensor) error {
		if len(ins) != len(bufs) || len(outs) != 1 {
			return fmt.Errorf("Einsum: expected %d inputs and 1 output, got %d and %d", len(bufs), len(ins), len(outs))
		}
		for i, x := range ins {
			if err := einsumWiden(bufs[i], t, x.Data); err != nil {
				return fmt.Errorf("Einsum input %d: %w", i, err)
			}
		}
		p.run(out, bufs, val)
		return einsumNarrow(outs[0].Data, t, out, scratch)
	}), nil
}

func einsumWiden(dst []float64, t ir.ElementType, data any) error {
	n := len(dst)
	switch d := data.(type) {
	case []float32:
		if len(d) == n {
			for i, v := range d {
				dst[i] = float64(v)
			}
			return nil
		}
	case []float64:
		if len(d) == n {
			copy(dst, d)
			return nil
		}
	case []float16.Float16:
		if len(d) == n {
			for i, v := range d {
				dst[i] = float64(v.Float32())
			}
			return nil
		}
	case []uint16:
		if t == ir.BF16 && len(d) == n {
			for i, v := range d {
				dst[i] = float64(math.Float32frombits(uint32(v) << 16))
			}
			return nil
		}
	case []int32:
		if len(d) == n {
			for i, v := range d {
				dst[i] = float64(v)
			}
			return nil
		}
	case []int64:
		if len(d) == n {
			for i, v := range d {
				dst[i] = float64(v)
			}
			return nil
		}
	}
	return fmt.Errorf("data %T of %d elements, want %s of %d", data, dataLen(data), t, n)
}

// einsumNarrow rounds the float64 sums to the output type (f16 and bf16 through float32, with
// the project's round-to-nearest-even converters; scratch holds len(src) float32s).
func einsumNarrow(data any, t ir.ElementType, src []float64, scratch []float32) error {
	n := len(src)
	switch d := data.(type) {
	case []float32:
		if len(d) == n {
			for i, v := range src {
				d[i] = float32(v)
			}
			return nil
		}
	case []float64:
		if len(d) == n {
			copy(d, src)
			return nil
		}
	case []float16.Float16:
		if len(d) == n && len(scratch) == n {
			for i, v := range src {
				scratch[i] = float32(v)
			}
			kernels.F32ToF16(d, scratch)
			return nil
		}
	case []uint16:
		if t == ir.BF16 && len(d) == n && len(scratch) == n {
			for i, v := range src {
				scratch[i] = float32(v)
			}
			kernels.F32ToBF16(d, scratch)
			return nil
		}
	case []int32:
		if len(d) == n {
			for i, v := range src {
				d[i] = int32(v)
			}
			return nil
		}
	case []int64:
		if len(d) == n {
			for i, v := range src {
				d[i] = int64(v)
			}
			return nil
		}
	}
	return fmt.Errorf("Einsum: output data %T of %d elements, want %s of %d", data, dataLen(data), t, n)
}
