package layers

import (
	"fmt"
	"math"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Elementwise binary ops: Add-1, Subtract-1, Multiply-1, Divide-1, Maximum-1, Minimum-1,
// Mod-1, FloorMod-1, Power-1, SquaredDifference-1 (BinaryElementwiseArithmetic) and Equal-1,
// NotEqual-1, Greater-1, GreaterEqual-1, Less-1, LessEqual-1 (BinaryElementwiseComparison).
// Shape and type inference follow src/core/src/op/util/elementwise_args.cpp,
// binary_elementwise_arithmetic.cpp, binary_elementwise_comparison.cpp and
// src/core/shape_inference/include/eltwise_shape_inference.hpp; bounds follow
// bound_evaluate.cpp's interval_bound_evaluator and the ops' evaluate_lower/upper
// (divide.cpp, mod.cpp).
//
// Attributes: auto_broadcast ("numpy" by default, "none", "explicit" which OpenVINO
// aliases to none, "pdpd") and, for pdpd, auto_broadcast_axis (OpenVINO's
// AttributeAdapter<AutoBroadcastSpec> reads it only for pdpd; absent it stays 0, the axis
// of the op's default numpy spec). Divide also has m_pythondiv (default true).
//
// The arithmetic ops refuse boolean and string inputs with current OpenVINO's message
// "This operation does not support inputs with element type: boolean" (releases up to
// 2023 said "Arguments cannot have boolean element type").

// eltBinary is a decoded arithmetic or comparison op.
type eltBinary struct {
	AutoBroadcast string `attr:"auto_broadcast,enum=none|numpy|pdpd|explicit"`
	Axis          int64  `attr:"auto_broadcast_axis"`
	fn            eltFunc
}

// eltDivide is Divide-1: eltBinary's attributes and m_pythondiv.
type eltDivide struct {
	AutoBroadcast string `attr:"auto_broadcast,enum=none|numpy|pdpd|explicit"`
	Axis          int64  `attr:"auto_broadcast_axis"`
	PythonDiv     bool   `attr:"m_pythondiv"`
	fn            eltFunc
}

// eltOp returns the computation of one of the family's types (table.go's rows call eltNew).
func eltOp(typ string) (eltFunc, bool) {
	switch typ {
	case "Add":
		return eltFunc{kind: eltArith, arith: kernels.BinAdd}, true
	case "Subtract":
		return eltFunc{kind: eltArith, arith: kernels.BinSubtract}, true
	case "Multiply":
		return eltFunc{kind: eltArith, arith: kernels.BinMultiply}, true
	case "Divide":
		return eltFunc{kind: eltArith, arith: kernels.BinDivide}, true
	case "Maximum":
		return eltFunc{kind: eltArith, arith: kernels.BinMaximum}, true
	case "Minimum":
		return eltFunc{kind: eltArith, arith: kernels.BinMinimum}, true
	case "Mod":
		return eltFunc{kind: eltArith, arith: kernels.BinMod}, true
	case "FloorMod":
		return eltFunc{kind: eltArith, arith: kernels.BinFloorMod}, true
	case "Power":
		return eltFunc{kind: eltArith, arith: kernels.BinPower}, true
	case "SquaredDifference":
		return eltFunc{kind: eltArith, arith: kernels.BinSquaredDifference}, true
	case "Equal":
		return eltFunc{kind: eltCompare, cmp: kernels.CmpEqual}, true
	case "NotEqual":
		return eltFunc{kind: eltCompare, cmp: kernels.CmpNotEqual}, true
	case "Greater":
		return eltFunc{kind: eltCompare, cmp: kernels.CmpGreater}, true
	case "GreaterEqual":
		return eltFunc{kind: eltCompare, cmp: kernels.CmpGreaterEqual}, true
	case "Less":
		return eltFunc{kind: eltCompare, cmp: kernels.CmpLess}, true
	case "LessEqual":
		return eltFunc{kind: eltCompare, cmp: kernels.CmpLessEqual}, true
	case "LogicalAnd":
		return eltFunc{kind: eltLogical, logic: kernels.LogAnd}, true
	case "LogicalOr":
		return eltFunc{kind: eltLogical, logic: kernels.LogOr}, true
	case "LogicalXor":
		return eltFunc{kind: eltLogical, logic: kernels.LogXor}, true
	case "LogicalNot":
		return eltFunc{kind: eltNot}, true
	case "Select":
		return eltFunc{kind: eltSelect}, true
	}
	return eltFunc{}, false
}

// eltNew returns the Spec.New of a family op: the op with OpenVINO's defaults
// (auto_broadcast numpy, Divide's m_pythondiv true).
func eltNew(typ string) func(int) Op {
	f, ok := eltOp(typ)
	if !ok {
		panic("eltNew: unknown op " + typ)
	}
	return func(v int) Op {
		f := f
		f.name = fmt.Sprintf("%s-%d", typ, v)
		switch {
		case typ == "Divide":
			return &eltDivide{AutoBroadcast: "numpy", PythonDiv: true, fn: f}
		case f.kind == eltNot:
			return &eltLogicalNot{fn: f}
		case f.kind == eltSelect:
			return &eltSelectOp{AutoBroadcast: "numpy", fn: f}
		}
		return &eltBinary{AutoBroadcast: "numpy", fn: f}
	}
}

// bin returns Divide as the eltBinary it computes.
func (d *eltDivide) bin() *eltBinary {
	f := d.fn
	f.pythonDiv = d.PythonDiv
	return &eltBinary{AutoBroadcast: d.AutoBroadcast, Axis: d.Axis, fn: f}
}

func (d *eltDivide) Infer(in []Input) ([]Output, error) { return d.bin().Infer(in) }

func (d *eltDivide) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	return d.bin().Prepare(in, opts)
}

