package serve

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	"github.com/irrun/irrun/cmd/irrun/internal/serve/inference"
)

// swPieces splits b into buffers of size n (the frames a message arrives in).
func swPieces(b []byte, n int) mem.BufferSlice {
	var out mem.BufferSlice
	for i := 0; i < len(b); i += n {
		out = append(out, mem.SliceBuffer(b[i:min(i+n, len(b))]))
	}
	return out
}

// swCheckDecode decodes b (in pieces of n bytes) with the server's codec and checks the
// outcome against proto.Unmarshal of the same bytes: both fail, or both give equal
// messages. It returns the decoded request (nil on failure).
func swCheckDecode(t *testing.T, codec srvCodec, b []byte, n int) *inference.ModelInferRequest {
	var want inference.ModelInferRequest
	wantErr := proto.Unmarshal(b, &want)
	var got inference.ModelInferRequest
	gotErr := codec.Unmarshal(swPieces(b, n), &got)
	if wantErr != nil {
		require.Error(t, gotErr)
		return nil
	}
	require.NoError(t, gotErr)
	require.True(t, proto.Equal(&want, &got), "got %v\nwant %v", &got, &want)
	return &got
}

// TestSwUnmarshalInfer decodes ModelInferRequests whose raw inputs go into a held pooled
// buffer, and compares each with proto.Unmarshal (the reference) for frames of several
// sizes: the raw contents are 8-byte aligned, do not alias the frames, and stay valid until
// the request is released.
func TestSwUnmarshalInfer(t *testing.T) {
	raw := func(n int, seed byte) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*7) + seed
		}
		return b
	}
	in := func(name string, shape ...int64) *inference.ModelInferRequest_InferInputTensor {
		return &inference.ModelInferRequest_InferInputTensor{Name: name, Datatype: "FP32", Shape: shape}
	}
	// A message with fields after the raw contents and an unknown field between them.
	tail, err := proto.Marshal(&inference.ModelInferRequest{RawInputContents: [][]byte{raw(12, 9)}})
	require.NoError(t, err)
	head, err := proto.Marshal(&inference.ModelInferRequest{ModelName: "m", Inputs: []*inference.ModelInferRequest_InferInputTensor{in("a", 3), in("b", 1)}})
	require.NoError(t, err)
	mixed := append(append(append([]byte{}, tail...), protowire.AppendVarint(protowire.AppendTag(nil, 99, protowire.VarintType), 5)...), head...)
	mixed = append(mixed, tail...)
	mixed = protowire.AppendBytes(protowire.AppendTag(mixed, 7, protowire.BytesType), raw(5, 1)) // odd length: the next is still aligned
	mixed = protowire.AppendString(protowire.AppendTag(mixed, 3, protowire.BytesType), "id")
	cases := []struct {
		name     string
		msg      []byte
		fallback bool // decoded by proto.Unmarshal alone (nothing held)
	}{
		{"no raw contents", mustMarshal(t, &inference.ModelInferRequest{ModelName: "m", Id: "x", Inputs: []*inference.ModelInferRequest_InferInputTensor{in("a", 1)}}), false},
		{"one image", mustMarshal(t, &inference.ModelInferRequest{ModelName: "m", ModelVersion: "2", Inputs: []*inference.ModelInferRequest_InferInputTensor{in("x", 1, 3, 60, 60)},
			Outputs:          []*inference.ModelInferRequest_InferRequestedOutputTensor{{Name: "y"}},
			Parameters:       map[string]*inference.InferParameter{"p": {ParameterChoice: &inference.InferParameter_Int64Param{Int64Param: 3}}},
			RawInputContents: [][]byte{raw(43200, 0)}}), false},
		{"three, one empty", mustMarshal(t, &inference.ModelInferRequest{ModelName: "m", Inputs: []*inference.ModelInferRequest_InferInputTensor{in("a", 3), in("b", 0), in("c", 1)},
			RawInputContents: [][]byte{raw(13, 2), {}, raw(4, 3)}}), false},
		{"interleaved, unknown field", mixed, false},
		{"truncated", mustMarshal(t, &inference.ModelInferRequest{ModelName: "m", RawInputContents: [][]byte{raw(100, 0)}})[:50], false},
		{"bad tag", append([]byte{0x00}, tail...), false},
		{"overlong varint", append(append([]byte{}, tail...), 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f), false},
		{"group", append(append([]byte{}, tail...), 0x0b, 0x0c), true},
		{"invalid UTF-8 name", append(append([]byte{}, tail...), 0x0a, 0x01, 0xff), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, n := range []int{1, 7, 1000, 16384, 1 << 20} {
				held := newSwHeld(&srvBufferPool{})
				codec := srvCodec{pool: held.pool, held: held}
				frames := append([]byte{}, c.msg...)
				got := swCheckDecode(t, codec, frames, n)
				if got == nil {
					require.Empty(t, held.m)
					continue
				}
				want := append([][]byte{}, got.RawInputContents...)
				for i, r := range got.RawInputContents {
					want[i] = append([]byte{}, r...)
					if len(r) > 0 {
						require.Zero(t, uintptr(unsafe.Pointer(&r[0]))%8, "raw input %d is not 8-byte aligned", i)
					}
				}
				for i := range frames { // the frames are reused by the transport
					frames[i] = 0xee
				}
				require.Equal(t, want, append([][]byte{}, got.RawInputContents...))
				nHeld := 0
				if len(got.RawInputContents) > 0 && !c.fallback {
					nHeld = 1
				}
				require.Len(t, held.m, nHeld)
				held.release(got)
				held.release(got) // twice: nothing more
				require.Empty(t, held.m)
			}
		})
	}
}

