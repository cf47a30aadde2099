package serve

import (
	"context"

	"google.golang.org/grpc/tap"

	"github.com/irrun/irrun/cmd/irrun/internal/serve/inference"
)

// Waking the model's helper threads when a request arrives. Between requests the
// kernels' helpers are parked (graph.Options.ParkHelpers), and waking a parked thread
// costs tens of microseconds on a virtual machine (bench with a 0.2 ms pause before each
// inference is ≈ 10 % slower than back to back). Waking them as soon as the request's
// header is in (graph.Program.WarmHelpers) overlaps that wake-up with reading and
// decoding the request: REST wakes the requested version's helpers in the handler,
// before the body is read; gRPC, whose handler runs only after the whole message has
// been read and unmarshalled, wakes the helpers of the version that served the previous
// ModelInfer from the transport's tap handle, as soon as the new stream's headers
// arrive. A woken helper polls for the inference's first parallel region for at most
// 200 µs and parks again, so a request that fails before its inference costs a short
// spin, never a core held while idle.

// svWarm wakes mv's helpers unless the server is set not to.
func (s *Server) svWarm(mv *modelVersion) {
	if !s.opts.svNoWarm && mv.prog != nil {
		mv.prog.WarmHelpers()
	}
}

// svTap is the gRPC server's tap handle: it runs on the connection's reader goroutine
// when a stream's headers arrive, before its message is read, and must not block
// (WarmHelpers never waits).
func (s *Server) svTap(ctx context.Context, info *tap.Info) (context.Context, error) {
	if info.FullMethodName == inference.GRPCInferenceService_ModelInfer_FullMethodName {
		if mv := s.svLast.Load(); mv != nil && !mv.retired.Load() {
			s.svWarm(mv)
		}
	}
	return ctx, nil
}
