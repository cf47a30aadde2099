package kernels

import (
	"fmt"
	"math"
)

// FakeConvertSpec configures a FakeConvert-13 computation.
type FakeConvertSpec struct {
	// E5M2 selects f8e5m2; otherwise f8e4m3.
	E5M2 bool
	// Round rounds the result of every scale and shift operation to the element type the
	// reference computes in: nil for f32, an f16 or bf16 rounding (ov::float16 and
	// ov::bfloat16 round each operator's float result).
	Round func(float32) float32
}

// FakeConvert emulates a conversion to an 8-bit float as OpenVINO's reference/fake_convert.hpp
// and src/core/reference/src/op/fake_convert.cpp do: x*scale - shift, rounded to f16 (nearest
// even), the f16 bits rounded to f8e4m3 or f8e5m2 precision by the reference's bit
// manipulation (saturating at ±448 and ±57344, NaN and ±Inf of f8e4m3 to ±448, values below
// 2^-9 flushed to +0 for f8e4m3), back to float, then (y + shift)/scale. scale and shift are
// broadcast to dims numpy-style (shapes right-aligned); shift nil is zero. Every output
// element is written.
func FakeConvert(s FakeConvertSpec, data, scale, shift []float32, dims, scaleDims, shiftDims []int, out []float32) error {
	n := 1
	for _, d := range dims {
		if d < 0 || d > maxExtent {
			return fmt.Errorf("kernels: FakeConvert dims %v", dims)
		}
		n *= d
	}
	if len(data) != n || len(out) != n {
		return fmt.Errorf("kernels: FakeConvert data %d and output %d elements for dims %v", len(data), len(out), dims)
	}
	r := len(dims)
	var coord, sArr, oArr [16]int
	if r > len(coord) {
		return fmt.Errorf("kernels: FakeConvert rank %d above 16", r)
	}
	sStr := sArr[:r]
	if err := miscBroadcastStrides(dims, scaleDims, len(scale), sStr); err != nil {
		return fmt.Errorf("kernels: FakeConvert scale: %w", err)
	}
	var oStr []int
	if shift != nil {
		oStr = oArr[:r]
		if err := miscBroadcastStrides(dims, shiftDims, len(shift), oStr); err != nil {
			return fmt.Errorf("kernels: FakeConvert shift: %w", err)
		}
	}
	round := s.Round
	if round == nil {
		round = miscIdentity32
	}
	si, oi := 0, 0
	for i := 0; i < n; i++ {
		sc := scale[si]
		var sh float32
		if shift != nil {
			sh = shift[oi]
		}
		v := round(round(data[i]*sc) - sh)
		h := f32to16(v)
		if s.E5M2 {
			h = miscEmulateE5M2(h)
		} else {
			h = miscEmulateE4M3(h)
		}
		y := f16to32(h)
		out[i] = round(round(y+sh) / sc)
		// Advance the broadcast indices with the row-major coordinate.
		for a := r - 1; a >= 0; a-- {
			coord[a]++
			si += sStr[a]
			if oStr != nil {
				oi += oStr[a]
			}
			if coord[a] < dims[a] {
				break
			}
			si -= sStr[a] * dims[a]
			if oStr != nil {
				oi -= oStr[a] * dims[a]
			}
			coord[a] = 0
		}
	}
	return nil
}

func miscIdentity32(x float32) float32 { return x }

// miscBroadcastStrides sets str, per axis of dims, to the step in a numpy-broadcast operand
// of shape b (right-aligned; axes of size 1 step 0).
func miscBroadcastStrides(dims, b []int, length int, str []int) error {
	if len(b) > len(dims) {
		return fmt.Errorf("shape %v has more axes than %v", b, dims)
	}
	clear(str)
	step := 1
	for i := len(b) - 1; i >= 0; i-- {
		a := len(dims) - len(b) + i
		switch {
		case b[i] == 1:
		case b[i] == dims[a]:
			str[a] = step
		default:
			return fmt.Errorf("shape %v does not broadcast to %v", b, dims)
		}
		step *= b[i]
	}
	if step != length || length == 0 {
		return fmt.Errorf("shape %v holds %d elements, got %d", b, step, length)
	}
	return nil
}

// miscEmulateE5M2 is the reference's emulate_f8e5m2_on_fp16 with use_clamp: round the f16 to
// 2 mantissa bits (nearest even) unless it is NaN or Inf, then saturate Inf to ±57344.
func miscEmulateE5M2(v uint16) uint16 {
	const lshift = 8
	if v&0x7C00 != 0x7C00 {
		rn, tie := v&0x00FF, v&0x0180
		if rn > 0x0080 || tie == 0x0180 {
			v += 1 << lshift
		}
	}
	v &= 0xFF00
	if v&0x7F00 == 0x7C00 {
		v -= 1 << lshift
	}
	return v
}

// miscEmulateE4M3 is the reference's emulate_f8e4m3_on_fp16 with use_clamp.
func miscEmulateE4M3(v uint16) uint16 {
	const lshift = 7
	if math.Abs(float64(f16to32(v))) < 0.001953125 {
		v = 0
	}
	exp := int(v&0x7C00>>10) - 15
	sign := v & 0x8000
	mant := int(v & 0x03FF)
	canRound := v&0x7FFF < 0x5F80
	naninf := v&0x7C00 == 0x7C00
	if exp > 8 {
		naninf = true
		exp, mant = 8, 0x300
	} else if exp < -9 {
		exp, mant = -15, 0
	}
	if exp == 8 && mant >= 0x300 {
		mant = 0x300
	}
	rn, tie := mant&0x7F, mant&0xC0
	if !naninf && canRound && (rn > 0x40 || tie == 0xC0) {
		mant += 1 << lshift
	}
	dshift := 0
	if exp < -6 {
		dshift = -6 - exp
		mant >>= dshift
	}
	mant &= 0xFF80
	mant <<= dshift
	mant += (exp + 15) << 10
	return uint16(mant) | sign
}
