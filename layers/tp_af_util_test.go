package layers

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Helpers of the round-15 type_prop tables of the files a–f (prefix tpf).

// tpfK returns a rank-1 Constant spec holding the comma-separated values v: tpfK("i64",
// "1,2") is "i64[2]=1,2".
func tpfK(et, v string) string {
	return et + "[" + strconv.Itoa(strings.Count(v, ",")+1) + "]=" + v
}

// tpfInfer decodes typ (opset, attrs) and runs Infer then Propagate on the input specs, as
// the graph does; an input spec may also be an Output of an earlier tpfInfer (a chain).
func tpfInfer(t *testing.T, typ, opset string, attrs []string, in ...any) []Output {
	t.Helper()
	def, err := Lookup(typ, opset)
	require.NoError(t, err)
	op, diags := def.Decode(mkLayer(typ, opset, attrs...), nil)
	require.Empty(t, diags)
	ins := make([]Input, len(in))
	for i, x := range in {
		switch v := x.(type) {
		case string:
			ins[i] = tpInput(t, v)
		case Output:
			ins[i] = Input{Type: v.Type, Shape: v.Shape, Value: v.Value, Constant: v.Value != nil, Bounds: v.Bounds}
		default:
			t.Fatalf("tpfInfer: input %d of type %T", i, x)
		}
	}
	outs, err := op.Infer(ins)
	require.NoError(t, err)
	return Propagate(op, ins, outs)
}

// itoaTPF is strconv.Itoa (short for the tables' case names).
func itoaTPF(i int) string { return strconv.Itoa(i) }

// tpfCutDots splits "a..b" into its bounds.
func tpfCutDots(s string) (int64, int64, bool) {
	a, b, ok := strings.Cut(s, "..")
	if !ok {
		return 0, 0, false
	}
	lo, err1 := strconv.ParseInt(a, 10, 64)
	hi, err2 := strconv.ParseInt(b, 10, 64)
	return lo, hi, err1 == nil && err2 == nil
}

// tpfIndexByte is strings.IndexByte.
func tpfIndexByte(s string, c byte) int { return strings.IndexByte(s, c) }
