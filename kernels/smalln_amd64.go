//go:build amd64 && !purego

package kernels

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

//go:generate go run smalln_gen.go

//go:noescape
func smallnKern1f32(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern2f32(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern3f32(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern4f32(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern5f32(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern6f32(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern7f32(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern8f32(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern1f16(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern2f16(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern3f16(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern4f16(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern5f16(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern6f16(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern7f16(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

//go:noescape
func smallnKern8f16(k int, a *float32, rows, off *int, b unsafe.Pointer, c *float32, ldc int, acc bool)

// smallnHasAsm reports whether the AVX-512 small-N kernels run on this CPU (they also
// read f16 panels).
func smallnHasAsm() bool { return p512Allowed && cpu.X86.HasAVX512F }

// smallnAsm runs the AVX-512 kernel of the tile when the CPU has it (operands checked
// by smallnTile).
func smallnAsm(k int, a []float32, rows, off []int, w *smallnW, wo int, half bool, c []float32, ldc int, acc bool) bool {
	if !smallnHasAsm() {
		return false
	}
	ap, rp, op, cp := gemmP(a), unsafe.SliceData(rows), unsafe.SliceData(off), gemmP(c)
	if half {
		b := unsafe.Pointer(&w.h[wo])
		switch len(rows) {
		case 1:
			smallnKern1f16(k, ap, rp, op, b, cp, ldc, acc)
		case 2:
			smallnKern2f16(k, ap, rp, op, b, cp, ldc, acc)
		case 3:
			smallnKern3f16(k, ap, rp, op, b, cp, ldc, acc)
		case 4:
			smallnKern4f16(k, ap, rp, op, b, cp, ldc, acc)
		case 5:
			smallnKern5f16(k, ap, rp, op, b, cp, ldc, acc)
		case 6:
			smallnKern6f16(k, ap, rp, op, b, cp, ldc, acc)
		case 7:
			smallnKern7f16(k, ap, rp, op, b, cp, ldc, acc)
		default:
			smallnKern8f16(k, ap, rp, op, b, cp, ldc, acc)
		}
		return true
	}
	b := unsafe.Pointer(&w.f[wo])
	switch len(rows) {
	case 1:
		smallnKern1f32(k, ap, rp, op, b, cp, ldc, acc)
	case 2:
		smallnKern2f32(k, ap, rp, op, b, cp, ldc, acc)
	case 3:
		smallnKern3f32(k, ap, rp, op, b, cp, ldc, acc)
	case 4:
		smallnKern4f32(k, ap, rp, op, b, cp, ldc, acc)
	case 5:
		smallnKern5f32(k, ap, rp, op, b, cp, ldc, acc)
	case 6:
		smallnKern6f32(k, ap, rp, op, b, cp, ldc, acc)
	case 7:
		smallnKern7f32(k, ap, rp, op, b, cp, ldc, acc)
	default:
		smallnKern8f32(k, ap, rp, op, b, cp, ldc, acc)
	}
	return true
}

//go:noescape
func smallnStreamRead(n int, p *float32) float32
