package kernels

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// ptElem is one element type of the pooling tests' per-type tables: its
// name and the generic checks instantiated at it. A test lists the types it
// covers once, as names, and ptRun runs the check on each as a subtest, in
// that order (a check that shares a random source with the others draws
// from it in the same order as before).
type ptElem interface {
	piCheck(t *testing.T, pool []*Workers)
	pltTinyCheck(t *testing.T, pool []*Workers)
	pwPerm(t *testing.T, r *rand.Rand)
	pwMaxPool(t *testing.T, r *rand.Rand, w1, w2 *Workers)
	qmRows(t *testing.T, r *rand.Rand, w1, w2 *Workers) // qm_rows_test.go
	pnWide(t *testing.T, r *rand.Rand, w1, w2 *Workers)
	avgiCheck(t *testing.T, r *rand.Rand, g Window)
	avgiSlideCheck(t *testing.T, r *rand.Rand, pool []*Workers, g Window)
	widenCheck(t *testing.T, r *rand.Rand)
	pool6DepthCheck(t *testing.T, r *rand.Rand, pool []*Workers, iters int)
	pool6PickCheck(t *testing.T, r *rand.Rand, pool []*Workers)
	pool6WidenCheck(t *testing.T, r *rand.Rand)
	poolTabMaxCheck(t *testing.T, r *rand.Rand, pool []*Workers, iters int)
	psSelCheck(t *testing.T, pool []*Workers)
	psPerm4(t *testing.T, r *rand.Rand)
}

// ptOf implements ptElem for element type T.
type ptOf[T Number] struct{}

func (ptOf[T]) piCheck(t *testing.T, pool []*Workers)      { piCheck[T](t, pool) }
func (ptOf[T]) pltTinyCheck(t *testing.T, pool []*Workers) { pltTinyCheck[T](t, pool) }
func (ptOf[T]) pwPerm(t *testing.T, r *rand.Rand)          { testPwPerm[T](t, r) }
func (ptOf[T]) pwMaxPool(t *testing.T, r *rand.Rand, w1, w2 *Workers) {
	testPwMaxPool[T](t, r, w1, w2)
}
func (ptOf[T]) pnWide(t *testing.T, r *rand.Rand, w1, w2 *Workers) { testPnWide[T](t, r, w1, w2) }
func (ptOf[T]) avgiCheck(t *testing.T, r *rand.Rand, g Window)     { avgiCheck[T](t, r, g) }
func (ptOf[T]) avgiSlideCheck(t *testing.T, r *rand.Rand, pool []*Workers, g Window) {
	avgiSlideCheck[T](t, r, pool, g)
}
func (ptOf[T]) widenCheck(t *testing.T, r *rand.Rand) { widenCheck[T](t, r) }
func (ptOf[T]) pool6DepthCheck(t *testing.T, r *rand.Rand, pool []*Workers, iters int) {
	pool6DepthCheck[T](t, r, pool, iters)
}
func (ptOf[T]) pool6PickCheck(t *testing.T, r *rand.Rand, pool []*Workers) {
	pool6PickCheck[T](t, r, pool)
}
func (ptOf[T]) pool6WidenCheck(t *testing.T, r *rand.Rand) { pool6WidenCheck[T](t, r) }
func (ptOf[T]) poolTabMaxCheck(t *testing.T, r *rand.Rand, pool []*Workers, iters int) {
	poolTabMaxCheck[T](t, r, pool, iters)
}

func (ptOf[T]) psSelCheck(t *testing.T, pool []*Workers) { psSelCheck[T](t, pool) }
func (ptOf[T]) psPerm4(t *testing.T, r *rand.Rand)       { psPerm4Check[T](t, r) }

// ptElems names every element type of the pooling kernels (Number).
var ptElems = map[string]ptElem{
	"f32": ptOf[float32]{}, "f64": ptOf[float64]{},
	"i8": ptOf[int8]{}, "u8": ptOf[uint8]{}, "i16": ptOf[int16]{}, "u16": ptOf[uint16]{},
	"i32": ptOf[int32]{}, "u32": ptOf[uint32]{}, "i64": ptOf[int64]{}, "u64": ptOf[uint64]{},
}

// ptAll is every element type, in the order the tests list them.
const ptAll = "f32 f64 i8 u8 i16 u16 i32 u32 i64 u64"

// ptRun runs check once per element type named in types (space-separated,
// in that order) as a subtest named after the type.
func ptRun(t *testing.T, types string, check func(t *testing.T, e ptElem)) {
	t.Helper()
	for _, name := range strings.Fields(types) {
		e, ok := ptElems[name]
		if !ok {
			t.Fatalf("ptRun: unknown element type %q", name)
		}
		t.Run(name, func(t *testing.T) { check(t, e) })
	}
}
