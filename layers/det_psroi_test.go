package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// detxPSROIImage is op_reference psroi_pooling.cpp's image [2, C, 20, 20]: 0.1, 0.2, ...
// accumulated in float32.
func detxPSROIImage(c int) []float64 {
	v := make([]float64, 2*c*20*20)
	var acc float32
	for i := range v {
		acc += 0.1
		v[i] = float64(acc)
	}
	return v
}

// Expected values from src/plugins/template/tests/functional/op_reference/psroi_pooling.cpp.
func TestDetPSROIPoolingReference(t *testing.T) {
	cases := []struct {
		channels, group, binsX, binsY int
		scale, mode                   string
		rois, want                    []float64
	}{
		{8, 2, 1, 1, "1", "average", []float64{0, 1, 2, 4, 6, 1, 0, 3, 10, 4, 0, 10, 7, 11, 13},
			[]float64{6.2499962, 46.44986, 90.249184, 130.44876, 166.25095, 206.45341, 250.25606, 290.45853,
				326.36069, 366.86316, 408.36572, 448.86816, 486.37045, 526.86841, 568.35828, 608.84839,
				18.100033, 58.199684, 104.09898, 144.1996, 178.10167, 218.20412, 264.1069, 304.20935}},
		{8, 2, 1, 1, "0.2", "average", []float64{0, 5, 10, 20, 30, 0, 0, 15, 50, 20, 1, 50, 35, 55, 65, 1, 0, 60, 5, 70},
			[]float64{6.24999619, 46.399868, 90.2491837, 130.398758, 166.250946, 206.403397, 250.256058,
				290.408508, 6.34999657, 46.8498573, 87.3492432, 127.848656, 166.350952, 206.853409,
				247.355896, 287.858368, 338.11142, 378.163879, 424.116669, 464.169128, 498.121185,
				538.165649, 584.104431, 624.144653, 345.111847, 385.164307, 427.116852, 467.169312,
				505.121613, 545.16394, 587.103699, 627.143921}},
		{12, 3, 2, 3, "1", "bilinear", []float64{0, 0.1, 0.2, 0.7, 0.4, 1, 0.4, 0.1, 0.9, 0.3, 0, 0.5, 0.7,
			0.7, 0.9, 1, 0.15, 0.3, 0.65, 0.35, 0, 0.0, 0.2, 0.7, 0.8},
			[]float64{
				210.71394, 210.99896, 211.28398, 211.98065, 212.26567, 212.55066, 213.24738, 213.53239, 213.8174,
				250.71545, 251.00047, 251.28548, 251.98218, 252.2672, 252.5522, 253.2489, 253.53392, 253.81892,
				687.40869, 687.64606, 687.88354, 688.67511, 688.91254, 689.14996, 689.94147, 690.17896, 690.41644,
				727.40021, 727.6377, 727.87518, 728.66669, 728.90405, 729.14154, 729.93292, 730.17041, 730.4079,
				230.28471, 230.3797, 230.47472, 231.55144, 231.64642, 231.74141, 232.81813, 232.91313, 233.00813,
				270.28638, 270.38141, 270.47641, 271.5531, 271.64813, 271.74313, 272.81985, 272.91486, 273.00986,
				692.63281, 692.87018, 693.1076, 692.94928, 693.18683, 693.42426, 693.26593, 693.50342, 693.74078,
				732.62402, 732.86139, 733.09888, 732.94049, 733.17804, 733.41547, 733.25714, 733.49463, 733.73199,
				215.63843, 215.97093, 216.30345, 219.43855, 219.77106, 220.10358, 223.23871, 223.57123, 223.90375,
				255.63994, 255.97246, 256.30496, 259.44009, 259.77261, 260.10513, 263.2403, 263.57281, 263.9053}},
		{12, 4, 2, 3, "0.5", "bilinear", []float64{0, 0.1, 0.2, 0.7, 0.4, 0, 0.5, 0.7, 1.2, 1.3, 0, 1.0, 1.3, 1.2, 1.8,
			1, 0.5, 1.1, 0.7, 1.44, 1, 0.2, 1.1, 0.5, 1.2, 1, 0.34, 1.3, 1.15, 1.35},
			[]float64{
				205.40955, 205.50456, 205.59955, 205.69453, 205.83179, 205.9268, 206.0218, 206.11681, 206.25403,
				206.34901, 206.44403, 206.53905, 206.67627, 206.77126, 206.86627, 206.96129, 245.41107, 245.50606,
				245.60106, 245.69604, 245.8333, 245.9283, 246.02327, 246.1183, 246.25554, 246.35052, 246.44556,
				246.54054, 246.67778, 246.77277, 246.86775, 246.96278, 217.84717, 217.95801, 218.06885, 218.17969,
				219.11389, 219.22473, 219.33557, 219.44641, 220.3806, 220.49144, 220.60228, 220.71312, 221.64732,
				221.75816, 221.86897, 221.97981, 257.84872, 257.95956, 258.0704, 258.18124, 259.11545, 259.22629,
				259.33713, 259.44797, 260.38217, 260.49301, 260.60385, 260.71469, 261.6489, 261.75974, 261.87057,
				261.98141, 228.9705, 229.00215, 229.03383, 229.06549, 230.02608, 230.05774, 230.08943, 230.12109,
				231.08168, 231.11334, 231.14502, 231.1767, 232.13728, 232.16895, 232.20062, 232.23228, 268.97217,
				269.00385, 269.03549, 269.06717, 270.02777, 270.05945, 270.09109, 270.12277, 271.08337, 271.11502,
				271.1467, 271.17838, 272.13901, 272.17065, 272.2023, 272.23398, 703.65057, 703.68219, 703.71387,
				703.74554, 704.36816, 704.39984, 704.43146, 704.4632, 705.08575, 705.11749, 705.14911, 705.18085,
				705.80347, 705.83514, 705.86676, 705.89844, 743.64136, 743.67291, 743.70459, 743.73633, 744.35889,
				744.39056, 744.42218, 744.45392, 745.07648, 745.10815, 745.13983, 745.17157, 745.79413, 745.82574,
				745.85742, 745.8891, 701.86963, 701.91724, 701.9646, 702.01221, 702.08081, 702.12823, 702.17578,
				702.22321, 702.29181, 702.33936, 702.38678, 702.43433, 702.50293, 702.55035, 702.5979, 702.64545,
				741.86041, 741.90796, 741.95538, 742.00293, 742.07153, 742.11896, 742.1665, 742.21405, 742.28253,
				742.33008, 742.3775, 742.42505, 742.49365, 742.54108, 742.58862, 742.63617, 705.60645, 705.73468,
				705.86298, 705.99115, 705.71198, 705.84027, 705.96844, 706.09668, 705.81757, 705.94574, 706.07397,
				706.20215, 705.9231, 706.05127, 706.1795, 706.3078, 745.59698, 745.72534, 745.85352, 745.98169,
				745.70264, 745.83081, 745.95898, 746.08722, 745.80811, 745.93628, 746.06451, 746.19269, 745.91364,
				746.04181, 746.1701, 746.29834}},
	}
	tols := map[ir.ElementType]float64{ir.F32: 2e-3, ir.F64: 2e-3, ir.F16: 1, ir.BF16: 8}
	for i, c := range cases {
		outDim := c.channels / (c.group * c.group)
		if c.mode == "bilinear" {
			outDim = c.channels / (c.binsX * c.binsY)
		}
		for _, et := range []ir.ElementType{ir.F32, ir.F64, ir.F16, ir.BF16} {
			op := decodeOp(t, "PSROIPooling", "opset1", "output_dim", itoa(outDim), "group_size", itoa(c.group),
				"spatial_scale", c.scale, "mode", c.mode, "spatial_bins_x", itoa(c.binsX), "spatial_bins_y", itoa(c.binsY))
			n := len(c.rois) / 5
			out := run(t, op, ExecOptions{Reference: true}, detTensor(t, et, []int{2, c.channels, 20, 20}, detxPSROIImage(c.channels)),
				detTensor(t, et, []int{n, 5}, c.rois))
			require.Equal(t, []int{n, outDim, c.group, c.group}, out[0].Shape)
			g := moreFloats(t, out[0])
			for j := range c.want {
				require.InEpsilon(t, c.want[j], g[j], tols[et]*1e-3+1e-6, "case %d %s element %d", i, et, j)
			}
		}
	}
}

