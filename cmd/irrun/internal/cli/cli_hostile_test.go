package cli

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Hostile files through the command line: every one exits 1 with a message on stderr,
// never a crash (exit 2 from the Go runtime) or an "internal error".

const hostileArgsEnv = "IRRUN_HOSTILE_ARGS"

// TestHostileChild is the subprocess of runChild: it runs Main with the arguments in
// $IRRUN_HOSTILE_ARGS (tab-separated) and exits with its code.
func TestHostileChild(t *testing.T) {
	args := os.Getenv(hostileArgsEnv)
	if args == "" {
		t.Skip("helper process")
	}
	os.Exit(Main(strings.Split(args, "\t"), strings.NewReader(""), os.Stdout, os.Stderr))
}

// runChild runs irrun in a subprocess, so that a fatal runtime error (out of memory) is
// observed as an exit code instead of killing the test binary.
func runChild(t *testing.T, args ...string) result {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHostileChild$")
	cmd.Env = append(os.Environ(), hostileArgsEnv+"="+strings.Join(args, "\t"), "GOMEMLIMIT=512MiB")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return result{code, out.String(), errb.String()}
}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, data, 0o644))
	return p
}

const hostileParamResult = `<?xml version="1.0"?>
<net name="big" version="11">
<layers>
<layer id="0" name="x" type="Parameter" version="opset1"><data shape="%s" element_type="%s"/><output><port id="0" precision="I64" names="x"/></output></layer>
<layer id="1" name="y" type="Result" version="opset1"><input><port id="0" precision="I64"/></input></layer>
</layers>
<edges><edge from-layer="0" from-port="0" to-layer="1" to-port="0"/></edges>
</net>
`

// TestHostileHugeParameter: a Parameter whose static shape needs terabytes must be refused
// with a message naming the shape and --max-memory before the random input is allocated.
func TestHostileHugeParameter(t *testing.T) {
	dir := t.TempDir()
	xml := writeFile(t, dir, "big.xml", []byte(fmt.Sprintf(hostileParamResult, "1048576,1048576", "i64")))
	for _, cmd := range []string{"run", "bench"} {
		args := []string{cmd, xml}
		if cmd == "run" {
			args = append(args, "-o", filepath.Join(dir, "out"))
		} else {
			args = append(args, "--niter", "1")
		}
		r := runChild(t, args...)
		requireCode(t, r, ExitError)
		require.Contains(t, r.stderr, "--max-memory")
		require.Contains(t, r.stderr, "1048576")
		require.NotContains(t, r.stderr, "internal error")
	}
}

// TestHostileModelFiles runs run, check and inspect on broken model files.
func TestHostileModelFiles(t *testing.T) {
	dir := t.TempDir()
	tiny, err := os.ReadFile(hostilePoolXML)
	require.NoError(t, err)
	cases := []struct {
		name string
		data []byte
		msg  string
	}{
		{"empty", nil, "no root element"},
		{"garbage", []byte("\x00\x01\x02garbage\xff"), "xml-syntax"},
		{"html", []byte("<html><body/></html>"), "root element is <html>, not <net>"},
		{"truncated", tiny[:len(tiny)/2], "xml-syntax"},
		{"doctype", []byte(`<!DOCTYPE net [<!ENTITY a "b">]><net version="11"/>`), "DOCTYPE"},
		{"deep", []byte(`<net version="11">` + strings.Repeat("<a>", 10000) + strings.Repeat("</a>", 10000) + `</net>`), "nested more than 256 levels"},
	}
	for _, tc := range cases {
		p := writeFile(t, dir, tc.name+".xml", tc.data)
		for _, cmd := range []string{"run", "check", "inspect"} {
			r := irrun(t, cmd, p)
			requireCode(t, r, ExitError)
			require.Contains(t, r.stdout+r.stderr, tc.msg, "%s %s", cmd, tc.name)
			require.NotContains(t, r.stderr, "internal error")
		}
	}
}

// TestHostileNpyInputs: .npy inputs whose header lies about the data.
func TestHostileNpyInputs(t *testing.T) {
	dir := t.TempDir()
	npy := func(header string, data []byte) []byte {
		h := header
		for (10+len(h)+1)%64 != 0 {
			h += " "
		}
		h += "\n"
		var b bytes.Buffer
		b.WriteString("\x93NUMPY\x01\x00")
		_ = binary.Write(&b, binary.LittleEndian, uint16(len(h)))
		b.WriteString(h)
		b.Write(data)
		return b.Bytes()
	}
	cases := []struct {
		name string
		data []byte
		msg  string
	}{
		{"shape lies", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1099511627776,), }", make([]byte, 16)),
			"declares shape [1099511627776] of <f4 (4398046511104 bytes of data) but the file holds 16 bytes of data"},
		{"shape overflows", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (9223372036854775807, 9223372036854775807), }", nil),
			"9223372036854775807"},
		{"negative dim", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", nil), "shape"},
		{"truncated", []byte("\x93NUMPY\x01\x00\xff"), "truncated"},
		{"header length lies", append([]byte("\x93NUMPY\x02\x00"), 0xff, 0xff, 0xff, 0x7f), "header length 2147483647 exceeds the limit"},
		{"not npy", []byte("hello"), ".npy"},
	}
	for _, tc := range cases {
		p := writeFile(t, dir, tc.name+".npy", tc.data)
		r := irrun(t, "run", hostilePoolXML, "-i", p, "-o", filepath.Join(dir, "out"))
		requireCode(t, r, ExitError)
		require.Contains(t, r.stderr, tc.msg, tc.name)
		require.NotContains(t, r.stderr, "internal error")
	}
}

// hostilePoolXML is a one-input MaxPool model of the repository's examples.
var hostilePoolXML = filepath.Join("..", "..", "..", "..", "testdata", "examples", "maxpool8-indices", "model.xml")
