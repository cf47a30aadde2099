package kernels

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// MulticlassNms-8/-9 and MatrixNms-8 as OpenVINO's reference computes them
// (src/core/reference/src/op/multiclass_nms.cpp and matrix_nms.cpp), in float32.
//
// Boxes are [x1, y1, x2, y2] as given (not reordered); with normalized false their extents
// get +1. MulticlassNms: per image and class (background_class skipped), the boxes scoring
// at least score_threshold, the nms_top_k best (ties by box index), greedy NMS (a box is
// dropped when its IoU with a kept one is at least the threshold, which nms_eta < 1 lowers
// after each kept box while above 0.5). MatrixNms: the boxes scoring above score_threshold,
// the nms_top_k best, each decayed by the minimum over better boxes j of (1-iou)/(1-maxiou_j)
// (linear) or exp((maxiou_j²-iou²)·gaussian_sigma) (gaussian), kept above post_threshold.
// Then per image: by decreasing score (MulticlassNms: scores within 1e-6 tie) then class
// then box index, at most keep_top_k; MulticlassNms with sort_result_type classid and no
// sorting across the batch re-sorts by class; with sort_result_across_batch, all rows are
// sorted by score (or class) then batch, class, score, index.

// MultiNMSSort is sort_result_type.
type MultiNMSSort uint8

const (
	MultiNMSSortNone MultiNMSSort = iota
	MultiNMSSortScore
	MultiNMSSortClass
)

// MultiNMS holds the attributes and geometry of one MulticlassNms or MatrixNms computation.
type MultiNMS struct {
	Matrix          bool
	Sort            MultiNMSSort
	SortAcrossBatch bool
	ScoreThreshold  float32
	IoUThreshold    float32 // MulticlassNms
	NMSTopK         int     // -1: all
	KeepTopK        int     // -1: all
	BackgroundClass int     // -1: none
	NMSEta          float32 // MulticlassNms
	Gaussian        bool    // MatrixNms decay_function
	GaussianSigma   float32
	PostThreshold   float32
	Normalized      bool
	// Shared boxes (every form but MulticlassNms-9 with roisnum): boxes [Batches, Boxes, 4],
	// scores [Batches, Classes, Boxes]. With RoisNum (MulticlassNms-9, three inputs): boxes
	// [Classes, Boxes, 4], scores [Classes, Boxes], image i owning the next RoisNum[i] boxes.
	Batches, Classes, Boxes int
	RoisNum                 []int64
}

// MultiNMSRow is one selected box: its image, class, flattened index (selected_indices),
// score and corners.
type MultiNMSRow struct {
	Batch, Class int
	Index        int64
	Box          int // box index within the image (for ordering)
	Score        float32
	X1, Y1       float32
	X2, Y2       float32
}

// MultiNMSScratch is the working memory of MultiNMSRun; reuse it across calls.
type MultiNMSScratch struct {
	rows, image []MultiNMSRow
	cand, queue []detxCand
	valid       []int64
	iou, iouMax []float32
	kept        []detxCand
}

type detxCand struct {
	box            int
	score          float32
	suppressBegin  int
	x1, y1, x2, y2 float32
}

func (p *MultiNMS) images() int {
	if p.RoisNum != nil {
		return len(p.RoisNum)
	}
	return p.Batches
}

