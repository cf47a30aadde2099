package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

// codeReadError is the rule code check gives a file it cannot open or read.
const codeReadError = "read-error"

// lintRulesURL is where every rule code is documented (one anchor per code).
const lintRulesURL = "https://github.com/irrun/irrun/blob/main/docs/lint-rules.md"

// projectURL is the tool's informationUri in SARIF.
const projectURL = "https://github.com/irrun/irrun"

type checkOptions struct {
	format string
}

// finding is one diagnostic of one file, positioned.
type finding struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Col       int    `json:"col"`
	Severity  string `json:"severity"`
	Code      string `json:"code"`
	Message   string `json:"message"`
	LayerID   string `json:"layer_id"`
	LayerName string `json:"layer_name"`

	offset int
	sev    ir.Severity
}

func (e *env) newCheckCmd() *cobra.Command {
	o := &checkOptions{}
	cmd := &cobra.Command{
		Use:   "check FILE.xml [FILE.bin] ... [flags]",
		Short: "Check IR files and print every problem with its position and rule code",
		Long: `Check IR files without running them: read each one, build its graph, infer its shapes,
and print every diagnostic as file:line:col: severity: message [rule-code]
(rules: docs/lint-rules.md). A .bin argument belongs to the .xml before it; without one,
the .bin beside the .xml is used when present, else the XML alone is checked.

Exit status: 0 when no diagnostic is an error, 1 when one is, 2 on a usage error.`,
		Example: `  irrun check model.xml
  irrun check a.xml a.bin b.xml --format json
  irrun check models/*.xml --format sarif > irrun.sarif`,
		RunE: func(cmd *cobra.Command, args []string) error { return e.check(cmd, args, o) },
	}
	cmd.Flags().StringVar(&o.format, "format", "text", "output format: text, json or sarif")
	return cmd
}

// checkTarget is one xml with its optional explicit .bin.
type checkTarget struct{ xml, bin string }

func pairFiles(cmd *cobra.Command, args []string) ([]checkTarget, error) {
	if len(args) == 0 {
		return nil, usagef(cmd, "no files given")
	}
	var ts []checkTarget
	for _, a := range args {
		if strings.EqualFold(filepath.Ext(a), ".bin") {
			if len(ts) == 0 || ts[len(ts)-1].bin != "" {
				return nil, usagef(cmd, "%s: a .bin file must follow the .xml file it belongs to", a)
			}
			ts[len(ts)-1].bin = a
			continue
		}
		ts = append(ts, checkTarget{xml: a})
	}
	return ts, nil
}

