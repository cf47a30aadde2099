package graph

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/irrun/irrun/ir"
)

// Load reads the IR at xmlPath with the weights beside it (the same path with the
// extension .bin, when that file exists), builds the graph and compiles it: ir.ReadFile,
// Build and Compile in one call. A model with error diagnostics is refused with an
// *ir.FormatError naming the first (Build's Diagnostics list them all); warnings are
// ignored. Close the Program when done with it.
//
//	p, err := graph.Load("model.xml", graph.Options{})
func Load(xmlPath string, opts Options) (*Program, error) {
	m, err := ir.ReadFile(xmlPath, "")
	if err != nil {
		return nil, err
	}
	return Compile(Build(m), opts)
}

// LoadFS is Load reading from fsys (an embed.FS, os.DirFS, fstest.MapFS ...): the XML at
// xmlPath and the .bin beside it in fsys, when there is one. Paths are fs.FS paths
// (slash-separated, unrooted). The weights are read into memory.
func LoadFS(fsys fs.FS, xmlPath string, opts Options) (*Program, error) {
	xml, err := readFSLimit(fsys, xmlPath, ir.MaxXMLSize)
	if err != nil {
		return nil, err
	}
	m, err := ir.Parse(xmlPath, xml)
	if err != nil {
		return nil, err
	}
	binPath := strings.TrimSuffix(xmlPath, path.Ext(xmlPath)) + ".bin"
	bin, err := fs.ReadFile(fsys, binPath)
	switch {
	case err == nil:
		m.SetWeights(ir.NewWeights(bin, binPath))
	case errors.Is(err, fs.ErrNotExist):
		// no weights, as ReadFile: a model with Const layers then fails to compile
	default:
		return nil, fmt.Errorf("graph: weights file %s: %w", binPath, err)
	}
	return Compile(Build(m), opts)
}

// readFSLimit reads a file of fsys, refusing one larger than limit bytes.
func readFSLimit(fsys fs.FS, name string, limit int64) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("graph: read %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("graph: read %s: %w", name, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("graph: %s is larger than %d bytes, the limit for an IR XML file (ir.MaxXMLSize)", name, limit)
	}
	return data, nil
}

// RunNamed is Run with the inputs and outputs in maps. An input's key is its Parameter's
// name (Inputs()[i].Name) or one of its tensor names; every input must be given once. The
// outputs are keyed by Outputs()[i].Name; when two outputs share a name (two Results fed
// by one port), the later ones are keyed by their Result layer's name instead. Tensors are
// built from Go slices with ir.TensorOf and read back with ir.Data.
//
//	outs, err := p.RunNamed(ctx, map[string]*ir.Tensor{"x": x})
//	y, err := ir.Data[float32](outs["y"])
func (p *Program) RunNamed(ctx context.Context, inputs map[string]*ir.Tensor) (map[string]*ir.Tensor, error) {
	ordered := make([]*ir.Tensor, len(p.inputs))
	given := make([]string, len(p.inputs))
	keys := make([]string, 0, len(inputs))
	for k := range inputs {
		keys = append(keys, k)
	}
	slices.Sort(keys) // deterministic messages
	for _, k := range keys {
		i := p.findInput(k)
		if i < 0 {
			return nil, fmt.Errorf("graph: RunNamed: the model has no input named %q (inputs: %s)", k, p.inputNames())
		}
		if given[i] != "" {
			return nil, fmt.Errorf("graph: RunNamed: input %q is given twice, as %q and %q", p.inputs[i].Name, given[i], k)
		}
		given[i], ordered[i] = k, inputs[k]
	}
	var missing []string
	for i, in := range p.inputs {
		if given[i] == "" {
			missing = append(missing, fmt.Sprintf("%q", in.Name))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("graph: RunNamed: no tensor for input %s (inputs: %s)", strings.Join(missing, ", "), p.inputNames())
	}
	outs, err := p.Run(ctx, ordered)
	if err != nil {
		return nil, err
	}
	res := make(map[string]*ir.Tensor, len(outs))
	for i, o := range p.pubOutputs() {
		key := o.Name
		if _, dup := res[key]; dup {
			key = o.Result
		}
		res[key] = outs[i]
	}
	return res, nil
}

// findInput returns the index of the input whose Parameter name, or else one of whose
// tensor names, is name; -1 when none.
func (p *Program) findInput(name string) int {
	for i, in := range p.pubInputs() {
		if in.Name == name {
			return i
		}
	}
	for i, in := range p.pubInputs() {
		if slices.Contains(in.TensorNames, name) {
			return i
		}
	}
	return -1
}
