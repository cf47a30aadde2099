package ir

import (
	"fmt"
	"strings"
)

// ElementType is an OpenVINO element type (ov::element::Type_t).
type ElementType uint8

// The element types OpenVINO defines, in the order of its EnumNames table.
const (
	Undefined ElementType = iota
	Dynamic
	Boolean
	BF16
	F16
	F32
	F64
	I4
	I8
	I16
	I32
	I64
	U1
	U2
	U3
	U4
	U6
	U8
	U16
	U32
	U64
	NF4
	F8E4M3
	F8E5M2
	String
	F4E2M1
	F8E8M0
	numElementTypes
)

type elementInfo struct {
	name      string // canonical lowercase name (<data> attributes)
	precision string // legacy port-precision spelling written by the serializer
	bits      int    // bit width; 0 for undefined, dynamic and string
	float     bool
	signed    bool
}

var elementTable = [numElementTypes]elementInfo{
	Undefined: {"undefined", "UNSPECIFIED", 0, false, false},
	Dynamic:   {"dynamic", "DYNAMIC", 0, false, false},
	Boolean:   {"boolean", "BOOL", 8, false, false},
	BF16:      {"bf16", "BF16", 16, true, true},
	F16:       {"f16", "FP16", 16, true, true},
	F32:       {"f32", "FP32", 32, true, true},
	F64:       {"f64", "FP64", 64, true, true},
	I4:        {"i4", "I4", 4, false, true},
	I8:        {"i8", "I8", 8, false, true},
	I16:       {"i16", "I16", 16, false, true},
	I32:       {"i32", "I32", 32, false, true},
	I64:       {"i64", "I64", 64, false, true},
	U1:        {"u1", "BIN", 1, false, false},
	U2:        {"u2", "U2", 2, false, false},
	U3:        {"u3", "U3", 3, false, false},
	U4:        {"u4", "U4", 4, false, false},
	U6:        {"u6", "U6", 6, false, false},
	U8:        {"u8", "U8", 8, false, false},
	U16:       {"u16", "U16", 16, false, false},
	U32:       {"u32", "U32", 32, false, false},
	U64:       {"u64", "U64", 64, false, false},
	NF4:       {"nf4", "NF4", 4, true, true},
	F8E4M3:    {"f8e4m3", "F8E4M3", 8, true, true},
	F8E5M2:    {"f8e5m2", "F8E5M2", 8, true, true},
	String:    {"string", "STRING", 0, false, false},
	F4E2M1:    {"f4e2m1", "F4E2M1", 4, true, true},
	F8E8M0:    {"f8e8m0", "F8E8M0", 8, true, false},
}

// precisionSpellings are the exact (case-sensitive) spellings type_from_string accepts
// for a port's precision attribute, beyond the canonical lowercase names.
var precisionSpellings = map[string]ElementType{
	"FP16": F16, "FP32": F32, "BF16": BF16, "FP64": F64,
	"I4": I4, "I8": I8, "I16": I16, "I32": I32, "I64": I64,
	"U1": U1, "BIN": U1, "bin": U1, "U2": U2, "U3": U3, "U4": U4, "U6": U6,
	"U8": U8, "U16": U16, "U32": U32, "U64": U64,
	"BOOL": Boolean, "STRING": String, "NF4": NF4,
	"F8E4M3": F8E4M3, "F8E5M2": F8E5M2, "F8E8M0": F8E8M0, "F4E2M1": F4E2M1,
	"UNSPECIFIED": Undefined,
}

// String returns the canonical lowercase name ("f32", "i64", "boolean").
func (t ElementType) String() string {
	if t >= numElementTypes {
		return fmt.Sprintf("ElementType(%d)", uint8(t))
	}
	return elementTable[t].name
}

// PrecisionName returns the spelling OpenVINO's serializer writes in a port's precision
// attribute ("FP32", "I64", "BOOL", "BIN").
func (t ElementType) PrecisionName() string {
	if t >= numElementTypes {
		return t.String()
	}
	return elementTable[t].precision
}

// Bits returns the bit width of one element: 32 for f32, 4 for u4, 1 for u1, and 0 for
// string, undefined and dynamic.
func (t ElementType) Bits() int {
	if t >= numElementTypes {
		return 0
	}
	return elementTable[t].bits
}

// IsFloat reports whether t is a floating-point type (including nf4 and the f8/f4 types).
func (t ElementType) IsFloat() bool { return t < numElementTypes && elementTable[t].float }

// IsSigned reports whether t can represent negative values.
func (t ElementType) IsSigned() bool { return t < numElementTypes && elementTable[t].signed }

// IsInteger reports whether t is an integer type (boolean excluded).
func (t ElementType) IsInteger() bool {
	switch t {
	case I4, I8, I16, I32, I64, U1, U2, U3, U4, U6, U8, U16, U32, U64:
		return true
	}
	return false
}

// IsStatic reports whether t is a concrete type (neither undefined nor dynamic).
func (t ElementType) IsStatic() bool { return t != Undefined && t != Dynamic && t < numElementTypes }

// StorageBytes returns the number of bytes that count elements of t occupy in a .bin:
// ceil(count*bits/8). ok is false when the result overflows int64 or t has no fixed width.
func (t ElementType) StorageBytes(count int64) (n int64, ok bool) {
	bits := int64(t.Bits())
	if bits == 0 || count < 0 {
		return 0, false
	}
	if count > (1<<63-1-7)/bits {
		return 0, false
	}
	return (count*bits + 7) / 8, true
}

// ParsePrecision parses a port precision attribute the way OpenVINO's type_from_string does:
// exactly the canonical lowercase names and the legacy spellings (FP32, I64, BOOL, BIN, ...),
// case-sensitive. "F32", "fp32" and "bool" are rejected.
func ParsePrecision(s string) (ElementType, error) {
	if t, ok := precisionSpellings[s]; ok {
		return t, nil
	}
	for i := range numElementTypes {
		if elementTable[i].name == s {
			return i, nil
		}
	}
	return Undefined, fmt.Errorf("Incorrect type: %s", s)
}

// ParseElementTypeAttr parses an element-type <data> attribute (element_type,
// destination_type, index_element_type) the way OpenVINO's enum adapter does: a
// case-insensitive match against the canonical lowercase names. "F32" and "I64" are
// accepted; "FP32", "BOOL", "bool" and "int64" are rejected.
func ParseElementTypeAttr(s string) (ElementType, error) {
	for i := range numElementTypes {
		if strings.EqualFold(elementTable[i].name, s) {
			return i, nil
		}
	}
	return Undefined, fmt.Errorf("%q is not a member of enum element::Type_t", s)
}
