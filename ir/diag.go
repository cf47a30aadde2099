package ir

import (
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
	lines := []int{0}
	for i, c := range data {
		if c == '\n' {
			lines = append(lines, i+1)
		}
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
type FormatError struct {
	File      string
	Line, Col int // 0 when unknown
	Msg       string
}

func (e *FormatError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	}
	if e.File != "" {
		return e.File + ": " + e.Msg
	}
	return e.Msg
}

// UnsupportedError reports valid IR that uses something irrun does not implement: an op,
// an attribute value or an element type.
type UnsupportedError struct {
	What string
}

func (e *UnsupportedError) Error() string { return "unsupported: " + e.What }
