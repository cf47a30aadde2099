package serve

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"unsafe"

	"github.com/irrun/irrun/ir"
)

// Per-request buffers are reused: a REST body is read into a pooled buffer (the binary
// tensor data 8-byte aligned in it, so that inputs can be views of it), raw inputs are
// used in place when aligned, and a version whose inputs and outputs all have static shapes
// runs into pooled output tensors (Program.RunInto) for REST, whose response copies them.

// bodyPoolMax is the largest body read into a pooled buffer. The buffer is allocated at
// the declared length before the bytes arrive, so this also bounds what a client that
// announces a length and sends nothing makes the server hold (as the unpooled path's
// initial buffer does).
const bodyPoolMax = 1 << 20

// bodyBuffers hands out request body buffers.
type bodyBuffers struct{ pool sync.Pool } // of *[]byte

// get returns a buffer of length n (stale contents).
func (p *bodyBuffers) get(n int) *[]byte {
	if v, ok := p.pool.Get().(*[]byte); ok && cap(*v) >= n {
		*v = (*v)[:n]
		return v
	} else if ok {
		p.pool.Put(v)
	}
	b := make([]byte, n, max(n, 4096))
	return &b
}

func (p *bodyBuffers) put(b *[]byte) {
	if cap(*b) <= bodyPoolMax {
		p.pool.Put(b)
	}
}

// readBodyPooled reads a body of known length into a pooled buffer; the bytes start at
// offset pad in it, so that body[hdrLen:] (the binary data after a JSON header of hdrLen
// bytes) is 8-byte aligned. It returns the body and the function giving the buffer back
// (call it once the body and every view of it are no longer used). ok is false when the
// length is unknown (the caller reads the body another way).
func (p *bodyBuffers) readBodyPooled(rd io.Reader, length int64, hdrLen string) (body []byte, release func(), ok bool, err error) {
	if length < 0 || length > bodyPoolMax {
		return nil, nil, false, nil
	}
	pad := 0
	if n, err := strconv.ParseInt(hdrLen, 10, 64); err == nil && n >= 0 {
		pad = int((8 - n%8) % 8)
	}
	n := int(length)
	buf := p.get(pad + n + 1)
	release = func() { p.put(buf) }
	b := (*buf)[pad : pad+n+1]
	if _, err := io.ReadFull(rd, b[:n]); err != nil {
		release()
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, nil, true, err
	}
	// The body must end here: one more byte is an error (net/http reports a body longer
	// than its Content-Length the same way).
	if k, err := rd.Read(b[n:]); k > 0 || (err != nil && !errors.Is(err, io.EOF)) {
		release()
		if err == nil || errors.Is(err, io.EOF) {
			err = errors.New("the body is longer than its Content-Length")
		}
		return nil, nil, true, err
	}
	return b[:n], release, true, nil
}

// decodeRawView is decodeRaw, but a numeric tensor (not BOOL or BYTES) shares b's memory
// when b is aligned for its elements and the machine is little-endian; otherwise the data
// is copied. The caller keeps b unchanged while the tensor is used.
func decodeRawView(t ir.ElementType, shape []int64, b []byte) (*ir.Tensor, error) {
	size := dtypeSize(t)
	if t == ir.Boolean || t == ir.String || size == 0 || !serveNativeLE() || len(b) == 0 || uintptr(unsafe.Pointer(&b[0]))%uintptr(size) != 0 {
		return decodeRaw(t, shape, b)
	}
	n, err := elementCount(shape)
	if err != nil {
		return nil, err
	}
	if int64(len(b)) != int64(n)*int64(size) {
		return decodeRaw(t, shape, b) // reports the size mismatch
	}
	dims := make([]int, len(shape))
	for i, d := range shape {
		dims[i] = int(d)
	}
	data, ok := viewData(t, b, int(n))
	if !ok {
		return decodeRaw(t, shape, b)
	}
	return &ir.Tensor{Type: t, Shape: dims, Data: data}, nil
}

// viewData is b as the Go slice type ir.MakeData uses for t (numeric types only).
func viewData(t ir.ElementType, b []byte, n int) (any, bool) {
	p := unsafe.Pointer(&b[0])
	switch want, _ := ir.MakeData(t, 0); want.(type) {
	case []float32:
		return unsafe.Slice((*float32)(p), n), true
	case []float64:
		return unsafe.Slice((*float64)(p), n), true
	case []uint16:
		return unsafe.Slice((*uint16)(p), n), true
	case []int8:
		return unsafe.Slice((*int8)(p), n), true
	case []int16:
		return unsafe.Slice((*int16)(p), n), true
	case []int32:
		return unsafe.Slice((*int32)(p), n), true
	case []int64:
		return unsafe.Slice((*int64)(p), n), true
	case []uint8:
		return unsafe.Slice((*uint8)(p), n), true
	case []uint32:
		return unsafe.Slice((*uint32)(p), n), true
	case []uint64:
		return unsafe.Slice((*uint64)(p), n), true
	}
	return nil, false // F16 (a named type) and the rest: copied
}

// outputPool keeps sets of output tensors of a version whose outputs all have static
// shapes, for Program.RunInto.
type outputPool struct {
	mu    sync.Mutex
	free  [][]*ir.Tensor
	max   int
	metas []tensorMeta
}

// newOutputPool returns a pool for the version's outputs, or nil when an input or an
// output shape is not static (the outputs' shapes may then vary between requests).
func newOutputPool(inputs, outputs []tensorMeta, keep int) *outputPool {
	for _, m := range inputs {
		if _, ok := m.Shape.Static(); !ok {
			return nil
		}
	}
	for _, m := range outputs {
		if _, ok := m.Shape.Static(); !ok || !m.Type.IsStatic() || m.Type == ir.String {
			return nil
		}
	}
	return &outputPool{max: keep, metas: outputs}
}

// get returns a set of output tensors (stale contents).
func (p *outputPool) get() ([]*ir.Tensor, error) {
	p.mu.Lock()
	if k := len(p.free); k > 0 {
		outs := p.free[k-1]
		p.free[k-1] = nil
		p.free = p.free[:k-1]
		p.mu.Unlock()
		return outs, nil
	}
	p.mu.Unlock()
	outs := make([]*ir.Tensor, len(p.metas))
	for i, m := range p.metas {
		dims, _ := m.Shape.Static()
		shape := make([]int, len(dims))
		for j, d := range dims {
			shape[j] = int(d)
		}
		t, err := ir.NewTensor(m.Type, shape)
		if err != nil {
			return nil, err
		}
		outs[i] = t
	}
	return outs, nil
}

// put gives back a set that no response refers to any more.
func (p *outputPool) put(outs []*ir.Tensor) {
	p.mu.Lock()
	if len(p.free) < p.max {
		p.free = append(p.free, outs)
	}
	p.mu.Unlock()
}

// maxBytesBody reports whether err is http.MaxBytesReader's.
func maxBytesBody(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
}
