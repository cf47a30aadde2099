package graph_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"html"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
	"github.com/x448/float16"
)

// fuzzModel is one tiny model built from fuzzed pieces: a Parameter, one op (a pooling op,
// Convert or Transpose, with a Const second input where the op takes one) and Results.
type fuzzModel struct {
	op                                                   uint8
	et, shape                                            string
	kernel, strides, padsBegin, padsEnd, dilations, misc string
	rounding, autoPad                                    string
	constBin                                             []byte
}

// fuzzOps are the op templates, by fuzzModel.op modulo their count.
var fuzzOps = []struct{ typ, version string }{
	{"MaxPool", "opset1"}, {"MaxPool", "opset8"}, {"MaxPool", "opset14"},
	{"AvgPool", "opset1"}, {"AvgPool", "opset14"},
	{"AdaptiveAvgPool", "opset8"}, {"AdaptiveMaxPool", "opset8"},
	{"Convert", "opset1"}, {"Transpose", "opset1"},
}

func (fm fuzzModel) xml() []byte {
	q := html.EscapeString
	op := fuzzOps[int(fm.op)%len(fuzzOps)]
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\"?>\n<net name=\"fuzz\" version=\"11\">\n<layers>\n")
	fmt.Fprintf(&b, `<layer id="0" name="x" type="Parameter" version="opset1"><data shape="%s" element_type="%s"/><output><port id="0" precision="FP32" names="x"/></output></layer>`+"\n",
		q(fm.shape), q(fm.et))
	var data string
	nout := 1
	withConst := false
	switch op.typ {
	case "MaxPool":
		data = fmt.Sprintf(`kernel="%s" strides="%s" pads_begin="%s" pads_end="%s" rounding_type="%s" auto_pad="%s"`,
			q(fm.kernel), q(fm.strides), q(fm.padsBegin), q(fm.padsEnd), q(fm.rounding), q(fm.autoPad))
		if op.version != "opset1" {
			data += fmt.Sprintf(` dilations="%s" axis="%s" index_element_type="i64"`, q(fm.dilations), q(fm.misc))
			nout = 2
		}
	case "AvgPool":
		data = fmt.Sprintf(`kernel="%s" strides="%s" pads_begin="%s" pads_end="%s" rounding_type="%s" auto_pad="%s" exclude-pad="%s"`,
			q(fm.kernel), q(fm.strides), q(fm.padsBegin), q(fm.padsEnd), q(fm.rounding), q(fm.autoPad), q(fm.misc))
	case "AdaptiveAvgPool":
		withConst = true
	case "AdaptiveMaxPool":
		withConst, nout = true, 2
		data = fmt.Sprintf(`index_element_type="%s"`, q(fm.misc))
	case "Convert":
		data = fmt.Sprintf(`destination_type="%s"`, q(fm.misc))
	case "Transpose":
		withConst = true
	}
	if withConst {
		// The Const's element type and shape come from the kernel and strides fields.
		fmt.Fprintf(&b, `<layer id="1" name="c" type="Const" version="opset1"><data element_type="%s" shape="%s" offset="0" size="%d"/><output><port id="0" precision="I64"/></output></layer>`+"\n",
			q(fm.strides), q(fm.kernel), len(fm.constBin))
	}
	var outs strings.Builder
	for i := 0; i < nout; i++ {
		fmt.Fprintf(&outs, `<port id="%d" precision="FP32" names="y%d"/>`, 3+i, i)
	}
	in1 := ""
	if withConst {
		in1 = `<port id="1" precision="I64"/>`
	}
	fmt.Fprintf(&b, `<layer id="2" name="op" type="%s" version="%s"><data %s/><input><port id="0" precision="FP32"/>%s</input><output>%s</output></layer>`+"\n",
		op.typ, op.version, data, in1, outs.String())
	for i := 0; i < nout; i++ {
		fmt.Fprintf(&b, `<layer id="%d" name="r%d" type="Result" version="opset1"><input><port id="0" precision="FP32"/></input></layer>`+"\n", 10+i, i)
	}
	b.WriteString("</layers>\n<edges>\n")
	b.WriteString(`<edge from-layer="0" from-port="0" to-layer="2" to-port="0"/>` + "\n")
	if withConst {
		b.WriteString(`<edge from-layer="1" from-port="0" to-layer="2" to-port="1"/>` + "\n")
	}
	for i := 0; i < nout; i++ {
		fmt.Fprintf(&b, `<edge from-layer="2" from-port="%d" to-layer="%d" to-port="0"/>`+"\n", 3+i, 10+i)
	}
	b.WriteString("</edges>\n</net>\n")
	return []byte(b.String())
}