// Hand-computed average mode: a 1-channel 2×2 group over a 4×4 map 0..15 with ROI [0,0,3,3]
// (rounded, +1: bins of 2×2); a ROI reaching past the map is clipped (bin starts at most the
// last row/column, as the reference); a negative one clamps
// at 0 and its empty bins give 0.
func TestDetPSROIPoolingHand(t *testing.T) {
	img := make([]float32, 16)
	for i := range img {
		img[i] = float32(i)
	}
	op := decodeOp(t, "PSROIPooling", "opset1", "output_dim", "1", "group_size", "2", "spatial_scale", "1", "mode", "average")
	// Channels are per bin: give each of the 4 channels the same map.
	data := append(append(append(append([]float32{}, img...), img...), img...), img...)
	out := run(t, op, ExecOptions{Reference: true}, moreF32(t, []int{1, 4, 4, 4}, data...),
		moreF32(t, []int{3, 5}, 0, 0, 0, 3, 3, 0, 2, 2, 9, 9, 0, -5, -5, 0, 0))
	require.Equal(t, []float32{
		2.5, 4.5, 10.5, 12.5, // bins [0,2)×[0,2) etc.
		12.5, 13, 14.5, 15, // ROI [2,10): bins of 4 from 2; the second starts at min(6, 3)
		0, 0, 0, 0}, out[0].Data) // ROI [-5,1): empty bins and [0,1)²
}

