package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
)

// Convolution-1 and GroupConvolution-1: shape inference after OpenVINO's
// src/core/shape_inference/include/convolution_shape_inference.hpp,
// group_convolution_shape_inference.hpp and convolution_shape_inference_util.hpp, with
// src/core/src/op/convolution.cpp and group_conv.cpp (element types, resize_attributes).
// The geometry helper below also serves the backprop ops (conv_backprop.go).

// convAttrs are the attributes every convolution shares (ConvolutionBase).
type convAttrs struct {
	Strides   []int64 `attr:"strides"`
	Dilations []int64 `attr:"dilations"`
	PadsBegin []int64 `attr:"pads_begin"`
	PadsEnd   []int64 `attr:"pads_end"`
	AutoPad   string  `attr:"auto_pad,enum=explicit|same_lower|same_upper|valid"`
}

// convKind selects the variant of the shared geometry.
type convKind struct {
	group    bool // filters carry a leading groups dim
	backprop bool // ConvolutionBackpropData / GroupConvolutionBackpropData
}

func (k convKind) name() string {
	switch {
	case k.group && k.backprop:
		return "GroupConvolutionBackpropData"
	case k.group:
		return "GroupConvolution"
	case k.backprop:
		return "ConvolutionBackpropData"
	}
	return "Convolution"
}

// filterNonSpatial is filter_non_spatial_dims_count: 3 for the group ops, else 2.
func (k convKind) filterNonSpatial() int {
	if k.group {
		return 3
	}
	return 2
}

func (a *convAttrs) isSame() bool { return a.AutoPad == "same_upper" || a.AutoPad == "same_lower" }

// convGeom is the result of shape inference: the output shape and the resolved
// attributes (pads after auto_pad; zeros on axes whose SAME padding is not known).
type convGeom struct {
	out                ir.Shape
	numSpatial         int
	strides, dilations []int64
	padsBegin, padsEnd []int64
	outputPadding      []int64 // backprop only
}

// isNumeric is element::Type::is_real() || is_integral_number().
func isNumeric(t ir.ElementType) bool { return t.IsFloat() || t.IsInteger() }

// convTypes runs the element-type checks of validate_and_infer_types.
func convTypes(k convKind, data, filters ir.ElementType) (ir.ElementType, error) {
	t, ok := mergeTypes(data, filters)
	if !ok {
		return t, fmt.Errorf("Element types for data batch and filters do not match (data batch element type: %s, filters element type: %s).", data, filters)
	}
	if !isNumeric(t) {
		if k == (convKind{}) {
			return t, fmt.Errorf("Element types must be numeric. Got: %s", t)
		}
		return t, fmt.Errorf("Element type of inputs must be numeric. Got: %s", t)
	}
	return t, nil
}

// convNumSpatial is calculate_num_spatial: from the data rank, else the filters rank,
// else (backprop) the output_shape input's length, else the first non-empty attribute
// list; -1 when none is known.
func (a *convAttrs) numSpatial(k convKind, data, filters, outSpatial ir.Shape, outputPadding []int64) int {
	if r, ok := data.Rank(); ok {
		return max(r-2, -1)
	}
	if r, ok := filters.Rank(); ok {
		return max(r-k.filterNonSpatial(), -1)
	}
	if k.backprop {
		if r, ok := outSpatial.Rank(); ok && r > 0 {
			return r
		}
	}
	for _, l := range [][]int64{a.Strides, a.Dilations, a.PadsBegin, a.PadsEnd} {
		if len(l) > 0 {
			return len(l)
		}
	}
	_ = outputPadding
	return -1
}

func ones(n int) []int64 {
	v := make([]int64, n)
	for i := range v {
		v[i] = 1
	}
	return v
}

// rankCompatible is Rank::compatible for a rank that may be dynamic.
func rankCompatible(s ir.Shape, r int) bool {
	n, ok := s.Rank()
	return !ok || n == r
}

