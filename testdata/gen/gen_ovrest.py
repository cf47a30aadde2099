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
import ovcases
from ovcases import INT_TYPES, In, K, O, P, arr, build_inputs, dyn_param, ospec, tol, xcheck

SOURCE = "ovrest"
SRC, COUNT, gen, finish, case, main = ovcases.openvino_source(SOURCE)


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


# --------------------------------------------------------------------------------- rnn_sequence.cpp (Y)
# The Y outputs of the FORWARD and REVERSE vectors (batch 5, seq 10, input 10, hidden 10, tanh, no clip), which
# round 11 (gen_ovconv.py, final state Ho only) left out; the inputs are gen_ovconv's transcription (RS_*).
SRC["rnn_sequence"] = "024f14f1"
RS_Y_FWD = [
    -0.470427, -0.735855, -0.329029, 0.999017, -0.97258, -0.832011, 0.845522, 0.894361, 0.958116, 0.224556,
    -0.194886, 0.7597, -0.979301, 0.857585, -0.317987, 0.646902, 0.593991, 0.999861, 0.538864, 0.927538,
    0.37339, -0.72924, -0.950366, 0.998894, -0.345412, 0.999566, -0.905088, 0.653838, 0.931462, 0.963299,
    -0.906984, 0.0686653, -0.987239, -0.536094, 0.796584, 0.99365, -0.558737, 0.999976, -0.599586, 0.998812,
    0.983484, -0.701986, 0.423666, -0.135422, 0.989586, 0.139235, 0.685596, -0.461324, -0.99599, 0.953192,
    -0.966443, 0.971833, 0.924096, -0.966079, 0.999922, 0.619564, 0.992519, -0.955464, -0.780334, 0.996958,
    0.754961, -0.856074, 0.390907, 0.0981389, 0.119931, -0.998381, 0.999874, -0.831976, -0.451887, 0.995945,
    -0.999099, -0.0742243, 0.0827845, 0.612425, 0.999317, -0.937344, 0.983523, 0.995035, 0.585578, 0.977957,
    -0.43647, 0.388421, -0.258281, 0.999908, 0.831387, 0.667824, 0.562112, 0.922843, 0.822575, -0.242546,
    0.926723, 0.993825, 0.934094, 0.43523, -0.883989, 0.998732, 0.817433, -0.981772, 0.0274753, 0.835067,
    -0.888153, 0.515512, -0.535921, 0.959418, -0.562229, -0.987868, 0.792129, 0.475789, 0.514164, -0.984779,
    0.0509315, -0.982143, -0.67308, 0.999919, -0.996151, -0.260185, 0.199735, 0.993083, 0.969637, -0.910127,
    -0.675983, 0.70171, -0.299249, 0.829332, 0.944843, 0.999636, -0.939607, 0.989802, 0.988641, 0.905483,
    -0.646793, 0.164027, -0.106558, 0.912668, 0.865034, 0.996346, -0.954819, 0.658484, -0.733437, 0.981117,
    0.370026, 0.921197, -0.488649, 0.0900238, 0.0720321, 0.992835, 0.585617, -0.46584, -0.903143, 0.99996,
    -0.356482, -0.749733, 0.932796, -0.465316, 0.97494, 0.899907, -0.67506, -0.965299, 0.454869, 0.988603,
    -0.982064, 0.828854, -0.220461, -0.86623, -0.339239, -0.96652, 0.991063, 0.991035, 0.777575, 0.999398,
    0.946364, 0.880981, -0.998482, 0.547716, 0.999092, -0.992971, 0.697291, 0.963563, -0.891479, 0.300176,
    0.364938, 0.775309, -0.820081, -0.376288, 0.999946, 0.558757, 0.997203, -0.866317, -0.999996, -0.941121,
    0.784196, -0.940529, -0.276717, 0.491236, -0.114034, -0.801807, 0.497822, -0.998929, -0.126009, -0.999082,
    0.681976, -0.725531, 0.510584, 0.12361, 0.125229, 0.977814, -0.998011, -0.965556, -0.631127, 0.871774,
    -0.995246, 0.831005, 0.603614, -0.976149, 0.723436, 0.005006, -0.813208, 0.378399, 0.675123, 0.999891,
    -0.91046, 0.734962, 0.983588, 0.29022, 0.353188, -0.987676, 0.607138, 0.0411221, -0.694228, 0.70539,
    0.932037, 0.733177, -0.964759, 0.257687, 0.195126, -0.995997, 0.998685, 0.826683, -0.990081, 0.991014,
    -0.950626, -0.146971, -0.715613, 0.841348, 0.998419, -0.887543, 0.961327, 0.600526, -0.994247, -0.619601,
    0.84072, -0.738013, -0.698475, 0.999502, 0.881153, -0.793456, 0.739883, 0.0180047, 0.4453, -0.485067,
    0.313446, 0.99986, 0.801312, -0.827691, 0.933498, 0.999094, 0.803509, -0.98389, -0.00203269, 0.846717,
    -0.988731, -0.155845, 0.813561, -0.821903, 0.876179, -0.974753, 0.978543, -0.888744, 0.618244, 0.827802,
    -0.891081, 0.997132, -0.574761, -0.133318, 0.51666, -0.998325, 0.998647, 0.557186, 0.745226, 0.750499,
    -0.151921, 0.471127, -0.0807336, 0.991118, 0.998363, -0.834192, 0.995547, 0.970334, -0.285624, 0.876872,
    -0.89536, 0.233029, -0.512256, 0.0501049, 0.914272, -0.446383, -0.0660111, 0.987471, -0.293181, 0.0090407,
    0.993962, 0.725552, 0.861327, 0.802724, 0.996225, -0.357275, 0.692737, -0.765375, -0.923606, 0.94725,
    -0.976212, 0.112285, 0.116271, 0.625773, -0.107807, -0.991827, 0.616004, -0.187246, -0.546877, 0.598621,
    0.984211, 0.834327, -0.949712, 0.697382, 0.314412, 0.264601, -0.0311285, -0.167991, -0.815124, 0.938068,
    -0.997105, -0.0607237, 0.323916, -0.751497, 0.967815, 0.488129, 0.992229, 0.909782, -0.994726, 0.944747,
    0.0310377, -0.997291, -0.57774, 0.999577, 0.952662, -0.993977, 0.966995, 0.653885, 0.81589, -0.00180226,
    0.919955, 0.999967, -0.388806, -0.69297, 0.998599, 0.989852, 0.977406, 0.454365, -0.613587, 0.96152,
    0.668411, -0.834641, 0.808747, -0.218147, 0.994641, 0.649985, 0.983425, -0.999456, -0.993521, -0.237065,
    -0.90937, 0.803391, -0.959971, -0.966409, 0.914242, -0.890865, 0.974014, -0.926672, -0.0687355, -0.127353,
    0.662279, -0.589603, 0.901327, 0.980076, -0.823804, -0.997316, 0.998387, -0.547919, 0.932731, -0.869742,
    -0.873948, 0.587376, -0.0521998, 0.796093, 0.814562, -0.270571, 0.85441, 0.943845, 0.98825, 0.685685,
    -0.451584, 0.0440054, -0.999464, 0.999774, 0.460959, 0.681076, -0.324321, 0.967583, 0.654874, -0.168221,
    0.667043, 0.960345, -0.97207, -0.595059, -0.106839, 0.993147, 0.943661, 0.942445, -0.939552, 0.971532,
    -0.300632, -0.791734, 0.396844, -0.757931, 0.995531, 0.657585, 0.997931, -0.830918, -0.989057, 0.804422,
    0.851206, 0.947814, -0.89455, -0.972667, 0.973761, -0.978947, 0.71407, -0.969456, -0.0211013, 0.75895,
    -0.824819, 0.994166, 0.996015, -0.911606, 0.992728, -0.180097, 0.999886, -0.970702, -0.859906, 0.384982,
    0.399817, -0.871178, 0.992977, 0.360447, -0.310061, -0.999914, 0.999989, -0.551683, -0.639379, 0.840487,
    -0.977291, 0.950401, -0.958736, -0.796325, 0.997133, -0.937949, 0.994022, 0.99259, -0.233032, 0.999401,
    0.996386, 0.496829, 0.983234, 0.972622, 0.999547, 0.0118207, 0.977296, -0.989754, -0.984194, -0.799701,
    -0.97941, 0.979603, 0.934784, -0.947689, -0.950645, -0.962226, 0.998866, -0.990042, -0.547825, 0.689601]
