package kernels

import (
	"fmt"
	"math"
)

// YUV420 describes a batch of YUV 4:2:0 images converted by YUV420ToRGB (the
// NV12toRGB/BGR-8 and I420toRGB/BGR-8 ops): N images of H×W pixels, H and W even. Each
// image's luma plane (H·W samples) starts YStride samples after the previous one; its
// chroma planes start UVStride samples after the previous image's. NV12 chroma is one plane
// of interleaved U,V pairs, (H/2)·W samples; I420 chroma is a U plane and a V plane of
// (H/2)·(W/2) samples each.
type YUV420 struct {
	N, H, W           int
	YStride, UVStride int
	// NV12 selects interleaved UV chroma (else separate U and V planes, I420).
	NV12 bool
	// BGR writes pixels in B, G, R order (else R, G, B).
	BGR bool
}

func (g YUV420) check(ny, nu, nv, nd int) error {
	if g.N < 0 || g.H < 0 || g.W < 0 || g.H%2 != 0 || g.W%2 != 0 {
		return fmt.Errorf("YUV 4:2:0 image %d×%d×%d: height and width must be even and non-negative", g.N, g.H, g.W)
	}
	if g.N == 0 || g.H == 0 || g.W == 0 {
		return checkLens("dst", nd, 0)
	}
	plane := g.H * g.W
	chroma := plane / 4
	if g.NV12 {
		chroma = plane / 2
	}
	need := func(name string, have, stride, size int) error {
		if stride < 0 || have < (g.N-1)*stride+size {
			return fmt.Errorf("%s plane data has %d samples, %d images need %d (stride %d, plane %d)", name, have, g.N, (g.N-1)*stride+size, stride, size)
		}
		return nil
	}
	if err := need("Y", ny, g.YStride, plane); err != nil {
		return err
	}
	if err := need("U", nu, g.UVStride, chroma); err != nil {
		return err
	}
	if !g.NV12 {
		if err := need("V", nv, g.UVStride, chroma); err != nil {
			return err
		}
	}
	return checkLens("dst", nd, g.N*plane*3)
}

// YUV420ToRGB converts YUV 4:2:0 images to interleaved RGB (or BGR) pixels, as OpenVINO's
// reference/convert_color_nv12.hpp does: in float32, with c = Y−16, d = U−128, e = V−128,
// R = 1.164c + 1.596e, G = 1.164c − 0.391d − 0.813e, B = 1.164c + 2.018d, each product
// rounded to float32 before the sums (left to right), clamped to [0, 255]; u8 results are
// rounded half away from zero first. dst is N×H×W×3. For NV12, u holds the UV plane and v
// is ignored. Each sample is read as float32 (float64 data is narrowed first).
func YUV420ToRGB[T uint8 | float32 | float64](g YUV420, y, u, v, dst []T) error {
	if err := g.check(len(y), len(u), len(v), len(dst)); err != nil {
		return err
	}
	var z T
	_, integral := any(z).(uint8)
	ri, bi := 0, 2
	if g.BGR {
		ri, bi = 2, 0
	}
	clip := func(a float32) T {
		if integral {
			r := math.Round(float64(a))
			return T(min(max(r, 0), 255))
		}
		return T(min(max(a, 0), 255))
	}
	plane := g.H * g.W
	for b := range g.N {
		yb := y[b*g.YStride:][:plane]
		out := dst[b*plane*3:][:plane*3]
		for h := range g.H {
			for w := range g.W {
				i := h*g.W + w
				var uu, vv T
				if g.NV12 {
					k := (h/2)*g.W + (w/2)*2
					uv := u[b*g.UVStride:]
					uu, vv = uv[k], uv[k+1]
				} else {
					k := (h/2)*(g.W/2) + w/2
					uu, vv = u[b*g.UVStride+k], v[b*g.UVStride+k]
				}
				c := float32(yb[i]) - 16
				d := float32(uu) - 128
				e := float32(vv) - 128
				yc := float32(1.164 * c)
				bl := yc + float32(2.018*d)
				gr := yc - float32(0.391*d) - float32(0.813*e)
				rd := yc + float32(1.596*e)
				out[i*3+ri] = clip(rd)
				out[i*3+1] = clip(gr)
				out[i*3+bi] = clip(bl)
			}
		}
	}
	return nil
}
