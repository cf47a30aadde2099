package graph_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

// TestSrvStreams: Runs of a two-thread program overlapping from several goroutines (whose
// parallel regions then run on their own goroutines, kernels.Workers.Stream) give outputs
// bit-identical to the same program's Runs one at a time (on all its threads), for real
// models with convolutions, pooling and fused epilogues.
func TestSrvStreams(t *testing.T) {
	for _, model := range []string{"open-closed-eye-0001-fp16", "head-pose-estimation-adas-0001-fp16"} {
		t.Run(model, func(t *testing.T) {
			f := filepath.Join(corpusDir, model, "model.xml")
			if !exists(f) {
				t.Skip("corpus not found")
			}
			p, err := graph.Load(f, graph.Options{Threads: 2})
			require.NoError(t, err)
			defer p.Close()
			d, ok := p.Inputs()[0].Shape.Static()
			require.True(t, ok)
			dims := make([]int, len(d))
			n := 1
			for i, v := range d {
				dims[i] = int(v)
				n *= int(v)
			}
			r := rand.New(rand.NewPCG(8, 15))
			inputs := make([]*ir.Tensor, 3)
			wants := make([][]*ir.Tensor, len(inputs))
			for k := range inputs {
				data := make([]float32, n)
				for i := range data {
					data[i] = r.Float32()
				}
				inputs[k], err = ir.TensorOf(data, dims...)
				require.NoError(t, err)
				wants[k], err = p.Run(context.Background(), inputs[k:k+1])
				require.NoError(t, err)
			}
			iters := 6
			if testing.Short() || raceEnabled {
				iters = 2
			}
			var wg sync.WaitGroup
			errs := make(chan error, 4)
			for g := range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for it := range iters {
						k := (g + it) % len(inputs)
						outs, err := p.Run(context.Background(), inputs[k:k+1])
						if err != nil {
							errs <- err
							return
						}
						for o := range outs {
							got, _ := ir.Data[float32](outs[o])
							want, _ := ir.Data[float32](wants[k][o])
							if !slices.Equal(got, want) {
								errs <- fmt.Errorf("goroutine %d iteration %d output %d differs", g, it, o)
								return
							}
						}
					}
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				require.NoError(t, err)
			}
		})
	}
}

// BenchmarkSrvTwoRuns: two goroutines running RunInto back to back on one program, at 1
// thread ("threads1") and at 2 threads, where the overlapping Runs use their streams
// ("streams"); it reports wall time per inference and the process's CPU µs per inference.
func BenchmarkSrvTwoRuns(b *testing.B) {
	f := filepath.Join(corpusDir, "head-pose-estimation-adas-0001-fp16", "model.xml")
	if !exists(f) {
		b.Skip("corpus not found")
	}
	for _, th := range []int{1, 2} {
		b.Run(map[int]string{1: "threads1", 2: "streams"}[th], func(b *testing.B) {
			p, err := graph.Load(f, graph.Options{Threads: th})
			if err != nil {
				b.Fatal(err)
			}
			defer p.Close()
			d, _ := p.Inputs()[0].Shape.Static()
			dims := make([]int, len(d))
			n := 1
			for i, v := range d {
				dims[i] = int(v)
				n *= int(v)
			}
			x, _ := ir.TensorOf(make([]float32, n), dims...)
			outs := [2][]*ir.Tensor{}
			for g := range 2 {
				outs[g], _ = p.Run(context.Background(), []*ir.Tensor{x})
			}
			var r0, r1 syscall.Rusage
			syscall.Getrusage(syscall.RUSAGE_SELF, &r0)
			b.ResetTimer()
			var wg sync.WaitGroup
			for g := range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := 0; i < b.N/2; i++ {
						p.RunInto(context.Background(), []*ir.Tensor{x}, outs[g])
					}
				}()
			}
			wg.Wait()
			syscall.Getrusage(syscall.RUSAGE_SELF, &r1)
			cpu := (r1.Utime.Nano() + r1.Stime.Nano() - r0.Utime.Nano() - r0.Stime.Nano())
			b.ReportMetric(float64(cpu)/1e3/float64(b.N/2*2), "cpu-µs/op")
		})
	}
}
