package kernels

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// NMSRotated-13 as OpenVINO's reference computes it (src/core/reference/src/op/nms_rotated.cpp,
// the IoU of rotated boxes after Detectron2's box_iou_rotated as nms_rotated_util.hpp has
// it), in float32. Boxes are [x_ctr, y_ctr, w, h, angle] (radians, clockwise; the angle is
// negated when clockwise is false). Per batch and class, the boxes scoring above
// score_threshold are taken by decreasing score (smaller index on ties) and kept unless
// their IoU with a kept box exceeds iou_threshold, at most max_output_boxes_per_class.

// RotatedNMS holds the geometry and attributes of one NMSRotated computation.
type RotatedNMS struct {
	Batches, Classes, Boxes int
	MaxPerClass             int64
	IoUThreshold            float32
	ScoreThreshold          float32
	SortDescending          bool
	Clockwise               bool
}

type detxRBox struct {
	cx, cy, w, h, a float32
	score           float32
	index           int
}

type detxPt struct{ x, y float32 }

func (p detxPt) sub(q detxPt) detxPt { return detxPt{p.x - q.x, p.y - q.y} }
func detxDot(a, b detxPt) float32    { return a.x*b.x + a.y*b.y }
func detxCross(a, b detxPt) float32  { return a.x*b.y - b.x*a.y }

func detxVertices(b *detxRBox) [4]detxPt {
	c := float32(math.Cos(float64(b.a))) * 0.5
	s := float32(math.Sin(float64(b.a))) * 0.5
	var p [4]detxPt
	p[0] = detxPt{b.cx - s*b.h - c*b.w, b.cy + c*b.h - s*b.w}
	p[1] = detxPt{b.cx + s*b.h - c*b.w, b.cy - c*b.h - s*b.w}
	p[2] = detxPt{2*b.cx - p[0].x, 2*b.cy - p[0].y}
	p[3] = detxPt{2*b.cx - p[1].x, 2*b.cy - p[1].y}
	return p
}

// detxInside appends the points of a that lie in the rectangle b (projections on its two
// edges from b[0] within the edges).
func detxInside(a, b *[4]detxPt, out []detxPt) []detxPt {
	ab, da := b[1].sub(b[0]), b[0].sub(b[3])
	abab, adad := detxDot(ab, ab), detxDot(da, da)
	for _, p := range a {
		ap := p.sub(b[0])
		x, y := detxDot(ap, ab), -detxDot(ap, da)
		if x >= 0 && y >= 0 && x <= abab && y <= adad {
			out = append(out, p)
		}
	}
	return out
}

// detxRotatedIntersection is the area of the intersection of two rotated rectangles: the
// convex hull of their edge crossings and contained vertices.
func detxRotatedIntersection(b1, b2 *detxRBox) float32 {
	p1, p2 := detxVertices(b1), detxVertices(b2)
	var buf [24]detxPt
	pts := buf[:0]
	for i := 0; i < 4; i++ {
		v1 := p1[(i+1)%4].sub(p1[i])
		for j := 0; j < 4; j++ {
			v2 := p2[(j+1)%4].sub(p2[j])
			det := detxCross(v2, v1)
			if math.Abs(float64(det)) <= 1e-14 {
				continue
			}
			d := p2[j].sub(p1[i])
			t1 := detxCross(v2, d) / det
			t2 := detxCross(v1, d) / det
			if t1 >= 0 && t1 <= 1 && t2 >= 0 && t2 <= 1 {
				pts = append(pts, detxPt{p1[i].x + v1.x*t1, p1[i].y + v1.y*t1})
			}
		}
	}
	pts = detxInside(&p1, &p2, pts)
	pts = detxInside(&p2, &p1, pts)
	if len(pts) <= 2 {
		return 0
	}
	// Graham scan from the lowest (then leftmost) point.
	t := 0
	for i := range pts {
		if pts[i].y < pts[t].y || (pts[i].y == pts[t].y && pts[i].x < pts[t].x) {
			t = i
		}
	}
	start := pts[t]
	for i := range pts {
		pts[i] = pts[i].sub(start)
	}
	pts[0], pts[t] = pts[t], pts[0]
	rest := pts[1:]
	slices.SortStableFunc(rest, func(a, b detxPt) int {
		c := detxCross(a, b)
		if math.Abs(float64(c)) < 1e-6 {
			return cmp.Compare(detxDot(a, a), detxDot(b, b))
		}
		if c > 0 {
			return -1
		}
		return 1
	})
	k := 1
	for k < len(pts) && detxDot(pts[k], pts[k]) <= 1e-8 {
		k++
	}
	if k == len(pts) {
		return 0
	}
	q := pts
	q[1] = q[k]
	m := 2
	for i := k + 1; i < len(pts); i++ {
		for m > 1 && detxCross(q[i].sub(q[m-2]), q[m-1].sub(q[m-2])) >= 0 {
			m--
		}
		q[m] = q[i]
		m++
	}
	if m <= 2 {
		return 0
	}
	var area float32
	for i := 1; i < m-1; i++ {
		area += float32(math.Abs(float64(detxCross(q[i].sub(q[0]), q[i+1].sub(q[0])))))
	}
	return area / 2
}

