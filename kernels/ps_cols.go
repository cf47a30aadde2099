package kernels

import "unsafe"

// Round 14 (ps): values-only MaxPool whose W window has a single tap and a
// W stride above 1 (max f32 1×111×732×13 k[7,1] s[4,5]). The W axis then
// only selects columns: output column c reads input column c·sW − pbW or
// nothing. The separable kernels pool every input column along W (a copy)
// and then along H, or gather through tap tables; here each run of output
// rows sharing its valid H taps is one fold of those taps over the
// selected columns, straight from the input into the output (pfFoldMax:
// per block of outputs the sW contiguous registers of each tap are
// max-folded and one permute keeps the selected columns), the depth taps
// folded in turn into the same outputs. Every output folds its (depth, H)
// taps in scan order with the reference's update, so values are the
// reference's bits. Unread columns cost only the registers they share with
// read ones.

// psColUse reports whether values-only MaxPool plan p on storage type T
// takes the column-select path: a W window of one tap, a W stride above
// 1, an H window of two taps or more (with one H tap and one depth tap the
// row-select path, psSelUse, applies), an H stride above 1 (with stride 1
// every input row feeds k outputs, and the order-free block's H-first
// folds, pv_order.go, fold each row once: max f64 1×6×597×520 k[4,1]
// s[1,4] was 9 % slower here), a storage type the folds take directly
// (not f16/bf16) and no depth axis (round 15, qr: a unit here is one
// output depth whose depth taps are folded again for every output depth
// and run of rows; on 3-D geometries the order-free and row-table blocks
// won on 14 of 15 sweep geometries, 1.1–14× (max f32 2×238×28×6×19
// k[10,6,1] s[1,6,3]: 5.3 → 0.39 ms; f32 10×137×16×32×1: 5.5 → 1.2 ms,
// the reference 6.3), while on 2-D ones this path won 40 of 47).
func psColUse[T Number](p *winPlan) bool {
	return p.nsp >= 2 && p.in[0] == 1 && p.out[0] == 1 && p.k[2] == 1 && p.s[2] > 1 && p.k[1] > 1 && p.s[1] > 1 && qcColHalf[T](p) && p.outLen() > 0 && p.inPlane > 0
}

type psColRunner[T Number] struct{}

func (psColRunner[T]) run(j *job, s *scratch, lo, hi int) { psColUnits[T](j, lo, hi) }

func psColUnits[T Number](j *job, lo, hi int) {
	p := &j.wp
	src := unsafe.Slice((*T)(j.src), p.inLen())
	dst := unsafe.Slice((*T)(j.dst), p.outLen())
	low := qcColLow[T]() // f16/bf16: −Inf (qc_pfnarrow.go)
	H, W := p.in[1], p.in[2]
	Ho, Wo := p.out[1], p.out[2]
	clo, chi := psSelRows(p.s[2], p.pb[2], W, Wo)
	for u := lo; u < hi; u++ {
		plane, od, i0, i1 := j.unitRows(u)
		outOff := plane*p.outPlane + (od*Ho+i0)*Wo
		B := i1 - i0
		if clo > 0 || chi < Wo {
			// Columns in the padding.
			for r := 0; r < B; r++ {
				o := outOff + r*Wo
				fill(dst[o:o+clo], low)
				fill(dst[o+chi:o+Wo], low)
			}
		}
		first := true
		zlo, zhi := tapWin(od, p.s[0], p.pb[0], p.d[0], p.k[0], p.in[0])
		for kz := zlo; kz < zhi && chi > clo; kz++ {
			zoff := plane*p.inPlane + (od*p.s[0]-p.pb[0]+kz*p.d[0])*H*W
			rows := newRunIter(p.s[1], p.pb[1], p.d[1], p.k[1], H, Ho, i0, i1)
			for {
				i, i2, ylo, yhi, ok := rows.next()
				if !ok {
					break
				}
				o := outOff + (i-i0)*Wo + clo
				if ylo == yhi {
					if first {
						for r := 0; r < i2-i; r++ {
							fill(dst[o+r*Wo:o+r*Wo+chi-clo], low)
						}
					}
					continue
				}
				q := zoff + (i*p.s[1]-p.pb[1]+ylo*p.d[1])*W + clo*p.s[2] - p.pb[2]
				sr, ts, taps := p.s[1]*W, p.d[1]*W, yhi-ylo
				qcColFold(dst[o:], Wo, src[q:], sr, p.s[2], ts, taps, i2-i, chi-clo, low, !first)
			}
			first = false
		}
		if first && chi > clo {
			// No depth tap inside the input: every window is empty.
			for r := 0; r < B; r++ {
				o := outOff + r*Wo
				fill(dst[o+clo:o+chi], low)
			}
		}
	}
}
