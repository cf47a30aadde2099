package layers

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Epilogue fusion: the op side of the graph's epilogue-fusion pass (graph/fuse.go). A
// Convolution, GroupConvolution or MatMul on f32/f16/bf16 data starts a fusion; the
// elementwise nodes after it that keep its output's shape and type are appended as
// kernels.EpiStep values:
//
//	Add, Subtract (chain − const), Multiply of a per-channel constant (numpy broadcast,
//	  every dim but the channel's 1; the channel is axis 1 of a convolution, the last
//	  axis of a MatMul)                               → EpiAddChan / EpiMulChan
//	Add of another tensor of the output's shape     → EpiAddTensor (an input of the fused op)
//	Relu, Clamp, PRelu (per-channel or one constant slope), Sigmoid, Swish (constant
//	  beta), HSwish                                   → the activation steps
//	FakeQuantize (f32, constant per-tensor or per-channel ranges) → EpiFakeQuantize
//
// The fused op computes everything in f32 and rounds f16/bf16 once at the end; the
// unfused graph rounds after every node (docs/semantics.md). The kernel applies the
// steps to each tile of the GEMM as soon as it is final (kernels/gemm_epi.go); a base op
// that ends on a reference kernel (an unexpected constant, a depthwise convolution) runs
// it and then the steps over its output.

// EpilogueFusion accumulates one fused node. Its methods are not safe for concurrent use.
type EpilogueFusion struct {
	base     Op
	baseIn   []Input
	t        ir.ElementType
	out      []int // output dims
	chAxis   int   // the channel axis of out
	channels int
	steps    []kernels.EpiStep
	extra    []Input // residual inputs, in step order
	names    []string
}

// NewEpilogueFusion starts a fusion on op with static inputs in. It reports false when
// op cannot carry a fused epilogue: not a Convolution, GroupConvolution, their backprop
// (transposed) forms or MatMul,
// an element type other than f32/f16/bf16, a dynamic shape, or opts.Reference (the
// reference kernels stay unfused, the oracle of the fused ones).
func NewEpilogueFusion(op Op, in []Input, opts ExecOptions) (*EpilogueFusion, bool) {
	if opts.Reference {
		return nil, false
	}
	var name string
	chAxis := -1
	switch o := op.(type) {
	case *convOp:
		if o.kind.backprop || len(in) != 2 {
			return nil, false
		}
		// A depthwise GroupConvolution keeps its own kernel; the steps then run over its
		// output in one pass (instead of one pass per elementwise node).
		name, chAxis = o.kind.name(), 1
	case *convBackpropOp:
		if len(in) == 3 && in[2].Value == nil {
			return nil, false
		}
		name, chAxis = o.kind.name(), 1
	case *matMulOp:
		if len(in) != 2 {
			return nil, false
		}
		name = "MatMul"
	case *eltBinary, *eltDivide:
		return efNewFusion(op, in) // an elementwise anchor (eltwise_fuse.go)
	default:
		return nil, false
	}
	for _, x := range in {
		if _, ok := staticDims(x.Shape); !ok {
			return nil, false
		}
	}
	outs, err := op.Infer(in)
	if err != nil || len(outs) != 1 || !gemmFastType(outs[0].Type) {
		return nil, false
	}
	dims, ok := staticDims(outs[0].Shape)
	if !ok || len(dims) == 0 {
		return nil, false
	}
	if chAxis < 0 {
		chAxis = len(dims) - 1
	}
	if chAxis >= len(dims) {
		return nil, false
	}
	return &EpilogueFusion{base: op, baseIn: slices.Clone(in), t: outs[0].Type, out: dims,
		chAxis: chAxis, channels: dims[chAxis], names: []string{name}}, true
}

// Len returns the number of fused elementwise steps.
func (f *EpilogueFusion) Len() int { return len(f.steps) }

// Label names the fused node's ops: "Convolution+Add+Relu".
func (f *EpilogueFusion) Label() string { return strings.Join(f.names, "+") }

