//go:build amd64 && !purego

package kernels

import (
	"fmt"
	"testing"
	"unsafe"
)

// BenchmarkSnKern: the small-N 8-row kernel on L1-resident operands (k steps, A rows
// 16 floats apart per k), f32 and f16 panels: the kernel's own ceiling.
func BenchmarkSnKern(b *testing.B) {
	for _, k := range []int{64, 128, 512} {
		for _, half := range []bool{false, true} {
			b.Run(fmt.Sprintf("k%d/half=%v", k, half), func(b *testing.B) {
				a := make([]float32, k*16+16)
				for i := range a {
					a[i] = float32(i%7) * 0.25
				}
				rows := []int{0, 1, 2, 3, 4, 5, 6, 7}
				off := make([]int, k)
				for i := range off {
					off[i] = i * 16
				}
				w := smallnW{f: make([]float32, k*32), h: nil}
				for i := range w.f {
					w.f[i] = 0.5
				}
				smallnToF16(&w)
				c := make([]float32, 8*32)
				var bp unsafe.Pointer = unsafe.Pointer(&w.f[0])
				if half {
					bp = unsafe.Pointer(&w.h[0])
				}
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if half {
						smallnKern8f16(k, &a[0], &rows[0], &off[0], bp, &c[0], 32, false)
					} else {
						smallnKern8f32(k, &a[0], &rows[0], &off[0], bp, &c[0], 32, false)
					}
				}
				b.ReportMetric(float64(b.N)*float64(k)*8*32*2/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}
