package kernels

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestGemmAB (GEMM_AB=1 only) times variants of the fast convolution per iteration,
// interleaved, and prints the minimum and 20th percentile of each: robust on a loaded
// machine where averages are not.
func TestGemmAB(t *testing.T) {
	if os.Getenv("GEMM_AB") == "" {
		t.Skip("GEMM_AB not set")
	}
	threads := 1
	if os.Getenv("GEMM_AB_T") == "2" {
		threads = 2
	}
	iters := 200
	r := rand.New(rand.NewPCG(1, 1))
	ctx := context.Background()
	w := NewWorkers(threads)
	defer w.Close()
	type variant struct {
		name string
		set  func(c *ConvGemm)
	}
	variants := []variant{
		{"base", func(c *ConvGemm) {}},
	}
	// the core's peak: the register-only FMA loop, minimum over short runs
	var peak float64
	for _, arch := range GemmArchs() {
		if arch == GemmGo {
			continue
		}
		best := time.Duration(1 << 62)
		flops := 0
		for it := 0; it < 2000; it++ {
			t0 := time.Now()
			flops = gemmPeakLoop(arch, 1000)
			best = min(best, time.Since(t0))
		}
		peak = float64(flops) / float64(best.Nanoseconds())
		fmt.Printf("peak %s %.1f GFLOP/s\n", arch, peak)
		break
	}
	filter := os.Getenv("GEMM_AB_ONLY")
	all := append(append([]struct {
		name string
		g    ConvGeom
	}{}, gemmBenchConvs...), gemmBenchModelConvs...)
	for _, tc := range all {
		if filter != "" && !strings.Contains(tc.name, filter) {
			continue
		}
		ls, lf, lo := tc.g.ConvLens()
		src, filt, dst := gemmRandSlice(r, ls), gemmRandSlice(r, lf), make([]float32, lo)
		flops := 2 * float64(lo) * float64(lf/tc.g.OutC)
		cs := make([]*ConvGemm, len(variants))
		for i, v := range variants {
			c, err := NewConvGemm(tc.g, GemmAuto, threads)
			if err != nil {
				t.Fatal(err)
			}
			v.set(c)
			if err := c.PackFilters(filt); err != nil {
				t.Fatal(err)
			}
			cs[i] = c
			_ = c.Run(ctx, w, src, dst)
		}
		times := make([][]time.Duration, len(variants))
		for it := 0; it < iters; it++ {
			for i, c := range cs {
				t0 := time.Now()
				_ = c.Run(ctx, w, src, dst)
				times[i] = append(times[i], time.Since(t0))
			}
		}
		line := fmt.Sprintf("%-26s t%d", tc.name, threads)
		for i, v := range variants {
			slices.Sort(times[i])
			mn, p20 := times[i][0], times[i][len(times[i])/5]
			gf := flops / float64(mn.Nanoseconds())
			line += fmt.Sprintf(" | %s %7.1fus %5.1fGF/s %3.0f%% (p20 %7.1fus)", v.name, float64(mn.Nanoseconds())/1e3, gf, 100*gf/peak, float64(p20.Nanoseconds())/1e3)
		}
		fmt.Println(line)
	}
}
