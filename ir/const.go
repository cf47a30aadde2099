package ir

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/x448/float16"
)

// constSpec is what a Const layer's <data> says about its value.
type constSpec struct {
	et           ElementType
	shape        []int
	count        int // product of shape
	offset, size uint64
	dataOff      int // offset of <data>
	offsetAttr   int // offset of the offset attribute
	sizeAttr     int // offset of the size attribute
}

// constSpecOf parses and checks a Const layer's <data> (element_type, shape, offset, size).
// It returns a diagnostic for the first problem found.
func constSpecOf(l *Layer) (constSpec, *Diagnostic) {
	s := constSpec{dataOff: l.DataOff}
	bad := func(code string, off int, format string, args ...any) (constSpec, *Diagnostic) {
		return s, &Diagnostic{Severity: SeverityError, Code: code, Message: fmt.Sprintf(format, args...),
			Offset: off, LayerID: l.IDText, LayerName: l.Name}
	}
	if !l.HasData {
		return bad(CodeMissingData, l.Offset, "No attributes defined for Const op! Const layer %q (id %s) has no <data>", l.Name, l.IDText)
	}
	attrErr := func(err error) (constSpec, *Diagnostic) {
		ae := err.(*AttrError)
		return bad(CodeInvalidAttribute, ae.Offset, "%s", ae.Msg)
	}
	for _, name := range [...]string{"element_type", "shape", "offset", "size"} {
		if !l.Data.Has(name) {
			return bad(CodeMissingAttribute, l.DataOff, "node data is missing mandatory attribute: %s (Const layer %q)", name, l.Name)
		}
	}
	et, _, err := l.Data.ElementType("element_type")
	if err != nil {
		return attrErr(err)
	}
	at, _ := l.Data.Get("element_type")
	if _, err := ParsePrecision(at.Value); err != nil {
		// OpenVINO parses a Const's element_type a second time with type_from_string for the
		// size check, which accepts only the lowercase names and the legacy spellings.
		return bad(CodeInvalidAttribute, at.Offset, "%s (a Const's element_type must be written in lowercase: %q)", err, et.String())
	}
	if !et.IsStatic() {
		return bad(CodeInvalidAttribute, at.Offset, "Const element_type %q has no data layout", at.Value)
	}
	s.et = et
	dims, _, err := l.Data.Ints("shape")
	if err != nil {
		return attrErr(err)
	}
	sa, _ := l.Data.Get("shape")
	s.shape = make([]int, len(dims))
	for i, d := range dims {
		if d < 0 || d > MaxElements {
			return bad(CodeInvalidAttribute, sa.Offset, "Const shape %q has dimension %d out of range [0, 2^40]", sa.Value, d)
		}
		s.shape[i] = int(d)
	}
	if s.count, err = ElementCount(s.shape); err != nil {
		return bad(CodeInvalidAttribute, sa.Offset, "Const shape %q: %v", sa.Value, err)
	}
	oa, _ := l.Data.Get("offset")
	if s.offset, err = parseUint(oa); err != nil {
		return attrErr(err)
	}
	za, _ := l.Data.Get("size")
	if s.size, err = parseUint(za); err != nil {
		return attrErr(err)
	}
	s.offsetAttr, s.sizeAttr = oa.Offset, za.Offset
	return s, nil
}