// fuzzMaxWork bounds the kernel-window volume of the pooling models the fuzzer runs; larger
// windows are compiled but not run (TestHostilePoolingWorkBomb covers them).
const fuzzMaxWork = 1 << 12

// fuzzMemory is the memory limit of the fuzzed programs.
const fuzzMemory = 16 << 20

// FuzzRun loads, checks, compiles and runs tiny models made of fuzzed attribute values and
// shapes, with random inputs. Nothing may panic or hang; every refusal is an error with a
// message; the fast kernels (2 threads) and the reference kernels agree.
func FuzzRun(f *testing.F) {
	le64 := func(vs ...int64) []byte {
		var out []byte
		for _, v := range vs {
			out = binary.LittleEndian.AppendUint64(out, uint64(v))
		}
		return out
	}
	seeds := []fuzzModel{
		{op: 0, et: "f32", shape: "1,2,5,5", kernel: "2,2", strides: "2,2", padsBegin: "0,0", padsEnd: "0,0", rounding: "floor", autoPad: "explicit"},
		{op: 1, et: "f16", shape: "1,3,?,7", kernel: "3,3", strides: "1,2", padsBegin: "1,1", padsEnd: "1,1", dilations: "2,1", misc: "0", rounding: "ceil", autoPad: "same_upper"},
		{op: 2, et: "i8", shape: "2,1,9", kernel: "4", strides: "3", padsBegin: "2", padsEnd: "2", dilations: "1", misc: "-1", rounding: "ceil_torch", autoPad: "explicit"},
		{op: 3, et: "f32", shape: "1,1,4,4,4", kernel: "2,2,2", strides: "1,1,1", padsBegin: "1,0,1", padsEnd: "0,1,0", misc: "false", rounding: "ceil", autoPad: "explicit"},
		{op: 4, et: "bf16", shape: "1,2,6,6", kernel: "3,3", strides: "2,2", padsBegin: "1,1", padsEnd: "1,1", misc: "true", rounding: "ceil_torch", autoPad: "same_lower"},
		{op: 5, et: "f32", shape: "1,2,7,5", kernel: "2", strides: "i64", constBin: le64(3, 2)},
		{op: 6, et: "f64", shape: "2,3,7", kernel: "1", strides: "i32", misc: "i32", constBin: []byte{4, 0, 0, 0}},
		{op: 7, et: "f32", shape: "2,3", misc: "u8"},
		{op: 8, et: "i32", shape: "2,3,4", kernel: "3", strides: "i64", constBin: le64(2, 0, 1)},
		{op: 0, et: "f32", shape: "1,1,9223372036854775807", kernel: "1", strides: "1", padsBegin: "0", padsEnd: "0", autoPad: "valid"},
		{op: 3, et: "f32", shape: "1,1,3", kernel: "-1", strides: "0", padsBegin: "-2", padsEnd: "18446744073709551615", rounding: "round", autoPad: "bogus"},
	}
	for _, s := range seeds {
		f.Add(s.op, s.et, s.shape, s.kernel, s.strides, s.padsBegin, s.padsEnd, s.dilations, s.misc, s.rounding, s.autoPad, s.constBin, uint64(1))
	}
	f.Fuzz(func(t *testing.T, op uint8, et, shape, kernel, strides, padsBegin, padsEnd, dilations, misc, rounding, autoPad string, constBin []byte, seed uint64) {
		fm := fuzzModel{op, et, shape, kernel, strides, padsBegin, padsEnd, dilations, misc, rounding, autoPad, constBin}
		fuzzRunModel(t, fm, seed)
	})
}

