package kernels

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// DetectionOutput as OpenVINO's reference computes it (reference/detection_output.hpp,
// the Caffe SSD layer): decode every prior box with its location prediction (CORNER or
// CENTER_SIZE code, variances from the priors input or encoded in the target), optionally
// refine the priors first with the ARM location predictions (the five-input form, where the
// ARM confidences also suppress priors whose objectness is below objectness_score), run a
// greedy NMS per class (Caffe style) or over the best class of every prior (MXNet style,
// decrease_label_id), keep the keep_top_k best detections per image and write rows
// [image_id, label, confidence, x_min, y_min, x_max, y_max] ordered by image, then label,
// then the NMS order; the row after the last detection starts with -1 and the rest is 0.

// DetectionAttrs are DetectionOutput's attributes as the kernel uses them.
type DetectionAttrs struct {
	NumClasses      int // classes per prior (the attribute for -1, deduced from shapes for -8)
	BackgroundLabel int // -1: none
	TopK            int // -1: all
	KeepTopK        int // -1: all
	VarianceEncoded bool
	CenterSize      bool // code_type CENTER_SIZE (else CORNER)
	ShareLocation   bool
	NMSThreshold    float32
	ConfThreshold   float32
	ObjectnessScore float32
	ClipAfterNMS    bool
	ClipBeforeNMS   bool
	DecreaseLabelID bool
	Normalized      bool
	InputHeight     int
	InputWidth      int
}

// DetectionDims are the sizes the inputs imply.
type DetectionDims struct {
	Images      int // batch of the location and confidence inputs
	Priors      int // prior boxes per image
	PriorsBatch int // first dim of the priors input: 1 or Images
	Results     int // rows of the output ([1, 1, Results, 7])
}

type detBox[F float32 | float64] struct{ xmin, ymin, xmax, ymax F }

type detScoreIdx[F float32 | float64] struct {
	score F
	label int
	idx   int
}

// DetectionOutput holds the scratch of one DetectionOutput node, so that runs allocate
// nothing. One value is used by one goroutine at a time.
type DetectionOutput[F float32 | float64] struct {
	a DetectionAttrs
	d DetectionDims

	locClasses int
	priorSize  int
	priors     []detBox[F] // the current image's prior boxes
	vars       []F         // and their variances, 4 per prior
	decoded    []detBox[F] // per loc class, per prior, decoded on first use
	oneDone    []bool      // per loc class, per prior: decoded[i] is set
	oneKept    []detBox[F] // nms: the kept boxes
	oneArea    []F         // and their areas
	hasDecoded []bool      // per loc class
	indices    [][]int     // per class, the kept priors
	cand       []detScoreIdx[F]
	all        []detScoreIdx[F]
	counts     []int // per class, kept after keep_top_k
}

// NewDetectionOutput checks the attributes and dims and allocates the scratch.
func NewDetectionOutput[F float32 | float64](a DetectionAttrs, d DetectionDims) (*DetectionOutput[F], error) {
	if a.NumClasses <= 0 || d.Images < 0 || d.Priors <= 0 || d.Results < 0 {
		return nil, fmt.Errorf("kernels: DetectionOutput with %d classes, %d images, %d priors and %d result rows", a.NumClasses, d.Images, d.Priors, d.Results)
	}
	if d.PriorsBatch != 1 && d.PriorsBatch != d.Images {
		return nil, fmt.Errorf("kernels: DetectionOutput priors batch %d is neither 1 nor the number of images %d", d.PriorsBatch, d.Images)
	}
	k := &DetectionOutput[F]{a: a, d: d, locClasses: 1, priorSize: 4}
	if !a.ShareLocation {
		k.locClasses = a.NumClasses
	}
	if !a.Normalized {
		k.priorSize = 5
	}
	n := d.Priors
	if _, ok := checkedMul(n, a.NumClasses); !ok {
		return nil, fmt.Errorf("kernels: DetectionOutput %d priors x %d classes overflows", n, a.NumClasses)
	}
	k.priors = make([]detBox[F], n)
	k.vars = make([]F, 4*n)
	k.decoded = make([]detBox[F], k.locClasses*n)
	k.oneDone = make([]bool, k.locClasses*n)
	k.oneKept = make([]detBox[F], 0, n)
	k.oneArea = make([]F, 0, n)
	k.hasDecoded = make([]bool, k.locClasses)
	k.indices = make([][]int, a.NumClasses)
	for c := range k.indices {
		k.indices[c] = make([]int, 0, n)
	}
	k.cand = make([]detScoreIdx[F], 0, n)
	k.all = make([]detScoreIdx[F], 0, n*a.NumClasses)
	k.counts = make([]int, a.NumClasses)
	return k, nil
}

