package serve

import (
	"fmt"
	"math/bits"
	"runtime"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/grpc/experimental"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/protoadapt"

	"github.com/irrun/irrun/cmd/irrun/internal/serve/inference"
)

// srvGRPCOptions are the gRPC server's options for a request size limit: the message size
// limits, and srvBufferPool for the transport's frames and for the messages' buffers (via
// srvCodec). The returned swHeld keeps the raw inputs of each ModelInferRequest in a
// pooled buffer until the handler releases the request (swHeld.release).
func srvGRPCOptions(maxRequestBytes int64) ([]grpc.ServerOption, *swHeld) {
	pool := &srvBufferPool{}
	held := newSwHeld(pool)
	return []grpc.ServerOption{
		grpc.MaxRecvMsgSize(int(min(maxRequestBytes, 1<<31-1))),
		grpc.MaxSendMsgSize(1<<31 - 1),
		experimental.BufferPool(pool),
		grpc.ForceServerCodecV2(srvCodec{pool: pool, held: held}),
		// Requests run on long-lived goroutines (a new one only when all are busy), whose
		// stacks have grown to the inference's depth once, instead of a fresh goroutine
		// per request that grows its stack by copying (≈ 8 µs a request).
		grpc.NumStreamWorkers(uint32(2 * runtime.GOMAXPROCS(0))),
	}, held
}

// srvCodec is grpc-go's proto codec (encoding/proto, v1.85) with its buffers from pool
// instead of mem.DefaultBufferPool: the frames of a request are joined into a pooled buffer
// for proto.Unmarshal (which copies the bytes fields out of it), and a large response is
// marshalled into one. With held set (the server), a ModelInferRequest's raw inputs are
// decoded into a pooled buffer that held keeps until the request is released.
type srvCodec struct {
	pool *srvBufferPool
	held *swHeld
}

func (srvCodec) Name() string { return "proto" }

func srvProtoMessage(v any) (proto.Message, error) {
	switch v := v.(type) {
	case protoadapt.MessageV2:
		return v, nil
	case protoadapt.MessageV1:
		return protoadapt.MessageV2Of(v), nil
	}
	return nil, fmt.Errorf("proto: message is %T, want proto.Message", v)
}

func (c srvCodec) Marshal(v any) (mem.BufferSlice, error) {
	m, err := srvProtoMessage(v)
	if err != nil {
		return nil, err
	}
	size := proto.Size(m)
	opts := proto.MarshalOptions{UseCachedSize: true} // valid right after Size
	if mem.IsBelowBufferPoolingThreshold(size) {
		b, err := opts.Marshal(m)
		if err != nil {
			return nil, err
		}
		return mem.BufferSlice{mem.SliceBuffer(b)}, nil
	}
	buf := c.pool.Get(size)
	b, err := opts.MarshalAppend((*buf)[:0], m)
	if err != nil {
		c.pool.Put(buf)
		return nil, err
	}
	if len(b) != size || &b[0] != &(*buf)[0] { // the size changed: b was reallocated
		c.pool.Put(buf)
		return mem.BufferSlice{mem.SliceBuffer(b)}, nil
	}
	return mem.BufferSlice{mem.NewBuffer(buf, c.pool)}, nil
}

func (c srvCodec) Unmarshal(data mem.BufferSlice, v any) error {
	if r, ok := v.(*inference.ModelInferRequest); ok && c.held != nil && c.held.unmarshalInfer(data, r) {
		return nil
	}
	m, err := srvProtoMessage(v)
	if err != nil {
		return err
	}
	buf := data.MaterializeToBuffer(c.pool)
	defer buf.Free()
	return proto.Unmarshal(buf.ReadOnlyData(), m)
}

// srvBufferPool is the gRPC server's buffer pool (experimental.BufferPool): buffers of
// power-of-two capacities from 2^srvPoolMinExp to 2^srvPoolMaxExp bytes, handed out with
// stale contents. grpc-go's default pool (v1.85) zeroes a buffer on every Get and has no
// class between 32 KiB and 1 MiB, so each message of 32 KiB to 1 MiB — e.g. a 43 KiB
// image tensor — cleared a whole 1 MiB buffer when its frames were joined for unmarshalling
// (≈ 35 µs per request and the L2 cache evicted just before the inference). grpc-go fills
// every buffer it gets from the pool (frames are read into it, messages copied or
// marshalled into it) before reading it, as its own dirty pools (transport, ALTS) rely on.
type srvBufferPool struct {
	tiers [srvPoolMaxExp - srvPoolMinExp + 1]sync.Pool // of *[]byte, cap exactly 2^(srvPoolMinExp+i)
}

const (
	srvPoolMinExp = 8  // 256 B; smaller requests get a 256 B buffer
	srvPoolMaxExp = 24 // 16 MiB; larger buffers are allocated and left to the GC
)

var _ mem.BufferPool = (*srvBufferPool)(nil)

// Get returns a buffer of length n.
func (p *srvBufferPool) Get(n int) *[]byte {
	n = max(n, 0)
	exp := srvPoolMinExp
	if n > 1<<srvPoolMinExp {
		exp = bits.Len(uint(n - 1)) // the smallest 2^exp >= n
	}
	if exp > srvPoolMaxExp {
		b := make([]byte, n)
		return &b
	}
	t := &p.tiers[exp-srvPoolMinExp]
	if v, ok := t.Get().(*[]byte); ok {
		*v = (*v)[:n]
		return v
	}
	b := make([]byte, n, 1<<exp)
	return &b
}

// Put gives back a buffer from Get (or a prefix of one).
func (p *srvBufferPool) Put(b *[]byte) {
	c := cap(*b)
	if c < 1<<srvPoolMinExp || c > 1<<srvPoolMaxExp || c&(c-1) != 0 {
		return // not one of ours (or above the largest class): left to the GC
	}
	*b = (*b)[:0]
	p.tiers[bits.Len(uint(c))-1-srvPoolMinExp].Put(b)
}
