//go:build linux

package kernels

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// TestQ3Fit times, for every geometry of the JSON lines file $Q3_FIT
// (written from the sweep's generator, as $QI_FIT), MaxPool with indices
// through the current dispatch (1 thread), the depth-first block forced
// (when it fits) and the reference, in CPU time, alternated over rounds
// (minimum of the medians), and prints one line a geometry with the path
// the dispatch takes and the features of q3Rule. Skipped without $Q3_FIT;
// timing is not a test, this only fits the rule.
func TestQ3Fit(t *testing.T) {
	path := os.Getenv("Q3_FIT")
	if path == "" {
		t.Skip("Q3_FIT not set")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type geo struct {
		Name, Type, Desc string
		N, C             int
		In, Out, K, S, D []int
		Pb, Pe           []int
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var g geo
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		w := poolR5Win(g.N, g.C, g.In, g.Out, g.K, g.S, g.D, g.Pb, g.Pe)
		var fs [3]func()
		var path string
		switch g.Type {
		case "f32":
			fs, path = q3FitFns[float32](w)
		case "f64":
			fs, path = q3FitFns[float64](w)
		case "i32":
			fs, path = q3FitFns[int32](w)
		case "u32":
			fs, path = q3FitFns[uint32](w)
		case "i64":
			fs, path = q3FitFns[int64](w)
		case "u64":
			fs, path = q3FitFns[uint64](w)
		case "i8":
			fs, path = q3FitFns[int8](w)
		case "u8":
			fs, path = q3FitFns[uint8](w)
		case "f16":
			fs, path = q3FitFns[poolF16](w)
		case "bf16":
			fs, path = q3FitFns[poolBF16](w)
		default:
			continue
		}
		if os.Getenv("Q3_FIT_PATHS") != "" && !strings.Contains(path, "qiNarrow=true") {
			continue
		}
		if fs[1] == nil {
			fmt.Printf("Q3FIT %-10s (does not fit) path %s | %s\n", g.Name, path, g.Desc)
			continue
		}
		var best [3]float64
		for r := 0; r < 3; r++ {
			for i, fn := range fs {
				v := qiFitTime(fn)
				if r == 0 || v < best[i] {
					best[i] = v
				}
			}
		}
		fmt.Printf("Q3FIT %-10s fast %9.1f q3 %9.1f ref %9.1f  q3/fast %5.2f q3/ref %5.2f fast/ref %5.2f | %-10s | %s\n",
			g.Name, best[0]/1e3, best[1]/1e3, best[2]/1e3, best[1]/best[0], best[1]/best[2], best[0]/best[2], path, g.Desc)
	}
}

func q3FitFns[T Number](w Window) ([3]func(), string) {
	p, _ := w.plan()
	f32 := benchData(p.inLen())
	src := paScaled[T](f32, 1000)
	dst := make([]T, p.outLen())
	idx := make([]int64, p.outLen())
	fs := [3]func(){
		func() { _ = MaxPool(nil, w, src, dst, idx, 0) },
		nil,
		func() { _ = MaxPoolReference(w, src, dst, idx, 0) },
	}
	q := p
	qiSqueeze(&q)
	if poolSmallInt[T]() || poolIsHalf[T]() {
		// The widened tap tables (q3_qinarrow.go), and whether the rule
		// takes them.
		fs[1] = func() { _ = q3QiNarrowForced(w, src, dst, idx, 0) }
		return fs, fmt.Sprintf("%s qiNarrow=%v", q3Path[T](w), q3QiNarrowUse[T](&q))
	}
	if q3Fits(&q, int(unsafe.Sizeof(*new(T)))) {
		fs[1] = func() { _ = q3Forced(w, src, dst, idx, 0) }
	}
	return fs, q3Path[T](w)
}

// q3Path names the path the dispatch takes for MaxPool with indices
// on geometry g (storage T), for the fit's lines.
func q3Path[T Number](g Window) string {
	p, err := g.plan()
	if err != nil {
		return err.Error()
	}
	if qrSmallRef[T](&p, true) {
		return "smallref"
	}
	j := job{wp: p, flag: true}
	qiSqueeze(&p)
	j.wp = p
	if qiUse[T](&p) {
		return "qi"
	}
	if q3QiNarrowUse[T](&p) {
		return "qinarrow"
	}
	if _, ok := poolRowsPlan(&p); ok {
		return "rows"
	}
	if skMaxUse[T](&p, true) {
		return "sk"
	}
	planRows(&j, 1, int(unsafe.Sizeof(*new(T)))+4)
	if q3Use[T](&j) {
		return "q3"
	}
	if pi4Use[T](&j) {
		if pi4PlaneFits(&j, int(unsafe.Sizeof(*new(T)))) {
			return "pi4plane"
		}
		return "pi4"
	}
	if piUse[T](&j) {
		return "pi"
	}
	if pltTinyUse(&j, true, kindOf[T]() > kFloat64 && !poolIsHalf[T]()) {
		return "plt"
	}
	if ok, _ := pool6DepthPlan(&j, 1, max(4, int(unsafe.Sizeof(*new(T)))), true); ok {
		return "depth6"
	}
	_, tab := poolTabsFor[T](&j, &scratch{})
	return fmt.Sprintf("maxBlock tab=%v", tab)
}
