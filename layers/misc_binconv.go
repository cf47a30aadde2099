package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
	"github.com/x448/float16"
)

// BinaryConvolution-1: shape inference (binary_convolution_shape_inference.hpp) and
// execution by kernels.BinaryConv (reference/binary_convolution.hpp).

type seqBinaryConvOp struct {
	Strides   []int64 `attr:"strides"`
	Dilations []int64 `attr:"dilations"`
	PadsBegin []int64 `attr:"pads_begin"`
	PadsEnd   []int64 `attr:"pads_end"`
	AutoPad   string  `attr:"auto_pad,enum=explicit|same_lower|same_upper|valid|notset"`
	Mode      string  `attr:"mode,enum=xnor-popcount"`
	PadValue  float32 `attr:"pad_value"`
}

func seqNewBinaryConv(int) Op { return &seqBinaryConvOp{AutoPad: "explicit", Mode: "xnor-popcount"} }

func (o *seqBinaryConvOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("BinaryConvolution expects 2 inputs, got %d", len(in))
	}
	if t := in[0].Type; t.IsStatic() && !isNumeric(t) {
		return nil, fmt.Errorf("Data batch element type must be numeric. Got: %s", t)
	}
	// OpenVINO leaves the filters' element type unchecked at validation (Prepare runs u1
	// only), and checks that data and filters ranks match (in geometry) before the data's 4D.
	dr, dok := in[0].Shape.Rank()
	fr, fok := in[1].Shape.Rank()
	if dok && dr != 4 && (!fok || fr == dr) {
		return nil, fmt.Errorf("Expected 4D for the input. Got: %s", in[0].Shape)
	}
	autoPad := o.AutoPad
	if autoPad == "notset" {
		autoPad = "explicit"
	}
	a := &convAttrs{Strides: o.Strides, Dilations: o.Dilations, PadsBegin: o.PadsBegin, PadsEnd: o.PadsEnd, AutoPad: autoPad}
	g, err := a.geometry(convKind{}, in[0].Shape, in[1].Shape, false, ir.Shape{}, nil)
	if err != nil {
		return nil, err
	}
	return []Output{{Type: in[0].Type, Shape: g.out}}, nil
}

func (o *seqBinaryConvOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, err := o.Infer(in)
	if err != nil {
		return nil, err
	}
	if in[1].Type != ir.U1 {
		return nil, unsupportedType("BinaryConvolution filters", in[1].Type)
	}
	dims, lens, err := moreStaticLens("BinaryConvolution", in, 0, 1)
	if err != nil {
		return nil, err
	}
	od, ok := staticDims(outs[0].Shape)
	if !ok || len(od) != 4 {
		return nil, fmt.Errorf("BinaryConvolution: output shape %s is not static", outs[0].Shape)
	}
	outLen, err := ir.ElementCount(od)
	if err != nil {
		return nil, err
	}
	autoPad := o.AutoPad
	if autoPad == "notset" {
		autoPad = "explicit"
	}
	a := &convAttrs{Strides: o.Strides, Dilations: o.Dilations, PadsBegin: o.PadsBegin, PadsEnd: o.PadsEnd, AutoPad: autoPad}
	geo, err := a.geometry(convKind{}, in[0].Shape, in[1].Shape, false, ir.Shape{}, nil)
	if err != nil {
		return nil, err
	}
	if len(geo.strides) != 2 || len(geo.dilations) != 2 || len(geo.padsBegin) != 2 {
		return nil, fmt.Errorf("BinaryConvolution: expected 2 spatial axes")
	}
	d, f := dims[0], dims[1]
	g := kernels.BinaryConvGeom{N: d[0], C: d[1], H: d[2], W: d[3], OC: f[0], KH: f[2], KW: f[3], OH: od[2], OW: od[3]}
	for i := 0; i < 2; i++ {
		g.Strides[i], g.Dilations[i], g.PadsBegin[i] = int(geo.strides[i]), int(geo.dilations[i]), int(geo.padsBegin[i])
	}
	// The pad value is cast to the data type first (static_cast<T_IN>(pad_value)).
	pad := float64(o.PadValue)
	switch in[0].Type {
	case ir.F16:
		pad = float64(float16.Fromfloat32(o.PadValue).Float32())
	case ir.BF16:
		pad = float64(miscBF16Round(o.PadValue))
	}
	fn := func(p float64) moreNumFns {
		return moreNumFns{
			f32: miscBinConvRun(g, float32(p)), f64: miscBinConvRun(g, p),
			i8: miscBinConvRun(g, int8(p)), i16: miscBinConvRun(g, int16(p)), i32: miscBinConvRun(g, int32(p)), i64: miscBinConvRun(g, int64(p)),
			u8: miscBinConvRun(g, uint8(p)), u16: miscBinConvRun(g, uint16(p)), u32: miscBinConvRun(g, uint32(p)), u64: miscBinConvRun(g, uint64(p)),
		}
	}
	if in[0].Type.IsInteger() && (pad < -1<<62 || pad > 1<<62) {
		return nil, fmt.Errorf("BinaryConvolution: pad_value %g out of the range of %s", pad, in[0].Type)
	}
	return moreNumBind("BinaryConvolution", in[0].Type, []int{0}, lens[:1], outLen, fn(pad))
}

func miscBinConvRun[T kernels.Number](g kernels.BinaryConvGeom, pad T) moreNumRun[T] {
	return func(data [][]T, out []T, in []*ir.Tensor) error {
		if len(in) < 2 || in[1] == nil {
			return fmt.Errorf("BinaryConvolution: filters missing")
		}
		bits, ok := in[1].Data.([]uint8)
		if !ok || in[1].Type != ir.U1 {
			return fmt.Errorf("BinaryConvolution: filters of type %s hold %T", in[1].Type, in[1].Data)
		}
		if err := kernels.BinaryConv(g, data[0], bits, pad, out); err != nil {
			return fmt.Errorf("BinaryConvolution: %w", err)
		}
		return nil
	}
}

// miscBF16Round rounds f to bfloat16 (nearest even) and back.
func miscBF16Round(f float32) float32 {
	var b [1]uint16
	var w [1]float32
	kernels.F32ToBF16(b[:], []float32{f})
	kernels.BF16ToF32(w[:], b[:])
	return w[0]
}
