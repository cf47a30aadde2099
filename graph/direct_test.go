package graph_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
	"github.com/x448/float16"
)

// sharedOutModel: x [1,2,6,6] -> MaxPool-8 k3 s1 same_upper -> (y, idx);
// Results: r0 = y, r1 = Convert f32(Convert f16(y)) (y also feeds a node), r2 = r3 = idx
// (one value, two Results), r4 = x (a Parameter), r5 = y2 = MaxPool(y) values.
func sharedOutModel() []byte {
	return netXML(
		paramXML(0, "x", "1,2,6,6", "FP32")+
			layerXML(1, "pool", "MaxPool", "opset8", sprintfPool(), 2, "y", "idx")+
			layerXML(2, "half", "Convert", "opset1", `destination_type="f16"`, 1)+
			layerXML(3, "full", "Convert", "opset1", `destination_type="f32"`, 1, "z")+
			layerXML(4, "pool2", "MaxPool", "opset8", sprintfPool(), 2, "y2", "idx2")+
			resultXML(5, "r0")+resultXML(6, "r1")+resultXML(7, "r2")+resultXML(8, "r3")+resultXML(9, "r4")+resultXML(10, "r5"),
		edgeXML(0, 0, 1, 0)+edgeXML(1, 1, 2, 0)+edgeXML(2, 1, 3, 0)+edgeXML(1, 1, 4, 0)+
			edgeXML(1, 1, 5, 0)+edgeXML(3, 1, 6, 0)+edgeXML(1, 2, 7, 0)+edgeXML(1, 2, 8, 0)+edgeXML(0, 0, 9, 0)+edgeXML(4, 1, 10, 0))
}

func sprintfPool() string {
	return `strides="1, 1" dilations="1, 1" pads_begin="0, 0" pads_end="0, 0" kernel="3, 3" rounding_type="floor" auto_pad="same_upper" index_element_type="i64" axis="0"`
}

func sharedOutWant(x *ir.Tensor) []any {
	y, idx, _, _ := naiveMaxPoolSame(x, 3, 1)
	z := make([]float32, len(y))
	for i, v := range y {
		z[i] = float16.Fromfloat32(v).Float32()
	}
	y2, _, _, _ := naiveMaxPoolSame(f32Tensor(x.Shape, y), 3, 1)
	return []any{y, z, idx, idx, slices.Clone(x.Data.([]float32)), y2}
}

func newSharedOuts() []*ir.Tensor {
	sh := []int{1, 2, 6, 6}
	return []*ir.Tensor{
		f32Tensor(sh, make([]float32, 72)), f32Tensor(sh, make([]float32, 72)),
		{Type: ir.I64, Shape: sh, Data: make([]int64, 72)}, {Type: ir.I64, Shape: sh, Data: make([]int64, 72)},
		f32Tensor(sh, make([]float32, 72)), f32Tensor(sh, make([]float32, 72)),
	}
}

// TestRunIntoDirectOutputs: outputs written directly by their steps, a value feeding a
// Result and other nodes, one value feeding two Results and a Parameter feeding a Result
// all give the same results through Run, RunInto (repeatedly, on different tensors) and
// Profile.
func TestRunIntoDirectOutputs(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(7, 8))
	for _, opts := range []graph.Options{{Threads: 1}, {Threads: 2}, {Reference: true, Threads: 1}} {
		p := compileXML(t, sharedOutModel(), opts)
		for range 3 {
			x := randTensor(r, 1, 2, 6, 6)
			want := sharedOutWant(x)
			outs := newSharedOuts()
			require.NoError(t, p.RunInto(ctx, []*ir.Tensor{x}, outs))
			for i, o := range outs {
				require.Equal(t, want[i], o.Data, "RunInto output %d %+v", i, opts)
			}
			got, err := p.Run(ctx, []*ir.Tensor{x})
			require.NoError(t, err)
			for i, o := range got {
				require.Equal(t, want[i], o.Data, "Run output %d %+v", i, opts)
			}
			got, _, err = p.Profile(ctx, []*ir.Tensor{x})
			require.NoError(t, err)
			for i, o := range got {
				require.Equal(t, want[i], o.Data, "Profile output %d %+v", i, opts)
			}
			// The caller's tensors are not kept: a later run into other tensors leaves them.
			keep := newSharedOuts()
			for i := range keep {
				require.True(t, copyTensorData(keep[i], outs[i]))
			}
			x2 := randTensor(r, 1, 2, 6, 6)
			require.NoError(t, p.RunInto(ctx, []*ir.Tensor{x2}, newSharedOuts()))
			for i := range outs {
				require.Equal(t, keep[i].Data, outs[i].Data)
			}
		}
		p.Close()
	}
}

