package serve

import (
	"sync"

	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	"github.com/irrun/irrun/cmd/irrun/internal/serve/inference"
)

// A ModelInferRequest's raw_input_contents (field 7) are decoded into one pooled buffer
// instead of a fresh slice per tensor (proto.Unmarshal copies every bytes field into new
// memory, even with aliasing allowed): the request's frames are walked once, each raw
// content is copied from them straight into the pooled buffer at an 8-byte aligned offset
// (so that decodeRawView uses it in place), and the other fields — a few hundred bytes of
// names, shapes and parameters — are unmarshalled by proto.Unmarshal as before. The buffer
// stays held, keyed by the request, until the handler releases it (swHeld.release) once
// the inference is over. Anything the walk does not expect (groups, a malformed tag or
// length, an overlong varint) falls back to proto.Unmarshal of the whole message, so the
// result and the errors are proto.Unmarshal's.

// swHeldMax bounds the requests whose raw contents are held at once; beyond it (a handler
// that never releases, or that many requests in flight), requests are decoded the
// ordinary way.
const swHeldMax = 1024

// swMaxRaw bounds the raw contents of a request decoded into a held buffer, so that their
// 8-byte alignment adds at most 7 × swMaxRaw bytes to the message's size; a request with
// more (a model has a handful of inputs) is decoded the ordinary way.
const swMaxRaw = 4096

// swHeld keeps the pooled buffer of each decoded ModelInferRequest until its handler
// releases it.
type swHeld struct {
	pool *srvBufferPool
	mu   sync.Mutex
	m    map[*inference.ModelInferRequest]*[]byte
}

func newSwHeld(pool *srvBufferPool) *swHeld {
	return &swHeld{pool: pool, m: make(map[*inference.ModelInferRequest]*[]byte)}
}

// release gives back r's buffer, if it has one; r's raw_input_contents must not be used
// afterwards. Safe on a nil h and on a request decoded another way.
func (h *swHeld) release(r *inference.ModelInferRequest) {
	if h == nil {
		return
	}
	h.mu.Lock()
	buf, ok := h.m[r]
	if ok {
		delete(h.m, r)
	}
	h.mu.Unlock()
	if ok {
		h.pool.Put(buf)
	}
}

func (h *swHeld) full() bool {
	h.mu.Lock()
	n := len(h.m)
	h.mu.Unlock()
	return n >= swHeldMax
}

// swCursor reads a BufferSlice's bytes in order without joining them.
type swCursor struct {
	data mem.BufferSlice
	i    int    // data[i] is the current buffer
	cur  []byte // its unread bytes
	left int    // unread bytes in all
}

func newSwCursor(data mem.BufferSlice) swCursor {
	c := swCursor{data: data, left: data.Len(), i: -1}
	return c
}

func (c *swCursor) readByte() (byte, bool) {
	for len(c.cur) == 0 {
		if c.i+1 >= len(c.data) {
			return 0, false
		}
		c.i++
		c.cur = c.data[c.i].ReadOnlyData()
	}
	b := c.cur[0]
	c.cur = c.cur[1:]
	c.left--
	return b, true
}

// varint reads a varint as protowire.ConsumeVarint accepts it (at most 10 bytes, the
// tenth at most 1).
func (c *swCursor) varint() (uint64, bool) {
	var v uint64
	for i := 0; i < 10; i++ {
		b, ok := c.readByte()
		if !ok {
			return 0, false
		}
		if i == 9 && b > 1 {
			return 0, false
		}
		v |= uint64(b&0x7f) << (7 * i)
		if b < 0x80 {
			return v, true
		}
	}
	return 0, false
}

// copyTo fills dst from the cursor (the caller checked len(dst) <= c.left).
func (c *swCursor) copyTo(dst []byte) {
	for len(dst) > 0 {
		for len(c.cur) == 0 {
			c.i++
			c.cur = c.data[c.i].ReadOnlyData()
		}
		n := copy(dst, c.cur)
		dst, c.cur = dst[n:], c.cur[n:]
		c.left -= n
	}
}

