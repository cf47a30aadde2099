package ir

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/beevik/etree"
)

// maxXMLDepth bounds the nesting of XML elements. An IR needs about 8 levels per sub-graph
// level plus a few for nested rt_info maps.
const maxXMLDepth = 256

// ReadFile reads model.xml and its weights. binPath "" means <xml path without
// extension>.bin if that file exists; no .bin is not an error (m.Weights is nil and an info
// diagnostic no-weights says the Const data was not checked). An explicit binPath that
// cannot be opened is an error.
//
// The returned error is a *FormatError or *UnsupportedError for a file that cannot be read
// as IR at all (see DiagnosticOf); every other problem is a Diagnostic in m.Diagnostics.
func ReadFile(xmlPath, binPath string) (*Model, error) {
	if binPath != "" {
		// As OpenVINO: an explicit weights file that cannot be opened is reported first,
		// before the XML is read.
		if _, err := os.Stat(binPath); err != nil {
			return nil, fmt.Errorf("ir: weights file %s cannot be opened: %w", binPath, err)
		}
	}
	m, err := ReadXMLFile(xmlPath)
	if err != nil {
		return nil, err
	}
	if binPath == "" {
		cand := strings.TrimSuffix(xmlPath, filepath.Ext(xmlPath)) + ".bin"
		if _, err := os.Stat(cand); err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return m, nil
			}
			return nil, fmt.Errorf("ir: weights file %s: %w", cand, err)
		}
		binPath = cand
	}
	w, err := OpenWeights(binPath)
	if err != nil {
		return nil, err
	}
	m.SetWeights(w)
	return m, nil
}

// MaxXMLSize bounds the size of an IR XML document (512 MiB; the largest real IR files are
// tens of MiB). ReadXMLFile reads at most this many bytes, so an endless or huge input
// (/dev/zero, a pipe) ends in an error instead of exhausting memory.
const MaxXMLSize = 512 << 20

