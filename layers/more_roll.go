package layers

import (
	"fmt"
	"strings"

	"github.com/irrun/irrun/ir"
)

// Roll-7 (src/core/src/op/roll.cpp, roll_shape_inference.hpp, reference/roll.hpp),
// Reverse-1 (reverse.cpp, reverse_shape_inference.hpp, reference/reverse.hpp) and
// ReverseSequence-1 (op::v0::ReverseSequence: reverse_sequence.cpp,
// reverse_sequence_shape_inference.hpp, reference/reverse_sequence.hpp). All three move
// elements (movers): their kernel, folding and bounds come from one move map.

// ---------------------------------------------------------------- Roll

type moreRoll struct{}

func moreI32OrI64(t ir.ElementType) bool { return !t.IsStatic() || t == ir.I32 || t == ir.I64 }

func (moreRoll) Infer(in []Input) ([]Output, error) {
	if err := moreCount("Roll", in, 3, 3); err != nil {
		return nil, err
	}
	if !moreI32OrI64(in[1].Type) {
		return nil, fmt.Errorf("Shift must have int32 or int64 element type. (got %s)", in[1].Type)
	}
	if !moreI32OrI64(in[2].Type) {
		return nil, fmt.Errorf("Axes must have int32 or int64 element type. (got %s)", in[2].Type)
	}
	data, shift, axes := in[0].Shape, in[1].Shape, in[2].Shape
	if r, ok := shift.Rank(); ok {
		if r > 1 {
			return nil, fmt.Errorf("Shift must be a scalar or 1D tensor. (got shape %s)", shift)
		}
		if r == 1 && !shift.Compatible(axes) {
			return nil, fmt.Errorf("If shift is a 1D vector, axes must be a 1D tensor of the same size. (shift %s, axes %s)", shift, axes)
		}
	}
	if r, ok := axes.Rank(); ok && r > 1 {
		return nil, fmt.Errorf("Axes must be a scalar or 1D tensor. (got shape %s)", axes)
	}
	if rank, ok := data.Rank(); ok {
		if v, ok := in[2].ints(); ok {
			if _, err := normalizeAxes(v, rank); err != nil {
				return nil, err
			}
		}
	}
	return []Output{{Type: in[0].Type, Shape: cloneShape(data)}}, nil
}

func (moreRoll) dataInputs(int) []int { return []int{0} }

// moveMap: output element c takes the input element at (c - shift) modulo the dim on each
// rolled axis; shifts of repeated axes add up; a scalar shift applies to every axis.
func (moreRoll) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	dims, ok := staticDims(in[0].Shape)
	if !ok || len(outShapes) != 1 {
		return nil, fmt.Errorf("Roll: data shape %s", in[0].Shape)
	}
	shift, ok1 := in[1].ints()
	axes, ok2 := in[2].ints()
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("Roll: shift and axes must be known")
	}
	if len(shift) != len(axes) && len(shift) != 1 {
		return nil, fmt.Errorf("Roll: %d shifts for %d axes", len(shift), len(axes))
	}
	norm, err := normalizeAxes(axes, len(dims))
	if err != nil {
		return nil, err
	}
	sh := make([]int64, len(dims))
	for i, a := range norm {
		s := shift[0]
		if len(shift) > 1 {
			s = shift[i]
		}
		d := int64(dims[a])
		if d == 0 {
			continue
		}
		sh[a] = ((sh[a]+s%d)%d + d) % d
	}
	sel := make([][]int, len(dims))
	for a, d := range dims {
		sel[a] = make([]int, d)
		for c := range sel[a] {
			sel[a][c] = int((int64(c) - sh[a] + int64(d)) % int64(d))
		}
	}
	return [][]int{gatherMap(dims, sel)}, nil
}

func (r moreRoll) Prepare(in []Input, _ ExecOptions) (Kernel, error) { return prepareMove(r, in) }
func (r moreRoll) evalBounds(in []Input, outs []Output)              { moverBounds(r, in, outs) }

// ---------------------------------------------------------------- Reverse

