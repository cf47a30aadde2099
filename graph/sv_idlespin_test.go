package graph

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
)

// TestSvIdleGap checks when a program under Options.IdleSpin lets its helpers poll after
// a busy period: not after the first Run, then only when the idle gap before the busy
// period was within IdleSpin. The gaps are made longer than the bound by sleeping past
// it, and shorter by a bound of an hour, so nothing here depends on the machine's speed.
func TestSvIdleGap(t *testing.T) {
	f := filepath.Join("..", "..", "shared", "corpus", "open-closed-eye-0001-fp16", "model.xml")
	if _, err := os.Stat(f); err != nil {
		t.Skip("corpus not found")
	}
	for _, tc := range []struct {
		spin  time.Duration
		pause time.Duration // before the second Run
		want  bool          // the helpers poll after the second Run
	}{
		{time.Hour, 0, true},
		{time.Hour, 5 * time.Millisecond, true},
		{time.Millisecond, 20 * time.Millisecond, false},
	} {
		p, err := Load(f, Options{Threads: 2, ParkHelpers: true, IdleSpin: tc.spin})
		require.NoError(t, err)
		dims, ok := p.Inputs()[0].Shape.Static()
		require.True(t, ok)
		shape := make([]int, len(dims))
		n := 1
		for i, d := range dims {
			shape[i] = int(d)
			n *= int(d)
		}
		x, err := ir.TensorOf(make([]float32, n), shape...)
		require.NoError(t, err)
		_, err = p.Run(context.Background(), []*ir.Tensor{x})
		require.NoError(t, err)
		require.False(t, p.svSpinNext.Load(), "no polling after the first Run")
		time.Sleep(tc.pause)
		_, err = p.Run(context.Background(), []*ir.Tensor{x})
		require.NoError(t, err)
		require.Equal(t, tc.want, p.svSpinNext.Load(), "IdleSpin %v, pause %v", tc.spin, tc.pause)
		p.Close()
	}
}
