package kernels

import (
	"math"
	"unsafe"

	"github.com/x448/float16"
)

// Round 10 (sn): the f16 convolutions' output blocks narrowed straight from the
// worker's block. RunEpiF16 used to copy each finished block into the f32 output
// scratch (the padded mode's wide grid, the small-N tiles' [pixel][channel] block), run
// the epilogue there and narrow it into the f16 output: three passes over an
// output-sized f32 buffer that does not stay in L2 on large planes (squeezenet's
// 64×113×113 stem). Now, when the epilogue reads no residual tensor, the epilogue runs
// on the block and the result is narrowed from it into the f16 output; the common
// bias (+ ReLU) epilogue in one AVX-512 pass (snBiasReluPH). Every value goes through
// the same float32 operations as before, so the f16 outputs are bit for bit the same.

// snNegZero is −0: x + (−0) is x for every x (+0 would turn −0 into +0).
var snNegZero = math.Float32frombits(0x80000000)

// snBiasRelu reports whether e (nil: no steps) is, for channel ch, a bias add and/or a
// ReLU, and returns the bias (−0 without one) and whether a ReLU follows.
func snBiasRelu(e *Epilogue, ch int) (bias float32, relu, ok bool) {
	bias = snNegZero
	if e == nil {
		return bias, false, true
	}
	s := e.Steps
	if len(s) > 0 && s[0].Kind == EpiAddChan {
		v := s[0].Vec
		bias = v[0]
		if len(v) > 1 {
			bias = v[ch]
		}
		s = s[1:]
	}
	if len(s) > 0 && s[0].Kind == EpiRelu {
		relu = true
		s = s[1:]
	}
	return bias, relu, len(s) == 0
}

// snEpiNarrow applies e (no residual steps; nil: none) to row, the values of output
// channel ch, and narrows the result into dst (len(row) halves). row may be
// overwritten.
func snEpiNarrow(e *Epilogue, row []float32, dst []float16.Float16, ch int) {
	n := len(row)
	if n == 0 {
		return
	}
	if len(dst) < n {
		panic("kernels: f16 row shorter than its block row")
	}
	if snAsm() {
		if bias, relu, ok := snBiasRelu(e, ch); ok {
			snBiasReluPH(n, (*uint16)(unsafe.Pointer(unsafe.SliceData(dst))), unsafe.SliceData(row), bias, relu)
			return
		}
		if v, relu, ok := smChain(e, ch); ok {
			smChainPH(n, (*uint16)(unsafe.Pointer(unsafe.SliceData(dst))), unsafe.SliceData(row), &v, relu)
			return
		}
	}
	if e != nil {
		epiRow(e, row, nil, 0, ch, 0, true)
	}
	GemmF32ToF16(dst[:n], row)
}

// snTransposeAsm reports whether snTransposeH runs (the AVX-512 kernels).
func snTransposeAsm() bool { return snAsm() && scTransAsm() }

// snChanBiasRelu reports whether e (nil: no steps) is, along the oc channels from ch0 of
// a small-N block, a per-channel bias add (a vector: a scalar bias is added in the
// other operand order) and/or a ReLU; the bias is copied into buf (nil: none).
func snChanBiasRelu(e *Epilogue, ch0, oc int, buf *[smallnNR]float32) (bias *float32, relu, ok bool) {
	if e == nil {
		return nil, false, true
	}
	s := e.Steps
	if len(s) > 0 && s[0].Kind == EpiAddChan {
		if len(s[0].Vec) < 2 {
			return nil, false, false
		}
		copy(buf[:oc], s[0].Vec[ch0:ch0+oc])
		clear(buf[oc:])
		bias = &buf[0]
		s = s[1:]
	}
	if len(s) > 0 && s[0].Kind == EpiRelu {
		relu = true
		s = s[1:]
	}
	return bias, relu, len(s) == 0
}

// snTransposeH is smallnTranspose narrowing to f16, with the bias (nil: none; at least
// 16·⌈oc/16⌉ values) added to each pixel's channels and a ReLU (relu) first: it writes
// the n×oc corner of the [pixel][smallnNR] block blk into oc rows of n halves, ld
// apart, at dst. Only with snTransposeAsm.
func snTransposeH(dst []float16.Float16, ld int, blk []float32, n, oc int, bias *float32, relu bool) {
	if n <= 0 || oc <= 0 {
		return
	}
	if !snTransposeAsm() || len(blk) < scTransRows(n)*smallnNR || oc > smallnNR || len(dst) < (oc-1)*ld+n {
		panic("kernels: small-N transpose outside its operands")
	}
	d := (*uint16)(unsafe.Pointer(unsafe.SliceData(dst)))
	for i0 := 0; i0 < n; i0 += 16 {
		for j0 := 0; j0 < oc; j0 += 16 {
			var b *float32
			if bias != nil {
				b = (*float32)(unsafe.Add(unsafe.Pointer(bias), 4*j0))
			}
			snTrans16h((*uint16)(unsafe.Add(unsafe.Pointer(d), 2*(j0*ld+i0))), ld, &blk[i0*smallnNR+j0], min(16, n-i0), min(16, oc-j0), b, relu)
		}
	}
}
