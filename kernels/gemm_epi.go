package kernels

import "math"

// Fused epilogues of the GEMM-based kernels (ConvGemm, MatMulGemm): elementwise
// operations applied to each output element as soon as its work unit's block is final
// — the padded convolution right after it copies each channel's rows out of its wide
// grid (L1), the other paths over the unit's block of at most ~256 KiB (L2) after its
// last K block — never as a separate pass over the output. (Applying them per 8×32 tile
// cost 16 calls per tile: 40 % of a 1×1 convolution with K = 64; per block it is ~13 %.) The graph's epilogue-fusion
// pass builds them from the Add/Multiply/activation nodes that follow a convolution or
// MatMul. Every step computes in float32 in the order given; a per-channel bias is added
// after the whole sum, as the unfused graph does.

// EpiKind is one elementwise operation of an Epilogue.
type EpiKind uint8

const (
	// EpiAddChan is x + Vec[channel] (a Vec of one value applies to every channel).
	EpiAddChan EpiKind = iota + 1
	// EpiMulChan is x · Vec[channel].
	EpiMulChan
	// EpiAddTensor is x + R[i], R the next residual tensor (the output's layout).
	EpiAddTensor
	// EpiRelu is max(x, 0) (NaN and −0 give +0, as Relu).
	EpiRelu
	// EpiClamp is x < Lo ? Lo : (x > Hi ? Hi : x) (NaN passes).
	EpiClamp
	// EpiPRelu is x < 0 ? x·Vec[channel] : x.
	EpiPRelu
	// EpiSigmoid is 1 / (1 + exp(−x)).
	EpiSigmoid
	// EpiSwish is x / (1 + exp(−x·Lo)) (Lo is beta).
	EpiSwish
	// EpiHSwish is x·min(max(x + 3, 0), 6)/6.
	EpiHSwish
)

// EpiStep is one operation of an Epilogue.
type EpiStep struct {
	Kind EpiKind
	// Vec holds the per-channel values of EpiAddChan, EpiMulChan and EpiPRelu: one per
	// output channel, or a single value for all.
	Vec []float32
	// Lo and Hi are EpiClamp's bounds; Lo is EpiSwish's beta.
	Lo, Hi float32
	// FQ holds EpiFakeQuantize's ranges (fqe_epi.go).
	FQ *EpiFQ
}

// Epilogue is the sequence of elementwise operations fused after a GEMM-based kernel.
// A nil or empty Epilogue does nothing.
type Epilogue struct {
	Steps []EpiStep
}

// Residuals returns the number of residual tensors the epilogue reads (its
// EpiAddTensor steps, in order).
func (e *Epilogue) Residuals() int {
	if e == nil {
		return 0
	}
	n := 0
	for _, s := range e.Steps {
		if s.Kind == EpiAddTensor {
			n++
		}
	}
	return n
}

// Check validates the epilogue for an output with the given number of channels.
func (e *Epilogue) Check(channels int) error {
	if e == nil {
		return nil
	}
	for i, s := range e.Steps {
		switch s.Kind {
		case EpiAddChan, EpiMulChan, EpiPRelu:
			if len(s.Vec) != 1 && len(s.Vec) != channels {
				return geomErr("epilogue step %d has %d per-channel values for %d channels", i, len(s.Vec), channels)
			}
		case EpiAddTensor, EpiRelu, EpiSigmoid, EpiSwish, EpiHSwish:
		case EpiFakeQuantize:
			if err := fqeCheck(i, &s, channels); err != nil {
				return err
			}
		case EpiClamp:
			if !(s.Lo <= s.Hi) {
				return geomErr("epilogue step %d clamps to [%v, %v]", i, s.Lo, s.Hi)
			}
		default:
			return geomErr("epilogue step %d has unknown kind %d", i, s.Kind)
		}
	}
	return nil
}

func (e *Epilogue) empty() bool { return e == nil || len(e.Steps) == 0 }

// epiCheckRes checks the residual tensors of a run: one per EpiAddTensor step, each of
// n elements.
func epiCheckRes(e *Epilogue, res [][]float32, n int) error {
	if want := e.Residuals(); len(res) != want {
		return geomErr("epilogue reads %d residual tensors, got %d", want, len(res))
	}
	for i, r := range res {
		if len(r) != n {
			return geomErr("residual tensor %d has %d elements, the output %d", i, len(r), n)
		}
	}
	return nil
}

// ApplyEpilogue applies e to the whole output y (rows × cols row-major, repeated over
// len(y)/(rows·cols) planes) whose channel is the row index (perRow) or the column
// index; res are the residual tensors (len(y) elements each). Kernels without a fused
// epilogue use it after their run.
func ApplyEpilogue(e *Epilogue, y []float32, rows, cols int, perRow bool, res [][]float32) error {
	if e.empty() || len(y) == 0 {
		return nil
	}
	ch := cols
	if perRow {
		ch = rows
	}
	if err := e.Check(ch); err != nil {
		return err
	}
	if err := epiCheckRes(e, res, len(y)); err != nil {
		return err
	}
	if rows < 1 || cols < 1 || len(y)%(rows*cols) != 0 {
		return geomErr("output of %d elements is not planes of %d×%d", len(y), rows, cols)
	}
	for p := 0; p < len(y); p += rows * cols {
		epiBlock(e, y, res, p, cols, rows, cols, 0, perRow)
	}
	return nil
}

