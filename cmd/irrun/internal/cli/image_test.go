package cli

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/ir/npy"
)

// sharedImages finds the shared sample pictures (../shared/images beside the repository, or
// beside the directory holding the worktree); "" when absent.
func sharedImages() string {
	dir, err := filepath.Abs(".")
	if err != nil {
		return ""
	}
	for range 8 {
		cand := filepath.Join(dir, "shared", "images")
		if _, err := os.Stat(filepath.Join(cand, "chelsea.png")); err == nil {
			return cand
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return ""
}

// px2x2 is a 2x2 RGB image: (x,y) -> (R,G,B).
//
//	(0,0) 10,20,30    (1,0) 40,50,60
//	(0,1) 70,80,90    (1,1) 100,110,120
func px2x2() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	for i, c := range [][3]uint8{{10, 20, 30}, {40, 50, 60}, {70, 80, 90}, {100, 110, 120}} {
		img.SetNRGBA(i%2, i/2, color.NRGBA{c[0], c[1], c[2], 255})
	}
	return img
}

func writePNG(t *testing.T, dir, name string, img image.Image) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, img))
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, b.Bytes(), 0o644))
	return p
}

// identityModel writes a model whose one output is its input x (shape given as OpenVINO
// writes a Parameter's shape attribute, "?" for dynamic dims).
func identityModel(t *testing.T, dir, shape, et string) string {
	t.Helper()
	prec := map[string]string{"f32": "FP32", "f16": "FP16", "u8": "U8", "i8": "I8", "i32": "I32", "i64": "I64", "f64": "FP64", "bf16": "BF16", "boolean": "BOOL"}[et]
	var dims strings.Builder
	for _, d := range strings.Split(shape, ",") {
		if d == "?" {
			d = "-1"
		}
		fmt.Fprintf(&dims, "<dim>%s</dim>", d)
	}
	xml := fmt.Sprintf(`<?xml version="1.0"?>
<net name="id" version="11">
	<layers>
		<layer id="0" name="x" type="Parameter" version="opset1">
			<data shape="%s" element_type="%s"/>
			<output><port id="0" precision="%s" names="x"><dim>%s</port></output>
		</layer>
		<layer id="1" name="y" type="Result" version="opset1">
			<input><port id="0" precision="%s">%s</port></input>
		</layer>
	</layers>
	<edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0"/></edges>
</net>
`, shape, et, prec, dims.String()[len("<dim>"):], prec, dims.String())
	return writeFile(t, dir, "model.xml", []byte(xml))
}

