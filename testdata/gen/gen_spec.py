"""Spec / reference-test worked examples, transcribed by hand (no oracle library needed; numpy only).

Sources (openvinotoolkit/openvino unless noted; read at the commits listed in SOURCES):
  MaxPool-1 examples 1-5, MaxPool-8 examples 1-7, pooling_shape_rules examples 1-8 (MaxPool-14),
  template-plugin reference vectors for AvgPool-1/-14, MaxPool-8, AdaptiveAvgPool-8, AdaptiveMaxPool-8,
  and ONNX MaxPool doc examples that the installed ONNX backend test data lacks (onnx/onnx).
"""
import numpy as np

import cases as C
import irwriter as W

SPECDIR = "docs/articles_en/documentation/openvino-ir-format/operation-sets/operation-specs/pooling/"
SOURCES = {
    "mp1": SPECDIR + "max-pool-1.rst@74959490",
    "mp8": SPECDIR + "max-pool-8.rst@16f3e848",
    "rules": SPECDIR + "pooling_shape_rules.rst@61125a89",
    "avgt": "src/plugins/template/tests/functional/op_reference/avg_pool.cpp@a27963dc",
    "mpt": "src/plugins/template/tests/functional/op_reference/max_pool.cpp@1927b9c8",
    "aavgt": "src/plugins/template/tests/functional/op_reference/adaptive_avg_pool.cpp@63fbdd05",
    "amaxt": "src/plugins/template/tests/functional/op_reference/adaptive_max_pool.cpp@042888ed",
    "onnx": "onnx/onnx:onnx/backend/test/case/node/maxpool.py",
}
TYPO = ("Spec typo corrected: the spec prints -6 (index 5) at row 1, column 3, but that window holds only "
        "input elements 3 (index 2) and -6 (index 5), so the max is 3 at index 2 (openvino-semantics.md §2.4).")

A = lambda v, dt=np.float32: np.array(v, dtype=dt)
E3 = [[-1, 2, 3], [4, 5, -6], [-7, 8, 9]]
R9 = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]

# MaxPool examples shared by max-pool-1.rst / max-pool-8.rst / pooling_shape_rules.rst:
# key: (input, kernel, strides, pads_begin, pads_end, rounding, auto_pad, dilations, axis, y, idx, note)
EX = {
    "explicit": (A([[E3]]), [2, 2], [1, 1], [1, 1], [1, 1], "floor", "explicit", None, 0,
                 A([[[[-1, 2, 3, 3], [4, 5, 5, 3], [4, 8, 9, 9], [-7, 8, 9, 9]]]]),
                 [[[[0, 1, 2, 2], [3, 4, 4, 2], [3, 7, 8, 8], [6, 7, 8, 8]]]], TYPO),
    "valid_1d": (A([[[-1, 2, 3, 5, -7, 9, 1]]]), [3], [1], [0], [0], "floor", "valid", None, 0,
                 A([[[3, 5, 5, 9, 9]]]), [[[2, 3, 3, 5, 5]]], ""),
    "same_lower": (A([[E3]]), [2, 2], [1, 1], [0, 0], [0, 0], "floor", "same_lower", None, 0,
                   A([[[[-1, 2, 3], [4, 5, 5], [4, 8, 9]]]]), [[[[0, 1, 2], [3, 4, 4], [3, 7, 8]]]], ""),
    "same_upper": (A([[E3, [[2, -1, 5], [6, -7, 1], [8, 2, -3]]]]), [2, 2], [1, 1], [0, 0], [0, 0], "floor",
                   "same_upper", None, 0,
                   A([[[[5, 5, 3], [8, 9, 9], [8, 9, 9]], [[6, 5, 5], [8, 2, 1], [8, 2, -3]]]]),
                   [[[[4, 4, 2], [7, 8, 8], [7, 8, 8]], [[12, 11, 11], [15, 16, 14], [15, 16, 17]]]], ""),
    "valid_ceil": (A([[E3]]), [2, 2], [2, 2], [0, 0], [0, 0], "ceil", "valid", None, 0,
                   A([[[[5, 3], [8, 9]]]]), [[[[4, 2], [7, 8]]]], ""),
    "dilations": (A([[R9]]), [2, 2], [1, 1], [1, 1], [1, 1], "floor", "explicit", [2, 2], 0,
                  A([[[[5, 6, 5], [8, 9, 8], [5, 6, 5]]]]), [[[[4, 5, 4], [7, 8, 7], [4, 5, 4]]]], ""),
    "axis2": (A([[R9, [[10, 11, 12], [13, 14, 15], [16, 17, 18]]]]), [2, 2], [1, 1], [0, 0], [0, 0], "floor",
              "explicit", [1, 1], 2, A([[[[5, 6], [8, 9]], [[14, 15], [17, 18]]]]),
              [[[[4, 5], [7, 8]], [[4, 5], [7, 8]]]], ""),
    "ceil_torch": (A([[R9]]), [2, 2], [2, 2], [1, 1], [1, 1], "ceil_torch", "explicit", None, 0,
                   A([[[[1, 3], [7, 9]]]]), [[[[0, 2], [6, 8]]]], ""),
}


