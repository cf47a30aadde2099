package kernels

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"
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

// q2Case is a pooling geometry of TestQ2SplitRule with the split its cost
// gives (q2Cost against q2SplitMin = 40960, worked out by hand in the comments).
type q2Case struct {
	name  string
	op    string // max, maxidx, avg (pads counted), avgi32, maxbf16
	g     Window
	split bool
}

// q2W is a window with no pads; dilations d (nil: 1).
func q2W(n, c int, in, out, k, s, d []int) Window {
	zeros := make([]int, len(in))
	if d == nil {
		d = make([]int, len(in))
		for i := range d {
			d[i] = 1
		}
	}
	return Window{N: n, C: c, In: in, Out: out, Kernel: k, Strides: s, Dilations: d, PadsBegin: zeros, PadsEnd: zeros}
}

// TestQ2SplitRule: a pooling job whose estimated cost is below q2SplitMin
// runs on the caller alone with the units and chunks of the one-thread plan,
// even on a 2-thread Workers (before, the plans made 8 units of a 2 µs job
// for two threads); one at or above it runs in parallel, also where its
// window taps (every plan's rule before) stay under 2^15. Checked with the
// caller slowed before each chunk: the helper takes chunks from the caller's
// share exactly when the job runs in parallel. Outputs are bit for bit the
// same on 1, 2 and 3 threads, and f32 MaxPool's (values and indices) are the
// reference's.
func TestQ2SplitRule(t *testing.T) {
	ceil := func(w Window, pe int) Window { w.PadsEnd = []int{pe}; return w }
	tests := []q2Case{
		// 56 rows of 224, k1 s3 d3: 4200 outputs and taps, 12544 inputs:
		// 4200+4200+12544/4 = 11536.
		{"max f32 4x14x224 k1 s3 d3", "max", q2W(4, 14, []int{224}, []int{75}, []int{1}, []int{3}, []int{3}), false},
		// 4284 outputs of 6 taps, 77350 inputs widened: 25704+4284+77350/4+77350 = 126675.
		{"max bf16 1x238x13x25 k[6,1] s[4,3] d[1,3]", "maxbf16",
			q2W(1, 238, []int{13, 25}, []int{2, 9}, []int{6, 1}, []int{4, 3}, []int{1, 3}), true},
		// 2580 outputs of 8 taps (the last window in the end pad), 11610
		// inputs: 20640+2580+11610+4·2580 = 45150 (taps alone: 20640).
		{"avg f32 2x215x27 k8 s4 ceil", "avg", ceil(q2W(2, 215, []int{27}, []int{6}, []int{8}, []int{4}, nil), 3), true},
		// 1806 outputs of 3 taps, 7224 inputs: 5418+1806+7224/4+4·1806 = 16254.
		{"maxidx f32 7x258x4 k3 s4", "maxidx", q2W(7, 258, []int{4}, []int{1}, []int{3}, []int{4}, nil), false},
		// 3000 outputs of 3 taps, 3240 inputs: 9000+3000+3240+12·3000 = 51240.
		{"avg i32 4x30x27 k3 s1", "avgi32", q2W(4, 30, []int{27}, []int{25}, []int{3}, []int{1}, nil), true},
		// 1350 outputs of 9 taps, 6144 inputs: 12150+1350+1536 = 15036.
		{"max f32 1x6x32x32 k3 s2", "max", q2W(1, 6, []int{32, 32}, []int{15, 15}, []int{3, 3}, []int{2, 2}, nil), false},
		// 46656 outputs of 9 taps: 419904 taps alone.
		{"max f32 1x64x56x56 k3 s2", "max", q2W(1, 64, []int{56, 56}, []int{27, 27}, []int{3, 3}, []int{2, 2}, nil), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := tc.g.plan()
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(16, uint64(p.inLen())))
			src := make([]float32, p.inLen())
			for i := range src {
				src[i] = float32(r.IntN(2001)-1000) / 8
			}
			run := q2Runner(t, tc, src, p.outLen())
			w1 := NewWorkers(1)
			defer w1.Close()
			want := run(w1)
			units1, chunk1 := w1.job.units, w1.job.chunk
			if tc.op == "max" || tc.op == "maxidx" {
				dst, idx := make([]float32, p.outLen()), make([]int64, p.outLen())
				require.NoError(t, MaxPoolReference(tc.g, src, dst, idx, 0))
				got := q2Bits(dst, idx, tc.op == "maxidx")
				require.Equal(t, got, want, "fast kernel on one thread against the reference")
			}
			for _, threads := range []int{2, 3} {
				w := NewWorkers(threads)
				require.Equal(t, want, run(w), "%d threads", threads)
				if !tc.split {
					require.Equal(t, units1, w.job.units, "%d threads: the one-thread plan's units", threads)
					require.Equal(t, chunk1, w.job.chunk, "%d threads: the one-thread plan's chunks", threads)
				}
				w.wsSlow = wsSlow{id: 0, d: 200 * time.Microsecond}
				w.job.stole.Store(0)
				for range 2 {
					require.Equal(t, want, run(w), "%d threads, caller slowed", threads)
				}
				if tc.split {
					require.Positive(t, w.job.stole.Load(), "%d threads: a helper took part", threads)
				} else {
					require.Zero(t, w.job.stole.Load(), "%d threads: the caller alone", threads)
				}
				w.Close()
			}
		})
	}
}

// q2Runner returns a run of case tc's fast kernel on src (outputs of n
// elements) that returns the output bits (and indices).
func q2Runner(t *testing.T, tc q2Case, src []float32, n int) func(w *Workers) []uint64 {
	ctx := context.Background()
	switch tc.op {
	case "maxbf16":
		b := make([]uint16, len(src))
		for i, v := range src {
			b[i] = uint16(math.Float32bits(v) >> 16) // exact: multiples of 1/8 below 2^7
		}
		return func(w *Workers) []uint64 {
			dst := make([]uint16, n)
			require.NoError(t, MaxPoolBF16Context[int64](ctx, w, tc.g, b, dst, nil, 0))
			out := make([]uint64, n)
			for i, v := range dst {
				out[i] = uint64(v)
			}
			return out
		}
	case "avgi32":
		x := make([]int32, len(src))
		for i, v := range src {
			x[i] = int32(v * 8)
		}
		return func(w *Workers) []uint64 {
			dst := make([]int32, n)
			require.NoError(t, AvgPool(w, tc.g, x, dst, false))
			out := make([]uint64, n)
			for i, v := range dst {
				out[i] = uint64(uint32(v))
			}
			return out
		}
	case "avg":
		return func(w *Workers) []uint64 {
			dst := make([]float32, n)
			require.NoError(t, AvgPool(w, tc.g, src, dst, false))
			return q2Bits(dst, nil, false)
		}
	}
	return func(w *Workers) []uint64 {
		dst := make([]float32, n)
		var idx []int64
		if tc.op == "maxidx" {
			idx = make([]int64, n)
		}
		require.NoError(t, MaxPool(w, tc.g, src, dst, idx, 0))
		return q2Bits(dst, idx, idx != nil)
	}
}

// q2Bits packs each output's bits and, with indices, its index.
func q2Bits(dst []float32, idx []int64, withIdx bool) []uint64 {
	out := make([]uint64, len(dst))
	for i, v := range dst {
		out[i] = uint64(math.Float32bits(v))
		if withIdx {
			out[i] |= uint64(idx[i]) << 32
		}
	}
	return out
}