func TestImageTensorLayouts(t *testing.T) {
	opts := func(rgb bool, mean, scale []float64) *imageOptions {
		return &imageOptions{rgb: rgb, mean: mean, scale: scale}
	}
	tests := []struct {
		name   string
		layout string
		shape  []int
		typ    ir.ElementType
		o      *imageOptions
		want   any
		desc   string
	}{
		{"NCHW BGR", "NCHW", []int{1, 3, 2, 2}, ir.F32, opts(false, nil, nil),
			[]float32{30, 60, 90, 120, 20, 50, 80, 110, 10, 40, 70, 100}, "image 2x2, NCHW BGR"},
		{"NCHW RGB", "NCHW", []int{1, 3, 2, 2}, ir.F32, opts(true, nil, nil),
			[]float32{10, 40, 70, 100, 20, 50, 80, 110, 30, 60, 90, 120}, "image 2x2, NCHW RGB"},
		{"NHWC BGR", "NHWC", []int{1, 2, 2, 3}, ir.F32, opts(false, nil, nil),
			[]float32{30, 20, 10, 60, 50, 40, 90, 80, 70, 120, 110, 100}, "image 2x2, NHWC BGR"},
		{"HWC RGB", "HWC", []int{2, 2, 3}, ir.F32, opts(true, nil, nil),
			[]float32{10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120}, "image 2x2, HWC RGB"},
		{"CHW BGR", "CHW", []int{3, 2, 2}, ir.F32, opts(false, nil, nil),
			[]float32{30, 60, 90, 120, 20, 50, 80, 110, 10, 40, 70, 100}, "image 2x2, CHW BGR"},
		// mean and scale are R,G,B whatever the order: B = (b - 30) / 5, G = (g - 20) / 2, R = (r - 10) / 10
		{"NCHW BGR mean scale", "NCHW", []int{1, 3, 2, 2}, ir.F32, opts(false, []float64{10, 20, 30}, []float64{10, 2, 5}),
			[]float32{0, 6, 12, 18, 0, 15, 30, 45, 0, 3, 6, 9}, "image 2x2, NCHW BGR, mean 10,20,30, scale 10,2,5"},
		{"NHWC RGB mean scale", "NHWC", []int{1, 2, 2, 3}, ir.F32, opts(true, []float64{10, 20, 30}, []float64{10, 2, 5}),
			[]float32{0, 0, 0, 3, 15, 6, 6, 30, 12, 9, 45, 18}, "image 2x2, NHWC RGB, mean 10,20,30, scale 10,2,5"},
		{"one mean for all", "NCHW", []int{1, 3, 2, 2}, ir.F32, opts(true, []float64{10}, []float64{2}),
			[]float32{0, 15, 30, 45, 5, 20, 35, 50, 10, 25, 40, 55}, "image 2x2, NCHW RGB, mean 10, scale 2"},
		// luma: OpenCV's (4899 R + 9617 G + 1868 B + 8192) >> 14
		{"gray", "NCHW", []int{1, 1, 2, 2}, ir.F32, opts(false, nil, nil),
			[]float32{18, 48, 78, 108}, "image 2x2, NCHW gray"},
		{"gray NHWC mean", "NHWC", []int{1, 2, 2, 1}, ir.F32, opts(false, []float64{18}, []float64{0.5}),
			[]float32{0, 60, 120, 180}, "image 2x2, NHWC gray, mean 18, scale 0.5"},
		{"batch repeats", "NCHW", []int{2, 1, 2, 2}, ir.F32, opts(false, nil, nil),
			[]float32{18, 48, 78, 108, 18, 48, 78, 108}, "image 2x2, NCHW gray, repeated x2"},
		{"u8", "NCHW", []int{1, 3, 2, 2}, ir.U8, opts(false, nil, nil),
			[]uint8{30, 60, 90, 120, 20, 50, 80, 110, 10, 40, 70, 100}, "image 2x2, NCHW BGR"},
		{"i32 rounds to even", "NCHW", []int{1, 1, 2, 2}, ir.I32, opts(false, nil, []float64{4}),
			[]int32{4, 12, 20, 27}, "image 2x2, NCHW gray, scale 4"}, // 4.5->4, 12, 19.5->20, 27
		{"f16", "NCHW", []int{1, 1, 2, 2}, ir.F16, opts(false, nil, []float64{3}),
			[]float16.Float16{float16.Fromfloat32(6), float16.Fromfloat32(16), float16.Fromfloat32(26), float16.Fromfloat32(36)}, "image 2x2, NCHW gray, scale 3"},
		{"f64", "NCHW", []int{1, 1, 2, 2}, ir.F64, opts(false, []float64{0.5}, nil),
			[]float64{17.5, 47.5, 77.5, 107.5}, "image 2x2, NCHW gray, mean 0.5"},
		{"bf16", "NCHW", []int{1, 1, 1, 2}, ir.BF16, opts(false, nil, nil), nil, ""}, // checked below
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img := image.Image(px2x2())
			if tc.typ == ir.BF16 {
				// 2x2 resized to 2x1 is not the identity; use a 2x1 image instead
				one := image.NewGray(image.Rect(0, 0, 2, 1))
				one.Pix = []uint8{3, 255}
				img = one
				tc.want = []uint16{f32ToBF16(3), f32ToBF16(255)}
				tc.desc = "image 2x1, NCHW gray"
			}
			out, desc, err := imageTensor(img, tc.typ, tc.shape, layouts[tc.layout], tc.o)
			require.NoError(t, err)
			require.Equal(t, tc.typ, out.Type)
			require.Equal(t, tc.shape, out.Shape)
			require.Equal(t, tc.want, out.Data)
			require.Equal(t, tc.desc, desc)
		})
	}
}

