package cli

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"math"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/ir/npy"
)

// freePort returns a port that was free a moment ago on 127.0.0.1.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// TestServeWithRealClients starts "irrun serve" with the arguments of KServe's
// kserve-openvino runtime (bound to 127.0.0.1), then asks it with curl (REST JSON and
// binary) and grpcurl (gRPC raw) for the outputs "irrun run -o" writes for the same
// input; each must equal them exactly. Each client is skipped when it is not installed.
func TestServeWithRealClients(t *testing.T) {
	curl, err := exec.LookPath("curl")
	if err != nil {
		t.Skip("curl is not installed")
	}
	dir := t.TempDir()
	modelDir := filepath.Join(dir, "models", "pool", "1")
	require.NoError(t, os.MkdirAll(modelDir, 0o755))
	xml, err := os.ReadFile("../../../../testdata/examples/maxpool8-indices/model.xml")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(modelDir, "model.xml"), xml, 0o644))
	require.NoError(t, os.Chmod(modelDir, 0o555)) // a read-only model directory works
	t.Cleanup(func() { os.Chmod(modelDir, 0o755) })

	// irrun run's outputs for a random input.
	data := make([]float32, 216)
	for i := range data {
		data[i] = float32((i*7919)%216) / 17
	}
	x, err := ir.TensorOf(data, 2, 3, 6, 6)
	require.NoError(t, err)
	require.NoError(t, npy.WriteFile(filepath.Join(dir, "x.npy"), x))
	var stdout, stderr bytes.Buffer
	code := Main([]string{"run", filepath.Join(modelDir, "model.xml"), "-i", "x=" + filepath.Join(dir, "x.npy"), "-o", filepath.Join(dir, "out")}, nil, &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
	values, err := npy.ReadFile(filepath.Join(dir, "out", "values.npy"))
	require.NoError(t, err)
	indices, err := npy.ReadFile(filepath.Join(dir, "out", "indices.npy"))
	require.NoError(t, err)

	grpcPort, restPort := freePort(t), freePort(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	var serveErr bytes.Buffer
	go func() {
		e := &env{stdout: &bytes.Buffer{}, stderr: &serveErr}
		root := buildRoot(e)
		root.SetArgs([]string{"serve", "--model_name=pool", "--port=" + strconv.Itoa(grpcPort), "--rest_port=" + strconv.Itoa(restPort),
			"--model_path=" + filepath.Join(dir, "models", "pool"), "--file_system_poll_wait_seconds=0",
			"--grpc_bind_address=127.0.0.1", "--rest_bind_address=127.0.0.1", "--target_device=AUTO", "--metrics_enable"})
		done <- e.exitCode(root.ExecuteContext(ctx))
	}()
	defer func() {
		cancel() // the command's context: what SIGTERM cancels
		select {
		case c := <-done:
			require.Equal(t, 0, c, serveErr.String())
		case <-time.After(60 * time.Second):
			t.Error("irrun serve did not stop")
		}
	}()
	rest := "http://127.0.0.1:" + strconv.Itoa(restPort)
	ready := false
	for i := 0; i < 300 && !ready; i++ {
		out, _ := exec.Command(curl, "-s", "-o", "/dev/null", "-w", "%{http_code}", rest+"/v2/health/ready").Output()
		ready = string(out) == "200"
		if !ready {
			time.Sleep(20 * time.Millisecond)
		}
	}
	require.True(t, ready, "not ready: %s", serveErr.String())

	checkJSON := func(t *testing.T, outputs []struct {
		Name string          `json:"name"`
		Data json.RawMessage `json:"data"`
	}) {
		require.Len(t, outputs, 2)
		var v []float32
		var ix []int64
		require.NoError(t, json.Unmarshal(outputs[0].Data, &v))
		require.NoError(t, json.Unmarshal(outputs[1].Data, &ix))
		require.Equal(t, values.Data, v)
		require.Equal(t, indices.Data, ix)
	}
	t.Run("curl-json", func(t *testing.T) {
		d, _ := json.Marshal(data)
		body := `{"inputs":[{"name":"x","shape":[2,3,6,6],"datatype":"FP32","data":` + string(d) + `}]}`
		out, err := exec.Command(curl, "-sf", "-X", "POST", rest+"/v2/models/pool/infer", "-H", "Content-Type: application/json", "-d", body).Output()
		require.NoError(t, err)
		var resp struct {
			Outputs []struct {
				Name string          `json:"name"`
				Data json.RawMessage `json:"data"`
			} `json:"outputs"`
		}
		require.NoError(t, json.Unmarshal(out, &resp), string(out))
		checkJSON(t, resp.Outputs)
	})
	t.Run("curl-binary", func(t *testing.T) {
		hdr := `{"inputs":[{"name":"x","shape":[2,3,6,6],"datatype":"FP32","parameters":{"binary_data_size":864}}],"outputs":[{"name":"indices","parameters":{"binary_data":true}}]}`
		raw := make([]byte, 0, 864)
		for _, v := range data {
			u := math.Float32bits(v)
			raw = append(raw, byte(u), byte(u>>8), byte(u>>16), byte(u>>24))
		}
		f := filepath.Join(dir, "req.bin")
		require.NoError(t, os.WriteFile(f, append([]byte(hdr), raw...), 0o644))
		out, err := exec.Command(curl, "-sf", "-D", filepath.Join(dir, "headers"), "-X", "POST", rest+"/v2/models/pool/infer",
			"-H", "Inference-Header-Content-Length: "+strconv.Itoa(len(hdr)), "-H", "Content-Type: application/octet-stream", "--data-binary", "@"+f).Output()
		require.NoError(t, err)
		h, err := os.ReadFile(filepath.Join(dir, "headers"))
		require.NoError(t, err)
		require.Contains(t, string(h), "Inference-Header-Content-Length")
		var resp struct {
			Outputs []struct {
				Name       string         `json:"name"`
				Parameters map[string]int `json:"parameters"`
			} `json:"outputs"`
		}
		dec := json.NewDecoder(bytes.NewReader(out))
		require.NoError(t, dec.Decode(&resp))
		n := int(dec.InputOffset()) // the binary outputs follow the JSON
		require.Equal(t, "indices", resp.Outputs[0].Name)
		require.Equal(t, 432, resp.Outputs[0].Parameters["binary_data_size"])
		got := make([]int64, 54)
		for i := range got {
			var u uint64
			for k := 7; k >= 0; k-- {
				u = u<<8 | uint64(out[n+8*i+k])
			}
			got[i] = int64(u)
		}
		require.Equal(t, indices.Data, got)
	})
	t.Run("grpcurl", func(t *testing.T) {
		grpcurl, err := exec.LookPath("grpcurl")
		if err != nil {
			t.Skip("grpcurl is not installed (go install github.com/fullstorydev/grpcurl/cmd/grpcurl@latest)")
		}
		raw := make([]byte, 0, 864)
		for _, v := range data {
			u := math.Float32bits(v)
			raw = append(raw, byte(u), byte(u>>8), byte(u>>16), byte(u>>24))
		}
		req := `{"model_name":"pool","inputs":[{"name":"x","datatype":"FP32","shape":[2,3,6,6]}],"raw_input_contents":["` + base64.StdEncoding.EncodeToString(raw) + `"]}`
		out, err := exec.Command(grpcurl, "-plaintext", "-import-path", "../serve/inference", "-proto", "grpc_predict_v2.proto",
			"-d", req, "127.0.0.1:"+strconv.Itoa(grpcPort), "inference.GRPCInferenceService/ModelInfer").CombinedOutput()
		require.NoError(t, err, string(out))
		var resp struct {
			Outputs []struct {
				Name string `json:"name"`
			} `json:"outputs"`
			RawOutputContents [][]byte `json:"rawOutputContents"`
		}
		require.NoError(t, json.Unmarshal(out, &resp), string(out))
		require.Len(t, resp.RawOutputContents, 2)
		got, err := ir.NewTensor(ir.F32, []int{2, 3, 3, 3})
		require.NoError(t, err)
		for i := range got.Data.([]float32) {
			b := resp.RawOutputContents[0][4*i:]
			got.Data.([]float32)[i] = math.Float32frombits(uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24)
		}
		require.Equal(t, values.Data, got.Data)
		out, err = exec.Command(grpcurl, "-plaintext", "127.0.0.1:"+strconv.Itoa(grpcPort), "grpc.health.v1.Health/Check").CombinedOutput()
		require.NoError(t, err, string(out))
		require.Contains(t, string(out), "SERVING")
	})
	out, err := exec.Command(curl, "-sf", rest+"/metrics").Output()
	require.NoError(t, err)
	require.Contains(t, string(out), `ovms_requests_success{api="KServe",interface="REST",method="ModelInfer",name="pool",version="1"} 2`)
}

// TestSvIdleSpinFlag: --idle_spin takes a duration >= 0 (0 parks the helpers at once).
func TestSvIdleSpinFlag(t *testing.T) {
	requireCode(t, irrun(t, "serve", "--model_name=m", "--model_path=x", "--idle_spin=-1ms"), ExitUsage)
	requireCode(t, irrun(t, "serve", "--model_name=m", "--model_path=x", "--idle_spin=soon"), ExitUsage)
	r := irrun(t, "serve", "--help")
	requireCode(t, r, ExitOK)
	require.Contains(t, r.stdout, "--idle_spin")
}
