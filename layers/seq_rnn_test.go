package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

func seqF32(t *testing.T, dims []int, v ...float32) *ir.Tensor {
	return tensor(t, ir.F32, dims, v)
}

func seqCloseF32(t *testing.T, want []float32, got *ir.Tensor, tol float64) {
	t.Helper()
	var g []float32
	switch d := got.Data.(type) {
	case []float32:
		g = d
	case []float64:
		for _, x := range d {
			g = append(g, float32(x))
		}
	case []float16.Float16:
		for _, x := range d {
			g = append(g, x.Float32())
		}
	default:
		t.Fatalf("unexpected data %T", got.Data)
	}
	require.Len(t, g, len(want))
	for i := range want {
		require.InDelta(t, want[i], g[i], tol, "element %d: want %v got %v", i, want, g)
	}
}

// Values from src/plugins/template/tests/functional/op_reference/rnn_cell.cpp.
func TestSeqRNNCellReference(t *testing.T) {
	x := []float32{0.3432185, 0.612268, 0.20272376, 0.9513413, 0.30585995, 0.7265472}
	h := []float32{0.12444675, 0.52055854, 0.46489045, 0.4983964, 0.7730452, 0.28439692}
	w := []float32{0.41930267, 0.7872176, 0.89940447, 0.23659843, 0.24676207, 0.17101714, 0.3147149, 0.6555601, 0.4559603}
	r := []float32{0.8374871, 0.86660194, 0.82114047, 0.71549815, 0.18775631, 0.3182116, 0.25392973, 0.38301638, 0.85531586}
	cases := []struct {
		name  string
		attrs []string
		b     []float32
		want  []float32
	}{
		{"rnn_cell_zero_bias_default_attrs", []string{"hidden_size", "3"}, []float32{0, 0, 0},
			[]float32{0.9408395, 0.53823817, 0.84270686, 0.98932856, 0.768665, 0.90461975}},
		{"rnn_cell_bias_clip", []string{"hidden_size", "3", "clip", "2.88"}, []float32{1.0289404, 1.6362579, 0.4370661},
			[]float32{0.9922437, 0.97749525, 0.9312212, 0.9937176, 0.9901317, 0.95906746}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := decodeOp(t, "RNNCell", "opset1", c.attrs...)
			out := run(t, op, ExecOptions{Reference: true}, seqF32(t, []int{2, 3}, x...), seqF32(t, []int{2, 3}, h...),
				seqF32(t, []int{3, 3}, w...), seqF32(t, []int{3, 3}, r...), seqF32(t, []int{3}, c.b...))
			seqCloseF32(t, c.want, out[0], 1e-5)
			// f16 computes through f32.
			conv := func(dims []int, v []float32) *ir.Tensor {
				d := make([]float16.Float16, len(v))
				for i, f := range v {
					d[i] = float16.Fromfloat32(f)
				}
				return tensor(t, ir.F16, dims, d)
			}
			out = run(t, op, ExecOptions{Reference: true}, conv([]int{2, 3}, x), conv([]int{2, 3}, h),
				conv([]int{3, 3}, w), conv([]int{3, 3}, r), conv([]int{3}, c.b))
			seqCloseF32(t, c.want, out[0], 5e-3)
		})
	}
}

