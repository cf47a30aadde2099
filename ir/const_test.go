package ir

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

// constDecl is one Const layer of a generated test IR.
type constDecl struct {
	et, shape    string
	offset, size string
}

// constIR returns an IR v11 with one Const layer per decl (ids 0, 1, ...), no edges.
func constIR(decls ...constDecl) []byte {
	var b strings.Builder
	b.WriteString("<net name=\"consts\" version=\"11\">\n<layers>\n")
	for i, d := range decls {
		prec := "FP32"
		if et, err := ParseElementTypeAttr(d.et); err == nil && et.IsStatic() {
			prec = et.PrecisionName()
		}
		fmt.Fprintf(&b, "<layer id=\"%d\" name=\"c%d\" type=\"Const\" version=\"opset1\">\n"+
			"<data element_type=\"%s\" shape=\"%s\" offset=\"%s\" size=\"%s\"/>\n"+
			"<output><port id=\"0\" precision=\"%s\"/></output>\n</layer>\n",
			i, i, d.et, d.shape, d.offset, d.size, prec)
	}
	b.WriteString("</layers>\n<edges/>\n</net>\n")
	return []byte(b.String())
}

func le32(vs ...uint32) []byte {
	var out []byte
	for _, v := range vs {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	return out
}

func le64(vs ...uint64) []byte {
	var out []byte
	for _, v := range vs {
		out = binary.LittleEndian.AppendUint64(out, v)
	}
	return out
}

func le16(vs ...uint16) []byte {
	var out []byte
	for _, v := range vs {
		out = binary.LittleEndian.AppendUint16(out, v)
	}
	return out
}

func TestConstDecode(t *testing.T) {
	cases := []struct {
		et    string
		shape string
		bytes []byte
		want  any
	}{
		{"f32", "2", le32(math.Float32bits(1.5), math.Float32bits(-2)), []float32{1.5, -2}},
		{"f64", "1", le64(math.Float64bits(0.25)), []float64{0.25}},
		{"f16", "2", le16(0x3C00, 0xC000), []float16.Float16{float16.Fromfloat32(1), float16.Fromfloat32(-2)}},
		{"bf16", "1", le16(0x3F80), []uint16{0x3F80}},
		{"i8", "2", []byte{0xFF, 0x01}, []int8{-1, 1}},
		{"i16", "2", le16(0xFFFE, 7), []int16{-2, 7}},
		{"i32", "1,2", le32(0xFFFFFFFF, 5), []int32{-1, 5}},
		{"i64", "2", le64(math.MaxUint64, 1<<40), []int64{-1, 1 << 40}},
		{"u8", "3", []byte{0, 128, 255}, []uint8{0, 128, 255}},
		{"u16", "1", le16(65535), []uint16{65535}},
		{"u32", "1", le32(4000000000), []uint32{4000000000}},
		{"u64", "1", le64(math.MaxUint64), []uint64{math.MaxUint64}},
		{"boolean", "3", []byte{0, 2, 1}, []bool{false, true, true}},
		// u1: MSB first.
		{"u1", "10", []byte{0b10100000, 0b01000000}, []uint8{1, 0, 1, 0, 0, 0, 0, 0, 0, 1}},
		// u2: MSB first.
		{"u2", "5", []byte{0b11_10_01_00, 0b10_00_00_00}, []uint8{3, 2, 1, 0, 2}},
		// u4, nf4, f4e2m1: low nibble first.
		{"u4", "3", []byte{0x21, 0x03}, []uint8{1, 2, 3}},
		{"nf4", "2", []byte{0xBA}, []uint8{0xA, 0xB}},
		{"f4e2m1", "1", []byte{0x05}, []uint8{5}},
		// i4: low nibble first, sign-extended.
		{"i4", "3", []byte{0xF7, 0x08}, []int8{7, -1, -8}},
		{"f8e4m3", "2", []byte{0x38, 0xC0}, []uint8{0x38, 0xC0}},
		{"f8e5m2", "1", []byte{0x3C}, []uint8{0x3C}},
		{"f8e8m0", "1", []byte{0x7F}, []uint8{0x7F}},
		// u3 split bits: values 0..7; b0b1 holds the low 2 bits (value 0 in bits 15-14),
		// b2 the high bit (value 0 in bit 7).
		{"u3", "8", []byte{0x1B, 0x1B, 0x0F}, []uint8{0, 1, 2, 3, 4, 5, 6, 7}},
		// u6 split bits: values 1, 17, 33, 63; b0b1 the low 4 bits, b2 the high 2 bits.
		{"u6", "4", []byte{0x11, 0x1F, 0x1B}, []uint8{1, 17, 33, 63}},
		// scalar
		{"i32", "", le32(9), []int32{9}},
		// empty tensor
		{"f32", "0,3", nil, []float32{}},
		// strings: N=3, offsets 0,2,2,5, chars "ab" "" "xyz"
		{"string", "3", append(le32(3, 0, 2, 2, 5), "abxyz"...), []string{"ab", "", "xyz"}},
		{"string", "", append(le32(1, 0, 2), "hi"...), []string{"hi"}},
	}
	for _, tc := range cases {
		t.Run(tc.et+"["+tc.shape+"]", func(t *testing.T) {
			// Put the data at offset 3 to exercise the offset.
			bin := append([]byte{9, 9, 9}, tc.bytes...)
			bin = append(bin, 0xEE) // trailing byte the Const does not own
			xml := constIR(constDecl{tc.et, tc.shape, "3", fmt.Sprint(len(tc.bytes))})
			m, err := Parse("c.xml", xml)
			require.NoError(t, err)
			m.SetWeights(NewWeights(bin, "c.bin"))
			require.Empty(t, errorDiags(m))
			v, err := m.ConstValue(m.Layers[0])
			require.NoError(t, err)
			require.Equal(t, tc.want, v.Data)
			n, err := ElementCount(v.Shape)
			require.NoError(t, err)
			require.Equal(t, n, v.Len())
		})
	}
}

func TestConstDecodeU3Partial(t *testing.T) {
	// 9 u3 values need ceil(27/8) = 4 bytes (the size check); the second group's missing
	// bytes read as zero.
	bin := []byte{0x1B, 0x1B, 0x0F, 0xC0}
	m, err := Parse("c.xml", constIR(constDecl{"u3", "9", "0", "4"}))
	require.NoError(t, err)
	m.SetWeights(NewWeights(bin, ""))
	require.Empty(t, errorDiags(m))
	v, err := m.ConstValue(m.Layers[0])
	require.NoError(t, err)
	require.Equal(t, []uint8{0, 1, 2, 3, 4, 5, 6, 7, 3}, v.Data)
}

func TestConstErrors(t *testing.T) {
	cases := []struct {
		name string
		decl constDecl
		bin  []byte
		code string
		msg  string
	}{
		{"offset overflows", constDecl{"f32", "1", "18446744073709551615", "4"}, make([]byte, 8), CodeConstOutOfRange, "Incorrect weights in bin file!"},
		{"size overflows", constDecl{"f32", "1", "4", "18446744073709551615"}, make([]byte, 8), CodeConstOutOfRange, "Incorrect weights in bin file!"},
		{"past end", constDecl{"f32", "2", "4", "8"}, make([]byte, 8), CodeConstOutOfRange, "reads bytes [4, 4+8) but the .bin has 8 bytes"},
		{"size below shape", constDecl{"i64", "4", "0", "16"}, make([]byte, 32), CodeConstSizeMismatch, "shape [4] of i64 needs 32 bytes, size is 16"},
		{"u4 size below shape", constDecl{"u4", "3", "0", "1"}, make([]byte, 4), CodeConstSizeMismatch, "needs 2 bytes, size is 1"},
		{"empty bin", constDecl{"f32", "1", "0", "4"}, []byte{}, CodeConstNoWeights, "Empty weights data in bin file or bin file cannot be found!"},
		{"shape product overflows", constDecl{"f32", "4294967296,4294967296", "0", "4"}, make([]byte, 8), CodeInvalidAttribute, "more than"},
		{"huge dim", constDecl{"f32", "9223372036854775807", "0", "4"}, make([]byte, 8), CodeInvalidAttribute, "out of range"},
		{"negative dim", constDecl{"f32", "-1", "0", "4"}, make([]byte, 8), CodeInvalidAttribute, "out of range"},
		{"bad shape", constDecl{"f32", "1,,1", "0", "4"}, make([]byte, 8), CodeInvalidAttribute, `Cannot get vector of parameters! "1,,1" is incorrect`},
		{"negative offset", constDecl{"f32", "1", "-4", "4"}, make([]byte, 8), CodeInvalidAttribute, "which is not an unsigned 64 bit integer"},
		{"uppercase F32", constDecl{"F32", "1", "0", "4"}, make([]byte, 8), CodeInvalidAttribute, "Incorrect type: F32"},
		{"legacy FP32", constDecl{"FP32", "1", "0", "4"}, make([]byte, 8), CodeInvalidAttribute, `"FP32" is not a member of enum element::Type_t`},
		{"dynamic type", constDecl{"dynamic", "1", "0", "4"}, make([]byte, 8), CodeInvalidAttribute, "has no data layout"},
		{"string short", constDecl{"string", "1", "0", "3"}, make([]byte, 8), CodeConstSizeMismatch, "no batch size"},
		{"string header", constDecl{"string", "2", "0", "12"}, le32(2, 0, 1), CodeConstSizeMismatch, "must contain first string offset and end indices"},
		{"string count", constDecl{"string", "2", "0", "13"}, append(le32(1, 0, 1), 'a'), CodeConstSizeMismatch, "holds 1 strings but the Const shape has 2 elements"},
		{"string offsets", constDecl{"string", "1", "0", "13"}, append(le32(1, 0, 9), 'a'), CodeConstSizeMismatch, "outside the 1 bytes of character data"},
		{"string negative", constDecl{"string", "1", "0", "12"}, le32(0xFFFFFFFF, 0, 0), CodeConstSizeMismatch, "negative string count"},
		{"string backwards", constDecl{"string", "2", "0", "18"}, append(le32(2, 0, 2, 1), 'a', 'b'), CodeConstSizeMismatch, "string 1 spans bytes [2, 1)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse("c.xml", constIR(tc.decl))
			require.NoError(t, err)
			m.SetWeights(NewWeights(tc.bin, "c.bin"))
			errs := errorDiags(m)
			require.Len(t, errs, 1)
			require.Equal(t, tc.code, errs[0].Code)
			require.Contains(t, errs[0].Message, tc.msg)
			require.Equal(t, "0", errs[0].LayerID)
			require.Equal(t, "c0", errs[0].LayerName)
			line, _ := m.Source.LineCol(errs[0].Offset)
			require.Equal(t, 4, line, "points at the <data> line")

			_, err = m.ConstValue(m.Layers[0])
			var fe *FormatError
			require.ErrorAs(t, err, &fe)
			require.Contains(t, fe.Msg, tc.msg)
			require.Equal(t, tc.code, fe.Code)
			require.Equal(t, 4, fe.Line)
			require.Equal(t, "c.xml", fe.File)
		})
	}
}

