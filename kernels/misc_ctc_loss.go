package kernels

import (
	"fmt"
	"math"
)

// CTCLossAttrs are CTCLoss-4's attributes.
type CTCLossAttrs struct {
	PreprocessCollapseRepeated bool
	MergeRepeated              bool
	Unique                     bool
}

// CTCLossScratch holds CTCLoss's working memory for one maximum time; reuse it across calls.
type CTCLossScratch struct {
	target      []int64
	logp        []float64 // per frame: decoded labels then blank
	alpha, next []float64
}

// NewCTCLossScratch returns scratch for sequences of up to maxTime frames.
func NewCTCLossScratch(maxTime int) *CTCLossScratch {
	if maxTime < 0 {
		maxTime = 0
	}
	return &CTCLossScratch{
		target: make([]int64, maxTime+1),
		logp:   make([]float64, maxTime*(maxTime+2)),
		alpha:  make([]float64, 2*maxTime+3),
		next:   make([]float64, 2*maxTime+3),
	}
}

func miscLogAdd(a, b float64) float64 {
	if math.IsInf(a, -1) {
		return b
	}
	if math.IsInf(b, -1) {
		return a
	}
	if a < b {
		a, b = b, a
	}
	return a + math.Log1p(math.Exp(b-a))
}

// CTCLoss computes the connectionist temporal classification loss of logits [N, T, C] as
// OpenVINO's reference/ctc_loss.hpp defines it:
//   - per frame, log p(c) = logit(c) - log(sum exp(logits)) in T (no max shift, as the
//     reference);
//   - the labels of a batch (its first labelLen values) are reduced to their first
//     occurrences (Unique), or runs of equal labels to one (PreprocessCollapseRepeated; a
//     label length of 0 then still keeps the first label, as the reference does);
//   - the loss is -log of the sum of the probabilities of the paths the reference enumerates:
//     with MergeRepeated, blank* l1+ blank* l2+ ... blank* with a blank between equal
//     neighbours; without, each label on exactly one frame and blanks elsewhere. An empty
//     label sequence has loss -0 (the reference's recursion starts from log 1).
//
// The sum is taken by the forward algorithm in float64 rather than by the reference's path
// enumeration (exponential in T): the result equals the reference's up to rounding. Lengths
// outside [0, T], a label length above the logit length, labels or blank outside [0, C)
// are errors.
func CTCLoss[T float32 | float64](logits []T, n, maxT, classes int, logitLen, labels, labelLen []int64, blank int64,
	a CTCLossAttrs, out []T, s *CTCLossScratch) error {
	if n < 0 || maxT < 0 || classes < 1 || n > maxExtent || maxT > maxExtent || classes > maxExtent {
		return fmt.Errorf("kernels: CTCLoss N=%d T=%d C=%d", n, maxT, classes)
	}
	if len(logits) != n*maxT*classes || len(logitLen) != n || len(labels) != n*maxT || len(labelLen) != n || len(out) != n {
		return fmt.Errorf("kernels: CTCLoss logits %d, logit lengths %d, labels %d, label lengths %d, output %d elements for N=%d T=%d C=%d",
			len(logits), len(logitLen), len(labels), len(labelLen), len(out), n, maxT, classes)
	}
	if s == nil || len(s.target) < maxT+1 || len(s.logp) < maxT*(maxT+2) || len(s.alpha) < 2*maxT+3 || len(s.next) < 2*maxT+3 {
		return fmt.Errorf("kernels: CTCLoss scratch too small for T=%d", maxT)
	}
	if blank < 0 || blank >= int64(classes) {
		return fmt.Errorf("kernels: CTCLoss blank index %d outside [0, %d)", blank, classes)
	}
	for b := 0; b < n; b++ {
		L, lab := logitLen[b], labelLen[b]
		if L < 0 || lab < 0 || L > int64(maxT) || lab > int64(maxT) || lab > L {
			return fmt.Errorf("kernels: CTCLoss batch %d: logit length %d and label length %d (max sequence length %d): a label length cannot be greater than the logit length", b, L, lab, maxT)
		}
		raw := labels[b*maxT : (b+1)*maxT]
		tgt := s.target[:0]
		switch {
		case a.Unique:
			for _, v := range raw[:lab] {
				seen := false
				for _, u := range tgt {
					if u == v {
						seen = true
						break
					}
				}
				if !seen {
					tgt = append(tgt, v)
				}
			}
		case a.PreprocessCollapseRepeated:
			if maxT > 0 {
				tgt = append(tgt, raw[0])
				for _, v := range raw[1:max(lab, 1)] {
					if v != tgt[len(tgt)-1] {
						tgt = append(tgt, v)
					}
				}
			}
		default:
			tgt = append(tgt, raw[:lab]...)
		}
		for _, v := range tgt {
			if v < 0 || v >= int64(classes) {
				return fmt.Errorf("kernels: CTCLoss batch %d: label %d outside [0, %d)", b, v, classes)
			}
		}
		d := len(tgt)
		if d == 0 {
			out[b] = T(math.Copysign(0, -1))
			continue
		}
		// Per-frame log probabilities of the decoded labels (columns 0..d-1) and blank (d).
		w := d + 1
		for t := 0; t < int(L); t++ {
			row := logits[(b*maxT+t)*classes : (b*maxT+t+1)*classes]
			var sum T
			for _, x := range row {
				sum = T(sum + T(math.Exp(float64(x))))
			}
			lg := T(math.Log(float64(sum)))
			for k, v := range tgt {
				s.logp[t*w+k] = float64(T(row[v] - lg))
			}
			s.logp[t*w+d] = float64(T(row[blank] - lg))
		}
		// States 0..2d: even states are blanks (before label k = s/2), odd ones label (s-1)/2.
		ns := 2*d + 1
		alpha, next := s.alpha[:ns], s.next[:ns]
		ninf := math.Inf(-1)
		for i := range alpha {
			alpha[i] = ninf
		}
		emit := func(t, st int) float64 {
			if st%2 == 0 {
				return s.logp[t*w+d]
			}
			return s.logp[t*w+st/2]
		}
		if L > 0 {
			alpha[0] = emit(0, 0)
			alpha[1] = emit(0, 1)
		}
		for t := 1; t < int(L); t++ {
			for st := 0; st < ns; st++ {
				v := ninf
				if st%2 == 0 || a.MergeRepeated {
					v = alpha[st] // blanks repeat; labels repeat only when merged
				}
				if st > 0 {
					v = miscLogAdd(v, alpha[st-1])
				}
				if st%2 == 1 && st > 1 && (!a.MergeRepeated || tgt[st/2] != tgt[st/2-1]) {
					v = miscLogAdd(v, alpha[st-2])
				}
				next[st] = v + emit(t, st)
				if math.IsInf(v, -1) {
					next[st] = ninf
				}
			}
			alpha, next = next, alpha
		}
		res := ninf
		if L > 0 {
			res = miscLogAdd(alpha[ns-1], alpha[ns-2])
		}
		out[b] = T(-res)
	}
	return nil
}
