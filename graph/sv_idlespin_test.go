package graph

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestSvIdleSpin checks how long a program under Options.IdleSpin lets its helpers poll
// after a busy period (svSpin): not after the first one, then IdleSpin only when the idle
// gap before the busy period was within IdleSpin and no two Runs overlapped in it. The
// gaps are made longer than the bound by sleeping past it and shorter by a bound of an
// hour, so nothing here depends on the machine's speed. Real Runs go through the same
// path (svBegin, parkHelpers).
func TestSvIdleSpin(t *testing.T) {
	f := filepath.Join("..", "..", "shared", "corpus", "open-closed-eye-0001-fp16", "model.xml")
	if _, err := os.Stat(f); err != nil {
		t.Skip("corpus not found")
	}
	// end ends one Run as parkHelpers does and returns the spin the helpers got.
	end := func(p *Program) time.Duration {
		if p.running.Add(-1) != 0 {
			return -1 // not the last one
		}
		return p.svSpin()
	}
	for _, tc := range []struct {
		name  string
		spin  time.Duration
		steps []string // "begin", "end:<want>", "sleep"
	}{
		{"back to back", time.Hour, []string{"begin", "end:0", "begin", "end:spin", "begin", "end:spin"}},
		{"a gap within the bound", time.Hour, []string{"begin", "end:0", "sleep", "begin", "end:spin"}},
		{"a gap past the bound", time.Millisecond, []string{"begin", "end:0", "begin", "end:spin", "sleep", "begin", "end:0", "begin", "end:spin"}},
		{"overlapping runs", time.Hour, []string{"begin", "end:0", "begin", "begin", "end:-", "end:0", "begin", "end:spin"}},
		{"off", 0, []string{"begin", "end:0", "begin", "end:0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Load(f, Options{Threads: 2, ParkHelpers: true, IdleSpin: tc.spin})
			require.NoError(t, err)
			defer p.Close()
			for i, s := range tc.steps {
				switch s {
				case "begin":
					p.svBegin()
				case "sleep":
					time.Sleep(20 * time.Millisecond)
				case "end:-":
					require.Equal(t, time.Duration(-1), end(p), "step %d", i)
				case "end:0":
					require.Zero(t, end(p), "step %d", i)
				case "end:spin":
					require.Equal(t, tc.spin, end(p), "step %d", i)
				}
			}
			require.Zero(t, p.running.Load())
			// Real Runs take the same path and leave the count at 0.
			ins := fuseInputs(p, 14)
			for range 3 {
				_, err = p.Run(context.Background(), ins)
				require.NoError(t, err)
			}
			require.Zero(t, p.running.Load())
			if tc.spin != time.Millisecond { // a loaded machine may stretch the gaps past 1 ms
				require.Equal(t, tc.spin > 0, p.svSpinNext.Load())
			}
		})
	}
}
