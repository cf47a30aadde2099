package serve

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
)

// swSameRequest checks that the scanner's decoding of (jsonPart, bin), when it accepts
// it, equals encoding/json's (decodeRESTJSON, the reference). It returns whether the
// scanner accepted it.
func swSameRequest(t *testing.T, mv *modelVersion, jsonPart, bin []byte) bool {
	fast, ok := swDecodeBinary(mv, jsonPart, bin)
	if !ok {
		return false
	}
	ref, err := decodeRESTJSON(mv, jsonPart, bin)
	require.NoError(t, err, "the scanner accepted %q, encoding/json did not", jsonPart)
	require.Equal(t, ref.id, fast.id)
	require.Equal(t, ref.outputs, fast.outputs)
	require.Equal(t, ref.binary, fast.binary)
	require.Len(t, fast.inputs, len(ref.inputs))
	for i := range ref.inputs {
		require.Equal(t, ref.inputs[i].Type, fast.inputs[i].Type)
		require.Equal(t, ref.inputs[i].Shape, fast.inputs[i].Shape)
		if ref.inputs[i].Type == ir.String {
			require.Equal(t, ref.inputs[i].Data, fast.inputs[i].Data)
			continue
		}
		rb, _ := dataBytes(ref.inputs[i].Data)
		fb, _ := dataBytes(fast.inputs[i].Data)
		require.Equal(t, rb, fb)
	}
	return true
}

// TestSwDecodeBinary: the headers clients send are decoded by the scanner, with the same
// result as encoding/json; every other form (and every invalid request) is left to
// encoding/json.
func TestSwDecodeBinary(t *testing.T) {
	mv := fuzzModel() // a: FP32 [2,?], b: BYTES, c: FP16 [3]; output y
	a := make([]byte, 8*4)
	for i := range a {
		a[i] = byte(i)
	}
	c := []byte{0x00, 0x3c, 0x00, 0x40, 0x00, 0x42}
	bs := []byte{2, 0, 0, 0, 'h', 'i'}
	// cOnly has input c alone; the other cases use mv, whose three inputs all need data.
	cOnly := &modelVersion{model: "f", label: "1", inputs: mv.inputs[2:], outputs: mv.outputs}
	tests := []struct {
		name   string
		json   string
		bin    []byte
		accept bool
		m      *modelVersion // nil: mv
	}{
		{"one input", `{"inputs":[{"name":"c","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":6}}]}`, c, true, cOnly},
		{"all, binary outputs, id, spaces", "{ \"id\" : \"r-1\",\n \"inputs\": [ {\"name\":\"a\", \"shape\":[2, 4], \"datatype\":\"FP32\", \"parameters\":{\"binary_data_size\":32}},\n" +
			`{"datatype":"BYTES","parameters":{"binary_data_size":6,"other":"x"},"shape":[1],"name":"b"}, {"name":"c","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":6}}],` +
			"\t\"parameters\":{\"binary_data_output\":true, \"n\": -3}, \"outputs\":[{\"name\":\"y\",\"parameters\":{\"binary_data\":false}}]}\r\n", append(append(append([]byte{}, a...), bs...), c...), true, nil},
		{"inputs out of order", `{"inputs":[{"name":"c","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":6}},{"name":"b","shape":[1],"datatype":"BYTES","parameters":{"binary_data_size":6}},{"name":"a","shape":[2,0],"datatype":"FP32","parameters":{"binary_data_size":0}}],"outputs":[]}`, append(append([]byte{}, c...), bs...), true, nil},
		{"output flag only", `{"inputs":[{"name":"c","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":6}}],"outputs":[{"name":"y","parameters":{"binary_data":true}}]}`, c, true, cOnly},
		// Left to encoding/json: other forms, and errors.
		{"json data", `{"inputs":[{"name":"c","shape":[3],"datatype":"FP16","data":[1,2,3]}]}`, nil, false, nil},
		{"escaped name", `{"inputs":[{"name":"\u0063","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":6}}]}`, c, false, nil},
		{"capitalised key", `{"Inputs":[{"name":"c","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":6}}]}`, c, false, nil},
		{"duplicate key", `{"inputs":[{"name":"c","name":"c","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":6}}]}`, c, false, nil},
		{"float size", `{"inputs":[{"name":"c","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":6.0}}]}`, c, false, nil},
		{"null parameter", `{"inputs":[{"name":"c","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":6,"x":null}}]}`, c, false, nil},
		{"trailing data", `{"inputs":[{"name":"c","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":6}}]}]`, c, false, nil},
		{"no shape", `{"inputs":[{"name":"c","datatype":"FP16","parameters":{"binary_data_size":6}}]}`, c, false, nil},
		{"no inputs", `{"inputs":[]}`, nil, false, nil},
		{"wrong size", `{"inputs":[{"name":"c","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":4}}]}`, c[:4], false, nil},
		{"unclaimed bytes", `{"inputs":[{"name":"c","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":6}}]}`, append(append([]byte{}, c...), 0), false, nil},
		{"missing input", `{"inputs":[{"name":"c","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":6}}],"outputs":[{"name":"z"}]}`, c, false, nil},
		{"string flag", `{"inputs":[{"name":"c","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":6}}],"parameters":{"binary_data_output":"yes"}}`, c, false, nil},
		{"leading zero", `{"inputs":[{"name":"c","shape":[03],"datatype":"FP16","parameters":{"binary_data_size":6}}]}`, c, false, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.m
			if m == nil {
				m = mv
			}
			got := swSameRequest(t, m, []byte(tc.json), tc.bin)
			if tc.accept {
				require.True(t, got, "the scanner left a common request to encoding/json")
			} else {
				require.False(t, got)
			}
		})
	}
	// A one-input model: the first case decodes to views of the binary data.
	one := &modelVersion{model: "f", label: "1", inputs: mv.inputs[:1], outputs: mv.outputs}
	buf := make([]float32, 8)
	bin := sliceBytes(buf)
	req, ok := swDecodeBinary(one, []byte(`{"inputs":[{"name":"a","shape":[2,4],"datatype":"FP32","parameters":{"binary_data_size":32}}]}`), bin)
	require.True(t, ok)
	require.Equal(t, []int{2, 4}, req.inputs[0].Shape)
	buf[5] = 7
	require.Equal(t, float32(7), req.inputs[0].Data.([]float32)[5])
	require.Equal(t, []int{0}, req.outputs)
	require.Equal(t, []bool{false}, req.binary)
}

// FuzzSwDecodeREST feeds arbitrary headers and binary data to the scanner: whenever it
// accepts a request, encoding/json's path must decode the same request.
func FuzzSwDecodeREST(f *testing.F) {
	f.Add([]byte(`{"id":"x","inputs":[{"name":"c","shape":[3],"datatype":"FP16","parameters":{"binary_data_size":6}},{"name":"a","shape":[2,1],"datatype":"FP32","parameters":{"binary_data_size":8}},{"name":"b","shape":[1],"datatype":"BYTES","parameters":{"binary_data_size":5}}],"parameters":{"binary_data_output":true},"outputs":[{"name":"y","parameters":{"binary_data":false}}]}`),
		[]byte("\x00\x3c\x00\x40\x00\x42\x00\x00\x80\x3f\x00\x00\x00\x40\x01\x00\x00\x00z"))
	mv := fuzzModel()
	one := &modelVersion{model: "f", label: "1", inputs: mv.inputs[2:], outputs: mv.outputs}
	f.Fuzz(func(t *testing.T, jsonPart, bin []byte) {
		swSameRequest(t, mv, jsonPart, bin)
		swSameRequest(t, one, jsonPart, bin)
	})
}
