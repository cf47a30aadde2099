package kernels

import (
	"context"
	"fmt"
	"runtime"
	"syscall"
	"testing"
)

// dwThreadCPU returns the calling thread's CPU time in ns (RUSAGE_THREAD), a figure
// that a loaded machine disturbs much less than the wall clock.
func dwThreadCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(1, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// dwLoop runs f b.N times on a locked thread and reports its CPU ns/op (cpu-ns/op).
func dwLoop(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	t0 := dwThreadCPU()
	for i := 0; i < b.N; i++ {
		f()
	}
	b.ReportMetric(float64(dwThreadCPU()-t0)/float64(b.N), "cpu-ns/op")
}

// BenchmarkDWConvModel times the depthwise convolution on the corpus models' shapes
// (person-reid-0288/0287, MobileNet/yolo-like 112×112, stride 2, 5×5, 7×7):
//
//	fused  the kernel as planned, the epilogue (Add+ReLU, +FakeQuantize for "fq") in it
//	fusedavx2  the same with the AVX2 body
//	sep    the previous layout: AVX2 body, then the epilogue as a pass of its own
//	       (EpiApplier)
//	stream a streaming read of the input and write of the output (the bandwidth bound)
//
// with 1 and 2 threads (t1, t2; "fused" at t2 is parallel whatever dwParMin says).
func BenchmarkDWConvModel(b *testing.B) {
	type cse struct {
		g  ConvGeom
		fq bool
	}
	cases := []cse{
		{dwGeom(1, 16, 64, 32, 3, 3, 1, 1, 1, 1, 1, 1), false},
		{dwGeom(1, 24, 32, 16, 3, 3, 1, 1, 1, 1, 1, 1), false},
		{dwGeom(1, 32, 16, 8, 3, 3, 1, 1, 1, 1, 1, 1), false},
		{dwGeom(1, 32, 64, 32, 3, 3, 1, 1, 1, 1, 1, 1), true},
		{dwGeom(1, 64, 16, 8, 3, 3, 1, 1, 1, 1, 1, 1), true},
		{dwGeom(1, 128, 112, 112, 3, 3, 1, 1, 1, 1, 1, 1), false},
		{dwGeom(1, 64, 112, 112, 3, 3, 2, 1, 1, 1, 1, 1), false},
		{dwGeom(1, 96, 56, 56, 5, 5, 1, 1, 2, 2, 2, 2), false},
		{dwGeom(1, 96, 56, 56, 7, 7, 2, 1, 3, 3, 3, 3), false},
	}
	for _, cs := range cases {
		g := cs.g
		ls, lf, lo := g.ConvLens()
		src, filt, dst := make([]float32, ls), make([]float32, lf), make([]float32, lo)
		for i := range src {
			src[i] = float32(i%13)*0.1 - 0.5
		}
		for i := range filt {
			filt[i] = float32(i%7)*0.1 - 0.3
		}
		bias := make([]float32, g.Groups)
		e := &Epilogue{Steps: []EpiStep{{Kind: EpiAddChan, Vec: bias}, {Kind: EpiRelu}}}
		if cs.fq {
			fq, _ := NewEpiFQ([]float32{0}, []float32{2}, []float32{0}, []float32{2}, 256)
			e.Steps = append(e.Steps, EpiStep{Kind: EpiFakeQuantize, FQ: fq})
		}
		name := fmt.Sprintf("C%d_%dx%d_k%d_s%d", g.Groups, g.In[0], g.In[1], g.Kernel[0], g.Strides[0])
		if cs.fq {
			name += "_fq"
		}
		for _, th := range []int{1, 2} {
			w := NewWorkers(th)
			b.Run(fmt.Sprintf("%s/t%d/fused", name, th), func(b *testing.B) {
				d := NewDWConv(g, filt)
				if err := d.SetEpilogue(e); err != nil {
					b.Fatal(err)
				}
				d.par = th > 1
				b.SetBytes(int64(4 * (ls + lo)))
				dwLoop(b, func() { _ = d.RunF32(context.Background(), w, src, dst) })
			})
			b.Run(fmt.Sprintf("%s/t%d/fusedavx2", name, th), func(b *testing.B) {
				d := NewDWConv(g, filt)
				if err := d.SetEpilogue(e); err != nil {
					b.Fatal(err)
				}
				d.par, d.no512 = th > 1, true
				b.SetBytes(int64(4 * (ls + lo)))
				dwLoop(b, func() { _ = d.RunF32(context.Background(), w, src, dst) })
			})
			b.Run(fmt.Sprintf("%s/t%d/sep", name, th), func(b *testing.B) {
				d := NewDWConv(g, filt)
				d.no512, d.par = true, th > 1
				a, err := NewEpiApplier(e, g.Groups, lo/g.Groups, true)
				if err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(4 * (ls + lo)))
				dwLoop(b, func() {
					_ = d.RunF32(context.Background(), w, src, dst)
					_ = a.Run(context.Background(), w, dst, nil)
				})
			})
			if th == 1 {
				b.Run(name+"/t1/stream", func(b *testing.B) {
					buf := make([]float32, 4096)
					b.SetBytes(int64(4 * (ls + lo)))
					dwLoop(b, func() {
						for o := 0; o < ls; o += len(buf) {
							copy(buf, src[o:])
						}
						clear(dst)
					})
				})
			}
			w.Close()
		}
	}
}
