// Command poolsweep times irrun's pooling kernels on the geometries sweep.py
// generates: the fast kernel at 1 and 2 threads and the reference kernel,
// in process, on the same data. It reads one JSON case per line on stdin and
// prints one JSON result per line. f16 and bf16 run as the layers bind them
// (MaxPool and AvgPool widened per block inside the kernel; the reference
// widened to f32 per tensor, the f32 kernel, narrowed back). Run it through sweep.py; by
// hand: go run ./testdata/bench/poolsweep < cases.jsonl
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"time"

	"github.com/irrun/irrun/kernels"
	"github.com/x448/float16"
)

type sweepCase struct {
	ID         int     `json:"id"`
	Op         string  `json:"op"` // max, maxidx, avg
	Type       string  `json:"type"`
	N          int     `json:"n"`
	C          int     `json:"c"`
	In         []int   `json:"in"`
	Out        []int   `json:"out"`
	Kernel     []int   `json:"kernel"`
	Strides    []int   `json:"strides"`
	Dilations  []int   `json:"dilations"`
	PadsBegin  []int   `json:"pads_begin"`
	PadsEnd    []int   `json:"pads_end"`
	ExcludePad bool    `json:"exclude_pad"`
	Secs       float64 `json:"secs"`
	Ref        bool    `json:"ref"` // also time the reference kernel
}

type result struct {
	ID    int     `json:"id"`
	Fast1 float64 `json:"fast1_ms"`
	Fast2 float64 `json:"fast2_ms"`
	Ref   float64 `json:"ref_ms,omitempty"`
	Err   string  `json:"err,omitempty"`
}

func main() {
	w1, w2 := kernels.NewWorkers(1), kernels.NewWorkers(2)
	defer w1.Close()
	defer w2.Close()
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	enc := json.NewEncoder(os.Stdout)
	for sc.Scan() {
		var c sweepCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		r := result{ID: c.ID}
		if err := runCase(&c, w1, w2, &r); err != nil {
			r.Err = err.Error()
		}
		_ = enc.Encode(r)
	}
}

// timeIt returns the median of runs of f over about secs seconds (at least 3 runs, after one warm-up),
// or the quantile POOLSWEEP_Q (e.g. 0.1, for re-timing on a loaded machine: retime.py --q). With cpu
// and POOLSWEEP_CPU=1 (single-threaded calls only) each run is measured in the calling thread's CPU
// time instead of wall time, and secs is CPU time: a loaded machine then slows the runs down less.
func timeIt(secs float64, cpu bool, f func() error) (float64, error) {
	if err := f(); err != nil {
		return 0, err
	}
	clock := func() int64 { return time.Now().UnixNano() }
	if cpu && os.Getenv("POOLSWEEP_CPU") == "1" && threadCPU() >= 0 {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		clock = threadCPU
	}
	var lat []float64
	budget, spent := int64(secs*1e9), int64(0)
	for len(lat) < 3 || spent < budget {
		t0 := clock()
		if err := f(); err != nil {
			return 0, err
		}
		d := clock() - t0
		spent += d
		lat = append(lat, float64(d)/1e6)
		if len(lat) >= 2000 {
			break
		}
	}
	slices.Sort(lat)
	q := 0.5
	if v, err := strconv.ParseFloat(os.Getenv("POOLSWEEP_Q"), 64); err == nil && v >= 0 && v <= 1 {
		q = v
	}
	return lat[min(len(lat)-1, int(q*float64(len(lat))))], nil
}

func runCase(c *sweepCase, w1, w2 *kernels.Workers, r *result) error {
	g := kernels.Window{N: c.N, C: c.C, In: c.In, Out: c.Out, Kernel: c.Kernel, Strides: c.Strides,
		Dilations: c.Dilations, PadsBegin: c.PadsBegin, PadsEnd: c.PadsEnd}
	if err := g.Validate(); err != nil {
		return err
	}
	inLen, outLen := c.N*c.C, c.N*c.C
	for i := range c.In {
		inLen *= c.In[i]
		outLen *= c.Out[i]
	}
	switch c.Type {
	case "f32":
		return sweepT[float32](c, g, inLen, outLen, w1, w2, r, nil)
	case "f64":
		return sweepT[float64](c, g, inLen, outLen, w1, w2, r, nil)
	case "i8":
		return sweepT[int8](c, g, inLen, outLen, w1, w2, r, nil)
	case "u8":
		return sweepT[uint8](c, g, inLen, outLen, w1, w2, r, nil)
	case "i32":
		return sweepT[int32](c, g, inLen, outLen, w1, w2, r, nil)
	case "i64":
		return sweepT[int64](c, g, inLen, outLen, w1, w2, r, nil)
	case "f16", "bf16":
		return sweepT[float32](c, g, inLen, outLen, w1, w2, r, &halfIO{bf: c.Type == "bf16"})
	}
	return fmt.Errorf("type %s not swept", c.Type)
}

