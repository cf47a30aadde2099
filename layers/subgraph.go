package layers

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/irrun/irrun/ir"
)

// The sub-graph ops: If-8 (seq_if.go), TensorIterator-0 (seq_tensor_iterator.go) and
// Loop-5 (loop.go). Their shape inference infers their bodies through BodyInferer and their
// kernels run bodies compiled through BodyCompiler, both implemented by the graph package.
// This file holds what the three share: those interfaces, the port maps of If and TensorIterator, and the tensor
// helpers of their kernels.

// BodyInferer infers a sub-graph body of an op.
type BodyInferer interface {
	// InferBody runs shape inference on body, whose Parameters take the given inputs (keyed
	// by the Parameter's layer id), and returns the input of each Result (keyed by the
	// Result's layer id), with values and bounds where known. It fails when the body has
	// an error.
	InferBody(body *ir.Body, params map[int64]Input) (map[int64]Output, error)
}

// BodyOp is implemented by ops with sub-graph bodies; the graph calls InferBodies instead
// of Infer.
type BodyOp interface {
	InferBodies(in []Input, b BodyInferer) ([]Output, error)
}

// MaxLoopIterations bounds a Loop whose trip count is negative (no limit).
const MaxLoopIterations = 1 << 20

// BodyCompiler compiles a sub-graph body for execution (the graph package implements it).
type BodyCompiler interface {
	// CompileBody compiles body, whose Parameters take the given types, shapes and values
	// (keyed by layer id), into a program reading the Parameters paramIDs and producing the
	// Results resultIDs, in those orders.
	CompileBody(body *ir.Body, params map[int64]Input, paramIDs, resultIDs []int64) (BodyProgram, error)
}

// BodyProgram runs a compiled body.
type BodyProgram interface {
	// Run runs the body once; it returns new tensors.
	Run(ctx context.Context, params []*ir.Tensor) ([]*ir.Tensor, error)
	// MaxMemory is the memory limit the outputs of one op stay within.
	MaxMemory() int64
}

// seqPortEntry is one decoded <port_map> input or output.
type seqPortEntry struct {
	index    int   // the op's input or output index
	layer    int64 // body Parameter or Result layer id
	sliced   bool  // axis given
	axis     int64
	start    int64
	end      int64
	stride   int64
	partSize int64
	merged   bool  // a back edge feeds the Parameter
	result   int64 // that back edge's Result id
}

// seqDecodePortMap decodes the entries of one port map (mapName) of l.
func seqDecodePortMap(d *decoder, l *ir.Layer, mapName string) (ins, outs []seqPortEntry) {
	backEdge := map[int64]int64{}
	for _, e := range l.BackEdges {
		backEdge[e.ToLayer] = e.FromLayer
	}
	entryInt := func(e ir.PortMapEntry, name string, def int64) (int64, bool) {
		a, ok := e.Attrs.Get(name)
		if !ok {
			return def, false
		}
		v, err := strconv.ParseInt(a.Value, 10, 64)
		if err != nil {
			d.report(ir.SeverityError, CodeInvalidAttribute, a.Offset,
				fmt.Sprintf("%s: %s attribute %s=%q is not an integer", d.layerRef(), mapName, name, a.Value))
			return def, false
		}
		return v, true
	}
	for _, e := range l.PortMap {
		if e.Map != mapName {
			continue
		}
		ext, hasExt := entryInt(e, "external_port_id", -1)
		id, hasID := entryInt(e, "internal_layer_id", -1)
		if !hasID {
			d.report(ir.SeverityError, CodeInvalidAttribute, e.Offset, fmt.Sprintf("%s: %s entry without internal_layer_id", d.layerRef(), mapName))
			continue
		}
		p := seqPortEntry{layer: id, partSize: 1, stride: 1, end: -1}
		p.axis, p.sliced = entryInt(e, "axis", 0)
		p.start, _ = entryInt(e, "start", 0)
		p.end, _ = entryInt(e, "end", -1)
		p.stride, _ = entryInt(e, "stride", 1)
		p.partSize, _ = entryInt(e, "part_size", 1)
		ports := l.Inputs
		if e.Kind == "output" {
			ports = l.Outputs
		}
		p.index = -1
		if hasExt {
			for i, q := range ports {
				if q.ID == ext {
					p.index = i
					break
				}
			}
		}
		if p.index < 0 {
			d.report(ir.SeverityError, CodeInvalidAttribute, e.Offset,
				fmt.Sprintf("%s: %s %s external_port_id=%d names no %s port of the layer", d.layerRef(), mapName, e.Kind, ext, e.Kind))
			continue
		}
		if e.Kind == "input" {
			if r, ok := backEdge[id]; ok {
				p.merged, p.result = true, r
			}
			ins = append(ins, p)
		} else if e.Kind == "output" {
			outs = append(outs, p)
		}
	}
	return ins, outs
}

