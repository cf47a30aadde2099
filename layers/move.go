package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
)

// Data-movement ops (Reshape, Gather, Concat, StridedSlice, Tile, Pad, Split, ...) copy
// input elements to output positions without computing on them. Such an op implements
// mover: it describes, for static shapes, where every output element comes from. From that
// one description the shared code below gives the op its reference kernel (prepareMove),
// its constant folding, and its bound propagation (a copied element keeps its bounds), as
// OpenVINO's evaluate_lower/upper do for these ops.

// mover is implemented by data-movement ops.
type mover interface {
	// dataInputs returns the indices of the inputs whose elements the outputs copy, for
	// an op with n inputs (Gather: [0]; Concat: all). The other inputs (indices, axes,
	// shapes) must have known values when moveMap is called.
	dataInputs(n int) []int
	// moveMap returns, for each output (of the static shapes given), the source of each
	// element in row-major order: an index into the data inputs' elements laid end to end
	// (data input 0 first), or -1 for the fill value (see filler).
	moveMap(in []Input, outShapes [][]int) ([][]int, error)
}

// filler is implemented by movers whose -1 entries take a value from an input (Pad's
// pad_value); without it, or when the input is absent, the fill is zero.
type filler interface {
	fillInput() int
}

// moveOutShapes infers the static output shapes of a mover for static inputs.
func moveOutShapes(m mover, in []Input) ([][]int, []Output, error) {
	op, ok := m.(Op)
	if !ok {
		return nil, nil, fmt.Errorf("mover %T is not an Op", m)
	}
	outs, err := op.Infer(in)
	if err != nil {
		return nil, nil, err
	}
	shapes := make([][]int, len(outs))
	for i, o := range outs {
		d, ok := staticDims(o.Shape)
		if !ok {
			return nil, nil, fmt.Errorf("output %d has shape %s, which is not static", i, o.Shape)
		}
		shapes[i] = d
	}
	return shapes, outs, nil
}

// moveBounds propagates bounds through a mover: each output element takes the bounds of
// the element it copies (the fill value's bounds for -1).
func moveBounds(m mover, in []Input, outs []Output) {
	data := m.dataInputs(len(in))
	var lo, hi []int64
	for _, i := range data {
		if i >= len(in) {
			return
		}
		l, h, ok := in[i].bounded()
		if !ok {
			return
		}
		lo, hi = append(lo, l...), append(hi, h...)
	}
	for i, x := range in {
		if x.Value == nil && !isData(data, i) {
			return
		}
	}
	shapes := make([][]int, len(outs))
	for i, o := range outs {
		d, ok := staticDims(o.Shape)
		if !ok {
			return
		}
		shapes[i] = d
	}
	maps, err := m.moveMap(in, shapes)
	if err != nil || len(maps) != len(outs) {
		return
	}
	var fillLo, fillHi int64
	if f, ok := m.(filler); ok {
		if k := f.fillInput(); k >= 0 && k < len(in) {
			l, h, ok := in[k].bounded()
			if !ok || len(l) != 1 {
				return
			}
			fillLo, fillHi = l[0], h[0]
		}
	}
	for i, mp := range maps {
		if outs[i].Value != nil || !outs[i].Type.IsInteger() {
			continue
		}
		b := &Bounds{Lo: make([]int64, len(mp)), Hi: make([]int64, len(mp))}
		for j, s := range mp {
			switch {
			case s < 0:
				b.Lo[j], b.Hi[j] = fillLo, fillHi
			case s < len(lo):
				b.Lo[j], b.Hi[j] = lo[s], hi[s]
			default:
				return
			}
		}
		outs[i].Bounds = b
	}
}

// settleBounds turns bounds whose lower and upper values agree into a value, as OpenVINO's
// get_constant_from_source does (has_and_set_equal_bounds): a Gather of a static dim out of
// the ShapeOf of a partly dynamic shape is then a known constant downstream (Range lengths,
// axes, folding).
func settleBounds(outs []Output) {
	for i := range outs {
		b := outs[i].Bounds
		if b == nil || outs[i].Value != nil || len(b.Lo) != len(b.Hi) {
			continue
		}
		equal := true
		for j := range b.Lo {
			if b.Lo[j] != b.Hi[j] || b.Hi[j] == ir.Inf {
				equal = false
				break
			}
		}
		if !equal {
			continue
		}
		dims, ok := staticDims(outs[i].Shape)
		if !ok || !outs[i].Type.IsInteger() {
			continue
		}
		v, err := int64Tensor(outs[i].Type, dims, b.Lo)
		if err != nil || !fitsType(b.Lo, outs[i].Type) {
			continue
		}
		outs[i].Value, outs[i].Bounds, outs[i].Constant = v, nil, true
	}
}

// moverBounds is the bound rule of the family's movers: the framework's element-wise copy of
// bounds (moveBounds), then equal bounds settle into a value.
func moverBounds(m mover, in []Input, outs []Output) {
	moveBounds(m, in, outs)
	settleBounds(outs)
}

func isData(data []int, i int) bool {
	for _, d := range data {
		if d == i {
			return true
		}
	}
	return false
}

