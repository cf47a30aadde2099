package ir

import "sync"

// Model is one IR file as written: faithful and untyped. It keeps every layer (known op or
// not), port, edge and attribute with its byte offset in Source, and sub-graph bodies.
type Model struct {
	Source  *Source // the XML text, for line:col of any Offset
	Name    string  // <net name>
	Version int     // <net version>: 10 or 11
	Offset  int     // of the <net> element

	Layers []*Layer // top-level layers in XML order
	Edges  []Edge   // top-level edges in XML order
	// RTInfo holds the children of the model-level <rt_info> (<Runtime_version value=>,
	// <conversion_parameters>, ...).
	RTInfo []*RTInfo
	// Legacy holds the legacy <meta_data> and <quantization_parameters> sections (each as
	// one entry whose Tag is the section name), which old Model Optimizer versions wrote
	// instead of <rt_info>, and the legacy <pre-process> section (per-channel mean values
	// that OpenVINO subtracts from an input). The reader keeps them, uninterpreted; graph.Build
	// applies <pre-process>.
	Legacy []*RTInfo

	// Diagnostics are the problems found while reading that did not stop the read
	// (a bad attribute, a Const outside the .bin, a port without precision, ...).
	Diagnostics []Diagnostic

	// Weights is the .bin content; nil when no .bin was given or found. Set it with
	// SetWeights, which checks every Const against it.
	Weights *Weights

	consts constCache // decoded Const values, shared by identical (offset,size,type,shape)
}

// constCache memoizes ConstValue. It is guarded by mu; each entry is decoded once.
type constCache struct {
	mu      sync.Mutex
	entries map[constKey]*constEntry
}

// Layer is one <layer> element.
type Layer struct {
	ID      int64  // parsed id; -1 when IDText is not an unsigned integer
	IDText  string // id as written
	Name    string
	Type    string
	Version string // "opset1", "opset8", "extension", ...
	Offset  int    // of the <layer> element

	Attrs Attrs // attributes of the <layer> element itself (id, name, type, version, output_names, ...)
	// OutputNames are the model-output tensor names of a Result, from the layer-level
	// output_names attribute (IR v11; `\,` escapes resolved, names trimmed); nil when absent.
	OutputNames []string
	Data        Attrs // attributes of <data>; nil when there is no <data> element
	HasData     bool
	DataOff     int // offset of <data>, or of the layer when there is none

	Inputs  []*Port
	Outputs []*Port
	RTInfo  []*RTInfo

	// Bodies holds the sub-graphs of Loop/TensorIterator (body) and If (then_body, else_body).
	Bodies []*Body
	// PortMap and BackEdges hold the <port_map> (and If's <then_port_map>/<else_port_map>)
	// and <back_edges> entries of sub-graph ops.
	PortMap   []PortMapEntry
	BackEdges []Edge
}

// Port is one <port> of a layer's <input> or <output>.
type Port struct {
	ID        int64 // parsed id; -1 when not an unsigned integer
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

// Edge is one <edge> element. A field is -1 when its attribute is absent or not an
// unsigned integer (a diagnostic reports it).
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
	Map    string // the enclosing element: "port_map", "then_port_map" or "else_port_map"
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
	// Text is the element's character data, trimmed ("" when none): the legacy
	// <quantization_parameters><config> holds its value there.
	Text string
}

// Attr is one XML attribute with the byte offset of its name in the source.
type Attr struct {
	Name, Value string
	Offset      int
	Elem        string // name of the element that carries it ("data", "layer", "port", ...), for messages
}

// Attrs is the list of attributes of one element, in document order.
type Attrs []Attr