def maxpool_example(name, version, key, src, exno, with_idx=True):
    x, k, s, pb, pe, rnd, ap, dil, axis, y, idx, note = EX[key]
    idx = np.array(idx, dtype=np.int64)
    g, _ = C.maxpool_graph(name, "f32", list(x.shape), version, k, s, pb, pe, rnd, ap, dil, axis,
                           check_shapes=[y.shape])
    outs = [{"name": "y", "array": y, "compare": "exact"}]
    if version != 1 and with_idx:
        outs.append({"name": "indices", "array": idx, "compare": "exact"})
    desc = (f"MaxPool-{version} {SOURCES[src].split('/')[-1].split('@')[0]} Example {exno}: kernel={k} strides={s} "
            f"pads={pb}/{pe} dilations={dil if dil else ('n/a' if version == 1 else [1] * len(k))} rounding={rnd} auto_pad={ap} axis={axis}")
    extra = {"note": note} if note else None
    return C.finish("spec", name, g, {"x": x}, outs, SOURCES[src] + f" Example {exno}", desc, f"MaxPool-{version}",
                    extra=extra)


def gen_maxpool_examples():
    n = 0
    for i, key in enumerate(["explicit", "valid_1d", "same_lower", "same_upper", "valid_ceil"], 1):
        maxpool_example(f"maxpool1_ex{i}_{key}", 1, key, "mp1", i); n += 1
    for i, key in enumerate(["explicit", "valid_1d", "same_lower", "same_upper", "valid_ceil", "dilations",
                             "axis2"], 1):
        maxpool_example(f"maxpool8_ex{i}_{key}", 8, key, "mp8", i); n += 1
    for i, key in enumerate(["explicit", "valid_1d", "same_lower", "same_upper", "ceil_torch", "valid_ceil",
                             "dilations", "axis2"], 1):
        maxpool_example(f"maxpool14_rules_ex{i}_{key}", 14, key, "rules", i); n += 1
    return n