type moreReverse struct {
	Mode string `attr:"mode,enum=index|mask"`
}

func (r *moreReverse) Infer(in []Input) ([]Output, error) {
	if err := moreCount("Reverse", in, 2, 2); err != nil {
		return nil, err
	}
	if r.Mode == "mask" {
		if in[1].Type != ir.Boolean {
			return nil, fmt.Errorf("In 'mask' mode the second input must contain boolean values. (got %s)", in[1].Type)
		}
	} else if !in[1].Type.IsInteger() {
		return nil, fmt.Errorf("In 'index' mode the second input must contain integer values. (got %s)", in[1].Type)
	}
	data, axes := in[0].Shape, in[1].Shape
	if !moreRankCompatible(axes, 1) {
		return nil, fmt.Errorf("The reversed_axes input must be a 1D tensor (got %s).", rankOf(axes))
	}
	rank, rankOK := data.Rank()
	if r.Mode == "mask" {
		if rankOK && !axes.DynamicRank && !axes.Dims[0].Compatible(ir.StaticDim(int64(rank))) {
			return nil, fmt.Errorf("The number of elements in the reversed_axes tensor (%s) must match the input data tensor rank (%d) in 'mask' mode.",
				axes.Dims[0], rank)
		}
	} else if rankOK {
		if v, ok := in[1].ints(); ok {
			// reverse_shape_inference.hpp clips negative axes to 0 before the check.
			for _, a := range v {
				if max(a, 0) >= int64(rank) {
					return nil, fmt.Errorf("Some of the provided axes (%s) are out of bounds (input rank: %d).", moreFmtAxisSet(v), rank)
				}
			}
		}
	}
	return []Output{{Type: in[0].Type, Shape: cloneShape(data)}}, nil
}

// moreFmtAxisSet prints axes as OpenVINO prints an AxisSet (sorted, unique, negatives as 0).
func moreFmtAxisSet(v []int64) string {
	seen := map[int64]bool{}
	var s []int64
	for _, a := range v {
		a = max(a, 0)
		if !seen[a] {
			seen[a] = true
			s = append(s, a)
		}
	}
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	parts := make([]string, len(s))
	for i, a := range s {
		parts[i] = fmt.Sprint(a)
	}
	return "AxisSet{" + strings.Join(parts, ", ") + "}"
}

// reversed returns the reversed axes: in mask mode the true positions, in index mode the
// axes normalised as Reverse::evaluate does (negative axes count from the end).
func (r *moreReverse) reversed(in []Input, rank int) ([]bool, error) {
	rev := make([]bool, rank)
	if r.Mode == "mask" {
		m, ok := in[1].Value.Data.([]bool)
		if !ok || in[1].Value.Type != ir.Boolean {
			return nil, fmt.Errorf("Reverse: the mask must be boolean")
		}
		for i, b := range m {
			if b && i < rank {
				rev[i] = true
			}
		}
		return rev, nil
	}
	v, ok := in[1].ints()
	if !ok {
		return nil, fmt.Errorf("Reverse: axes must be known integers")
	}
	norm, err := normalizeAxes(v, rank)
	if err != nil {
		return nil, err
	}
	for _, a := range norm {
		rev[a] = true
	}
	return rev, nil
}

func (r *moreReverse) dataInputs(int) []int { return []int{0} }

func (r *moreReverse) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	dims, ok := staticDims(in[0].Shape)
	if !ok || len(outShapes) != 1 || in[1].Value == nil {
		return nil, fmt.Errorf("Reverse: data shape %s", in[0].Shape)
	}
	rev, err := r.reversed(in, len(dims))
	if err != nil {
		return nil, err
	}
	sel := make([][]int, len(dims))
	for a, d := range dims {
		sel[a] = make([]int, d)
		for c := range sel[a] {
			if rev[a] {
				sel[a][c] = d - 1 - c
			} else {
				sel[a][c] = c
			}
		}
	}
	return [][]int{gatherMap(dims, sel)}, nil
}

