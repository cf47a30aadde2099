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

// thrWiden widens c.src16 into c.src (outside padded mode), in parallel over the
// convolution's column chunks when it is direct and runs in parallel.
func (c *ConvGemm) thrWiden(ctx context.Context, w *Workers) error {
	units := c.p.n * c.p.g * c.nChunks
	if !c.direct || !c.parallel || w.threadsFor() < 2 || units < 2 {
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