// halfIO stages f16/bf16 tensors through f32 as layers/bind.go does.
type halfIO struct {
	bf       bool
	h16      []float16.Float16
	b16      []uint16
	o16      []float16.Float16
	ob16     []uint16
	src, dst []float32
}

func (h *halfIO) wrap(f func(src, dst []float32) error) func() error {
	return func() error {
		if h.bf {
			kernels.BF16ToF32(h.src, h.b16)
		} else {
			kernels.F16ToF32(h.src, h.h16)
		}
		if err := f(h.src, h.dst); err != nil {
			return err
		}
		if h.bf {
			kernels.F32ToBF16(h.ob16, h.dst)
		} else {
			kernels.F32ToF16(h.o16, h.dst)
		}
		return nil
	}
}

func sweepT[T kernels.Number](c *sweepCase, g kernels.Window, inLen, outLen int, w1, w2 *kernels.Workers, r *result, h *halfIO) error {
	rng := rand.New(rand.NewPCG(uint64(c.ID), 7))
	src := make([]T, inLen)
	for i := range src {
		src[i] = T(rng.IntN(200) - 100)
	}
	dst := make([]T, outLen)
	var idx []int64
	if c.Op == "maxidx" {
		idx = make([]int64, outLen)
	}
	run := func(w *kernels.Workers, ref bool) func(s, d []T) error {
		return func(s, d []T) error {
			switch {
			case c.Op == "avg" && ref:
				return kernels.AvgPoolReference(g, s, d, c.ExcludePad)
			case c.Op == "avg":
				return kernels.AvgPool(w, g, s, d, c.ExcludePad)
			case ref:
				return kernels.MaxPoolReference(g, s, d, idx, 0)
			}
			return kernels.MaxPool(w, g, s, d, idx, 0)
		}
	}
	call := func(f func(s, d []T) error) func() error {
		if h == nil {
			return func() error { return f(src, dst) }
		}
		h.src, h.dst = any(src).([]float32), any(dst).([]float32)
		if h.bf {
			h.b16, h.ob16 = make([]uint16, inLen), make([]uint16, outLen)
			kernels.F32ToBF16(h.b16, h.src)
		} else {
			h.h16, h.o16 = make([]float16.Float16, inLen), make([]float16.Float16, outLen)
			kernels.F32ToF16(h.h16, h.src)
		}
		return h.wrap(func(s, d []float32) error { return any(f).(func(s, d []float32) error)(s, d) })
	}
	fast := func(w *kernels.Workers) func() error { return call(run(w, false)) }
	if h != nil && c.Op == "avg" {
		// AvgPool on f16/bf16 widens per block inside the kernel too.
		call(run(w1, false))
		fast = func(w *kernels.Workers) func() error {
			return func() error {
				if h.bf {
					return kernels.AvgPoolBF16Context(context.Background(), w, g, h.b16, h.ob16, c.ExcludePad)
				}
				return kernels.AvgPoolF16Context(context.Background(), w, g, h.h16, h.o16, c.ExcludePad)
			}
		}
	}
	if h != nil && c.Op != "avg" {
		// MaxPool on f16/bf16 widens per block inside the kernel, as the
		// layers bind it (the reference still stages the whole tensor).
		call(run(w1, false)) // allocates and fills the f16/bf16 tensors
		fast = func(w *kernels.Workers) func() error {
			return func() error {
				if h.bf {
					return kernels.MaxPoolBF16Context(context.Background(), w, g, h.b16, h.ob16, idx, 0)
				}
				return kernels.MaxPoolF16Context(context.Background(), w, g, h.h16, h.o16, idx, 0)
			}
		}
	}
	var err error
	if r.Fast1, err = timeIt(c.Secs, true, fast(w1)); err != nil {
		return err
	}
	if r.Fast2, err = timeIt(c.Secs, false, fast(w2)); err != nil {
		return err
	}
	if c.Ref {
		if r.Ref, err = timeIt(c.Secs/4, true, call(run(nil, true))); err != nil {
			return err
		}
	}
	return nil
}