# ---- AvgPool template-plugin vectors: (in_shape, input, out_shape, expected, strides, pb, pe, kernel,
#      exclude_pad, rounding, auto_pad)
R = lambda n: list(range(1, n + 1))
AVG_V1 = [
    ([1, 1, 5], R(5), [1, 1, 5], [1.5, 2.5, 3.5, 4.5, 5], [1], [0], [1], [2], True, "floor", "explicit"),
    ([1, 1, 8], R(8), [1, 1, 4], [2, 4, 6, 7.5], [2], [0], [0], [3], False, "ceil", "explicit"),
    ([1, 1, 3, 3], R(9), [1, 1, 2, 2], [3, 4, 6, 7], [1, 1], [0, 0], [0, 0], [2, 2], True, "floor", "explicit"),
    ([1, 1, 4, 4], R(16), [1, 1, 2, 2], [6, 7, 10, 11], [1, 1], [0, 0], [0, 0], [3, 3], True, "ceil", "explicit"),
    ([1, 1, 2, 2], R(4), [1, 1, 3, 3], [1, 1.5, 2, 2, 2.5, 3, 3, 3.5, 4], [1, 1], [1, 1], [1, 1], [2, 2], True,
     "ceil", "explicit"),
    ([1, 1, 1, 5], R(5), [1, 1, 1, 3], [1.5, 3, 4.5], [1, 2], [1, 1], [1, 1], [3, 3], True, "ceil", "explicit"),
    ([1, 1, 1, 5], [2.5, 2, 12, 4, 5], [1, 1, 1, 3], [0.5, 2, 1], [1, 2], [1, 1], [1, 1], [3, 3], False, "ceil",
     "explicit"),
    ([1, 1, 3, 3], R(9), [1, 1, 3, 3], [3, 4, 2.25, 6, 7, 3.75, 3.75, 4.25, 2.25], [1, 1], [0, 0], [0, 0], [2, 2],
     False, "ceil", "same_upper"),
    ([1, 1, 3, 3], R(9), [1, 1, 3, 3], [0.25, 0.75, 1.25, 1.25, 3, 4, 2.75, 6, 7], [1, 1], [0, 0], [0, 0], [2, 2],
     False, "ceil", "same_lower"),
    ([1, 1, 2, 2, 2], R(8), [1, 1, 2, 2, 1], [1.5, 3.5, 5.5, 7.5], [1, 1, 1], [0, 0, 0], [0, 0, 0], [1, 1, 2],
     True, "ceil", "valid"),
    ([1, 1, 3, 3], R(9), [1, 1, 3, 3], [1, 2.5, 0, 5.5, 7, 0, 0, 0, 0], [2, 2], [1, 1], [1, 1], [2, 2], True,
     "ceil", "explicit"),
]
AVG_V14_EXTRA = [
    ([1, 1, 2, 2, 2], R(8), [1, 1, 2, 2, 1], [1.5, 3.5, 5.5, 7.5], [1, 1, 1], [0, 0, 0], [0, 0, 0], [1, 1, 2],
     True, "ceil_torch", "valid"),
    ([1, 1, 3, 3], R(9), [1, 1, 2, 2], [1, 2.5, 5.5, 7], [2, 2], [1, 1], [1, 1], [2, 2], True, "ceil_torch",
     "explicit"),
]
AVG_F16 = [1, 6, 7, 8, 10]  # indices of AVG_V1 also emitted as f16 (the template test runs f32/f16/bf16)


def avg_case(name, version, vec, et, vno):
    ishape, xin, oshape, yexp, s, pb, pe, k, excl, rnd, ap = vec
    dt = W.NP[et]
    x = np.array(xin, dtype=dt).reshape(ishape)
    y = np.array(yexp, dtype=dt).reshape(oshape)
    g, _ = C.avgpool_graph(name, et, ishape, version, k, s, pb, pe, excl, rnd, ap, check_shapes=[oshape])
    desc = (f"AvgPool-{version} template reference vector #{vno} ({et}): kernel={k} strides={s} pads={pb}/{pe} "
            f"exclude-pad={excl} rounding={rnd} auto_pad={ap}")
    group = "generateParamsForAvgPoolV1" if version == 1 else "generateParamsForAvgPoolV14"
    return C.finish("spec", name, g, {"x": x}, [{"name": "y", "array": y, "compare": "close"}],
                    SOURCES["avgt"] + f" {group} vector #{vno}", desc, f"AvgPool-{version}")


def gen_avg():
    n = 0
    for i, v in enumerate(AVG_V1, 1):
        avg_case(f"avgpool1_tmpl{i:02d}", 1, v, "f32", i); n += 1
    for i in AVG_F16:
        avg_case(f"avgpool1_tmpl{i:02d}_f16", 1, AVG_V1[i - 1], "f16", i); n += 1
    for j, v in enumerate(AVG_V14_EXTRA, 12):
        avg_case(f"avgpool14_tmpl{j:02d}_ceil_torch", 14, v, "f32", j); n += 1
    return n


