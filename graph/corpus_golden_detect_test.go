package graph

import (
	"context"
	"encoding/json"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"

	"github.com/irrun/irrun/ir"
)

// goldenDetections is one testdata/golden/detect file (testdata/gen/gen_detect.py): an SSD
// detector of the corpus run by ONNX Runtime on a sample image.
type goldenDetections struct {
	Model string `json:"model"`
	Image string `json:"image"`
	Input struct {
		Name  string `json:"name"`
		Shape []int  `json:"shape"`
	} `json:"input"`
	MinConf    float64     `json:"min_conf"`
	Tolerance  float64     `json:"tolerance"`
	Detections [][]float64 `json:"detections"`
}

// nearestBGR scales a PNG to h×w by nearest-neighbour sampling (row y·H/h, column x·W/w,
// as gen_detect.py does) and returns it as NCHW BGR values 0..255.
func nearestBGR(t *testing.T, path string, h, w int) []float32 {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	b := img.Bounds()
	H, W := b.Dy(), b.Dx()
	x := make([]float32, 3*h*w)
	for y := range h {
		for c := range w {
			r, g, bl, _ := img.At(b.Min.X+c*W/w, b.Min.Y+y*H/h).RGBA()
			// 16-bit channels of 8-bit PNG samples: v*0x101, so v = c>>8 exactly.
			x[0*h*w+y*w+c] = float32(bl >> 8)
			x[1*h*w+y*w+c] = float32(g >> 8)
			x[2*h*w+y*w+c] = float32(r >> 8)
		}
	}
	return x
}

// TestCorpusDetectorsMatchONNXRuntime runs the corpus's SSD detectors on the sample
// images and compares their detections with ONNX Runtime's (golden files): every golden
// row (confidence ≥ min_conf) has an irrun row of the same label within the tolerance,
// and irrun finds no other row clearly above min_conf. Rows are matched as a set, since
// equal confidences may come in either order.
func TestCorpusDetectorsMatchONNXRuntime(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "golden", "detect", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			raw, err := os.ReadFile(file)
			require.NoError(t, err)
			var g goldenDetections
			require.NoError(t, json.Unmarshal(raw, &g))
			imgPath := filepath.Join("..", "..", "shared", "images", g.Image)
			if _, err := os.Stat(imgPath); err != nil {
				t.Skip("sample images not found")
			}
			p, err := Load(corpusXML(t, g.Model), Options{Threads: 2})
			require.NoError(t, err)
			defer p.Close()
			require.Len(t, g.Input.Shape, 4)
			pix := nearestBGR(t, imgPath, g.Input.Shape[2], g.Input.Shape[3])
			var in *ir.Tensor
			switch typ := p.Inputs()[0].Type; typ {
			case ir.F32:
				in, err = ir.TensorOf(pix, g.Input.Shape...)
			case ir.F16:
				h := make([]float16.Float16, len(pix))
				for i, v := range pix {
					h[i] = float16.Fromfloat32(v) // integers 0..255: exact
				}
				in, err = ir.TensorOf(h, g.Input.Shape...)
			default:
				t.Fatalf("input type %s", typ)
			}
			require.NoError(t, err)
			outs, err := p.RunNamed(context.Background(), map[string]*ir.Tensor{g.Input.Name: in})
			require.NoError(t, err)
			rows := detectionRows(t, outs)

			used := make([]bool, len(rows))
			for _, want := range g.Detections {
				found := -1
				for i, got := range rows {
					if !used[i] && got[1] == want[1] && maxAbsDiff(got[2:], want[2:]) <= g.Tolerance {
						found = i
						break
					}
				}
				require.GreaterOrEqual(t, found, 0, "ONNX Runtime's detection %v not found in irrun's %v", want, rows)
				used[found] = true
			}
			for i, got := range rows {
				if !used[i] {
					require.Less(t, got[2], g.MinConf+g.Tolerance, "irrun's detection %v is not among ONNX Runtime's", got)
				}
			}
		})
	}
}

// detectionRows returns the rows of the one [1,1,N,7] output up to the −1 marker.
func detectionRows(t *testing.T, outs map[string]*ir.Tensor) [][]float64 {
	t.Helper()
	var rows [][]float64
	n := 0
	for _, o := range outs {
		if len(o.Shape) != 4 || o.Shape[3] != 7 {
			continue
		}
		n++
		v, ok := o.Float64s()
		require.True(t, ok)
		for r := 0; r+7 <= len(v) && v[r] != -1; r += 7 {
			rows = append(rows, v[r:r+7])
		}
	}
	require.Equal(t, 1, n, "outputs of DetectionOutput's layout")
	return rows
}

func maxAbsDiff(a, b []float64) float64 {
	if len(a) != len(b) {
		return math.Inf(1)
	}
	m := 0.0
	for i := range a {
		m = math.Max(m, math.Abs(a[i]-b[i]))
	}
	return m
}
