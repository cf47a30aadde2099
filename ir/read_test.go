package ir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFatalErrors(t *testing.T) {
	cases := []struct {
		name        string
		xml         string
		code        string
		line        int
		msg         string
		unsupported bool
	}{
		{"doctype", "<?xml version=\"1.0\"?>\n<!DOCTYPE net [<!ENTITY a \"aaaa\">]>\n<net version=\"11\"/>", CodeXMLSyntax, 2, "DOCTYPE", false},
		{"billion laughs", "<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n <!ENTITY lol2 \"&lol;&lol;&lol;\">\n]>\n<net version=\"11\">&lol2;</net>", CodeXMLSyntax, 1, "DOCTYPE", false},
		{"unclosed", "<net version=\"11\">\n<layers>\n", CodeXMLSyntax, 3, "not closed", false},
		{"mismatched", "<net version=\"11\">\n<layers>\n</edges>\n</net>", CodeXMLSyntax, 3, "closed by </edges>", false},
		{"bad attribute", "<net version=\"11\">\n<layers>\n<layer id=1/>\n</layers></net>", CodeXMLSyntax, 3, "malformed XML", false},
		{"lt in attribute", "<net version=\"11\">\n<layer name=\"a<b\"/>\n</net>", CodeXMLSyntax, 2, "malformed XML", false},
		{"undefined entity", "<net version=\"11\">\n<layer name=\"&foo;\"/>\n</net>", CodeXMLSyntax, 2, "malformed XML", false},
		{"empty", "", CodeXMLSyntax, 1, "no root element", false},
		{"only comment", "<!-- nothing -->\n", CodeXMLSyntax, 2, "no root element", false},
		{"not net", "<?xml version=\"1.0\"?>\n<html><body/></html>", CodeNotIR, 2, "root element is <html>, not <net>", false},
		{"no version", "<net name=\"x\">\n</net>", CodeIRVersion, 1, "missing mandatory attribute: version", false},
		{"text version", "<net name=\"x\" version=\"ten\">\n</net>", CodeIRVersion, 1, `IR version "ten" is not an integer`, false},
		{"v9", "<net version=\"9\"/>", CodeIRVersion, 1, "unsupported IR version 9; only IR v10 and v11 are", true},
		{"v12", "<net version=\"12\"/>", CodeIRVersion, 1, "unsupported IR version 12; only IR v10 and v11 are", true},
		{"v7", "<net version=\"7\"/>", CodeIRVersion, 1, "legacy IR version 7 (Model Optimizer before 2020.1) is not supported; only IR v10 and v11 are", true},
		{"v6", "\n\n<net version=\"6\"/>", CodeIRVersion, 3, "legacy IR version 6 (Model Optimizer before 2020.1) is not supported; only IR v10 and v11 are", true},
		{"too deep", "<net version=\"11\">\n" + strings.Repeat("<a>", 300) + strings.Repeat("</a>", 300) + "</net>", CodeXMLSyntax, 2, "nested more than 256 levels", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse("bad.xml", []byte(tc.xml))
			require.Nil(t, m)
			require.Error(t, err)
			if tc.unsupported {
				var ue *UnsupportedError
				require.ErrorAs(t, err, &ue)
			} else {
				var fe *FormatError
				require.ErrorAs(t, err, &fe)
			}
			require.ErrorContains(t, err, tc.msg)
			d, line, col, ok := DiagnosticOf(err)
			require.True(t, ok)
			require.Equal(t, tc.code, d.Code)
			require.Equal(t, SeverityError, d.Severity)
			require.Equal(t, tc.line, line)
			require.Positive(t, col)
			require.True(t, strings.HasPrefix(err.Error(), "bad.xml:"), err.Error())
		})
	}
	_, _, _, ok := DiagnosticOf(os.ErrNotExist)
	require.False(t, ok)
}

func TestReadFileErrors(t *testing.T) {
	_, err := ReadFile(filepath.Join(t.TempDir(), "missing.xml"), "")
	require.ErrorIs(t, err, os.ErrNotExist)
	_, _, _, ok := DiagnosticOf(err)
	require.False(t, ok)
}

