package ir

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"unicode/utf8"
)

// Severity ranks a diagnostic.
type Severity int

// Severities, most severe first.
const (
	SeverityError Severity = iota
	SeverityWarning
	SeverityInfo
)

// String returns "error", "warning" or "info".
func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	case SeverityInfo:
		return "info"
	}
	return fmt.Sprintf("Severity(%d)", int(s))
}

// Diagnostic is one problem found in an IR file. Offset is a byte offset into the XML source
// (-1 when there is no position); line and column are computed only when needed, with
// Source.LineCol.
type Diagnostic struct {
	Severity  Severity
	Code      string // stable kebab-case rule code, documented in docs/lint-rules.md
	Message   string
	Offset    int
	LayerID   string
	LayerName string
}

// Source is the text of one XML file with its name; it turns byte offsets into line:col.
// It is immutable after construction and safe for concurrent use.
type Source struct {
	Name  string
	Data  []byte
	lines []int // byte offset of the start of each line
}

// NewSource indexes the line starts of data.
func NewSource(name string, data []byte) *Source {
	lines := make([]int, 1, bytes.Count(data, []byte{'\n'})+1)
	for i := 0; ; {
		k := bytes.IndexByte(data[i:], '\n')
		if k < 0 {
			break
		}
		i += k + 1
		lines = append(lines, i)
	}
	return &Source{Name: name, Data: data, lines: lines}
}

// LineCol returns the 1-based line and the 1-based column (in Unicode code points) of byte
// offset off. An offset outside the data is clamped; a negative offset gives (0, 0).
func (s *Source) LineCol(off int) (line, col int) {
	if off < 0 {
		return 0, 0
	}
	off = min(off, len(s.Data))
	i := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > off }) - 1
	return i + 1, utf8.RuneCount(s.Data[s.lines[i]:off]) + 1
}

// FormatError reports malformed input: bad XML, a bad attribute, a Const outside the .bin,
// an edge to a missing port.
//
// The reader's fatal errors (malformed XML, a root that is not <net>) also carry the rule
// Code and the byte Offset they point at, so a linter can print them like any other
// diagnostic (see Diagnostic and DiagnosticOf).
type FormatError struct {
	File      string
	Line, Col int // 0 when unknown
	Msg       string
	Code      string // rule code ("xml-syntax", "not-ir", ...); "" when not from the reader
	Offset    int    // byte offset in File; meaningful only when Line > 0
}

// Error returns "file:line:col: message" (or a shorter form when the position is unknown).
func (e *FormatError) Error() string { return positioned(e.File, e.Line, e.Col, e.Msg) }

// Diagnostic returns e as an error-severity Diagnostic (Offset -1 when e has no position).
func (e *FormatError) Diagnostic() Diagnostic {
	return errorDiagnostic(e.Code, e.Msg, e.Line, e.Offset)
}

// UnsupportedError reports valid IR that uses something irrun does not implement: an op,
// an attribute value or an element type. When it comes from the reader (an IR version other
// than 10 or 11) it also carries the file position and rule code, like FormatError.
type UnsupportedError struct {
	What string

	File      string
	Line, Col int    // 0 when unknown
	Code      string // rule code ("ir-version"); "" when not from the reader
	Offset    int    // byte offset in File; meaningful only when Line > 0
}

// Error returns "file:line:col: unsupported: what" (or a shorter form when the position is
// unknown).
func (e *UnsupportedError) Error() string {
	return positioned(e.File, e.Line, e.Col, "unsupported: "+e.What)
}

// Diagnostic returns e as an error-severity Diagnostic (Offset -1 when e has no position).
func (e *UnsupportedError) Diagnostic() Diagnostic {
	return errorDiagnostic(e.Code, e.What, e.Line, e.Offset)
}

func positioned(file string, line, col int, msg string) string {
	if line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", file, line, col, msg)
	}
	if file != "" {
		return file + ": " + msg
	}
	return msg
}

func errorDiagnostic(code, msg string, line, off int) Diagnostic {
	if line <= 0 {
		off = -1
	}
	return Diagnostic{Severity: SeverityError, Code: code, Message: msg, Offset: off}
}

// DiagnosticOf returns the diagnostic carried by a fatal read error (a *FormatError or
// *UnsupportedError returned by ReadFile, ReadXMLFile or Parse, possibly wrapped), with the
// 1-based line and column it points at (0, 0 when it has no position). ok is false for other
// errors (an unreadable file, for example) and for errors without a rule code.
func DiagnosticOf(err error) (d Diagnostic, line, col int, ok bool) {
	var fe *FormatError
	if errors.As(err, &fe) && fe.Code != "" {
		return fe.Diagnostic(), fe.Line, fe.Col, true
	}
	var ue *UnsupportedError
	if errors.As(err, &ue) && ue.Code != "" {
		return ue.Diagnostic(), ue.Line, ue.Col, true
	}
	return Diagnostic{}, 0, 0, false
}

// Rule codes of the diagnostics the reader produces. They are stable and documented in
// docs/lint-rules.md.
const (
	CodeXMLSyntax         = "xml-syntax"          // malformed XML, DOCTYPE, nesting too deep (fatal)
	CodeIRVersion         = "ir-version"          // <net version> other than 10 or 11 (fatal)
	CodeNotIR             = "not-ir"              // root element is not <net> (fatal)
	CodeMissingAttribute  = "missing-attribute"   // a mandatory attribute is absent
	CodeInvalidAttribute  = "invalid-attribute"   // an attribute value does not parse
	CodeInvalidDim        = "invalid-dim"         // a port <dim> is not an integer >= -1
	CodeInvalidPrecision  = "invalid-precision"   // a port precision is not an element type
	CodeDuplicateRTInfo   = "duplicate-rt-info"   // two rt_info attributes with one name
	CodeConstNoWeights    = "const-no-weights"    // a Const, but the .bin is empty
	CodeConstOutOfRange   = "const-out-of-range"  // a Const's bytes lie outside the .bin
	CodeConstSizeMismatch = "const-size-mismatch" // a Const's size is below what its shape needs
	CodeNoWeights         = "no-weights"          // info: no .bin, Const data not checked
	CodeMissingData       = "missing-data"        // Parameter/Const without <data>
	CodeUnknownOpset      = "unknown-opset"       // layer version names no known opset
	CodeDuplicateLayerID  = "duplicate-layer-id"  // two layers of one graph share an id
	CodeEdgeMissingLayer  = "edge-missing-layer"  // an edge names a layer id that does not exist
	CodeEdgeMissingPort   = "edge-missing-port"   // an edge names a port the layer does not have
)