// skip passes n bytes (the caller checked n <= c.left).
func (c *swCursor) skip(n int) {
	for n > 0 {
		for len(c.cur) == 0 {
			c.i++
			c.cur = c.data[c.i].ReadOnlyData()
		}
		k := min(n, len(c.cur))
		n, c.cur = n-k, c.cur[k:]
		c.left -= k
	}
}

// swField is one top-level field's tag and length: for a length-delimited field, n is its
// payload's length; for the others its fixed or varint value is in v.
type swField struct {
	num protowire.Number
	typ protowire.Type
	v   uint64
	n   int
}

// next reads the next field's header (and a varint or fixed field's value); ok is false at
// the end of the data or on anything the walk leaves to proto.Unmarshal.
func (c *swCursor) next() (f swField, ok bool) {
	tag, ok := c.varint()
	if !ok {
		return f, false
	}
	num, typ := protowire.DecodeTag(tag)
	if num < protowire.MinValidNumber || num > protowire.MaxValidNumber {
		return f, false
	}
	f.num, f.typ = num, typ
	switch typ {
	case protowire.VarintType:
		f.v, ok = c.varint()
		return f, ok
	case protowire.Fixed32Type, protowire.Fixed64Type:
		f.n = 4
		if typ == protowire.Fixed64Type {
			f.n = 8
		}
		return f, f.n <= c.left
	case protowire.BytesType:
		n, ok := c.varint()
		if !ok || n > uint64(c.left) {
			return f, false
		}
		f.n = int(n)
		return f, true
	}
	return f, false // groups and invalid types
}

// swAlign8 rounds n up to a multiple of 8.
func swAlign8(n int) int { return (n + 7) &^ 7 }

// unmarshalInfer decodes data into r with r's raw_input_contents in one pooled buffer,
// which h holds until release(r). It returns false, having changed nothing that matters
// (r is reset by the caller's fallback), when the caller should use proto.Unmarshal.
func (h *swHeld) unmarshalInfer(data mem.BufferSlice, r *inference.ModelInferRequest) bool {
	if h.full() {
		return false
	}
	// Pass 1: check the structure and size the two buffers.
	c := newSwCursor(data)
	restLen, rawLen, nRaw := 0, 0, 0
	for c.left > 0 {
		f, ok := c.next()
		if !ok {
			return false
		}
		if f.num == 7 && f.typ == protowire.BytesType {
			rawLen += swAlign8(f.n)
			nRaw++
			c.skip(f.n)
			continue
		}
		restLen += protowire.SizeTag(f.num)
		switch f.typ {
		case protowire.VarintType:
			restLen += protowire.SizeVarint(f.v)
		case protowire.BytesType:
			restLen += protowire.SizeBytes(f.n)
			c.skip(f.n)
		default:
			restLen += f.n
			c.skip(f.n)
		}
	}
	if nRaw == 0 || nRaw > swMaxRaw {
		return false // nothing to gain, or more alignment padding than a request needs
	}
	// Pass 2: the raw contents into buf, every other field re-encoded into rest.
	buf := h.pool.Get(rawLen)
	rest := h.pool.Get(restLen)
	b := (*rest)[:0]
	contents := make([][]byte, 0, nRaw)
	off := 0
	c = newSwCursor(data)
	for c.left > 0 {
		f, _ := c.next() // pass 1 accepted every field
		if f.num == 7 && f.typ == protowire.BytesType {
			dst := (*buf)[off : off+f.n : off+f.n]
			c.copyTo(dst)
			contents = append(contents, dst)
			off += swAlign8(f.n)
			continue
		}
		b = protowire.AppendTag(b, f.num, f.typ)
		switch f.typ {
		case protowire.VarintType:
			b = protowire.AppendVarint(b, f.v)
		case protowire.BytesType:
			b = protowire.AppendVarint(b, uint64(f.n))
			fallthrough
		default:
			k := len(b)
			b = b[:k+f.n]
			c.copyTo(b[k:])
		}
	}
	err := proto.Unmarshal(b, r) // copies what it keeps
	h.pool.Put(rest)
	if err != nil {
		h.pool.Put(buf)
		return false // proto.Unmarshal of the whole message reports it
	}
	r.RawInputContents = contents
	h.mu.Lock()
	h.m[r] = buf
	h.mu.Unlock()
	return true
}