func (d *eltDivide) CheckRunnable(in []Input) error       { return d.bin().CheckRunnable(in) }
func (d *eltDivide) evalBounds(in []Input, outs []Output) { d.bin().evalBounds(in, outs) }

// eltSpec returns the broadcast spec of the attributes ("explicit" is OpenVINO's alias of
// none).
func eltSpec(typ string, axis int64) autoBroadcast {
	if typ == "explicit" {
		typ = "none"
	}
	return autoBroadcast{Type: typ, Axis: axis}
}

func (b *eltBinary) spec() autoBroadcast { return eltSpec(b.AutoBroadcast, b.Axis) }

// eltBroadcastMerge is PartialShape::broadcast_merge_into for numpy and none (as
// broadcastMerge) and for pdpd as current OpenVINO does it (src/core/src/partial_shape.cpp):
// a dynamic rank makes the result dynamic; src (rank <= dst's) is aligned at the axis (-1:
// right-aligned) without dropping its trailing 1s, each dim no larger than dst's when both
// are static, and broadcast-merged into dst's dim. shapeutil.go's broadcastMerge follows an
// older pdpd rule (no merge, trailing 1s dropped, compatible equal-rank shapes accepted as
// they are), which rejects shapes OpenVINO's type_prop tests accept.
func eltBroadcastMerge(dst, src ir.Shape, spec autoBroadcast) (ir.Shape, bool) {
	if spec.Type != "pdpd" {
		return broadcastMerge(dst, src, spec)
	}
	if dst.DynamicRank || src.DynamicRank {
		return ir.DynamicRankShape(), true
	}
	dr, sr := len(dst.Dims), len(src.Dims)
	axis := spec.Axis
	if sr > dr || axis < -1 {
		return dst, false
	}
	if axis == -1 {
		axis = int64(dr - sr)
	}
	if int64(sr)+axis > int64(dr) {
		return dst, false
	}
	out := cloneShape(dst)
	ok := true
	for i, s := range src.Dims {
		d := &out.Dims[int(axis)+i]
		if d.IsStatic() && s.IsStatic() && s.Lo > d.Lo {
			return dst, false
		}
		m, good := dimBroadcastMerge(*d, s)
		if good {
			*d = m
		}
		ok = ok && good
	}
	return out, ok
}