func TestImageTensorErrors(t *testing.T) {
	tests := []struct {
		name  string
		typ   ir.ElementType
		shape []int
		o     *imageOptions
		err   string
	}{
		{"u8 below range", ir.U8, []int{1, 3, 2, 2}, &imageOptions{mean: []float64{50}},
			"pixel (0,0) BGR channel 0: (30 - 50) / 1 = -20: outside u8's range [0,255]"},
		{"i8 above range", ir.I8, []int{1, 3, 2, 2}, &imageOptions{scale: []float64{0.5}},
			"pixel (0,1) BGR channel 0: (90 - 0) / 0.5 = 180: outside i8's range [-128,127]"},
		{"gray with 3 means", ir.F32, []int{1, 1, 2, 2}, &imageOptions{mean: []float64{1, 2, 3}},
			"--mean has 3 values (R,G,B), the input is grayscale (1 channel): give one value"},
		{"boolean", ir.Boolean, []int{1, 3, 2, 2}, &imageOptions{},
			"an image cannot fill an input of element type boolean"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := imageTensor(px2x2(), tc.typ, tc.shape, layouts["NCHW"], tc.o)
			require.EqualError(t, err, tc.err)
		})
	}
}

// TestResizeConstant: bilinear resizing of a constant image gives the constant, up and
// down, and an image of the target size is kept pixel for pixel.
func TestResizeConstant(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 7, 5))
	for i := 0; i < len(src.Pix); i += 4 {
		copy(src.Pix[i:], []uint8{123, 45, 200, 255})
	}
	for _, size := range [][2]int{{3, 4}, {13, 11}, {1, 1}, {7, 5}, {224, 224}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			dst := resize(src, size[0], size[1])
			require.Equal(t, image.Rect(0, 0, size[0], size[1]), dst.Bounds())
			for y := range size[1] {
				for x := range size[0] {
					require.Equal(t, color.RGBA{123, 45, 200, 255}, dst.RGBAAt(x, y), "pixel (%d,%d)", x, y)
				}
			}
		})
	}
	// identity: a non-constant image of the target size is unchanged
	id := opaqueRGBA(px2x2())
	require.Equal(t, id.Pix, resize(id, 2, 2).Pix)
}

// TestOpaqueRGBADropsAlpha: transparency is dropped, not blended (as OpenCV's imread).
func TestOpaqueRGBADropsAlpha(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 1, 1))
	img.SetNRGBA(0, 0, color.NRGBA{200, 100, 50, 0})
	require.Equal(t, color.RGBA{200, 100, 50, 255}, opaqueRGBA(img).RGBAAt(0, 0))
	gray := image.NewGray16(image.Rect(0, 0, 1, 1))
	gray.SetGray16(0, 0, color.Gray16{0x8000})
	require.Equal(t, color.RGBA{128, 128, 128, 255}, opaqueRGBA(gray).RGBAAt(0, 0))
}

func TestInferLayout(t *testing.T) {
	tests := []struct {
		shape string
		want  string
		err   string
	}{
		{"[1,3,224,224]", "NCHW", ""},
		{"[1,224,224,3]", "NHWC", ""},
		{"[?,3,?,?]", "NCHW", ""},
		{"[1,1,28,28]", "NCHW", ""},
		{"[1,28,28,1]", "NHWC", ""},
		{"[3,32,32]", "CHW", ""},
		{"[32,32,3]", "HWC", ""},
		{"[1,3,8,3]", "", "the layout is ambiguous (dims 1 and 3 could both be channels): give --layout NCHW or --layout NHWC"},
		{"[1,64,112,112]", "", "no dim of size 1 or 3 at position 1 or 3 says where the channels are: give --layout NCHW or --layout NHWC"},
		{"[1,?,?,?]", "", "no dim of size 1 or 3 at position 1 or 3 says where the channels are: give --layout NCHW or --layout NHWC"},
		{"[1,3]", "", "an image fills an input of rank 4 (NCHW, NHWC) or 3 (CHW, HWC), not rank 2"},
		{"[...]", "", "its rank is dynamic: give --layout and --shape"},
	}
	for _, tc := range tests {
		t.Run(tc.shape, func(t *testing.T) {
			s, err := ir.ParseShape(tc.shape)
			require.NoError(t, err)
			l, err := inferLayout(s)
			if tc.err != "" {
				require.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, l.name)
		})
	}
}

