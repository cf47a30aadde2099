package graph_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

// maxPool8PadModel: x [1,256,20,20] -> MaxPool-8 k5 s1 p2 -> Results (values, i64 indices).
func maxPool8PadModel() []byte {
	return netXML(
		paramXML(0, "x", "1,256,20,20", "FP32")+
			layerXML(1, "pool", "MaxPool", "opset8", `strides="1, 1" dilations="1, 1" pads_begin="2, 2" pads_end="2, 2" kernel="5, 5" rounding_type="floor" auto_pad="explicit" index_element_type="i64" axis="0"`, 2, "y", "idx")+
			resultXML(2, "y/sink_port_0")+resultXML(3, "idx/sink_port_0"),
		edgeXML(0, 0, 1, 0)+edgeXML(1, 1, 2, 0)+edgeXML(1, 2, 3, 0))
}

// avgPoolModel: x [1,192,35,35] -> AvgPool-1 k3 s1 p1 exclude-pad=false -> Result.
func avgPoolModel() []byte {
	return netXML(
		paramXML(0, "x", "1,192,35,35", "FP32")+
			layerXML(1, "pool", "AvgPool", "opset1", `strides="1, 1" pads_begin="1, 1" pads_end="1, 1" kernel="3, 3" exclude-pad="false" rounding_type="floor" auto_pad="explicit"`, 1, "y")+
			resultXML(2, "y/sink_port_0"),
		edgeXML(0, 0, 1, 0)+edgeXML(1, 1, 2, 0))
}

func benchRunInto(b *testing.B, xml []byte, shape []int, outs []*ir.Tensor) {
	p := compileXML(b, xml, graph.Options{})
	defer p.Close()
	x := randTensor(rand.New(rand.NewPCG(5, 6)), shape...)
	in := []*ir.Tensor{x}
	ctx := context.Background()
	if err := p.RunInto(ctx, in, outs); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := p.RunInto(ctx, in, outs); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRunIntoMaxPool8(b *testing.B) {
	n := 256 * 20 * 20
	benchRunInto(b, maxPool8PadModel(), []int{1, 256, 20, 20}, []*ir.Tensor{
		f32Tensor([]int{1, 256, 20, 20}, make([]float32, n)),
		{Type: ir.I64, Shape: []int{1, 256, 20, 20}, Data: make([]int64, n)},
	})
}

func BenchmarkRunIntoAvgPool(b *testing.B) {
	benchRunInto(b, avgPoolModel(), []int{1, 192, 35, 35}, []*ir.Tensor{
		f32Tensor([]int{1, 192, 35, 35}, make([]float32, 192*35*35)),
	})
}
