"""OpenVINO template-plugin reference vectors for the math / activation / normalization / quantization ops.

Source: openvinotoolkit/openvino src/plugins/template/tests/functional/op_reference/<op>.cpp (the commit read
is in each case's origin).  The vectors are transcribed as data (numbers, shapes, attributes); where a test
builds an input programmatically (iota, fill) or computes its expected values with expf/std:: functions in
the test body, numpy reproduces that computation in the test's own precision (float32 unless the test says
otherwise).  Nothing here runs irrun.

Graphs: Parameter (or Const, as the test builds it) -> op -> Result.  bf16 has no NumPy dtype, so a bf16
input is an f32 Parameter feeding Convert(bf16) (exact: every value is a bf16 value), and a bf16 output is
followed by Convert(f32) (exact), keeping the .npy files f32.

Tolerances: integer and boolean outputs exact.  Float outputs use the tolerances of irwriter.tolerances
(f32 atol 1e-6 / rtol 1e-5, f16 1e-3, bf16 1e-2, f64 1e-12 / 1e-10) unless a case says otherwise, with the
reason recorded in its case.json note: OpenVINO compares with rel 1e-2 (base_reference_test.hpp threshold)
and many vectors are printed to 6-8 digits, so a looser tolerance is used only where the transcribed
literal carries fewer digits than the dtype.
"""
import numpy as np

import irwriter as W

SOURCE = "ovmath"
OVDIR = "src/plugins/template/tests/functional/op_reference/"
NPT = dict(W.NP)


def origin(fname, commit):
    return f"openvinotoolkit/openvino:{OVDIR}{fname}@{commit[:8]}"


def bf16_round(a):
    """float32 -> nearest-even bf16, returned as float32."""
    a = np.asarray(a, dtype=np.float32)
    b = a.view(np.uint32).astype(np.uint64)
    nan = np.isnan(a)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) << 16
    out = r.astype(np.uint32).view(np.float32)
    return np.where(nan, np.float32(np.nan), out).astype(np.float32)


def cast(vals, et):
    """Values as the test's std::vector<T> holds them (float literals cast to T)."""
    if et == "bf16":
        return bf16_round(np.asarray(vals, dtype=np.float32))
    if et == "boolean":
        return np.asarray(vals).astype(np.bool_)
    return np.asarray(vals).astype(NPT[et])


class Case:
    """Builds one single-op case.  ins: list of (name, etype, array, 'p'|'c')."""

    COUNT = {}

    def __init__(self, name, fname, commit, desc):
        self.name, self.fname, self.commit, self.desc = name, fname, commit, desc
        self.g = W.Graph(name)
        self.feeds = {}

    def inp(self, pname, et, arr, kind="p"):
        arr = np.asarray(arr)
        shape = list(arr.shape)
        g = self.g
        if kind == "c":
            if et == "bf16":
                c = g.const(pname, "f32", arr.astype(np.float32))
                (r,) = g.op(pname + "_bf16", "Convert", "opset1", [("destination_type", "bf16")], [c],
                            [("bf16", shape, None)])
                return r
            return g.const(pname, et, arr.astype(NPT[et]))
        if et == "bf16":
            p = g.param(pname, "f32", shape)
            (r,) = g.op(pname + "_bf16", "Convert", "opset1", [("destination_type", "bf16")], [p],
                        [("bf16", shape, None)])
            self.feeds[pname] = arr.astype(np.float32)
            return r
        self.feeds[pname] = arr.astype(NPT[et])
        return g.param(pname, et, shape)

    def op(self, optype, ver, attrs, refs, outs, opset=None):
        """outs: list of (oname, etype, expected array)."""
        g = self.g
        specs = []
        for oname, et, arr in outs:
            specs.append((et, list(np.shape(arr)), None if et == "bf16" else oname))
        rs = g.op("op", optype, opset or f"opset{ver}", attrs, refs, specs)
        self.outs = []
        for r, (oname, et, arr) in zip(rs, outs):
            if et == "bf16":
                (r,) = g.op(oname + "_f32", "Convert", "opset1", [("destination_type", "f32")], [r],
                            [("f32", r.shape, oname)])
                arr = bf16_round(arr)
            else:
                arr = np.asarray(arr).astype(NPT[et])
            g.result(r, oname)
            self.outs.append((oname, et, arr))
        self.opname = f"{optype}-{ver}"
        return rs

    def write(self, tol=None, expect="match", reason="", note=None):
        if not self.g.blob:
            # OpenVINO's reader rejects a Const when the .bin is empty (an empty axes list is the only
            # Const of some cases): unused trailing bytes keep the file non-empty
            self.g.blob += bytes(8)
        outputs = []
        for oname, et, arr in self.outs:
            o = {"name": oname, "array": arr}
            if et == "bf16":
                o["compare"] = "close"
                o["atol"], o["rtol"] = W.tolerances("bf16")
            if tol and arr.dtype.kind == "f":
                o["compare"] = "close"
                o["atol"], o["rtol"] = tol
            outputs.append(o)
        extra = {"note": note} if note else None
        W.write_case(SOURCE, self.name, self.g, self.feeds, outputs, origin(self.fname, self.commit), self.desc,
                     self.opname, expect=expect, reason=reason, extra=extra)
        Case.COUNT[self.fname] = Case.COUNT.get(self.fname, 0) + 1


