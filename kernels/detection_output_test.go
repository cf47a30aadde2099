package kernels

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"
)

// oneDetOracle is a direct transliteration of OpenVINO's reference DetectionOutput
// (reference/detection_output.hpp) for one image, shared locations, CENTER_SIZE code with
// variances from the priors input: decode every prior, per class (Caffe) or per prior's
// best class (MXNet) collect the scores above the threshold, std::stable_sort them,
// cut to top_k, greedy NMS, then keep_top_k over all kept detections by a stable sort.
func oneDetOracle(a DetectionAttrs, np int, loc, conf, priors []float32) []float32 {
	nc := a.NumClasses
	boxes := make([][4]float32, np)
	for p := range np {
		pr := priors[p*4 : p*4+4]
		v := priors[np*4+p*4 : np*4+p*4+4]
		b := loc[p*4 : p*4+4]
		pw, ph := pr[2]-pr[0], pr[3]-pr[1]
		pcx, pcy := (pr[0]+pr[2])/2, (pr[1]+pr[3])/2
		cx := v[0]*b[0]*pw + pcx
		cy := v[1]*b[1]*ph + pcy
		w := float32(math.Exp(float64(v[2]*b[2]))) * pw
		h := float32(math.Exp(float64(v[3]*b[3]))) * ph
		boxes[p] = [4]float32{cx - w/2, cy - h/2, cx + w/2, cy + h/2}
	}
	size := func(b [4]float32) float32 {
		if b[2] < b[0] || b[3] < b[1] {
			return 0
		}
		return (b[2] - b[0]) * (b[3] - b[1])
	}
	iou := func(b1, b2 [4]float32) float32 {
		var in [4]float32
		if !(b2[0] > b1[2] || b2[2] < b1[0] || b2[1] > b1[3] || b2[3] < b1[1]) {
			in = [4]float32{max(b1[0], b2[0]), max(b1[1], b2[1]), min(b1[2], b2[2]), min(b1[3], b2[3])}
		}
		w, h := in[2]-in[0], in[3]-in[1]
		if w > 0 && h > 0 {
			s := w * h
			return s / (size(b1) + size(b2) - s)
		}
		return 0
	}
	type sc struct {
		s        float32
		label, p int
	}
	desc := func(x []sc) {
		sort.SliceStable(x, func(i, j int) bool {
			if x[i].s != x[j].s {
				return x[i].s > x[j].s
			}
			return x[i].p < x[j].p
		})
	}
	indices := make([][]int, nc)
	num := 0
	if !a.DecreaseLabelID {
		for c := 0; c < nc; c++ {
			if c == a.BackgroundLabel {
				continue
			}
			var cand []sc
			for p := range np {
				if s := conf[p*nc+c]; s > a.ConfThreshold {
					cand = append(cand, sc{s, c, p})
				}
			}
			desc(cand)
			if a.TopK > -1 && a.TopK < len(cand) {
				cand = cand[:a.TopK]
			}
			for _, x := range cand {
				keep := true
				for _, j := range indices[c] {
					if float64(iou(boxes[x.p], boxes[j])) > float64(a.NMSThreshold) {
						keep = false
						break
					}
				}
				if keep {
					indices[c] = append(indices[c], x.p)
				}
			}
			num += len(indices[c])
		}
	} else {
		var cand []sc
		for p := range np {
			best, id := float32(-1), 0
			for c := 1; c < nc; c++ {
				if a.BackgroundLabel > -1 && c == a.BackgroundLabel {
					continue
				}
				if t := conf[p*nc+c]; t > best {
					best, id = t, c
				}
			}
			if id > 0 && best >= a.ConfThreshold {
				cand = append(cand, sc{best, id, p})
			}
		}
		desc(cand)
		if a.TopK > -1 && a.TopK < len(cand) {
			cand = cand[:a.TopK]
		}
		for _, x := range cand {
			keep := true
			for _, j := range indices[x.label] {
				if float64(iou(boxes[x.p], boxes[j])) > float64(a.NMSThreshold) {
					keep = false
					break
				}
			}
			if keep {
				indices[x.label] = append(indices[x.label], x.p)
				num++
			}
		}
	}
	if a.KeepTopK > -1 && num > a.KeepTopK {
		var all []sc
		for c := range nc {
			for _, p := range indices[c] {
				all = append(all, sc{conf[p*nc+c], c, p})
			}
		}
		desc(all)
		all = all[:a.KeepTopK]
		for c := range indices {
			indices[c] = nil
		}
		for _, x := range all {
			indices[x.label] = append(indices[x.label], x.p)
		}
	}
	var out []float32
	for c := range nc {
		for _, p := range indices[c] {
			label := c
			if a.DecreaseLabelID {
				label--
			}
			b := boxes[p]
			out = append(out, 0, float32(label), conf[p*nc+c], b[0], b[1], b[2], b[3])
		}
	}
	return out
}

// TestDetectionOutputManyPriors: thousands of priors with top_k and keep_top_k cutting
// them (the lazy decoding and the selection instead of a full stable sort), scores
// quantized to a few levels so that ties decide the order, against the transliteration.
func TestDetectionOutputManyPriors(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for ci, c := range []struct {
		np, nc, bg, topK, keep int
		levels                 int
		decrease               bool
	}{
		{3249, 2, 0, 400, 200, 0, false}, // face-detection-retail
		{3249, 2, 0, 400, 200, 16, false},
		{2000, 4, 0, 100, 60, 8, false},
		{2000, 4, -1, 500, 30, 5, false},
		{1500, 3, 0, 200, 50, 6, true},
		{1500, 3, 0, -1, -1, 0, false},
		{700, 3, 0, 5000, 10, 4, true},
		{50, 2, 0, 3, 2, 2, false},
	} {
		a := DetectionAttrs{NumClasses: c.nc, BackgroundLabel: c.bg, TopK: c.topK, KeepTopK: c.keep,
			CenterSize: true, ShareLocation: true, NMSThreshold: 0.45, ConfThreshold: 0.01,
			DecreaseLabelID: c.decrease, Normalized: true}
		results := c.keep
		if results < 0 {
			results = c.np * c.nc
		}
		k, err := NewDetectionOutput[float32](a, DetectionDims{Images: 1, Priors: c.np, PriorsBatch: 1, Results: results})
		require.NoError(t, err)
		loc := make([]float32, c.np*4)
		for i := range loc {
			loc[i] = float32(r.NormFloat64())
		}
		conf := make([]float32, c.np*c.nc)
		for i := range conf {
			v := r.Float64() * r.Float64()
			if c.levels > 0 {
				v = math.Floor(v*float64(c.levels)) / float64(c.levels)
			}
			conf[i] = float32(v)
		}
		priors := make([]float32, 2*c.np*4)
		for p := range c.np {
			x, y := float32(r.Float64()), float32(r.Float64())
			w, h := float32(0.02+0.3*r.Float64()), float32(0.02+0.3*r.Float64())
			copy(priors[p*4:], []float32{x - w/2, y - h/2, x + w/2, y + h/2})
			copy(priors[c.np*4+p*4:], []float32{0.1, 0.1, 0.2, 0.2})
		}
		want := oneDetOracle(a, c.np, loc, conf, priors)
		for rep := range 2 { // the second run reuses the kernel's scratch
			out := make([]float32, results*7)
			require.NoError(t, k.Run(loc, conf, priors, nil, nil, out))
			name := fmt.Sprintf("case %d run %d", ci, rep)
			require.Equal(t, want, out[:len(want)], name)
			if len(want) < len(out) {
				require.Equal(t, float32(-1), out[len(want)], name)
			}
		}
	}
}
