package graph_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

// The legacy <pre-process> section as OpenVINO's IR frontend applies it
// (parse_pre_process in src/frontends/ir/src/input_model.cpp@227c4709): the mean of each
// channel is subtracted from the referenced input. Expected outputs are input minus the
// mean, computed here element by element; errors are positioned (code, line, column).

type ppParam struct {
	name, typ string
	shape     []int
}

// ppModel writes an IR v10 model: each Parameter feeds its own Result, and pre is the
// <pre-process> section (placed before <layers>).
func ppModel(pre string, params ...ppParam) string {
	var sb strings.Builder
	sb.WriteString("<?xml version=\"1.0\" ?>\n<net name=\"pp\" version=\"10\">\n")
	sb.WriteString(pre)
	sb.WriteString("\n<layers>\n")
	var edges strings.Builder
	for i, p := range params {
		dims := make([]string, len(p.shape))
		var pdims strings.Builder
		for j, d := range p.shape {
			dims[j] = fmt.Sprint(d)
			if d < 0 {
				dims[j] = "?"
			}
			fmt.Fprintf(&pdims, "<dim>%d</dim>", d)
		}
		fmt.Fprintf(&sb, "<layer id=\"%d\" name=\"%s\" type=\"Parameter\" version=\"opset1\">\n<data shape=\"%s\" element_type=\"%s\"/>\n<output><port id=\"0\" precision=\"%s\">%s</port></output>\n</layer>\n",
			2*i, p.name, strings.Join(dims, ","), p.typ, map[string]string{"f32": "FP32", "i32": "I32"}[p.typ], pdims.String())
		fmt.Fprintf(&sb, "<layer id=\"%d\" name=\"%s_out\" type=\"Result\" version=\"opset1\">\n<input><port id=\"0\">%s</port></input>\n</layer>\n",
			2*i+1, p.name, pdims.String())
		fmt.Fprintf(&edges, "<edge from-layer=\"%d\" from-port=\"0\" to-layer=\"%d\" to-port=\"0\"/>\n", 2*i, 2*i+1)
	}
	sb.WriteString("</layers>\n<edges>\n")
	sb.WriteString(edges.String())
	sb.WriteString("</edges>\n</net>\n")
	return sb.String()
}