// Values from src/plugins/template/tests/functional/op_reference/gru_cell.cpp (clip 2.88,
// activations sigmoid, tanh).
func TestSeqGRUCellReference(t *testing.T) {
	cases := []struct {
		name             string
		lbr              string
		x, h, w, r, b, y []float32
	}{
		{"gru_cell_bias_clip", "false",
			[]float32{0.52421564, 0.78845507, 0.9372873, 0.59783894, 0.18278378, 0.2084126},
			[]float32{0.45738035, 0.996877, 0.82882977, 0.47492632, 0.88471466, 0.57833236},
			[]float32{0.5815369, 0.16559383, 0.08464007, 0.843122, 0.73968244, 0.11359601, 0.8295078,
				0.9240567, 0.10007995, 0.20573162, 0.09002485, 0.2839569, 0.3096991, 0.5638341,
				0.5787327, 0.84552664, 0.16263747, 0.7243242, 0.8049057, 0.43966424, 0.46294412,
				0.9833361, 0.31369713, 0.1719934, 0.4937093, 0.6353004, 0.77982515},
			[]float32{0.16510165, 0.52435565, 0.2788478, 0.99427545, 0.1623331, 0.01389796, 0.99669236, 0.53901845,
				0.8737506, 0.9254788, 0.21172932, 0.11634306, 0.40111724, 0.37497616, 0.2903471, 0.6796794,
				0.65131867, 0.78163475, 0.12058706, 0.45591718, 0.791677, 0.76497287, 0.9895242, 0.7845312,
				0.51267904, 0.49030215, 0.08498167},
			[]float32{0.8286678 + 0.9175602, 0.9153158 + 0.14958014, 0.9581612 + 0.49230585, 0.6639213 + 0.63162816,
				0.84239805 + 0.4161903, 0.5282445 + 0.22148274, 0.14153397 + 0.50496656, 0.22404431 + 0.34798595,
				0.6549655 + 0.6699164},
			[]float32{0.48588726, 0.99670005, 0.83759373, 0.5023099, 0.89410484, 0.60011315}},
		{"gru_cell_linear_before_reset", "true",
			[]float32{0.12249453, 0.6127907, 0.5001741, 0.5124603, 0.04329684, 0.023834},
			[]float32{0.8598948, 0.41189128, 0.72824323, 0.53940123, 0.31485787, 0.04053852},
			[]float32{0.72259396, 0.11561195, 0.9457856, 0.19037509, 0.6964006, 0.33459795, 0.5468904, 0.85646594,
				0.5101311, 0.9712257, 0.3687071, 0.60280246, 0.56943774, 0.7475505, 0.2490578, 0.86977345,
				0.85542053, 0.29660386, 0.49717373, 0.7473479, 0.53454477, 0.15974349, 0.5804805, 0.14303213,
				0.07514781, 0.5865731, 0.76409274},
			[]float32{0.91382647, 0.41527033, 0.28040004, 0.23601337, 0.04471736, 0.03888785, 0.06308217, 0.44844428,
				0.29384327, 0.49037653, 0.50421673, 0.7366393, 0.63143945, 0.00277612, 0.37198433, 0.06966069,
				0.4613444, 0.10999731, 0.78273284, 0.21453214, 0.10751773, 0.18332677, 0.1326976, 0.9998985,
				0.19263928, 0.10979804, 0.52575564},
			[]float32{0.61395123, 1.08667738, 1.32600244, 0.81917698, 1.37736335, 0.42931147, 0.66729516, 0.7752771,
				0.78819966, 0.6606634, 0.99040645, 0.21112025},
			[]float32{0.8709214, 0.48411977, 0.74495184, 0.6074972, 0.44572943, 0.1467715}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			op := decodeOp(t, "GRUCell", "opset3", "hidden_size", "3", "clip", "2.88", "linear_before_reset", c.lbr,
				"activations", "sigmoid,tanh")
			out := run(t, op, ExecOptions{Reference: true}, seqF32(t, []int{2, 3}, c.x...), seqF32(t, []int{2, 3}, c.h...),
				seqF32(t, []int{9, 3}, c.w...), seqF32(t, []int{9, 3}, c.r...), seqF32(t, []int{len(c.b)}, c.b...))
			seqCloseF32(t, c.y, out[0], 1e-5)
		})
	}
}

