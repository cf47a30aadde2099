package serve

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/cmd/irrun/internal/serve/inference"
	"github.com/irrun/irrun/ir"
)

// TestSvIdleSpin checks Options.IdleSpin: 0 means DefaultIdleSpin and a negative value
// parks at once (0 in the program's options); with each, REST binary and gRPC requests
// with idle gaps between them (helpers polling or parked when the next one comes) give the
// program's outputs bit for bit.
func TestSvIdleSpin(t *testing.T) {
	for _, tc := range []struct {
		spin, want time.Duration
	}{
		{0, DefaultIdleSpin},
		{-1, 0},
		{-time.Hour, 0},
		{50 * time.Millisecond, 50 * time.Millisecond},
	} {
		t.Run(tc.spin.String(), func(t *testing.T) {
			dir := t.TempDir()
			copyModel(t, "maxpool8-indices", filepath.Join(dir, "pool"), 1)
			ts := startServer(t, Options{ModelName: "pool", ModelPath: filepath.Join(dir, "pool"), Threads: 2, IdleSpin: tc.spin})
			require.Equal(t, tc.want, ts.opts.IdleSpin)
			ts.waitReady(t)
			shape := []int64{2, 3, 6, 6}
			data := randomF32(9, 2*3*6*6)
			x, err := ir.TensorOf(data, 2, 3, 6, 6)
			require.NoError(t, err)
			want := runDirect(t, filepath.Join(dir, "pool", "1", "model.xml"), x)
			for i, gap := range []time.Duration{0, 0, time.Millisecond, 0, 5 * time.Millisecond, 60 * time.Millisecond, 0} {
				time.Sleep(gap)
				body, hl := binaryInferBody("x", shape, data, true)
				code, hdr, resp := ts.post(t, "/v2/models/pool/infer", map[string]string{headerLen: hl}, body)
				require.Equal(t, 200, code, string(resp))
				_, got := decodeResponse(t, hdr, resp)
				require.Len(t, got, len(want))
				for k := range want {
					require.Equal(t, want[k].Data, got[k].Data, "REST request %d, output %d", i, k)
				}
				r, err := ts.client.ModelInfer(context.Background(), &inference.ModelInferRequest{ModelName: "pool",
					Inputs: []*inference.ModelInferRequest_InferInputTensor{{Name: "x", Datatype: "FP32", Shape: shape}}, RawInputContents: [][]byte{sliceBytes(data)}})
				require.NoError(t, err)
				require.Len(t, r.RawOutputContents, len(want))
				for k := range want {
					b, ok := dataBytes(want[k].Data)
					require.True(t, ok)
					require.Equal(t, b, r.RawOutputContents[k], "gRPC request %d, output %d", i, k)
				}
			}
		})
	}
}
