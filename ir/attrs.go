package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// AttrError reports an attribute value that does not parse. It is returned by every typed
// accessor of Attrs; Offset is the byte offset of the attribute in the XML source.
type AttrError struct {
	Elem   string // element that carries the attribute ("data", "layer", ...); may be ""
	Name   string
	Value  string
	Offset int
	Msg    string
}

// Error returns the message, which names the attribute and its value.
func (e *AttrError) Error() string { return e.Msg }

func (a Attr) errorf(format string, args ...any) *AttrError {
	return &AttrError{Elem: a.Elem, Name: a.Name, Value: a.Value, Offset: a.Offset, Msg: fmt.Sprintf(format, args...)}
}

func (a Attr) elemName() string {
	if a.Elem == "" {
		return "data"
	}
	return a.Elem
}

// Get returns the first attribute called name (names are case-sensitive, as in XML).
func (a Attrs) Get(name string) (Attr, bool) {
	for _, at := range a {
		if at.Name == name {
			return at, true
		}
	}
	return Attr{}, false
}

// Value returns the text of attribute name, or "" when it is absent.
func (a Attrs) Value(name string) string {
	at, _ := a.Get(name)
	return at.Value
}

// Has reports whether attribute name is present.
func (a Attrs) Has(name string) bool {
	_, ok := a.Get(name)
	return ok
}

// Ints parses an integer-list attribute ("2, 2", "1,2,3") the way OpenVINO's
// str_to_container does: the text is split on ',', each field trimmed; "" is the empty list;
// one trailing comma is tolerated; an empty field (",1", "1,,2") is the error
// `Cannot get vector of parameters! "<v>" is incorrect`.
//
// irrun is stricter than OpenVINO for a field that is not an integer ("2x", "a", " "):
// OpenVINO silently reads 0 (or the leading digits), irrun returns an error.
// The bool result reports whether the attribute is present.
func (a Attrs) Ints(name string) ([]int64, bool, error) {
	at, ok := a.Get(name)
	if !ok {
		return nil, false, nil
	}
	v, err := parseInts(at)
	return v, true, err
}

func parseInts(at Attr) ([]int64, error) {
	s := at.Value
	if s == "" {
		return []int64{}, nil
	}
	s = strings.TrimSuffix(s, ",") // getline yields no field after a final ','
	n := strings.Count(s, ",") + 1
	out := make([]int64, 0, n)
	for {
		f, rest, more := strings.Cut(s, ",")
		if f == "" {
			return nil, at.errorf("Cannot get vector of parameters! %q is incorrect", at.Value)
		}
		v, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil {
			return nil, at.errorf("node %s has attribute %q = %q whose field %q is not a signed 64 bit integer (OpenVINO would silently read 0; irrun rejects it)",
				at.elemName(), at.Name, at.Value, f)
		}
		out = append(out, v)
		if !more {
			break
		}
		s = rest
	}
	return out, nil
}

// Int parses a signed 64-bit integer attribute (surrounding blanks allowed). OpenVINO reads
// "" or garbage as 0 without an error; irrun returns an error instead.
func (a Attrs) Int(name string) (int64, bool, error) {
	at, ok := a.Get(name)
	if !ok {
		return 0, false, nil
	}
	v, err := strconv.ParseInt(strings.TrimSpace(at.Value), 10, 64)
	if err != nil {
		return 0, true, at.errorf("node %s has attribute %q = %q which is not a signed 64 bit integer", at.elemName(), at.Name, at.Value)
	}
	return v, true, nil
}

// Uint parses an unsigned 64-bit integer attribute as OpenVINO's get_uint64_attr does:
// leading blanks are allowed, nothing may follow the digits, and a negative value is an
// error `node <elem> has attribute "<a>" = "<v>" which is not an unsigned 64 bit integer`.
// (OpenVINO goes through stoll and so also rejects values above 2^63-1; irrun accepts the
// full uint64 range and checks the arithmetic that uses it.)
func (a Attrs) Uint(name string) (uint64, bool, error) {
	at, ok := a.Get(name)
	if !ok {
		return 0, false, nil
	}
	v, err := parseUint(at)
	return v, true, err
}

func parseUint(at Attr) (uint64, error) {
	s := strings.TrimLeft(at.Value, " \t\n\r\v\f")
	s = strings.TrimPrefix(s, "+")
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, at.errorf("node %s has attribute %q = %q which is not an unsigned 64 bit integer", at.elemName(), at.Name, at.Value)
	}
	return v, nil
}

// Bool parses a boolean attribute: "true", "1", "false" or "0", case-insensitive. OpenVINO
// silently ignores any other text and keeps the op's default; irrun returns an error that
// says so, which callers should report as a warning and then use the default.
func (a Attrs) Bool(name string) (bool, bool, error) {
	at, ok := a.Get(name)
	if !ok {
		return false, false, nil
	}
	switch strings.ToLower(at.Value) {
	case "true", "1":
		return true, true, nil
	case "false", "0":
		return false, true, nil
	}
	return false, true, at.errorf("node %s has attribute %q = %q which is not a boolean (true/false/1/0); OpenVINO ignores it and keeps the default",
		at.elemName(), at.Name, at.Value)
}

// Enum matches an enum attribute case-insensitively against allowed (as OpenVINO's
// EnumNames::as_enum does) and returns the allowed spelling. Any other value is the error
// `"<v>" is not a member of enum <name> (<allowed...>)`.
func (a Attrs) Enum(name string, allowed ...string) (string, bool, error) {
	at, ok := a.Get(name)
	if !ok {
		return "", false, nil
	}
	for _, s := range allowed {
		if strings.EqualFold(s, at.Value) {
			return s, true, nil
		}
	}
	return "", true, at.errorf("%q is not a member of enum %s (%s)", at.Value, at.Name, strings.Join(allowed, ", "))
}

// ElementType parses an element-type attribute (element_type, destination_type,
// index_element_type) with ParseElementTypeAttr's rules: the lowercase names, matched
// case-insensitively.
func (a Attrs) ElementType(name string) (ElementType, bool, error) {
	at, ok := a.Get(name)
	if !ok {
		return Undefined, false, nil
	}
	t, err := ParseElementTypeAttr(at.Value)
	if err != nil {
		return Undefined, true, at.errorf("%s (node %s attribute %s)", err, at.elemName(), at.Name)
	}
	return t, true, nil
}

// Shape parses a partial-shape attribute (a Parameter's shape) with ParseShape.
func (a Attrs) Shape(name string) (Shape, bool, error) {
	at, ok := a.Get(name)
	if !ok {
		return Shape{}, false, nil
	}
	s, err := ParseShape(at.Value)
	if err != nil {
		return Shape{}, true, at.errorf("%s in node %s attribute %s=%q", err, at.elemName(), at.Name, at.Value)
	}
	return s, true, nil
}

// splitNames splits a tensor-name list ("a,b", `relu\,t, identity_t`) on commas that are not
// escaped by a backslash, resolves `\,` to ',', trims blanks around each name and drops
// empty names.
func splitNames(s string) []string {
	if s == "" {
		return nil
	}
	var out []string
	var b strings.Builder
	flush := func() {
		if n := strings.TrimSpace(b.String()); n != "" {
			out = append(out, n)
		}
		b.Reset()
	}
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == ',':
			b.WriteByte(',')
			i++
		case s[i] == ',':
			flush()
		default:
			b.WriteByte(s[i])
		}
	}
	flush()
	return out
}
