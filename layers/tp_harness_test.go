package layers

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// Harness of the type_prop tables (tp_*_test.go): OpenVINO's own shape and type inference
// expectations, src/core/tests/type_prop/<op>.cpp, transcribed as data. Each case names an
// op's inputs in a compact text form and the outputs (or error) OpenVINO expects.
//
// Input forms:
//
//	"f32[1,?,2..5]"     a Parameter of that element type and partial shape ("f32[...]": dynamic rank)
//	"i64[2]=1,-1"       a Constant with those values (ints, or floats for a float type)
//	"i64[3]:1..4,2,0.." a non-constant integer input known by per-element bounds (a shape
//	                    sub-graph of dynamic dims); "a..b", "a..", "n" per element
//	"i64[2]#"           a Constant whose value is not known (no weights)
//
// Output form: "f32[1,?,2..5]"; "*[1,2]" skips the element type check; "f32[#3]" checks
// only the rank (where OpenVINO's test asserts only that).
type tpCase struct {
	name  string   // OpenVINO's test name (or a short description)
	attrs []string // <data> attribute name/value pairs
	in    []string
	out   []string
	err   string // expected error substring ("*": any error); out is ignored
	// note records where irrun deliberately differs from OpenVINO's expectation (the
	// expectation in out is then irrun's, and the reason is here).
	note string
}

// tpElem parses an element type name (f32, i64, boolean, dynamic, ...).
func tpElem(t *testing.T, s string) ir.ElementType {
	t.Helper()
	if s == "dynamic" {
		return ir.Dynamic
	}
	et, err := ir.ParseElementTypeAttr(s)
	require.NoError(t, err, "element type %q", s)
	return et
}

// tpSplitSpec splits "f32[1,2]..." into the type, the shape text and the rest.
func tpSplitSpec(t *testing.T, s string) (string, string, string) {
	t.Helper()
	open := strings.IndexByte(s, '[')
	end := strings.IndexByte(s, ']')
	require.True(t, open > 0 && end > open, "bad spec %q", s)
	return s[:open], s[open : end+1], s[end+1:]
}

// tpInput parses one input spec.
func tpInput(t *testing.T, s string) Input {
	t.Helper()
	typ, sh, rest := tpSplitSpec(t, s)
	et := tpElem(t, typ)
	in := Input{Type: et, Shape: shape(t, sh)}
	switch {
	case rest == "":
		return in
	case rest == "#":
		in.Constant = true
		return in
	case rest[0] == '=':
		dims, ok := staticDims(in.Shape)
		require.True(t, ok, "constant %q needs a static shape", s)
		var vals []string
		if rest != "=" {
			vals = strings.Split(rest[1:], ",")
		}
		x, err := ir.NewTensor(et, dims)
		require.NoError(t, err)
		require.Equal(t, x.Len(), len(vals), "constant %q: value count", s)
		for i, v := range vals {
			tpSet(t, x, i, strings.TrimSpace(v))
		}
		in.Value, in.Constant = x, true
		return in
	case rest[0] == ':':
		var b Bounds
		for _, f := range strings.Split(rest[1:], ",") {
			lo, hi, isRange := strings.Cut(strings.TrimSpace(f), "..")
			l := tpInt(t, lo)
			h := l
			if isRange {
				h = math.MaxInt64
				if hi != "" {
					h = tpInt(t, hi)
				}
			}
			b.Lo, b.Hi = append(b.Lo, l), append(b.Hi, h)
		}
		in.Bounds = &b
		return in
	}
	t.Fatalf("bad input spec %q", s)
	return in
}

// tpSet stores the text value v at flat index i of x.
func tpSet(t *testing.T, x *ir.Tensor, i int, v string) {
	t.Helper()
	if x.Type.IsFloat() {
		f, err := strconv.ParseFloat(v, 64)
		require.NoError(t, err)
		switch d := x.Data.(type) {
		case []float32:
			d[i] = float32(f)
		case []float64:
			d[i] = f
		case []float16.Float16:
			d[i] = float16.Fromfloat32(float32(f))
		case []uint16: // bf16: round to nearest even
			b := math.Float32bits(float32(f))
			if f != f {
				d[i] = 0x7fc0
			} else {
				d[i] = uint16((b + 0x7fff + (b>>16)&1) >> 16)
			}
		default:
			t.Fatalf("tpSet: float type %s not supported", x.Type)
		}
		return
	}
	if x.Type == ir.Boolean {
		x.Data.([]bool)[i] = v == "1" || v == "true"
		return
	}
	n := tpInt(t, v)
	switch d := x.Data.(type) {
	case []int64:
		d[i] = n
	case []int32:
		d[i] = int32(n)
	case []uint64:
		d[i] = uint64(n)
	case []uint32:
		d[i] = uint32(n)
	case []int8:
		d[i] = int8(n)
	case []uint8:
		d[i] = uint8(n)
	case []int16:
		d[i] = int16(n)
	case []uint16:
		d[i] = uint16(n)
	default:
		t.Fatalf("tpSet: type %s not supported", x.Type)
	}
}

// tpRun runs the cases of one op: decode (an attribute error is an expected error too),
// Infer then Propagate as the graph does, and compare every output's type and shape.
func tpRun(t *testing.T, typ, opset string, cases []tpCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(typ+"-"+opset+"/"+c.name, func(t *testing.T) {
			def, err := Lookup(typ, opset)
			require.NoError(t, err)
			op, diags := def.Decode(mkLayer(typ, opset, c.attrs...), nil)
			if op == nil || len(diags) > 0 {
				require.NotEmpty(t, c.err, "decode failed: %v", diags)
				require.NotEmpty(t, diags)
				if c.err != "*" {
					require.Contains(t, diags[0].Message, c.err)
				}
				return
			}
			in := make([]Input, len(c.in))
			for i, s := range c.in {
				in[i] = tpInput(t, s)
			}
			outs, err := op.Infer(in)
			if c.err != "" {
				require.Error(t, err, "want error %q", c.err)
				if c.err != "*" { // "*": OpenVINO's test expects a failure without naming it
					require.Contains(t, err.Error(), c.err)
				}
				return
			}
			require.NoError(t, err)
			outs = Propagate(op, in, outs)
			require.Len(t, outs, len(c.out), "output count")
			for i, w := range c.out {
				wt, ws, _ := tpSplitSpec(t, w)
				if n, ok := strings.CutPrefix(ws, "[#"); ok {
					// "[#4]": OpenVINO's test asserts only the rank.
					r, rok := outs[i].Shape.Rank()
					require.True(t, rok, "output %d: rank of %s", i, outs[i].Shape)
					require.Equal(t, strings.TrimSuffix(n, "]"), strconv.Itoa(r), "output %d rank of %s", i, outs[i].Shape)
				} else {
					require.Equal(t, shape(t, strings.ReplaceAll(ws, " ", "")).String(), outs[i].Shape.String(), "output %d shape", i)
				}
				if wt != "*" {
					require.Equal(t, tpElem(t, wt).String(), outs[i].Type.String(), "output %d type", i)
				}
			}
		})
	}
}

// tpInt parses an integer, or one of the C++ limits the tests use (MAX32, MIN32, MAX64,
// MIN64).
func tpInt(t *testing.T, v string) int64 {
	t.Helper()
	switch v {
	case "MAX32":
		return math.MaxInt32
	case "MIN32":
		return math.MinInt32
	case "MAX64":
		return math.MaxInt64
	case "MIN64":
		return math.MinInt64
	}
	n, err := strconv.ParseInt(v, 10, 64)
	require.NoError(t, err, "integer %q", v)
	return n
}
