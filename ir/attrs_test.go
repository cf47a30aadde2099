package ir

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func attrsOf(name, value string) Attrs {
	return Attrs{{Name: name, Value: value, Offset: 42, Elem: "data"}}
}

func TestAttrsInts(t *testing.T) {
	cases := []struct {
		in      string
		want    []int64
		wantErr string
	}{
		{"2, 2", []int64{2, 2}, ""},
		{"2,2", []int64{2, 2}, ""},
		{" 1 ,2 , 3 ", []int64{1, 2, 3}, ""},
		{"", []int64{}, ""},
		{"7", []int64{7}, ""},
		{"1,2,", []int64{1, 2}, ""},
		{"-1, +3", []int64{-1, 3}, ""},
		{"9223372036854775807", []int64{9223372036854775807}, ""},
		{",1", nil, `Cannot get vector of parameters! ",1" is incorrect`},
		{"1,,2", nil, `Cannot get vector of parameters! "1,,2" is incorrect`},
		{"1,2,,", nil, `Cannot get vector of parameters! "1,2,," is incorrect`},
		{",", nil, `Cannot get vector of parameters! "," is incorrect`},
		{"2x", nil, `field "2x" is not a signed 64 bit integer`},
		{"a,1", nil, `field "a" is not a signed 64 bit integer`},
		{"1, ", nil, `field " " is not a signed 64 bit integer`},
		{"1.5", nil, `field "1.5" is not a signed 64 bit integer`},
		{"9223372036854775808", nil, "not a signed 64 bit integer"},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			got, ok, err := attrsOf("kernel", tc.in).Ints("kernel")
			require.True(t, ok)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				var ae *AttrError
				require.ErrorAs(t, err, &ae)
				require.Equal(t, AttrError{Elem: "data", Name: "kernel", Value: tc.in, Offset: 42, Msg: ae.Msg}, *ae)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
	got, ok, err := Attrs{}.Ints("kernel")
	require.False(t, ok)
	require.NoError(t, err)
	require.Nil(t, got)
}

func TestAttrsIntUint(t *testing.T) {
	ints := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true}, {"-5", -5, true}, {" 12 ", 12, true}, {"+3", 3, true},
		{"", 0, false}, {"x", 0, false}, {"1.0", 0, false}, {"2x", 0, false},
	}
	for _, tc := range ints {
		v, present, err := attrsOf("axis", tc.in).Int("axis")
		require.True(t, present)
		if tc.ok {
			require.NoError(t, err, tc.in)
			require.Equal(t, tc.want, v)
		} else {
			require.ErrorContains(t, err, `node data has attribute "axis" = "`+tc.in+`" which is not a signed 64 bit integer`)
		}
	}
	uints := []struct {
		in   string
		want uint64
		ok   bool
	}{
		{"0", 0, true}, {"32", 32, true}, {" 7", 7, true}, {"+7", 7, true},
		{"18446744073709551615", 18446744073709551615, true},
		{"-1", 0, false}, {"", 0, false}, {"7 ", 0, false}, {"1e3", 0, false},
		{"18446744073709551616", 0, false}, {"abc", 0, false},
	}
	for _, tc := range uints {
		v, present, err := attrsOf("size", tc.in).Uint("size")
		require.True(t, present)
		if tc.ok {
			require.NoError(t, err, tc.in)
			require.Equal(t, tc.want, v)
		} else {
			require.EqualError(t, err, `node data has attribute "size" = "`+tc.in+`" which is not an unsigned 64 bit integer`)
		}
	}
	_, present, err := Attrs{}.Uint("size")
	require.False(t, present)
	require.NoError(t, err)
}

func TestAttrsBool(t *testing.T) {
	for in, want := range map[string]bool{"true": true, "TRUE": true, "True": true, "1": true, "false": false, "False": false, "0": false} {
		v, ok, err := attrsOf("exclude-pad", in).Bool("exclude-pad")
		require.True(t, ok)
		require.NoError(t, err)
		require.Equal(t, want, v, in)
	}
	for _, in := range []string{"yes", "", "2", "t", " true"} {
		_, ok, err := attrsOf("exclude-pad", in).Bool("exclude-pad")
		require.True(t, ok)
		require.ErrorContains(t, err, "OpenVINO ignores it and keeps the default", in)
	}
}

func TestAttrsEnum(t *testing.T) {
	pads := []string{"explicit", "same_lower", "same_upper", "valid"}
	for in, want := range map[string]string{"explicit": "explicit", "SAME_UPPER": "same_upper", "Valid": "valid"} {
		v, ok, err := attrsOf("auto_pad", in).Enum("auto_pad", pads...)
		require.True(t, ok)
		require.NoError(t, err)
		require.Equal(t, want, v)
	}
	for _, in := range []string{"notset", "", "same"} {
		_, ok, err := attrsOf("auto_pad", in).Enum("auto_pad", pads...)
		require.True(t, ok)
		require.EqualError(t, err, `"`+in+`" is not a member of enum auto_pad (explicit, same_lower, same_upper, valid)`)
	}
	_, ok, err := Attrs{}.Enum("auto_pad", pads...)
	require.False(t, ok)
	require.NoError(t, err)
}

func TestAttrsElementTypeAndShape(t *testing.T) {
	et, ok, err := attrsOf("element_type", "I64").ElementType("element_type")
	require.True(t, ok)
	require.NoError(t, err)
	require.Equal(t, I64, et)
	_, _, err = attrsOf("element_type", "FP32").ElementType("element_type")
	require.ErrorContains(t, err, `"FP32" is not a member of enum element::Type_t`)

	s, ok, err := attrsOf("shape", "1,3,?,16..32").Shape("shape")
	require.True(t, ok)
	require.NoError(t, err)
	require.Equal(t, "[1,3,?,16..32]", s.String())
	_, _, err = attrsOf("shape", "1s,2").Shape("shape")
	require.ErrorContains(t, err, `Cannot parse dimension: "1s"`)
	var ae *AttrError
	require.ErrorAs(t, err, &ae)
	require.Equal(t, 42, ae.Offset)
}

func TestAttrsGet(t *testing.T) {
	a := Attrs{{Name: "a", Value: "1"}, {Name: "b", Value: "2"}, {Name: "a", Value: "3"}}
	at, ok := a.Get("a")
	require.True(t, ok)
	require.Equal(t, "1", at.Value, "the first of duplicate attributes wins")
	_, ok = a.Get("A")
	require.False(t, ok, "names are case-sensitive")
	require.Equal(t, "2", a.Value("b"))
	require.Equal(t, "", a.Value("c"))
	require.True(t, a.Has("b"))
}

func TestSplitNames(t *testing.T) {
	cases := map[string][]string{
		"":                      nil,
		"a":                     {"a"},
		"a,b":                   {"a", "b"},
		`relu\,t, identity_t`:   {"relu,t", "identity_t"},
		`relu\,t,custom\, name`: {"relu,t", "custom, name"},
		"output 0([1 4 512])":   {"output 0([1 4 512])"},
		" a , b ,":              {"a", "b"},
		`a\b`:                   {`a\b`},
		"x;y;z":                 {"x;y;z"},
	}
	for in, want := range cases {
		require.Equal(t, want, splitNames(in), in)
	}
}