func TestConstShared(t *testing.T) {
	xml := constIR(
		constDecl{"f32", "2", "0", "8"},
		constDecl{"f32", "2", "0", "8"},   // same blob: shared
		constDecl{"f32", "1,2", "0", "8"}, // other shape: separate
		constDecl{"i32", "2", "0", "8"},   // other type: separate
		constDecl{"f32", "2", "0", "12"},  // other size: separate
		constDecl{"f32", "2", "4", "8"},   // other offset: separate
	)
	m, err := Parse("c.xml", xml)
	require.NoError(t, err)
	m.SetWeights(NewWeights(le32(math.Float32bits(1), math.Float32bits(2), math.Float32bits(3)), ""))
	require.Empty(t, errorDiags(m))
	vals := make([]*Tensor, len(m.Layers))
	for i, l := range m.Layers {
		vals[i], err = m.ConstValue(l)
		require.NoError(t, err)
	}
	require.Same(t, vals[0], vals[1])
	for i := 2; i < len(vals); i++ {
		require.NotSame(t, vals[0], vals[i], "layer %d", i)
	}
	require.Equal(t, []float32{2, 3}, vals[5].Data)
	require.Len(t, m.consts.entries, 5)

	// Concurrent readers all get the one decoded tensor.
	var wg sync.WaitGroup
	got := make([]*Tensor, 16)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := m.ConstValue(m.Layers[i%2])
			if err == nil {
				got[i] = v
			}
		}()
	}
	wg.Wait()
	for _, v := range got {
		require.Same(t, vals[0], v)
	}

	// SetWeights again drops the cache.
	m.SetWeights(NewWeights(le32(math.Float32bits(7), math.Float32bits(8), 0), ""))
	v, err := m.ConstValue(m.Layers[0])
	require.NoError(t, err)
	require.Equal(t, []float32{7, 8}, v.Data)
}

