package kernels

import (
	"fmt"
	"math"
)

// DeformConvGeom is the geometry of a 2-D DeformableConvolution (opset 1 and 8): data
// [N, C, H, W], offsets [N, DG*KH*KW*2, OH, OW], filters [OC, C/G, KH, KW], optional mask
// [N, DG*KH*KW, OH, OW], output [N, OC, OH, OW]. Pads are resolved (auto_pad applied).
type DeformConvGeom struct {
	N, C, H, W         int
	OC, KH, KW         int
	OH, OW             int
	Strides, Dilations [2]int
	PadsBegin          [2]int
	Groups, DeformGrps int
	// BilinearPad is DeformableConvolution-8's bilinear_interpolation_pad: sampling points in
	// (-1, size) are interpolated with zeros outside the input; without it only points in
	// [0, size) are sampled and the interpolation clamps to the border.
	BilinearPad bool
}

// Validate checks the geometry against the element counts of the tensors (mask -1 when
// there is no mask).
func (g DeformConvGeom) Validate(data, offsets, filters, mask, out int) error {
	for _, v := range []int{g.N, g.C, g.H, g.W, g.OC, g.KH, g.KW, g.OH, g.OW, g.PadsBegin[0] + maxExtent, g.PadsBegin[1] + maxExtent} {
		if v < 0 || v > 2*maxExtent {
			return fmt.Errorf("kernels: DeformableConvolution extent %d out of range", v)
		}
	}
	if g.Groups < 1 || g.DeformGrps < 1 || g.Strides[0] < 1 || g.Strides[1] < 1 || g.Dilations[0] < 1 || g.Dilations[1] < 1 ||
		g.Strides[0] > maxExtent || g.Strides[1] > maxExtent || g.Dilations[0] > maxExtent || g.Dilations[1] > maxExtent {
		return fmt.Errorf("kernels: DeformableConvolution groups %d, deformable groups %d, strides %v, dilations %v", g.Groups, g.DeformGrps, g.Strides, g.Dilations)
	}
	if g.C%g.Groups != 0 || g.OC%g.Groups != 0 {
		return fmt.Errorf("kernels: DeformableConvolution channels %d and filters %d are not divisible by group %d", g.C, g.OC, g.Groups)
	}
	if g.C%g.DeformGrps != 0 {
		// OpenVINO's reference then reads offsets of a deformable group that does not exist.
		return fmt.Errorf("kernels: DeformableConvolution channels %d are not divisible by deformable_group %d", g.C, g.DeformGrps)
	}
	k := g.KH * g.KW
	sp := g.OH * g.OW
	want := []struct {
		name      string
		got, want int
	}{
		{"data", data, g.N * g.C * g.H * g.W},
		{"offsets", offsets, g.N * g.DeformGrps * 2 * k * sp},
		{"filters", filters, g.OC * (g.C / g.Groups) * k},
		{"output", out, g.N * g.OC * sp},
	}
	if mask >= 0 {
		want = append(want, struct {
			name      string
			got, want int
		}{"mask", mask, g.N * g.DeformGrps * k * sp})
	}
	for _, w := range want {
		if w.got != w.want {
			return fmt.Errorf("kernels: DeformableConvolution %s has %d elements, the geometry needs %d", w.name, w.got, w.want)
		}
	}
	return nil
}

// miscTruncInt32 is C++'s static_cast<int> of a sampling coordinate: floats truncate toward
// zero (NaN and out-of-range values give INT_MIN, as x86's cvttss2si does), integers keep
// their low 32 bits.
func miscTruncInt32[T Number](x T) int32 {
	switch v := any(x).(type) {
	case float32:
		return miscF64ToInt32(float64(v))
	case float64:
		return miscF64ToInt32(v)
	}
	return int32(x)
}

func miscF64ToInt32(v float64) int32 {
	if v != v || v >= 2147483648 || v <= -2147483649 {
		return math.MinInt32
	}
	return int32(v)
}

