package kernels

import "context"

// EpiApplier applies an Epilogue over a whole output after a kernel without a fused
// epilogue (a depthwise convolution), in parallel: ApplyEpilogue's work split into
// ranges of elements, each row (or part of a row) of a range with its own channel. It
// holds the run's slices while it runs, so one applier is used by one goroutine at a
// time.
type EpiApplier struct {
	e          *Epilogue
	rows, cols int
	perRow     bool
	loop       *UnaryLoop
	y          []float32
	res        [][]float32
	planeElems int
}

// NewEpiApplier returns the applier of e over outputs of planes of rows × cols whose
// channel is the row index (perRow) or the column index.
func NewEpiApplier(e *Epilogue, rows, cols int, perRow bool) (*EpiApplier, error) {
	if rows < 1 || cols < 1 {
		return nil, geomErr("epilogue over planes of %d×%d", rows, cols)
	}
	ch := cols
	if perRow {
		ch = rows
	}
	if err := e.Check(ch); err != nil {
		return nil, err
	}
	a := &EpiApplier{e: e, rows: rows, cols: cols, perRow: perRow, planeElems: rows * cols}
	a.loop = NewUnaryLoop(a.span)
	return a, nil
}

// Run applies the epilogue to y (whole planes) with the residual tensors res (len(y)
// elements each), on w's threads for large outputs. The bits are ApplyEpilogue's.
func (a *EpiApplier) Run(ctx context.Context, w *Workers, y []float32, res [][]float32) error {
	if a.e.empty() || len(y) == 0 {
		return nil
	}
	if err := epiCheckRes(a.e, res, len(y)); err != nil {
		return err
	}
	if len(y)%a.planeElems != 0 {
		return geomErr("output of %d elements is not planes of %d×%d", len(y), a.rows, a.cols)
	}
	a.y, a.res = y, res
	err := a.loop.Run(ctx, w, len(y))
	a.y, a.res = nil, nil
	return err
}

// span applies the epilogue to elements [lo, hi): row by row, a row cut at the range's
// ends.
func (a *EpiApplier) span(lo, hi int) {
	for lo < hi {
		row := lo / a.cols
		c0 := lo - row*a.cols
		end := min(hi, (row+1)*a.cols)
		r := row % a.rows
		if a.perRow {
			epiBlock(a.e, a.y, a.res, lo, 0, 1, end-lo, r, true)
		} else {
			epiBlock(a.e, a.y, a.res, lo, 0, 1, end-lo, c0, false)
		}
		lo = end
	}
}