// geometry runs the shape inference of the four convolution ops. outSpatial is the
// backprop output_shape input read as a partial shape (hasOut false when absent).
func (a *convAttrs) geometry(k convKind, data, filters ir.Shape, hasOut bool, outSpatial ir.Shape, outputPadding []int64) (convGeom, error) {
	var g convGeom
	dataRank, dataOK := data.Rank()
	filtRank, filtOK := filters.Rank()
	if dataOK && dataRank < 2 {
		// OpenVINO's size_t arithmetic wraps here; the data_shape check is what it reports.
		return g, fmt.Errorf("Expected a 3D, 4D or 5D tensor for the input. Got: %s", data)
	}
	if !dataOK && filtOK && filtRank < k.filterNonSpatial() {
		return g, fmt.Errorf("Data batch and filters rank do not match (data batch shape: %s, filters shape: %s).", data, filters)
	}
	ns := a.numSpatial(k, data, filters, outSpatial, outputPadding)
	if ns < 0 {
		g.out = ir.DynamicRankShape()
		g.numSpatial = -1
		return g, nil
	}
	g.numSpatial = ns
	// resize_attributes, resize_empty_padding
	g.strides, g.dilations = a.Strides, a.Dilations
	if len(g.strides) == 0 {
		g.strides = ones(ns)
	}
	if len(g.dilations) == 0 {
		g.dilations = ones(ns)
	}
	g.padsBegin = append([]int64(nil), a.PadsBegin...)
	g.padsEnd = append([]int64(nil), a.PadsEnd...)
	if len(g.padsBegin) == 0 {
		g.padsBegin = make([]int64, ns)
	}
	if len(g.padsEnd) == 0 {
		g.padsEnd = make([]int64, ns)
	}
	if k.backprop {
		g.outputPadding = outputPadding
		if len(g.outputPadding) == 0 {
			g.outputPadding = make([]int64, ns)
		}
		if hasOut {
			if r, ok := outSpatial.Rank(); ok && r != ns {
				return g, fmt.Errorf("Output shape should be defined for all and only spatial dimensions. (output_shape %s, %d spatial dims)", outSpatial, ns)
			}
		}
	}
	// validate::filter_shape (non-group ops), then data_shape and common_attributes.
	if !k.group {
		if dataOK && filtOK && dataRank != filtRank {
			return g, fmt.Errorf("Data batch and filters rank do not match (data batch shape: %s, filters shape: %s).", data, filters)
		}
		if dataOK && filtOK {
			fc := filters.Dims[1]
			if k.backprop {
				fc = filters.Dims[0]
			}
			if !data.Dims[1].Compatible(fc) {
				return g, fmt.Errorf("Data batch channel count (%s) does not match filter input channel count (%s).", data.Dims[1], fc)
			}
		}
	}
	if dataOK && (dataRank < 3 || dataRank > 5) {
		return g, fmt.Errorf("Expected a 3D, 4D or 5D tensor for the input. Got: %s", data)
	}
	if k.group && dataOK && filtOK && dataRank != filtRank-1 {
		if k.backprop {
			return g, fmt.Errorf("Data and filters rank do not match (data batch shape: %s, filters shape: %s).", data, filters)
		}
		return g, fmt.Errorf("Data batch and filters rank do not match (data batch shape: %s, filters shape: %s).", data, filters)
	}
	if len(g.strides) != ns {
		return g, attrErr("strides", fmt.Errorf("Strides should be defined for all and only spatial dimensions. (strides=[%s], %d spatial dims)", fmtInts(g.strides), ns))
	}
	if len(g.dilations) != ns {
		return g, attrErr("dilations", fmt.Errorf("Dilations should be defined for all and only spatial dimensions. (dilations=[%s], %d spatial dims)", fmtInts(g.dilations), ns))
	}
	if len(g.padsBegin) != ns || len(g.padsEnd) != ns {
		return g, attrErr("pads_begin", fmt.Errorf("Pads begin and end should be defined for all and only spatial dimensions. (pads_begin=[%s], pads_end=[%s], %d spatial dims)",
			fmtInts(g.padsBegin), fmtInts(g.padsEnd), ns))
	}
	for _, s := range g.strides {
		if s == 0 {
			return g, attrErr("strides", fmt.Errorf("Strides has zero dimension(s). Strides{%s}", fmtSizeT(g.strides)))
		}
	}
	for _, d := range g.dilations {
		if d == 0 {
			return g, attrErr("dilations", fmt.Errorf("Filter dilations has zero dimension(s). Strides{%s}", fmtSizeT(g.dilations)))
		}
	}
	if k.backprop && len(g.outputPadding) != ns {
		return g, attrErr("output_padding", fmt.Errorf("Output padding should be defined for all and only spatial dimensions. (output_padding=[%s], %d spatial dims)", fmtInts(g.outputPadding), ns))
	}
	// irrun: strides and dilations are size_t in OpenVINO; negative values wrap.
	for _, l := range []struct {
		name string
		v    []int64
	}{{"strides", g.strides}, {"dilations", g.dilations}} {
		for _, x := range l.v {
			if x < 0 || x > 1<<31 {
				return g, fmt.Errorf("Attribute %s=[%s] has a negative or huge value; OpenVINO stores it as size_t (%s), irrun rejects it.", l.name, fmtInts(l.v), fmtSizeT(l.v))
			}
		}
	}
	for _, l := range [][]int64{g.padsBegin, g.padsEnd, g.outputPadding} {
		for _, x := range l {
			if x < -(1<<31) || x > 1<<31 {
				return g, fmt.Errorf("Pads [%s] are out of the range irrun supports (|pad| <= 2^31).", fmtInts(l))
			}
		}
	}

	if k.backprop {
		a.backpropPadding(&g, data, filters, hasOut, outSpatial)
	} else {
		a.forwardPadding(&g, data, filters)
	}

	// Output: batch, channels, spatial dims.
	out := ir.Shape{Dims: make([]ir.Dim, 0, 2+ns)}
	if dataOK {
		out.Dims = append(out.Dims, data.Dims[0])
	} else {
		out.Dims = append(out.Dims, ir.DynamicDim())
	}
	switch {
	case !filtOK:
		out.Dims = append(out.Dims, ir.DynamicDim())
	case k.group:
		groups := filters.Dims[0]
		cinAxis, coutAxis := 2, 1
		if k.backprop {
			cinAxis, coutAxis = 1, 2
		}
		if dataOK && filters.Dims[cinAxis].IsStatic() {
			per := dimDivStatic(data.Dims[1], filters.Dims[cinAxis].Lo)
			// Dimension::merge fails on an empty result, as when the channels are not a
			// multiple of the filters' input channels (3 / 2 is the empty interval).
			m, ok := dimMerge(groups, per)
			if !ok || m == emptyDim || filters.Dims[cinAxis].Lo == 0 {
				return g, fmt.Errorf("Input channels dimension of data batch is incompatible with filter groups or input channels. (data %s, filters %s)", data, filters)
			}
			groups = m
		}
		out.Dims = append(out.Dims, dimMul(groups, filters.Dims[coutAxis]))
	case k.backprop:
		out.Dims = append(out.Dims, filters.Dims[1])
	default:
		out.Dims = append(out.Dims, filters.Dims[0])
	}
	var spatial []ir.Dim
	var err error
	switch {
	case k.backprop && hasOut:
		if outSpatial.DynamicRank {
			spatial = make([]ir.Dim, ns)
			for i := range spatial {
				spatial[i] = ir.DynamicDim()
			}
		} else {
			spatial = outSpatial.Dims
		}
	case k.backprop:
		spatial = a.backpropSpatial(&g, data, filters)
	default:
		spatial, err = a.forwardSpatial(&g, data, filters)
		if err != nil {
			return g, err
		}
	}
	out.Dims = append(out.Dims, spatial...)
	g.out = out
	return g, nil
}

