package layers

import "github.com/irrun/irrun/ir"

// table is the op table: one row per op type and the versions one Go type implements.
// Adding an op is its file in this package and one row here.
func table() []Spec {
	return []Spec{
		// Graph structure (structural.go).
		{Type: "Parameter", Versions: []int{1}, Decode: decodeParameter},
		{Type: "Const", Versions: []int{1}, Decode: decodeConst},
		{Type: "Result", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, Decode: decodeResult},
		{Type: "Convert", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, Decode: decodeConvert},
		{Type: "Transpose", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, Decode: decodeTranspose},

		// Pooling (pooling.go, adaptive_pooling.go).
		{Type: "MaxPool", Versions: []int{1, 8, 14}, MinInputs: 1, MaxInputs: 1,
			Decode: func(l *ir.Layer, _ *ir.Model, v int) (Op, []ir.Diagnostic) { return decodePool(l, kindMax, v) }},
		{Type: "AvgPool", Versions: []int{1, 14, 16}, MinInputs: 1, MaxInputs: 1,
			Decode: func(l *ir.Layer, _ *ir.Model, v int) (Op, []ir.Diagnostic) { return decodePool(l, kindAvg, v) }},
		{Type: "AdaptiveAvgPool", Versions: []int{8}, MinInputs: 2, MaxInputs: 2,
			Decode: func(l *ir.Layer, _ *ir.Model, _ int) (Op, []ir.Diagnostic) { return decodeAdaptive(l, false) }},
		{Type: "AdaptiveMaxPool", Versions: []int{8}, MinInputs: 2, MaxInputs: 2,
			Decode: func(l *ir.Layer, _ *ir.Model, _ int) (Op, []ir.Diagnostic) { return decodeAdaptive(l, true) }},

		// Colour conversions of preprocessing (color.go).
		{Type: "NV12toRGB", Versions: []int{8}, MinInputs: 1, MaxInputs: 2, New: func(int) Op { return colorOp{} }},
		{Type: "NV12toBGR", Versions: []int{8}, MinInputs: 1, MaxInputs: 2, New: func(int) Op { return colorOp{bgr: true} }},
		{Type: "I420toRGB", Versions: []int{8}, MinInputs: 1, MaxInputs: 3, New: func(int) Op { return colorOp{i420: true} }},
		{Type: "I420toBGR", Versions: []int{8}, MinInputs: 1, MaxInputs: 3, New: func(int) Op { return colorOp{i420: true, bgr: true} }},

		// Elementwise binary, comparison, logical, Select.
		// BEGIN eltwise
		{Type: "Add", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("Add")},
		{Type: "Subtract", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("Subtract")},
		{Type: "Multiply", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("Multiply")},
		{Type: "Divide", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("Divide")},
		{Type: "Maximum", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("Maximum")},
		{Type: "Minimum", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("Minimum")},
		{Type: "Mod", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("Mod")},
		{Type: "FloorMod", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("FloorMod")},
		{Type: "Power", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("Power")},
		{Type: "SquaredDifference", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("SquaredDifference")},
		{Type: "Equal", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("Equal")},
		{Type: "NotEqual", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("NotEqual")},
		{Type: "Greater", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("Greater")},
		{Type: "GreaterEqual", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("GreaterEqual")},
		{Type: "Less", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("Less")},
		{Type: "LessEqual", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("LessEqual")},
		{Type: "LogicalAnd", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("LogicalAnd")},
		{Type: "LogicalOr", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("LogicalOr")},
		{Type: "LogicalXor", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: eltNew("LogicalXor")},
		{Type: "LogicalNot", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: eltNew("LogicalNot")},
		{Type: "Select", Versions: []int{1}, MinInputs: 3, MaxInputs: 3, New: eltNew("Select")},
		// END eltwise

		// Unary math and activations, PReLU, Clamp.
		// BEGIN unary
		{Type: "Relu", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Relu")},
		{Type: "Sigmoid", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Sigmoid")},
		{Type: "Exp", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Exp")},
		{Type: "Negative", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Negative")},
		{Type: "Sqrt", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Sqrt")},
		{Type: "Abs", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Abs")},
		{Type: "Floor", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Floor")},
		{Type: "Ceiling", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Ceiling")},
		{Type: "Log", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Log")},
		{Type: "Tanh", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Tanh")},
		{Type: "Erf", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Erf")},
		{Type: "Sign", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Sign")},
		{Type: "Sin", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Sin")},
		{Type: "Cos", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Cos")},
		{Type: "Tan", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Tan")},
		{Type: "Asin", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Asin")},
		{Type: "Acos", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Acos")},
		{Type: "Atan", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Atan")},
		{Type: "Sinh", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Sinh")},
		{Type: "Cosh", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Cosh")},
		{Type: "Asinh", Versions: []int{3}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Asinh")},
		{Type: "Acosh", Versions: []int{3}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Acosh")},
		{Type: "Atanh", Versions: []int{3}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Atanh")},
		{Type: "HSwish", Versions: []int{4}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("HSwish")},
		{Type: "HSigmoid", Versions: []int{5}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("HSigmoid")},
		{Type: "Mish", Versions: []int{4}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("Mish")},
		{Type: "SoftPlus", Versions: []int{4}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("SoftPlus")},
		{Type: "SoftSign", Versions: []int{9}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("SoftSign")},
		{Type: "IsNaN", Versions: []int{10}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("IsNaN")},
		{Type: "IsFinite", Versions: []int{10}, MinInputs: 1, MaxInputs: 1, New: newPlainUnary("IsFinite")},
		// activations.go, prelu.go
		{Type: "Clamp", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: func(int) Op { return &clampOp{} }},
		{Type: "Elu", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: func(int) Op { return &eluOp{} }},
		{Type: "Gelu", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: func(int) Op { return gelu1Op{} }},
		{Type: "Gelu", Versions: []int{7}, MinInputs: 1, MaxInputs: 1, New: func(int) Op { return &geluOp{Mode: "erf"} }},
		{Type: "Swish", Versions: []int{4}, MinInputs: 1, MaxInputs: 2, New: func(int) Op { return swishOp{} }},
		{Type: "Round", Versions: []int{5}, MinInputs: 1, MaxInputs: 1, New: func(int) Op { return &roundOp{Mode: "half_to_even"} }},
		{Type: "IsInf", Versions: []int{10}, MinInputs: 1, MaxInputs: 1,
			New: func(int) Op { return &isInfOp{DetectNegative: true, DetectPositive: true} }},
		{Type: "PRelu", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return preluOp{} }},
		// END unary

		// SoftMax, LogSoftmax, LRN, MVN, BatchNormInference, NormalizeL2, FakeQuantize.
		// BEGIN norm
		{Type: "Softmax", Versions: []int{1, 8}, MinInputs: 1, MaxInputs: 1, New: newSoftmax},
		{Type: "LogSoftmax", Versions: []int{5}, MinInputs: 1, MaxInputs: 1, New: func(int) Op { return &logSoftmaxOp{Axis: 1} }},
		{Type: "LRN", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return &lrnOp{} }},
		{Type: "MVN", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newMVN},
		{Type: "MVN", Versions: []int{6}, MinInputs: 2, MaxInputs: 2, New: newMVN},
		{Type: "BatchNormInference", Versions: []int{1, 5}, MinInputs: 5, MaxInputs: 5, New: newBatchNorm},
		{Type: "NormalizeL2", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: newNormalizeL2},
		{Type: "FakeQuantize", Versions: []int{1}, MinInputs: 5, MaxInputs: 5, New: newFakeQuantize},
		// END norm

		// ShapeOf, Reshape, Squeeze, Unsqueeze, Concat, Gather, Broadcast, Tile, Range.
		// BEGIN shape
		{Type: "ShapeOf", Versions: []int{1, 3}, MinInputs: 1, MaxInputs: 1, New: newShapeOf},
		{Type: "Reshape", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return &reshapeOp{} }},
		{Type: "Squeeze", Versions: []int{1, 15}, MinInputs: 1, MaxInputs: 2, New: func(v int) Op { return &squeezeOp{version: v} }},
		{Type: "Unsqueeze", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return unsqueezeOp{} }},
		{Type: "Concat", Versions: []int{1}, MinInputs: 1, MaxInputs: 1 << 20, New: func(int) Op { return &concatOp{} }},
		{Type: "Gather", Versions: []int{1, 7, 8}, MinInputs: 3, MaxInputs: 3, New: func(v int) Op { return &gatherOp{version: v} }},
		{Type: "Broadcast", Versions: []int{1, 3}, MinInputs: 2, MaxInputs: 3, New: newBroadcast},
		{Type: "Tile", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return tileOp{} }},
		{Type: "Range", Versions: []int{1, 4}, MinInputs: 3, MaxInputs: 3, New: func(v int) Op { return &rangeOp{OutputType: ir.Dynamic, version: v} }},
		// END shape

		// StridedSlice, Slice, Split, VariadicSplit, Pad, scatters, GatherND, NonZero, CumSum, DepthToSpace, SpaceToDepth, ShuffleChannels.
		// BEGIN slice
		{Type: "StridedSlice", Versions: []int{1}, MinInputs: 3, MaxInputs: 4, New: newStridedSlice},
		{Type: "Slice", Versions: []int{8}, MinInputs: 4, MaxInputs: 5, New: func(int) Op { return sliceOp{} }},
		{Type: "Split", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return &splitOp{} }},
		{Type: "VariadicSplit", Versions: []int{1}, MinInputs: 3, MaxInputs: 3, New: func(int) Op { return variadicSplitOp{} }},
		{Type: "Pad", Versions: []int{1, 12}, MinInputs: 3, MaxInputs: 4, New: newPad},
		{Type: "ScatterUpdate", Versions: []int{3}, MinInputs: 4, MaxInputs: 4, New: newScatter(scatterUpdate)},
		{Type: "ScatterNDUpdate", Versions: []int{3, 15}, MinInputs: 3, MaxInputs: 3, New: newScatter(scatterND)},
		{Type: "ScatterElementsUpdate", Versions: []int{3, 12}, MinInputs: 4, MaxInputs: 4, New: newScatter(scatterElements)},
		{Type: "GatherND", Versions: []int{5, 8}, MinInputs: 2, MaxInputs: 2, New: func(v int) Op { return &gatherNDOp{version: v} }},
		{Type: "GatherElements", Versions: []int{6}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return &gatherElementsOp{} }},
		{Type: "NonZero", Versions: []int{3}, MinInputs: 1, MaxInputs: 1, New: newNonZero},
		{Type: "CumSum", Versions: []int{1}, MinInputs: 1, MaxInputs: 2, New: func(int) Op { return &cumSumOp{} }},
		{Type: "DepthToSpace", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newDepthSpace(true)},
		{Type: "SpaceToDepth", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newDepthSpace(false)},
		{Type: "ShuffleChannels", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newShuffleChannels},
		// END slice

		// Convolution family, MatMul, Einsum, Interpolate.
		// BEGIN conv
		{Type: "Convolution", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return newConv(false) }},
		{Type: "GroupConvolution", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return newConv(true) }},
		{Type: "ConvolutionBackpropData", Versions: []int{1}, MinInputs: 2, MaxInputs: 3, New: func(int) Op { return newConvBackprop(false) }},
		{Type: "GroupConvolutionBackpropData", Versions: []int{1}, MinInputs: 2, MaxInputs: 3, New: func(int) Op { return newConvBackprop(true) }},
		{Type: "MatMul", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return &matMulOp{} }},
		{Type: "Einsum", Versions: []int{7}, MinInputs: 1, MaxInputs: 1 << 16, New: func(int) Op { return &einsumOp{} }},
		{Type: "Interpolate", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return newInterp1() }},
		{Type: "Interpolate", Versions: []int{4}, MinInputs: 3, MaxInputs: 4, New: func(int) Op { return newInterp(4) }},
		{Type: "Interpolate", Versions: []int{11}, MinInputs: 2, MaxInputs: 3, New: func(int) Op { return newInterp(11) }},
		// END conv

		// Reductions, TopK, detection and sequence decoding.
		// BEGIN reduce
		{Type: "ReduceSum", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: newReduce(redSum, "ReduceSum")},
		{Type: "ReduceMean", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: newReduce(redMean, "ReduceMean")},
		{Type: "ReduceProd", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: newReduce(redProd, "ReduceProd")},
		{Type: "ReduceMax", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: newReduce(redMax, "ReduceMax")},
		{Type: "ReduceMin", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: newReduce(redMin, "ReduceMin")},
		{Type: "ReduceL1", Versions: []int{4}, MinInputs: 2, MaxInputs: 2, New: newReduce(redL1, "ReduceL1")},
		{Type: "ReduceL2", Versions: []int{4}, MinInputs: 2, MaxInputs: 2, New: newReduce(redL2, "ReduceL2")},
		{Type: "ReduceLogicalAnd", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: newReduce(redAnd, "ReduceLogicalAnd")},
		{Type: "ReduceLogicalOr", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: newReduce(redOr, "ReduceLogicalOr")},
		{Type: "TopK", Versions: []int{1, 3, 11}, MinInputs: 2, MaxInputs: 2, New: newTopK},
		{Type: "PriorBoxClustered", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: newPriorBoxClustered},
		{Type: "DetectionOutput", Versions: []int{1, 8}, MinInputs: 3, MaxInputs: 5, New: newDetectionOutput},
		{Type: "NonMaxSuppression", Versions: []int{5, 9}, MinInputs: 2, MaxInputs: 6, New: newNMS},
		{Type: "CTCGreedyDecoder", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: newCTCGreedy},
		{Type: "CTCGreedyDecoderSeqLen", Versions: []int{6}, MinInputs: 2, MaxInputs: 3, New: newCTCSeqLen},
		// END reduce

		// Loop, ReadValue, Assign.
		// More common ops (simple).
		// BEGIN more
		// more_activation.go, more_convert.go, more_bitwise.go
		{Type: "HardSigmoid", Versions: []int{1}, MinInputs: 3, MaxInputs: 3, New: func(int) Op { return moreHardSigmoid{} }},
		{Type: "Selu", Versions: []int{1}, MinInputs: 3, MaxInputs: 3, New: func(int) Op { return moreSelu{} }},
		{Type: "ConvertLike", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return moreConvertLike{} }},
		{Type: "Identity", Versions: []int{16}, MinInputs: 1, MaxInputs: 1, New: func(int) Op { return moreIdentity{} }},
		{Type: "BitwiseAnd", Versions: []int{13}, MinInputs: 2, MaxInputs: 2, New: newMoreBitwise("BitwiseAnd")},
		{Type: "BitwiseOr", Versions: []int{13}, MinInputs: 2, MaxInputs: 2, New: newMoreBitwise("BitwiseOr")},
		{Type: "BitwiseXor", Versions: []int{13}, MinInputs: 2, MaxInputs: 2, New: newMoreBitwise("BitwiseXor")},
		{Type: "BitwiseLeftShift", Versions: []int{15}, MinInputs: 2, MaxInputs: 2, New: newMoreBitwise("BitwiseLeftShift")},
		{Type: "BitwiseRightShift", Versions: []int{15}, MinInputs: 2, MaxInputs: 2, New: newMoreBitwise("BitwiseRightShift")},
		{Type: "BitwiseNot", Versions: []int{13}, MinInputs: 1, MaxInputs: 1, New: func(int) Op { return moreBitwiseNot{} }},
		// Xor-1 (op::v0::Xor, opset1) is LogicalXor under its old name.
		{Type: "Xor", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: newMoreXor},
		// more_roll.go, more_onehot.go, more_batchspace.go, more_eye.go
		{Type: "Roll", Versions: []int{7}, MinInputs: 3, MaxInputs: 3, New: func(int) Op { return moreRoll{} }},
		{Type: "Reverse", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return &moreReverse{Mode: "index"} }},
		{Type: "ReverseSequence", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return &moreReverseSequence{SeqAxis: 1} }},
		{Type: "OneHot", Versions: []int{1, 16}, MinInputs: 4, MaxInputs: 4, New: newMoreOneHot},
		{Type: "BatchToSpace", Versions: []int{1}, MinInputs: 4, MaxInputs: 4, New: func(int) Op { return moreBatchSpace{toSpace: true} }},
		{Type: "SpaceToBatch", Versions: []int{1}, MinInputs: 4, MaxInputs: 4, New: func(int) Op { return moreBatchSpace{} }},
		{Type: "Eye", Versions: []int{9}, MinInputs: 3, MaxInputs: 4, New: func(int) Op { return &moreEye{OutType: ir.Dynamic} }},
		// more_norm.go, more_yolo.go
		{Type: "GroupNormalization", Versions: []int{12}, MinInputs: 3, MaxInputs: 3, New: func(int) Op { return &moreGroupNorm{} }},
		{Type: "GRN", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: func(int) Op { return &moreGRN{} }},
		{Type: "GatherTree", Versions: []int{1}, MinInputs: 4, MaxInputs: 4, New: func(int) Op { return moreGatherTree{} }},
		// more_search.go, more_patches.go
		{Type: "Bucketize", Versions: []int{3}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return &moreBucketize{OutType: ir.I64, RightBound: true} }},
		{Type: "SearchSorted", Versions: []int{15}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return &moreSearchSorted{OutType: ir.I64} }},
		{Type: "ExtractImagePatches", Versions: []int{3}, MinInputs: 1, MaxInputs: 1, New: func(int) Op { return &moreExtractPatches{AutoPad: "valid"} }},
		{Type: "RegionYolo", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: newMoreRegionYolo},
		{Type: "ReorgYolo", Versions: []int{1}, MinInputs: 1, MaxInputs: 1, New: func(int) Op { return &moreReorgYolo{} }},
		// prior_box_ssd.go
		{Type: "PriorBox", Versions: []int{1, 8}, MinInputs: 2, MaxInputs: 2, New: newMorePriorBox},
		// more_embedding.go
		{Type: "EmbeddingBagOffsetsSum", Versions: []int{3}, MinInputs: 3, MaxInputs: 5, New: newMoreEmbedding(moreEmbedOffsets, "EmbeddingBagOffsetsSum")},
		{Type: "EmbeddingBagOffsets", Versions: []int{15}, MinInputs: 3, MaxInputs: 5, New: newMoreEmbedding(moreEmbedOffsets, "EmbeddingBagOffsets")},
		{Type: "EmbeddingBagPackedSum", Versions: []int{3}, MinInputs: 2, MaxInputs: 3, New: newMoreEmbedding(moreEmbedPacked, "EmbeddingBagPackedSum")},
		{Type: "EmbeddingBagPacked", Versions: []int{15}, MinInputs: 2, MaxInputs: 3, New: newMoreEmbedding(moreEmbedPacked, "EmbeddingBagPacked")},
		{Type: "EmbeddingSegmentsSum", Versions: []int{3}, MinInputs: 4, MaxInputs: 6, New: newMoreEmbedding(moreEmbedSegments, "EmbeddingSegmentsSum")},
		// more_col2im.go
		{Type: "Col2Im", Versions: []int{15}, MinInputs: 3, MaxInputs: 3, New: newMoreCol2Im},
		// more_slice_scatter.go
		{Type: "SliceScatter", Versions: []int{15}, MinInputs: 5, MaxInputs: 6, New: func(int) Op { return moreSliceScatter{} }},
		// more_segment_max.go
		{Type: "SegmentMax", Versions: []int{16}, MinInputs: 2, MaxInputs: 3, New: func(int) Op { return &moreSegmentMax{FillMode: "zero"} }},
		// more_promote.go, more_inverse.go
		{Type: "ConvertPromoteTypes", Versions: []int{14}, MinInputs: 2, MaxInputs: 2, New: newMorePromote},
		{Type: "Inverse", Versions: []int{14}, MinInputs: 1, MaxInputs: 1, New: func(int) Op { return &moreInverse{} }},
		// misc_fake_convert.go, misc_random.go, misc_multinomial.go, misc_sparse_fill.go, misc_string_tensor.go
		{Type: "FakeConvert", Versions: []int{13}, MinInputs: 2, MaxInputs: 3, New: func(int) Op { return &moreFakeConvert{DestType: ir.F8E4M3} }},
		{Type: "RandomUniform", Versions: []int{8}, MinInputs: 3, MaxInputs: 3, New: func(int) Op { return &moreRandomUniform{OutType: ir.F32} }},
		{Type: "Multinomial", Versions: []int{13}, MinInputs: 2, MaxInputs: 2, New: func(int) Op { return &moreMultinomial{ConvertType: ir.I64} }},
		{Type: "SparseFillEmptyRows", Versions: []int{16}, MinInputs: 4, MaxInputs: 4, New: func(int) Op { return moreSparseFillEmptyRows{} }},
		{Type: "StringTensorPack", Versions: []int{15}, MinInputs: 3, MaxInputs: 3, New: func(int) Op { return moreStringPack{} }},
		{Type: "StringTensorUnpack", Versions: []int{15}, MinInputs: 1, MaxInputs: 1, New: func(int) Op { return moreStringUnpack{} }},
		// END more

		// Sequence, attention, region ops, sub-graphs.
		// BEGIN seq
		{Type: "RNNCell", Versions: []int{1}, MinInputs: 4, MaxInputs: 5, New: seqNewRNN(seqKindRNN, false, "RNNCell")},
		{Type: "GRUCell", Versions: []int{3}, MinInputs: 4, MaxInputs: 5, New: seqNewRNN(seqKindGRU, false, "GRUCell")},
		{Type: "LSTMCell", Versions: []int{1}, MinInputs: 5, MaxInputs: 7, New: seqNewRNN(seqKindLSTM, false, "LSTMCell")},
		{Type: "LSTMCell", Versions: []int{4}, MinInputs: 5, MaxInputs: 6, New: seqNewRNN(seqKindLSTM, false, "LSTMCell")},
		{Type: "RNNSequence", Versions: []int{5}, MinInputs: 6, MaxInputs: 6, New: seqNewRNN(seqKindRNN, true, "RNNSequence")},
		{Type: "GRUSequence", Versions: []int{5}, MinInputs: 6, MaxInputs: 6, New: seqNewRNN(seqKindGRU, true, "GRUSequence")},
		{Type: "LSTMSequence", Versions: []int{5}, MinInputs: 7, MaxInputs: 7, New: seqNewRNN(seqKindLSTM, true, "LSTMSequence")},
		{Type: "ScaledDotProductAttention", Versions: []int{13}, MinInputs: 3, MaxInputs: 5, New: seqNewSDPA},
		{Type: "If", Versions: []int{8}, MinInputs: 1, MaxInputs: 1 << 16, Decode: seqDecodeIf},
		{Type: "TensorIterator", Versions: []int{1}, MinInputs: 0, MaxInputs: 1 << 16, Decode: seqDecodeTI},
		{Type: "ROIAlign", Versions: []int{3, 9}, MinInputs: 3, MaxInputs: 3, New: seqNewROIAlign},
		{Type: "ROIAlignRotated", Versions: []int{15}, MinInputs: 3, MaxInputs: 3, New: seqNewROIAlignRotated},
		{Type: "GridSample", Versions: []int{9}, MinInputs: 2, MaxInputs: 2, New: seqNewGridSample},
		{Type: "Unique", Versions: []int{10}, MinInputs: 1, MaxInputs: 2, New: seqNewUnique},
		{Type: "ROIPooling", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: seqNewROIPooling},
		{Type: "PSROIPooling", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: seqNewPSROI},
		{Type: "DeformablePSROIPooling", Versions: []int{1}, MinInputs: 2, MaxInputs: 3, New: seqNewDeformablePSROI},
		{Type: "Proposal", Versions: []int{1, 4}, MinInputs: 3, MaxInputs: 3, New: seqNewProposal},
		{Type: "ExperimentalDetectronDetectionOutput", Versions: []int{6}, MinInputs: 4, MaxInputs: 4, New: seqNewEDDetectionOutput},
		{Type: "ExperimentalDetectronGenerateProposalsSingleImage", Versions: []int{6}, MinInputs: 4, MaxInputs: 4, New: seqNewEDGenerateProposals},
		{Type: "ExperimentalDetectronPriorGridGenerator", Versions: []int{6}, MinInputs: 3, MaxInputs: 3, New: seqNewEDPriorGrid},
		{Type: "ExperimentalDetectronROIFeatureExtractor", Versions: []int{6}, MinInputs: 2, MaxInputs: 1 << 10, New: seqNewEDROIFeature},
		{Type: "ExperimentalDetectronTopKROIs", Versions: []int{6}, MinInputs: 2, MaxInputs: 2, New: seqNewEDTopKROIs},
		{Type: "GenerateProposals", Versions: []int{9}, MinInputs: 4, MaxInputs: 4, New: seqNewGenerateProposals},
		{Type: "NonMaxSuppression", Versions: []int{1, 3, 4}, MinInputs: 2, MaxInputs: 5, New: seqNewNMSOld},
		{Type: "NMSRotated", Versions: []int{13}, MinInputs: 2, MaxInputs: 5, New: seqNewNMSRotated},
		{Type: "MatrixNms", Versions: []int{8}, MinInputs: 2, MaxInputs: 2, New: seqNewMatrixNms},
		{Type: "MulticlassNms", Versions: []int{8, 9}, MinInputs: 2, MaxInputs: 3, New: seqNewMulticlassNms},
		{Type: "DFT", Versions: []int{7}, MinInputs: 2, MaxInputs: 3, New: seqNewFFT("DFT")},
		{Type: "IDFT", Versions: []int{7}, MinInputs: 2, MaxInputs: 3, New: seqNewFFT("IDFT")},
		{Type: "RDFT", Versions: []int{9}, MinInputs: 2, MaxInputs: 3, New: seqNewFFT("RDFT")},
		{Type: "IRDFT", Versions: []int{9}, MinInputs: 2, MaxInputs: 3, New: seqNewFFT("IRDFT")},
		{Type: "STFT", Versions: []int{15}, MinInputs: 4, MaxInputs: 4, New: seqNewSTFT},
		{Type: "ISTFT", Versions: []int{16}, MinInputs: 4, MaxInputs: 5, New: seqNewISTFT},
		{Type: "CTCLoss", Versions: []int{4}, MinInputs: 4, MaxInputs: 5, New: seqNewCTCLoss},
		{Type: "DeformableConvolution", Versions: []int{1, 8}, MinInputs: 3, MaxInputs: 4, New: seqNewDeformConv},
		{Type: "BinaryConvolution", Versions: []int{1}, MinInputs: 2, MaxInputs: 2, New: seqNewBinaryConv},
		// END seq

		// BEGIN control
		{Type: "Loop", Versions: []int{5}, MinInputs: 2, MaxInputs: 1 << 16, Decode: decodeLoop},
		{Type: "ReadValue", Versions: []int{3, 6}, MinInputs: 0, MaxInputs: 1, New: newReadValue},
		{Type: "Assign", Versions: []int{3, 6}, MinInputs: 1, MaxInputs: 1, New: func(int) Op { return &assignOp{} }},
		// END control
	}
}