// TestOffsets checks that element and attribute offsets survive comments, CDATA,
// processing instructions, '>' inside attribute values and single quotes.
func TestOffsets(t *testing.T) {
	src := `<?xml version="1.0"?>
<!-- a comment with <layer id="99"> inside -->
<?pi <layer?>
<net name='a>b' version="11">
	<layers>
		<!-- <layer id="7" name="commented"/> -->
		<layer id="0" name="x" type="Parameter" version="opset1"><data shape="2" element_type="f32"/>
			<output><port id="0" precision="FP32"><dim><![CDATA[2]]></dim></port></output>
		</layer>
		<layer
		    name="r>" id="1"
		    type='Result' version="opset1">
			<input><port id="0"><dim>2</dim></port></input>
		</layer>
	</layers>
	<edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0"/></edges>
</net>
`
	m, err := Parse("o.xml", []byte(src))
	require.NoError(t, err)
	require.Empty(t, m.Diagnostics)
	require.Equal(t, "a>b", m.Name)
	require.Equal(t, strings.Index(src, "<net"), m.Offset)
	require.Len(t, m.Layers, 2)
	x, r := m.Layers[0], m.Layers[1]
	require.Equal(t, strings.Index(src, `<layer id="0"`), x.Offset)
	require.Equal(t, strings.Index(src, "<data"), x.DataOff)
	require.Equal(t, strings.Index(src, `shape="2"`), x.Data[0].Offset)
	require.Equal(t, strings.Index(src, "<port"), x.Outputs[0].Offset)
	require.Equal(t, []int{strings.Index(src, "<dim><![CDATA")}, x.Outputs[0].DimOffsets)
	require.Equal(t, StaticShape(2), x.Outputs[0].Shape)
	require.Equal(t, strings.Index(src, "<layer\n"), r.Offset)
	name, _ := r.Attrs.Get("name")
	require.Equal(t, "r>", name.Value)
	require.Equal(t, strings.Index(src, `name="r>"`), name.Offset)
	typ, _ := r.Attrs.Get("type")
	require.Equal(t, strings.Index(src, "type='Result'"), typ.Offset)
	require.Equal(t, "Result", r.Type)
	require.Equal(t, strings.Index(src, "<edge "), m.Edges[0].Offset)
	require.Equal(t, Edge{FromLayer: 0, FromPort: 0, ToLayer: 1, ToPort: 0, Offset: m.Edges[0].Offset}, m.Edges[0])
	line, col := m.Source.LineCol(typ.Offset)
	require.Equal(t, 12, line)
	require.Equal(t, 7, col)
}

func TestSubGraphsCorpusLoop(t *testing.T) {
	needCorpus(t)
	m, err := ReadFile(filepath.Join(corpusDir, "ovtest-loop-2d-add", "model.xml"), "")
	require.NoError(t, err)
	require.Empty(t, errorDiags(m))
	var loop *Layer
	for _, l := range m.Layers {
		if l.Type == "Loop" {
			loop = l
		}
	}
	require.NotNil(t, loop)
	require.Len(t, loop.Bodies, 1)
	body := loop.Bodies[0]
	require.Equal(t, "body", body.Kind)
	require.Len(t, body.Layers, 9)
	require.Len(t, body.Edges, 7)
	require.Equal(t, "cond_in", body.Layers[0].Name)
	require.Len(t, loop.PortMap, 5)
	require.Equal(t, PortMapEntry{Kind: "output", Map: "port_map", Attrs: loop.PortMap[2].Attrs, Offset: loop.PortMap[2].Offset}, loop.PortMap[2])
	require.Equal(t, "-1", loop.PortMap[2].Attrs.Value("external_port_id"))
	require.Equal(t, "execution_condition", loop.PortMap[2].Attrs.Value("purpose"))
	require.Equal(t, []Edge{
		{FromLayer: 1, FromPort: 0, ToLayer: 0, ToPort: 0, Offset: loop.BackEdges[0].Offset},
		{FromLayer: 5, FromPort: 0, ToLayer: 2, ToPort: 0, Offset: loop.BackEdges[1].Offset},
	}, loop.BackEdges)
	// Body layers are walked right after their owner.
	var names []string
	m.WalkLayers(func(l *Layer) bool { names = append(names, l.Name); return true })
	require.Len(t, names, 19)
	require.Equal(t, "a_final5", names[3])
	require.Equal(t, "cond_in", names[4])
	require.Nil(t, m.Weights, "xml-only corpus model")
}

const ifIR = `<net name="if" version="11">
	<layers>
		<layer id="0" name="cond" type="Parameter" version="opset1">
			<data shape="" element_type="boolean"/>
			<output><port id="0" precision="BOOL"/></output>
		</layer>
		<layer id="1" name="if" type="If" version="opset8">
			<input><port id="0"/></input>
			<output><port id="1" precision="FP32"/></output>
			<then_port_map>
				<output external_port_id="1" internal_layer_id="1"/>
			</then_port_map>
			<else_port_map>
				<output external_port_id="1" internal_layer_id="1"/>
			</else_port_map>
			<then_body>
				<layers>
					<layer id="0" name="one" type="Const" version="opset1">
						<data element_type="f32" shape="" offset="0" size="4"/>
						<output><port id="0" precision="FP32"/></output>
					</layer>
					<layer id="1" name="then_out" type="Result" version="opset1">
						<input><port id="0"/></input>
					</layer>
				</layers>
				<edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0"/></edges>
			</then_body>
			<else_body>
				<layers>
					<layer id="0" name="two" type="Const" version="opset1">
						<data element_type="f32" shape="" offset="4" size="4"/>
						<output><port id="0" precision="FP32"/></output>
					</layer>
					<layer id="1" name="else_out" type="Result" version="opset1">
						<input><port id="0"/></input>
					</layer>
				</layers>
				<edges><edge from-layer="0" from-port="0" to-layer="1" to-port="7"/></edges>
			</else_body>
		</layer>
		<layer id="2" name="out" type="Result" version="opset1" output_names="r">
			<input><port id="0"/></input>
		</layer>
	</layers>
	<edges>
		<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
		<edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>
	</edges>
</net>`