// DeformConv computes DeformableConvolution as OpenVINO's reference/deformable_convolution.hpp
// does: for each output point and kernel tap the sampling point is the regular position plus
// the tap's (y, x) offset of the input channel's deformable group, computed in T; points
// outside the input are skipped; the sample is bilinearly interpolated in float32 and
// accumulated in T as sample*weight*mask, input channel by channel, tap by tap. mask nil
// means a mask of ones (opset 1, or opset 8 with three inputs). Every output element is
// written.
func DeformConv[T Number](g DeformConvGeom, data, offsets, filters, mask, out []T) error {
	maskLen := -1
	if mask != nil {
		maskLen = len(mask)
	}
	if err := g.Validate(len(data), len(offsets), len(filters), maskLen, len(out)); err != nil {
		return err
	}
	k := g.KH * g.KW
	sp := g.OH * g.OW
	plane := g.H * g.W
	cpg := g.C / g.Groups
	ocpg := g.OC / g.Groups
	cpdg := g.C / g.DeformGrps
	for n := 0; n < g.N; n++ {
		for oc := 0; oc < g.OC; oc++ {
			grp := oc / ocpg
			fil := filters[oc*cpg*k : (oc+1)*cpg*k]
			dst := out[(n*g.OC+oc)*sp : (n*g.OC+oc+1)*sp]
			for oy := 0; oy < g.OH; oy++ {
				iy := oy*g.Strides[0] - g.PadsBegin[0]
				for ox := 0; ox < g.OW; ox++ {
					ix := ox*g.Strides[1] - g.PadsBegin[1]
					pos := oy*g.OW + ox
					var sum T
					for fc := 0; fc < cpg; fc++ {
						c := grp*cpg + fc
						dg := c / cpdg
						src := data[(n*g.C+c)*plane : (n*g.C+c+1)*plane]
						offBase := (n*g.DeformGrps+dg)*2*k*sp + pos
						maskBase := (n*g.DeformGrps+dg)*k*sp + pos
						w := fil[fc*k : (fc+1)*k]
						for ky := 0; ky < g.KH; ky++ {
							for kx := 0; kx < g.KW; kx++ {
								tap := ky*g.KW + kx
								relY := T(iy+ky*g.Dilations[0]) + offsets[offBase+2*tap*sp]
								relX := T(ix+kx*g.Dilations[1]) + offsets[offBase+(2*tap+1)*sp]
								if g.BilinearPad {
									yi, xi := miscTruncInt32(relY), miscTruncInt32(relX)
									if !(xi > -1 && int(xi) < g.W && yi > -1 && int(yi) < g.H) {
										continue
									}
								} else if !(relX >= 0 && relX < T(g.W) && relY >= 0 && relY < T(g.H)) {
									continue
								}
								m := T(1)
								if mask != nil {
									m = mask[maskBase+tap*sp]
								}
								v := T(miscBilinear(src, float32(relX), float32(relY), g.W, g.H, g.BilinearPad))
								sum = T(sum + T(T(v*w[tap])*m))
							}
						}
					}
					dst[pos] = sum
				}
			}
		}
	}
	return nil
}

// miscBilinear is reference/deformable_convolution.hpp's bilinear_interpolation: float32
// arithmetic, terms summed in the reference's order. Corners outside the plane read 0.
func miscBilinear[T Number](src []T, x, y float32, w, h int, pad bool) float32 {
	fy, fx := math.Floor(float64(y)), math.Floor(float64(x))
	y1, x1 := int(fy), int(fx)
	var y2, x2 int
	if pad {
		y2, x2 = y1+1, x1+1
	} else {
		y1, x1 = max(y1, 0), max(x1, 0)
		y2 = min(int(math.Ceil(float64(y))), h-1)
		x2 = min(int(math.Ceil(float64(x))), w-1)
	}
	dx := float32(x - float32(x1))
	dy := float32(y - float32(y1))
	at := func(yy, xx int) float32 {
		// The reference checks only the side that can go out of range for each corner; a
		// float32 rounding of an f64 coordinate can reach the far edge, which reads 0 here.
		if yy < 0 || xx < 0 || yy >= h || xx >= w {
			return 0
		}
		return float32(src[yy*w+xx])
	}
	v11, v21, v12, v22 := at(y1, x1), at(y1, x2), at(y2, x1), at(y2, x2)
	a, b := float32(1-dx), float32(1-dy)
	t1 := float32(float32(a*b) * v11)
	t2 := float32(float32(a*dy) * v12)
	t3 := float32(float32(dx*b) * v21)
	t4 := float32(float32(dx*dy) * v22)
	return float32(float32(float32(t1+t2)+t3) + t4)
}
