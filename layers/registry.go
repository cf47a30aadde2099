package layers

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/irrun/irrun/ir"
)

// Spec is one row of the op table (table.go): an op type at the versions one Go type
// implements. Adding an op is one file (its attribute struct, inference and kernel
// binding) and one Spec row.
type Spec struct {
	// Type is OpenVINO's type name ("Convolution", "Const" for Constant).
	Type string
	// Versions lists the op versions this row implements.
	Versions []int
	// MinInputs and MaxInputs bound the number of inputs (edges into the layer).
	MinInputs, MaxInputs int
	// New returns the op for one version with OpenVINO's default attribute values. The
	// shared decoder then fills its fields tagged `attr:"name"` from <data> (see
	// decodeAttrs for the tag syntax), and calls its checkAttrs method when it has one.
	New func(version int) Op
	// Decode is a hand-written decoder used instead of New (Parameter, Const, pooling).
	Decode func(l *ir.Layer, m *ir.Model, version int) (Op, []ir.Diagnostic)
}

// Def is one op definition: a type at one op version (MaxPool-8), as selected by a
// layer's type and opset. Defs are values created on each Lookup; there is no
// package-level mutable state.
type Def struct {
	// Type is OpenVINO's canonical type name as irrun spells it in IR ("MaxPool",
	// "Const"); Version is the op version (1, 8, 14).
	Type    string
	Version int
	// MinInputs/MaxInputs bound the number of inputs (edges into the layer).
	MinInputs, MaxInputs int
	// Decode reads the layer's <data> attributes with OpenVINO's defaults and syntax
	// rules. It checks syntax only; semantic checks run in Op.Infer. The returned Op
	// is nil exactly when an attribute could not be parsed (a diagnostic with error
	// severity explains why); Decode may also return warnings, and errors for values
	// OpenVINO loads but cannot execute, together with a usable Op. Parameter and
	// Const are the exception: ir.Read already validates and reports their <data>,
	// so their Decode returns a nil Op without diagnostics when it is unparsable.
	Decode func(l *ir.Layer, m *ir.Model) (Op, []ir.Diagnostic)
}

// Name returns "MaxPool-8".
func (d *Def) Name() string { return d.Type + "-" + strconv.Itoa(d.Version) }

// UnknownOpsetError reports a layer version that names no opset OpenVINO knows.
// LayerName and LayerID are filled by LookupLayer (empty from Lookup).
type UnknownOpsetError struct {
	Type, Opset        string
	LayerName, LayerID string
}

func (e *UnknownOpsetError) Error() string {
	return fmt.Sprintf("Cannot create %s layer %s id:%s from unsupported opset: %s", e.Type, e.LayerName, e.LayerID, e.Opset)
}

// NotInOpsetError reports a type that the named (known) opset does not contain.
type NotInOpsetError struct {
	Type, Opset string
}

func (e *NotInOpsetError) Error() string {
	return fmt.Sprintf("Opset %s doesn't contain the operation with type: %s", e.Opset, e.Type)
}

// ErrorCode returns the diagnostic code for an error returned by Lookup or
// LookupLayer: unknown-opset, op-not-in-opset or unsupported-op ("" for nil).
func ErrorCode(err error) string {
	var u *UnknownOpsetError
	var n *NotInOpsetError
	var s *ir.UnsupportedError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &u):
		return CodeUnknownOpset
	case errors.As(err, &n):
		return CodeOpNotInOpset
	case errors.As(err, &s):
		return CodeUnsupportedOp
	}
	return CodeOpValidation
}

// Registry indexes the op table for repeated lookups. It is immutable after NewRegistry
// and safe for concurrent use.
type Registry struct {
	byType map[string][]Spec
}

// NewRegistry indexes the op table.
func NewRegistry() *Registry {
	r := &Registry{byType: map[string][]Spec{}}
	for _, s := range table() {
		r.byType[s.Type] = append(r.byType[s.Type], s)
	}
	return r
}

// LookupLayer is Lookup for a layer; an UnknownOpsetError carries the layer's name and id.
func LookupLayer(l *ir.Layer) (*Def, error) { return NewRegistry().LookupLayer(l) }

// Lookup is Registry.Lookup on a new registry (see there).
func Lookup(opType, opset string) (*Def, error) { return NewRegistry().Lookup(opType, opset) }

// LookupLayer is Lookup for a layer; an UnknownOpsetError carries the layer's name and id.
func (r *Registry) LookupLayer(l *ir.Layer) (*Def, error) {
	d, err := r.Lookup(l.Type, l.Version)
	var u *UnknownOpsetError
	if errors.As(err, &u) {
		u.LayerName, u.LayerID = l.Name, l.IDText
	}
	return d, err
}

