// Package ir reads OpenVINO IR files (model.xml + model.bin, IR v10 and v11) into a faithful,
// untyped Model: every layer (known op or not), port, edge, attribute, rt_info entry and
// sub-graph body, each with the byte offset of its element or attribute in the XML, so that
// any problem can be reported as file:line:col (Source.LineCol). It reads the files and
// nothing more: typing, shape inference and execution live in other packages.
//
// # Reading
//
// ReadFile reads the XML and the .bin beside it (memory-mapped when large); ReadXMLFile and
// Parse read the XML only. Malformed XML, a root other than <net> and an IR version other
// than 10 or 11 stop the read with a *FormatError or *UnsupportedError that carries a rule
// code and position (DiagnosticOf). Every other problem is collected in Model.Diagnostics,
// all of them, and the read goes on. Const data is checked against the weights by
// SetWeights and decoded, once per distinct blob, by Model.ConstValue.
//
// # Rule codes
//
// Fatal: xml-syntax, ir-version, not-ir. Diagnostics: missing-attribute, invalid-attribute,
// invalid-dim, invalid-precision (a warning on input ports, which OpenVINO ignores),
// duplicate-rt-info, missing-data, unknown-opset, duplicate-layer-id, edge-missing-layer,
// edge-missing-port, const-no-weights, const-out-of-range, const-size-mismatch, and the info
// no-weights (no .bin: Const data not checked). Messages follow OpenVINO's deserializer and
// add the values involved.
//
// # Where irrun is stricter than OpenVINO
//
//   - A non-numeric field of an integer list ("2x", "a") or integer attribute is an error;
//     OpenVINO silently reads 0 or the leading digits.
//   - A port <dim> that is not an integer is an error (OpenVINO's stream extraction would
//     read a prefix).
//   - In IR v11, two rt_info <attribute> entries with one (name, version) are an error for
//     any attribute name; OpenVINO only notices for the attribute types it registers.
//   - Layer versions other than opsetN, experimental, extension and ie_internal_opset are
//     an error (unknown-opset): OpenVINO rejects them unless an extension provides them.
//   - Edges are checked here (existing layers, an output port at the source and an input
//     port at the target); OpenVINO finds the same problems while building the graph.
//
// # Packed element types
//
// u1 and u2 are stored MSB-first, u4/i4/nf4/f4e2m1 low nibble first (i4 sign-extended),
// u3 and u6 in the split-bit layout over 3-byte groups of OpenVINO 2024-2025
// (element_iterator.hpp); see ConstValue.
package ir