func mustMarshal(t *testing.T, m proto.Message) []byte {
	b, err := proto.Marshal(m)
	require.NoError(t, err)
	return b
}

// TestSwHeldBound checks that requests beyond swHeldMax held at once are decoded the
// ordinary way (copied, nothing held) and that a nil holder releases nothing.
func TestSwHeldBound(t *testing.T) {
	held := newSwHeld(&srvBufferPool{})
	codec := srvCodec{pool: held.pool, held: held}
	b := mustMarshal(t, &inference.ModelInferRequest{ModelName: "m", RawInputContents: [][]byte{{1, 2, 3, 4}}})
	reqs := make([]*inference.ModelInferRequest, swHeldMax+1)
	for i := range reqs {
		reqs[i] = swCheckDecode(t, codec, b, 3)
	}
	require.Len(t, held.m, swHeldMax)
	for _, r := range reqs {
		held.release(r)
	}
	require.Empty(t, held.m)
	var none *swHeld
	none.release(reqs[0])
	// More raw contents than swMaxRaw: decoded by proto.Unmarshal, nothing held.
	many := &inference.ModelInferRequest{ModelName: "m", RawInputContents: make([][]byte, swMaxRaw+1)}
	for i := range many.RawInputContents {
		many.RawInputContents[i] = []byte{byte(i)}
	}
	got := swCheckDecode(t, codec, mustMarshal(t, many), 1000)
	require.Len(t, got.RawInputContents, swMaxRaw+1)
	require.Empty(t, held.m)
}

// FuzzSwUnmarshalInfer feeds arbitrary bytes, in frames of a fuzzed size, to the server's
// decoding of ModelInferRequest: it must agree with proto.Unmarshal (both fail, or equal
// messages) and hold nothing once the request is released.
func FuzzSwUnmarshalInfer(f *testing.F) {
	seed, _ := proto.Marshal(&inference.ModelInferRequest{ModelName: "m", Inputs: []*inference.ModelInferRequest_InferInputTensor{{Name: "a", Datatype: "FP32", Shape: []int64{2}}},
		RawInputContents: [][]byte{{1, 2, 3, 4, 5, 6, 7, 8}, {}}})
	f.Add(seed, uint16(3))
	f.Add([]byte{0x3a, 0x80, 0x01}, uint16(1))
	f.Fuzz(func(t *testing.T, b []byte, n uint16) {
		held := newSwHeld(&srvBufferPool{})
		codec := srvCodec{pool: held.pool, held: held}
		got := swCheckDecode(t, codec, b, max(int(n), 1))
		if got != nil {
			held.release(got)
		}
		require.Empty(t, held.m)
	})
}
