"""OpenVINO template-plugin reference vectors for the convolution / MatMul / sequence / control-flow / state
op family, transcribed by hand as data (numbers, shapes, attributes) from
openvinotoolkit/openvino src/plugins/template/tests/functional/op_reference/<op>.cpp (path@commit in each
case's origin).  numpy only.

The expected values are OpenVINO's hand-written (or OpenVINO-reference-generated) vectors; nothing here is
computed by irrun.  Where a vector is small enough, a numpy model of the op recomputes it as a check of the
transcription (a typo fails the generator); the saved expected values are always the transcribed ones.

Element types: every dtype the reference test instantiates.  bf16 has no .npy type, so a bf16 case takes f32
Parameters (values already bf16-exact) through Convert(bf16) into the op and the op's bf16 output through
Convert(f32) into the Result; the expected values are the vector rounded to bf16.  Filters/weights are
Parameters as in the reference test; f32 cases also get a variant with Const filters (`_cw`), which is what
reaches irrun's fast kernels (GEMM, depthwise, int8).
"""
import numpy as np

import irwriter as W

SOURCE = "ovconv"
OPREF = "src/plugins/template/tests/functional/op_reference/"
SRC = {
    "conv": OPREF + "convolution.cpp@367910b6",
}

FLOATS = ("f32", "f16", "bf16", "f64")


def bf16_round(a):
    """float32 values rounded to the nearest bf16 (ties to even), returned as float32."""
    a = np.asarray(a, dtype=np.float32)
    b = a.view(np.uint32).astype(np.uint64)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) << 16
    out = r.astype(np.uint32).view(np.float32)
    return np.where(np.isnan(a), a, out).astype(np.float32)


def tol_of(et):
    return {"f16": (1e-3, 1e-3), "bf16": (1e-2, 1e-2), "f32": (1e-6, 1e-5), "f64": (1e-12, 1e-10)}.get(et)


class Case:
    """One single-op (or short chain) graph with its inputs and expected outputs."""

    def __init__(self, name):
        self.name = name
        self.g = W.Graph(name)
        self.inputs = {}
        self.outputs = []
        self.n = 0

    def inp(self, pname, et, arr, shape=None, const=False):
        arr = np.asarray(arr)
        if shape is not None:
            arr = arr.reshape(shape)
        shape = list(arr.shape)
        if et == "bf16":
            a32 = bf16_round(arr)
            if const:
                r = self.g.const(pname, "f32", a32)
            else:
                r = self.g.param(pname, "f32", shape)
                self.inputs[pname] = a32
            (r,) = self.g.op(pname + "/to_bf16", "Convert", "opset1", [("destination_type", "bf16")], [r],
                             [("bf16", shape, None)])
            return r
        arr = arr.astype(W.NP[et])
        if const:
            return self.g.const(pname, et, arr)
        r = self.g.param(pname, et, shape)
        self.inputs[pname] = arr
        return r

    def op(self, lname, optype, opset, attrs, ins, outs):
        """outs: list of (etype, shape, output-name-or-None); a bf16 output's name goes to its Convert."""
        decl = [(et, list(shp), None if et == "bf16" else nm) for et, shp, nm in outs]
        return self.g.op(lname, optype, opset, attrs, ins, decl)

    def out(self, ref, oname, expected, compare=None, atol=None, rtol=None):
        exp = np.asarray(expected)
        if ref.etype == "bf16":
            (ref,) = self.g.op(oname + "/to_f32", "Convert", "opset1", [("destination_type", "f32")], [ref],
                               [("f32", ref.shape, oname)])
            exp = bf16_round(exp.astype(np.float32))
            t = tol_of("bf16")
        else:
            exp = exp.astype(W.NP[ref.etype])
            t = tol_of(ref.etype)
        exp = exp.reshape(ref.shape)
        self.g.result(ref, oname)
        o = {"name": oname, "array": exp}
        if compare:
            o["compare"] = compare
        if t and compare != "exact":
            o["atol"] = t[0] if atol is None else atol
            o["rtol"] = t[1] if rtol is None else rtol
        self.outputs.append(o)

    def write(self, origin, desc, op, expect="match", reason="", extra=None):
        W.write_case(SOURCE, self.name, self.g, self.inputs, self.outputs, origin, desc, op, expect, reason,
                     extra)
        return 1


# ---------------------------------------------------------------- numpy checks of the transcription

