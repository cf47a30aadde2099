package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/cmd/irrun/internal/serve/inference"
	"github.com/irrun/irrun/ir"
)

func TestReadBodyPooled(t *testing.T) {
	var p bodyBuffers
	for _, tc := range []struct {
		name    string
		data    string
		length  int64
		hdrLen  string
		ok      bool
		wantErr string
	}{
		{"exact, header 0", "abcdefgh", 8, "0", true, ""},
		{"exact, header 3", "abcdefghijk", 11, "3", true, ""},
		{"exact, header 13", "0123456789abcdefgh", 18, "13", true, ""},
		{"no header", "xyz", 3, "", true, ""},
		{"bad header", "xyz", 3, "-4", true, ""},
		{"empty", "", 0, "", true, ""},
		{"short body", "abc", 5, "", true, "unexpected EOF"},
		{"long body", "abcdef", 5, "", true, "longer than its Content-Length"},
		{"unknown length", "abc", -1, "", false, ""},
		{"too long to pool", "abc", bodyPoolMax + 1, "", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, release, ok, err := p.readBodyPooled(bytes.NewReader([]byte(tc.data)), tc.length, tc.hdrLen)
			require.Equal(t, tc.ok, ok)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			if !ok {
				return
			}
			require.Equal(t, tc.data, string(body))
			if n, err := strconv.Atoi(tc.hdrLen); err == nil && n >= 0 && n < len(body) {
				require.Zero(t, uintptr(unsafe.Pointer(&body[n]))%8, "the binary part is 8-byte aligned")
			}
			release()
		})
	}
	// A reader error other than EOF is reported as is.
	_, _, ok, err := p.readBodyPooled(io.MultiReader(bytes.NewReader([]byte("ab")), errReader{}), 4, "")
	require.True(t, ok)
	require.ErrorIs(t, err, errBoom)
}

var errBoom = errors.New("boom")

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errBoom }

func TestDecodeRawView(t *testing.T) {
	vals := []float32{1, -2.5, 3, 4}
	buf := make([]byte, 4*len(vals)+8) // 8-byte aligned (a Go allocation of this size)
	for _, off := range []int{0, 4, 1, 2} {
		b := buf[off : off+4*len(vals)]
		copy(b, sliceBytes(vals))
		x, err := decodeRawView(ir.F32, []int64{2, 2}, b)
		require.NoError(t, err)
		require.Equal(t, []int{2, 2}, x.Shape)
		require.Equal(t, vals, x.Data.([]float32))
		shared := unsafe.Pointer(&x.Data.([]float32)[0]) == unsafe.Pointer(&b[0])
		require.Equal(t, off%4 == 0, shared, "offset %d: a view exactly when aligned", off)
	}
	// Types that are never views: BOOL (bytes are checked), F16 (a named type), BYTES.
	bb := []byte{1, 0, 1, 1}
	x, err := decodeRawView(ir.Boolean, []int64{4}, bb)
	require.NoError(t, err)
	require.Equal(t, []bool{true, false, true, true}, x.Data)
	_, err = decodeRawView(ir.Boolean, []int64{4}, []byte{1, 2, 0, 0})
	require.Error(t, err)
	h := make([]byte, 4)
	x, err = decodeRawView(ir.F16, []int64{2}, h)
	require.NoError(t, err)
	require.Equal(t, ir.F16, x.Type)
	// Sizes are checked as decodeRaw checks them.
	_, err = decodeRawView(ir.F32, []int64{3}, buf[:8])
	require.ErrorContains(t, err, "needs 12 bytes, got 8")
	i64 := make([]int64, 3)
	x, err = decodeRawView(ir.I64, []int64{3}, sliceBytes(i64))
	require.NoError(t, err)
	require.Equal(t, unsafe.Pointer(&i64[0]), unsafe.Pointer(&x.Data.([]int64)[0]))
}

func TestOutputPool(t *testing.T) {
	static := ir.Shape{Dims: []ir.Dim{{Lo: 2, Hi: 2}, {Lo: 3, Hi: 3}}}
	dynamic := ir.Shape{Dims: []ir.Dim{{Lo: 1, Hi: 4}}}
	outs := []tensorMeta{{Name: "a", Type: ir.F32, Shape: static}, {Name: "b", Type: ir.I64, Shape: static}}
	require.Nil(t, newOutputPool([]tensorMeta{{Type: ir.F32, Shape: dynamic}}, outs, 2))
	require.Nil(t, newOutputPool(nil, []tensorMeta{{Type: ir.F32, Shape: dynamic}}, 2))
	require.Nil(t, newOutputPool(nil, []tensorMeta{{Type: ir.String, Shape: static}}, 2))
	p := newOutputPool([]tensorMeta{{Type: ir.F32, Shape: static}}, outs, 2)
	require.NotNil(t, p)
	a, err := p.get()
	require.NoError(t, err)
	require.Len(t, a, 2)
	require.Equal(t, ir.F32, a[0].Type)
	require.Equal(t, []int{2, 3}, a[0].Shape)
	require.Equal(t, ir.I64, a[1].Type)
	b, err := p.get()
	require.NoError(t, err)
	c, err := p.get()
	require.NoError(t, err)
	require.NotSame(t, a[0], b[0])
	p.put(a)
	p.put(b)
	p.put(c) // over max: dropped
	require.Len(t, p.free, 2)
	d, err := p.get()
	require.NoError(t, err)
	require.Same(t, b[0], d[0], "the last set given back is reused first")
}

