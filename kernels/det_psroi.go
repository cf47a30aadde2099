package kernels

import (
	"fmt"
	"math"
)

// PSROIPooling-1 as OpenVINO's reference computes it (reference/psroi_pooling.hpp).
//
// average: ROI corners rounded, the end extended by one, scaled by spatial_scale; bin
// (py, px) of output channel c averages input channel (c·group + py)·group + px over
// [floor(start + p·bin), ceil(start + (p+1)·bin)) clipped to the map.
//
// bilinear: ROI corners scaled (not rounded); the ROI is cut into spatial_bins_y ×
// spatial_bins_x sub-boxes, and output (c, py, px) averages over the sub-boxes one bilinear
// sample each of input channel (sby·bins_x + sbx)·output_dim + c, at the position the
// reference computes (scaled by size-1, so that coordinates are normalized to [0, 1]).
// Samples at or past the map's far edge contribute 0, as in the reference.
//
// Departures, where the reference's size_t conversions are undefined: a negative bin start
// clamps at 0 and an empty bin gives 0 (average); a sample at a negative position contributes
// 0 (bilinear). A batch index outside the feature map is an error.

// PSROIPooling is the geometry of one PSROIPooling computation.
type PSROIPooling struct {
	Batch, C, H, W int // feature map
	NumROIs        int
	OutputDim      int
	Group          int // output is [NumROIs, OutputDim, Group, Group]
	SpatialScale   float32
	Bilinear       bool
	BinsX, BinsY   int
}

func (g *PSROIPooling) check(nData, nROIs, nOut int) error {
	if g.Batch < 0 || g.C < 0 || g.H <= 0 || g.W <= 0 || g.NumROIs < 0 || g.OutputDim <= 0 || g.Group <= 0 {
		return fmt.Errorf("kernels: PSROIPooling geometry %+v is invalid", *g)
	}
	want := g.OutputDim * g.Group * g.Group
	if g.Bilinear {
		if g.BinsX <= 0 || g.BinsY <= 0 {
			return fmt.Errorf("kernels: PSROIPooling spatial bins %d×%d", g.BinsX, g.BinsY)
		}
		want = g.OutputDim * g.BinsX * g.BinsY
	}
	if g.C != want {
		return fmt.Errorf("kernels: PSROIPooling has %d input channels, expected %d", g.C, want)
	}
	plane, ok1 := checkedMul(g.H, g.W)
	nd, ok2 := checkedMul(plane, g.C*g.Batch)
	no, ok3 := checkedMul(g.NumROIs, g.OutputDim*g.Group*g.Group)
	if !ok1 || !ok2 || !ok3 || nData != nd || nROIs != g.NumROIs*5 || nOut != no {
		return fmt.Errorf("kernels: PSROIPooling %+v: got %d data, %d ROI and %d output values", *g, nData, nROIs, nOut)
	}
	return nil
}

// PSROIPoolingRun computes PSROIPooling of data [Batch, C, H, W] over rois [NumROIs, 5]
// (batch index, x1, y1, x2, y2) into out [NumROIs, OutputDim, Group, Group].
func PSROIPoolingRun[T SeqFloat](g *PSROIPooling, data, rois, out []T) error {
	if err := g.check(len(data), len(rois), len(out)); err != nil {
		return err
	}
	H, W, G := g.H, g.W, g.Group
	scale := g.SpatialScale
	for r := 0; r < g.NumROIs; r++ {
		box := rois[r*5 : r*5+5]
		bf := float64(box[0])
		if !(bf >= 0 && bf < float64(g.Batch)) {
			return fmt.Errorf("kernels: PSROIPooling ROI %d has batch index %v outside [0, %d)", r, box[0], g.Batch)
		}
		b := int(bf)
		img := data[b*g.C*H*W : (b+1)*g.C*H*W]
		o := out[r*g.OutputDim*G*G : (r+1)*g.OutputDim*G*G]
		if g.Bilinear {
			detxPSROIBilinear(g, img, box, o)
			continue
		}
		sw := detxRoundf(float32(box[1])) * scale
		sh := detxRoundf(float32(box[2])) * scale
		ew := (detxRoundf(float32(box[3])) + 1) * scale
		eh := (detxRoundf(float32(box[4])) + 1) * scale
		bw, bh := (ew-sw)/float32(G), (eh-sh)/float32(G)
		cin := 0
		for c := 0; c < g.OutputDim; c++ {
			for py := 0; py < G; py++ {
				y0 := detxFloorClamp(sh+float32(py)*bh, H-1)
				y1 := detxCeilClamp(sh+float32(py+1)*bh, H)
				for px := 0; px < G; px++ {
					x0 := detxFloorClamp(sw+float32(px)*bw, W-1)
					x1 := detxCeilClamp(sw+float32(px+1)*bw, W)
					var v T
					if y1 > y0 && x1 > x0 {
						plane := img[cin*H*W:]
						var sum T
						for y := y0; y < y1; y++ {
							for x := x0; x < x1; x++ {
								sum += plane[y*W+x]
							}
						}
						v = sum / T((x1-x0)*(y1-y0))
					}
					o[(c*G+py)*G+px] = v
					cin++
				}
			}
		}
	}
	return nil
}

