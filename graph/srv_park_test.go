package graph_test

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

// TestParkHelpers checks Options.ParkHelpers (helpers park when the last Run ends): the
// outputs are bit-identical to a program without it, sequentially and with Runs from
// several goroutines overlapping, and RunInto still allocates nothing. With Options.IdleSpin
// (helpers polling for a while after the last Run before they park) the same, and Close
// ends the helpers also while they poll.
func TestParkHelpers(t *testing.T) {
	for _, spin := range []time.Duration{0, time.Millisecond, 50 * time.Millisecond} {
		t.Run(spin.String(), func(t *testing.T) { testParkHelpers(t, spin) })
	}
}

func testParkHelpers(t *testing.T, spin time.Duration) {
	f := filepath.Join(corpusDir, "open-closed-eye-0001-fp16", "model.xml")
	if !exists(f) {
		t.Skip("corpus not found")
	}
	g0 := runtime.NumGoroutine()
	plain, err := graph.Load(f, graph.Options{Threads: 2})
	require.NoError(t, err)
	defer plain.Close()
	parked, err := graph.Load(f, graph.Options{Threads: 2, ParkHelpers: true, IdleSpin: spin})
	require.NoError(t, err)
	defer func() {
		// The helpers, polling or parked, end with Close: no goroutine is left.
		parked.Close()
		plain.Close()
		// (A loop, not require.Eventually, which checks from goroutines of its own.)
		for end := time.Now().Add(10 * time.Second); runtime.NumGoroutine() > g0 && time.Now().Before(end); {
			time.Sleep(time.Millisecond)
		}
		require.LessOrEqual(t, runtime.NumGoroutine(), g0, "goroutines left after Close")
	}()
	in := plain.Inputs()[0]
	d, ok := in.Shape.Static()
	require.True(t, ok)
	dims := make([]int, len(d))
	n := 1
	for i, v := range d {
		dims[i] = int(v)
		n *= int(v)
	}
	r := rand.New(rand.NewPCG(15, 1))
	inputs := make([]*ir.Tensor, 4)
	wants := make([][]float32, len(inputs))
	for k := range inputs {
		data := make([]float32, n)
		for i := range data {
			data[i] = r.Float32()
		}
		inputs[k], err = ir.TensorOf(data, dims...)
		require.NoError(t, err)
		outs, err := plain.Run(context.Background(), []*ir.Tensor{inputs[k]})
		require.NoError(t, err)
		wants[k], err = ir.Data[float32](outs[0])
		require.NoError(t, err)
	}
	same := func(k int) bool {
		outs, err := parked.Run(context.Background(), []*ir.Tensor{inputs[k]})
		if err != nil {
			return false
		}
		got, err := ir.Data[float32](outs[0])
		return err == nil && slices.Equal(got, wants[k])
	}
	for k := range inputs {
		require.True(t, same(k), "input %d", k)
	}
	var wg sync.WaitGroup
	bad := make(chan int, 4*len(inputs))
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 3 * len(inputs) {
				if k := (g + i) % len(inputs); !same(k) {
					bad <- k
				}
			}
		}()
	}
	wg.Wait()
	close(bad)
	for k := range bad {
		t.Errorf("concurrent run of input %d differs", k)
	}
	outs, err := parked.Run(context.Background(), inputs[:1])
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(5, func() {
		if err := parked.RunInto(context.Background(), inputs[:1], outs); err != nil {
			t.Fatal(err)
		}
	})
	require.Zero(t, allocs)
}
