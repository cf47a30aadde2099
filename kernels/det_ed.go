package kernels

import (
	"fmt"
	"math"
)

// ExperimentalDetectronPriorGridGenerator-6 as OpenVINO's reference computes it
// (reference/experimental_detectron_prior_grid_generator.hpp): for each cell (h, w) of a
// GridH×GridW grid and each prior, the prior shifted by step·(cell + 0.5), the step being
// stride or, when 0, the image size over the grid size. Output rows are ordered cell-major
// ([h, w, prior, 4]); rows past the grid (when h/w are smaller than the feature map, which
// sizes the output) are 0 (the reference leaves them unwritten).

// PriorGrid holds the geometry of one ExperimentalDetectronPriorGridGenerator computation.
type PriorGrid struct {
	Priors           int
	GridH, GridW     int
	StrideH, StrideW float32 // 0: image size / grid size
	ImageH, ImageW   int
}

// PriorGridRun computes the grid of priors [Priors, 4] into out.
func PriorGridRun[T SeqFloat](g *PriorGrid, priors, out []T) error {
	if g.Priors < 0 || g.GridH < 0 || g.GridW < 0 {
		return fmt.Errorf("kernels: PriorGridGenerator geometry %+v is invalid", *g)
	}
	cells, ok1 := checkedMul(g.GridH, g.GridW)
	n, ok2 := checkedMul(cells, g.Priors*4)
	if !ok1 || !ok2 || len(priors) != g.Priors*4 || len(out) < n {
		return fmt.Errorf("kernels: PriorGridGenerator %+v: %d prior values, output of %d", *g, len(priors), len(out))
	}
	stepW, stepH := g.StrideW, g.StrideH
	if stepW == 0 {
		stepW = float32(g.ImageW) / float32(g.GridW)
	}
	if stepH == 0 {
		stepH = float32(g.ImageH) / float32(g.GridH)
	}
	clear(out[n:])
	o := out
	for h := 0; h < g.GridH; h++ {
		dy := T(stepH * (float32(h) + 0.5))
		for w := 0; w < g.GridW; w++ {
			dx := T(stepW * (float32(w) + 0.5))
			for s := 0; s < g.Priors; s++ {
				p := priors[4*s : 4*s+4]
				o[0], o[1], o[2], o[3] = p[0]+dx, p[1]+dy, p[2]+dx, p[3]+dy
				o = o[4:]
			}
		}
	}
	return nil
}

// ExperimentalDetectronROIFeatureExtractor-6 as OpenVINO's reference computes it
// (src/core/reference/src/op/experimental_detectron_roi_feature_extractor.cpp): each ROI
// [x0, y0, x1, y1] goes to pyramid level floor(2 + log2(sqrt(area)/224 + 1e-6)) clamped to
// the levels (an ROI of area ≤ 0 to none: its features are 0) and is pooled there by
// Caffe2's ROIAlign (batch 0 of the level, spatial scale 1/pyramid_scale, -0.5 when
// aligned, sizes at least 1, sampling_ratio² samples per bin or ceil(size/output) when 0,
// samples outside [-1, size] counting 0). The second output repeats the ROIs.

// ROIFeatures holds the geometry of one ExperimentalDetectronROIFeatureExtractor computation.
type ROIFeatures struct {
	NumROIs       int
	C             int
	Levels        [][2]int // H, W of each pyramid level (batch ≥ 1, C channels)
	Scales        []int64  // pyramid_scales
	Output        int      // output_size
	SamplingRatio int
	Aligned       bool
}

