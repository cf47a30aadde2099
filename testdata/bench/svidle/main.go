// Command svidle measures what an idle gap before an inference costs, in process, and
// which idle it is (docs/performance.md, "Round 14 (sv)"). It loads one model several
// times (each variant its own Program) and times Program.RunInto after a pause of -pause
// before every run, variant by variant, interleaved over -rounds rounds (every other
// round in reverse order); it prints each variant's median over the rounds of the
// round's p50, and its p50 over the median of variant "b2b" of the same rounds.
//
// Variants (comma-separated in -variants):
//
//	b2b          runs back to back (no pause), as irrun bench
//	sleep-park   the caller sleeps for the pause; helpers parked after each run
//	busy-park    the caller busy-waits for the pause; helpers parked after each run
//	sleep-spin   the caller sleeps; helpers keep polling for -spin after each run
//	busy-spin    the caller busy-waits; helpers keep polling
//	thrash-spin  the caller writes over a -thrash byte buffer for the pause (caches
//	             cooled, no CPU idle); helpers keep polling
//	thrash-park  the same with helpers parked
//	1t-b2b, 1t-sleep, 1t-busy   a one-thread program (no helpers)
//
// go run ./testdata/bench/svidle -model ../shared/corpus/head-pose-estimation-adas-0001-fp16/model.xml
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

type svVariant struct {
	name    string
	threads int
	park    bool
	spin    time.Duration
	pause   string // "", "sleep", "busy", "thrash"
	prog    *graph.Program
	outs    []*ir.Tensor
	p50s    []time.Duration
}

func main() {
	model := flag.String("model", "", "model.xml (static input shape)")
	names := flag.String("variants", "b2b,sleep-park,busy-park,sleep-spin,busy-spin,thrash-spin,thrash-park,1t-b2b,1t-sleep,1t-busy", "variants to run")
	pause := flag.Duration("pause", 200*time.Microsecond, "idle time before each run")
	spin := flag.Duration("spin", 2*time.Millisecond, "helpers' polling after a run in the -spin variants")
	rounds := flag.Int("rounds", 10, "rounds")
	dur := flag.Duration("dur", 400*time.Millisecond, "time per variant per round")
	thrash := flag.Int("thrash", 8<<20, "bytes the thrash variants write during the pause")
	probe := flag.Bool("probe", false, "instead: time a dependent multiply chain in 2 µs steps right after a sleep and after a busy wait of -pause (does the CPU run slower right after it idled?)")
	flag.Parse()
	if *probe {
		svProbe(*pause, *rounds)
		return
	}
	if err := svRun(*model, strings.Split(*names, ","), *pause, *spin, *rounds, *dur, *thrash); err != nil {
		fmt.Fprintln(os.Stderr, "svidle:", err)
		os.Exit(1)
	}
}