// epiBlock applies e to the rows×cols block of y at offset off (row stride ld); the
// channel of element (r, j) is ch0 + r (perRow) or ch0 + j; residual tensors are read at
// the same offsets as y.
func epiBlock(e *Epilogue, y []float32, res [][]float32, off, ld, rows, cols, ch0 int, perRow bool) {
	for r := 0; r < rows; r++ {
		o := off + r*ld
		epiRow(e, y[o:o+cols], res, o, ch0, r, perRow)
	}
}

// epiRow applies e to row r of a block (the row at offset ro of the output, where the
// residual tensors are read); the channel of element j is ch0 + r (perRow) or ch0 + j.
func epiRow(e *Epilogue, row []float32, res [][]float32, ro, ch0, r int, perRow bool) {
	cols := len(row)
	ri := 0
	for i := 0; i < len(e.Steps); i++ {
		s := e.Steps[i]
		if perRow && sqFuseAt(e.Steps, i) {
			if k := sqEpiFuse(e.Steps, i, row, ch0+r); k > 0 {
				i += k - 1
				continue
			}
		}
		switch s.Kind {
		case EpiAddChan, EpiMulChan, EpiPRelu:
			if perRow || len(s.Vec) == 1 {
				v := s.Vec[0]
				if len(s.Vec) > 1 {
					v = s.Vec[ch0+r]
				}
				epiScalar(s.Kind, row, v)
			} else {
				epiVector(s.Kind, row, s.Vec[ch0:ch0+cols])
			}
		case EpiAddTensor:
			epiAddRow(row, res[ri][ro:ro+cols])
			ri++
		case EpiFakeQuantize:
			fqeRow(s.FQ, row, ch0, r, perRow)
		default:
			epiUnary(&s, row)
		}
	}
}

// epiScalar applies a per-channel step with one value v to a row.
func epiScalar(k EpiKind, row []float32, v float32) {
	switch k {
	case EpiAddChan:
		epiAddScalar(row, v)
	case EpiMulChan:
		epiMulScalar(row, v)
	case EpiPRelu:
		smPReluScalar(row, v)
	}
}

// epiVector applies a per-channel step whose channel is the column.
func epiVector(k EpiKind, row, vec []float32) {
	vec = vec[:len(row)]
	switch k {
	case EpiAddChan:
		epiAddRow(row, vec)
	case EpiMulChan:
		for i := range row {
			row[i] *= vec[i]
		}
	case EpiPRelu:
		smPReluRow(row, vec)
	}
}

// smPReluScalarGo is x < 0 ? x·v : x over a row.
func smPReluScalarGo(row []float32, v float32) {
	for i, x := range row {
		if x < 0 {
			row[i] = x * v
		}
	}
}

// smPReluRowGo is x < 0 ? x·v[i] : x over a row.
func smPReluRowGo(row, v []float32) {
	v = v[:len(row)]
	for i, x := range row {
		if x < 0 {
			row[i] = x * v[i]
		}
	}
}

func epiAddRowGo(row, v []float32) {
	v = v[:len(row)]
	for i := range row {
		row[i] += v[i]
	}
}

func epiAddScalarGo(row []float32, v float32) {
	for i := range row {
		row[i] += v
	}
}

func epiMulScalarGo(row []float32, v float32) {
	for i := range row {
		row[i] *= v
	}
}

func epiReluGo(row []float32) {
	for i, x := range row {
		if !(x > 0) {
			row[i] = 0
		}
	}
}

func epiClampGo(row []float32, lo, hi float32) {
	for i, x := range row {
		switch {
		case x < lo:
			row[i] = lo
		case x > hi:
			row[i] = hi
		}
	}
}

// epiUnary applies an activation step to a row.
func epiUnary(s *EpiStep, row []float32) {
	switch s.Kind {
	case EpiRelu:
		epiRelu(row)
	case EpiClamp:
		epiClamp(row, s.Lo, s.Hi)
	case EpiSigmoid:
		epiSigmoid(row)
	case EpiSwish:
		epiSwish(row, s.Lo)
	case EpiHSwish:
		for i, x := range row {
			row[i] = float32(float64(x) * min(max(float64(x)+3, 0), 6) / 6)
		}
	}
}

func epiSigmoidGo(row []float32) {
	for i, x := range row {
		row[i] = float32(1 / (1 + math.Exp(-float64(x))))
	}
}

func epiSwishGo(row []float32, beta float32) {
	b := float64(beta)
	for i, x := range row {
		row[i] = float32(float64(x) / (1 + math.Exp(-float64(x)*b)))
	}
}
