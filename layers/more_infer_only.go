package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
)

// Ops irrun infers but does not execute (no Prepare): FakeConvert-13
// (src/core/src/op/fake_convert.cpp, fake_convert_shape_inference.hpp), RandomUniform-8
// (random_uniform.cpp, random_uniform_shape_inference.hpp), Multinomial-13 (multinomial.cpp,
// multinomial_shape_inference.hpp), SparseFillEmptyRows-16 (sparse_fill_empty_rows.cpp,
// sparse_fill_empty_rows_shape_inference.hpp), StringTensorPack-15 and StringTensorUnpack-15
// (string_tensor_pack.cpp, string_tensor_unpack.cpp and their shape inference).

// ---------------------------------------------------------------- FakeConvert-13

type moreFakeConvert struct {
	DestType ir.ElementType `attr:"destination_type"`
}

func (f *moreFakeConvert) Infer(in []Input) ([]Output, error) {
	if err := moreCount("FakeConvert", in, 2, 3); err != nil {
		return nil, err
	}
	if f.DestType != ir.F8E4M3 && f.DestType != ir.F8E5M2 {
		return nil, fmt.Errorf("Bad format for f8 conversion type: %s", f.DestType)
	}
	t := in[0].Type
	for i := 1; i < len(in); i++ {
		m, ok := mergeTypes(t, in[i].Type)
		if !ok {
			return nil, fmt.Errorf("Mixed input types are not supported. (got %s and %s)", t, in[i].Type)
		}
		t = m
	}
	if t != ir.BF16 && t != ir.F16 && t != ir.F32 && t != ir.Dynamic {
		return nil, fmt.Errorf("The element type of the input tensor must be a bf16, f16, f32 but got: %s", t)
	}
	if len(in) == 3 && !moreShapeCompatible(in[1].Shape, in[2].Shape) {
		return nil, fmt.Errorf("FakeConvert scale shape: %s is not compatible with shift shape: %s", in[1].Shape, in[2].Shape)
	}
	out, ok := broadcastMerge(in[0].Shape, in[1].Shape, autoBroadcast{Type: "numpy"})
	if !ok {
		return nil, fmt.Errorf("Argument shapes are inconsistent. (got %s and %s)", in[0].Shape, in[1].Shape)
	}
	if !moreShapeCompatible(in[0].Shape, out) {
		return nil, fmt.Errorf("FakeConvert support only unidirectional broadcasting, inputs cannot be broadcastd into data. (data %s, scale %s)", in[0].Shape, in[1].Shape)
	}
	return []Output{{Type: t, Shape: out}}, nil
}

// ---------------------------------------------------------------- RandomUniform-8

type moreRandomUniform struct {
	OutType    ir.ElementType `attr:"output_type"`
	GlobalSeed uint64         `attr:"global_seed"`
	OpSeed     uint64         `attr:"op_seed"`
	// Alignment is the generator (kernels.RandomAlignment); empty is tensorflow, the
	// op's default.
	Alignment string `attr:"alignment,enum=tensorflow|pytorch|openvino"`
}

// moreScalarOr1 is `shape.compatible({}) || shape.compatible({1})`.
func moreScalarOr1(s ir.Shape) bool {
	return moreShapeCompatible(s, ir.Shape{}) || moreShapeCompatible(s, shapeOfDims([]int{1}))
}