RS_Y_REV = [
    0.526906, -0.997383, -0.695943, 0.999682, -0.980027, -0.898274, 0.995111, 0.0799119, 0.363935, -0.0884402,
    -0.990447, 0.842608, 0.657827, -0.362801, 0.295894, 0.222178, 0.972885, 0.957886, -0.376478, 0.504993,
    0.965053, -0.229597, -0.946319, 0.999672, 0.998961, -0.195694, 0.586567, -0.58356, 0.631116, 0.416555,
    -0.725706, 0.0420496, -0.999482, -0.508284, 0.998452, -0.989286, 0.958206, 0.99888, -0.480881, 0.982364,
    0.346879, -0.687323, -0.160273, -0.0172902, -0.303112, -0.950921, 0.991803, -0.710375, -0.933744, 0.991481,
    -0.659493, 0.754693, 0.754852, 0.236133, 0.989564, 0.999994, 0.684852, -0.369004, -0.847966, 0.979346,
    0.834702, 0.835757, -0.997023, 0.951418, -0.477717, 0.981288, 0.927471, 0.999848, 0.734415, 0.999904,
    -0.991467, -0.766918, 0.62936, 0.964863, -0.857313, -0.0870588, 0.835937, 0.999409, 0.999204, 0.997886,
    -0.999555, -0.592204, 0.971622, 0.798724, -0.568013, 0.283743, 0.828658, -0.549155, 0.834866, -0.133557,
    0.920764, 0.999356, 0.694179, -0.30478, 0.427957, 0.281501, 0.429332, -0.936185, 0.347986, 0.950708,
    -0.888573, 0.608715, -0.999921, 0.828499, -0.150879, -0.301067, -0.976568, 0.999748, 0.284666, 0.983777,
    -0.940115, -0.985955, 0.544464, 0.998682, -0.969063, -0.18267, 0.237068, 0.997719, -0.0337554, 0.905842,
    -0.878285, 0.309217, -0.0181193, 0.525607, 0.973771, 0.999497, -0.995735, 0.998789, 0.789885, 0.999584,
    -0.736026, -0.435883, -0.953494, 0.903303, -0.417712, 0.997552, -0.981539, 0.869809, 0.98394, 0.991402,
    -0.988794, 0.999331, -0.158609, 0.780733, -0.969231, 0.909109, 0.999747, -0.381524, 0.972722, 0.994431,
    0.630485, 0.472457, 0.995772, 0.91051, 0.911919, -0.941698, 0.954069, -0.988044, 0.992782, -0.139916,
    -0.566348, 0.763459, -0.0718403, -0.72653, 0.979029, -0.995935, 0.999778, -0.738847, 0.210184, -0.737883,
    0.988825, -0.816843, 0.0513971, -0.839016, 0.988178, -0.992621, 0.848743, -0.998577, -0.929295, -0.919254,
    -0.43992, 0.93494, -0.647745, -0.780525, 0.918286, 0.992679, 0.912136, 0.383811, -0.994623, -0.820734,
    0.775965, 0.433662, -0.926421, 0.989989, -0.476612, -0.854611, 0.473324, 0.263526, 0.410454, -0.995444,
    -0.979617, 0.971752, -0.698165, -0.513943, 0.855178, -0.725843, -0.954888, 0.940128, 0.956929, 0.996744,
    -0.539351, 0.163227, 0.960576, -0.520992, -0.779952, -0.939853, -0.248751, -0.933185, 0.96781, 0.998035,
    -0.748558, -0.422557, 0.652144, 0.289789, 0.942327, 0.989907, -0.541705, -0.967179, -0.992064, -0.679435,
    0.987373, 0.88219, -0.990581, 0.966343, 0.149118, 0.900446, 0.967235, 0.996815, -0.959944, 0.950417,
    -0.998807, 0.981472, -0.715279, 0.854894, -0.575615, -0.996191, 0.938588, 0.99962, 0.997776, 0.996625,
    -0.993116, -0.974635, 0.797837, 0.757842, 0.414458, -0.995602, 0.997473, -0.928389, 0.585003, 0.685336,
    0.35296, 0.999335, 0.815556, -0.978755, 0.977322, 0.862941, 0.844783, -0.999172, -0.737575, 0.868368,
    0.850968, -0.355691, -0.477411, 0.670716, 0.999938, -0.985769, 0.753579, -0.861071, -0.947635, -0.441339,
    -0.636707, 0.958056, -0.917965, -0.888682, 0.887396, -0.469046, 0.878908, 0.343275, -0.953879, 0.983756,
    -0.265801, -0.874482, 0.732147, 0.142205, 0.488677, 0.601925, 0.0526216, 0.707467, -0.793197, 0.99486,
    -0.851224, -0.910939, 0.657066, 0.603613, 0.504114, -0.988843, 0.968051, 0.487372, -0.996597, -0.349508,
    0.351675, 0.738722, 0.784989, -0.98241, 0.901682, 0.0865038, -0.847449, 0.575283, 0.329635, 0.999976,
    -0.637486, -0.843608, 0.551505, -0.177101, -0.372926, 0.935283, -0.990545, -0.149183, -0.491596, 0.541562,
    0.996025, 0.472454, -0.845026, 0.991427, -0.334852, 0.999497, -0.0331139, 0.0179286, -0.837703, 0.512776,
    -0.984419, 0.979792, -0.974191, 0.925265, -0.135773, 0.0270891, 0.996536, 0.999985, 0.979748, 0.998403,
    -0.993161, -0.996728, 0.638566, 0.991593, -0.560185, -0.999493, 0.993987, 0.271173, 0.98406, 0.322271,
    -0.334357, 0.997101, 0.943976, -0.999868, 0.880896, 0.709814, 0.982917, -0.995932, -0.474997, 0.995407,
    0.96453, -0.753175, 0.651881, 0.526273, 0.902097, 0.992134, 0.507577, -0.999034, -0.996382, -0.673348,
    0.819122, 0.779549, -0.999686, 0.974422, 0.880611, 0.6546, 0.6598, 0.96634, -0.920738, -0.418959, -0.954179,
    0.87176, -0.330375, 0.223247, -0.100151, -0.310826, 0.93752, 0.996072, 0.883849, 0.902299, 0.105549,
    0.799733, 0.118137, 0.89021, -0.160378, -0.831619, -0.0241198, 0.723485, 0.984892, 0.21006, -0.707005,
    -0.612093, -0.996712, 0.953598, 0.999635, -0.958756, 0.196832, -0.816948, -0.822502, -0.969466, 0.440709,
    0.915352, -0.987622, -0.756492, 0.811622, -0.999958, 0.999982, -0.47131, -0.907012, 0.897248, -0.954296,
    0.86897, 0.92591, -0.945222, 0.996168, -0.983258, 0.999693, -0.883999, -0.800457, 0.18094, 0.985958,
    0.362557, -0.882676, -0.598648, 0.887364, -0.970348, 0.756076, -0.993787, -0.968946, -0.118565, -0.636271,
    0.998778, -0.0656388, -0.527903, 0.990153, 0.781603, 0.999725, -0.246065, -0.97279, 0.986471, 0.984443,
    -0.70469, 0.701, 0.981588, 0.982162, -0.994913, 0.99988, 0.698499, -0.996202, 0.541067, -0.990485, 0.844747,
    -0.222405, -0.209739, 0.91219, -0.989144, 0.999699, 0.724279, -0.885552, 0.988889, 0.58029, 0.759885,
    0.99201, 0.818603, 0.873055, -0.884289, 0.99798, -0.965469, -0.480964, 0.475605, -0.781967, 0.99447,
    0.863794, -0.861781, 0.891732, -0.547791, 0.97225, -0.00379388, 0.342407, 0.92741]


