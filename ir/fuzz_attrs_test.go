package ir

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseShape checks that ParseShape never panics, that every dimension it returns is a
// valid interval, and that a parsed shape prints to text that parses back to it.
func FuzzParseShape(f *testing.F) {
	for _, s := range []string{"", "[]", "...", "[...]", "1,3,224,224", "[1,3,?,16..32]", "?,3,5..,..8",
		"-1", "-2", "1..0", "9223372036854775807", "9223372036854775808", "1,,2", "1,", " [ 2 , 3 ] ",
		"..", "...,1", "0..9223372036854775807", "a", "1e3", "+1", "０"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseShape(text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		for i, d := range s.Dims {
			if d.Lo < 0 || d.Hi < d.Lo {
				t.Fatalf("ParseShape(%q) dim %d = %+v is not an interval in [0, Inf]", text, i, d)
			}
		}
		again, err := ParseShape(s.String())
		if err != nil {
			t.Fatalf("ParseShape(%q) = %s, which does not parse back: %v", text, s, err)
		}
		if !again.Equal(s) {
			t.Fatalf("ParseShape(%q) = %s, printed and parsed again gives %s", text, s, again)
		}
	})
}

// FuzzAttrs runs every typed accessor of Attrs on one attribute value: none may panic,
// every failure is an *AttrError naming the value, and results are consistent.
func FuzzAttrs(f *testing.F) {
	for _, s := range []string{"", "2, 2", "1,2,3,", ",1", "1,,2", "2x", "-1", "18446744073709551615",
		"18446744073709551616", "9223372036854775807", "-9223372036854775808", " +7", "true", "FALSE", "0",
		"f32", "F32", "FP32", "bin", "u1", "same_upper", "SAME_UPPER", "1..3", "?", "...", "\x00", "٣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		a := Attrs{{Name: "v", Value: v, Offset: 7, Elem: "data"}}
		check := func(what string, err error) {
			t.Helper()
			if err == nil {
				return
			}
			var ae *AttrError
			if !errors.As(err, &ae) {
				t.Fatalf("%s(%q): error %T is not an *AttrError: %v", what, v, err, err)
			}
			if ae.Value != v || ae.Offset != 7 || ae.Name != "v" {
				t.Fatalf("%s(%q): AttrError fields %+v", what, v, ae)
			}
			if ae.Msg == "" {
				t.Fatalf("%s(%q): empty message", what, v)
			}
		}
		ints, ok, err := a.Ints("v")
		check("Ints", err)
		if !ok {
			t.Fatal("Ints: attribute not found")
		}
		if err == nil && len(ints) > strings.Count(v, ",")+1 {
			t.Fatalf("Ints(%q) = %d values from %d fields", v, len(ints), strings.Count(v, ",")+1)
		}
		_, _, err = a.Int("v")
		check("Int", err)
		_, _, err = a.Uint("v")
		check("Uint", err)
		b, _, err := a.Bool("v")
		check("Bool", err)
		if err == nil && b != (strings.EqualFold(v, "true") || v == "1") {
			t.Fatalf("Bool(%q) = %t", v, b)
		}
		e, _, err := a.Enum("v", "explicit", "same_upper", "same_lower", "valid")
		check("Enum", err)
		if err == nil && !strings.EqualFold(e, v) {
			t.Fatalf("Enum(%q) = %q", v, e)
		}
		et, _, err := a.ElementType("v")
		check("ElementType", err)
		if err == nil && !strings.EqualFold(et.String(), v) {
			t.Fatalf("ElementType(%q) = %s", v, et)
		}
		_, _, err = a.Shape("v")
		check("Shape", err)
		_, _ = ParsePrecision(v)
		_, _ = ParseElementTypeAttr(v)
		_, _ = ParseDim(v)
		_ = splitNames(v)
	})
}