// checkWeights checks spec against the .bin content (OpenVINO's order: no data, range, size)
// and, for strings, the packed string header. It returns a diagnostic for the first problem.
func (s *constSpec) checkWeights(l *Layer, bin []byte) *Diagnostic {
	bad := func(code string, off int, format string, args ...any) *Diagnostic {
		return &Diagnostic{Severity: SeverityError, Code: code, Message: fmt.Sprintf(format, args...),
			Offset: off, LayerID: l.IDText, LayerName: l.Name}
	}
	if len(bin) == 0 {
		return bad(CodeConstNoWeights, s.dataOff, "Empty weights data in bin file or bin file cannot be found! (Const layer %q needs %d bytes at offset %d)", l.Name, s.size, s.offset)
	}
	end := s.offset + s.size
	if end < s.offset || end > uint64(len(bin)) {
		return bad(CodeConstOutOfRange, s.sizeAttr, "Incorrect weights in bin file! Const layer %q reads bytes [%d, %d+%d) but the .bin has %d bytes",
			l.Name, s.offset, s.offset, s.size, len(bin))
	}
	if s.et == String {
		if _, err := unpackStrings(bin[s.offset:end], s.count, false); err != nil {
			return bad(CodeConstSizeMismatch, s.sizeAttr, "Incorrect packed string tensor format in Const layer %q: %v", l.Name, err)
		}
		return nil
	}
	need, ok := s.et.StorageBytes(int64(s.count))
	if !ok || uint64(need) > s.size {
		return bad(CodeConstSizeMismatch, s.sizeAttr, "Attribute and shape size are inconsistent for Const op! Const layer %q: shape %v of %s needs %d bytes, size is %d",
			l.Name, s.shape, s.et, need, s.size)
	}
	return nil
}

// weightCodes are the diagnostics SetWeights produces (and replaces when called again).
func isWeightCode(code string) bool {
	switch code {
	case CodeConstNoWeights, CodeConstOutOfRange, CodeConstSizeMismatch, CodeNoWeights:
		return true
	}
	return false
}

// SetWeights attaches .bin content (nil for none) and checks every Const layer, sub-graph
// bodies included, against it: a Const outside the .bin, a size smaller than the shape
// needs, or an empty .bin is an error diagnostic; with w == nil an info diagnostic
// no-weights says the Const data was not checked. Diagnostics of an earlier SetWeights are
// replaced and cached Const values dropped. SetWeights must not run concurrently with
// other methods of m.
func (m *Model) SetWeights(w *Weights) {
	m.Weights = w
	m.consts.mu.Lock()
	m.consts.entries = nil
	m.consts.mu.Unlock()

	kept := m.Diagnostics[:0]
	for _, d := range m.Diagnostics {
		if !isWeightCode(d.Code) {
			kept = append(kept, d)
		}
	}
	m.Diagnostics = kept
	if w == nil {
		if m.hasConst() {
			m.Diagnostics = append(m.Diagnostics, Diagnostic{
				Severity: SeverityInfo, Code: CodeNoWeights, Offset: m.Offset,
				Message: "no .bin given or found beside the XML; Const data was not checked",
			})
		}
		return
	}
	bin := w.Bytes()
	added := false
	m.WalkLayers(func(l *Layer) bool {
		if l.Type != "Const" || !l.HasData {
			return true
		}
		spec, d := constSpecOf(l)
		if d != nil {
			return true // reported when the XML was read
		}
		if d := spec.checkWeights(l, bin); d != nil {
			m.Diagnostics = append(m.Diagnostics, *d)
			added = true
		}
		return true
	})
	if added {
		sort.SliceStable(m.Diagnostics, func(i, j int) bool { return m.Diagnostics[i].Offset < m.Diagnostics[j].Offset })
	}
}

// constKey identifies one decoded Const value.
type constKey struct {
	offset, size uint64
	et           ElementType
	shape        string
}

type constEntry struct {
	once sync.Once
	t    *Tensor
	err  error
}

