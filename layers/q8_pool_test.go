package layers

import (
	"fmt"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// Q8MaxPoolKeepsGrid: true exactly when every output window of the MaxPool holds a data
// element (windows listed by hand for each geometry).
func TestQ8MaxPoolKeepsGrid(t *testing.T) {
	for _, c := range []struct {
		version, data string
		kv            []string
		typ           ir.ElementType
		want          bool
	}{
		// person-reid-0287: 3×3 s2 p1 on 128×64: windows start at -1, 1, …; each holds 2+ elements.
		{"opset8", "1,32,128,64", []string{"kernel", "3,3", "strides", "2,2", "pads_begin", "1,1", "pads_end", "1,1"}, ir.F32, true},
		{"opset1", "1,8,7,7", []string{"kernel", "2,2", "strides", "2,2", "rounding_type", "ceil"}, ir.F32, true},
		// pads of the kernel's size: the first window [-2, -1] is all padding.
		{"opset1", "1,8,6,6", []string{"kernel", "2,2", "strides", "1,1", "pads_begin", "2,2", "pads_end", "0,0"}, ir.F32, false},
		{"opset1", "1,8,6,6", []string{"kernel", "2,2", "strides", "1,1", "pads_begin", "0,0", "pads_end", "2,2"}, ir.F32, false},
		// dilation 3, kernel 2, pad 2: the first window reads -2 and 1, the second -1 and 2.
		{"opset8", "1,2,5", []string{"kernel", "2", "strides", "1", "dilations", "3", "pads_begin", "2", "pads_end", "0"}, ir.F32, true},
		// dilation 4 over 3 elements with pad 3: window 0 reads -3 and 1, window 1 -2 and 2.
		{"opset8", "1,2,3", []string{"kernel", "2", "strides", "1", "dilations", "4", "pads_begin", "3", "pads_end", "0"}, ir.F32, true},
		// dilation 2 over 1 element with pads 1: the only window reads -1 and 1, both padding.
		{"opset8", "1,2,1", []string{"kernel", "2", "strides", "1", "dilations", "2", "pads_begin", "1", "pads_end", "1"}, ir.F32, false},
		{"opset1", "1,8,6,6", []string{"kernel", "3,3", "strides", "1,1"}, ir.F16, false}, // f32 only
	} {
		name := fmt.Sprintf("%s %s %v %s", c.version, c.data, c.kv, c.typ)
		op := decodeOp(t, "MaxPool", c.version, c.kv...)
		require.Equal(t, c.want, Q8MaxPoolKeepsGrid(op, []Input{{Type: c.typ, Shape: shape(t, c.data)}}), name)
	}
	avg := decodeOp(t, "AvgPool", "opset1", "kernel", "2,2", "strides", "2,2", "exclude-pad", "true")
	require.False(t, Q8MaxPoolKeepsGrid(avg, []Input{{Type: ir.F32, Shape: shape(t, "1,8,6,6")}}))
}