def simple(name, fname, commit, desc, optype, ver, attrs, ins, outs, tol=None, expect="match", reason="",
           note=None, opset=None):
    """ins: list of (pname, etype, array, kind); outs: list of (oname, etype, array)."""
    c = Case(name, fname, commit, desc)
    refs = [c.inp(*i) for i in ins]
    c.op(optype, ver, attrs, refs, outs, opset=opset)
    c.write(tol=tol, expect=expect, reason=reason, note=note)


# ------------------------------------------------------------------ fake_quantize.cpp

def gen_fake_quantize():
    fn, cm = "fake_quantize.cpp", "191a0a700dc15fa5299784471e09941c3c5adb40"
    e1 = [2.0] * 4 + [6.6666669] * 8 + [11.33333301] * 8 + [16.0] * 4
    e2 = [2, 2, 2, 2, 2, 5.5, 5.5, 5.5, 5.5, 9, 9, 9, 12.5, 12.5, 12.5, 12.5] + [16.0] * 8
    e3 = [0, 0, 0, 0, 0, 0, 5, 10, 10, 15, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 50,
          50, 50, 50, 50, 50, 50, 55, 55, 60, 60, 60, 65, 65, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70]
    vecs = [
        ([1, 2, 3, 4], e1, ([], [0]), ([], [23]), ([], [2]), ([], [16]), 4, None),
        ([1, 2, 3, 4], e2, ([], [3]), ([], [17]), ([], [2]), ([], [16]), 5, None),
        ([1, 2, 5, 5], e3, ([2, 1, 1], [5, 30]), ([2, 1, 1], [10, 40]), ([2, 1, 1], [0, 50]),
         ([2, 1, 1], [20, 70]), 5, None),
        ([1, 2, 5, 5], e3, ([2, 1, 1], [5, 30]), ([2, 1, 1], [10, 40]), ([2, 1, 1], [0, 50]),
         ([2, 1, 1], [20, 70]), 5, ("pdpd", 1)),
        ([1, 2, 5, 5], e3, ([2, 1, 1], [5, 30]), ([2, 1, 1], [10, 40]), ([2, 1, 1], [0, 50]),
         ([2, 1, 1], [20, 70]), 5, ("pdpd", -1)),
    ]
    for et in ("f32", "f16"):
        for i, (shape, exp, il, ih, ol, oh, levels, bc) in enumerate(vecs):
            x = cast(np.arange(np.prod(shape)).reshape(shape), et)
            y = cast(exp, et).reshape(shape)
            c = Case(f"fake_quantize_{i}_{et}", fn, cm,
                     f"FakeQuantize levels {levels} on iota{shape}" + (f", auto_broadcast {bc[0]} axis {bc[1]}" if bc
                                                                        else ", auto_broadcast numpy"))
            refs = [c.inp("x", et, x)]
            for nm, (s, v) in zip(("input_low", "input_high", "output_low", "output_high"), (il, ih, ol, oh)):
                refs.append(c.inp(nm, et, cast(v, et).reshape(s), "c"))
            # the test's constructor without a broadcast argument defaults to AutoBroadcastType::NUMPY
            attrs = [("levels", levels), ("auto_broadcast", bc[0] if bc else "numpy")]
            c.op("FakeQuantize", 1, attrs, refs, [("y", et, y)])
            c.write(note=("the test's auto_broadcast axis is not serialized by the IR's auto_broadcast attribute; "
                          "for these shapes PDPD with axis 1 or -1 aligns the same dims") if bc else None)


# ------------------------------------------------------------------ mvn.cpp