// ReadXMLFile is the cheap read of the XML alone (inspect never needs the .bin): the model
// has no weights, and its Const layers are checked only as far as the XML goes.
func ReadXMLFile(xmlPath string) (*Model, error) {
	f, err := os.Open(xmlPath)
	if err != nil {
		return nil, fmt.Errorf("ir: read %w", err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > MaxXMLSize {
		return nil, xmlTooLarge(xmlPath, fi.Size())
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxXMLSize+1))
	if err != nil {
		return nil, fmt.Errorf("ir: read %s: %w", xmlPath, err)
	}
	if len(data) > MaxXMLSize {
		return nil, xmlTooLarge(xmlPath, -1)
	}
	return Parse(xmlPath, data)
}

// xmlTooLarge reports an XML document above MaxXMLSize (size -1 when unknown).
func xmlTooLarge(name string, size int64) error {
	if size < 0 {
		return fmt.Errorf("ir: %s is larger than %d bytes, the limit for an IR XML file (ir.MaxXMLSize)", name, MaxXMLSize)
	}
	return fmt.Errorf("ir: %s is %d bytes, more than the %d-byte limit for an IR XML file (ir.MaxXMLSize)", name, size, MaxXMLSize)
}

// Parse reads IR XML from memory; name is the file name used in positions. The model has
// no weights: attach them with SetWeights.
//
// The returned error is a *FormatError (malformed XML, root not <net>) or an
// *UnsupportedError (IR version other than 10 and 11); both carry a rule code and position
// (see DiagnosticOf). Every other problem is reported in m.Diagnostics, all at once.
func Parse(name string, data []byte) (*Model, error) {
	if len(data) > MaxXMLSize {
		return nil, xmlTooLarge(name, int64(len(data)))
	}
	type scanResult struct {
		idx *offsetIndex
		err error
		src *Source
	}
	// The offset scan and line index run beside etree's parse.
	done := make(chan scanResult, 1)
	go func() {
		idx, err := scanOffsets(data)
		done <- scanResult{idx, err, NewSource(name, data)}
	}()

	doc := etree.NewDocument()
	doc.ReadSettings.PreserveDuplicateAttrs = true
	doc.ReadSettings.MaxDepth = maxXMLDepth
	perr := doc.ReadFromBytes(data)
	sr := <-done
	src := sr.src

	fatal := func(code string, off int, format string, args ...any) *FormatError {
		line, col := src.LineCol(off)
		return &FormatError{File: name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...), Code: code, Offset: off}
	}
	var se *scanError
	if errors.As(sr.err, &se) {
		return nil, fatal(CodeXMLSyntax, se.off, "%s", se.msg)
	}
	if perr != nil {
		if errors.Is(perr, etree.ErrMaxDepth) {
			return nil, fatal(CodeXMLSyntax, depthOffset(sr.idx, data), "XML elements are nested more than %d levels deep", maxXMLDepth)
		}
		off, msg := locateXMLError(data)
		return nil, fatal(CodeXMLSyntax, off, "malformed XML: %s", msg)
	}
	root := doc.Root()
	if root == nil {
		return nil, fatal(CodeXMLSyntax, len(data), "no root element: not an XML document")
	}
	b := &builder{idx: sr.idx}
	netOff, netAttrs := b.enter(root, "net")
	if !strings.EqualFold(root.Tag, "net") {
		return nil, fatal(CodeNotIR, netOff, "root element is <%s>, not <net>: not an OpenVINO IR file", root.Tag)
	}
	m := &Model{Source: src, Offset: netOff, Name: netAttrs.Value("name")}
	va, ok := netAttrs.Get("version")
	if !ok {
		return nil, fatal(CodeIRVersion, netOff, "node net is missing mandatory attribute: version (the IR version)")
	}
	ver, err := strconv.Atoi(strings.TrimSpace(va.Value))
	switch {
	case err != nil:
		return nil, fatal(CodeIRVersion, va.Offset, "IR version %q is not an integer", va.Value)
	case ver != 10 && ver != 11:
		line, col := src.LineCol(va.Offset)
		what := fmt.Sprintf("unsupported IR version %d; only IR v10 and v11 are", ver)
		if ver <= 7 {
			what = fmt.Sprintf("legacy IR version %d (Model Optimizer before 2020.1) is not supported; only IR v10 and v11 are", ver)
		}
		return nil, &UnsupportedError{What: what, File: name, Line: line, Col: col, Code: CodeIRVersion, Offset: va.Offset}
	}
	m.Version = ver
	b.m = m
	b.v11 = ver > 10
	b.net(root)
	b.checkGraph(m.Layers, m.Edges)
	if m.hasConst() {
		m.Diagnostics = append(m.Diagnostics, Diagnostic{
			Severity: SeverityInfo, Code: CodeNoWeights, Offset: m.Offset,
			Message: "no .bin given or found beside the XML; Const data was not checked",
		})
	}
	return m, nil
}

// depthOffset returns the offset of the first start tag nested deeper than maxXMLDepth, or
// 0 when it cannot tell.
func depthOffset(idx *offsetIndex, data []byte) int {
	if idx == nil {
		return 0
	}
	// Replay nesting from the start tags and the end tags between them.
	depth := 0
	prev := 0
	for _, off := range idx.elem {
		depth -= strings.Count(string(data[prev:off]), "</")
		depth -= strings.Count(string(data[prev:off]), "/>")
		depth++
		if depth > maxXMLDepth {
			return off
		}
		prev = off
	}
	return 0
}

// builder turns etree's tree into a Model. It visits every element in document order so
// that next is always the document-order index of the element being entered, which gives
// its offset and its attributes' offsets from idx.
type builder struct {
	m     *Model
	idx   *offsetIndex
	next  int
	layer *Layer // innermost layer being read, for diagnostics
	v11   bool
	slab  []Attr // backing store of every element's Attrs, indexed like idx.attr
}