func copyTensorData(dst, src *ir.Tensor) bool {
	switch d := dst.Data.(type) {
	case []float32:
		copy(d, src.Data.([]float32))
	case []int64:
		copy(d, src.Data.([]int64))
	default:
		return false
	}
	return true
}

// TestRunIntoAliasedOutputs: output tensors that share memory with an input or with each
// other are still written as if copied after the run, in output order.
func TestRunIntoAliasedOutputs(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(9, 10))
	for _, opts := range []graph.Options{{Threads: 1}, {Threads: 2}} {
		// The pool's output tensor is the input tensor itself.
		p := compileXML(t, poolModel("1,3,8,8", 3, 1, "same_upper"), opts)
		x := randTensor(r, 1, 3, 8, 8)
		vals, idx, _, _ := naiveMaxPoolSame(x, 3, 1)
		outs := []*ir.Tensor{x, {Type: ir.I64, Shape: []int{1, 3, 8, 8}, Data: make([]int64, 192)}}
		require.NoError(t, p.RunInto(ctx, []*ir.Tensor{x}, outs))
		require.Equal(t, vals, x.Data)
		require.Equal(t, idx, outs[1].Data)
		// An output sharing part of the input's data.
		x = randTensor(r, 1, 3, 8, 8)
		vals, _, _, _ = naiveMaxPoolSame(x, 3, 1)
		big := make([]float32, 192+64)
		copy(big[64:], x.Data.([]float32))
		xin := f32Tensor([]int{1, 3, 8, 8}, big[64:])
		outs[0] = f32Tensor([]int{1, 3, 8, 8}, big[:192])
		require.NoError(t, p.RunInto(ctx, []*ir.Tensor{xin}, outs))
		require.Equal(t, vals, outs[0].Data)
		p.Close()

		// Two outputs on one tensor: the later output wins, as with copies.
		p = compileXML(t, sharedOutModel(), opts)
		x = randTensor(r, 1, 2, 6, 6)
		want := sharedOutWant(x)
		outs = newSharedOuts()
		outs[5] = outs[0] // r0 (y) and r5 (y2)
		require.NoError(t, p.RunInto(ctx, []*ir.Tensor{x}, outs))
		require.Equal(t, want[5], outs[0].Data)
		require.Equal(t, want[1], outs[1].Data)
		require.Equal(t, want[2], outs[2].Data)
		outs = newSharedOuts()
		outs[0] = outs[5] // the same pair, bound the other way round
		require.NoError(t, p.RunInto(ctx, []*ir.Tensor{x}, outs))
		require.Equal(t, want[5], outs[5].Data)
		outs = newSharedOuts()
		outs[1] = outs[4] // r1 (z, written by a step) and r4 (the Parameter x, copied)
		require.NoError(t, p.RunInto(ctx, []*ir.Tensor{x}, outs))
		require.Equal(t, want[4], outs[1].Data)
		require.Equal(t, want[0], outs[0].Data)
		p.Close()
	}
}

// TestRunIntoCancelThenRun: a run stopped part way leaves the state usable; the next runs
// give the right outputs.
func TestRunIntoCancelThenRun(t *testing.T) {
	p := compileXML(t, sharedOutModel(), graph.Options{Threads: 1})
	defer p.Close()
	r := rand.New(rand.NewPCG(11, 12))
	x := randTensor(r, 1, 2, 6, 6)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.ErrorIs(t, p.RunInto(ctx, []*ir.Tensor{x}, newSharedOuts()), context.Canceled)
	want := sharedOutWant(x)
	got, err := p.Run(context.Background(), []*ir.Tensor{x})
	require.NoError(t, err)
	for i, o := range got {
		require.Equal(t, want[i], o.Data, "output %d", i)
	}
}

// TestConcurrentRunIntoDirect: goroutines sharing one program and its pooled states, each
// running into its own output tensors, get their own results.
func TestConcurrentRunIntoDirect(t *testing.T) {
	p := compileXML(t, sharedOutModel(), graph.Options{Threads: 2})
	defer p.Close()
	const workers, iters = 16, 20
	errs := make(chan error, workers)
	for w := range workers {
		go func() {
			r := rand.New(rand.NewPCG(uint64(w), 13))
			outs := newSharedOuts()
			for range iters {
				x := randTensor(r, 1, 2, 6, 6)
				if err := p.RunInto(context.Background(), []*ir.Tensor{x}, outs); err != nil {
					errs <- err
					return
				}
				want := sharedOutWant(x)
				for i, o := range outs {
					if !reflect.DeepEqual(want[i], o.Data) {
						errs <- fmt.Errorf("worker %d output %d differs", w, i)
						return
					}
				}
			}
			errs <- nil
		}()
	}
	for range workers {
		require.NoError(t, <-errs)
	}
}