// Values from src/plugins/template/tests/functional/op_reference/lstm_cell.cpp: W, R and B
// there are in iofc order (the test converts them with convert_lstm_node_format(IOFC)).
var (
	seqLSTMX = []float32{0.81342685, 0.84108883, 0.8152282, 0.46893653, 0.0901856, 0.37088776}
	seqLSTMW = []float32{
		3.3330739e-01, 3.6229487e-04, 4.6773660e-01, 4.3046016e-01, 7.3950343e-02, 3.8063636e-01,
		9.6921772e-01, 9.6897459e-01, 6.2964785e-01, 3.1134409e-01, 8.4709978e-01, 9.4928098e-01,
		6.1676943e-01, 6.6020679e-01, 1.9072217e-01, 8.8032126e-02, 4.0472135e-01, 6.8342745e-01,
		8.3432144e-01, 4.4928190e-01, 7.9524308e-01, 5.3966165e-01, 8.5936421e-01, 8.3136767e-01,
		5.5125546e-02, 4.7791195e-01, 3.5788772e-01, 6.7507404e-01, 2.1716513e-01, 2.7473119e-01,
		3.3999152e-02, 9.6835363e-01, 3.7581277e-01, 2.4026000e-01, 6.7418844e-01, 3.4199652e-01}
	seqLSTMR = []float32{0.0987983, 0.52032113, 0.5848073, 0.5356095, 0.74497133, 0.73260087,
		0.1700787, 0.45684233, 0.1495722, 0.42734373, 0.4433832, 0.25906256,
		0.03854987, 0.47480518, 0.37215272, 0.99890584, 0.74019486, 0.3518967,
		0.6881257, 0.8170279, 0.54088944, 0.81225616, 0.14619833, 0.42941234,
		0.86843914, 0.45967972, 0.6237719, 0.11074839, 0.6029616, 0.3149305,
		0.46504205, 0.5843412, 0.8733427, 0.7687243, 0.07074859, 0.39188156}
	seqLSTMH = []float32{0.77956, 0.5331557, 0.04297554, 0.7962175, 0.7635707, 0.11989366}
	seqLSTMC = []float32{0.8488452, 0.18851636, 0.5020695, 0.29716516, 0.06740791, 0.45384037}
	seqLSTMB = []float32{1.07393714, 1.15248052, 1.16671345, 0.21450312, 1.2380678, 1.51688835,
		0.46718366, 0.91810346, 1.1274234, 0.51022074, 1.11389844, 0.74174305}
)

// seqIOFCToFICO reorders gate blocks of rows×cols from iofc to fico.
func seqIOFCToFICO(v []float32, hidden, cols int) []float32 {
	blk := hidden * cols
	out := make([]float32, 0, len(v))
	for _, g := range []int{2, 0, 3, 1} { // f, i, c, o positions in iofc
		out = append(out, v[g*blk:(g+1)*blk]...)
	}
	return out
}

func TestSeqLSTMCellReference(t *testing.T) {
	zeros := make([]float32, 12)
	cases := []struct {
		name   string
		b      []float32
		ho, co []float32
		tol    float64 // the test's threshold: 1e-1 (legacy_compare) for the bias case
	}{
		{"lstm_cell_zero_bias_default_attrs", zeros,
			[]float32{0.81457126, 0.61109227, 0.769522, 0.52239674, 0.4324641, 0.63183},
			[]float32{1.4444952, 0.9635685, 1.2875274, 0.8053419, 0.7184521, 0.95803297}, 1e-5},
		{"lstm_cell_bias_default_attrs", seqLSTMB,
			[]float32{0.81014400720596313, 0.76665538549423218, 0.82509011030197144, 0.6479143500328064, 0.66586339473724365, 0.74838578701019287},
			[]float32{1.6800162792205811, 1.1150213479995728, 1.4578367471694946, 1.0649888515472412, 0.93761754035949707, 1.3659683465957642}, 1e-1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// LSTMCell-4 takes fico.
			op := decodeOp(t, "LSTMCell", "opset4", "hidden_size", "3")
			out := run(t, op, ExecOptions{Reference: true}, seqF32(t, []int{2, 3}, seqLSTMX...),
				seqF32(t, []int{2, 3}, seqLSTMH...), seqF32(t, []int{2, 3}, seqLSTMC...),
				seqF32(t, []int{12, 3}, seqIOFCToFICO(seqLSTMW, 3, 3)...), seqF32(t, []int{12, 3}, seqIOFCToFICO(seqLSTMR, 3, 3)...),
				seqF32(t, []int{12}, seqIOFCToFICO(c.b, 3, 1)...))
			seqCloseF32(t, c.ho, out[0], c.tol)
			seqCloseF32(t, c.co, out[1], c.tol)
			// LSTMCell-1 reads the iofc weights directly with weights_format="iofc", zero peepholes.
			op1 := decodeOp(t, "LSTMCell", "opset1", "hidden_size", "3", "weights_format", "iofc")
			out = run(t, op1, ExecOptions{Reference: true}, seqF32(t, []int{2, 3}, seqLSTMX...),
				seqF32(t, []int{2, 3}, seqLSTMH...), seqF32(t, []int{2, 3}, seqLSTMC...),
				seqF32(t, []int{12, 3}, seqLSTMW...), seqF32(t, []int{12, 3}, seqLSTMR...),
				seqF32(t, []int{12}, c.b...), seqF32(t, []int{9}, make([]float32, 9)...))
			seqCloseF32(t, c.ho, out[0], c.tol)
			seqCloseF32(t, c.co, out[1], c.tol)
		})
	}
}

