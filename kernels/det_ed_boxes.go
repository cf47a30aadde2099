package kernels

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// ExperimentalDetectronDetectionOutput-6 and ExperimentalDetectronGenerateProposalsSingleImage-6
// as OpenVINO's reference computes them (src/core/reference/src/op/
// experimental_detectron_detection_output.cpp, experimental_detectron_proposal_single_image.cpp),
// in float32 whatever the data type.

// EDDetectionOutput holds the attributes and geometry of one
// ExperimentalDetectronDetectionOutput computation.
type EDDetectionOutput struct {
	NumROIs        int
	Classes        int
	MaxDetections  int // max_detections_per_image: the output rows
	PostNMSCount   int // per class, -1: all
	ScoreThreshold float32
	NMSThreshold   float32
	MaxDeltaLogWH  float32
	Weights        [4]float32 // deltas_weights
}

// EDDetectionScratch is the working memory of EDDetectionOutputRun.
type EDDetectionScratch struct {
	boxes, areas, scores []float32
	cand, kept           []int
	dets                 []detxDet
}

type detxDet struct {
	score      float32
	class, roi int
}

// EDDetectionOutputRun refines rois [NumROIs, 4] by deltas [NumROIs, Classes·4] for every
// class but 0, runs NMS per class on scores [NumROIs, Classes] and writes the detections into
// boxes [MaxDetections, 4], classes and scores [MaxDetections] (rest 0): class by class in NMS
// order, or, when there are more than MaxDetections, the best by score (ties by ROI index).
func EDDetectionOutputRun[T SeqFloat](g *EDDetectionOutput, rois, deltas, scores, outBoxes []T, outClasses []int32, outScores []T, s *EDDetectionScratch) error {
	n, C, M := g.NumROIs, g.Classes, g.MaxDetections
	if n < 0 || C < 1 || M < 0 || len(rois) != 4*n || len(deltas) != 4*n*C || len(scores) != n*C ||
		len(outBoxes) != 4*M || len(outClasses) != M || len(outScores) != M {
		return fmt.Errorf("kernels: ExperimentalDetectronDetectionOutput %+v: got %d ROI, %d delta, %d score values and outputs of %d, %d, %d",
			*g, len(rois), len(deltas), len(scores), len(outBoxes), len(outClasses), len(outScores))
	}
	s.boxes = detxZeros(s.boxes, 4*n*C)
	s.areas = detxZeros(s.areas, n*C)
	s.scores = detxZeros(s.scores, n*C)
	for r := 0; r < n; r++ {
		x0, y0, x1, y1 := float32(rois[4*r]), float32(rois[4*r+1]), float32(rois[4*r+2]), float32(rois[4*r+3])
		if x1-x0 <= 0 || y1-y0 <= 0 {
			continue
		}
		ww, hh := x1-x0+1, y1-y0+1
		cx, cy := x0+0.5*ww, y0+0.5*hh
		for c := 1; c < C; c++ {
			d := deltas[4*(C*r+c):]
			dx, dy := float32(d[0])/g.Weights[0], float32(d[1])/g.Weights[1]
			dw, dh := float32(d[2])/g.Weights[2], float32(d[3])/g.Weights[3]
			pcx, pcy := dx*ww+cx, dy*hh+cy
			pw := float32(math.Exp(float64(min(dw, g.MaxDeltaLogWH)))) * ww
			ph := float32(math.Exp(float64(min(dh, g.MaxDeltaLogWH)))) * hh
			nx0, ny0 := max(0, pcx-0.5*pw), max(0, pcy-0.5*ph)
			nx1, ny1 := max(0, pcx+0.5*pw-1), max(0, pcy+0.5*ph-1)
			b := s.boxes[4*(n*c+r):]
			b[0], b[1], b[2], b[3] = nx0, ny0, nx1, ny1
			s.areas[n*c+r] = (nx1 - nx0 + 1) * (ny1 - ny0 + 1)
			s.scores[n*c+r] = float32(scores[C*r+c])
		}
	}
	s.dets = s.dets[:0]
	for c := 1; c < C; c++ {
		sc := s.scores[n*c : n*(c+1)]
		bx := s.boxes[4*n*c : 4*n*(c+1)]
		ar := s.areas[n*c : n*(c+1)]
		s.cand = s.cand[:0]
		for i, v := range sc {
			if v > g.ScoreThreshold {
				s.cand = append(s.cand, i)
			}
		}
		slices.SortStableFunc(s.cand, func(a, b int) int { return cmp.Compare(sc[b], sc[a]) })
		s.kept = s.kept[:0]
		for _, i := range s.cand {
			keep := true
			for _, k := range s.kept {
				if detxJaccard(bx, ar, i, k) > g.NMSThreshold {
					keep = false
					break
				}
			}
			if keep {
				s.kept = append(s.kept, i)
			}
		}
		if g.PostNMSCount >= 0 && len(s.kept) > g.PostNMSCount {
			s.kept = s.kept[:g.PostNMSCount]
		}
		for _, i := range s.kept {
			s.dets = append(s.dets, detxDet{score: sc[i], class: c, roi: i})
		}
	}
	dets := s.dets
	if len(dets) > M {
		slices.SortStableFunc(dets, func(a, b detxDet) int {
			return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.roi, b.roi))
		})
		dets = dets[:M]
	}
	clear(outBoxes)
	clear(outClasses)
	clear(outScores)
	for i, d := range dets {
		b := s.boxes[4*(n*d.class+d.roi):]
		outBoxes[4*i], outBoxes[4*i+1], outBoxes[4*i+2], outBoxes[4*i+3] = T(b[0]), T(b[1]), T(b[2]), T(b[3])
		outScores[i] = T(d.score)
		outClasses[i] = int32(d.class)
	}
	return nil
}

