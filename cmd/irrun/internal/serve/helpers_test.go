package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/irrun/irrun/cmd/irrun/internal/serve/inference"
	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

// examples is the repository's example models directory.
const examples = "../../../../testdata/examples"

// copyModel copies an example model (xml and, when present, bin) to dir/version/model.*.
func copyModel(t testing.TB, example, dir string, version int) {
	t.Helper()
	dst := filepath.Join(dir, strconv.Itoa(version))
	require.NoError(t, os.MkdirAll(dst, 0o755))
	for _, ext := range []string{".xml", ".bin"} {
		b, err := os.ReadFile(filepath.Join(examples, example, "model"+ext))
		if os.IsNotExist(err) && ext == ".bin" {
			continue
		}
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dst, "model"+ext), b, 0o644))
	}
}

// testServer is a Server listening on 127.0.0.1.
type testServer struct {
	*Server
	url      string // REST base URL
	grpcAddr string
	conn     *grpc.ClientConn
	client   inference.GRPCInferenceServiceClient
	cancel   context.CancelFunc
	done     chan error
}

func startServer(t testing.TB, opts Options) *testServer {
	t.Helper()
	return startServerHook(t, opts, nil)
}

// startServerHook is startServer calling hook (when not nil) on the new Server before it
// serves.
func startServerHook(t testing.TB, opts Options, hook func(*Server)) *testServer {
	t.Helper()
	s, err := New(opts)
	require.NoError(t, err)
	if hook != nil {
		hook(s)
	}
	gl, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	rl, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	ts := &testServer{Server: s, url: "http://" + rl.Addr().String(), grpcAddr: gl.Addr().String(), cancel: cancel, done: make(chan error, 1)}
	go func() { ts.done <- s.Serve(ctx, gl, rl) }()
	ts.conn, err = grpc.NewClient(gl.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(1<<30), grpc.MaxCallSendMsgSize(1<<30)))
	require.NoError(t, err)
	ts.client = inference.NewGRPCInferenceServiceClient(ts.conn)
	t.Cleanup(func() { ts.stop(t) })
	return ts
}

// stop cancels the server and waits for its drain (bounded).
func (ts *testServer) stop(t testing.TB) {
	if ts.cancel == nil {
		return
	}
	ts.cancel()
	ts.cancel = nil
	select {
	case err := <-ts.done:
		require.NoError(t, err)
	case <-time.After(60 * time.Second):
		t.Fatal("the server did not stop within 60 s")
	}
	ts.conn.Close()
}

// waitReady polls /v2/health/ready until 200 (at most 30 s).
func (ts *testServer) waitReady(t testing.TB) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(ts.url + "/v2/health/ready")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the server did not become ready within 30 s")
}

func (ts *testServer) get(t testing.TB, path string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(ts.url + path)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, b
}

func (ts *testServer) post(t testing.TB, path string, hdr map[string]string, body []byte) (int, http.Header, []byte) {
	t.Helper()
	req, err := http.NewRequest("POST", ts.url+path, bytes.NewReader(body))
	require.NoError(t, err)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, resp.Header, b
}

// randomF32 returns n normal floats from a fixed seed.
func randomF32(seed uint64, n int) []float32 {
	r := rand.New(rand.NewPCG(seed, 1))
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(r.NormFloat64())
	}
	return out
}

// runDirect runs the model at xml with graph.Load: the oracle the server must equal.
func runDirect(t testing.TB, xml string, inputs ...*ir.Tensor) []*ir.Tensor {
	t.Helper()
	p, err := graph.Load(xml, graph.Options{})
	require.NoError(t, err)
	defer p.Close()
	outs, err := p.Run(context.Background(), inputs)
	require.NoError(t, err)
	return outs
}

// jsonInferBody is a JSON infer request for one FP32 input.
func jsonInferBody(name string, shape []int64, data []float32, extra string) []byte {
	d, _ := json.Marshal(data)
	s, _ := json.Marshal(shape)
	return fmt.Appendf(nil, `{"id":"r1","inputs":[{"name":%q,"shape":%s,"datatype":"FP32","data":%s}]%s}`, name, s, d, extra)
}

// binaryInferBody is a binary-extension infer request for one FP32 input; it returns the
// body and the Inference-Header-Content-Length value.
func binaryInferBody(name string, shape []int64, data []float32, binaryOut bool) ([]byte, string) {
	raw := sliceBytes(data)
	s, _ := json.Marshal(shape)
	hdr := fmt.Appendf(nil, `{"inputs":[{"name":%q,"shape":%s,"datatype":"FP32","parameters":{"binary_data_size":%d}}],"parameters":{"binary_data_output":%v}}`, name, s, len(raw), binaryOut)
	return append(hdr, raw...), strconv.Itoa(len(hdr))
}

// restOutput is one output of a JSON response.
type restOutput struct {
	Name       string          `json:"name"`
	Datatype   string          `json:"datatype"`
	Shape      []int64         `json:"shape"`
	Data       json.RawMessage `json:"data"`
	Parameters map[string]any  `json:"parameters"`
}

type restResponse struct {
	ModelName    string       `json:"model_name"`
	ModelVersion string       `json:"model_version"`
	ID           string       `json:"id"`
	Outputs      []restOutput `json:"outputs"`
}

// decodeResponse splits a REST infer response into its outputs as tensors.
func decodeResponse(t testing.TB, hdr http.Header, body []byte) (*restResponse, []*ir.Tensor) {
	t.Helper()
	jsonPart, bin := body, []byte(nil)
	if h := hdr.Get(headerLen); h != "" {
		n, err := strconv.Atoi(h)
		require.NoError(t, err)
		jsonPart, bin = body[:n], body[n:]
	}
	var rr restResponse
	require.NoError(t, json.Unmarshal(jsonPart, &rr), string(jsonPart))
	var outs []*ir.Tensor
	for _, o := range rr.Outputs {
		et, ok := dtypeToElement(o.Datatype)
		require.True(t, ok, o.Datatype)
		var tensor *ir.Tensor
		var err error
		if size, ok := o.Parameters["binary_data_size"]; ok {
			n := int(size.(float64))
			tensor, err = decodeRaw(et, o.Shape, bin[:n])
			bin = bin[n:]
		} else {
			tensor, err = parseJSONData(et, o.Shape, o.Data)
		}
		require.NoError(t, err)
		outs = append(outs, tensor)
	}
	require.Empty(t, bin)
	return &rr, outs
}
