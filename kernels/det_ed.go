package kernels

import (
	"fmt"
)

// ExperimentalDetectronPriorGridGenerator-6 as OpenVINO's reference computes it
// (reference/experimental_detectron_prior_grid_generator.hpp): for each cell (h, w) of a
// GridH×GridW grid and each prior, the prior shifted by step·(cell + 0.5), the step being
// stride or, when 0, the image size over the grid size. Output rows are ordered cell-major
// ([h, w, prior, 4]); rows past the grid (when h/w are smaller than the feature map, which
// sizes the output) are 0 (the reference leaves them unwritten).

// PriorGrid holds the geometry of one ExperimentalDetectronPriorGridGenerator computation.
type PriorGrid struct {
	Priors           int
	GridH, GridW     int
	StrideH, StrideW float32 // 0: image size / grid size
	ImageH, ImageW   int
}

// PriorGridRun computes the grid of priors [Priors, 4] into out.
func PriorGridRun[T SeqFloat](g *PriorGrid, priors, out []T) error {
	if g.Priors < 0 || g.GridH < 0 || g.GridW < 0 {
		return fmt.Errorf("kernels: PriorGridGenerator geometry %+v is invalid", *g)
	}
	cells, ok1 := checkedMul(g.GridH, g.GridW)
	n, ok2 := checkedMul(cells, g.Priors*4)
	if !ok1 || !ok2 || len(priors) != g.Priors*4 || len(out) < n {
		return fmt.Errorf("kernels: PriorGridGenerator %+v: %d prior values, output of %d", *g, len(priors), len(out))
	}
	stepW, stepH := g.StrideW, g.StrideH
	if stepW == 0 {
		stepW = float32(g.ImageW) / float32(g.GridW)
	}
	if stepH == 0 {
		stepH = float32(g.ImageH) / float32(g.GridH)
	}
	clear(out[n:])
	o := out
	for h := 0; h < g.GridH; h++ {
		dy := T(stepH * (float32(h) + 0.5))
		for w := 0; w < g.GridW; w++ {
			dx := T(stepW * (float32(w) + 0.5))
			for s := 0; s < g.Priors; s++ {
				p := priors[4*s : 4*s+4]
				o[0], o[1], o[2], o[3] = p[0]+dx, p[1]+dy, p[2]+dx, p[3]+dy
				o = o[4:]
			}
		}
	}
	return nil
}
