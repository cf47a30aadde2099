package layers

import (
	"context"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// mkLayer builds a layer whose <data> holds the given name/value pairs; attribute
// i has offset 100+10*i, the <data> element offset 90, the layer offset 50.
func mkLayer(typ, version string, kv ...string) *ir.Layer {
	l := &ir.Layer{ID: 7, IDText: "7", Name: "lay", Type: typ, Version: version, Offset: 50, DataOff: 90}
	if len(kv) > 0 {
		l.HasData = true
		l.Data = ir.Attrs{}
		for i := 0; i+1 < len(kv); i += 2 {
			l.Data = append(l.Data, ir.Attr{Elem: "data", Name: kv[i], Value: kv[i+1], Offset: 100 + 10*(i/2)})
		}
	}
	return l
}

// decodeOp looks up and decodes a layer, requiring success without diagnostics.
func decodeOp(t *testing.T, typ, version string, kv ...string) Op {
	t.Helper()
	def, err := Lookup(typ, version)
	require.NoError(t, err)
	op, diags := def.Decode(mkLayer(typ, version, kv...), nil)
	require.Empty(t, diags)
	require.NotNil(t, op)
	return op
}

func shape(t *testing.T, s string) ir.Shape {
	t.Helper()
	sh, err := ir.ParseShape(s)
	require.NoError(t, err)
	return sh
}

func tensor(t *testing.T, typ ir.ElementType, dims []int, data any) *ir.Tensor {
	t.Helper()
	tt := &ir.Tensor{Type: typ, Shape: dims, Data: data}
	n, err := ir.ElementCount(dims)
	require.NoError(t, err)
	require.Equal(t, n, tt.Len())
	return tt
}

func i64Tensor(t *testing.T, v ...int64) *ir.Tensor {
	return tensor(t, ir.I64, []int{len(v)}, v)
}

// run prepares op for the inputs, allocates outputs from Infer and runs it.
func run(t *testing.T, op Op, opts ExecOptions, in ...*ir.Tensor) []*ir.Tensor {
	t.Helper()
	outs, err := runErr(op, opts, in...)
	require.NoError(t, err)
	return outs
}

func runErr(op Op, opts ExecOptions, in ...*ir.Tensor) ([]*ir.Tensor, error) {
	inputs := make([]Input, len(in))
	for i, x := range in {
		inputs[i] = Input{Type: x.Type, Shape: shapeOfDims(x.Shape)}
		if i > 0 { // secondary inputs (output_size, order) are constants
			inputs[i].Value = x
		}
	}
	return layRunInputs(op, inputs, opts, in)
}

// layRunInputs infers op on inputs (what Infer and Prepare know of in), prepares it with
// opts, allocates its outputs from the inferred static shapes and runs it on in.
func layRunInputs(op Op, inputs []Input, opts ExecOptions, in []*ir.Tensor) ([]*ir.Tensor, error) {
	infos, err := op.Infer(inputs)
	if err != nil {
		return nil, err
	}
	k, err := Prepare(op, inputs, opts)
	if err != nil {
		return nil, err
	}
	outs := make([]*ir.Tensor, len(infos))
	for i, o := range infos {
		dims, ok := staticDims(o.Shape)
		if !ok {
			return nil, &ir.UnsupportedError{What: "test: dynamic output " + o.Shape.String()}
		}
		if outs[i], err = ir.NewTensor(o.Type, dims); err != nil {
			return nil, err
		}
	}
	return outs, k.Run(context.Background(), in, outs)
}

// runAllValues is run with every input's value visible to Infer and Prepare.
func runAllValues(op Op, in []*ir.Tensor) ([]*ir.Tensor, error) {
	inputs := make([]Input, len(in))
	for i, x := range in {
		inputs[i] = Input{Type: x.Type, Shape: shapeOfDims(x.Shape), Value: x}
	}
	return layRunInputs(op, inputs, ExecOptions{}, in)
}