func svRun(model string, names []string, pause, spin time.Duration, rounds int, dur time.Duration, thrash int) error {
	all := map[string]svVariant{
		"b2b":         {threads: 2, park: true, spin: spin},
		"sleep-park":  {threads: 2, park: true, pause: "sleep"},
		"busy-park":   {threads: 2, park: true, pause: "busy"},
		"sleep-spin":  {threads: 2, park: true, spin: spin, pause: "sleep"},
		"busy-spin":   {threads: 2, park: true, spin: spin, pause: "busy"},
		"thrash-spin": {threads: 2, park: true, spin: spin, pause: "thrash"},
		"thrash-park": {threads: 2, park: true, pause: "thrash"},
		"1t-b2b":      {threads: 1},
		"1t-sleep":    {threads: 1, pause: "sleep"},
		"1t-busy":     {threads: 1, pause: "busy"},
	}
	var vs []*svVariant
	var x *ir.Tensor
	for _, n := range names {
		v, ok := all[n]
		if !ok {
			return fmt.Errorf("unknown variant %q", n)
		}
		v.name = n
		p, err := graph.Load(model, graph.Options{Threads: v.threads, ParkHelpers: v.park, IdleSpin: v.spin})
		if err != nil {
			return err
		}
		defer p.Close()
		if x == nil {
			dims, ok := p.Inputs()[0].Shape.Static()
			if !ok {
				return fmt.Errorf("%s: the input shape is not static", model)
			}
			shape := make([]int, len(dims))
			n := 1
			for i, d := range dims {
				shape[i] = int(d)
				n *= int(d)
			}
			data := make([]float32, n)
			r := rand.New(rand.NewPCG(1, 2))
			for i := range data {
				data[i] = r.Float32()
			}
			if x, err = ir.TensorOf(data, shape...); err != nil {
				return err
			}
		}
		if v.outs, err = p.Run(context.Background(), []*ir.Tensor{x}); err != nil {
			return err
		}
		v.prog = p
		vs = append(vs, &v)
	}
	buf := make([]byte, thrash)
	ctx := context.Background()
	in := []*ir.Tensor{x}
	var lat []time.Duration
	for round := range rounds {
		order := slices.Clone(vs)
		if round%2 == 1 {
			slices.Reverse(order)
		}
		for _, v := range order {
			time.Sleep(max(10*time.Millisecond, 2*v.spin)) // the previous variant's helpers park
			for range 20 {
				if err := v.prog.RunInto(ctx, in, v.outs); err != nil {
					return err
				}
			}
			lat = lat[:0]
			for end := time.Now().Add(dur); time.Now().Before(end); {
				switch v.pause {
				case "sleep":
					time.Sleep(pause)
				case "busy":
					for t0 := time.Now(); time.Since(t0) < pause; {
					}
				case "thrash":
					for t0, i := time.Now(), 0; time.Since(t0) < pause; i += 64 {
						if i >= len(buf) {
							i = 0
						}
						buf[i]++
					}
				}
				t0 := time.Now()
				if err := v.prog.RunInto(ctx, in, v.outs); err != nil {
					return err
				}
				lat = append(lat, time.Since(t0))
			}
			slices.Sort(lat)
			v.p50s = append(v.p50s, lat[len(lat)/2])
		}
	}
	var base []time.Duration
	for _, v := range vs {
		if v.name == "b2b" {
			base = v.p50s
		}
	}
	fmt.Printf("pause %v, helpers' spin %v, %d rounds of %v; ms, median over the rounds of the round's p50\n", pause, spin, rounds, dur)
	fmt.Printf("%-12s %8s %8s %8s %10s\n", "variant", "p50", "min", "max", "/ b2b")
	for _, v := range vs {
		s := slices.Clone(v.p50s)
		slices.Sort(s)
		ratio := "-"
		if base != nil {
			q := make([]float64, len(s))
			for i := range v.p50s {
				q[i] = v.p50s[i].Seconds() / base[i].Seconds()
			}
			slices.Sort(q)
			ratio = fmt.Sprintf("%.3f", q[len(q)/2])
		}
		fmt.Printf("%-12s %8.3f %8.3f %8.3f %10s\n", v.name, ms(s[len(s)/2]), ms(s[0]), ms(s[len(s)-1]), ratio)
	}
	return nil
}

func ms(d time.Duration) float64 { return d.Seconds() * 1e3 }

// svProbe times svChain steps right after a pause spent sleeping and right after one
// spent busy-waiting, 200 times each per round, and prints the median time of steps 0, 1,
// 2, 4, 8, ... 63 after each kind of pause: a CPU that runs slower right after it idled
// (a lower clock, caches or TLBs flushed by a deep idle state) shows in the first steps.
func svProbe(pause time.Duration, rounds int) {
	const steps = 64
	var t [2][steps][]time.Duration
	sink := uint64(1)
	for range rounds {
		for kind := range 2 {
			for range 200 {
				if kind == 0 {
					time.Sleep(pause)
				} else {
					for t0 := time.Now(); time.Since(t0) < pause; {
					}
				}
				for i := range steps {
					t0 := time.Now()
					sink = svChain(sink, 2000)
					t[kind][i] = append(t[kind][i], time.Since(t0))
				}
			}
		}
	}
	fmt.Printf("dependent multiply chain of 2000 steps, µs, median over %d pauses of %v (sink %d)\n", 200*rounds, pause, sink&1)
	fmt.Printf("%-10s", "step")
	for i := 0; i < steps; i = max(1, 2*i) {
		fmt.Printf(" %6d", i)
	}
	fmt.Printf(" %6d\n", steps-1)
	for kind, name := range []string{"sleep", "busy"} {
		fmt.Printf("%-10s", name)
		for i := 0; i < steps; i = max(1, 2*i) {
			fmt.Printf(" %6.2f", svMedian(t[kind][i]))
		}
		fmt.Printf(" %6.2f\n", svMedian(t[kind][steps-1]))
	}
}

func svMedian(d []time.Duration) float64 {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2].Seconds() * 1e6
}

//go:noinline
func svChain(x uint64, n int) uint64 {
	for range n {
		x = x*0x9E3779B97F4A7C15 + 1
	}
	return x
}