// enter consumes element e (not its children) and returns its offset and attributes.
func (b *builder) enter(e *etree.Element, elem string) (int, Attrs) {
	i := b.next
	b.next++
	off := 0
	if i < len(b.idx.elem) {
		off = b.idx.elem[i]
	}
	if len(e.Attr) == 0 {
		return off, nil
	}
	aoffs := b.idx.attrs(i)
	var attrs Attrs
	if len(aoffs) == len(e.Attr) {
		// Carve the attributes out of one slab for the whole document (capacity-limited, so
		// an append by a caller cannot overwrite the next element's attributes).
		if b.slab == nil {
			b.slab = make([]Attr, len(b.idx.attr))
		}
		lo := b.idx.attrStart[i]
		attrs = b.slab[lo : lo+len(aoffs) : lo+len(aoffs)]
	} else {
		attrs = make(Attrs, len(e.Attr))
	}
	for k, a := range e.Attr {
		name := a.Key
		if a.Space != "" {
			name = a.Space + ":" + a.Key
		}
		ao := off
		if len(aoffs) == len(e.Attr) {
			ao = aoffs[k]
		}
		attrs[k] = Attr{Name: name, Value: a.Value, Offset: ao, Elem: elem}
	}
	return off, attrs
}

// countChildren counts the child elements of e called tag.
func countChildren(e *etree.Element, tag string) int {
	n := 0
	for _, t := range e.Child {
		if c, ok := t.(*etree.Element); ok && c.Tag == tag {
			n++
		}
	}
	return n
}

// skip consumes e and its whole subtree.
func (b *builder) skip(e *etree.Element) {
	b.next++
	for _, t := range e.Child {
		if c, ok := t.(*etree.Element); ok {
			b.skip(c)
		}
	}
}

// leaf enters e and skips its children.
func (b *builder) leaf(e *etree.Element, elem string) (int, Attrs) {
	off, attrs := b.enter(e, elem)
	for _, t := range e.Child {
		if c, ok := t.(*etree.Element); ok {
			b.skip(c)
		}
	}
	return off, attrs
}

func (b *builder) diag(sev Severity, code string, off int, format string, args ...any) {
	d := Diagnostic{Severity: sev, Code: code, Message: fmt.Sprintf(format, args...), Offset: off}
	if l := b.layer; l != nil {
		d.LayerID, d.LayerName = l.IDText, l.Name
	}
	b.m.Diagnostics = append(b.m.Diagnostics, d)
}

func (b *builder) errorf(code string, off int, format string, args ...any) {
	b.diag(SeverityError, code, off, format, args...)
}

func (b *builder) attrErr(err error) {
	var ae *AttrError
	if errors.As(err, &ae) {
		b.errorf(CodeInvalidAttribute, ae.Offset, "%s", ae.Msg)
	}
}

func (b *builder) net(e *etree.Element) {
	for _, t := range e.Child {
		c, ok := t.(*etree.Element)
		if !ok {
			continue
		}
		switch c.Tag {
		case "layers":
			b.m.Layers = append(b.m.Layers, b.layers(c)...)
		case "edges":
			b.m.Edges = append(b.m.Edges, b.edgeList(c, false)...)
		case "rt_info":
			b.enter(c, "rt_info")
			b.m.RTInfo = append(b.m.RTInfo, b.rtChildren(c)...)
		case "meta_data", "quantization_parameters", "pre-process":
			b.m.Legacy = append(b.m.Legacy, b.rtNode(c))
		default:
			b.skip(c)
		}
	}
}

func (b *builder) layers(e *etree.Element) []*Layer {
	b.enter(e, "layers")
	out := make([]*Layer, 0, countChildren(e, "layer"))
	for _, t := range e.Child {
		c, ok := t.(*etree.Element)
		if !ok {
			continue
		}
		if c.Tag == "layer" {
			out = append(out, b.readLayer(c))
		} else {
			b.skip(c)
		}
	}
	return out
}