def _seq_case(stem, name, optype, attrs, ins, y_shape, y, ho, extra_outs, desc):
    """A sequence op with all its outputs as Results (Y first), inputs X/H(/C)/lengths as Parameters and
    W/R/B as Parameters, as the test's CreateFunction."""
    g = W.Graph(f"{stem}_{name}")
    refs, inputs = build_inputs(g, ins)
    outs = [O("Y", y, ins[0].et, y_shape, compare="close", atol=1e-5, rtol=1e-5)] + \
        [O(n, v, ins[0].et, shp, compare="close", atol=1e-5, rtol=1e-5) for n, v, shp in [ho] + extra_outs]
    orefs = g.op("op", optype, "opset5", attrs, refs, ospec(outs))
    for o, r in zip(outs, orefs):
        g.result(r, o.name)
    finish(stem, name, g, inputs, outs, desc, f"{optype}-5", exact=False)


@gen
def gen_rnn_sequence_y():
    import gen_ovconv as C
    x = np.array(C.RS_X, np.float64).reshape(5, 10, 10)
    h0 = np.array(C.RS_H, np.float64).reshape(5, 1, 10)
    w = np.array(C.RS_W, np.float64).reshape(1, 10, 10)
    r = np.array(C.RS_R, np.float64).reshape(1, 10, 10)
    b = np.array(C.RS_B, np.float64).reshape(1, 10)
    for direction, yv, ho in (("forward", RS_Y_FWD, C.RS_HO_FWD), ("reverse", RS_Y_REV, C.RS_HO_REV)):
        # numpy recurrence: transcription cross-check of the Y table (printed to 6 digits)
        h, ys = h0[:, 0], [None] * 10
        for t in (range(10) if direction == "forward" else reversed(range(10))):
            h = np.tanh(x[:, t] @ w[0].T + h @ r[0].T + b[0])
            ys[t] = h
        assert np.allclose(np.stack(ys, 1).ravel(), yv, atol=1e-5), f"rnn_sequence {direction} Y transcription"
        for et in ("f32", "f64"):
            ins = [P("X", x.ravel(), et, [5, 10, 10]), P("H_t", h0.ravel(), et, [5, 1, 10]),
                   P("sequence_lengths", [10] * 5, "i64", [5]), P("W", w.ravel(), et, [1, 10, 10]),
                   P("R", r.ravel(), et, [1, 10, 10]), P("B", b.ravel(), et, [1, 10])]
            attrs = [("direction", direction), ("hidden_size", 10), ("activations", "tanh"),
                     ("activations_alpha", ""), ("activations_beta", ""), ("clip", 0.0)]
            _seq_case("rnn_sequence", f"{direction}_Y_{et}", "RNNSequence", attrs, ins, [5, 1, 10, 10], yv,
                      ("Ho", ho, [5, 1, 10]), [],
                      f"RNNSequence-5 {direction}, batch 5, seq 10, input 10, hidden 10, tanh: Y and Ho ({et})")


