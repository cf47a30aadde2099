package serve

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"

	"github.com/irrun/irrun/cmd/irrun/internal/serve/inference"
	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

// benchModel is the model of the handler benchmarks: IRRUN_SERVE_PERF_MODEL, or the corpus's
// open-closed-eye-0001-fp16.
func benchModel(b *testing.B) string {
	xml := os.Getenv("IRRUN_SERVE_PERF_MODEL")
	if xml == "" {
		xml = "../../../../../shared/corpus/open-closed-eye-0001-fp16/model.xml"
	}
	if _, err := os.Stat(xml); err != nil {
		b.Skip(err)
	}
	return xml
}

// BenchmarkServeHandler times one inference request through the server's handlers without
// the network: REST binary (the http.Handler with an in-memory request) and gRPC (the
// service method with a decoded message), next to Program.RunInto alone. The differences
// are the server's own CPU time per request.
func BenchmarkServeHandler(b *testing.B) {
	xml := benchModel(b)
	dir := b.TempDir()
	vdir := filepath.Join(dir, "m", "1")
	require.NoError(b, os.MkdirAll(vdir, 0o755))
	for _, ext := range []string{".xml", ".bin"} {
		bs, err := os.ReadFile(xml[:len(xml)-4] + ext)
		require.NoError(b, err)
		require.NoError(b, os.WriteFile(filepath.Join(vdir, "model"+ext), bs, 0o644))
	}
	s, err := New(Options{ModelName: "m", ModelPath: filepath.Join(dir, "m")})
	require.NoError(b, err)
	_, err = s.Reload(context.Background())
	require.NoError(b, err)
	mv := s.repo.Load().models["m"].versions[0]
	defer mv.prog.Close()
	name := mv.inputs[0].Name
	dims, ok := mv.inputs[0].Shape.Static()
	require.True(b, ok)
	shape := make([]int, len(dims))
	n := 1
	for i, d := range dims {
		shape[i] = int(d)
		n *= int(d)
	}
	data := randomF32(1, n)
	b.Run("RunInto", func(b *testing.B) {
		p, err := graph.Load(filepath.Join(vdir, "model.xml"), graph.Options{})
		require.NoError(b, err)
		defer p.Close()
		x, _ := ir.TensorOf(data, shape...)
		outs, err := p.Run(context.Background(), []*ir.Tensor{x})
		require.NoError(b, err)
		b.ReportAllocs()
		for b.Loop() {
			if err := p.RunInto(context.Background(), []*ir.Tensor{x}, outs); err != nil {
				b.Fatal(err)
			}
		}
	})
	h := s.Handler()
	body, hl := binaryInferBody(name, dims, data, true)
	b.Run("REST", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			req := httptest.NewRequest("POST", "/v2/models/m/infer", bytes.NewReader(body))
			req.Header.Set(headerLen, hl)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != http.StatusOK {
				b.Fatal(w.Code, w.Body.String())
			}
		}
	})
	g := &grpcService{s: s}
	greq := &inference.ModelInferRequest{ModelName: "m", Inputs: []*inference.ModelInferRequest_InferInputTensor{{Name: name, Datatype: "FP32", Shape: dims}},
		RawInputContents: [][]byte{sliceBytes(data)}}
	b.Run("gRPC", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := g.ModelInfer(context.Background(), greq); err != nil {
				b.Fatal(err)
			}
		}
	})
	// gRPC with the server's decoding of the message from 16 KiB frames (as the transport
	// hands them to the codec), the raw input into a held pooled buffer.
	wire, err := proto.Marshal(greq)
	require.NoError(b, err)
	frames := swPieces(wire, 16384)
	// "proto.Unmarshal": the same without the held buffer (the raw input copied into a
	// fresh slice, as before round 10).
	for _, c := range []struct {
		name  string
		codec srvCodec
	}{{"gRPC+decode", srvCodec{pool: s.grpcHeld.pool, held: s.grpcHeld}}, {"gRPC+proto.Unmarshal", srvCodec{pool: s.grpcHeld.pool}}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var r inference.ModelInferRequest
				if err := c.codec.Unmarshal(frames, &r); err != nil {
					b.Fatal(err)
				}
				if _, err := g.ModelInfer(context.Background(), &r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
