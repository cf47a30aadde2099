package ir

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Inf is the upper bound of a dimension that has no upper bound.
const Inf int64 = math.MaxInt64

// Dim is one dimension of a partial shape: the interval [Lo, Hi] of the values it may take.
// A static dimension has Lo == Hi; a fully dynamic one is [0, Inf].
type Dim struct {
	Lo, Hi int64
}

// StaticDim returns the static dimension n.
func StaticDim(n int64) Dim { return Dim{n, n} }

// DynamicDim returns the fully dynamic dimension "?".
func DynamicDim() Dim { return Dim{0, Inf} }

// IntervalDim returns the dimension [lo, hi]; hi may be Inf.
func IntervalDim(lo, hi int64) Dim { return Dim{lo, hi} }

// IsStatic reports whether d has a single value.
func (d Dim) IsStatic() bool { return d.Lo == d.Hi }

// IsDynamic reports whether d is the fully dynamic dimension [0, Inf].
func (d Dim) IsDynamic() bool { return d.Lo == 0 && d.Hi == Inf }

// Compatible reports whether d and o share at least one value (OpenVINO's Dimension::compatible).
func (d Dim) Compatible(o Dim) bool { return max(d.Lo, o.Lo) <= min(d.Hi, o.Hi) }

// String formats d as OpenVINO prints a Dimension: "3", "?", "2..5", "2..", "..5".
func (d Dim) String() string {
	switch {
	case d.IsStatic():
		return strconv.FormatInt(d.Lo, 10)
	case d.IsDynamic():
		return "?"
	case d.Hi == Inf:
		return strconv.FormatInt(d.Lo, 10) + ".."
	case d.Lo == 0:
		return ".." + strconv.FormatInt(d.Hi, 10)
	default:
		return strconv.FormatInt(d.Lo, 10) + ".." + strconv.FormatInt(d.Hi, 10)
	}
}

// Shape is a partial shape: a list of dimensions, or a dynamic rank. The zero value is the
// static scalar shape [].
type Shape struct {
	Dims        []Dim
	DynamicRank bool
}

// StaticShape returns the static shape with the given dims.
func StaticShape(dims ...int64) Shape {
	s := Shape{Dims: make([]Dim, len(dims))}
	for i, n := range dims {
		s.Dims[i] = StaticDim(n)
	}
	return s
}

// DynamicRankShape returns the shape "[...]".
func DynamicRankShape() Shape { return Shape{DynamicRank: true} }

// Rank returns the number of dimensions; ok is false for a dynamic rank.
func (s Shape) Rank() (rank int, ok bool) {
	if s.DynamicRank {
		return 0, false
	}
	return len(s.Dims), true
}

// IsStatic reports whether the rank and every dimension are static.
func (s Shape) IsStatic() bool {
	if s.DynamicRank {
		return false
	}
	for _, d := range s.Dims {
		if !d.IsStatic() {
			return false
		}
	}
	return true
}

// Static returns the dimensions of a static shape; ok is false if s is not static.
func (s Shape) Static() (dims []int64, ok bool) {
	if !s.IsStatic() {
		return nil, false
	}
	dims = make([]int64, len(s.Dims))
	for i, d := range s.Dims {
		dims[i] = d.Lo
	}
	return dims, true
}

// Compatible reports whether s and o can describe the same tensor (OpenVINO's
// PartialShape::compatible).
func (s Shape) Compatible(o Shape) bool {
	if s.DynamicRank || o.DynamicRank {
		return true
	}
	if len(s.Dims) != len(o.Dims) {
		return false
	}
	for i := range s.Dims {
		if !s.Dims[i].Compatible(o.Dims[i]) {
			return false
		}
	}
	return true
}

// Equal reports whether s and o are the same partial shape.
func (s Shape) Equal(o Shape) bool {
	if s.DynamicRank || o.DynamicRank {
		return s.DynamicRank == o.DynamicRank
	}
	if len(s.Dims) != len(o.Dims) {
		return false
	}
	for i := range s.Dims {
		if s.Dims[i] != o.Dims[i] {
			return false
		}
	}
	return true
}

// String formats s as OpenVINO prints a PartialShape: "[1,3,224,224]", "[1,3,?,16..32]",
// "[...]", "[]".
func (s Shape) String() string {
	if s.DynamicRank {
		return "[...]"
	}
	var b strings.Builder
	b.WriteByte('[')
	for i, d := range s.Dims {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(d.String())
	}
	b.WriteByte(']')
	return b.String()
}

// ParseShape parses a Parameter's shape attribute as OpenVINO's PartialShape(string) does:
// the text is trimmed and one pair of surrounding brackets removed; "..." is a dynamic rank,
// "" a scalar; otherwise comma-separated fields, each "?" or "-1" (dynamic), "a..b", "..b",
// "a..", or a non-negative integer. Error messages follow OpenVINO's.
func ParseShape(text string) (Shape, error) {
	s := strings.TrimSpace(text)
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	if s == "..." {
		return DynamicRankShape(), nil
	}
	if s == "" {
		return Shape{Dims: []Dim{}}, nil
	}
	fields := strings.Split(s, ",")
	dims := make([]Dim, 0, len(fields))
	for _, f := range fields {
		f = strings.TrimSpace(f)
		if f == "" {
			return Shape{}, fmt.Errorf("Cannot get vector of dimensions! %q is incorrect", text)
		}
		d, err := ParseDim(f)
		if err != nil {
			return Shape{}, err
		}
		dims = append(dims, d)
	}
	return Shape{Dims: dims}, nil
}

// ParseDim parses one dimension of a Parameter shape: "?", "-1", "a..b", "..b", "a..", or a
// non-negative integer.
func ParseDim(f string) (Dim, error) {
	f = strings.TrimSpace(f)
	if f == "?" || f == "-1" {
		return DynamicDim(), nil
	}
	if f == "..." {
		return Dim{}, fmt.Errorf("Cannot parse dimension: %q (a dynamic rank \"...\" must be the whole shape)", f)
	}
	if lo, hi, ok := strings.Cut(f, ".."); ok {
		d := Dim{0, Inf}
		if lo != "" {
			n, err := parseDimNumber(lo)
			if err != nil {
				return Dim{}, fmt.Errorf("Cannot parse min bound: %q", lo)
			}
			d.Lo = n
		}
		if hi != "" {
			n, err := parseDimNumber(hi)
			if err != nil {
				return Dim{}, fmt.Errorf("Cannot parse max bound: %q", hi)
			}
			d.Hi = n
		}
		if d.Lo > d.Hi {
			return Dim{}, fmt.Errorf("Cannot parse dimension: %q (min bound %d is above max bound %d)", f, d.Lo, d.Hi)
		}
		return d, nil
	}
	n, err := parseDimNumber(f)
	if err != nil {
		return Dim{}, fmt.Errorf("Cannot parse dimension: %q", f)
	}
	return StaticDim(n), nil
}

// parseDimNumber accepts only plain decimal digits (no sign, no fraction), as OpenVINO does.
func parseDimNumber(s string) (int64, error) {
	if s == "" {
		return 0, strconv.ErrSyntax
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, strconv.ErrSyntax
		}
	}
	return strconv.ParseInt(s, 10, 64)
}