func (b *builder) readLayer(e *etree.Element) *Layer {
	off, attrs := b.enter(e, "layer")
	l := &Layer{ID: -1, Offset: off, DataOff: off, Attrs: attrs}
	l.IDText = attrs.Value("id")
	l.Name = attrs.Value("name")
	l.Type = attrs.Value("type")
	l.Version = attrs.Value("version")
	outer := b.layer
	b.layer = l
	defer func() { b.layer = outer }()

	for _, name := range [...]string{"id", "name", "type", "version"} {
		if !attrs.Has(name) {
			b.errorf(CodeMissingAttribute, off, "node layer is missing mandatory attribute: %s", name)
		}
	}
	if at, ok := attrs.Get("id"); ok {
		if v, err := parseUint(at); err != nil {
			b.attrErr(err)
		} else if v > math.MaxInt64 {
			b.errorf(CodeInvalidAttribute, at.Offset, "layer id %s is larger than 2^63-1", at.Value)
		} else {
			l.ID = int64(v)
		}
	}
	if at, ok := attrs.Get("version"); ok && !knownOpset(at.Value) {
		b.errorf(CodeUnknownOpset, at.Offset, "Cannot create %s layer %s id:%s from unsupported opset: %s (known: opset1, opset2, ..., experimental, extension)",
			l.Type, l.Name, l.IDText, at.Value)
	}
	if at, ok := attrs.Get("output_names"); ok {
		l.OutputNames = splitNames(at.Value)
		if l.OutputNames == nil {
			l.OutputNames = []string{}
		}
	}

	for _, t := range e.Child {
		c, ok := t.(*etree.Element)
		if !ok {
			continue
		}
		switch c.Tag {
		case "data":
			if l.HasData { // OpenVINO reads the first <data> only
				b.skip(c)
				continue
			}
			l.DataOff, l.Data = b.leaf(c, "data")
			if l.Data == nil {
				l.Data = Attrs{}
			}
			l.HasData = true
		case "input":
			l.Inputs = append(l.Inputs, b.ports(c, false)...)
		case "output":
			l.Outputs = append(l.Outputs, b.ports(c, true)...)
		case "rt_info":
			l.RTInfo = append(l.RTInfo, b.rtBlock(c)...)
		case "body", "then_body", "else_body":
			l.Bodies = append(l.Bodies, b.body(c))
		case "port_map", "then_port_map", "else_port_map":
			b.enter(c, c.Tag)
			for _, t := range c.Child {
				pc, ok := t.(*etree.Element)
				if !ok {
					continue
				}
				if pc.Tag != "input" && pc.Tag != "output" {
					b.skip(pc)
					continue
				}
				poff, pattrs := b.leaf(pc, pc.Tag)
				l.PortMap = append(l.PortMap, PortMapEntry{Kind: pc.Tag, Map: c.Tag, Attrs: pattrs, Offset: poff})
			}
		case "back_edges":
			l.BackEdges = append(l.BackEdges, b.edgeList(c, true)...)
		default:
			b.skip(c)
		}
	}

	switch {
	case strings.EqualFold(l.Type, "Parameter"):
		if !l.HasData {
			b.errorf(CodeMissingData, off, "Layer data must be defined for: Parameter layer %q (id %s): it has no <data element_type=... shape=...>", l.Name, l.IDText)
			break
		}
		if _, _, err := l.Data.Shape("shape"); err != nil {
			b.attrErr(err)
		}
		if _, _, err := l.Data.ElementType("element_type"); err != nil {
			b.attrErr(err)
		}
	case l.Type == "Const":
		if !l.HasData {
			b.errorf(CodeMissingData, off, "No attributes defined for Const op! Const layer %q (id %s) has no <data element_type= shape= offset= size=>", l.Name, l.IDText)
			break
		}
		if _, d := constSpecOf(l); d != nil {
			b.m.Diagnostics = append(b.m.Diagnostics, *d)
		}
	}
	return l
}

// knownOpset reports whether v names an operation set OpenVINO's IR reader knows without
// extensions: opsetN, experimental, extension, ie_internal_opset.
func knownOpset(v string) bool {
	switch v {
	case "experimental", "extension", "ie_internal_opset":
		return true
	}
	n, ok := strings.CutPrefix(v, "opset")
	if !ok || n == "" || n[0] == '0' || len(n) > 4 {
		return false
	}
	for i := 0; i < len(n); i++ {
		if n[i] < '0' || n[i] > '9' {
			return false
		}
	}
	return true
}