func TestDetPSROIPoolingHostile(t *testing.T) {
	ref := ExecOptions{Reference: true}
	op := decodeOp(t, "PSROIPooling", "opset1", "output_dim", "1", "group_size", "1", "spatial_scale", "1", "mode", "average")
	_, err := runErr(op, ref, moreF32(t, []int{1, 1, 2, 2}, 1, 2, 3, 4), moreF32(t, []int{1, 5}, 3, 0, 0, 1, 1))
	require.ErrorContains(t, err, "batch index")
	_, err = runErr(op, ref, moreF32(t, []int{1, 1, 2, 2}, 1, 2, 3, 4), moreF32(t, []int{1, 5}, -1, 0, 0, 1, 1))
	require.ErrorContains(t, err, "batch index")
	out := run(t, op, ref, moreF32(t, []int{1, 1, 2, 2}, 1, 2, 3, 4), moreF32(t, []int{0, 5}))
	require.Equal(t, []int{0, 1, 1, 1}, out[0].Shape)
	op = decodeOp(t, "PSROIPooling", "opset1", "output_dim", "1", "group_size", "1", "spatial_scale", "1", "mode", "bilinear")
	out = run(t, op, ref, moreF32(t, []int{1, 1, 2, 2}, 1, 2, 3, 4), moreF32(t, []int{1, 5}, 0, -3, -3, -2, -2))
	require.Equal(t, []float32{0}, out[0].Data)
}