# ---- MaxPool-8 template vectors: (shape, type, input, values, idx_type, indices, strides, dilations,
#      pads_begin, pads_end, kernel, pad_type, axis); rounding is FLOOR in that test.
X44 = [8, -9, 1, -16, -14, 15, -17, 19, -13, 3, 10, 17, 16, -11, -15, 20]
X55 = [0, -2, 24, 13, 7, -5, -4, 4, 21, -18, 81, 20, -15, 37, 23, 41, 18, 42, 8, 32, 9, 57, 58, 29, 3]
X333 = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 20, 30, 40, -20, 60, 70, 80, 50, 50, 1, 2, 3, -15, -10, 50, 30, 81]
MP8 = [
    ([1, 1, 9], "i32", R(9), [2, 3, 4, 5, 6, 7, 8, 9], "i64", [1, 2, 3, 4, 5, 6, 7, 8], [1], [1], [], [], [2], "explicit", 0),
    ([1, 1, 9], "i32", R(9), [2, 4, 6, 8], "i64", [1, 3, 5, 7], [2], [1], [], [], [2], "explicit", 0),
    ([1, 1, 9], "i32", R(9), [1, 3, 5, 7, 9], "i64", [0, 2, 4, 6, 8], [2], [1], [], [], [2], "same_lower", 0),
    ([1, 1, 9], "i32", R(9), [2, 4, 6, 8, 9], "i64", [1, 3, 5, 7, 8], [2], [1], [], [], [2], "same_upper", 0),
    ([1, 1, 9], "i32", R(9), [3, 5, 7, 9], "i32", [2, 4, 6, 8], [2], [2], [], [], [2], "explicit", 0),
    ([1, 2, 4], "f32", [1.0, 2.0, 3.0, 4.0, 0.0, -3.14, -2.71, 5.0], [3.0, 4.0, 0.0, 5.0], "i32", [2, 3, 4, 7],
     [1], [1], [], [], [3], "explicit", 0),
    ([1, 2, 4], "f32", [1.0, 2.0, 3.0, 4.0, 0.0, -3.14, -2.71, 5.0], [3.0, 4.0, 0.0, 5.0], "i32", [2, 3, 0, 3],
     [1], [1], [], [], [3], "explicit", 2),
    ([1, 1, 9], "i32", [1, 9, 3, 8, 5, 2, 6, 4, 7], [1, 9, 6, 7], "i32", [0, 1, 6, 8], [3], [1], [2], [2], [3],
     "explicit", 0),
    ([1, 1, 3, 3], "i32", [3, 9, 10, 5, 7, 2, 18, 8, -2], [9, 10, 18, 8], "i32", [1, 2, 6, 7], [1, 1], [1, 1], [],
     [], [2, 2], "explicit", 0),
    ([1, 1, 4, 4], "i32", X44, [15, 15, 19, 15, 15, 19, 16, 10, 20], "i32", [5, 5, 7, 5, 5, 7, 12, 10, 15],
     [1, 1], [1, 1], [], [], [2, 2], "explicit", 0),
    ([1, 1, 4, 4], "i32", X44, [15, 19, 16, 20], "i32", [5, 7, 12, 15], [2, 2], [1, 1], [], [], [2, 2], "explicit", 0),
    ([1, 1, 4, 4], "i32", X44, [10, 17, 16, 20], "i32", [10, 11, 12, 15], [1, 1], [2, 2], [], [], [2, 2],
     "explicit", 0),
    ([1, 1, 4, 4], "i32", X44, [15, 19, 16, 20], "i32", [5, 7, 12, 15], [1, 1], [1, 1], [], [], [3, 3], "explicit", 0),
    ([1, 1, 5, 5], "i32", X55, [0, 21, 81, 37], "i32", [0, 8, 10, 13], [2, 3], [1, 1], [], [], [2, 2], "explicit", 0),
    ([1, 1, 5, 5], "i32", X55, [0, 24, 57, 58], "i32", [0, 2, 21, 22], [3, 2], [1, 1], [], [], [2, 2], "explicit", 0),
    ([1, 1, 5, 5], "i32", X55, [81, 24, 81, 58], "i32", [10, 2, 10, 22], [2, 2], [2, 2], [], [], [2, 2],
     "explicit", 0),
    ([1, 1, 5, 5], "i32", X55, [0, 24, 21, 81, 42, 37, 57, 58, 32], "i32", [0, 2, 8, 10, 17, 13, 21, 22, 19],
     [2, 2], [1, 1], [1, 1], [1, 1], [3, 3], "explicit", 0),
    ([1, 1, 5, 5], "i32", X55, [81, 37, 81, 58, 58, 58], "i32", [10, 13, 10, 22, 22, 22], [2, 2], [1, 1], [],
     [2, 1], [3, 3], "explicit", 0),
    ([1, 2, 3, 3], "i64", [0, -2, 24, 13, 7, -5, -4, 4, 21, -18, 81, 20, -15, 37, 23, 41, 18, 42],
     [13, 24, 13, 21, 81, 81, 41, 42], "i64", [3, 2, 3, 8, 1, 1, 6, 8], [1, 1], [1, 1], [], [], [2, 2],
     "explicit", 2),
    ([1, 1, 2, 2], "i32", [1, 2, 3, 4], [1, 2, 3, 4], "i32", [0, 1, 2, 3], [1, 1], [1, 1], [], [], [1, 1],
     "explicit", 0),
    ([1, 1, 3, 3, 3], "i32", X333, [40, 60, 80, 80, 50, 60, 80, 81], "i32", [12, 14, 16, 16, 18, 14, 16, 26],
     [1, 1, 1], [1, 1, 1], [], [], [2, 2, 2], "explicit", 0),
    ([1, 1, 3, 3, 3], "i32", X333, [-20] * 8, "i32", [13] * 8, [2, 2, 2], [2, 2, 2], [1, 1, 1], [1, 1, 1],
     [2, 2, 2], "explicit", 0),
    ([1, 1, 3, 3, 3], "i32", X333, [8, 80, 81], "i32", [8, 16, 26], [1, 1, 1], [1, 1, 1], [], [], [1, 3, 3],
     "explicit", 0),
    ([1, 1, 3, 3, 3], "i32", X333, [4, 5, 7, 8, 40, 60, 80, 80, 50, 2, 50, 81], "i32",
     [4, 5, 7, 8, 3, 5, 7, 7, 0, 2, 6, 8], [1, 1, 1], [1, 1, 1], [], [], [1, 2, 2], "explicit", 3),
]


