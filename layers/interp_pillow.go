package layers

import (
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Interpolate-11 bilinear_pillow / bicubic_pillow, after reference interpolate_pil.hpp (Pillow's
// Resample.c): the two axes (H then W) of every plane are resampled separably, horizontal pass
// first into a temporary of the element type (integers rounded half away from zero and
// clipped to the type's range after each pass), each output sample the normalized filter-weighted
// sum over a support widened by the downscale factor.

// odPilAxis is the precomputed filter of one axis: for output index i the window starts at
// bounds[2i], holds bounds[2i+1] taps with weights kk[i*ksize:].
type odPilAxis struct {
	bounds []int
	kk     []float64
	ksize  int
}

func odPilFilter(bicubic bool, a, x float64) float64 {
	x = math.Abs(x)
	if !bicubic {
		if x < 1 {
			return 1 - x
		}
		return 0
	}
	if x < 1 {
		return ((a+2)*x-(a+3))*x*x + 1
	}
	if x < 2 {
		return (((x-5)*x+8)*x - 4) * a
	}
	return 0
}

// odPilCoeffs is precompute_coeffs over the box [0, in).
func odPilCoeffs(in, out int, bicubic bool, a float64) odPilAxis {
	support := 1.0
	if bicubic {
		support = 2
	}
	scale := float64(float32(in)) / float64(out)
	filterscale := max(scale, 1)
	support *= filterscale
	ksize := int(math.Ceil(support))*2 + 1
	ax := odPilAxis{bounds: make([]int, 2*out), kk: make([]float64, out*ksize), ksize: ksize}
	ss := 1 / filterscale
	for xx := 0; xx < out; xx++ {
		center := (float64(xx) + 0.5) * scale
		xmin := max(int(center-support+0.5), 0)
		xmax := min(int(center+support+0.5), in) - xmin
		k := ax.kk[xx*ksize : (xx+1)*ksize]
		ww := 0.0
		for x := 0; x < xmax; x++ {
			w := odPilFilter(bicubic, a, (float64(x+xmin)-center+0.5)*ss)
			k[x] = w
			ww += w
		}
		if ww != 0 {
			for x := 0; x < xmax; x++ {
				k[x] /= ww
			}
		}
		ax.bounds[2*xx], ax.bounds[2*xx+1] = xmin, xmax
	}
	return ax
}

// odPilStore converts a pass's sum to the element type: integers round half away from zero
// and clip to the type's range, floats convert.
func odPilStore[T kernels.Number](ss float64) T {
	var z T
	switch any(z).(type) {
	case float32, float64:
		return T(ss)
	}
	r := float64(int64(ss + math.Copysign(0.5, ss)))
	lo, hi := odPilRange[T]()
	return T(min(max(r, lo), hi))
}

func odPilRange[T kernels.Number]() (float64, float64) {
	var z T
	switch any(z).(type) {
	case int8:
		return math.MinInt8, math.MaxInt8
	case uint8:
		return 0, math.MaxUint8
	case int32:
		return math.MinInt32, math.MaxInt32
	case uint32:
		return 0, math.MaxUint32
	case uint64:
		return 0, math.MaxUint64
	}
	return math.MinInt64, math.MaxInt64
}

// odPilRun returns the kernel body for element type T: dims is the (padded) input shape, out
// the output shape, h and w the two resized axes.
func odPilRun[T kernels.Number](dims, out []int, h, w int, bicubic bool, a float64, pad *interpPad) func([][]T, []T) error {
	inH, inW, outH, outW := dims[h], dims[w], out[h], out[w]
	hz, vt := odPilCoeffs(inW, outW, bicubic, a), odPilCoeffs(inH, outH, bicubic, a)
	needH, needV := outW != inW, outH != inH
	first := vt.bounds[0]
	last := vt.bounds[2*outH-2] + vt.bounds[2*outH-1]
	tempRows := max(last-first, 0)
	vtShift := make([]int, len(vt.bounds))
	copy(vtShift, vt.bounds)
	for i := 0; i < outH; i++ {
		vtShift[2*i] -= first
	}
	rank := len(dims)
	inStr, outStr := make([]int, rank), make([]int, rank)
	for i, si, so := rank-1, 1, 1; i >= 0; i-- {
		inStr[i], outStr[i] = si, so
		si *= dims[i]
		so *= out[i]
	}
	var outer []int // the other axes
	for i := 0; i < rank; i++ {
		if i != h && i != w {
			outer = append(outer, i)
		}
	}
	plane := make([]T, inH*inW)
	temp := make([]T, tempRows*outW)
	res := make([]T, outH*outW)
	idx := make([]int, len(outer))
	var padded []T
	if pad != nil {
		padded = make([]T, product(dims))
	}
	return func(ins [][]T, dst []T) error {
		src := ins[0]
		if pad != nil {
			if len(src) != product(pad.in) {
				return fmt.Errorf("Interpolate: input of %d elements for shape %v", len(src), pad.in)
			}
			clear(padded)
			padCopy(padded, src, pad.in, dims, pad.begin)
			src = padded
		}
		if len(src) != product(dims) || len(dst) != product(out) {
			return fmt.Errorf("Interpolate: buffers of %d and %d elements for shapes %v and %v", len(src), len(dst), dims, out)
		}
		clear(idx)
		for {
			ib, ob := 0, 0
			for j, ax := range outer {
				ib += idx[j] * inStr[ax]
				ob += idx[j] * outStr[ax]
			}
			for y := 0; y < inH; y++ {
				for x := 0; x < inW; x++ {
					plane[y*inW+x] = src[ib+y*inStr[h]+x*inStr[w]]
				}
			}
			odPilPlane(plane, temp, res, inW, outH, outW, tempRows, first, needH, needV, hz, vt, vtShift)
			for y := 0; y < outH; y++ {
				for x := 0; x < outW; x++ {
					dst[ob+y*outStr[h]+x*outStr[w]] = res[y*outW+x]
				}
			}
			j := len(outer) - 1
			for ; j >= 0; j-- {
				idx[j]++
				if idx[j] < dims[outer[j]] {
					break
				}
				idx[j] = 0
			}
			if j < 0 {
				return nil
			}
		}
	}
}

// odPilPlane is imaging_resample_inner on one inH x inW plane into res (outH x outW).
func odPilPlane[T kernels.Number](in, temp, res []T, inW, outH, outW, tempRows, first int, needH, needV bool, hz, vt odPilAxis, vtShift []int) {
	if needH {
		for yy := 0; yy < tempRows; yy++ {
			row := in[(yy+first)*inW:]
			for xx := 0; xx < outW; xx++ {
				xmin, xmax := hz.bounds[2*xx], hz.bounds[2*xx+1]
				k := hz.kk[xx*hz.ksize:]
				ss := 0.0
				for x := 0; x < xmax; x++ {
					ss += float64(row[x+xmin]) * k[x]
				}
				temp[yy*outW+xx] = odPilStore[T](ss)
			}
		}
	}
	if needV {
		src, bounds := in, vt.bounds
		if needH {
			src, bounds = temp, vtShift
		}
		for yy := 0; yy < outH; yy++ {
			ymin, ymax := bounds[2*yy], bounds[2*yy+1]
			k := vt.kk[yy*vt.ksize:]
			for xx := 0; xx < outW; xx++ {
				ss := 0.0
				for y := 0; y < ymax; y++ {
					ss += float64(src[(y+ymin)*outW+xx]) * k[y]
				}
				res[yy*outW+xx] = odPilStore[T](ss)
			}
		}
		return
	}
	if needH {
		copy(res, temp)
		return
	}
	copy(res, in)
}

// odPillowBind builds the Interpolate-11 pillow-mode kernel.
func odPillowBind(name string, t ir.ElementType, inDims []int, g interpGeom, bicubic bool, a float64) (Kernel, error) {
	if len(g.axes) != 2 {
		return nil, fmt.Errorf("%s: For Pillow based modes exactly two (HW) axes need to be provided (got %d)", name, len(g.axes))
	}
	outDims, ok := staticDims(g.out)
	if !ok {
		return nil, fmt.Errorf("%s: output shape %s is not static", name, g.out)
	}
	padded := make([]int, len(inDims))
	var pad *interpPad
	for i, d := range inDims {
		padded[i] = d + int(g.padsBegin[i]+g.padsEnd[i])
		if g.padsBegin[i] != 0 || g.padsEnd[i] != 0 {
			pad = &interpPad{in: inDims, begin: toInts(g.padsBegin)}
		}
	}
	h, w := int(g.axes[0]), int(g.axes[1])
	if h == w || outDims[h] < 1 || outDims[w] < 1 || padded[h] < 1 || padded[w] < 1 {
		return nil, &ir.UnsupportedError{What: fmt.Sprintf("%s pillow resize of %v to %v on axes %v", name, padded, outDims, g.axes)}
	}
	fns := famFns{
		f32: odPilRun[float32](padded, outDims, h, w, bicubic, a, pad),
		f64: odPilRun[float64](padded, outDims, h, w, bicubic, a, pad),
		i8:  odPilRun[int8](padded, outDims, h, w, bicubic, a, pad),
		i32: odPilRun[int32](padded, outDims, h, w, bicubic, a, pad),
		i64: odPilRun[int64](padded, outDims, h, w, bicubic, a, pad),
		u8:  odPilRun[uint8](padded, outDims, h, w, bicubic, a, pad),
		u32: odPilRun[uint32](padded, outDims, h, w, bicubic, a, pad),
		u64: odPilRun[uint64](padded, outDims, h, w, bicubic, a, pad),
	}
	return famBind(name, t, []int{product(inDims)}, product(outDims), fns)
}
