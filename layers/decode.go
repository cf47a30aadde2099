package layers

import (
	"errors"
	"fmt"

	"github.com/irrun/irrun/ir"
)

// Diagnostic codes produced by this package. graph adds its own.
const (
	// CodeInvalidAttribute: a <data> attribute OpenVINO cannot parse (it refuses the
	// model), or a value irrun cannot use. Error severity.
	CodeInvalidAttribute = "invalid-attribute"
	// CodeAttributeIgnored: a value OpenVINO silently ignores (garbage bool, garbage
	// int64 scalar). Warning severity; the default is kept.
	CodeAttributeIgnored = "attribute-ignored"
	// CodeOpValidation: Op.Infer failed (OpenVINO's validate_and_infer_types would throw).
	CodeOpValidation = "op-validation"
	// CodeUnknownOpset: the layer's version names no opset OpenVINO knows.
	CodeUnknownOpset = "unknown-opset"
	// CodeOpNotInOpset: the opset exists but does not contain the type.
	CodeOpNotInOpset = "op-not-in-opset"
	// CodeUnsupportedOp: valid IR using an op irrun does not implement.
	CodeUnsupportedOp = "unsupported-op"
)

// decoder reads one layer's <data> attributes and collects diagnostics.
// failed is set by any error-severity problem that makes the op unusable.
type decoder struct {
	l      *ir.Layer
	diags  []ir.Diagnostic
	failed bool
	// quiet drops diagnostics (still setting failed): used for Parameter and Const,
	// whose attributes ir.Read already validates and reports.
	quiet bool
}

func newDecoder(l *ir.Layer) *decoder { return &decoder{l: l} }

func (d *decoder) layerRef() string {
	return fmt.Sprintf("%s layer %q (id %s)", d.l.Type, d.l.Name, d.l.IDText)
}

// attrPos returns the offset and text of attribute name (the <data> element's
// offset when absent).
func (d *decoder) attrPos(name string) (int, string) {
	if a, ok := d.l.Data.Get(name); ok {
		return a.Offset, a.Value
	}
	return d.l.DataOff, ""
}

func (d *decoder) report(sev ir.Severity, code string, off int, msg string) {
	if sev == ir.SeverityError {
		d.failed = true
	}
	if d.quiet {
		return
	}
	d.diags = append(d.diags, ir.Diagnostic{
		Severity:  sev,
		Code:      code,
		Message:   msg,
		Offset:    off,
		LayerID:   d.l.IDText,
		LayerName: d.l.Name,
	})
}

// bad reports an unparsable attribute value (error, invalid-attribute).
func (d *decoder) bad(name string, err error) {
	off, val := d.attrPos(name)
	msg := err.Error()
	var ae *ir.AttrError
	if errors.As(err, &ae) {
		if ae.Offset > 0 {
			off = ae.Offset
		}
		if ae.Value != "" {
			val = ae.Value
		}
		msg = ae.Msg
	}
	d.report(ir.SeverityError, CodeInvalidAttribute, off,
		fmt.Sprintf("%s: attribute %s=%q is invalid: %s", d.layerRef(), name, val, msg))
}

// ints reads an int list; absent gives (nil, false).
func (d *decoder) ints(name string) ([]int64, bool) {
	v, ok, err := d.l.Data.Ints(name)
	if err != nil {
		d.bad(name, err)
		return nil, false
	}
	return v, ok
}

// enum reads a case-insensitive enum; absent or invalid gives def (invalid also
// reports an error). The result is lower-case.
func (d *decoder) enum(name, def string, allowed ...string) string {
	v, ok, err := d.l.Data.Enum(name, allowed...)
	if err != nil {
		d.bad(name, err)
		return def
	}
	if !ok {
		return def
	}
	for _, a := range allowed {
		if equalFold(a, v) {
			return a
		}
	}
	return v
}

// boolean reads a bool; garbage is ignored like OpenVINO does (warning, default kept).
func (d *decoder) boolean(name string, def bool) bool {
	v, ok, err := d.l.Data.Bool(name)
	if err != nil {
		off, val := d.attrPos(name)
		d.report(ir.SeverityWarning, CodeAttributeIgnored, off,
			fmt.Sprintf("%s: attribute %s=%q is not a boolean (true/false/1/0); OpenVINO ignores it and keeps the default %t",
				d.layerRef(), name, val, def))
		return def
	}
	if !ok {
		return def
	}
	return v
}

// int64Scalar reads an int64 scalar. OpenVINO parses it with istringstream and
// silently yields 0 on garbage: irrun warns and uses 0 as well.
func (d *decoder) int64Scalar(name string, def int64) int64 {
	v, ok, err := d.l.Data.Int(name)
	if err != nil {
		off, val := d.attrPos(name)
		d.report(ir.SeverityWarning, CodeAttributeIgnored, off,
			fmt.Sprintf("%s: attribute %s=%q is not an integer; OpenVINO reads it as 0", d.layerRef(), name, val))
		return 0
	}
	if !ok {
		return def
	}
	return v
}

// elemType reads an element-type attribute (case-insensitive canonical names).
func (d *decoder) elemType(name string, def ir.ElementType) (ir.ElementType, bool) {
	v, ok, err := d.l.Data.ElementType(name)
	if err != nil {
		d.bad(name, err)
		return def, false
	}
	if !ok {
		return def, false
	}
	return v, true
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