// Shapes and messages after src/core/tests/type_prop/lstm_cell.cpp, gru_cell.cpp, rnn_cell.cpp
// and rnn_cell_base_test.hpp (batch 2, input 3, hidden 3 unless said).
func TestSeqCellInfer(t *testing.T) {
	f := ir.F32
	in := func(shapes ...string) []Input {
		out := make([]Input, len(shapes))
		for i, s := range shapes {
			out[i] = Input{Type: f, Shape: shape(t, s)}
		}
		return out
	}
	cases := []struct {
		typ, opset string
		attrs      []string
		in         []Input
		want       []string
		err        string
	}{
		{"LSTMCell", "opset4", []string{"hidden_size", "3"}, in("[2,3]", "[2,3]", "[2,3]", "[12,3]", "[12,3]", "[12]"), []string{"[2,3]", "[2,3]"}, ""},
		{"LSTMCell", "opset4", []string{"hidden_size", "3"}, in("[2,3]", "[2,3]", "[2,3]", "[12,3]", "[12,3]"), []string{"[2,3]", "[2,3]"}, ""},
		{"LSTMCell", "opset4", []string{"hidden_size", "3"}, in("[?,3]", "[...]", "[...]", "[12,3]", "[...]", "[...]"), []string{"[?,3]", "[?,3]"}, ""},
		{"LSTMCell", "opset4", []string{"hidden_size", "3"}, in("[...]", "[...]", "[...]", "[...]", "[...]", "[...]"), []string{"[?,3]", "[?,3]"}, ""}, // hidden_size attribute (lstm_cell_shape_inference.hpp)
		{"LSTMCell", "opset4", []string{"hidden_size", "3"}, in("[2..5,3]", "[3..8,3]", "[?,3]", "[12,3]", "[12,3]", "[12]"), []string{"[3..5,3]", "[3..5,3]"}, ""},
		{"LSTMCell", "opset4", []string{"hidden_size", "3"}, in("[2,3]", "[2,3]", "[2,3]", "[11,3]", "[12,3]", "[12]"), nil,
			"First dimension of W input shape is required to be compatible with 12. Got shape: 11."},
		{"LSTMCell", "opset4", []string{"hidden_size", "3"}, in("[2,3]", "[2,3]", "[2,3]", "[12,3]", "[12,3]", "[10]"), nil,
			"First dimension of B input shape is required to be compatible with 12. Got shape: 10."},
		{"LSTMCell", "opset4", []string{"hidden_size", "3"}, in("[2,3]", "[3,3]", "[2,3]", "[12,3]", "[12,3]", "[12]"), nil,
			"Dimension `batch_size` is not matched between inputs."},
		{"LSTMCell", "opset4", []string{"hidden_size", "3"}, in("[2,3]", "[2,3]", "[2,4]", "[12,3]", "[12,3]", "[12]"), nil,
			"Dimension `hidden_size` is not matched between inputs."},
		{"LSTMCell", "opset4", []string{"hidden_size", "3"}, in("[2,3,4]", "[2,3]", "[2,3]", "[12,3]", "[12,3]", "[12]"), nil,
			"Shape rank of input at 0 is incompatible. Expected rank: 2, actual shape: [2,3,4]."},
		{"LSTMCell", "opset1", []string{"hidden_size", "3"}, in("[2,3]", "[2,3]", "[2,3]", "[12,3]", "[12,3]", "[12]", "[8]"), nil,
			"Inorrect shape of P input. Second dimension is: 8, expected: 9."},
		{"GRUCell", "opset3", []string{"hidden_size", "3"}, in("[2,3]", "[2,3]", "[9,3]", "[9,3]", "[9]"), []string{"[2,3]"}, ""},
		{"GRUCell", "opset3", []string{"hidden_size", "3", "linear_before_reset", "true"}, in("[2,3]", "[2,3]", "[9,3]", "[9,3]", "[12]"), []string{"[2,3]"}, ""},
		{"GRUCell", "opset3", []string{"hidden_size", "3"}, in("[2,3]", "[2,3]", "[9,3]", "[9,3]", "[12]"), nil,
			"First dimension of B input shape is required to be compatible with 9. Got shape: 12."},
		{"GRUCell", "opset3", []string{"hidden_size", "3"}, in("[2,3]", "[2,3]", "[9,3]", "[8,3]", "[9]"), nil,
			"Fisrt dimension of R input shape is required to be compatible with 9. Got shape: 8."},
		{"RNNCell", "opset1", []string{"hidden_size", "3"}, in("[2,3]", "[2,3]", "[3,3]", "[3,3]", "[3]"), []string{"[2,3]"}, ""},
		{"RNNCell", "opset1", []string{"hidden_size", "3"}, in("[2,3]", "[...]", "[3,3]", "[...]", "[3]"), []string{"[2,3]"}, ""},
		{"RNNCell", "opset1", []string{"hidden_size", "3"}, in("[2,3]", "[2,3]", "[3,3]", "[3,3]", "[3,3]"), nil,
			"Shape rank of input at 4 is incompatible. Expected rank: 1, actual shape: [3,3]."},
	}
	for i, c := range cases {
		op := decodeOp(t, c.typ, c.opset, c.attrs...)
		outs, err := op.Infer(c.in)
		if c.want == nil {
			require.ErrorContains(t, err, c.err, "case %d", i)
			continue
		}
		require.NoError(t, err, "case %d", i)
		require.Len(t, outs, len(c.want))
		for j, w := range c.want {
			require.Equal(t, w, outs[j].Shape.String(), "case %d output %d", i, j)
			require.Equal(t, f, outs[j].Type)
		}
	}
	// Element types must agree.
	op := decodeOp(t, "GRUCell", "opset3", "hidden_size", "3")
	_, err := op.Infer([]Input{{Type: ir.F32, Shape: shape(t, "[2,3]")}, {Type: ir.F16, Shape: shape(t, "[2,3]")},
		{Type: ir.F32, Shape: shape(t, "[9,3]")}, {Type: ir.F32, Shape: shape(t, "[9,3]")}, {Type: ir.F32, Shape: shape(t, "[9]")}})
	require.ErrorContains(t, err, "Element types for X, initial_hidden_state, W, R and B inputs do not match.")
}

