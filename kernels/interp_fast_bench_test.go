package kernels

import (
	"context"
	"testing"
)

// BenchmarkInterpNearest2x is yolov8n's /model.10/Resize: nearest 2× on [1,256,20,20]
// (asymmetric, floor), against a plain copy of the output's size.
func BenchmarkInterpNearest2x(b *testing.B) {
	g := InterpGeom{In: []int{1, 256, 20, 20}, Out: []int{1, 256, 40, 40}, Axes: []int{0, 1, 2, 3}, Scales: []float32{1, 1, 2, 2},
		Mode: InterpNearest, Coord: CoordAsymmetric, Nearest: NearestFloor}
	p, err := NewInterpPlan(g)
	if err != nil {
		b.Fatal(err)
	}
	src, dst := make([]float32, 256*20*20), make([]float32, 256*40*40)
	w := NewWorkers(1)
	defer w.Close()
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			_ = InterpolateFast(context.Background(), w, p, src, dst)
		}
	})
	b.Run("copy", func(b *testing.B) {
		src4 := make([]float32, len(dst))
		for b.Loop() {
			copy(dst, src4)
		}
	})
}

// BenchmarkInterpLinearONNX is a bilinear 2× (half_pixel) on [1,32,40,40].
func BenchmarkInterpLinearONNX(b *testing.B) {
	g := InterpGeom{In: []int{1, 32, 40, 40}, Out: []int{1, 32, 80, 80}, Axes: []int{2, 3}, Scales: []float32{2, 2},
		Mode: InterpLinearONNX, Coord: CoordHalfPixel}
	p, err := NewInterpPlan(g)
	if err != nil {
		b.Fatal(err)
	}
	src, dst := make([]float32, 32*40*40), make([]float32, 32*80*80)
	w := NewWorkers(1)
	defer w.Close()
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			_ = InterpolateFast(context.Background(), w, p, src, dst)
		}
	})
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			_ = InterpolateReference(g, src, dst)
		}
	})
}

// BenchmarkTransposeNarrow is pupil-segmentation's output Transpose: [1,2,128,128] to
// NHWC (two channels innermost).
func BenchmarkTransposeNarrow(b *testing.B) {
	src, dst := make([]float32, 2*128*128), make([]float32, 2*128*128)
	w := NewWorkers(1)
	defer w.Close()
	for b.Loop() {
		_ = Transpose(w, src, dst, []int{1, 2, 128, 128}, []int{0, 2, 3, 1})
	}
}
