package layers

import (
	"context"
	"fmt"

	"github.com/irrun/irrun/ir"
)

// StringTensorPack-15 and StringTensorUnpack-15: shape inference (string_tensor_pack.cpp,
// string_tensor_unpack.cpp and their shape inference) and execution
// (reference/string_tensor_pack.hpp, string_tensor_unpack.hpp). Unpack's symbols output is
// as long as the strings' bytes, so it is a dynamic op.

type moreStringPack struct{}

func (moreStringPack) Infer(in []Input) ([]Output, error) {
	if err := moreCount("StringTensorPack", in, 3, 3); err != nil {
		return nil, err
	}
	bt, et := in[0].Type, in[1].Type
	if !((bt == ir.I32 || bt == ir.I64) && bt == et) {
		return nil, fmt.Errorf("The element types of the begins and ends input tensors must match and be of i32 or i64 type. Got: %s and %s", bt, et)
	}
	if t := in[2].Type; t != ir.U8 {
		return nil, fmt.Errorf("StringTensorPack expects a tensor with ov::element::u8 elements. Got: %s", t)
	}
	out, ok := shapeMerge(in[0].Shape, in[1].Shape)
	if !ok {
		return nil, fmt.Errorf("The shapes of begins and ends have to be compatible. (got %s and %s)", in[0].Shape, in[1].Shape)
	}
	if !moreRankCompatible(in[2].Shape, 1) {
		return nil, fmt.Errorf("Symbols input must be 1D. (got %s)", in[2].Shape)
	}
	return []Output{{Type: ir.String, Shape: out}}, nil
}

type moreStringUnpack struct{}

func (moreStringUnpack) Infer(in []Input) ([]Output, error) {
	if err := moreCount("StringTensorUnpack", in, 1, 1); err != nil {
		return nil, err
	}
	if t := in[0].Type; t != ir.String {
		return nil, fmt.Errorf("StringTensorUnpack expects a tensor with string elements. Got: %s", t)
	}
	symbols := dynamicDims(1)
	if v := in[0].Value; v != nil {
		if strs, ok := v.Data.([]string); ok {
			n := 0
			for _, s := range strs {
				n += len(s)
			}
			symbols.Dims[0] = ir.StaticDim(int64(n))
		}
	}
	return []Output{{Type: ir.I32, Shape: cloneShape(in[0].Shape)}, {Type: ir.I32, Shape: cloneShape(in[0].Shape)}, {Type: ir.U8, Shape: symbols}}, nil
}

func (moreStringPack) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if len(in) != 3 {
		return nil, fmt.Errorf("StringTensorPack expects 3 inputs, got %d", len(in))
	}
	if _, err := (moreStringPack{}).Infer(in); err != nil {
		return nil, err
	}
	d, ok := staticDims(in[0].Shape)
	if !ok {
		return nil, fmt.Errorf("StringTensorPack: begins shape %s is not static", in[0].Shape)
	}
	n, err := ir.ElementCount(d)
	if err != nil {
		return nil, err
	}
	begins, ends := make([]int64, n), make([]int64, n)
	return kernelFunc(func(_ context.Context, in, out []*ir.Tensor) error {
		if len(in) != 3 || len(out) != 1 || in[2] == nil || out[0] == nil {
			return fmt.Errorf("StringTensorPack: expected 3 inputs and 1 output, got %d and %d", len(in), len(out))
		}
		if err := readInts(in[0], begins); err != nil {
			return fmt.Errorf("StringTensorPack: begins: %w", err)
		}
		if err := readInts(in[1], ends); err != nil {
			return fmt.Errorf("StringTensorPack: ends: %w", err)
		}
		sym, ok := in[2].Data.([]uint8)
		if !ok || in[2].Type != ir.U8 {
			return fmt.Errorf("StringTensorPack: symbols of type %s hold %T", in[2].Type, in[2].Data)
		}
		o, ok := out[0].Data.([]string)
		if !ok || len(o) != n {
			return fmt.Errorf("StringTensorPack: output holds %T of %d elements, want %d strings", out[0].Data, out[0].Len(), n)
		}
		for i := range o {
			b, e := begins[i], ends[i]
			if b < 0 || e < b || e > int64(len(sym)) {
				return fmt.Errorf("StringTensorPack: string %d spans [%d, %d), outside the %d symbols", i, b, e, len(sym))
			}
			o[i] = string(sym[b:e])
		}
		return nil
	}), nil
}

// DynamicOutputs: the strings' total length sizes the symbols output.
func (moreStringUnpack) DynamicOutputs() {}

type miscStringUnpackKernel struct{}

func (moreStringUnpack) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if len(in) != 1 || in[0].Type != ir.String {
		return nil, fmt.Errorf("StringTensorUnpack expects 1 string input")
	}
	return miscStringUnpackKernel{}, nil
}

func (miscStringUnpackKernel) RunDynamic(_ context.Context, in []*ir.Tensor) ([]*ir.Tensor, error) {
	if len(in) != 1 || in[0] == nil {
		return nil, fmt.Errorf("StringTensorUnpack expects 1 input")
	}
	strs, ok := in[0].Data.([]string)
	if !ok {
		return nil, fmt.Errorf("StringTensorUnpack: input of type %s holds %T", in[0].Type, in[0].Data)
	}
	total := 0
	for _, s := range strs {
		total += len(s)
	}
	if total > 1<<31-1 {
		return nil, fmt.Errorf("StringTensorUnpack: %d bytes do not fit i32 offsets", total)
	}
	begins, err := ir.NewTensor(ir.I32, in[0].Shape)
	if err != nil {
		return nil, err
	}
	ends, err := ir.NewTensor(ir.I32, in[0].Shape)
	if err != nil {
		return nil, err
	}
	symbols, err := ir.NewTensor(ir.U8, []int{total})
	if err != nil {
		return nil, err
	}
	b, e, sym := begins.Data.([]int32), ends.Data.([]int32), symbols.Data.([]uint8)
	off := 0
	for i, s := range strs {
		b[i] = int32(off)
		off += copy(sym[off:], s)
		e[i] = int32(off)
	}
	return []*ir.Tensor{begins, ends, symbols}, nil
}

func (k miscStringUnpackKernel) Run(ctx context.Context, in, out []*ir.Tensor) error {
	res, err := k.RunDynamic(ctx, in)
	if err != nil {
		return err
	}
	if len(out) != 3 {
		return fmt.Errorf("StringTensorUnpack: %d outputs, want 3", len(out))
	}
	for i, r := range res {
		if out[i] == nil || out[i].Len() != r.Len() || !miscCopyData(out[i].Data, r.Data) {
			return fmt.Errorf("StringTensorUnpack: output %d does not match the computed %v", i, r.Shape)
		}
	}
	return nil
}
