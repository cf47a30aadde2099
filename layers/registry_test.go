package layers

import (
	"errors"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// Opset tables: docs/openvino-semantics.md §8 (opset*_tbl.hpp).
func TestLookup(t *testing.T) {
	cases := []struct {
		typ, opset string
		want       string // "MaxPool-8", or the error code
		msg        string // error message when an error is expected
	}{
		{"MaxPool", "opset1", "MaxPool-1", ""},
		{"MaxPool", "opset7", "MaxPool-1", ""},
		{"MaxPool", "opset8", "MaxPool-8", ""},
		{"MaxPool", "opset10", "MaxPool-8", ""},
		{"MaxPool", "opset13", "MaxPool-8", ""},
		{"MaxPool", "opset14", "MaxPool-14", ""},
		{"maxpool", "opset14", "MaxPool-14", ""}, // type lookup is case-insensitive
		{"MaxPool", "opset15", "MaxPool-14", ""},
		{"MaxPool", "opset16", "MaxPool-14", ""},
		{"AvgPool", "opset1", "AvgPool-1", ""},
		{"AvgPool", "opset13", "AvgPool-1", ""},
		{"AvgPool", "opset14", "AvgPool-14", ""},
		{"AvgPool", "opset15", "AvgPool-14", ""},
		{"AvgPool", "opset16", "AvgPool-16", ""},
		{"AdaptiveAvgPool", "opset8", "AdaptiveAvgPool-8", ""},
		{"AdaptiveAvgPool", "opset14", "AdaptiveAvgPool-8", ""},
		{"AdaptiveMaxPool", "opset1", CodeOpNotInOpset, "Opset opset1 doesn't contain the operation with type: AdaptiveMaxPool"},
		{"AdaptiveMaxPool", "opset7", CodeOpNotInOpset, "Opset opset7 doesn't contain the operation with type: AdaptiveMaxPool"},
		{"AdaptiveMaxPool", "opset8", "AdaptiveMaxPool-8", ""},
		{"AdaptiveMaxPool", "opset15", "AdaptiveMaxPool-8", ""},
		{"Parameter", "opset1", "Parameter-1", ""},
		{"Parameter", "opset16", "Parameter-1", ""},
		{"Convert", "opset15", "Convert-1", ""},
		{"Const", "opset1", "Const-1", ""},
		{"Constant", "opset1", "Const-1", ""},
		{"Const", "opset14", "Const-1", ""},
		{"Const", "opset15", "Const-1", ""},
		{"Const", "opset16", "Const-1", ""},
		{"Result", "opset3", "Result-1", ""},
		{"Result", "opset16", "Result-1", ""},
		{"Transpose", "opset1", "Transpose-1", ""},
		{"Transpose", "opset15", "Transpose-1", ""},
		{"MaxPool", "experimental", CodeOpNotInOpset, "Opset experimental doesn't contain the operation with type: MaxPool"},
		{"NV12toRGB", "opset13", "NV12toRGB-8", ""},
		{"Gelu", "opset1", CodeOpNotInOpset, "Opset opset1 doesn't contain the operation with type: Gelu"},
		{"NoSuchOp", "opset5", CodeOpNotInOpset, "Opset opset5 doesn't contain the operation with type: NoSuchOp"},
		{"I420toBGR", "opset15", "I420toBGR-8", ""},
		{"CustomOp", "extension", CodeUnsupportedOp, "unsupported: operation CustomOp (extension)"},
		{"I420toRGB", "extension", CodeOpNotInOpset, "Opset extension doesn't contain the operation with type: I420toRGB"},
		{"Relu", "extension", CodeOpNotInOpset, "Opset extension doesn't contain the operation with type: Relu"},
		{"MaxPool", "opset17", CodeUnknownOpset, "Cannot create MaxPool layer  id: from unsupported opset: opset17"},
		{"MaxPool", "opset0", CodeUnknownOpset, "Cannot create MaxPool layer  id: from unsupported opset: opset0"},
		{"MaxPool", "Opset1", CodeUnknownOpset, "Cannot create MaxPool layer  id: from unsupported opset: Opset1"},
		{"Relu", "opset01", CodeUnknownOpset, "Cannot create Relu layer  id: from unsupported opset: opset01"},
	}
	for _, c := range cases {
		t.Run(c.typ+"/"+c.opset, func(t *testing.T) {
			d, err := Lookup(c.typ, c.opset)
			if c.msg == "" {
				require.NoError(t, err)
				require.Equal(t, c.want, d.Name())
				require.NotNil(t, d.Decode)
				return
			}
			require.Error(t, err)
			require.Nil(t, d)
			require.Equal(t, c.want, ErrorCode(err))
			require.Equal(t, c.msg, err.Error())
		})
	}
}

func TestLookupLayerNamesTheLayer(t *testing.T) {
	l := mkLayer("MaxPool", "opset99")
	l.Name, l.IDText = "pool1", "12"
	_, err := LookupLayer(l)
	var u *UnknownOpsetError
	require.True(t, errors.As(err, &u))
	require.Equal(t, "Cannot create MaxPool layer pool1 id:12 from unsupported opset: opset99", err.Error())
	var unsup *ir.UnsupportedError
	_, err = LookupLayer(mkLayer("CustomOp", "extension"))
	require.True(t, errors.As(err, &unsup))
}

func TestDefArity(t *testing.T) {
	cases := []struct {
		typ, opset   string
		minIn, maxIn int
	}{
		{"Parameter", "opset1", 0, 0},
		{"Const", "opset1", 0, 0},
		{"Result", "opset1", 1, 1},
		{"Convert", "opset1", 1, 1},
		{"Transpose", "opset1", 2, 2},
		{"MaxPool", "opset1", 1, 1},
		{"MaxPool", "opset8", 1, 1},
		{"MaxPool", "opset14", 1, 1},
		{"AvgPool", "opset14", 1, 1},
		{"AdaptiveAvgPool", "opset8", 2, 2},
		{"AdaptiveMaxPool", "opset8", 2, 2},
	}
	for _, c := range cases {
		d, err := Lookup(c.typ, c.opset)
		require.NoError(t, err)
		require.Equal(t, []int{c.minIn, c.maxIn}, []int{d.MinInputs, d.MaxInputs}, d.Name())
	}
}

func TestSupported(t *testing.T) {
	var names []string
	for _, s := range Supported() {
		names = append(names, s.Type+"-"+itoa(s.Version))
	}
	require.Subset(t, names, []string{"Parameter-1", "Const-1", "Result-1", "Convert-1", "Transpose-1",
		"MaxPool-1", "MaxPool-8", "MaxPool-14", "AvgPool-1", "AvgPool-14", "AdaptiveAvgPool-8", "AdaptiveMaxPool-8"})
	for _, s := range Supported() {
		if s.Type == "MaxPool" && s.Version == 8 {
			require.Equal(t, []string{"opset8", "opset9", "opset10", "opset11", "opset12", "opset13"}, s.Opsets)
		}
	}
}

func itoa(v int) string { return (&Def{Version: v}).Name()[1:] }