func detxZeros(s []float32, n int) []float32 {
	s = slices.Grow(s[:0], n)[:n]
	clear(s)
	return s
}

// detxJaccard is the reference's JaccardOverlap with +1 extents and precomputed areas.
func detxJaccard(b, areas []float32, i, j int) float32 {
	x0a, y0a, x1a, y1a := b[4*i], b[4*i+1], b[4*i+2], b[4*i+3]
	x0b, y0b, x1b, y1b := b[4*j], b[4*j+1], b[4*j+2], b[4*j+3]
	if x0b > x1a || x1b < x0a || y0b > y1a || y1b < y0a {
		return 0
	}
	w := min(x1a, x1b) - max(x0a, x0b) + 1
	h := min(y1a, y1b) - max(y0a, y0b) + 1
	if w <= 0 || h <= 0 {
		return 0
	}
	inter := w * h
	return inter / (areas[i] + areas[j] - inter)
}

// EDProposals holds the attributes and geometry of one
// ExperimentalDetectronGenerateProposalsSingleImage computation.
type EDProposals struct {
	Anchors, H, W int // scores [Anchors, H, W], deltas [4·Anchors, H, W], anchors [H·W·Anchors, 4]
	MinSize       float32
	NMSThreshold  float32
	PreNMSCount   int
	PostNMSCount  int
}

// EDProposalsScratch is the working memory of EDProposalsRun.
type EDProposalsScratch struct {
	boxes   []detxPropBox
	order   []int32
	dead    []bool
	deadNMS []bool
	keep    []int32
}