# ------------------------------------------------------------------- tensor_iterator.cpp GRU Y -> GRUSequence
# tensor_iterator.cpp's TensorIteratorStaticParams(TIStaticInputs, 5, 10, 10, 10, 0.7f, FORWARD, GRU) expects the
# per-step hidden states Y [5, 10, 10]; its data are gru_sequence.cpp's GRUSequenceParams(5, 10, 10, 10, 0.7f, false,
# FORWARD) (gen_ovconv's gs_prefix tensors, R = W), so the table is also that GRUSequence's Y [5, 1, 10, 10] (same
# flat order).  The numpy GRU recurrence cross-checks the transcription.
SRC["tensor_iterator"] = "7def98bb"
GS_Y_FWD = [
    0.868724, 6.86548, 6.47683, 1.63923, 6.87664, 2.28849, 3.25364, 3.2015, 4.89637, 6.49477, 0.781008, 4.78797,
    4.52828, 1.29585, 4.79543, 1.72968, 2.37458, 2.33974, 3.47223, 4.54026, 0.722396, 3.3998, 3.22628, 1.06641,
    3.40478, 1.35629, 1.7872, 1.76392, 2.52064, 3.23428, 0.683233, 2.47224, 2.3563, 0.913096, 2.47557, 1.10679,
    1.39472, 1.37917, 1.8848, 2.36164, 0.657064, 1.85246, 1.77498, 0.810656, 1.85468, 0.94008, 1.13247, 1.12208,
    1.45993, 1.77856, 0.639579, 1.43833, 1.38656, 0.742207, 1.43981, 0.828687, 0.957241, 0.950296, 1.17605,
    1.38895, 0.627896, 1.16161, 1.12702, 0.69647, 1.1626, 0.754255, 0.840153, 0.835513, 0.986357, 1.12861,
    0.620089, 0.976709, 0.953597, 0.66591, 0.977373, 0.704521, 0.761917, 0.758816, 0.859608, 0.954663, 0.614872,
    0.853162, 0.837718, 0.645489, 0.853605, 0.671289, 0.70964, 0.707568, 0.774916, 0.838431, 0.611387, 0.770609,
    0.76029, 0.631845, 0.770905, 0.649083, 0.674709, 0.673325, 0.718326, 0.760766, 5.95818, 2.75265, 4.02319,
    3.53551, 2.24933, 4.08252, 6.36501, 3.61821, 3.45881, 6.51635, 4.18172, 2.03983, 2.88879, 2.56292, 1.70351,
    2.92843, 4.45356, 2.61818, 2.51167, 4.55468, 2.99471, 1.56352, 2.13079, 1.91305, 1.3388, 2.15728, 3.17635,
    1.94997, 1.87881, 3.24392, 2.20156, 1.24526, 1.6243, 1.47881, 1.09511, 1.642, 2.32293, 1.50349, 1.45593,
    2.36808, 1.67159, 1.03261, 1.28588, 1.18866, 0.932274, 1.2977, 1.75269, 1.20515, 1.17337, 1.78286, 1.31748,
    0.890512, 1.05974, 0.994786, 0.823471, 1.06765, 1.37166, 1.0058, 0.984569, 1.39182, 1.08086, 0.795566,
    0.908644, 0.86524, 0.75077, 0.913924, 1.11707, 0.872601, 0.858414, 1.13054, 0.922752, 0.732124, 0.807681,
    0.778679, 0.702192, 0.81121, 0.946946, 0.783598, 0.774118, 0.955946, 0.817109, 0.689733, 0.740219, 0.720841,
    0.669733, 0.742577, 0.833275, 0.724127, 0.717793, 0.839288, 0.746518, 0.661408, 0.695142, 0.682194,
    0.648044, 0.696717, 0.75732, 0.684389, 0.680157, 0.761339, 5.54972, 5.17435, 5.69626, 1.4268, 3.98473,
    6.07069, 5.85496, 5.8577, 2.51076, 1.22499, 3.90879, 3.65797, 4.00671, 1.15391, 2.86309, 4.2569, 4.11275,
    4.11458, 1.8782, 1.01906, 2.81234, 2.64475, 2.87777, 0.971563, 2.11362, 3.04494, 2.94862, 2.94985, 1.45553,
    0.881462, 2.07971, 1.96773, 2.12343, 0.849723, 1.61283, 2.23513, 2.17077, 2.17159, 1.1731, 0.789519,
    1.59017, 1.51535, 1.61938, 0.768311, 1.27821, 1.69402, 1.65102, 1.65157, 0.984388, 0.728083, 1.26307,
    1.21307, 1.28259, 0.713913, 1.05462, 1.33246, 1.30373, 1.30409, 0.858293, 0.687033, 1.0445, 1.0111, 1.05755,
    0.677564, 0.905221, 1.09087, 1.07167, 1.07192, 0.774037, 0.659604, 0.898462, 0.876139, 0.907177, 0.653277,
    0.805394, 0.929444, 0.916614, 0.916777, 0.717739, 0.641276, 0.800878, 0.785962, 0.806701, 0.637048,
    0.738691, 0.821579, 0.813007, 0.813116, 0.680121, 0.629029, 0.735673, 0.725707, 0.739564, 0.626204,
    0.694121, 0.749506, 0.743778, 0.743851, 0.654985, 0.620846, 4.90107, 4.43524, 4.90784, 3.34509, 2.05673,
    2.61047, 1.72339, 5.57933, 3.34961, 1.07422, 3.47537, 3.16411, 3.4799, 2.43568, 1.57482, 1.94482, 1.35209,
    3.92858, 2.4387, 0.918317, 2.52274, 2.31475, 2.52576, 1.82803, 1.25281, 1.50004, 1.10398, 2.82557, 1.83005,
    0.814145, 1.8862, 1.74723, 1.88822, 1.422, 1.03765, 1.20285, 0.938205, 2.08854, 1.42335, 0.744538, 1.46087,
    1.36801, 1.46222, 1.1507, 0.893882, 1.00426, 0.827433, 1.59608, 1.1516, 0.698028, 1.17667, 1.11463, 1.17758,
    0.969422, 0.797818, 0.871573, 0.753417, 1.26702, 0.970024, 0.66695, 0.986775, 0.945316, 0.987378, 0.848292,
    0.733629, 0.782911, 0.703961, 1.04714, 0.848694, 0.646185, 0.859888, 0.832185, 0.86029, 0.767355, 0.690738,
    0.723668, 0.670915, 0.900223, 0.767624, 0.632309, 0.775103, 0.756592, 0.775372, 0.713274, 0.662079,
    0.684083, 0.648834, 0.802055, 0.713453, 0.623038, 0.718451, 0.706082, 0.718631, 0.677138, 0.64293, 0.657632,
    0.634079, 0.73646, 0.677257, 0.616843, 4.62145, 4.84158, 2.66378, 3.55164, 2.20451, 1.30991, 3.69058,
    1.44707, 6.30131, 6.88241, 3.28853, 3.43562, 1.98044, 2.5737, 1.67356, 1.0758, 2.66654, 1.16745, 4.411,
    4.79928, 2.39789, 2.49618, 1.52384, 1.92025, 1.31879, 0.919376, 1.98228, 0.980615, 3.14791, 3.40736,
    1.80278, 1.86845, 1.21875, 1.48362, 1.08174, 0.814853, 1.52507, 0.855772, 2.30393, 2.47729, 1.40513,
    1.44901, 1.01489, 1.19188, 0.92334, 0.745011, 1.21957, 0.772353, 1.74, 1.85583, 1.13943, 1.16875, 0.878674,
    0.996934, 0.817501, 0.698344, 1.01544, 0.716613, 1.36318, 1.44058, 0.961889, 0.981481, 0.787656, 0.866675,
    0.746781, 0.667161, 0.879041, 0.679369, 1.1114, 1.16312, 0.843259, 0.85635, 0.726839, 0.779639, 0.699526,
    0.646326, 0.787901, 0.654483, 0.943158, 0.977716, 0.763992, 0.772739, 0.686201, 0.721482, 0.667952,
    0.632404, 0.727003, 0.637854, 0.830743, 0.853834, 0.711027, 0.716871, 0.659048, 0.682622, 0.646854,
    0.623101, 0.686311, 0.626743, 0.755629, 0.771058]


