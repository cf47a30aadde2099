package cli

import (
	"path/filepath"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/ir/npy"
	"github.com/stretchr/testify/require"
)

// v10CLIXML is an IR v10 model: an f16 Parameter x[2] negated into y (f16).
const v10CLIXML = `<?xml version="1.0"?>
<net name="v10" version="10">
  <layers>
    <layer id="0" name="x" type="Parameter" version="opset1">
      <data element_type="f16" shape="2"/>
      <output><port id="0" precision="FP16"><dim>2</dim></port></output>
    </layer>
    <layer id="1" name="neg" type="Negative" version="opset1">
      <input><port id="0"><dim>2</dim></port></input>
      <output><port id="1" precision="FP16"><dim>2</dim></port></output>
    </layer>
    <layer id="2" name="y" type="Result" version="opset1"><input><port id="0"><dim>2</dim></port></input></layer>
  </layers>
  <edges>
    <edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>
    <edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>
  </edges>
</net>
`

// TestV10CLI checks that inspect shows an IR v10 model's run types (OpenVINO Core's f32)
// beside the file's, that run takes and writes f32 (f32 -> f16 rounds to nearest even:
// 1+2^-11 is a tie, giving 1), and that --file-types gives the file's f16.
func TestV10CLI(t *testing.T) {
	dir := t.TempDir()
	xml := writeFile(t, dir, "m.xml", []byte(v10CLIXML))
	writeFile(t, dir, "m.bin", nil)
	r := irrun(t, "inspect", xml)
	requireCode(t, r, 0)
	require.Regexp(t, `"x"\s+f16 \(runs as f32\)\s+\[2\]`, r.stdout)
	require.Regexp(t, `"y"\s+f16 \(runs as f32\)\s+\[2\]`, r.stdout)
	r = irrun(t, "inspect", xml, "--format", "json")
	requireCode(t, r, 0)
	require.Contains(t, r.stdout, `"type": "f16",`)
	require.Contains(t, r.stdout, `"run_type": "f32"`)

	in := filepath.Join(dir, "x.npy")
	require.NoError(t, npy.WriteFile(in, &ir.Tensor{Type: ir.F32, Shape: []int{2}, Data: []float32{1 + 1.0/2048, 2}}))
	out := filepath.Join(dir, "out")
	r = irrun(t, "run", xml, "-i", in, "-o", out)
	requireCode(t, r, 0)
	require.Contains(t, r.stdout, `output "neg" f32 [2]`)
	got, err := npy.ReadFile(filepath.Join(out, "neg.npy"))
	require.NoError(t, err)
	require.Equal(t, []float32{-1, -2}, got.Data)

	// --file-types: the file's f16 output, named by its Result (the file gives no names).
	r = irrun(t, "run", xml, "-i", in, "--file-types")
	requireCode(t, r, 0)
	require.Contains(t, r.stdout, `output "y" f16 [2]`)
}
