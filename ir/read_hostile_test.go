package ir

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Hostile inputs for the reader: every one ends in a clear error or a model with
// diagnostics, never a panic, a hang, or memory that grows with a number in the file.

// tinyPoolXML is a small complete IR (Parameter -> MaxPool -> Result).
const tinyPoolXML = `<?xml version="1.0"?>
<net name="pool" version="11">
	<layers>
		<layer id="0" name="x" type="Parameter" version="opset1">
			<data shape="1,1,4,4" element_type="f32"/>
			<output><port id="0" precision="FP32" names="x"><dim>1</dim><dim>1</dim><dim>4</dim><dim>4</dim></port></output>
		</layer>
		<layer id="1" name="pool" type="MaxPool" version="opset1">
			<data strides="2,2" pads_begin="0,0" pads_end="0,0" kernel="2,2" rounding_type="floor" auto_pad="explicit"/>
			<input><port id="0" precision="FP32"><dim>1</dim><dim>1</dim><dim>4</dim><dim>4</dim></port></input>
			<output><port id="1" precision="FP32" names="y"><dim>1</dim><dim>1</dim><dim>2</dim><dim>2</dim></port></output>
		</layer>
		<layer id="2" name="y" type="Result" version="opset1">
			<input><port id="0" precision="FP32"><dim>1</dim><dim>1</dim><dim>2</dim><dim>2</dim></port></input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
		<edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>
	</edges>
</net>
`

// requireFatal checks err is a positioned *FormatError with the code whose message
// contains msg.
func requireFatal(t *testing.T, err error, code, msg string) {
	t.Helper()
	require.Error(t, err)
	var fe *FormatError
	require.ErrorAs(t, err, &fe, "%T %v", err, err)
	d, line, col, ok := DiagnosticOf(err)
	require.True(t, ok)
	require.Equal(t, code, d.Code, err.Error())
	require.Positive(t, line)
	require.Positive(t, col)
	require.Contains(t, err.Error(), msg)
}

// TestHostileTruncatedXML cuts a tiny pooling model at every byte and a real corpus model
// every 61 bytes: every cut inside the root element is an xml-syntax error, never a panic.
func TestHostileTruncatedXML(t *testing.T) {
	inputs := map[string][]byte{"tiny": []byte(tinyPoolXML)}
	step := map[string]int{"tiny": 1}
	if data, err := os.ReadFile(filepath.Join(corpusDir, "open-closed-eye-0001-fp16", "model.xml")); err == nil {
		inputs["corpus"] = data
		step["corpus"] = 61
	}
	for name, data := range inputs {
		end := bytes.LastIndex(data, []byte("</net>"))
		require.Positive(t, end)
		rootStart := bytes.Index(data, []byte("<net"))
		for cut := 0; cut < end+len("</net>"); cut += step[name] {
			m, err := Parse("cut.xml", data[:cut])
			if cut <= rootStart {
				// Nothing of the root yet: "no root element" (or a bare prolog).
				require.Error(t, err, "%s cut at %d", name, cut)
				requireFatal(t, err, CodeXMLSyntax, "")
				continue
			}
			require.Nil(t, m, "%s cut at %d parsed", name, cut)
			requireFatal(t, err, CodeXMLSyntax, "")
			msg := err.Error()
			require.True(t, strings.Contains(msg, "unexpected end of file") || strings.Contains(msg, "not closed") ||
				strings.Contains(msg, "malformed XML"), "%s cut at %d: %s", name, cut, msg)
		}
	}
}

