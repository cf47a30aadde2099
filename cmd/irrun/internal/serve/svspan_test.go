package serve

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/stats"

	"github.com/irrun/irrun/cmd/irrun/internal/serve/inference"
	"github.com/irrun/irrun/ir"
)

// svSpanMax bounds the spans an svSpans keeps between two takes.
const svSpanMax = 1 << 20

// svSpans collects the server-side span of every inference request of a test server
// (TestServeOverhead's "server-side" lines): REST from the handler's entry to the
// response flushed to the connection, gRPC from the stream's begin (its headers read) to
// its status handed to the transport's writer (grpc-go's stats.End, reported after the
// client may already have the response).
//
// With each span it keeps how long of it went by before the request's input was all in
// the server (REST: the body read to its Content-Length; gRPC: the message received and
// decoded, grpc-go's stats.InPayload): time the server spends waiting for the client's
// bytes; and, for REST, how long the final flush took (the write to the connection, in
// which the kernel may switch to the woken client before the server's thread goes on).
type svSpans struct {
	mu                sync.Mutex
	span, body, flush []time.Duration
}

func (s *svSpans) add(span, body, flush time.Duration) {
	s.mu.Lock()
	if len(s.span) < svSpanMax {
		s.span = append(s.span, span)
		s.body = append(s.body, body)
		s.flush = append(s.flush, flush)
	}
	s.mu.Unlock()
}

// take returns the spans recorded since the last take, their input-in and flush times.
func (s *svSpans) take() (span, body, flush []time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	span, body, flush = s.span, s.body, s.flush
	s.span, s.body, s.flush = nil, nil, nil
	return span, body, flush
}

// svBodyTimer notes when a REST body has been read to its Content-Length.
type svBodyTimer struct {
	io.ReadCloser
	n, want int64
	at      time.Time
}

func (b *svBodyTimer) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n += int64(n)
	if b.n >= b.want && b.at.IsZero() {
		b.at = time.Now()
	}
	return n, err
}

// svSpanREST wraps a server's REST handler to record the span of each inference request;
// the handler's response is flushed before the span ends (net/http would flush it right
// after the handler returns; with Content-Length set, nothing is left to write then).
func svSpanREST(h http.Handler, spans *svSpans) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t0 := time.Now()
		bt := &svBodyTimer{ReadCloser: r.Body, want: r.ContentLength}
		r.Body = bt
		h.ServeHTTP(w, r)
		t1 := time.Now()
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		if strings.HasSuffix(r.URL.Path, "/infer") {
			body := time.Duration(0)
			if !bt.at.IsZero() {
				body = bt.at.Sub(t0)
			}
			t2 := time.Now()
			spans.add(t2.Sub(t0), body, t2.Sub(t1))
		}
	})
}

// svSpanStats is a grpc-go stats handler recording the span of each ModelInfer call.
type svSpanStats struct{ spans *svSpans }

// svSpanKey is the context key of a ModelInfer call's svSpanRecv.
type svSpanKey struct{}

// svSpanRecv is when a call's message was received (one message per call).
type svSpanRecv struct{ at time.Time }

func (h svSpanStats) TagRPC(ctx context.Context, info *stats.RPCTagInfo) context.Context {
	if strings.HasSuffix(info.FullMethodName, "/ModelInfer") {
		return context.WithValue(ctx, svSpanKey{}, &svSpanRecv{})
	}
	return ctx
}

func (h svSpanStats) HandleRPC(ctx context.Context, s stats.RPCStats) {
	rc, ok := ctx.Value(svSpanKey{}).(*svSpanRecv)
	if !ok || s.IsClient() {
		return
	}
	switch e := s.(type) {
	case *stats.InPayload:
		rc.at = e.RecvTime
	case *stats.End:
		body := time.Duration(0)
		if !rc.at.IsZero() {
			body = rc.at.Sub(e.BeginTime)
		}
		h.spans.add(e.EndTime.Sub(e.BeginTime), body, 0)
	}
}

func (svSpanStats) TagConn(ctx context.Context, _ *stats.ConnTagInfo) context.Context { return ctx }
func (svSpanStats) HandleConn(context.Context, stats.ConnStats)                       {}

