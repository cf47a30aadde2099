package serve

import (
	"context"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/irrun/irrun/cmd/irrun/internal/serve/inference"
	"github.com/irrun/irrun/ir"
)

// grpcService implements inference.GRPCInferenceService.
type grpcService struct {
	inference.UnimplementedGRPCInferenceServiceServer
	s *Server
}

func grpcErr(err error) error {
	ae := asAPIError(err)
	return status.Error(ae.code, ae.msg)
}

func (g *grpcService) ServerLive(context.Context, *inference.ServerLiveRequest) (*inference.ServerLiveResponse, error) {
	return &inference.ServerLiveResponse{Live: true}, nil
}

func (g *grpcService) ServerReady(context.Context, *inference.ServerReadyRequest) (*inference.ServerReadyResponse, error) {
	return &inference.ServerReadyResponse{Ready: g.s.ready()}, nil
}

func (g *grpcService) ModelReady(ctx context.Context, r *inference.ModelReadyRequest) (*inference.ModelReadyResponse, error) {
	mv, err := g.s.lookup(r.GetName(), r.GetVersion())
	if err != nil {
		ae := asAPIError(err)
		g.s.metrics.request(metricsAPIKServe, metricsIfaceGRPC, "ModelReady", r.GetName(), "", false)
		if ae.code == codes.Unavailable { // known but not loaded: not ready, not an error
			return &inference.ModelReadyResponse{Ready: false}, nil
		}
		return nil, status.Error(ae.code, ae.msg)
	}
	mv.release()
	g.s.metrics.request(metricsAPIKServe, metricsIfaceGRPC, "ModelReady", r.GetName(), "", true)
	return &inference.ModelReadyResponse{Ready: true}, nil
}

func (g *grpcService) ServerMetadata(context.Context, *inference.ServerMetadataRequest) (*inference.ServerMetadataResponse, error) {
	n, v, ext := g.s.serverMetadata()
	return &inference.ServerMetadataResponse{Name: n, Version: v, Extensions: ext}, nil
}

func (g *grpcService) ModelMetadata(ctx context.Context, r *inference.ModelMetadataRequest) (*inference.ModelMetadataResponse, error) {
	mv, err := g.s.lookup(r.GetName(), r.GetVersion())
	if err != nil {
		g.s.metrics.request(metricsAPIKServe, metricsIfaceGRPC, "ModelMetadata", r.GetName(), r.GetVersion(), false)
		return nil, grpcErr(err)
	}
	defer mv.release()
	g.s.metrics.request(metricsAPIKServe, metricsIfaceGRPC, "ModelMetadata", mv.model, mv.label, true)
	m := g.s.modelMeta(mv)
	resp := &inference.ModelMetadataResponse{Name: m.Name, Versions: m.Versions, Platform: m.Platform}
	for _, t := range m.Inputs {
		resp.Inputs = append(resp.Inputs, &inference.ModelMetadataResponse_TensorMetadata{Name: t.Name, Datatype: t.Datatype, Shape: t.Shape})
	}
	for _, t := range m.Outputs {
		resp.Outputs = append(resp.Outputs, &inference.ModelMetadataResponse_TensorMetadata{Name: t.Name, Datatype: t.Datatype, Shape: t.Shape})
	}
	return resp, nil
}

func (g *grpcService) ModelInfer(ctx context.Context, r *inference.ModelInferRequest) (*inference.ModelInferResponse, error) {
	s := g.s
	defer s.grpcHeld.release(r) // the raw inputs' buffer, once nothing uses them
	start := time.Now()
	mv, err := s.lookup(r.GetModelName(), r.GetModelVersion())
	if err != nil {
		s.metrics.request(metricsAPIKServe, metricsIfaceGRPC, "ModelInfer", r.GetModelName(), r.GetModelVersion(), false)
		return nil, grpcErr(err)
	}
	defer mv.release()
	s.metrics.addCurrent(mv.model, mv.label, 1)
	defer s.metrics.addCurrent(mv.model, mv.label, -1)
	ok := false
	defer func() {
		s.metrics.request(metricsAPIKServe, metricsIfaceGRPC, "ModelInfer", mv.model, mv.label, ok)
		if ok {
			s.metrics.observeRequest(metricsIfaceGRPC, mv.model, mv.label, time.Since(start))
		}
	}()
	if !mv.lim.admit() {
		return nil, grpcErr(errQueueFull)
	}
	defer mv.lim.leave()
	req, err := decodeGRPCInfer(mv, r)
	if err != nil {
		return nil, grpcErr(err)
	}
	outs, _, err := s.run(ctx, mv, req.inputs, false, !s.opts.svNoYield) // the response shares the outputs' memory
	if err != nil {
		return nil, grpcErr(err)
	}
	resp := &inference.ModelInferResponse{ModelName: mv.model, ModelVersion: mv.label, Id: r.GetId()}
	for _, i := range req.outputs {
		t := outs[i]
		dt, ok := elementToDtype(t.Type)
		if !ok {
			return nil, status.Errorf(codes.Internal, "output %q has element type %s, which the protocol cannot carry", mv.outputs[i].Name, t.Type)
		}
		raw, err := encodeRaw(t)
		if err != nil {
			return nil, status.Error(codes.Internal, err.Error())
		}
		shape := make([]int64, len(t.Shape))
		for j, d := range t.Shape {
			shape[j] = int64(d)
		}
		resp.Outputs = append(resp.Outputs, &inference.ModelInferResponse_InferOutputTensor{Name: mv.outputs[i].Name, Datatype: dt, Shape: shape})
		resp.RawOutputContents = append(resp.RawOutputContents, raw)
	}
	ok = true
	return resp, nil
}

