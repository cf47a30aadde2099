package layers

import (
	"fmt"
	"math"
	"slices"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Interpolate-1, -4 and -11: attributes after src/core/src/op/interpolate.cpp and
// op/util/interpolate_base.cpp; shape inference after
// src/core/shape_inference/include/interpolate_shape_inference.hpp.

// interp1Op is Interpolate-1 (op::v0::Interpolate).
type interp1Op struct {
	Axes         []int64 `attr:"axes"`
	Mode         string  `attr:"mode,enum=nearest|linear|cubic|area"`
	AlignCorners bool    `attr:"align_corners"`
	Antialias    bool    `attr:"antialias"`
	PadsBegin    []int64 `attr:"pads_begin"`
	PadsEnd      []int64 `attr:"pads_end"`
}

func newInterp1() Op { return &interp1Op{Mode: "nearest", AlignCorners: true} }

// axisSet is AxisSet: sorted, without duplicates.
func axisSet(v []int64) []int64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return slices.Compact(s)
}

// checkAxes is validate::axes_values: every axis below the rank. OpenVINO compares
// signed values safely but then indexes with them; irrun also refuses negative axes.
func checkAxes(axes []int64, rank int) error {
	for _, a := range axes {
		if a < 0 || a >= int64(rank) {
			return fmt.Errorf("All axes values should less than input rank: %d (axes [%s])", rank, fmtInts(axes))
		}
	}
	return nil
}

func (p *interp1Op) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("Interpolate-1 expects 2 inputs, got %d", len(in))
	}
	if !in[1].Type.IsInteger() {
		return nil, fmt.Errorf("output shape must be an integral number. (output_shape element type %s)", in[1].Type)
	}
	s, err := p.shape(in)
	if err != nil {
		return nil, err
	}
	return []Output{{Type: in[0].Type, Shape: s}}, nil
}

func (p *interp1Op) shape(in []Input) (ir.Shape, error) {
	img := in[0].Shape
	out := cloneShape(img)
	rank, ok := img.Rank()
	if !ok {
		return out, nil
	}
	axes := axisSet(p.Axes)
	for _, a := range axes {
		if uint64(a) >= uint64(rank) {
			return out, fmt.Errorf("All axes values should less than input rank: %d (axes [%s])", rank, fmtSizeT(axes))
		}
	}
	target := shapeInput(in[1])
	if target.DynamicRank || !hasValueOrBounds(in[1]) {
		for _, a := range axes {
			out.Dims[a] = ir.DynamicDim()
		}
		return out, nil
	}
	if len(target.Dims) < len(axes) {
		return out, fmt.Errorf("The number of elements in the 'output_shape' input does not match the number of axes %d (it has %d)", len(axes), len(target.Dims))
	}
	for i, a := range axes {
		out.Dims[a] = target.Dims[i]
	}
	return out, nil
}

func hasValueOrBounds(x Input) bool { return x.Value != nil || x.Bounds != nil }

// interpOp is Interpolate-4 or -11 (InterpolateBase's attributes).
type interpOp struct {
	Mode        string  `attr:"mode,enum=nearest|linear|linear_onnx|cubic|bilinear_pillow|bicubic_pillow"`
	ShapeCalc   string  `attr:"shape_calculation_mode,enum=sizes|scales"`
	CoordMode   string  `attr:"coordinate_transformation_mode,enum=half_pixel|pytorch_half_pixel|asymmetric|tf_half_pixel_for_nn|align_corners"`
	NearestMode string  `attr:"nearest_mode,enum=round_prefer_floor|round_prefer_ceil|floor|ceil|simple"`
	Antialias   bool    `attr:"antialias"`
	PadsBegin   []int64 `attr:"pads_begin"`
	PadsEnd     []int64 `attr:"pads_end"`
	CubeCoeff   float64 `attr:"cube_coeff"`
	version     int     // 4 or 11
}

func newInterp(version int) Op {
	return &interpOp{version: version,
		Mode: "nearest", ShapeCalc: "sizes", CoordMode: "half_pixel", NearestMode: "round_prefer_floor", CubeCoeff: -0.75,
	}
}