func detxPSROIBilinear[T SeqFloat](g *PSROIPooling, img, box, o []T) {
	H, W, G := g.H, g.W, g.Group
	scale := g.SpatialScale
	sw, sh := float32(box[1])*scale, float32(box[2])*scale
	ew, eh := float32(box[3])*scale, float32(box[4])*scale
	bw, bh := (ew-sw)/float32(g.BinsX), (eh-sh)/float32(g.BinsY)
	var wScale, hScale float32
	if G > 1 {
		wScale = bw * float32(W-1) / float32(G-1)
		hScale = bh * float32(H-1) / float32(G-1)
	}
	bins := T(g.BinsX * g.BinsY)
	for c := 0; c < g.OutputDim; c++ {
		for py := 0; py < G; py++ {
			for px := 0; px < G; px++ {
				var acc T
				cin := 0
				for sby := 0; sby < g.BinsY; sby++ {
					for sbx := 0; sbx < g.BinsX; sbx++ {
						bsw := sw + float32(sbx)*bw
						bsh := sh + float32(sby)*bh
						plane := img[(cin*g.OutputDim+c)*H*W : (cin*g.OutputDim+c+1)*H*W]
						var x, y float32
						if G > 1 {
							x = float32(px)*wScale + bsw*float32(W-1)
							y = float32(py)*hScale + bsh*float32(H-1)
						} else {
							x = (bsw + bsw + bw) * float32(W-1) / 2
							y = (bsh + bsh + bh) * float32(H-1) / 2
						}
						if x < float32(W) && y < float32(H) && x >= 0 && y >= 0 {
							l := int(math.Floor(float64(x)))
							rr := min(int(math.Ceil(float64(x))), W-1)
							t := int(math.Floor(float64(y)))
							bo := min(int(math.Ceil(float64(y))), H-1)
							tl, tr := plane[t*W+l], plane[t*W+rr]
							bl, br := plane[bo*W+l], plane[bo*W+rr]
							fx, fy := T(x-float32(l)), T(y-float32(t))
							top := tl + (tr-tl)*fx
							bot := bl + (br-bl)*fx
							acc += top + (bot-top)*fy
						}
						cin++
					}
				}
				o[(c*G+py)*G+px] = acc / bins
			}
		}
	}
}

// detxRoundf is C's roundf: halves away from zero.
func detxRoundf(v float32) float32 { return float32(math.Round(float64(v))) }

// detxFloorClamp is min(floor(v), hi) with negative (and NaN) values read as 0.
func detxFloorClamp(v float32, hi int) int {
	f := math.Floor(float64(v))
	if !(f > 0) {
		return 0
	}
	if f >= float64(hi) {
		return hi
	}
	return int(f)
}

// detxCeilClamp is min(ceil(v), hi) with negative (and NaN) values read as 0.
func detxCeilClamp(v float32, hi int) int {
	f := math.Ceil(float64(v))
	if !(f > 0) {
		return 0
	}
	if f >= float64(hi) {
		return hi
	}
	return int(f)
}

// DeformablePSROIPooling-1 as OpenVINO's reference computes it
// (reference/deformable_psroi_pooling.hpp): ROI corners rounded, scaled and shifted by -0.5
// (sizes at least 0.1); output bin (c, py, px) reads input channel (c·G + py)·G + px (input
// channels past output_dim·G² are not read); each
// bin, moved by trans_std·offset·ROI size when offsets are given (indexed by ROI, class
// group and part cell with part_size, whatever the offsets' spatial size, as the reference;
// an index past the offsets is an error), is cut into spatial_bins_y × spatial_bins_x sub-bins whose
// top-left corners inside [-0.5, size-0.5] are clamped to the map and sampled bilinearly; the
// bin is their average (0 when none is inside). A ROI with a negative batch index gives 0.

// DeformablePSROIPooling is the geometry of one DeformablePSROIPooling computation.
type DeformablePSROIPooling struct {
	Batch, C, H, W int // feature map
	NumROIs        int
	OutputDim      int
	Group          int // output is [NumROIs, OutputDim, Group, Group]
	SpatialScale   float32
	BinsX, BinsY   int
	TransStd       float32
	PartSize       int
	OffsetDims     []int // [NumROIs, 2·k, PartSize, PartSize], nil without offsets
}