def gen_mp8_tmpl():
    n = 0
    for i, (shape, et, xin, yv, it, iv, s, dil, pb, pe, k, ap, axis) in enumerate(MP8, 1):
        nsp = len(shape) - 2
        pb = pb or [0] * nsp
        pe = pe or [0] * nsp
        x = np.array(xin, dtype=W.NP[et]).reshape(shape)
        g, osh = C.maxpool_graph(f"maxpool8_tmpl{i:02d}", et, shape, 8, k, s, pb, pe, "floor", ap, dil, axis,
                                 index_type=it)
        y = np.array(yv, dtype=W.NP[et]).reshape(osh)
        idx = np.array(iv, dtype=W.NP[it]).reshape(osh)
        desc = (f"MaxPool-8 template reference vector #{i} ({et}, indices {it}): kernel={k} strides={s} "
                f"dilations={dil} pads={pb}/{pe} auto_pad={ap} axis={axis} rounding=floor")
        C.finish("spec", f"maxpool8_tmpl{i:02d}", g, {"x": x},
                 [{"name": "y", "array": y, "compare": "exact"}, {"name": "indices", "array": idx, "compare": "exact"}],
                 SOURCES["mpt"] + f" smoke_MaxPool_With_Hardcoded_Refs vector #{i}", desc, "MaxPool-8")
        n += 1
    return n