// Expected values from src/plugins/template/tests/functional/op_reference/
// deformable_psroi_pooling.cpp: iota or constant inputs, offsets [rois, 2, group, group]
// filled with one value (nil: no offsets input).
func TestDetDeformablePSROIPoolingReference(t *testing.T) {
	iota16 := []float64{0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60}
	cases := []struct {
		name        string
		c, h, w     int
		scale       string
		group, part int
		iota        bool
		value       float64
		offset      *float64
		rois, want  []float64
	}{
		{"offset_00", 16, 2, 2, "0.0625", 2, 1, true, 0, detxF(0), []float64{0, 1, 2, 4, 6, 0, 0, 3, 10, 4}, append(iota16, iota16...)},
		{"offset_0p2", 16, 2, 2, "0.0625", 2, 1, true, 0, detxF(0.2), []float64{0, 1, 2, 4, 6, 0, 0, 3, 10, 4}, append(iota16, iota16...)},
		{"offset_0p5", 16, 2, 2, "0.0625", 2, 1, true, 0, detxF(0.5), []float64{0, 1, 2, 4, 6, 0, 5, 3, 10, 4},
			append(append([]float64{}, iota16...), 0, 4.1875, 8, 12.1875, 16, 20.1875, 24, 28.1875, 32, 36.1875, 40, 44.1875, 48, 52.1875, 56, 60.1875)},
		{"roi_oversize", 16, 2, 2, "0.0625", 2, 1, true, 0, detxF(0), []float64{0, 10, 10, 20, 20, 0, 100, 100, 200, 200},
			append([]float64{0.375, 4.71875, 9.0625, 13.40625, 16.375, 20.71875, 25.0625, 29.40625, 32.375, 36.71875, 41.0625, 45.40625,
				48.375, 52.71875, 57.0625, 61.40625}, make([]float64, 16)...)},
		{"no_offset_input", 8, 3, 3, "1", 2, 2, true, 0, nil, []float64{0, 1, 1, 2, 2}, []float64{2, 12, 23, 33, 38, 48, 59, 69}},
		{"offset_zero", 8, 3, 3, "1", 2, 2, true, 0, detxF(0), []float64{0, 1, 1, 2, 2}, []float64{2, 12, 23, 33, 38, 48, 59, 69}},
		{"offset_01", 8, 3, 3, "1", 2, 2, true, 0, detxF(0.1), []float64{0, 1, 1, 2, 2}, []float64{2.8, 12.8, 23.8, 33.8, 38.8, 48.8, 59.8, 69.8}},
		{"offset_05", 8, 3, 3, "1", 2, 2, true, 0, detxF(0.5), []float64{0, 1, 1, 2, 2}, []float64{6, 15.5, 25.5, 35, 42, 51.5, 61.5, 71}},
		{"single_value", 16, 2, 2, "0.0625", 2, 1, false, 0.1, detxF(0.1), []float64{0, 10, 10, 10, 10},
			[]float64{0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}},
	}
	for _, c := range cases {
		for _, et := range []ir.ElementType{ir.F32, ir.F64, ir.F16} {
			outDim := c.c / (c.group * c.group)
			op := decodeOp(t, "DeformablePSROIPooling", "opset1", "output_dim", itoa(outDim), "group_size", itoa(c.group),
				"spatial_scale", c.scale, "trans_std", "1", "part_size", itoa(c.part))
			data := make([]float64, c.c*c.h*c.w)
			for i := range data {
				data[i] = c.value
				if c.iota {
					data[i] = c.value + float64(i)
				}
			}
			n := len(c.rois) / 5
			in := []*ir.Tensor{detTensor(t, et, []int{1, c.c, c.h, c.w}, data), detTensor(t, et, []int{n, 5}, c.rois)}
			if c.offset != nil {
				off := make([]float64, n*2*c.group*c.group)
				for i := range off {
					off[i] = *c.offset
				}
				in = append(in, detTensor(t, et, []int{n, 2, c.group, c.group}, off))
			}
			out := run(t, op, ExecOptions{Reference: true}, in...)
			require.Equal(t, []int{n, outDim, c.group, c.group}, out[0].Shape)
			tol := 1e-4
			if et == ir.F16 {
				tol = 0.1
			}
			moreNear(t, c.want, out[0], tol, c.name, et)
		}
	}
}