def gen_mvn():
    fn, cm = "mvn.cpp", "285168a7672d25d06a6a2bd84cce9c6b44f0ff83"
    x27 = np.tile(np.arange(1, 10), 3).reshape(1, 3, 3, 3)
    x12 = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3]).reshape(1, 3, 2, 2)
    mean27 = np.tile(np.arange(-4, 5), 3).reshape(1, 3, 3, 3)
    mean12 = np.array([-3.25, -2.25, -1.25, -0.25, 0.75, 1.75, 2.75, 3.75, 4.75, -3.25, -2.25, -1.25]).reshape(x12.shape)
    var27 = np.tile([-1.5491934, -1.161895, -0.7745967, -0.38729835, 0., 0.38729835, 0.7745967, 1.161895,
                     1.5491934], 3).reshape(1, 3, 3, 3)
    v1 = [  # x, reduction_axes, across, normalize_variance, expected
        (x27, [], False, False, mean27), (x12, [], True, False, mean12), (x27, [], False, True, var27),
        (x27, [], True, True, var27), (x12, [1, 2, 3], False, False, mean12), (x27, [2, 3], False, True, var27)]
    for i, (x, ax, acr, nv, y) in enumerate(v1):
        attrs = [("eps", "1e-09"), ("across_channels", acr), ("normalize_variance", nv)]
        if ax:
            attrs.append(("reduction_axes", ax))
        simple(f"mvn1_{i}", fn, cm, f"MVN-1 across_channels={acr} normalize_variance={nv} reduction_axes={ax}",
               "MVN", 1, attrs, [("x", "f32", x)], [("y", "f32", y)], opset="opset2")
    v6 = [(x27, [2, 3], False, "outside_sqrt", mean27), (x27, [2, 3], True, "outside_sqrt", var27),
          (x27, [2, 3], True, "inside_sqrt", var27), (x27, [1, 2, 3], True, "outside_sqrt", var27)]
    for i, (x, ax, nv, mode, y) in enumerate(v6):
        simple(f"mvn6_{i}", fn, cm, f"MVN-6 axes {ax} normalize_variance={nv} eps_mode={mode}", "MVN", 6,
               [("normalize_variance", nv), ("eps", "1e-09"), ("eps_mode", mode)],
               [("x", "f32", x), ("axes", "i64", np.array(ax), "c")], [("y", "f32", y)])


# ------------------------------------------------------------------ softmax.cpp

def gen_softmax():
    fn, cm = "softmax.cpp", "213bfc02a5d4929584d71fdf41b60a6642d37d8f"
    e = lambda v: np.exp(np.float32(v), dtype=np.float32)
    for et in ("f64", "f32", "f16", "bf16"):
        with np.errstate(over="ignore", invalid="ignore"):
            info = {"f64": np.finfo(np.float64), "f32": np.finfo(np.float32), "f16": np.finfo(np.float16)}
            if et == "bf16":
                lowest, highest = -3.3895313892515355e38, 3.3895313892515355e38
            else:
                lowest, highest = float(info[et].min), float(info[et].max)
            low, high = np.float32(lowest), np.float32(highest)  # static_cast<float>: +-inf for f64
            d = [e(-10) + e(-1), e(-20) + e(-2), e(-30) + e(-3), e(-40) + e(-4), e(-50) + e(-5), e(-60) + e(-6)]
            d0a1, d1a1 = e(-10) + e(-20) + e(-30), e(-40) + e(-50) + e(-60)
            d0a0, d1a0, d2a0 = e(-10) + e(-40), e(-20) + e(-50), e(-30) + e(-60)
            duf = [e(low) + e(3), e(1) + e(4), e(2) + e(5)]
            dof = [e(high - high) + e(3 - high), e(1) + e(4), e(2) + e(5)]
            vecs = [
                ([2, 2, 3], [-10, -20, -30, -40, -50, -60, -1, -2, -3, -4, -5, -6],
                 [e(-10) / d[0], e(-20) / d[1], e(-30) / d[2], e(-40) / d[3], e(-50) / d[4], e(-60) / d[5],
                  e(-1) / d[0], e(-2) / d[1], e(-3) / d[2], e(-4) / d[3], e(-5) / d[4], e(-6) / d[5]], 0),
                ([2, 3], [-10, -20, -30, -40, -50, -60],
                 [e(-10) / d0a1, e(-20) / d0a1, e(-30) / d0a1, e(-40) / d1a1, e(-50) / d1a1, e(-60) / d1a1], 1),
                ([2, 3], [-10, -20, -30, -40, -50, -60],
                 [e(-10) / d0a0, e(-20) / d1a0, e(-30) / d2a0, e(-40) / d0a0, e(-50) / d1a0, e(-60) / d2a0], 0),
                ([1, 2, 3], [-10, -20, -30, -40, -50, -60], [1] * 6, 0),
                ([2, 3], [low, 1, 2, 3, 4, 5],
                 [e(low) / duf[0], e(1) / duf[1], e(2) / duf[2], e(3) / duf[0], e(4) / duf[1], e(5) / duf[2]], 0),
                ([2, 3], [high, 1, 2, 3, 4, 5],
                 [e(high - high) / dof[0], e(1) / dof[1], e(2) / dof[2], e(3 - high) / dof[0], e(4) / dof[1],
                  e(5) / dof[2]], 0),
            ]
        names = ["a0", "a1", "a0_test", "trivial", "underflow", "overflow"]
        for (shape, xv, yv, axis), nm in zip(vecs, names):
            x = cast(np.array(xv, dtype=np.float64) if et == "f64" else np.array(xv, dtype=np.float32),
                     et).reshape(shape)
            y = cast(np.array(yv, dtype=np.float32), et).reshape(shape)
            tol = (1e-7, 1e-6) if et == "f64" else None  # the test computes f64 expectations with expf (float)
            simple(f"softmax_{nm}_{et}", fn, cm, f"Softmax-1 axis {axis} {shape} ({nm})", "Softmax", 1,
                   [("axis", axis)], [("x", et, x)], [("y", et, y)], tol=tol,
                   note="expected values computed in float32 with expf, as the test does" if et == "f64" else None)