// lastDims returns the last n dims of s, or n dynamic dims for a dynamic rank
// (PartialShape::dynamic(n)).
func lastDims(s ir.Shape, n int) []ir.Dim {
	if r, ok := s.Rank(); ok && r >= n {
		return s.Dims[r-n:]
	}
	d := make([]ir.Dim, n)
	for i := range d {
		d[i] = ir.DynamicDim()
	}
	return d
}

// forwardPadding is convolution::apply_padding for the forward ops.
func (a *convAttrs) forwardPadding(g *convGeom, data, filters ir.Shape) {
	_, dataOK := data.Rank()
	_, filtOK := filters.Rank()
	switch {
	case a.isSame() && dataOK && filtOK:
		dd, kd := lastDims(data, g.numSpatial), lastDims(filters, g.numSpatial)
		for i := 0; i < g.numSpatial; i++ {
			var small, big int64
			if kd[i].IsStatic() && dd[i].IsStatic() {
				small, big = samePad(dd[i].Lo, kd[i].Lo, g.dilations[i], g.strides[i])
			}
			if a.AutoPad == "same_upper" {
				g.padsBegin[i], g.padsEnd[i] = small, big
			} else {
				g.padsBegin[i], g.padsEnd[i] = big, small
			}
		}
	case a.AutoPad == "valid":
		clear(g.padsBegin)
		clear(g.padsEnd)
	}
}