@gen
def gen_gru_sequence_y():
    import gen_ovconv as C
    x = np.array(C.gs_prefix(500), np.float64).reshape(5, 10, 10)
    h0 = np.array(C.gs_prefix(50), np.float64).reshape(5, 1, 10)
    w = np.array(C.gs_prefix(300), np.float64).reshape(1, 30, 10)
    b = np.array(C.gs_prefix(30), np.float64).reshape(1, 30)
    h, ys = h0[:, 0], []
    for t in range(10):
        h = C.np_gru_cell(x[:, t], h, w[0], w[0], b[0], clip=0.7)
        ys.append(h)
    assert np.allclose(np.stack(ys, 1).ravel(), GS_Y_FWD, atol=1e-5), "GRU Y transcription"
    for et in ("f32", "f64"):
        ins = [P("X", x.ravel(), et, [5, 10, 10]), P("H_t", h0.ravel(), et, [5, 1, 10]),
               P("sequence_lengths", [10] * 5, "i64", [5]), P("W", w.ravel(), et, [1, 30, 10]),
               P("R", w.ravel(), et, [1, 30, 10]), P("B", b.ravel(), et, [1, 30])]
        attrs = [("direction", "forward"), ("hidden_size", 10), ("activations", "sigmoid,tanh"),
                 ("activations_alpha", ""), ("activations_beta", ""), ("clip", 0.7), ("linear_before_reset", False)]
        _seq_case("tensor_iterator", f"gru_forward_Y_as_GRUSequence_{et}", "GRUSequence", attrs, ins, [5, 1, 10, 10],
                  GS_Y_FWD, ("Ho", C.GS_HO_FWD, [5, 1, 10]), [],
                  f"GRUSequence-5 forward, clip 0.7 (R = W), batch 5, seq 10: Y from tensor_iterator.cpp's static GRU "
                  f"vector (same data as gru_sequence.cpp's forward vector) and Ho ({et})")


# ------------------------------------------------------------------ tensor_iterator.cpp LSTM Y -> LSTMSequence
# The static LSTM FORWARD vector of tensor_iterator.cpp (clip 0.7, gs_prefix data as lstm_sequence.cpp's
# LSTMSequenceParams(5, 10, 10, 10, 0.7f, FORWARD), whose Ho/Co it repeats): its Y [5, 10, 10] is the
# LSTMSequence's Y [5, 1, 10, 10].  The numpy LSTM recurrence cross-checks the transcription.
LS_Y_FWD = [
    0.528016, 0.668187, 0.668186, 0.635471, 0.668187, 0.659096, 0.666861, 0.666715, 0.668138, 0.668186, 0.53964,
    0.668141, 0.668109, 0.619255, 0.668141, 0.647193, 0.662341, 0.661921, 0.667534, 0.66811, 0.54692, 0.667558,
    0.667297, 0.604361, 0.667564, 0.631676, 0.652518, 0.651781, 0.664541, 0.667311, 0.551576, 0.664629,
    0.663703, 0.592106, 0.664652, 0.615579, 0.638092, 0.637163, 0.656733, 0.663751, 0.554596, 0.656917,
    0.655047, 0.582718, 0.656967, 0.601233, 0.621878, 0.620939, 0.643723, 0.65514, 0.556574, 0.643984, 0.641397,
    0.575854, 0.644055, 0.589658, 0.606642, 0.605821, 0.627796, 0.641522, 0.557878, 0.628081, 0.625301,
    0.570987, 0.628158, 0.580903, 0.593915, 0.593262, 0.611954, 0.625433, 0.558742, 0.612216, 0.609684,
    0.567605, 0.612287, 0.574556, 0.584071, 0.583581, 0.598219, 0.609803, 0.559316, 0.598435, 0.596364,
    0.565285, 0.598493, 0.57008, 0.576828, 0.576475, 0.587333, 0.596461, 0.559698, 0.587499, 0.58592, 0.563707,
    0.587544, 0.56698, 0.571671, 0.571423, 0.579197, 0.585993, 0.668182, 0.66458, 0.667903, 0.667432, 0.658361,
    0.667935, 0.668185, 0.667547, 0.667307, 0.668186, 0.66803, 0.656815, 0.666091, 0.664171, 0.646084, 0.666251,
    0.668096, 0.66459, 0.663738, 0.668113, 0.666772, 0.643839, 0.66026, 0.655973, 0.630413, 0.660667, 0.667203,
    0.656835, 0.655116, 0.667328, 0.662084, 0.627922, 0.649014, 0.642661, 0.614386, 0.649671, 0.663395,
    0.643868, 0.64149, 0.663807, 0.652065, 0.61207, 0.633798, 0.626647, 0.600233, 0.634582, 0.654454, 0.627954,
    0.625399, 0.65525, 0.637519, 0.598314, 0.617618, 0.610903, 0.588883, 0.618381, 0.640604, 0.612099, 0.609772,
    0.641672, 0.621298, 0.587406, 0.602959, 0.597357, 0.580333, 0.603611, 0.624467, 0.598338, 0.596436,
    0.625592, 0.606134, 0.57925, 0.591004, 0.586675, 0.57415, 0.591515, 0.608935, 0.587425, 0.585974, 0.609946,
    0.593511, 0.573381, 0.581898, 0.578717, 0.569797, 0.582278, 0.595758, 0.579264, 0.578207, 0.596577,
    0.583768, 0.569262, 0.575267, 0.573003, 0.566785, 0.575539, 0.58546, 0.57339, 0.572642, 0.586082, 0.668174,
    0.668159, 0.668178, 0.618792, 0.66788, 0.668183, 0.66818, 0.66818, 0.662345, 0.595566, 0.667915, 0.667737,
    0.667963, 0.603963, 0.665981, 0.668052, 0.668006, 0.668007, 0.652525, 0.585315, 0.66615, 0.665341, 0.6664,
    0.591792, 0.659985, 0.666907, 0.666636, 0.66664, 0.638101, 0.577728, 0.660409, 0.658471, 0.661057, 0.582484,
    0.648575, 0.662479, 0.661698, 0.661709, 0.621887, 0.572305, 0.649254, 0.646247, 0.650314, 0.575687,
    0.633281, 0.652764, 0.651396, 0.651414, 0.60665, 0.568515, 0.634083, 0.630598, 0.635357, 0.57087, 0.617117,
    0.638404, 0.636684, 0.636707, 0.593922, 0.565907, 0.617895, 0.614559, 0.619142, 0.567524, 0.602533,
    0.622196, 0.62046, 0.620482, 0.584076, 0.564129, 0.603195, 0.600379, 0.604265, 0.56523, 0.59067, 0.606921,
    0.605404, 0.605423, 0.576832, 0.562925, 0.591189, 0.588995, 0.592029, 0.56367, 0.581651, 0.594139, 0.59293,
    0.592946, 0.571674, 0.562114, 0.582036, 0.580415, 0.582661, 0.562616, 0.57509, 0.584239, 0.583333, 0.583345,
    0.568079, 0.561569, 0.668139, 0.668063, 0.668139, 0.667082, 0.653793, 0.663397, 0.640434, 0.668175,
    0.667092, 0.571849, 0.667538, 0.666978, 0.667544, 0.663011, 0.639734, 0.654459, 0.624289, 0.667925,
    0.663042, 0.5682, 0.664556, 0.66269, 0.664578, 0.653734, 0.623561, 0.640611, 0.608777, 0.666203, 0.653791,
    0.565691, 0.656765, 0.653146, 0.65681, 0.639656, 0.608128, 0.624474, 0.59563, 0.660545, 0.639731, 0.563983,
    0.643768, 0.638894, 0.643833, 0.62348, 0.595107, 0.608942, 0.585363, 0.649473, 0.623558, 0.562827, 0.627845,
    0.622696, 0.627915, 0.608056, 0.584968, 0.595763, 0.577763, 0.634345, 0.608125, 0.562048, 0.611999,
    0.607362, 0.612063, 0.595049, 0.577477, 0.585464, 0.572329, 0.61815, 0.595104, 0.561524, 0.598256, 0.594491,
    0.598309, 0.584924, 0.572127, 0.577836, 0.568532, 0.603413, 0.584966, 0.561173, 0.587362, 0.584504,
    0.587403, 0.577445, 0.568392, 0.572381, 0.565918, 0.591359, 0.577475, 0.560938, 0.579218, 0.577141,
    0.579248, 0.572105, 0.565823, 0.568568, 0.564137, 0.582163, 0.572127, 0.560781, 0.668102, 0.668132, 0.66388,
    0.667456, 0.657447, 0.606385, 0.667634, 0.620685, 0.668185, 0.668187, 0.667244, 0.667485, 0.655394,
    0.664256, 0.644744, 0.59371, 0.664921, 0.6056, 0.668088, 0.668142, 0.663529, 0.664358, 0.641868, 0.656146,
    0.628916, 0.583917, 0.65754, 0.593086, 0.667146, 0.667567, 0.654712, 0.656356, 0.625799, 0.642901, 0.612988,
    0.576717, 0.644878, 0.583449, 0.66321, 0.664664, 0.640947, 0.643193, 0.610134, 0.626905, 0.599072, 0.571593,
    0.629065, 0.57638, 0.654104, 0.656992, 0.624826, 0.62722, 0.59673, 0.611138, 0.587988, 0.568023, 0.613126,
    0.571356, 0.640142, 0.644091, 0.609258, 0.611426, 0.586197, 0.59755, 0.579676, 0.56557, 0.599186, 0.567859,
    0.623984, 0.628198, 0.596018, 0.597785, 0.578369, 0.586822, 0.573683, 0.563901, 0.588076, 0.565458,
    0.608505, 0.612324, 0.585658, 0.587002, 0.572757, 0.578824, 0.569471, 0.562771, 0.57974, 0.563825, 0.59541,
    0.598524, 0.577977, 0.578955, 0.568828, 0.573079, 0.566562, 0.562011, 0.573728, 0.56272, 0.585197, 0.587567]