func (r *moreRandomUniform) Infer(in []Input) ([]Output, error) {
	if err := moreCount("RandomUniform", in, 3, 3); err != nil {
		return nil, err
	}
	if t := in[0].Type; t != ir.Dynamic && t != ir.I32 && t != ir.I64 {
		return nil, fmt.Errorf("Type of the input should be int32 or int64. (got %s)", t)
	}
	if in[1].Type != in[2].Type {
		return nil, fmt.Errorf("'min_val' should have the same type as 'max_val'. (got %s and %s)", in[1].Type, in[2].Type)
	}
	ot := r.OutType
	if !(ot.IsFloat() || ot == ir.I32 || ot == ir.I64) || ot != in[1].Type {
		return nil, fmt.Errorf("'min_val' and 'max_val' should have the same type as 'out_type' attribute. (got %s, output_type %s)", in[1].Type, ot)
	}
	shapeS := in[0].Shape
	if !moreRankCompatible(shapeS, 1) {
		return nil, fmt.Errorf("The rank of the tensor defining output shape must be equal to 1. (got %s)", shapeS)
	}
	if !moreScalarOr1(in[1].Shape) {
		return nil, fmt.Errorf("Min value must be a scalar or one element 1D tensor. (got %s)", in[1].Shape)
	}
	if !moreScalarOr1(in[2].Shape) {
		return nil, fmt.Errorf("Max value must be a scalar or one element 1D tensor. (got %s)", in[2].Shape)
	}
	if in[1].Value != nil && in[2].Value != nil {
		lo, ok1 := in[1].Value.Float64s()
		hi, ok2 := in[2].Value.Float64s()
		if ok1 && ok2 && len(lo) > 0 && len(hi) > 0 && !(lo[0] < hi[0]) {
			return nil, fmt.Errorf("Min value must be less than max value. Got min value: %g, max value: %g", lo[0], hi[0])
		}
	}
	var out ir.Shape
	if _, _, ok := in[0].bounded(); ok {
		out = shapeInput(in[0])
	} else if shapeS.DynamicRank || shapeS.Dims[0].Hi == ir.Inf {
		out = ir.DynamicRankShape()
	} else if shapeS.Dims[0].Hi > 1<<16 {
		out = ir.DynamicRankShape()
	} else {
		out = dynamicDims(int(shapeS.Dims[0].Hi))
	}
	return []Output{{Type: ot, Shape: out}}, nil
}

// stateful: a random op is never folded.
func (r *moreRandomUniform) stateful() {}

// ---------------------------------------------------------------- Multinomial-13

type moreMultinomial struct {
	ConvertType     ir.ElementType `attr:"convert_type"`
	WithReplacement bool           `attr:"with_replacement"`
	LogProbs        bool           `attr:"log_probs"`
	GlobalSeed      uint64         `attr:"global_seed"`
	OpSeed          uint64         `attr:"op_seed"`
}

func (m *moreMultinomial) Infer(in []Input) ([]Output, error) {
	if err := moreCount("Multinomial", in, 2, 2); err != nil {
		return nil, err
	}
	probs, num := in[0].Shape, in[1].Shape
	if !moreRankCompatible(probs, 1) && !moreRankCompatible(probs, 2) {
		return nil, fmt.Errorf("The rank of the 'input' tensor defining output shape must be either 1 or 2. (got %s)", probs)
	}
	if !moreScalarOr1(num) {
		return nil, fmt.Errorf("Number of samples must be a scalar or one element 1D tensor. (got %s)", num)
	}
	nv, known := in[1].ints()
	if known && len(nv) > 0 && nv[0] < 0 {
		return nil, fmt.Errorf("Number of samples must be non-negative. Got number of samples: %d", nv[0])
	}
	var out ir.Shape
	lo, hi, bounded := in[1].bounded()
	bounded = bounded && len(lo) > 0
	if moreRankCompatible(probs, 1) {
		switch {
		case bounded:
			out = ir.Shape{Dims: []ir.Dim{boundToDim(lo[0], hi[0], in[1].Type)}}
		case num.DynamicRank:
			out = ir.DynamicRankShape()
		default:
			out = dynamicDims(1)
		}
	} else {
		// OpenVINO reads the constant probabilities as a shape here (a bug); irrun takes the
		// batch from the probabilities' shape, which is compatible with what OpenVINO gives.
		out = dynamicDims(2)
		if bounded {
			out.Dims[0] = probs.Dims[0]
			out.Dims[1] = boundToDim(lo[0], hi[0], in[1].Type)
		}
	}
	if t := in[0].Type; t.IsStatic() && !t.IsFloat() {
		return nil, fmt.Errorf("Expected floating point type as element type for the 'probs' input. (got %s)", t)
	}
	if t := in[1].Type; t.IsStatic() && !t.IsInteger() {
		return nil, fmt.Errorf("Expected integer type as element type for the 'num_samples' input. (got %s)", t)
	}
	return []Output{{Type: m.ConvertType, Shape: out}}, nil
}

