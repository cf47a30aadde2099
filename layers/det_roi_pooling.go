package layers

import (
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
)

// ROIPooling-0 (opset "1"): shape inference after roi_pooling_shape_inference.hpp and
// src/core/src/op/roi_pooling.cpp; kernels for methods max and bilinear (reference roi_pooling.hpp).

type seqROIPoolingOp struct {
	PooledH      int64   `attr:"pooled_h"`
	PooledW      int64   `attr:"pooled_w"`
	OutputSize   []int64 `attr:"output_size"`
	SpatialScale float32 `attr:"spatial_scale"`
	Method       string  `attr:"method"`
}

func seqNewROIPooling(int) Op { return &seqROIPoolingOp{Method: "max"} }

func (o *seqROIPoolingOp) pooled() (int64, int64) {
	if len(o.OutputSize) == 2 {
		return o.OutputSize[0], o.OutputSize[1]
	}
	return o.PooledH, o.PooledW
}

func (o *seqROIPoolingOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 2 {
		return nil, fmt.Errorf("ROIPooling expects 2 inputs, got %d", len(in))
	}
	ft, rt := in[0].Type, in[1].Type
	if (ft.IsStatic() && !ft.IsFloat()) || (rt.IsStatic() && !rt.IsFloat()) {
		return nil, fmt.Errorf("The data type for input and ROIs is expected to be a floating point type. Got: %s and: %s", ft, rt)
	}
	t, ok := mergeTypes(ft, rt)
	if !ok {
		return nil, fmt.Errorf("Type of feature maps (inputs) and rois is expected to be the same. Got: %s and: %s", ft, rt)
	}
	ph, pw := o.pooled()
	if len(o.OutputSize) != 0 && len(o.OutputSize) != 2 {
		return nil, fmt.Errorf("The dimension of pooled size is expected to be equal to 2. Got: %d", len(o.OutputSize))
	}
	if ph < 1 || pw < 1 {
		return nil, fmt.Errorf("Pooled size attributes pooled_h and pooled_w should should be positive integers. Got: %d and: %drespectively", ph, pw)
	}
	if !(o.SpatialScale > 0) || math.IsInf(float64(o.SpatialScale), 0) {
		return nil, fmt.Errorf("The spatial scale attribute should be a positive floating point number. Got: %v", o.SpatialScale)
	}
	if o.Method != "max" && o.Method != "bilinear" {
		return nil, fmt.Errorf("Pooling method attribute should be either 'max' or 'bilinear'. Got: %s", o.Method)
	}
	feat, rois := in[0].Shape, in[1].Shape
	if err := seqRankErr(feat, 4, "Expected a 4D tensor for the feature maps input. Got:"); err != nil {
		return nil, err
	}
	if err := seqRankErr(rois, 2, "Expected a 2D tensor for the ROIs input with box coordinates. Got:"); err != nil {
		return nil, err
	}
	if !rois.DynamicRank && !rois.Dims[1].Compatible(ir.StaticDim(5)) {
		return nil, fmt.Errorf("The second dimension of ROIs input should contain batch id and box coordinates. This dimension is expected to be equal to 5. Got: %s", rois.Dims[1])
	}
	return []Output{{Type: t, Shape: seqShape(seqDim(rois, 0), seqDim(feat, 1), ir.StaticDim(ph), ir.StaticDim(pw))}}, nil
}

func (o *seqROIPoolingOp) CheckRunnable(in []Input) error {
	if len(in) > 0 && in[0].Type.IsStatic() && !seqIsFloat(in[0].Type) {
		return unsupportedType("ROIPooling", in[0].Type)
	}
	return nil
}

func (o *seqROIPoolingOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, dims, err := detxStaticRun("ROIPooling", o, in)
	if err != nil {
		return nil, err
	}
	d, r := dims[0], dims[1]
	ph, pw := o.pooled()
	od, _ := staticDims(outs[0].Shape)
	if o.Method == "bilinear" {
		fns := seqFns{
			f32: func(fin, fout [][]float32, _, _ []*ir.Tensor) error {
				return odROIPoolBilinear(fin[0], fin[1], fout[0], d, r[0], int(ph), int(pw))
			},
			f64: func(fin, fout [][]float64, _, _ []*ir.Tensor) error {
				return odROIPoolBilinear(fin[0], fin[1], fout[0], d, r[0], int(ph), int(pw))
			},
		}
		return seqBind("ROIPooling", outs[0].Type, []int{product(d), product(r)}, []int{product(od)}, fns)
	}
	fns := seqFns{
		f32: func(fin, fout [][]float32, _, _ []*ir.Tensor) error {
			return seqROIPoolMax(fin[0], fin[1], fout[0], d, r[0], int(ph), int(pw), float64(o.SpatialScale))
		},
		f64: func(fin, fout [][]float64, _, _ []*ir.Tensor) error {
			return seqROIPoolMax(fin[0], fin[1], fout[0], d, r[0], int(ph), int(pw), float64(o.SpatialScale))
		},
	}
	return seqBind("ROIPooling", outs[0].Type, []int{product(d), product(r)}, []int{product(od)}, fns)
}