@gen
def gen_lstm_sequence_y():
    import gen_ovconv as C
    x = np.array(C.gs_prefix(500), np.float64).reshape(5, 10, 10)
    h0 = np.array(C.gs_prefix(50), np.float64).reshape(5, 1, 10)
    w = np.array(C.gs_prefix(400), np.float64).reshape(1, 40, 10)
    b = np.array(C.gs_prefix(40), np.float64).reshape(1, 40)
    h, cc, ys = h0[:, 0], h0[:, 0], []
    for t in range(10):
        h, cc = C.np_lstm_cell(x[:, t], h, cc, w[0], w[0], b[0], clip=0.7)
        ys.append(h)
    assert np.allclose(np.stack(ys, 1).ravel(), LS_Y_FWD, atol=1e-5), "LSTM Y transcription"
    for et in ("f32", "f64"):
        ins = [P("X", x.ravel(), et, [5, 10, 10]), P("H_t", h0.ravel(), et, [5, 1, 10]),
               P("C_t", h0.ravel(), et, [5, 1, 10]), P("sequence_lengths", [10] * 5, "i64", [5]),
               P("W", w.ravel(), et, [1, 40, 10]), P("R", w.ravel(), et, [1, 40, 10]), P("B", b.ravel(), et, [1, 40])]
        attrs = [("direction", "forward"), ("hidden_size", 10), ("activations", "sigmoid,tanh,tanh"),
                 ("activations_alpha", ""), ("activations_beta", ""), ("clip", 0.7)]
        _seq_case("tensor_iterator", f"lstm_forward_Y_as_LSTMSequence_{et}", "LSTMSequence", attrs, ins,
                  [5, 1, 10, 10], LS_Y_FWD, ("Ho", C.LS_HO, [5, 1, 10]), [("Co", C.LS_CO, [5, 1, 10])],
                  f"LSTMSequence-5 forward, clip 0.7 (R = W, H_t = C_t), batch 5, seq 10: Y from tensor_iterator.cpp's "
                  f"static LSTM vector (same data as lstm_sequence.cpp's forward vector), Ho and Co ({et})")


# ------------------------------------------------------------------ concat.cpp: in-place tree 2 / 3, add_concat
@gen
def gen_concat_trees():
    for et in ["i32", "i64", "u32", "u64", "bf16", "f16", "f32"]:
        oet = et

        def tree2(g, r):
            a = _bin(g, "add1", "Add", r[0], r[1], oet, [1, 2, 2])
            b = _bin(g, "add2", "Add", r[0], r[1], oet, [1, 2, 2])
            c1 = _cat(g, "concat1", [a, b], 1, oet, [1, 4, 2])
            c2 = _cat(g, "concat2", [a, b], 1, oet, [1, 4, 2])
            c = _cat(g, "concat12", [c1, c2], 1, oet, [1, 8, 2])
            return _bin(g, "op", "Add", c, c, oet, [1, 8, 2], None if et == "bf16" else "y")

        def tree3(g, r):
            cs = [_cat(g, f"concat{k}", [r[0], r[1]], 1, oet, [1, 4, 2]) for k in range(1, 5)]
            c12 = _cat(g, "concat12", cs[:2], 1, oet, [1, 8, 2])
            c34 = _cat(g, "concat34", cs[2:], 1, oet, [1, 8, 2])
            c = _cat(g, "concat14", [c12, c34], 1, oet, [1, 16, 2])
            return _bin(g, "op", "Add", c, c, oet, [1, 16, 2], None if et == "bf16" else "y")

        def add_concat(g, r):
            a1 = _bin(g, "add1", "Add", r[0], r[1], oet, [2, 2])
            a2 = _bin(g, "add2", "Add", a1, a1, oet, [2, 2])
            c = _cat(g, "concat", [a1, a2], 0, oet, [4, 2])
            return _bin(g, "op", "Add", c, c, oet, [4, 2], None if et == "bf16" else "y")

        for nm, shp, body, osh, ov in [("concat_in_place_tree_2", [1, 2, 2], tree2, [1, 8, 2], [4] * 16),
                                       ("concat_in_place_tree_3", [1, 2, 2], tree3, [1, 16, 2], [2] * 32),
                                       ("concat_in_place_add_concat", [2, 2], add_concat, [4, 2], [4] * 4 + [8] * 4)]:
            ins = [P("A", [1] * 4, et, shp), P("B", [1] * 4, et, shp)]
            g, inputs = _concat_graph(nm, ins, 1, O("y", ov, et, osh), body)
            finish("concat", f"{nm}_{et}", g, inputs, [O("y", ov, "f32" if et == "bf16" else et, osh)],
                   f"Concat-1 {nm} (Concat trees and Adds) {et}", "Concat-1")