// TestPooledBuffersConcurrent sends REST binary, REST JSON and gRPC requests with
// different inputs from several goroutines: every response must hold its own input's
// outputs (pooled outputs and bodies, views of request bytes), and responses kept from
// earlier requests must not change afterwards. Run with -race.
func TestPooledBuffersConcurrent(t *testing.T) {
	dir := t.TempDir()
	copyModel(t, "maxpool8-indices", filepath.Join(dir, "pool"), 1)
	ts := startServer(t, Options{ModelName: "pool", ModelPath: filepath.Join(dir, "pool"), NIReq: 2})
	ts.waitReady(t)
	require.NotNil(t, ts.repo.Load().models["pool"].versions[0].outPool, "a static model's outputs are pooled")
	xml := filepath.Join(dir, "pool", "1", "model.xml")
	const clients, perClient = 6, 40
	type kept struct {
		got, want []byte
	}
	var mu sync.Mutex
	var keep []kept
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	errs := make(chan error, clients)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perClient {
				data := randomF32(uint64(100*c+i), 216)
				x, err := ir.TensorOf(data, 2, 3, 6, 6)
				if err != nil {
					errs <- err
					return
				}
				want := runDirect(t, xml, x)
				wantRaw := [][]byte{}
				for _, w := range want {
					r, _ := encodeRaw(w)
					wantRaw = append(wantRaw, bytes.Clone(r))
				}
				var got [][]byte
				switch (c + i) % 3 {
				case 0: // REST binary, header lengths varying with the id
					body, hl := binaryInferBody("x", []int64{2, 3, 6, 6}, data, true)
					if i%2 == 1 {
						body = append([]byte(`{"id":"`+fmt.Sprint(i)+`",`), body[1:]...)
						n, _ := strconv.Atoi(hl)
						hl = strconv.Itoa(n + len(`"id":"`+fmt.Sprint(i)+`",`))
					}
					req, _ := http.NewRequest("POST", ts.url+"/v2/models/pool/infer", bytes.NewReader(body))
					req.Header.Set(headerLen, hl)
					resp, err := hc.Do(req)
					if err != nil {
						errs <- err
						return
					}
					b, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					if resp.StatusCode != 200 {
						errs <- fmt.Errorf("status %d: %s", resp.StatusCode, b)
						return
					}
					_, outs := decodeResponse(t, resp.Header, b)
					for _, o := range outs {
						r, _ := encodeRaw(o)
						got = append(got, r)
					}
				case 1: // REST JSON
					req, _ := http.NewRequest("POST", ts.url+"/v2/models/pool/infer", bytes.NewReader(jsonInferBody("x", []int64{2, 3, 6, 6}, data, "")))
					resp, err := hc.Do(req)
					if err != nil {
						errs <- err
						return
					}
					b, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					if resp.StatusCode != 200 {
						errs <- fmt.Errorf("status %d: %s", resp.StatusCode, b)
						return
					}
					_, outs := decodeResponse(t, resp.Header, b)
					for _, o := range outs {
						r, _ := encodeRaw(o)
						got = append(got, r)
					}
				case 2: // gRPC raw
					resp, err := ts.client.ModelInfer(context.Background(), &inference.ModelInferRequest{ModelName: "pool",
						Inputs:           []*inference.ModelInferRequest_InferInputTensor{{Name: "x", Datatype: "FP32", Shape: []int64{2, 3, 6, 6}}},
						RawInputContents: [][]byte{sliceBytes(data)}})
					if err != nil {
						errs <- err
						return
					}
					got = resp.RawOutputContents
				}
				if len(got) != len(wantRaw) {
					errs <- fmt.Errorf("client %d request %d: %d outputs, want %d", c, i, len(got), len(wantRaw))
					return
				}
				for k := range got {
					if !bytes.Equal(got[k], wantRaw[k]) {
						errs <- fmt.Errorf("client %d request %d: output %d is not its input's", c, i, k)
						return
					}
				}
				mu.Lock()
				for k := range got {
					keep = append(keep, kept{got[k], wantRaw[k]})
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	for i, k := range keep {
		require.Equal(t, k.want, k.got, "kept output %d changed after later requests", i)
	}
}
