package kernels

import "fmt"

// BinaryConvGeom is the geometry of a 2-D BinaryConvolution: data [N, C, H, W], filters
// [OC, C, KH, KW] (one bit per element), output [N, OC, OH, OW]. Pads are resolved.
type BinaryConvGeom struct {
	N, C, H, W         int
	OC, KH, KW         int
	OH, OW             int
	Strides, Dilations [2]int
	PadsBegin          [2]int
}

// BinaryConv computes BinaryConvolution-1 (mode xnor-popcount) as OpenVINO's
// reference/binary_convolution.hpp does: an input value (pad for points in the padding)
// counts when it equals its filter bit (0 or 1) exactly; each input channel adds
// 2*count - KH*KW. bits holds the filters' bits one per element (ir's u1 layout: element i
// is bit i of the MSB-first packing), filter o starting at element o*C*KH*KW. Every output
// element is written.
func BinaryConv[T Number](g BinaryConvGeom, data []T, bits []uint8, pad T, out []T) error {
	for _, v := range []int{g.N, g.C, g.H, g.W, g.OC, g.KH, g.KW, g.OH, g.OW} {
		if v < 0 || v > maxExtent {
			return fmt.Errorf("kernels: BinaryConvolution extent %d out of range", v)
		}
	}
	for i := 0; i < 2; i++ {
		if g.Strides[i] < 1 || g.Dilations[i] < 1 || g.Strides[i] > maxExtent || g.Dilations[i] > maxExtent ||
			g.PadsBegin[i] < -maxExtent || g.PadsBegin[i] > maxExtent {
			return fmt.Errorf("kernels: BinaryConvolution strides %v, dilations %v, pads %v", g.Strides, g.Dilations, g.PadsBegin)
		}
	}
	k := g.KH * g.KW
	if len(data) != g.N*g.C*g.H*g.W || len(bits) != g.OC*g.C*k || len(out) != g.N*g.OC*g.OH*g.OW {
		return fmt.Errorf("kernels: BinaryConvolution data %d, filter bits %d, output %d elements for %+v", len(data), len(bits), len(out), g)
	}
	plane := g.H * g.W
	o := 0
	for n := 0; n < g.N; n++ {
		for oc := 0; oc < g.OC; oc++ {
			fil := bits[oc*g.C*k : (oc+1)*g.C*k]
			for oy := 0; oy < g.OH; oy++ {
				iy := oy*g.Strides[0] - g.PadsBegin[0]
				for ox := 0; ox < g.OW; ox++ {
					ix := ox*g.Strides[1] - g.PadsBegin[1]
					var sum T
					for c := 0; c < g.C; c++ {
						src := data[(n*g.C+c)*plane : (n*g.C+c+1)*plane]
						f := fil[c*k : (c+1)*k]
						var pop T
						for ky := 0; ky < g.KH; ky++ {
							y := iy + ky*g.Dilations[0]
							for kx := 0; kx < g.KW; kx++ {
								x := ix + kx*g.Dilations[1]
								v := pad
								if y >= 0 && y < g.H && x >= 0 && x < g.W {
									v = src[y*g.W+x]
								}
								if v == T(f[ky*g.KW+kx]&1) {
									pop++
								}
							}
						}
						sum += 2*pop - T(k)
					}
					out[o] = sum
					o++
				}
			}
		}
	}
	return nil
}