func TestSubGraphsIf(t *testing.T) {
	m, err := Parse("if.xml", []byte(ifIR))
	require.NoError(t, err)
	// The else body's edge enters port 7 of its Result, which has only port 0.
	errs := errorDiags(m)
	require.Len(t, errs, 1)
	require.Equal(t, CodeEdgeMissingPort, errs[0].Code)
	require.Equal(t, "else_out", errs[0].LayerName)
	line, _ := m.Source.LineCol(errs[0].Offset)
	require.Equal(t, 38, line)

	ifl := m.Layers[1]
	require.Len(t, ifl.Bodies, 2)
	require.Equal(t, "then_body", ifl.Bodies[0].Kind)
	require.Equal(t, "else_body", ifl.Bodies[1].Kind)
	require.Equal(t, "two", ifl.Bodies[1].Layers[0].Name)
	require.Len(t, ifl.PortMap, 2)
	require.Equal(t, "then_port_map", ifl.PortMap[0].Map)
	require.Equal(t, "else_port_map", ifl.PortMap[1].Map)
	require.Equal(t, []string{"r"}, m.Layers[2].OutputNames)

	m.SetWeights(NewWeights(le32(0x3F800000, 0x40000000), ""))
	v, err := m.ConstValue(ifl.Bodies[1].Layers[0])
	require.NoError(t, err)
	require.Equal(t, []float32{2}, v.Data)
	m.SetWeights(NewWeights(le32(0x3F800000), ""))
	errs = errorDiags(m)
	require.Len(t, errs, 2)
	require.Equal(t, CodeConstOutOfRange, errs[0].Code, "sorted by offset")
	require.Equal(t, "two", errs[0].LayerName)
}

func TestRTInfoAndLegacy(t *testing.T) {
	src := `<net name="rt" version="11">
	<layers>
		<layer id="0" name="x" type="Parameter" version="opset1">
			<data shape="1" element_type="f32"/>
			<rt_info>
				<attribute name="fused_names" version="0" value="a,b"/>
				<attribute name="old_api_map_order" version="0" value="0"/>
				<custom name="k" value="v"/>
			</rt_info>
			<output>
				<port id="0" precision="FP32">
					<dim>1</dim>
					<rt_info><attribute name="layout" version="0" layout="[N]"/></rt_info>
				</port>
			</output>
		</layer>
	</layers>
	<rt_info>
		<Runtime_version value="2024.1"/>
		<conversion_parameters>
			<framework value="onnx"/>
		</conversion_parameters>
	</rt_info>
	<meta_data><MO_version value="2020.2"/></meta_data>
	<quantization_parameters><config>{}</config></quantization_parameters>
</net>`
	m, err := Parse("rt.xml", []byte(src))
	require.NoError(t, err)
	require.Empty(t, m.Diagnostics)
	l := m.Layers[0]
	require.Len(t, l.RTInfo, 3)
	require.Equal(t, "attribute", l.RTInfo[0].Tag)
	require.Equal(t, "a,b", l.RTInfo[0].Attrs.Value("value"))
	require.Equal(t, "custom", l.RTInfo[2].Tag)
	require.Equal(t, "[N]", l.Outputs[0].RTInfo[0].Attrs.Value("layout"))
	require.Len(t, m.RTInfo, 2)
	require.Equal(t, "Runtime_version", m.RTInfo[0].Tag)
	require.Equal(t, "onnx", m.RTInfo[1].Children[0].Attrs.Value("value"))
	require.Len(t, m.Legacy, 2)
	require.Equal(t, "meta_data", m.Legacy[0].Tag)
	require.Equal(t, "2020.2", m.Legacy[0].Children[0].Attrs.Value("value"))
	require.Equal(t, "quantization_parameters", m.Legacy[1].Tag)

	// rt_info attributes need a name and a version (v11); v10 rt_info is not checked.
	bad := strings.Replace(src, `<attribute name="old_api_map_order" version="0" value="0"/>`, `<attribute name="old_api_map_order" value="0"/><attribute name="fused_names" version="0" value="c"/>`, 1)
	m, err = Parse("rt.xml", []byte(bad))
	require.NoError(t, err)
	var codes []string
	for _, d := range m.Diagnostics {
		codes = append(codes, d.Code)
	}
	require.Equal(t, []string{CodeMissingAttribute, CodeDuplicateRTInfo}, codes)
	m, err = Parse("rt.xml", []byte(strings.Replace(bad, `version="11"`, `version="10"`, 1)))
	require.NoError(t, err)
	require.Empty(t, m.Diagnostics)
}