# ---------------------------------------------------- concat.cpp: concat_5d, zero-length inputs (1d last/middle, 4d)
# concat_5d's inputs are i+1, 1000+i+1 and 2000+i+1 over {2,3,4,3,2}, {2,3,3,3,2}, {2,3,2,3,2} (the test's lambdas);
# its 324-value expected table is the concatenation on axis 2; the head transcribed here is checked against it.
CONCAT5D_HEAD = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
                 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017,
                 1018, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012, 25, 26]
CONCAT5D_TAIL = [1105, 1106, 1107, 1108, 2061, 2062, 2063, 2064, 2065, 2066, 2067, 2068, 2069, 2070, 2071, 2072]


@gen
def gen_concat_5d_zero():
    for et in ["bf16", "f16", "f32"]:
        a = np.arange(1, 145, dtype=np.float64).reshape(2, 3, 4, 3, 2)
        b = 1000 + np.arange(1, 109, dtype=np.float64).reshape(2, 3, 3, 3, 2)
        c = 2000 + np.arange(1, 73, dtype=np.float64).reshape(2, 3, 2, 3, 2)
        y = np.concatenate([a, b, c], 2).ravel()
        assert list(y[:len(CONCAT5D_HEAD)]) == CONCAT5D_HEAD and list(y[-16:]) == CONCAT5D_TAIL
        case("concat", f"concat_5d_{et}", "Concat", 1, [("axis", 2)],
             [P("A", a.ravel(), et, [2, 3, 4, 3, 2]), P("B", b.ravel(), et, [2, 3, 3, 3, 2]),
              P("C", c.ravel(), et, [2, 3, 2, 3, 2])], [O("y", y, et, [2, 3, 9, 3, 2])],
             f"Concat-1 concat_5d on axis 2 {et} (f16/bf16 hold 2001..2072 to their precision, as the test's tensors)")
    for et in ["i32", "i64", "u32", "u64", "bf16", "f16", "f32"]:
        case("concat", f"concat_zero_length_1d_last_{et}", "Concat", 1, [("axis", 0)],
             [P("A", [1, 2, 3, 4], et, [4]), P("B", [], et, [0])], [O("y", [1, 2, 3, 4], et, [4])],
             f"Concat-1 of [4] and an empty [0] {et}")
        case("concat", f"concat_zero_length_1d_middle_{et}", "Concat", 1, [("axis", 0)],
             [P("A", [1, 2, 3, 4], et, [4]), P("B", [], et, [0]), P("C", [5, 6, 7, 8], et, [4])],
             [O("y", list(range(1, 9)), et, [8])], f"Concat-1 of [4], an empty [0] and [4] {et}")
        case("concat", f"concat_zero_length_4d_middle_{et}", "Concat", 1, [("axis", 2)],
             [P("A", [1, 2, 3, 4], et, [2, 2, 1, 1]), P("B", [], et, [2, 2, 0, 1]), P("C", [5, 6, 7, 8], et, [2, 2, 1, 1])],
             [O("y", [1, 5, 2, 6, 3, 7, 4, 8], et, [2, 2, 2, 1])], f"Concat-1 on axis 2 with an empty [2,2,0,1] middle input {et}")