// EDProposalsRun refines the anchors by the deltas (sizes +1, log sizes at most
// log(1000/16), clipped to the image), zeroes the scores of boxes smaller than min_size,
// takes the pre_nms_count best (ties by proposal index) through NMS and writes up to
// post_nms_count ROIs [x0, y0, x1, y1] and scores (rest 0). The NMS is the reference's: IoU
// without the +1, and a box's suppression flag is reassigned by each later kept box (a box
// suppressed by one kept box can be kept again when a later kept box does not overlap it).
func EDProposalsRun[T SeqFloat](g *EDProposals, imInfo, anchors, deltas, scores, outRois, outScores []T, s *EDProposalsScratch) error {
	if g.Anchors < 0 || g.H < 0 || g.W < 0 || g.PreNMSCount < 0 || g.PostNMSCount < 0 {
		return fmt.Errorf("kernels: ExperimentalDetectronGenerateProposalsSingleImage geometry %+v is invalid", *g)
	}
	area, ok1 := checkedMul(g.H, g.W)
	num, ok2 := checkedMul(area, g.Anchors)
	if !ok1 || !ok2 || len(imInfo) < 2 || len(anchors) != 4*num || len(deltas) != 4*num || len(scores) != num ||
		len(outRois) != 4*g.PostNMSCount || len(outScores) != g.PostNMSCount {
		return fmt.Errorf("kernels: ExperimentalDetectronGenerateProposalsSingleImage %+v: got %d image, %d anchor, %d delta, %d score values",
			*g, len(imInfo), len(anchors), len(deltas), len(scores))
	}
	imgH, imgW := float32(imInfo[0]), float32(imInfo[1])
	maxLog := float32(math.Log(1000. / 16.))
	s.boxes = slices.Grow(s.boxes[:0], num)[:num]
	for h := 0; h < g.H; h++ {
		for w := 0; w < g.W; w++ {
			pos := h*g.W + w
			for a := 0; a < g.Anchors; a++ {
				i := pos*g.Anchors + a
				x0, y0, x1, y1 := float32(anchors[4*i]), float32(anchors[4*i+1]), float32(anchors[4*i+2]), float32(anchors[4*i+3])
				dx, dy := float32(deltas[(4*a)*area+pos]), float32(deltas[(4*a+1)*area+pos])
				dw, dh := float32(deltas[(4*a+2)*area+pos]), float32(deltas[(4*a+3)*area+pos])
				ww, hh := x1-x0+1, y1-y0+1
				cx, cy := x0+0.5*ww, y0+0.5*hh
				pcx, pcy := dx*ww+cx, dy*hh+cy
				pw := float32(math.Exp(float64(min(dw, maxLog)))) * ww
				ph := float32(math.Exp(float64(min(dh, maxLog)))) * hh
				x0 = max(0, min(pcx-0.5*pw, imgW-1))
				y0 = max(0, min(pcy-0.5*ph, imgH-1))
				x1 = max(0, min(pcx+0.5*pw-1, imgW-1))
				y1 = max(0, min(pcy+0.5*ph-1, imgH-1))
				sc := float32(scores[a*area+pos])
				if !(g.MinSize <= x1-x0+1 && g.MinSize <= y1-y0+1) {
					sc = 0
				}
				s.boxes[i] = detxPropBox{x0, y0, x1, y1, sc}
			}
		}
	}
	s.order = slices.Grow(s.order[:0], num)[:num]
	for i := range s.order {
		s.order[i] = int32(i)
	}
	boxes := s.boxes
	slices.SortStableFunc(s.order, func(i, j int32) int { return cmp.Compare(boxes[j].score, boxes[i].score) })
	pre := min(num, g.PreNMSCount)
	order := s.order[:pre]
	s.dead = slices.Grow(s.dead[:0], pre)[:pre]
	clear(s.dead)
	s.keep = s.keep[:0]
	for i := 0; i < pre && g.PostNMSCount > 0; i++ {
		if s.dead[i] {
			continue
		}
		s.keep = append(s.keep, order[i])
		if len(s.keep) == g.PostNMSCount {
			break
		}
		a := &boxes[order[i]]
		areaA := (a.x1 - a.x0) * (a.y1 - a.y0)
		for j := i + 1; j < pre; j++ {
			b := &boxes[order[j]]
			inter := max(0, min(a.x1, b.x1)-max(a.x0, b.x0)) * max(0, min(a.y1, b.y1)-max(a.y0, b.y0))
			areaB := (b.x1 - b.x0) * (b.y1 - b.y0)
			iou := inter / (areaA + areaB - inter)
			s.dead[j] = g.NMSThreshold < iou && a.x0 <= b.x1 && a.y0 <= b.y1 && b.x0 <= a.x1 && b.y0 <= a.y1
		}
	}
	clear(outRois)
	clear(outScores)
	for k, i := range s.keep {
		b := boxes[i]
		outRois[4*k], outRois[4*k+1], outRois[4*k+2], outRois[4*k+3] = T(b.x0), T(b.y0), T(b.x1), T(b.y1)
		outScores[k] = T(b.score)
	}
	return nil
}

// GenerateProposals holds the attributes and geometry of one image of GenerateProposals-9
// (reference src/core/reference/src/op/generate_proposal.cpp, in float32): scores [Anchors,
// H, W], deltas [4·Anchors, H, W], anchors [H, W, Anchors, 4] shared by the images.
type GenerateProposals struct {
	Anchors, H, W int
	MinSize       float32
	NMSThreshold  float32
	PreNMSCount   int
	PostNMSCount  int
	Normalized    bool // coordinates offset 0 (else +1 extents)
}

