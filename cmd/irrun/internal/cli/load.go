package cli

import (
	"errors"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"time"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

// maxLoadDiagnostics is how many diagnostics run and bench print before summarising (check
// prints them all).
const maxLoadDiagnostics = 20

// loaded is a model read, built and compiled.
type loaded struct {
	xml   string
	model *ir.Model
	graph *graph.Graph
	prog  *graph.Program
	// readTime is the time taken to read and parse the files; compileTime the time to build,
	// infer and compile the graph (benchmark_app's "Read model" and "Compile model").
	readTime, compileTime time.Duration
}

// loadProgram reads MODEL.xml [MODEL.bin], builds the graph and compiles it. Error and
// warning diagnostics go to stderr; a model with errors returns exitError 1 after printing
// them.
func (e *env) loadProgram(args []string, opts graph.Options) (*loaded, error) {
	xml, bin := args[0], ""
	if len(args) > 1 {
		bin = args[1]
	}
	t0 := time.Now()
	restoreGC := mfParseGC(xml)
	m, err := ir.ReadFile(xml, bin)
	restoreGC()
	if err != nil {
		return nil, readError(xml, err)
	}
	t1 := time.Now()
	g := graph.Build(m)
	e.printLoadDiagnostics(m, g.Diagnostics)
	if g.HasErrors() {
		return nil, &exitError{ExitError}
	}
	p, err := graph.Compile(g, opts)
	if err != nil {
		return nil, err
	}
	return &loaded{xml: xml, model: m, graph: g, prog: p, readTime: t1.Sub(t0), compileTime: time.Since(t1)}, nil
}

// mfParseGCPercent is the garbage collector's target percentage while model.xml is
// parsed: etree's document is many small objects that are garbage once the model is read,
// and at the default 100 the collector runs several cycles over the growing document
// (a quarter of person-reid-0287-int8's load CPU). mfParseGCMaxXML is the largest XML
// file it applies to, so the heap of a parse stays bounded (up to about five times the
// document's); larger files parse at the process's setting.
const (
	mfParseGCPercent = 400
	mfParseGCMaxXML  = 16 << 20
)

// mfParseGC raises the GC percentage for the parse of xml and returns the function that
// restores it. It changes nothing when the user chose GOGC or a memory limit (GOMEMLIMIT,
// debug.SetMemoryLimit), or when the file is larger than mfParseGCMaxXML.
func mfParseGC(xml string) (restore func()) {
	restore = func() {}
	if _, set := os.LookupEnv("GOGC"); set || debug.SetMemoryLimit(-1) != math.MaxInt64 {
		return restore
	}
	if fi, err := os.Stat(xml); err != nil || fi.Size() > mfParseGCMaxXML {
		return restore
	}
	old := debug.SetGCPercent(mfParseGCPercent)
	if old < 0 || old > mfParseGCPercent { // off, or already higher: leave it
		debug.SetGCPercent(old)
		return restore
	}
	return func() { debug.SetGCPercent(old) }
}

// readError formats a fatal read error like a diagnostic when it carries one.
func readError(file string, err error) error {
	if d, line, col, ok := ir.DiagnosticOf(err); ok {
		return fmt.Errorf("%s", diagText(file, line, col, d))
	}
	return errors.New(ioMessage(err))
}

// printLoadDiagnostics prints the error and warning diagnostics of a model being run.
func (e *env) printLoadDiagnostics(m *ir.Model, diags []ir.Diagnostic) {
	n := 0
	for _, d := range diags {
		if d.Severity > ir.SeverityWarning {
			continue
		}
		if n == maxLoadDiagnostics {
			rest := 0
			for _, d := range diags {
				if d.Severity <= ir.SeverityWarning {
					rest++
				}
			}
			fmt.Fprintf(e.stderr, "... and %d more; 'irrun check %s' lists them all\n", rest-n, m.Source.Name)
			return
		}
		n++
		line, col := m.Source.LineCol(d.Offset)
		fmt.Fprintln(e.stderr, diagText(m.Source.Name, line, col, d))
	}
}

// diagText formats one diagnostic as "file:line:col: severity: message [code]".
func diagText(file string, line, col int, d ir.Diagnostic) string {
	pos := file
	if line > 0 {
		pos = fmt.Sprintf("%s:%d:%d", file, line, col)
	}
	s := fmt.Sprintf("%s: %s: %s", pos, d.Severity, d.Message)
	if d.Code != "" {
		s += " [" + d.Code + "]"
	}
	return s
}
