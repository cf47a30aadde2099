package graph_test

import (
	"context"
	"fmt"
	"os"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

// Load, TensorOf, RunNamed and Data run a model from Go slices in five lines (plus error
// checks): a 2x2 max pool with stride 2 over two 6x6 images of three channels.
func ExampleLoad() {
	p, err := graph.Load("../testdata/examples/maxpool8-indices/model.xml", graph.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Close()
	data := make([]float32, 2*3*6*6)
	for i := range data {
		data[i] = float32(i)
	}
	x, err := ir.TensorOf(data, 2, 3, 6, 6)
	if err != nil {
		fmt.Println(err)
		return
	}
	outs, err := p.RunNamed(context.Background(), map[string]*ir.Tensor{"x": x})
	if err != nil {
		fmt.Println(err)
		return
	}
	values, err := ir.Data[float32](outs["values"])
	if err != nil {
		fmt.Println(err)
		return
	}
	indices, _ := ir.Data[int64](outs["indices"])
	fmt.Println(outs["values"].Shape, values[:3], indices[:3])
	// Output:
	// [2 3 3 3] [7 9 11] [7 9 11]
}

// LoadFS reads the XML and the .bin beside it from any fs.FS (here a directory; an
// embed.FS works the same way), and Inputs/Outputs describe what the model takes.
func ExampleLoadFS() {
	p, err := graph.LoadFS(os.DirFS("../testdata/examples"), "adaptive-avgpool/model.xml", graph.Options{Threads: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Close()
	for _, in := range p.Inputs() {
		fmt.Println("input", in.Name, in.Type, in.Shape)
	}
	for _, out := range p.Outputs() {
		fmt.Println("output", out.Name, out.Type, out.Shape)
	}
	ones := make([]float32, 1*8*14*14)
	for i := range ones {
		ones[i] = 1
	}
	x, _ := ir.TensorOf(ones, 1, 8, 14, 14)
	outs, err := p.RunNamed(context.Background(), map[string]*ir.Tensor{"features": x})
	if err != nil {
		fmt.Println(err)
		return
	}
	pooled, _ := ir.Data[float32](outs["pooled"])
	fmt.Println(len(pooled), pooled[0], pooled[71])
	// Output:
	// input features f32 [1,8,14,14]
	// output pooled f32 [1,8,3,3]
	// 72 1 1
}

// A real classifier in five lines: SqueezeNet 1.1 from the corpus (../shared/corpus beside the
// checkout), one 227x227 image in, 1000 class scores out (errors ignored for brevity: see
// ExampleLoad). The model is IR v10 FP16; like OpenVINO's Core it takes and gives f32
// (graph/v10.go). TestExampleClassifier runs these same lines and checks the scores.
func ExampleLoad_classifier() {
	p, _ := graph.Load("../../shared/corpus/squeezenet1.1-ir10-fp16/model.xml", graph.Options{})
	x, _ := ir.TensorOf(make([]float32, 1*3*227*227), 1, 3, 227, 227)
	outs, _ := p.RunNamed(context.Background(), map[string]*ir.Tensor{"data": x})
	scores, _ := ir.Data[float32](outs["prob"])
	fmt.Println(len(scores))
}