// GenerateProposalsImage refines the anchors of one image like EDProposalsRun (sizes with
// the coordinates offset, clipped to the image less the offset); boxes smaller than
// min_size·scale are excluded from NMS (not zeroed), the pre_nms_count best by score (ties
// by proposal index) go through NMS (IoU with the offset above nms_threshold suppresses)
// and up to post_nms_count ROIs are appended to rois and scores.
func GenerateProposalsImage[T SeqFloat](g *GenerateProposals, imInfo, anchors, deltas, scores []T, rois, probs []float32, s *EDProposalsScratch) ([]float32, []float32, error) {
	if g.Anchors < 0 || g.H < 0 || g.W < 0 || g.PreNMSCount < 0 || g.PostNMSCount < 0 {
		return rois, probs, fmt.Errorf("kernels: GenerateProposals geometry %+v is invalid", *g)
	}
	area, ok1 := checkedMul(g.H, g.W)
	num, ok2 := checkedMul(area, g.Anchors)
	if !ok1 || !ok2 || (len(imInfo) != 3 && len(imInfo) != 4) || len(anchors) != 4*num || len(deltas) != 4*num || len(scores) != num {
		return rois, probs, fmt.Errorf("kernels: GenerateProposals %+v: got %d image, %d anchor, %d delta, %d score values",
			*g, len(imInfo), len(anchors), len(deltas), len(scores))
	}
	imgH, imgW := float32(imInfo[0]), float32(imInfo[1])
	scaleH, scaleW := float32(imInfo[2]), float32(imInfo[2])
	if len(imInfo) == 4 {
		scaleW = float32(imInfo[3])
	}
	minH, minW := g.MinSize*scaleH, g.MinSize*scaleW
	var off float32 = 1
	if g.Normalized {
		off = 0
	}
	maxLog := float32(math.Log(1000. / 16.))
	s.boxes = slices.Grow(s.boxes[:0], num)[:num]
	s.dead = slices.Grow(s.dead[:0], num)[:num]
	for h := 0; h < g.H; h++ {
		for w := 0; w < g.W; w++ {
			pos := h*g.W + w
			for a := 0; a < g.Anchors; a++ {
				i := pos*g.Anchors + a
				x0, y0, x1, y1 := float32(anchors[4*i]), float32(anchors[4*i+1]), float32(anchors[4*i+2]), float32(anchors[4*i+3])
				dx, dy := float32(deltas[(4*a)*area+pos]), float32(deltas[(4*a+1)*area+pos])
				dw, dh := float32(deltas[(4*a+2)*area+pos]), float32(deltas[(4*a+3)*area+pos])
				ww, hh := x1-x0+off, y1-y0+off
				cx, cy := x0+0.5*ww, y0+0.5*hh
				pcx, pcy := dx*ww+cx, dy*hh+cy
				pw := float32(math.Exp(float64(min(dw, maxLog)))) * ww
				ph := float32(math.Exp(float64(min(dh, maxLog)))) * hh
				x0 = max(0, min(pcx-0.5*pw, imgW-off))
				y0 = max(0, min(pcy-0.5*ph, imgH-off))
				x1 = max(0, min(pcx+0.5*pw-off, imgW-off))
				y1 = max(0, min(pcy+0.5*ph-off, imgH-off))
				s.boxes[i] = detxPropBox{x0, y0, x1, y1, float32(scores[a*area+pos])}
				s.dead[i] = !(minW <= x1-x0+off && minH <= y1-y0+off)
			}
		}
	}
	s.order = slices.Grow(s.order[:0], num)[:num]
	for i := range s.order {
		s.order[i] = int32(i)
	}
	boxes, small := s.boxes, s.dead
	slices.SortStableFunc(s.order, func(i, j int32) int { return cmp.Compare(boxes[j].score, boxes[i].score) })
	pre := min(num, g.PreNMSCount)
	order := s.order[:pre]
	dead := slices.Grow(s.kept32()[:0], pre)[:pre]
	for i, o := range order {
		dead[i] = small[o]
	}
	kept := 0
	for i := 0; i < pre && g.PostNMSCount > 0; i++ {
		if dead[i] {
			continue
		}
		a := &boxes[order[i]]
		rois = append(rois, a.x0, a.y0, a.x1, a.y1)
		probs = append(probs, a.score)
		kept++
		if kept == g.PostNMSCount {
			break
		}
		areaA := (a.x1 - a.x0 + off) * (a.y1 - a.y0 + off)
		for j := i + 1; j < pre; j++ {
			b := &boxes[order[j]]
			inter := max(0, min(a.x1, b.x1)-max(a.x0, b.x0)+off) * max(0, min(a.y1, b.y1)-max(a.y0, b.y0)+off)
			areaB := (b.x1 - b.x0 + off) * (b.y1 - b.y0 + off)
			iou := inter / (areaA + areaB - inter)
			if g.NMSThreshold < iou && a.x0 <= b.x1 && a.y0 <= b.y1 && b.x0 <= a.x1 && b.y0 <= a.y1 {
				dead[j] = true
			}
		}
	}
	s.deadNMS = dead
	return rois, probs, nil
}

func (s *EDProposalsScratch) kept32() []bool { return s.deadNMS }
