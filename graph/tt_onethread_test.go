package graph

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTTPickSkipsOneThreadRuns: a run under WithOneThread runs every region on the caller
// whatever the per-step picker (tt_pick.go) would choose, so the picker neither advances
// nor records for it; plain runs of the same state do advance it, and both kinds give
// the same outputs.
func TestTTPickSkipsOneThreadRuns(t *testing.T) {
	b := newFuseNet("FP32", 7)
	x := b.param("x", 1, 8, 6, 6)
	a := b.op("a", "Relu", "opset1", "", x)
	b.result(b.op("n", "Negative", "opset1", "", a))
	p := b.load(t, Options{Threads: 2})
	in := fuseInputs(p, 3)

	want, err := p.Run(context.Background(), in)
	require.NoError(t, err)
	ps := p.plans.Load()
	require.NotNil(t, ps)
	pl := (*ps)[0]
	st, err := pl.get(p)
	require.NoError(t, err)
	require.NotNil(t, st.tt, "a 2-thread program has a picker")
	before := st.tt.runs
	require.Positive(t, before)
	pl.put(st)

	one := WithOneThread(context.Background())
	for range 5 {
		got, err := p.Run(one, in)
		require.NoError(t, err)
		require.Equal(t, want[0].Data, got[0].Data)
	}
	st, err = pl.get(p)
	require.NoError(t, err)
	require.Equal(t, before, st.tt.runs, "runs under WithOneThread left the picker alone")
	pl.put(st)

	for range 3 {
		got, err := p.Run(context.Background(), in)
		require.NoError(t, err)
		require.Equal(t, want[0].Data, got[0].Data)
	}
	st, err = pl.get(p)
	require.NoError(t, err)
	require.Equal(t, before+3, st.tt.runs, "plain runs advance the picker")
	pl.put(st)
}