# ------------------------------------------------------------------ normalize_l2.cpp

def gen_normalize_l2():
    fn, cm = "normalize_l2.cpp", "01c95f3e775182481ac60b35c5983d9015f20e57"
    a = [0.18257418, 0.36514837, 0.5477226, 0.73029673]
    r0 = [0.31622776, 0.4472136, 0.94868326, 0.8944272]
    r1 = [0.4472136, 0.8944272, 0.6, 0.8]
    vecs = [  # shape, input (list or iota start), expected, axes, mode, eps, name
        ([4], [0, 3, 0, 8], [0, 1, 0, 1], [], "add", 1e-7, "1D_axes_empty_add"),
        ([4], [0, 3, 0, 8], [0, 1, 0, 1], [], "max", 1e-7, "1D_axes_empty_max"),
        ([4], [1, 2, 3, 4], a, [0], "add", 1e-7, "1D_axes_0_add"),
        ([4], [1, 2, 3, 4], a, [0], "max", 1e-7, "1D_axes_0_max"),
        ([2, 2], [0, 3, 0, 8], [0, 1, 0, 1], [], "add", 1e-7, "2D_axes_empty_add"),
        ([2, 2], [0, 3, 0, 8], [0, 1, 0, 1], [], "max", 1e-7, "2D_axes_empty_max"),
        ([2, 2], [1, 2, 3, 4], r0, [0], "add", 1e-7, "2D_axes_0_add"),
        ([2, 2], [1, 2, 3, 4], r0, [0], "max", 1e-7, "2D_axes_0_max"),
        ([2, 2], [1, 2, 3, 4], r1, [1], "add", 1e-7, "2D_axes_1_add"),
        ([2, 2], [1, 2, 3, 4], r1, [1], "max", 1e-7, "2D_axes_1_max"),
        ([2, 2], [1, 2, 3, 4], a, [0, 1], "add", 1e-7, "2D_axes_01_add"),
        ([2, 2], [1, 2, 3, 4], [0.18257419, 0.36514837, 0.5477226, 0.73029674], [0, 1], "max", 1e-7,
         "2D_axes_01_max"),
        ([1, 2, 2], [1, 2, 3, 4], r0, [1], "add", 1e-7, "3D_axes_1_add"),
        ([1, 2, 2], [1, 2, 3, 4], r0, [1], "max", 1e-7, "3D_axes_1_max"),
        ([1, 2, 2], [1, 2, 3, 4], r1, [2], "add", 1e-7, "3D_axes_2_add"),
        ([1, 2, 2], [1, 2, 3, 4], r1, [2], "max", 1e-7, "3D_axes_2_max"),
        ([2, 2, 3, 4], 1, [1] * 48, [], "add", 0.1, "4D_axes_empty_add"),
        ([2, 2, 3, 4], 1, [1] * 48, [], "max", 0.1, "4D_axes_empty_max"),
        ([2, 2, 3, 4], 0, NL2["a0add"], [0], "add", 0.1, "4D_axes_0_add"),
        ([2, 2, 3, 4], 0, NL2["a0max"], [0], "max", 0.1, "4D_axes_0_max"),
        ([2, 2, 3, 4], 0, NL2["a1add"], [1], "add", 0.1, "4D_axes_1_add"),
        ([2, 2, 3, 4], 0, NL2["a1max"], [1], "max", 0.1, "4D_axes_1_max"),
        ([2, 2, 3, 4], 0, NL2["a2add"], [2], "add", 0.1, "4D_axes_2_add"),
        ([2, 2, 3, 4], 0, NL2["a2max"], [2], "max", 0.1, "4D_axes_2_max"),
        ([2, 2, 3, 4], 0, NL2["a3add"], [3], "add", 0.1, "4D_axes_3_add"),
        ([2, 2, 3, 4], 0, NL2["a3max"], [3], "max", 0.1, "4D_axes_3_max"),
        ([2, 2, 3, 4], 0, NL2["a23add"], [2, 3], "add", 0.1, "4D_axes_23_add"),
        ([2, 2, 3, 4], 0, NL2["a23max"], [2, 3], "max", 0.1, "4D_axes_23_max"),
        ([2, 2, 3, 4], 0, NL2["a123add"], [1, 2, 3], "add", 1e-9, "4D_axes_123_add"),
        ([2, 2, 3, 4], 0, NL2["a123max"], [1, 2, 3], "max", 0.1, "4D_axes_123_max"),
        ([2, 2, 3, 4], 0, NL2["a123bigadd"], [1, 2, 3], "add", 0.5, "4D_axes_123_big_eps_add"),
        ([2, 2, 3, 4], 0, NL2["a123max"], [1, 2, 3], "max", 100, "4D_axes_123_big_eps_max"),
        ([2, 2, 3, 4], 0, NL2["a123add"], [3, 1, 2], "add", 1e-9, "4D_axes_unsorted_312_add"),
        ([2, 2, 3, 4], 0, NL2["a123max"], [3, 1, 2], "max", 0.1, "4D_axes_unsorted_312_max"),
        ([2, 2, 3, 4], 0, NL2["a0123"], [0, 1, 2, 3], "add", 0.1, "4D_axes_0123_add"),
        ([2, 2, 3, 4], 0, NL2["a0123"], [0, 1, 2, 3], "max", 0.1, "4D_axes_0123_max"),
        ([1, 2, 2, 3, 4], 1, [1] * 48, [], "add", 0.1, "5D_axes_empty_add"),
        ([1, 2, 2, 3, 4], 1, [1] * 48, [], "max", 0.1, "5D_axes_empty_max"),
        ([1, 2, 2, 3, 4], 0, NL2["a0add"], [1], "add", 0.1, "5D_axes_1_add"),
        ([1, 2, 2, 3, 4], 0, NL2["a0max"], [1], "max", 0.1, "5D_axes_1_max"),
        ([1, 2, 2, 3, 4], 0, NL2["a1add"], [2], "add", 0.1, "5D_axes_2_add"),
        ([1, 2, 2, 3, 4], 0, NL2["a1max"], [2], "max", 0.1, "5D_axes_2_max"),
        ([1, 2, 2, 3, 4], 0, NL2["a2add"], [3], "add", 0.1, "5D_axes_3_add"),
        ([1, 2, 2, 3, 4], 0, NL2["a2max"], [3], "max", 0.1, "5D_axes_3_max"),
        ([1, 2, 2, 3, 4], 0, NL2["a3add"], [4], "add", 0.1, "5D_axes_4_add"),
        ([1, 2, 2, 3, 4], 0, NL2["a3max"], [4], "max", 0.1, "5D_axes_4_max"),
        ([1, 2, 2, 3, 4], 0, NL2["a23add"], [3, 4], "add", 0.1, "5D_axes_34_add"),
        ([1, 2, 2, 3, 4], 0, NL2["a23max"], [3, 4], "max", 0.1, "5D_axes_34_max"),
        ([1, 2, 2, 3, 4], 0, NL2["a234add5d"], [2, 3, 4], "add", 0.1, "5D_axes_234_add"),
        ([1, 2, 2, 3, 4], 0, NL2["a123max"], [2, 3, 4], "max", 0.1, "5D_axes_234_max"),
    ]
    for et in NL2_TYPES:
        for shape, xin, y, axes, mode, eps, nm in vecs:
            n = int(np.prod(shape))
            x = np.arange(xin, xin + n) if np.isscalar(xin) else np.array(xin)
            tol = None
            if any(nm.endswith(s) for s in SIX_DIGITS):
                tol = (1e-6, 2e-5)  # the vector is printed to 6 significant digits
            simple(f"normalize_l2_{nm}_{et}", fn, cm, f"NormalizeL2 {shape} axes {axes} eps_mode {mode} eps {eps}",
                   "NormalizeL2", 1, [("eps", eps), ("eps_mode", mode)],
                   [("x", et, cast(x, et).reshape(shape)), ("axes", "i32", np.array(axes, dtype=np.int32), "c")],
                   [("y", et, cast(y, et).reshape(shape))], tol=tol)


