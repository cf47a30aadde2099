package kernels

// GemmArena is float32 scratch shared by the fast GEMM kernels of one sequential
// executor (one run state of a graph: its kernels run one after another, never at the
// same time). The f32 copies of f16/bf16 tensors that the convolution and MatMul
// kernels widen into and narrow from are taken from it on every run instead of from
// per-kernel buffers, so consecutive layers reuse the same, cache-warm memory (a
// per-layer buffer is cold at every run: writing it costs a memory round trip per
// line). Kernels Reserve their largest need at Prepare, so runs allocate nothing.
//
// A GemmArena is not safe for concurrent use; a kernel's slices are valid until the
// next kernel of the executor takes its own.
type GemmArena struct {
	buf []float32
}

// NewGemmArena returns an empty arena.
func NewGemmArena() *GemmArena { return &GemmArena{} }

// Reserve grows the arena to at least n floats.
func (a *GemmArena) Reserve(n int) {
	if len(a.buf) < n {
		a.buf = make([]float32, n)
	}
}

// Take returns consecutive, disjoint slices of the arena of the given lengths into out
// (stale contents), growing the arena when a Reserve did not cover them.
func (a *GemmArena) Take(out [][]float32, lens ...int) {
	total := 0
	for _, n := range lens {
		total += n
	}
	a.Reserve(total)
	o := 0
	for i, n := range lens {
		out[i] = a.buf[o : o+n : o+n]
		o += n
	}
}
