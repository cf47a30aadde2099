package ir

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// countTopLevelLayers counts <layer> elements directly under <net><layers>, independently
// of the reader, with encoding/xml.
func countTopLevelLayers(t *testing.T, data []byte) int {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var stack []string
	n := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return n
		}
		require.NoError(t, err)
		switch e := tok.(type) {
		case xml.StartElement:
			if e.Name.Local == "layer" && len(stack) == 2 && stack[1] == "layers" {
				n++
			}
			stack = append(stack, e.Name.Local)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
}

func countBodyLayers(layers []*Layer) int {
	n := 0
	for _, l := range layers {
		for _, b := range l.Bodies {
			n += len(b.Layers) + countBodyLayers(b.Layers)
		}
	}
	return n
}

func errorDiags(m *Model) []Diagnostic {
	var out []Diagnostic
	for _, d := range m.Diagnostics {
		if d.Severity == SeverityError {
			out = append(out, d)
		}
	}
	return out
}

var sourceLayersRE = regexp.MustCompile(`(?m)^- layers: (\d+) \((\d+) top-level, (\d+) inside sub-graph bodies\)`)

func TestCorpusModels(t *testing.T) {
	needCorpus(t)
	xmls, err := filepath.Glob(filepath.Join(corpusDir, "*", "model.xml"))
	require.NoError(t, err)
	require.Len(t, xmls, 38)
	for _, xmlPath := range xmls {
		dir := filepath.Dir(xmlPath)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			m, err := ReadFile(xmlPath, "")
			require.NoError(t, err)
			require.Empty(t, errorDiags(m))
			require.Contains(t, []int{10, 11}, m.Version)

			data, err := os.ReadFile(xmlPath)
			require.NoError(t, err)
			require.Equal(t, countTopLevelLayers(t, data), len(m.Layers))

			src, err := os.ReadFile(filepath.Join(dir, "SOURCE.md"))
			require.NoError(t, err)
			if mm := sourceLayersRE.FindSubmatch(src); mm != nil {
				top, _ := strconv.Atoi(string(mm[2]))
				inner, _ := strconv.Atoi(string(mm[3]))
				require.Equal(t, top, len(m.Layers), "top-level layers per SOURCE.md")
				require.Equal(t, inner, countBodyLayers(m.Layers), "sub-graph layers per SOURCE.md")
			}

			_, statErr := os.Stat(filepath.Join(dir, "model.bin"))
			if statErr != nil {
				require.Nil(t, m.Weights)
				return
			}
			require.NotNil(t, m.Weights)
			// Every Const decodes, with the element count its shape says.
			m.WalkLayers(func(l *Layer) bool {
				if l.Type != "Const" {
					return true
				}
				v, err := m.ConstValue(l)
				require.NoError(t, err, "Const %s", l.Name)
				n, err := ElementCount(v.Shape)
				require.NoError(t, err)
				require.Equal(t, n, v.Len(), "Const %s", l.Name)
				return true
			})
		})
	}
}

// TestCorpusNegative: every negative case is rejected, by a fatal error or an error
// diagnostic, pointing at the offending line (read off each case file by hand).
func TestCorpusNegative(t *testing.T) {
	needCorpus(t)
	cases := []struct {
		dir   string
		code  string
		line  int
		why   string
		fatal bool
	}{
		{"n01-ir-version-9", CodeIRVersion, 1, `<net ... version="9"> on line 1`, true},
		{"n02-const-without-weights", CodeConstNoWeights, 15, "the Const's <data offset=0 size=32> on line 15, weights empty", false},
		{"n03-const-size-vs-shape", CodeConstSizeMismatch, 16, `<data element_type="i64" shape="4" ... size="16"> on line 16`, false},
		{"n04-underallocated-weights", CodeConstOutOfRange, 16, `<data ... offset="0" size="32"> on line 16, .bin has 24 bytes`, false},
		{"n05-parameter-without-data", CodeMissingData, 3, "Parameter <layer> on line 3 has no <data>", false},
		{"n06-dim-minus-2", CodeInvalidDim, 7, "<dim>-2</dim> on line 7", false},
		{"n07-edge-to-missing-port", CodeEdgeMissingPort, 26, `<edge ... to-port="10"/> on line 26`, false},
		{"n08-edge-to-missing-layer", CodeEdgeMissingLayer, 26, `<edge ... to-layer="2"/> on line 26`, false},
		{"n09-unknown-opset", CodeUnknownOpset, 3, `version="wrongOpset" on line 3`, false},
		{"n10-shape-two-dynamic-ranks", CodeInvalidAttribute, 4, `shape="...,..." on line 4`, false},
		{"n11-shape-ellipsis-in-middle", CodeInvalidAttribute, 4, `shape="1,...,2" on line 4`, false},
		{"n12-shape-bad-dim", CodeInvalidAttribute, 4, `shape="1s,2" on line 4`, false},
		{"n13-shape-bad-interval", CodeInvalidAttribute, 4, `shape="1..g,2" on line 4`, false},
		{"n14-legacy-ir-v6", CodeIRVersion, 2, `<net batch="1" name="squeezenet1.1" version="6"> on line 2`, true},
	}
	dirs, err := filepath.Glob(filepath.Join(corpusDir, "negative", "n*"))
	require.NoError(t, err)
	require.Len(t, dirs, len(cases), "every negative case has a row")
	for _, tc := range cases {
		t.Run(tc.dir, func(t *testing.T) {
			xmlPath := filepath.Join(corpusDir, "negative", tc.dir, "model.xml")
			var m *Model
			var err error
			if tc.dir == "n02-const-without-weights" {
				// As in the OpenVINO test: the XML read from memory with an empty weights buffer.
				data, rerr := os.ReadFile(xmlPath)
				require.NoError(t, rerr)
				m, err = Parse(xmlPath, data)
				require.NoError(t, err)
				m.SetWeights(NewWeights(nil, ""))
			} else {
				m, err = ReadFile(xmlPath, "")
			}
			if tc.fatal {
				require.Error(t, err)
				d, line, _, ok := DiagnosticOf(err)
				require.True(t, ok, "error carries a diagnostic: %v", err)
				require.Equal(t, tc.code, d.Code)
				require.Equal(t, tc.line, line, tc.why)
				return
			}
			require.NoError(t, err)
			errs := errorDiags(m)
			require.NotEmpty(t, errs)
			d := errs[0]
			require.Equal(t, tc.code, d.Code, d.Message)
			line, _ := m.Source.LineCol(d.Offset)
			require.Equal(t, tc.line, line, tc.why)
			require.Error(t, m.Err())
		})
	}
}