// Append fuses op (static inputs in, in[chain] the fusion's current output) after the
// fusion. It returns the indices of op's inputs that become inputs of the fused op (a
// residual Add's other operand), or false when op cannot be fused; the fusion is then
// unchanged.
func (f *EpilogueFusion) Append(op Op, in []Input, chain int) ([]int, bool) {
	if chain < 0 || chain >= len(in) || in[chain].Type != f.t {
		return nil, false
	}
	for _, x := range in {
		if _, ok := staticDims(x.Shape); !ok {
			return nil, false
		}
	}
	if d, _ := staticDims(in[chain].Shape); !slices.Equal(d, f.out) {
		return nil, false
	}
	outs, err := op.Infer(in)
	if err != nil || len(outs) != 1 || outs[0].Type != f.t {
		return nil, false
	}
	if d, ok := staticDims(outs[0].Shape); !ok || !slices.Equal(d, f.out) {
		return nil, false
	}
	step, extra, name, ok := f.stepOf(op, in, chain)
	if !ok || f.efRejects(step) {
		return nil, false
	}
	f.steps = append(f.steps, step)
	f.names = append(f.names, name)
	for _, i := range extra {
		f.extra = append(f.extra, in[i])
	}
	return extra, true
}

// stepOf classifies op as one epilogue step.
func (f *EpilogueFusion) stepOf(op Op, in []Input, chain int) (kernels.EpiStep, []int, string, bool) {
	var none kernels.EpiStep
	switch o := op.(type) {
	case *eltBinary:
		if len(in) != 2 || o.fn.kind != eltArith {
			return none, nil, "", false
		}
		spec := o.spec()
		if spec.Type != "numpy" && spec.Type != "none" && spec.Type != "explicit" {
			return none, nil, "", false
		}
		other := 1 - chain
		var kind kernels.EpiKind
		var name string
		switch o.fn.arith {
		case kernels.BinAdd:
			kind, name = kernels.EpiAddChan, "Add"
		case kernels.BinMultiply:
			kind, name = kernels.EpiMulChan, "Multiply"
		case kernels.BinSubtract:
			if chain != 0 {
				return none, nil, "", false
			}
			kind, name = kernels.EpiAddChan, "Subtract"
		default:
			return none, nil, "", false
		}
		if in[other].Type != f.t {
			return none, nil, "", false
		}
		if in[other].Value != nil {
			vec, ok := f.channelVec(in[other].Value, false)
			if !ok {
				return none, nil, "", false
			}
			if o.fn.arith == kernels.BinSubtract {
				for i := range vec {
					vec[i] = -vec[i] // x − c == x + (−c) exactly
				}
			}
			return kernels.EpiStep{Kind: kind, Vec: vec}, nil, name, true
		}
		if o.fn.arith != kernels.BinAdd {
			return none, nil, "", false
		}
		if d, _ := staticDims(in[other].Shape); !slices.Equal(d, f.out) {
			return none, nil, "", false
		}
		return kernels.EpiStep{Kind: kernels.EpiAddTensor}, []int{other}, name, true
	case *unaryOp:
		if len(in) != 1 {
			return none, nil, "", false
		}
		switch o.name {
		case "Relu":
			return kernels.EpiStep{Kind: kernels.EpiRelu}, nil, o.name, true
		case "Sigmoid":
			return kernels.EpiStep{Kind: kernels.EpiSigmoid}, nil, o.name, true
		case "HSwish":
			return kernels.EpiStep{Kind: kernels.EpiHSwish}, nil, o.name, true
		}
	case *clampOp:
		if len(in) != 1 {
			return none, nil, "", false
		}
		lo, hi := float32(o.Min), float32(o.Max)
		if !(lo <= hi) {
			return none, nil, "", false
		}
		return kernels.EpiStep{Kind: kernels.EpiClamp, Lo: lo, Hi: hi}, nil, "Clamp", true
	case swishOp:
		beta := float32(1)
		if len(in) == 2 {
			b, ok := unaryScalar(in[1].Value)
			if !ok || in[1].Type != f.t {
				return none, nil, "", false
			}
			beta = float32(b)
		}
		if chain != 0 {
			return none, nil, "", false
		}
		return kernels.EpiStep{Kind: kernels.EpiSwish, Lo: beta}, nil, "Swish", true
	case preluOp:
		// A slope of another float type (an IR10 f16 model's f32 slope) is used in f32 as
		// the mixed-type PRelu kernel uses it (preluMixed).
		if len(in) != 2 || chain != 0 || in[1].Value == nil || (in[1].Type != f.t && !preluMixed(f.t, in[1].Type)) {
			return none, nil, "", false
		}
		vec, ok := f.channelVec(in[1].Value, true)
		if !ok {
			return none, nil, "", false
		}
		return kernels.EpiStep{Kind: kernels.EpiPRelu, Vec: vec}, nil, "PRelu", true
	case *fakeQuantizeOp:
		step, ok := f.fqeStep(o, in, chain)
		return step, nil, "FakeQuantize", ok
	}
	return none, nil, "", false
}

