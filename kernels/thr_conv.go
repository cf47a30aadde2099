package kernels

import (
	"context"
	"unsafe"
)

// Work split of the f16 input of a direct (1×1, stride 1, unpadded) ConvGemm: the
// widening into the f32 scratch runs as its own parallel region over the same column
// chunks as the convolution's units, so each worker widens the columns it then
// multiplies (they stay in its core's cache) instead of the caller widening the whole
// tensor alone before the parallel region.

type thrWidenRunner struct{}

func (thrWidenRunner) run(j *job, _ *scratch, lo, hi int) {
	(*ConvGemm)(j.src).thrWidenUnits(lo, hi)
}

// thrWidenUnits widens units [lo, hi) of (plane, column chunk): the chunk's pixels of
// every input channel of the plane.
func (c *ConvGemm) thrWidenUnits(lo, hi int) {
	p := &c.p
	nr := c.gk.nr
	for u := lo; u < hi; u++ {
		nc, plane := u%c.nChunks, u/c.nChunks
		c0 := min(p.inSp, nc*c.chunk*nr)
		c1 := min(p.inSp, (nc+1)*c.chunk*nr)
		base := plane * p.ic * p.inSp
		for ch := 0; ch < p.ic; ch++ {
			o := base + ch*p.inSp
			GemmF16ToF32(c.src[o+c0:o+c1], c.src16[o+c0:o+c1])
		}
	}
}

// twWidenMin is the smallest f16 input (elements) a direct ConvGemm widens in
// parallel. Below it one call on the caller is faster: the column chunks of a small
// plane are short runs in every channel row, so a region costs a call per (chunk,
// channel), and the workers write the same cache lines at the chunk edges of every
// row at the same moment (on small planes every row has an edge line shared by both).
// person-attributes-0230's 10×5 to 40×20 planes: 2–7 units took 15–20 µs in parallel
// against 4–6 µs for the same units serially and about 1 µs in one call.
const twWidenMin = 1 << 17

// thrWiden widens c.src16 into c.src (outside padded mode), in parallel over the
// convolution's column chunks when it is direct, runs in parallel and is large.
func (c *ConvGemm) thrWiden(ctx context.Context, w *Workers) error {
	units := c.p.n * c.p.g * c.nChunks
	if !c.direct || !c.parallel || w.threadsFor() < 2 || units < 2 || len(c.src16) < twWidenMin {
		GemmF16ToF32(c.src, c.src16)
		return nil
	}
	j := w.acquire()
	j.fn = thrWidenRunner{}
	j.units = units
	j.chunk = 1
	j.src = unsafe.Pointer(c)
	return w.run(ctx, j, true)
}

// thrUnitsPer is the number of work units per thread a parallel ConvGemm aims for:
// workers share a job's units in contiguous parts and balance by taking units from
// each other's back, so the time lost to the last unit is at most one unit, 1/8 of a
// thread's share.
const thrUnitsPer = 8

// thrMChunks is the number of output-channel chunks a parallel ConvGemm cuts each of
// its pixel chunks (n of them over all planes) into when those alone are too few for
// thrUnitsPer units per thread.
func thrMChunks(n, threads int) int {
	return max(2, (thrUnitsPer*threads+n-1)/max(1, n))
}

// Padded mode's input copy in bands of rows: with one image plane (N·Groups = 1) the
// copy into the padded planes runs as its own parallel region of (band, channel group)
// units, band-major, one band per worker: band t runs from the first padded row read by
// the first pixel chunk of worker t's share of the convolution's units to the first row
// of worker t+1's. A worker then reads the rows the previous layer's same worker wrote
// (the convolutions split every channel into the same bands of pixels), writes the
// padded rows it then multiplies, and only the halo rows at a band edge cross cores;
// copying by channels, as before, moved about half of the tensor across cores twice.
// Each unit copies whole bands of a channel (long contiguous runs, as the copy by
// channels did: units of a row or two over every channel ran slower).

type thrFillRunner struct{}

func (thrFillRunner) run(j *job, s *scratch, lo, hi int) {
	(*ConvGemm)(j.src).thrFillUnits(s, j.ints[0], j.ints[1], lo, hi)
}

// thrFillRow is the first flat padded row (over the padded z and y extents) read by
// pixel chunk nc: 0 for the first chunk and the row count from the last on, so that
// consecutive chunks' ranges cover every row once.
func (c *ConvGemm) thrFillRow(nc int) int {
	rows := c.inP[0] * c.inP[1]
	if nc <= 0 {
		return 0
	}
	if nc >= c.nChunks {
		return rows
	}
	yz := nc * c.chunk * c.gk.nr / c.ph[2]
	oz, oy := yz/c.ph[1], yz%c.ph[1]
	return min(rows, oz*c.p.s[0]*c.inP[1]+oy*c.p.s[1])
}

// thrBandRow is the first padded row of band b of nb: that of the first pixel chunk of
// worker b's share of the convolution's units (thrSplit's shares; one image plane).
func (c *ConvGemm) thrBandRow(b, nb int) int {
	if b >= nb {
		return c.inP[0] * c.inP[1]
	}
	return c.thrFillRow(b * c.units / nb / c.mChunks)
}

// thrFillUnits copies units [lo, hi) of (band, channel group), band-major, nb bands and
// ng groups.
func (c *ConvGemm) thrFillUnits(s *scratch, nb, ng, lo, hi int) {
	ic := c.p.ic
	for u := lo; u < hi; u++ {
		b, g := u/ng, u%ng
		c.fillRange(s, g*ic/ng, (g+1)*ic/ng, c.thrBandRow(b, nb), c.thrBandRow(b+1, nb))
	}
}

// thrFill copies the input into the padded planes on w's threads: by bands of rows
// matching the convolution's shares (thrFillUnits) for one image plane of large enough
// channels, else by channels. (Small channels stay split by channels: two workers
// writing the two sides of a band edge share a cache line in every channel, which on
// face-detection-retail's 19×19 heads cost more than the bands saved.)
func (c *ConvGemm) thrFill(ctx context.Context, w *Workers) error {
	p := &c.p
	th := w.threadsFor()
	j := w.acquire()
	j.src = unsafe.Pointer(c)
	j.chunk = 1
	if p.n*p.g == 1 && c.sn == nil && c.units >= th && p.ic >= 2 && c.chanP >= th*thrBandMin {
		ng := min(p.ic, 4)
		j.ints = [2]int{th, ng}
		j.fn = thrFillRunner{}
		j.units = th * ng
	} else {
		chans := p.n * p.g * p.ic
		j.fn = convGemmFillRunner{}
		j.units = chans
		j.chunk = max(1, chans/(4*th))
	}
	return w.run(ctx, j, true)
}