func TestImageShape(t *testing.T) {
	tests := []struct {
		shape, layout string
		want          []int
		err           string
	}{
		{"[1,3,224,224]", "NCHW", []int{1, 3, 224, 224}, ""},
		{"[?,3,8,8]", "NCHW", []int{1, 3, 8, 8}, ""},
		{"[2..4,3,8,8]", "NCHW", []int{2, 3, 8, 8}, ""},
		{"[1,?,8,8]", "NCHW", []int{1, 3, 8, 8}, ""},
		{"[1,8,8,?]", "NHWC", []int{1, 8, 8, 3}, ""},
		{"[1,..2,8,8]", "NCHW", []int{1, 1, 8, 8}, ""},
		{"[1,3,?,?]", "NCHW", nil, "its height (dim 2 in NCHW) is dynamic: give the size to resize to with --shape x=[1,3,224,224]"},
		{"[?,3,32,?]", "NCHW", nil, "its width (dim 3 in NCHW) is dynamic: give the size to resize to with --shape x=[1,3,32,224]"},
		{"[1,?,?,3]", "NHWC", nil, "its height (dim 1 in NHWC) is dynamic: give the size to resize to with --shape x=[1,224,224,3]"},
		{"[1,4,8,8]", "NCHW", nil, "it has 4 channels (dim 1 in NCHW); an image fills 1 (grayscale) or 3 (color)"},
		{"[1,4..,8,8]", "NCHW", nil, "its channel dim 4.. (dim 1 in NCHW) admits neither 1 nor 3 channels"},
		{"[1,3,0,8]", "NCHW", nil, "its height (dim 2 in NCHW) is 0"},
		{"[1,3,8]", "NCHW", nil, "layout NCHW needs rank 4, the input has rank 3"},
		{"[...]", "NCHW", nil, "its rank is dynamic: give its shape with --shape x=[1,3,224,224]"},
	}
	for _, tc := range tests {
		t.Run(tc.shape+" "+tc.layout, func(t *testing.T) {
			s, err := ir.ParseShape(tc.shape)
			require.NoError(t, err)
			got, err := imageShape("x", s, layouts[tc.layout])
			if tc.err != "" {
				require.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

// TestRunImageInput runs a model whose output is its input, given a PNG written here,
// through the command line: the saved output holds the exact pixel values.
func TestRunImageInput(t *testing.T) {
	tests := []struct {
		name        string
		shape, et   string
		args        []string
		want        any
		wantShape   []int
		stderrMatch string
	}{
		{"NCHW default BGR", "1,3,2,2", "f32", nil,
			[]float32{30, 60, 90, 120, 20, 50, 80, 110, 10, 40, 70, 100}, []int{1, 3, 2, 2}, "img.png: image 2x2, NCHW BGR"},
		{"NHWC rgb mean scale", "1,2,2,3", "f32", []string{"--rgb", "--mean", "10,20,30", "--scale", "10,2,5"},
			[]float32{0, 0, 0, 3, 15, 6, 6, 30, 12, 9, 45, 18}, []int{1, 2, 2, 3}, "NHWC RGB, mean 10,20,30, scale 10,2,5"},
		{"explicit layout", "1,3,2,3", "f32", []string{"--layout", "x=NHWC"},
			nil, []int{1, 3, 2, 3}, "resized to 2x3 (bilinear), NHWC BGR"},
		{"u8 gray batch 2", "2,1,2,2", "u8", nil,
			[]uint8{18, 48, 78, 108, 18, 48, 78, 108}, []int{2, 1, 2, 2}, "NCHW gray, repeated x2"},
		{"dynamic with --shape", "?,3,?,?", "f32", []string{"--shape", "x=[1,3,2,2]"},
			[]float32{30, 60, 90, 120, 20, 50, 80, 110, 10, 40, 70, 100}, []int{1, 3, 2, 2}, "image 2x2, NCHW BGR"},
		{"dynamic batch", "?,3,2,2", "f32", nil,
			[]float32{30, 60, 90, 120, 20, 50, 80, 110, 10, 40, 70, 100}, []int{1, 3, 2, 2}, "image 2x2, NCHW BGR"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			model := identityModel(t, dir, tc.shape, tc.et)
			img := writePNG(t, dir, "img.png", px2x2())
			out := filepath.Join(dir, "out")
			for _, in := range []string{img, "x=" + img} {
				args := append([]string{"run", model, "-i", in, "-o", out}, tc.args...)
				r := irrun(t, args...)
				requireCode(t, r, ExitOK)
				require.Contains(t, r.stderr, tc.stderrMatch)
				got, err := npy.ReadFile(filepath.Join(out, "x.npy"))
				require.NoError(t, err)
				require.Equal(t, tc.wantShape, got.Shape)
				if tc.want != nil {
					require.Equal(t, tc.want, got.Data)
				}
			}
		})
	}
}

func TestRunImageInputErrors(t *testing.T) {
	dir := t.TempDir()
	img := writePNG(t, dir, "img.png", px2x2())
	notPNG := filepath.Join(dir, "bad.png")
	require.NoError(t, os.WriteFile(notPNG, []byte("not an image"), 0o644))
	truncated := filepath.Join(dir, "cut.png")
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, px2x2()))
	require.NoError(t, os.WriteFile(truncated, b.Bytes()[:b.Len()-20], 0o644))
	big := writePNG(t, dir, "big.png", image.NewGray(image.Rect(0, 0, 64, 64)))
	// a PNG whose header claims 100000x100000 pixels: refused before decoding
	var hb bytes.Buffer
	require.NoError(t, png.Encode(&hb, image.NewGray(image.Rect(0, 0, 1, 1))))
	hdr := hb.Bytes()
	binary.BigEndian.PutUint32(hdr[16:], 100000) // IHDR width
	binary.BigEndian.PutUint32(hdr[20:], 100000) // IHDR height
	binary.BigEndian.PutUint32(hdr[29:], crc32.ChecksumIEEE(hdr[12:29]))
	bomb := filepath.Join(dir, "bomb.png")
	require.NoError(t, os.WriteFile(bomb, hdr, 0o644))
	tests := []struct {
		name, shape, et string
		args            []string
		code            int
		stderr          string
	}{
		{"dynamic H W", "1,3,?,?", "f32", []string{"-i", img}, ExitError,
			`irrun: input "x" (f32 [1,3,?,?]) from ` + img + `: its height (dim 2 in NCHW) is dynamic: give the size to resize to with --shape x=[1,3,224,224]`},
		{"ambiguous", "1,3,4,3", "f32", []string{"-i", img}, ExitError,
			`irrun: input "x" (f32 [1,3,4,3]) from ` + img + `: the layout is ambiguous (dims 1 and 3 could both be channels): give --layout NCHW or --layout NHWC`},
		{"not an image", "1,3,2,2", "f32", []string{"-i", notPNG}, ExitError,
			`irrun: input "x": ` + notPNG + `: not a readable JPEG or PNG image: image: unknown format`},
		{"truncated", "1,3,2,2", "f32", []string{"-i", truncated}, ExitError,
			`irrun: input "x": ` + truncated + `: png: invalid format: unexpected EOF`},
		{"missing", "1,3,2,2", "f32", []string{"-i", "x=" + filepath.Join(dir, "none.png")}, ExitError,
			`irrun: input "x": open ` + filepath.Join(dir, "none.png") + `: no such file or directory`},
		{"u8 with mean", "1,3,2,2", "u8", []string{"-i", img, "--mean", "40"}, ExitError,
			`irrun: input "x" (u8 [1,3,2,2]) from ` + img + `: pixel (0,0) BGR channel 0: (30 - 40) / 1 = -10: outside u8's range [0,255]`},
		{"four channels", "1,4,2,2", "f32", []string{"-i", img, "--layout", "NCHW"}, ExitError,
			`irrun: input "x" (f32 [1,4,2,2]) from ` + img + `: it has 4 channels (dim 1 in NCHW); an image fills 1 (grayscale) or 3 (color)`},
		{"layout unknown input", "1,3,2,2", "f32", []string{"-i", img, "--layout", "z=NCHW"}, ExitError,
			`irrun: --layout z=NCHW: the model has no input named "z" (inputs: "x")`},
		{"given twice", "1,3,2,2", "f32", []string{"-i", img, "-i", "x=" + img}, ExitError,
			`irrun: input "x" is given twice (` + img + ` and ` + img + `)`},
		{"bad layout", "1,3,2,2", "f32", []string{"-i", img, "--layout", "NCWH"}, ExitUsage,
			`irrun: --layout "NCWH": want NCHW, NHWC, CHW or HWC (or NAME=LAYOUT)`},
		{"bad mean", "1,3,2,2", "f32", []string{"-i", img, "--mean", "1,2"}, ExitUsage,
			`irrun: --mean "1,2": want one value or three (R,G,B), got 2`},
		{"zero scale", "1,3,2,2", "f32", []string{"-i", img, "--scale", "1,0,1"}, ExitUsage,
			`irrun: --scale "1,0,1": a scale of 0 divides by zero`},
		{"nan mean", "1,3,2,2", "f32", []string{"-i", img, "--mean", "NaN"}, ExitUsage,
			`irrun: --mean "NaN": "NaN" is not a finite number`},
		{"bomb", "1,3,2,2", "f32", []string{"-i", bomb}, ExitError,
			`irrun: input "x": ` + bomb + `: a 100000x100000 image needs 80000000000 bytes to decode, more than --max-memory 4294967296`},
		{"memory", "1,3,2,2", "f32", []string{"-i", big, "--max-memory", "1000"}, ExitError,
			`irrun: input "x": ` + big + `: a 64x64 image needs 32768 bytes to decode, more than --max-memory 1000`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mdir := t.TempDir()
			model := identityModel(t, mdir, tc.shape, tc.et)
			r := irrun(t, append([]string{"run", model}, tc.args...)...)
			requireCode(t, r, tc.code)
			require.Equal(t, tc.stderr, strings.SplitN(r.stderr, "\n", 2)[0])
		})
	}
}

// TestSharedImages decodes the shared sample pictures (PNG, and the same picture as JPEG)
// into a dynamic-shape model through run and bench.
func TestSharedImages(t *testing.T) {
	imgs := sharedImages()
	if imgs == "" {
		t.Skip("shared/images not found beside the repository")
	}
	dir := t.TempDir()
	f, err := os.Open(filepath.Join(imgs, "chelsea.png"))
	require.NoError(t, err)
	src, err := png.Decode(f)
	f.Close()
	require.NoError(t, err)
	var jb bytes.Buffer
	require.NoError(t, jpeg.Encode(&jb, src, &jpeg.Options{Quality: 95}))
	jpg := filepath.Join(dir, "chelsea.jpg")
	require.NoError(t, os.WriteFile(jpg, jb.Bytes(), 0o644))

	for _, file := range []string{filepath.Join(imgs, "chelsea.png"), filepath.Join(imgs, "coffee.png"), jpg} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			out := filepath.Join(dir, "out")
			r := irrun(t, "run", dynamicXML, "-i", "image="+file, "--shape", "image=[1,3,30,40]", "--rgb", "-o", out)
			requireCode(t, r, ExitOK)
			require.Regexp(t, `image \d+x\d+ resized to 40x30 \(bilinear\), NCHW RGB`, r.stderr)
			r = irrun(t, "bench", dynamicXML, "-i", file, "--shape", "[2,3,16,16]", "--niter", "3", "--mean", "127.5", "--scale", "127.5")
			requireCode(t, r, ExitOK)
			require.Contains(t, r.stdout, "Count:          3 iterations")
		})
	}
	// the 451x300 cat shrunk to 1x1 keeps a mid-range color
	out := filepath.Join(dir, "one")
	model := identityModel(t, dir, "1,3,1,1", "u8")
	r := irrun(t, "run", model, "-i", filepath.Join(imgs, "chelsea.png"), "-o", out)
	requireCode(t, r, ExitError) // [1,3,1,1]: dims 1 and 3 could both be channels
	r = irrun(t, "run", model, "-i", filepath.Join(imgs, "chelsea.png"), "--layout", "NCHW", "-o", out)
	requireCode(t, r, ExitOK)
	got, err := npy.ReadFile(filepath.Join(out, "x.npy"))
	require.NoError(t, err)
	for _, v := range got.Data.([]uint8) {
		require.Greater(t, v, uint8(20))
		require.Less(t, v, uint8(235))
	}
}