// channelVec returns a constant that broadcasts to the output along the channel axis
// only as one value per channel (or a single value when it is constant over channels);
// prelu applies PRelu's rule for a 1-D slope (along axis 1, axis 0 for 1-D data).
func (f *EpilogueFusion) channelVec(c *ir.Tensor, prelu bool) ([]float32, bool) {
	n, err := ir.ElementCount(c.Shape)
	if err != nil || n < 1 {
		return nil, false
	}
	eff := c.Shape
	if prelu && len(c.Shape) == 1 {
		ch := 0
		if len(f.out) > 1 {
			ch = 1
		}
		if f.out[ch] == c.Shape[0] {
			eff = make([]int, len(f.out))
			for i := range eff {
				eff[i] = 1
			}
			eff[ch] = c.Shape[0]
		}
	}
	if len(eff) > len(f.out) {
		return nil, false
	}
	lead := len(f.out) - len(eff)
	for j, d := range eff {
		if d != 1 && (d != f.out[lead+j] || lead+j != f.chAxis) {
			return nil, false
		}
	}
	v := make([]float32, n)
	w, err := gemmF32(c.Type, c.Data, n, v)
	if err != nil {
		return nil, false
	}
	if n > 1 && n != f.channels {
		return nil, false
	}
	return slices.Clone(w), true
}

// Op returns the fused op: its inputs are the base op's followed by the residual
// tensors of the appended steps, its output the last appended node's.
func (f *EpilogueFusion) Op() Op {
	if o, ok := f.efOp(); ok {
		return o
	}
	return &fusedEpiOp{
		base: f.base, nBase: len(f.baseIn), t: f.t, out: slices.Clone(f.out), chAxis: f.chAxis,
		epi: &kernels.Epilogue{Steps: slices.Clone(f.steps)}, label: f.Label(),
	}
}

// Inputs returns the fused op's inputs: the base op's followed by the residuals.
func (f *EpilogueFusion) Inputs() []Input { return append(slices.Clone(f.baseIn), f.extra...) }

// fusedEpiOp is a GEMM-based op with a fused elementwise epilogue (EpilogueFusion.Op).
type fusedEpiOp struct {
	base   Op
	nBase  int
	t      ir.ElementType
	out    []int
	chAxis int
	epi    *kernels.Epilogue
	label  string
}

func (o *fusedEpiOp) Infer(in []Input) ([]Output, error) {
	if len(in) != o.nBase+o.epi.Residuals() {
		return nil, fmt.Errorf("%s expects %d inputs, got %d", o.label, o.nBase+o.epi.Residuals(), len(in))
	}
	return []Output{{Type: o.t, Shape: shapeOfDims(o.out)}}, nil
}

func (o *fusedEpiOp) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	nres := o.epi.Residuals()
	if len(in) != o.nBase+nres {
		return nil, fmt.Errorf("%s expects %d inputs, got %d", o.label, o.nBase+nres, len(in))
	}
	for _, x := range in[o.nBase:] {
		if d, ok := staticDims(x.Shape); !ok || !slices.Equal(d, o.out) || x.Type != o.t {
			return nil, fmt.Errorf("%s: residual input %s%s, the output is %s%v", o.label, x.Type, x.Shape, o.t, o.out)
		}
	}
	lo := product(o.out)
	k := &fusedEpiKernel{label: o.label, t: o.t, lo: lo, nBase: o.nBase, epi: o.epi, w: opts.Workers,
		res: make([][]float32, nres)}
	if o.t != ir.F32 && opts.Arena != nil {
		k.arena = opts.Arena // f32 copies of the residuals, data and output per run
	} else if o.t != ir.F32 {
		k.resBuf = make([][]float32, nres)
		for i := range k.resBuf {
			k.resBuf[i] = make([]float32, lo)
		}
	}
	base := in[:o.nBase]
	switch b := o.base.(type) {
	case *convOp:
		t, kg, err := b.kernelGeom(base)
		if err != nil {
			return nil, err
		}
		if t == o.t && !(kg.Groups > 1 && kg.InC == 1) && !opts.Reference {
			c, err := kernels.NewConvGemm(kg, kernels.GemmAuto, opts.Workers.Threads())
			if err != nil {
				return nil, fmt.Errorf("%s: %w", o.label, err)
			}
			if err := c.SetEpilogue(o.epi); err != nil {
				return nil, fmt.Errorf("%s: %w", o.label, err)
			}
			ls, lf, lon := kg.ConvLens()
			if lon == lo && k.bindConv(c, ls, lf, base[1]) {
				return k, nil
			}
		}
	case *convBackpropOp:
		t, kg, err := b.kernelGeom(base)
		if err != nil {
			return nil, err
		}
		if t == o.t && !opts.Reference {
			c, err := kernels.NewConvBackpropGemm(kg, kernels.GemmAuto, opts.Workers.Threads())
			if err != nil {
				return nil, fmt.Errorf("%s: %w", o.label, err)
			}
			if err := c.SetEpilogue(o.epi); err != nil {
				return nil, fmt.Errorf("%s: %w", o.label, err)
			}
			ls, lf, lon := kg.ConvLens()
			if lon == lo && k.bindBack(c, ls, lf, base[1]) {
				return k, nil
			}
		}
	case *matMulOp:
		if g, la, lb, ok := b.fastGeom(base); ok && !opts.Reference {
			m, err := kernels.NewMatMulGemm(g, kernels.GemmAuto, opts.Workers.Threads())
			if err != nil {
				return nil, fmt.Errorf("%s: %w", o.label, err)
			}
			if err := m.SetEpilogue(o.epi); err != nil {
				return nil, fmt.Errorf("%s: %w", o.label, err)
			}
			if k.bindMatMul(m, la, lb, base[1]) {
				return k, nil
			}
		}
	}
	// The base op's own kernel, then the steps over its output.
	bk, err := Prepare(o.base, base, opts)
	if err != nil {
		return nil, err
	}
	k.baseK = bk
	if o.t != ir.F32 {
		k.gemmScratch(0) // the f32 residuals (and, without a depthwise kernel, the output)
	}
	if dk, ok := dwFuseEpilogue(bk, o.epi); ok {
		k.dw = dk // a depthwise kernel runs the steps per block of rows
		return k, nil
	}
	rows, cols, perRow := o.epiLayout()
	if k.apply, err = kernels.NewEpiApplier(o.epi, rows, cols, perRow); err != nil {
		return nil, fmt.Errorf("%s: %w", o.label, err)
	}
	return k, nil
}

