package layers

import (
	"fmt"
	"strings"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Recurrent cells and sequences: RNNCell-0 (opset "1"), GRUCell-3, LSTMCell-0 (opset "1")
// and -4, RNNSequence-5, GRUSequence-5, LSTMSequence-5.
// Shape inference: src/core/shape_inference/include/rnn_base_shape_inference.hpp
// (cell_base_shape_infer, seq_base_shape_infer), lstm_cell_shape_inference.hpp; element
// types: src/core/src/op/{rnn,gru,lstm}_{cell,sequence}.cpp. Kernels: kernels.RNNCellStep
// and kernels.RNNSequence (reference rnn_cell.hpp, gru_cell.hpp, lstm_cell.hpp,
// sequences.hpp).
//
// A missing B (cells) is zeros of [gates·hidden_size] (hidden_size the attribute), as
// OpenVINO's constructors add; LSTMCell-1's missing P is zeros. LSTMCell-1's W, R and B
// follow weights_format (gate order, default ifco); OpenVINO's reference computes fico only,
// irrun reorders the gates for the other formats.

type seqRNNOp struct {
	HiddenSize    uint64    `attr:"hidden_size"`
	Activations   string    `attr:"activations"`
	Alpha         []float32 `attr:"activations_alpha"`
	Beta          []float32 `attr:"activations_beta"`
	Clip          float32   `attr:"clip"`
	LBR           bool      `attr:"linear_before_reset"`
	Direction     string    `attr:"direction,enum=forward|reverse|bidirectional"`
	InputForget   bool      `attr:"input_forget"`
	WeightsFormat string    `attr:"weights_format,enum=fico|icof|ifco|ifoc|iofc"`

	kind     kernels.RNNCellKind
	sequence bool
	name     string
	acts     []string
}

const (
	seqKindRNN  = kernels.CellRNN
	seqKindGRU  = kernels.CellGRU
	seqKindLSTM = kernels.CellLSTM
)

func seqNewRNN(kind kernels.RNNCellKind, sequence bool, name string) func(int) Op {
	return func(v int) Op {
		op := &seqRNNOp{kind: kind, sequence: sequence, name: fmt.Sprintf("%s-%d", name, v),
			Direction: "forward", WeightsFormat: "fico"}
		switch kind {
		case kernels.CellRNN:
			op.Activations = "tanh"
		case kernels.CellGRU:
			op.Activations = "sigmoid,tanh"
		case kernels.CellLSTM:
			op.Activations = "sigmoid,tanh,tanh"
			if v == 1 && !sequence {
				op.WeightsFormat = "ifco"
			}
		}
		return op
	}
}

func (o *seqRNNOp) states() int {
	if o.kind == kernels.CellLSTM {
		return 2
	}
	return 1
}

func seqParseActs(s string) []string {
	var acts []string
	for _, a := range strings.Split(s, ",") {
		if a = strings.TrimSpace(a); a != "" {
			acts = append(acts, strings.ToLower(a))
		}
	}
	return acts
}

func (o *seqRNNOp) checkAttrs(d *decoder) {
	o.acts = seqParseActs(o.Activations)
	need := map[kernels.RNNCellKind]int{kernels.CellRNN: 1, kernels.CellGRU: 2, kernels.CellLSTM: 3}[o.kind]
	if len(o.acts) < need {
		d.invalid("activations", "%s needs %d activation functions, got %d", o.name, need, len(o.acts))
	}
}

func (o *seqRNNOp) activations() []string {
	if o.acts == nil {
		o.acts = seqParseActs(o.Activations)
	}
	return o.acts
}

// elemMsg is the element-type mismatch message of the op's validate_and_infer_types.
func (o *seqRNNOp) elemMsg() string {
	if o.kind == kernels.CellLSTM {
		if o.sequence {
			return "Element types for X, initial_hidden_state, initial_cell_state, W, R and B inputs do not match."
		}
		return "Element types for X, initial_hidden_state, initial_cell_state, W, R and B do not match."
	}
	return "Element types for X, initial_hidden_state, W, R and B inputs do not match."
}

func (o *seqRNNOp) Infer(in []Input) ([]Output, error) {
	ns := o.states()
	if o.sequence {
		return o.inferSequence(in, ns)
	}
	return o.inferCell(in, ns)
}

func (o *seqRNNOp) inferCell(in []Input, ns int) ([]Output, error) {
	gates := int64(o.kind.Gates())
	if len(in) < 3+ns {
		return nil, fmt.Errorf("Incorrect number of shapes has been provided. (%s got %d inputs)", o.name, len(in))
	}
	shapes := make([]ir.Shape, 0, 5+ns)
	for _, x := range in {
		shapes = append(shapes, x.Shape)
	}
	idx := make([]int, 0, len(in))
	for i := range in {
		if i < 4+ns {
			idx = append(idx, i)
		}
	}
	et, err := seqMergeTypes(in, idx, o.elemMsg())
	if err != nil {
		return nil, err
	}
	if len(shapes) == 3+ns { // default B
		mult := gates
		if o.kind == kernels.CellGRU && o.LBR {
			mult++
		}
		shapes = append(shapes, ir.StaticShape(int64(o.HiddenSize)*mult))
	}
	out, err := seqCellShape(shapes, gates, ns, o.kind == kernels.CellGRU && o.LBR)
	if err != nil {
		return nil, err
	}
	if o.kind == kernels.CellLSTM && !out.Dims[1].IsStatic() {
		// lstm_cell_shape_inference.hpp (v0 and v4): a hidden size the inputs leave dynamic
		// (or an interval) is the hidden_size attribute.
		out.Dims[1] = ir.StaticDim(int64(o.HiddenSize))
	}
	if o.kind == kernels.CellLSTM && len(shapes) > 6 {
		p, hidden := shapes[6], out.Dims[1]
		if p.IsStatic() && hidden.IsStatic() {
			if !seqRankIs(p, 1) {
				return nil, fmt.Errorf("Input tensor P should have rank equal 1. (got %s)", p)
			}
			if !p.Dims[0].Compatible(ir.StaticDim(hidden.Lo * 3)) {
				return nil, fmt.Errorf("Inorrect shape of P input. Second dimension is: %s, expected: %d.", p.Dims[0], hidden.Lo*3)
			}
		}
	}
	outs := make([]Output, ns)
	for i := range outs {
		outs[i] = Output{Type: et, Shape: cloneShape(out)}
	}
	return outs, nil
}

func seqRankMsg(i int, want int, s ir.Shape) error {
	return fmt.Errorf("Shape rank of input at %d is incompatible. Expected rank: %d, actual shape: %s.", i, want, s)
}

// layMergeDim merges d into *into, failing with the RNN ops' message naming the dimension
// (batch_size, hidden_size) when they differ.
func layMergeDim(name string, into *ir.Dim, d ir.Dim) error {
	m, ok := dimMerge(*into, d)
	if !ok {
		return fmt.Errorf("Dimension `%s` is not matched between inputs. (got %s and %s)", name, *into, d)
	}
	*into = m
	return nil
}

// seqCellShape is rnn::cell_base_shape_infer: [batch_size, hidden_size].
func seqCellShape(in []ir.Shape, gates int64, ns int, lbr bool) (ir.Shape, error) {
	want := make([]int, 0, 4+ns)
	for i := 0; i <= ns; i++ {
		want = append(want, 2)
	}
	want = append(want, 2, 2, 1)
	for i, r := range want {
		if !seqRankIs(in[i], r) {
			return ir.Shape{}, seqRankMsg(i, r, in[i])
		}
	}
	x, ht := in[0], in[1]
	w, r, b := in[1+ns], in[2+ns], in[3+ns]
	batch := seqDim(x, 0)
	for i := 1; i <= ns; i++ {
		if err := layMergeDim("batch_size", &batch, seqDim(in[i], 0)); err != nil {
			return ir.Shape{}, err
		}
	}
	hidden := seqDim(ht, 1)
	mergeHidden := func(d ir.Dim) error { return layMergeDim("hidden_size", &hidden, d) }
	for i := 2; i <= ns; i++ {
		if !in[i].DynamicRank {
			if err := mergeHidden(in[i].Dims[1]); err != nil {
				return ir.Shape{}, err
			}
		}
	}
	if !r.DynamicRank {
		if err := mergeHidden(r.Dims[1]); err != nil {
			return ir.Shape{}, err
		}
	}
	if hidden.IsStatic() {
		h := hidden.Lo
		if !w.DynamicRank && !w.Dims[0].Compatible(ir.StaticDim(h*gates)) {
			return ir.Shape{}, fmt.Errorf("First dimension of W input shape is required to be compatible with %d. Got shape: %s.", h*gates, w.Dims[0])
		}
		if !r.DynamicRank && !r.Dims[0].Compatible(ir.StaticDim(h*gates)) {
			return ir.Shape{}, fmt.Errorf("Fisrt dimension of R input shape is required to be compatible with %d. Got shape: %s.", h*gates, r.Dims[0])
		}
		mult := gates
		if lbr {
			mult++
		}
		if !b.DynamicRank && !b.Dims[0].Compatible(ir.StaticDim(h*mult)) {
			return ir.Shape{}, fmt.Errorf("First dimension of B input shape is required to be compatible with %d. Got shape: %s.", h*mult, b.Dims[0])
		}
	} else {
		for _, s := range []ir.Shape{w, r} {
			if !s.DynamicRank && s.Dims[0].IsStatic() {
				d, ok := seqDimDiv(s.Dims[0], gates)
				if !ok {
					return ir.Shape{}, fmt.Errorf("Dimension `hidden_size` is not matched between inputs. (%s is not a multiple of %d gates)", s.Dims[0], gates)
				}
				if err := mergeHidden(d); err != nil {
					return ir.Shape{}, err
				}
			}
		}
	}
	return ir.Shape{Dims: []ir.Dim{batch, hidden}}, nil
}

func (o *seqRNNOp) inferSequence(in []Input, ns int) ([]Output, error) {
	gates := int64(o.kind.Gates())
	if len(in) < 5+ns {
		return nil, fmt.Errorf("Incorrect number of shapes has been provided. (%s got %d inputs)", o.name, len(in))
	}
	idx := []int{0, 1}
	if ns == 2 {
		idx = append(idx, 2)
	}
	idx = append(idx, 2+ns, 3+ns, 4+ns)
	et, err := seqMergeTypes(in, idx, o.elemMsg())
	if err != nil {
		return nil, err
	}
	want := make([]int, 0, 5+ns)
	for i := 0; i <= ns; i++ {
		want = append(want, 3)
	}
	want = append(want, 1, 3, 3, 2)
	for i, r := range want {
		if !seqRankIs(in[i].Shape, r) {
			return nil, seqRankMsg(i, r, in[i].Shape)
		}
	}
	x, ht := in[0].Shape, in[1].Shape
	w, r, b := in[2+ns].Shape, in[3+ns].Shape, in[4+ns].Shape
	batch, steps, hidden := seqDim(x, 0), seqDim(x, 1), seqDim(ht, 2)
	for i := 1; i <= 1+ns; i++ {
		if !in[i].Shape.DynamicRank {
			if err := layMergeDim("batch_size", &batch, in[i].Shape.Dims[0]); err != nil {
				return nil, err
			}
		}
	}
	mergeHidden := func(d ir.Dim) error { return layMergeDim("hidden_size", &hidden, d) }
	for i := 2; i <= ns; i++ {
		if !in[i].Shape.DynamicRank {
			if err := mergeHidden(in[i].Shape.Dims[2]); err != nil {
				return nil, err
			}
		}
	}
	if !r.DynamicRank {
		if err := mergeHidden(r.Dims[2]); err != nil {
			return nil, err
		}
	}
	dirs := ir.StaticDim(1)
	if o.Direction == "bidirectional" {
		dirs = ir.StaticDim(2)
	}
	valid := true
	merge := func(d ir.Dim) {
		m, ok := dimMerge(dirs, d)
		if ok {
			dirs = m
		}
		valid = valid && ok
	}
	for i := 1; i <= ns; i++ {
		merge(seqDim(in[i].Shape, 1))
	}
	for i := 2 + ns; i < 5+ns; i++ {
		merge(seqDim(in[i].Shape, 0))
	}
	if !valid {
		return nil, fmt.Errorf("Dimension `num_directions` doesn't match to other inputs or `direction` attribute. (direction %s)", o.Direction)
	}
	if hidden.IsStatic() {
		h := hidden.Lo
		if !w.DynamicRank && !w.Dims[1].Compatible(ir.StaticDim(h*gates)) {
			return nil, fmt.Errorf("Second dimension of W input shape is required to be compatible with %d. Got shape: %s.", h*gates, w.Dims[1])
		}
		if !r.DynamicRank && !r.Dims[1].Compatible(ir.StaticDim(h*gates)) {
			return nil, fmt.Errorf("Second dimension of R input shape is required to be compatible with %d. Got shape: %s.", h*gates, r.Dims[1])
		}
		mult := gates
		if o.kind == kernels.CellGRU && o.LBR {
			mult++
		}
		if !b.DynamicRank && !b.Dims[1].Compatible(ir.StaticDim(h*mult)) {
			return nil, fmt.Errorf("Second dimension of B input shape is required to be compatible with %d. Got shape: %s.", h*mult, b.Dims[1])
		}
	} else {
		for _, s := range []ir.Shape{w, r} {
			if !s.DynamicRank && s.Dims[0].IsStatic() {
				d, ok := seqDimDiv(s.Dims[1], gates)
				if !ok {
					return nil, fmt.Errorf("Dimension `hidden_size` is not matched between inputs. (%s is not a multiple of %d gates)", s.Dims[1], gates)
				}
				if err := mergeHidden(d); err != nil {
					return nil, err
				}
			}
		}
	}
	outs := []Output{{Type: et, Shape: ir.Shape{Dims: []ir.Dim{batch, dirs, steps, hidden}}}}
	for i := 0; i < ns; i++ {
		outs = append(outs, Output{Type: et, Shape: ir.Shape{Dims: []ir.Dim{batch, dirs, hidden}}})
	}
	return outs, nil
}

// cell returns the kernel description for static sizes.
func (o *seqRNNOp) cell(batch, input, hidden int) (kernels.RNNCell, error) {
	c := kernels.RNNCell{Kind: o.kind, Batch: batch, Input: input, Hidden: hidden, Clip: o.Clip,
		LinearBeforeReset: o.LBR, InputForget: o.InputForget, GateRow: [4]int{0, 1, 2, 3}}
	acts := o.activations()
	fs := []*kernels.RNNActivation{&c.F, &c.G, &c.H}
	for i, a := range acts {
		if i >= len(fs) {
			break
		}
		f, ok := kernels.RNNActivationByName(a)
		if !ok {
			return c, &ir.UnsupportedError{What: fmt.Sprintf("%s activation function %q (irrun computes relu, sigmoid and tanh, as OpenVINO's reference)", o.name, a)}
		}
		*fs[i] = f
	}
	if o.kind == kernels.CellLSTM {
		for g, ch := range "fico" {
			c.GateRow[g] = strings.IndexRune(o.WeightsFormat, ch)
		}
	}
	return c, c.Validate()
}

func (o *seqRNNOp) CheckRunnable(in []Input) error {
	if len(in) > 0 && in[0].Type.IsStatic() && !seqIsFloat(in[0].Type) {
		return unsupportedType(o.name, in[0].Type)
	}
	_, err := o.cell(0, 0, 0)
	return err
}

func (o *seqRNNOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	if _, err := o.Infer(in); err != nil {
		return nil, err
	}
	dims, err := seqStatic(o.name, in)
	if err != nil {
		return nil, err
	}
	if o.sequence {
		return o.prepareSequence(in, dims)
	}
	ns := o.states()
	batch, input, hidden := dims[0][0], dims[0][1], dims[1][1]
	c, err := o.cell(batch, input, hidden)
	if err != nil {
		return nil, err
	}
	c.Narrow = rbNarrow(in[0].Type)
	c.Bias = len(in) > 3+ns
	c.Peepholes = o.kind == kernels.CellLSTM && len(in) > 6
	fin := make([]int, len(in))
	for i := range in {
		fin[i] = product(dims[i])
	}
	fout := make([]int, ns)
	for i := range fout {
		fout[i] = batch * hidden
	}
	if c.Bias && fin[3+ns] != c.BiasLen() || c.Peepholes && fin[6] != 3*hidden {
		return nil, fmt.Errorf("%s: B or P has the wrong length", o.name)
	}
	return seqBind(o.name, in[0].Type, fin, fout, seqFns{
		f32: seqCellRun[float32](&c, ns),
		f64: seqCellRun[float64](&c, ns),
	})
}

// rbNarrow is the rounding of the cells' intermediates for element type t: f16 and bf16 models
// round each sub-operation to their type as OpenVINO's templated reference does
// (kernels.RNNNarrow, docs/semantics.md); f32 and f64 round nothing.
func rbNarrow(t ir.ElementType) kernels.RNNNarrow {
	switch t {
	case ir.F16:
		return kernels.RNNNarrowF16
	case ir.BF16:
		return kernels.RNNNarrowBF16
	}
	return kernels.RNNNarrowNone
}

// rbSeqNarrow is the rounding of a sequence op's steps, chosen per op to follow OpenVINO's
// op_reference tables for that op (docs/semantics.md §23): gru_sequence.cpp's f16/bf16 tables are
// the templated gru_cell<T> with every sub-op rounded (rbNarrow), while lstm_sequence.cpp's and
// rnn_sequence.cpp's are the wide recurrence rounded once at the output — so GRUSequence-5 rounds
// per op and LSTMSequence-5/RNNSequence-5 run every step in float32 on the widened data
// (RNNNarrowNone; seqHalf rounds Y, Ho, Co to the narrow type once). The cells (and
// TensorIterator/Loop bodies built of them) always use rbNarrow.
func rbSeqNarrow(kind kernels.RNNCellKind, t ir.ElementType) kernels.RNNNarrow {
	if kind != kernels.CellGRU {
		return kernels.RNNNarrowNone
	}
	return rbNarrow(t)
}

func seqCellRun[T kernels.SeqFloat](c *kernels.RNNCell, ns int) seqRun[T] {
	s := kernels.NewRNNScratch[T](c)
	return func(fin, fout [][]T, _, _ []*ir.Tensor) error {
		var cell, cOut, b, p []T
		if ns == 2 {
			cell, cOut = fin[2], fout[1]
		}
		if c.Bias {
			b = fin[3+ns]
		}
		if c.Peepholes {
			p = fin[6]
		}
		return kernels.RNNCellStep(c, s, fin[0], fin[1], cell, fin[1+ns], fin[2+ns], b, p, fout[0], cOut)
	}
}

func (o *seqRNNOp) prepareSequence(in []Input, dims [][]int) (Kernel, error) {
	ns := o.states()
	x := dims[0]
	batch, steps, input, hidden := x[0], x[1], x[2], dims[1][2]
	dirs := dims[2+ns][0]
	c, err := o.cell(batch, input, hidden)
	if err != nil {
		return nil, err
	}
	c.Narrow = rbSeqNarrow(o.kind, in[0].Type)
	c.Bias = true
	if dims[1+ns][0] != batch {
		return nil, fmt.Errorf("%s: sequence_lengths has %d elements, batch is %d", o.name, dims[1+ns][0], batch)
	}
	fin := make([]int, len(in))
	for i := range in {
		fin[i] = product(dims[i])
	}
	fin[1+ns] = -1
	fout := []int{batch * dirs * steps * hidden}
	for i := 0; i < ns; i++ {
		fout = append(fout, batch*dirs*hidden)
	}
	return seqBind(o.name, in[0].Type, fin, fout, seqFns{
		f32: seqSequenceRun[float32](c, o.Direction, ns, steps, dirs),
		f64: seqSequenceRun[float64](c, o.Direction, ns, steps, dirs),
	})
}

func seqSequenceRun[T kernels.SeqFloat](c kernels.RNNCell, direction string, ns, steps, dirs int) seqRun[T] {
	passes := make([]*kernels.RNNSequence[T], dirs)
	for d := range passes {
		passes[d] = kernels.NewRNNSequence[T](c, steps, direction == "reverse" || d == 1)
	}
	bn, hs := c.Batch, c.Hidden
	lens := make([]int64, bn)
	g := c.Kind.Gates()
	wLen, rLen, bLen := g*hs*c.Input, g*hs*hs, c.BiasLen()
	stateLen := bn * hs
	h0, c0, hOut, cOut := make([]T, stateLen), make([]T, stateLen), make([]T, stateLen), make([]T, stateLen)
	return func(fin, fout [][]T, in, _ []*ir.Tensor) error {
		if err := seqInts(in[1+ns], lens); err != nil {
			return fmt.Errorf("sequence_lengths: %w", err)
		}
		w, r, b := fin[2+ns], fin[3+ns], fin[4+ns]
		if len(w) < dirs*wLen || len(r) < dirs*rLen || len(b) < dirs*bLen {
			return fmt.Errorf("recurrent sequence: W, R or B too short for %d directions", dirs)
		}
		y := fout[0]
		for d, p := range passes {
			// States are [batch, dirs, hidden]: gather this direction's rows.
			for i := 0; i < bn; i++ {
				copy(h0[i*hs:(i+1)*hs], fin[1][(i*dirs+d)*hs:(i*dirs+d+1)*hs])
				if ns == 2 {
					copy(c0[i*hs:(i+1)*hs], fin[2][(i*dirs+d)*hs:(i*dirs+d+1)*hs])
				}
			}
			if err := p.Run(fin[0], h0, c0, lens, w[d*wLen:(d+1)*wLen], r[d*rLen:(d+1)*rLen], b[d*bLen:(d+1)*bLen], nil,
				y[d*steps*hs:], dirs*steps*hs, hOut, cOut); err != nil {
				return err
			}
			for i := 0; i < bn; i++ {
				copy(fout[1][(i*dirs+d)*hs:(i*dirs+d+1)*hs], hOut[i*hs:(i+1)*hs])
				if ns == 2 {
					copy(fout[2][(i*dirs+d)*hs:(i*dirs+d+1)*hs], cOut[i*hs:(i+1)*hs])
				}
			}
		}
		return nil
	}
}
