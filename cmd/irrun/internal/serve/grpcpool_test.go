package serve

import (
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/proto"

	"github.com/irrun/irrun/cmd/irrun/internal/serve/inference"
)

// TestSrvBufferPool checks the gRPC buffer pool's sizes: a buffer of the asked length in
// the smallest power-of-two class that holds it (256 B at least), reused after Put, and
// plain allocations above 16 MiB or for buffers that are not of a class.
func TestSrvBufferPool(t *testing.T) {
	var p srvBufferPool
	for _, c := range []struct{ n, cap int }{
		{0, 256}, {1, 256}, {256, 256}, {257, 512}, {16 << 10, 16 << 10}, {43200, 64 << 10},
		{1 << 20, 1 << 20}, {1<<20 + 1, 2 << 20}, {16 << 20, 16 << 20}, {16<<20 + 1, 16<<20 + 1},
	} {
		b := p.Get(c.n)
		require.Len(t, *b, c.n, "Get(%d)", c.n)
		require.Equal(t, c.cap, cap(*b), "Get(%d)", c.n)
		p.Put(b)
	}
	b := p.Get(5000)
	(*b)[0] = 7
	p.Put(b)
	c := p.Get(6000) // sync.Pool may drop it, so only the size is certain
	require.Len(t, *c, 6000)
	require.Equal(t, 8192, cap(*c))
	odd := make([]byte, 3000)
	p.Put(&odd) // not a class: dropped, and never handed out
	for range 4 {
		d := p.Get(2048)
		require.Equal(t, 2048, cap(*d))
	}
	p.Put(&[]byte{})
}

// TestSrvCodec round-trips messages through the server's codec: a small one, one above
// grpc-go's pooling threshold, and one arriving in several buffers (as frames do).
func TestSrvCodec(t *testing.T) {
	codec := srvCodec{pool: &srvBufferPool{}}
	require.Equal(t, "proto", codec.Name())
	raw := make([]byte, 43200)
	for i := range raw {
		raw[i] = byte(i * 7)
	}
	for _, m := range []*inference.ModelInferRequest{
		{ModelName: "m", Id: "1"},
		{ModelName: "m", Inputs: []*inference.ModelInferRequest_InferInputTensor{{Name: "x", Datatype: "FP32", Shape: []int64{1, 3, 60, 60}}},
			RawInputContents: [][]byte{raw}},
	} {
		data, err := codec.Marshal(m)
		require.NoError(t, err)
		want, err := proto.Marshal(m)
		require.NoError(t, err)
		require.Equal(t, want, data.Materialize())
		var got inference.ModelInferRequest
		require.NoError(t, codec.Unmarshal(data, &got))
		require.True(t, proto.Equal(m, &got))
		data.Free()
		// The same bytes in 1000-byte pieces.
		var parts mem.BufferSlice
		for i := 0; i < len(want); i += 1000 {
			parts = append(parts, mem.SliceBuffer(want[i:min(i+1000, len(want))]))
		}
		var got2 inference.ModelInferRequest
		require.NoError(t, codec.Unmarshal(parts, &got2))
		// The message does not alias the pooled buffer the pieces were joined in.
		for range 4 {
			b := codec.pool.Get(len(want))
			for i := range *b {
				(*b)[i] = 0xaa
			}
			codec.pool.Put(b)
		}
		require.True(t, proto.Equal(m, &got2))
	}
	_, err := codec.Marshal("not a message")
	require.Error(t, err)
	require.Error(t, codec.Unmarshal(mem.BufferSlice{mem.SliceBuffer([]byte{0xff})}, &inference.ModelInferRequest{}))
}