// dimAddSigned adds a signed pad total to a dim (Dimension + value): bounds clipped at 0,
// an infinite upper bound kept.
func dimAddSigned(d ir.Dim, p int64) ir.Dim {
	if p >= 0 {
		return dimAddN(d, p)
	}
	return dimSub(d, ir.StaticDim(-p))
}

// dilatedDim is dim::dilated on a Dimension: (d - 1) * dilation + 1.
func dilatedDim(d ir.Dim, dil int64) ir.Dim {
	return dimAddN(dimMul(dimSub(d, ir.StaticDim(1)), ir.StaticDim(dil)), 1)
}

// forwardSpatial is convolution::append_spatial_shape for the forward ops.
func (a *convAttrs) forwardSpatial(g *convGeom, data, filters ir.Shape) ([]ir.Dim, error) {
	ns := g.numSpatial
	dd := lastDims(data, ns)
	out := make([]ir.Dim, ns)
	if a.isSame() {
		for i := range out {
			out[i] = dimCeilDiv(dd[i], g.strides[i])
		}
		return out, nil
	}
	fd := lastDims(filters, ns)
	for i := range out {
		dim := dimAddSigned(dd[i], g.padsBegin[i]+g.padsEnd[i])
		kd := dilatedDim(fd[i], g.dilations[i])
		if dim.IsStatic() && kd.IsStatic() {
			if kd.Lo > dim.Lo {
				return nil, fmt.Errorf("Kernel after dilation has size (dim: %d) larger than the data shape after padding (dim: %d) at axis %d. (filter %s, dilation %d, input %s, pads %d+%d)",
					kd.Lo, dim.Lo, i, fd[i], g.dilations[i], dd[i], g.padsBegin[i], g.padsEnd[i])
			}
		}
		out[i] = dimAddN(dimFloorDiv(dimSub(dim, kd), g.strides[i]), 1)
	}
	return out, nil
}

// convOp is Convolution-1 or GroupConvolution-1. The shared decoder fills only the
// op's own tagged fields, so the attributes are repeated here (see convAttrs).
type convOp struct {
	Strides   []int64 `attr:"strides"`
	Dilations []int64 `attr:"dilations"`
	PadsBegin []int64 `attr:"pads_begin"`
	PadsEnd   []int64 `attr:"pads_end"`
	AutoPad   string  `attr:"auto_pad,enum=explicit|same_lower|same_upper|valid"`
	kind      convKind
}

func newConv(group bool) Op {
	return &convOp{AutoPad: "explicit", kind: convKind{group: group}}
}

func (c *convOp) attrs() *convAttrs {
	return &convAttrs{Strides: c.Strides, Dilations: c.Dilations, PadsBegin: c.PadsBegin, PadsEnd: c.PadsEnd, AutoPad: c.AutoPad}
}

func (c *convOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("%s expects 2 inputs, got %d", c.kind.name(), len(in))
	}
	t, err := convTypes(c.kind, in[0].Type, in[1].Type)
	if err != nil {
		return nil, err
	}
	g, err := c.attrs().geometry(c.kind, in[0].Shape, in[1].Shape, false, ir.Shape{}, nil)
	if err != nil {
		return nil, err
	}
	return []Output{{Type: t, Shape: g.out}}, nil
}
