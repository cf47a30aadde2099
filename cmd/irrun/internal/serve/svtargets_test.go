package serve

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// svRatios divides a[i] by b[i] for the rounds where both were measured (non-zero) and
// returns the median, minimum and maximum of the quotients (NaN when none).
func svRatios(a, b []float64) (med, lo, hi float64) {
	var q []float64
	for i := range min(len(a), len(b)) {
		if a[i] > 0 && b[i] > 0 {
			q = append(q, a[i]/b[i])
		}
	}
	if len(q) == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	slices.Sort(q)
	med = q[len(q)/2]
	if len(q)%2 == 0 {
		med = (q[len(q)/2-1] + q[len(q)/2]) / 2
	}
	return med, q[0], q[len(q)-1]
}

func svMs(d []time.Duration) []float64 {
	f := make([]float64, len(d))
	for i, v := range d {
		f[i] = v.Seconds() * 1e3
	}
	return f
}

// svTargets prints issue 15's two targets for every served row, each round's figure against
// the in-process rows of the same round (rows measured in one round met the same load, so
// the median of the per-round quotients is steadier than the quotient of pooled figures),
// and the same comparison in CPU time, which depends little on what else the machine runs.
// get returns an in-process or served row's per-round p50s, req/s and this process's CPU µs
// per request; served lists the served rows with the load generator's CPU µs per request.
func svTargets(w io.Writer, get func(key string) (p50s []time.Duration, rates, cpus []float64, ok bool),
	served func(yield func(key, name string, clients int, cliCPU float64))) {
	bp50, brate, _, okB := get("bench")
	_, b2rate, b2cpu, okB2 := get("bench2")
	if !okB && !okB2 {
		return
	}
	procs := float64(runtime.GOMAXPROCS(0))
	fmt.Fprintf(w, "targets, each round against bench (and bench 2 streams) of the same round, median [min–max] over the rounds:\n")
	served(func(key, name string, clients int, cliCPU float64) {
		p50s, rates, cpus, _ := get(key)
		switch {
		case clients == 1 && okB:
			m, lo, hi := svRatios(svMs(p50s), svMs(bp50))
			fmt.Fprintf(w, "%-28s p50 / bench p50      %5.3f [%5.3f–%5.3f]   target < 1.10\n", name, m, lo, hi)
		case clients > 1:
			line := fmt.Sprintf("%-28s", name)
			if okB {
				m, lo, hi := svRatios(rates, brate)
				line += fmt.Sprintf(" req/s / bench req/s  %5.3f [%5.3f–%5.3f]   target ≥ 0.90", m, lo, hi)
			}
			if okB2 {
				m, lo, hi := svRatios(rates, b2rate)
				line += fmt.Sprintf(";  / bench 2 streams %5.3f [%5.3f–%5.3f]", m, lo, hi)
			}
			fmt.Fprintln(w, line)
			if okB2 {
				// CPU time: the server's µs per request against the two-stream inference's
				// (the same one-thread inferences without any protocol), and the req/s
				// that CPU would allow on GOMAXPROCS CPUs with the client elsewhere, and
				// with the client's CPU on the same CPUs.
				srv, _, _ := svRatios(cpus, slices.Repeat([]float64{1}, len(cpus)))
				inf, _, _ := svRatios(b2cpu, slices.Repeat([]float64{1}, len(b2cpu)))
				capSrv, capAll := procs*1e6/srv, procs*1e6/(srv+cliCPU)
				fmt.Fprintf(w, "%-28s CPU µs/req server %.0f (bench 2 streams %.0f: %.1f %% of it inference) + client %.0f; CPU-bound req/s %.0f client elsewhere, %.0f client here",
					"", srv, inf, 100*inf/srv, cliCPU, capSrv, capAll)
				if okB {
					bm, _, _ := svRatios(brate, slices.Repeat([]float64{1}, len(brate)))
					fmt.Fprintf(w, " (%.2f / %.2f × bench's median req/s)", capSrv/bm, capAll/bm)
				}
				fmt.Fprintln(w)
			}
		}
	})
}

// TestSvRatios checks the per-round quotients of svTargets against hand-computed values.
func TestSvRatios(t *testing.T) {
	for _, c := range []struct {
		name        string
		a, b        []float64
		med, lo, hi float64
	}{
		{"odd", []float64{2, 3, 8}, []float64{1, 2, 2}, 2, 1.5, 4},
		{"even", []float64{2, 3, 8, 1}, []float64{1, 2, 2, 1}, 1.75, 1, 4},
		{"skips unmeasured rounds", []float64{2, 0, 9}, []float64{1, 5, 3}, 2.5, 2, 3},
		{"shorter b", []float64{4, 6}, []float64{2}, 2, 2, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			med, lo, hi := svRatios(c.a, c.b)
			require.InDelta(t, c.med, med, 1e-12)
			require.InDelta(t, c.lo, lo, 1e-12)
			require.InDelta(t, c.hi, hi, 1e-12)
		})
	}
	med, _, _ := svRatios([]float64{0}, []float64{1})
	require.True(t, math.IsNaN(med))
}