func ppF32Bin(v ...float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func ppLoad(t *testing.T, xml string, bin []byte) (*graph.Program, error) {
	t.Helper()
	fsys := fstest.MapFS{"m.xml": {Data: []byte(xml)}}
	if bin != nil {
		fsys["m.bin"] = &fstest.MapFile{Data: bin}
	}
	return graph.LoadFS(fsys, "m.xml", graph.Options{Threads: 1})
}

// ppLine is the 1-based line of the first occurrence of marker in xml.
func ppLine(t *testing.T, xml, marker string) int {
	t.Helper()
	i := strings.Index(xml, marker)
	require.GreaterOrEqual(t, i, 0, "marker %q", marker)
	return strings.Count(xml[:i], "\n") + 1
}

func ppChannels(means ...string) string {
	var sb strings.Builder
	sb.WriteString(`<pre-process mean-precision="FP32" reference-layer-name="data">` + "\n")
	for i, m := range means {
		fmt.Fprintf(&sb, "<channel id=\"%d\">\n<mean %s/>\n</channel>\n", i, m)
	}
	sb.WriteString("</pre-process>")
	return sb.String()
}

func TestPreProcessApplied(t *testing.T) {
	// A blob of 2x2 per channel: channel c holds 10*c + k.
	blob := ppF32Bin(0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23)
	cases := []struct {
		name   string
		xml    string
		bin    []byte
		input  int // which input gets the means
		shapes [][]int
		typ    ir.ElementType
		// mean returns the value subtracted from element i (flat index) of the input.
		mean func(i int) float64
	}{
		{name: "scalar-nchw", xml: ppModel(ppChannels(`value="1.5"`, `value="-2"`, `value="0.25"`), ppParam{"data", "f32", []int{1, 3, 2, 2}}),
			shapes: [][]int{{1, 3, 2, 2}}, typ: ir.F32,
			mean: func(i int) float64 { return []float64{1.5, -2, 0.25}[i/4%3] }},
		{name: "scalar-nchw-batch2", xml: ppModel(ppChannels(`value="1.5"`, `value="-2"`, `value="0.25"`), ppParam{"data", "f32", []int{2, 3, 1, 2}}),
			shapes: [][]int{{2, 3, 1, 2}}, typ: ir.F32,
			mean: func(i int) float64 { return []float64{1.5, -2, 0.25}[i/2%3] }},
		{name: "scalar-nc", xml: ppModel(ppChannels(`value="1"`, `value="2"`, `value="3"`), ppParam{"data", "f32", []int{2, 3}}),
			shapes: [][]int{{2, 3}}, typ: ir.F32,
			mean: func(i int) float64 { return float64(i%3 + 1) }},
		{name: "scalar-chw", xml: ppModel(ppChannels(`value="100"`, `value="200"`), ppParam{"data", "f32", []int{2, 1, 3}}),
			shapes: [][]int{{2, 1, 3}}, typ: ir.F32,
			mean: func(i int) float64 { return float64(100 * (i/3 + 1)) }},
		{name: "scalar-ncdhw", xml: ppModel(ppChannels(`value="1"`, `value="-1"`), ppParam{"data", "f32", []int{1, 2, 2, 1, 2}}),
			shapes: [][]int{{1, 2, 2, 1, 2}}, typ: ir.F32,
			mean: func(i int) float64 { return []float64{1, -1}[i/4] }},
		{name: "scalar-i32-truncated", xml: ppModel(ppChannels(`value="1.7"`, `value="-2.9"`, `value="3"`), ppParam{"data", "i32", []int{1, 3, 1, 1}}),
			shapes: [][]int{{1, 3, 1, 1}}, typ: ir.I32,
			mean: func(i int) float64 { return []float64{1, -2, 3}[i] }},
		{name: "ids-out-of-order-and-implicit", typ: ir.F32, shapes: [][]int{{1, 3, 1, 1}},
			xml: ppModel(`<pre-process reference-layer-name=" data ">
<channel id="2"><mean value="30"/></channel>
<channel id="0"><mean value="10"/></channel>
<channel><mean value="20"/></channel>
</pre-process>`, ppParam{"data", "f32", []int{1, 3, 1, 1}}),
			// The third <channel> has no id: it takes OpenVINO's counter, which counts every
			// channel, so it is channel 2 again. The (channel, value) pairs are a set of 3
			// entries (the count check passes), channel 2's larger value wins (last in
			// sorted order) and channel 1 keeps 0.
			mean: func(i int) float64 { return []float64{10, 0, 30}[i] }},
		{name: "blob-nchw", xml: ppModel(ppChannels(`offset="0" size="16"`, `offset="16" size="16"`, `offset="32" size="16"`), ppParam{"data", "f32", []int{1, 3, 2, 2}}),
			bin: blob, shapes: [][]int{{1, 3, 2, 2}}, typ: ir.F32,
			mean: func(i int) float64 { return float64(10*(i/4) + i%4) }},
		{name: "blob-shared-offsets-reordered", xml: ppModel(ppChannels(`offset="32" size="16"`, `offset="0" size="16"`, `offset="0" size="16"`), ppParam{"data", "f32", []int{1, 3, 2, 2}}),
			bin: blob, shapes: [][]int{{1, 3, 2, 2}}, typ: ir.F32,
			mean: func(i int) float64 { return float64([]int{20, 0, 0}[i/4] + i%4) }},
		{name: "blob-chw", xml: ppModel(ppChannels(`offset="0" size="16"`, `offset="16" size="16"`), ppParam{"data", "f32", []int{2, 2, 2}}),
			bin: blob, shapes: [][]int{{2, 2, 2}}, typ: ir.F32,
			mean: func(i int) float64 { return float64(10*(i/4) + i%4) }},
		{name: "empty-name-first-rank4", input: 1, typ: ir.F32, shapes: [][]int{{2, 3}, {1, 3, 1, 1}},
			xml: ppModel(`<pre-process mean-precision="FP32">
<channel id="0"><mean value="1"/></channel><channel id="1"><mean value="2"/></channel><channel id="2"><mean value="3"/></channel>
</pre-process>`, ppParam{"a", "f32", []int{2, 3}}, ppParam{"b", "f32", []int{1, 3, 1, 1}}),
			mean: func(i int) float64 { return float64(i + 1) }},
		{name: "scale-ignored-no-mean-channel", typ: ir.F32, shapes: [][]int{{1, 1, 1, 2}},
			xml: ppModel(`<pre-process reference-layer-name="data">
<channel id="0"><scale value="0.5"/><mean value="4"/></channel>
<channel id="1"><scale value="0.5"/></channel>
</pre-process>`, ppParam{"data", "f32", []int{1, 1, 1, 2}}),
			mean: func(int) float64 { return 4 }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ppLoad(t, tc.xml, tc.bin)
			require.NoError(t, err)
			defer p.Close()
			var ins []*ir.Tensor
			var xs [][]float64
			for _, s := range tc.shapes {
				n := 1
				for _, d := range s {
					n *= d
				}
				x := make([]float64, n)
				for i := range x {
					x[i] = float64(i%7)*1.25 - 3
				}
				if tc.typ == ir.I32 {
					xi := make([]int32, n)
					for i := range x {
						x[i] = float64(int32(x[i]*4) + 5)
						xi[i] = int32(x[i])
					}
					in, err := ir.TensorOf(xi, s...)
					require.NoError(t, err)
					ins = append(ins, in)
				} else {
					xf := make([]float32, n)
					for i := range x {
						xf[i] = float32(x[i])
					}
					in, err := ir.TensorOf(xf, s...)
					require.NoError(t, err)
					ins = append(ins, in)
				}
				xs = append(xs, x)
			}
			out, err := p.Run(context.Background(), ins)
			require.NoError(t, err)
			require.Len(t, out, len(ins))
			for k := range out {
				got, ok := out[k].Float64s()
				require.True(t, ok)
				for i, x := range xs[k] {
					want := x
					if k == tc.input {
						want = x - tc.mean(i)
					}
					require.InDelta(t, want, got[i], 1e-6, "output %d element %d", k, i)
				}
			}
		})
	}
}

