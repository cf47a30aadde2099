//go:build !amd64 || purego

package kernels

func scTrans16(*float32, int, *float32, int, int) { panic("kernels: scTrans16 without assembly") }

func scTransAsm() bool { return false }

func scCvtRows(int, int, *float32, int, *uint16, int) { panic("kernels: scCvtRows without assembly") }

func scCvtRowsAsm() bool { return false }

func scCvtDeint(int, int, *uint16, int, *float32, *float32, int) {
	panic("kernels: scCvtDeint without assembly")
}

func scDeintRows(int, int, *float32, int, *float32, *float32, int) {
	panic("kernels: scDeintRows without assembly")
}