// svAppendRound appends a round's durations, less its first skip (warm-up), to all, and
// their median to p50s (0 when none are left).
func svAppendRound(all, p50s, round []time.Duration, skip int) ([]time.Duration, []time.Duration) {
	round = round[min(skip, len(round)):]
	all = append(all, round...)
	if len(round) == 0 {
		return all, append(p50s, 0)
	}
	s := slices.Sorted(slices.Values(round))
	return all, append(p50s, s[len(s)/2])
}

// svMedian is the median of the rounds' non-zero figures (NaN when none).
func svMedian(v []float64) float64 {
	m, _, _ := svRatios(v, slices.Repeat([]float64{1}, len(v)))
	return m
}

// svServerSide prints, for every 1-client served row, the client-observed p50 next to the
// server's own figures, each the median over the rounds of the round's p50: the busy
// period of the version's slots (one inference, from taking its slot to giving it back)
// and, for rows with spans, the server-side span of the request (REST: handler entry to
// response flushed; gRPC: stream begin to status handed to the writer), how much of it
// went by before the input was all in (REST: body read; gRPC: message received and
// decoded), how long REST's final flush took (a write to the connection, during which the
// kernel may run the woken client first), and what is left of the span without the input
// wait, the flush and the slot — the server's own work around the inference. Then the slot and the span against bench's p50
// of the same round. None of this is the target, which compares the
// client-observed p50 with bench's (the "targets" lines).
func svServerSide(w io.Writer, rows func(yield func(name string, client, slot, span, body, flush, bench []time.Duration))) {
	first := true
	rows(func(name string, client, slot, span, body, flush, bench []time.Duration) {
		if first {
			fmt.Fprintf(w, "server side at 1 client, ms (median over the rounds of each round's p50):\n")
			fmt.Fprintf(w, "%-28s %8s %8s %8s %8s %8s %8s %8s   %-22s %s\n", "", "client", "slot", "span", "input in", "flush", "own", "cli−span", "slot / bench", "span / bench (same round)")
			first = false
		}
		c, sl := svMedian(svMs(client)), svMedian(svMs(slot))
		line := fmt.Sprintf("%-28s %8.3f %8.3f", name, c, sl)
		if sp := svMedian(svMs(span)); !math.IsNaN(sp) {
			in, fl := svMedian(svMs(body)), svMedian(svMs(flush))
			if math.IsNaN(fl) {
				fl = 0 // gRPC: none
			}
			line += fmt.Sprintf(" %8.3f %8.3f %8.3f %8.3f %8.3f", sp, in, fl, sp-in-fl-sl, c-sp)
		} else {
			line += fmt.Sprintf(" %8s %8s %8s %8s %8s", "-", "-", "-", "-", "-")
		}
		if len(bench) > 0 {
			m, lo, hi := svRatios(svMs(slot), svMs(bench))
			line += fmt.Sprintf("   %5.3f [%5.3f–%5.3f]", m, lo, hi)
			if len(span) > 0 {
				m, lo, hi := svRatios(svMs(span), svMs(bench))
				line += fmt.Sprintf("  %5.3f [%5.3f–%5.3f]", m, lo, hi)
			}
		}
		fmt.Fprintln(w, line)
	})
}

// TestSvAppendRound checks the per-round medians of the server-side lines against
// hand-computed values: the warm-up is dropped, an empty round records 0.
func TestSvAppendRound(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		name  string
		round []time.Duration
		skip  int
		all   []time.Duration
		p50   time.Duration
	}{
		{"drops the warm-up", []time.Duration{9 * ms, 3 * ms, 1 * ms, 2 * ms}, 1, []time.Duration{3 * ms, 1 * ms, 2 * ms}, 2 * ms},
		{"upper median of an even count", []time.Duration{4 * ms, 1 * ms}, 0, []time.Duration{4 * ms, 1 * ms}, 4 * ms},
		{"all warm-up", []time.Duration{1 * ms}, 3, []time.Duration{}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			all, p50s := svAppendRound([]time.Duration{}, []time.Duration{7 * ms}, c.round, c.skip)
			require.Equal(t, c.all, all)
			require.Equal(t, []time.Duration{7 * ms, c.p50}, p50s)
		})
	}
	require.InDelta(t, 2.5, svMedian([]float64{3, 0, 2, 9, 1}), 1e-12, "zeros are unmeasured rounds")
	require.True(t, math.IsNaN(svMedian(nil)))
}
