package layers

import (
	"context"
	"fmt"
	"slices"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// ScatterUpdate-3 (src/core/src/op/util/scatter_base.cpp), ScatterNDUpdate-3/15
// (scatter_nd_base.cpp, scatter_nd_base_shape_inference.hpp) and
// ScatterElementsUpdate-3/12 (scatter_elements_update.cpp,
// scatter_elements_update_shape_inference.hpp); kernels after
// src/core/reference/include/openvino/reference/scatter_*.hpp. The output is the data
// input with the updates written (or reduced) at the indexed positions. Without a
// reduction the op is a mover over data and updates (laid end to end), so it folds and
// carries bounds (a shape assembled by ScatterUpdate).

type scatterKind uint8

const (
	scatterUpdate scatterKind = iota
	scatterND
	scatterElements
)

type scatterOp struct {
	kind             scatterKind
	version          int
	ScatterReduction string `attr:"reduction,enum=none|sum|sub|prod|min|max|mean"`
	UseInit          bool   `attr:"use_init_val"`
}

func newScatter(kind scatterKind) func(int) Op {
	return func(v int) Op { return &scatterOp{kind: kind, version: v, ScatterReduction: "none", UseInit: true} }
}

func (s *scatterOp) name() string {
	switch s.kind {
	case scatterND:
		return fmt.Sprintf("ScatterNDUpdate-%d", s.version)
	case scatterElements:
		return fmt.Sprintf("ScatterElementsUpdate-%d", s.version)
	}
	return "ScatterUpdate-3"
}

// checkAttrs rejects attributes the version does not have.
func (s *scatterOp) checkAttrs(d *decoder) {
	hasRed := (s.kind == scatterND && s.version >= 15) || (s.kind == scatterElements && s.version >= 12)
	if !hasRed {
		s.ScatterReduction, s.UseInit = "none", true
		return
	}
	if s.kind == scatterND && (s.ScatterReduction == "mean") {
		d.invalid("reduction", "ScatterNDUpdate-15 reductions are none, sum, sub, prod, min and max")
	}
	if s.kind == scatterElements && s.ScatterReduction == "sub" {
		d.invalid("reduction", "ScatterElementsUpdate-12 reductions are none, sum, prod, min, max and mean")
	}
}

func isIntegral(t ir.ElementType) bool { return t.IsInteger() || t == ir.Boolean }

func (s *scatterOp) Infer(in []Input) ([]Output, error) {
	switch s.kind {
	case scatterUpdate:
		return s.inferUpdate(in)
	case scatterND:
		return s.inferND(in)
	}
	return s.inferElements(in)
}

func (s *scatterOp) inferUpdate(in []Input) ([]Output, error) {
	if len(in) != 4 {
		return nil, fmt.Errorf("ScatterUpdate expects 4 inputs, got %d", len(in))
	}
	data, idx, upd, ax := in[0], in[1], in[2], in[3]
	if idx.Type.IsStatic() && !idx.Type.IsInteger() {
		return nil, fmt.Errorf("Indices element type must be of an integral number type. (got %s)", idx.Type)
	}
	if _, ok := mergeTypes(data.Type, upd.Type); !ok {
		return nil, fmt.Errorf("Element types for input data and updates do not match (data element type: %s, updates element type: %s).", data.Type, upd.Type)
	}
	if ax.Type.IsStatic() && !ax.Type.IsInteger() {
		return nil, fmt.Errorf("Axis element type must be of an integral number type. (got %s)", ax.Type)
	}
	if !ax.Shape.Compatible(ir.Shape{}) && !ax.Shape.Compatible(ir.StaticShape(1)) {
		return nil, fmt.Errorf("Axis input shape is required to be scalar or 1D tensor. Got: %s", ax.Shape)
	}
	dr, dOK := data.Shape.Rank()
	ir_, iOK := idx.Shape.Rank()
	ur, uOK := upd.Shape.Rank()
	if dOK && iOK && uOK && ur != ir_+dr-1 {
		return nil, fmt.Errorf("Updates rank is expected to be rank(indices) + rank(data) - 1. Got: rank(data) = %d, rank(indices) = %d, rank(updates) = %d", dr, ir_, ur)
	}
	out := []Output{{Type: data.Type, Shape: cloneShape(data.Shape)}}
	if !dOK {
		return out, nil
	}
	if axes, ok := ax.ints(); ok && len(axes) > 0 {
		axis, err := normalizeAxis(axes[0], dr)
		if err != nil {
			return nil, err
		}
		a := int(axis)
		compatible := true
		// OpenVINO checks the updates' dims only against an axis known when the model is
		// validated (a Const); an axis fed at run time (scatter_update.cpp feeds a Parameter)
		// is not checked, and its reference pairs updates of any shape of the right rank with
		// the data (suLooseMap).
		if iOK && uOK && ur == ir_+dr-1 && ax.Constant {
			for i := 0; i < ir_; i++ {
				compatible = compatible && upd.Shape.Dims[a+i].Compatible(idx.Shape.Dims[i])
			}
			for i := 0; i < a; i++ {
				compatible = compatible && upd.Shape.Dims[i].Compatible(data.Shape.Dims[i])
			}
			for i := a + 1; i < dr; i++ {
				compatible = compatible && upd.Shape.Dims[ir_-1+i].Compatible(data.Shape.Dims[i])
			}
		}
		if !compatible {
			return nil, fmt.Errorf("Updates shape must have appropriate dimensions equal to indices and data dimensions. Updates shape:%s, data shape: %s, indices_shape: %s, axis: %d.", upd.Shape, data.Shape, idx.Shape, axis)
		}
	}
	return out, nil
}

func (s *scatterOp) inferND(in []Input) ([]Output, error) {
	if len(in) != 3 {
		return nil, fmt.Errorf("ScatterNDUpdate expects 3 inputs, got %d", len(in))
	}
	data, idx, upd := in[0], in[1], in[2]
	if idx.Type.IsStatic() && idx.Type != ir.I32 && idx.Type != ir.I64 {
		return nil, fmt.Errorf("Indices element type must be i64 or i32 (got %s)", idx.Type)
	}
	t, ok := mergeTypes(data.Type, upd.Type)
	if !ok {
		return nil, fmt.Errorf("Updates element type must be the same as inputs (inputs %s, updates %s)", data.Type, upd.Type)
	}
	dr, dOK := data.Shape.Rank()
	ir_, iOK := idx.Shape.Rank()
	ur, uOK := upd.Shape.Rank()
	if (iOK && ir_ == 0) || (dOK && dr == 0) {
		return nil, fmt.Errorf("Indices rank and inputs_rank are expected to be at least 1 (indices %s, inputs %s)", idx.Shape, data.Shape)
	}
	if dOK && iOK {
		last := idx.Shape.Dims[ir_-1]
		if last.IsStatic() {
			k := int(last.Lo)
			if last.Lo > int64(dr) {
				return nil, fmt.Errorf("Last dimension of indices can be at most the rank of inputs (indices %s, inputs %s)", idx.Shape, data.Shape)
			}
			if uOK {
				exp := dr + ir_ - 1 - k
				if ur != exp && exp != 0 {
					return nil, fmt.Errorf("Rank of updates must be rank of inputs + rank of indices - last dimension of indices - 1 (inputs %s, indices %s, updates %s)", data.Shape, idx.Shape, upd.Shape)
				}
				j := 0
				ok := true
				for i := 0; i < ir_-1; i++ {
					if j >= ur || !idx.Shape.Dims[i].Compatible(upd.Shape.Dims[j]) {
						ok = false
					}
					j++
				}
				if !ok {
					return nil, fmt.Errorf("updates_shape[0:indices_rank-1] shape must be indices_shape[:-1] (indices %s, updates %s)", idx.Shape, upd.Shape)
				}
				for i := k; i < dr; i++ {
					if j >= ur || !data.Shape.Dims[i].Compatible(upd.Shape.Dims[j]) {
						ok = false
					}
					j++
				}
				if !ok {
					return nil, fmt.Errorf("updates_shape[indices_rank-1:] shape must be input_shape[indices_shape[-1]:] (inputs %s, indices %s, updates %s)", data.Shape, idx.Shape, upd.Shape)
				}
			}
		}
	}
	return []Output{{Type: t, Shape: cloneShape(data.Shape)}}, nil
}

func (s *scatterOp) inferElements(in []Input) ([]Output, error) {
	if len(in) != 4 {
		return nil, fmt.Errorf("ScatterElementsUpdate expects 4 inputs, got %d", len(in))
	}
	data, idx, upd, ax := in[0], in[1], in[2], in[3]
	if idx.Type.IsStatic() && !isIntegral(idx.Type) {
		return nil, fmt.Errorf("Indices element type must be integral_number, but is: %s", idx.Type)
	}
	if ax.Type.IsStatic() && !isIntegral(ax.Type) {
		return nil, fmt.Errorf("Axis element type must be integral_number, but is: %s", ax.Type)
	}
	t, ok := mergeTypes(data.Type, upd.Type)
	if !ok {
		return nil, fmt.Errorf("Data type and updates type are required to be the same. Got: %s and: %s", data.Type, upd.Type)
	}
	if s.ScatterReduction == "mean" && t == ir.Boolean {
		return nil, fmt.Errorf("The 'mean' reduction type is not supported for boolean tensors")
	}
	if r, ok := ax.Shape.Rank(); ok && r != 0 && r != 1 {
		return nil, fmt.Errorf("Axis input shape are required to be scalar or 1D tensor. Got: %s", ax.Shape)
	}
	dr, dOK := data.Shape.Rank()
	ir_, iOK := idx.Shape.Rank()
	if dOK && iOK && dr != ir_ {
		return nil, fmt.Errorf("Indices rank and data rank are required to be equal. Got: %d and: %d", ir_, dr)
	}
	if !idx.Shape.Compatible(upd.Shape) {
		return nil, fmt.Errorf("Indices and updates input shapes are required to be equal. Got: %s and: %s", idx.Shape, upd.Shape)
	}
	if dOK {
		if axes, ok := ax.ints(); ok && len(axes) > 0 {
			if _, err := normalizeAxis(axes[0], dr); err != nil {
				return nil, err
			}
		}
	}
	return []Output{{Type: t, Shape: cloneShape(data.Shape)}}, nil
}

// normIndex normalises a negative index against dim and checks the range.
func normIndex(given int64, dim int, what string) (int, error) {
	i := given
	if i < 0 {
		i += int64(dim)
	}
	if i < 0 || i >= int64(dim) {
		return 0, fmt.Errorf("%s: index %d is out of range [%d, %d) for a dimension of %d", what, given, -dim, dim, dim)
	}
	return int(i), nil
}

// targets returns, for every update element in row-major order, the flat index of the
// output element it writes. Data and updates shapes must be static, indices and axis
// known.
func (s *scatterOp) targets(in []Input) ([]int, error) {
	dims, ok := staticDims(in[0].Shape)
	if !ok {
		return nil, fmt.Errorf("%s: data shape %s is not static", s.name(), in[0].Shape)
	}
	if in[1].Value == nil {
		return nil, fmt.Errorf("%s: indices are not known", s.name())
	}
	idx, ok := in[1].Value.Int64s()
	if !ok {
		return nil, fmt.Errorf("%s: indices of type %s are not integers", s.name(), in[1].Value.Type)
	}
	idxDims := in[1].Value.Shape
	updN := -1
	if d, ok := staticDims(in[2].Shape); ok {
		updN = product(d)
	}
	st := strides(dims)
	switch s.kind {
	case scatterUpdate:
		axes, ok := in[3].ints()
		if !ok || len(axes) == 0 {
			return nil, fmt.Errorf("ScatterUpdate: axis is not known")
		}
		axis, err := normalizeAxis(axes[0], len(dims))
		if err != nil {
			return nil, err
		}
		pre, post := product(dims[:axis]), product(dims[axis+1:])
		n := pre * len(idx) * post
		if updN != n || !suCanonical(dims, idxDims, in[2].Shape, int(axis)) {
			return nil, fmt.Errorf("ScatterUpdate: updates hold %d elements, data %v and %d indices need %d", updN, dims, len(idx), n)
		}
		dst := make([]int, 0, n)
		for p := 0; p < pre; p++ {
			for _, i := range idx {
				k, err := normIndex(i, dims[axis], "ScatterUpdate")
				if err != nil {
					return nil, err
				}
				base := (p*dims[axis] + k) * post
				for q := 0; q < post; q++ {
					dst = append(dst, base+q)
				}
			}
		}
		return dst, nil
	case scatterND:
		if len(idxDims) == 0 {
			return nil, fmt.Errorf("ScatterNDUpdate: indices must have rank at least 1")
		}
		k := idxDims[len(idxDims)-1]
		if k > len(dims) {
			return nil, fmt.Errorf("ScatterNDUpdate: index tuples of %d for data of rank %d", k, len(dims))
		}
		tuples := product(idxDims[:len(idxDims)-1])
		slice := product(dims[k:])
		if updN != tuples*slice {
			return nil, fmt.Errorf("ScatterNDUpdate: updates hold %d elements, %d tuples of slices of %d need %d", updN, tuples, slice, tuples*slice)
		}
		dst := make([]int, 0, tuples*slice)
		for t := 0; t < tuples; t++ {
			off := 0
			for m := 0; m < k; m++ {
				i, err := normIndex(idx[t*k+m], dims[m], "ScatterNDUpdate")
				if err != nil {
					return nil, err
				}
				off += i * st[m]
			}
			for q := 0; q < slice; q++ {
				dst = append(dst, off+q)
			}
		}
		return dst, nil
	}
	axes, ok := in[3].ints()
	if !ok || len(axes) == 0 {
		return nil, fmt.Errorf("ScatterElementsUpdate: axis is not known")
	}
	axis, err := normalizeAxis(axes[0], len(dims))
	if err != nil {
		return nil, err
	}
	if len(idxDims) != len(dims) {
		return nil, fmt.Errorf("ScatterElementsUpdate: indices %v and data %v differ in rank", idxDims, dims)
	}
	if updN != len(idx) {
		return nil, fmt.Errorf("ScatterElementsUpdate: %d updates for %d indices", updN, len(idx))
	}
	return layElementsOffsets("ScatterElementsUpdate", idx, idxDims, dims, int(axis))
}

func (s *scatterOp) dataInputs(int) []int { return []int{0, 2} }

// moveMap: without a reduction every output element is a data element or the last
// update written to it.
func (s *scatterOp) moveMap(in []Input, outShapes [][]int) ([][]int, error) {
	if s.ScatterReduction != "none" {
		return nil, fmt.Errorf("%s with reduction %s is not a data movement", s.name(), s.ScatterReduction)
	}
	n := product(outShapes[0])
	if s.kind == scatterUpdate {
		if mp, ok, err := suLooseMap(in, n); ok || err != nil {
			return [][]int{mp}, err
		}
	}
	dst, err := s.targets(in)
	if err != nil {
		return nil, err
	}
	mp := make([]int, n)
	for i := range mp {
		mp[i] = i
	}
	for j, d := range dst {
		mp[d] = n + j
	}
	return [][]int{mp}, nil
}

// scatterReductionOf maps the reduction attribute to the kernels' reduction.
func scatterReductionOf(name string) kernels.ScatterReduction {
	switch name {
	case "sum":
		return kernels.ScatterSum
	case "sub":
		return kernels.ScatterSub
	case "prod":
		return kernels.ScatterProd
	case "min":
		return kernels.ScatterMin
	case "max":
		return kernels.ScatterMax
	case "mean":
		return kernels.ScatterMean
	}
	return kernels.ScatterNone
}

func (s *scatterOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if s.ScatterReduction == "none" {
		return prepareMove(s, in)
	}
	dims, ok := staticDims(in[0].Shape)
	if !ok {
		return nil, fmt.Errorf("%s: data shape %s is not static", s.name(), in[0].Shape)
	}
	t := in[0].Type
	n := product(dims)
	var fixed []int
	if in[1].Value != nil && (s.kind == scatterND || in[3].Value != nil) {
		var err error
		if fixed, err = s.targets(in); err != nil {
			return nil, err
		}
	}
	types := make([]ir.ElementType, len(in))
	for i, x := range in {
		types[i] = x.Type
	}
	red, useInit := scatterReductionOf(s.ScatterReduction), s.UseInit
	counts := make([]int32, n)
	var hu, ho *half
	if t == ir.F16 || t == ir.BF16 {
		updN := 0
		if d, ok := staticDims(in[2].Shape); ok {
			updN = product(d)
		}
		hu, ho = newHalf(t, updN, 0), newHalf(t, n, n)
	}
	if !reducible(t) {
		return nil, unsupportedType(s.name(), t)
	}
	return kernelFunc(func(_ context.Context, ts, outs []*ir.Tensor) error {
		if len(ts) < 3 || len(outs) != 1 {
			return fmt.Errorf("%s: expected at least 3 inputs and 1 output, got %d and %d", s.name(), len(ts), len(outs))
		}
		dst := fixed
		if dst == nil {
			run := make([]Input, len(ts))
			for i, x := range ts {
				run[i] = Input{Type: types[i], Shape: shapeOfDims(x.Shape), Value: x}
			}
			var err error
			if dst, err = s.targets(run); err != nil {
				return err
			}
		}
		if err := copyData(outs[0], ts[0]); err != nil {
			return err
		}
		if ho != nil {
			if err := hu.widen(ts[2].Data); err != nil {
				return err
			}
			if err := ho.widen(outs[0].Data); err != nil {
				return err
			}
			copy(ho.dst, ho.src)
			if err := kernels.ScatterReduce(ho.dst, hu.src, dst, red, useInit, counts); err != nil {
				return err
			}
			return ho.narrow(outs[0].Data)
		}
		return scatterReduceData(outs[0].Data, ts[2].Data, dst, red, useInit, counts)
	}), nil
}

func reducible(t ir.ElementType) bool {
	switch t {
	case ir.F16, ir.BF16, ir.F32, ir.F64, ir.I8, ir.I16, ir.I32, ir.I64, ir.U8, ir.U16, ir.U32, ir.U64, ir.Boolean:
		return true
	}
	return false
}

// scatterReduceData dispatches kernels.ScatterReduce on the output's element type.
func scatterReduceData(out, upd any, dst []int, red kernels.ScatterReduction, useInit bool, counts []int32) error {
	switch o := out.(type) {
	case []float32:
		return scatterReduceT(o, upd, dst, red, useInit, counts)
	case []float64:
		return scatterReduceT(o, upd, dst, red, useInit, counts)
	case []int8:
		return scatterReduceT(o, upd, dst, red, useInit, counts)
	case []int16:
		return scatterReduceT(o, upd, dst, red, useInit, counts)
	case []int32:
		return scatterReduceT(o, upd, dst, red, useInit, counts)
	case []int64:
		return scatterReduceT(o, upd, dst, red, useInit, counts)
	case []uint8:
		return scatterReduceT(o, upd, dst, red, useInit, counts)
	case []uint16:
		return scatterReduceT(o, upd, dst, red, useInit, counts)
	case []uint32:
		return scatterReduceT(o, upd, dst, red, useInit, counts)
	case []uint64:
		return scatterReduceT(o, upd, dst, red, useInit, counts)
	case []bool:
		u, ok := upd.([]bool)
		if !ok {
			return fmt.Errorf("scatter: updates %T for output %T", upd, out)
		}
		return kernels.ScatterReduceBool(o, u, dst, red, useInit)
	}
	return fmt.Errorf("scatter: cannot reduce %T", out)
}

func scatterReduceT[T kernels.Number](out []T, upd any, dst []int, red kernels.ScatterReduction, useInit bool, counts []int32) error {
	u, ok := upd.([]T)
	if !ok {
		return fmt.Errorf("scatter: updates %T for output %T", upd, out)
	}
	return kernels.ScatterReduce(out, u, dst, red, useInit, counts)
}

// suCanonical reports whether ScatterUpdate's updates have the shape
// data[:axis] + indices + data[axis+1:].
func suCanonical(dims, idxDims []int, upd ir.Shape, axis int) bool {
	u, ok := staticDims(upd)
	if !ok || len(u) != len(dims)+len(idxDims)-1 {
		return false
	}
	want := append(append(slices.Clone(dims[:axis]), idxDims...), dims[axis+1:]...)
	return slices.Equal(u, want)
}

// suLooseMap is ScatterUpdate's move map (output element -> n + updates element) for updates
// whose shape is not data[:axis] + indices + data[axis+1:], which OpenVINO accepts when the
// axis is not a constant. It follows reference/scatter_update.hpp: the k-th index (row-major)
// writes the data slice at that index on axis, element e of the slice (row-major over the data
// dims with axis fixed) taking the e-th element of the updates iterated with the index dims
// collapsed to 1, shifted by k along one updates dim (the "axis jumps" rule below); a slice
// takes min(slice size, collapsed size) elements, and at most prod(updates[axis:axis+rank(indices)])
// indices are applied. ok is false (and nothing is computed) for canonical updates.
func suLooseMap(in []Input, n int) (mp []int, ok bool, err error) {
	dims, dOK := staticDims(in[0].Shape)
	u, uOK := staticDims(in[2].Shape)
	if !dOK || !uOK || in[1].Value == nil {
		return nil, false, nil
	}
	idxDims := in[1].Value.Shape
	axes, aOK := in[3].ints()
	if !aOK || len(axes) == 0 {
		return nil, false, nil
	}
	ax, err := normalizeAxis(axes[0], len(dims))
	if err != nil {
		return nil, false, err
	}
	axis := int(ax)
	if suCanonical(dims, idxDims, in[2].Shape, axis) {
		return nil, false, nil
	}
	idx, iOK := in[1].Value.Int64s()
	if !iOK {
		return nil, true, fmt.Errorf("ScatterUpdate: indices of type %s are not integers", in[1].Value.Type)
	}
	ur, ir_ := len(u), len(idxDims)
	if ur != ir_+len(dims)-1 {
		return nil, true, fmt.Errorf("ScatterUpdate: updates %v, data %v and indices %v: rank(updates) != rank(indices) + rank(data) - 1", u, dims, idxDims)
	}
	after := product(dims[axis+1:])
	jumps, unary := 0, 0
	for i := axis + 1; i < ur; i++ {
		if product(u[i:]) > after {
			jumps++
		}
		if u[i] == 1 {
			unary++
		}
	}
	if jumps == 0 {
		jumps = ur - len(dims)
	}
	uaxis := axis + jumps + unary
	if uaxis < 0 || uaxis >= ur {
		uaxis = ur - 1
	}
	blocks := product(u[axis : axis+ir_])
	red := slices.Clone(u)
	for i := 0; i < ir_; i++ {
		red[axis+i] = 1
	}
	slice := slices.Clone(dims)
	slice[axis] = 1
	count := min(product(slice), product(red))
	ust, dst := strides(u), strides(dims)
	updN := product(u)
	mp = make([]int, n)
	for i := range mp {
		mp[i] = i
	}
	for it, raw := range idx {
		if it >= blocks {
			break
		}
		k, err := normIndex(raw, dims[axis], "ScatterUpdate")
		if err != nil {
			return nil, true, err
		}
		for e := 0; e < count; e++ {
			o, src, r := 0, 0, e
			for d := len(slice) - 1; d >= 0; d-- {
				c := r % slice[d]
				r /= slice[d]
				if d == axis {
					c = k
				}
				o += c * dst[d]
			}
			r = e
			for d := ur - 1; d >= 0; d-- {
				c := r % red[d]
				r /= red[d]
				if d == uaxis {
					c += it
				}
				src += c * ust[d]
			}
			if src >= updN {
				return nil, true, fmt.Errorf("ScatterUpdate: updates %v hold no element for index %d of %v on axis %d", u, it, idxDims, axis)
			}
			mp[o] = n + src
		}
	}
	return mp, true, nil
}