// TestHostileGarbage feeds non-XML and non-IR bytes.
func TestHostileGarbage(t *testing.T) {
	cases := []struct {
		name, data, code, msg string
	}{
		{"empty", "", CodeXMLSyntax, "no root element"},
		{"blank", " \n\t\r\n", CodeXMLSyntax, "no root element"},
		{"nul bytes", "\x00\x00\x00\x00", CodeXMLSyntax, "malformed XML"},
		{"lone lt", "<", CodeXMLSyntax, ""},
		{"binary", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", CodeXMLSyntax, ""},
		{"utf16 bom", "\xff\xfe<\x00n\x00e\x00t\x00", CodeXMLSyntax, ""},
		{"json", `{"net": {"version": 11}}`, CodeXMLSyntax, ""},
		{"html root", "<html><body>hi</body></html>", CodeNotIR, "root element is <html>, not <net>"},
		{"svg root", `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>`, CodeNotIR, "root element is <svg>"},
		{"unknown entity", `<net version="11" name="&x;"/>`, CodeXMLSyntax, "malformed XML"},
		{"external entity", "<!DOCTYPE net [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><net version=\"11\" name=\"&x;\"/>", CodeXMLSyntax, "DOCTYPE"},
		{"parameter entity", "<!DOCTYPE net [<!ENTITY % p \"x\"> %p;]><net version=\"11\"/>", CodeXMLSyntax, "DOCTYPE"},
		{"ir version huge", `<net version="99999999999999999999999"/>`, CodeIRVersion, `IR version "99999999999999999999999" is not an integer`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse("g.xml", []byte(tc.data))
			require.Nil(t, m)
			requireFatal(t, err, tc.code, tc.msg)
		})
	}
	// A second root element is ignored, as pugixml (OpenVINO's parser) ignores it: the
	// first one is the document element.
	m, err := Parse("two.xml", []byte(`<net version="11" name="first"/><net version="10" name="second"/>`))
	require.NoError(t, err)
	require.Equal(t, "first", m.Name)

	// Random bytes: an error, never a panic.
	for seed := range 200 {
		data := make([]byte, 1+seed*7)
		for i := range data {
			data[i] = byte((seed*131 + i*i*17 + i) % 251)
		}
		_, err := Parse("r.xml", data)
		require.Error(t, err)
	}
}

// TestHostileBillionLaughs checks that entity declarations are refused before any expansion:
// a ten-level billion-laughs document is rejected quickly and without allocating.
func TestHostileBillionLaughs(t *testing.T) {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\"?>\n<!DOCTYPE net [\n<!ENTITY lol0 \"lol\">\n")
	for i := 1; i <= 10; i++ {
		fmt.Fprintf(&b, "<!ENTITY lol%d \"%s\">\n", i, strings.Repeat(fmt.Sprintf("&lol%d;", i-1), 10))
	}
	b.WriteString("]>\n<net version=\"11\" name=\"&lol10;\">&lol10;</net>\n")
	start := time.Now()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Parse("lol.xml", []byte(b.String()))
	runtime.ReadMemStats(&after)
	requireFatal(t, err, CodeXMLSyntax, "DOCTYPE and other markup declarations")
	require.Less(t, time.Since(start), 2*time.Second)
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes allocated")
	t.Logf("billion laughs refused in %v", time.Since(start))
}

// TestHostileDeepNesting nests 100,000 elements inside <net>: refused at depth 256, in
// bounded time.
func TestHostileDeepNesting(t *testing.T) {
	const depth = 100000
	for _, tc := range []struct{ name, open, close string }{
		{"elements", "<a>", "</a>"},
		{"rt_info", `<rt_info><attribute name="x" version="0">`, "</attribute></rt_info>"},
		{"unclosed", "<a>", ""},
	} {
		data := []byte(`<net version="11">` + strings.Repeat(tc.open, depth) + strings.Repeat(tc.close, depth) + "</net>")
		start := time.Now()
		m, err := Parse("deep.xml", data)
		el := time.Since(start)
		require.Nil(t, m)
		requireFatal(t, err, CodeXMLSyntax, "nested more than 256 levels")
		require.Less(t, el, 10*time.Second)
		t.Logf("%s: %d levels (%d bytes) refused in %v", tc.name, depth, len(data), el)
	}
}

