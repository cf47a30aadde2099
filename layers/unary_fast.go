package layers

import "github.com/irrun/irrun/kernels"

// Fast float32 paths of the plain unary ops and Gelu (kernels.FastExpF32: exact Relu; Exp,
// Sigmoid, Tanh, Mish, SoftPlus, Gelu within a few ulp of the float64 reference). The
// reference path (ExecOptions.Reference) keeps the float64 functions.

// unaryWithFast returns u with its fast float32 function for op name set, unless opts
// asks for the reference kernels or the op has none.
func unaryWithFast(name string, u unaryFn, opts ExecOptions) unaryFn {
	if opts.Reference {
		return u
	}
	var kind kernels.FastExpKind
	switch name {
	case "Negative":
		// -x in float32 is the reference's float32(-float64(x)); on f16/bf16 the sign bit
		// of the stored value flips (the reference's widen, negate, narrow, bit for bit but
		// for NaN payloads, which it may quiet).
		u.fast = interpNegF32
		u.halfBits = kernels.NegBits16
		return u
	case "Abs":
		u.fast = interpAbsF32
		return u
	case "Relu":
		kind = kernels.FastRelu
		// On f16/bf16 the stored bits: x > 0 ? x : +0 (kernels.ReluBits16).
		u.f16Bits = func(dst, src []uint16) { kernels.ReluBits16(dst, src, 0x7c00) }
		u.bf16Bits = func(dst, src []uint16) { kernels.ReluBits16(dst, src, 0x7f80) }
	case "Sigmoid":
		kind = kernels.FastSigmoid
	case "Exp":
		kind = kernels.FastExp
	case "Tanh":
		kind = kernels.FastTanh
	case "Mish":
		kind = kernels.FastMish
	case "SoftPlus":
		kind = kernels.FastSoftPlus
	default:
		return u
	}
	u.fast = func(dst, src []float32) { kernels.FastExpF32(dst, src, kind, 0) }
	return u
}

// geluWithFast returns Gelu's u with its fast float32 function (kernels.FastExpF32's
// FastGeluErf or FastGeluTanh, within 3-4 ulp of the exact function and without the
// reference's cancellation for x ≪ 0), unless opts asks for the reference kernels.
func geluWithFast(u unaryFn, tanh bool, opts ExecOptions) unaryFn {
	if opts.Reference {
		return u
	}
	kind := kernels.FastGeluErf
	if tanh {
		kind = kernels.FastGeluTanh
	}
	u.fast = func(dst, src []float32) { kernels.FastExpF32(dst, src, kind, 0) }
	return u
}

// interpNegF32 is dst = -src.
func interpNegF32(dst, src []float32) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = -x
	}
}

// interpAbsF32 is the reference's x < 0 ? -x : x (−0 and NaN kept).
func interpAbsF32(dst, src []float32) {
	src = src[:len(dst)]
	for i, x := range src {
		if x < 0 {
			x = -x
		}
		dst[i] = x
	}
}