# ---- Adaptive template vectors
AAVG = [
    ([2, 3, 7], [0, 4, 1, 3, -2, -5, -2, -2, 1, -3, 1, -3, -4, 0, -2, 1, -1, -2, 3, -1, -3,
                 -1, -2, 3, 4, -3, -4, 1, 2, 0, -4, -5, -2, -2, -3, 2, 3, 1, -5, 2, -4, -2],
     [1.66666663, 0.66666669, -3., -1.33333337, -1.66666663, -2.33333325, -0.66666669, 0., -0.33333334,
      0., 1.33333337, -2., -0.66666669, -3.66666675, -2.33333325, 2., -0.66666669, -1.33333337], [3]),
    ([1, 3, 7, 10],
     [-2, -3, -4, 3, -5, 4, 0, -4, -2, -4, -5, 0, -3, 0, -2, 0, 0, -5, -4, -1, 3, -1, 0, -1,
      0, -2, 0, 4, 1, 4, 0, -1, -4, 2, -2, -5, -1, -1, -2, 1, 2, -2, -1, 2, 0, -1, 0, -5,
      4, 4, 3, 0, -4, -4, -4, -2, 0, 1, -2, -1, 4, -2, -4, 1, -1, -3, -4, -1, 1, -4,
      -2, -4, -5, 0, -4, 3, 4, -5, -4, -2, 0, 2, -4, -3, 3, -1, 1, -4, -5, 4, 2, -5, 2, -3,
      0, 4, 3, 3, 1, 2, -1, -4, 1, -3, -3, -2, 3, 4, -2, -5, 1, 4, 4, -2, 2, 1, -5, -2,
      -5, 1, 1, -2, -3, -3, -1, -5, 1, -3, -5, -3, -4, -1, 4, -3, 4, -1, 4, 3, 1, 4,
      -2, -4, -4, 4, -3, 4, 2, -3, -2, 4, -3, 0, 1, -4, 4, 4, 0, 3, -1, 3, 3, -5, 0, 3,
      -3, 1, -2, 4, -5, -5, 1, 0, -1, 0, -3, -2, 0, -3, 3, -2, -2, 0, -3, 4, -1, 2, -2, 2,
      -3, -1, -4, -2, 0, 2, 0, 2, 0, -3, 4, 3, -5, -3, -5, 1, -5, -3, -5, 4, -3, 3],
     [-1.08333337, -0.25000000, -0.91666669, -0.08333334, -0.66666669, 0.75000000, -0.41666666, -1.33333337,
      -0.58333331,
      -1.66666663, 0.58333331, -0.16666667, -0.33333334, -0.41666666, -0.16666667, -0.33333334, -0.66666669,
      -0.75000000,
      -0.91666669, 0.83333331, -0.16666667, 0., -0.25000000, -1.16666663, -1.41666663, -0.41666666, -0.08333334],
     [3, 3]),
    ([2, 2, 3, 3, 3],
     [-5, 1, -3, -4, 4, -4, 3, -3, -1, 0, 0, -2, -4, 2, 0, -4, -5, -2, -4, -4, 0, -2,
      3, -3, 4, -1, -4, -1, -1, -5, 4, -1, -2, -3, 0, 4, -1, -5, -4, 1, 1, 4, -5, -5,
      -5, 4, -3, -3, -3, 4, 0, -3, -5, 1, 4, 2, 1, -5, -5, 1, 0, -4, -1, 2, -4, -2,
      4, 3, 1, -3, -3, -2, -4, -3, -3, 3, -1, 1, 2, 2, -4, -5, -4, 1, 3, -4, -1, 2,
      4, -5, 0, 1, -2, 0, 0, -2, 3, -2, -5, -3, -5, -2, -1, 3, -2, 4, 3, -3],
     [-0.750, -0.250, -1.375, -1.125, -1.125, -0.500, -0.875, -1.250, -0.375, -1.625, -1.,
      -0.500, -0.250, -0.750, -1.875, -0.625, 0.125, -0.375, -1.625, -1.250, 0., -1.,
      0.875, -0.375, -1.125, -1.375, 0.750, -1.875, -0.625, -1.125, 1.250, -1.], [2, 2, 2]),
]
AMAX = [
    ([2, 3, 7], AAVG[0][1], [4, 3, -2, 1, 1, 0, 1, 3, 3, 3, 4, 1, 2, -2, -2, 3, 2, 2],
     [1, 3, 4, 1, 3, 6, 1, 4, 4, 2, 3, 6, 0, 4, 4, 1, 4, 4], [3]),
    ([1, 3, 7, 10],
     [0, -2, -5, -5, 2, 3, 2, -3, 1, -2, -4, -1, -1, -1, 2, -4, 3, -5, -1, -1, 1, 2, 4, -2,
      -3, -2, 0, -5, 2, -4, -1, -4, 4, 2, 1, -2, 2, -3, 0, 1, -3, 3, -1, 4, 0, 2, 0, 3,
      4, -4, 1, 4, -1, -5, -2, 4, -3, 3, 2, 1, 0, 4, 2, -5, 2, -5, -2, -1, 4, 2,
      0, 4, -2, 0, -5, -3, 4, -4, -2, -2, 2, 1, 4, 3, 2, -5, -4, -4, 0, 1, 4, -4, -3, 3,
      3, 4, -2, -3, -4, -2, 0, 1, -1, 3, -2, 2, 0, -3, -1, -1, 0, 0, 2, 2, -2, 1, -3, 1,
      2, 4, 3, -5, -4, 1, -4, 2, 0, -2, -5, 2, -3, -2, -3, -4, 2, -2, -4, 2, -4, -3,
      1, -5, -1, -5, 2, 1, 3, 4, 3, 0, -5, 4, -3, -4, -1, 2, -4, 2, 0, -5, -3, 0, 2, -3,
      -5, 3, -2, -1, -5, -4, -5, 0, -5, -1, -3, 3, 3, -4, -3, -4, -5, 4, -1, 1, -1, -4, 1, -3,
      -4, -1, -2, -3, -5, 2, 2, -5, 1, 1, -5, -4, 0, 2, 4, 2, 0, 2, 4, 0, -5, 2],
     [4, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 2, 4, 4, 3, 4, 4, 3, 3, 4, 4, 4],
     [22, 5, 16, 22, 43, 48, 43, 43, 48, 1, 6, 6, 20, 25, 49, 50, 43, 49, 11, 6, 7, 41, 25, 36, 41, 66, 66],
     [3, 3]),
    ([2, 2, 3, 3, 3],
     [-5, 1, -3, -4, 4, -4, 3, -3, -1, 0, 0, -2, -4, 2, 0, -4, -5, -2, -4, -4, 0, -2, 3, -3, 4, -1, -4,
      -1, -1, -5, 4, -1, -2, -3, 0, 4, -1, -5, -4, 1, 1, 4, -5, -5, -5, 4, -3, -3, -3, 4, 0, -3, -5, 1,
      4, 2, 1, -5, -5, 1, 0, -4, -1, 2, -4, -2, 4, 3, 1, -3, -3, -2, -4, -3, -3, 3, -1, 1, 2, 2, -4,
      -5, -4, 1, 3, -4, -1, 2, 4, -5, 0, 1, -2, 0, 0, -2, 3, -2, -5, -3, -5, -2, -1, 3, -2, 4, 3, -3],
     [4, 4, 4, 4, 3, 3, 4, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 4, 3, 4, 3, 4, 3, 3, 1, 4, 4, 3, 3, 4, 3],
     [4, 4, 4, 4, 22, 22, 24, 22, 3, 14, 3, 8, 18, 14, 22, 14, 0, 13, 12, 13, 12, 13, 12, 13, 3, 2, 7, 7, 22, 22,
      24, 22], [2, 2, 2]),
]


