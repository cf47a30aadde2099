// Package kernels holds irrun's compute kernels for the pooling ops and
// Transpose: pure functions over Go slices and small geometry structs
// (Window, Adaptive), generic over the element types in Number. It imports
// none of the project's packages.
//
// # Two kernels per op
//
// Every pooling op has a reference kernel (MaxPoolReference, ...) that is a
// plain scalar transliteration of OpenVINO's reference implementation, and a
// fast kernel (MaxPool, ...) that is parallel and optimised. The reference is
// the oracle: the conformance tests run random geometries and data (NaN, ±Inf,
// ±0, ties, empty windows, every element and index type, 1–4 threads)
// through both. Max values and indices are bit-identical; integer averages
// are identical; float averages differ by rounding only (bounded by
// (taps+2)·ε·Σ|x|/count per output).
//
// Semantics follow docs/openvino-semantics.md: MaxPool skips padding,
// starts from lowest(T) with index 0 and takes strictly greater values in
// D, H, W order (so NaN and −Inf are never chosen, ties keep the first);
// AvgPool counts the whole kernel when !excludePad and any pad is non-zero;
// adaptive windows are [floor(i·In/Out), ceil((i+1)·In/Out)). Integer
// averages round to nearest, ties to even, in exact (up to 128-bit)
// arithmetic — a deliberate deviation from OpenVINO's truncating integer
// reference. f16/bf16 are not computed here: convert with F16ToF32 /
// BF16ToF32, run the float32 kernel and convert back with F32ToF16 /
// F32ToBF16 (round to nearest even, NaN kept).
//
// # Strategy
//
// Pooling windows are separable, so the fast MaxPool and AvgPool reduce
// along W into a per-worker scratch block, then fold those rows along H into
// the output, over the valid depth taps. Each pass is a few fused folds
// (foldMax, foldAdd, foldMaxIdxLin, foldMaxIdx in prims.go): one call folds
// all k taps of every element of a rectangle in a register, in tap order,
// so the scratch and the output are written once per pass and never
// pre-filled. Outputs are grouped by their valid taps, computed once per
// block: interior rows or columns (all taps valid) go in one fold, the few
// border rows or columns one by one (runIter, interior), so no per-element
// bounds checks or divisions are needed. When border columns are a large
// share of a row (small W, large k, e.g. 5×5 s1 on 20×20), the W pass
// instead folds a copy of the rows padded with lowest(T) (max: never taken)
// or 0 (average: adds nothing), all columns in one fold. For max the fold
// order per output stays the reference's (d, h, w) scan order, which is why
// a strict ">" update reproduces the reference's value bits (−0 vs +0) and
// indices exactly; the values-only path carries no indices. Averages divide
// by the count in the last H fold when every output has the same count
// (pads counted, or no window clipped), otherwise in a separate pass with
// per-row/column counts. A 3-D MaxPool whose depth windows overlap runs
// units of every output depth of a (plane, block of rows): each input depth
// slice is pooled along H and W once into a cache and the depth taps fold
// the cached slices (pool6_depth.go; exact, since each slice keeps its
// first maximum and the slices are folded in depth order).
//
// Integer averages (avgint.go) sum exactly modulo 2^64 in uint64 lanes,
// which is exact for every window of elements up to 32 bits: a unit adds
// its valid depth slices element-wise into widened rows (for the next
// output depth of the same plane and rows, only the slices that left and
// entered the window), then sums along W and along H, each pass either by
// the taps (interior outputs in one fold) or, for large kernels, by prefix
// sums and one difference per output; when the H stride leaves few output
// rows the H pass runs first (contiguous adds) and W sums only the B
// summed rows (pool6_avgi.go). Rows no window covers are skipped.
// 64-bit elements outside the 32-bit range add a pass over their high
// halves, from which the exact 128-bit sum is rebuilt. The division rounds
// half to even through a float64 quotient corrected with the exact
// remainder (vectorised with AVX-512 while |sum| < 2^53).
//
// A 1-D geometry over many planes runs as one plane whose rows are the
// planes (poolRowsPlan): one unit setup and one fold cover many short rows, and
// the rows' flat indices are the tensor's. A values-only 2-D MaxPool whose H
// windows tile each plane (no H padding, H = Ho·sH, dilated H kernel ≤ sH) runs
// the same way, its planes' rows stacked into one plane (smPlanesRows).
//
// An axis whose window has one tap only selects input rows or columns.
// A values-only MaxPool with one depth and one H tap and a depth or H
// stride W-pools only the rows read, in batches of rows sharing their
// strides (a plane's output rows, or one output row over a block of
// planes; ps_select.go); one with one W tap and a W stride folds its H and
// depth taps straight over the columns read (ps_cols.go). Rows of up to
// four registers with at most one register of outputs are loaded once and
// every tap is two permutes and a masked max (ps_perm4.go), in tap order.
//
// AdaptiveMaxPool folds columns first (one fold per window row range, SIMD
// across the full input width, keeping per column its first row reaching
// the maximum) and resolves each W window with "largest value, then
// smallest flat index" (winMaxIdx: a vector max, then a vector min of the
// indices of the columns equal to it) — an order-independent rule equal to
// the reference's first-maximum whenever the data has no NaN. Slabs
// containing NaN, where OpenVINO's max_element quirks make the order
// matter, take an exact row-segment path. A global AdaptiveAvgPool (output
// 1×1) sums each contiguous plane in one pass.
//
// On amd64 with AVX2 the float32 primitives are assembly (simd_amd64.s):
// VMAXPS with the new value as first operand gives exactly
// "x > acc ? x : acc"; stride-2 sources are deinterleaved with
// VSHUFPS/VPERMPD; the folds take 16 columns per step and redo an
// overlapping full vector for a row tail where that is exact; the indexed
// folds take a tail of at most 4 columns two rows per vector instead. A pass
// whose source, destination and indices are linear across rows (the H pass
// with stride 1; a W pass with no border columns over rows exactly s·Wo
// wide, e.g. k2 s2 on even widths) is folded as one long row, with no
// per-row tail at all.
//
// On CPUs with AVX-512 (F, BW, DQ, VL) every fold the AVX2 routines do not
// cover runs in pool512_amd64.s: any column stride (the columns are
// gathered with VPGATHERDD/VPGATHERDQ at offsets iota·sc, the taps still
// folded in order in a register), rows of any width (the last vector is
// masked, so nothing outside the rectangle is touched) and every element
// type (VMAXPS/VMAXPD, VPMAXS/U B/W/D/Q; the indexed folds blend on VCMPPS
// GT_OQ or VPCMP NLE, keeping the strict ">" update and its ties). 1- and
// 2-byte elements have no gathers: with a column stride above 1 their max
// folds every column densely (64 or 32 lanes, in chunks on the stack) and
// keeps every s-th, which integer max makes exact. Gathers of fewer than 4
// columns per row lose to the scalar loop and are not used. The noavx512
// build tag (go test -tags noavx512) runs the AVX2 and Go paths on such a
// machine, and pool512_amd64_test.go compares every AVX-512 fold with its
// Go definition bit for bit, for every element type. Other cases,
// other platforms and builds with the purego tag use the portable Go
// primitives in prims.go, which define the behaviour; both pass the same
// tests (go test -tags purego), and simd_amd64_test.go compares every
// assembly routine with its Go definition bit for bit. The indexed folds
// cover 4- and 8-byte elements (for 8-byte values the int32 indices sit in
// the matching YMM lanes, addressed by column).
//
// Gathers are slow on some CPUs (AMD EPYC), so a W pass whose column
// stride is 3–8 (2 for types without the AVX2 stride-2 fold) and whose
// rows have at least one vector of outputs splits each row by phase first
// (pool8_phase.go: phase p holds the columns p, p+s, …, built with
// VPERMI2D/VPERMI2Q two-table permutes for 4- and 8-byte elements, a few
// rows at a time so the phases stay in L1); every tap is then a
// contiguous 1-tap fold of one phase, in tap order — the direct fold's
// bits. Float AvgPool uses it; MaxPool (values and indices) now folds
// such W passes with the fold-then-split kernels of pf_fold.go (round 10:
// per block of outputs, the s contiguous registers from each tap's start
// are max-folded in registers and one phase-0 permute picks the outputs;
// no phase rows are written), and when the H stride is at least the
// dilated H kernel folds the whole (H, W) window that way straight into
// the output (pf_direct.go), without W-pass rows. Float
// AvgPool may also sum along H before W (when the H stride leaves fewer
// output rows than input rows and the W pass is dear) and add the depth
// slices before the H and W passes (small output planes), both chosen
// from the geometry alone so that results never depend on the thread
// count; any summation order keeps the documented bound. 3-D windows over
// output planes of at most 64 outputs may instead run whole planes
// (pa4_deep.go: each slice's W and H sums once, then the depth sums per
// output, f16/bf16 widened once per run of planes), by a cost rule on the
// geometry alone.
//
// MaxPool on narrow storage widens per block (maxBlock's cvt): each depth
// tap's input rows are converted into scratch just before the W pass and
// the output rows narrowed back at the end. f16/bf16 (MaxPoolF16Context,
// MaxPoolBF16Context; poolF16/poolBF16 inside the package) always take this
// path — the float32 computation OpenVINO specifies, bit for bit, without
// staging whole tensors (f16 converted with VCVTPH2PS/VCVTPS2PH on
// AVX-512) — and 1- and 2-byte integers take it when indices are wanted,
// so their values (exact in float32, order kept) reach the float32 and
// 4-byte indexed folds.
//
// # Parallelism and cancellation
//
// Workers is a fixed pool started once; the caller works too. Between
// kernels an idle helper polls for the next job for 200µs before it parks
// (waking a parked thread costs tens of microseconds on virtual machines,
// as much as a small kernel); the caller never waits for a helper that has
// not started, it takes the job back. A kernel splits its output into units
// of (plane, output depth, block of output rows), sized so each unit's
// scratch stays in L1/L2 and so that there are several units per thread
// even with few planes. Each worker gets a fixed contiguous share of a job's
// chunks of units (the caller the first) and then takes chunks from the back
// of the others' shares, so consecutive layers split alike keep each core on
// the same rows, which stay in its cache. Units write disjoint output rows. Kernels allocate nothing per
// call in steady state (scratch is per worker and reused; the job
// descriptor is non-generic; each worker's scratch header has its own cache
// line). Small jobs run on the calling goroutine: a pooling job whose
// estimated cost (q2Cost: taps, outputs, inputs, widening, indices,
// divisions) is below the split rule is planned as for one thread. A
// nil *Workers runs everything on the caller.
//
// Every fast kernel has a ...Context variant taking a context.Context. The
// context is checked between chunks of units (never inside one), so a
// cancelled run stops promptly, returns ctx.Err() and leaves the output
// partially written; the plain variants use context.Background and pay
// nothing for the check.
//
// All kernels validate geometry and slice lengths before touching memory and
// return errors; they never panic on bad input.
package kernels