// eltMergeShape is eltwise_shape_infer's merge of src into dst under spec.
func eltMergeShape(dst, src ir.Shape, spec autoBroadcast) (ir.Shape, error) {
	out, ok := eltBroadcastMerge(dst, src, spec)
	if !ok {
		detail := "auto_broadcast " + spec.Type
		if spec.Type == "pdpd" {
			detail += fmt.Sprintf(", axis %d", spec.Axis)
		}
		return ir.Shape{}, fmt.Errorf("Argument shapes are inconsistent. (shapes %s and %s, %s)", dst, src, detail)
	}
	return out, nil
}

// eltArgs is validate_and_infer_elementwise_args: the merged element type and the output
// shape of two inputs.
func eltArgs(in []Input, spec autoBroadcast) (ir.ElementType, ir.Shape, error) {
	if len(in) != 2 {
		return 0, ir.Shape{}, fmt.Errorf("Incorrect number of inputs. Required: 2 (got %d)", len(in))
	}
	t, ok := mergeTypes(in[0].Type, in[1].Type)
	if !ok {
		return 0, ir.Shape{}, fmt.Errorf("Arguments do not have the same element type (arg0 element type: %s, arg1 element type: %s).",
			in[0].Type, in[1].Type)
	}
	s, err := eltMergeShape(in[0].Shape, in[1].Shape, spec)
	return t, s, err
}

func (b *eltBinary) Infer(in []Input) ([]Output, error) {
	t, s, err := eltArgs(in, b.spec())
	if err != nil {
		return nil, err
	}
	switch b.fn.kind {
	case eltCompare:
		t = ir.Boolean
	case eltLogical:
		if t.IsStatic() && t != ir.Boolean {
			return nil, fmt.Errorf("Operands for logical operators must have boolean element type but have element type %s.", t)
		}
		t = ir.Boolean
	default:
		if t == ir.Boolean || t == ir.String {
			return nil, fmt.Errorf("This operation does not support inputs with element type: %s", t)
		}
	}
	return []Output{{Type: t, Shape: s}}, nil
}

// eltDataType is the element type an op computes on: the first static one of in.
func eltDataType(in []Input) ir.ElementType {
	for _, x := range in {
		if x.Type.IsStatic() {
			return x.Type
		}
	}
	return ir.Dynamic
}

// CheckRunnable implements RunChecker.
func (b *eltBinary) CheckRunnable(in []Input) error {
	t := eltDataType(in)
	if !t.IsStatic() || eltComputable(b.fn, t) {
		return nil
	}
	return unsupportedType(b.fn.name, t)
}

func (b *eltBinary) Prepare(in []Input, opts ExecOptions) (Kernel, error) {
	outs, err := b.Infer(in)
	if err != nil {
		return nil, err
	}
	w, lens, err := eltWalk(in, outs[0].Shape, b.spec(), 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", b.fn.name, err)
	}
	plane := thrPlane(outs[0].Shape)
	if k := eltFastKernel(b.fn, eltDataType(in), w, plane, opts); k != nil {
		return k, nil
	}
	if k := eltHalfFastKernel(b.fn, eltDataType(in), w, lens, plane, opts); k != nil {
		return k, nil
	}
	return eltBind(b.fn, eltDataType(in), w, lens)
}

