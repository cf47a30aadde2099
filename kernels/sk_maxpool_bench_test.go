package kernels

import (
	"context"
	"fmt"
	"testing"

	"github.com/x448/float16"
)

// BenchmarkSkMaxF16: the corpus models' three-tap MaxPools on f16 data, 1 thread.
func BenchmarkSkMaxF16(b *testing.B) {
	for gi, g := range skGeoms()[:10] {
		p, err := g.plan()
		if err != nil {
			b.Fatal(err)
		}
		src := make([]float16.Float16, p.inLen())
		for i := range src {
			src[i] = float16.Fromfloat32(float32(i%97) - 40)
		}
		dst := make([]float16.Float16, p.outLen())
		b.Run(fmt.Sprintf("g%d_%dx%dx%d", gi, p.planes, g.In[0], g.In[1]), func(b *testing.B) {
			for b.Loop() {
				if err := MaxPoolF16Context[int64](context.Background(), nil, g, src, dst, nil, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
