package graph

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
)

// oxRangeXML: Range-4 with a float start and delta (Consts) and an i64 limit (a Parameter),
// as OpenVINO's ONNX frontend builds the window functions, and Range-4 with every input an
// f32 Parameter. Both run in the tail; their float inputs' values size the outputs.
const oxRangeXML = `<?xml version="1.0"?>
<net name="range" version="11">
  <layers>
    <layer id="0" name="n" type="Parameter" version="opset1">
      <data element_type="i64" shape=""/>
      <output><port id="0" precision="I64" names="n"/></output>
    </layer>
    <layer id="1" name="start" type="Const" version="opset1">
      <data element_type="f32" shape="" offset="0" size="4"/>
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="2" name="step" type="Const" version="opset1">
      <data element_type="f32" shape="" offset="4" size="4"/>
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="3" name="r" type="Range" version="opset4">
      <data output_type="f32"/>
      <input><port id="0"/><port id="1"/><port id="2"/></input>
      <output><port id="3" precision="FP32" names="r"><dim>-1</dim></port></output>
    </layer>
    <layer id="4" name="a" type="Parameter" version="opset1">
      <data element_type="f32" shape=""/>
      <output><port id="0" precision="FP32" names="a"/></output>
    </layer>
    <layer id="5" name="b" type="Parameter" version="opset1">
      <data element_type="f32" shape=""/>
      <output><port id="0" precision="FP32" names="b"/></output>
    </layer>
    <layer id="6" name="d" type="Parameter" version="opset1">
      <data element_type="f32" shape=""/>
      <output><port id="0" precision="FP32" names="d"/></output>
    </layer>
    <layer id="7" name="r2" type="Range" version="opset4">
      <data output_type="f32"/>
      <input><port id="0"/><port id="1"/><port id="2"/></input>
      <output><port id="3" precision="FP32" names="r2"><dim>-1</dim></port></output>
    </layer>
    <layer id="8" name="out_r" type="Result" version="opset1"><input><port id="0"><dim>-1</dim></port></input></layer>
    <layer id="9" name="out_r2" type="Result" version="opset1"><input><port id="0"><dim>-1</dim></port></input></layer>
  </layers>
  <edges>
    <edge from-layer="1" from-port="0" to-layer="3" to-port="0"/>
    <edge from-layer="0" from-port="0" to-layer="3" to-port="1"/>
    <edge from-layer="2" from-port="0" to-layer="3" to-port="2"/>
    <edge from-layer="4" from-port="0" to-layer="7" to-port="0"/>
    <edge from-layer="5" from-port="0" to-layer="7" to-port="1"/>
    <edge from-layer="6" from-port="0" to-layer="7" to-port="2"/>
    <edge from-layer="3" from-port="3" to-layer="8" to-port="0"/>
    <edge from-layer="7" from-port="3" to-layer="9" to-port="0"/>
  </edges>
</net>`

func TestOxRangeFloatInputsInTail(t *testing.T) {
	bin := binary.LittleEndian.AppendUint32(nil, math.Float32bits(0.5))
	bin = binary.LittleEndian.AppendUint32(bin, math.Float32bits(1))
	p := loadXML(t, oxRangeXML, bin)
	scalar := func(v float32) *ir.Tensor {
		x, err := ir.TensorOf([]float32{v})
		require.NoError(t, err)
		x.Shape = []int{}
		return x
	}
	for _, c := range []struct {
		n       int64
		a, b, d float32
		want    []float32 // numpy.arange(0.5, n, 1)
		want2   []float32 // numpy.arange(a, b, d)
	}{
		{4, 0, 3, 1, []float32{0.5, 1.5, 2.5, 3.5}, []float32{0, 1, 2}},
		{2, 0, 3, 0.5, []float32{0.5, 1.5}, []float32{0, 0.5, 1, 1.5, 2, 2.5}},
		{2, 1, 3, 0.5, []float32{0.5, 1.5}, []float32{1, 1.5, 2, 2.5}},
	} {
		n, err := ir.TensorOf([]int64{c.n})
		require.NoError(t, err)
		n.Shape = []int{}
		outs, err := p.Run(context.Background(), []*ir.Tensor{n, scalar(c.a), scalar(c.b), scalar(c.d)})
		require.NoError(t, err)
		require.Equal(t, c.want, outs[0].Data)
		require.Equal(t, c.want2, outs[1].Data)
	}
}
