package ir_test

import (
	"fmt"
	"log"
	"path/filepath"

	"github.com/irrun/irrun/ir"
)

// Load a model with its weights (model.bin beside model.xml) and list its layers.
func ExampleReadFile() {
	m, err := ir.ReadFile(filepath.Join("testdata", "example", "model.xml"), "")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: IR v%d, %d layers, %d edges\n", m.Name, m.Version, len(m.Layers), len(m.Edges))
	for _, l := range m.Layers {
		line, _ := m.Source.LineCol(l.Offset)
		fmt.Printf("line %d: id=%s %s-%s %q", line, l.IDText, l.Type, l.Version, l.Name)
		for _, p := range l.Outputs {
			fmt.Printf(" -> %s%s %v", p.Precision, p.Shape, p.Names)
		}
		fmt.Println()
	}
	fmt.Println("diagnostics:", len(m.Diagnostics))
	// Output:
	// add_bias: IR v11, 4 layers, 3 edges
	// line 4: id=0 Parameter-opset1 "x" -> f32[1,3] [x]
	// line 13: id=1 Const-opset1 "bias" -> f32[1,3] []
	// line 22: id=2 Add-opset1 "add" -> f32[1,3] [y]
	// line 32: id=3 Result-opset1 "y"
	// diagnostics: 0
}

// Read a Const layer's value from the weights.
func ExampleModel_ConstValue() {
	m, err := ir.ReadFile(filepath.Join("testdata", "example", "model.xml"), "")
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range m.Layers {
		if l.Type != "Const" {
			continue
		}
		t, err := m.ConstValue(l)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(l.Name, t.Type, t.Shape, t.Data)
	}
	// Output:
	// bias f32 [1 3] [0.5 1 1.5]
}

// Read typed attributes from a layer's <data>.
func ExampleAttrs() {
	m, err := ir.ReadXMLFile(filepath.Join("testdata", "example", "model.xml"))
	if err != nil {
		log.Fatal(err)
	}
	param := m.Layers[0]
	shape, _, err := param.Data.Shape("shape")
	if err != nil {
		log.Fatal(err)
	}
	et, _, _ := param.Data.ElementType("element_type")
	dims, _, _ := m.Layers[1].Data.Ints("shape")
	bcast, _, _ := m.Layers[2].Data.Enum("auto_broadcast", "none", "numpy", "pdpd")
	fmt.Println(shape, et, dims, bcast)
	// Without the .bin, the Const data is not checked: one info diagnostic says so.
	d := m.Diagnostics[0]
	fmt.Printf("%s [%s] %s\n", d.Severity, d.Code, d.Message)
	// Output:
	// [1,3] f32 [1 3] numpy
	// info [no-weights] no .bin given or found beside the XML; Const data was not checked
}

// Print a fatal read error the way a linter does.
func ExampleDiagnosticOf() {
	_, err := ir.Parse("old.xml", []byte("<?xml version=\"1.0\"?>\n<net name=\"old\" version=\"7\"/>\n"))
	if d, line, col, ok := ir.DiagnosticOf(err); ok {
		fmt.Printf("old.xml:%d:%d: %s: %s [%s]\n", line, col, d.Severity, d.Message, d.Code)
	}
	// Output:
	// old.xml:2:17: error: legacy IR version 7 (Model Optimizer before 2020.1) is not supported; only IR v10 and v11 are [ir-version]
}
