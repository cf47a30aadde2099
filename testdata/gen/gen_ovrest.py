"""OpenVINO template-plugin reference vectors of the op_reference files rounds 11 left unported
(source `ovrest`): Transpose, Select, ScatterUpdate, Concat, Erf, Mish, ... (see docs/conformance.md,
"Round 12 (ovrest)").

Source: openvinotoolkit/openvino src/plugins/template/tests/functional/op_reference/<op>.cpp (path@commit in
each case's `origin`).  Every input, attribute and expected output below is a number written in that file,
transcribed as data.  Where the test computes its vectors programmatically the same construction is
reproduced here and said so beside it:
  - erf.cpp computes its expectations with std::erf in double (rounded for integer types): math.erf here.
  - mish.cpp draws its inputs from std::normal_distribution<>{0, 20} on std::mt19937{0} and computes
    x * tanh(log(1 + exp(x))) in double: libstdc++'s MT19937, generate_canonical<double, 53> (two 32-bit
    draws) and Marsaglia's polar method (second value of each pair saved and returned next) are
    reproduced step by step in pure Python (see _Mt19937 / _normal_stream).
numpy only cross-checks transcriptions (`xcheck`); the expected values written are the transcribed ones.

    cd testdata/gen && /usr/bin/python3 gen_ovrest.py
"""
import math

import numpy as np

import irwriter as W

SOURCE = "ovrest"
OPREF = "src/plugins/template/tests/functional/op_reference/"
SRC = {}  # file stem -> 8-hex commit of the version read
COUNT = {}
GENS = []

INT_TYPES = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"]
FLOAT_TYPES = ["bf16", "f16", "f32", "f64"]


def gen(f):
    GENS.append(f)
    return f


def bf16_round(a):
    """Round f32 values to the nearest bf16 (ties to even), returned as f32."""
    a = np.asarray(a, dtype=np.float32)
    u = a.view(np.uint32).astype(np.uint64)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) << 16
    return r.astype(np.uint32).view(np.float32)


def arr(values, et, shape=None):
    if et == "bf16":
        a = bf16_round(np.array(values, dtype=np.float32))
    elif et == "boolean":
        a = np.array(values).astype(np.bool_)
    else:
        a = np.array(values, dtype=W.NP[et])
    if shape is not None:
        a = a.reshape(shape)
    return a


class In:
    """One graph input: a Parameter (default, dyn=True: every dim `?`) or a Const."""

    def __init__(self, name, values, et, shape=None, const=False, dyn=False):
        self.name, self.et, self.const, self.dyn = name, et, const, dyn
        self.a = arr(values, et, shape)


def P(name, values, et, shape=None, dyn=False):
    return In(name, values, et, shape, dyn=dyn)


def K(name, values, et, shape=None):
    return In(name, values, et, shape, const=True)


class Out:
    def __init__(self, name, values, et, shape=None, compare=None, atol=None, rtol=None, dims=None):
        self.name, self.et = name, et
        self.a = arr(values, et, shape)
        self.compare, self.atol, self.rtol, self.dims = compare, atol, rtol, dims


def O(name, values, et, shape=None, **kw):
    return Out(name, values, et, shape, **kw)


def tol(et):
    return {"bf16": (1e-2, 1e-2), "f16": (1e-3, 1e-3), "f32": (1e-6, 1e-5), "f64": (1e-12, 1e-10)}.get(et, (0.0, 0.0))


def dyn_param(g, name, et, dims):
    """A Parameter with dynamic dims (-1), written as the serializer does: shape="?,?" and port dims -1."""
    lid = g._new_id()
    g._claim(name)
    shp = ",".join("?" if d < 0 else str(d) for d in dims)
    g.layers.append(f'\t\t<layer id="{lid}" name="{name}" type="Parameter" version="opset1">\n'
                    f'\t\t\t<data shape="{shp}" element_type="{et}" />\n'
                    f'\t\t\t<output>\n{g._port(0, et, dims, names=name)}\t\t\t</output>\n\t\t</layer>\n')
    g.params.append((name, et, list(dims)))
    return W.Ref(lid, 0, et, dims)


def build_inputs(g, ins):
    """Parameters / Consts (bf16 through an f32 -> bf16 Convert); returns refs and the input arrays."""
    refs, inputs = [], {}
    for i in ins:
        if i.const:
            r = g.const(i.name, "f32" if i.et == "bf16" else i.et, i.a)
        elif i.dyn is not False:
            dims = [-1] * i.a.ndim if i.dyn is True else i.dyn
            r = dyn_param(g, i.name, "f32" if i.et == "bf16" else i.et, dims)
            inputs[i.name] = i.a
        else:
            r = g.param(i.name, "f32" if i.et == "bf16" else i.et, list(i.a.shape))
            inputs[i.name] = i.a
        if i.et == "bf16":
            (r,) = g.op(i.name + "_bf16", "Convert", "opset1", [("destination_type", "bf16")], [r],
                        [("bf16", list(r.shape), None)])
        refs.append(r)
    return refs, inputs


def finish(stem, name, g, inputs, outs, desc, op, expect="match", reason="", exact=True, extra=None):
    outputs = []
    for o in outs:
        ent = {"name": o.name, "array": o.a}
        if o.et in FLOAT_TYPES:
            if exact and o.compare != "close":
                ent["compare"] = "exact"
            else:
                at, rt = tol(o.et)
                ent.update(compare="close", atol=o.atol if o.atol is not None else at,
                           rtol=o.rtol if o.rtol is not None else rt)
        outputs.append(ent)
    cname = f"{stem}_{name}"
    names = COUNT.setdefault("_names", set())
    assert cname not in names, f"duplicate case {cname}"
    names.add(cname)
    origin = f"openvinotoolkit/openvino {OPREF}{stem}.cpp@{SRC[stem]}"
    W.write_case(SOURCE, cname, g, inputs, outputs, origin, desc, op, expect, reason, extra)
    COUNT[stem] = COUNT.get(stem, 0) + 1


def ospec(outs):
    return [(o.et, o.dims if o.dims is not None else list(o.a.shape), o.name) for o in outs]


def case(stem, name, optype, version, attrs, ins, outs, desc="", expect="match", reason="", exact=True,
         opset=None, extra=None):
    """One single-op case: inputs -> op -> Results."""
    g = W.Graph(f"{stem}_{name}")
    refs, inputs = build_inputs(g, ins)
    orefs = g.op("op", optype, opset or f"opset{version}", attrs, refs, ospec(outs))
    for o, r in zip(outs, orefs):
        g.result(r, o.name)
    if any(i.const for i in ins) and not g.blob:
        # every Const holds 0 bytes: a .bin of 0 bytes is "bin file cannot be found" to OpenVINO's IR
        # reader (and irrun's); 8 unused bytes keep the file non-empty
        g.blob += bytes(8)
    finish(stem, name, g, inputs, outs, desc or f"{optype}-{version} template reference vector {name}",
           f"{optype}-{version}", expect, reason, exact, extra)


def xcheck(got, want, what):
    """Transcription cross-check: numpy's value must equal the transcribed expected value."""
    g = np.asarray(got)
    w = np.asarray(want)
    assert g.shape == w.shape, f"{what}: numpy shape {g.shape} != transcribed {w.shape}"
    if w.dtype.kind == "f":
        t = {np.dtype(np.float16): 2e-3}.get(w.dtype, 1e-6)
        assert np.allclose(g.astype(np.float64), w.astype(np.float64), rtol=t, atol=t, equal_nan=True), \
            f"{what}: numpy {g.ravel()} != transcribed {w.ravel()}"
    else:
        assert np.array_equal(g, w), f"{what}: numpy {g.ravel()} != transcribed {w.ravel()}"


def main():
    W.clear_source(SOURCE)
    COUNT.clear()
    for f in GENS:
        f()
    n = sum(v for k, v in COUNT.items() if k != "_names")
    print(f"{SOURCE}: {n} cases: " + ", ".join(f"{k} {v}" for k, v in COUNT.items() if k != "_names"))
    return n