// TestMeanColorExample: the mean-color example averages each channel of an image resized
// to 224x224; a constant image gives its color back, in BGR order, and --top ranks it.
func TestMeanColorExample(t *testing.T) {
	dir := t.TempDir()
	img := image.NewNRGBA(image.Rect(0, 0, 31, 17))
	for i := 0; i < len(img.Pix); i += 4 {
		copy(img.Pix[i:], []uint8{200, 100, 50, 255})
	}
	file := writePNG(t, dir, "orange.png", img)
	out := filepath.Join(dir, "out")
	r := irrun(t, "run", filepath.Join(examples, "mean-color", "model.xml"), "-i", file, "-o", out, "--top", "2")
	requireCode(t, r, ExitOK)
	require.Contains(t, r.stderr, "orange.png: image 31x17 resized to 224x224 (bilinear), NCHW BGR\n")
	require.Contains(t, r.stdout, "top-2 of \"mean_color\":\n  index  score\n      2  200\n      1  100\n")
	got, err := npy.ReadFile(filepath.Join(out, "mean_color.npy"))
	require.NoError(t, err)
	require.Equal(t, []float32{50, 100, 200}, got.Data)
}

// TestClassifierOnImages runs SqueezeNet 1.1 from the corpus on the shared pictures, BGR as
// Open Model Zoo models expect: the cat's top-1 is an ImageNet cat class (281 tabby, 282
// tiger cat, 285 Egyptian cat), the coffee cup's is 967 (espresso).
func TestClassifierOnImages(t *testing.T) {
	imgs := sharedImages()
	if imgs == "" {
		t.Skip("shared/images not found beside the repository")
	}
	model := filepath.Join(filepath.Dir(imgs), "corpus", "squeezenet1.1-ir10-fp16", "model.xml")
	if _, err := os.Stat(model); err != nil {
		t.Skip("corpus not found")
	}
	cases := []struct {
		image string
		top1  []string
	}{
		{"chelsea.png", []string{"281", "282", "285"}},
		{"coffee.png", []string{"967"}},
	}
	for _, c := range cases {
		t.Run(c.image, func(t *testing.T) {
			r := irrun(t, "run", model, "-i", filepath.Join(imgs, c.image), "--top", "1")
			requireCode(t, r, ExitOK)
			m := regexp.MustCompile(`(?m)^\s+(\d+)\s+[0-9.e-]+$`).FindStringSubmatch(r.stdout)
			require.NotNil(t, m, r.stdout)
			require.Contains(t, c.top1, m[1], r.stdout)
		})
	}
}