func (p *interpOp) name() string { return fmt.Sprintf("Interpolate-%d", p.version) }

// ports returns the input indices of sizes, scales and axes (-1 when the op has none).
func (p *interpOp) ports(n int) (sizes, scales, axes int) {
	if p.version == 11 {
		sizes, scales, axes = 1, 1, -1
		if n == 3 {
			axes = 2
		}
		if p.ShapeCalc == "scales" {
			sizes = -1
		} else {
			scales = -1
		}
		return
	}
	sizes, scales, axes = 1, 2, -1
	if n == 4 {
		axes = 3
	}
	return
}

// checkTypes runs InterpolateBase's element-type checks and the version's own checks.
func (p *interpOp) checkTypes(in []Input) error {
	switch in[0].Type {
	case ir.F32, ir.F16, ir.I8, ir.BF16, ir.U8, ir.I64, ir.I32, ir.F64, ir.Dynamic:
	default:
		return fmt.Errorf("Input element type must be f32, f16, bf16, f64, i8, u8, i64, i32 (got %s)", in[0].Type)
	}
	sizesOK := func(t ir.ElementType) error {
		if t != ir.I32 && t != ir.I64 && t != ir.U32 && t != ir.U64 {
			return fmt.Errorf("Sizes element type must be i32, i64, u32 or u64 (got %s)", t)
		}
		return nil
	}
	scalesOK := func(t ir.ElementType) error {
		if t != ir.F32 && t != ir.F16 && t != ir.BF16 {
			return fmt.Errorf("Scales element type must be f32, f16 or bf16 (got %s)", t)
		}
		return nil
	}
	sizes, scales, axes := p.ports(len(in))
	if sizes >= 0 {
		if err := sizesOK(in[sizes].Type); err != nil {
			return err
		}
	}
	if scales >= 0 {
		if err := scalesOK(in[scales].Type); err != nil {
			return err
		}
	}
	if axes >= 0 {
		if t := in[axes].Type; t != ir.I64 && t != ir.I32 && t != ir.U32 && t != ir.U64 {
			return fmt.Errorf("Axes element type must be i32, i64, u32 or u64 (got %s)", t)
		}
	}
	if p.version == 4 {
		switch p.Mode {
		case "nearest", "linear", "linear_onnx", "cubic":
		default:
			return fmt.Errorf("Unsupported interpolation mode used with version 4 of the Interpolate op: %s", p.Mode)
		}
	}
	return nil
}

// resizedPads is resize_padding: the pads cut or extended with zeros to the rank.
func resizedPads(p []int64, rank int) []int64 {
	out := make([]int64, rank)
	copy(out, p)
	return out
}

// scaleDim is dim::scale: floor(dim * (scale + 1e-6)) computed in float32, as OpenVINO does.
func scaleDim(d ir.Dim, scale float32) ir.Dim {
	if scale == 1 {
		return d
	}
	scale += 1.0e-6
	f := func(v int64) int64 {
		x := float32(v) * scale
		if x >= float32(math.MaxInt64) || math.IsInf(float64(x), 0) {
			return ir.Inf
		}
		if x < 0 || x != x {
			return 0
		}
		return int64(x)
	}
	hi := ir.Inf
	if d.Hi != ir.Inf {
		hi = f(d.Hi)
	}
	if d.IsStatic() {
		return ir.Dim{Lo: hi, Hi: hi}
	}
	lo := f(d.Lo)
	if lo > hi {
		return ir.DynamicDim()
	}
	return ir.Dim{Lo: lo, Hi: hi}
}

// interpGeom is the inferred output and the resolved axes, pads and scales.
type interpGeom struct {
	out                ir.Shape
	axes               []int64
	padsBegin, padsEnd []int64
	scales             []float32 // when known (scales mode)
}

