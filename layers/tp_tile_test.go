package layers

import (
	"strconv"
	"strings"
	"testing"
)

// Tile-0 shape inference: src/core/tests/type_prop/tile.cpp@08d67fb2, as data. Label checks
// and the ShapeOf-into-Broadcast value tests are out of scope.
func TestTPTile(t *testing.T) {
	cases := []tpCase{
		{name: "exception_if_repeats_are_float", in: []string{"f64[2,3,4]", "f32[3]=3,2,1"}, err: "Tile repeats must have any integer element type, but has"},
		{name: "exception_if_repeats_shape_is_not_rank_1", in: []string{"f64[2,3,4]", "i16[3,1]=3,2,1"}, err: "Tile repeats must be of rank 1"},
		{name: "repeats_has_negative_values", in: []string{"i32[?,3,4,..5,4..]", "i8[5]=-1,-2,1,-1,-1"}, out: []string{"i32[0,0,4,0,0]"}},
		{name: "repeats_are_undefined_and_its_rank_lt_data_rank", in: []string{"f32[6,8,10]", "i32[2]"}, out: []string{"f32[?,?,?]"}},
		{name: "repeats_are_undefined_and_its_rank_gt_data_rank", in: []string{"f32[6,8,10]", "i32[5]"}, out: []string{"f32[?,?,?,?,?]"}},
		{name: "data_dynamic_rank_repeats_are_undefined", in: []string{"f32[...]", "i32[5]"}, out: []string{"f32[...]"}},
		{name: "data_and_repeats_are_dynamic_rank", in: []string{"f32[...]", "i32[...]"}, out: []string{"f32[...]"}},
	}
	// TileTest (type_prop_static_shape, type_prop_dynamic_shape): f16 and f32 data, i64 repeats.
	for i, p := range []struct{ data, reps, out string }{
		{"1,2", "0,0", "0,0"}, {"3,7,1,2,4", "2,1,7,1,2", "6,7,7,2,8"}, {"1,4,2", "1,1,1", "1,4,2"}, {"1,2,4", "2,1", "1,4,4"},
		{"3,6,7,1,2,4", "2,2", "3,6,7,1,4,8"}, {"1,2,4", "2,1,1,1", "2,1,2,4"}, {"1,2,4", "2,1,2,3,4", "2,1,2,6,16"},
		{"1..5,2..", "0,0", "0,0"}, {"3..,..7,?,2..3,..2", "2,1,7,1,2", "6..,..7,?,2..3,..4"}, {"3,6,7..9,1,2..8,4", "2,2", "3,6,7..9,1,4..16,8"},
		{"?,?,?", "2,1,2,3,4", "2,1,?,?,?"},
	} {
		n := strconv.Itoa(len(strings.Split(p.reps, ",")))
		for _, et := range []string{"f16", "f32"} {
			cases = append(cases, tpCase{name: "TileTest/" + et + "/" + strconv.Itoa(i),
				in: []string{et + "[" + p.data + "]", "i64[" + n + "]=" + p.reps}, out: []string{et + "[" + p.out + "]"}})
		}
	}
	tpRun(t, "Tile", "opset1", cases)
}
