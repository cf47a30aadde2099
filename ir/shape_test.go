package ir

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseShape(t *testing.T) {
	cases := []struct {
		in      string
		want    string // Shape.String(), or "" on error
		wantErr string
	}{
		{"1,3,224,224", "[1,3,224,224]", ""},
		{"1, 3, 224, 224", "[1,3,224,224]", ""},
		{" [1,2] ", "[1,2]", ""},
		{"[1, 2]", "[1,2]", ""},
		{"1,3,?,16..32", "[1,3,?,16..32]", ""},
		{"?,3,5..,..8", "[?,3,5..,..8]", ""},
		{"-1,3", "[?,3]", ""},
		{"...", "[...]", ""},
		{"[...]", "[...]", ""},
		{"", "[]", ""},
		{"[]", "[]", ""},
		{"  ", "[]", ""},
		{"0", "[0]", ""},
		{"1..1", "[1]", ""},
		{"1..g,2", "", `Cannot parse max bound: "g"`},
		{"g..2", "", `Cannot parse min bound: "g"`},
		{"1s,2", "", `Cannot parse dimension: "1s"`},
		{"...,...", "", `Cannot parse dimension: "..."`},
		{"1,...,2", "", `Cannot parse dimension: "..."`},
		{"-2", "", `Cannot parse dimension: "-2"`},
		{"+3", "", `Cannot parse dimension: "+3"`},
		{"3.0", "", `Cannot parse dimension: "3.0"`},
		{"1,,2", "", `Cannot get vector of dimensions! "1,,2" is incorrect`},
		{",1", "", `Cannot get vector of dimensions! ",1" is incorrect`},
		{"5..2", "", `Cannot parse dimension: "5..2"`},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			s, err := ParseShape(tc.in)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, s.String())
		})
	}
}

func TestParseDim(t *testing.T) {
	cases := []struct {
		in   string
		want Dim
		ok   bool
	}{
		{"?", DynamicDim(), true},
		{"-1", DynamicDim(), true},
		{" 7 ", StaticDim(7), true},
		{"2..5", IntervalDim(2, 5), true},
		{"..5", IntervalDim(0, 5), true},
		{"2..", IntervalDim(2, Inf), true},
		{"-2", Dim{}, false},
		{"+3", Dim{}, false},
		{"3.0", Dim{}, false},
		{"1s", Dim{}, false},
		{"1..g", Dim{}, false},
		{"x..3", Dim{}, false},
		{"", Dim{}, false},
		{"99999999999999999999", Dim{}, false},
	}
	for _, tc := range cases {
		d, err := ParseDim(tc.in)
		if !tc.ok {
			require.Error(t, err, tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		require.Equal(t, tc.want, d, tc.in)
	}
}

func TestShapeString(t *testing.T) {
	cases := []struct {
		s    Shape
		want string
	}{
		{StaticShape(1, 3, 224, 224), "[1,3,224,224]"},
		{Shape{Dims: []Dim{StaticDim(1), StaticDim(3), DynamicDim(), IntervalDim(16, 32)}}, "[1,3,?,16..32]"},
		{Shape{Dims: []Dim{DynamicDim(), StaticDim(3), IntervalDim(5, Inf), IntervalDim(0, 8)}}, "[?,3,5..,..8]"},
		{DynamicRankShape(), "[...]"},
		{Shape{}, "[]"},
		{StaticShape(), "[]"},
	}
	for _, tc := range cases {
		require.Equal(t, tc.want, tc.s.String())
	}
}

func TestParsePrecision(t *testing.T) {
	ok := map[string]ElementType{
		"FP16": F16, "FP32": F32, "BF16": BF16, "FP64": F64, "f16": F16, "f32": F32, "bf16": BF16, "f64": F64,
		"I4": I4, "I8": I8, "I16": I16, "I32": I32, "I64": I64, "i4": I4, "i8": I8, "i64": I64,
		"U1": U1, "BIN": U1, "bin": U1, "u1": U1, "U2": U2, "U3": U3, "U4": U4, "U6": U6,
		"u2": U2, "u3": U3, "u4": U4, "u6": U6, "U8": U8, "U16": U16, "U32": U32, "U64": U64, "u64": U64,
		"BOOL": Boolean, "boolean": Boolean, "STRING": String, "string": String, "NF4": NF4, "nf4": NF4,
		"F8E4M3": F8E4M3, "f8e4m3": F8E4M3, "F8E5M2": F8E5M2, "F8E8M0": F8E8M0, "F4E2M1": F4E2M1, "f4e2m1": F4E2M1,
		"UNSPECIFIED": Undefined, "undefined": Undefined, "dynamic": Dynamic,
	}
	for s, want := range ok {
		got, err := ParsePrecision(s)
		require.NoError(t, err, s)
		require.Equal(t, want, got, s)
	}
	for _, s := range []string{"F32", "fp32", "bool", "Bool", "int64", "I1", "", "f32 ", "Boolean", "FP8"} {
		_, err := ParsePrecision(s)
		require.EqualError(t, err, "Incorrect type: "+s)
	}
}

func TestParseElementTypeAttr(t *testing.T) {
	ok := map[string]ElementType{
		"f32": F32, "F32": F32, "I64": I64, "i64": I64, "boolean": Boolean, "BOOLEAN": Boolean,
		"u1": U1, "u4": U4, "string": String, "nf4": NF4, "f8e4m3": F8E4M3, "dynamic": Dynamic,
		"undefined": Undefined, "bf16": BF16, "f4e2m1": F4E2M1, "f8e8m0": F8E8M0,
	}
	for s, want := range ok {
		got, err := ParseElementTypeAttr(s)
		require.NoError(t, err, s)
		require.Equal(t, want, got, s)
	}
	for _, s := range []string{"FP32", "BOOL", "BIN", "bool", "int64", "", "UNSPECIFIED", "float"} {
		_, err := ParseElementTypeAttr(s)
		require.EqualError(t, err, `"`+s+`" is not a member of enum element::Type_t`)
	}
}

func TestElementTypeInfo(t *testing.T) {
	require.Equal(t, "FP32", F32.PrecisionName())
	require.Equal(t, "BIN", U1.PrecisionName())
	require.Equal(t, "f32", F32.String())
	for _, tc := range []struct {
		t     ElementType
		count int64
		bytes int64
	}{
		{F32, 3, 12}, {U1, 9, 2}, {U4, 1, 1}, {U3, 8, 3}, {U3, 1, 1}, {U6, 4, 3}, {I4, 3, 2}, {Boolean, 5, 5}, {F64, 2, 16},
	} {
		n, ok := tc.t.StorageBytes(tc.count)
		require.True(t, ok)
		require.Equal(t, tc.bytes, n, "%s x%d", tc.t, tc.count)
	}
	_, ok := String.StorageBytes(1)
	require.False(t, ok)
	_, ok = F64.StorageBytes(1 << 62)
	require.False(t, ok)
}
