package layers

import (
	"strconv"
	"strings"
	"testing"
)

// VariadicSplit-1 shape inference: src/core/tests/type_prop/variadic_split.cpp@01c95f3e, as
// data. Label checks and the bounds suite (a ShapeOf split into Broadcast targets) are out of
// scope.
func TestTPVariadicSplit(t *testing.T) {
	var cases []tpCase
	// VariadicSplitTest (type_prop_static_shape, type_prop_dynamic_shape): axis scalar with i16
	// lengths (i32 data), axis 1D with i32 lengths (u64 data), i64 (f32 data, default ctor).
	for i, p := range []struct {
		data, axis, lengths string
		outs                []string
	}{
		{"6,2", "0", "6", []string{"6,2"}},
		{"6,2,10", "-1", "6,-1,3", []string{"6,2,6", "6,2,1", "6,2,3"}},
		{"1,20,3", "1", "-1,10,3,5", []string{"1,2,3", "1,10,3", "1,3,3", "1,5,3"}},
		{"2..6,2", "0", "4", []string{"4,2"}},
		{"2..6,2", "0", "4,1,-1", []string{"4,2", "1,2", "?,2"}},
		{"12,?", "-2", "7,-1,2", []string{"7,?", "3,?", "2,?"}},
		{"?,?,6", "2", "3,1,2", []string{"?,?,3", "?,?,1", "?,?,2"}},
		{"?,6", "1", "6,0", []string{"?,6", "?,0"}},
		{"2..4,?", "1", "4,1,-1,3", []string{"2..4,4", "2..4,1", "2..4,?", "2..4,3"}},
	} {
		n := strconv.Itoa(len(strings.Split(p.lengths, ",")))
		for _, v := range []struct{ et, axis, lt string }{{"i32", "i16[]", "i16"}, {"u64", "i32[1]", "i32"}, {"f32", "i64[]", "i64"}} {
			outs := make([]string, len(p.outs))
			for j, o := range p.outs {
				outs[j] = v.et + "[" + o + "]"
			}
			cases = append(cases, tpCase{name: "VariadicSplitTest/" + v.et + "/" + strconv.Itoa(i),
				in:  []string{v.et + "[" + p.data + "]", v.axis + "=" + p.axis, v.lt + "[" + n + "]=" + p.lengths},
				out: outs})
		}
	}
	tpRun(t, "VariadicSplit", "opset1", cases)
}
