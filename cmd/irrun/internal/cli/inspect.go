package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

type inspectOptions struct {
	format string
	show   []string
}

func (e *env) newInspectCmd() *cobra.Command {
	o := &inspectOptions{}
	cmd := &cobra.Command{
		Use:   "inspect MODEL.xml [MODEL.bin] [flags]",
		Short: "Describe a model: inputs, outputs, op types and layers",
		Long: `Describe a model: IR version, producer, inputs and outputs with their types and shapes,
op-type counts and a table of the top-level layers with each output's type and shape
(inferred where irrun implements the op, as declared otherwise).

Only the XML is read unless MODEL.bin is given or --show weights asks for Const statistics
(then the .bin beside the XML is used when MODEL.bin is not given).`,
		Example: `  irrun inspect model.xml
  irrun inspect model.xml --show attrs
  irrun inspect model.xml model.bin --show weights
  irrun inspect model.xml --format json`,
		Args: modelArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return e.inspect(cmd, args, o) },
	}
	cmd.Flags().StringVar(&o.format, "format", "text", "output format: text or json")
	cmd.Flags().StringSliceVar(&o.show, "show", []string{"layers"}, "what to add to the summary: layers, attrs, weights (comma-separated), or none")
	return cmd
}

// inspectDoc is the --format json document.
type inspectDoc struct {
	Name      string        `json:"name"`
	IRVersion int           `json:"ir_version"`
	Inputs    []ioEntry     `json:"inputs"`
	Outputs   []ioEntry     `json:"outputs"`
	Layers    []layerEntry  `json:"layers"`
	extra     inspectExtras // text only
}

type inspectExtras struct {
	file, producer string
	opCounts       []opCount
}

type opCount struct {
	name      string
	n         int
	supported bool
}

type ioEntry struct {
	Name  string `json:"name"`
	Type  string `json:"type"`
	Shape string `json:"shape"`
	// RunType is the element type run and serve give the tensor when it differs from
	// Type: an IR v10 model's legacy types, as OpenVINO's Core (graph.LegacyType).
	RunType string `json:"run_type,omitempty"`
}

// typeText is the text view's type column: "f16 (runs as f32)" when they differ.
func (e ioEntry) typeText() string {
	if e.RunType != "" {
		return e.Type + " (runs as " + e.RunType + ")"
	}
	return e.Type
}

// v10RunType is the run_type of an input or output of element type t in m.
func v10RunType(m *ir.Model, t ir.ElementType, input bool) string {
	if m.Version != 10 {
		return ""
	}
	if r := graph.LegacyType(t, input); r != t {
		return r.String()
	}
	return ""
}

type layerEntry struct {
	ID        string            `json:"id"`
	Name      string            `json:"name"`
	Type      string            `json:"type"`
	Version   string            `json:"version"`
	Supported bool              `json:"supported"`
	Outputs   []portEntry       `json:"outputs"`
	Attrs     map[string]string `json:"attrs,omitempty"`
	Weights   *weightStats      `json:"weights,omitempty"`

	attrList ir.Attrs
}

type portEntry struct {
	Port  int64  `json:"port"`
	Type  string `json:"type"`
	Shape string `json:"shape"`
}

type weightStats struct {
	Type  string   `json:"type"`
	Shape string   `json:"shape"`
	Min   *float64 `json:"min,omitempty"`
	Max   *float64 `json:"max,omitempty"`
	Error string   `json:"error,omitempty"`
}

func (e *env) inspect(cmd *cobra.Command, args []string, o *inspectOptions) error {
	if o.format != "text" && o.format != "json" {
		return usagef(cmd, "--format %q: want text or json", o.format)
	}
	show := map[string]bool{}
	for _, s := range o.show {
		switch s = strings.TrimSpace(s); s {
		case "layers", "attrs", "weights", "none", "":
			show[s] = true
		default:
			return usagef(cmd, "--show %q: want layers, attrs, weights or none", s)
		}
	}
	xml := args[0]
	var m *ir.Model
	var err error
	switch {
	case len(args) > 1:
		m, err = ir.ReadFile(xml, args[1])
	case show["weights"]:
		m, err = ir.ReadFile(xml, "")
	default:
		m, err = ir.ReadXMLFile(xml)
	}
	if err != nil {
		return readError(xml, err)
	}
	if show["weights"] && m.Weights == nil {
		return fmt.Errorf("--show weights needs the weights: no .bin given or found beside %s", xml)
	}
	g := graph.Build(m)
	for _, d := range g.Diagnostics {
		if d.Severity == ir.SeverityError {
			line, col := m.Source.LineCol(d.Offset)
			fmt.Fprintln(e.stderr, diagText(xml, line, col, d))
		}
	}
	doc := describe(xml, m, g, show)
	if o.format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(doc); err != nil {
			return err
		}
	} else {
		writeInspectText(e.stdout, doc, show)
	}
	if g.HasErrors() {
		fmt.Fprintf(e.stderr, "%s has errors; 'irrun check %s' lists every diagnostic\n", xml, xml)
		return &exitError{ExitError}
	}
	return nil
}