// TestHostileDims checks huge and overflowing port dims and Parameter shapes in the reader:
// values up to 2^63-1 are kept (later stages check products), larger ones are errors that
// name the value.
func TestHostileDims(t *testing.T) {
	layer := func(dim, shape string) string {
		return fmt.Sprintf(`<net version="11"><layers><layer id="0" name="x" type="Parameter" version="opset1">`+
			`<data shape="%s" element_type="f32"/><output><port id="0" precision="FP32"><dim>%s</dim></port></output>`+
			`</layer></layers></net>`, shape, dim)
	}
	m, err := Parse("d.xml", []byte(layer("9223372036854775807", "9223372036854775807,9223372036854775807")))
	require.NoError(t, err)
	require.Empty(t, m.Diagnostics)
	require.Equal(t, "[9223372036854775807]", m.Layers[0].Outputs[0].Shape.String())

	for _, tc := range []struct{ dim, shape, code, msg string }{
		{"9223372036854775808", "1", CodeInvalidDim, "dimension (9223372036854775808) in node dim is not an integer"},
		{"18446744073709551615", "1", CodeInvalidDim, "dimension (18446744073709551615) in node dim is not an integer"},
		{"-2", "1", CodeInvalidDim, "dimension (-2) in node dim must be greater or equal to -1"},
		{"1", "9223372036854775808", CodeInvalidAttribute, `Cannot parse dimension: "9223372036854775808"`},
		{"1", "-5", CodeInvalidAttribute, `Cannot parse dimension: "-5"`},
		{"1", "1,,2", CodeInvalidAttribute, `"1,,2" is incorrect`},
		{"1", "5..2", CodeInvalidAttribute, "min bound 5 is above max bound 2"},
	} {
		m, err := Parse("d.xml", []byte(layer(tc.dim, tc.shape)))
		require.NoError(t, err)
		require.Len(t, m.Diagnostics, 1, "%+v", m.Diagnostics)
		require.Equal(t, tc.code, m.Diagnostics[0].Code)
		require.Contains(t, m.Diagnostics[0].Message, tc.msg)
	}
}

// TestHostileConstRanges checks Const offsets and sizes that overflow or run past the .bin,
// and shapes whose element count overflows: each is a diagnostic that names the values, and
// ConstValue refuses it without allocating.
func TestHostileConstRanges(t *testing.T) {
	bin := make([]byte, 16)
	cases := []struct {
		name string
		d    constDecl
		code string
		msg  string
	}{
		{"offset max uint64", constDecl{"f32", "1", "18446744073709551615", "4"}, CodeConstOutOfRange,
			"reads bytes [18446744073709551615, 18446744073709551615+4) but the .bin has 16 bytes"},
		{"size max uint64", constDecl{"f32", "1", "4", "18446744073709551615"}, CodeConstOutOfRange,
			"reads bytes [4, 4+18446744073709551615) but the .bin has 16 bytes"},
		{"offset+size wrap", constDecl{"u8", "1", "9223372036854775808", "9223372036854775808"}, CodeConstOutOfRange,
			"reads bytes [9223372036854775808, 9223372036854775808+9223372036854775808)"},
		{"past the end", constDecl{"f32", "4", "8", "16"}, CodeConstOutOfRange, "reads bytes [8, 8+16) but the .bin has 16 bytes"},
		{"size too small for shape", constDecl{"f32", "1099511627776", "0", "16"}, CodeConstSizeMismatch,
			"shape [1099511627776] of f32 needs 4398046511104 bytes, size is 16"},
		{"count overflow", constDecl{"f32", "1099511627776,1099511627776", "0", "16"}, CodeInvalidAttribute,
			"has more than 1099511627776 elements"},
		{"dim over 2^40", constDecl{"u1", "9223372036854775807", "0", "16"}, CodeInvalidAttribute,
			`Const shape "9223372036854775807" has dimension 9223372036854775807 out of range`},
		{"negative dim", constDecl{"u8", "-1", "0", "1"}, CodeInvalidAttribute, "has dimension -1 out of range"},
		{"negative offset", constDecl{"u8", "1", "-1", "1"}, CodeInvalidAttribute, `"offset" = "-1" which is not an unsigned 64 bit integer`},
		{"string count lies", constDecl{"string", "1", "0", "16"}, CodeConstSizeMismatch, "holds"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse("c.xml", constIR(tc.d))
			require.NoError(t, err)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			m.SetWeights(NewWeights(bin, "c.bin"))
			v, err := m.ConstValue(m.Layers[0])
			runtime.ReadMemStats(&after)
			require.Nil(t, v)
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.msg)
			require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes allocated")
			var found bool
			for _, d := range m.Diagnostics {
				if d.Code == tc.code && strings.Contains(d.Message, tc.msg) {
					found = true
				}
			}
			require.True(t, found, "no %s diagnostic with %q in %+v", tc.code, tc.msg, m.Diagnostics)
		})
	}
}