func (m *moreMultinomial) stateful() {}

// ---------------------------------------------------------------- SparseFillEmptyRows-16

type moreSparseFillEmptyRows struct{}

func (moreSparseFillEmptyRows) Infer(in []Input) ([]Output, error) {
	if err := moreCount("SparseFillEmptyRows", in, 4, 4); err != nil {
		return nil, err
	}
	it, dt := in[2].Type, in[1].Type
	merged, ok := mergeTypes(it, dt)
	if !ok {
		return nil, fmt.Errorf("The element types of the dense_shape and indices inputs must match. Got: %s and %s", dt, it)
	}
	if merged != ir.I32 && merged != ir.I64 {
		return nil, fmt.Errorf("The element type of the indices and dense_shape inputs must be i32 or i64. Got: %s", merged)
	}
	values, dense, indices := in[0].Shape, in[1].Shape, in[2].Shape
	if !moreRankCompatible(values, 1) {
		return nil, fmt.Errorf("The values input must be a 1D tensor. (got %s)", values)
	}
	if !dense.DynamicRank && (len(dense.Dims) != 1 || !dense.Dims[0].Compatible(ir.StaticDim(2))) {
		return nil, fmt.Errorf("The dense_shape input must be 1D and have exactly 2 elements, meaning only 2D sparse tensors are supported. (got %s)", dense)
	}
	if !indices.DynamicRank && (len(indices.Dims) != 2 || !indices.Dims[1].Compatible(ir.StaticDim(2)) ||
		(!dense.DynamicRank && !indices.Dims[0].Compatible(seqDim(values, 0)))) {
		return nil, fmt.Errorf("The indices input must be a 2D tensor with the first dimension matching the size of values and the second dimension having 2 elements. (got %s)", indices)
	}
	if !moreRankCompatible(in[3].Shape, 0) {
		return nil, fmt.Errorf("The default_value input must be a scalar. (got %s)", in[3].Shape)
	}
	outIdx := ir.Shape{Dims: []ir.Dim{ir.DynamicDim(), ir.StaticDim(2)}}
	outVals := dynamicDims(1)
	empty := dynamicDims(1)
	if lo, hi, ok := in[1].bounded(); ok && len(lo) >= 2 {
		rows := boundToDim(lo[0], hi[0], dt)
		empty.Dims[0] = rows
		if iv, ok := in[2].ints(); ok && rows.IsStatic() && lo[1] == hi[1] {
			nRows, nCols := rows.Lo, lo[1]
			seen := map[int64]bool{}
			for i := 0; i+1 < len(iv); i += 2 {
				r, c := iv[i], iv[i+1]
				if r < 0 || r >= nRows {
					return nil, fmt.Errorf("Sparse tensor index out of bounds: row %d is outside the valid range [0, %d]", r, nRows-1)
				}
				if c < 0 || c >= nCols {
					return nil, fmt.Errorf("Sparse tensor index out of bounds: column %d is outside the valid range [0, %d]", c, nCols-1)
				}
				seen[r] = true
			}
			add := nRows - int64(len(seen))
			outIdx.Dims[0] = dimAddN(seqDim(indices, 0), add)
			outVals.Dims[0] = dimAddN(seqDim(values, 0), add)
		}
	}
	return []Output{{Type: it, Shape: outIdx}, {Type: in[0].Type, Shape: outVals}, {Type: ir.Boolean, Shape: empty}}, nil
}

// ---------------------------------------------------------------- StringTensorPack/Unpack-15

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
