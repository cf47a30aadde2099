package kernels

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// svWaitState waits up to 5 s for every helper of w to satisfy ok.
func svWaitState(w *Workers, ok func(uint32) bool) bool {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Microsecond) {
		all := true
		for i := 1; i < len(w.state); i++ {
			all = all && ok(w.state[i].v.Load())
		}
		if all {
			return true
		}
	}
	return false
}

// TestWorkersWarm checks that Warm wakes parked helpers (they leave the sleeping state
// and park again by themselves), that it does nothing during a stream's run, and that
// parallel regions stay correct when Warm races with them from other goroutines, on a
// stream, and on nil or closed Workers.
func TestWorkersWarm(t *testing.T) {
	g := win(2, 8, []int{24, 24}, []int{12, 12}, []int{3, 3}, []int{2, 2}, []int{1, 1}, []int{0, 0})
	p, err := g.plan()
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(9, 21))
	src := randData[float32](r, p.inLen(), false)
	ref := make([]float32, p.outLen())
	refI := make([]int64, p.outLen())
	require.NoError(t, MaxPoolReference(g, src, ref, refI, 0))
	check := func(w *Workers) error {
		got := make([]float32, p.outLen())
		gotI := make([]int64, p.outLen())
		if err := MaxPool(w, g, src, got, gotI, 0); err != nil {
			return err
		}
		if !slices.Equal(ref, got) || !slices.Equal(refI, gotI) {
			return errors.New("MaxPool with Warm differs from the reference")
		}
		return nil
	}
	sleeping := func(s uint32) bool { return s == stSleeping }

	w := NewWorkers(3)
	defer w.Close()
	require.NoError(t, check(w))
	w.Rest()
	require.True(t, svWaitState(w, sleeping), "the helpers did not park after Rest")
	w.Warm()
	require.Equal(t, uint64(2), w.sv.sent.Load(), "Warm did not wake both parked helpers")
	require.True(t, svWaitState(w, sleeping), "the warmed helpers did not park again")
	w.Warm()
	require.Equal(t, uint64(4), w.sv.sent.Load(), "Warm did not wake both parked helpers again")
	require.True(t, svWaitState(w, sleeping))
	require.NoError(t, check(w))

	// A stream's run in progress: Warm leaves the pool's helpers parked.
	s := w.Stream()
	defer s.Close()
	w.Rest()
	require.True(t, svWaitState(w, sleeping))
	s.Begin()
	s.Warm()
	require.Equal(t, uint64(4), w.sv.sent.Load(), "Warm woke helpers during a run")
	s.End()
	s.Warm()
	require.Equal(t, uint64(6), w.sv.sent.Load(), "Warm on a stream did not wake its pool's helpers")
	require.NoError(t, check(s))

	var wg sync.WaitGroup
	for k := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				if k%2 == 0 {
					w.Warm()
				} else {
					w.Rest()
				}
				if err := check(w); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()

	var nilW *Workers
	nilW.Warm()
	c := NewWorkers(2)
	c.Close()
	c.Warm()
	got := make([]float32, p.outLen())
	require.NoError(t, MaxPool[float32, int64](c, g, src, got, nil, 0))
	require.Equal(t, ref, got)
}