// ConstValue decodes a Const layer's data from the weights into a Tensor (element layout
// as documented on Tensor): the offset and size are checked against the .bin without
// integer overflow, size must cover ceil(count*bits/8) bytes, packed sub-byte types are
// unpacked (u1 and u2 MSB-first; u4, i4, nf4 and f4e2m1 low nibble first, i4 sign-extended;
// u3 and u6 in OpenVINO's split-bit layout over 3-byte groups) and string constants are
// unpacked with every offset bounds-checked.
//
// Const layers with the same (offset, size, element type, shape) are decoded once and
// share one Tensor: returned tensors must be treated as read-only. ConstValue is safe for
// concurrent use. Errors are *FormatError with the Const's position, OpenVINO's message and
// the numbers involved.
func (m *Model) ConstValue(l *Layer) (*Tensor, error) {
	if l == nil {
		return nil, fmt.Errorf("ir: ConstValue of a nil layer")
	}
	if l.Type != "Const" {
		return nil, m.formatError(Diagnostic{Code: CodeInvalidAttribute, Offset: l.Offset},
			fmt.Sprintf("layer %q (id %s) has type %q, not Const", l.Name, l.IDText, l.Type))
	}
	spec, d := constSpecOf(l)
	if d != nil {
		return nil, m.formatError(*d, d.Message)
	}
	var bin []byte
	if m.Weights != nil {
		bin = m.Weights.Bytes()
	}
	if d := spec.checkWeights(l, bin); d != nil {
		return nil, m.formatError(*d, d.Message)
	}
	key := constKey{offset: spec.offset, size: spec.size, et: spec.et, shape: shapeKey(spec.shape)}
	m.consts.mu.Lock()
	if m.consts.entries == nil {
		m.consts.entries = make(map[constKey]*constEntry)
	}
	e := m.consts.entries[key]
	if e == nil {
		e = &constEntry{}
		m.consts.entries[key] = e
	}
	m.consts.mu.Unlock()
	e.once.Do(func() {
		t, err := decodeConst(spec, bin[spec.offset:spec.offset+spec.size])
		if err != nil {
			d := Diagnostic{Code: CodeConstSizeMismatch, Offset: spec.sizeAttr, LayerID: l.IDText, LayerName: l.Name}
			e.err = m.formatError(d, fmt.Sprintf("Const layer %q: %v", l.Name, err))
			return
		}
		e.t = t
	})
	return e.t, e.err
}

func shapeKey(shape []int) string {
	var b strings.Builder
	for i, d := range shape {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(d))
	}
	return b.String()
}

// decodeConst decodes count elements of spec.et from raw (the Const's [offset, offset+size)
// bytes, already checked to be large enough for non-string types).
func decodeConst(spec constSpec, raw []byte) (*Tensor, error) {
	n := spec.count
	t := &Tensor{Type: spec.et, Shape: append([]int{}, spec.shape...)}
	le := binary.LittleEndian
	switch spec.et {
	case F32:
		v := make([]float32, n)
		for i := range v {
			v[i] = math.Float32frombits(le.Uint32(raw[4*i:]))
		}
		t.Data = v
	case F64:
		v := make([]float64, n)
		for i := range v {
			v[i] = math.Float64frombits(le.Uint64(raw[8*i:]))
		}
		t.Data = v
	case F16:
		v := make([]float16.Float16, n)
		for i := range v {
			v[i] = float16.Frombits(le.Uint16(raw[2*i:]))
		}
		t.Data = v
	case BF16, U16:
		v := make([]uint16, n)
		for i := range v {
			v[i] = le.Uint16(raw[2*i:])
		}
		t.Data = v
	case I8:
		v := make([]int8, n)
		for i := range v {
			v[i] = int8(raw[i])
		}
		t.Data = v
	case I16:
		v := make([]int16, n)
		for i := range v {
			v[i] = int16(le.Uint16(raw[2*i:]))
		}
		t.Data = v
	case I32:
		v := make([]int32, n)
		for i := range v {
			v[i] = int32(le.Uint32(raw[4*i:]))
		}
		t.Data = v
	case I64:
		v := make([]int64, n)
		for i := range v {
			v[i] = int64(le.Uint64(raw[8*i:]))
		}
		t.Data = v
	case U32:
		v := make([]uint32, n)
		for i := range v {
			v[i] = le.Uint32(raw[4*i:])
		}
		t.Data = v
	case U64:
		v := make([]uint64, n)
		for i := range v {
			v[i] = le.Uint64(raw[8*i:])
		}
		t.Data = v
	case Boolean:
		v := make([]bool, n)
		for i := range v {
			v[i] = raw[i] != 0
		}
		t.Data = v
	case U8, F8E4M3, F8E5M2, F8E8M0:
		t.Data = append(make([]uint8, 0, n), raw[:n]...)
	case U1:
		v := make([]uint8, n)
		for i := range v {
			v[i] = raw[i>>3] >> (7 - uint(i&7)) & 1
		}
		t.Data = v
	case U2:
		v := make([]uint8, n)
		for i := range v {
			v[i] = raw[i>>2] >> (6 - 2*uint(i&3)) & 3
		}
		t.Data = v
	case U4, NF4, F4E2M1:
		v := make([]uint8, n)
		for i := range v {
			v[i] = raw[i>>1] >> (4 * uint(i&1)) & 0xF
		}
		t.Data = v
	case I4:
		v := make([]int8, n)
		for i := range v {
			x := raw[i>>1] >> (4 * uint(i&1)) & 0xF
			v[i] = int8(x<<4) >> 4 // sign-extend the nibble
		}
		t.Data = v
	case U3, U6:
		t.Data = unpackSplitBits(spec.et, raw, n)
	case String:
		v, err := unpackStrings(raw, n, true)
		if err != nil {
			return nil, err
		}
		t.Data = v
	default:
		return nil, &UnsupportedError{What: fmt.Sprintf("Const of element type %s", spec.et)}
	}
	return t, nil
}