func seqBody(l *ir.Layer, kind string) *ir.Body {
	for _, b := range l.Bodies {
		if b.Kind == kind {
			return b
		}
	}
	return nil
}

// seqSubgraphParams builds the body Parameter descriptions of a port map: invariant
// inputs keep their shape and value, sliced and merged ones are dynamic.
func seqSubgraphParams(ins []seqPortEntry, in []Input) (map[int64]Input, []int64, error) {
	params := map[int64]Input{}
	var ids []int64
	for _, d := range ins {
		if d.index >= len(in) {
			return nil, nil, fmt.Errorf("port map input %d, %d inputs", d.index, len(in))
		}
		x := in[d.index]
		p := Input{Type: x.Type, Shape: ir.DynamicRankShape()}
		if !d.merged && !d.sliced {
			p.Shape, p.Value, p.Constant = cloneShape(x.Shape), x.Value, x.Constant
		}
		if _, dup := params[d.layer]; dup {
			return nil, nil, fmt.Errorf("port map feeds body Parameter %d twice", d.layer)
		}
		params[d.layer] = p
		ids = append(ids, d.layer)
	}
	return params, ids, nil
}

// seqCopyPlanned runs a dynamic kernel and copies its outputs into planned tensors of the
// same types and shapes.
func seqCopyPlanned(op string, k DynamicKernel, ctx context.Context, in, out []*ir.Tensor) error {
	res, err := k.RunDynamic(ctx, in)
	if err != nil {
		return err
	}
	if len(res) != len(out) {
		return fmt.Errorf("%s: %d outputs, want %d", op, len(res), len(out))
	}
	for i, r := range res {
		if r.Type != out[i].Type || !equalInts(r.Shape, out[i].Shape) {
			return fmt.Errorf("%s: output %d is %s%v, the plan expected %s%v", op, i, r.Type, r.Shape, out[i].Type, out[i].Shape)
		}
		if err := copyData(out[i], r); err != nil {
			return err
		}
	}
	return nil
}