// DeformablePSROIPoolingRun computes DeformablePSROIPooling of data [Batch, C, H, W] over
// rois [NumROIs, 5] with optional offsets (nil when absent) into out.
func DeformablePSROIPoolingRun[T SeqFloat](g *DeformablePSROIPooling, data, rois, offsets, out []T) error {
	if g.Batch < 0 || g.H <= 0 || g.W <= 0 || g.NumROIs < 0 || g.OutputDim <= 0 || g.Group <= 0 || g.BinsX <= 0 || g.BinsY <= 0 {
		return fmt.Errorf("kernels: DeformablePSROIPooling geometry %+v is invalid", *g)
	}
	G := g.Group
	H, W := g.H, g.W
	// The reference reads input channels 0 … output_dim·group²-1 in order: more channels are
	// allowed (the rest unread, as op_reference's 1024-channel, output_dim 112, group 3 vector),
	// fewer would read past the map.
	if g.C < g.OutputDim*G*G {
		return fmt.Errorf("kernels: DeformablePSROIPooling has %d input channels, fewer than output_dim·group² = %d", g.C, g.OutputDim*G*G)
	}
	plane, ok1 := checkedMul(H, W)
	nd, ok2 := checkedMul(plane, g.C*g.Batch)
	if !ok1 || !ok2 || len(data) != nd || len(rois) != g.NumROIs*5 || len(out) != g.NumROIs*g.OutputDim*G*G {
		return fmt.Errorf("kernels: DeformablePSROIPooling %+v: got %d data, %d ROI and %d output values", *g, len(data), len(rois), len(out))
	}
	var coordSub, classSub int
	if offsets != nil {
		od := g.OffsetDims
		if len(od) != 4 || od[1] < 2 || g.PartSize <= 0 || len(offsets) != od[0]*od[1]*od[2]*od[3] {
			return fmt.Errorf("kernels: DeformablePSROIPooling offsets %v (%d values) do not fit %d ROIs and part_size %d", od, len(offsets), g.NumROIs, g.PartSize)
		}
		coordSub = od[1] / 2
		classSub = g.OutputDim / coordSub
		if classSub == 0 {
			return fmt.Errorf("kernels: DeformablePSROIPooling offsets have %d coordinate groups for %d output channels", coordSub, g.OutputDim)
		}
	}
	clear(out)
	fH, fW := float32(H), float32(W)
	for r := 0; r < g.NumROIs; r++ {
		roi := rois[r*5 : r*5+5]
		bf := math.Trunc(float64(roi[0]))
		if bf < 0 {
			continue
		}
		if !(bf < float64(g.Batch)) {
			return fmt.Errorf("kernels: DeformablePSROIPooling ROI %d has batch index %v outside [0, %d)", r, roi[0], g.Batch)
		}
		b := int(bf)
		x1 := float32(math.Round(float64(roi[1])))*g.SpatialScale - 0.5
		y1 := float32(math.Round(float64(roi[2])))*g.SpatialScale - 0.5
		x2 := float32(math.Round(float64(roi[3]))+1)*g.SpatialScale - 0.5
		y2 := float32(math.Round(float64(roi[4]))+1)*g.SpatialScale - 0.5
		rw, rh := max(x2-x1, 0.1), max(y2-y1, 0.1)
		bw, bh := rw/float32(G), rh/float32(G)
		sbw, sbh := bw/float32(g.BinsX), bh/float32(g.BinsY)
		cin := 0
		for c := 0; c < g.OutputDim; c++ {
			for py := 0; py < G; py++ {
				for px := 0; px < G; px++ {
					bx, by := x1+float32(px)*bw, y1+float32(py)*bh
					if offsets != nil {
						ch := (r*coordSub + c/classSub) * 2
						ph, pw := py*g.PartSize/G, px*g.PartSize/G
						xi := (ch*g.PartSize+ph)*g.PartSize + pw
						yi := ((ch+1)*g.PartSize+ph)*g.PartSize + pw
						if yi >= len(offsets) {
							return fmt.Errorf("kernels: DeformablePSROIPooling offsets %v hold no offset for ROI %d channel %d", g.OffsetDims, r, c)
						}
						xo := offsets[xi] * T(g.TransStd)
						yo := offsets[yi] * T(g.TransStd)
						bx += float32(xo) * rw
						by += float32(yo) * rh
					}
					src := data[(b*g.C+cin)*plane : (b*g.C+cin+1)*plane]
					var sum T
					n := 0
					for sy := 0; sy < g.BinsY; sy++ {
						y := by + float32(sy)*sbh
						if y < -0.5 || y > fH-0.5 || y != y {
							continue
						}
						y = max(0, min(y, fH-1))
						for sx := 0; sx < g.BinsX; sx++ {
							x := bx + float32(sx)*sbw
							if x < -0.5 || x > fW-0.5 || x != x {
								continue
							}
							x = max(0, min(x, fW-1))
							l, rr := int(math.Floor(float64(x))), int(math.Ceil(float64(x)))
							t, bo := int(math.Floor(float64(y))), int(math.Ceil(float64(y)))
							dx, dy := T(x-float32(l)), T(y-float32(t))
							top := src[t*W+l] + (src[t*W+rr]-src[t*W+l])*dx
							bot := src[bo*W+l] + (src[bo*W+rr]-src[bo*W+l])*dx
							sum += top + (bot-top)*dy
							n++
						}
					}
					if n > 0 {
						out[((r*g.OutputDim+c)*G+py)*G+px] = sum / T(n)
					}
					cin++
				}
			}
		}
	}
	return nil
}
