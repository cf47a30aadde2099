package ir

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse checks that no input makes the reader or the Const decoder panic, and that
// every diagnostic offset lies inside the file.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "diag", "*.xml"))
	files = append(files, filepath.Join("testdata", "example", "model.xml"))
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
		}
	}
	f.Add([]byte(ifIR), le32(1, 0, 1, 0))
	f.Add(constIR(constDecl{"string", "1", "0", "13"}), append(le32(1, 0, 1), 'a'))
	f.Add(constIR(constDecl{"u3", "9", "0", "4"}), []byte{1, 2, 3, 4})
	addSeedModels(f, 64<<10, func(xml, bin []byte) { f.Add(xml, bin) })
	f.Fuzz(func(t *testing.T, xml, bin []byte) {
		m, err := Parse("f.xml", xml)
		if err != nil {
			return
		}
		m.SetWeights(NewWeights(bin, "f.bin"))
		for _, d := range m.Diagnostics {
			if d.Offset < -1 || d.Offset > len(xml) {
				t.Fatalf("diagnostic offset %d outside the %d-byte file: %+v", d.Offset, len(xml), d)
			}
		}
		m.WalkLayers(func(l *Layer) bool {
			if l.Type == "Const" {
				_, _ = m.ConstValue(l)
			}
			return true
		})
	})
}