func detxRotatedIoU(a, b *detxRBox) float32 {
	inter := detxRotatedIntersection(a, b)
	areaA, areaB := a.w*a.h, b.w*b.h
	if areaA <= 0 || areaB <= 0 {
		return 0
	}
	return inter / (areaA + areaB - inter)
}

// RotatedNMSRun selects boxes from boxes [Batches, Boxes, 5] and scores [Batches, Classes,
// Boxes]; the rows are ordered by batch, class, selection or, with SortDescending, by
// decreasing score (ties by batch, class, box). The returned slice is owned by s.
func RotatedNMSRun(p RotatedNMS, boxes, scores []float32, s *NMSScratch) ([]NMSSelected, error) {
	if p.Batches < 0 || p.Classes < 0 || p.Boxes < 0 || p.MaxPerClass < 0 {
		return nil, fmt.Errorf("kernels: NMSRotated geometry %+v is invalid", p)
	}
	nb, ok1 := checkedMul(p.Batches, p.Boxes)
	nb5, ok2 := checkedMul(nb, 5)
	nsc, ok3 := checkedMul(nb, p.Classes)
	if !ok1 || !ok2 || !ok3 || len(boxes) != nb5 || len(scores) != nsc {
		return nil, fmt.Errorf("kernels: NMSRotated %+v: got %d box and %d score values", p, len(boxes), len(scores))
	}
	s.out = s.out[:0]
	var cand, kept []detxRBox
	for b := 0; b < p.Batches; b++ {
		for c := 0; c < p.Classes; c++ {
			sc := scores[(b*p.Classes+c)*p.Boxes:][:p.Boxes]
			cand = cand[:0]
			for i, v := range sc {
				if v > p.ScoreThreshold {
					x := boxes[(b*p.Boxes+i)*5:][:5]
					r := detxRBox{x[0], x[1], x[2], x[3], x[4], v, i}
					if !p.Clockwise {
						r.a = -r.a
					}
					cand = append(cand, r)
				}
			}
			slices.SortStableFunc(cand, func(x, y detxRBox) int { return cmp.Compare(y.score, x.score) })
			kept = kept[:0]
			for i := range cand {
				if int64(len(kept)) >= p.MaxPerClass {
					break
				}
				keep := true
				for j := len(kept) - 1; j >= 0; j-- {
					if detxRotatedIoU(&cand[i], &kept[j]) > p.IoUThreshold {
						keep = false
						break
					}
				}
				if keep {
					kept = append(kept, cand[i])
				}
			}
			for _, k := range kept {
				s.out = append(s.out, NMSSelected{Batch: b, Class: c, Box: k.index, Score: k.score})
			}
		}
	}
	if p.SortDescending {
		slices.SortStableFunc(s.out, func(x, y NMSSelected) int {
			return cmp.Or(cmp.Compare(y.Score, x.Score), cmp.Compare(x.Batch, y.Batch), cmp.Compare(x.Class, y.Class), cmp.Compare(x.Box, y.Box))
		})
	}
	return s.out, nil
}