// Lens returns the element counts the inputs must have: location (and ARM location),
// confidence, priors, ARM confidence.
func (k *DetectionOutput[F]) Lens() (loc, conf, priors, armConf int) {
	d, a := k.d, k.a
	loc = d.Images * d.Priors * k.locClasses * 4
	conf = d.Images * d.Priors * a.NumClasses
	per := d.Priors * k.priorSize
	if !a.VarianceEncoded {
		per *= 2
	}
	priors = d.PriorsBatch * per
	armConf = d.Images * d.Priors * 2
	return
}

// Run computes out (Results*7 elements) from loc, conf and priors; armConf and armLoc are
// both nil (three inputs) or both given (five inputs).
func (k *DetectionOutput[F]) Run(loc, conf, priors, armConf, armLoc, out []F) error {
	wl, wc, wp, wa := k.Lens()
	arm := armConf != nil || armLoc != nil
	if len(loc) != wl || len(conf) != wc || len(priors) != wp || len(out) != k.d.Results*7 ||
		(arm && (len(armConf) != wa || len(armLoc) != wl)) {
		return fmt.Errorf("kernels: DetectionOutput got %d location, %d confidence, %d prior, %d/%d ARM and %d output elements, want %d, %d, %d, %d/%d and %d",
			len(loc), len(conf), len(priors), len(armConf), len(armLoc), len(out), wl, wc, wp, wa, wl, k.d.Results*7)
	}
	clear(out)
	a := k.a
	np, nc := k.d.Priors, a.NumClasses
	count := 0
	for img := 0; img < k.d.Images; img++ {
		pb := img
		if k.d.PriorsBatch == 1 {
			pb = 0
		}
		k.loadPriors(priors, pb)
		imgLoc := loc[img*np*k.locClasses*4 : (img+1)*np*k.locClasses*4]
		imgConf := conf[img*np*nc : (img+1)*np*nc]
		var imgArmConf, imgArmLoc []F
		if arm {
			imgArmConf = armConf[img*np*2 : (img+1)*np*2]
			imgArmLoc = armLoc[img*np*k.locClasses*4 : (img+1)*np*k.locClasses*4]
		}
		score := func(c, p int) F {
			if arm && imgArmConf[p*2+1] < F(a.ObjectnessScore) {
				if c == a.BackgroundLabel {
					return 1
				}
				return 0
			}
			return imgConf[p*nc+c]
		}
		// The boxes of every location class but the background, each decoded when a
		// candidate first needs it (most priors never pass the thresholds and top_k).
		for lc := 0; lc < k.locClasses; lc++ {
			label := lc
			if a.ShareLocation {
				label = -1
			}
			k.hasDecoded[lc] = !(a.BackgroundLabel > -1 && label == a.BackgroundLabel)
		}
		clear(k.oneDone)
		boxesOf := func(label int) (oneBoxes[F], bool) {
			lc := label
			if a.ShareLocation {
				lc = 0
			}
			if lc < 0 || lc >= k.locClasses || !k.hasDecoded[lc] {
				return oneBoxes[F]{}, false
			}
			return oneBoxes[F]{k: k, lc: lc, loc: imgLoc, armLoc: imgArmLoc}, true
		}
		for c := range k.indices {
			k.indices[c] = k.indices[c][:0]
		}
		numDet := 0
		if !a.DecreaseLabelID {
			// Caffe style: NMS per class.
			for c := 0; c < nc; c++ {
				if c == a.BackgroundLabel {
					continue
				}
				boxes, ok := boxesOf(c)
				if !ok {
					continue
				}
				k.cand = k.cand[:0]
				for p := 0; p < np; p++ {
					if s := score(c, p); s > F(a.ConfThreshold) {
						k.cand = append(k.cand, detScoreIdx[F]{score: s, idx: p})
					}
				}
				if a.TopK > -1 && a.TopK < len(k.cand) {
					oneSelect(k.cand, a.TopK)
					k.cand = k.cand[:a.TopK]
				}
				slices.SortFunc(k.cand, detDescend[F])
				k.indices[c] = k.nms(boxes, k.cand, k.indices[c])
				numDet += len(k.indices[c])
			}
		} else {
			// MXNet style: each prior's best non-background class.
			k.cand = k.cand[:0]
			for p := 0; p < np; p++ {
				conf, id := F(-1), 0
				for c := 1; c < nc; c++ {
					if a.BackgroundLabel > -1 && c == a.BackgroundLabel {
						continue
					}
					if t := score(c, p); t > conf {
						conf, id = t, c
					}
				}
				if id > 0 && float64(conf) >= float64(a.ConfThreshold) {
					k.cand = append(k.cand, detScoreIdx[F]{score: conf, label: id, idx: p})
				}
			}
			if a.TopK != -1 && a.TopK >= 0 && len(k.cand) > a.TopK {
				oneSelect(k.cand, a.TopK)
				k.cand = k.cand[:a.TopK]
			}
			slices.SortFunc(k.cand, detDescend[F])
			for _, s := range k.cand {
				boxes, ok := boxesOf(s.label)
				if !ok {
					continue
				}
				keep := true
				for _, kept := range k.indices[s.label] {
					if float64(detIoU(boxes.at(s.idx), boxes.at(kept))) > float64(a.NMSThreshold) {
						keep = false
						break
					}
				}
				if keep {
					k.indices[s.label] = append(k.indices[s.label], s.idx)
				}
			}
			for c := range k.indices {
				numDet += len(k.indices[c])
			}
		}
		for c := range k.counts {
			k.counts[c] = len(k.indices[c])
		}
		if a.KeepTopK > -1 && numDet > a.KeepTopK {
			k.all = k.all[:0]
			for c := 0; c < nc; c++ {
				for _, p := range k.indices[c] {
					k.all = append(k.all, detScoreIdx[F]{score: score(c, p), label: c, idx: p})
				}
			}
			// std::sort with (score desc, prior asc); ties across labels stay in label order
			// (detDescend's last key: the entries were appended in label order).
			oneSelect(k.all, a.KeepTopK)
			k.all = k.all[:a.KeepTopK]
			slices.SortFunc(k.all, detDescend[F])
			for c := range k.indices {
				k.indices[c] = k.indices[c][:0]
			}
			for _, s := range k.all {
				k.indices[s.label] = append(k.indices[s.label], s.idx)
			}
		}
		for c := 0; c < nc; c++ {
			boxes, ok := boxesOf(c)
			if !ok {
				continue
			}
			for _, p := range k.indices[c] {
				if count >= k.d.Results {
					return fmt.Errorf("kernels: DetectionOutput found more than the %d detections its output holds", k.d.Results)
				}
				b := boxes.at(p)
				if a.ClipAfterNMS {
					b = detClip(b)
				}
				label := c
				if a.DecreaseLabelID {
					label--
				}
				row := out[count*7 : count*7+7]
				row[0], row[1], row[2] = F(img), F(label), score(c, p)
				row[3], row[4], row[5], row[6] = b.xmin, b.ymin, b.xmax, b.ymax
				count++
			}
		}
	}
	if count < k.d.Results {
		out[count*7] = -1
	}
	return nil
}