func (r *moreReverse) Prepare(in []Input, _ ExecOptions) (Kernel, error) { return prepareMove(r, in) }
func (r *moreReverse) evalBounds(in []Input, outs []Output)              { moverBounds(r, in, outs) }

// ---------------------------------------------------------------- ReverseSequence

type moreReverseSequence struct {
	BatchAxis int64 `attr:"batch_axis"`
	SeqAxis   int64 `attr:"seq_axis"`
}

func (r *moreReverseSequence) Infer(in []Input) ([]Output, error) {
	if err := moreCount("ReverseSequence", in, 2, 2); err != nil {
		return nil, err
	}
	if t := in[1].Type; !(t.IsFloat() || t.IsInteger()) {
		return nil, fmt.Errorf("Sequence lengths element type must be numeric type. Got: %s", t)
	}
	data, seq := in[0].Shape, in[1].Shape
	rank, rankOK := data.Rank()
	if rankOK && rank < 2 {
		return nil, fmt.Errorf("Data input rank should be equal or greater than 2. Got: %s", data)
	}
	if !moreRankCompatible(seq, 1) {
		return nil, fmt.Errorf("Sequence lengths rank must be equal to 1. Got: %s", seq)
	}
	out := cloneShape(data)
	if rankOK && !seq.DynamicRank {
		b, err := normalizeAxis(r.BatchAxis, rank)
		if err != nil {
			return nil, err
		}
		m, ok := dimMerge(data.Dims[b], seq.Dims[0])
		if !ok {
			return nil, fmt.Errorf("Sequence lengths input size (%s) is not equal to batch axis dimension of data input (%s) (argument shape: %s, sequence indices shape: %s).",
				seq.Dims[0], data.Dims[b], data, seq)
		}
		out.Dims[b] = m
	}
	if rankOK {
		if _, err := normalizeAxis(r.SeqAxis, rank); err != nil {
			return nil, err
		}
	} else if r.SeqAxis < 0 {
		return nil, fmt.Errorf("Rank must be static in order to normalize negative axis: %d", r.SeqAxis)
	}
	return []Output{{Type: in[0].Type, Shape: out}}, nil
}

func (r *moreReverseSequence) dataInputs(int) []int { return []int{0} }

// moveMap: along the sequence axis, the first seq_lengths[b] elements of batch b are
// reversed (a length of 0 counts as 1); the rest is copied.
func (r *moreReverseSequence) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	dims, ok := staticDims(in[0].Shape)
	if !ok || len(dims) < 2 || len(outShapes) != 1 {
		return nil, fmt.Errorf("ReverseSequence: data shape %s", in[0].Shape)
	}
	b, err := normalizeAxis(r.BatchAxis, len(dims))
	if err != nil {
		return nil, err
	}
	s, err := normalizeAxis(r.SeqAxis, len(dims))
	if err != nil {
		return nil, err
	}
	lens, ok := moreInputInts(in[1])
	if !ok || len(lens) < dims[b] {
		return nil, fmt.Errorf("ReverseSequence: %d sequence lengths for a batch of %d", len(lens), dims[b])
	}
	for _, l := range lens[:dims[b]] {
		if l < 0 {
			return nil, fmt.Errorf("ReverseSequence: sequence length %d is negative", l)
		}
		if l > int64(dims[s]) {
			return nil, fmt.Errorf("One of the elements of sequence lengths is greater than sequence axis dimension (length %d, dimension %d)", l, dims[s])
		}
	}
	st := strides(dims)
	n := product(dims)
	mp := make([]int, n)
	coord := make([]int, len(dims))
	for j := 0; j < n; j++ {
		moreCoords(j, dims, coord)
		l := int(lens[coord[b]])
		if l == 0 {
			l = 1
		}
		src := j
		if c := coord[s]; c < l {
			src += (l - 1 - 2*c) * st[s]
		}
		mp[j] = src
	}
	return [][]int{mp}, nil
}

func (r *moreReverseSequence) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	return prepareMove(r, in)
}
func (r *moreReverseSequence) evalBounds(in []Input, outs []Output) { moverBounds(r, in, outs) }
