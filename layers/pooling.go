package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// MaxPool-1/8/14 and AvgPool-1/14/16: attributes (§1.1), shape inference with
// OpenVINO's checks in order (§1.2), binding to the pooling kernels.

type poolKind uint8

const (
	kindMax poolKind = iota
	kindAvg
)

type rounding uint8

const (
	roundFloor rounding = iota
	roundCeil
	roundCeilTorch
)

type padType uint8

const (
	padExplicit padType = iota
	padSameUpper
	padSameLower
	padValid
)

var (
	roundingNames = []string{"floor", "ceil", "ceil_torch"}
	padNames      = []string{"explicit", "same_upper", "same_lower", "valid"}
)

// poolOp is a decoded MaxPool or AvgPool layer.
type poolOp struct {
	kind    poolKind
	version int

	kernel, strides, padsBegin, padsEnd, dilations []int64
	rounding                                       rounding
	autoPad                                        padType
	excludePad                                     bool           // AvgPool
	indexType                                      ir.ElementType // MaxPool-8/14
	axis                                           int64          // MaxPool-8/14, as written
}

func (p *poolOp) name() string {
	if p.kind == kindMax {
		return fmt.Sprintf("MaxPool-%d", p.version)
	}
	return fmt.Sprintf("AvgPool-%d", p.version)
}

// hasIndices reports whether the op is MaxPool-8/14 (two outputs, axis, index type).
func (p *poolOp) hasIndices() bool { return p.kind == kindMax && p.version >= 8 }

// hasDilations reports whether the op has a dilations attribute (MaxPool-8/14, AvgPool-16).
func (p *poolOp) hasDilations() bool { return p.hasIndices() || (p.kind == kindAvg && p.version >= 16) }

func indexOf(names []string, v string) int {
	for i, n := range names {
		if n == v {
			return i
		}
	}
	return 0
}

func decodePool(l *ir.Layer, kind poolKind, version int) (Op, []ir.Diagnostic) {
	d := newDecoder(l)
	p := &poolOp{kind: kind, version: version, indexType: ir.I64, excludePad: true}
	// Visit order follows OpenVINO's visit_attributes (it only matters for the
	// order of diagnostics).
	if kind == kindMax {
		p.strides, _ = d.ints("strides")
		if p.hasIndices() {
			p.dilations, _ = d.ints("dilations")
		}
		p.padsBegin, _ = d.ints("pads_begin")
		p.padsEnd, _ = d.ints("pads_end")
		p.kernel, _ = d.ints("kernel")
		p.rounding = rounding(indexOf(roundingNames, d.enum("rounding_type", "floor", roundingNames...)))
		p.autoPad = padType(indexOf(padNames, d.enum("auto_pad", "explicit", padNames...)))
		if p.hasIndices() {
			if t, ok := d.elemType("index_element_type", ir.I64); ok {
				p.indexType = t
				if t != ir.I32 && t != ir.I64 {
					// OpenVINO loads this op and only fails when evaluating it
					// (evaluate dispatches i32/i64 only); irrun reports it at load.
					off, val := d.attrPos("index_element_type")
					d.diags = append(d.diags, ir.Diagnostic{
						Severity: ir.SeverityError, Code: CodeInvalidAttribute, Offset: off,
						LayerID: l.IDText, LayerName: l.Name,
						Message: fmt.Sprintf("%s: attribute index_element_type=%q is invalid: must be i32 or i64 (OpenVINO loads the model but cannot execute the op)",
							d.layerRef(), val),
					})
				}
			}
			p.axis = d.int64Scalar("axis", 0)
		}
	} else {
		p.kernel, _ = d.ints("kernel")
		p.strides, _ = d.ints("strides")
		p.padsBegin, _ = d.ints("pads_begin")
		p.padsEnd, _ = d.ints("pads_end")
		p.excludePad = d.boolean("exclude-pad", true)
		p.autoPad = padType(indexOf(padNames, d.enum("auto_pad", "explicit", padNames...)))
		p.rounding = rounding(indexOf(roundingNames, d.enum("rounding_type", "floor", roundingNames...)))
		if p.hasDilations() {
			p.dilations, _ = d.ints("dilations") // AvgPool-16: after AvgPoolBase's attributes
		}
	}
	if d.failed {
		return nil, d.diags
	}
	return p, d.diags
}