func (p *interpOp) geometry(in []Input) (interpGeom, error) {
	var g interpGeom
	n := len(in)
	if p.version == 4 && n != 3 && n != 4 || p.version == 11 && n != 2 && n != 3 {
		return g, fmt.Errorf("%s: wrong number of inputs (%d)", p.name(), n)
	}
	if err := p.checkTypes(in); err != nil {
		return g, err
	}
	sizes, scales, axesPort := p.ports(n)
	scalesMode := p.ShapeCalc == "scales"
	rank1 := func(i int) error {
		if !rankCompatible(in[i].Shape, 1) {
			return fmt.Errorf("Input [%d] is not rank 1 (shape %s)", i, in[i].Shape)
		}
		return nil
	}
	if p.version == 4 {
		port := sizes
		if scalesMode {
			port = scales
		}
		if err := rank1(port); err != nil {
			return g, err
		}
		if axesPort >= 0 {
			if err := rank1(axesPort); err != nil {
				return g, err
			}
		}
	} else {
		for i := 1; i < n; i++ {
			if err := rank1(i); err != nil {
				return g, err
			}
		}
	}
	img := in[0].Shape
	rank, ok := img.Rank()
	if !ok {
		g.out = ir.DynamicRankShape()
		return g, nil
	}
	g.padsBegin, g.padsEnd = resizedPads(p.PadsBegin, rank), resizedPads(p.PadsEnd, rank)
	for _, v := range [][]int64{g.padsBegin, g.padsEnd} {
		for _, x := range v {
			if x < 0 {
				return g, fmt.Errorf("Pads [%s] have a negative value; OpenVINO stores them as size_t (%s), irrun rejects it.", fmtInts(v), fmtSizeT(v))
			}
		}
	}
	if axesPort >= 0 {
		v, ok := in[axesPort].ints()
		if !ok {
			g.out = ir.Shape{Dims: make([]ir.Dim, rank)}
			for i := range g.out.Dims {
				g.out.Dims[i] = ir.DynamicDim()
			}
			return g, nil
		}
		if err := checkAxes(v, rank); err != nil {
			return g, err
		}
		g.axes = v
	} else {
		g.axes = make([]int64, rank)
		for i := range g.axes {
			g.axes[i] = int64(i)
		}
	}
	out := ir.Shape{Dims: make([]ir.Dim, rank)}
	for i, d := range img.Dims {
		out.Dims[i] = paddedDim(d, g.padsBegin[i]+g.padsEnd[i])
	}
	undefined := func() {
		for _, a := range g.axes {
			out.Dims[a] = ir.DynamicDim()
		}
	}
	if scalesMode {
		var vals []float64
		if v := in[scales].Value; v != nil {
			vals, _ = v.Float64s()
		}
		if vals == nil {
			undefined()
		} else {
			if len(vals) < len(g.axes) {
				return g, fmt.Errorf("The number of elements in the 'scales' input does not match the number of axes %d (it has %d)", len(g.axes), len(vals))
			}
			g.scales = make([]float32, len(g.axes))
			for i, a := range g.axes {
				g.scales[i] = float32(vals[i])
				out.Dims[a] = scaleDim(out.Dims[a], g.scales[i])
			}
		}
	} else {
		target := shapeInput(in[sizes])
		if target.DynamicRank || !hasValueOrBounds(in[sizes]) {
			undefined()
		} else {
			if len(target.Dims) < len(g.axes) {
				return g, fmt.Errorf("The number of elements in the 'sizes' input does not match the number of axes %d (it has %d)", len(g.axes), len(target.Dims))
			}
			for i, a := range g.axes {
				out.Dims[a] = target.Dims[i]
			}
		}
	}
	g.out = out
	return g, nil
}

func (p *interpOp) Infer(in []Input) ([]Output, error) {
	g, err := p.geometry(in)
	if err != nil {
		return nil, err
	}
	return []Output{{Type: in[0].Type, Shape: g.out}}, nil
}

// ---------------------------------------------------------------- kernels