// MultiNMSRun selects the boxes; it returns the rows in output order and the number of rows
// of each image (valid_outputs). Both slices are owned by s.
func MultiNMSRun(p *MultiNMS, boxes, scores []float32, s *MultiNMSScratch) ([]MultiNMSRow, []int64, error) {
	if p.Batches < 0 || p.Classes < 0 || p.Boxes < 0 || p.NMSTopK < -1 || p.KeepTopK < -1 {
		return nil, nil, fmt.Errorf("kernels: MulticlassNms/MatrixNms geometry %+v is invalid", *p)
	}
	nb, ok1 := checkedMul(p.Boxes, 4)
	ns, ok2 := checkedMul(p.Boxes, p.Classes)
	if p.RoisNum != nil {
		if p.Matrix {
			return nil, nil, fmt.Errorf("kernels: MatrixNms takes no roisnum")
		}
		nb, ok1 = checkedMul(nb, p.Classes)
	} else {
		var ok3, ok4 bool
		nb, ok3 = checkedMul(nb, p.Batches)
		ns, ok4 = checkedMul(ns, p.Batches)
		ok1, ok2 = ok1 && ok3, ok2 && ok4
	}
	if !ok1 || !ok2 || len(boxes) != nb || len(scores) != ns {
		return nil, nil, fmt.Errorf("kernels: MulticlassNms/MatrixNms %+v: got %d box and %d score values", *p, len(boxes), len(scores))
	}
	if p.RoisNum != nil {
		var total int64
		for _, r := range p.RoisNum {
			if r > 0 {
				total += r
				if total > int64(p.Boxes) {
					return nil, nil, fmt.Errorf("kernels: MulticlassNms roisnum %v needs more than the %d boxes given", p.RoisNum, p.Boxes)
				}
			}
		}
	}
	s.rows = s.rows[:0]
	s.valid = slices.Grow(s.valid[:0], p.images())[:p.images()]
	head := 0
	for b := range s.valid {
		s.image = s.image[:0]
		n := p.Boxes
		if p.RoisNum != nil {
			if p.RoisNum[b] <= 0 {
				s.valid[b] = 0
				continue
			}
			n = int(p.RoisNum[b])
		}
		for c := 0; c < p.Classes; c++ {
			if c == p.BackgroundClass {
				continue
			}
			var bx, sc []float32
			switch {
			case p.RoisNum != nil:
				bx = boxes[(c*p.Boxes+head)*4 : (c*p.Boxes+head+n)*4]
				sc = scores[c*p.Boxes+head : c*p.Boxes+head+n]
			default:
				bx = boxes[b*p.Boxes*4 : (b+1)*p.Boxes*4]
				sc = scores[(b*p.Classes+c)*p.Boxes : (b*p.Classes+c+1)*p.Boxes]
			}
			if p.Matrix {
				detxMatrixClass(p, s, bx, sc, b, c)
			} else {
				detxMulticlassClass(p, s, bx, sc, b, c)
			}
		}
		img := s.image
		if p.Matrix {
			slices.SortStableFunc(img, func(a, b MultiNMSRow) int {
				if a.Score != b.Score {
					return cmp.Compare(b.Score, a.Score)
				}
				if a.Class != b.Class {
					return cmp.Compare(a.Class, b.Class)
				}
				return cmp.Compare(a.Box, b.Box)
			})
		} else {
			slices.SortStableFunc(img, detxScoreOrder)
		}
		if p.KeepTopK > -1 && p.KeepTopK < len(img) {
			img = img[:p.KeepTopK]
		}
		if !p.Matrix && !p.SortAcrossBatch && p.Sort == MultiNMSSortClass {
			slices.SortStableFunc(img, func(a, b MultiNMSRow) int {
				if a.Class != b.Class {
					return cmp.Compare(a.Class, b.Class)
				}
				if math.Abs(float64(a.Score-b.Score)) > 1e-6 {
					return cmp.Compare(b.Score, a.Score)
				}
				return cmp.Compare(a.Box, b.Box)
			})
		}
		for i := range img {
			r := &img[i]
			if p.RoisNum != nil {
				var off int64
				for _, k := range p.RoisNum[:b] {
					off += k // as the reference: every earlier count, even non-positive ones
				}
				r.Index = (off+int64(r.Box))*int64(p.Classes) + int64(r.Class)
			} else {
				r.Index = int64(b)*int64(p.Boxes) + int64(r.Box)
			}
		}
		s.valid[b] = int64(len(img))
		s.rows = append(s.rows, img...)
		head += n
	}
	if p.SortAcrossBatch {
		switch p.Sort {
		case MultiNMSSortScore:
			slices.SortStableFunc(s.rows, func(a, b MultiNMSRow) int {
				return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Batch, b.Batch), cmp.Compare(a.Class, b.Class), cmp.Compare(a.Index, b.Index))
			})
		case MultiNMSSortClass:
			slices.SortStableFunc(s.rows, func(a, b MultiNMSRow) int {
				return cmp.Or(cmp.Compare(a.Class, b.Class), cmp.Compare(a.Batch, b.Batch), cmp.Compare(b.Score, a.Score), cmp.Compare(a.Index, b.Index))
			})
		}
	}
	return s.rows, s.valid, nil
}

// detxScoreOrder is MulticlassNms's per-image order: score (within 1e-6 equal), class, box.
func detxScoreOrder(a, b MultiNMSRow) int {
	if math.Abs(float64(a.Score-b.Score)) >= 1e-6 {
		return cmp.Compare(b.Score, a.Score)
	}
	if a.Class != b.Class {
		return cmp.Compare(a.Class, b.Class)
	}
	return cmp.Compare(a.Box, b.Box)
}

// detxCandidates collects the boxes whose score passes keep, sorts them by decreasing score
// (ties by box index) and keeps the nms_top_k best.
func detxCandidates(p *MultiNMS, s *MultiNMSScratch, bx, sc []float32, keep func(float32) bool) []detxCand {
	s.cand = s.cand[:0]
	for i, v := range sc {
		if keep(v) {
			s.cand = append(s.cand, detxCand{box: i, score: v, x1: bx[4*i], y1: bx[4*i+1], x2: bx[4*i+2], y2: bx[4*i+3]})
		}
	}
	slices.SortStableFunc(s.cand, func(a, b detxCand) int { return cmp.Compare(b.score, a.score) })
	if p.NMSTopK > -1 && p.NMSTopK < len(s.cand) {
		s.cand = s.cand[:p.NMSTopK]
	}
	return s.cand
}