// poolGeom is the result of shape inference for one input shape.
type poolGeom struct {
	out       ir.Shape
	padsBegin []int64 // resolved (SAME/VALID applied); zeros on non-static SAME axes
	padsEnd   []int64
	dilations []int64
}

// normalizeAxis is ov::util::try_normalize_axis.
func normalizeAxis(axis int64, rank int) (int64, error) {
	r := int64(rank)
	if axis < -r || axis > r-1 {
		return 0, fmt.Errorf("Axis %d out of the tensor rank range [%d, %d].", axis, -r, r-1)
	}
	if axis < 0 {
		axis += r
	}
	return axis, nil
}

// dilatedKernel is dim::dilated on size_t: k < 1 gives SIZE_MAX.
func dilatedKernel(k, d int64) uint64 {
	if k < 1 {
		return ^uint64(0)
	}
	return uint64(d)*(uint64(k)-1) + 1
}

// kdDim converts a size_t dilated kernel to the Dimension OpenVINO subtracts.
func kdDim(kd uint64) ir.Dim {
	switch {
	case kd == ^uint64(0):
		return ir.DynamicDim() // Dimension(-1)
	case kd > uint64(ir.Inf):
		return ir.StaticDim(0) // other negative int64 values clip to 0
	}
	return ir.StaticDim(int64(kd))
}

// samePad is dim::padding for a static dim: (floor(total/2), rest).
func samePad(in, k, d, s int64) (small, big int64) {
	kd := int64(dilatedKernel(k, d))
	if k < 1 {
		kd = -1
	}
	tmp := (in + s - 1) / s
	total := max(0, (tmp-1)*s+kd-in)
	small = total / 2
	return small, total - small
}

// torchAdjust is align_ceil_torch_dimension_size: q+1 unless the last window
// (starting at q*s) would start past in+pb-1 (size_t arithmetic).
func torchAdjust(q, s, in, pb int64) int64 {
	if q >= ir.Inf {
		return ir.Inf // a saturated dim stays saturated (q+1 would overflow)
	}
	limit := clipAdd(in, pb) // last allowed start is limit-1; limit==0 wraps to SIZE_MAX
	if limit == 0 || satMul(q, s) <= limit-1 {
		return q + 1
	}
	return q
}

