//go:build !amd64 || purego

package kernels

func snTrans16h(*uint16, int, *float32, int, int, *float32, bool) {
	panic("kernels: snTrans16h without assembly")
}

func snBiasReluPH(int, *uint16, *float32, float32, bool) {
	panic("kernels: snBiasReluPH without assembly")
}

func snAsm() bool { return false }

func smChainPH(int, *uint16, *float32, *[4]float32, bool) {
	panic("kernels: smChainPH without assembly")
}