NL2_TYPES = ("f32",)
SIX_DIGITS = ("_axes_0_add", "_axes_2_add", "_axes_3_add", "_axes_123_add", "_big_eps_add", "_312_add")
NL2 = {
    "a0add": [0., 0.0399648, 0.0766909, 0.110424, 0.141413, 0.169897, 0.196106, 0.22025,
              0.242524, 0.263106, 0.282155, 0.299815, 0.316217, 0.331475, 0.345695, 0.358969,
              0.371381, 0.383005, 0.39391, 0.404155, 0.413794, 0.422877, 0.431447, 0.439545,
              0.999913, 0.999121, 0.996981, 0.993816, 0.989888, 0.985403, 0.980528, 0.975393,
              0.970098, 0.964723, 0.959327, 0.953958, 0.94865, 0.94343, 0.938315, 0.933319,
              0.928452, 0.923719, 0.919123, 0.914666, 0.910347, 0.906165, 0.902117, 0.8982],
    "a0max": [0., 0.03996804, 0.07669649, 0.11043153, 0.14142135, 0.1699069, 0.19611612, 0.22026087,
              0.2425356, 0.26311737, 0.2821663, 0.2998266, 0.31622776, 0.331486, 0.34570533, 0.35897905,
              0.37139067, 0.38301498, 0.3939193, 0.40416384, 0.41380292, 0.42288542, 0.43145543, 0.43955287,
              0.99999994, 0.9992009, 0.9970544, 0.9938838, 0.98994946, 0.98546, 0.9805806, 0.97544104,
              0.9701424, 0.96476364, 0.9593654, 0.95399374, 0.9486833, 0.9434601, 0.93834305, 0.93334556,
              0.9284767, 0.923742, 0.919145, 0.91468656, 0.9103665, 0.90618306, 0.90213406, 0.8982167],
    "a1add": [0., 0.07667395, 0.14138602, 0.19607423, 0.24249104, 0.28212142, 0.31618387, 0.3456632,
              0.37135068, 0.3938816, 0.41376755, 0.43142232, 0.9996529, 0.9967614, 0.9897021, 0.9803712,
              0.96996415, 0.9592128, 0.94855154, 0.93822867, 0.9283767, 0.9190571, 0.9102886, 0.9020648,
              0.5546854, 0.55984336, 0.56467056, 0.56919736, 0.5734503, 0.57745326, 0.58122724, 0.5847912,
              0.58816177, 0.59135413, 0.594382, 0.59725744, 0.8320281, 0.8285682, 0.82528776, 0.82217395,
              0.8192147, 0.8163994, 0.8137182, 0.81116194, 0.8087224, 0.806392, 0.8041638, 0.8020314],
    "a1max": [0., 0.07669649, 0.14142135, 0.19611612, 0.2425356, 0.2821663, 0.31622776, 0.34570533,
              0.37139067, 0.3939193, 0.41380292, 0.43145543, 0.99999994, 0.9970544, 0.98994946, 0.9805806,
              0.9701424, 0.9593654, 0.9486833, 0.93834305, 0.9284767, 0.919145, 0.9103665, 0.90213406,
              0.5547002, 0.55985737, 0.56468385, 0.5692099, 0.57346237, 0.57746464, 0.58123815, 0.5848015,
              0.58817166, 0.59136367, 0.59439105, 0.5972662, 0.83205026, 0.82858896, 0.8253072, 0.8221921,
              0.8192319, 0.81641555, 0.8137334, 0.8111763, 0.808736, 0.80640495, 0.8041761, 0.8020432],
    "a2add": [0, 0.0966285, 0.168971, 0.224168, 0.446934, 0.483143, 0.506912, 0.523058,
              0.893869, 0.869657, 0.844853, 0.821949, 0.424238, 0.43355, 0.441814, 0.449194,
              0.56565, 0.56695, 0.568047, 0.56898, 0.707063, 0.70035, 0.694279, 0.688765,
              0.491529, 0.494579, 0.497422, 0.500077, 0.57345, 0.573712, 0.573949, 0.574163,
              0.655372, 0.652845, 0.650475, 0.648248, 0.517886, 0.519373, 0.520787, 0.522135,
              0.575429, 0.575521, 0.575607, 0.575687, 0.632972, 0.63167, 0.630427, 0.629239],
    "a2max": [0., 0.09667365, 0.16903085, 0.22423053, 0.4472136, 0.48336822, 0.50709254, 0.52320457,
              0.8944272, 0.8700628, 0.8451542, 0.8221786, 0.42426404, 0.4335743, 0.4418361, 0.4492145,
              0.5656854, 0.5669818, 0.56807494, 0.569005, 0.7071067, 0.70038927, 0.6943139, 0.68879557,
              0.49153918, 0.4945891, 0.49743116, 0.5000857, 0.57346237, 0.5737234, 0.57395905, 0.5741725,
              0.65538555, 0.6528576, 0.6504869, 0.6482592, 0.51789176, 0.5193782, 0.52079225, 0.5221394,
              0.5754353, 0.5755272, 0.57561255, 0.5756921, 0.63297886, 0.6316762, 0.6304327, 0.62924486],
    "a3add": [0, 0.266312, 0.532624, 0.798935, 0.356207, 0.445259, 0.534311, 0.623362,
              0.41811, 0.470373, 0.522637, 0.574901, 0.442898, 0.479806, 0.516714, 0.553622,
              0.456194, 0.484706, 0.513219, 0.541731, 0.464476, 0.4877, 0.510924, 0.534148,
              0.470128, 0.489716, 0.509305, 0.528893, 0.474229, 0.491166, 0.508102, 0.525039,
              0.477341, 0.492258, 0.507175, 0.522092, 0.479783, 0.49311, 0.506437, 0.519764,
              0.481749, 0.493793, 0.505837, 0.517881, 0.483368, 0.494353, 0.505339, 0.516325],
    "a3max": [0., 0.26726124, 0.5345225, 0.8017837, 0.3563483, 0.44543537, 0.5345225, 0.62360954,
              0.41816667, 0.4704375, 0.52270836, 0.5749792, 0.44292808, 0.47983873, 0.5167494, 0.5536601,
              0.45621273, 0.484726, 0.5132393, 0.54175264, 0.4644887, 0.4877131, 0.5109376, 0.534162,
              0.47013652, 0.48972553, 0.50931454, 0.5289036, 0.47423577, 0.49117276, 0.50810975, 0.5250467,
              0.47734618, 0.49226326, 0.50718033, 0.5220974, 0.4797868, 0.49311423, 0.50644165, 0.5197691,
              0.48175293, 0.49379677, 0.5058406, 0.51788443, 0.48337057, 0.49435627, 0.50534195, 0.5163277],
    "a23add": [0., 0.04445103, 0.08890206, 0.1333531, 0.17780413, 0.22225516, 0.2667062, 0.31115723,
               0.35560825, 0.40005928, 0.4445103, 0.48896134, 0.19420375, 0.2103874, 0.22657104, 0.24275468,
               0.2589383, 0.275122, 0.29130563, 0.30748928, 0.32367292, 0.33985656, 0.3560402, 0.37222385,
               0.2332616, 0.24298084, 0.25270006, 0.2624193, 0.27213854, 0.2818578, 0.291577, 0.30129623,
               0.3110155, 0.3207347, 0.33045393, 0.34017318, 0.2495545, 0.25648656, 0.26341864, 0.27035072,
               0.27728277, 0.28421485, 0.29114693, 0.29807898, 0.30501106, 0.3119431, 0.3188752, 0.32580727],
    "a23max": [0., 0.04445542, 0.08891085, 0.13336627, 0.1778217, 0.22227712, 0.26673254, 0.31118798,
               0.3556434, 0.4000988, 0.44455424, 0.48900968, 0.19420628, 0.21039014, 0.226574, 0.24275786,
               0.2589417, 0.27512556, 0.29130942, 0.30749327, 0.32367712, 0.339861, 0.35604486, 0.3722287,
               0.23326269, 0.24298197, 0.25270125, 0.26242054, 0.2721398, 0.28185907, 0.29157835, 0.30129763,
               0.31101692, 0.3207362, 0.33045548, 0.34017476, 0.24955511, 0.2564872, 0.26341927, 0.27035138,
               0.27728346, 0.28421554, 0.29114762, 0.2980797, 0.3050118, 0.3119439, 0.31887597, 0.32580805],
    "a123add": [0, 0.0152075, 0.030415, 0.0456224, 0.0608299, 0.0760374, 0.0912449, 0.106452, 0.12166, 0.136867,
                0.152075, 0.167282, 0.18249, 0.197697, 0.212905, 0.228112, 0.24332, 0.258527, 0.273735, 0.288942,
                0.30415, 0.319357, 0.334565, 0.349772, 0.135448, 0.141092, 0.146736, 0.15238, 0.158023, 0.163667,
                0.169311, 0.174954, 0.180598, 0.186242, 0.191885, 0.197529, 0.203173, 0.208816, 0.21446, 0.220104,
                0.225747, 0.231391, 0.237035, 0.242678, 0.248322, 0.253966, 0.25961, 0.265253],
    "a123max": [0., 0.01520748, 0.03041495, 0.04562243, 0.06082991, 0.07603738, 0.09124486, 0.10645234,
                0.12165982, 0.13686728, 0.15207477, 0.16728225, 0.18248972, 0.19769719, 0.21290468, 0.22811216,
                0.24331963, 0.2585271, 0.27373457, 0.28894207, 0.30414954, 0.319357, 0.3345645, 0.34977198,
                0.13544846, 0.14109215, 0.14673583, 0.15237951, 0.15802321, 0.16366689, 0.16931057, 0.17495427,
                0.18059795, 0.18624163, 0.19188532, 0.197529, 0.20317268, 0.20881638, 0.21446006, 0.22010374,
                0.22574744, 0.23139112, 0.2370348, 0.2426785, 0.24832217, 0.25396585, 0.25960955, 0.26525325],
    "a123bigadd": [0, 0.0152066, 0.0304132, 0.0456198, 0.0608264, 0.076033, 0.0912396, 0.106446, 0.121653, 0.136859,
                   0.152066, 0.167273, 0.182479, 0.197686, 0.212892, 0.228099, 0.243306, 0.258512, 0.273719, 0.288925,
                   0.304132, 0.319339, 0.334545, 0.349752, 0.135447, 0.141091, 0.146735, 0.152378, 0.158022, 0.163666,
                   0.169309, 0.174953, 0.180597, 0.18624, 0.191884, 0.197527, 0.203171, 0.208815, 0.214458, 0.220102,
                   0.225746, 0.231389, 0.237033, 0.242677, 0.24832, 0.253964, 0.259607, 0.265251],
    "a0123": [0., 0.00529108, 0.01058216, 0.01587324, 0.02116432, 0.02645539, 0.03174648, 0.03703756,
              0.04232863, 0.04761971, 0.05291079, 0.05820187, 0.06349295, 0.06878403, 0.07407511, 0.07936618,
              0.08465727, 0.08994835, 0.09523942, 0.10053051, 0.10582158, 0.11111266, 0.11640374, 0.12169482,
              0.12698591, 0.13227698, 0.13756806, 0.14285913, 0.14815022, 0.1534413, 0.15873237, 0.16402346,
              0.16931453, 0.17460561, 0.1798967, 0.18518777, 0.19047885, 0.19576994, 0.20106101, 0.20635208,
              0.21164316, 0.21693425, 0.22222532, 0.2275164, 0.23280749, 0.23809856, 0.24338964, 0.24868073],
    "a234add5d": [0., 0.0152073, 0.0304146, 0.0456219, 0.0608292, 0.07603651, 0.0912438, 0.10645111,
                  0.12165841, 0.1368657, 0.15207301, 0.16728032, 0.1824876, 0.19769491, 0.21290222, 0.22810951,
                  0.24331681, 0.25852412, 0.2737314, 0.28893873, 0.30414602, 0.3193533, 0.33456063, 0.34976792,
                  0.13544825, 0.14109191, 0.1467356, 0.15237927, 0.15802296, 0.16366662, 0.1693103, 0.17495398,
                  0.18059766, 0.18624133, 0.19188501, 0.19752869, 0.20317237, 0.20881604, 0.21445972, 0.2201034,
                  0.22574706, 0.23139074, 0.23703443, 0.2426781, 0.24832177, 0.25396547, 0.25960913, 0.2652528],
}


def main():
    W.clear_source(SOURCE)
    gen_fake_quantize()
    gen_mvn()
    gen_softmax()
    gen_normalize_l2()
    total = sum(Case.COUNT.values())
    for f in sorted(Case.COUNT):
        print(f"  {f}: {Case.COUNT[f]}")
    print(f"{SOURCE}: {total} cases")


if __name__ == "__main__":
    main()
