package ir

// Model is one IR file as written: faithful and untyped. It keeps every layer (known op or
// not), port, edge and attribute with its byte offset in Source, and sub-graph bodies.
type Model struct {
	Source  *Source // the XML text, for line:col of any Offset
	Name    string  // <net name>
	Version int     // <net version>: 10 or 11
	Offset  int     // of the <net> element

	Layers []*Layer // top-level layers in XML order
	Edges  []Edge   // top-level edges in XML order
	RTInfo []*RTInfo

	// Diagnostics are the problems found while reading that did not stop the read
	// (a bad attribute, a Const outside the .bin, a port without precision, ...).
	Diagnostics []Diagnostic

	// Weights is the .bin content; nil when no .bin was given or found.
	Weights *Weights
}

// Layer is one <layer> element.
type Layer struct {
	ID      int64  // parsed id; -1 when IDText is not an unsigned integer
	IDText  string // id as written
	Name    string
	Type    string
	Version string // "opset1", "opset8", "extension", ...
	Offset  int    // of the <layer> element

	Attrs   Attrs // attributes of the <layer> element itself (id, name, type, version, output_names, ...)
	Data    Attrs // attributes of <data>; nil when there is no <data> element
	HasData bool
	DataOff int // offset of <data>, or of the layer when there is none

	Inputs  []*Port
	Outputs []*Port
	RTInfo  []*RTInfo

	// Bodies holds the sub-graphs of Loop/TensorIterator (body) and If (then_body, else_body).
	Bodies []*Body
	// PortMap and BackEdges hold the <port_map> and <back_edges> entries of sub-graph ops.
	PortMap   []PortMapEntry
	BackEdges []Edge
}

// Port is one <port> of a layer's <input> or <output>.
type Port struct {
	ID        int64  // parsed id; -1 when not an unsigned integer
	IDText    string
	Offset    int
	Precision ElementType // Undefined when absent or not parseable (see HasPrecision)
	// PrecisionText is the precision attribute as written ("" when absent).
	PrecisionText string
	HasPrecision  bool
	Names         []string // tensor names, `\,` escapes resolved
	Shape         Shape    // from <dim> children; -1 becomes "?"
	DimOffsets    []int    // offset of each <dim>
	RTInfo        []*RTInfo
}

// Edge is one <edge> element.
type Edge struct {
	FromLayer, FromPort, ToLayer, ToPort int64
	Offset                               int
}

// Body is a sub-graph of a Loop, TensorIterator or If layer.
type Body struct {
	Kind   string // element name: "body", "then_body", "else_body"
	Offset int
	Layers []*Layer
	Edges  []Edge
}

// PortMapEntry is one <input> or <output> of a sub-graph op's <port_map>.
type PortMapEntry struct {
	Kind   string // "input" or "output"
	Attrs  Attrs  // external_port_id, internal_layer_id, axis, ...
	Offset int
}

// RTInfo is one runtime-info entry (<attribute name= version= value=>, <custom>, or a
// model-level <name value=> / <info name= value=> node with its children).
type RTInfo struct {
	Tag      string
	Attrs    Attrs
	Children []*RTInfo
	Offset   int
}

// Attr is one XML attribute with the byte offset of its name in the source.
type Attr struct {
	Name, Value string
	Offset      int
}

// Attrs is the list of attributes of one element, in document order.
type Attrs []Attr