// Shapes after src/core/tests/type_prop/lstm_sequence.cpp, gru_sequence.cpp, rnn_sequence.cpp.
func TestSeqSequenceInfer(t *testing.T) {
	in := func(shapes ...string) []Input {
		out := make([]Input, len(shapes))
		for i, s := range shapes {
			out[i] = Input{Type: ir.F32, Shape: shape(t, s)}
			if i == 3 && len(shapes) == 7 || i == 2 && len(shapes) == 6 {
				out[i].Type = ir.I32
			}
		}
		return out
	}
	cases := []struct {
		typ   string
		attrs []string
		in    []Input
		want  []string
		err   string
	}{
		{"LSTMSequence", []string{"hidden_size", "3", "direction", "forward"},
			in("[8,6,4]", "[8,1,3]", "[8,1,3]", "[8]", "[1,12,4]", "[1,12,3]", "[1,12]"), []string{"[8,1,6,3]", "[8,1,3]", "[8,1,3]"}, ""},
		{"LSTMSequence", []string{"hidden_size", "3", "direction", "bidirectional"},
			in("[8,6,4]", "[8,2,3]", "[8,2,3]", "[8]", "[2,12,4]", "[2,12,3]", "[2,12]"), []string{"[8,2,6,3]", "[8,2,3]", "[8,2,3]"}, ""},
		{"LSTMSequence", []string{"hidden_size", "3", "direction", "bidirectional"},
			in("[?,?,4]", "[...]", "[...]", "[...]", "[...]", "[...]", "[...]"), []string{"[?,2,?,?]", "[?,2,?]", "[?,2,?]"}, ""},
		{"LSTMSequence", []string{"hidden_size", "3", "direction", "forward"},
			in("[8,6,4]", "[8,2,3]", "[8,1,3]", "[8]", "[1,12,4]", "[1,12,3]", "[1,12]"), nil,
			"Dimension `num_directions` doesn't match to other inputs or `direction` attribute."},
		{"LSTMSequence", []string{"hidden_size", "3", "direction", "forward"},
			in("[8,6,4]", "[8,1,3]", "[8,1,3]", "[8]", "[1,11,4]", "[1,12,3]", "[1,12]"), nil,
			"Second dimension of W input shape is required to be compatible with 12. Got shape: 11."},
		{"GRUSequence", []string{"hidden_size", "3", "direction", "reverse"},
			in("[8,6,4]", "[8,1,3]", "[8]", "[1,9,4]", "[1,9,3]", "[1,9]"), []string{"[8,1,6,3]", "[8,1,3]"}, ""},
		{"GRUSequence", []string{"hidden_size", "3", "linear_before_reset", "true"},
			in("[8,6,4]", "[8,1,3]", "[8]", "[1,9,4]", "[1,9,3]", "[1,12]"), []string{"[8,1,6,3]", "[8,1,3]"}, ""},
		{"RNNSequence", []string{"hidden_size", "3"},
			in("[8,6,4]", "[8,1,3]", "[8]", "[1,3,4]", "[1,3,3]", "[1,3]"), []string{"[8,1,6,3]", "[8,1,3]"}, ""},
		{"RNNSequence", []string{"hidden_size", "3"},
			in("[8,6,4]", "[9,1,3]", "[8]", "[1,3,4]", "[1,3,3]", "[1,3]"), nil, "Dimension `batch_size` is not matched between inputs."},
		{"RNNSequence", []string{"hidden_size", "3"},
			in("[8,6]", "[8,1,3]", "[8]", "[1,3,4]", "[1,3,3]", "[1,3]"), nil,
			"Shape rank of input at 0 is incompatible. Expected rank: 3, actual shape: [8,6]."},
	}
	for i, c := range cases {
		op := decodeOp(t, c.typ, "opset5", c.attrs...)
		outs, err := op.Infer(c.in)
		if c.want == nil {
			require.ErrorContains(t, err, c.err, "case %d", i)
			continue
		}
		require.NoError(t, err, "case %d", i)
		require.Len(t, outs, len(c.want))
		for j, w := range c.want {
			require.Equal(t, w, outs[j].Shape.String(), "case %d output %d", i, j)
		}
	}
}