var (
	interpModes   = map[string]int{"nearest": kernels.InterpNearest, "linear": kernels.InterpLinear, "linear_onnx": kernels.InterpLinearONNX, "cubic": kernels.InterpCubic}
	interpCoords  = map[string]int{"half_pixel": kernels.CoordHalfPixel, "pytorch_half_pixel": kernels.CoordPytorchHalfPixel, "asymmetric": kernels.CoordAsymmetric, "tf_half_pixel_for_nn": kernels.CoordTFHalfPixelForNN, "align_corners": kernels.CoordAlignCorners}
	interpNearest = map[string]int{"round_prefer_floor": kernels.NearestRoundPreferFloor, "round_prefer_ceil": kernels.NearestRoundPreferCeil, "floor": kernels.NearestFloor, "ceil": kernels.NearestCeil, "simple": kernels.NearestSimple}
)

func interpRun[T kernels.Number](g kernels.InterpGeom, pad *interpPad) func([][]T, []T) error {
	var scratch []T
	if pad != nil {
		scratch = make([]T, product(g.In))
	}
	return func(ins [][]T, out []T) error {
		src := ins[0]
		if pad != nil {
			if len(src) != product(pad.in) {
				return fmt.Errorf("Interpolate: input of %d elements for shape %v", len(src), pad.in)
			}
			clear(scratch)
			padCopy(scratch, src, pad.in, g.In, pad.begin)
			src = scratch
		}
		return kernels.InterpolateReference(g, src, out)
	}
}

// interpPad is pad_input_data: the input copied into a zero tensor at pads_begin.
type interpPad struct {
	in, begin []int
}

func padCopy[T any](dst, src []T, in, padded, begin []int) {
	if len(src) == 0 {
		return
	}
	r := len(in)
	if r > 8 || len(padded) != r || len(begin) != r {
		return
	}
	var ds, idxA [8]int
	for i, acc := r-1, 1; i >= 0; i-- {
		ds[i] = acc
		acc *= padded[i]
	}
	idx := idxA[:r]
	row := in[r-1]
	for i := 0; i+row <= len(src); i += row {
		off := 0
		for a := range idx {
			off += (idx[a] + begin[a]) * ds[a]
		}
		copy(dst[off:off+row], src[i:i+row])
		for a := r - 2; a >= 0; a-- {
			idx[a]++
			if idx[a] < in[a] {
				break
			}
			idx[a] = 0
		}
	}
}

func interpFns(g kernels.InterpGeom, pad *interpPad) famFns {
	return famFns{
		f32: interpRun[float32](g, pad), f64: interpRun[float64](g, pad),
		i8: interpRun[int8](g, pad), i32: interpRun[int32](g, pad), i64: interpRun[int64](g, pad),
		u8: interpRun[uint8](g, pad), u32: interpRun[uint32](g, pad), u64: interpRun[uint64](g, pad),
	}
}

// interpBind builds the kernel for static input and output shapes.
func interpBind(name string, t ir.ElementType, inDims []int, padsBegin, padsEnd []int64, out ir.Shape, g kernels.InterpGeom, opts ExecOptions) (Kernel, error) {
	outDims, ok := staticDims(out)
	if !ok {
		return nil, fmt.Errorf("%s: output shape %s is not static", name, out)
	}
	g.Out = outDims
	g.In = make([]int, len(inDims))
	var pad *interpPad
	for i, d := range inDims {
		g.In[i] = d + int(padsBegin[i]+padsEnd[i])
		if padsBegin[i] != 0 || padsEnd[i] != 0 {
			pad = &interpPad{in: inDims, begin: toInts(padsBegin)}
		}
	}
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if !opts.Reference {
		k, err := interpFastBind(name, t, inDims, outDims, pad, g, opts.Workers)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if k != nil {
			return k, nil
		}
	}
	return famBind(name, t, []int{product(inDims)}, product(outDims), interpFns(g, pad))
}