def np_conv(x, w, strides, pb, pe, dil, groups=1):
    """Direct convolution in float64 (checks transcriptions only)."""
    x = np.asarray(x, np.float64)
    w = np.asarray(w, np.float64)
    ns = x.ndim - 2
    xp = np.pad(x, [(0, 0), (0, 0)] + [(max(pb[i], 0), max(pe[i], 0)) for i in range(ns)])
    sl = [slice(None), slice(None)] + [slice(-min(pb[i], 0), xp.shape[2 + i] - (-min(pe[i], 0)))
                                        for i in range(ns)]
    xp = xp[tuple(sl)]
    N, C = x.shape[:2]
    O = w.shape[0]
    k = w.shape[2:]
    ek = [(k[i] - 1) * dil[i] + 1 for i in range(ns)]
    osz = [(xp.shape[2 + i] - ek[i]) // strides[i] + 1 for i in range(ns)]
    cg, og = C // groups, O // groups
    y = np.zeros([N, O] + osz)
    for idx in np.ndindex(*osz):
        sl = tuple(slice(idx[i] * strides[i], idx[i] * strides[i] + ek[i], dil[i]) for i in range(ns))
        patch = xp[(slice(None), slice(None)) + sl]  # N C k...
        for gi in range(groups):
            p = patch[:, gi * cg:(gi + 1) * cg].reshape(N, -1)
            ww = w[gi * og:(gi + 1) * og].reshape(og, -1)
            y[(slice(None), slice(gi * og, (gi + 1) * og)) + idx] = p @ ww.T
    return y


def check(name, got, want, atol=1e-3, rtol=1e-3):
    got = np.asarray(got, np.float64).ravel()
    want = np.asarray(want, np.float64).ravel()
    assert got.shape == want.shape and np.allclose(got, want, atol=atol, rtol=rtol), \
        f"{name}: transcription check failed:\n got {got}\nwant {want}"


# ---------------------------------------------------------------- Convolution-1 (convolution.cpp)

P4 = [1, 3, 2, 1, 1, 3, 3, 1, 2, 1, 1, 3, 3, 2, 3, 3]          # one 4x4 plane of the 3-D vectors
F3 = [1, 2, 3, 0, 1, 0, 2, 1, 2] * 3                               # the 3x3x3 filter
R4 = [1, 3, 5, 7, 7, 5, 3, 1, 2, 4, 6, 8, 8, 6, 4, 2]
R5 = [1, 3, 2, 1, 2, 1, 3, 3, 1, 2, 2, 1, 1, 3, 2, 3, 2, 3, 3, 2, 3, 2, 3, 3, 2]
R7 = [1, 3, 2, 1, 1, 2, 3, 1, 3, 3, 1, 1, 2, 3, 2, 1, 1, 3, 1, 2, 3] + [3, 2, 3, 3, 1, 2, 3] * 4
X77 = [1, 3, 5, 7, 9, 11, 13, 7, 5, 3, 1, -1, -3, -5, 2, 4, 6, 8, 10, 12, 14, 8, 6, 4, 2, 0, -2, -4,
       2, 4, 6, 8, 10, 12, 14, 7, 5, 3, 1, -1, -3, -5, 8, 6, 4, 2, 0, -2, -4]
O3D4 = [69, 66, 93, 78] * 2
# (in_shape, filter_shape, out_shape, x, w, y, strides, pads_begin, pads_end, dilations, outlining)
CONV_FLOAT = [
    ([1, 1, 6], [1, 1, 3], [1, 1, 4], [1, 3, 3, 0, 1, 2], [2, 0, 1], [5, 6, 7, 2], [1], [0], [0], [1]),
    ([1, 1, 4], [1, 1, 3], [1, 1, 4], [1, 3, 3, 0], [2, 0, 1], [3, 5, 6, 6], [1], [1], [1], [1]),
    ([1, 1, 5], [1, 1, 3], [1, 1, 2], [1, 3, 3, 0, 1], [2, 0, 1], [5, 7], [2], [0], [0], [1]),
    ([1, 1, 7], [1, 1, 3], [1, 1, 3], [1, 3, 3, 0, 1, 2, 3], [2, 0, 1], [3, 8, 9], [1], [0], [0], [2]),
    ([1, 1, 7], [1, 1, 3], [1, 1, 4], [1, 3, 3, 0, 1, 2, 3], [2, 0, 1], [3, 3, 9, 2], [2], [2], [2], [2]),
    ([1, 2, 4], [1, 2, 3], [1, 1, 2], [1, 3, 2, 1, 2, 2, 3, 1], [2, 0, 1, 1, 0, 2], [12, 11], [1], [0], [0], [1]),
    ([1, 1, 4], [2, 1, 3], [1, 2, 2], [1, 3, 2, 1], [2, 0, 1, 1, 0, 2], [4, 7, 5, 5], [1], [0], [0], [1]),
    ([2, 1, 4], [1, 1, 3], [2, 1, 2], [1, 3, 2, 1, 2, 2, 3, 1], [2, 0, 1], [4, 7, 7, 5], [1], [0], [0], [1]),
    ([1, 1, 4, 4], [1, 1, 3, 3], [1, 1, 2, 2], R4, [1, 2, 3, 0, 1, 0, 3, 2, 1], [47, 69, 70, 48],
     [1, 1], [0, 0], [0, 0], [1, 1]),
    ([1, 1, 4, 4], [1, 1, 3, 3], [1, 1, 4, 4], R4, [1, 2, 3, 0, 1, 0, 2, 1, 2],
     [18, 28, 20, 14, 28, 47, 67, 40, 51, 60, 40, 23, 24, 34, 44, 24], [1, 1], [1, 1], [1, 1], [1, 1]),
    ([1, 1, 5, 5], [1, 1, 3, 3], [1, 1, 2, 2], [1, 3, 5, 7, 9, 7, 5, 3, 1, 0, 2, 4, 6, 8, 10, 8, 6, 4, 2, 0,
                                                2, 4, 6, 8, 10],
     [1, 2, 3, 1, 1, 1, 3, 2, 1], [57, 94, 66, 102], [2, 2], [0, 0], [0, 0], [1, 1]),
    ([1, 1, 7, 7], [1, 1, 3, 3], [1, 1, 3, 3], X77, [1, 2, 3, 1, 1, 0, 3, 1, 2],
     [78, 106, 134, 44, 16, -12, 80, 84, 88], [1, 1], [0, 0], [0, 0], [2, 2]),
    ([1, 1, 7, 7], [1, 1, 3, 3], [1, 1, 4, 4], X77, [1, 2, 3, 1, 1, 0, 3, 1, 2],
     [15, 38, 70, 66, 33, 78, 134, 103, 40, 80, 88, 58, 30, 56, 72, 34], [2, 2], [2, 2], [2, 2], [2, 2]),
    ([1, 2, 4, 4], [1, 2, 3, 3], [1, 1, 2, 2], R4 + [-1, 3, -5, 7, 7, -5, 3, -1, -2, 4, -6, 8, 8, -6, 4, -2],
     [5, 3, 5, 1, 3, 1, 4, 2, 4, -5, 3, 5, 1, -3, 1, 4, 2, -4], [142, 102, 94, 160],
     [1, 1], [0, 0], [0, 0], [1, 1]),
    ([1, 1, 4, 4], [2, 1, 3, 3], [1, 2, 2, 2], R4, [5, 3, 5, 1, 3, 1, 4, 2, 4, -5, 3, 5, 1, -3, 1, 4, 2, -4],
     [104, 140, 145, 109, 16, 28, 19, 7], [1, 1], [0, 0], [0, 0], [1, 1]),
    ([2, 1, 4, 4], [1, 1, 3, 3], [2, 1, 2, 2], P4 + [-1, 3, 2, -1, 1, 3, -3, 1, -2, -1, 1, 3, 3, 2, 3, -3],
     [-5, 3, 5, 1, -3, 1, 4, 2, -4], [15, -15, 23, 2, -1, -15, -5, 6], [1, 1], [0, 0], [0, 0], [1, 1]),
    ([1, 1, 4, 4, 4], [1, 1, 3, 3, 3], [1, 1, 2, 2, 2], P4 * 4, F3, O3D4, [1, 1, 1], [0, 0, 0], [0, 0, 0],
     [1, 1, 1]),
    ([1, 1, 4, 4, 4], [1, 1, 3, 3, 3], [1, 1, 4, 4, 4], P4 * 4, F3,
     [16, 28, 26, 16, 32, 46, 44, 20, 40, 62, 52, 34, 20, 18, 30, 20] +
     [24, 42, 39, 24, 48, 69, 66, 30, 60, 93, 78, 51, 30, 27, 45, 30] * 2 +
     [16, 28, 26, 16, 32, 46, 44, 20, 40, 62, 52, 34, 20, 18, 30, 20], [1, 1, 1], [1, 1, 1], [1, 1, 1],
     [1, 1, 1]),
    ([1, 1, 5, 5, 5], [1, 1, 3, 3, 3], [1, 1, 2, 2, 2], R5 * 5, F3, [69, 60, 69, 87] * 2, [2, 2, 2], [0, 0, 0],
     [0, 0, 0], [1, 1, 1]),
    ([1, 1, 7, 7, 7], [1, 1, 3, 3, 3], [1, 1, 4, 4, 4], R7 * 7, F3,
     [10, 18, 20, 16, 38, 40, 54, 30, 38, 42, 52, 30, 36, 30, 30, 20] +
     [15, 27, 30, 24, 57, 60, 81, 45, 57, 63, 78, 45, 54, 45, 45, 30] * 2 +
     [10, 18, 20, 16, 38, 40, 54, 30, 38, 42, 52, 30, 36, 30, 30, 20], [2, 2, 2], [2, 2, 2], [2, 2, 2],
     [2, 2, 2]),
    ([1, 2, 4, 4, 4], [1, 2, 3, 3, 3], [1, 1, 2, 2, 2], P4 * 8, F3 * 2, [138, 132, 186, 156] * 2, [1, 1, 1],
     [0, 0, 0], [0, 0, 0], [1, 1, 1]),
    ([1, 1, 4, 4, 4], [2, 1, 3, 3, 3], [1, 2, 2, 2, 2], P4 * 4, F3 * 2, O3D4 * 2, [1, 1, 1], [0, 0, 0],
     [0, 0, 0], [1, 1, 1]),
    ([2, 1, 4, 4, 4], [1, 1, 3, 3, 3], [2, 1, 2, 2, 2], P4 * 8, F3, O3D4 * 2, [1, 1, 1], [0, 0, 0], [0, 0, 0],
     [1, 1, 1]),
    ([1, 2, 2, 2], [2, 2, 1, 1], [1, 2, 2, 2], [1] * 8, [1] * 4, [4] * 8, [1, 1], [0, 0], [0, 0], [1, 1], True),
    ([1, 2, 2, 2], [2, 2, 1, 1], [1, 2, 2, 2], list(range(1, 9)), [3] * 4, [18, 24, 30, 36] * 2, [1, 1], [0, 0],
     [0, 0], [1, 1]),
    ([1, 1, 2, 2], [1, 1, 1, 1], [1, 1, 5, 5], [1, 2, 3, 4], [2],
     [0, 0, 0, 0, 0, 0, 2, 4, 0, 0, 0, 6, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 1], [1, 1], [2, 2], [1, 1]),
]
CONV_I8 = [0, 8, 16]  # generateConvolutionI8Params: the float vectors #1, #9 and #17


def conv_attrs(strides, pb, pe, dil, auto_pad="explicit"):
    if auto_pad != "explicit":
        pb, pe = [0] * len(pb), [0] * len(pe)
    return [("strides", strides), ("dilations", dil), ("pads_begin", pb), ("pads_end", pe), ("auto_pad", auto_pad)]


def gen_convolution():
    n = 0
    for i, v in enumerate(CONV_FLOAT):
        ish, fsh, osh, x, w, y, s, pb, pe, d = v[:10]
        outl = len(v) > 10 and v[10]
        xx = np.array(x, np.float64).reshape(ish)
        ww = np.array(w, np.float64).reshape(fsh)
        ref = np_conv(xx, ww, s, pb, pe, d)
        if outl:
            ref = np_conv(ref, ww, s, pb, pe, d)
        check(f"conv #{i + 1}", ref, y)
        variants = [(et, False) for et in ("f32", "f16", "bf16")] + [("f32", True)]
        if i in CONV_I8:
            variants += [("i8", False), ("i8", True)]
        for et, cw in variants:
            name = f"convolution_{i + 1:02d}_{et}" + ("_cw" if cw else "")
            c = Case(name)
            xr = c.inp("x", et, xx)
            wr = c.inp("w", et, ww, const=cw)
            (h,) = c.op("conv", "Convolution", "opset1", conv_attrs(s, pb, pe, d), [xr, wr],
                        [(et, osh, None if outl else "y")])
            if outl:
                (h,) = c.op("conv2", "Convolution", "opset1", conv_attrs(s, pb, pe, d), [h, wr], [(et, osh, "y")])
            c.out(h, "y", np.array(y, np.float64).reshape(osh))
            grp = "generateConvolutionI8Params" if et == "i8" else "generateConvolutionFloatParams"
            n += c.write(SRC["conv"] + f" {grp} vector #{i + 1}",
                         f"Convolution-1 {ish} * {fsh} -> {osh} strides={s} pads={pb}/{pe} dilations={d}"
                         + (" (two chained convolutions, convolutionOutlining)" if outl else "")
                         + (" filter Const" if cw else " filter Parameter") + f" ({et})", "Convolution-1")
    return n


def main():
    W.clear_source(SOURCE)
    counts = {}
    for fn in (gen_convolution,):
        counts[fn.__name__] = fn()
    for k, v in counts.items():
        print(f"{SOURCE}: {k}: {v} cases")
    print(f"{SOURCE}: {sum(counts.values())} cases")


if __name__ == "__main__":
    main()
