package layers

import (
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

type seqInferCase struct {
	typ, opset string
	attrs      []string
	in         []Input
	want       []string // output shapes; nil when err is expected
	err        string
}

func seqIn(t *testing.T, typ ir.ElementType, s string) Input {
	return Input{Type: typ, Shape: shape(t, s)}
}

func seqRunInfer(t *testing.T, cases []seqInferCase) {
	t.Helper()
	for i, c := range cases {
		op := decodeOp(t, c.typ, c.opset, c.attrs...)
		outs, err := op.Infer(c.in)
		if c.want == nil {
			require.ErrorContains(t, err, c.err, "case %d (%s)", i, c.typ)
			continue
		}
		require.NoError(t, err, "case %d (%s)", i, c.typ)
		require.Len(t, outs, len(c.want), "case %d", i)
		for j, w := range c.want {
			require.Equal(t, w, outs[j].Shape.String(), "case %d (%s) output %d", i, c.typ, j)
		}
	}
}