// TestHostileStringConst checks a packed string tensor whose header lies: a huge count, an
// offset table running past the data, offsets going backwards or past the end.
func TestHostileStringConst(t *testing.T) {
	cases := []struct {
		name string
		bin  []byte
		msg  string
	}{
		{"huge count", le32(0x7fffffff, 0, 0), "2147483647 strings need a 8589934596-byte header, size is 12"},
		{"negative count", le32(0xffffffff, 0), "negative string count -1"},
		{"end past data", append(le32(1, 0, 100), 'a'), "string 0 spans bytes [0, 100) outside the 1 bytes of character data"},
		{"backwards", append(le32(1, 1, 0), 'a'), "string 0 spans bytes [1, 0)"},
		{"negative start", append(le32(1, 0xfffffff0, 1), 'a'), "string 0 spans bytes [-16, 1)"},
		{"short", []byte{1, 0}, "no batch size"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse("s.xml", constIR(constDecl{"string", "1", "0", fmt.Sprint(len(tc.bin))}))
			require.NoError(t, err)
			m.SetWeights(NewWeights(tc.bin, "s.bin"))
			_, err = m.ConstValue(m.Layers[0])
			require.ErrorContains(t, err, tc.msg)
		})
	}
}

// TestHostileWeightsFiles covers a missing, empty, short and non-regular .bin.
func TestHostileWeightsFiles(t *testing.T) {
	dir := t.TempDir()
	xmlPath := filepath.Join(dir, "m.xml")
	require.NoError(t, os.WriteFile(xmlPath, constIR(constDecl{"f32", "4", "0", "16"}), 0o644))

	// No .bin beside the XML: loads, with an info diagnostic; ConstValue is an error.
	m, err := ReadFile(xmlPath, "")
	require.NoError(t, err)
	require.Nil(t, m.Weights)
	_, err = m.ConstValue(m.Layers[0])
	require.ErrorContains(t, err, "Empty weights data in bin file or bin file cannot be found! (Const layer \"c0\" needs 16 bytes at offset 0)")

	// An explicit .bin that does not exist is an error naming it.
	_, err = ReadFile(xmlPath, filepath.Join(dir, "nope.bin"))
	require.ErrorContains(t, err, "nope.bin cannot be opened")
	require.True(t, errors.Is(err, os.ErrNotExist))

	// A directory is not a weights file.
	_, err = ReadFile(xmlPath, dir)
	require.ErrorContains(t, err, "is not a regular file")

	// Empty and short .bin files.
	for _, tc := range []struct {
		size int
		code string
		msg  string
	}{
		{0, CodeConstNoWeights, "Empty weights data"},
		{15, CodeConstOutOfRange, "reads bytes [0, 0+16) but the .bin has 15 bytes"},
	} {
		binPath := filepath.Join(dir, fmt.Sprintf("w%d.bin", tc.size))
		require.NoError(t, os.WriteFile(binPath, make([]byte, tc.size), 0o644))
		m, err := ReadFile(xmlPath, binPath)
		require.NoError(t, err)
		require.Error(t, m.Err())
		require.Contains(t, m.Err().Error(), tc.msg)
		_, err = m.ConstValue(m.Layers[0])
		require.ErrorContains(t, err, tc.msg)
	}
}

