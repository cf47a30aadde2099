package ir

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// corpusDir is the shared corpus, relative to the package directory.
var corpusDir = filepath.Join("..", "..", "shared", "corpus")

// needCorpus skips the test when the shared corpus is not checked out beside the module.
func needCorpus(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("shared corpus not found at %s: %v", corpusDir, err)
	}
}

// genChain writes an IR v11 model of n layers (n >= 2): a Parameter, n-2 ReLU layers in a
// chain (each with 4-dim input and output ports, tensor names and rt_info), and a Result.
func genChain(n int) []byte {
	var b bytes.Buffer
	b.Grow(n * 700)
	b.WriteString("<?xml version=\"1.0\"?>\n<net name=\"chain\" version=\"11\">\n\t<layers>\n")
	dims := "\t\t\t\t\t<dim>1</dim>\n\t\t\t\t\t<dim>3</dim>\n\t\t\t\t\t<dim>-1</dim>\n\t\t\t\t\t<dim>224</dim>\n"
	fmt.Fprintf(&b, "\t\t<layer id=\"0\" name=\"input\" type=\"Parameter\" version=\"opset1\">\n"+
		"\t\t\t<data shape=\"1,3,?,224\" element_type=\"f32\"/>\n"+
		"\t\t\t<output>\n\t\t\t\t<port id=\"0\" precision=\"FP32\" names=\"input\">\n%s\t\t\t\t</port>\n\t\t\t</output>\n\t\t</layer>\n", dims)
	for i := 1; i < n-1; i++ {
		fmt.Fprintf(&b, "\t\t<layer id=\"%d\" name=\"relu_%d\" type=\"ReLU\" version=\"opset1\">\n"+
			"\t\t\t<rt_info>\n\t\t\t\t<attribute name=\"fused_names\" version=\"0\" value=\"relu_%d\"/>\n\t\t\t</rt_info>\n"+
			"\t\t\t<input>\n\t\t\t\t<port id=\"0\" precision=\"FP32\">\n%s\t\t\t\t</port>\n\t\t\t</input>\n"+
			"\t\t\t<output>\n\t\t\t\t<port id=\"1\" precision=\"FP32\" names=\"t%d\">\n%s\t\t\t\t</port>\n\t\t\t</output>\n\t\t</layer>\n",
			i, i, i, dims, i, dims)
	}
	fmt.Fprintf(&b, "\t\t<layer id=\"%d\" name=\"output\" type=\"Result\" version=\"opset1\">\n"+
		"\t\t\t<input>\n\t\t\t\t<port id=\"0\" precision=\"FP32\">\n%s\t\t\t\t</port>\n\t\t\t</input>\n\t\t</layer>\n", n-1, dims)
	b.WriteString("\t</layers>\n\t<edges>\n")
	for i := 1; i < n; i++ {
		fromPort := 1
		if i == 1 {
			fromPort = 0
		}
		fmt.Fprintf(&b, "\t\t<edge from-layer=\"%d\" from-port=\"%d\" to-layer=\"%d\" to-port=\"0\"/>\n", i-1, fromPort, i)
	}
	b.WriteString("\t</edges>\n\t<rt_info>\n\t\t<Runtime_version value=\"test\"/>\n\t</rt_info>\n</net>\n")
	return b.Bytes()
}