// geometry runs §1.2 on one input shape: checks 1–14 in OpenVINO's order (plus
// irrun's rejection of negative attribute values), SAME/VALID padding and the
// output shape. It returns OpenVINO's message (with context appended) on failure.
func (p *poolOp) geometry(data ir.Shape) (poolGeom, error) {
	nsp := len(p.kernel)
	dil := p.dilations
	if !p.hasDilations() || len(dil) == 0 {
		dil = make([]int64, nsp)
		for i := range dil {
			dil[i] = 1
		}
	}
	pb := append([]int64(nil), p.padsBegin...)
	pe := append([]int64(nil), p.padsEnd...)
	if len(pb) == 0 {
		pb = make([]int64, nsp)
	}
	if len(pe) == 0 {
		pe = make([]int64, nsp)
	}
	var g poolGeom
	rank, rankOK := data.Rank()
	// 1, 2
	if len(pb) != nsp {
		return g, fmt.Errorf("Expected pads_begin size to be equal to input size - 2. Got: %d (pads_begin=[%s], kernel=[%s])",
			len(pb), fmtInts(pb), fmtInts(p.kernel))
	}
	if len(pe) != nsp {
		return g, fmt.Errorf("Expected pads_end size to be equal to input size - 2. Got: %d (pads_end=[%s], kernel=[%s])",
			len(pe), fmtInts(pe), fmtInts(p.kernel))
	}
	// 3
	if rankOK && (rank < 3 || rank > 5) {
		return g, fmt.Errorf("Expected a 3D, 4D or 5D tensor for the input. Got: %s", data)
	}
	// 4
	if len(p.strides) != nsp {
		extra := ""
		if len(p.strides) == 0 {
			extra = "; the strides attribute is missing or empty and OpenVINO does not default it"
		}
		return g, fmt.Errorf("Expected strides size to be equal to input size - 2. Got: %d (strides=[%s], kernel=[%s]%s)",
			len(p.strides), fmtInts(p.strides), fmtInts(p.kernel), extra)
	}
	// 5
	if len(dil) != nsp {
		return g, fmt.Errorf("Expected dilations size to be equal to kernel size. Got: %d (dilations=[%s], kernel=[%s])",
			len(dil), fmtInts(dil), fmtInts(p.kernel))
	}
	// 6
	if rankOK && nsp != rank-2 {
		return g, fmt.Errorf("Expected kernel size to be equal to input size - 2. Got: %d (kernel=[%s], input %s)",
			nsp, fmtInts(p.kernel), data)
	}
	// 7, 8
	for _, s := range p.strides {
		if s == 0 {
			return g, attrErr("strides", fmt.Errorf("Strides has zero dimension(s). Strides{%s}", fmtSizeT(p.strides)))
		}
	}
	for _, d := range dil {
		if d == 0 {
			return g, attrErr("dilations", fmt.Errorf("Kernel dilations has zero dimension(s). Strides{%s}", fmtSizeT(dil)))
		}
	}
	// 9
	if p.version < 14 && p.rounding == roundCeilTorch {
		return g, fmt.Errorf("Rounding CEIL_TORCH is not supported. (%s accepts floor and ceil; ceil_torch needs opset14)", p.name())
	}
	// irrun: OpenVINO stores these lists as size_t, so negative values wrap to huge
	// numbers; irrun refuses them instead of emulating the wrap.
	for _, a := range []struct {
		name string
		v    []int64
	}{{"kernel", p.kernel}, {"strides", p.strides}, {"dilations", dil}, {"pads_begin", pb}, {"pads_end", pe}} {
		for _, x := range a.v {
			if x < 0 {
				return g, fmt.Errorf("Attribute %s=[%s] has a negative value; OpenVINO stores it as size_t (%s), irrun rejects it.",
					a.name, fmtInts(a.v), fmtSizeT(a.v))
			}
		}
	}
	// apply_padding
	same := p.autoPad == padSameUpper || p.autoPad == padSameLower
	switch {
	case rankOK && same:
		for i := 0; i < nsp; i++ {
			d := data.Dims[2+i]
			var small, big int64
			if d.IsStatic() {
				small, big = samePad(d.Lo, p.kernel[i], dil[i], p.strides[i])
			}
			if p.autoPad == padSameUpper {
				pb[i], pe[i] = small, big
			} else {
				pb[i], pe[i] = big, small
			}
		}
	case p.autoPad == padValid:
		clear(pb)
		clear(pe)
	}
	g.padsBegin, g.padsEnd, g.dilations = pb, pe, dil
	// out_shape_infer
	if !rankOK {
		g.out = ir.Shape{Dims: make([]ir.Dim, 2+nsp)}
		for i := range g.out.Dims {
			g.out.Dims[i] = ir.DynamicDim()
		}
		return g, nil
	}
	if n := data.Dims[0]; n.IsStatic() && n.Lo == 0 {
		return g, fmt.Errorf("Batch size is zero. (input %s)", data)
	}
	if c := data.Dims[1]; c.IsStatic() && c.Lo == 0 {
		return g, fmt.Errorf("Channel count is zero. (input %s)", data)
	}
	out := ir.Shape{Dims: make([]ir.Dim, 0, rank)}
	out.Dims = append(out.Dims, data.Dims[0], data.Dims[1])
	for i := 0; i < nsp; i++ {
		in := data.Dims[2+i]
		if same && !in.IsStatic() {
			out.Dims = append(out.Dims, ir.DynamicDim())
			continue
		}
		dim := dimAddN(in, clipAdd(pb[i], pe[i]))
		kd := dilatedKernel(p.kernel[i], dil[i])
		if in.IsStatic() {
			// 12, 13, 14
			if kd == 0 {
				return g, fmt.Errorf("Kernel after dilation has dimension less than 1 (dim: %d) at axis %d.", kd, i)
			}
			if kd > uint64(dim.Lo) {
				return g, fmt.Errorf("Kernel after dilation has size (dim: %d) larger than the data shape after padding (dim: %d) at axis %d. (kernel %d, dilation %d, input %d, pads %d+%d)",
					kd, dim.Lo, i, p.kernel[i], dil[i], in.Lo, pb[i], pe[i])
			}
			if p.kind == kindAvg && p.excludePad && (kd <= uint64(pb[i]) || kd <= uint64(pe[i])) {
				return g, fmt.Errorf("Kernel after dilation is sometimes entirely in the padding area for axis %d (dilated kernel dimension: %d, padding below dimension: %d, padding above dimension: %d) and this is not allowed.",
					i, kd, pb[i], pe[i])
			}
		}
		dim = dimSub(dim, kdDim(kd))
		if p.rounding == roundFloor {
			dim = dimFloorDiv(dim, p.strides[i])
		} else {
			dim = dimCeilDiv(dim, p.strides[i])
		}
		if p.rounding == roundCeilTorch {
			dim = torchDim(dim, p.strides[i], in, pb[i])
		} else {
			dim = dimAddN(dim, 1)
		}
		out.Dims = append(out.Dims, dim)
	}
	g.out = out
	return g, nil
}