// gemmScratch sets up the f32 scratch of an f16/bf16 kernel: data (ls elements, 0 for
// none) and output buffers, from the arena per run when there is one (with the
// residuals'), else its own.
func (k *fusedEpiKernel) gemmScratch(ls int) {
	if k.arena == nil {
		k.src, k.dst = make([]float32, ls), make([]float32, k.lo)
		return
	}
	k.lens = append(k.lens[:0], ls, k.lo)
	for range k.res {
		k.lens = append(k.lens, k.lo)
	}
	k.bufs = make([][]float32, len(k.lens))
	total := 0
	for _, n := range k.lens {
		total += n
	}
	k.arena.Reserve(total)
}

// epiLayout returns the output as planes of rows × cols with the channel along rows
// (convolutions) or columns (MatMul).
func (o *fusedEpiOp) epiLayout() (rows, cols int, perRow bool) {
	if o.chAxis == len(o.out)-1 {
		return product(o.out[:o.chAxis]), o.out[o.chAxis], false
	}
	return o.out[o.chAxis], product(o.out[o.chAxis+1:]), true
}

// fusedEpiKernel runs a fused node: the fast ConvGemm / MatMulGemm with the epilogue in
// its tiles, or (baseK) the base op's kernel followed by the epilogue over its output
// (kernels.EpiApplier: ApplyEpilogue's bits, in parallel).
type fusedEpiKernel struct {
	label  string
	t      ir.ElementType
	nBase  int
	lo     int
	epi    *kernels.Epilogue
	w      *kernels.Workers
	res    [][]float32 // per run: the residuals as f32
	resBuf [][]float32 // f32 scratch of f16/bf16 residuals
	arena  *kernels.GemmArena
	lens   []int       // arena slices per run: data, output, residuals
	bufs   [][]float32 // the arena slices of a run

	conv      *kernels.ConvGemm
	back      *kernels.ConvBackpropGemm
	mm        *kernels.MatMulGemm
	constW    bool
	la, lb    int // conv: data and filter lengths; MatMul: A and B lengths
	src, wbuf []float32
	dst       []float32
	baseK     Kernel
	apply     *kernels.EpiApplier // the steps after baseK
	dw        *dwKernel           // baseK with the steps inside (layers/conv_depthwise.go)
}

func (k *fusedEpiKernel) bindConv(c *kernels.ConvGemm, ls, lf int, filt Input) bool {
	k.conv = c
	return k.bindFilters(c.PackFilters, ls, lf, filt)
}

func (k *fusedEpiKernel) bindBack(c *kernels.ConvBackpropGemm, ls, lf int, filt Input) bool {
	k.back = c
	return k.bindFilters(c.PackFilters, ls, lf, filt)
}