// eltWalk plans the kernel walk of static inputs onto the static output shape. Under
// pdpd, input dst has the output's shape and the others are aligned at the spec's axis.
func eltWalk(in []Input, out ir.Shape, spec autoBroadcast, dst int) (*kernels.EltWalk, []int, error) {
	od, ok := staticDims(out)
	if !ok {
		return nil, nil, fmt.Errorf("output shape %s is not static", out)
	}
	if _, err := ir.ElementCount(od); err != nil {
		return nil, nil, err
	}
	strides := make([][]int, len(in))
	lens := make([]int, len(in))
	for i, x := range in {
		d, ok := staticDims(x.Shape)
		if !ok {
			return nil, nil, fmt.Errorf("input %d shape %s is not static", i, x.Shape)
		}
		n, err := ir.ElementCount(d)
		if err != nil {
			return nil, nil, err
		}
		lens[i] = n
		if spec.Type == "pdpd" && i != dst {
			strides[i], err = kernels.PDPDStrides(od, d, int(spec.Axis))
		} else {
			strides[i], err = kernels.BroadcastStrides(od, d)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	w, err := kernels.NewEltWalk(od, strides...)
	return w, lens, err
}

// ---------------------------------------------------------------- bounds

// eltIndexMap returns, per output element of the static output shape, the flat element
// each (static-shaped) input reads; ok is false when a shape is not static or the output
// is too large to bound.
func eltIndexMap(in []Input, out ir.Shape, spec autoBroadcast, dst int) (idx [][]int, ok bool) {
	od, ok := staticDims(out)
	if !ok {
		return nil, false
	}
	n, err := ir.ElementCount(od)
	if err != nil || n > foldOutputLimit {
		return nil, false
	}
	w, lens, err := eltWalk(in, out, spec, dst)
	if err != nil {
		return nil, false
	}
	iota := func(k int) []int {
		s := make([]int, k)
		for j := range s {
			s[j] = j
		}
		return s
	}
	idx = make([][]int, len(in))
	for i := range idx {
		idx[i] = make([]int, n)
	}
	switch len(in) {
	case 2:
		pairs := make([][2]int, n)
		if kernels.EltApply2(w, pairs, iota(lens[0]), iota(lens[1]), func(a, b int) [2]int { return [2]int{a, b} }) != nil {
			return nil, false
		}
		for j, p := range pairs {
			idx[0][j], idx[1][j] = p[0], p[1]
		}
	case 3:
		triples := make([][3]int, n)
		if kernels.EltApply3(w, triples, iota(lens[0]), iota(lens[1]), iota(lens[2]),
			func(a, b, c int) [3]int { return [3]int{a, b, c} }) != nil {
			return nil, false
		}
		for j, p := range triples {
			idx[0][j], idx[1][j], idx[2][j] = p[0], p[1], p[2]
		}
	default:
		return nil, false
	}
	return idx, true
}

// eltBounded returns the bounds of an integer input, checked against its element count.
func eltBounded(x Input) (lo, hi []int64, ok bool) {
	lo, hi, ok = x.bounded()
	if !ok {
		return nil, nil, false
	}
	d, ok := staticDims(x.Shape)
	if !ok {
		return nil, nil, false
	}
	n, err := ir.ElementCount(d)
	if err != nil || len(lo) != n || len(hi) != n {
		return nil, nil, false
	}
	return lo, hi, true
}

// evalBounds implements boundsEvaluator for integer arithmetic: OpenVINO's
// interval_bound_evaluator (the op on the four corners of the inputs' intervals, an
// input bound at the type's maximum making the result [0, max]), Divide's and Mod's own
// rules. Intermediate results saturate instead of wrapping.
func (b *eltBinary) evalBounds(in []Input, outs []Output) {
	if b.fn.kind == eltCompare && b.fn.cmp == kernels.CmpEqual {
		tpfEqualBounds(b, in, outs) // Equal's own rule (tpf_bounds.go)
		return
	}
	if b.fn.kind != eltArith || len(in) != 2 || len(outs) != 1 {
		return
	}
	if t := outs[0].Type; t == ir.F32 || t == ir.F64 {
		b.tp9FloatBounds(in, outs) // tp9_float_bounds.go
		return
	}
	if !outs[0].Type.IsInteger() {
		return
	}
	t := outs[0].Type
	lo0, hi0, ok0 := eltBounded(in[0])
	lo1, hi1, ok1 := eltBounded(in[1])
	if !ok0 || !ok1 {
		return
	}
	idx, ok := eltIndexMap(in, outs[0].Shape, b.spec(), 0)
	if !ok {
		return
	}
	tmax, tmin := typeMax(t), typeMin(t)
	n := len(idx[0])
	res := &Bounds{Lo: make([]int64, n), Hi: make([]int64, n)}
	for j := 0; j < n; j++ {
		i0, i1 := idx[0][j], idx[1][j]
		a, c := eltInterval{lo0[i0], hi0[i0]}, eltInterval{lo1[i1], hi1[i1]}
		r := b.boundOne(a, c, tmax, tmin)
		r.lo = max(min(r.lo, tmax), tmin)
		if r.hi >= tmax {
			r.hi = ir.Inf
		}
		r.hi = max(r.hi, tmin)
		res.Lo[j], res.Hi[j] = r.lo, r.hi
	}
	outs[0].Bounds = res
}

type eltInterval struct{ lo, hi int64 }

// boundOne bounds one output element from its inputs' intervals a and c.
func (b *eltBinary) boundOne(a, c eltInterval, tmax, tmin int64) eltInterval {
	unknown := eltInterval{tmin, ir.Inf}
	dyn := a.lo >= tmax || a.hi >= tmax || c.lo >= tmax || c.hi >= tmax
	switch b.fn.arith {
	case kernels.BinDivide:
		// divide.cpp: a dynamic (maximum) numerator or divisor upper bound gives [0, max];
		// a divisor range holding 0 inside gives [min, max]; one ending at 0 leaves the
		// upper bound at max. Elsewhere the corners bound floor and truncating division
		// alike (monotone in each argument for a divisor of fixed sign), which also holds
		// for negative numerators, where OpenVINO's rule is not sound.
		if a.hi >= tmax || c.hi >= tmax {
			return eltInterval{0, ir.Inf}
		}
		switch {
		case c.lo < 0 && c.hi > 0, c.lo == 0 && c.hi == 0:
			return unknown
		case c.lo == 0:
			r := b.corners(a, eltInterval{1, c.hi})
			return eltInterval{r.lo, ir.Inf}
		case c.hi == 0:
			r := b.corners(a, eltInterval{c.lo, -1})
			return eltInterval{r.lo, ir.Inf}
		}
		return b.corners(a, c)
	case kernels.BinMod, kernels.BinFloorMod:
		return eltModBound(a, c, tmax, tmin, b.fn.arith == kernels.BinFloorMod)
	}
	if dyn {
		return eltInterval{0, ir.Inf}
	}
	return b.corners(a, c)
}

// corners evaluates the op on the four corners of a × c and returns their min and max.
func (b *eltBinary) corners(a, c eltInterval) eltInterval {
	r := eltInterval{math.MaxInt64, math.MinInt64}
	for _, x := range [2]int64{a.lo, a.hi} {
		for _, y := range [2]int64{c.lo, c.hi} {
			v := eltSatOp(b.fn, x, y)
			r.lo, r.hi = min(r.lo, v), max(r.hi, v)
		}
	}
	return r
}

// eltSatOp computes an arithmetic op on int64 values, saturating at the int64 range.
func eltSatOp(f eltFunc, x, y int64) int64 {
	switch f.arith {
	case kernels.BinAdd:
		return eltSatAdd(x, y)
	case kernels.BinSubtract:
		if y == math.MinInt64 {
			return eltSatAdd(eltSatAdd(x, math.MaxInt64), 1)
		}
		return eltSatAdd(x, -y)
	case kernels.BinMultiply:
		return eltSatMul(x, y)
	case kernels.BinDivide:
		if y == 0 {
			return 0
		}
		if x == math.MinInt64 && y == -1 {
			return math.MaxInt64
		}
		q := x / y
		if f.pythonDiv && (x < 0) != (y < 0) && x%y != 0 {
			q--
		}
		return q
	case kernels.BinMaximum:
		return max(x, y)
	case kernels.BinMinimum:
		return min(x, y)
	case kernels.BinPower:
		return satSigned(math.Pow(float64(x), float64(y)), math.MinInt64, math.MaxInt64)
	case kernels.BinSquaredDifference:
		d := eltSatOp(eltFunc{arith: kernels.BinSubtract}, x, y)
		return eltSatMul(d, d)
	}
	return 0
}

func eltSatAdd(x, y int64) int64 {
	s := x + y
	switch {
	case x > 0 && y > 0 && s < 0:
		return math.MaxInt64
	case x < 0 && y < 0 && s >= 0:
		return math.MinInt64
	}
	return s
}

func eltSatMul(x, y int64) int64 {
	if x == 0 || y == 0 {
		return 0
	}
	p := x * y
	if p/y != x || (x == -1 && y == math.MinInt64) || (y == -1 && x == math.MinInt64) {
		if (x < 0) != (y < 0) {
			return math.MinInt64
		}
		return math.MaxInt64
	}
	return p
}

// eltModBound bounds Mod (and FloorMod) of a by divisor c. For a non-negative dividend
// and a positive divisor both remainders agree and mod.cpp's mod_interval applies (with
// its mask: a zero divisor bound, or a maximum dividend or divisor lower bound, gives
// [0, max]). Other signs get a sound range instead of OpenVINO's (undefined there for Mod;
// FloorMod uses the four corners, which is not sound).
func eltModBound(a, c eltInterval, tmax, tmin int64, floor bool) eltInterval {
	if c.lo == 0 || c.hi == 0 || c.lo >= tmax || a.hi >= tmax {
		return eltInterval{0, ir.Inf}
	}
	if a.lo >= 0 && c.lo > 0 {
		return eltModInterval(a.lo, a.hi, c.lo, c.hi)
	}
	if c.lo < 0 && c.hi > 0 {
		return eltInterval{tmin, ir.Inf}
	}
	m := max(eltAbs(c.lo), eltAbs(c.hi)) - 1 // |remainder| <= m
	if floor {
		// The floored remainder takes the divisor's sign.
		if c.lo > 0 {
			return eltInterval{0, m}
		}
		return eltInterval{-m, 0}
	}
	// The truncated remainder takes the dividend's sign and |r| <= |a|.
	return eltInterval{max(min(0, a.lo), -m), min(max(0, a.hi), m)}
}

func eltAbs(x int64) int64 {
	if x < 0 {
		if x == math.MinInt64 {
			return math.MaxInt64
		}
		return -x
	}
	return x
}

// eltModIntervalValue is reference/mod.hpp's mod_interval_value: [v1, v2] % m for
// 0 <= v1 <= v2 and m > 0.
func eltModIntervalValue(v1, v2, m int64) eltInterval {
	diff := v2 - v1
	r := eltInterval{v1 % m, v2 % m}
	if r.hi < r.lo || (diff != 0 && diff >= m) {
		r = eltInterval{0, m - 1}
	}
	return r
}

// eltModInterval is reference/mod.hpp's mod_interval: [v1, v2] % [m1, m2] for
// 0 <= v1 <= v2 and 0 < m1 <= m2.
func eltModInterval(v1, v2, m1, m2 int64) eltInterval {
	r := eltModIntervalValue(v1, v2, m1)
	if v2 != 0 && m1 != m2 {
		r2 := eltModIntervalValue(v1, v2, m2)
		r.lo, r.hi = min(r.lo, r2.lo), max(r.hi, r2.hi)
		if v2-v1 == 0 && m2-m1 != 1 {
			half := v2 / 2
			if m1 < half || (m1 < v2 && v2 < m2) {
				r.lo = 0
				if half < m2 && m2 < v2 {
					r.hi = v2 % (half + 1)
				} else {
					r.hi = m2 - 1
				}
			}
		}
	}
	return r
}