func TestPreProcessErrors(t *testing.T) {
	nchw := ppParam{"data", "f32", []int{1, 3, 2, 2}}
	blob := make([]byte, 48)
	cases := []struct {
		name     string
		xml      string
		bin      []byte
		marker   string // the error's line is the line of this text
		contains string
	}{
		{name: "too-few-channels", xml: ppModel(ppChannels(`value="1"`, `value="2"`), nchw),
			marker: "<pre-process", contains: "Number of mean values (2) is not equal to number of channels (3)"},
		{name: "too-many-channels", xml: ppModel(ppChannels(`value="1"`, `value="2"`, `value="3"`, `value="4"`), nchw),
			marker: "<pre-process", contains: "Number of mean values (4) is not equal to number of channels (3)"},
		{name: "blob-channel-count", xml: ppModel(ppChannels(`offset="0" size="16"`), nchw), bin: blob,
			marker: "<pre-process", contains: "Number of mean values (1) is not equal to number of channels (3)"},
		{name: "channel-index-out-of-range", xml: ppModel(`<pre-process reference-layer-name="data">
<channel id="0"><mean value="1"/></channel><channel id="1"><mean value="1"/></channel>
<channel id="7"><mean value="1"/></channel></pre-process>`, nchw),
			marker: `<channel id="7"`, contains: "Mean values channel index 7 is out of range (3)"},
		{name: "unknown-input", xml: ppModel(`<pre-process reference-layer-name="nope"><channel id="0"><mean value="1"/></channel></pre-process>`, nchw),
			marker: "<pre-process", contains: "pre-process name ref 'nope' refers to un-existing input"},
		{name: "dynamic-input", xml: ppModel(ppChannels(`value="1"`), ppParam{"data", "f32", []int{1, -1, 2, 2}}),
			marker: "<pre-process", contains: "can not apply pre-process for 'data' input"},
		{name: "rank-1", xml: ppModel(ppChannels(`value="1"`), ppParam{"data", "f32", []int{3}}),
			marker: "<pre-process", contains: "network did not define input dimensions properly"},
		{name: "rank-6", xml: ppModel(ppChannels(`value="1"`), ppParam{"data", "f32", []int{1, 1, 1, 1, 1, 1}}),
			marker: "<pre-process", contains: "pre-process supports ranks 2 to 5"},
		{name: "mean-without-value-or-size", xml: ppModel(ppChannels(`offset="0"`, `value="1"`, `value="2"`), nchw),
			marker: "<mean offset", contains: "mean should have at least one of the following attribute: value, size"},
		{name: "value-not-float", xml: ppModel(ppChannels(`value="1"`, `value="abc"`, `value="2"`), nchw),
			marker: `value="abc"`, contains: "which is not a floating point"},
		{name: "blob-size-mismatch", xml: ppModel(ppChannels(`offset="0" size="12"`, `offset="16" size="16"`, `offset="32" size="16"`), nchw), bin: blob,
			marker: `size="12"`, contains: "mean blob size mismatch expected input, got: 12"},
		{name: "blob-offset-out-of-range", xml: ppModel(ppChannels(`offset="0" size="16"`, `offset="16" size="16"`, `offset="40" size="16"`), nchw), bin: blob,
			marker: `offset="40"`, contains: "mean value offset and size are out of weights size range"},
		{name: "blob-offset-overflow", xml: ppModel(ppChannels(`offset="0" size="16"`, `offset="16" size="16"`, `offset="18446744073709551608" size="16"`), nchw), bin: blob,
			marker: `offset="18446744073709551608"`, contains: "out of weights size range"},
		{name: "blob-offset-not-a-number", xml: ppModel(ppChannels(`offset="0" size="16"`, `offset="x" size="16"`, `offset="32" size="16"`), nchw), bin: blob,
			marker: `offset="x"`, contains: "is not an unsigned integer"},
		{name: "blob-without-bin", xml: ppModel(ppChannels(`offset="0" size="16"`, `offset="16" size="16"`, `offset="32" size="16"`), nchw),
			marker: `offset="0"`, contains: "out of weights size range"},
		{name: "mixed-types", xml: ppModel(ppChannels(`offset="0" size="16"`, `value="1"`, `value="2"`), nchw), bin: blob,
			marker: "<pre-process", contains: "mean values have different types"},
		{name: "channel-id-not-a-number", xml: ppModel(`<pre-process reference-layer-name="data"><channel id="-1"><mean value="1"/></channel></pre-process>`, nchw),
			marker: `id="-1"`, contains: "is not an unsigned integer"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ppLoad(t, tc.xml, tc.bin)
			require.Error(t, err)
			require.Nil(t, p)
			d, line, col, ok := ir.DiagnosticOf(err)
			require.True(t, ok, "positioned error: %v", err)
			require.Equal(t, ir.CodeInvalidAttribute, d.Code, "%v", err)
			require.Equal(t, ppLine(t, tc.xml, tc.marker), line, "%v", err)
			require.Greater(t, col, 0)
			require.Contains(t, err.Error(), "m.xml:")
			require.Contains(t, err.Error(), tc.contains)
		})
	}
}