// TestHostileGraphShapes checks the reader's graph checks on cycles, self-loops, duplicate
// ids and dangling edges (the graph package reports cycles; the reader must not loop).
func TestHostileGraphShapes(t *testing.T) {
	net := func(layers, edges string) []byte {
		return []byte(`<net version="11"><layers>` + layers + `</layers><edges>` + edges + `</edges></net>`)
	}
	relu := func(id int) string {
		return fmt.Sprintf(`<layer id="%d" name="r%d" type="ReLU" version="opset1"><input><port id="0"/></input><output><port id="1" precision="FP32"/></output></layer>`, id, id)
	}
	edge := func(a, ap, b, bp int64) string {
		return fmt.Sprintf(`<edge from-layer="%d" from-port="%d" to-layer="%d" to-port="%d"/>`, a, ap, b, bp)
	}
	cases := []struct {
		name string
		xml  []byte
		code string
		msg  string
	}{
		{"self loop", net(relu(0), edge(0, 1, 0, 0)), "", ""},
		{"cycle", net(relu(0)+relu(1), edge(0, 1, 1, 0)+edge(1, 1, 0, 0)), "", ""},
		{"duplicate id", net(relu(0)+relu(0), ""), CodeDuplicateLayerID, `layer id 0 is used twice in one graph (first by layer "r0")`},
		{"missing layer", net(relu(0), edge(0, 1, 7, 0)), CodeEdgeMissingLayer, "no layer with id 7 in this graph"},
		{"missing port", net(relu(0)+relu(1), edge(0, 5, 1, 0)), CodeEdgeMissingPort, "Can not find output port with id 5 in layer r0"},
		{"huge layer id", net(relu(0), edge(0, 1, 9223372036854775807, 0)), CodeEdgeMissingLayer, "no layer with id 9223372036854775807"},
		{"overflowing id", net(relu(0), `<edge from-layer="0" from-port="1" to-layer="18446744073709551616" to-port="0"/>`), CodeInvalidAttribute,
			`"to-layer" = "18446744073709551616" which is not an unsigned 64 bit integer`},
		{"negative id", net(`<layer id="-1" name="n" type="ReLU" version="opset1"/>`, ""), CodeInvalidAttribute, `"id" = "-1" which is not an unsigned 64 bit integer`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse("g.xml", tc.xml)
			require.NoError(t, err)
			if tc.code == "" {
				require.NoError(t, m.Err())
				return
			}
			require.Error(t, m.Err())
			found := false
			for _, d := range m.Diagnostics {
				if d.Code == tc.code && strings.Contains(d.Message, tc.msg) {
					found = true
				}
			}
			require.True(t, found, "no %s diagnostic with %q in %+v", tc.code, tc.msg, m.Diagnostics)
		})
	}
}

// TestHostileBigGraphs reads a 100,000-layer chain and a 10,000-way fan-out in bounded time.
func TestHostileBigGraphs(t *testing.T) {
	if testing.Short() {
		t.Skip("big inputs")
	}
	data := genChain(100000)
	start := time.Now()
	m, err := Parse("chain.xml", data)
	el := time.Since(start)
	require.NoError(t, err)
	require.Len(t, m.Layers, 100000)
	require.Less(t, el, 60*time.Second)
	t.Logf("100,000-layer chain (%d MB): Parse %v", len(data)>>20, el)

	var b strings.Builder
	b.WriteString(`<net version="11"><layers><layer id="0" name="x" type="Parameter" version="opset1"><data shape="1" element_type="f32"/><output><port id="0" precision="FP32"/></output></layer>`)
	for i := 1; i <= 10000; i++ {
		fmt.Fprintf(&b, `<layer id="%d" name="r%d" type="Result" version="opset1"><input><port id="0"/></input></layer>`, i, i)
	}
	b.WriteString("</layers><edges>")
	for i := 1; i <= 10000; i++ {
		fmt.Fprintf(&b, `<edge from-layer="0" from-port="0" to-layer="%d" to-port="0"/>`, i)
	}
	b.WriteString("</edges></net>")
	start = time.Now()
	m, err = Parse("fan.xml", []byte(b.String()))
	el = time.Since(start)
	require.NoError(t, err)
	require.NoError(t, m.Err())
	require.Len(t, m.Edges, 10000)
	require.Less(t, el, 30*time.Second)
	t.Logf("10,000-way fan-out: Parse %v", el)
}

// TestHostileXMLSize: an XML file above MaxXMLSize, and an endless one, are refused without
// reading them whole.
func TestHostileXMLSize(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.xml")
	f, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(MaxXMLSize+1)) // sparse: no disk or memory used
	require.NoError(t, f.Close())
	_, err = ReadXMLFile(big)
	require.ErrorContains(t, err, fmt.Sprintf("big.xml is %d bytes, more than the 536870912-byte limit for an IR XML file", MaxXMLSize+1))
	_, err = ReadFile(big, "")
	require.ErrorContains(t, err, "more than the 536870912-byte limit")

	// /dev/zero never ends: ReadXMLFile stops after MaxXMLSize+1 bytes.
	if _, err := os.Stat("/dev/zero"); err == nil && !testing.Short() {
		start := time.Now()
		_, err = ReadXMLFile("/dev/zero")
		require.ErrorContains(t, err, "/dev/zero is larger than 536870912 bytes, the limit for an IR XML file")
		t.Logf("/dev/zero refused after %v", time.Since(start))
	}
}