// decodeGRPCInfer checks a gRPC request against the model and builds its input tensors:
// from raw_input_contents (one entry per input) or from each input's typed contents.
func decodeGRPCInfer(mv *modelVersion, r *inference.ModelInferRequest) (*inferRequest, error) {
	ins := r.GetInputs()
	if len(ins) == 0 {
		return nil, badRequest("the request has no inputs")
	}
	raw := r.GetRawInputContents()
	if len(raw) > 0 && len(raw) != len(ins) {
		return nil, badRequest("raw_input_contents has %d entries, the request has %d inputs", len(raw), len(ins))
	}
	given := make([]namedTensor, 0, len(ins))
	for k, in := range ins {
		_, t, err := checkInputHeader(mv, in.GetName(), in.GetDatatype(), in.GetShape())
		if err != nil {
			return nil, err
		}
		var tensor *ir.Tensor
		if len(raw) > 0 {
			if in.GetContents() != nil {
				return nil, badRequest("input %q has contents, but the request uses raw_input_contents", in.GetName())
			}
			tensor, err = decodeRawView(t, in.GetShape(), raw[k]) // the request outlives the inference
		} else {
			tensor, err = decodeContents(t, in.GetShape(), in.GetContents())
		}
		if err != nil {
			return nil, badRequest("input %q: %v", in.GetName(), err)
		}
		given = append(given, namedTensor{in.GetName(), tensor})
	}
	ordered, err := orderInputs(mv, given)
	if err != nil {
		return nil, err
	}
	req := &inferRequest{id: r.GetId(), inputs: ordered}
	names := make([]string, len(r.GetOutputs()))
	for i, o := range r.GetOutputs() {
		names[i] = o.GetName()
	}
	if req.outputs, err = selectOutputs(mv, names); err != nil {
		return nil, err
	}
	return req, nil
}

// decodeContents builds a tensor from InferTensorContents' field of the datatype.
func decodeContents(t ir.ElementType, shape []int64, c *inference.InferTensorContents) (*ir.Tensor, error) {
	n, err := elementCount(shape)
	if err != nil {
		return nil, err
	}
	dims := make([]int, len(shape))
	for i, d := range shape {
		dims[i] = int(d)
	}
	var have int
	switch t {
	case ir.Boolean:
		have = len(c.GetBoolContents())
	case ir.I8, ir.I16, ir.I32:
		have = len(c.GetIntContents())
	case ir.I64:
		have = len(c.GetInt64Contents())
	case ir.U8, ir.U16, ir.U32:
		have = len(c.GetUintContents())
	case ir.U64:
		have = len(c.GetUint64Contents())
	case ir.F32:
		have = len(c.GetFp32Contents())
	case ir.F64:
		have = len(c.GetFp64Contents())
	case ir.String:
		have = len(c.GetBytesContents())
	default:
		return nil, badRequest("%s has no typed contents field: send it in raw_input_contents", mustDtype(t))
	}
	if have != n {
		return nil, badRequest("shape %v needs %d elements, the contents hold %d", shape, n, have)
	}
	data, err := ir.MakeData(t, n)
	if err != nil {
		return nil, err
	}
	switch d := data.(type) {
	case []bool:
		copy(d, c.GetBoolContents())
	case []int8:
		for i, v := range c.GetIntContents() {
			if v < -128 || v > 127 {
				return nil, badRequest("INT8 element %d is %d, out of range", i, v)
			}
			d[i] = int8(v)
		}
	case []int16:
		for i, v := range c.GetIntContents() {
			if v < -32768 || v > 32767 {
				return nil, badRequest("INT16 element %d is %d, out of range", i, v)
			}
			d[i] = int16(v)
		}
	case []int32:
		copy(d, c.GetIntContents())
	case []int64:
		copy(d, c.GetInt64Contents())
	case []uint8:
		for i, v := range c.GetUintContents() {
			if v > 255 {
				return nil, badRequest("UINT8 element %d is %d, out of range", i, v)
			}
			d[i] = uint8(v)
		}
	case []uint16:
		for i, v := range c.GetUintContents() {
			if v > 65535 {
				return nil, badRequest("UINT16 element %d is %d, out of range", i, v)
			}
			d[i] = uint16(v)
		}
	case []uint32:
		copy(d, c.GetUintContents())
	case []uint64:
		copy(d, c.GetUint64Contents())
	case []float32:
		copy(d, c.GetFp32Contents())
	case []float64:
		copy(d, c.GetFp64Contents())
	case []string:
		for i, v := range c.GetBytesContents() {
			d[i] = string(v)
		}
	}
	return &ir.Tensor{Type: t, Shape: dims, Data: data}, nil
}