func TestN02ReadFromDisk(t *testing.T) {
	needCorpus(t)
	xmlPath := filepath.Join(corpusDir, "negative", "n02-const-without-weights", "model.xml")
	// No .bin beside it: the read succeeds with one info diagnostic.
	m, err := ReadFile(xmlPath, "")
	require.NoError(t, err)
	require.Nil(t, m.Weights)
	require.Len(t, m.Diagnostics, 1)
	require.Equal(t, CodeNoWeights, m.Diagnostics[0].Code)
	require.Equal(t, SeverityInfo, m.Diagnostics[0].Severity)
	require.NoError(t, m.Err())
	_, err = m.ConstValue(m.Layers[1])
	require.ErrorContains(t, err, "Empty weights data in bin file or bin file cannot be found!")
	// An explicit .bin path that does not exist is an error.
	_, err = ReadFile(xmlPath, filepath.Join(t.TempDir(), "missing.bin"))
	require.ErrorIs(t, err, os.ErrNotExist)
}

func TestCorpusEdgeValid(t *testing.T) {
	needCorpus(t)
	dirs, err := filepath.Glob(filepath.Join(corpusDir, "edge-valid", "v*"))
	require.NoError(t, err)
	require.Len(t, dirs, 13)
	models := map[string]*Model{}
	for _, dir := range dirs {
		m, err := ReadFile(filepath.Join(dir, "model.xml"), "")
		require.NoError(t, err, dir)
		require.Empty(t, errorDiags(m), dir)
		models[filepath.Base(dir)[:3]] = m
	}
	paramShape := func(m *Model) Shape {
		s, ok, err := m.Layers[0].Data.Shape("shape")
		require.True(t, ok)
		require.NoError(t, err)
		return s
	}
	layerByName := func(m *Model, name string) *Layer {
		for _, l := range m.Layers {
			if l.Name == name {
				return l
			}
		}
		t.Fatalf("no layer %q", name)
		return nil
	}

	require.Equal(t, "[1,3,100..200,120..320]", paramShape(models["v03"]).String())
	require.Equal(t, Shape{Dims: []Dim{StaticDim(1), StaticDim(3), IntervalDim(100, 200), IntervalDim(120, 320)}}, paramShape(models["v03"]))
	require.Equal(t, "[1,?,..200,120..]", paramShape(models["v04"]).String())
	require.Equal(t, Shape{Dims: []Dim{StaticDim(1), DynamicDim(), IntervalDim(0, 200), IntervalDim(120, Inf)}}, paramShape(models["v04"]))

	v05 := paramShape(models["v05"])
	require.True(t, v05.DynamicRank)
	require.Equal(t, "[...]", v05.String())
	for _, l := range models["v05"].Layers {
		for _, p := range append(append([]*Port{}, l.Inputs...), l.Outputs...) {
			require.Empty(t, p.Shape.Dims)
		}
	}

	names := 0
	for _, l := range models["v06"].Layers {
		if l.Name == "testname" {
			names++
		}
	}
	require.Equal(t, 2, names)

	v07 := models["v07"]
	require.Equal(t, int64(1), v07.Layers[0].ID, "ids need not be in file order")
	require.Equal(t, []string{"output 0([1 4 512])"}, layerByName(v07, "output 0([1 4 512])").Outputs[0].Names)
	require.Len(t, v07.Layers[1].Outputs[0].Names, 1, "the long ';'-joined name is one name")

	relu := layerByName(models["v08"], "activation")
	require.Equal(t, []string{"relu,t", "identity_t"}, relu.Outputs[0].Names)
	require.Equal(t, int64(1), relu.Inputs[0].ID)

	res := layerByName(models["v09"], "output")
	require.Equal(t, []string{"relu,t", "custom, name"}, res.OutputNames)

	require.Equal(t, "extension", layerByName(models["v10"], "proposal").Version)
	require.Equal(t, 11, models["v11"].Version)
	require.Equal(t, "IR with long comment", models["v11"].Name)
	require.Len(t, models["v12"].Layers, 2)

	v13 := models["v13"]
	require.NotNil(t, v13.Weights)
	c := layerByName(v13, "my_const")
	v, err := v13.ConstValue(c)
	require.NoError(t, err)
	require.Equal(t, U4, v.Type)
	require.Equal(t, []int{}, v.Shape)
	require.Equal(t, []uint8{8}, v.Data)
	require.Empty(t, layerByName(v13, "A").Outputs[0].Names, `names="" is no name`)
}