func locBox[F float32 | float64](loc []F, p, lc, locClasses int) detBox[F] {
	i := (p*locClasses + lc) * 4
	return detBox[F]{loc[i], loc[i+1], loc[i+2], loc[i+3]}
}

// detDescend is SortScorePairDescend: score descending, then prior index ascending, then
// label ascending — a total order on the candidates (no NaN score passes the thresholds),
// so an unstable sort and a selection give the stable sort's order of the reference.
func detDescend[F float32 | float64](x, y detScoreIdx[F]) int {
	if x.score > y.score {
		return -1
	}
	if x.score < y.score {
		return 1
	}
	if c := cmp.Compare(x.idx, y.idx); c != 0 {
		return c
	}
	return cmp.Compare(x.label, y.label)
}

// oneSelect reorders a so that a[:k] holds its k first elements in detDescend order (in
// any order), by quickselect with a median-of-three pivot: top_k of a few hundred out of
// thousands of candidates costs a partition, not a sort of them all.
func oneSelect[F float32 | float64](a []detScoreIdx[F], k int) {
	lo, hi := 0, len(a)
	if k <= 0 || k >= hi {
		return
	}
	for hi-lo > 12 {
		m := lo + (hi-lo)/2
		if detDescend(a[m], a[lo]) < 0 {
			a[m], a[lo] = a[lo], a[m]
		}
		if detDescend(a[hi-1], a[lo]) < 0 {
			a[hi-1], a[lo] = a[lo], a[hi-1]
		}
		if detDescend(a[hi-1], a[m]) < 0 {
			a[hi-1], a[m] = a[m], a[hi-1]
		}
		// a[lo] ≤ a[m] ≤ a[hi-1]: partition a[lo+1:hi-1] around the median.
		pivot := a[m]
		a[m], a[hi-2] = a[hi-2], a[m]
		st := lo + 1
		for i := lo + 1; i < hi-2; i++ {
			if detDescend(a[i], pivot) < 0 {
				a[i], a[st] = a[st], a[i]
				st++
			}
		}
		a[st], a[hi-2] = a[hi-2], a[st]
		// a[lo:st] < a[st] < a[st+1:hi]
		switch {
		case k <= st:
			hi = st
		case k == st+1:
			return
		default:
			lo = st + 1
		}
	}
	for i := lo + 1; i < hi; i++ {
		for j := i; j > lo && detDescend(a[j], a[j-1]) < 0; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// oneBoxes is one location class's decoded boxes of the current image, decoding a prior's
// box (after its ARM refinement in the five-input form) on first use.
type oneBoxes[F float32 | float64] struct {
	k           *DetectionOutput[F]
	lc          int
	loc, armLoc []F
}

func (b oneBoxes[F]) at(p int) detBox[F] {
	k := b.k
	i := b.lc*k.d.Priors + p
	if !k.oneDone[i] {
		src := k.priors[p]
		if b.armLoc != nil {
			src = k.decode(src, p, locBox(b.armLoc, p, b.lc, k.locClasses))
		}
		k.decoded[i] = k.decode(src, p, locBox(b.loc, p, b.lc, k.locClasses))
		k.oneDone[i] = true
	}
	return k.decoded[i]
}

// loadPriors reads the boxes and variances of priors batch n.
func (k *DetectionOutput[F]) loadPriors(priors []F, n int) {
	np, ps := k.d.Priors, k.priorSize
	off := np * ps
	if !k.a.VarianceEncoded {
		off *= 2
	}
	base := priors[n*off:]
	o := ps - 4 // the batch index column of un-normalized priors
	for i := range np {
		s := i*ps + o
		k.priors[i] = detBox[F]{base[s], base[s+1], base[s+2], base[s+3]}
	}
	if !k.a.VarianceEncoded {
		copy(k.vars, base[np*ps:np*ps+4*np])
	}
}

// decode is DecodeBBox (with or without variances) followed by the clip before NMS.
func (k *DetectionOutput[F]) decode(prior detBox[F], p int, b detBox[F]) detBox[F] {
	a := k.a
	if !a.Normalized {
		w, h := F(a.InputWidth), F(a.InputHeight)
		prior.xmin /= w
		prior.ymin /= h
		prior.xmax /= w
		prior.ymax /= h
	}
	v := [4]F{1, 1, 1, 1}
	if !a.VarianceEncoded {
		copy(v[:], k.vars[p*4:p*4+4])
	}
	var d detBox[F]
	if !a.CenterSize {
		if a.VarianceEncoded {
			d = detBox[F]{prior.xmin + b.xmin, prior.ymin + b.ymin, prior.xmax + b.xmax, prior.ymax + b.ymax}
		} else {
			d = detBox[F]{prior.xmin + v[0]*b.xmin, prior.ymin + v[1]*b.ymin, prior.xmax + v[2]*b.xmax, prior.ymax + v[3]*b.ymax}
		}
	} else {
		pw, ph := prior.xmax-prior.xmin, prior.ymax-prior.ymin
		pcx, pcy := (prior.xmin+prior.xmax)/2, (prior.ymin+prior.ymax)/2
		var cx, cy, w, h F
		if a.VarianceEncoded {
			cx = b.xmin*pw + pcx
			cy = b.ymin*ph + pcy
			w = F(math.Exp(float64(b.xmax))) * pw
			h = F(math.Exp(float64(b.ymax))) * ph
		} else {
			cx = v[0]*b.xmin*pw + pcx
			cy = v[1]*b.ymin*ph + pcy
			w = F(math.Exp(float64(v[2]*b.xmax))) * pw
			h = F(math.Exp(float64(v[3]*b.ymax))) * ph
		}
		d = detBox[F]{cx - w/2, cy - h/2, cx + w/2, cy + h/2}
	}
	if a.ClipBeforeNMS {
		d = detClip(d)
	}
	return d
}

func detClip[F float32 | float64](b detBox[F]) detBox[F] {
	c := func(x F) F { return detMax(0, detMin(1, x)) }
	return detBox[F]{c(b.xmin), c(b.ymin), c(b.xmax), c(b.ymax)}
}

// detMin and detMax are std::min and std::max (a NaN argument is not propagated as Go's
// min and max do).
func detMin[F float32 | float64](a, b F) F {
	if b < a {
		return b
	}
	return a
}

func detMax[F float32 | float64](a, b F) F {
	if a < b {
		return b
	}
	return a
}

func detSize[F float32 | float64](b detBox[F]) F {
	if b.xmax < b.xmin || b.ymax < b.ymin {
		return 0
	}
	return (b.xmax - b.xmin) * (b.ymax - b.ymin)
}

// detIoU is JaccardOverlap.
func detIoU[F float32 | float64](b1, b2 detBox[F]) F {
	var in detBox[F]
	if !(b2.xmin > b1.xmax || b2.xmax < b1.xmin || b2.ymin > b1.ymax || b2.ymax < b1.ymin) {
		in = detBox[F]{detMax(b1.xmin, b2.xmin), detMax(b1.ymin, b2.ymin), detMin(b1.xmax, b2.xmax), detMin(b1.ymax, b2.ymax)}
	}
	w, h := in.xmax-in.xmin, in.ymax-in.ymin
	if w > 0 && h > 0 {
		s := w * h
		return s / (detSize(b1) + detSize(b2) - s)
	}
	return 0
}

// nms is caffeNMS over candidates already sorted and cut to top_k.
// The kept boxes and their areas are gathered in oneKept/oneArea so that the inner loop
// reads them in order.
func (k *DetectionOutput[F]) nms(boxes oneBoxes[F], cand []detScoreIdx[F], kept []int) []int {
	kb, ka := k.oneKept[:0], k.oneArea[:0]
	for _, j := range kept {
		b := boxes.at(j)
		kb, ka = append(kb, b), append(ka, detSize(b))
	}
	thr := float64(k.a.NMSThreshold)
	for _, c := range cand {
		bc := boxes.at(c.idx)
		if !oneSuppressed(bc, detSize(bc), kb, ka, thr) {
			kept = append(kept, c.idx)
			kb, ka = append(kb, bc), append(ka, detSize(bc))
		}
	}
	k.oneKept, k.oneArea = kb[:0], ka[:0]
	return kept
}

// oneSuppressed reports whether detIoU(b, kb[j]) > thr for some j, with area = detSize(b)
// and ka[j] = detSize(kb[j]): detIoU's operations in its order, inlined.
func oneSuppressed[F float32 | float64](b detBox[F], area F, kb []detBox[F], ka []F, thr float64) bool {
	ka = ka[:len(kb)]
	for j := range kb {
		o := &kb[j]
		var iou F
		if !(o.xmin > b.xmax || o.xmax < b.xmin || o.ymin > b.ymax || o.ymax < b.ymin) {
			w := detMin(b.xmax, o.xmax) - detMax(b.xmin, o.xmin)
			h := detMin(b.ymax, o.ymax) - detMax(b.ymin, o.ymin)
			if w > 0 && h > 0 {
				s := w * h
				iou = s / (area + ka[j] - s)
			}
		}
		if float64(iou) > thr {
			return true
		}
	}
	return false
}