// prepareMove is the Prepare of a mover: the reference kernel copies elements along the
// move map. The map is computed once here when every non-data input is known, else on
// each run from the run's tensors.
func prepareMove(m mover, in []Input) (Kernel, error) {
	data := m.dataInputs(len(in))
	static := true
	for i, x := range in {
		if _, ok := staticDims(x.Shape); !ok {
			return nil, fmt.Errorf("input %d has shape %s, which is not static", i, x.Shape)
		}
		if !isData(data, i) && x.Value == nil {
			static = false
		}
	}
	fillIdx := -1
	if f, ok := m.(filler); ok {
		fillIdx = f.fillInput()
	}
	var fixed [][]int
	if static {
		shapes, _, err := moveOutShapes(m, in)
		if err != nil {
			return nil, err
		}
		if fixed, err = m.moveMap(in, shapes); err != nil {
			return nil, err
		}
	}
	types := make([]ir.ElementType, len(in))
	for i, x := range in {
		types[i] = x.Type
	}
	srcs := make([]any, 0, len(data)) // reused by every run: a Kernel runs on one goroutine at a time
	return kernelFunc(func(_ context.Context, ts, outs []*ir.Tensor) error {
		maps := fixed
		if maps == nil {
			run := make([]Input, len(ts))
			for i, t := range ts {
				run[i] = Input{Type: types[i], Shape: shapeOfDims(t.Shape), Value: t}
			}
			shapes, _, err := moveOutShapes(m, run)
			if err != nil {
				return err
			}
			if maps, err = m.moveMap(run, shapes); err != nil {
				return err
			}
		}
		if len(maps) != len(outs) {
			return fmt.Errorf("move map has %d outputs, the node %d", len(maps), len(outs))
		}
		srcs = srcs[:0]
		for _, i := range data {
			if i < len(ts) {
				srcs = append(srcs, ts[i].Data)
			}
		}
		var fill any
		if fillIdx >= 0 && fillIdx < len(ts) {
			fill = ts[fillIdx].Data
		}
		for i, mp := range maps {
			if err := moveElems(outs[i].Data, srcs, mp, fill); err != nil {
				return err
			}
		}
		return nil
	}), nil
}

// moveElems copies srcs' elements (laid end to end) into dst along idx; -1 takes fill's
// first element (zero when fill is nil).
func moveElems(dst any, srcs []any, idx []int, fill any) error {
	switch d := dst.(type) {
	case []float32:
		return moveT(d, srcs, idx, fill)
	case []float64:
		return moveT(d, srcs, idx, fill)
	case []f16:
		return moveT(d, srcs, idx, fill)
	case []int8:
		return moveT(d, srcs, idx, fill)
	case []int16:
		return moveT(d, srcs, idx, fill)
	case []int32:
		return moveT(d, srcs, idx, fill)
	case []int64:
		return moveT(d, srcs, idx, fill)
	case []uint8:
		return moveT(d, srcs, idx, fill)
	case []uint16:
		return moveT(d, srcs, idx, fill)
	case []uint32:
		return moveT(d, srcs, idx, fill)
	case []uint64:
		return moveT(d, srcs, idx, fill)
	case []bool:
		return moveT(d, srcs, idx, fill)
	case []string:
		return moveT(d, srcs, idx, fill)
	}
	return fmt.Errorf("cannot move elements of %T", dst)
}

func moveT[T any](dst []T, srcs []any, idx []int, fill any) error {
	if len(idx) != len(dst) {
		return fmt.Errorf("move map of %d elements for an output of %d", len(idx), len(dst))
	}
	var buf [8][]T // most movers have few data inputs: no allocation for them
	parts := buf[:0]
	if len(srcs) > len(buf) {
		parts = make([][]T, 0, len(srcs))
	}
	parts = parts[:len(srcs)]
	for i, s := range srcs {
		p, ok := s.([]T)
		if !ok {
			return fmt.Errorf("input data %T does not match output data %T", s, dst)
		}
		parts[i] = p
	}
	var fv T
	if fill != nil {
		f, ok := fill.([]T)
		if !ok || len(f) == 0 {
			return fmt.Errorf("fill value %T does not match output data %T", fill, dst)
		}
		fv = f[0]
	}
	// Fast path: one source.
	if len(parts) == 1 {
		src := parts[0]
		for j, s := range idx {
			switch {
			case s < 0:
				dst[j] = fv
			case s < len(src):
				dst[j] = src[s]
			default:
				return fmt.Errorf("move index %d outside the input of %d elements", s, len(src))
			}
		}
		return nil
	}
	for j, s := range idx {
		if s < 0 {
			dst[j] = fv
			continue
		}
		k := 0
		for k < len(parts) && s >= len(parts[k]) {
			s -= len(parts[k])
			k++
		}
		if k == len(parts) {
			return fmt.Errorf("move index %d outside the inputs", idx[j])
		}
		dst[j] = parts[k][s]
	}
	return nil
}

// strides returns the row-major strides of dims.
func strides(dims []int) []int {
	s := make([]int, len(dims))
	acc := 1
	for i := len(dims) - 1; i >= 0; i-- {
		s[i] = acc
		acc *= dims[i]
	}
	return s
}

// product returns the element count of dims.
func product(dims []int) int {
	n := 1
	for _, d := range dims {
		n *= d
	}
	return n
}
