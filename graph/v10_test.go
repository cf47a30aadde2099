package graph_test

import (
	"context"
	"testing"
	"testing/fstest"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// v10TestXML is an IR v10 model: an f16 Parameter x[4] split in two (a two-output layer),
// converted to i64 and to u8, and an i64 Parameter big[2] fed straight to a Result.
const v10TestXML = `<?xml version="1.0"?>
<net name="v10" version="10">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data element_type="f16" shape="4"/>
      <output><port id="0" precision="FP16"><dim>4</dim></port></output>
    </layer>
    <layer id="1" name="axis" type="Const" version="opset1">
      <data element_type="i64" shape="" offset="0" size="8"/>
      <output><port id="0" precision="I64"/></output>
    </layer>
    <layer id="2" name="split" type="Split" version="opset1">
      <data num_splits="2"/>
      <input><port id="0"><dim>4</dim></port><port id="1"/></input>
      <output><port id="2" precision="FP16"><dim>2</dim></port><port id="3" precision="FP16" names="second"><dim>2</dim></port></output>
    </layer>
    <layer id="3" name="toint" type="Convert" version="opset1">
      <data destination_type="i64"/>
      <input><port id="0"><dim>4</dim></port></input>
      <output><port id="1" precision="I64"><dim>4</dim></port></output>
    </layer>
    <layer id="4" name="tou8" type="Convert" version="opset1">
      <data destination_type="u8"/>
      <input><port id="0"><dim>4</dim></port></input>
      <output><port id="1" precision="U8"><dim>4</dim></port></output>
    </layer>
    <layer id="5" name="big" type="Parameter" version="opset1">
      <data element_type="i64" shape="2"/>
      <output><port id="0" precision="I64" names="big_t"><dim>2</dim></port></output>
    </layer>
    <layer id="6" name="r0" type="Result" version="opset1"><input><port id="0"><dim>2</dim></port></input></layer>
    <layer id="7" name="r1" type="Result" version="opset1"><input><port id="0"><dim>2</dim></port></input></layer>
    <layer id="8" name="r2" type="Result" version="opset1"><input><port id="0"><dim>4</dim></port></input></layer>
    <layer id="9" name="r3" type="Result" version="opset1"><input><port id="0"><dim>4</dim></port></input></layer>
    <layer id="10" name="r4" type="Result" version="opset1"><input><port id="0"><dim>2</dim></port></input></layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="2" to-port="0"/>
    <edge from-layer="1" from-port="0" to-layer="2" to-port="1"/>
    <edge from-layer="0" from-port="0" to-layer="3" to-port="0"/>
    <edge from-layer="0" from-port="0" to-layer="4" to-port="0"/>
    <edge from-layer="2" from-port="2" to-layer="6" to-port="0"/>
    <edge from-layer="2" from-port="3" to-layer="7" to-port="0"/>
    <edge from-layer="3" from-port="1" to-layer="8" to-port="0"/>
    <edge from-layer="4" from-port="1" to-layer="9" to-port="0"/>
    <edge from-layer="5" from-port="0" to-layer="10" to-port="0"/>
  </edges>
</net>
`

func v10Load(t *testing.T, opts graph.Options) *graph.Program {
	t.Helper()
	fsys := fstest.MapFS{"m.xml": {Data: []byte(v10TestXML)}, "m.bin": {Data: make([]byte, 8)}}
	p, err := graph.LoadFS(fsys, "m.xml", opts)
	require.NoError(t, err)
	t.Cleanup(p.Close)
	return p
}

// TestV10IO checks OpenVINO Core's IR v10 view (update_v10_model): f16 inputs read as f32,
// integer outputs given as i32 and other non-f32 outputs as f32, producer names (".port"
// for a layer with several outputs) and Parameter names added as tensor names; and that
// Options.FileTypes keeps the file's view.
func TestV10IO(t *testing.T) {
	type io struct {
		name  string
		typ   ir.ElementType
		names []string
	}
	for _, tc := range []struct {
		name      string
		fileTypes bool
		in, out   []io
	}{
		{name: "core", in: []io{{"x", ir.F32, []string{"x"}}, {"big", ir.I64, []string{"big_t", "big"}}},
			out: []io{{"split.0", ir.F32, []string{"split.0"}}, {"second", ir.F32, []string{"second", "split.1"}},
				{"toint", ir.I32, []string{"toint"}}, {"tou8", ir.F32, []string{"tou8"}}, {"big_t", ir.I32, []string{"big_t", "big"}}}},
		{name: "file types", fileTypes: true, in: []io{{"x", ir.F16, nil}, {"big", ir.I64, []string{"big_t"}}},
			out: []io{{"r0", ir.F16, nil}, {"second", ir.F16, []string{"second"}},
				{"r2", ir.I64, nil}, {"r3", ir.U8, nil}, {"big_t", ir.I64, []string{"big_t"}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := v10Load(t, graph.Options{Threads: 1, FileTypes: tc.fileTypes})
			check := func(got []graph.TensorInfo, want []io) {
				require.Len(t, got, len(want))
				for i, w := range want {
					require.Equal(t, w.name, got[i].Name, "%d", i)
					require.Equal(t, w.typ, got[i].Type, "%s", w.name)
					require.Equal(t, w.names, got[i].TensorNames, "%s", w.name)
				}
			}
			check(p.Inputs(), tc.in)
			check(p.Outputs(), tc.out)
		})
	}
}

// TestV10Run checks the conversions' values: f32 -> f16 rounds to nearest even (3+2^-10
// is a tie, giving 3), f16 -> f32 is exact, i64 -> i32 keeps the low 32 bits (Convert-1's
// integer rule, a static_cast), u8 -> f32 is exact.
func TestV10Run(t *testing.T) {
	p := v10Load(t, graph.Options{Threads: 2})
	x, err := ir.TensorOf([]float32{1.5, 2.25, 3.0009765625, 0.1}, 4)
	require.NoError(t, err)
	big, err := ir.TensorOf([]int64{1<<32 + 5, -1}, 2)
	require.NoError(t, err)
	f01 := float16.Fromfloat32(0.1).Float32() // 0.0999755859375
	require.Equal(t, float32(0.0999755859375), f01)
	want := []any{[]float32{1.5, 2.25}, []float32{3, f01}, []int32{1, 2, 3, 0}, []float32{1, 2, 3, 0}, []int32{5, -1}}
	outs, err := p.Run(context.Background(), []*ir.Tensor{x, big})
	require.NoError(t, err)
	for i, w := range want {
		require.Equal(t, w, outs[i].Data, "output %d", i)
	}
	named, err := p.RunNamed(context.Background(), map[string]*ir.Tensor{"x": x, "big": big})
	require.NoError(t, err)
	require.Equal(t, []float32{3, f01}, named["second"].Data)
	require.Equal(t, []int32{5, -1}, named["big_t"].Data)

	// RunInto writes the legacy types and allocates nothing in steady state.
	into := make([]*ir.Tensor, len(outs))
	for i, o := range outs {
		into[i], err = ir.NewTensor(o.Type, o.Shape)
		require.NoError(t, err)
	}
	ctx := context.Background()
	ins := []*ir.Tensor{x, big}
	require.NoError(t, p.RunInto(ctx, ins, into))
	for i, w := range want {
		require.Equal(t, w, into[i].Data, "output %d", i)
	}
	allocs := testing.AllocsPerRun(20, func() {
		if err := p.RunInto(ctx, ins, into); err != nil {
			t.Fatal(err)
		}
	})
	require.Zero(t, allocs)

	// The file's f16 is refused: the model takes f32.
	x16, err := ir.TensorOf(make([]float16.Float16, 4), 4)
	require.NoError(t, err)
	_, err = p.Run(ctx, []*ir.Tensor{x16, big})
	require.ErrorContains(t, err, `input 0 ("x") has element type f16, the model expects f32`)
	bad := []*ir.Tensor{into[0], into[1], into[2], into[3], into[4]}
	bad[2], err = ir.NewTensor(ir.I64, []int{4})
	require.NoError(t, err)
	require.ErrorContains(t, p.RunInto(ctx, ins, bad), "output 2")

	// FileTypes runs on the file's types.
	pf := v10Load(t, graph.Options{Threads: 1, FileTypes: true})
	xf := make([]float16.Float16, 4)
	for i, v := range []float32{1.5, 2.25, 3.0009765625, 0.1} {
		xf[i] = float16.Fromfloat32(v)
	}
	x16, err = ir.TensorOf(xf, 4)
	require.NoError(t, err)
	outs, err = pf.Run(ctx, []*ir.Tensor{x16, big})
	require.NoError(t, err)
	require.Equal(t, []int64{1<<32 + 5, -1}, outs[4].Data)
	require.Equal(t, []uint8{1, 2, 3, 0}, outs[3].Data)
	require.Equal(t, ir.F16, outs[0].Type)
}

// TestV10IRFE checks OpenVINO Core's reading of the IR frontend tests' v10 files
// (rt_info_deserialization.cpp): f16 in and out become f32, an i64 Result i32 (an i64
// Parameter stays i64), the layer names are tensor names; where a layer name is another
// tensor's name (names_collision_v10, which core.read_model refuses) it is not added.
func TestV10IRFE(t *testing.T) {
	for _, tc := range []struct {
		file              string
		inT, outT         ir.ElementType
		inNames, outNames []string
	}{
		{"rt01-node-v10.xml", ir.F32, ir.F32, []string{"input_tensor", "in1"}, []string{"output_tensor", "Round"}},
		{"rt02-names-collision-v10.xml", ir.F32, ir.F32, []string{"input_tensor", "in1"}, []string{"output_tensor"}},
		{"rt03-input-and-output-v10.xml", ir.I64, ir.I32, []string{"input_tensor", "in1"}, []string{"output_tensor", "sum"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			fsys, _ := irfeFS(t, irfeCase{file: tc.file, emptyBin: true})
			p, err := graph.LoadFS(fsys, "m.xml", graph.Options{Threads: 1})
			require.NoError(t, err)
			defer p.Close()
			in, out := p.Inputs()[0], p.Outputs()[0]
			require.Equal(t, tc.inT, in.Type)
			require.Equal(t, tc.outT, out.Type)
			require.Equal(t, tc.inNames, in.TensorNames)
			require.Equal(t, tc.outNames, out.TensorNames)
		})
	}
}