def gen_adaptive():
    n = 0
    for i, (shape, xin, yv, osz) in enumerate(AAVG, 1):
        x = np.array(xin, dtype=np.float32).reshape(shape)
        g, osh = C.adaptive_graph(f"adaptiveavg_tmpl{i}", "avg", "f32", shape, osz)
        y = np.array(yv, dtype=np.float32).reshape(osh)
        C.finish("spec", f"adaptiveavgpool8_tmpl{i}", g, {"x": x}, [{"name": "y", "array": y, "compare": "close"}],
                 SOURCES["aavgt"] + f" vector #{i}",
                 f"AdaptiveAvgPool-8 template reference vector #{i}: input {shape} -> output_size {osz}",
                 "AdaptiveAvgPool-8")
        n += 1
    for i, (shape, xin, yv, iv, osz) in enumerate(AMAX, 1):
        for et in (["f32", "i32"] if i == 2 else ["f32", "i8"] if i == 1 else ["f32"]):
            x = np.array(xin, dtype=W.NP[et]).reshape(shape)
            g, osh = C.adaptive_graph(f"adaptivemax_tmpl{i}", "max", et, shape, osz)
            y = np.array(yv, dtype=W.NP[et]).reshape(osh)
            idx = np.array(iv, dtype=np.int64).reshape(osh)
            sfx = "" if et == "f32" else f"_{et}"
            C.finish("spec", f"adaptivemaxpool8_tmpl{i}{sfx}", g, {"x": x},
                     [{"name": "y", "array": y, "compare": "exact"},
                      {"name": "indices", "array": idx, "compare": "exact"}],
                     SOURCES["amaxt"] + f" vector #{i}",
                     f"AdaptiveMaxPool-8 template reference vector #{i} ({et}; the test instantiates f32/f16/bf16/"
                     f"i64/i32/i16/i8): input {shape} -> output_size {osz}; data has ties (first max wins)",
                     "AdaptiveMaxPool-8")
            n += 1
    return n


