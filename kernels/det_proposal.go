package kernels

import (
	"fmt"
	"math"
	"slices"
)

// Proposal-1 and -4 as OpenVINO's reference computes them (reference/proposal.hpp): anchors
// from base_size, ratio and scale (rounded for Caffe, shifted by half the base for
// TensorFlow), moved over the feature map by feat_stride and refined by the deltas
// (dx, dy, dlog w, dlog h); boxes smaller than min_size·scale keep score 0. The boxes are
// ordered by decreasing score (ties by proposal index: the reference's partial_sort leaves
// their order unspecified), the first pre_nms_topn go through greedy NMS (a box is dropped
// when its IoU with a kept one exceeds nms_thresh) and at most post_nms_topn are written as
// [batch, x0, y0, x1, y1] with their scores; unused rows are 0 and, when there are any, the
// first of them has -1 as its batch index (as the reference writes). For TensorFlow the
// reference swaps x and y: the positions and the image's height and width.

// Proposal holds the attributes and geometry of one Proposal computation.
type Proposal struct {
	Batch, Anchors, H, W int // class_probs is [Batch, 2·Anchors, H, W]
	ImageInfoLen         int // 3 or 4 elements in image_shape
	BaseSize             float32
	PreNMSTopN           int
	PostNMSTopN          int
	NMSThresh            float32
	FeatStride           int
	MinSize              float32
	Ratios, Scales       []float32
	TensorFlow           bool // framework "tensorflow"
	ClipBeforeNMS        bool
	ClipAfterNMS         bool
	Normalize            bool
	BoxSizeScale         float32
	BoxCoordinateScale   float32
}

// ProposalScratch is Proposal's working memory; reuse it across calls.
type ProposalScratch struct {
	anchors []float32
	boxes   []detxPropBox
	order   []int32
	keep    []int32
	dead    []bool
}

type detxPropBox struct {
	x0, y0, x1, y1 float32
	score          float32
}

func (p *Proposal) check(nProbs, nDeltas, nImg, nRois, nScores int) error {
	if p.Batch < 0 || p.Anchors < 0 || p.H < 0 || p.W < 0 || p.PreNMSTopN < 0 || p.PostNMSTopN < 0 {
		return fmt.Errorf("kernels: Proposal geometry %+v has a negative extent", *p)
	}
	if len(p.Ratios)*len(p.Scales) != p.Anchors {
		return fmt.Errorf("kernels: Proposal has %d anchors per position but %d ratios and %d scales", p.Anchors, len(p.Ratios), len(p.Scales))
	}
	if p.ImageInfoLen != 3 && p.ImageInfoLen != 4 {
		return fmt.Errorf("kernels: Proposal image_shape has %d elements, expected 3 or 4", p.ImageInfoLen)
	}
	area, ok1 := checkedMul(p.H, p.W)
	per, ok2 := checkedMul(area, p.Anchors)
	all, ok3 := checkedMul(per, p.Batch)
	rows, ok4 := checkedMul(p.Batch, p.PostNMSTopN)
	if !ok1 || !ok2 || !ok3 || !ok4 || all > math.MaxInt32 {
		return fmt.Errorf("kernels: Proposal geometry %+v is too large", *p)
	}
	if nProbs != 2*all || nDeltas != 4*all || nImg != p.ImageInfoLen || nRois != rows*5 || (nScores >= 0 && nScores != rows) {
		return fmt.Errorf("kernels: Proposal %+v: got %d scores, %d deltas, %d image values, outputs of %d and %d", *p, nProbs, nDeltas, nImg, nRois, nScores)
	}
	return nil
}

