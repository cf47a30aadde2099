package ir

import (
	"testing"
)

// FuzzConstValue decodes one Const layer with fuzzed element type, shape, offset and size
// against fuzzed weights. It must never panic, a decoded tensor must hold exactly the
// elements its shape declares, and the memory it takes is bounded by the .bin: at most 8
// elements per byte of weights (u1), never a count taken from the XML alone.
func FuzzConstValue(f *testing.F) {
	for _, s := range []struct {
		et, shape, off, size string
		bin                  []byte
	}{
		{"f32", "2", "0", "8", make([]byte, 8)},
		{"f16", "1,3", "2", "6", make([]byte, 8)},
		{"u1", "9", "0", "2", []byte{0xa5, 0x80}},
		{"u3", "9", "0", "4", []byte{1, 2, 3, 4}},
		{"u6", "5", "1", "6", make([]byte, 7)},
		{"i4", "3", "0", "2", []byte{0xf1, 0x07}},
		{"string", "1", "0", "13", append(le32(1, 0, 1), 'a')},
		{"string", "2", "0", "16", le32(2, 0, 1, 0xffffffff)},
		{"boolean", "0", "0", "0", []byte{1}},
		{"i64", "1099511627776", "0", "8", make([]byte, 8)},
		{"f32", "0,1099511627776,1099511627776", "0", "0", []byte{1}},
		{"u8", "4", "18446744073709551615", "2", make([]byte, 4)},
		{"u8", "4", "2", "18446744073709551615", make([]byte, 4)},
		{"f64", "-1", "0", "8", make([]byte, 8)},
		{"dynamic", "1", "0", "1", make([]byte, 1)},
	} {
		f.Add(s.et, s.shape, s.off, s.size, s.bin)
	}
	f.Fuzz(func(t *testing.T, et, shape, off, size string, bin []byte) {
		l := &Layer{Type: "Const", Name: "c", IDText: "0", HasData: true, Data: Attrs{
			{Name: "element_type", Value: et, Elem: "data"},
			{Name: "shape", Value: shape, Elem: "data"},
			{Name: "offset", Value: off, Elem: "data"},
			{Name: "size", Value: size, Elem: "data"},
		}}
		m := &Model{Layers: []*Layer{l}}
		m.SetWeights(NewWeights(bin, "f.bin"))
		v, err := m.ConstValue(l)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		n, err := ElementCount(v.Shape)
		if err != nil {
			t.Fatalf("decoded shape %v: %v", v.Shape, err)
		}
		if v.Len() != n {
			t.Fatalf("decoded %d elements for shape %v (%d)", v.Len(), v.Shape, n)
		}
		if n > 8*len(bin) {
			t.Fatalf("decoded %d elements from a %d-byte .bin", n, len(bin))
		}
		// A second call returns the cached tensor.
		if w, err := m.ConstValue(l); err != nil || w != v {
			t.Fatalf("second ConstValue: %v, %v", w, err)
		}
	})
}