def gen_onnx_doc():
    """ONNX MaxPool doc examples with literal outputs that the installed backend test data does not contain."""
    # test_maxpool_2d_ceil_output_size_reduce_by_one: ONNX says 1x1; OV plain ceil would give 2x2 (the second
    # window would start at 2, outside the 2x2 input), so the faithful IR is MaxPool-14 ceil_torch.
    x = A([[[[1, 2], [3, 4]]]])
    y = A([[[[1]]]])
    g, _ = C.maxpool_graph("onnx_doc_ceil_reduce", "f32", [1, 1, 2, 2], 14, [1, 1], [2, 2], [0, 0], [0, 0],
                           "ceil_torch", "explicit", None, 0, want_indices=False, check_shapes=[y.shape])
    C.finish("spec", "onnx_doc_maxpool_2d_ceil_output_size_reduce_by_one", g, {"x": x},
             [{"name": "y", "array": y, "compare": "exact"}],
             SOURCES["onnx"] + " export_maxpool_2d_ceil_output_size_reduce_by_one",
             "ONNX MaxPool doc example: kernel 1x1, strides 2, ceil_mode=1 on 2x2 -> 1x1. Mapped to MaxPool-14 "
             "rounding_type=ceil_torch because OV rounding_type=ceil gives 2x2 here (last window would start "
             "outside the input).", "MaxPool-14", extra={"rounding_choice": "ceil_torch (OV ceil would give 2x2)"})
    rows = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]
    x = A([[[rows] * 4]])
    y = A([[[[[11, 12], [15, 16]], [[11, 12], [15, 16]]]]])
    g, _ = C.maxpool_graph("onnx_doc_3d_dil", "f32", [1, 1, 4, 4, 4], 8, [2, 2, 2], [1, 1, 1], [0, 0, 0],
                           [0, 0, 0], "floor", "explicit", [2, 2, 2], 0, want_indices=False, check_shapes=[y.shape])
    C.finish("spec", "onnx_doc_maxpool_3d_dilations", g, {"x": x}, [{"name": "y", "array": y, "compare": "exact"}],
             SOURCES["onnx"] + " export_maxpool_3d_dilations",
             "ONNX MaxPool doc example: 3-D kernel 2 dilations 2 stride 1 -> MaxPool-8 (indices output unused)",
             "MaxPool-8")
    return 2


def main():
    W.clear_source("spec")
    n = gen_maxpool_examples() + gen_avg() + gen_mp8_tmpl() + gen_adaptive() + gen_onnx_doc()
    print(f"spec: {n} cases")


if __name__ == "__main__":
    main()
