package kernels

// q2Line is the cache line size the per-worker structures are padded to
// (scratch), so that workers writing their own never share a line.
const q2Line = 64
