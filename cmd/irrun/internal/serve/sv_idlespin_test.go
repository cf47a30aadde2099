package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
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
		conn       time.Duration // svConnSpin
	}{
		{0, DefaultIdleSpin, 0},
		{-1, 0, 0},
		{-time.Hour, 0, 0},
		{time.Millisecond, time.Millisecond, 0},
		{50 * time.Millisecond, 50 * time.Millisecond, 0},
		{0, DefaultIdleSpin, time.Millisecond},
	} {
		t.Run(fmt.Sprintf("%v,conn%v", tc.spin, tc.conn), func(t *testing.T) {
			dir := t.TempDir()
			copyModel(t, "maxpool8-indices", filepath.Join(dir, "pool"), 1)
			ts := startServer(t, Options{ModelName: "pool", ModelPath: filepath.Join(dir, "pool"), Threads: 2, IdleSpin: tc.spin, svConnSpin: tc.conn})
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

// TestSvSpinConn checks the polling connection of Options.svConnSpin against a plain
// loopback peer: data sent during the polling and after it (from the poller) arrives in
// order, a read deadline still ends a wait, and the peer's close reads as io.EOF.
func TestSvSpinConn(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	l := svSpinListen(ln, 2*time.Millisecond)
	defer l.Close()
	peer := make(chan net.Conn, 1)
	go func() {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Error(err)
		}
		peer <- c
	}()
	c, err := l.Accept()
	require.NoError(t, err)
	defer c.Close()
	require.IsType(t, &svSpinConn{}, c)
	p := <-peer
	buf := make([]byte, 16)
	for i, gap := range []time.Duration{0, time.Millisecond, 20 * time.Millisecond} {
		go func() {
			time.Sleep(gap)
			p.Write([]byte{byte(i), byte(i + 1)})
		}()
		n, err := io.ReadFull(c, buf[:2])
		require.NoError(t, err)
		require.Equal(t, 2, n)
		require.Equal(t, []byte{byte(i), byte(i + 1)}, buf[:2])
	}
	require.NoError(t, c.SetReadDeadline(time.Now().Add(10*time.Millisecond)))
	_, err = c.Read(buf)
	require.True(t, errors.Is(err, os.ErrDeadlineExceeded), "%v", err)
	require.NoError(t, c.SetReadDeadline(time.Time{}))
	p.Close()
	_, err = c.Read(buf)
	require.Equal(t, io.EOF, err)
}