// startServerSpans is startServer for a server whose REST handler and gRPC server record
// every inference request's server-side span into spans. The gRPC server is New's, made
// again with the stats handler added (before Serve, so nothing has used the first one).
func startServerSpans(t testing.TB, opts Options, spans *svSpans) *testServer {
	return startServerHook(t, opts, func(s *Server) {
		s.http.Handler = svSpanREST(s.http.Handler, spans)
		gopts, held := srvGRPCOptions(s.opts.MaxRequestBytes)
		s.grpc = grpc.NewServer(append(gopts, grpc.StatsHandler(svSpanStats{spans}))...)
		s.grpcHeld = held
		inference.RegisterGRPCInferenceServiceServer(s.grpc, &grpcService{s: s})
		healthpb.RegisterHealthServer(s.grpc, s.health)
	})
}

// TestSvSpans checks the server-side span recording of TestServeOverhead: one span per
// inference request (REST and gRPC), none for other requests, each within the time the
// client waited for it (gRPC: until the span was reported), and the served results
// unchanged (the program's own outputs).
func TestSvSpans(t *testing.T) {
	dir := t.TempDir()
	copyModel(t, "maxpool8-indices", filepath.Join(dir, "pool"), 1)
	spans := &svSpans{}
	ts := startServerSpans(t, Options{ModelName: "pool", ModelPath: filepath.Join(dir, "pool")}, spans)
	ts.waitReady(t)
	sp, _, _ := spans.take()
	require.Empty(t, sp, "readiness probes are not inference requests")

	shape := []int64{2, 3, 6, 6}
	data := randomF32(7, 2*3*6*6)
	x, err := ir.TensorOf(data, 2, 3, 6, 6)
	require.NoError(t, err)
	want := runDirect(t, filepath.Join(dir, "pool", "1", "model.xml"), x)

	body, hl := binaryInferBody("x", shape, data, true)
	t0 := time.Now()
	code, hdr, resp := ts.post(t, "/v2/models/pool/infer", map[string]string{headerLen: hl}, body)
	require.Equal(t, 200, code, string(resp))
	_, got := decodeResponse(t, hdr, resp)
	require.Equal(t, want[0].Data, got[0].Data)
	// The handler records its span after the flush: the client may have the response
	// first.
	s, b, f := waitSpans(spans)
	restWait := time.Since(t0)
	require.Len(t, s, 1)
	require.Len(t, f, 1)
	require.Less(t, f[0], s[0])
	require.Greater(t, s[0], time.Duration(0))
	require.LessOrEqual(t, s[0], restWait)
	require.Len(t, b, 1)
	require.Greater(t, b[0], time.Duration(0), "the body was read")
	require.Less(t, b[0], s[0])

	t0 = time.Now()
	gr, err := ts.client.ModelInfer(context.Background(), &inference.ModelInferRequest{ModelName: "pool",
		Inputs:           []*inference.ModelInferRequest_InferInputTensor{{Name: "x", Datatype: "FP32", Shape: shape}},
		RawInputContents: [][]byte{sliceBytes(data)}})
	require.NoError(t, err)
	g, err := decodeRaw(ir.F32, gr.Outputs[0].Shape, gr.RawOutputContents[0])
	require.NoError(t, err)
	require.Equal(t, want[0].Data, g.Data)
	_, err = ts.client.ModelMetadata(context.Background(), &inference.ModelMetadataRequest{Name: "pool"})
	require.NoError(t, err)
	// grpc-go reports a call's end after its status is written: the client may have it
	// first.
	s, b, _ = waitSpans(spans)
	require.Len(t, s, 1, "ModelInfer only")
	require.Greater(t, s[0], time.Duration(0))
	require.LessOrEqual(t, s[0], time.Since(t0))
	require.Len(t, b, 1)
	require.Greater(t, b[0], time.Duration(0), "the message was received")
	require.Less(t, b[0], s[0])
}

// waitSpans takes the spans recorded so far, waiting up to 5 s for the first: a server
// records a span after the response has left it, so its client may see the response
// first.
func waitSpans(spans *svSpans) (span, body, flush []time.Duration) {
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		span, body, flush = spans.take()
		if len(span) > 0 || time.Now().After(deadline) {
			return span, body, flush
		}
	}
}
