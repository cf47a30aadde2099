package kernels

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestQ2ScratchPadded: each worker's scratch header fills whole cache lines,
// so the headers of Workers.scr never share one (a unit's take or reserve
// writes its header's used count).
func TestQ2ScratchPadded(t *testing.T) {
	require.Zero(t, unsafe.Sizeof(scratch{})%q2Line)
	w := NewWorkers(3)
	defer w.Close()
	for i := 1; i < len(w.scr); i++ {
		a, b := uintptr(unsafe.Pointer(&w.scr[i-1])), uintptr(unsafe.Pointer(&w.scr[i]))
		require.Equal(t, uintptr(q2Line), b-a)
	}
}