func TestSetWeightsReplacesDiagnostics(t *testing.T) {
	m, err := Parse("c.xml", constIR(constDecl{"f32", "2", "0", "8"}))
	require.NoError(t, err)
	require.Len(t, m.Diagnostics, 1)
	require.Equal(t, CodeNoWeights, m.Diagnostics[0].Code)
	m.SetWeights(NewWeights(make([]byte, 4), ""))
	require.Len(t, m.Diagnostics, 1)
	require.Equal(t, CodeConstOutOfRange, m.Diagnostics[0].Code)
	m.SetWeights(NewWeights(make([]byte, 8), ""))
	require.Empty(t, m.Diagnostics)
	m.SetWeights(nil)
	require.Len(t, m.Diagnostics, 1)
	require.Equal(t, CodeNoWeights, m.Diagnostics[0].Code)
	_, err = m.ConstValue(m.Layers[0])
	require.ErrorContains(t, err, "Empty weights data")
}

func TestConstValueNotConst(t *testing.T) {
	m, err := Parse("c.xml", genChain(3))
	require.NoError(t, err)
	_, err = m.ConstValue(m.Layers[1])
	require.ErrorContains(t, err, `has type "ReLU", not Const`)
	_, err = m.ConstValue(nil)
	require.Error(t, err)
}