// detxAnchors is reference proposal.hpp's generate_anchors: for each ratio and scale,
// the box [x0, y0, x1, y1] centred on the base box, stored as four planes of Anchors values.
func (p *Proposal) detxAnchors(a []float32) {
	off := float32(1)
	if p.TensorFlow {
		off = 0
	}
	base := p.BaseSize
	area := base * base
	center := 0.5 * (base - off)
	n := p.Anchors
	for r, ratio := range p.Ratios {
		var rw, rh float32
		if p.TensorFlow {
			rw = float32(math.Sqrt(float64(area / ratio)))
			rh = rw * ratio
		} else {
			rw = float32(math.Round(float64(float32(math.Sqrt(float64(area / ratio))))))
			rh = float32(math.Round(float64(rw * ratio)))
		}
		for s, scale := range p.Scales {
			i := r*len(p.Scales) + s
			sw := 0.5 * (rw*scale - off)
			sh := 0.5 * (rh*scale - off)
			a[i], a[n+i], a[2*n+i], a[3*n+i] = center-sw, center-sh, center+sw, center+sh
			if p.TensorFlow {
				for k := 0; k < 4; k++ {
					a[k*n+i] -= 0.5 * base
				}
			}
		}
	}
}

func detxClamp(v, hi float32) float32 { return max(0, min(v, hi)) }

// ProposalRun computes Proposal: probs [Batch, 2A, H, W], deltas [Batch, 4A, H, W], img
// the image_shape values; rois [Batch·PostNMSTopN, 5] and, when scores is not nil (v4),
// scores [Batch·PostNMSTopN].
func ProposalRun[T SeqFloat](p *Proposal, probs, deltas, img, rois, scores []T, s *ProposalScratch) error {
	ns := -1
	if scores != nil {
		ns = len(scores)
	}
	if err := p.check(len(probs), len(deltas), len(img), len(rois), ns); err != nil {
		return err
	}
	area := p.H * p.W
	num := area * p.Anchors
	s.anchors = slices.Grow(s.anchors[:0], 4*p.Anchors)[:4*p.Anchors]
	p.detxAnchors(s.anchors)
	s.boxes = slices.Grow(s.boxes[:0], num)[:num]
	s.order = slices.Grow(s.order[:0], num)[:num]
	s.dead = slices.Grow(s.dead[:0], num)[:num]
	s.keep = slices.Grow(s.keep[:0], p.PostNMSTopN)[:0]
	off := float32(1)
	if p.TensorFlow {
		off = 0
	}
	imgH, imgW := float32(img[0]), float32(img[1])
	if p.TensorFlow { // the reference swaps x and y for TensorFlow, the image size too
		imgH, imgW = imgW, imgH
	}
	scaleH := img[2]
	scaleW := scaleH
	if p.ImageInfoLen == 4 {
		scaleW = img[3]
	}
	minH, minW := float32(T(p.MinSize)*scaleH), float32(T(p.MinSize)*scaleW)
	preN := min(num, p.PreNMSTopN)
	A := p.Anchors
	anc := s.anchors
	for b := 0; b < p.Batch; b++ {
		sc := probs[(2*b+1)*num : (2*b+2)*num]
		dl := deltas[4*b*num : 4*(b+1)*num]
		for h := 0; h < p.H; h++ {
			for w := 0; w < p.W; w++ {
				x, y := float32(w*p.FeatStride), float32(h*p.FeatStride)
				if p.TensorFlow {
					x, y = y, x
				}
				pos := h*p.W + w
				for a := 0; a < A; a++ {
					dx := dl[(a*4)*area+pos] / T(p.BoxCoordinateScale)
					dy := dl[(a*4+1)*area+pos] / T(p.BoxCoordinateScale)
					dw := dl[(a*4+2)*area+pos] / T(p.BoxSizeScale)
					dh := dl[(a*4+3)*area+pos] / T(p.BoxSizeScale)
					x0, y0 := x+anc[a], y+anc[A+a]
					x1, y1 := x+anc[2*A+a], y+anc[3*A+a]
					if p.TensorFlow { // initial_clip
						x0, y0, x1, y1 = detxClamp(x0, imgW), detxClamp(y0, imgH), detxClamp(x1, imgW), detxClamp(y1, imgH)
					}
					ww, hh := x1-x0+off, y1-y0+off
					cx, cy := x0+0.5*ww, y0+0.5*hh
					pcx, pcy := dx*T(ww)+T(cx), dy*T(hh)+T(cy)
					pw := T(math.Exp(float64(dw)) * float64(ww))
					ph := T(math.Exp(float64(dh)) * float64(hh))
					if _, ok := any(dx).(float32); ok { // the reference rounds exp(·)·ww to T
						pw = T(float32(math.Exp(float64(dw))) * ww)
						ph = T(float32(math.Exp(float64(dh))) * hh)
					}
					x0, y0 = float32(pcx-0.5*pw), float32(pcy-0.5*ph)
					x1, y1 = float32(pcx+0.5*pw), float32(pcy+0.5*ph)
					if p.ClipBeforeNMS {
						x0, y0 = detxClamp(x0, imgW-off), detxClamp(y0, imgH-off)
						x1, y1 = detxClamp(x1, imgW-off), detxClamp(y1, imgH-off)
					}
					bw, bh := x1-x0+off, y1-y0+off
					score := float32(sc[a*area+pos])
					if !(minW <= bw && minH <= bh) {
						score = 0
					}
					i := pos*A + a
					s.boxes[i] = detxPropBox{x0, y0, x1, y1, score}
				}
			}
		}
		for i := range s.order {
			s.order[i] = int32(i)
		}
		boxes := s.boxes
		slices.SortStableFunc(s.order, func(i, j int32) int {
			si, sj := boxes[i].score, boxes[j].score
			switch {
			case si > sj:
				return -1
			case si < sj:
				return 1
			}
			return 0
		})
		s.keep = detxPropNMS(boxes, s.order[:preN], s.dead[:preN], s.keep[:0], p.PostNMSTopN, p.NMSThresh, off)
		r := rois[b*p.PostNMSTopN*5 : (b+1)*p.PostNMSTopN*5]
		var pr []T
		if scores != nil {
			pr = scores[b*p.PostNMSTopN : (b+1)*p.PostNMSTopN]
		}
		clear(r)
		clear(pr)
		for k, i := range s.keep {
			bx := boxes[i]
			x0, y0, x1, y1 := bx.x0, bx.y0, bx.x1, bx.y1
			if p.ClipAfterNMS {
				x0, y0, x1, y1 = detxClamp(x0, imgW), detxClamp(y0, imgH), detxClamp(x1, imgW), detxClamp(y1, imgH)
			}
			if p.Normalize {
				x0, y0, x1, y1 = x0/imgW, y0/imgH, x1/imgW, y1/imgH
			}
			r[k*5], r[k*5+1], r[k*5+2], r[k*5+3], r[k*5+4] = T(b), T(x0), T(y0), T(x1), T(y1)
			if pr != nil {
				pr[k] = T(bx.score)
			}
		}
		if len(s.keep) < p.PostNMSTopN {
			r[len(s.keep)*5] = -1
		}
	}
	return nil
}