// describe builds the inspect document from the graph.
func describe(file string, m *ir.Model, g *graph.Graph, show map[string]bool) inspectDoc {
	doc := inspectDoc{Name: m.Name, IRVersion: m.Version, Inputs: []ioEntry{}, Outputs: []ioEntry{}, Layers: []layerEntry{}}
	doc.extra.file = file
	doc.extra.producer = producer(m)
	for _, n := range g.Parameters {
		o := outputOf(n, 0)
		doc.Inputs = append(doc.Inputs, ioEntry{Name: n.Name(), Type: o.Type.String(), Shape: o.Shape.String(),
			RunType: v10RunType(m, o.Type, true)})
	}
	for _, r := range g.Results {
		name, typ, shape, runType := r.Name(), "undefined", "[...]", ""
		if len(r.Inputs) > 0 && r.Inputs[0].Node != nil {
			src := r.Inputs[0]
			o := outputOf(src.Node, src.Output)
			typ, shape, runType = o.Type.String(), o.Shape.String(), v10RunType(m, o.Type, false)
			if o.Port != nil && len(o.Port.Names) > 0 {
				name = o.Port.Names[0]
			}
		}
		doc.Outputs = append(doc.Outputs, ioEntry{Name: name, Type: typ, Shape: shape, RunType: runType})
	}
	counts := map[string]int{}
	supported := map[string]bool{}
	for _, n := range g.Nodes {
		l := n.Layer
		le := layerEntry{ID: l.IDText, Name: l.Name, Type: l.Type, Version: l.Version, Supported: n.Supported(),
			Outputs: []portEntry{}, attrList: l.Data}
		if !strings.EqualFold(l.Type, "Result") {
			for i, o := range n.Outputs {
				port := int64(len(l.Inputs) + i)
				if o.Port != nil {
					port = o.Port.ID
				}
				le.Outputs = append(le.Outputs, portEntry{Port: port, Type: o.Type.String(), Shape: o.Shape.String()})
			}
		}
		if show["attrs"] && len(l.Data) > 0 {
			le.Attrs = map[string]string{}
			for _, a := range l.Data {
				le.Attrs[a.Name] = a.Value
			}
		}
		if show["weights"] && l.Type == "Const" {
			le.Weights = constStats(m, l)
		}
		doc.Layers = append(doc.Layers, le)
		key := l.Type + " (" + l.Version + ")"
		if n.Def != nil {
			key = n.Def.Name()
		}
		counts[key]++
		supported[key] = n.Supported()
	}
	for k, n := range counts {
		doc.extra.opCounts = append(doc.extra.opCounts, opCount{k, n, supported[k]})
	}
	slices.SortFunc(doc.extra.opCounts, func(a, b opCount) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return strings.Compare(a.name, b.name)
	})
	return doc
}

func outputOf(n *graph.Node, i int) graph.Output {
	if i < len(n.Outputs) {
		return n.Outputs[i]
	}
	return graph.Output{Type: ir.Dynamic, Shape: ir.DynamicRankShape()}
}

func constStats(m *ir.Model, l *ir.Layer) *weightStats {
	ws := &weightStats{Type: l.Data.Value("element_type"), Shape: "[" + l.Data.Value("shape") + "]"}
	t, err := m.ConstValue(l)
	if err != nil {
		ws.Error = err.Error()
		return ws
	}
	ws.Type, ws.Shape = t.Type.String(), shapeText(t.Shape)
	if st, _, ok := tensorStats(t); ok && st.n > 0 && st.nan < st.n {
		lo, hi := st.min, st.max
		ws.Min, ws.Max = &lo, &hi
	}
	return ws
}