// torchDim is disallow_pooling_start_in_padding: the adjustment is applied to the
// lower bound with the input's lower bound and, for a bounded input, to the upper
// bound with the input's upper bound; an unbounded input keeps an unbounded output.
func torchDim(q ir.Dim, s int64, in ir.Dim, pb int64) ir.Dim {
	lo := torchAdjust(q.Lo, s, in.Lo, pb)
	if in.IsStatic() {
		return ir.StaticDim(lo)
	}
	if in.Hi == ir.Inf {
		return ir.Dim{Lo: lo, Hi: ir.Inf}
	}
	hi := q.Hi
	if hi != ir.Inf {
		hi = torchAdjust(q.Hi, s, in.Hi, pb)
	}
	if hi < lo {
		return ir.Dim{Lo: ir.Inf, Hi: ir.Inf}
	}
	return ir.Dim{Lo: lo, Hi: hi}
}

// Infer implements Op.
func (p *poolOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 1 {
		return nil, fmt.Errorf("%s expects 1 input, got %d", p.name(), len(in))
	}
	data := in[0]
	if p.hasIndices() {
		// MaxPool-8/14 normalise the axis before shape inference (src/core/src/op/max_pool.cpp).
		if r, ok := data.Shape.Rank(); ok {
			if _, err := normalizeAxis(p.axis, r); err != nil {
				return nil, err
			}
		}
	}
	g, err := p.geometry(data.Shape)
	if err != nil {
		return nil, err
	}
	outs := []Output{{Type: data.Type, Shape: g.out}}
	if p.hasIndices() {
		outs = append(outs, Output{Type: p.indexType, Shape: cloneShape(g.out)})
	}
	return outs, nil
}

// Prepare implements Op: the geometry is re-derived from the static runtime shape
// (SAME pads recomputed, stored pads used only for explicit padding).
func (p *poolOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	if len(in) != 1 {
		return nil, fmt.Errorf("%s expects 1 input, got %d", p.name(), len(in))
	}
	dims, ok := staticDims(in[0].Shape)
	if !ok {
		return nil, fmt.Errorf("%s: input shape %s is not static", p.name(), in[0].Shape)
	}
	axis := int64(0)
	if p.hasIndices() {
		a, err := normalizeAxis(p.axis, len(dims))
		if err != nil {
			return nil, err
		}
		axis = a
		if p.indexType != ir.I32 && p.indexType != ir.I64 {
			return nil, &ir.UnsupportedError{What: fmt.Sprintf("%s with index_element_type %s (must be i32 or i64)", p.name(), p.indexType)}
		}
	}
	g, err := p.geometry(in[0].Shape)
	if err != nil {
		return nil, err
	}
	outDims, _ := staticDims(g.out)
	w := kernels.Window{
		N: dims[0], C: dims[1],
		In: dims[2:], Out: outDims[2:],
		Kernel: toInts(p.kernel), Strides: toInts(p.strides), Dilations: toInts(g.dilations),
		PadsBegin: toInts(g.padsBegin), PadsEnd: toInts(g.padsEnd),
	}
	if err := w.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", p.name(), err)
	}
	t := in[0].Type
	if p.kind == kindMax {
		withIdx := p.hasIndices() && !(len(opts.UnusedOutputs) > 1 && opts.UnusedOutputs[1])
		return bindMaxPool(p.name(), t, w, withIdx, p.indexType, int(axis), opts)
	}
	return bindAvgPool(p.name(), t, w, p.excludePad, opts)
}