# ------------------------------------------------------------------------ rnn_sequence.cpp BIDIRECTIONAL (Y)
# RNNSequenceParams(5, 10, 10, 5, 0.f, BIDIRECTIONAL): Y [5, 2, 5, 10] (direction on axis 1); inputs gen_ovconv's RS_BI_*.
RS_Y_BI = [
    -0.966396, -0.986771, 0.926876, -0.722396, 0.675557, 0.602292, -0.498172, 0.790898, -0.999677, 0.832672,
    0.999863, -0.731074, -0.551715, 0.999514, 0.758388, -0.721206, -0.411589, 0.998558, 0.111818, 0.0592748,
    -0.992179, -0.985487, -0.963537, -0.995447, 0.954873, 0.865383, 0.871542, 0.391732, -0.149309, -0.997971,
    0.813067, 0.939383, 0.294972, 0.783985, -0.144818, 0.992986, -0.951086, 0.953676, -0.221013, 0.958121,
    0.959354, -0.881273, -0.970651, 0.995653, -0.821644, -0.835365, -0.950953, 0.213407, -0.00109488, -0.896989,
    -0.965055, -0.78096, -0.170206, -0.481907, -0.538034, 0.641884, -0.884119, 0.982638, 0.406508, 0.988232,
    0.831903, 0.757781, 0.76693, -0.424041, 0.991776, -0.955123, -0.181495, 0.405243, 0.597223, 0.9837,
    -0.996655, 0.966301, 0.972842, 0.695827, 0.91464, 0.839867, -0.491131, -0.691128, -0.621549, 0.960544,
    0.890169, 0.963342, -0.504563, 0.827856, 0.99986, -0.683868, -0.0510934, -0.378609, 0.960018, 0.997703,
    -0.862139, 0.323698, 0.639983, -0.511134, 0.319546, 0.264711, -0.877705, -0.831202, -0.380162, 0.747056,
    -0.823153, -0.585965, -0.996211, 0.980581, 0.791137, 0.95481, -0.657369, 0.344983, -0.616705, 0.618986,
    0.989789, -0.945455, -0.991626, 0.756961, -0.335582, 0.995072, -0.718516, 0.969593, -0.997331, 0.835764,
    -0.876628, -0.997024, -0.999998, -0.0175216, 0.999809, 0.923745, 0.267774, 0.972511, 0.550053, -0.846703,
    -0.989225, -0.0441148, -0.684613, -0.937905, 0.999519, 0.987282, 0.987515, 0.581755, -0.316902, 0.982837,
    0.970184, 0.645835, 0.437802, 0.999792, -0.395441, 0.998468, -0.983758, -0.861604, -0.102437, -0.726916,
    -0.878295, 0.961768, 0.948726, 0.223961, -0.142666, 0.986927, -0.997041, 0.591299, -0.992189, 0.781923,
    -0.991835, 0.994752, -0.945418, -0.196264, 0.977303, 0.988259, -0.601266, -0.271539, 0.17424, 0.953503,
    0.53872, 0.96462, -0.99991, 0.522511, 0.806427, -0.914626, 0.333313, 0.675464, 0.475059, 0.941286,
    -0.238261, -0.971927, -0.828532, 0.995514, -0.860047, -0.253, -0.998519, 0.975192, -0.575898, 0.160909,
    -0.867538, 0.990647, 0.957296, -0.981018, -0.895147, -0.719873, -0.98971, 0.997134, 0.620214, 0.997141,
    -0.609738, 0.475016, 0.403754, 0.606247, -0.309416, 0.886356, -0.510721, -0.75893, 0.176028, 0.097955,
    0.348629, -0.866701, -0.835186, 0.564923, 0.062626, -0.871556, -0.958889, 0.98606, -0.973364, 0.965377,
    -0.998828, -0.999759, -0.999971, -0.626266, 0.997697, 0.311617, 0.955397, 0.84038, 0.534363, -0.979817,
    -0.994872, 0.90103, -0.789867, -0.946177, 0.954561, 0.998517, 0.797661, 0.0702938, 0.91554, 0.776407,
    0.995062, 0.930073, 0.972781, 0.998503, -0.994274, 0.999141, -0.99872, -0.0965485, -0.985132, -0.7469,
    0.81997, 0.78163, 0.667184, -0.991648, 0.876578, -0.99955, -0.697148, 0.550283, -0.274609, 0.963469,
    -0.695669, -0.803776, 0.198897, 0.824321, 0.617847, -0.993569, 0.211401, -0.99829, -0.93661, 0.871181,
    -0.831197, 0.794105, 0.774464, 0.994574, 0.809722, -0.998086, 0.111103, -0.998328, 0.570258, -0.785505,
    -0.753277, -0.303051, 0.678275, 0.985752, 0.37114, -0.264355, -0.985409, -0.780116, 0.224394, -0.993415,
    -0.979806, 0.999698, 0.763876, -0.295216, 0.407618, -0.912578, -0.0110002, 0.737138, 0.474711, 0.988256,
    -0.998907, -0.0574032, -0.904585, -0.395231, 0.425855, -0.839491, 0.865367, 0.862032, 0.0869983, -0.997064,
    0.0553182, 0.530786, 0.99843, 0.484269, -0.698659, 0.996345, -0.992878, -0.816039, -0.895165, -0.125273,
    0.619797, -0.311227, -0.999652, 0.996676, -0.972845, -0.906996, -0.982145, 0.461568, 0.979399, 0.778045,
    -0.97935, -0.986793, -0.990768, -0.465094, -0.263282, -0.607552, 0.971551, -0.896471, 0.320939, -0.93909,
    -0.994494, -0.237455, -0.100728, -0.975005, -0.0117797, 0.995582, -0.986234, -0.899297, 0.439427, 0.911726,
    0.203506, 0.993091, 0.951738, 0.999095, 0.841566, -0.99347, 0.350599, -0.999231, -0.433626, -0.406675,
    -0.96008, 0.335784, 0.741311, 0.77931, -0.902052, 0.426213, 0.978833, -0.720206, 0.842681, 0.793444,
    0.961349, 0.095775, 0.990917, 0.162366, 0.988417, -0.997433, 0.971865, 0.347841, 0.999839, -0.671945,
    -0.989461, 0.60871, 0.876491, -0.919018, -0.954406, 0.834608, -0.410929, -0.529981, -0.925456, -0.914565,
    0.943016, 0.886728, 0.71595, 0.984002, 0.975321, -0.999722, 0.963597, -0.667433, 0.533139, 0.971698,
    -0.977911, -0.189758, -0.998167, 0.570572, 0.819584, 0.819533, -0.15264, 0.924569, 0.874921, -0.774673,
    0.829862, 0.826993, 0.0484993, -0.745097, 0.170151, 0.999774, -0.934382, -0.591278, -0.185407, -0.771122,
    -0.762141, -0.048014, -0.946054, 0.955278, 0.99961, -0.731922, 0.138094, -0.0371518, 0.817227, 0.449736,
    -0.571427, -0.905313, 0.923767, -0.388737, -0.972294, 0.647981, -0.360347, -0.944748, -0.993917, 0.537831,
    0.994776, -0.484682, -0.990703, 0.999149, 0.779736, 0.0102033, -0.709741, 0.998436, -0.511018, 0.152785,
    -0.937848, -0.687825, 0.905885, 0.312886, -0.950348, 0.917466, -0.957475, 0.399452, 0.226108, -0.996484,
    0.38622, 0.99715, -0.317704, -0.497559, -0.118911, -0.961001, 0.965842, 0.999756, 0.999437, 0.996626,
    0.982077, -0.793749, 0.977901, 0.469991, -0.972339, 0.344807, -0.994449, 0.999891, -0.566665, 0.985128,
    -0.950463, 0.389667, -0.171013, -0.494231, -0.288177, 0.989171, -0.806886, 0.967839, 0.956819, 0.853921,
    0.78097, 0.925808, 0.681741, -0.934712, 0.642082, -0.933539, 0.481516, 0.997935, 0.805567, 0.999646]


@gen
def gen_rnn_sequence_bi_y():
    import gen_ovconv as C
    x = np.array(C.RS_X[:249] + [1], np.float64).reshape(5, 5, 10)
    h0 = np.array(C.RS_BI_H, np.float64).reshape(5, 2, 10)
    w = np.array(C.RS_BI_W, np.float64).reshape(2, 10, 10)
    r = np.array(C.RS_BI_R, np.float64).reshape(2, 10, 10)
    b = np.array(C.RS_BI_B, np.float64).reshape(2, 10)
    y = np.zeros((5, 2, 5, 10))
    for d in range(2):
        h = h0[:, d]
        for t in (range(5) if d == 0 else reversed(range(5))):
            h = np.tanh(x[:, t] @ w[d].T + h @ r[d].T + b[d])
            y[:, d, t] = h
    assert np.allclose(y.ravel(), RS_Y_BI, atol=1e-5), "bidirectional RNN Y transcription"
    for et in ("f32", "f64"):
        ins = [P("X", x.ravel(), et, [5, 5, 10]), P("H_t", h0.ravel(), et, [5, 2, 10]),
               P("sequence_lengths", [5] * 5, "i64", [5]), P("W", w.ravel(), et, [2, 10, 10]),
               P("R", r.ravel(), et, [2, 10, 10]), P("B", b.ravel(), et, [2, 10])]
        attrs = [("direction", "bidirectional"), ("hidden_size", 10), ("activations", "tanh"),
                 ("activations_alpha", ""), ("activations_beta", ""), ("clip", 0.0)]
        _seq_case("rnn_sequence", f"bidirectional_Y_{et}", "RNNSequence", attrs, ins, [5, 2, 5, 10], RS_Y_BI,
                  ("Ho", C.RS_BI_HO, [5, 2, 10]), [],
                  f"RNNSequence-5 bidirectional, batch 5, seq 5, input 10, hidden 10, tanh: Y [5,2,5,10] and Ho ({et})")


if __name__ == "__main__":
    main()