// unpackSplitBits decodes u3 or u6 values in OpenVINO's split-bit layout
// (element_iterator.hpp): values come in groups of 3 bytes b0 b1 b2 (8 u3 or 4 u6 values).
// Value j of a group, with shift s = last-j, takes its low bits from the 16-bit word b0b1
// (2 bits per u3 value, 4 per u6, the first value in the highest bits) and its high bits
// from b2 (1 bit per u3 value, 2 per u6, again first value highest). Bytes of a final
// partial group past the end of raw read as zero.
func unpackSplitBits(et ElementType, raw []byte, n int) []uint8 {
	perGroup, lowBits, highBits := 8, uint(2), uint(1)
	if et == U6 {
		perGroup, lowBits, highBits = 4, 4, 2
	}
	at := func(i int) uint16 {
		if i < len(raw) {
			return uint16(raw[i])
		}
		return 0
	}
	lowMask, highMask := uint16(1)<<lowBits-1, uint16(1)<<highBits-1
	v := make([]uint8, n)
	for i := range v {
		g, j := i/perGroup, i%perGroup
		s := uint(perGroup - 1 - j)
		word := at(3*g)<<8 | at(3*g+1)
		low := word >> (lowBits * s) & lowMask
		high := at(3*g+2) >> (highBits * s) & highMask
		v[i] = uint8(low | high<<lowBits)
	}
	return v
}

// unpackStrings decodes OpenVINO's packed string tensor: int32 N, int32 offsets[N+1]
// (offsets[0] is the start of string 0, offsets[i+1] the end of string i, relative to the
// character data), then the characters. N must equal count. With decode false it only
// checks the layout.
func unpackStrings(raw []byte, count int, decode bool) ([]string, error) {
	if len(raw) < 4 {
		return nil, fmt.Errorf("no batch size in the packed string tensor (size %d < 4)", len(raw))
	}
	le := binary.LittleEndian
	n := int64(int32(le.Uint32(raw)))
	if n < 0 {
		return nil, fmt.Errorf("negative string count %d", n)
	}
	header := 4 + 4*(n+1)
	if int64(len(raw)) < header {
		return nil, fmt.Errorf("the packed string tensor must contain first string offset and end indices: %d strings need a %d-byte header, size is %d", n, header, len(raw))
	}
	if n != int64(count) {
		return nil, fmt.Errorf("the packed string tensor holds %d strings but the Const shape has %d elements", n, count)
	}
	chars := raw[header:]
	var out []string
	if decode {
		out = make([]string, n)
	}
	prev := int64(int32(le.Uint32(raw[4:])))
	for i := int64(0); i < n; i++ {
		end := int64(int32(le.Uint32(raw[8+4*i:])))
		if prev < 0 || end < prev || end > int64(len(chars)) {
			return nil, fmt.Errorf("string %d spans bytes [%d, %d) outside the %d bytes of character data", i, prev, end, len(chars))
		}
		if decode {
			out[i] = string(chars[prev:end])
		}
		prev = end
	}
	return out, nil
}
