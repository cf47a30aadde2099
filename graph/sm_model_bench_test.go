package graph_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
	"github.com/x448/float16"
)

// BenchmarkSmModel runs the corpus model named by $SM_MODEL with $SM_THREADS threads
// (default 1) on random inputs, for profiling a whole inference with -cpuprofile.
func BenchmarkSmModel(b *testing.B) {
	name := os.Getenv("SM_MODEL")
	if name == "" {
		b.Skip("SM_MODEL not set")
	}
	th, _ := strconv.Atoi(os.Getenv("SM_THREADS"))
	th = max(th, 1)
	path := filepath.Join(corpusDir, name, "model.xml")
	if filepath.IsAbs(name) {
		path = name
	}
	p, err := graph.Load(path, graph.Options{Threads: th})
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	r := rand.New(rand.NewPCG(1, 2))
	var ins []*ir.Tensor
	for _, in := range p.Inputs() {
		d, ok := in.Shape.Static()
		if !ok {
			b.Fatal("dynamic input")
		}
		dims := make([]int, len(d))
		for i, v := range d {
			dims[i] = int(v)
		}
		x, err := ir.NewTensor(in.Type, dims)
		if err != nil {
			b.Fatal(err)
		}
		switch s := x.Data.(type) {
		case []float32:
			for i := range s {
				s[i] = r.Float32()
			}
		case []float16.Float16:
			for i := range s {
				s[i] = float16.Fromfloat32(r.Float32())
			}
		}
		ins = append(ins, x)
	}
	ctx := context.Background()
	outs, err := p.Run(ctx, ins)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := p.RunInto(ctx, ins, outs); err != nil {
			b.Fatal(err)
		}
	}
}
