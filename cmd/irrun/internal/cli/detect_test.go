package cli

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/ir/npy"
)

// detectorModel writes a model with an image input (returned as is) and a constant
// DetectionOutput-like output [1,1,3,7]: a label-1 box with confidence 0.9, a label-2 box
// with 0.3, then the -1 marker.
func detectorModel(t *testing.T, dir string) string {
	t.Helper()
	rows := []float32{
		0, 1, 0.9, 0.1, 0.2, 0.6, 0.8, // pixels 20, 20, 120, 80 of a 200x100 image
		0, 2, 0.3, 0.5, 0.5, 0.75, 1,
		-1, 0, 0, 0, 0, 0, 0,
	}
	var bin bytes.Buffer
	for _, v := range rows {
		require.NoError(t, binary.Write(&bin, binary.LittleEndian, math.Float32bits(v)))
	}
	writeFile(t, dir, "model.bin", bin.Bytes())
	xml := `<?xml version="1.0"?>
<net name="det" version="11">
	<layers>
		<layer id="0" name="image" type="Parameter" version="opset1">
			<data shape="1,3,8,8" element_type="f32"/>
			<output><port id="0" precision="FP32" names="image"><dim>1</dim><dim>3</dim><dim>8</dim><dim>8</dim></port></output>
		</layer>
		<layer id="1" name="echo" type="Result" version="opset1">
			<input><port id="0" precision="FP32"><dim>1</dim><dim>3</dim><dim>8</dim><dim>8</dim></port></input>
		</layer>
		<layer id="2" name="dets" type="Const" version="opset1">
			<data element_type="f32" shape="1,1,3,7" offset="0" size="84"/>
			<output><port id="0" precision="FP32" names="detection_out"><dim>1</dim><dim>1</dim><dim>3</dim><dim>7</dim></port></output>
		</layer>
		<layer id="3" name="detection_out/sink_port_0" type="Result" version="opset1">
			<input><port id="0" precision="FP32"><dim>1</dim><dim>1</dim><dim>3</dim><dim>7</dim></port></input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
		<edge from-layer="2" from-port="0" to-layer="3" to-port="0"/>
	</edges>
</net>
`
	return writeFile(t, dir, "model.xml", []byte(xml))
}

func TestRunDrawDetections(t *testing.T) {
	dir := t.TempDir()
	model := detectorModel(t, dir)
	gray := image.NewNRGBA(image.Rect(0, 0, 200, 100))
	for i := range gray.Pix {
		gray.Pix[i] = 128
	}
	photo := writePNG(t, dir, "photo.png", gray)
	out := filepath.Join(dir, "drawn.png")

	r := irrun(t, "run", model, "-i", "image="+photo, "--draw", out)
	requireCode(t, r, 0)
	require.Contains(t, r.stdout, `detections of "detection_out" with confidence above 0.5: 1 (pixels of `+photo+` (200x100))`)
	require.Contains(t, r.stdout, "  image_id  label    conf  x_min  y_min  x_max  y_max\n           0      1  0.9000     20     20    120     80\n")
	require.Contains(t, r.stderr, "drew 1 boxes")
	f, err := os.Open(out)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	require.Equal(t, image.Rect(0, 0, 200, 100), img.Bounds())
	red := color.RGBAModel.Convert(color.RGBA{230, 40, 40, 255})
	require.Equal(t, red, color.RGBAModel.Convert(img.At(20, 50)), "left edge of the box")
	require.Equal(t, red, color.RGBAModel.Convert(img.At(120, 50)), "right edge of the box")
	require.Equal(t, color.RGBAModel.Convert(color.RGBA{128, 128, 128, 255}), color.RGBAModel.Convert(img.At(70, 50)), "inside")
	require.Equal(t, color.RGBAModel.Convert(color.RGBA{128, 128, 128, 255}), color.RGBAModel.Convert(img.At(180, 50)), "outside")

	// --threshold lowers the bar; without an image the table is in normalised coordinates.
	r = irrun(t, "run", model, "--threshold", "0.2")
	requireCode(t, r, 0)
	require.Contains(t, r.stdout, "confidence above 0.2: 2 (normalised coordinates)")
	require.Contains(t, r.stdout, "0      2  0.3000  0.5000  0.5000  0.7500  1.0000")

	r = irrun(t, "run", model, "--draw", out)
	requireCode(t, r, 1)
	require.Contains(t, r.stderr, "--draw needs an image input")
	r = irrun(t, "run", stemXML, stemBin, "--draw", out)
	requireCode(t, r, 1)
	require.Contains(t, r.stderr, "no output has DetectionOutput's layout")
	// other models print no detection table
	require.NotContains(t, r.stdout, "detections of")
}

func TestRunRepeatState(t *testing.T) {
	for _, args := range [][]string{{"--repeat", "0"}, {"--repeat", "2", "--profile"}, {"--threshold", "NaN"}} {
		r := irrun(t, append([]string{"run", stemXML, stemBin}, args...)...)
		requireCode(t, r, 2)
	}
	xml := filepath.Join(corpus, "ms-summator-stateful", "model.xml")
	if _, err := os.Stat(xml); err != nil {
		t.Skip("corpus not found")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "x.npy")
	require.NoError(t, npy.WriteFile(in, &ir.Tensor{Type: ir.F32, Shape: []int{1, 1}, Data: []float32{2.5}}))
	r := irrun(t, "run", xml, "-i", in, "--repeat", "3", "-o", dir)
	requireCode(t, r, 0)
	require.Equal(t, 3, strings.Count(r.stdout, "step "))
	// IR v10 without tensor names: the output is named by its producer layer, as OpenVINO's Core names it.
	require.Contains(t, r.stdout, "step 1\noutput \"add_sum\" f32 [1,1]\n  min 2.5  max 2.5  mean 2.5\n  [2.5]\nstep 2\n")
	require.True(t, strings.HasSuffix(r.stdout, "step 3\noutput \"add_sum\" f32 [1,1]\n  min 7.5  max 7.5  mean 7.5\n  [7.5]\n"), r.stdout)
	got, err := npy.ReadFile(filepath.Join(dir, "add_sum.npy"))
	require.NoError(t, err)
	require.Equal(t, []float32{7.5}, got.Data)
	// without --repeat, one run from the initial state
	r = irrun(t, "run", xml, "-i", in)
	requireCode(t, r, 0)
	require.Contains(t, r.stdout, "[2.5]")
}
