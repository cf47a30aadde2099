package kernels

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWorkersRest checks that Rest (park the polling helpers now) leaves every later
// parallel region correct: right after Rest, after the helpers parked, and with Rest called
// concurrently with regions running on the same Workers from several goroutines. Rest on a
// nil or closed Workers does nothing.
func TestWorkersRest(t *testing.T) {
	check := restPoolCheck(t)
	w := NewWorkers(3)
	defer w.Close()
	for range 20 {
		w.Rest()
		require.NoError(t, check(w))
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				w.Rest()
				if err := check(w); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	var nilW *Workers
	nilW.Rest()
	c := NewWorkers(2)
	c.Close()
	c.Rest()
	require.NoError(t, check(c))
}

// restPoolCheck returns a check that runs one MaxPool (values and indices) on w and
// compares it bit for bit with the reference kernel's result.
func restPoolCheck(t *testing.T) func(w *Workers) error {
	g := win(2, 8, []int{24, 24}, []int{12, 12}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{0, 0})
	p, err := g.plan()
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(15, 6))
	src := randData[float32](r, p.inLen(), false)
	ref := make([]float32, p.outLen())
	refI := make([]int64, p.outLen())
	require.NoError(t, MaxPoolReference(g, src, ref, refI, 0))
	return func(w *Workers) error {
		got := make([]float32, p.outLen())
		gotI := make([]int64, p.outLen())
		if err := MaxPool(w, g, src, got, gotI, 0); err != nil {
			return err
		}
		if !slices.Equal(ref, got) || !slices.Equal(refI, gotI) {
			return errors.New("MaxPool after Rest differs from the reference")
		}
		return nil
	}
}