// bindFilters sets up a (transposed) convolution's data and filter lengths and f32
// scratch, and packs constant filters once with pack; it reports false for an unexpected
// constant (the base op's own kernel then checks it).
func (k *fusedEpiKernel) bindFilters(pack func([]float32) error, ls, lf int, filt Input) bool {
	k.la, k.lb = ls, lf
	if k.t != ir.F32 {
		k.wbuf = make([]float32, lf)
		k.gemmScratch(ls)
	}
	if v := filt.Value; v != nil {
		w, err := gemmF32(k.t, v.Data, lf, k.wbuf)
		if err != nil || pack(w) != nil {
			return false
		}
		k.constW, k.wbuf = true, nil
	}
	return true
}

func (k *fusedEpiKernel) bindMatMul(m *kernels.MatMulGemm, la, lb int, b Input) bool {
	k.mm, k.la, k.lb = m, la, lb
	if k.t != ir.F32 {
		k.wbuf = make([]float32, lb)
		k.gemmScratch(la)
	}
	if v := b.Value; v != nil {
		bv, err := gemmF32(k.t, v.Data, lb, k.wbuf)
		if err != nil || m.SetConstB(bv) != nil {
			return false
		}
		k.constW, k.wbuf = true, nil
	}
	return true
}

func (k *fusedEpiKernel) Run(ctx context.Context, in, out []*ir.Tensor) error {
	if len(in) != k.nBase+len(k.res) || len(out) < 1 {
		return fmt.Errorf("%s: expected %d inputs and 1 output, got %d and %d", k.label, k.nBase+len(k.res), len(in), len(out))
	}
	if k.arena != nil && k.bufs != nil {
		k.arena.Take(k.bufs, k.lens...)
		k.src, k.dst, k.resBuf = k.bufs[0], k.bufs[1], k.bufs[2:]
	}
	for i := range k.res {
		var buf []float32
		if k.resBuf != nil {
			buf = k.resBuf[i]
		}
		r, err := gemmF32(k.t, in[k.nBase+i].Data, k.lo, buf)
		if err != nil {
			return fmt.Errorf("%s: residual: %w", k.label, err)
		}
		k.res[i] = r
	}
	defer clear(k.res)
	if k.dw != nil {
		return k.dw.runEpi(ctx, in[:k.nBase], out[:1], k.res)
	}
	if k.baseK != nil {
		if err := k.baseK.Run(ctx, in[:k.nBase], out[:1]); err != nil {
			return err
		}
		y, err := gemmF32(k.t, out[0].Data, k.lo, k.dst)
		if err != nil {
			return fmt.Errorf("%s: %w", k.label, err)
		}
		if err := k.apply.Run(ctx, k.w, y, k.res); err != nil {
			return fmt.Errorf("%s: %w", k.label, err)
		}
		return gemmNarrow(k.t, out[0].Data, y)
	}
	if k.conv != nil && k.constW {
		if done, err := gemmRunF16(ctx, k.conv, k.w, in[0], out[0], k.src, k.dst, k.res); done {
			return err
		}
	}
	if k.back != nil && k.constW {
		x, ok1 := in[0].Data.([]f16)
		y, ok2 := out[0].Data.([]f16)
		if ok1 && ok2 && k.t == ir.F16 {
			return k.back.RunF16(ctx, k.w, x, y, k.src, k.dst, k.res)
		}
	}
	src, err := gemmF32(k.t, in[0].Data, k.la, k.src)
	if err != nil {
		return fmt.Errorf("%s: data: %w", k.label, err)
	}
	var w []float32
	if !k.constW {
		if w, err = gemmF32(k.t, in[1].Data, k.lb, k.wbuf); err != nil {
			return fmt.Errorf("%s: weights: %w", k.label, err)
		}
	}
	dst, err := gemmOut(k.t, out[0].Data, k.lo, k.dst)
	if err != nil {
		return fmt.Errorf("%s: %w", k.label, err)
	}
	switch {
	case k.conv != nil:
		if w != nil {
			if err := k.conv.PackFilters(w); err != nil {
				return fmt.Errorf("%s: %w", k.label, err)
			}
		}
		err = k.conv.RunEpi(ctx, k.w, src, dst, k.res)
	case k.back != nil:
		if w != nil {
			if err := k.back.PackFilters(w); err != nil {
				return fmt.Errorf("%s: %w", k.label, err)
			}
		}
		err = k.back.RunEpi(ctx, k.w, src, dst, k.res)
	default:
		err = k.mm.RunEpi(ctx, k.w, src, w, dst, k.res)
	}
	if err != nil {
		return err
	}
	return gemmNarrow(k.t, out[0].Data, dst)
}
