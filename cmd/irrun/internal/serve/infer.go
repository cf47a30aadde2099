package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/irrun/irrun/ir"
)

// apiError is a request failure with its HTTP status and gRPC code.
type apiError struct {
	http int
	code codes.Code
	msg  string
}

func (e *apiError) Error() string { return e.msg }

func badRequest(format string, args ...any) *apiError {
	return &apiError{http.StatusBadRequest, codes.InvalidArgument, fmt.Sprintf(format, args...)}
}

// asAPIError classifies any error of a request.
func asAPIError(err error) *apiError {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae
	}
	var le *lookupError
	if errors.As(err, &le) {
		switch le.code {
		case 400:
			return &apiError{400, codes.InvalidArgument, le.msg}
		case 404:
			return &apiError{404, codes.NotFound, le.msg}
		default:
			return &apiError{503, codes.Unavailable, le.msg}
		}
	}
	switch {
	case errors.Is(err, errQueueFull):
		return &apiError{http.StatusServiceUnavailable, codes.ResourceExhausted, err.Error()}
	case errors.Is(err, context.Canceled):
		return &apiError{499, codes.Canceled, "request canceled"}
	case errors.Is(err, context.DeadlineExceeded):
		return &apiError{http.StatusGatewayTimeout, codes.DeadlineExceeded, "deadline exceeded"}
	}
	return &apiError{http.StatusInternalServerError, codes.Internal, err.Error()}
}

// namedTensor is one decoded request input.
type namedTensor struct {
	name   string
	tensor *ir.Tensor
}

// inputMeta finds a model input by any of its names.
func inputMeta(mv *modelVersion, name string) (int, *tensorMeta, error) {
	for i := range mv.inputs {
		if mv.inputs[i].matches(name) {
			return i, &mv.inputs[i], nil
		}
	}
	return -1, nil, badRequest("model %q version %s has no input named %q (inputs: %s)", mv.model, mv.label, name, metaNames(mv.inputs))
}

func metaNames(ms []tensorMeta) string {
	s := ""
	for i, m := range ms {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%q", m.Name)
	}
	return s
}

// checkInputHeader validates an input's name, datatype and shape against the model before
// its data is decoded; it returns the input's index and element type.
func checkInputHeader(mv *modelVersion, name, datatype string, shape []int64) (int, ir.ElementType, error) {
	i, meta, err := inputMeta(mv, name)
	if err != nil {
		return -1, 0, err
	}
	t, ok := dtypeToElement(datatype)
	if !ok {
		return -1, 0, badRequest("input %q: unknown datatype %q (want BOOL, UINT8..UINT64, INT8..INT64, FP16, BF16, FP32, FP64 or BYTES)", name, datatype)
	}
	if meta.Type.IsStatic() && t != meta.Type {
		return -1, 0, badRequest("input %q: datatype %s, the model expects %s", name, datatype, meta.Datatype)
	}
	if _, err := elementCount(shape); err != nil {
		return -1, 0, badRequest("input %q: %v", name, err)
	}
	if err := shapeFits(meta.Shape, shape); err != nil {
		return -1, 0, badRequest("input %q: shape %v, the model expects %s: %v", name, shape, meta.Shape, err)
	}
	return i, t, nil
}

func shapeFits(want ir.Shape, got []int64) error {
	if want.DynamicRank {
		return nil
	}
	if len(got) != len(want.Dims) {
		return fmt.Errorf("rank %d, want %d", len(got), len(want.Dims))
	}
	for i, d := range want.Dims {
		if got[i] < d.Lo || got[i] > d.Hi {
			return fmt.Errorf("dimension %d is %d, want %s", i, got[i], d)
		}
	}
	return nil
}

// orderInputs puts decoded inputs in the program's order, refusing duplicates and gaps.
func orderInputs(mv *modelVersion, given []namedTensor) ([]*ir.Tensor, error) {
	ordered := make([]*ir.Tensor, len(mv.inputs))
	for _, g := range given {
		i, _, err := inputMeta(mv, g.name)
		if err != nil {
			return nil, err
		}
		if ordered[i] != nil {
			return nil, badRequest("input %q is given twice", mv.inputs[i].Name)
		}
		ordered[i] = g.tensor
	}
	for i, t := range ordered {
		if t == nil {
			return nil, badRequest("no data for input %q (the model's inputs: %s)", mv.inputs[i].Name, metaNames(mv.inputs))
		}
	}
	return ordered, nil
}

// selectOutputs maps requested output names to output indexes; none requested means all.
func selectOutputs(mv *modelVersion, names []string) ([]int, error) {
	if len(names) == 0 {
		idx := make([]int, len(mv.outputs))
		for i := range idx {
			idx[i] = i
		}
		return idx, nil
	}
	idx := make([]int, 0, len(names))
	for _, n := range names {
		found := -1
		for i := range mv.outputs {
			if mv.outputs[i].matches(n) {
				found = i
				break
			}
		}
		if found < 0 {
			return nil, badRequest("model %q version %s has no output named %q (outputs: %s)", mv.model, mv.label, n, metaNames(mv.outputs))
		}
		idx = append(idx, found)
	}
	return idx, nil
}

// run waits for an inference slot of the version, runs it and records the timings. With
// pooled set and a version of static shapes, the outputs come from the version's pool:
// call release once nothing refers to them any more; otherwise release does nothing and
// the outputs are the caller's. With yield (gRPC) the goroutine yields its P once between
// taking the slot and the inference.
func (s *Server) run(ctx context.Context, mv *modelVersion, inputs []*ir.Tensor, pooled, yield bool) (outs []*ir.Tensor, release func(), err error) {
	release = func() {}
	t0 := time.Now()
	if err := mv.lim.wait(ctx); err != nil {
		return nil, release, err
	}
	if yield {
		// grpc-go's writer goroutine, given the previous response while this request
		// waited for its slot or was decoded, yields once before it flushes a small
		// batch (runtime.Gosched in its loopyWriter), which puts it at the back of the
		// global run queue: behind this goroutine's whole inference when both Ps are
		// busy, so the previous client waited ≈ 1 ms more for its answer and its next
		// request. Yielding here first lets it (and the transport's other goroutines
		// readied meanwhile) write before the inference takes this P.
		runtime.Gosched()
	}
	s.metrics.addActive(mv.model, mv.label, 1)
	t1 := time.Now()
	s.metrics.observeWait(mv.model, mv.label, t1.Sub(t0))
	if pool := mv.outPool; pooled && pool != nil {
		if outs, err = pool.get(); err == nil {
			err = mv.prog.RunInto(ctx, inputs, outs)
			if err == nil {
				release = func() { pool.put(outs) }
			}
		}
	} else {
		outs, err = mv.prog.Run(ctx, inputs)
	}
	s.metrics.observeInfer(mv.model, mv.label, time.Since(t1))
	s.metrics.addActive(mv.model, mv.label, -1)
	mv.lim.done()
	if err != nil {
		if ctx.Err() != nil {
			return nil, release, ctx.Err()
		}
		return nil, release, &apiError{http.StatusInternalServerError, codes.Internal, fmt.Sprintf("inference failed: %v", err)}
	}
	return outs, release, nil
}

func readFileLimit(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, limit)
	}
	return b, nil
}