func (p *interpOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	name := p.name()
	dims, err := staticIn(name, in)
	if err != nil {
		return nil, err
	}
	for i := 1; i < len(in); i++ {
		if in[i].Value == nil {
			return nil, &ir.UnsupportedError{What: fmt.Sprintf("%s with input %d not known before execution", name, i)}
		}
	}
	g, err := p.geometry(in)
	if err != nil {
		return nil, err
	}
	if p.Mode == "bilinear_pillow" || p.Mode == "bicubic_pillow" {
		return odPillowBind(name, in[0].Type, dims[0], g, p.Mode == "bicubic_pillow", p.CubeCoeff)
	}
	mode, ok := interpModes[p.Mode]
	if !ok {
		return nil, &ir.UnsupportedError{What: fmt.Sprintf("%s mode %s", name, p.Mode)}
	}
	kg := kernels.InterpGeom{Axes: toInts(g.axes), Mode: mode, Coord: interpCoords[p.CoordMode],
		Nearest: interpNearest[p.NearestMode], Antialias: p.Antialias, CubeCoeff: float32(p.CubeCoeff)}
	if g.scales != nil {
		kg.Scales = g.scales
	} else {
		// sizes mode: scale = size / padded input length (get_scales_vector).
		outDims, ok := staticDims(g.out)
		if !ok {
			return nil, fmt.Errorf("%s: output shape %s is not static", name, g.out)
		}
		for _, a := range g.axes {
			padded := dims[0][a] + int(g.padsBegin[a]+g.padsEnd[a])
			kg.Scales = append(kg.Scales, float32(outDims[a])/float32(padded))
		}
	}
	return interpBind(name, in[0].Type, dims[0], g.padsBegin, g.padsEnd, g.out, kg, opts)
}

// Prepare follows the reference's transform_v0_to_v4: nearest uses the simple rounding,
// linear becomes linear_onnx below rank 5, coordinates are asymmetric (align_corners when
// set, half_pixel for unpadded linear modes other than 4-D on axes {2,3}).
func (p *interp1Op) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	dims, err := staticIn("Interpolate-1", in)
	if err != nil {
		return nil, err
	}
	out, err := p.shape(in)
	if err != nil {
		return nil, err
	}
	outDims, ok := staticDims(out)
	if !ok {
		return nil, &ir.UnsupportedError{What: "Interpolate-1 with an output_shape not known before execution"}
	}
	rank := len(dims[0])
	kg := kernels.InterpGeom{Nearest: kernels.NearestSimple, Coord: kernels.CoordAsymmetric, Antialias: p.Antialias, CubeCoeff: -0.75}
	switch {
	case p.Mode == "nearest":
		kg.Mode = kernels.InterpNearest
	case p.Mode == "linear" && rank < 5:
		kg.Mode = kernels.InterpLinearONNX
	case p.Mode == "linear" && rank == 5:
		kg.Mode = kernels.InterpLinear
	case p.Mode == "cubic":
		kg.Mode = kernels.InterpCubic
	default:
		return nil, &ir.UnsupportedError{What: fmt.Sprintf("Interpolate-1 mode %s on rank %d", p.Mode, rank)}
	}
	pb, pe := resizedPads(p.PadsBegin, rank), resizedPads(p.PadsEnd, rank)
	zeroPads := true
	for i := range pb {
		if pb[i] < 0 || pe[i] < 0 {
			return nil, fmt.Errorf("Interpolate-1: negative pads")
		}
		zeroPads = zeroPads && pb[i] == 0 && pe[i] == 0
	}
	axes := axisSet(p.Axes)
	if p.AlignCorners {
		kg.Coord = kernels.CoordAlignCorners
	} else if (kg.Mode == kernels.InterpLinearONNX || kg.Mode == kernels.InterpLinear) && zeroPads &&
		!(rank == 4 && slices.Equal(axes, []int64{2, 3})) {
		kg.Coord = kernels.CoordHalfPixel
	}
	kg.Axes = toInts(axes)
	for _, a := range axes {
		kg.Scales = append(kg.Scales, float32(outDims[a])/float32(dims[0][a]+int(pb[a]+pe[a])))
	}
	return interpBind("Interpolate-1", in[0].Type, dims[0], pb, pe, out, kg, opts)
}
