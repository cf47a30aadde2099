package ir

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
)

// offsetIndex holds the byte offsets of every start tag of an XML document in document
// order, and of every attribute name of each start tag. etree keeps no positions, so the
// reader zips this index with etree's elements, which come in the same order.
type offsetIndex struct {
	elem      []int // offset of the '<' of start tag i
	attrStart []int // attributes of element i are attr[attrStart[i]:attrStart[i+1]]
	attr      []int // offset of each attribute name
}

// attrs returns the attribute offsets of element i (nil when i is out of range).
func (x *offsetIndex) attrs(i int) []int {
	if i < 0 || i+1 >= len(x.attrStart) {
		return nil
	}
	return x.attr[x.attrStart[i]:x.attrStart[i+1]]
}

// scanError is a problem the scanner itself rejects (DOCTYPE, entity declarations).
type scanError struct {
	off int
	msg string
}

func (e *scanError) Error() string { return e.msg }

// scanOffsets indexes the start tags and attribute names of data. It skips comments, CDATA
// sections, processing instructions, end tags and quoted attribute values, and rejects
// DOCTYPE and every other markup declaration (so entity expansion attacks cannot reach the
// XML decoder). It never fails on other malformed input: the XML decoder reports that.
func scanOffsets(data []byte) (*offsetIndex, error) {
	// A start tag takes at least 3 bytes ("<a>"); size the slices from a cheap estimate.
	est := bytes.Count(data, []byte{'<'})/2 + 1
	x := &offsetIndex{
		elem:      make([]int, 0, est),
		attrStart: make([]int, 0, est+1),
		attr:      make([]int, 0, est),
	}
	n := len(data)
	i := 0
	for {
		k := bytes.IndexByte(data[i:], '<')
		if k < 0 {
			break
		}
		i += k
		if i+1 >= n {
			break
		}
		switch c := data[i+1]; {
		case c == '?':
			i = skipPast(data, i+2, "?>")
		case c == '/':
			i = skipPast(data, i+2, ">")
		case c == '!':
			switch {
			case bytes.HasPrefix(data[i:], []byte("<!--")):
				i = skipPast(data, i+4, "-->")
			case bytes.HasPrefix(data[i:], []byte("<![CDATA[")):
				i = skipPast(data, i+9, "]]>")
			default:
				return nil, &scanError{off: i, msg: "DOCTYPE and other markup declarations (<!...>) are not allowed in IR XML"}
			}
		default:
			x.elem = append(x.elem, i)
			x.attrStart = append(x.attrStart, len(x.attr))
			i = scanStartTag(data, i+1, x)
		}
	}
	x.attrStart = append(x.attrStart, len(x.attr))
	return x, nil
}

// skipPast returns the index just after the first occurrence of end at or after i, or
// len(data) when there is none.
func skipPast(data []byte, i int, end string) int {
	if i > len(data) {
		return len(data)
	}
	k := bytes.Index(data[i:], []byte(end))
	if k < 0 {
		return len(data)
	}
	return i + k + len(end)
}

func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// scanStartTag reads the tag name and attributes of a start tag whose name begins at i,
// records the attribute name offsets in x, and returns the index after the tag.
func scanStartTag(data []byte, i int, x *offsetIndex) int {
	n := len(data)
	for i < n && !isXMLSpace(data[i]) && data[i] != '>' && data[i] != '/' {
		i++
	}
	for i < n {
		c := data[i]
		switch {
		case isXMLSpace(c):
			i++
		case c == '>':
			return i + 1
		case c == '/':
			i++
		case c == '"' || c == '\'':
			// A stray quoted value (malformed input): skip it.
			i = skipPast(data, i+1, string(c))
		default:
			// An attribute name, then optional blanks, '=', blanks and a quoted value.
			x.attr = append(x.attr, i)
			for i < n && !isXMLSpace(data[i]) && data[i] != '=' && data[i] != '>' && data[i] != '/' {
				i++
			}
			for i < n && isXMLSpace(data[i]) {
				i++
			}
			if i < n && data[i] == '=' {
				i++
				for i < n && isXMLSpace(data[i]) {
					i++
				}
				if i < n && (data[i] == '"' || data[i] == '\'') {
					i = skipPast(data, i+1, string(data[i]))
				}
			}
		}
	}
	return n
}

// locateXMLError finds where data stops being well-formed XML, for a decoder error that
// carries no usable position. It replays the tokens with encoding/xml (as etree does),
// checking that end tags match, and returns the offset and a message.
func locateXMLError(data []byte) (off int, msg string) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	type open struct {
		name string
		off  int
	}
	var stack []open
	roots := 0
	for {
		start := int(dec.InputOffset())
		tok, err := dec.RawToken()
		if err == io.EOF {
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				return len(data), fmt.Sprintf("unexpected end of file: element <%s> is not closed", top.name)
			}
			if roots == 0 {
				return len(data), "no root element"
			}
			return len(data), "malformed XML"
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return int(dec.InputOffset()), se.Msg
			}
			return int(dec.InputOffset()), err.Error()
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) == 0 {
				roots++
			}
			stack = append(stack, open{qualified(t.Name), start})
		case xml.EndElement:
			name := qualified(t.Name)
			if len(stack) == 0 {
				return start, fmt.Sprintf("unexpected end element </%s>", name)
			}
			if top := stack[len(stack)-1]; top.name != name {
				return start, fmt.Sprintf("element <%s> closed by </%s>", top.name, name)
			}
			stack = stack[:len(stack)-1]
		}
	}
}

func qualified(n xml.Name) string {
	if n.Space != "" {
		return n.Space + ":" + n.Local
	}
	return n.Local
}
