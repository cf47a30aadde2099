package serve

import (
	"strings"
	"unsafe"
)

// The JSON header of a binary-tensor inference request is decoded by a small scanner for
// the form clients send — objects with the protocol's lower-case keys, strings without
// escapes, integer shapes and sizes, boolean flags — instead of encoding/json (about 40
// allocations and most of the server's own time per request outside the inference). The
// scanner only accepts a request it can decode completely and correctly: anything else — an
// escape, a float, null, a duplicate or unknown key, JSON "data", any invalid field — makes
// it give up, and encoding/json's path decodes the request from scratch and reports the
// errors, so the results and the error messages are that path's (FuzzSwDecodeREST checks
// both paths agree).

// swScan is a cursor over the JSON header.
type swScan struct {
	b []byte
	i int
}

func (s *swScan) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// eat skips whitespace and then c, reporting whether c was there.
func (s *swScan) eat(c byte) bool {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// str reads a string of printable ASCII without escapes, as a view of the header.
func (s *swScan) str() (string, bool) {
	if !s.eat('"') {
		return "", false
	}
	start := s.i
	for s.i < len(s.b) {
		c := s.b[s.i]
		if c == '"' {
			v := s.b[start:s.i]
			s.i++
			return unsafe.String(unsafe.SliceData(v), len(v)), true
		}
		if c < 0x20 || c >= 0x7f || c == '\\' {
			return "", false
		}
		s.i++
	}
	return "", false
}

// int reads an integer of at most 18 digits (no fraction or exponent).
func (s *swScan) int() (int64, bool) {
	s.ws()
	neg := s.i < len(s.b) && s.b[s.i] == '-'
	if neg {
		s.i++
	}
	start := s.i
	var v int64
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		v = v*10 + int64(s.b[s.i]-'0')
		s.i++
	}
	n := s.i - start
	if n == 0 || n > 18 || (n > 1 && s.b[start] == '0') {
		return 0, false
	}
	if s.i < len(s.b) && (s.b[s.i] == '.' || s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

func (s *swScan) lit(w string) bool {
	if len(s.b)-s.i >= len(w) && string(s.b[s.i:s.i+len(w)]) == w {
		s.i += len(w)
		return true
	}
	return false
}

// bool reads true or false.
func (s *swScan) bool() (v, ok bool) {
	s.ws()
	if s.lit("true") {
		return true, true
	}
	return false, s.lit("false")
}

// object reads an object, calling field for each key with the cursor before its value;
// field reads the value and reports whether it could.
func (s *swScan) object(field func(key string) bool) bool {
	if !s.eat('{') {
		return false
	}
	if s.eat('}') {
		return true
	}
	for {
		k, ok := s.str()
		if !ok || !s.eat(':') || !field(k) {
			return false
		}
		if s.eat('}') {
			return true
		}
		if !s.eat(',') {
			return false
		}
	}
}

// array reads an array, calling elem for each element.
func (s *swScan) array(elem func() bool) bool {
	if !s.eat('[') {
		return false
	}
	if s.eat(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if s.eat(']') {
			return true
		}
		if !s.eat(',') {
			return false
		}
	}
}

// skip reads a string, an integer or a boolean and ignores it (an unknown parameter).
func (s *swScan) skip() bool {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == '"' {
		_, ok := s.str()
		return ok
	}
	if s.i < len(s.b) && (s.b[s.i] == 't' || s.b[s.i] == 'f') {
		_, ok := s.bool()
		return ok
	}
	_, ok := s.int()
	return ok
}

// swFlag is a boolean parameter: absent, false or true.
type swFlag int8

const (
	swAbsent swFlag = iota
	swFalse
	swTrue
)

// params reads a parameters object, giving the value of key to read (once; a second
// occurrence fails) and skipping the others.
func (s *swScan) params(key string, read func() bool) bool {
	seen := false
	return s.object(func(k string) bool {
		if k != key {
			return s.skip()
		}
		if seen {
			return false
		}
		seen = true
		return read()
	})
}

func (s *swScan) flag(f *swFlag) bool {
	v, ok := s.bool()
	*f = swFalse
	if v {
		*f = swTrue
	}
	return ok
}

type swInput struct {
	name, datatype string // views of the header
	shape          []int64
	size           int64 // binary_data_size; -1 absent
}

type swOutput struct {
	name   string
	binary swFlag
}

// swHeader is a scanned header.
type swHeader struct {
	id      string // a view of the header
	binOut  swFlag
	inputs  []swInput
	outputs []swOutput
}

// swScanHeader scans a header of the accepted form.
func swScanHeader(b []byte) (h swHeader, ok bool) {
	s := &swScan{b: b}
	var seenID, seenParams, seenIn, seenOut bool
	once := func(seen *bool) bool {
		if *seen {
			return false
		}
		*seen = true
		return true
	}
	ok = s.object(func(k string) bool {
		switch k {
		case "id":
			if !once(&seenID) {
				return false
			}
			var ok bool
			h.id, ok = s.str()
			return ok
		case "parameters":
			return once(&seenParams) && s.params("binary_data_output", func() bool { return s.flag(&h.binOut) })
		case "inputs":
			return once(&seenIn) && s.array(func() bool {
				in := swInput{size: -1}
				var seenName, seenShape, seenType, seenP bool
				ok := s.object(func(k string) bool {
					switch k {
					case "name":
						var ok bool
						in.name, ok = s.str()
						return once(&seenName) && ok
					case "datatype":
						var ok bool
						in.datatype, ok = s.str()
						return once(&seenType) && ok
					case "shape":
						if !once(&seenShape) {
							return false
						}
						in.shape = make([]int64, 0, 4)
						return s.array(func() bool {
							v, ok := s.int()
							in.shape = append(in.shape, v)
							return ok
						})
					case "parameters":
						return once(&seenP) && s.params("binary_data_size", func() bool {
							v, ok := s.int()
							in.size = v
							return ok && v >= 0
						})
					}
					return false // "data" and the rest: encoding/json's path
				})
				h.inputs = append(h.inputs, in)
				return ok && seenShape && in.size >= 0
			})
		case "outputs":
			return once(&seenOut) && s.array(func() bool {
				var out swOutput
				var seenName, seenP bool
				ok := s.object(func(k string) bool {
					switch k {
					case "name":
						var ok bool
						out.name, ok = s.str()
						return once(&seenName) && ok
					case "parameters":
						return once(&seenP) && s.params("binary_data", func() bool { return s.flag(&out.binary) })
					}
					return false
				})
				h.outputs = append(h.outputs, out)
				return ok
			})
		}
		return false
	})
	s.ws()
	return h, ok && s.i == len(b)
}

// swDecodeBinary decodes a binary-tensor request whose header swScanHeader accepts and
// whose every input carries binary data, as decodeRESTInfer's encoding/json path would;
// ok is false when that path must decode it (including every invalid request).
func swDecodeBinary(mv *modelVersion, jsonPart, bin []byte) (*inferRequest, bool) {
	h, ok := swScanHeader(jsonPart)
	if !ok || len(h.inputs) == 0 {
		return nil, false
	}
	given := make([]namedTensor, 0, len(h.inputs))
	for _, in := range h.inputs {
		_, t, err := checkInputHeader(mv, in.name, in.datatype, in.shape)
		if err != nil || in.size > int64(len(bin)) {
			return nil, false
		}
		tensor, err := decodeRawView(t, in.shape, bin[:in.size])
		if err != nil {
			return nil, false
		}
		bin = bin[in.size:]
		given = append(given, namedTensor{in.name, tensor})
	}
	if len(bin) > 0 {
		return nil, false
	}
	ordered, err := orderInputs(mv, given)
	if err != nil {
		return nil, false
	}
	names := make([]string, len(h.outputs))
	for i, o := range h.outputs {
		names[i] = o.name
	}
	req := &inferRequest{inputs: ordered}
	if h.id != "" {
		req.id = strings.Clone(h.id) // the header's buffer is reused
	}
	if req.outputs, err = selectOutputs(mv, names); err != nil {
		return nil, false
	}
	binAll := h.binOut == swTrue
	req.binary = make([]bool, len(req.outputs))
	for i := range req.binary {
		req.binary[i] = binAll
		if i < len(h.outputs) && h.outputs[i].binary != swAbsent {
			req.binary[i] = h.outputs[i].binary == swTrue
		}
	}
	return req, true
}
