package layers

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/irrun/irrun/ir"
)

// Def is one op definition: a type at one op version (MaxPool-8), as selected by a
// layer's type and opset. Defs are values created on each Lookup; there is no
// package-level mutable state.
type Def struct {
	// Type is OpenVINO's canonical type name as irrun spells it in IR ("MaxPool",
	// "Const"); Version is the op version (1, 8, 14).
	Type    string
	Version int
	// MinInputs/MaxInputs bound the number of inputs (edges into the layer);
	// NumOutputs is the number of outputs Op.Infer returns (Result has one, although
	// IR writes no <output> port for it).
	MinInputs, MaxInputs int
	NumOutputs           int
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

// NotInOpsetError reports a type that the named (known) opset does not contain,
// although irrun implements the type in other opsets.
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

// LookupLayer is Lookup for a layer; an UnknownOpsetError carries the layer's name and id.
func LookupLayer(l *ir.Layer) (*Def, error) {
	d, err := Lookup(l.Type, l.Version)
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
//   - *NotInOpsetError: irrun implements the type, but the opset does not contain it
//     (MaxPool in opset15, AdaptiveMaxPool in opset1);
//   - *ir.UnsupportedError: a type irrun does not implement (or a version of it,
//     such as AvgPool-16); such layers still load, they just cannot be inferred or run.
func Lookup(opType, opset string) (*Def, error) {
	n, ok := opsetNumber(opset)
	if !ok {
		return nil, &UnknownOpsetError{Type: opType, Opset: opset}
	}
	typ, ok := canonicalType(opType)
	if !ok {
		return nil, &ir.UnsupportedError{What: fmt.Sprintf("operation %s (%s)", opType, opset)}
	}
	v := opVersion(typ, n)
	switch {
	case v == 0:
		return nil, &NotInOpsetError{Type: opType, Opset: opset}
	case v < 0:
		return nil, &ir.UnsupportedError{What: fmt.Sprintf("operation %s-%d (%s)", typ, -v, opset)}
	}
	d := newDef(typ, v)
	return &d, nil
}

// OpVersion is one (type, version) irrun implements and the opsets that select it.
type OpVersion struct {
	Type    string
	Version int
	Opsets  []string
}

// Supported lists every (type, version) irrun implements, in a stable order.
func Supported() []OpVersion {
	var out []OpVersion
	for _, t := range implementedTypes() {
		byVer := map[int][]string{}
		var order []int
		for n := 1; n <= maxOpset; n++ {
			v := opVersion(t, n)
			if v <= 0 {
				continue
			}
			if _, seen := byVer[v]; !seen {
				order = append(order, v)
			}
			byVer[v] = append(byVer[v], "opset"+strconv.Itoa(n))
		}
		for _, v := range order {
			out = append(out, OpVersion{Type: t, Version: v, Opsets: byVer[v]})
		}
	}
	return out
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

func implementedTypes() []string {
	return []string{"Parameter", "Const", "Result", "Convert", "Transpose",
		"MaxPool", "AvgPool", "AdaptiveAvgPool", "AdaptiveMaxPool"}
}

// canonicalType matches a layer type against the types irrun implements.
func canonicalType(t string) (string, bool) {
	if t == "Const" || equalFold(t, "Constant") {
		return "Const", true
	}
	for _, c := range implementedTypes() {
		if c != "Const" && equalFold(t, c) {
			return c, true
		}
	}
	return "", false
}

// opVersion returns the op version that opset n selects for typ: > 0 implemented,
// 0 not in the opset, < 0 in the opset at version -v but not implemented by irrun.
// The tables follow src/core/include/openvino/opsets/opset*_tbl.hpp (§8).
func opVersion(typ string, n int) int {
	in := func(lo, hi int) bool { return n >= lo && n <= hi }
	switch typ {
	case "Parameter", "Convert":
		if in(1, 16) {
			return 1
		}
	case "Const", "Result", "Transpose":
		if in(1, 14) {
			return 1
		}
	case "MaxPool":
		switch {
		case in(1, 7):
			return 1
		case in(8, 13):
			return 8
		case n == 14:
			return 14
		}
	case "AvgPool":
		switch {
		case in(1, 13):
			return 1
		case n == 14:
			return 14
		case n == 16:
			return -16
		}
	case "AdaptiveAvgPool", "AdaptiveMaxPool":
		if in(8, 14) {
			return 8
		}
	}
	return 0
}

func newDef(typ string, v int) Def {
	d := Def{Type: typ, Version: v, MinInputs: 1, MaxInputs: 1, NumOutputs: 1}
	switch typ {
	case "Parameter":
		d.MinInputs, d.MaxInputs = 0, 0
		d.Decode = decodeParameter
	case "Const":
		d.MinInputs, d.MaxInputs = 0, 0
		d.Decode = decodeConst
	case "Result":
		// Result's one output is the model output; IR writes no <output> port for it.
		d.Decode = decodeResult
	case "Convert":
		d.Decode = decodeConvert
	case "Transpose":
		d.MinInputs, d.MaxInputs = 2, 2
		d.Decode = decodeTranspose
	case "MaxPool":
		if v != 1 {
			d.NumOutputs = 2
		}
		d.Decode = func(l *ir.Layer, m *ir.Model) (Op, []ir.Diagnostic) { return decodePool(l, kindMax, v) }
	case "AvgPool":
		d.Decode = func(l *ir.Layer, m *ir.Model) (Op, []ir.Diagnostic) { return decodePool(l, kindAvg, v) }
	case "AdaptiveAvgPool":
		d.MinInputs, d.MaxInputs = 2, 2
		d.Decode = func(l *ir.Layer, m *ir.Model) (Op, []ir.Diagnostic) { return decodeAdaptive(l, false) }
	case "AdaptiveMaxPool":
		d.MinInputs, d.MaxInputs, d.NumOutputs = 2, 2, 2
		d.Decode = func(l *ir.Layer, m *ir.Model) (Op, []ir.Diagnostic) { return decodeAdaptive(l, true) }
	}
	return d
}
