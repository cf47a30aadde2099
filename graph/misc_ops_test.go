package graph

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
)

// Strings through StringTensorUnpack (a dynamic op) and back through StringTensorPack.
const miscStringXML = `<?xml version="1.0"?>
<net name="str" version="11">
  <layers>
    <layer id="0" name="s" type="Parameter" version="opset1">
      <data element_type="string" shape="2"/>
      <output><port id="0" precision="STRING"><dim>2</dim></port></output>
    </layer>
    <layer id="1" name="unpack" type="StringTensorUnpack" version="opset15">
      <input><port id="0"><dim>2</dim></port></input>
      <output>
        <port id="1" precision="I32"><dim>2</dim></port>
        <port id="2" precision="I32"><dim>2</dim></port>
        <port id="3" precision="U8" names="symbols"><dim>-1</dim></port>
      </output>
    </layer>
    <layer id="2" name="pack" type="StringTensorPack" version="opset15">
      <input><port id="0"><dim>2</dim></port><port id="1"><dim>2</dim></port><port id="2"><dim>-1</dim></port></input>
      <output><port id="3" precision="STRING" names="strings"><dim>2</dim></port></output>
    </layer>
    <layer id="3" name="r0" type="Result" version="opset1"><input><port id="0"><dim>2</dim></port></input></layer>
    <layer id="4" name="r1" type="Result" version="opset1"><input><port id="0"><dim>-1</dim></port></input></layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
    <edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>
    <edge from-layer="1" from-port="2" to-layer="2" to-port="1"/>
    <edge from-layer="1" from-port="3" to-layer="2" to-port="2"/>
    <edge from-layer="2" from-port="3" to-layer="3" to-port="0"/>
    <edge from-layer="1" from-port="3" to-layer="4" to-port="0"/>
  </edges>
</net>`

func TestMiscStringRoundTrip(t *testing.T) {
	p := loadXML(t, miscStringXML, nil)
	for _, c := range [][]string{{"Intel", "OpenVINO"}, {"", "a"}} {
		x, err := ir.TensorOf(c, 2)
		require.NoError(t, err)
		outs, err := p.Run(context.Background(), []*ir.Tensor{x})
		require.NoError(t, err)
		require.Equal(t, c, outs[0].Data)
		require.Equal(t, []byte(c[0]+c[1]), []byte(outs[1].Data.([]uint8)))
	}
}

// RandomUniform with constant inputs is not folded and gives OpenVINO's first-inference
// values (op_reference/random_uniform.cpp, seeds 150 and 10) at every run.
const miscRandomXML = `<?xml version="1.0"?>
<net name="ru" version="11">
  <layers>
    <layer id="0" name="shape" type="Const" version="opset1">
      <data element_type="i64" shape="2" offset="0" size="16"/>
      <output><port id="0" precision="I64"><dim>2</dim></port></output>
    </layer>
    <layer id="1" name="min" type="Const" version="opset1">
      <data element_type="f32" shape="" offset="16" size="4"/>
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="2" name="max" type="Const" version="opset1">
      <data element_type="f32" shape="" offset="20" size="4"/>
      <output><port id="0" precision="FP32"/></output>
    </layer>
    <layer id="3" name="ru" type="RandomUniform" version="opset8">
      <data output_type="f32" global_seed="150" op_seed="10"/>
      <input><port id="0"><dim>2</dim></port><port id="1"/><port id="2"/></input>
      <output><port id="3" precision="FP32" names="r"><dim>2</dim><dim>3</dim></port></output>
    </layer>
    <layer id="4" name="out" type="Result" version="opset1"><input><port id="0"><dim>2</dim><dim>3</dim></port></input></layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="3" to-port="0"/>
    <edge from-layer="1" from-port="0" to-layer="3" to-port="1"/>
    <edge from-layer="2" from-port="0" to-layer="3" to-port="2"/>
    <edge from-layer="3" from-port="3" to-layer="4" to-port="0"/>
  </edges>
</net>`

func TestMiscRandomUniformGraph(t *testing.T) {
	bin := make([]byte, 24)
	binary.LittleEndian.PutUint64(bin[0:], 2)
	binary.LittleEndian.PutUint64(bin[8:], 3)
	binary.LittleEndian.PutUint32(bin[16:], math.Float32bits(0))
	binary.LittleEndian.PutUint32(bin[20:], math.Float32bits(1))
	p := loadXML(t, miscRandomXML, bin)
	want := []float32{0.70112360, 0.30539632, 0.93931055, 0.94560349, 0.11694777, 0.50770056}
	for run := 0; run < 2; run++ {
		outs, err := p.Run(context.Background(), nil)
		require.NoError(t, err)
		require.Equal(t, []int{2, 3}, outs[0].Shape)
		for i, w := range want {
			require.InEpsilon(t, w, outs[0].Data.([]float32)[i], 1e-7)
		}
	}
}