// singleBool returns the value of a one-element boolean input.
func singleBool(v *ir.Tensor) (val, ok bool, err error) {
	if v == nil {
		return false, false, nil
	}
	b, isBool := v.Data.([]bool)
	if !isBool {
		f, okF := v.Float64s()
		if !okF {
			return false, false, nil
		}
		b = make([]bool, len(f))
		for i, x := range f {
			b[i] = x != 0
		}
	}
	if len(b) != 1 {
		return false, false, errors.New("The number of values in the Condition constant is greater than 1")
	}
	return b[0], true, nil
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// relaxBackEdges makes each body Parameter fed back by a Result (pairs of Parameter and
// Result layer ids) dynamic in the dims where the Result's shape differs from the
// Parameter's, as OpenVINO's Loop and TensorIterator do before re-validating their body. It
// reports whether any Parameter changed.
func relaxBackEdges(params map[int64]Input, results map[int64]Output, pairs [][2]int64) bool {
	changed := false
	for _, pr := range pairs {
		r, ok := results[pr[1]]
		p := params[pr[0]]
		if !ok || r.Shape.Equal(p.Shape) {
			continue
		}
		if r.Shape.DynamicRank || p.Shape.DynamicRank || len(r.Shape.Dims) != len(p.Shape.Dims) {
			p.Shape = ir.DynamicRankShape()
		} else {
			p.Shape = cloneShape(p.Shape)
			for i := range p.Shape.Dims {
				if p.Shape.Dims[i] != r.Shape.Dims[i] {
					p.Shape.Dims[i] = ir.DynamicDim()
				}
			}
		}
		params[pr[0]] = p
		changed = true
	}
	return changed
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// loopFlag reads a one-element boolean or numeric tensor.
func loopFlag(t *ir.Tensor, what string) (bool, error) {
	if t == nil || t.Len() != 1 {
		return false, fmt.Errorf("Loop: the %s must hold one value", what)
	}
	if b, ok := t.Data.([]bool); ok {
		return b[0], nil
	}
	f, ok := t.Float64s()
	if !ok {
		return false, fmt.Errorf("Loop: the %s is %s", what, t.Type)
	}
	return f[0] != 0, nil
}

func cloneData(t *ir.Tensor) (*ir.Tensor, error) {
	c, err := ir.NewTensor(t.Type, t.Shape)
	if err != nil {
		return nil, err
	}
	return c, copyData(c, t)
}

// sliceAxis returns elements [start, start+n) of t along axis.
func sliceAxis(t *ir.Tensor, axis, start, n int) (*ir.Tensor, error) {
	shape := append([]int(nil), t.Shape...)
	shape[axis] = n
	out, err := ir.NewTensor(t.Type, shape)
	if err != nil {
		return nil, err
	}
	outer, inner := 1, 1
	for _, d := range t.Shape[:axis] {
		outer *= d
	}
	for _, d := range t.Shape[axis+1:] {
		inner *= d
	}
	for o := range outer {
		src := (o*t.Shape[axis] + start) * inner
		if err := copyRange(out.Data, o*n*inner, t.Data, src, n*inner); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// concatAxis stacks equally shaped tensors along axis (a scalar piece counts as [1]).
func concatAxis(ts []*ir.Tensor, axis int64) (*ir.Tensor, error) {
	first := ts[0]
	shape := append([]int(nil), first.Shape...)
	if len(shape) == 0 {
		shape = []int{1}
	}
	ax, err := normalizeAxis(axis, len(shape))
	if err != nil {
		return nil, err
	}
	pieceShape := append([]int(nil), shape...)
	for _, t := range ts {
		s := t.Shape
		if len(s) == 0 {
			s = []int{1}
		}
		if t.Type != first.Type || !equalInts(s, pieceShape) {
			return nil, fmt.Errorf("iterations gave %s%v and %s%v, which do not concatenate", first.Type, first.Shape, t.Type, t.Shape)
		}
	}
	shape[ax] = pieceShape[ax] * len(ts)
	out, err := ir.NewTensor(first.Type, shape)
	if err != nil {
		return nil, err
	}
	outer, inner := 1, 1
	for _, d := range pieceShape[:ax] {
		outer *= d
	}
	for _, d := range pieceShape[ax:] {
		inner *= d
	}
	for o := range outer {
		for j, t := range ts {
			if err := copyRange(out.Data, (o*len(ts)+j)*inner, t.Data, o*inner, inner); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// copyRange copies n elements of src from soff into dst at doff (same element type).
func copyRange(dst any, doff int, src any, soff, n int) error {
	ok := false
	switch s := src.(type) {
	case []float32:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []float64:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []f16:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []int8:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []int16:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []int32:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []int64:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []uint8:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []uint16:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []uint32:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []uint64:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []bool:
		ok = copyRangeT(dst, doff, s, soff, n)
	case []string:
		ok = copyRangeT(dst, doff, s, soff, n)
	}
	if !ok {
		return fmt.Errorf("cannot copy %T into %T", src, dst)
	}
	return nil
}

func copyRangeT[T any](dst any, doff int, src []T, soff, n int) bool {
	d, ok := dst.([]T)
	if !ok || doff < 0 || soff < 0 || doff+n > len(d) || soff+n > len(src) {
		return false
	}
	copy(d[doff:doff+n], src[soff:soff+n])
	return true
}

// stackedWithin adds t's bytes to *total, the iterations' values kept for concatenated
// outputs, and fails when they pass limit after iters iterations.
func stackedWithin(op string, total *int64, t *ir.Tensor, iters, limit int64) error {
	*total += int64(t.Len()) * int64(max(t.Type.Bits()/8, 1))
	if *total > limit {
		return fmt.Errorf("%s: the concatenated outputs of %d iterations need more than the memory limit of %d bytes", op, iters, limit)
	}
	return nil
}
