package kernels

import (
	"context"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// ttWhoRunner stores, per unit, the scratch buffer of the worker that ran it.
type ttWhoRunner struct{}

func (ttWhoRunner) run(j *job, s *scratch, lo, hi int) {
	who := unsafe.Slice((*atomic.Uintptr)(j.dst), j.units)
	for u := lo; u < hi; u++ {
		who[u].Store(uintptr(unsafe.Pointer(s)))
	}
}

// TestTTSolo: with Solo(true) every unit of a region runs on the caller (worker 0's
// scratch), on a plain Workers and on a stream (its own job, not the pool's); Solo(false)
// gives a stream the pool's job again.
func TestTTSolo(t *testing.T) {
	pool := NewWorkers(2)
	defer pool.Close()
	stream := pool.Stream()
	tests := []struct {
		name string
		w    *Workers
		solo bool
		job  *job // the job acquire must return
	}{
		{"plain solo", pool, true, &pool.job},
		{"plain parallel", pool, false, &pool.job},
		{"stream solo", stream, true, &stream.job},
		{"stream parallel", stream, false, &pool.job},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.w.Solo(tc.solo)
			defer tc.w.Solo(false)
			for range 20 {
				who := make([]atomic.Uintptr, 64)
				j := tc.w.acquire()
				require.Same(t, tc.job, j)
				j.fn = ttWhoRunner{}
				j.units, j.chunk, j.dst = len(who), 1, unsafe.Pointer(&who[0])
				require.NoError(t, tc.w.run(context.Background(), j, true))
				caller := uintptr(unsafe.Pointer(&tc.w.scr[0]))
				if tc.job == &pool.job {
					caller = uintptr(unsafe.Pointer(&pool.scr[0]))
				}
				helper := uintptr(unsafe.Pointer(&pool.scr[1]))
				for u := range who {
					got := who[u].Load()
					if tc.solo {
						require.Equal(t, caller, got, "unit %d", u)
					} else {
						require.Contains(t, []uintptr{caller, helper}, got, "unit %d", u)
					}
				}
			}
		})
	}
	var nilW *Workers
	nilW.Solo(true) // no-op
}