func TestChain20k(t *testing.T) {
	data := genChain(20000)
	m, err := Parse("chain.xml", data)
	require.NoError(t, err)
	require.Empty(t, m.Diagnostics)
	require.Len(t, m.Layers, 20000)
	require.Len(t, m.Edges, 19999)
	last := m.Layers[19999]
	require.Equal(t, "Result", last.Type)
	require.Equal(t, int64(19999), last.ID)
	require.Equal(t, "[1,3,?,224]", last.Inputs[0].Shape.String())
	line, _ := m.Source.LineCol(last.Offset)
	require.Equal(t, strings.Count(string(data[:last.Offset]), "\n")+1, line)
}

func TestOpenWeights(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "s.bin")
	require.NoError(t, os.WriteFile(small, []byte{1, 2, 3}, 0o644))
	w, err := OpenWeights(small)
	require.NoError(t, err)
	require.Equal(t, []byte{1, 2, 3}, w.Bytes())
	require.False(t, w.Mapped())
	require.NoError(t, w.Close())

	big := filepath.Join(dir, "b.bin")
	data := make([]byte, mmapThreshold+5)
	data[len(data)-1] = 42
	require.NoError(t, os.WriteFile(big, data, 0o644))
	w, err = OpenWeights(big)
	require.NoError(t, err)
	require.Equal(t, len(data), w.Len())
	require.Equal(t, byte(42), w.Bytes()[len(data)-1])
	require.NoError(t, w.Close())
	require.Nil(t, w.Bytes())
	require.NoError(t, w.Close(), "second Close is a no-op")

	empty := filepath.Join(dir, "e.bin")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	w, err = OpenWeights(empty)
	require.NoError(t, err)
	require.Equal(t, 0, w.Len())

	_, err = OpenWeights(filepath.Join(dir, "none.bin"))
	require.ErrorIs(t, err, os.ErrNotExist)
	_, err = OpenWeights(dir)
	require.ErrorContains(t, err, "not a regular file")
}

func TestReadFileExplicitBin(t *testing.T) {
	dir := t.TempDir()
	xmlPath := filepath.Join(dir, "m.xml")
	require.NoError(t, os.WriteFile(xmlPath, constIR(constDecl{"i32", "1", "0", "4"}), 0o644))
	binPath := filepath.Join(dir, "weights.data")
	require.NoError(t, os.WriteFile(binPath, le32(77), 0o644))
	m, err := ReadFile(xmlPath, binPath)
	require.NoError(t, err)
	require.Empty(t, m.Diagnostics)
	require.Equal(t, binPath, m.Weights.Path)
	v, err := m.ConstValue(m.Layers[0])
	require.NoError(t, err)
	require.Equal(t, []int32{77}, v.Data)

	m, err = ReadXMLFile(xmlPath)
	require.NoError(t, err)
	require.Nil(t, m.Weights)
	require.Equal(t, CodeNoWeights, m.Diagnostics[0].Code)
}

func TestModelErr(t *testing.T) {
	m, err := Parse("e.xml", []byte(`<net version="11"><layers>
<layer id="0" name="a" type="Parameter" version="opset1"/>
<layer id="1" name="b" type="Parameter" version="opset1"/>
</layers></net>`))
	require.NoError(t, err)
	err = m.Err()
	var fe *FormatError
	require.ErrorAs(t, err, &fe)
	require.Equal(t, CodeMissingData, fe.Code)
	require.Equal(t, 2, fe.Line)
	require.Contains(t, err.Error(), "e.xml:2:1: Layer data must be defined for")
	require.Contains(t, err.Error(), "(and 1 more errors)")
}

func TestKnownOpset(t *testing.T) {
	for _, v := range []string{"opset1", "opset8", "opset16", "opset99", "experimental", "extension", "ie_internal_opset"} {
		require.True(t, knownOpset(v), v)
	}
	for _, v := range []string{"", "opset", "opset0", "opset01", "wrongOpset", "Opset1", "opset1a", "opset12345"} {
		require.False(t, knownOpset(v), v)
	}
}