func fuzzRunModel(t *testing.T, fm fuzzModel, seed uint64) {
	xml := fm.xml()
	m, err := ir.Parse("fuzz.xml", xml)
	if err != nil {
		requireMessage(t, err)
		return
	}
	m.SetWeights(ir.NewWeights(fm.constBin, "fuzz.bin"))
	g := graph.Build(m)
	for _, d := range g.Diagnostics {
		if d.Message == "" || d.Code == "" {
			t.Fatalf("diagnostic without message or code: %+v", d)
		}
		if strings.Contains(d.Message, "internal error") {
			t.Fatalf("internal error diagnostic (a recovered panic): %s\n%s", d.Message, xml)
		}
	}
	for _, n := range g.Nodes {
		for i, o := range n.Outputs {
			for _, d := range o.Shape.Dims {
				if d.Lo < 0 || d.Hi < d.Lo {
					t.Fatalf("%s output %d has shape %s: dim %+v is not an interval in [0, 2^63-1]\n%s", n.Name(), i, o.Shape, d, xml)
				}
			}
		}
	}
	ref, err := graph.Compile(g, graph.Options{Reference: true, Threads: 1, MaxMemory: fuzzMemory})
	if err != nil {
		requireMessage(t, err)
		if strings.Contains(err.Error(), "internal error") {
			t.Fatalf("Compile: %v\n%s", err, xml)
		}
		return
	}
	defer ref.Close()
	fast, err := graph.Compile(g, graph.Options{Threads: 2, MaxMemory: fuzzMemory})
	if err != nil {
		t.Fatalf("the reference program compiles but the fast one does not: %v\n%s", err, xml)
	}
	defer fast.Close()
	if vol := kernelVolume(m); vol > fuzzMaxWork {
		return
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	in, ok := fuzzInput(ref.Inputs()[0], rng)
	if !ok {
		return
	}
	outRef, errRef := runBounded(t, ref, in, xml)
	outFast, errFast := runBounded(t, fast, in, xml)
	if (errRef == nil) != (errFast == nil) {
		t.Fatalf("reference error %v, fast error %v\n%s", errRef, errFast, xml)
	}
	if errRef != nil {
		requireMessage(t, errRef)
		if strings.Contains(errRef.Error(), "internal error") {
			t.Fatalf("Run: %v\n%s", errRef, xml)
		}
		return
	}
	if testing.Verbose() {
		t.Logf("ran %s %v -> %d outputs", in.Type, in.Shape, len(outRef))
	}
	for i := range outRef {
		if msg := compareTensors(outRef[i], outFast[i]); msg != "" {
			t.Fatalf("output %d: fast and reference kernels differ: %s\ninput %v %v\n%s", i, msg, in.Type, in.Shape, xml)
		}
	}
}

// kernelVolume returns the product of the op's kernel attribute (1 when absent or invalid).
func kernelVolume(m *ir.Model) int64 {
	vol := int64(1)
	for _, l := range m.Layers {
		k, ok, err := l.Data.Ints("kernel")
		if l.Type == "Const" || !ok || err != nil {
			continue
		}
		for _, v := range k {
			if v > 0 {
				vol = min(vol*min(v, 1<<32), 1<<62)
			}
		}
	}
	return vol
}

// runBounded runs p on in and fails the test when the run does not end within seconds
// of a cancelled context.
func runBounded(t *testing.T, p *graph.Program, in *ir.Tensor, xml []byte) ([]*ir.Tensor, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	type res struct {
		outs []*ir.Tensor
		err  error
	}
	done := make(chan res, 1)
	go func() {
		outs, err := p.Run(ctx, []*ir.Tensor{in})
		done <- res{outs, err}
	}()
	select {
	case r := <-done:
		return r.outs, r.err
	case <-time.After(20 * time.Second):
		t.Fatalf("Run did not return 10 s after its context was cancelled\n%s", xml)
	}
	return nil, nil
}

func requireMessage(t *testing.T, err error) {
	t.Helper()
	if err.Error() == "" {
		t.Fatalf("error %T with an empty message", err)
	}
}

// fuzzInput makes a random input for a Parameter: dynamic dims take small values inside
// their interval. ok is false when the tensor would be large.
func fuzzInput(info graph.TensorInfo, rng *rand.Rand) (*ir.Tensor, bool) {
	var shape []int
	if info.Shape.DynamicRank {
		shape = []int{1, 2, 3, 3}
	} else {
		for _, d := range info.Shape.Dims {
			v := d.Lo
			if !d.IsStatic() {
				v = min(d.Lo+rng.Int64N(4), d.Hi)
			}
			if v > 1<<16 {
				return nil, false
			}
			shape = append(shape, int(v))
		}
	}
	n, err := ir.ElementCount(shape)
	if err != nil || n > 1<<16 {
		return nil, false
	}
	typ := info.Type
	if !typ.IsStatic() {
		typ = ir.F32
	}
	tt, err := ir.NewTensor(typ, shape)
	if err != nil {
		return nil, false
	}
	// Small integers make ties frequent; sometimes spread values.
	val := func() float64 {
		if rng.IntN(2) == 0 {
			return float64(rng.IntN(7) - 3)
		}
		return rng.NormFloat64() * 100
	}
	switch d := tt.Data.(type) {
	case []float32:
		for i := range d {
			d[i] = float32(val())
		}
	case []float64:
		for i := range d {
			d[i] = val()
		}
	case []float16.Float16:
		for i := range d {
			d[i] = float16.Fromfloat32(float32(val()))
		}
	case []uint16:
		for i := range d {
			if typ == ir.BF16 {
				d[i] = uint16(math.Float32bits(float32(val())) >> 16)
			} else {
				d[i] = uint16(rng.Uint32())
			}
		}
	case []int8:
		for i := range d {
			d[i] = int8(rng.Uint32())
		}
	case []int16:
		for i := range d {
			d[i] = int16(rng.Uint32())
		}
	case []int32:
		for i := range d {
			d[i] = int32(val())
		}
	case []int64:
		for i := range d {
			d[i] = int64(val())
		}
	case []uint8:
		for i := range d {
			d[i] = uint8(rng.Uint32())
		}
	case []uint32:
		for i := range d {
			d[i] = rng.Uint32()
		}
	case []uint64:
		for i := range d {
			d[i] = rng.Uint64()
		}
	case []bool:
		for i := range d {
			d[i] = rng.IntN(2) == 1
		}
	}
	return tt, true
}

// compareTensors returns "" when a and b hold the same type, shape and values (floats
// within a relative tolerance that suits their precision, summation order may differ).
func compareTensors(a, b *ir.Tensor) string {
	if a.Type != b.Type || fmt.Sprint(a.Shape) != fmt.Sprint(b.Shape) {
		return fmt.Sprintf("%s%v vs %s%v", a.Type, a.Shape, b.Type, b.Shape)
	}
	if _, ok := a.Data.([]string); ok {
		if fmt.Sprint(a.Data) != fmt.Sprint(b.Data) {
			return "string data differs"
		}
		return ""
	}
	av, ok1 := a.Float64s()
	bv, ok2 := b.Float64s()
	if !ok1 || !ok2 || len(av) != len(bv) {
		return fmt.Sprintf("data %T/%T", a.Data, b.Data)
	}
	tol := 0.0
	switch a.Type {
	case ir.F32:
		tol = 1e-5
	case ir.F64:
		tol = 1e-12
	case ir.F16, ir.BF16:
		tol = 1e-2
	}
	for i := range av {
		x, y := av[i], bv[i]
		if x == y || (math.IsNaN(x) && math.IsNaN(y)) {
			continue
		}
		if tol > 0 && math.Abs(x-y) <= tol*max(1, math.Abs(x), math.Abs(y)) {
			continue
		}
		return fmt.Sprintf("element %d: reference %v, fast %v", i, x, y)
	}
	return ""
}