func (e *env) check(cmd *cobra.Command, args []string, o *checkOptions) error {
	if o.format != "text" && o.format != "json" && o.format != "sarif" {
		return usagef(cmd, "--format %q: want text, json or sarif", o.format)
	}
	targets, err := pairFiles(cmd, args)
	if err != nil {
		return err
	}
	var all []finding
	for _, t := range targets {
		all = append(all, checkFile(t)...)
	}
	var nerr, nwarn, ninfo int
	for _, f := range all {
		switch f.sev {
		case ir.SeverityError:
			nerr++
		case ir.SeverityWarning:
			nwarn++
		default:
			ninfo++
		}
	}
	switch o.format {
	case "text":
		for _, f := range all {
			fmt.Fprintln(e.stdout, diagText(f.File, f.Line, f.Col, ir.Diagnostic{Severity: f.sev, Code: f.Code, Message: f.Message}))
		}
	case "json":
		if all == nil {
			all = []finding{}
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(all); err != nil {
			return err
		}
	case "sarif":
		if err := writeSARIF(e.stdout, all); err != nil {
			return err
		}
	}
	fmt.Fprintf(e.stderr, "%s: %s, %s, %s\n", plural(len(targets), "file"), plural(nerr, "error"), plural(nwarn, "warning"), plural(ninfo, "info"))
	if nerr > 0 {
		return &exitError{ExitError}
	}
	return nil
}

func plural(n int, what string) string {
	if n == 1 || what == "info" {
		return fmt.Sprintf("%d %s", n, what)
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// checkFile reads, builds and lints one file; the findings are sorted by offset.
func checkFile(t checkTarget) []finding {
	m, err := ir.ReadFile(t.xml, t.bin)
	if err != nil {
		if d, line, col, ok := ir.DiagnosticOf(err); ok {
			return []finding{newFinding(t.xml, line, col, d)}
		}
		return []finding{newFinding(t.xml, 0, 0, ir.Diagnostic{Severity: ir.SeverityError, Code: codeReadError,
			Message: ioMessage(err), Offset: -1})}
	}
	g := graph.Build(m)
	diags := slices.Clone(g.Diagnostics)
	slices.SortStableFunc(diags, func(a, b ir.Diagnostic) int { return a.Offset - b.Offset })
	out := make([]finding, 0, len(diags))
	for _, d := range diags {
		line, col := m.Source.LineCol(d.Offset)
		out = append(out, newFinding(t.xml, line, col, d))
	}
	return out
}

// ioMessage turns an error opening or reading a file into a short message:
// "cannot open a.xml: no such file or directory".
func ioMessage(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Sprintf("cannot %s %s: %v", pe.Op, pe.Path, pe.Err)
	}
	return strings.TrimPrefix(err.Error(), "ir: ")
}

func newFinding(file string, line, col int, d ir.Diagnostic) finding {
	return finding{File: file, Line: line, Col: col, Severity: d.Severity.String(), Code: d.Code, Message: d.Message,
		LayerID: d.LayerID, LayerName: d.LayerName, offset: d.Offset, sev: d.Severity}
}

// SARIF 2.1.0 document, the subset irrun writes.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Version        string      `json:"version"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
	HelpURI          string       `json:"helpUri"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
}

func sarifLevel(s ir.Severity) string {
	switch s {
	case ir.SeverityError:
		return "error"
	case ir.SeverityWarning:
		return "warning"
	}
	return "note"
}

func writeSARIF(w io.Writer, all []finding) error {
	drv := sarifDriver{Name: "irrun", InformationURI: projectURL, Version: moduleVersion(), Rules: []sarifRule{}}
	index := map[string]int{}
	results := []sarifResult{}
	for _, f := range all {
		code := f.Code
		if code == "" {
			code = "unknown"
		}
		k, ok := index[code]
		if !ok {
			k = len(drv.Rules)
			index[code] = k
			drv.Rules = append(drv.Rules, sarifRule{ID: code, ShortDescription: sarifMessage{Text: ruleDescription(code)},
				HelpURI: lintRulesURL + "#" + code})
		}
		msg := f.Message
		loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: filepath.ToSlash(f.File)}}}
		if f.Line > 0 {
			loc.PhysicalLocation.Region = &sarifRegion{StartLine: f.Line, StartColumn: f.Col}
		}
		results = append(results, sarifResult{RuleID: code, RuleIndex: k, Level: sarifLevel(f.sev),
			Message: sarifMessage{Text: msg}, Locations: []sarifLocation{loc}})
	}
	doc := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{{Tool: sarifTool{Driver: drv}, ColumnKind: "unicodeCodePoints", Results: results}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// ruleDescriptions is the one-line description of each rule code (docs/lint-rules.md has
// the details and examples).
var ruleDescriptions = map[string]string{
	"xml-syntax":              "The file is not well-formed XML (or nests too deep).",
	"not-ir":                  "The root element is not <net>: not an OpenVINO IR file.",
	"ir-version":              "The IR version is missing, not a number, or not 10 or 11.",
	"missing-attribute":       "A mandatory attribute is absent.",
	"invalid-attribute":       "An attribute value does not parse or is out of range.",
	"attribute-ignored":       "An attribute value OpenVINO silently replaces (bad boolean or integer).",
	"invalid-dim":             "A port <dim> is not an integer >= -1.",
	"invalid-precision":       "A port precision is not an element type.",
	"duplicate-rt-info":       "Two rt_info attributes share one name.",
	"const-no-weights":        "A Const needs data but the .bin is empty.",
	"const-out-of-range":      "A Const's bytes lie outside the .bin.",
	"const-size-mismatch":     "A Const's size is below what its shape and type need.",
	"no-weights":              "No .bin was given or found: Const data was not checked.",
	"missing-data":            "A Parameter or Const has no <data> element.",
	"unknown-opset":           "A layer's version names no known opset.",
	"op-not-in-opset":         "The layer's opset does not contain its op type.",
	"unsupported-op":          "irrun does not implement the op at this version.",
	"unsupported-feature":     "irrun does not implement a value or feature the layer uses.",
	"op-validation":           "The op rejects its inputs or attributes (OpenVINO's validation).",
	"duplicate-layer-id":      "Two layers of one graph share an id.",
	"edge-missing-layer":      "An edge names a layer id that does not exist.",
	"edge-missing-port":       "An edge names a port the layer does not have.",
	"duplicate-input-edge":    "Two edges feed one input port.",
	"input-not-connected":     "An input port has no edge.",
	"cycle":                   "The layers form a cycle.",
	"unreachable-layer":       "A layer feeds no Result.",
	"port-dims-mismatch":      "An input port's dims are incompatible with its producer's output port.",
	"declared-shape-mismatch": "A declared shape is incompatible with the inferred one.",
	"port-precision-mismatch": "A port's declared precision differs from the inferred type.",
	codeReadError:             "The file cannot be opened or read.",
}

func ruleDescription(code string) string {
	if d, ok := ruleDescriptions[code]; ok {
		return d
	}
	return "See " + lintRulesURL + "#" + code
}