# ====================================================================================== cases
# ------------------------------------------------------------------------------- transpose.cpp
SRC["transpose"] = "0564d3ef"
X2134 = list(range(1, 25))
T3421 = [1, 13, 2, 14, 3, 15, 4, 16, 5, 17, 6, 18, 7, 19, 8, 20, 9, 21, 10, 22, 11, 23, 12, 24]
# (name, dynamic (axis a Parameter), data shape, data, axes, expected shape, expected)
TRANSPOSE = [
    ("transpose_basic_1", True, [2, 3], [1, 2, 3, 4, 5, 6], [0, 1], [2, 3], [1, 2, 3, 4, 5, 6]),
    ("transpose_basic_2", True, [2, 3], [1, 2, 3, 4, 5, 6], [1, 0], [3, 2], [1, 4, 2, 5, 3, 6]),
    ("transpose_basic_3", True, [2, 2, 3], list(range(1, 13)), [2, 1, 0], [3, 2, 2],
     [1, 7, 4, 10, 2, 8, 5, 11, 3, 9, 6, 12]),
    ("transpose_axes_constant", False, [2, 1, 3, 4], X2134, [2, 3, 0, 1], [3, 4, 2, 1], T3421),
    ("transpose_axes_empty_constant", False, [2, 1, 3, 4], X2134, [], [4, 3, 1, 2],
     [1, 13, 5, 17, 9, 21, 2, 14, 6, 18, 10, 22, 3, 15, 7, 19, 11, 23, 4, 16, 8, 20, 12, 24]),
    # the test declares the expected shape {4,3,1,2} for the next two; the values are the
    # {3,4,2,1} transpose (as transpose_axes_constant), which is what the op gives
    ("transpose_axes_parameter_static_shapes", False, [2, 1, 3, 4], X2134, [2, 3, 0, 1], [3, 4, 2, 1], T3421),
    ("transpose_axes_parameter_dynamic_shapes", True, [2, 1, 3, 4], X2134, [2, 3, 0, 1], [3, 4, 2, 1], T3421),
    ("transpose_int_data_axes_constant", False, [2, 1, 3, 4], X2134, [2, 3, 0, 1], [3, 4, 2, 1], T3421),
]


@gen
def gen_transpose():
    for et in ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32"]:
        for name, dyn, ds, dv, ax, es, ev in TRANSPOSE:
            x = arr(dv, et, ds)
            perm = ax if ax else list(range(len(ds)))[::-1]
            xcheck(np.transpose(x, perm), arr(ev, et, es), name)
            g = W.Graph(name)
            if dyn:
                d = dyn_param(g, "data", et, [-1] * len(ds))
                a = dyn_param(g, "axis", "i64", [-1])
                inputs = {"data": x, "axis": np.array(ax, dtype=np.int64)}
            else:
                d = g.param("data", et, ds)
                a = g.const("axis", "i64", np.array(ax, dtype=np.int64))
                inputs = {"data": x}
                if not ax:
                    # the only Const holds 0 bytes: a .bin of 0 bytes is "bin file cannot be found" to
                    # OpenVINO's IR reader (and irrun's); 8 unused bytes keep the file non-empty
                    g.blob += bytes(8)
            (a64,) = g.op("axis_i64", "Convert", "opset1", [("destination_type", "i64")], [a],
                          [("i64", list(a.shape), None)])
            (y,) = g.op("op", "Transpose", "opset1", None, [d, a64], [(et, [-1] * len(es) if dyn else es, "y")])
            g.result(y, "y")
            finish("transpose", f"{name}_{et}", g, inputs, [O("y", ev, et, es)],
                   f"Transpose-1 {name} ({'data and axes Parameters, dynamic' if dyn else 'Const axes'})",
                   "Transpose-1")


# ---------------------------------------------------------------------------------- select.cpp
SRC["select"] = "223477dd"
# (et, auto_broadcast, cond shape, cond, then shape, then, else shape, else, expected)
SELECT = [
    ("f32", "none", [2, 2, 2], [0, 1, 1, 0, 0, 1, 0, 1], [2, 2, 2], [1, 2, 3, 4, 5, 6, 7, 8], [2, 2, 2],
     [11, 12, 13, 14, 15, 16, 17, 18], [2, 2, 2], [11, 2, 3, 14, 15, 6, 17, 8]),
    ("i32", "none", [2, 2, 2], [0, 1, 1, 0, 0, 1, 0, 1], [2, 2, 2], [1, 2, 3, 4, 5, 6, 7, 8], [2, 2, 2],
     [11, 12, 13, 14, 15, 16, 17, 18], [2, 2, 2], [11, 2, 3, 14, 15, 6, 17, 8]),
    ("f32", "numpy", [4], [0, 1, 1, 0], [4], [1, 2, 3, 4], [2, 4], [11, 12, 13, 14, 15, 16, 17, 18], [2, 4],
     [11, 2, 3, 14, 15, 2, 3, 18]),
    ("i32", "numpy", [4], [0, 1, 1, 0], [4], [1, 2, 3, 4], [2, 4], [11, 12, 13, 14, 15, 16, 17, 18], [2, 4],
     [11, 2, 3, 14, 15, 2, 3, 18]),
    ("f32", "pdpd", [2, 4], [0, 0, 0, 0, 0, 1, 1, 1], [2, 4], [1, 2, 3, 4, 5, 6, 7, 8], [4], [11, 12, 13, 14],
     [2, 4], [11, 12, 13, 14, 11, 6, 7, 8]),
    ("i32", "pdpd", [2, 4], [0, 0, 0, 0, 0, 1, 1, 1], [2, 4], [1, 2, 3, 4, 5, 6, 7, 8], [4], [11, 12, 13, 14],
     [2, 4], [11, 12, 13, 14, 11, 6, 7, 8]),
]


@gen
def gen_select():
    for et, bc, cs, cv, ts, tv, es_, ev_, os_, ov in SELECT:
        c, t, e = arr(cv, "boolean", cs), arr(tv, et, ts), arr(ev_, et, es_)
        xcheck(np.where(c, t, e), arr(ov, et, os_), f"select {bc}")
        # pdpd with axis -1 aligns the else input's trailing dims: same as numpy here
        # AutoBroadcastSpec{PDPD, -1}: the attribute visitor writes auto_broadcast_axis for pdpd only
        at = [("auto_broadcast", bc)] + ([("auto_broadcast_axis", -1)] if bc == "pdpd" else [])
        case("select", f"{bc}_{et}", "Select", 1, at,
             [P("cond", cv, "boolean", cs), P("then", tv, et, ts), P("else", ev_, et, es_)],
             [O("y", ov, et, os_)], f"Select-1 {bc} broadcast, {et}")


