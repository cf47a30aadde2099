package kernels

import (
	"fmt"
	"math"
)

// MultinomialGeom is the geometry of a Multinomial-13 computation: probs [Batch, Classes]
// (Batch 1 for 1-D probs), Samples class indices drawn per batch.
type MultinomialGeom struct {
	Batch, Classes, Samples int
	WithReplacement         bool
	LogProbs                bool
}

// Multinomial draws class indices as OpenVINO's reference/multinomial.hpp does, in T: the
// probabilities (exponentiated when LogProbs) are summed into a CDF per batch and divided by
// its last value; uniform[b*Samples+j] (uniform values in [0, 1) of type T, from
// RandomUniform with the openvino alignment) selects the first class whose CDF value is at
// least it. Without replacement the selected class's probability p is then taken out of the
// CDF (subtracted from it and the classes after, every value divided by 1-p). A sample that
// selects no class (a NaN or all-zero CDF) is 0 and leaves the CDF as it is (the reference
// reads past the batch there). cdf is scratch of len(probs).
func Multinomial[T float32 | float64](g MultinomialGeom, probs, uniform, cdf []T, out []int64) error {
	if g.Batch < 0 || g.Classes < 1 || g.Samples < 0 || g.Batch > maxExtent || g.Classes > maxExtent || g.Samples > maxExtent {
		return fmt.Errorf("kernels: Multinomial batch %d, classes %d, samples %d", g.Batch, g.Classes, g.Samples)
	}
	n, s := g.Batch*g.Classes, g.Batch*g.Samples
	if len(probs) != n || len(cdf) != n || len(uniform) != s || len(out) != s {
		return fmt.Errorf("kernels: Multinomial probs %d, cdf %d, uniform %d, output %d elements for %+v", len(probs), len(cdf), len(uniform), len(out), g)
	}
	for b := 0; b < g.Batch; b++ {
		c := cdf[b*g.Classes : (b+1)*g.Classes]
		var sum T
		for k, p := range probs[b*g.Classes : (b+1)*g.Classes] {
			if g.LogProbs {
				p = T(math.Exp(float64(p)))
			}
			sum = T(sum + p)
			c[k] = sum
		}
		last := c[g.Classes-1]
		for k := range c {
			c[k] = T(c[k] / last)
		}
		for j := 0; j < g.Samples; j++ {
			u := uniform[b*g.Samples+j]
			sel := g.Classes
			for k, v := range c {
				if u <= v {
					sel = k
					break
				}
			}
			if sel == g.Classes {
				out[b*g.Samples+j] = 0
				continue
			}
			out[b*g.Samples+j] = int64(sel)
			if g.WithReplacement {
				continue
			}
			p := c[0]
			if sel > 0 {
				p = T(c[sel] - c[sel-1])
			}
			div := T(1 - p)
			for k := range c {
				if k >= sel {
					c[k] = T(c[k] - p)
				}
				c[k] = T(c[k] / div)
			}
		}
	}
	return nil
}