func (b *builder) ports(e *etree.Element, output bool) []*Port {
	b.enter(e, e.Tag)
	var out []*Port
	for _, t := range e.Child {
		c, ok := t.(*etree.Element)
		if !ok {
			continue
		}
		if c.Tag == "port" {
			out = append(out, b.port(c, output))
		} else {
			b.skip(c)
		}
	}
	return out
}

func (b *builder) port(e *etree.Element, output bool) *Port {
	off, attrs := b.enter(e, "port")
	p := &Port{ID: -1, Offset: off}
	if at, ok := attrs.Get("id"); ok {
		p.IDText = at.Value
		if v, err := parseUint(at); err != nil {
			b.attrErr(err)
		} else if v > math.MaxInt64 {
			b.errorf(CodeInvalidAttribute, at.Offset, "port id %s is larger than 2^63-1", at.Value)
		} else {
			p.ID = int64(v)
		}
	} else {
		b.errorf(CodeMissingAttribute, off, "node port is missing mandatory attribute: id")
	}
	if at, ok := attrs.Get("precision"); ok {
		p.PrecisionText, p.HasPrecision = at.Value, true
		t, err := ParsePrecision(at.Value)
		switch {
		case err == nil:
			p.Precision = t
		case output:
			b.errorf(CodeInvalidPrecision, at.Offset, "%s (output port %s precision %q)", err, p.IDText, at.Value)
		default:
			b.diag(SeverityWarning, CodeInvalidPrecision, at.Offset, "%s (input port %s precision %q; OpenVINO ignores input port precisions)", err, p.IDText, at.Value)
		}
	} else if output {
		b.errorf(CodeMissingAttribute, off, "node port is missing mandatory attribute: precision (output port %s)", p.IDText)
	}
	if at, ok := attrs.Get("names"); ok {
		p.Names = splitNames(at.Value)
	}
	if nd := countChildren(e, "dim"); nd > 0 {
		p.DimOffsets = make([]int, 0, nd)
		p.Shape.Dims = make([]Dim, 0, nd)
	}
	for _, t := range e.Child {
		c, ok := t.(*etree.Element)
		if !ok {
			continue
		}
		switch c.Tag {
		case "dim":
			doff, _ := b.leaf(c, "dim")
			p.DimOffsets = append(p.DimOffsets, doff)
			p.Shape.Dims = append(p.Shape.Dims, b.dim(c, doff))
		case "rt_info":
			p.RTInfo = append(p.RTInfo, b.rtBlock(c)...)
		default:
			b.skip(c)
		}
	}
	return p
}

// dim parses a port <dim>: an integer >= -1, -1 meaning dynamic.
func (b *builder) dim(e *etree.Element, off int) Dim {
	text := strings.TrimSpace(elementText(e))
	v, err := strconv.ParseInt(text, 10, 64)
	switch {
	case err != nil:
		b.errorf(CodeInvalidDim, off, "dimension (%s) in node dim is not an integer (port dims must be integers >= -1; ? and ranges belong in a Parameter's shape)", text)
	case v < -1:
		b.errorf(CodeInvalidDim, off, "dimension (%d) in node dim must be greater or equal to -1", v)
	case v >= 0:
		return StaticDim(v)
	}
	return DynamicDim()
}

// elementText concatenates the character data directly inside e.
func elementText(e *etree.Element) string {
	if len(e.Child) == 1 {
		if cd, ok := e.Child[0].(*etree.CharData); ok {
			return cd.Data
		}
	}
	var sb strings.Builder
	for _, t := range e.Child {
		if cd, ok := t.(*etree.CharData); ok {
			sb.WriteString(cd.Data)
		}
	}
	return sb.String()
}

func (b *builder) body(e *etree.Element) *Body {
	off, _ := b.enter(e, e.Tag)
	body := &Body{Kind: e.Tag, Offset: off}
	for _, t := range e.Child {
		c, ok := t.(*etree.Element)
		if !ok {
			continue
		}
		switch c.Tag {
		case "layers":
			body.Layers = append(body.Layers, b.layers(c)...)
		case "edges":
			body.Edges = append(body.Edges, b.edgeList(c, false)...)
		default:
			b.skip(c)
		}
	}
	b.checkGraph(body.Layers, body.Edges)
	return body
}

