package kernels

// A depthwise convolution whose window covers its whole input once (one output pixel
// per channel, no padding, e.g. a 6×6 kernel over a 6×6 plane: a global weighted sum)
// is a dot product per channel. The plane path would copy each channel into a padded
// plane and run one 16-lane block with a single live lane per channel, plus the
// epilogue per one-element row; here 16 channels share a vector instead: lane i sums
// channel c0+i's taps in the reference's order (row-major, from +0, x·w then +), so
// every output has the reference's bits, and the epilogue runs once over the row of
// channels (epiRow, the channel being the column).

// smDW1 holds the plan of the one-pixel path: tap offsets within an input plane and
// the filters transposed to [tap][channel].
type smDW1 struct {
	off []int32
	wT  []float32
	x   []float32 // f16/bf16: one image's input widened
	y   []float32 // f16/bf16: one image's f32 outputs
}

// smDW1Plan returns the one-pixel plan of d (filters filt, [C, taps]) or nil when
// d's output is not one pixel per channel read without padding.
func smDW1Plan(d *DWConv, filt []float32) *smDW1 {
	p := &d.p
	for a := 0; a < 3; a++ {
		if p.out[a] != 1 || p.pb[a] != 0 || (p.k[a]-1)*p.d[a]+1 > p.in[a] {
			return nil
		}
	}
	taps := p.kSp
	c := d.c
	if taps < 1 || c < 1 || len(filt) != c*taps {
		return nil
	}
	o := &smDW1{off: make([]int32, 0, taps), wT: make([]float32, taps*c)}
	for kz := 0; kz < p.k[0]; kz++ {
		for ky := 0; ky < p.k[1]; ky++ {
			for kx := 0; kx < p.k[2]; kx++ {
				o.off = append(o.off, int32((kz*p.d[0]*p.in[1]+ky*p.d[1])*p.in[2]+kx*p.d[2]))
			}
		}
	}
	for ch := 0; ch < c; ch++ {
		for t := 0; t < taps; t++ {
			o.wT[t*c+ch] = filt[ch*taps+t]
		}
	}
	return o
}

// smDW1Dot writes y[ch] = Σ_t x[ch·sp + off[t]]·wT[t·C + ch] for the C = len(y)
// channels, each sum in tap order from +0.
func smDW1Dot(y, x []float32, sp int, off []int32, wT []float32) {
	c := len(y)
	for c0 := 0; c0 < c; c0 += 16 {
		n := min(16, c-c0)
		var acc [16]float32
		a := acc[:n]
		for t, o := range off {
			wr := wT[t*c+c0 : t*c+c0+n]
			xr := x[c0*sp+int(o):]
			for i := range a {
				a[i] += xr[i*sp] * wr[i]
			}
		}
		copy(y[c0:c0+n], a)
	}
}

// smRun computes the whole output through the one-pixel path (every image, serially:
// the layer is a few thousand multiply-adds).
func (d *DWConv) smRun() {
	o := d.sm
	c := d.c
	sp := d.p.inSp
	for n := 0; n < d.p.n; n++ {
		var x, y []float32
		switch d.kind {
		case 0:
			x, y = d.s32[n*c*sp:(n+1)*c*sp], d.d32[n*c:(n+1)*c]
		case 1:
			x, y = o.x, o.y
			F16ToF32(x, d.s16[n*c*sp:(n+1)*c*sp])
		default:
			x, y = o.x, o.y
			BF16ToF32(x, d.sb[n*c*sp:(n+1)*c*sp])
		}
		smDW1Dot(y, x, sp, o.off, o.wT)
		if d.epi != nil {
			epiRow(d.epi, y, d.res, n*c, 0, 0, false)
		}
		switch d.kind {
		case 1:
			F32ToF16(d.d16[n*c:(n+1)*c], y)
		case 2:
			F32ToBF16(d.db[n*c:(n+1)*c], y)
		}
	}
}