// A sequence of full length equals the cell applied step by step; shorter lengths give zero
// rows and the state of the last valid step (sequences.hpp).
func TestSeqGRUSequenceMatchesCell(t *testing.T) {
	const batch, steps, input, hidden = 2, 3, 2, 2
	x := []float32{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2} // [2,3,2]
	h0 := []float32{0.5, -0.5, 0.25, -0.25}
	w := []float32{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2} // [6,2]
	r := []float32{0.2, 0.1, 0.4, 0.3, 0.6, 0.5, 0.8, 0.7, 1.0, 0.9, 1.2, 1.1} // [6,2]
	b := []float32{0.01, 0.02, 0.03, 0.04, 0.05, 0.06}                         // [6]
	cell := decodeOp(t, "GRUCell", "opset3", "hidden_size", "2")
	stepAt := func(xs []float32, hs []float32) []float32 {
		out := run(t, cell, ExecOptions{Reference: true}, seqF32(t, []int{1, input}, xs...), seqF32(t, []int{1, hidden}, hs...),
			seqF32(t, []int{6, 2}, w...), seqF32(t, []int{6, 2}, r...), seqF32(t, []int{6}, b...))
		return out[0].Data.([]float32)
	}
	for _, dir := range []string{"forward", "reverse"} {
		seq := decodeOp(t, "GRUSequence", "opset5", "hidden_size", "2", "direction", dir)
		lens := []int32{3, 2}
		out := run(t, seq, ExecOptions{Reference: true}, seqF32(t, []int{batch, steps, input}, x...),
			seqF32(t, []int{batch, 1, hidden}, h0...), tensor(t, ir.I32, []int{2}, lens),
			seqF32(t, []int{1, 6, 2}, w...), seqF32(t, []int{1, 6, 2}, r...), seqF32(t, []int{1, 6}, b...))
		y, ho := out[0].Data.([]float32), out[1].Data.([]float32)
		for bi := 0; bi < batch; bi++ {
			h := h0[bi*hidden : (bi+1)*hidden]
			for k := 0; k < int(lens[bi]); k++ {
				tt := k
				if dir == "reverse" {
					tt = int(lens[bi]) - 1 - k
				}
				h = stepAt(x[(bi*steps+tt)*input:(bi*steps+tt+1)*input], h)
				require.InDeltaSlice(t, h, y[(bi*steps+tt)*hidden:(bi*steps+tt+1)*hidden], 1e-6, "%s batch %d step %d", dir, bi, tt)
			}
			for tt := int(lens[bi]); tt < steps; tt++ {
				require.Equal(t, []float32{0, 0}, y[(bi*steps+tt)*hidden:(bi*steps+tt+1)*hidden])
			}
			require.InDeltaSlice(t, h, ho[bi*hidden:(bi+1)*hidden], 1e-6)
		}
	}
	// Bidirectional = forward and reverse passes side by side.
	bi := decodeOp(t, "GRUSequence", "opset5", "hidden_size", "2", "direction", "bidirectional")
	dup := func(v []float32) []float32 { return append(append([]float32{}, v...), v...) }
	h02 := []float32{0.5, -0.5, 0.5, -0.5, 0.25, -0.25, 0.25, -0.25}
	out := run(t, bi, ExecOptions{Reference: true}, seqF32(t, []int{batch, steps, input}, x...),
		seqF32(t, []int{batch, 2, hidden}, h02...), tensor(t, ir.I64, []int{2}, []int64{3, 3}),
		seqF32(t, []int{2, 6, 2}, dup(w)...), seqF32(t, []int{2, 6, 2}, dup(r)...), seqF32(t, []int{2, 6}, dup(b)...))
	require.Equal(t, []int{batch, 2, steps, hidden}, out[0].Shape)
	ho := out[1].Data.([]float32)
	// Forward final state of batch 0 equals three cell steps.
	h := h0[:2]
	for k := 0; k < steps; k++ {
		h = stepAt(x[k*input:(k+1)*input], h)
	}
	require.InDeltaSlice(t, h, ho[0:2], 1e-6)
	// Reverse final state of batch 0 is after consuming x[2], x[1], x[0].
	h = h0[:2]
	for k := steps - 1; k >= 0; k-- {
		h = stepAt(x[k*input:(k+1)*input], h)
	}
	require.InDeltaSlice(t, h, ho[2:4], 1e-6)
}