// edgeList reads the <edge> children of e. In <back_edges> (back) only the layer ids are
// mandatory: OpenVINO reads from-layer and to-layer alone, and IRs written by the Model
// Optimizer omit the ports there; an absent port is -1.
func (b *builder) edgeList(e *etree.Element, back bool) []Edge {
	b.enter(e, e.Tag)
	out := make([]Edge, 0, countChildren(e, "edge"))
	for _, t := range e.Child {
		c, ok := t.(*etree.Element)
		if !ok {
			continue
		}
		if c.Tag != "edge" {
			b.skip(c)
			continue
		}
		off, attrs := b.leaf(c, "edge")
		ed := Edge{Offset: off}
		for k, name := range [...]string{"from-layer", "from-port", "to-layer", "to-port"} {
			v := int64(-1)
			if at, ok := attrs.Get(name); !ok {
				if !back || k == 0 || k == 2 {
					b.errorf(CodeMissingAttribute, off, "node edge is missing mandatory attribute: %s", name)
				}
			} else if u, err := parseUint(at); err != nil {
				b.attrErr(err)
			} else if u > math.MaxInt64 {
				b.errorf(CodeInvalidAttribute, at.Offset, "edge %s %s is larger than 2^63-1", name, at.Value)
			} else {
				v = int64(u)
			}
			switch k {
			case 0:
				ed.FromLayer = v
			case 1:
				ed.FromPort = v
			case 2:
				ed.ToLayer = v
			case 3:
				ed.ToPort = v
			}
		}
		out = append(out, ed)
	}
	return out
}

// rtBlock reads a layer- or port-level <rt_info>. In IR v11 an <attribute> without a name
// or a version is ignored by OpenVINO (a warning here), and two attributes with one (name,
// version) are an error, as in OpenVINO.
// IR v10 rt_info is kept but not checked (OpenVINO does not read it).
func (b *builder) rtBlock(e *etree.Element) []*RTInfo {
	b.enter(e, "rt_info")
	entries := b.rtChildren(e)
	if !b.v11 {
		return entries
	}
	type key struct{ name, version string }
	var seen map[key]bool
	for _, r := range entries {
		if r.Tag != "attribute" {
			continue
		}
		name, okn := r.Attrs.Get("name")
		version, okv := r.Attrs.Get("version")
		// OpenVINO (2023.1 on) skips an entry without a name or a version; older
		// releases threw. A warning keeps the entry visible to irrun check.
		if !okn {
			b.diag(SeverityWarning, CodeMissingAttribute, r.Offset, "rt_info attribute has no \"name\" field; OpenVINO ignores it")
			continue
		}
		if !okv {
			b.diag(SeverityWarning, CodeMissingAttribute, r.Offset, "rt_info attribute: %s has no \"version\" field; OpenVINO ignores it", name.Value)
			continue
		}
		k := key{name.Value, version.Value}
		if seen == nil {
			seen = make(map[key]bool, len(entries))
		}
		if seen[k] {
			b.errorf(CodeDuplicateRTInfo, r.Offset, "multiple rt_info attributes are detected: %s", name.Value)
		}
		seen[k] = true
	}
	return entries
}

func (b *builder) rtChildren(e *etree.Element) []*RTInfo {
	var out []*RTInfo
	for _, t := range e.Child {
		if c, ok := t.(*etree.Element); ok {
			out = append(out, b.rtNode(c))
		}
	}
	return out
}

func (b *builder) rtNode(e *etree.Element) *RTInfo {
	off, attrs := b.enter(e, e.Tag)
	r := &RTInfo{Tag: e.Tag, Attrs: attrs, Offset: off, Text: strings.TrimSpace(elementText(e))}
	r.Children = b.rtChildren(e)
	return r
}