// ROIFeaturesRun computes the features [NumROIs, C, Output, Output] of rois [NumROIs, 4]
// from levels[i] (batch 0 is read, each [≥1, C, H, W]).
func ROIFeaturesRun[T SeqFloat](g *ROIFeatures, rois []T, levels [][]T, out, outRois []T) error {
	L := len(g.Levels)
	if g.NumROIs < 0 || g.C < 0 || g.Output <= 0 || g.SamplingRatio < 0 || L == 0 || len(levels) != L || len(g.Scales) < L {
		return fmt.Errorf("kernels: ROIFeatureExtractor geometry (%d ROIs, %d channels, %d levels, %d scales, output %d) is invalid",
			g.NumROIs, g.C, L, len(g.Scales), g.Output)
	}
	P := g.Output
	per := g.C * P * P
	if len(rois) != 4*g.NumROIs || len(outRois) != 4*g.NumROIs || len(out) != g.NumROIs*per {
		return fmt.Errorf("kernels: ROIFeatureExtractor buffers of %d, %d and %d values for %d ROIs", len(rois), len(out), len(outRois), g.NumROIs)
	}
	for i, d := range g.Levels {
		if d[0] <= 0 || d[1] <= 0 || len(levels[i]) < g.C*d[0]*d[1] || g.Scales[i] <= 0 {
			return fmt.Errorf("kernels: ROIFeatureExtractor level %d (%v, scale %d, %d values) is invalid", i, d, g.Scales[i], len(levels[i]))
		}
	}
	copy(outRois, rois)
	for r := 0; r < g.NumROIs; r++ {
		roi := rois[4*r : 4*r+4]
		dst := out[r*per : (r+1)*per]
		x0, y0, x1, y1 := float32(roi[0]), float32(roi[1]), float32(roi[2]), float32(roi[3])
		area := (x1 - x0) * (y1 - y0)
		if !(area > 0) {
			clear(dst)
			continue
		}
		a := float32(math.Log2(float64(float32(math.Sqrt(float64(area)))/224 + 1e-6)))
		lvl := int(max(0, min(float64(L-1), math.Floor(float64(a+2)))))
		H, W := g.Levels[lvl][0], g.Levels[lvl][1]
		detxROIAlign(levels[lvl][:g.C*H*W], H, W, g.C, P, g.SamplingRatio, T(1/float32(g.Scales[lvl])), g.Aligned, roi, dst)
	}
	return nil
}

// detxROIAlign is Caffe2's ROIAlignForward for one ROI of batch 0.
func detxROIAlign[T SeqFloat](data []T, H, W, C, P, ratio int, scale T, aligned bool, roi, dst []T) {
	var off T
	if aligned {
		off = 0.5
	}
	sw, sh := roi[0]*scale-off, roi[1]*scale-off
	ew, eh := roi[2]*scale-off, roi[3]*scale-off
	rw, rh := max(ew-sw, 1), max(eh-sh, 1)
	bh, bw := rh/T(P), rw/T(P)
	gh, gw := ratio, ratio
	if ratio <= 0 {
		gh = int(math.Ceil(float64(rh / T(P))))
		gw = int(math.Ceil(float64(rw / T(P))))
	}
	count := T(gh * gw)
	for c := 0; c < C; c++ {
		plane := data[c*H*W : (c+1)*H*W]
		for ph := 0; ph < P; ph++ {
			for pw := 0; pw < P; pw++ {
				var acc T
				for iy := 0; iy < gh; iy++ {
					y := sh + T(ph)*bh + (T(iy)+0.5)*bh/T(gh)
					for ix := 0; ix < gw; ix++ {
						x := sw + T(pw)*bw + (T(ix)+0.5)*bw/T(gw)
						if y < -1 || y > T(H) || x < -1 || x > T(W) || y != y || x != x {
							continue
						}
						yy, xx := max(y, 0), max(x, 0)
						yl, xl := int(yy), int(xx)
						yh, xh := yl+1, xl+1
						if yl >= H-1 {
							yl, yh = H-1, H-1
							yy = T(yl)
						}
						if xl >= W-1 {
							xl, xh = W-1, W-1
							xx = T(xl)
						}
						ly, lx := yy-T(yl), xx-T(xl)
						hy, hx := 1-ly, 1-lx
						acc += hy*hx*plane[yl*W+xl] + hy*lx*plane[yl*W+xh] + ly*hx*plane[yh*W+xl] + ly*lx*plane[yh*W+xh]
					}
				}
				dst[(c*P+ph)*P+pw] = acc / count
			}
		}
	}
}
