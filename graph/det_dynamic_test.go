package graph

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
)

// MulticlassNms-8 through the graph: its outputs are sized by the selection of each run
// (op_reference multiclass_nms.cpp, multiclass_nms_by_score, then a score threshold that
// selects nothing).
const detxMulticlassXML = `<?xml version="1.0"?>
<net name="mcnms" version="11">
  <layers>
    <layer id="0" name="boxes" type="Parameter" version="opset1">
      <data element_type="f32" shape="1,6,4"/>
      <output><port id="0" precision="FP32"><dim>1</dim><dim>6</dim><dim>4</dim></port></output>
    </layer>
    <layer id="1" name="scores" type="Parameter" version="opset1">
      <data element_type="f32" shape="1,2,6"/>
      <output><port id="0" precision="FP32"><dim>1</dim><dim>2</dim><dim>6</dim></port></output>
    </layer>
    <layer id="2" name="nms" type="MulticlassNms" version="opset8">
      <data sort_result_type="score" nms_top_k="3" iou_threshold="0.5" score_threshold="0" keep_top_k="-1" background_class="-1" output_type="i64"/>
      <input><port id="0"><dim>1</dim><dim>6</dim><dim>4</dim></port><port id="1"><dim>1</dim><dim>2</dim><dim>6</dim></port></input>
      <output>
        <port id="2" precision="FP32" names="out"><dim>-1</dim><dim>6</dim></port>
        <port id="3" precision="I64" names="idx"><dim>-1</dim><dim>1</dim></port>
        <port id="4" precision="I64" names="num"><dim>1</dim></port>
      </output>
    </layer>
    <layer id="3" name="r0" type="Result" version="opset1"><input><port id="0"><dim>-1</dim><dim>6</dim></port></input></layer>
    <layer id="4" name="r1" type="Result" version="opset1"><input><port id="0"><dim>-1</dim><dim>1</dim></port></input></layer>
    <layer id="5" name="r2" type="Result" version="opset1"><input><port id="0"><dim>1</dim></port></input></layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="2" to-port="0"/>
    <edge from-layer="1" from-port="0" to-layer="2" to-port="1"/>
    <edge from-layer="2" from-port="2" to-layer="3" to-port="0"/>
    <edge from-layer="2" from-port="3" to-layer="4" to-port="0"/>
    <edge from-layer="2" from-port="4" to-layer="5" to-port="0"/>
  </edges>
</net>`

func TestDetxDynamicMulticlassNms(t *testing.T) {
	p := loadXML(t, detxMulticlassXML, nil)
	boxes, _ := ir.TensorOf([]float32{0, 0, 1, 1, 0, 0.1, 1, 1.1, 0, -0.1, 1, 0.9, 0, 10, 1, 11, 0, 10.1, 1, 11.1, 0, 100, 1, 101}, 1, 6, 4)
	scores, _ := ir.TensorOf([]float32{0.9, 0.75, 0.6, 0.95, 0.5, 0.3, 0.95, 0.75, 0.6, 0.80, 0.5, 0.3}, 1, 2, 6)
	outs, err := p.Run(context.Background(), []*ir.Tensor{boxes, scores})
	require.NoError(t, err)
	require.Equal(t, []int{4, 6}, outs[0].Shape)
	require.InDeltaSlice(t, []float32{0, 0.95, 0, 10, 1, 11, 1, 0.95, 0, 0, 1, 1, 0, 0.90, 0, 0, 1, 1, 1, 0.80, 0, 10, 1, 11}, outs[0].Data, 1e-6)
	require.Equal(t, []int64{3, 0, 0, 3}, outs[1].Data)
	require.Equal(t, []int64{4}, outs[2].Data)
	none, _ := ir.TensorOf(make([]float32, 12), 1, 2, 6)
	for i := range none.Data.([]float32) {
		none.Data.([]float32)[i] = -1
	}
	outs, err = p.Run(context.Background(), []*ir.Tensor{boxes, none})
	require.NoError(t, err)
	require.Equal(t, []int{0, 6}, outs[0].Shape)
	require.Equal(t, []int64{0}, outs[2].Data)
}