// checkGraph checks one graph scope (the model or a sub-graph body): layer ids are unique,
// and every edge joins existing layers through existing ports (an edge leaves an output
// port and enters an input port, matched by port id).
func (b *builder) checkGraph(layers []*Layer, edges []Edge) {
	byID := make(map[int64]*Layer, len(layers))
	outer := b.layer
	defer func() { b.layer = outer }()
	for _, l := range layers {
		if l.ID < 0 {
			continue
		}
		if first, dup := byID[l.ID]; dup {
			b.layer = l
			b.errorf(CodeDuplicateLayerID, l.Offset, "layer id %d is used twice in one graph (first by layer %q)", l.ID, first.Name)
			continue
		}
		byID[l.ID] = l
	}
	b.layer = outer
	for _, ed := range edges {
		if ed.FromLayer < 0 || ed.FromPort < 0 || ed.ToLayer < 0 || ed.ToPort < 0 {
			continue // already reported
		}
		from, okf := byID[ed.FromLayer]
		to, okt := byID[ed.ToLayer]
		if !okf {
			b.errorf(CodeEdgeMissingLayer, ed.Offset, "edge from layer %d port %d to layer %d port %d: no layer with id %d in this graph",
				ed.FromLayer, ed.FromPort, ed.ToLayer, ed.ToPort, ed.FromLayer)
		}
		if !okt {
			b.errorf(CodeEdgeMissingLayer, ed.Offset, "edge from layer %d port %d to layer %d port %d: no layer with id %d in this graph",
				ed.FromLayer, ed.FromPort, ed.ToLayer, ed.ToPort, ed.ToLayer)
		}
		if okf && findPort(from.Outputs, ed.FromPort) == nil {
			b.layer = from
			b.errorf(CodeEdgeMissingPort, ed.Offset, "Can not find output port with id %d in layer %s (edge to layer %d port %d)", ed.FromPort, from.Name, ed.ToLayer, ed.ToPort)
			b.layer = outer
		}
		if okt && findPort(to.Inputs, ed.ToPort) == nil {
			b.layer = to
			b.errorf(CodeEdgeMissingPort, ed.Offset, "Can not find input port with id %d in layer %s (edge from layer %d port %d)", ed.ToPort, to.Name, ed.FromLayer, ed.FromPort)
			b.layer = outer
		}
	}
}

func findPort(ports []*Port, id int64) *Port {
	for _, p := range ports {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// hasConst reports whether the model (sub-graph bodies included) has a layer of type Const.
func (m *Model) hasConst() bool {
	found := false
	m.WalkLayers(func(l *Layer) bool {
		if l.Type == "Const" {
			found = true
		}
		return !found
	})
	return found
}

// WalkLayers calls f for every layer of the model in document order, descending into
// sub-graph bodies (a body's layers come right after the layer that owns it). It stops
// when f returns false.
func (m *Model) WalkLayers(f func(l *Layer) bool) {
	walkLayers(m.Layers, f)
}

func walkLayers(layers []*Layer, f func(*Layer) bool) bool {
	for _, l := range layers {
		if !f(l) {
			return false
		}
		for _, body := range l.Bodies {
			if !walkLayers(body.Layers, f) {
				return false
			}
		}
	}
	return true
}

// Err returns nil when m has no error-severity diagnostic, and otherwise a *FormatError for
// the first one (its message says how many more there are). It suits callers that want to
// refuse a model with problems without listing them.
func (m *Model) Err() error {
	var first *Diagnostic
	n := 0
	for i := range m.Diagnostics {
		if m.Diagnostics[i].Severity == SeverityError {
			if first == nil {
				first = &m.Diagnostics[i]
			}
			n++
		}
	}
	if first == nil {
		return nil
	}
	msg := first.Message
	if n > 1 {
		msg += fmt.Sprintf(" (and %d more errors)", n-1)
	}
	return m.formatError(*first, msg)
}

// formatError turns a diagnostic into a *FormatError with its position.
func (m *Model) formatError(d Diagnostic, msg string) *FormatError {
	e := &FormatError{Msg: msg, Code: d.Code, Offset: d.Offset}
	if m.Source != nil {
		e.File = m.Source.Name
		if d.Offset >= 0 {
			e.Line, e.Col = m.Source.LineCol(d.Offset)
		}
	}
	return e
}