// producer returns the tool and version that wrote the model, from rt_info or meta_data.
func producer(m *ir.Model) string {
	var version, framework string
	var walk func(rs []*ir.RTInfo)
	walk = func(rs []*ir.RTInfo) {
		for _, r := range rs {
			switch r.Tag {
			case "Runtime_version", "MO_version":
				if version == "" {
					version = r.Attrs.Value("value")
				}
			case "framework":
				if framework == "" {
					framework = r.Attrs.Value("value")
				}
			}
			walk(r.Children)
		}
	}
	walk(m.RTInfo)
	walk(m.Legacy)
	if version == "" {
		return ""
	}
	s := "OpenVINO " + version
	if framework != "" {
		s += " from " + framework
	}
	return s
}

func writeInspectText(w io.Writer, doc inspectDoc, show map[string]bool) {
	fmt.Fprintf(w, "model     %s\n", doc.Name)
	fmt.Fprintf(w, "file      %s\n", doc.extra.file)
	ver := "IR v" + strconv.Itoa(doc.IRVersion)
	if doc.extra.producer != "" {
		ver += ", written by " + doc.extra.producer
	}
	fmt.Fprintf(w, "format    %s\n", ver)
	var tb strings.Builder
	tw := tabwriter.NewWriter(&tb, 0, 0, 2, ' ', 0)
	flush := func() {
		tw.Flush()
		for _, line := range strings.SplitAfter(tb.String(), "\n") {
			if line != "" {
				fmt.Fprintln(w, strings.TrimRight(line, " \n"))
			}
		}
		tb.Reset()
	}
	fmt.Fprintf(w, "inputs    %d\n", len(doc.Inputs))
	for _, in := range doc.Inputs {
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", strconv.Quote(in.Name), in.typeText(), in.Shape)
	}
	flush()
	fmt.Fprintf(w, "outputs   %d\n", len(doc.Outputs))
	for _, out := range doc.Outputs {
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", strconv.Quote(out.Name), out.typeText(), out.Shape)
	}
	flush()
	unsupported := 0
	for _, l := range doc.Layers {
		if !l.Supported {
			unsupported++
		}
	}
	fmt.Fprintf(w, "layers    %d", len(doc.Layers))
	if unsupported > 0 {
		fmt.Fprintf(w, " (%d not supported by irrun)", unsupported)
	}
	fmt.Fprintln(w)
	for _, c := range doc.extra.opCounts {
		note := ""
		if !c.supported {
			note = "not supported"
		}
		fmt.Fprintf(tw, "  %s\t%d\t%s\n", c.name, c.n, note)
	}
	flush()
	if !show["layers"] && !show["attrs"] && !show["weights"] {
		return
	}
	fmt.Fprintln(w)
	// The table is rendered first so that the attribute and weight lines under a row do not
	// widen its columns.
	tt := tabwriter.NewWriter(&tb, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tt, "id\tname\ttype\tversion\tsupported\toutputs\n")
	for _, l := range doc.Layers {
		var outs []string
		for _, o := range l.Outputs {
			outs = append(outs, fmt.Sprintf("%d:%s%s", o.Port, o.Type, o.Shape))
		}
		sup := "yes"
		if !l.Supported {
			sup = "no"
		}
		name := l.Name
		if len(name) > 60 {
			name = name[:57] + "..."
		}
		fmt.Fprintf(tt, "%s\t%s\t%s\t%s\t%s\t%s\n", l.ID, name, l.Type, l.Version, sup, strings.Join(outs, " "))
	}
	tt.Flush()
	rows := strings.Split(strings.TrimSuffix(tb.String(), "\n"), "\n")
	fmt.Fprintln(w, strings.TrimRight(rows[0], " "))
	for i, l := range doc.Layers {
		fmt.Fprintln(w, strings.TrimRight(rows[i+1], " "))
		if show["attrs"] && len(l.attrList) > 0 {
			var as []string
			for _, a := range l.attrList {
				as = append(as, a.Name+"="+strconv.Quote(a.Value))
			}
			fmt.Fprintf(w, "    attrs: %s\n", strings.Join(as, " "))
		}
		if ws := l.Weights; ws != nil {
			switch {
			case ws.Error != "":
				fmt.Fprintf(w, "    weights: %s\n", ws.Error)
			case ws.Min != nil:
				fmt.Fprintf(w, "    weights: %s %s min %s max %s\n", ws.Type, ws.Shape, fmtVal(*ws.Min), fmtVal(*ws.Max))
			default:
				fmt.Fprintf(w, "    weights: %s %s\n", ws.Type, ws.Shape)
			}
		}
	}
}