// detxPropNMS is the reference's greedy NMS over the boxes in order: it keeps a box unless
// marked dead, stops at limit kept boxes, and marks dead the later boxes whose IoU with the
// kept one (box sizes with +off) exceeds thresh.
func detxPropNMS(boxes []detxPropBox, order []int32, dead []bool, keep []int32, limit int, thresh, off float32) []int32 {
	clear(dead)
	if limit <= 0 {
		return keep
	}
	for i, bi := range order {
		if dead[i] {
			continue
		}
		keep = append(keep, bi)
		if len(keep) == limit {
			break
		}
		a := &boxes[bi]
		areaA := (a.x1 - a.x0 + off) * (a.y1 - a.y0 + off)
		for j := i + 1; j < len(order); j++ {
			b := &boxes[order[j]]
			var iou float32
			if a.x0 <= b.x1 && a.y0 <= b.y1 && b.x0 <= a.x1 && b.y0 <= a.y1 {
				w := max(0, min(a.x1, b.x1)-max(a.x0, b.x0)+off)
				h := max(0, min(a.y1, b.y1)-max(a.y0, b.y0)+off)
				inter := w * h
				areaB := (b.x1 - b.x0 + off) * (b.y1 - b.y0 + off)
				iou = inter / (areaA + areaB - inter)
			}
			if thresh < iou {
				dead[j] = true
			}
		}
	}
	return keep
}
