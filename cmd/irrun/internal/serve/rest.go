package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/irrun/irrun/ir"
)

// headerLen is the binary tensor extension's header: the length of the JSON part.
const headerLen = "Inference-Header-Content-Length"

// Handler returns the REST API: KServe v2 under /v2, OVMS's status and reload under /v1,
// and /metrics.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v2/health/live", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
	})
	mux.HandleFunc("GET /v2/health/ready", func(w http.ResponseWriter, r *http.Request) {
		if s.ready() {
			w.WriteHeader(http.StatusOK)
			return
		}
		writeError(w, &apiError{http: http.StatusServiceUnavailable, msg: "the server is not ready: models are loading, or it is shutting down"})
	})
	mux.HandleFunc("GET /v2", s.restServerMetadata)
	mux.HandleFunc("GET /v2/{$}", s.restServerMetadata)
	mux.HandleFunc("GET /v2/models/{name}", s.restModelMetadata)
	mux.HandleFunc("GET /v2/models/{name}/versions/{version}", s.restModelMetadata)
	mux.HandleFunc("GET /v2/models/{name}/ready", s.restModelReady)
	mux.HandleFunc("GET /v2/models/{name}/versions/{version}/ready", s.restModelReady)
	mux.HandleFunc("POST /v2/models/{name}/infer", s.restInfer)
	mux.HandleFunc("POST /v2/models/{name}/versions/{version}/infer", s.restInfer)
	mux.HandleFunc("GET /v1/config", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, s.configStatus())
	})
	mux.HandleFunc("POST /v1/config/reload", s.restReload)
	mux.HandleFunc("GET /v1/models/{name}", s.restModelStatus)
	mux.HandleFunc("GET /v1/models/{name}/versions/{version}", s.restModelStatus)
	if s.metrics != nil {
		mux.Handle("GET /metrics", promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{}))
	} else {
		mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
			writeError(w, &apiError{http: http.StatusNotFound, msg: "metrics are disabled: start the server with --metrics_enable"})
		})
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &apiError{http: http.StatusNotFound, msg: fmt.Sprintf("no such endpoint: %s %s", r.Method, r.URL.Path)})
	})
	return mux
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		code, b = http.StatusInternalServerError, []byte(`{"error":"cannot encode the response"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(b)
}

// writeError writes the protocol's error body {"error": "..."}.
func writeError(w http.ResponseWriter, e *apiError) {
	writeJSON(w, e.http, map[string]string{"error": e.msg})
}

type restTensorMeta struct {
	Name     string  `json:"name"`
	Datatype string  `json:"datatype"`
	Shape    []int64 `json:"shape"`
}

type restModelMeta struct {
	Name     string           `json:"name"`
	Versions []string         `json:"versions"`
	Platform string           `json:"platform"`
	Inputs   []restTensorMeta `json:"inputs"`
	Outputs  []restTensorMeta `json:"outputs"`
}

func (s *Server) serverMetadata() (name, version string, extensions []string) {
	v := s.opts.Version
	if v == "" {
		v = "dev"
	}
	return "irrun", v, []string{"binary_tensor_data"}
}

func (s *Server) restServerMetadata(w http.ResponseWriter, r *http.Request) {
	n, v, ext := s.serverMetadata()
	writeJSON(w, http.StatusOK, map[string]any{"name": n, "version": v, "extensions": ext})
}

// modelMeta returns a version's metadata; the caller holds a reference.
func (s *Server) modelMeta(mv *modelVersion) restModelMeta {
	m := restModelMeta{Name: mv.model, Platform: "OpenVINO", Inputs: []restTensorMeta{}, Outputs: []restTensorMeta{}}
	if sm := s.repo.Load().models[mv.model]; sm != nil {
		m.Versions = versionsOf(sm)
	}
	if m.Versions == nil {
		m.Versions = []string{mv.label}
	}
	for i := range mv.inputs {
		m.Inputs = append(m.Inputs, restTensorMeta{mv.inputs[i].Name, mv.inputs[i].Datatype, mv.inputs[i].protoShape()})
	}
	for i := range mv.outputs {
		m.Outputs = append(m.Outputs, restTensorMeta{mv.outputs[i].Name, mv.outputs[i].Datatype, mv.outputs[i].protoShape()})
	}
	return m
}

func (s *Server) restModelMetadata(w http.ResponseWriter, r *http.Request) {
	name, version := r.PathValue("name"), r.PathValue("version")
	mv, err := s.lookup(name, version)
	if err != nil {
		s.metrics.request(metricsAPIKServe, metricsIfaceREST, "ModelMetadata", name, version, false)
		writeError(w, asAPIError(err))
		return
	}
	defer mv.release()
	s.metrics.request(metricsAPIKServe, metricsIfaceREST, "ModelMetadata", name, mv.label, true)
	writeJSON(w, http.StatusOK, s.modelMeta(mv))
}

func (s *Server) restModelReady(w http.ResponseWriter, r *http.Request) {
	name, version := r.PathValue("name"), r.PathValue("version")
	mv, err := s.lookup(name, version)
	if err != nil {
		s.metrics.request(metricsAPIKServe, metricsIfaceREST, "ModelReady", name, "", false)
		writeError(w, asAPIError(err))
		return
	}
	mv.release()
	s.metrics.request(metricsAPIKServe, metricsIfaceREST, "ModelReady", name, "", true)
	w.WriteHeader(http.StatusOK)
}

// versionStatus is one entry of OVMS's model_version_status.
type versionStatus struct {
	Version string `json:"version"`
	State   string `json:"state"`
	Status  struct {
		ErrorCode    string `json:"error_code"`
		ErrorMessage string `json:"error_message"`
	} `json:"status"`
}

func statusOf(mv *modelVersion) versionStatus {
	vs := versionStatus{Version: mv.label, State: stateName(mv.state.Load())}
	vs.Status.ErrorCode, vs.Status.ErrorMessage = "OK", "OK"
	if e := mv.loadErr(); e != "" && mv.state.Load() == stateLoading {
		vs.Status.ErrorCode, vs.Status.ErrorMessage = "UNKNOWN", e
	}
	return vs
}

type modelStatus struct {
	ModelVersionStatus []versionStatus `json:"model_version_status"`
}

// configStatus is GET /v1/config: every model's versions and their states.
func (s *Server) configStatus() map[string]modelStatus {
	st := s.repo.Load()
	out := map[string]modelStatus{}
	for name, m := range st.models {
		ms := modelStatus{ModelVersionStatus: []versionStatus{}}
		for _, mv := range m.versions {
			ms.ModelVersionStatus = append(ms.ModelVersionStatus, statusOf(mv))
		}
		out[name] = ms
	}
	return out
}

func (s *Server) restModelStatus(w http.ResponseWriter, r *http.Request) {
	name, version := r.PathValue("name"), r.PathValue("version")
	m := s.repo.Load().models[name]
	if m == nil {
		s.metrics.request(metricsAPITFS, metricsIfaceREST, "GetModelStatus", name, "", false)
		writeError(w, &apiError{http: http.StatusNotFound, msg: fmt.Sprintf("Model with requested name is not found: %q", name)})
		return
	}
	ms := modelStatus{ModelVersionStatus: []versionStatus{}}
	for _, mv := range m.versions {
		if version == "" || version == mv.label {
			ms.ModelVersionStatus = append(ms.ModelVersionStatus, statusOf(mv))
		}
	}
	if version != "" && len(ms.ModelVersionStatus) == 0 {
		s.metrics.request(metricsAPITFS, metricsIfaceREST, "GetModelStatus", name, "", false)
		writeError(w, &apiError{http: http.StatusNotFound, msg: fmt.Sprintf("Model with requested version is not found: %q version %s", name, version)})
		return
	}
	s.metrics.request(metricsAPITFS, metricsIfaceREST, "GetModelStatus", name, "", true)
	writeJSON(w, http.StatusOK, ms)
}

// restReload is POST /v1/config/reload: 201 when something changed, 200 when not, with
// GET /v1/config's body.
func (s *Server) restReload(w http.ResponseWriter, r *http.Request) {
	if s.draining.Load() {
		writeError(w, &apiError{http: http.StatusServiceUnavailable, msg: "the server is shutting down"})
		return
	}
	changed, err := s.Reload(r.Context())
	if err != nil {
		writeError(w, &apiError{http: http.StatusInternalServerError, msg: fmt.Sprintf("reloading the configuration failed: %v", err)})
		return
	}
	code := http.StatusOK
	if changed {
		code = http.StatusCreated
	}
	writeJSON(w, code, s.configStatus())
}

// restInfer is POST /v2/models/NAME[/versions/V]/infer, JSON or binary tensors.
func (s *Server) restInfer(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	name, version := r.PathValue("name"), r.PathValue("version")
	mv, err := s.lookup(name, version)
	if err != nil {
		s.metrics.request(metricsAPIKServe, metricsIfaceREST, "ModelInfer", name, version, false)
		writeError(w, asAPIError(err))
		return
	}
	defer mv.release()
	s.metrics.addCurrent(mv.model, mv.label, 1)
	defer s.metrics.addCurrent(mv.model, mv.label, -1)
	ok := false
	defer func() {
		s.metrics.request(metricsAPIKServe, metricsIfaceREST, "ModelInfer", mv.model, mv.label, ok)
		if ok {
			s.metrics.observeRequest(metricsIfaceREST, mv.model, mv.label, time.Since(start))
		}
	}()
	if !mv.lim.admit() {
		writeError(w, asAPIError(errQueueFull))
		return
	}
	defer mv.lim.leave()
	hdrLen := r.Header.Get(headerLen)
	body, releaseBody, aerr := s.readBody(w, r, hdrLen)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	defer releaseBody() // after the inference: the inputs may be views of the body
	req, err := decodeRESTInfer(mv, hdrLen, body)
	if err != nil {
		writeError(w, asAPIError(err))
		return
	}
	outs, releaseOuts, err := s.run(r.Context(), mv, req.inputs, true, false)
	if err != nil {
		writeError(w, asAPIError(err))
		return
	}
	resp, jsonLen, err := encodeRESTInfer(mv, req, outs) // copies the outputs
	releaseOuts()
	if err != nil {
		writeError(w, asAPIError(err))
		return
	}
	if jsonLen >= 0 {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set(headerLen, strconv.Itoa(jsonLen))
	} else {
		w.Header().Set("Content-Type", "application/json")
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(resp)))
	w.WriteHeader(http.StatusOK)
	w.Write(resp)
	ok = true
}

// readBody reads a request body of at most MaxRequestBytes, refusing a larger declared
// length before reading anything. A body of known length goes into a pooled buffer, its
// binary part (after hdrLen bytes of JSON) 8-byte aligned; call release once the body and
// the tensors viewing it are no longer used.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, hdrLen string) (body []byte, release func(), _ *apiError) {
	limit := s.opts.MaxRequestBytes
	tooBig := &apiError{http: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("the request body is larger than %d bytes, the server's limit (--max_request_bytes)", limit)}
	if r.ContentLength > limit {
		return nil, nil, tooBig
	}
	rd := http.MaxBytesReader(w, r.Body, limit)
	body, release, ok, err := s.bodies.readBodyPooled(rd, r.ContentLength, hdrLen)
	if !ok {
		// Unknown length: memory grows with the bytes that arrive, not with what
		// Content-Length claims: a client announcing the limit and sending nothing holds
		// at most 1 MiB.
		buf := bytes.NewBuffer(make([]byte, 0, min(max(r.ContentLength, 512), 1<<20)))
		_, err = buf.ReadFrom(rd)
		body, release = buf.Bytes(), func() {}
		if err == nil && r.ContentLength >= 0 && int64(len(body)) != r.ContentLength {
			err = io.ErrUnexpectedEOF
		}
	}
	if err != nil {
		if maxBytesBody(err) {
			return nil, nil, tooBig
		}
		return nil, nil, badRequest("reading the request body: %v", err)
	}
	return body, release, nil
}

// restInferRequest is the JSON of an inference request.
type restInferRequest struct {
	ID         string                     `json:"id"`
	Parameters map[string]json.RawMessage `json:"parameters"`
	Inputs     []struct {
		Name       string                     `json:"name"`
		Shape      []int64                    `json:"shape"`
		Datatype   string                     `json:"datatype"`
		Parameters map[string]json.RawMessage `json:"parameters"`
		Data       json.RawMessage            `json:"data"`
	} `json:"inputs"`
	Outputs []struct {
		Name       string                     `json:"name"`
		Parameters map[string]json.RawMessage `json:"parameters"`
	} `json:"outputs"`
}

// inferRequest is a decoded request, REST or gRPC.
type inferRequest struct {
	id      string
	inputs  []*ir.Tensor // in the program's order
	outputs []int        // indexes of the returned outputs
	binary  []bool       // per returned output: as binary data (REST)
}

// paramBool reads a boolean parameter (absent: def).
func paramBool(p map[string]json.RawMessage, key string, def bool) (bool, error) {
	raw, ok := p[key]
	if !ok {
		return def, nil
	}
	var v bool
	if err := json.Unmarshal(raw, &v); err != nil {
		return false, badRequest("parameter %q is %s, want true or false", key, raw)
	}
	return v, nil
}

// decodeRESTInfer decodes an inference request body: JSON, or with hdr (the
// Inference-Header-Content-Length header) set, JSON followed by binary tensor data.
func decodeRESTInfer(mv *modelVersion, hdr string, body []byte) (*inferRequest, error) {
	jsonPart, bin := body, []byte(nil)
	if hdr != "" {
		n, err := strconv.ParseInt(hdr, 10, 64)
		if err != nil || n < 0 {
			return nil, badRequest("%s is %q, want a byte count", headerLen, hdr)
		}
		if n > int64(len(body)) {
			return nil, badRequest("%s is %d, the body is only %d bytes", headerLen, n, len(body))
		}
		jsonPart, bin = body[:n], body[n:]
		if req, ok := swDecodeBinary(mv, jsonPart, bin); ok {
			return req, nil
		}
	}
	return decodeRESTJSON(mv, jsonPart, bin)
}

// decodeRESTJSON decodes a request's JSON part with encoding/json; bin is the binary data
// after it (nil without the binary extension).
func decodeRESTJSON(mv *modelVersion, jsonPart, bin []byte) (*inferRequest, error) {
	var rr restInferRequest
	dec := json.NewDecoder(bytes.NewReader(jsonPart))
	if err := dec.Decode(&rr); err != nil {
		return nil, badRequest("malformed JSON request: %v", err)
	}
	if dec.More() {
		return nil, badRequest("malformed JSON request: data after the JSON object (binary data needs the %s header)", headerLen)
	}
	if len(rr.Inputs) == 0 {
		return nil, badRequest("the request has no inputs")
	}
	given := make([]namedTensor, 0, len(rr.Inputs))
	for _, in := range rr.Inputs {
		_, t, err := checkInputHeader(mv, in.Name, in.Datatype, in.Shape)
		if err != nil {
			return nil, err
		}
		if in.Shape == nil {
			return nil, badRequest("input %q has no shape", in.Name)
		}
		var tensor *ir.Tensor
		if raw, ok := in.Parameters["binary_data_size"]; ok {
			var size int64
			if err := json.Unmarshal(raw, &size); err != nil || size < 0 {
				return nil, badRequest("input %q: binary_data_size is %s, want a byte count", in.Name, raw)
			}
			if len(in.Data) > 0 && string(in.Data) != "null" {
				return nil, badRequest("input %q has both binary_data_size and data", in.Name)
			}
			if size > int64(len(bin)) {
				return nil, badRequest("input %q: binary_data_size is %d, only %d bytes of binary data remain", in.Name, size, len(bin))
			}
			tensor, err = decodeRawView(t, in.Shape, bin[:size])
			if err != nil {
				return nil, badRequest("input %q: %v", in.Name, err)
			}
			bin = bin[size:]
		} else {
			if len(in.Data) == 0 || string(in.Data) == "null" {
				return nil, badRequest("input %q has no data (and no binary_data_size)", in.Name)
			}
			tensor, err = parseJSONData(t, in.Shape, in.Data)
			if err != nil {
				return nil, badRequest("input %q: %v", in.Name, err)
			}
		}
		given = append(given, namedTensor{in.Name, tensor})
	}
	if len(bin) > 0 {
		return nil, badRequest("%d bytes of binary data are not claimed by any input's binary_data_size", len(bin))
	}
	ordered, err := orderInputs(mv, given)
	if err != nil {
		return nil, err
	}
	binAll, err := paramBool(rr.Parameters, "binary_data_output", false)
	if err != nil {
		return nil, err
	}
	req := &inferRequest{id: rr.ID, inputs: ordered}
	names := make([]string, len(rr.Outputs))
	for i, o := range rr.Outputs {
		names[i] = o.Name
	}
	if req.outputs, err = selectOutputs(mv, names); err != nil {
		return nil, err
	}
	req.binary = make([]bool, len(req.outputs))
	for i := range req.binary {
		req.binary[i] = binAll
		if i < len(rr.Outputs) {
			if req.binary[i], err = paramBool(rr.Outputs[i].Parameters, "binary_data", binAll); err != nil {
				return nil, err
			}
		}
	}
	return req, nil
}

// encodeRESTInfer writes the response: JSON, or JSON then the binary outputs, in which
// case jsonLen is the JSON part's length (else -1).
func encodeRESTInfer(mv *modelVersion, req *inferRequest, outs []*ir.Tensor) (resp []byte, jsonLen int, err error) {
	b := make([]byte, 0, 256)
	b = append(b, `{"model_name":`...)
	b = appendJSONString(b, mv.model)
	b = append(b, `,"model_version":`...)
	b = appendJSONString(b, mv.label)
	if req.id != "" {
		b = append(b, `,"id":`...)
		b = appendJSONString(b, req.id)
	}
	b = append(b, `,"outputs":[`...)
	var bins [][]byte
	for k, i := range req.outputs {
		t := outs[i]
		meta := &mv.outputs[i]
		dt, ok := elementToDtype(t.Type)
		if !ok {
			return nil, 0, fmt.Errorf("output %q has element type %s, which the protocol cannot carry", meta.Name, t.Type)
		}
		if k > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = appendJSONString(b, meta.Name)
		b = append(b, `,"datatype":"`...)
		b = append(b, dt...)
		b = append(b, `","shape":[`...)
		for j, d := range t.Shape {
			b = appendSep(b, j)
			b = strconv.AppendInt(b, int64(d), 10)
		}
		b = append(b, ']')
		if req.binary[k] {
			raw, err := encodeRaw(t)
			if err != nil {
				return nil, 0, err
			}
			bins = append(bins, raw)
			b = append(b, `,"parameters":{"binary_data_size":`...)
			b = strconv.AppendInt(b, int64(len(raw)), 10)
			b = append(b, `}}`...)
			continue
		}
		b = append(b, `,"data":`...)
		if b, err = appendJSONData(b, t); err != nil {
			return nil, 0, err
		}
		b = append(b, '}')
	}
	b = append(b, `]}`...)
	if len(bins) == 0 {
		return b, -1, nil
	}
	jsonLen = len(b)
	for _, raw := range bins {
		b = append(b, raw...)
	}
	return b, jsonLen, nil
}