func detxF(v float64) *float64 { return &v }

func TestDetDeformablePSROIPoolingHostile(t *testing.T) {
	ref := ExecOptions{Reference: true}
	op := decodeOp(t, "DeformablePSROIPooling", "opset1", "output_dim", "2", "group_size", "2", "spatial_scale", "1", "part_size", "2")
	data := moreF32(t, []int{1, 8, 3, 3}, make([]float32, 72)...)
	// Negative batch index: the ROI is skipped (zeros); past the batch: an error.
	out := run(t, op, ref, data, moreF32(t, []int{1, 5}, -1, 1, 1, 2, 2))
	require.Equal(t, make([]float32, 8), out[0].Data)
	_, err := runErr(op, ref, data, moreF32(t, []int{1, 5}, 1, 1, 1, 2, 2))
	require.ErrorContains(t, err, "batch index")
	// Offsets too small for part_size 2 and the ROI count.
	_, err = runErr(op, ref, data, moreF32(t, []int{1, 5}, 0, 1, 1, 2, 2), moreF32(t, []int{1, 2, 1, 1}, 0, 0))
	require.ErrorContains(t, err, "offset")
	// Channels not output_dim·group².
	_, err = runErr(op, ref, moreF32(t, []int{1, 4, 3, 3}, make([]float32, 36)...), moreF32(t, []int{1, 5}, 0, 1, 1, 2, 2))
	require.ErrorContains(t, err, "channels")
}

// Shapes and messages after src/core/tests/type_prop/psroi_pooling.cpp and
// deformable_psroi_pooling.cpp.
func TestSeqPSROIPoolingInfer(t *testing.T) {
	f := ir.F32
	c := func(s ...string) []Input {
		out := make([]Input, len(s))
		for i, x := range s {
			out[i] = seqIn(t, f, x)
		}
		return out
	}
	cases := []seqInferCase{
		{"PSROIPooling", "opset1", []string{"output_dim", "2", "group_size", "2", "spatial_scale", "1"}, c("[1,8,6,6]", "[3,5]"), []string{"[3,2,2,2]"}, ""},
		{"PSROIPooling", "opset1", []string{"output_dim", "2", "group_size", "2", "spatial_scale", "1", "mode", "bilinear", "spatial_bins_x", "2", "spatial_bins_y", "2"},
			c("[1,8,6,6]", "[3,5]"), []string{"[3,2,2,2]"}, ""},
		{"PSROIPooling", "opset1", []string{"output_dim", "2", "group_size", "2", "spatial_scale", "1"}, c("[1,7,6,6]", "[3,5]"), nil,
			"Number of input's channels must be a multiply of output_dim * group_size * group_size"},
		{"DeformablePSROIPooling", "opset1", []string{"output_dim", "8", "group_size", "7", "spatial_scale", "0.0625"}, c("[1,392,38,63]", "[300,5]", "[300,2,7,7]"), []string{"[300,8,7,7]"}, ""},
	}
	seqRunInfer(t, cases)
}

// Hand-computed: DeformablePSROIPooling reads input channels 0 … output_dim·group²-1 only, so a
// map with more channels is accepted and the extra ones ignored (op_reference's
// single_value_big_shape has 1024 channels for output_dim 112, group 3). One ROI covering the
// 1x1 map: output channel c reads input channel c.
func TestODDeformablePSROIPoolingExtraChannels(t *testing.T) {
	op := decodeOp(t, "DeformablePSROIPooling", "opset1", "output_dim", "2", "group_size", "1", "spatial_scale", "1")
	data := moreF32(t, []int{1, 3, 1, 1}, 5, 7, 100)
	for _, ref := range []bool{true, false} {
		out := run(t, op, ExecOptions{Reference: ref}, data, moreF32(t, []int{1, 5}, 0, 0, 0, 0, 0))
		require.Equal(t, []float32{5, 7}, out[0].Data)
	}
}