func detxMultiIoU(a, b *detxCand, normalized bool) float32 {
	var norm float32
	if !normalized {
		norm = 1
	}
	areaA := (a.y2 - a.y1 + norm) * (a.x2 - a.x1 + norm)
	areaB := (b.y2 - b.y1 + norm) * (b.x2 - b.x1 + norm)
	if areaA <= 0 || areaB <= 0 {
		return 0
	}
	ih := max(min(a.y2, b.y2)-max(a.y1, b.y1)+norm, 0)
	iw := max(min(a.x2, b.x2)-max(a.x1, b.x1)+norm, 0)
	inter := ih * iw
	return inter / (areaA + areaB - inter)
}

func detxMulticlassClass(p *MultiNMS, s *MultiNMSScratch, bx, sc []float32, b, c int) {
	cand := detxCandidates(p, s, bx, sc, func(v float32) bool { return v >= p.ScoreThreshold })
	// The reference's priority queue: highest score first, lower box index on ties.
	s.queue = append(s.queue[:0], cand...)
	s.kept = s.kept[:0]
	thr := p.IoUThreshold
	for len(s.queue) > 0 {
		next := s.queue[0]
		s.queue = s.queue[1:]
		orig := next.score
		hard := false
		for j := len(s.kept) - 1; j >= next.suppressBegin; j-- {
			iou := detxMultiIoU(&next, &s.kept[j], p.Normalized)
			if !(iou <= thr) {
				next.score = 0
			}
			if iou >= thr {
				hard = true
				break
			}
			if next.score <= p.ScoreThreshold {
				break
			}
		}
		next.suppressBegin = len(s.kept)
		if hard {
			continue
		}
		if p.NMSEta < 1 && thr > 0.5 {
			thr *= p.NMSEta
		}
		if next.score == orig {
			s.kept = append(s.kept, next)
			continue
		}
		if next.score > p.ScoreThreshold { // re-queue in priority order
			i := 0
			for i < len(s.queue) && (s.queue[i].score > next.score || (s.queue[i].score == next.score && s.queue[i].box < next.box)) {
				i++
			}
			s.queue = slices.Insert(s.queue, i, next)
		}
	}
	for _, k := range s.kept {
		s.image = append(s.image, MultiNMSRow{Batch: b, Class: c, Box: k.box, Score: k.score, X1: k.x1, Y1: k.y1, X2: k.x2, Y2: k.y2})
	}
}

func detxMatrixArea(a *detxCand, normalized bool) float32 {
	if a.x2 < a.x1 || a.y2 < a.y1 {
		return 0
	}
	w, h := a.x2-a.x1, a.y2-a.y1
	if normalized {
		return w * h
	}
	return (w + 1) * (h + 1)
}

func detxMatrixIoU(a, b *detxCand, normalized bool) float32 {
	if b.x1 > a.x2 || b.x2 < a.x1 || b.y1 > a.y2 || b.y2 < a.y1 {
		return 0
	}
	var norm float32
	if !normalized {
		norm = 1
	}
	iw := min(a.x2, b.x2) - max(a.x1, b.x1) + norm
	ih := min(a.y2, b.y2) - max(a.y1, b.y1) + norm
	inter := iw * ih
	return inter / (detxMatrixArea(a, normalized) + detxMatrixArea(b, normalized) - inter)
}

func detxMatrixClass(p *MultiNMS, s *MultiNMSScratch, bx, sc []float32, b, c int) {
	cand := detxCandidates(p, s, bx, sc, func(v float32) bool { return v > p.ScoreThreshold })
	n := len(cand)
	if n == 0 {
		return
	}
	tri := n * (n - 1) / 2
	s.iou = slices.Grow(s.iou[:0], tri)[:tri]
	s.iouMax = slices.Grow(s.iouMax[:0], n)[:n]
	s.iouMax[0] = 0
	for i := 1; i < n; i++ {
		m := float32(0)
		for j := 0; j < i; j++ {
			v := detxMatrixIoU(&cand[i], &cand[j], p.Normalized)
			m = max(m, v)
			s.iou[i*(i-1)/2+j] = v
		}
		s.iouMax[i] = m
	}
	add := func(k *detxCand, score float32) {
		s.image = append(s.image, MultiNMSRow{Batch: b, Class: c, Box: k.box, Score: score, X1: k.x1, Y1: k.y1, X2: k.x2, Y2: k.y2})
	}
	if cand[0].score > p.PostThreshold {
		add(&cand[0], cand[0].score)
	}
	for i := 1; i < n; i++ {
		minDecay := float32(1)
		for j := 0; j < i; j++ {
			iou, mx := s.iou[i*(i-1)/2+j], s.iouMax[j]
			var d float32
			if p.Gaussian {
				d = float32(math.Exp(float64((mx*mx - iou*iou) * p.GaussianSigma)))
			} else {
				d = float32((1 - float64(iou)) / (1 - float64(mx) + float64(float32(1e-10))))
			}
			minDecay = min(minDecay, d)
		}
		ds := minDecay * cand[i].score
		if ds > p.PostThreshold {
			add(&cand[i], ds)
		}
	}
}