// Lookup finds the definition for a layer type (matched case-insensitively, "Const"
// for Constant, as OpenVINO's deserializer does) in an opset ("opset1".."opset16",
// "experimental", "extension"; exact spelling). Errors:
//   - *UnknownOpsetError: opset is not a known name;
//   - *NotInOpsetError: the opset does not contain the type (MaxPool in opset15,
//     AdaptiveMaxPool in opset1, an unknown type in opset3), as OpenVINO refuses it;
//   - *ir.UnsupportedError: a type or version the opset has but irrun does not
//     implement, or a type in "experimental"/"extension" irrun does not know; such
//     layers still load, they just cannot be inferred or run.
func (r *Registry) Lookup(opType, opset string) (*Def, error) {
	n, ok := opsetNumber(opset)
	if !ok {
		return nil, &UnknownOpsetError{Type: opType, Opset: opset}
	}
	lower := strings.ToLower(opType)
	if lower == "const" {
		lower = "constant"
	}
	name, row, known := opsetRow(lower)
	if name == "Constant" {
		name = "Const"
	}
	if n == 0 && opset != "ie_internal_opset" && seqAddedToOpset6(name) {
		n = 6
	}
	if n == 0 {
		// Extension and experimental opsets: irrun knows none of their ops.
		if known && r.find(name, 0) != nil {
			return nil, &NotInOpsetError{Type: opType, Opset: opset}
		}
		return nil, &ir.UnsupportedError{What: fmt.Sprintf("operation %s (%s)", opType, opset)}
	}
	if !known || row[n-1] == 0 {
		return nil, &NotInOpsetError{Type: opType, Opset: opset}
	}
	v := int(row[n-1])
	s := r.find(name, v)
	if s == nil {
		return nil, &ir.UnsupportedError{What: fmt.Sprintf("operation %s-%d (%s)", name, v, opset)}
	}
	d := newDef(s, name, v)
	return &d, nil
}

// find returns the table row implementing typ at version v (any version for v == 0).
func (r *Registry) find(typ string, v int) *Spec {
	rows := r.byType[typ]
	for i := range rows {
		if v == 0 || slices.Contains(rows[i].Versions, v) {
			return &rows[i]
		}
	}
	return nil
}

func newDef(s *Spec, name string, v int) Def {
	d := Def{Type: name, Version: v, MinInputs: s.MinInputs, MaxInputs: s.MaxInputs}
	switch {
	case s.Decode != nil:
		dec := s.Decode
		d.Decode = func(l *ir.Layer, m *ir.Model) (Op, []ir.Diagnostic) { return dec(l, m, v) }
	case s.New != nil:
		mk := s.New
		d.Decode = func(l *ir.Layer, _ *ir.Model) (Op, []ir.Diagnostic) { return decodeDeclared(l, mk(v)) }
	}
	return d
}

// OpVersion is one (type, version) irrun implements and the opsets that select it.
type OpVersion struct {
	Type    string
	Version int
	Opsets  []string
}

// Supported lists every (type, version) irrun implements, in table order.
func Supported() []OpVersion {
	var out []OpVersion
	for _, s := range table() {
		lower := strings.ToLower(s.Type)
		if lower == "const" {
			lower = "constant"
		}
		_, row, _ := opsetRow(lower)
		for _, v := range s.Versions {
			ov := OpVersion{Type: s.Type, Version: v}
			for n := 1; n <= maxOpset; n++ {
				if int(row[n-1]) == v {
					ov.Opsets = append(ov.Opsets, "opset"+strconv.Itoa(n))
				}
			}
			out = append(out, ov)
		}
	}
	return out
}

// OpsetVersion is one (type, version) of OpenVINO's opsets and whether irrun infers and
// executes it.
type OpsetVersion struct {
	Type    string
	Version int
	// Opsets are the opsets (1..16) that select this version.
	Opsets []int
	// Infers reports that irrun implements the op's shape inference; Runs that it also
	// has a kernel for it.
	Infers, Runs bool
}

// Opsets lists every (type, version) OpenVINO's opset1..opset16 register, sorted by type
// then version, with what irrun implements of each.
func Opsets() []OpsetVersion {
	r := NewRegistry()
	var out []OpsetVersion
	for _, name := range opsetTypes() {
		_, row, _ := opsetRow(strings.ToLower(name))
		typ := name
		if typ == "Constant" {
			typ = "Const"
		}
		var vers []int
		byVer := map[int][]int{}
		for n := 1; n <= maxOpset; n++ {
			v := int(row[n-1])
			if v == 0 {
				continue
			}
			if _, seen := byVer[v]; !seen {
				vers = append(vers, v)
			}
			byVer[v] = append(byVer[v], n)
		}
		slices.Sort(vers)
		for _, v := range vers {
			ov := OpsetVersion{Type: typ, Version: v, Opsets: byVer[v]}
			if s := r.find(typ, v); s != nil {
				ov.Infers = true
				var op Op
				if s.New != nil {
					op = s.New(v)
				} else {
					op = s.probe(v)
				}
				_, ov.Runs = op.(Preparer)
			}
			out = append(out, ov)
		}
	}
	return out
}

// probe returns an op of a hand-decoded row for type assertions (its attributes decoded
// from an empty <data>).
func (s *Spec) probe(v int) Op {
	// Empty bodies let ops with sub-graphs (Loop, TensorIterator, If) decode.
	bodies := []*ir.Body{{Kind: "body"}, {Kind: "then_body"}, {Kind: "else_body"}}
	op, _ := s.Decode(&ir.Layer{Type: s.Type, Version: "opset1", Bodies: bodies}, nil, v)
	return op
}

const maxOpset = 16

// opsetNumber maps "opsetN" to N (1..16, the opsets OpenVINO's IR reader
// registers); "experimental", "extension" and "ie_internal_opset" to 0.
func opsetNumber(s string) (int, bool) {
	switch s {
	case "experimental", "extension", "ie_internal_opset":
		return 0, true
	}
	rest, ok := strings.CutPrefix(s, "opset")
	if !ok || rest == "" || rest[0] == '0' || len(rest) > 2 {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 1 || n > maxOpset {
		return 0, false
	}
	return n, true
}