# ---------------------------------------------------------------------------------- scatter_update.cpp
SRC["scatter_update"] = "213bfc02"
Z = lambda n: [0] * n  # noqa: E731  (the tests' all-zero data tensors)
R = lambda a, b: list(range(a, b + 1))  # noqa: E731  (the tests' 1..n update tensors)
# (data shape, indices shape, indices, updates shape, updates, axis, expected); data is all zeros
SCATTER_UPDATE = [
    ([3, 2, 2, 3], [2, 1], [0, 1], [3, 3, 2, 2, 2], R(1, 72), 2,
     [1, 2, 9, 3, 4, 11, 10, 17, 18, 12, 19, 20, 25, 26, 33, 27, 28, 35, 34, 41, 42, 36, 43, 44,
      49, 50, 57, 51, 52, 59, 58, 65, 66, 60, 67, 68]),
    ([3, 3], [2], [1, 2], [3, 2], [1, 1, 1, 2, 2, 2], 1, [0, 1, 1, 0, 1, 2, 0, 2, 2]),
    ([3, 3], [2], [1, 2], [2, 3], [1, 1, 1, 2, 2, 2], 0, [0, 0, 0, 1, 1, 1, 2, 2, 2]),
    ([3, 4], [2], [0, 2], [3, 4], [1, 2, 3, 7, 4, 5, 6, 8, 7, 8, 9, 10], 0, [1, 2, 3, 7, 0, 0, 0, 0, 4, 5, 6, 8]),
    ([3, 3], [2], [0, 2], [3, 5], R(1, 15), 1, [1, 0, 2, 6, 0, 7, 11, 0, 12]),
    ([3, 3], [1, 2], [1, 2], [1, 2, 3], R(1, 6), 0, [0, 0, 0, 1, 2, 3, 4, 5, 6]),
    ([3, 3], [1, 2], [1, 2], [3, 1, 2], R(1, 6), 1, [0, 1, 2, 0, 3, 4, 0, 5, 6]),
    ([3, 3], [1, 2], [1, 2], [4, 4, 4], R(1, 64), 1, [0, 1, 2, 0, 17, 18, 0, 33, 34]),
    ([3, 3], [1, 3], [0, 1, 2], [4, 4, 4], R(1, 64), 1, [1, 2, 3, 17, 18, 19, 33, 34, 35]),
    ([3, 3], [1, 1], [2], [2, 2, 2], R(1, 8), 1, [0, 0, 1, 0, 0, 5, 0, 0, 0]),
    ([3, 4], [1, 4], [0, 1, 2, 3], [2, 2, 2], R(1, 8), 1, [1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0]),
    ([3, 3], [1, 3], [0, 1, 2], [2, 2, 2], R(1, 8), 0, [1, 2, 0, 3, 4, 0, 5, 6, 0]),
    ([3, 3], [1, 3], [0, 1, 2], [2, 2, 1], R(1, 4), 0, [1, 0, 0, 2, 0, 0, 3, 0, 0]),
    ([3, 3], [1, 3], [0, 1, 2], [1, 1, 1], [1], 0, [1, 0, 0, 0, 0, 0, 0, 0, 0]),
    ([2, 2], [2, 1], [0, 1], [2, 2, 2], R(1, 8), 0, [1, 2, 3, 4]),
    ([4, 4], [4, 1], [0, 1, 2, 3], [2, 2, 2], R(1, 8), 0, [1, 2, 0, 0, 3, 4, 0, 0, 5, 6, 0, 0, 7, 8, 0, 0]),
    ([2, 3, 4, 2], [3, 1], [0, 1, 2], [3, 2, 3, 3, 2], R(1, 108), 2,
     [1, 2, 3, 4, 5, 6, 0, 0, 19, 20, 21, 22, 23, 24, 0, 0, 37, 38, 39, 40, 41, 42, 0, 0,
      55, 56, 57, 58, 59, 60, 0, 0, 73, 74, 75, 76, 77, 78, 0, 0, 91, 92, 93, 94, 95, 96, 0, 0]),
    ([1, 3, 2, 2], [1, 3], [2, 0, 1], [1, 3, 2, 2, 2], R(1, 24), 1, [5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3, 4]),
    ([2, 2, 2], [1, 2], [0, 1], [2, 2, 3, 2], R(1, 24), 1, [1, 2, 3, 4, 13, 14, 15, 16]),
    ([2, 2, 4], [1, 2, 1], [0, 1], [2, 2, 3, 2, 1], R(1, 24), 1,
     [1, 13, 0, 0, 2, 14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    ([2, 4, 2], [1, 2, 1], [0, 1], [2, 2, 3, 2, 1], R(1, 24), 1,
     [1, 13, 2, 14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    ([2, 2, 2], [2, 1], [1, 0], [2, 2, 3, 2], R(1, 24), 2, [2, 1, 8, 7, 14, 13, 20, 19]),
    ([2, 2, 4], [1, 2, 1], [0, 1], [2, 2, 3, 1, 2], R(1, 24), 1,
     [1, 2, 13, 14, 3, 4, 15, 16, 0, 0, 0, 0, 0, 0, 0, 0]),
    ([3, 2, 2, 2], [2], [0, 1], [2, 2, 2, 2], R(1, 16), 3, R(1, 16) + Z(8)),
    ([5, 2, 2, 2], [2], [0, 1], [2, 2, 2, 2], R(1, 16), 2, R(1, 16) + Z(24)),
    ([5, 2, 2, 2], [2, 1], [0, 1], [2, 2, 2, 2, 2], R(1, 32), 2,
     [1, 2, 3, 4, 9, 10, 11, 12, 17, 18, 19, 20, 25, 26, 27, 28] + Z(24)),
]
SCATTER_UPDATE_NEG = [
    ([2, 2, 3], [1, 2, 1], [0, 1], [2, 2, 3, 1, 2], R(1, 24), -2, [1, 2, 13, 3, 4, 15, 14, 0, 0, 16, 0, 0]),
    ([2, 2, 2], [1, 2, 1], [0, 1], [2, 2, 3, 1, 2], R(1, 24), -1, [1, 2, 7, 8, 13, 14, 19, 20]),
    ([4, 2, 2, 2], [2], [0, 1], [2, 2, 2, 2], R(1, 16), -3, R(1, 16) + Z(16)),
]


def _np_scatter_update(data, idx, upd, axis):
    """numpy ScatterUpdate-3 (transcription cross-check): data[..., idx[j], ...] = updates[..., j..., ...]."""
    out = data.copy()
    axis = axis % data.ndim
    ish = idx.shape
    for j in np.ndindex(*ish):
        sl = (slice(None),) * axis + (idx[j],)
        src = (slice(None),) * axis + j
        out[sl] = upd[src]
    return out


@gen
def gen_scatter_update():
    combos = [("f32", it) for it in ["i16", "i32", "i64", "u32", "u64"]] + \
             [(nt, "i32") for nt in ["f16", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"]] + \
             [(nt, "i64") for nt in ["f16", "i64", "u8"]]
    for nt, it in combos:
        for k, v in enumerate(SCATTER_UPDATE + SCATTER_UPDATE_NEG):
            neg = k >= len(SCATTER_UPDATE)
            if neg and it[0] == "u":
                continue
            if neg and (nt, it) not in (("f32", "i32"), ("f32", "i64"), ("i32", "i32"), ("f16", "i64"), ("i64", "i64")):
                continue
            ds, ish, iv, us, uv, ax, ev = v
            d = arr(Z(int(np.prod(ds))), nt, ds)
            a = ax % len(ds)
            if us == ds[:a] + ish + ds[a + 1:]:  # canonical updates shape: numpy cross-check
                xcheck(_np_scatter_update(d, np.array(iv).reshape(ish), arr(uv, nt, us), ax), arr(ev, nt, ds),
                       f"scatter_update #{k}")
            name = f"{'neg' if neg else 'v'}{k if not neg else k - len(SCATTER_UPDATE)}_{nt}_{it}"
            case("scatter_update", name, "ScatterUpdate", 3, None,
                 [P("data", Z(int(np.prod(ds))), nt, ds), P("indices", iv, it, ish), P("updates", uv, nt, us),
                  P("axis", [ax], it, [1])],
                 [O("y", ev, nt, ds)], f"ScatterUpdate-3 vector #{k} (axis {ax}), data {nt}, indices/axis {it}")


# ------------------------------------------------------------------------------------- erf.cpp
SRC["erf"] = "04924f34"
I32MIN, I32MAX = -2 ** 31, 2 ** 31 - 1
I64MIN, I64MAX = -2 ** 63, 2 ** 63 - 1
ERF = [
    ("f32", [2, 5], [-math.inf, -4.0, -3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0, math.inf]),
    ("f16", [2, 5], [-math.inf, -4.0, -3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0, math.inf]),
    ("i32", [2, 3], [I32MIN, -2, -1, 1, 2, I32MAX]),
    ("u32", [2, 3], [0, 0, 1, 2, 3, 2 ** 32 - 1]),
    ("i64", [2, 3], [I64MIN, -2, -1, 1, 2, I64MAX]),
    ("u64", [2, 3], [0, 0, 1, 2, 3, 2 ** 64 - 1]),
]


@gen
def gen_erf():
    for et, shp, xs in ERF:
        x = arr(xs, et, shp)
        # the test: std::erf(double(x)), std::round for integer types, static_cast<T>
        ys = [math.erf(float(v)) for v in x.ravel()]
        if et[0] in "iu":
            ys = [float(round(v)) for v in ys]  # |erf| <= 1: no .5 ties
        # f32 / f16: OpenVINO's reference computes erf in the element type; the test's
        # threshold (1e-2, base_reference_test) decides, the vector's own precision is the type's
        o = O("y", ys, et, shp, compare="close", atol=1e-2 if et == "f16" else 1e-6,
              rtol=1e-2 if et == "f16" else 1e-5) if et[0] == "f" else O("y", ys, et, shp)
        case("erf", et, "Erf", 1, None, [P("x", xs, et, shp)], [o], f"Erf-1 on {et} extremes", exact=False)


# ------------------------------------------------------------------------------------ mish.cpp
SRC["mish"] = "2873ed88"


class _Mt19937:
    """std::mt19937 (libstdc++), seeded with the one-integer constructor."""

    def __init__(self, seed):
        self.mt = [0] * 624
        self.mt[0] = seed & 0xFFFFFFFF
        for i in range(1, 624):
            p = self.mt[i - 1]
            self.mt[i] = (1812433253 * (p ^ (p >> 30)) + i) & 0xFFFFFFFF
        self.i = 624

    def __call__(self):
        if self.i >= 624:
            mt = self.mt
            for k in range(624):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7FFFFFFF)
                mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.i = 0
        y = self.mt[self.i]
        self.i += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y


def _canonical(g):
    """std::generate_canonical<double, 53>(mt19937): k = 2 draws, sum = d0 + d1 * 2^32 (double adds),
    divided by 2^64; a result >= 1 becomes nextafter(1, 0)."""
    s = 0.0
    t = 1.0
    for _ in range(2):
        s += float(g()) * t
        t *= 4294967296.0
    r = s / t
    return r if r < 1.0 else math.nextafter(1.0, 0.0)


def _normal_stream(seed, mean, stddev, n):
    """std::normal_distribution<double>{mean, stddev} on std::mt19937{seed} (libstdc++: Marsaglia polar
    method, returns y * mult and saves x * mult for the next call)."""
    g = _Mt19937(seed)
    out = []
    saved = None
    while len(out) < n:
        if saved is not None:
            out.append(saved * stddev + mean)
            saved = None
            continue
        while True:
            x = 2.0 * _canonical(g) - 1.0
            y = 2.0 * _canonical(g) - 1.0
            r2 = x * x + y * y
            if not (r2 > 1.0 or r2 == 0.0):
                break
        mult = math.sqrt(-2.0 * math.log(r2) / r2)
        saved = x * mult
        out.append(y * mult * stddev + mean)
    return out


def _mish_vectors(et, n):
    xs, ys = [], []
    for d in _normal_stream(0, 0.0, 20.0, n):
        x = float(np.float32(d)) if et == "f32" else float(np.float16(np.float32(d)))  # static_cast<T>(double)
        y = x * math.tanh(math.log(1.0 + math.exp(x))) if x < 709 else x  # exp overflow: tanh(inf) = 1
        ys.append(float(np.float32(y)) if et == "f32" else float(np.float16(np.float32(y))))
        xs.append(x)
    return xs, ys


@gen
def gen_mish():
    g = _Mt19937(5489)  # the standard's check: the 10000th output of a default-seeded mt19937
    for _ in range(9999):
        g()
    assert g() == 4123659995
    for et in ("f32", "f16"):
        for name, dyn, shp in [("2x5", None, [2, 5]), ("2x3x4x5", None, [2, 3, 4, 5]),
                               ("dynamic_rank", True, [2, 3, 4, 5]),
                               ("dimensionDynamic", [2, -1, 4, 5], [2, 3, 4, 5])]:
            xs, ys = _mish_vectors(et, int(np.prod(shp)))
            xcheck(arr(xs, et, shp) * np.tanh(np.log1p(np.exp(arr(xs, et, shp).astype(np.float64)))),
                   arr(ys, et, shp), "mish")
            # legacy_compare: threshold 1e-2 (abs and rel); f32 values are exact in float up to ulps
            at = {"f32": 1e-5, "f16": 1e-2}[et]
            ins = [In("x", xs, et, shp, dyn=dyn if dyn is not None else False)]
            o = O("y", ys, et, shp, compare="close", atol=at, rtol=at,
                  dims=([-1] * len(shp) if dyn is True else dyn))
            case("mish", f"{name}_{et}", "Mish", 4, None, ins, [o],
                 f"Mish-4 on std::normal_distribution{{0, 20}}(std::mt19937{{0}}) inputs, {shp} {et}"
                 + (f", Parameter dims {dyn}" if dyn is not None else ""), exact=False)


# ---------------------------------------------------------------------------------- concat.cpp
SRC["concat"] = "0e6e3f7b"
# (name, dynamic Parameters, A shape, A, B shape, B, C shape, C, axis, expected shape, expected)
CONCAT = [
    ("concat_negative_axis", True, [2, 2], [2, 4, 8, 16], [2, 3], [1, 2, 4, 8, 16, 32], [2, 3], [2, 3, 5, 7, 11, 13],
     -1, [2, 8], [2, 4, 1, 2, 4, 2, 3, 5, 8, 16, 8, 16, 32, 7, 11, 13]),
    ("concat_matrix_colwise", False, [2, 2], [2, 4, 8, 16], [2, 3], [1, 2, 4, 8, 16, 32], [2, 3],
     [2, 3, 5, 7, 11, 13], 1, [2, 8], [2, 4, 1, 2, 4, 2, 3, 5, 8, 16, 8, 16, 32, 7, 11, 13]),
    ("concat_matrix_rowwise", False, [2, 2], [2, 4, 8, 16], [3, 2], [1, 2, 4, 8, 16, 32], [3, 2],
     [2, 3, 5, 7, 11, 13], 0, [8, 2], [2, 4, 8, 16, 1, 2, 4, 8, 16, 32, 2, 3, 5, 7, 11, 13]),
    ("concat_vector", False, [4], [2, 4, 8, 16], [6], [1, 2, 4, 8, 16, 32], [2], [18, 19], 0, [12],
     [2, 4, 8, 16, 1, 2, 4, 8, 16, 32, 18, 19]),
    ("concat_4d_tensor", False, [1, 1, 1, 1], [1], [1, 1, 1, 1], [2], [1, 1, 1, 1], [3], 0, [3, 1, 1, 1], [1, 2, 3]),
    ("concat_2d_tensor", False, [1, 1], [1], [1, 1], [2], [1, 1], [3], 0, [3, 1], [1, 2, 3]),
]


def _concat_graph(name, ins, axis, out, body):
    """body(g, refs) -> output ref; writes one case of a multi-op concat test."""
    g = W.Graph(name)
    refs, inputs = build_inputs(g, ins)
    y = body(g, refs)
    if out.et == "bf16":
        (y,) = g.op("y_f32", "Convert", "opset1", [("destination_type", "f32")], [y], [("f32", y.shape, "y")])
    g.result(y, "y")
    return g, inputs


def _cat(g, name, refs, axis, et, shape, out_name=None):
    (r,) = g.op(name, "Concat", "opset1", [("axis", axis)], refs, [(et, shape, out_name)])
    return r


def _bin(g, name, op, a, b, et, shape, out_name=None):
    (r,) = g.op(name, op, "opset1", [("auto_broadcast", "numpy")], [a, b], [(et, shape, out_name)])
    return r


@gen
def gen_concat():
    types = INT_TYPES + ["bf16", "f16", "f32", "f64"]
    for et in types:
        for name, dyn, as_, av, bs, bv, cs, cv, axis, es, ev in CONCAT:
            xcheck(np.concatenate([arr(av, et, as_), arr(bv, et, bs), arr(cv, et, cs)], axis), arr(ev, et, es), name)
            ins = [P("A", av, et, as_, dyn=dyn), P("B", bv, et, bs, dyn=dyn), P("C", cv, et, cs, dyn=dyn)]
            o = O("y", ev, et, es, dims=[-1] * len(es) if dyn else None)
            case("concat", f"{name}_{et}", "Concat", 1, [("axis", axis)], ins, [o],
                 f"Concat-1 {name} {et}" + (" (dynamic Parameters)" if dyn else ""))
    # concat_vector_large_N: N f32 {1} Parameters holding i, concatenated on axis 0
    for n in (100, 128, 999):
        g = W.Graph(f"concat_vector_large_{n}")
        refs = [g.param(f"in{i}", "f32", [1]) for i in range(n)]
        y = _cat(g, "op", refs, 0, "f32", [n], "y")
        g.result(y, "y")
        finish("concat", f"concat_vector_large_{n}", g, {f"in{i}": np.array([i], np.float32) for i in range(n)},
               [O("y", list(range(n)), "f32", [n])], f"Concat-1 of {n} one-element Parameters", "Concat-1")
    # concat_in_place_2d_tensor: Concat(A+B, C+D, C-A); concat_in_place_propagate_2d_tensor:
    # Concat(Concat(A+B, C+D), C-A); concat_in_place_tree_1: c = Concat(A+B, A+B) (two Adds); c + c
    for et in ["i32", "i64", "u32", "u64", "bf16", "f16", "f32"]:
        oet = "bf16" if et == "bf16" else et
        ins = [P(n, [v], et, [1, 1]) for n, v in zip("ABCD", [1, 2, 3, 4])]

        def inplace(g, r):
            a = _bin(g, "add1", "Add", r[0], r[1], oet, [1, 1])
            b = _bin(g, "add2", "Add", r[2], r[3], oet, [1, 1])
            c = _bin(g, "sub", "Subtract", r[2], r[0], oet, [1, 1])
            return _cat(g, "op", [a, b, c], 0, oet, [3, 1], None if et == "bf16" else "y")

        def propagate(g, r):
            a = _bin(g, "add1", "Add", r[0], r[1], oet, [1, 1])
            b = _bin(g, "add2", "Add", r[2], r[3], oet, [1, 1])
            c1 = _cat(g, "concat1", [a, b], 0, oet, [2, 1])
            c = _bin(g, "sub", "Subtract", r[2], r[0], oet, [1, 1])
            return _cat(g, "op", [c1, c], 0, oet, [3, 1], None if et == "bf16" else "y")

        for nm, body in (("concat_in_place_2d_tensor", inplace), ("concat_in_place_propagate_2d_tensor", propagate)):
            g, inputs = _concat_graph(nm, ins, 0, O("y", [3, 7, 2], et, [3, 1]), body)
            finish("concat", f"{nm}_{et}", g, inputs, [O("y", [3, 7, 2], "f32" if et == "bf16" else et, [3, 1])],
                   f"Concat-1 {nm} (Add/Subtract feeding Concat) {et}", "Concat-1")
        ins2 = [P("A", [1] * 4, et, [1, 2, 2]), P("B", [1] * 4, et, [1, 2, 2])]

        def tree1(g, r):
            a = _bin(g, "add1", "Add", r[0], r[1], oet, [1, 2, 2])
            b = _bin(g, "add2", "Add", r[0], r[1], oet, [1, 2, 2])
            c = _cat(g, "concat", [a, b], 1, oet, [1, 4, 2])
            return _bin(g, "op", "Add", c, c, oet, [1, 4, 2], None if et == "bf16" else "y")

        g, inputs = _concat_graph("concat_in_place_tree_1", ins2, 1, O("y", [4] * 8, et, [1, 4, 2]), tree1)
        finish("concat", f"concat_in_place_tree_1_{et}", g, inputs, [O("y", [4] * 8, "f32" if et == "bf16" else et,
                                                                        [1, 4, 2])],
               f"Concat-1 concat_in_place_tree_1 {et}", "Concat-1")


# ------------------------------------------------------------------------------------ reshape.cpp
SRC["reshape"] = "223477dd"
# (input shape, pattern (u64 Const), special_zero, values (None: iota from 1 as the test's second
# constructor), expected shape)
RESHAPE = [
    ([2, 2, 3], [12], False, list(range(1, 13)), [12]),
    ([1, 1, 1], [], False, [6], []),
    ([], [1, 1, 1, 1, 1, 1], False, [42], [1, 1, 1, 1, 1, 1]),
    ([3], [3, 1], False, [1, 2, 3], [3, 1]),
    ([3], [1, 3], False, [1, 2, 3], [1, 3]),
    ([3], [1, 3, 1], False, [1, 2, 3], [1, 3, 1]),
    ([3, 3], [3, 3], False, list(range(1, 10)), [3, 3]),
    ([1], [], False, [1], []),
    ([], [], False, [1], []),
    ([2, 2, 3, 3, 2, 4], [3, 2, 2, 4, 3, 2], False, None, [3, 2, 2, 4, 3, 2]),
    ([2, 2, 5, 5], [0, 5, 0, 2], True, None, [2, 5, 5, 2]),
]


def _iota(n, et, start=1):
    """std::iota over T from static_cast<T>(start): wraps in the element type."""
    return (np.arange(start, start + n, dtype=np.int64).astype(W.NP[et]) if et[0] in "iu"
            else np.arange(start, start + n, dtype=np.float64).astype(W.NP[et]))


@gen
def gen_reshape():
    for et in ["f32", "i64", "i32", "i16", "u64", "u32", "u16", "i8", "u8"]:
        vecs = RESHAPE if et not in ("i8", "u8") else [v for v in RESHAPE if v[3] is not None and v[0] != [3, 3]]
        for k, (ish, pat, sz, vals, osh) in enumerate(vecs):
            x = arr(vals, et, ish) if vals is not None else _iota(int(np.prod(ish)), et).reshape(ish)
            case("reshape", f"v{k}_{'x'.join(map(str, ish)) or 'scalar'}_to_{'x'.join(map(str, osh)) or 'scalar'}_{et}",
                 "Reshape", 1, [("special_zero", sz)],
                 [P("x", x.ravel().tolist(), et, ish), K("pattern", pat, "u64", [len(pat)])],
                 [O("y", x.ravel().tolist(), et, osh)], f"Reshape-1 {ish} by u64 pattern {pat} (special_zero {sz}) {et}")
    # ReshapeShuffle: {1,112,56,56} iota -> {1,4,28,56,56} -> {1,28,4,56,56} -> {1,112,56,56}: the values come
    # back in order (kept to one type, u8, whose iota wraps mod 256, to keep the corpus small)
    et = "u8"
    x = _iota(112 * 56 * 56, et).reshape([1, 112, 56, 56])
    g = W.Graph("reshape_shuffle")
    r = g.param("x", et, [1, 112, 56, 56])
    for k, shp in enumerate([[1, 4, 28, 56, 56], [1, 28, 4, 56, 56], [1, 112, 56, 56]]):
        c = g.const(f"shape{k}", "u64", np.array(shp, np.uint64))
        (r,) = g.op(f"reshape{k}" if k < 2 else "op", "Reshape", "opset1", [("special_zero", False)], [r, c],
                    [(et, shp, "y" if k == 2 else None)])
    g.result(r, "y")
    finish("reshape", "shuffle_1x112x56x56_u8", g, {"x": x}, [O("y", x.ravel(), et, [1, 112, 56, 56])],
           "three chained Reshape-1 (ReferenceReshapeShuffleLayerTest), u8 iota", "Reshape-1")


# ------------------------------------------------------------------------------------ squeeze.cpp
SRC["squeeze"] = "06f52a75"
# (input shape, axes (i64 Const, None: no axes input), expected shape); values 1..8
SQUEEZE = [
    ([1, 4, 1, 1, 2], [0, 1, 3, -1], [4, 1, 2]),
    ([1, 4, 1, 1, 2], [0, 2], [4, 1, 2]),
    ([1, 4, 1, 1, 2], [], [4, 2]),
    ([1, 4, 1, 1, 2], None, [4, 2]),
]


@gen
def gen_squeeze():
    for ver, attrs, tag in [(0, None, "v0"), (15, [("allow_axis_skip", False)], "v15"),
                            (15, [("allow_axis_skip", True)], "v15_allow_axis_skip")]:
        for et in ["f32", "i64", "i32", "i16", "i8", "u64", "u32", "u16", "u8"]:
            for k, (ish, axes, osh) in enumerate(SQUEEZE):
                ins = [P("x", list(range(1, 9)), et, ish)]
                if axes is not None:
                    ins.append(K("axes", axes, "i64", [len(axes)]))
                case("squeeze", f"{tag}_{k}_{et}", "Squeeze", ver, attrs, ins, [O("y", list(range(1, 9)), et, osh)],
                     f"Squeeze-{ver} {ish} axes {axes} -> {osh} {et} ({tag})", opset="opset1" if ver == 0 else None)


# -------------------------------------------------------------------------------------- split.cpp
SRC["split"] = "1ba5f211"
# (name, data shape, axis (Const scalar), axis type, num_splits, output shape); data iota as written
SPLIT = [
    ("split_1d", [6], 0, "i64", 3, [2], list(range(1, 7))),
    ("split_2d_axis_0", [6, 2], 0, "i64", 2, [3, 2], None),
    ("split_2d_axis_1", [6, 2], 1, "i64", 2, [6, 1], None),
    ("split_3d_axis_0", [2, 2, 3], 0, "i64", 2, [1, 2, 3], None),
    ("split_3d_axis_1", [2, 8, 2], 1, "i64", 4, [2, 2, 2], None),
    ("split_3d_axis_2", [2, 1, 6], 2, "i64", 2, [2, 1, 3], None),
    ("split_4d_axis_0", [3, 2, 3, 1], 0, "i64", 3, [1, 2, 3, 1], None),
    ("split_4d_axis_1", [2, 8, 2, 2], 1, "i64", 4, [2, 2, 2, 2], None),
    ("split_4d_axis_2", [2, 1, 6, 2], 2, "i64", 3, [2, 1, 2, 2], None),
    ("split_4d_axis_3", [2, 1, 2, 6], 3, "i64", 3, [2, 1, 2, 2], None),
    ("split_4d_axis_negative_2", [2, 1, 4, 1], -2, "i32", 2, [2, 1, 2, 1], None),
]
# the transcribed expected outputs, in order
SPLIT_OUT = {
    "split_1d": [[1, 2], [3, 4], [5, 6]],
    "split_2d_axis_0": [[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]],
    "split_2d_axis_1": [[0, 2, 4, 6, 8, 10], [1, 3, 5, 7, 9, 11]],
    "split_3d_axis_0": [[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]],
    "split_3d_axis_1": [[0, 1, 2, 3, 16, 17, 18, 19], [4, 5, 6, 7, 20, 21, 22, 23], [8, 9, 10, 11, 24, 25, 26, 27],
                        [12, 13, 14, 15, 28, 29, 30, 31]],
    "split_3d_axis_2": [[0, 1, 2, 6, 7, 8], [3, 4, 5, 9, 10, 11]],
    "split_4d_axis_0": [[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11], [12, 13, 14, 15, 16, 17]],
    "split_4d_axis_1": [[0, 1, 2, 3, 4, 5, 6, 7, 32, 33, 34, 35, 36, 37, 38, 39],
                        [8, 9, 10, 11, 12, 13, 14, 15, 40, 41, 42, 43, 44, 45, 46, 47],
                        [16, 17, 18, 19, 20, 21, 22, 23, 48, 49, 50, 51, 52, 53, 54, 55],
                        [24, 25, 26, 27, 28, 29, 30, 31, 56, 57, 58, 59, 60, 61, 62, 63]],
    "split_4d_axis_2": [[0, 1, 2, 3, 12, 13, 14, 15], [4, 5, 6, 7, 16, 17, 18, 19], [8, 9, 10, 11, 20, 21, 22, 23]],
    "split_4d_axis_3": [[0, 1, 6, 7, 12, 13, 18, 19], [2, 3, 8, 9, 14, 15, 20, 21], [4, 5, 10, 11, 16, 17, 22, 23]],
    "split_4d_axis_negative_2": [[0, 1, 4, 5], [2, 3, 6, 7]],
}


@gen
def gen_split():
    for et in ["boolean", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32"]:
        for name, ds, ax, at, n, osh, vals in SPLIT:
            dv = vals if vals is not None else list(range(int(np.prod(ds))))
            x = arr(dv, et, ds)
            outs = [O(f"y{j}", v, et, osh) for j, v in enumerate(SPLIT_OUT[name])]
            for o, got in zip(outs, np.split(x, n, axis=ax)):
                xcheck(got, o.a, name)
            case("split", f"{name}_{et}", "Split", 1, [("num_splits", n)],
                 [P("data", dv, et, ds), K("axis", ax, at)], outs, f"Split-1 {name} {et}")


# ---------------------------------------------------------------------------------- unsqueeze.cpp
SRC["unsqueeze"] = "061aae26"


@gen
def gen_unsqueeze():
    for axes, osh, combos in [([1, 2], [4, 1, 1, 2], [(e, a) for a in ("i64", "i32")
                                                       for e in ("f32", "f16", "i64", "i32", "u64", "u32")]),
                              ([1, -1], [4, 1, 2, 1], [(e, a) for a in ("i64", "i32")
                                                       for e in ("f32", "f16", "i64", "i32")])]:
        for et, at in combos:
            case("unsqueeze", f"{'neg' if -1 in axes else 'pos'}_{et}_{at}", "Unsqueeze", 1, None,
                 [P("x", list(range(1, 9)), et, [4, 2]), K("axes", axes, at, [2])],
                 [O("y", list(range(1, 9)), et, osh)], f"Unsqueeze-1 [4,2] axes {axes} ({at}) {et}",
                 opset="opset1")


# ----------------------------------------------------------------------------- variadic_split.cpp
SRC["variadic_split"] = "0b2dc709"
I24 = list(range(24))
# (name, data shape, data, axis type, axis shape, axis, lengths type, lengths, [(out shape, out values)])
VSPLIT = [
    ("variadic_split_1d_static", [10], list(range(1, 11)), "i32", [1], 0, "i32", [5, 3, 2],
     [([5], [1, 2, 3, 4, 5]), ([3], [6, 7, 8]), ([2], [9, 10])]),
    ("variadic_split_1d_dynamic", [10], list(range(1, 11)), "i32", [1], 0, "i32", [5, 3, 2],
     [([5], [1, 2, 3, 4, 5]), ([3], [6, 7, 8]), ([2], [9, 10])]),
    ("variadic_split_2d_axis_0_static", [6, 2], list(range(1, 13)), "i32", [], 0, "i32", [4, 2],
     [([4, 2], [1, 2, 3, 4, 5, 6, 7, 8]), ([2, 2], [9, 10, 11, 12])]),
    ("variadic_split_2d_axis_0_dynamic", [6, 2], list(range(1, 13)), "i32", [], 0, "i32", [4, 2],
     [([4, 2], [1, 2, 3, 4, 5, 6, 7, 8]), ([2, 2], [9, 10, 11, 12])]),
    ("variadic_split_2d_axis_1_static", [4, 3], list(range(1, 13)), "i32", [], 1, "i32", [1, 2],
     [([4, 1], [1, 4, 7, 10]), ([4, 2], [2, 3, 5, 6, 8, 9, 11, 12])]),
    ("variadic_split_2d_axis_1_dynamic", [4, 3], list(range(1, 13)), "i32", [], 1, "i32", [1, 2],
     [([4, 1], [1, 4, 7, 10]), ([4, 2], [2, 3, 5, 6, 8, 9, 11, 12])]),
    ("variadic_split_4d_axis_0_static", [6, 2, 3, 1], list(range(36)), "i32", [1], 0, "i32", [3, 1, 2],
     [([3, 2, 3, 1], list(range(18))), ([1, 2, 3, 1], list(range(18, 24))), ([2, 2, 3, 1], list(range(24, 36)))]),
    ("variadic_split_4d_axis_0_dynamic", [6, 2, 3, 1], list(range(36)), "i32", [1], 0, "i32", [3, 1, 2],
     [([3, 2, 3, 1], list(range(18))), ([1, 2, 3, 1], list(range(18, 24))), ([2, 2, 3, 1], list(range(24, 36)))]),
    ("variadic_split_4d_axis_1_static", [2, 8, 2, 2], list(range(64)), "u64", [1], 1, "u64", [1, 3, 2, 2],
     [([2, 1, 2, 2], [0, 1, 2, 3, 32, 33, 34, 35]),
      ([2, 3, 2, 2], list(range(4, 16)) + list(range(36, 48))),
      ([2, 2, 2, 2], list(range(16, 24)) + list(range(48, 56))),
      ([2, 2, 2, 2], list(range(24, 32)) + list(range(56, 64)))]),
    ("variadic_split_4d_axis_1_dynamic", [2, 8, 2, 2], list(range(64)), "i64", [1], 1, "i64", [1, 3, 2, 2],
     [([2, 1, 2, 2], [0, 1, 2, 3, 32, 33, 34, 35]),
      ([2, 3, 2, 2], list(range(4, 16)) + list(range(36, 48))),
      ([2, 2, 2, 2], list(range(16, 24)) + list(range(48, 56))),
      ([2, 2, 2, 2], list(range(24, 32)) + list(range(56, 64)))]),
    ("variadic_split_4d_axis_2_static", [2, 1, 6, 2], I24, "u32", [1], 2, "u32", [3, 1, 2],
     [([2, 1, 3, 2], [0, 1, 2, 3, 4, 5, 12, 13, 14, 15, 16, 17]), ([2, 1, 1, 2], [6, 7, 18, 19]),
      ([2, 1, 2, 2], [8, 9, 10, 11, 20, 21, 22, 23])]),
    ("variadic_split_4d_axis_2_dynamic", [2, 1, 6, 2], I24, "i32", [1], 2, "i32", [-1, 1, 2],
     [([2, 1, 3, 2], [0, 1, 2, 3, 4, 5, 12, 13, 14, 15, 16, 17]), ([2, 1, 1, 2], [6, 7, 18, 19]),
      ([2, 1, 2, 2], [8, 9, 10, 11, 20, 21, 22, 23])]),
    ("variadic_split_4d_axis_neg1_static", [2, 1, 2, 6], I24, "i32", [1], 3, "i32", [1, -1, 3],
     [([2, 1, 2, 1], [0, 6, 12, 18]), ([2, 1, 2, 2], [1, 2, 7, 8, 13, 14, 19, 20]),
      ([2, 1, 2, 3], [3, 4, 5, 9, 10, 11, 15, 16, 17, 21, 22, 23])]),
    ("variadic_split_4d_axis_3_dynamic", [2, 1, 2, 6], I24, "i32", [1], -1, "i32", [1, 2, -1],
     [([2, 1, 2, 1], [0, 6, 12, 18]), ([2, 1, 2, 2], [1, 2, 7, 8, 13, 14, 19, 20]),
      ([2, 1, 2, 3], [3, 4, 5, 9, 10, 11, 15, 16, 17, 21, 22, 23])]),
]


@gen
def gen_variadic_split():
    for et in ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32"]:
        for name, ds, dv, at, ash, ax, lt, lens, outs_ in VSPLIT:
            dyn = name.endswith("_dynamic")
            x = arr(dv, et, ds)
            n = ds[ax]
            known = sum(v for v in lens if v >= 0)
            cuts = np.cumsum([v if v >= 0 else n - known for v in lens])[:-1]
            outs = [O(f"y{j}", v, et, sh, dims=[-1] * len(sh) if dyn else None) for j, (sh, v) in enumerate(outs_)]
            for o, got in zip(outs, np.split(x, cuts, axis=ax)):
                xcheck(got, o.a, name)
            ins = [P("data", dv, et, ds, dyn=dyn)]
            axv = [ax] if ash else ax
            if dyn:
                ins += [P("axis", axv, at, ash), P("split_lengths", lens, lt, [len(lens)])]
            else:
                ins += [K("axis", axv, at, ash), K("split_lengths", lens, lt, [len(lens)])]
            case("variadic_split", f"{name}_{et}", "VariadicSplit", 1, None, ins, outs,
                 f"VariadicSplit-1 {name} {et}" + (" (data, axis and split_lengths Parameters)" if dyn else ""))


# -------------------------------------------------------------------------------------- shape_of.cpp
SRC["shape_of"] = "0c646368"


@gen
def gen_shape_of():
    big = ["f32", "f16", "bf16", "i64", "i32", "u64", "u32"]
    for et in big + ["i16", "i8", "u16", "u8"]:
        shapes = [[2], [2, 4]] + ([[2, 4, 8, 16, 32]] if et in big else [])
        for shp in shapes:
            n = int(np.prod(shp))
            vals = [n, 0] + [0] * (n - 2)  # the test fills only the first two elements ({size, 0}); zeros here
            tag = "x".join(map(str, shp))
            case("shape_of", f"v0_{tag}_{et}", "ShapeOf", 0, None, [P("x", vals, et, shp)],
                 [O("y", shp, "i64", [len(shp)])], f"ShapeOf-0 of {shp} {et}", opset="opset1")
            g = W.Graph(f"shape_of_v3_{tag}_{et}")
            refs, inputs = build_inputs(g, [P("x", vals, et, shp)])
            (a,) = g.op("op", "ShapeOf", "opset3", [("output_type", "i64")], refs, [("i64", [len(shp)], "y0")])
            (b,) = g.op("op32", "ShapeOf", "opset3", [("output_type", "i32")], refs, [("i32", [len(shp)], "y1")])
            g.result(a, "y0")
            g.result(b, "y1")
            finish("shape_of", f"v3_{tag}_{et}", g, inputs, [O("y0", shp, "i64", [len(shp)]), O("y1", shp, "i32", [len(shp)])],
                   f"ShapeOf-3 i64 and i32 of {shp} {et}", "ShapeOf-3")


# --------------------------------------------------------------------------------- space_to_depth.cpp
SRC["space_to_depth"] = "1926139b"
I32_ = list(range(32))
S2D = [
    ("space_to_depth_block_first_K2_BS2", [1, 2, 4, 4], I32_, "blocks_first", 2, [1, 8, 2, 2],
     [0, 2, 8, 10, 16, 18, 24, 26, 1, 3, 9, 11, 17, 19, 25, 27, 4, 6, 12, 14, 20, 22, 28, 30, 5, 7, 13, 15, 21, 23,
      29, 31]),
    ("space_to_depth_block_first_K2_BS3", [1, 2, 6, 3],
     [0, 4, 8, 12, 16, 20, 24, 28, 32, 1, 5, 9, 13, 17, 21, 25, 29, 33, 2, 6, 10, 14, 18, 22, 26, 30, 34, 3, 7, 11,
      15, 19, 23, 27, 31, 35], "blocks_first", 3, [1, 18, 2, 1], list(range(36))),
    ("space_to_depth_block_first_K1_BS3", [1, 2, 6], [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11], "blocks_first", 3,
     [1, 6, 2], list(range(12))),
    ("space_to_depth_depth_first_K2_BS2", [1, 2, 4, 4],
     [0, 16, 2, 18, 1, 17, 3, 19, 8, 24, 10, 26, 9, 25, 11, 27, 4, 20, 6, 22, 5, 21, 7, 23, 12, 28, 14, 30, 13, 29,
      15, 31], "depth_first", 2, [1, 8, 2, 2],
     [0, 2, 8, 10, 16, 18, 24, 26, 1, 3, 9, 11, 17, 19, 25, 27, 4, 6, 12, 14, 20, 22, 28, 30, 5, 7, 13, 15, 21, 23,
      29, 31]),
    ("space_to_depth_depth_first_K2_BS3", [1, 2, 6, 3],
     [0, 2, 4, 6, 8, 10, 12, 14, 16, 1, 3, 5, 7, 9, 11, 13, 15, 17, 18, 20, 22, 24, 26, 28, 30, 32, 34, 19, 21, 23,
      25, 27, 29, 31, 33, 35], "depth_first", 3, [1, 18, 2, 1], list(range(36))),
    ("space_to_depth_depth_first_K1_BS3", [1, 2, 6], [0, 2, 4, 1, 3, 5, 6, 8, 10, 7, 9, 11], "depth_first", 3,
     [1, 6, 2], list(range(12))),
]


def _np_s2d(x, mode, b):
    n, c = x.shape[:2]
    sp = x.shape[2:]
    k = len(sp)
    r = x.reshape([n, c] + [v for d in sp for v in (d // b, b)])
    # axes: 0 n, 1 c, then (2+2i) outer, (3+2i) block
    outer = [2 + 2 * i for i in range(k)]
    blk = [3 + 2 * i for i in range(k)]
    perm = [0] + (blk + [1] if mode == "blocks_first" else [1] + blk) + outer
    return r.transpose(perm).reshape([n, c * b ** k] + [d // b for d in sp])


@gen
def gen_space_to_depth():
    for et in ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "bf16", "f16", "f32", "f64"]:
        for name, ds, dv, mode, bs, es, ev in S2D:
            xcheck(_np_s2d(arr(dv, et, ds), mode, bs), arr(ev, et, es), name)
            case("space_to_depth", f"{name}_{et}", "SpaceToDepth", 1, [("block_size", bs), ("mode", mode)],
                 [P("data", dv, et, ds)], [O("y", ev, et, es)], f"SpaceToDepth-1 {name} {et}")


# --------------------------------------------------------------------------------- space_to_batch.cpp
SRC["space_to_batch"] = "01c95f3e"
S2B = [
    ("space_to_batch_4D", [1, 1, 2, 2], [1, 1, 1, 1], [1, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0], [1, 1, 2, 2],
     [1, 1, 1, 1]),
    ("space_to_batch_5D", [1, 1, 3, 2, 1], [1] * 6, [1, 1, 3, 2, 2], [0, 0, 1, 0, 3], [0, 0, 2, 0, 0],
     [12, 1, 2, 1, 2],
     [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
      0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]),
    ("space_to_batch_4x4", [1, 1, 4, 4], [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], [1, 1, 1, 1],
     [0, 0, 1, 0], [0, 0, 0, 0], [1, 1, 5, 4], [0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
]


@gen
def gen_space_to_batch():
    for et in ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "bf16", "f16", "f32", "f64"]:
        for name, ds, dv, bs, pb, pe, es, ev in S2B:
            case("space_to_batch", f"{name}_{et}", "SpaceToBatch", 2, None,
                 [P("data", dv, et, ds), K("block_shape", bs, "i64", [len(bs)]), K("pads_begin", pb, "i64", [len(pb)]),
                  K("pads_end", pe, "i64", [len(pe)])], [O("y", ev, et, es)], f"SpaceToBatch-2 {name} {et}")


# ---------------------------------------------------------------------------------------- reverse.cpp
SRC["reverse"] = "1ba5f211"
R12 = list(range(12))
R24 = list(range(24))
# (name, axes type, axes, mode, data shape, expected)
REVERSE = [
    ("nothing_to_reverse", "i64", [], "index", [8], list(range(8))),
    ("reverse_1d", "i64", [0], "index", [8], [7, 6, 5, 4, 3, 2, 1, 0]),
    ("reverse_2d_0", "i64", [0], "index", [4, 3], [9, 10, 11, 6, 7, 8, 3, 4, 5, 0, 1, 2]),
    ("reverse_2d_1", "i64", [1], "index", [4, 3], [2, 1, 0, 5, 4, 3, 8, 7, 6, 11, 10, 9]),
    ("reverse_2d_1_mask", "boolean", [False, True], "mask", [4, 3], [2, 1, 0, 5, 4, 3, 8, 7, 6, 11, 10, 9]),
    ("reverse_2d_01", "i64", [0, 1], "index", [4, 3], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]),
    ("reverse_2d_01_mask", "boolean", [True, True], "mask", [4, 3], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]),
    ("reverse_3d_0", "i64", [0], "index", [2, 4, 3], list(range(12, 24)) + R12),
    ("reverse_3d_1", "i64", [1], "index", [2, 4, 3],
     [9, 10, 11, 6, 7, 8, 3, 4, 5, 0, 1, 2, 21, 22, 23, 18, 19, 20, 15, 16, 17, 12, 13, 14]),
    ("reverse_3d_2", "i64", [2], "index", [2, 4, 3],
     [2, 1, 0, 5, 4, 3, 8, 7, 6, 11, 10, 9, 14, 13, 12, 17, 16, 15, 20, 19, 18, 23, 22, 21]),
    ("reverse_3d_01", "i64", [0, 1], "index", [2, 4, 3],
     [21, 22, 23, 18, 19, 20, 15, 16, 17, 12, 13, 14, 9, 10, 11, 6, 7, 8, 3, 4, 5, 0, 1, 2]),
    ("reverse_3d_02", "i64", [0, 2], "index", [2, 4, 3],
     [14, 13, 12, 17, 16, 15, 20, 19, 18, 23, 22, 21, 2, 1, 0, 5, 4, 3, 8, 7, 6, 11, 10, 9]),
    ("reverse_3d_12", "i64", [1, 2], "index", [2, 4, 3],
     [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12]),
    ("reverse_3d_012", "i64", [0, 1, 2], "index", [2, 4, 3], list(range(23, -1, -1))),
]


@gen
def gen_reverse():
    for et in ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32"]:
        for name, at, axes, mode, ds, ev in REVERSE:
            n = int(np.prod(ds))
            x = arr(list(range(n)), et, ds)
            ax = [i for i, m in enumerate(axes) if m] if mode == "mask" else axes
            xcheck(np.flip(x, axis=tuple(ax)) if ax else x, arr(ev, et, ds), name)
            case("reverse", f"{name}_{et}", "Reverse", 1, [("mode", mode)],
                 [P("data", list(range(n)), et, ds), K("axes", axes, at, [len(axes)])], [O("y", ev, et, ds)],
                 f"Reverse-1 {name} {et}")


# ---------------------------------------------------------------------------------------- identity.cpp
SRC["identity"] = "0cb38855"


@gen
def gen_identity():
    # the test's `copy` flag is a constructor argument the IR does not carry (one case per vector)
    for et in ["f64", "f32", "f16", "bf16"]:
        for name, shp, vals in [("single_simple", [2, 2], [0.5, 1.0, 3.0, 2.0]),
                                ("many_simple", [2, 3, 3], [2, -1, 0, -1, 2, -1, 0, -1, 2, 3, 1, 2, 0, 4, 1, 2, -2, 0])]:
            case("identity", f"{name}_{et}", "Identity", 16, None, [P("x", vals, et, shp)], [O("y", vals, et, shp)],
                 f"Identity-16 {name} {et}")


# ----------------------------------------------------------------------------------------- nonzero.cpp
SRC["nonzero"] = "0c646368"


@gen
def gen_nonzero():
    vals = [0, 0, 0, 0, 1, 3]
    for name, it, ot, x, y in [("all_1s", "i32", "i32", [1] * 6, [0, 0, 1, 1, 2, 2, 0, 1, 0, 1, 0, 1]),
                               ("all_0s", "i32", "i32", [0] * 6, []),
                               ("all_1s_int64", "i32", "i64", [1] * 6, [0, 0, 1, 1, 2, 2, 0, 1, 0, 1, 0, 1]),
                               ("all_0s_int64", "i32", "i64", [0] * 6, [])] + \
            [(f"{it}_to_{ot}", it, ot, [False, False, False, False, True, True] if it == "boolean" else vals, [2, 2, 0, 1])
             for ot in ("i32", "i64")
             for it in ("boolean", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "bf16", "f16", "f32", "f64")]:
        n = len(y) // 2
        xa = arr(x, it, [3, 2])
        xcheck(np.array(np.nonzero(xa), dtype=W.NP[ot]).reshape(2, n), arr(y, ot, [2, n]), name)
        case("nonzero", name, "NonZero", 3, [("output_type", ot)], [P("x", x, it, [3, 2])],
             [O("y", y, ot, [2, n], dims=[2, -1])], f"NonZero-3 {name} ({it} -> {ot})")


# ------------------------------------------------------------------- embeddingbag_offsetssum.cpp / _packedsum.cpp
SRC["embeddingbag_offsetssum"] = "01c95f3e"
SRC["embeddingbag_packedsum"] = "2df1eee1"
EMB_F = [-0.2, -0.6, -0.1, -0.4, -1.9, -1.8, -1., 1.5, 0.8, -0.7]
EMB_I = [-1, 2, 3, 4, -5, -6, -7, 8, 9, 10]
EMB_U = list(range(1, 11))
# (et, table, expected, index type, default index or None, per-sample weights or None); indices {0,2,3,4},
# offsets {0,2,2}
EB_OFFSETS = [
    ("f32", EMB_F, [-1.05, -1.2, -0.2, -0.6, -0.1, 0.4], "i32", 0, [0.5] * 4),
    ("f64", EMB_F, [-2.1, -2.4, -0.2, -0.6, -0.2, 0.8], "i32", 0, None),
    ("i32", EMB_I, [-6, -4, 0, 0, 2, 18], "i32", None, None),
    ("u32", EMB_U, [6, 8, 3, 4, 16, 18], "i32", 1, None),
    ("f16", EMB_F, [-2.1, -2.4, 0, 0, -0.2, 0.8], "i64", None, None),
    ("i64", EMB_I, [-6, -4, -1, 2, 2, 18], "i64", 0, None),
    ("i8", EMB_I, [-12, -8, -1, 2, 4, 36], "i64", 0, [2] * 4),
    ("u8", EMB_U, [6, 8, 1, 2, 16, 18], "i32", 0, None),
]
# packed: indices {{0,2},{1,2},{3,4}}
EB_PACKED = [
    ("f32", EMB_F, [-1.05, -1.2, -1.0, -1.1, -0.1, 0.4], "i32", [0.5] * 6),
    ("f64", EMB_F, [-2.1, -2.4, -2.0, -2.2, -0.2, 0.8], "i32", None),
    ("i32", EMB_I, [-6, -4, -2, -2, 2, 18], "i32", None),
    ("u32", EMB_U, [6, 8, 8, 10, 16, 18], "i32", None),
    ("f16", EMB_F, [-2.1, -2.4, -2.0, -2.2, -0.2, 0.8], "i64", None),
    ("i64", EMB_I, [-6, -4, -2, -2, 2, 18], "i64", None),
    ("i8", EMB_I, [-12, -8, -4, -4, 4, 36], "i64", [2] * 6),
    ("u8", EMB_U, [6, 8, 8, 10, 16, 18], "i64", None),
]


@gen
def gen_embeddingbag_sum():
    for et, tab, ev, it, dflt, w in EB_OFFSETS:
        ins = [P("emb_table", tab, et, [5, 2]), K("indices", [0, 2, 3, 4], it, [4]), K("offsets", [0, 2, 2], it, [3])]
        if dflt is not None:
            ins.append(K("default_index", dflt, it, []))
            if w is not None:
                ins.append(K("per_sample_weights", w, et, [4]))
        tb = arr(tab, et, [5, 2]).astype(np.float64)
        ww = np.array(w if w else [1] * 4, np.float64)
        bags = [tb[0] * ww[0] + tb[2] * ww[1], tb[dflt] if dflt is not None else np.zeros(2), tb[3] * ww[2] + tb[4] * ww[3]]
        xcheck(np.array(bags).astype(W.NP[et]), arr(ev, et, [3, 2]), "embeddingbag_offsetssum")
        case("embeddingbag_offsetssum", et, "EmbeddingBagOffsetsSum", 3,  None, ins,
             [O("y", ev, et, [3, 2], compare="close", atol=tol(et)[0], rtol=tol(et)[1])],
             f"EmbeddingBagOffsetsSum-3 {et}" + (f", default index {dflt}" if dflt is not None else "")
             + (", per-sample weights" if w else ""), exact=False)
    for et, tab, ev, it, w in EB_PACKED:
        ins = [P("emb_table", tab, et, [5, 2]), K("indices", [0, 2, 1, 2, 3, 4], it, [3, 2])]
        if w is not None:
            ins.append(K("per_sample_weights", w, et, [3, 2]))
        case("embeddingbag_packedsum", et, "EmbeddingBagPackedSum", 3, None, ins,
             [O("y", ev, et, [3, 2], compare="close", atol=tol(et)[0], rtol=tol(et)[1])],
             f"EmbeddingBagPackedSum-3 {et}" + (", per-sample weights" if w else ""), exact=False)


# ------------------------------------------------------------------------- sparse_fill_empty_rows.cpp
SRC["sparse_fill_empty_rows"] = "1267f45f"
# (values, dense_shape, indices, default, expected indices, expected values, expected empty-row indicator)
SFER = [
    ([1, 2, 3], [3, 4], [0, 0, 1, 0, 2, 0], -1, [0, 0, 1, 0, 2, 0], [1, 2, 3], [0, 0, 0]),
    ([1, 2, 3], [4, 4], [0, 0, 1, 0, 3, 0], -1, [0, 0, 1, 0, 2, 0, 3, 0], [1, 2, -1, 3], [0, 0, 1, 0]),
    ([1, 2], [5, 3], [0, 0, 4, 0], -1, [0, 0, 1, 0, 2, 0, 3, 0, 4, 0], [1, -1, -1, -1, 2], [0, 1, 1, 1, 0]),
    ([], [3, 4], [], -1, [0, 0, 1, 0, 2, 0], [-1, -1, -1], [1, 1, 1]),
    ([1, 2, 3, 4], [5, 6], [0, 1, 1, 2, 3, 3, 4, 4], 99, [0, 1, 1, 2, 2, 0, 3, 3, 4, 4], [1, 2, 99, 3, 4],
     [0, 0, 1, 0, 0]),
]


@gen
def gen_sparse_fill_empty_rows():
    for et, it in [("i32", "i32"), ("i64", "i32"), ("f32", "i32"), ("i32", "i64"), ("i64", "i64"), ("f32", "i64")]:
        for k, (v, ds, idx, d, ei, ev, ee) in enumerate(SFER):
            n, m = len(v), len(ev)
            case("sparse_fill_empty_rows", f"v{k}_{et}_{it}", "SparseFillEmptyRows", 16, None,
                 [P("values", v, et, [n]), P("dense_shape", ds, it, [2]), P("indices", idx, it, [n, 2]),
                  P("default_value", d, et, [])],
                 [O("output_indices", ei, it, [m, 2], dims=[-1, 2]), O("output_values", ev, et, [m], dims=[-1]),
                  O("empty_row_indicator", ee, "boolean", [len(ee)], dims=[-1])],
                 f"SparseFillEmptyRows-16 vector {k}, values {et}, indices {it}")


if __name__ == "__main__":
    main()