// seqROIPoolMax is reference roi_pooling.hpp's max method: ROI corners rounded after
// scaling, sizes at least 1, bins [floor(p·size/pooled), ceil((p+1)·size/pooled)) clipped
// to the map; an empty bin gives 0.
func seqROIPoolMax[T float32 | float64](data, rois, out []T, d []int, n, ph, pw int, scale float64) error {
	c, h, w := d[1], d[2], d[3]
	if len(out) != n*c*ph*pw || len(rois) < n*5 {
		return fmt.Errorf("ROIPooling: buffers do not match")
	}
	for r := 0; r < n; r++ {
		roi := rois[r*5 : r*5+5]
		b := int(roi[0])
		if b < 0 || b >= d[0] {
			return fmt.Errorf("ROIPooling: batch id %v out of range [0, %d)", roi[0], d[0])
		}
		x0, y0 := int(math.Round(float64(roi[1])*scale)), int(math.Round(float64(roi[2])*scale))
		x1, y1 := int(math.Round(float64(roi[3])*scale)), int(math.Round(float64(roi[4])*scale))
		rh, rw := max(y1-y0+1, 1), max(x1-x0+1, 1)
		bh, bw := float64(rh)/float64(ph), float64(rw)/float64(pw)
		for ch := 0; ch < c; ch++ {
			plane := data[(b*c+ch)*h*w : (b*c+ch+1)*h*w]
			for py := 0; py < ph; py++ {
				hs := min(max(int(math.Floor(float64(py)*bh))+y0, 0), h)
				he := min(max(int(math.Ceil(float64(py+1)*bh))+y0, 0), h)
				for px := 0; px < pw; px++ {
					ws := min(max(int(math.Floor(float64(px)*bw))+x0, 0), w)
					we := min(max(int(math.Ceil(float64(px+1)*bw))+x0, 0), w)
					var m T
					if he > hs && we > ws {
						m = T(math.Inf(-1))
						for y := hs; y < he; y++ {
							for x := ws; x < we; x++ {
								m = max(m, plane[y*w+x])
							}
						}
					}
					out[((r*c+ch)*ph+py)*pw+px] = m
				}
			}
		}
	}
	return nil
}

// odROIPoolBilinear is reference roi_pooling.hpp's bilinear method: ROI corners are
// normalized ([0,1] of the map, spatial_scale unused), the pooled grid spans the ROI corner
// to corner ((pooled-1) steps; the last row/column is the end corner exactly, a pooled size
// of 1 samples the ROI centre), and each point is bilinearly interpolated; a point outside
// [0, size-1] gives 0.
func odROIPoolBilinear[T float32 | float64](data, rois, out []T, d []int, n, ph, pw int) error {
	c, h, w := d[1], d[2], d[3]
	if len(out) != n*c*ph*pw || len(rois) < n*5 {
		return fmt.Errorf("ROIPooling: buffers do not match")
	}
	hm1, wm1 := T(h-1), T(w-1)
	for r := 0; r < n; r++ {
		roi := rois[r*5 : r*5+5]
		b := int(roi[0])
		if b < 0 || b >= d[0] {
			return fmt.Errorf("ROIPooling: batch id %v out of range [0, %d)", roi[0], d[0])
		}
		x0, y0, x1, y1 := roi[1], roi[2], roi[3], roi[4]
		var sh, sw T
		if ph > 1 {
			sh = (y1 - y0) * hm1 / T(ph-1)
		}
		if pw > 1 {
			sw = (x1 - x0) * wm1 / T(pw-1)
		}
		for ch := 0; ch < c; ch++ {
			plane := data[(b*c+ch)*h*w : (b*c+ch+1)*h*w]
			for py := 0; py < ph; py++ {
				var iy T
				switch {
				case ph == 1:
					iy = T(0.5 * float64(y0+y1) * float64(h-1))
				case py == ph-1:
					iy = hm1 * y1
				default:
					iy = T(py)*sh + y0*hm1
				}
				for px := 0; px < pw; px++ {
					var ix T
					switch {
					case pw == 1:
						ix = T(0.5 * float64(x1+x0) * float64(w-1))
					case px == pw-1:
						ix = wm1 * x1
					default:
						ix = T(px)*sw + x0*wm1
					}
					oi := ((r*c+ch)*ph+py)*pw + px
					if iy < 0 || iy > hm1 || ix < 0 || ix > wm1 {
						out[oi] = 0
						continue
					}
					ty, by := int(math.Floor(float64(iy))), min(int(math.Ceil(float64(iy))), h-1)
					lx, rx := int(math.Floor(float64(ix))), min(int(math.Ceil(float64(ix))), w-1)
					tl, tr := plane[ty*w+lx], plane[ty*w+rx]
					bl, br := plane[by*w+lx], plane[by*w+rx]
					top := tl + (tr-tl)*(ix-T(lx))
					bot := bl + (br-bl)*(ix-T(lx))
					out[oi] = top + (bot-top)*(iy-T(ty))
				}
			}
		}
	}
	return nil
}
