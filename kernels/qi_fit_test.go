//go:build linux

package kernels

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"
)

// TestQiFit times, for every geometry of the JSON lines file $QI_FIT
// (written from the sweep's generator), MaxPool with indices through the
// current dispatch (1 thread), the whole-plane tap tables forced, and the
// reference, in CPU time, alternated over rounds (minimum of the medians),
// and prints one line a geometry with the features of qiRule. Skipped
// without $QI_FIT; timing is not a test, this only fits the rule.
func TestQiFit(t *testing.T) {
	path := os.Getenv("QI_FIT")
	if path == "" {
		t.Skip("QI_FIT not set")
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
		p, err := w.plan()
		if err != nil {
			t.Fatal(err)
		}
		var fs [3]func()
		switch g.Type {
		case "f32":
			fs = qiFitFns[float32](w, p)
		case "f64":
			fs = qiFitFns[float64](w, p)
		case "i32":
			fs = qiFitFns[int32](w, p)
		case "i64":
			fs = qiFitFns[int64](w, p)
		default:
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
		rows := 0
		if _, ok := poolRowsPlan(&p); ok {
			rows = 1
		}
		q := qiGeomOf(&p)
		fmt.Printf("QIFIT %-10s fast %9.1f qi %9.1f ref %9.1f  qi/fast %5.2f qi/ref %5.2f fast/ref %5.2f | op %d taps %d vol %d nc %d rows %d | %s\n",
			g.Name, best[0]/1e3, best[1]/1e3, best[2]/1e3, best[1]/best[0], best[1]/best[2], best[0]/best[2],
			p.outPlane, pltTinyTaps(&p), p.kernelVol, q.nc, rows, g.Desc)
	}
}

func qiFitFns[T Number](w Window, p winPlan) [3]func() {
	f32 := benchData(p.inLen())
	src := paScaled[T](f32, 1000)
	dst := make([]T, p.outLen())
	idx := make([]int64, p.outLen())
	return [3]func(){
		func() { _ = MaxPool(nil, w, src, dst, idx, 0) },
		func() { _ = qiForced(w, src, dst, idx, 0) },
		func() { _ = MaxPoolReference(w, src, dst, idx, 0) },
	}
}

// qiFitTime returns the median CPU ns of f over 5 runs of about 4 ms each.
func qiFitTime(f func()) float64 {
	f()
	c0 := plCPU()
	f()
	one := max(1, plCPU()-c0)
	n := int(max(1, 4e6/float64(one)))
	var ts []float64
	for r := 0; r < 5; r++ {
		c0 := plCPU()
		for i := 0; i < n; i++ {
			f()
		}
		ts = append(ts, float64(plCPU()-c0)/float64(n))
	}
	slices.Sort(ts)
	return ts[2]
}
