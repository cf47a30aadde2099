"""OpenVINO template-plugin reference vectors for data-movement / shape ops, transcribed as data.

Source: openvinotoolkit/openvino src/plugins/template/tests/functional/op_reference/<op>.cpp (commit per
file in SRC).  Every input, attribute and expected output below is a number written in that file
(or, where the test builds a tensor programmatically, the same construction in numpy, said so
beside it).  Each case is one op: Parameter/Const -> op -> Result, IR v11, as the test's
CreateFunction builds it (inputs the test makes Constant are Const layers here).

numpy is used only to cross-check the transcription (`_xcheck`): where numpy can compute the op,
the transcribed expected value must equal it, so a typing slip fails loudly; the expected values
written are always the transcribed ones.

    cd testdata/gen && /usr/bin/python3 gen_ovstruct.py
"""
import numpy as np

import irwriter as W
import ovcases
from ovcases import (FLOAT_TYPES, INT_TYPES, OPREF, In, K, O, Out, P, U, arr, bf16_round, build_inputs,  # noqa: F401
                     dyn_param, ospec, tol, xcheck)

SOURCE = "ovstruct"
# ops whose version is older than the first opset holding them (the IR names the opset)
FIRST_OPSET = {("ScatterNDUpdate", 3): "opset4", ("BatchToSpace", 1): "opset2"}
_SRCOBJ = ovcases.Source(SOURCE, first_opset=FIRST_OPSET, dyn_bf16=False)
SRC = _SRCOBJ.SRC  # file stem -> 8-hex commit of the version read
COUNT = _SRCOBJ.COUNT
gen, finish, case = _SRCOBJ.gen, _SRCOBJ.finish, _SRCOBJ.case


# ====================================================================================== cases
# ---------------------------------------------------------------------------------- gather.cpp
SRC["gather"] = "061aae26"

I4D = [0, 1, 1, 2] * 12          # the {2,2,3,4} indices tensor: "0, 1, 1, 2" repeated 12 times
D32 = [1.0, 1.1, 2.0, 2.1, 3.0, 3.1]
E4D = [1.0, 1.1, 2.0, 2.1, 2.0, 2.1, 3.0, 3.1] * 12
D33 = [1.0, 1.1, 1.2, 2.0, 2.1, 2.2, 3.0, 3.1, 3.2]
D2233 = [1.0, 1.1, 1.2, 2.0, 2.1, 2.2, 3.0, 3.1, 3.2, 11.0, 11.1, 11.2, 12.0, 12.1, 12.2, 13.0, 13.1, 13.2,
         101.0, 101.1, 101.2, 102.0, 102.1, 102.2, 103.0, 103.1, 103.2,
         111.0, 111.1, 111.2, 112.0, 112.1, 112.2, 113.0, 113.1, 113.2]
E2223 = [1.0, 1.1, 1.2, 3.0, 3.1, 3.2, 11.0, 11.1, 11.2, 13.0, 13.1, 13.2,
         101.0, 101.1, 101.2, 103.0, 103.1, 103.2, 111.0, 111.1, 111.2, 113.0, 113.1, 113.2]
# (name, data shape, data, indices shape, indices, axis, batch_dims, expected shape, expected)
GATHER_INT = [
    ("gather_4d_indices_axis_0", [3, 2], [10, 11, 20, 21, 30, 31], [2, 2, 3, 4], I4D, 0, 0, [2, 2, 3, 4, 2],
     [10, 11, 20, 21, 20, 21, 30, 31] * 12),
    ("gather_axis_0", [3, 2], [10, 11, 20, 21, 30, 31], [2, 2], [0, 1, 1, 2], 0, 0, [2, 2, 2],
     [10, 11, 20, 21, 20, 21, 30, 31]),
]
GATHER_FLOAT = [
    ("gather_4d_indices_axis_0_2d_input", [3, 2], D32, [2, 2, 3, 4], I4D, 0, 0, [2, 2, 3, 4, 2], E4D),
    ("gather_3d_indices_axis_0_2d_input", [3, 2], D32, [2, 3, 4], I4D[:24], 0, 0, [2, 3, 4, 2], E4D[:48]),
    ("gather_2d_indices_axis_0_2d_input", [3, 2], D32, [2, 2], [0, 1, 1, 2], 0, 0, [2, 2, 2], E4D[:8]),
    ("gather_2d_negative_and_positive_indices_axis_0_2d_input", [3, 2], D32, [2, 2], [0, -2, 1, 2], 0, 0,
     [2, 2, 2], E4D[:8]),
    ("gather_1d_indices_axis_0_1d_input", [3], [1.0, 2.0, 3.0], [2], [1, 0], 0, 0, [2], [2.0, 1.0]),
    ("gather_scalar_indices_axis_0_2d_input", [3, 2], D32, [], [1], 0, 0, [2], [2.0, 2.1]),
    ("gather_2d_indices_axis_1_2d_input", [3, 3], D33, [1, 2], [0, 2], 1, 0, [3, 1, 2],
     [1.0, 1.2, 2.0, 2.2, 3.0, 3.2]),
    ("gather_1d_indices_axis_2_4d_input", [2, 2, 3, 3], D2233, [2], [0, 2], 2, 0, [2, 2, 2, 3], E2223),
    ("gather_scalar_indices_axis_1_2d_input", [3, 3], D33, [], [0], 1, 0, [3], [1.0, 2.0, 3.0]),
]
D2154 = list(range(1, 41))
GATHER_V7_INT = [
    ("gather_v7_1d", [3], [1, 2, 3], [2], [2, 0], 0, 0, [2], [3, 1]),
    ("gather_v7_axis_0", [3, 2], [10, 11, 20, 21, 30, 31], [2, 2], [0, 1, 1, 2], 0, 0, [2, 2, 2],
     [10, 11, 20, 21, 20, 21, 30, 31]),
    ("gather_v7_data_int32_3d_indices_axis_1_batch_dims_1", [2, 3], [1, 2, 3, 4, 5, 6], [2, 2, 2],
     [0, 1, 1, 2, 2, 0, 1, 2], 1, 1, [2, 2, 2], [1, 2, 2, 3, 6, 4, 5, 6]),
    ("gather_v7_data_int32_2d_indices_axis_1_batch_dims_1", [2, 5], list(range(1, 11)), [2, 3], [0, 0, 4, 4, 0, 0],
     1, 1, [2, 3], [1, 1, 5, 10, 6, 6]),
    ("gather_v7_data_int32_2d_indices_axis_1_negative_batch_dims", [2, 5], list(range(1, 11)), [2, 3],
     [0, 0, 4, 4, 0, 0], 1, -1, [2, 3], [1, 1, 5, 10, 6, 6]),
    ("gather_v7_4d_data_axis_2_batch_dims_1_int32", [2, 1, 5, 4], D2154, [2, 3], [1, 2, 4, 4, 3, 2], 2, 1,
     [2, 1, 3, 4], [5, 6, 7, 8, 9, 10, 11, 12, 17, 18, 19, 20, 37, 38, 39, 40, 33, 34, 35, 36, 29, 30, 31, 32]),
]
GATHER_V7_BOOL = [
    ("gather_v7_axis_0_bool", [3, 2], [1, 1, 1, 0, 0, 1], [2, 2], [0, 1, 1, 2], 0, 0, [2, 2, 2],
     [1, 1, 1, 0, 1, 0, 0, 1]),
]
GATHER_V7_FLOAT = [(("gather_v7_" + v[0][len("gather_"):]),) + v[1:] for v in GATHER_FLOAT] + [
    ("gather_v7_3d_indices_axis_1_batch_dims_1", [2, 5, 2], [float(v) for v in range(1, 21)], [2, 2, 3],
     [0, 0, 4, 4, 0, 0, 1, 2, 4, 4, 3, 2], 1, 1, [2, 2, 3, 2],
     [1, 2, 1, 2, 9, 10, 9, 10, 1, 2, 1, 2, 13, 14, 15, 16, 19, 20, 19, 20, 17, 18, 15, 16]),
]
GATHER_V8 = [
    ("gather_v8_1d_negative_indices", [5], [1, 2, 3, 4, 5], [3], [0, -2, -1], 0, 0, [3], [1, 4, 5]),
    ("gather_v8_out_of_bound_indices_1", [5], [1, 2, 3, 4, 5], [3], [0, 20, 4], 0, 0, [3], [1, 0, 5]),
    ("gather_v8_4d_data_axis_2_batch_dims_1_out_of_bound_indices_2", [2, 1, 5, 4], D2154, [2, 3],
     [1, 2, 200, 4, 200, 2], 2, 1, [2, 1, 3, 4],
     [5, 6, 7, 8, 9, 10, 11, 12, 0, 0, 0, 0, 37, 38, 39, 40, 0, 0, 0, 0, 29, 30, 31, 32]),
    ("gather_v8_out_of_bound_negative_index", [5], [1, 2, 3, 4, 5], [3], [0, -200, 4], 0, 0, [3], [1, 0, 5]),
]


def np_gather(data, idx, axis, bd):
    """numpy Gather (cross-check only): negative indices wrap, out-of-range give 0."""
    axis = axis % data.ndim
    bd = bd % idx.ndim if bd < 0 else bd
    n = data.shape[axis]
    out_shape = data.shape[:axis] + idx.shape[bd:] + data.shape[axis + 1:]
    out = np.zeros(out_shape, dtype=data.dtype)
    for o in np.ndindex(*out_shape):
        b = o[:bd]
        pre = o[bd:axis]
        ii = o[axis:axis + idx.ndim - bd]
        post = o[axis + idx.ndim - bd:]
        k = int(idx[b + ii])
        if k < 0:
            k += n
        if 0 <= k < n:
            out[o] = data[b + pre + (k,) + post]
    return out


def gather_case(vec, et, version, ind_et="i32", ax_et="i64"):
    name, ds, d, ish, iv, axis, bd, es, e = vec
    data = P("data", d, et, ds)
    ind = P("indices", iv, ind_et, ish)
    ax = K("axis", [axis], ax_et, [])
    exp = O("out", e, et, es)
    xcheck(np_gather(data.a, ind.a, axis, bd), exp.a, name)
    attrs = None if version == 1 else [("batch_dims", bd)]
    case("gather", f"v{version}_{name}_{et}", "Gather", version, attrs, [data, ind, ax], [exp])


@gen
def gen_gather():
    for et in INT_TYPES:
        gather_case(GATHER_INT[1], et, 1)
    gather_case(GATHER_INT[0], "i32", 1)
    for v in GATHER_FLOAT:
        gather_case(v, "f32", 1)
    for et in ("bf16", "f16", "f64"):
        gather_case(GATHER_FLOAT[3], et, 1)
        gather_case(GATHER_FLOAT[7], et, 1)
    for ver in (7, 8):
        for v in GATHER_V7_INT:
            gather_case(v, "i32", ver)
        for et in ("i8", "i16", "i64", "u8", "u16", "u32", "u64"):
            gather_case(GATHER_V7_INT[5], et, ver)
        gather_case(GATHER_V7_INT[4], "u8", ver)
        gather_case(GATHER_V7_BOOL[0], "boolean", ver)
        for v in GATHER_V7_FLOAT:
            gather_case(v, "f32", ver)
        for et in ("bf16", "f16", "f64"):
            gather_case(GATHER_V7_FLOAT[3], et, ver)
            gather_case(GATHER_V7_FLOAT[-1], et, ver)
    for v in GATHER_V8:
        for et in ("i32", "i64", "u8", "f32", "f16", "bf16"):
            gather_case(v, et, 8)
    gather_case(GATHER_V8[0], "boolean", 8)


# ======================================================================================= main


def main():
    return _SRCOBJ.main()


# ------------------------------------------------------------------------- gather_elements.cpp
SRC["gather_elements"] = "2c9483fa"
# (name, data shape, data, indices shape, indices (i32), axis, expected shape, expected)
GE = [
    ("evaluate_1D_gather_elements_3_indices_int32", [3], [1, 2, 3], [7], [1, 2, 0, 2, 0, 0, 2], 0, [7],
     [2, 3, 1, 3, 1, 1, 3]),
    ("evaluate_2D_gather_elements_2x2_indices_int32_axis_0", [2, 2], [1, 2, 3, 4], [2, 2], [0, 1, 0, 0], 0, [2, 2],
     [1, 4, 1, 2]),
    ("evaluate_2D_gather_elements_2x2_indices_int32_axis_1", [2, 2], [1, 2, 3, 4], [2, 2], [0, 1, 0, 0], 1, [2, 2],
     [1, 2, 3, 3]),
    ("evaluate_2D_gather_elements_2x2_indices_int32_axis_minus_1", [2, 2], [1, 2, 3, 4], [2, 2], [0, 1, 0, 0], -1,
     [2, 2], [1, 2, 3, 3]),
    ("evaluate_2D_gather_elements_2x3_indices_int32", [3, 3], list(range(1, 10)), [2, 3], [1, 2, 0, 2, 0, 0], 0,
     [2, 3], [4, 8, 3, 7, 2, 3]),
    ("evaluate_3D_gather_elements_3x2x2_indices_int32", [3, 2, 2], list(range(1, 13)), [3, 2, 2],
     [1, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1], -1, [3, 2, 2], [2, 1, 3, 4, 6, 6, 8, 7, 9, 9, 12, 12]),
    ("evaluate_4D_gather_elements_3x2x2x2_indices_int64", [3, 2, 2, 2], list(range(1, 25)), [3, 2, 2, 4],
     [1, 0, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0,
      0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0], -1, [3, 2, 2, 4],
     [2, 1, 1, 1, 3, 4, 4, 3, 6, 6, 6, 6, 8, 7, 7, 8, 9, 9, 9, 10, 12, 12, 12, 11, 13, 13, 13, 13, 16, 15, 16, 15,
      18, 18, 18, 18, 20, 19, 20, 19, 22, 21, 21, 22, 23, 23, 23, 23]),
    ("evaluate_2D_gather_elements_2x2x1_data_float32", [2, 2, 1], [5, 4, 1, 4], [4, 2, 1], [0, 0, 1, 1, 1, 1, 0, 1],
     0, [4, 2, 1], [5, 4, 1, 4, 1, 4, 5, 4]),
]
GE_BOOL = ("evaluate_2D_gather_elements_3x2_data_bool", [3, 2], [1, 0, 1, 1, 0, 0], [2, 2], [0, 1, 0, 2], 0,
           [2, 2], [1, 1, 1, 0])


def np_gather_elements(d, i, axis):
    return np.take_along_axis(d, i.astype(np.int64), axis=axis)


def ge_case(vec, et, ind_et="i32"):
    name, ds, d, ish, iv, axis, es, e = vec
    data = P("data", d, et, ds)
    ind = P("indices", iv, ind_et, ish)
    exp = O("out", e, et, es)
    xcheck(np_gather_elements(data.a, ind.a, axis), exp.a, name)
    case("gather_elements", f"{name}_{et}", "GatherElements", 6, [("axis", axis)], [data, ind], [exp])


@gen
def gen_gather_elements():
    for v in GE:
        ge_case(v, "f32")
    for et in INT_TYPES + ["bf16", "f16", "f64"]:
        ge_case(GE[5], et)
    ge_case(GE[6], "i64", "i64")
    ge_case(GE[3], "u8", "i64")
    ge_case(GE_BOOL, "boolean")
    for nm, iv in (("evaluate_1D_gather_elements_negative_test", [1, 2, 0, 2, 0, 0, 8]),
                   ("evaluate_2D_gather_elements_negative_test", [1, 3, 0, 2, 0, 0])):
        W.write_case(SOURCE, f"gather_elements_{nm}", None, {}, [], f"{OPREF}gather_elements.cpp@{SRC['gather_elements']}",
                     f"GatherElements-6 {nm}: out-of-range index {iv}", "GatherElements-6", "skip",
                     "the reference test expects evaluation to throw 'indices values of GatherElement exceed data "
                     "size'; the case contract has no way to expect an error")
        COUNT["gather_elements"] += 1


# -------------------------------------------------------------------------------- gather_nd.cpp
SRC["gather_nd"] = "1456d71e"
G8 = [10, 11, 12, 13, 20, 21, 22, 23]
G234 = list(range(1, 25))
# (name, data shape, data, indices shape, indices, batch_dims, v5 expected shape, v8 expected shape, expected)
GND = [
    ("single_indices", [3, 3], list(range(10, 19)), [2], [1, 2], 0, [], [], [15]),
    ("single_negative_indices", [3, 3], list(range(10, 19)), [2], [-2, -1], 0, [], None, [15]),
    ("scalar_from_2d", [2, 2], [10, 11, 12, 13], [2, 2], [0, 0, 1, 1], 0, [2], [2], [10, 13]),
    ("1d_from_2d", [2, 2], [10, 11, 12, 13], [2, 1], [1, 0], 0, [2, 2], [2, 2], [12, 13, 10, 11]),
    ("scalar_from_3d", [2, 2, 2], G8, [2, 3], [0, 0, 1, 1, 0, 1], 0, [2], [2], [11, 21]),
    ("1d_from_3d", [2, 2, 2], G8, [2, 2], [0, 1, 1, 0], 0, [2, 2], [2, 2], [12, 13, 20, 21]),
    ("2d_from_3d", [2, 2, 2], G8, [1, 1], [1], 0, [1, 2, 2], [1, 2, 2], [20, 21, 22, 23]),
    ("batch_scalar_from_2d", [2, 2], [10, 11, 12, 13], [2, 1, 2], [0, 0, 0, 1], 0, [2, 1], [2, 1], [10, 11]),
    ("batch_1d_from_2d", [2, 2], [10, 11, 12, 13], [2, 1, 1], [1, 0], 0, [2, 1, 2], [2, 1, 2], [12, 13, 10, 11]),
    ("batch_1d_from_2d_negative", [2, 2], [10, 11, 12, 13], [2, 1, 1], [-1, -2], 0, None, [2, 1, 2],
     [12, 13, 10, 11]),
    ("batch_scalar_from_3d", [2, 2, 2], G8, [2, 2, 3], [0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 0], 0, [2, 2], [2, 2],
     [11, 21, 13, 22]),
    ("batch_1d_from_3d", [2, 2, 2], G8, [2, 2, 2], [0, 1, 1, 0, 0, 0, 1, 1], 0, [2, 2, 2], [2, 2, 2],
     [12, 13, 20, 21, 10, 11, 22, 23]),
    ("batch_1d_from_3d_negative", [2, 2, 2], G8, [2, 2, 2], [0, -1, -1, 0, 0, 0, 1, 1], 0, [2, 2, 2], [2, 2, 2],
     [12, 13, 20, 21, 10, 11, 22, 23]),
    ("batch_2d_from_3d", [2, 2, 2], G8, [2, 1, 1], [1, 0], 0, [2, 1, 2, 2], [2, 1, 2, 2],
     [20, 21, 22, 23, 10, 11, 12, 13]),
    ("batch_dims1", [2, 3, 4], G234, [2, 1], [1, 0], 1, [2, 4], [2, 4], [5, 6, 7, 8, 13, 14, 15, 16]),
    ("batch_dims2", [2, 3, 4, 2], list(range(1, 49)), [2, 3, 3, 2],
     [1, 0, 3, 1, 2, 1, 0, 1, 1, 1, 2, 0, 3, 0, 3, 1, 2, 1, 2, 0, 1, 1, 3, 1, 1, 1, 2, 0, 2, 0, 0, 0, 3, 1, 3, 1], 2,
     [6, 3], [2, 3, 3], [3, 8, 6, 10, 12, 13, 23, 24, 22, 29, 28, 32, 36, 37, 37, 41, 48, 48]),
    ("batch_dims2_lead_dims", [2, 3, 4], G234, [2, 3, 1, 1], [1, 0, 2, 0, 2, 2], 2, [6, 1], [2, 3, 1],
     [2, 5, 11, 13, 19, 23]),
    ("batch_dims2_non_scalar_slices", [2, 3, 4, 5], list(range(1, 121)), [2, 3, 2, 1],
     [1, 0, 2, 0, 2, 0, 1, 0, 2, 0, 2, 0], 2, None, [2, 3, 2, 5],
     [6, 7, 8, 9, 10, 1, 2, 3, 4, 5, 31, 32, 33, 34, 35, 21, 22, 23, 24, 25, 51, 52, 53, 54, 55, 41, 42, 43, 44, 45,
      66, 67, 68, 69, 70, 61, 62, 63, 64, 65, 91, 92, 93, 94, 95, 81, 82, 83, 84, 85, 111, 112, 113, 114, 115,
      101, 102, 103, 104, 105]),
]


def np_gather_nd(d, idx, bd):
    """numpy GatherND-8 (cross-check only); negative indices wrap."""
    bshape = d.shape[:bd]
    k = idx.shape[-1]
    out_shape = idx.shape[:-1] + d.shape[bd + k:]
    out = np.zeros(out_shape, dtype=d.dtype)
    for o in np.ndindex(*idx.shape[:-1]):
        b = o[:bd]
        t = []
        for j in range(k):
            v = int(idx[o + (j,)])
            t.append(v + d.shape[bd + j] if v < 0 else v)
        out[o] = d[b + tuple(t)]
    return out


def gnd_case(vec, et, version):
    name, ds, d, ish, iv, bd, s5, s8, e = vec
    es = s5 if version == 5 else s8
    data = P("data", d, et, ds)
    ind = P("indices", iv, "i32", ish)
    exp = O("out", e, et, es)
    x8 = np_gather_nd(data.a, ind.a, bd)
    xcheck(x8.reshape(es), exp.a, name)
    tag = "gather_nd" if version == 5 else "gather_nd_8"
    case("gather_nd", f"v{version}_{tag}_{name}_{et}", "GatherND", version, [("batch_dims", bd)], [data, ind], [exp])


@gen
def gen_gather_nd():
    for ver in (5, 8):
        for v in GND:
            if (v[6] if ver == 5 else v[7]) is None:
                continue
            gnd_case(v, "f32", ver)
        for et in INT_TYPES + ["bf16", "f16", "f64"]:
            gnd_case(GND[15], et, ver)
        gnd_case(GND[12], "i8", ver)


# ----------------------------------------------------------------- scatter_elements_update.cpp
SRC["scatter_elements_update"] = "60f2208b"
# (data shape, data, indices shape, indices, updates, axis, expected, reduction, use_init_val)
SEU3 = [
    ([2, 2], [1, 2, 3, 4], [2, 2], [1, 1, 0, 0], [10, 20, 30, 40], 0, [30, 40, 10, 20], "none", True),
    ([2, 1], [1, 2], [2, 1], [0, 0], [10, 20], 1, [10, 20], "none", True),
]
# negative indices are written as the test's norm(): kept for signed index types, +d for unsigned
SEU12 = [
    ([3, 2], [11, 12, 13, 14, 15, 16], [1, 2], [(-1, 3), 1], [5, 24], 0, [11, 12, 13, 24, 15, 16], "max", True),
    ([2, 3], [11, 12, 13, 14, 15, 16], [2, 2], [(-3, 3), 1, 0, 2], [1, 22, 24, 6], 1, [1, 22, 13, 24, 15, 6], "min",
     False),
    ([1, 2, 3], [11, 12, 13, 14, 15, 16], [1, 1, 4], [0, 1, 0, 2], [23, 38, 32, 7], 2, [22, 25, 10, 14, 15, 16],
     "mean", True),
    ([1, 2, 3], [11, 12, 13, 14, 15, 16], [1, 1, 4], [0, 1, 0, 0], [20, 33, 26, 29], 2, [25, 33, 13, 14, 15, 16],
     "mean", False),
    ([2, 2, 1], [1, 2, 3, 4], [1, 5, 1], [0, 0, 1, 1, 1], [50, 51, 10, 20, 30], 1, [101, 60, 3, 4], "sum", False),
    ([3, 2], [1, 2, 3, 4, 5, 6], [4, 1], [0, 0, 1, 2], [7, 7, 10, 5], 0, [49, 2, 30, 4, 25, 6], "prod", True),
]


def np_seu(d, idx, upd, axis, red, init):
    """numpy ScatterElementsUpdate-12 (cross-check only)."""
    out = d.astype(np.float64).copy()
    axis = axis % d.ndim
    acc = {}
    for p in np.ndindex(*idx.shape):
        k = int(idx[p])
        k = k + d.shape[axis] if k < 0 else k
        t = p[:axis] + (k,) + p[axis + 1:]
        acc.setdefault(t, []).append(float(upd[p]))
    for t, vals in acc.items():
        if red == "none":
            out[t] = vals[-1]
            continue
        vs = ([out[t]] if init else []) + vals
        out[t] = {"sum": sum, "prod": np.prod, "min": min, "max": max,
                  "mean": lambda v: (np.floor(sum(v) / len(v)) if d.dtype.kind in "iu" else sum(v) / len(v))}[red](vs)
    return out.astype(d.dtype)


def seu_case(vec, et, iet, version, tag):
    ds, d, ish, iv, uv, axis, e, red, init = vec
    unsigned = iet.startswith("u")
    iv = [(v[0] + v[1] if unsigned else v[0]) if isinstance(v, tuple) else v for v in iv]
    data = P("data", d, et, ds)
    ind = P("indices", iv, iet, ish)
    upd = P("updates", uv, et, ish)
    ax = P("axis", [axis], iet, [1])
    exp = O("out", e, et, ds)
    xcheck(np_seu(data.a, ind.a, upd.a, axis, red, init), exp.a, tag)
    attrs = None if version == 3 else [("reduction", red), ("use_init_val", init)]
    case("scatter_elements_update", f"v{version}_{tag}_{et}_{iet}", "ScatterElementsUpdate", version, attrs,
         [data, ind, upd, ax], [exp], exact=red not in ("mean",))


@gen
def gen_scatter_elements_update():
    for ver in (3, 12):
        for k, v in enumerate(SEU3):
            for et in ("i16", "i32", "i64", "u32", "u64", "f16", "f32"):
                seu_case(v, et, "i32", ver, f"axis{v[5]}")
            for iet in ("i8", "u8", "i16", "u16", "u32", "i64", "u64"):
                seu_case(v, "f32", iet, ver, f"axis{v[5]}")
    for k, v in enumerate(SEU12):
        tag = f"{v[7]}_init{int(v[8])}_{k}"
        for et, iet in (("f32", "i32"), ("f32", "i64"), ("f32", "u8"), ("i16", "i8"), ("i32", "u16"),
                        ("i64", "i64"), ("u32", "u32"), ("u64", "u64"), ("f16", "i32"), ("f16", "u64")):
            seu_case(v, et, iet, 12, tag)


# ---------------------------------------------------------------------------------------- pad.cpp
SRC["pad"] = "152320d6"
V6 = [1, 2, 3, 4, 5, 6]
V12 = list(range(1, 13))
C = 2112
# (name, in shape, data, pads_begin, pads_end, mode, pad_value or None, out shape, expected)
PAD = [
    ("pad_1d_constant_const_value_provided_0", [6], V6, [4], [5], "constant", C, [15], [C] * 4 + V6 + [C] * 5),
    ("pad_1d_constant_const_value_provided_1", [6], V6, [4], [0], "constant", C, [10], [C] * 4 + V6),
    ("pad_1d_constant_const_value_provided_2", [6], V6, [0], [3], "constant", C, [9], V6 + [C] * 3),
    ("pad_1d_constant_use_default_const_0", [6], V6, [4], [5], "constant", None, [15], [0] * 4 + V6 + [0] * 5),
    ("pad_1d_constant_use_default_const_1", [6], V6, [4], [0], "constant", None, [10], [0] * 4 + V6),
    ("pad_1d_constant_use_default_const_2", [6], V6, [0], [3], "constant", None, [9], V6 + [0] * 3),
    ("pad_2d_constant_const_value_provided_0", [2, 2], [1, 2, 3, 4], [1, 2], [3, 4], "constant", C, [6, 8],
     [C] * 8 + [C, C, 1, 2, C, C, C, C] + [C, C, 3, 4, C, C, C, C] + [C] * 24),
    ("pad_2d_constant_const_value_provided_1", [2, 2], [1, 2, 3, 4], [1, 2], [0, 0], "constant", C, [3, 4],
     [C, C, C, C, C, C, 1, 2, C, C, 3, 4]),
    ("pad_2d_constant_const_value_provided_2", [2, 2], [1, 2, 3, 4], [0, 0], [1, 2], "constant", C, [3, 4],
     [1, 2, C, C, 3, 4, C, C, C, C, C, C]),
    ("pad_2d_constant_use_default_const_0", [2, 2], [1, 2, 3, 4], [1, 2], [3, 4], "constant", None, [6, 8],
     [0] * 8 + [0, 0, 1, 2, 0, 0, 0, 0] + [0, 0, 3, 4, 0, 0, 0, 0] + [0] * 24),
    ("pad_2d_constant_use_default_const_1", [2, 2], [1, 2, 3, 4], [1, 2], [0, 0], "constant", None, [3, 4],
     [0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 4]),
    ("pad_2d_constant_use_default_const_2", [2, 2], [1, 2, 3, 4], [0, 0], [1, 2], "constant", None, [3, 4],
     [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 0, 0]),
    ("pad_1d_edge_0", [6], V6, [2], [3], "edge", None, [11], [1, 1, 1, 2, 3, 4, 5, 6, 6, 6, 6]),
    ("pad_1d_edge_1", [6], V6, [1], [0], "edge", None, [7], [1, 1, 2, 3, 4, 5, 6]),
    ("pad_1d_edge_2", [6], V6, [0], [2], "edge", None, [8], [1, 2, 3, 4, 5, 6, 6, 6]),
    ("pad_2d_edge_0", [2, 2], [1, 2, 3, 4], [1, 2], [2, 1], "edge", None, [5, 5],
     [1, 1, 1, 2, 2, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 3, 3, 3, 4, 4, 3, 3, 3, 4, 4]),
    ("pad_2d_edge_1", [2, 2], [1, 2, 3, 4], [1, 2], [0, 0], "edge", None, [3, 4], [1, 1, 1, 2, 1, 1, 1, 2, 3, 3, 3, 4]),
    ("pad_2d_edge_2", [2, 2], [1, 2, 3, 4], [0, 0], [2, 1], "edge", None, [4, 3], [1, 2, 2, 3, 4, 4, 3, 4, 4, 3, 4, 4]),
    ("pad_1d_reflect_0", [6], V6, [2], [3], "reflect", None, [11], [3, 2, 1, 2, 3, 4, 5, 6, 5, 4, 3]),
    ("pad_1d_reflect_1", [6], V6, [1], [0], "reflect", None, [7], [2, 1, 2, 3, 4, 5, 6]),
    ("pad_1d_reflect_2", [6], V6, [0], [2], "reflect", None, [8], [1, 2, 3, 4, 5, 6, 5, 4]),
    ("pad_2d_reflect_0", [3, 3], list(range(1, 10)), [1, 2], [2, 1], "reflect", None, [6, 6],
     [6, 5, 4, 5, 6, 5, 3, 2, 1, 2, 3, 2, 6, 5, 4, 5, 6, 5, 9, 8, 7, 8, 9, 8, 6, 5, 4, 5, 6, 5, 3, 2, 1, 2, 3, 2]),
    ("pad_2d_reflect_1", [3, 3], list(range(1, 10)), [1, 2], [0, 0], "reflect", None, [4, 5],
     [6, 5, 4, 5, 6, 3, 2, 1, 2, 3, 6, 5, 4, 5, 6, 9, 8, 7, 8, 9]),
    ("pad_2d_reflect_2", [3, 3], list(range(1, 10)), [0, 0], [2, 1], "reflect", None, [5, 4],
     [1, 2, 3, 2, 4, 5, 6, 5, 7, 8, 9, 8, 4, 5, 6, 5, 1, 2, 3, 2]),
    ("pad_1d_symmetric_0", [6], V6, [2], [3], "symmetric", None, [11], [2, 1, 1, 2, 3, 4, 5, 6, 6, 5, 4]),
    ("pad_1d_symmetric_1", [6], V6, [1], [0], "symmetric", None, [7], [1, 1, 2, 3, 4, 5, 6]),
    ("pad_1d_symmetric_2", [6], V6, [0], [2], "symmetric", None, [8], [1, 2, 3, 4, 5, 6, 6, 5]),
    ("pad_2d_symmetric_0", [3, 3], list(range(1, 10)), [1, 2], [2, 1], "symmetric", None, [6, 6],
     [2, 1, 1, 2, 3, 3, 2, 1, 1, 2, 3, 3, 5, 4, 4, 5, 6, 6, 8, 7, 7, 8, 9, 9, 8, 7, 7, 8, 9, 9, 5, 4, 4, 5, 6, 6]),
    ("pad_2d_symmetric_1", [3, 3], list(range(1, 10)), [1, 2], [0, 0], "symmetric", None, [4, 5],
     [2, 1, 1, 2, 3, 2, 1, 1, 2, 3, 5, 4, 4, 5, 6, 8, 7, 7, 8, 9]),
    ("pad_2d_symmetric", [3, 3], list(range(1, 10)), [0, 0], [2, 1], "symmetric", None, [5, 4],
     [1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 9, 7, 8, 9, 9, 4, 5, 6, 6]),
    ("pad_exterior_1d", [6], V6, [4], [5], "constant", C, [15], [C] * 4 + V6 + [C] * 5),
    ("pad_negative_exterior_1d", [6], V6, [4], [-2], "constant", C, [8], [C] * 4 + [1, 2, 3, 4]),
    ("pad_negative_exterior_1d_check_limits", [6], V6, [4], [-7], "constant", C, [3], [C] * 3),
    ("pad_edge_1d", [6], V6, [2], [3], "edge", C, [11], [1, 1, 1, 2, 3, 4, 5, 6, 6, 6, 6]),
    ("pad_edge_1d_top_neg", [6], V6, [2], [-3], "edge", C, [5], [1, 1, 1, 2, 3]),
    ("pad_edge_1d_top_neg_bigger_than_tensor", [6], V6, [2], [-7], "edge", C, [1], [1]),
    ("pad_edge_1d_bottom_neg", [6], V6, [-2], [3], "edge", C, [7], [3, 4, 5, 6, 6, 6, 6]),
    ("pad_edge_1d_bottom_neg_bigger_than_tensor", [6], V6, [-7], [3], "edge", C, [2], [6, 6]),
    ("pad_edge_2d", [3, 4], V12, [2, 3], [1, 2], "edge", C, [6, 9],
     [1, 1, 1, 1, 2, 3, 4, 4, 4] * 3 + [5, 5, 5, 5, 6, 7, 8, 8, 8] + [9, 9, 9, 9, 10, 11, 12, 12, 12] * 2),
    ("pad_edge_2d_with_neg", [3, 4], V12, [2, -1], [1, 2], "edge", C, [6, 5],
     [2, 3, 4, 4, 4] * 3 + [6, 7, 8, 8, 8] + [10, 11, 12, 12, 12] * 2),
    ("pad_reflect_1d", [6], V6, [2], [3], "reflect", C, [11], [3, 2, 1, 2, 3, 4, 5, 6, 5, 4, 3]),
    ("pad_reflect_1d_top_neg", [6], V6, [2], [-3], "reflect", C, [5], [3, 2, 1, 2, 3]),
    ("pad_reflect_1d_top_neg_bigger_than_tensor", [6], V6, [2], [-7], "reflect", C, [1], [3]),
    ("pad_reflect_1d_bottom_neg", [6], V6, [-2], [3], "reflect", C, [7], [3, 4, 5, 6, 5, 4, 3]),
    ("pad_reflect_1d_bottom_neg_bigger_than_tensor", [6], V6, [-7], [3], "reflect", C, [2], [4, 3]),
    ("pad_reflect_2d", [3, 4], V12, [2, 3], [1, 2], "reflect", C, [6, 9],
     [12, 11, 10, 9, 10, 11, 12, 11, 10, 8, 7, 6, 5, 6, 7, 8, 7, 6, 4, 3, 2, 1, 2, 3, 4, 3, 2,
      8, 7, 6, 5, 6, 7, 8, 7, 6, 12, 11, 10, 9, 10, 11, 12, 11, 10, 8, 7, 6, 5, 6, 7, 8, 7, 6]),
    ("pad_reflect_2d_with_neg", [3, 4], V12, [2, -1], [1, 2], "reflect", C, [6, 5],
     [10, 11, 12, 11, 10, 6, 7, 8, 7, 6, 2, 3, 4, 3, 2, 6, 7, 8, 7, 6, 10, 11, 12, 11, 10, 6, 7, 8, 7, 6]),
    ("pad_negative_exterior_2d", [2, 3], V6, [1, -1], [2, 0], "constant", 9, [5, 2], [9, 9, 2, 3, 5, 6, 9, 9, 9, 9]),
    # the test's input is {3,3} with six values written; only the centre (5) reaches the output, so the
    # last row here (7, 8, 9) is this port's filler
    ("pad_negative_exterior_2d_all_negative", [3, 3], list(range(1, 10)), [-1, -1], [-1, -1], "constant", 9,
     [1, 1], [5]),
    ("pad_exterior_2d_0x0", [0, 0], [], [2, 3], [3, 2], "constant", C, [5, 5], [C] * 25),
    ("pad_exterior_2d_0x3", [0, 3], [], [2, 1], [3, 1], "constant", C, [5, 5], [C] * 25),
    ("pad_exterior_2d_3x0", [3, 0], [], [1, 3], [1, 2], "constant", C, [5, 5], [C] * 25),
    ("pad_2channel_2image_asym", [2, 2, 4, 4],
     [0, 1, 0, 2, 0, 3, 2, 0, 2, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 2, 0, 2, 3, 0, 2, 0, 1, 0, 2, 0, 0, 0,
      0, 2, 1, 1, 0, 0, 2, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2, 1, 0, 0, 0, 2, 0, 0, 1, 1, 2, 0, 1, 0, 0, 0],
     [0, 0, 0, 0], [0, 0, 2, 2], "constant", 42, [2, 2, 6, 6],
     [0, 1, 0, 2, 42, 42, 0, 3, 2, 0, 42, 42, 2, 0, 0, 0, 42, 42, 0, 2, 1, 0, 42, 42] + [42] * 12 +
     [0, 0, 0, 2, 42, 42, 0, 2, 3, 0, 42, 42, 2, 0, 1, 0, 42, 42, 2, 0, 0, 0, 42, 42] + [42] * 12 +
     [0, 2, 1, 1, 42, 42, 0, 0, 2, 0, 42, 42, 0, 0, 1, 2, 42, 42, 0, 0, 0, 0, 42, 42] + [42] * 12 +
     [2, 1, 0, 0, 42, 42, 0, 2, 0, 0, 42, 42, 1, 1, 2, 0, 42, 42, 1, 0, 0, 0, 42, 42] + [42] * 12),
    ("pad_symmetric", [2, 3], V6, [1, 2], [1, 2], "symmetric", C, [4, 7],
     [2, 1, 1, 2, 3, 3, 2, 2, 1, 1, 2, 3, 3, 2, 5, 4, 4, 5, 6, 6, 5, 5, 4, 4, 5, 6, 6, 5]),
    ("pad_doc_4x3_negative_constant", [4, 3], V12, [-1, -1], [-1, -1], "constant", 0, [2, 1], [5, 8]),
    ("pad_doc_3x4_negative_constant", [3, 4], V12, [-1, -1], [-1, -1], "constant", 0, [1, 2], [6, 7]),
    ("pad_doc_3D_negative_constant_remove_last", [2, 2, 3], V12, [0, 0, 0], [-1, 0, 0], "constant", 0, [1, 2, 3],
     V6),
    ("pad_doc_3D_negative_constant_remove_first", [2, 2, 3], V12, [-1, 0, 0], [0, 0, 0], "constant", 0, [1, 2, 3],
     [7, 8, 9, 10, 11, 12]),
    ("pad_doc_negative_constant", [3, 4], V12, [-1, 0], [0, -2], "constant", 0, [2, 2], [5, 6, 9, 10]),
    ("pad_doc_mixed_negative_positive_constant", [3, 4], V12, [-1, -2], [2, 3], "constant", 0, [4, 5],
     [7, 8, 0, 0, 0, 11, 12, 0, 0, 0] + [0] * 10),
    # the test writes 25 values (a fifth row 0,0,0,9,10) for the {4,5} output; the tensor holds the first 20
    ("pad_doc_mixed_positive_negative_constant", [3, 4], V12, [2, 3], [-1, -2], "constant", 0, [4, 5],
     [0] * 10 + [0, 0, 0, 1, 2, 0, 0, 0, 5, 6]),
    ("pad_doc_mixed_positive_negative_reflect", [3, 4], V12, [2, -1], [-1, 3], "reflect", None, [4, 6],
     [10, 11, 12, 11, 10, 9, 6, 7, 8, 7, 6, 5, 2, 3, 4, 3, 2, 1, 6, 7, 8, 7, 6, 5]),
    ("pad_doc_mixed_negative_bigger_reflect", [3, 4], V12, [-4, 3], [2, -5], "reflect", None, [1, 2], [4, 3]),
    ("pad_doc_mixed_positive_negative_edge", [3, 4], V12, [2, -1], [-1, 3], "edge", None, [4, 6],
     [2, 3, 4, 4, 4, 4] * 3 + [6, 7, 8, 8, 8, 8]),
    ("pad_doc_negative_edge", [3, 4], V12, [-1, 0], [0, -2], "edge", None, [2, 2], [5, 6, 9, 10]),
    ("pad_doc_negative_reflect_doc_2", [3, 4], V12, [-1, 0], [0, -2], "reflect", None, [2, 2], [5, 6, 9, 10]),
    ("pad_doc_negative_symmetric_2", [3, 4], V12, [-1, 0], [0, -2], "symmetric", None, [2, 2], [5, 6, 9, 10]),
    ("pad_doc_mixed_positive_negative_symmetric", [3, 4], V12, [2, -1], [-1, 3], "symmetric", None, [4, 6],
     [6, 7, 8, 8, 7, 6, 2, 3, 4, 4, 3, 2, 2, 3, 4, 4, 3, 2, 6, 7, 8, 8, 7, 6]),
]
PAD_FLOAT = [
    ("pad_exterior_4d_1x2x2x2", [1, 2, 2, 2], [0.0] * 8, [0, 0, 1, 1], [0, 0, 1, 1], "constant", 42, [1, 2, 4, 4],
     [42, 42, 42, 42, 42, 0, 0, 42, 42, 0, 0, 42, 42, 42, 42, 42] * 2),
    ("pad_negative_exterior_4d", [1, 3, 2, 2], [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2], [0, -1, 1, 1], [0, -1, 1, 1],
     "constant", 42, [1, 1, 4, 4], [42, 42, 42, 42, 42, 1, 1, 42, 42, 1, 1, 42, 42, 42, 42, 42]),
]
PAD_OK = [
    ("pad_ok_symmetric_padding", [2, 2], [1, 2, 4, 5], [0, 2], [0, 0], "symmetric", None, [2, 4],
     [2, 1, 1, 2, 5, 4, 4, 5]),
    ("pad_ok_reflect_padding", [2, 2], [1, 2, 4, 5], [0, 1], [0, 0], "reflect", None, [2, 3], [2, 1, 2, 5, 4, 5]),
]


def np_pad(x, pb, pe, mode, val):
    """numpy model of Pad with negative pads (cross-check only): output coordinate o reads input o - pb."""
    osh = [x.shape[i] + pb[i] + pe[i] for i in range(x.ndim)]
    out = np.zeros(osh, dtype=x.dtype)
    for o in np.ndindex(*osh):
        src = []
        inside = True
        for i, v in enumerate(o):
            c, n = v - pb[i], x.shape[i]
            if 0 <= c < n:
                src.append(c)
                continue
            if mode == "constant":
                inside = False
                break
            if mode == "edge":
                c = min(max(c, 0), n - 1)
            elif mode == "reflect":
                c = -c if c < 0 else 2 * n - 2 - c
            else:
                c = -c - 1 if c < 0 else 2 * n - 1 - c
            src.append(c)
        out[o] = x[tuple(src)] if inside else (val if val is not None else 0)
    return out


def pad_case(vec, et, pet, version=1, nonconst=False):
    name, ish, d, pb, pe, mode, val, osh, e = vec
    data = P("data", d, et, ish)
    mk = P if nonconst else K
    ins = [data, mk("pads_begin", pb, pet, [len(pb)]), mk("pads_end", pe, pet, [len(pe)])]
    if val is not None:
        ins.append(mk("pad_value", [val], et, []))
    exp = O("out", e, et, osh)
    xcheck(np_pad(data.a, pb, pe, mode, val), exp.a, name)
    tag = "_param_pads" if nonconst else ""
    case("pad", f"v{version}_{name}_{et}_{pet}{tag}", "Pad", version, [("pad_mode", mode)], ins, [exp])


@gen
def gen_pad():
    for v in PAD:
        pad_case(v, "f32", "i64")
        pad_case(v, "i32", "i32", nonconst=True)
    for v in PAD_FLOAT:
        for et in ("bf16", "f16", "f32", "f64"):
            pad_case(v, et, "i64")
        pad_case(v, "f32", "i64", nonconst=True)
    for k in (6, 27, 38, 44, 53, 62, 67):
        for et in ("i16", "i64", "u16", "u32", "u64", "bf16", "f16", "f64"):
            pad_case(PAD[k], et, "i32")
    for v in PAD_OK:
        pad_case(v, "f32", "i64")
        pad_case(v, "f32", "i64", nonconst=True)
    # the same vectors through Pad-12 (negative pads are Pad-12's documented extension)
    for v in PAD + PAD_FLOAT:
        pad_case(v, "f32", "i32", version=12)


# --------------------------------------------------------------------------------------- topk.cpp
SRC["topk"] = "0dbc903c"
IOTA1000 = np.tile(np.arange(1000), 128)  # the test's {128,1000} input: element (i, j) = j


def _rows(row, n=128):
    return list(row) * n


# (name, in shape, data, k, axis, mode, sort, values shape, values, indices)
TOPK_BIG = [
    ("topk_max_sort_none", 5, "max", "none", _rows([997, 999, 998, 995, 996])),
    ("topk_min_sort_none", 5, "min", "none", _rows([1, 0, 3, 2, 4])),
    ("topk_max_sort_value", 5, "max", "value", _rows([999, 998, 997, 996, 995])),
    ("topk_min_sort_value", 5, "min", "value", _rows([0, 1, 2, 3, 4])),
    ("topk_max_sort_index", 5, "max", "index", _rows([995, 996, 997, 998, 999])),
    ("topk_min_sort_index", 5, "min", "index", _rows([0, 1, 2, 3, 4])),
]
A3 = [9, 2, 10, 12, 8, 4, 6, 1, 5, 3, 11, 7]
B3 = [12, 2, 10, 9, 8, 4, 6, 1, 5, 3, 11, 7]
T5D = [1, 73, 9, 81, 17, 89, 2, 74, 10, 82, 18, 90, 3, 75, 11, 83, 19, 91, 4, 76,
       12, 84, 20, 92, 145, 217, 153, 225, 161, 233, 146, 218, 154, 226, 162, 234, 147, 219, 155, 227,
       163, 235, 148, 220, 156, 228, 164, 236, 5, 77, 13, 85, 21, 93, 6, 78, 14, 86, 22, 94,
       7, 79, 15, 87, 23, 95, 8, 80, 16, 88, 24, 96, 149, 221, 157, 229, 165, 27, 150, 222,
       158, 230, 166, 23, 151, 223, 159, 231, 17, 39, 2, 224, 160, 232, 168, 240, 25, 97, 33, 105,
       41, 113, 26, 98, 34, 106, 42, 114, 27, 99, 35, 107, 43, 115, 28, 100, 36, 108, 44, 116,
       169, 241, 177, 249, 185, 25, 170, 242, 178, 250, 186, 258, 171, 243, 179, 251, 187, 259, 172, 24,
       180, 252, 188, 260, 29, 101, 37, 109, 45, 117, 30, 102, 38, 10, 46, 118, 31, 103, 39, 111,
       47, 119, 32, 104, 40, 112, 48, 20, 173, 245, 181, 253, 189, 261, 174, 246, 182, 254, 190, 262,
       175, 27, 183, 255, 191, 263, 176, 248, 184, 256, 192, 264, 49, 121, 57, 129, 65, 137, 50, 122,
       58, 130, 66, 138, 51, 123, 59, 131, 67, 139, 52, 124, 60, 132, 68, 140, 193, 265, 201, 273,
       209, 281, 194, 266, 202, 274, 210, 43, 115, 28, 100, 36, 108, 44, 116, 169, 241, 177, 212, 284,
       53, 125, 61, 133, 69, 141, 54, 126, 62, 134, 70, 142, 55, 127, 63, 135, 71, 143, 56, 128,
       64, 136, 72, 144, 197, 269, 205, 277, 213, 285, 198, 270, 206, 278, 214, 286, 199, 271, 207, 279,
       215, 287, 200, 272, 208, 280, 216, 288]
T5D_V = [169, 241, 177, 249, 185, 233, 170, 242, 178, 250, 186, 258, 171, 243, 179, 251,
         187, 259, 172, 224, 180, 252, 188, 260, 149, 221, 157, 229, 165, 113, 150, 222,
         158, 230, 166, 234, 151, 223, 159, 231, 163, 235, 148, 220, 160, 232, 168, 240,
         197, 269, 205, 277, 213, 285, 198, 270, 206, 278, 214, 286, 199, 271, 207, 279,
         215, 287, 200, 272, 241, 280, 216, 288, 193, 265, 201, 273, 209, 281, 194, 266,
         202, 274, 210, 262, 175, 127, 183, 255, 191, 263, 176, 248, 208, 256, 212, 284]
T5D_I = [5, 5, 5, 5, 5, 1, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 3, 5, 5, 5, 5,
         3, 3, 3, 3, 3, 4, 3, 3, 3, 3, 3, 1, 3, 3, 3, 3, 1, 1, 1, 1, 3, 3, 3, 3,
         5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 3, 5, 5, 5,
         3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 4, 1, 1, 1, 1, 1, 1, 5, 1, 3, 3]
TOPK_SMALL = [
    ("topk_mode_sort_order", [5], [3, 1, 2, 5, 4], 3, 0, "max", "value", [3], [5, 4, 3], [3, 4, 0]),
    ("topk_mode_sort_order_1", [5], [3, 1, 2, 5, 4], 3, 0, "max", "index", [3], [3, 5, 4], [0, 3, 4]),
    ("topk_mode_sort_order_2", [5], [3, 1, 2, 5, 4], 3, 0, "min", "value", [3], [1, 2, 3], [1, 2, 0]),
    ("topk_mode_sort_order_3", [5], [3, 1, 2, 5, 4], 3, 0, "min", "index", [3], [3, 1, 2], [0, 1, 2]),
    ("topk_1d_max_all", [6], V6, 6, 0, "max", "value", [6], [6, 5, 4, 3, 2, 1], [5, 4, 3, 2, 1, 0]),
    ("topk_1d_max_partial", [6], V6, 3, 0, "max", "value", [3], [6, 5, 4], [5, 4, 3]),
    ("topk_1d_max_one", [6], V6, 1, 0, "max", "value", [1], [6], [5]),
    ("topk_1d_min_all", [6], V6[::-1], 6, 0, "min", "value", [6], [1, 2, 3, 4, 5, 6], [5, 4, 3, 2, 1, 0]),
    ("topk_1d_min_partial", [6], V6[::-1], 3, 0, "min", "value", [3], [1, 2, 3], [5, 4, 3]),
    ("topk_1d_min_one", [6], V6[::-1], 1, 0, "min", "value", [1], [1], [5]),
    ("topk_3d_max_all", [2, 3, 2], A3, 3, 1, "max", "value", [2, 3, 2], [10, 12, 9, 4, 8, 2, 11, 7, 6, 3, 5, 1],
     [1, 1, 0, 2, 2, 0, 2, 2, 0, 1, 1, 0]),
    ("topk_5d_max_partial", [2, 6, 3, 2, 4], T5D, 2, 1, "max", "value", [2, 2, 3, 2, 4], T5D_V, T5D_I),
    ("topk_3d_max_partial", [2, 3, 2], A3, 2, 1, "max", "value", [2, 2, 2], [10, 12, 9, 4, 11, 7, 6, 3],
     [1, 1, 0, 2, 2, 2, 0, 1]),
    ("topk_3d_max_one", [2, 3, 2], A3, 1, 1, "max", "value", [2, 1, 2], [10, 12, 11, 7], [1, 1, 2, 2]),
    ("topk_3d_min_all", [2, 3, 2], B3, 3, 1, "min", "value", [2, 3, 2], [8, 2, 10, 4, 12, 9, 5, 1, 6, 3, 11, 7],
     [2, 0, 1, 2, 0, 1, 1, 0, 0, 1, 2, 2]),
    ("topk_3d_min_partial", [2, 3, 2], B3, 2, 1, "min", "value", [2, 2, 2], [8, 2, 10, 4, 5, 1, 6, 3],
     [2, 0, 1, 2, 1, 0, 0, 1]),
    ("topk_3d_min_one", [2, 3, 2], B3, 1, 1, "min", "value", [2, 1, 2], [8, 2, 5, 1], [2, 0, 1, 0]),
    ("topk_2d_max_all", [4, 3], A3, 4, 0, "max", "value", [4, 3], [12, 11, 10, 9, 8, 7, 6, 2, 5, 3, 1, 4],
     [1, 3, 0, 0, 1, 3, 2, 0, 2, 3, 2, 1]),
    ("topk_2d_max_partial", [4, 3], A3, 2, 0, "max", "value", [2, 3], [12, 11, 10, 9, 8, 7], [1, 3, 0, 0, 1, 3]),
    ("topk_2d_max_one", [4, 3], A3, 1, 0, "max", "value", [1, 3], [12, 11, 10], [1, 3, 0]),
    ("topk_2d_max_one_with_equal_values", [2, 4], [1, 3, 2, 4, 1, 3, 3, 2], 1, 1, "max", "value", [2, 1], [4, 3],
     [3, 1]),
    ("topk_2d_min_all", [4, 3], B3, 4, 0, "min", "value", [4, 3], [3, 1, 4, 6, 2, 5, 9, 8, 7, 12, 11, 10],
     [3, 2, 1, 2, 0, 2, 1, 1, 3, 0, 3, 0]),
    ("topk_2d_min_partial", [4, 3], B3, 2, 0, "min", "value", [2, 3], [3, 1, 4, 6, 2, 5], [3, 2, 1, 2, 0, 2]),
    ("topk_2d_min_one", [4, 3], B3, 1, 0, "min", "none", [1, 3], [3, 1, 4], [3, 2, 1]),
]
TOPK_STABLE = [
    ("repeated_values_0", [2, 7], [5, 4, 3, 1, 7, 1, 3, 2, 1, 2, 5, 1, 7, 3], 3, 1, "min", "value", [2, 3],
     [1, 1, 3, 1, 1, 2], [3, 5, 2, 1, 4, 0]),
    ("repeated_values_1", [7, 3], [5, 7, 1, 7, 9, 1, 5, 7, 2, 2, 8, 2, 7, 7, 5, 8, 1, 4, 2, 2, 3], 4, 0, "max",
     "value", [4, 3], [8, 9, 5, 7, 8, 4, 7, 7, 3, 5, 7, 2], [5, 1, 4, 1, 3, 5, 4, 0, 6, 0, 2, 2]),
    ("repeated_values_2", [2, 3, 3], [1, 3, 3, 1, 2, 4, 2, 2, 3, 7, 7, 1, 7, 9, 7, 5, 7, 7], 2, 1, "min", "value",
     [2, 2, 3], [1, 2, 3, 1, 2, 3, 5, 7, 1, 7, 7, 7], [0, 1, 0, 1, 2, 2, 2, 0, 0, 0, 2, 1]),
]


def np_topk(x, k, axis, mode, sort):
    """numpy stable TopK (cross-check only; for sort=none only the value set is checked)."""
    key = -x.astype(np.float64) if mode == "max" else x.astype(np.float64)
    order = np.argsort(key, axis=axis, kind="stable")
    idx = np.take(order, np.arange(k), axis=axis)
    if sort == "index":
        idx = np.sort(idx, axis=axis)
    return np.take_along_axis(x, idx, axis=axis), idx


def topk_attrs(version, axis, mode, sort, iet, stable=None):
    a = [("axis", axis), ("mode", mode), ("sort", sort), ("index_element_type", iet)]
    if version == 11:
        a.append(("stable", stable))
    return a


def topk_case(name, ish, d, k, axis, mode, sort, osh, ev, ei, et, version, iet="i32", ket="i64",
              only_indices=False):
    data = P("data", d, et, ish)
    vals = O("values", ev, et, osh)
    idx = O("indices", ei, iet, osh)
    xv, xi = np_topk(data.a, k, axis, mode, sort)
    if sort != "none":
        xcheck(xv, vals.a, name)
        if len(np.unique(data.a)) == data.a.size:
            xcheck(xi, idx.a, name)
    else:
        xcheck(np.sort(xv, axis=axis), np.sort(vals.a, axis=axis), name)
    if only_indices:
        vals = U(et, osh)
    tag = "_indices_only" if only_indices else ""
    case("topk", f"v{version}_{name}_{et}_{iet}{tag}", "TopK", version, topk_attrs(version, axis, mode, sort, iet),
         [data, K("k", [k], ket, [])], [vals, idx])


def topk_resnet50(et, version):
    """Two TopK (k=5 and k=1, axis 1, max, sort values) on the same {128,1000} input."""
    name = f"v{version}_topk_resnet50_{et}"
    g = W.Graph(f"topk_{name}")
    data = P("data", IOTA1000, et, [128, 1000])
    refs, inputs = build_inputs(g, [data])
    outs = []
    for k in (5, 1):
        row = list(range(999, 999 - k, -1))
        ov, oi = O(f"values{k}", _rows(row), et, [128, k]), O(f"indices{k}", _rows(row), "i32", [128, k])
        kc = g.const(f"k{k}", "i64", np.array(k))
        v, i = g.op(f"topk{k}", "TopK", f"opset{version}", topk_attrs(version, 1, "max", "value", "i32"),
                    [refs[0], kc], ospec([ov, oi]))
        g.result(v, ov.name)
        g.result(i, oi.name)
        outs += [ov, oi]
    finish("topk", name, g, inputs, outs, f"TopK-{version} topk_resnet50: k=5 and k=1 of iota rows",
           f"TopK-{version}")


def topk_stable(vec, et, ket, iet):
    """TopK-11 stable=true (values, indices) and stable=false (values only) on one input."""
    name, ish, d, k, axis, mode, sort, osh, ev, ei = vec
    cname = f"v11_{name}_{et}_{iet}"
    g = W.Graph(f"topk_{cname}")
    data = P("data", d, et, ish)
    xv, xi = np_topk(data.a, k, axis, mode, sort)
    sv, si, uv = O("stable_values", ev, et, osh), O("stable_indices", ei, iet, osh), O("unstable_values", ev, et, osh)
    xcheck(xv, sv.a, name)
    xcheck(xi, si.a, name)
    refs, inputs = build_inputs(g, [data])
    kc = g.const("k", ket, np.array(k))
    v, i = g.op("topk_stable", "TopK", "opset11", topk_attrs(11, axis, mode, sort, iet, True), [refs[0], kc],
                ospec([sv, si]))
    g.result(v, sv.name)
    g.result(i, si.name)
    ui = U(iet, osh)
    v2, _ = g.op("topk_unstable", "TopK", "opset11", topk_attrs(11, axis, mode, sort, iet, False), [refs[0], kc],
                 ospec([uv, ui]))
    g.result(v2, uv.name)
    finish("topk", cname, g, inputs, [sv, si, uv], f"TopK-11 stable vs unstable {name}", "TopK-11")


@gen
def gen_topk():
    for name, k, mode, sort, row in TOPK_BIG:
        topk_case(name, [128, 1000], IOTA1000, k, 1, mode, sort, [128, k], row, row, "f32", 1)
        if sort == "none":
            topk_case(name, [128, 1000], IOTA1000, k, 1, mode, sort, [128, k], row, row, "i16", 3)
    topk_resnet50("f32", 3)
    for v in TOPK_SMALL:
        for ver in (1, 3):
            topk_case(*v, "f32", ver)
        for et in ("i16", "i64", "u32", "bf16", "f16", "f64"):
            topk_case(*v, et, 3 if et in ("i16", "u32", "bf16") else 1)
    # ReferenceTopKTestInt64: index_element_type i64
    for ver in (1, 3):
        topk_case(*TOPK_SMALL[10], "f32", ver, iet="i64")
    # ReferenceTopKTestSingleOutput: only the indices output is a model output
    for et in ("i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "bf16", "f16", "f32", "f64"):
        topk_case("topk_3d_single_output", [2, 3, 2], B3, 2, 1, "min", "value", [2, 2, 2], [8, 2, 10, 4, 5, 1, 6, 3],
                  [2, 0, 1, 2, 1, 0, 0, 1], et, 3 if et in ("i8", "u8") else 1, only_indices=True)
    for v in TOPK_STABLE:
        for et, ket, iet in (("i32", "i32", "i32"), ("i64", "i64", "i64"), ("u32", "i64", "i32"),
                             ("u64", "i32", "i64"), ("f16", "i64", "i32"), ("f32", "i32", "i32")):
            topk_stable(v, et, ket, iet)


# ------------------------------------------------------------------------------- strided_slice.cpp
SRC["strided_slice"] = "14c6e3c3"
SS1 = [185, 187, 189, 191, 169, 171, 173, 175, 313, 315, 317, 319, 297, 299, 301,
       303, 569, 571, 573, 575, 553, 555, 557, 559, 697, 699, 701, 703, 681, 683,
       685, 687, 953, 955, 957, 959, 937, 939, 941, 943, 1081, 1083, 1085, 1087, 1065,
       1067, 1069, 1071, 1337, 1339, 1341, 1343, 1321, 1323, 1325, 1327, 1465, 1467, 1469, 1471,
       1449, 1451, 1453, 1455, 1721, 1723, 1725, 1727, 1705, 1707, 1709, 1711, 1849, 1851, 1853,
       1855, 1833, 1835, 1837, 1839, 2105, 2107, 2109, 2111, 2089, 2091, 2093, 2095, 2233, 2235,
       2237, 2239, 2217, 2219, 2221, 2223, 2489, 2491, 2493, 2495, 2473, 2475, 2477, 2479, 2617,
       2619, 2621, 2623, 2601, 2603, 2605, 2607, 2873, 2875, 2877, 2879, 2857, 2859, 2861, 2863,
       3001, 3003, 3005, 3007, 2985, 2987, 2989, 2991]
R24 = list(range(24))
# (name, in shape, data, begin, end, strides or None, begin_mask, end_mask, new_axis, shrink, ellipsis,
#  out shape, expected)
SS = [
    ("strided_slice_0", [2, 3, 4], R24, [1, 0], [0, 0], [1, 1], [0, 0, 0], [0, 0, 0], [0, 1, 0], [1, 0, 0],
     [0, 0, 0], [1, 3, 4], list(range(12, 24))),
    # the input is iota over {2,4,6,8,2,2,2} (generateInputValues)
    ("strided_slice_1", [2, 4, 6, 8, 2, 2, 2], list(range(3072)), [0, 0, 2, 7, 0, 0, 1], [0, 4, 6, 3, 0, 0, 0],
     [1, 1, 2, -2, 1, 1, 1], [0, 1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0, 0],
     [0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1, 0], [2, 4, 2, 2, 1, 2, 2], SS1),
    ("strided_slice_stride_optional", [2, 3, 4], R24, [-1, -1, 0], [0, 0, 0], None, [0, 0, 0], [0, 0, 0],
     [0, 0, 1], [1, 1, 0], [0, 0, 0], [1, 4], [20, 21, 22, 23]),
    ("strided_slice_stride_optional_dynamic_empty_output_tensor", [2, 3, 4], R24, [0, 0], [-1, 0], None, [1, 0],
     [1, 0], [], [], [], [2, 0, 4], []),
]


def ss_case(vec, et, dynamic):
    name, ish, d, b, e, st, bm, em, nm, sm, elm, osh, ev = vec
    data = P("data", d, et, ish, dyn=dynamic)
    mk = (lambda n, v: P(n, v, "i64", [len(v)])) if dynamic else (lambda n, v: K(n, v, "i64", [len(v)]))
    ins = [data, mk("begin", b), mk("end", e)] + ([mk("strides", st)] if st is not None else [])
    exp = O("out", ev, et, osh, dims=[-1] * len(osh) if dynamic else None)
    attrs = [("begin_mask", bm), ("end_mask", em), ("new_axis_mask", nm), ("shrink_axis_mask", sm),
             ("ellipsis_mask", elm)]
    tag = "_dynamic" if dynamic else ""
    case("strided_slice", f"{name}{tag}_{et}", "StridedSlice", 1, attrs, ins, [exp])


@gen
def gen_strided_slice():
    for v in SS:
        for dyn in (False, True):
            if v[0].endswith("empty_output_tensor") and not dyn:
                continue
            ss_case(v, "f32", dyn)
    for et in ("i8", "u8", "bf16", "f16"):
        ss_case(SS[0], et, False)
        ss_case(SS[0], et, True)
    for et in ("i16", "i32", "i64", "u16", "u32", "u64", "f64"):
        ss_case(SS[1], et, False)
        ss_case(SS[1], et, True)
    for et in ("i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f64"):
        for v in SS[2:]:
            ss_case(v, et, True)


# ------------------------------------------------------------------------------------- unique.cpp
SRC["unique"] = "e054c1b0"
# (case name, data shape, data, unique shape, unique, indices, rev_indices, counts, axis or None, sorted)
UQ_INT = [
    ("scalar", [], [1], [1], [1], [0], [0], [1], None, False),
    ("scalar", [], [1], [1], [1], [0], [0], [1], None, True),
    ("1d_one", [1], [2], [1], [2], [0], [0], [1], None, False),
    ("1d_one", [1], [2], [1], [2], [0], [0], [1], None, True),
    ("1D_no_duplicates", [5], [5, 4, 3, 2, 1], [5], [5, 4, 3, 2, 1], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4],
     [1, 1, 1, 1, 1], None, False),
    ("1D_no_duplicates", [5], [5, 4, 3, 2, 1], [5], [1, 2, 3, 4, 5], [4, 3, 2, 1, 0], [4, 3, 2, 1, 0],
     [1, 1, 1, 1, 1], None, True),
    ("1D_with_duplicates", [7], [1, 3, 5, 3, 2, 4, 2], [5], [1, 3, 5, 2, 4], [0, 1, 2, 4, 5],
     [0, 1, 2, 1, 3, 4, 3], [1, 2, 1, 2, 1], None, False),
    ("1D_with_duplicates", [7], [1, 3, 5, 3, 2, 4, 2], [5], [1, 2, 3, 4, 5], [0, 4, 1, 5, 2],
     [0, 2, 4, 2, 1, 3, 1], [1, 2, 2, 1, 1], None, True),
    ("1D_with_duplicates_sort_1st_element", [7], [3, 1, 5, 3, 2, 4, 2], [5], [1, 2, 3, 4, 5], [1, 4, 0, 5, 2],
     [2, 0, 4, 2, 1, 3, 1], [1, 2, 2, 1, 1], None, True),
    ("1D_with_duplicates_in_row_sort_1st_element", [7], [3, 3, 5, 3, 2, 4, 2], [4], [2, 3, 4, 5], [4, 0, 5, 2],
     [1, 1, 3, 1, 0, 2, 0], [2, 3, 1, 1], None, True),
    ("1D_with_duplicates_and_axis", [7], [1, 3, 5, 3, 2, 4, 2], [5], [1, 2, 3, 4, 5], [0, 4, 1, 5, 2],
     [0, 2, 4, 2, 1, 3, 1], [1, 2, 2, 1, 1], 0, True),
    ("2D_no_axis", [2, 6], [3, 5, 3, 2, 4, 2, 1, 2, 3, 4, 5, 6], [6], [3, 5, 2, 4, 1, 6], [0, 1, 3, 4, 6, 11],
     [0, 1, 0, 2, 3, 2, 4, 2, 0, 3, 1, 5], [3, 2, 3, 2, 1, 1], None, False),
    ("2D_no_duplicates", [2, 4], [1, 2, 3, 4, 1, 2, 3, 5], [2, 4], [1, 2, 3, 4, 1, 2, 3, 5], [0, 1], [0, 1],
     [1, 1], 0, False),
    ("2D_no_duplicates", [2, 4], [1, 2, 3, 4, 1, 2, 3, 5], [2, 4], [1, 2, 3, 4, 1, 2, 3, 5], [0, 1, 2, 3],
     [0, 1, 2, 3], [1, 1, 1, 1], 1, False),
    ("2D_with_duplicates", [2, 4], [1, 2, 2, 4, 1, 2, 2, 5], [2, 3], [1, 2, 4, 1, 2, 5], [0, 1, 3], [0, 1, 1, 2],
     [1, 2, 1], 1, False),
    ("3D_with_duplicates", [2, 2, 3], [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6], [1, 2, 3], [1, 2, 3, 4, 5, 6], [0],
     [0, 0], [2], 0, False),
    ("3D_already_sorted_no_duplicates", [2, 3, 2], [-3, -2, -5, 4, -3, 2, 3, -4, 1, 2, -1, 4], [2, 3, 2],
     [-3, -2, -5, 4, -3, 2, 3, -4, 1, 2, -1, 4], [0, 1], [0, 1], [1, 1], 0, True),
    ("3D_already_sorted_no_duplicates", [2, 3, 2], [-3, -2, -5, 4, -3, 2, 3, -4, 1, 2, -1, 4], [2, 3, 2],
     [-3, -2, -5, 4, -3, 2, 3, -4, 1, 2, -1, 4], [0, 1], [0, 1], [1, 1], 0, False),
    ("3D_with_duplicates_axis1", [2, 2, 3], [6, 5, 4, 6, 5, 4, 3, 2, 1, 3, 2, 1], [2, 1, 3], [6, 5, 4, 3, 2, 1], [0],
     [0, 0], [2], 1, False),
    ("3D_with_duplicates_1_3", [2, 2, 3], [-1, 2, -1, 5, -3, 5, 7, -8, 7, 4, 4, 4], [2, 2, 2],
     [-1, 2, 5, -3, 7, -8, 4, 4], [0, 1], [0, 1, 0], [2, 1], 2, False),
    ("3D_with_duplicates_1_2", [2, 2, 3], [-1, -1, 2, 5, 5, -3, 7, 7, -8, 4, 4, 4], [2, 2, 2],
     [-1, 2, 5, -3, 7, -8, 4, 4], [0, 2], [0, 0, 1], [2, 1], 2, False),
    ("3D_with_duplicates_2_3", [2, 2, 3], [2, -1, -1, -3, 5, 5, -8, 7, 7, 4, 4, 4], [2, 2, 2],
     [2, -1, -3, 5, -8, 7, 4, 4], [0, 1], [0, 1, 1], [1, 2], 2, False),
    ("3D_with_duplicates_2_3_output_sorted", [2, 2, 3], [2, -1, -1, -3, 5, 5, -8, 7, 7, 4, 4, 4], [2, 2, 2],
     [-1, 2, 5, -3, 7, -8, 4, 4], [1, 0], [1, 0, 0], [2, 1], 2, True),
    ("3D_with_duplicates_2_3_output_sorted_axis_minus1", [2, 2, 3], [2, -1, -1, -3, 5, 5, -8, 7, 7, 4, 4, 4],
     [2, 2, 2], [-1, 2, 5, -3, 7, -8, 4, 4], [1, 0], [1, 0, 0], [2, 1], -1, True),
    ("3D_with_duplicates_2_3_first_elements_equal_output_sorted", [2, 2, 3],
     [-1, -1, -1, 3, 2, 2, 6, 7, 7, 4, 4, 4], [2, 2, 2], [-1, -1, 2, 3, 7, 6, 4, 4], [1, 0], [1, 0, 0], [2, 1],
     2, True),
    ("3D_flattened_with_duplicates_output_sorted", [1, 3, 16],
     [15, -20, -11, 10, -21, 8, -15, -10, 7, 20, -19, -14, -13, -16, -7, -2,
      -17, -4, 21, -6, 11, 8, 17, 6, 7, 20, -3, 2, -13, -16, -23, 14,
      -1, 12, 5, -6, 11, -8, 1, -10, 23, 20, -19, 18, 3, -16, -7, 14], [35],
     [-23, -21, -20, -19, -17, -16, -15, -14, -13, -11, -10, -8, -7, -6, -4, -3, -2, -1,
      1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 14, 15, 17, 18, 20, 21, 23],
     [30, 4, 1, 10, 16, 13, 6, 11, 12, 2, 7, 37, 14, 19, 17, 26, 15, 32,
      38, 27, 44, 34, 23, 8, 5, 3, 20, 33, 31, 0, 22, 43, 9, 18, 40],
     [29, 2, 9, 25, 1, 24, 6, 10, 23, 32, 3, 7, 8, 5, 12, 16,
      4, 14, 33, 13, 26, 24, 30, 22, 23, 32, 15, 19, 8, 5, 0, 28,
      17, 27, 21, 13, 26, 11, 18, 10, 34, 32, 3, 31, 20, 5, 12, 28],
     [1, 1, 1, 2, 1, 3, 1, 1, 2, 1, 2, 1, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 1, 2, 1, 2, 1, 1, 1, 3, 1, 1],
     None, True),
]
SQ2, SQ3, EE, PI = 1.4142135, 1.7320508075, 2.71828, 3.141592
UQ_FLOAT = [
    ("scalar", [], [PI], [1], [PI], [0], [0], [1], None, False),
    ("scalar", [], [PI], [1], [PI], [0], [0], [1], None, True),
    ("1d_one", [1], [-EE], [1], [-EE], [0], [0], [1], None, False),
    ("1d_one", [1], [-EE], [1], [-EE], [0], [0], [1], None, True),
    ("1D_no_duplicates", [6], [PI, -PI, -EE, EE, SQ3, SQ2], [6], [PI, -PI, -EE, EE, SQ3, SQ2], [0, 1, 2, 3, 4, 5],
     [0, 1, 2, 3, 4, 5], [1, 1, 1, 1, 1, 1], None, False),
    ("1D_no_duplicates", [6], [PI, -PI, -EE, EE, SQ3, SQ2], [6], [-PI, -EE, SQ2, SQ3, EE, PI], [1, 2, 5, 4, 3, 0],
     [5, 0, 1, 4, 3, 2], [1, 1, 1, 1, 1, 1], None, True),
    ("3D_with_duplicates_axis_minus3", [2, 2, 3], [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6], [1, 2, 3], [1, 2, 3, 4, 5, 6],
     [0], [0, 0], [2], -3, False),
    ("3D_with_duplicates_2_3_output_sorted", [2, 2, 3], [2, -1, -1, -3, 5, 5, -8, 7, 7, 4, 4, 4], [2, 2, 2],
     [-1, 2, 5, -3, 7, -8, 4, 4], [1, 0], [1, 0, 0], [2, 1], 2, True),
]


def np_unique(x, axis, srt):
    """numpy Unique-10 (cross-check only)."""
    if axis is None:
        flat = x.reshape(-1)
        slices = [flat[i:i + 1] for i in range(flat.size)]
        ax = 0
        src = flat
    else:
        ax = axis % x.ndim
        src = x
        slices = [np.take(x, [i], axis=ax) for i in range(x.shape[ax])]
    firsts = []
    for i, s in enumerate(slices):
        if not any(np.array_equal(s, slices[j]) for j in firsts):
            firsts.append(i)
    if srt:
        firsts.sort(key=lambda i: tuple(np.moveaxis(slices[i], ax, 0).reshape(-1).astype(np.float64)))
    uniq = np.concatenate([slices[i] for i in firsts], axis=ax) if axis is not None else \
        np.array([src[i] for i in firsts], dtype=x.dtype)
    rev = [next(k for k, j in enumerate(firsts) if np.array_equal(slices[j], s)) for s in slices]
    counts = [sum(1 for s in slices if np.array_equal(s, slices[j])) for j in firsts]
    return uniq, firsts, rev, counts


def unique_case(vec, et, iet, cet):
    name, ish, d, ush, uv, iv, rv, cv, axis, srt = vec
    data = P("data", d, et, ish)
    u = O("unique", uv, et, ush)
    n_u = ush[0] if axis is None else ush[axis]
    udims = [-1] if axis is None else [(-1 if k == axis % len(ush) else v) for k, v in enumerate(ush)]
    u.dims = udims
    ind = O("indices", iv, iet, [len(iv)], dims=[-1])
    rev = O("rev_indices", rv, iet, [len(rv)])
    cnt = O("counts", cv, cet, [len(cv)], dims=[-1])
    xu, xi, xr, xc = np_unique(data.a, axis, srt)
    xcheck(xu, u.a, name)
    xcheck(xi, ind.a, name)
    xcheck(xr, rev.a, name)
    xcheck(xc, cnt.a, name)
    ins = [data] + ([K("axis", [axis], "i32", [])] if axis is not None else [])
    attrs = [("sorted", srt), ("index_element_type", iet), ("count_element_type", cet)]
    ax = "noaxis" if axis is None else f"axis{axis}"
    case("unique", f"{name}_{ax}_sorted{int(srt)}_{et}_{iet}_{cet}", "Unique", 10, attrs, ins, [u, ind, rev, cnt])


@gen
def gen_unique():
    for v in UQ_INT:
        unique_case(v, "i32", "i64", "i64")
    for et, iet, cet in (("i8", "i32", "i32"), ("i16", "i64", "i32"), ("i64", "i32", "i64")):
        for k in (7, 9, 14, 22, 24, 25):
            unique_case(UQ_INT[k], et, iet, cet)
    for v in UQ_FLOAT:
        unique_case(v, "f32", "i32", "i32")
    for et, iet, cet in (("f16", "i64", "i64"), ("bf16", "i32", "i64"), ("f64", "i64", "i32")):
        for v in UQ_FLOAT[4:]:
            unique_case(v, et, iet, cet)


# ------------------------------------------------------------------------------ search_sorted.cpp
SRC["search_sorted"] = "381cade5"  # data: src/tests/test_utils/unit_test_utils/tests_data/search_sorted_data.h@46ed1191
V12S = [0, 6, 20, 1, 6, 9, 1, 0, 0, 9, 10, 20]
# (name, sorted shape, values shape, right_mode, sorted, values, expected)
SSD = [
    ("1d_tensor_1", [5], [2, 3], False, [1, 3, 5, 7, 9], [3, 6, 9, 3, 6, 9], [1, 3, 4, 1, 3, 4]),
    ("1d_tensor_2", [5], [4, 3], False, [1, 3, 5, 7, 9], V12S, [0, 3, 5, 0, 3, 4, 0, 0, 0, 4, 5, 5]),
    ("1d_tensor_2_right_mode", [5], [4, 3], True, [1, 3, 5, 7, 9], V12S, [0, 3, 5, 1, 3, 5, 1, 0, 0, 5, 5, 5]),
    ("1d_tensor_3", [5], [2, 2, 3], False, [1, 3, 5, 7, 9], V12S, [0, 3, 5, 0, 3, 4, 0, 0, 0, 4, 5, 5]),
    ("1d_tensor_3_right_mode", [5], [2, 2, 3], True, [1, 3, 5, 7, 9], V12S, [0, 3, 5, 1, 3, 5, 1, 0, 0, 5, 5, 5]),
    ("nd_tensor_1", [2, 5], [2, 3], False, [1, 3, 5, 7, 9, 2, 4, 6, 8, 10], [3, 6, 9, 3, 6, 9], [1, 3, 4, 1, 2, 4]),
    ("nd_tensor_1_right_mode", [2, 5], [2, 3], True, [1, 3, 5, 7, 9, 2, 4, 6, 8, 10], [3, 6, 9, 3, 6, 9],
     [2, 3, 5, 1, 3, 4]),
    ("nd_tensor_2", [2, 2, 5], [2, 2, 3], False,
     [1, 3, 5, 7, 9, 0, 2, 4, 6, 8, -20, 5, 10, 23, 41, 100, 125, 130, 132, 139], V12S,
     [0, 3, 5, 1, 3, 5, 1, 1, 1, 0, 0, 0]),
    ("nd_tensor_2_right_mode", [2, 2, 5], [2, 2, 3], True,
     [1, 3, 5, 7, 9, 0, 2, 4, 6, 8, -20, 5, 10, 23, 41, 100, 125, 130, 132, 139], V12S,
     [0, 3, 5, 1, 4, 5, 1, 1, 1, 0, 0, 0]),
]


@gen
def gen_search_sorted():
    for name, ssh, vsh, right, sd, vd, ed in SSD:
        for et in ("i32", "f32"):
            s_, v_ = P("sorted", sd, et, ssh), P("values", vd, et, vsh)
            exp = O("out", ed, "i64", vsh)
            if len(ssh) == 1:
                x = np.searchsorted(s_.a, v_.a, side="right" if right else "left")
            else:
                rows_s = s_.a.reshape(-1, ssh[-1])
                rows_v = v_.a.reshape(rows_s.shape[0], -1)
                x = np.stack([np.searchsorted(rows_s[i], rows_v[i], side="right" if right else "left")
                              for i in range(rows_s.shape[0])]).reshape(vsh)
            xcheck(x, exp.a, name)
            case("search_sorted", f"{name}_{et}", "SearchSorted", 15,
                 [("right_mode", right), ("output_type", "i64")], [s_, v_], [exp])


# ----------------------------------------------------------------------------------- bucketize.cpp
SRC["bucketize"] = "223477dd"
BKT = [
    ("f32_i32_right", "f32", [10, 1], [8, 1, 2, 1.1, 8, 10, 1, 10.2, 0, 20], "i32", [1, 4, 10, 20], True, "i32",
     [2, 0, 1, 1, 2, 2, 0, 3, 0, 3]),
    ("i32_i32_left", "i32", [1, 1, 10], [8, 1, 2, 1, 8, 5, 1, 5, 0, 20], "i32", [1, 4, 10, 20], False, "i32",
     [2, 1, 1, 1, 2, 2, 1, 2, 0, 4]),
]


@gen
def gen_bucketize():
    for name, et, sh, d, bet, b, right, oet, e in BKT:
        data, bk = P("data", d, et, sh), P("buckets", b, bet, [len(b)])
        exp = O("out", e, oet, sh)
        xcheck(np.searchsorted(bk.a, data.a, side="left" if right else "right").astype(W.NP[oet]), exp.a, name)
        case("bucketize", name, "Bucketize", 3, [("output_type", oet), ("with_right_bound", right)], [data, bk], [exp])
        # the same with i64 output (the op's other output type)
        exp64 = O("out", e, "i64", sh)
        case("bucketize", name + "_out_i64", "Bucketize", 3, [("output_type", "i64"), ("with_right_bound", right)],
             [data, bk], [exp64])


# ------------------------------------------------- embeddingbag_offsets.cpp, embeddingbag_packed.cpp,
#                                                   embedding_segments_sum.cpp
SRC["embeddingbag_offsets"] = "1055d9bf"
SRC["embeddingbag_packed"] = "1456d71e"
SRC["embedding_segments_sum"] = "11e04060"
EF = [-0.2, -0.6, -0.1, -0.4, -1.9, -1.8, -1., 1.5, 0.8, -0.7]
EI = [-1, 2, 3, 4, -5, -6, -7, 8, 9, 10]
EU = list(range(1, 11))
# (emb type, emb table, expected, index type, reduction, default_index or None, weights or None)
EBO = [
    ("f32", EF, [-1.05, -1.2, -0.2, -0.6, -0.1, 0.4], "i32", "sum", 0, [0.5] * 4),
    ("f64", EF, [-2.1, -2.4, -0.2, -0.6, -0.2, 0.8], "i32", "sum", 0, None),
    ("i32", EI, [-6, -4, 0, 0, 2, 18], "i32", "sum", None, None),
    ("u32", EU, [6, 8, 3, 4, 16, 18], "i32", "sum", 1, None),
    ("f16", EF, [-2.1, -2.4, 0, 0, -0.2, 0.8], "i64", "sum", None, None),
    ("i64", EI, [-6, -4, -1, 2, 2, 18], "i64", "sum", 0, None),
    ("i8", EI, [-12, -8, -1, 2, 4, 36], "i64", "sum", 0, [2] * 4),
    ("u8", EU, [6, 8, 1, 2, 16, 18], "i32", "sum", 0, None),
    ("i16", EI, [-6, -4, 0, 0, 2, 18], "i32", "sum", -1, None),
    ("u16", EU, [12, 16, 0, 0, 32, 36], "i64", "sum", -1, [2] * 4),
    ("f64", EF, [-1.05, -1.2, -0.2, -0.6, -0.1, 0.4], "i32", "mean", 0, None),
    ("i32", EI, [-3, -2, 0, 0, 1, 9], "i32", "mean", None, None),
    ("u32", EU, [3, 4, 3, 4, 8, 9], "i32", "mean", 1, None),
    ("f16", EF, [-1.05, -1.2, 0, 0, -0.1, 0.4], "i64", "mean", None, None),
    ("i64", EI, [-3, -2, -1, 2, 1, 9], "i64", "mean", 0, None),
    ("u8", EU, [3, 4, 1, 2, 8, 9], "i32", "mean", 0, None),
    ("i16", EI, [-3, -2, 0, 0, 1, 9], "i32", "mean", -1, None),
]
EBP = [
    ("f32", EF, [-1.05, -1.2, -1.0, -1.1, -0.1, 0.4], "i32", "sum", [0.5] * 6),
    ("f64", EF, [-2.1, -2.4, -2.0, -2.2, -0.2, 0.8], "i32", "sum", None),
    ("i32", EI, [-6, -4, -2, -2, 2, 18], "i32", "sum", None),
    ("u32", EU, [6, 8, 8, 10, 16, 18], "i32", "sum", None),
    ("f16", EF, [-2.1, -2.4, -2.0, -2.2, -0.2, 0.8], "i64", "sum", None),
    ("i64", EI, [-6, -4, -2, -2, 2, 18], "i64", "sum", None),
    ("i8", EI, [-12, -8, -4, -4, 4, 36], "i64", "sum", [2] * 6),
    ("u8", EU, [6, 8, 8, 10, 16, 18], "i64", "sum", None),
    ("f64", EF, [-1.05, -1.2, -1., -1.1, -0.1, 0.4], "i32", "mean", None),
    ("i32", EI, [-3, -2, -1, -1, 1, 9], "i32", "mean", None),
    ("u32", EU, [3, 4, 4, 5, 8, 9], "i32", "mean", None),
    ("f16", EF, [-1.05, -1.2, -1.0, -1.1, -0.1, 0.4], "i64", "mean", None),
    ("i64", EI, [-3, -2, -1, -1, 1, 9], "i64", "mean", None),
    ("u8", EU, [3, 4, 4, 5, 8, 9], "i64", "mean", None),
]
ESS = [
    ("f32", EF, [-1.05, -1.2, -0.2, -0.6, -0.1, 0.4], "i32", 0, [0.5] * 4),
    ("f64", EF, [-2.1, -2.4, -0.2, -0.6, -0.2, 0.8], "i32", 0, None),
    ("i32", EI, [-6, -4, 0, 0, 2, 18], "i32", None, None),
    ("u32", EU, [6, 8, 3, 4, 16, 18], "i32", 1, None),
    ("f16", EF, [-2.1, -2.4, 0, 0, -0.2, 0.8], "i64", None, None),
    ("i64", EI, [-6, -4, -1, 2, 2, 18], "i64", 0, None),
    ("i8", EI, [-12, -8, -1, 2, 4, 36], "i64", 0, [2] * 4),
    ("u8", EU, [6, 8, 1, 2, 16, 18], "i32", 0, None),
]


def np_bags(emb, bags, default, weights, red):
    """numpy embedding bags (cross-check only): bags = list of index lists (flat positions for weights)."""
    out = np.zeros((len(bags), emb.shape[1]), dtype=np.float64)
    for b, items in enumerate(bags):
        if not items:
            if default is not None and 0 <= default < emb.shape[0]:
                out[b] = emb[default]
            continue
        for pos, ix in items:
            out[b] += emb[ix].astype(np.float64) * (1.0 if weights is None else float(weights[pos]))
        if red == "mean":
            out[b] /= len(items)
    if emb.dtype.kind in "iu":
        out = np.trunc(out)
    return out.astype(emb.dtype)


def _emb_out(et, e):
    return O("out", e, et, [3, 2], compare="close" if et in FLOAT_TYPES else None,
             atol=1e-2 if et == "f16" else None, rtol=1e-2 if et == "f16" else None)


@gen
def gen_embedding():
    for k, (et, tab, e, iet, red, dflt, w) in enumerate(EBO):
        emb = P("emb_table", tab, et, [5, 2])
        ins = [emb, K("indices", [0, 2, 3, 4], iet, [4]), K("offsets", [0, 2, 2], iet, [3])]
        if dflt is not None:
            ins.append(K("default_index", [dflt], iet, []))
            if w is not None:
                ins.append(K("per_sample_weights", w, et, [4]))
        exp = _emb_out(et, e)
        xcheck(np_bags(emb.a, [[(0, 0), (1, 2)], [], [(2, 3), (3, 4)]], dflt, w, red), exp.a, f"ebo{k}")
        case("embeddingbag_offsets", f"v15_{red}_{k}_{et}_{iet}", "EmbeddingBagOffsets", 15, [("reduction", red)],
             ins, [exp], exact=False)
        if red == "sum":
            case("embeddingbag_offsets", f"v3_EmbeddingBagOffsetsSum_{k}_{et}_{iet}", "EmbeddingBagOffsetsSum", 3,
                 None, ins, [exp], exact=False,
                 desc="EmbeddingBagOffsetsSum-3 on the EmbeddingBagOffsets-15 SUM vector "
                      f"#{k} (the v15 op with reduction sum is defined as the v3 op)")
    for k, (et, tab, e, iet, red, w) in enumerate(EBP):
        emb = P("emb_table", tab, et, [5, 2])
        ins = [emb, K("indices", [0, 2, 1, 2, 3, 4], iet, [3, 2])]
        if w is not None:
            ins.append(K("per_sample_weights", w, et, [3, 2]))
        exp = _emb_out(et, e)
        xcheck(np_bags(emb.a, [[(0, 0), (1, 2)], [(2, 1), (3, 2)], [(4, 3), (5, 4)]], None, w, red), exp.a,
               f"ebp{k}")
        case("embeddingbag_packed", f"v15_{red}_{k}_{et}_{iet}", "EmbeddingBagPacked", 15, [("reduction", red)],
             ins, [exp], exact=False)
        if red == "sum":
            case("embeddingbag_packed", f"v3_EmbeddingBagPackedSum_{k}_{et}_{iet}", "EmbeddingBagPackedSum", 3,
                 None, ins, [exp], exact=False,
                 desc="EmbeddingBagPackedSum-3 on the EmbeddingBagPacked-15 SUM vector "
                      f"#{k} (the v15 op with reduction sum is defined as the v3 op)")
    for k, (et, tab, e, iet, dflt, w) in enumerate(ESS):
        emb = P("emb_table", tab, et, [5, 2])
        ins = [emb, K("indices", [0, 2, 3, 4], iet, [4]), K("segment_ids", [0, 0, 2, 2], iet, [4]),
               K("num_segments", [3], iet, [])]
        if dflt is not None:
            ins.append(K("default_index", [dflt], iet, []))
            if w is not None:
                ins.append(K("per_sample_weights", w, et, [4]))
        exp = _emb_out(et, e)
        xcheck(np_bags(emb.a, [[(0, 0), (1, 2)], [], [(2, 3), (3, 4)]], dflt, w, "sum"), exp.a, f"ess{k}")
        case("embedding_segments_sum", f"v3_{k}_{et}_{iet}", "EmbeddingSegmentsSum", 3, None, ins, [exp],
             exact=False)


# --------------------------------------------------------------------------------- segment_max.cpp
SRC["segment_max"] = "0f78b525"
# (name, data shape, data, segment_ids, num_segments, expected shape, expected (E = empty), with-num shape,
#  with-num expected)
SMX = [
    ("1D", [4], [1, 2, 3, 4], [0, 0, 2, 2], 3, [3], [2, "E", 4], [3], [2, "E", 4]),
    ("2D", [4, 2], [8, 7, 6, 5, 4, 3, 2, 1], [0, 0, 1, 1], 2, [2, 2], [8, 7, 4, 3], [2, 2], [8, 7, 4, 3]),
    ("3D", [4, 2, 2], [1, 2, 3, 4, 5, 6, 7, 8, 16, 15, 14, 13, 12, 11, 10, 9], [0, 0, 1, 1], 2, [2, 2, 2],
     [5, 6, 7, 8, 16, 15, 14, 13], [2, 2, 2], [5, 6, 7, 8, 16, 15, 14, 13]),
    ("single_element_segments", [4], [1, 2, 3, 4], [0, 1, 2, 3], 4, [4], [1, 2, 3, 4], [4], [1, 2, 3, 4]),
    ("all_elements_in_one_segment", [4], [1, 2, 3, 4], [0, 0, 0, 0], 1, [1], [4], [1], [4]),
    ("num_segments_less", [4], [1, 2, 3, 4], [0, 1, 2, 3], 2, [4], [1, 2, 3, 4], [2], [1, 2]),
    ("num_segments_greater", [4], [1, 2, 3, 4], [0, 1, 2, 3], 6, [4], [1, 2, 3, 4], [6], [1, 2, 3, 4, "E", "E"]),
]


def lowest_of(et):
    if et in ("f16", "f32", "f64"):
        return float(np.finfo(W.NP[et]).min)
    return int(np.iinfo(W.NP[et]).min)


@gen
def gen_segment_max():
    for et in ("i32", "i64", "u32", "u64", "f16", "f32"):
        for iet in ("i32", "i64"):
            for fill in ("zero", "lowest"):
                empty = 0 if fill == "zero" else lowest_of(et)
                for name, dsh, d, sid, ns, esh, e, nsh, ne in SMX:
                    if (et, iet) not in (("f32", "i32"), ("i32", "i64"), ("f16", "i64"), ("u64", "i32"),
                                         ("i64", "i32"), ("u32", "i64")):
                        continue
                    for use_num in (False, True):
                        sh, vals = (nsh, ne) if use_num else (esh, e)
                        vals = [empty if v == "E" else v for v in vals]
                        data = P("data", d, et, dsh)
                        ins = [data, P("segment_ids", sid, iet, [4])]
                        if use_num:
                            ins.append(P("num_segments", [ns], iet, []))
                        exp = O("out", vals, et, sh, dims=[-1] + list(sh[1:]))
                        tag = "_num_segments" if use_num else ""
                        case("segment_max", f"v16_{name}_{fill}_{et}_{iet}{tag}", "SegmentMax", 16,
                             [("fill_mode", fill)], ins, [exp])


# ---------------------------------------------------------------------------- scatter_nd_update.cpp
SRC["scatter_nd_update"] = "2b1fc884"
D333 = [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 34, 35, 36, 37, 38, 39]
D444 = [1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1,
        8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8]
# (name, data shape, data, indices shape, indices, updates shape, updates, expected)
SNDU = [
    ("scatter_nd_update_1x1", [1], [1], [1], [0], [1], [20], [20]),
    ("scatter_nd_update_2x2_by_1", [2, 2], [1, 2, 3, 4], [2, 1], [1, 0], [2, 2], [10, 20, 30, 40], [30, 40, 10, 20]),
    ("scatter_nd_update_2x2_by_2", [2, 2], [1, 2, 3, 4], [2, 2], [0, 0, 1, 1], [2], [10, 40], [10, 2, 3, 40]),
    ("scatter_nd_update_3x3_by_1", [3, 3, 3], D333, [2, 1], [0, 2], [2, 3, 3],
     [91, 92, 93, 94, 95, 96, 97, 98, 99, 81, 82, 83, 84, 85, 86, 87, 88, 89],
     [91, 92, 93, 94, 95, 96, 97, 98, 99, 21, 22, 23, 24, 25, 26, 27, 28, 29, 81, 82, 83, 84, 85, 86, 87, 88, 89]),
    ("scatter_nd_update_3x3_by_2v2", [3, 3, 3], D333, [2, 2, 3], [0, 0, 0, 2, 2, 2, 1, 0, 0, 1, 2, 2], [2, 2],
     [91, 92, 81, 82],
     [91, 12, 13, 14, 15, 16, 17, 18, 19, 81, 22, 23, 24, 25, 26, 27, 28, 82, 31, 32, 33, 34, 35, 36, 37, 38, 92]),
    ("scatter_nd_update_3x3_by_2", [3, 3, 3], D333, [2, 2], [0, 0, 2, 2], [2, 3], [91, 92, 93, 87, 88, 89],
     [91, 92, 93, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 34, 35, 36, 87, 88, 89]),
    ("scatter_nd_update_3x3_by_3", [3, 3, 3], D333, [2, 3], [0, 0, 0, 2, 2, 2], [2], [91, 99],
     [91, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 34, 35, 36, 37, 38, 99]),
    ("scatter_nd_update_1d_from_examples", [8], [1, 2, 3, 4, 5, 6, 7, 8], [4, 1], [4, 3, 1, 7], [4], [9, 10, 11, 12],
     [1, 11, 3, 10, 9, 6, 7, 12]),
    ("scatter_nd_update_4x4_shape_from_examples", [4, 4, 4], D444, [2, 1], [0, 2], [2, 4, 4],
     [5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4],
     [5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1,
      1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8]),
    ("scatter_nd_update_4x4_v2", [4, 4, 4], D444, [2, 2, 2], [0, 0, 2, 2, 1, 1, 3, 3], [2, 2, 4],
     [15, 16, 17, 18, 25, 26, 27, 28, 35, 36, 37, 38, 45, 46, 47, 58],
     [15, 16, 17, 18, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 35, 36, 37, 38, 8, 7, 6, 5, 4, 3, 2, 1,
      8, 7, 6, 5, 4, 3, 2, 1, 25, 26, 27, 28, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 45, 46, 47, 58]),
]


def np_sndu(d, idx, upd):
    out = d.copy()
    k = idx.shape[-1]
    idx2 = idx.reshape(-1, k)
    upd2 = upd.reshape((idx2.shape[0],) + d.shape[k:])
    for i in range(idx2.shape[0]):
        out[tuple(int(v) for v in idx2[i])] = upd2[i]
    return out


@gen
def gen_scatter_nd_update():
    for name, dsh, d, ish, iv, ush, uv, e in SNDU:
        for et, iet in (("i32", "i32"), ("i64", "i32"), ("u32", "i64"), ("u64", "i32"), ("f16", "i64"),
                        ("f32", "i32"), ("f32", "i64"), ("boolean", "i32"), ("boolean", "i64")):
            data = P("data", d, et, dsh)
            ind = K("indices", iv, iet, ish)
            upd = K("updates", uv, et, ush)
            exp = O("out", e, et, dsh)
            xcheck(np_sndu(data.a, ind.a, upd.a), exp.a, name)
            case("scatter_nd_update", f"v3_{name}_{et}_{iet}", "ScatterNDUpdate", 3, None, [data, ind, upd], [exp])


# -------------------------------------------------------------------------------------- col2im.cpp
SRC["col2im"] = "0fe780e9"
# inputs are iota from 1 (getContinuousIncreasingValue); (data shape, output_size, kernel, expected shape,
# expected, strides, dilations, pads_begin, pads_end)
C2I = [
    ([3, 4], [2, 2], [1, 1], [3, 2, 2], list(range(1, 13)), [1, 1], [1, 1], [0, 0], [0, 0]),
    ([12, 9], [4, 4], [2, 2], [3, 4, 4],
     [1, 12, 14, 12, 23, 66, 70, 45, 29, 78, 82, 51, 25, 60, 62, 36, 37, 84, 86, 48, 95, 210, 214, 117,
      101, 222, 226, 123, 61, 132, 134, 72, 73, 156, 158, 84, 167, 354, 358, 189, 173, 366, 370, 195, 97, 204, 206,
      108], [1, 1], [1, 1], [0, 0], [0, 0]),
    ([12, 25], [4, 4], [2, 2], [3, 4, 4],
     [166, 170, 174, 178, 186, 190, 194, 198, 206, 210, 214, 218, 226, 230, 234, 238, 566, 570, 574, 578, 586, 590,
      594, 598, 606, 610, 614, 618, 626, 630, 634, 638, 966, 970, 974, 978, 986, 990, 994, 998, 1006, 1010, 1014,
      1018, 1026, 1030, 1034, 1038], [1, 1], [1, 1], [1, 1], [1, 1]),
    ([12, 25], [4, 4], [2, 2], [3, 4, 4],
     [82, 58, 83, 59, 37, 13, 38, 14, 87, 63, 88, 64, 42, 18, 43, 19, 182, 158, 183, 159, 137, 113, 138, 114,
      187, 163, 188, 164, 142, 118, 143, 119, 282, 258, 283, 259, 237, 213, 238, 214, 287, 263, 288, 264, 242, 218,
      243, 219], [2, 2], [1, 1], [3, 3], [3, 3]),
    ([36, 3], [5, 5], [3, 3], [4, 5, 5],
     [6, 0, 15, 0, 14, 0, 0, 0, 0, 0, 24, 0, 42, 0, 32, 0, 0, 0, 0, 0, 42, 0, 69, 0, 50,
      60, 0, 96, 0, 68, 0, 0, 0, 0, 0, 78, 0, 123, 0, 86, 0, 0, 0, 0, 0, 96, 0, 150, 0, 104,
      114, 0, 177, 0, 122, 0, 0, 0, 0, 0, 132, 0, 204, 0, 140, 0, 0, 0, 0, 0, 150, 0, 231, 0, 158,
      168, 0, 258, 0, 176, 0, 0, 0, 0, 0, 186, 0, 285, 0, 194, 0, 0, 0, 0, 0, 204, 0, 312, 0, 212],
     [2, 2], [2, 2], [0, 2], [0, 2]),
    ([2, 12, 9], [2, 2], [2, 2], [2, 3, 2, 2],
     [66, 70, 78, 82, 210, 214, 222, 226, 354, 358, 366, 370, 498, 502, 510, 514, 642, 646, 654, 658, 786, 790, 798,
      802], [1, 1], [1, 1], [1, 1], [1, 1]),
    ([2, 8, 8], [5, 5], [2, 2], [2, 2, 5, 5],
     [2, 10, 3, 11, 4, 18, 26, 19, 27, 20, 6, 14, 7, 15, 8, 22, 30, 23, 31, 24, 0, 0, 0, 0, 0, 34, 42, 35, 43, 36,
      50, 58, 51, 59, 52, 38, 46, 39, 47, 40, 54, 62, 55, 63, 56, 0, 0, 0, 0, 0, 66, 74, 67, 75, 68, 82, 90, 83, 91,
      84, 70, 78, 71, 79, 72, 86, 94, 87, 95, 88, 0, 0, 0, 0, 0, 98, 106, 99, 107, 100, 114, 122, 115, 123, 116,
      102, 110, 103, 111, 104, 118, 126, 119, 127, 120, 0, 0, 0, 0, 0], [2, 2], [1, 1], [0, 2], [0, 2]),
    ([1, 12, 25], [5, 5], [2, 2], [1, 3, 5, 5],
     [7, 39, 41, 43, 34, 64, 178, 182, 186, 118, 74, 198, 202, 206, 128, 84, 218, 222, 226, 138, 67, 159, 161, 163,
      94, 107, 239, 241, 243, 134, 264, 578, 582, 586, 318, 274, 598, 602, 606, 328, 284, 618, 622, 626, 338,
      167, 359, 361, 363, 194, 207, 439, 441, 443, 234, 464, 978, 982, 986, 518, 474, 998, 1002, 1006, 528, 484,
      1018, 1022, 1026, 538, 267, 559, 561, 563, 294], [1, 1], [2, 2], [1, 1], [1, 1]),
    ([1, 4, 3], [4, 4], [2, 2], [1, 1, 4, 4], [9, 0, 15, 0, 0, 0, 0, 0, 11, 0, 17, 0, 0, 0, 0, 0], [2, 2], [2, 2],
     [2, 0], [2, 0]),
    ([2, 32, 12], [6, 6], [4, 4], [2, 2, 6, 6],
     [0, 585, 0, 693, 0, 501, 0, 0, 0, 0, 0, 0, 0, 1086, 0, 1230, 0, 872, 0, 0, 0, 0, 0, 0,
      0, 1044, 0, 1152, 0, 807, 0, 0, 0, 0, 0, 0, 0, 2313, 0, 2421, 0, 1653, 0, 0, 0, 0, 0, 0,
      0, 3390, 0, 3534, 0, 2408, 0, 0, 0, 0, 0, 0, 0, 2772, 0, 2880, 0, 1959, 0, 0, 0, 0, 0, 0,
      0, 4041, 0, 4149, 0, 2805, 0, 0, 0, 0, 0, 0, 0, 5694, 0, 5838, 0, 3944, 0, 0, 0, 0, 0, 0,
      0, 4500, 0, 4608, 0, 3111, 0, 0, 0, 0, 0, 0, 0, 5769, 0, 5877, 0, 3957, 0, 0, 0, 0, 0, 0,
      0, 7998, 0, 8142, 0, 5480, 0, 0, 0, 0, 0, 0, 0, 6228, 0, 6336, 0, 4263, 0, 0, 0, 0, 0, 0],
     [2, 2], [2, 2], [4, 3], [4, 3]),
]


def np_col2im(x, osz, ks, st, dl, pb, pe):
    """numpy Col2Im (cross-check only)."""
    batched = x.ndim == 3
    xb = x if batched else x[None]
    n, ck, L = xb.shape
    kk = ks[0] * ks[1]
    c = ck // kk
    nb = [(osz[i] + pb[i] + pe[i] - (dl[i] * (ks[i] - 1) + 1)) // st[i] + 1 for i in range(2)]
    out = np.zeros((n, c) + tuple(osz), dtype=np.float64)
    for b in range(n):
        for ch in range(ck):
            cc, r = divmod(ch, kk)
            ki, kj = divmod(r, ks[1])
            for l in range(L):
                bi, bj = divmod(l, nb[1])
                h = bi * st[0] - pb[0] + ki * dl[0]
                w = bj * st[1] - pb[1] + kj * dl[1]
                if 0 <= h < osz[0] and 0 <= w < osz[1]:
                    out[b, cc, h, w] += xb[b, ch, l]
    out = out.astype(x.dtype)
    return out if batched else out[0]


@gen
def gen_col2im():
    for k, (dsh, osz, ks, esh, e, st, dl, pb, pe) in enumerate(C2I):
        n = int(np.prod(dsh))
        for et, iet in (("i32", "i32"), ("i64", "i64"), ("u32", "i64"), ("u64", "i32"), ("f16", "i32"),
                        ("f32", "i32"), ("f32", "i64")):
            if et == "f16" and max(e) > 2048:
                continue  # sums above 2048 are not exact in f16; the test compares them with its f16 threshold
            data = P("data", list(range(1, n + 1)), et, dsh)
            exp = O("out", e, et, esh, dims=esh[:-2] + [-1, -1])
            xcheck(np_col2im(data.a, osz, ks, st, dl, pb, pe), exp.a, f"col2im{k}")
            ins = [data, P("output_size", osz, iet, [2]), P("kernel_size", ks, iet, [2])]
            case("col2im", f"v15_{k}_{et}_{iet}", "Col2Im", 15,
                 [("strides", st), ("dilations", dl), ("pads_begin", pb), ("pads_end", pe)], ins, [exp])


# ------------------------------------------------------------------------------- slice_scatter.cpp
SRC["slice_scatter"] = "041a11b2"
R16 = list(range(16))
U16 = [16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 32]
R48 = list(range(48))
Z = None  # a data tensor the test leaves empty (its shape given, no values): every element is overwritten,
          # this port fills it with zeros
MIN, MAX = "MIN", "MAX"  # numeric_limits of the index type
# (name, data shape, data, updates shape, updates, start, stop, step, axes or None, expected)
SLS_U = [
    ("1D_full_replace", [4], [1, 2, 3, 4], [4], [10, 20, 30, 40], [0], [5], [1], None, [10, 20, 30, 40]),
    ("1D_half_replace", [4], [1, 2, 3, 4], [2], [10, 20], [0], [2], [1], None, [10, 20, 3, 4]),
    ("1D_2_step_replace", [4], [1, 2, 3, 4], [2], [10, 20], [1], [5], [2], [0], [1, 10, 3, 20]),
    ("1D_full_replace_empty_slice_params", [4], [1, 2, 3, 4], [4], [10, 20, 30, 40], [], [], [], None,
     [10, 20, 30, 40]),
    ("2D_full_replace_all_axis", [4, 4], R16, [4, 4], U16, [0, 0], [4, 5], [1, 1], None, U16),
    ("2D_full_replace_0_axis", [4, 4], R16, [4, 4], U16, [0], [5], [1], None, U16),
    ("2D_full_replace_1_axis", [4, 4], R16, [4, 4], U16, [0], [5], [1], [1], U16),
    ("2D_partial_replace_all_axis", [4, 4], R16, [2, 2], [16, 17, 18, 19], [2, 0], [4, 2], [1, 1], None,
     [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 10, 11, 18, 19, 14, 15]),
    ("2D_partial_replace_0_axis", [4, 4], R16, [2, 4], list(range(16, 24)), [1], [4], [2], [0],
     [0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 20, 21, 22, 23]),
    ("2D_partial_replace_1_axis", [4, 4], R16, [4, 2], list(range(16, 24)), [0], [4], [2], [1],
     [16, 1, 17, 3, 18, 5, 19, 7, 20, 9, 21, 11, 22, 13, 23, 15]),
    ("4D_empty_slices", [4, 2, 3, 2], R48, [0, 1, 3, 0], [], [4, 2, 0], [25, 25, 25], [1, 1, 5], [0, 3, 1], R48),
    ("4D_full_replace_all_axes", [4, 2, 3, 2], Z, [4, 2, 3, 2], R48, [0, 0, 0, 0], [25, 25, 25, 25], [1, 1, 1, 1],
     None, R48),
    ("4D_full_replace_even_axes", [4, 2, 3, 2], Z, [4, 2, 3, 2], R48, [0, 0], [25, 25], [1, 1], [0, 2], R48),
    ("4D_partial_replace_even_axes", [4, 2, 3, 2], R48, [2, 2, 1, 2], list(range(50, 58)), [1, 0], [4, 4], [2, 3],
     [0, 2], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 50, 51, 14, 15, 16, 17, 52, 53, 20, 21, 22, 23, 24, 25, 26, 27,
              28, 29, 30, 31, 32, 33, 34, 35, 54, 55, 38, 39, 40, 41, 56, 57, 44, 45, 46, 47]),
    ("4D_full_replace_empty_slice_params", [4, 2, 3, 2], Z, [4, 2, 3, 2], R48, [], [], [], [], R48),
]
SLS_S = [
    ("1D_full_replace_reverse", [4], [1, 2, 3, 4], [4], [10, 20, 30, 40], [-1], [-5], [-1], [0], [40, 30, 20, 10]),
    ("1D_half_replace_reverse", [4], [1, 2, 3, 4], [2], [10, 20], [2], [0], [-1], [0], [1, 20, 10, 4]),
    ("1D_2_step_replace_reverse", [4], [1, 2, 3, 4], [2], [10, 20], [4], [-4], [-2], None, [1, 20, 3, 10]),
    ("2D_negative_step_mix", [2, 2], Z, [2, 2], [1, 2, 3, 4], [0, 3], [2, -4], [1, -1], [0, 1], [2, 1, 4, 3]),
    ("2D_negative_step_only", [2, 2], Z, [2, 2], [1, 2, 3, 4], [-1, 3], [-4, -4], [-1, -1], [0, 1], [4, 3, 2, 1]),
    ("2D_negative_big_step", [3, 16], R48, [3, 2], [50, 51, 52, 53, 54, 55], [2, 15], [-4, -17], [-1, -15], [0, 1],
     [55, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 54, 53, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
      29, 30, 52, 51, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 50]),
    ("3D_negative_axes", [2, 2, 2], Z, [2, 2, 2], list(range(1, 9)), [0, 0, 0], [2, 2, 2], [1, 1, 1], [-3, -2, -1],
     list(range(1, 9))),
    ("3D_mixed_step", [2, 4, 3], list(range(24)), [1, 2, 2], [50, 51, 52, 53], [0, 0, 4], [2, 4, -5], [3, 2, -2],
     [0, 1, 2], [51, 1, 50, 3, 4, 5, 53, 7, 52, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]),
    ("4D_INT_MIN_MAX_index", [4, 2, 3, 2], Z, [4, 2, 3, 2], R48, [MIN, MAX, MAX, MIN], [MAX, MIN, MIN, MAX],
     [1, -1, -1, 1], [0, 1, 2, 3],
     [10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 22, 23, 20, 21, 18, 19, 16, 17, 14, 15, 12, 13, 34, 35, 32, 33, 30, 31,
      28, 29, 26, 27, 24, 25, 46, 47, 44, 45, 42, 43, 40, 41, 38, 39, 36, 37]),
    ("4D_mixed", [4, 2, 3, 2], R48, [2, 2, 3, 2], list(range(50, 74)), [100, -100], [-100, 100], [-1, 2], [2, 0],
     [54, 55, 52, 53, 50, 51, 60, 61, 58, 59, 56, 57, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 66, 67, 64,
      65, 62, 63, 72, 73, 70, 71, 68, 69, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47]),
    ("5D_mixed", [2, 4, 2, 2, 3], list(range(96)), [2, 2, 2, 1, 2], list(range(100, 116)), [0, 1, -5, 100, 1],
     [2, 6, 3, -100, 2], [1, 2, 2, -1, 1], [-5, 1, 4, 2, 3],
     [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 102, 16, 103, 18, 19, 20, 100, 22, 101, 24, 25, 26, 27, 28,
      29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 106, 40, 107, 42, 43, 44, 104, 46, 105, 48, 49, 50, 51, 52, 53, 54,
      55, 56, 57, 58, 59, 60, 61, 62, 110, 64, 111, 66, 67, 68, 108, 70, 109, 72, 73, 74, 75, 76, 77, 78, 79, 80,
      81, 82, 83, 84, 85, 86, 114, 88, 115, 90, 91, 92, 112, 94, 113]),
]


def np_slice_scatter(d, u, start, stop, step, axes):
    out = d.copy()
    sl = [slice(None)] * d.ndim
    axes = list(range(len(start))) if axes is None else axes
    for s, e, st, a in zip(start, stop, step, axes):
        sl[a % d.ndim] = slice(s, e, st)
    out[tuple(sl)] = u
    return out


def sls_case(vec, et, iet, aet):
    name, dsh, d, ush, uv, start, stop, step, axes, e = vec
    lim = np.iinfo(W.NP[iet])
    fix = lambda v: [int(lim.min) if x == MIN else int(lim.max) if x == MAX else x for x in v]
    start, stop = fix(start), fix(stop)
    data = P("data", [0] * int(np.prod(dsh)) if d is None else d, et, dsh)
    upd = P("updates", uv, et, ush)
    ins = [data, upd, P("start", start, iet, [len(start)]), P("stop", stop, iet, [len(stop)]),
           P("step", step, iet, [len(step)])]
    if axes is not None:
        ins.append(P("axes", axes, aet, [len(axes)]))
    exp = O("out", e, et, dsh)
    xcheck(np_slice_scatter(data.a, upd.a, start, stop, step, axes), exp.a, name)
    case("slice_scatter", f"v15_{name}_{et}_{iet}_{aet}", "SliceScatter", 15, None, ins, [exp])


@gen
def gen_slice_scatter():
    for et, iet, aet in (("boolean", "i64", "i32"), ("f16", "i32", "i8"), ("bf16", "i32", "i16"),
                         ("f32", "i64", "i32"), ("i8", "i16", "i8"), ("i16", "i8", "i16"), ("i32", "i64", "i32"),
                         ("i64", "i32", "i64"), ("u32", "i32", "i16")):
        for v in SLS_S + (SLS_U if et in ("f32", "i8", "i16", "boolean", "bf16") else []):
            if et == "boolean" and v[0] in ("4D_mixed", "5D_mixed", "2D_negative_big_step", "3D_mixed_step",
                                            "4D_partial_replace_even_axes", "2D_partial_replace_0_axis",
                                            "2D_partial_replace_1_axis", "2D_partial_replace_all_axis"):
                continue  # the test writes these for bool too; values > 1 become true, kept out for clarity
            sls_case(v, et, iet, aet)
    for et, iet, aet in (("u8", "u8", "u8"), ("u16", "u16", "u16"), ("u64", "u64", "u64"), ("u32", "u16", "u8")):
        for v in SLS_U:
            sls_case(v, et, iet, aet)


# ------------------------------------------------------------------------------------- one_hot.cpp
SRC["one_hot"] = "2e0253f7"
# (name, indices shape, indices, axis, depth, on, off, out shape, expected)
OH = [
    ("one_hot_scalar_2_in_3", [], [2], 0, 3, 1, 0, [3], [0, 0, 1]),
    ("one_hot_scalar_1_in_3", [], [1], 0, 3, 1, 0, [3], [0, 1, 0]),
    ("one_hot_scalar_0_in_3", [], [0], 0, 3, 1, 0, [3], [1, 0, 0]),
    ("one_hot_vector_0", [8], [2, 1, 0, 0, 2, 2, 1, 0], 0, 3, 1, 0, [3, 8],
     [0, 0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 1, 0, 0]),
    ("one_hot_vector_1", [8], [2, 1, 0, 0, 2, 2, 1, 0], 1, 3, 1, 0, [8, 3],
     [0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 0]),
    ("one_hot_vector_1_barely_oob", [8], [2, 1, 0, 0, 3, 2, 1, 0], 1, 3, 1, 0, [8, 3],
     [0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0]),
    ("one_hot_matrix_0", [3, 3], [0, 1, 1, 2, 1, 0, 0, 2, 1], 0, 3, 1, 0, [3, 3, 3],
     [1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0]),
]
OH_FLOAT = ("one_hot_on_off_float", [3, 3], [0, 1, 1, 2, 1, 0, 0, 2, 1], 0, 3, 2.5, 0.5, [3, 3, 3],
            [2.5, 0.5, 0.5, 0.5, 0.5, 2.5, 2.5, 0.5, 0.5, 0.5, 2.5, 2.5, 0.5, 2.5, 0.5, 0.5, 0.5, 2.5,
             0.5, 0.5, 0.5, 2.5, 0.5, 0.5, 0.5, 2.5, 0.5])


def np_one_hot(idx, axis, depth, on, off, dt):
    oh = (idx[..., None] == np.arange(depth)).astype(np.float64)
    oh = np.moveaxis(oh, -1, axis % (idx.ndim + 1))
    return np.where(oh > 0, on, off).astype(dt)


def oh_case(vec, iet, oet):
    name, ish, iv, axis, depth, on, off, osh, e = vec
    ind = P("indices", iv, iet, ish)
    exp = O("out", e, oet, osh)
    xcheck(np_one_hot(ind.a, axis, depth, on, off, exp.a.dtype), exp.a, name)
    ins = [ind, K("depth", [depth], iet, []), K("on_value", [on], oet, []), K("off_value", [off], oet, [])]
    case("one_hot", f"v1_{name}_{iet}_{oet}", "OneHot", 1, [("axis", axis)], ins, [exp])


@gen
def gen_one_hot():
    for v in OH:
        oh_case(v, "i32", "i32")
        oh_case(v, "i64", "u16")
    for iet, oet in (("i32", "i16"), ("i32", "i64"), ("i32", "u32"), ("i32", "u64"), ("i64", "i16"),
                     ("i64", "i64"), ("i64", "u32"), ("i64", "u64")):
        oh_case(OH[5], iet, oet)
        oh_case(OH[6], iet, oet)
    for iet, oet in (("i32", "bf16"), ("i32", "f16"), ("i32", "f32"), ("i32", "f64"), ("i64", "f32"), ("i64", "f64")):
        oh_case(OH_FLOAT, iet, oet)
    # one_hot_vector_many_categories: expected built by generateExpectedValues (a 1 at each index)
    cats = [0, 11, 101, 1001, 10001, 19999]
    e = np.zeros((6, 20000), dtype=np.int16)
    e[np.arange(6), cats] = 1
    oh_case(("one_hot_vector_many_categories", [6], cats, 1, 20000, 1, 0, [6, 20000], e.ravel().tolist()),
            "i32", "i16")


# ----------------------------------------------------------------------------------------- eye.cpp
SRC["eye"] = "223477dd"
# (name, rows, cols, diag, batch or None, out type, out shape, expected); rows/cols/diag written with the
# test's tensor shapes: ("s", v) scalar, ("v", v) shape {1}
EYE = [
    ("float32_default_3x2", ("v", 3), ("v", 2), ("v", 0), None, "f32", [3, 2], [1, 0, 0, 1, 0, 0]),
    ("int8_diag=2_2x4", ("s", 2), ("s", 4), ("s", 2), None, "i8", [2, 4], [0, 0, 1, 0, 0, 0, 0, 1]),
    ("int64_diag=-3_4x2", ("v", 4), ("v", 2), ("s", -3), None, "i64", [4, 2], [0, 0, 0, 0, 0, 0, 1, 0]),
    ("int8_empty_1x4", ("s", 1), ("s", 4), ("s", 10), None, "i8", [1, 4], [0, 0, 0, 0]),
    ("f32_2x3x3_diag0", ("v", 3), ("v", 3), ("v", 0), [2], "f32", [2, 3, 3],
     [1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1]),
    # the test declares the expected shape {2,3,3} but writes the 32 values of the 2x4x4 result
    ("f32_2x4x4_diag0", ("v", 4), ("v", 4), ("v", 0), [2], "f32", [2, 4, 4],
     [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
    ("f32_2x3x4_diag0", ("v", 3), ("v", 4), ("v", 0), [2], "f32", [2, 3, 4],
     [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
    ("f32_2x4x3_diag0", ("v", 4), ("v", 3), ("v", 0), [2], "i8", [2, 4, 3],
     [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
    ("f32_2x3x4_diag1", ("v", 3), ("v", 4), ("v", 1), [2], "f32", [2, 3, 4],
     [0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
    ("f32_2x4x3_diag1", ("v", 4), ("v", 3), ("v", 1), [2], "f32", [2, 4, 3],
     [0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]),
    ("i8_2x3x4_diag2", ("v", 3), ("v", 4), ("v", 2), [2], "i8", [2, 3, 4],
     [0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0]),
    ("i8_2x4x3_diag2", ("v", 4), ("v", 3), ("v", 2), [2], "i8", [2, 4, 3],
     [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    ("i8_2x3x4_diag-1", ("v", 3), ("v", 4), ("v", -1), [2], "i8", [2, 3, 4],
     [0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0]),
    ("i8_2x4x3_diag-1", ("v", 4), ("v", 3), ("v", -1), [2], "i8", [2, 4, 3],
     [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]),
    ("i8_2x3x4_diag-2", ("v", 3), ("v", 4), ("v", -2), [2], "i8", [2, 3, 4],
     [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]),
    ("i8_2x4x3_diag-2", ("v", 4), ("v", 3), ("v", -2), [2], "i8", [2, 4, 3],
     [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0]),
    ("int32_2x6x5_diag1", ("v", 6), ("v", 5), ("v", 1), [2], "i32", [2, 6, 5],
     [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
]


def eye_case(vec, dyn):
    name, (rk, r), (ck, c), (dk, dg), batch, oet, osh, e = vec
    sh = lambda k: [] if k == "s" else [1]
    ins = [P("num_rows", [r], "i32", sh(rk), dyn=dyn), P("num_columns", [c], "i32", sh(ck), dyn=dyn),
           P("diagonal_index", [dg], "i32", sh(dk), dyn=dyn)]
    if batch is not None:
        ins.append(P("batch_shape", batch, "i32", [len(batch)], dyn=dyn))
    exp = O("out", e, oet, osh, dims=[-1] * len(osh))
    x = np.eye(r, c, dg, dtype=np.float64)
    if batch is not None:
        x = np.broadcast_to(x, tuple(batch) + x.shape)
    xcheck(x.astype(exp.a.dtype), exp.a, name)
    tag = "_dyn_shape_inputs" if dyn else ""
    case("eye", f"v9_{name}{tag}", "Eye", 9, [("output_type", oet)], ins, [exp])


@gen
def gen_eye():
    for v in EYE:
        eye_case(v, False)
        eye_case(v, True)


# --------------------------------------------------------------------------------------- range.cpp
SRC["range"] = "138a71f0"
# (output type, node type, expected, start, stop, step); the test's Constants are made from these floats
RNG_INT = [([-5, -2, 1, 4], -5, 6, 3), ([10, 7], 10, 5, -3)]
RNG_UINT = [(list(range(10)), 0, 10, 1)]
RNG_F_V0 = [([0.0, 0.25, 0.5, 0.75], 0.0, 1.0, 0.25), ([1.0, 4.0, 7.0], 1.0, 10.0, 3.0),
            ([-1.0, -0.8, -0.6, -0.4, -0.2, 0.0, 0.2, 0.4, 0.6, 0.8], -1.0, 0.875, 0.2),
            ([2.0, 1.75, 1.5, 1.25, 1.0, 0.75, 0.5, 0.25], 2.0, 0.0, -0.25)]
RNG_F_V4 = [RNG_F_V0[0], RNG_F_V0[2], RNG_F_V0[3]]


def range_case(k, version, oet, net, e, start, stop, step):
    ins = [K("start", [start], net, []), K("stop", [stop], net, []), K("step", [step], net, [])]
    exp = O("out", e, oet, [len(e)], compare="close" if oet in FLOAT_TYPES else None)
    if oet in ("f32", "f64"):
        exp.atol, exp.rtol = 1e-6, 1e-5
    attrs = None if version == 1 else [("output_type", oet)]
    case("range", f"v{version}_{k}_{oet}_{net}", "Range", version, attrs, ins, [exp], exact=False)


@gen
def gen_range():
    for et in ("f32", "f16", "bf16"):
        for k, (e, a, b, s) in enumerate(RNG_F_V0):
            range_case(k, 1, et, et, e, a, b, s)
        for k, (e, a, b, s) in enumerate(RNG_F_V4):
            range_case(k, 4, et, et, e, a, b, s)
    for et in ("i64", "i32", "i16", "i8"):
        for k, (e, a, b, s) in enumerate(RNG_INT):
            range_case(k, 1, et, et, e, a, b, s)
            if et != "i16":
                range_case(k, 4, et, et, e, a, b, s)
    for et in ("u64", "u32", "u16", "u8"):
        range_case(0, 1, et, et, *RNG_UINT[0])
        if et != "u16":
            range_case(0, 4, et, et, *RNG_UINT[0])
            # f32 inputs 1.2, 11.3, 1.6 with an integer output type: the inputs are cast to it first
            range_case("float_inputs", 4, et, "f32", list(range(1, 11)), 1.2, 11.3, 1.6)


# --------------------------------------------------------------------------------------- slice.cpp
SRC["slice"] = "1926139b"
R96 = list(range(96))
# (name, data shape, data, start, stop, step, axes or None, out shape, expected)
SL_U = [
    ("1D_full_axes", [4], [1, 2, 3, 4], [0], [5], [1], [0], [4], [1, 2, 3, 4]),
    ("1D_default_axes", [4], [1, 2, 3, 4], [0], [5], [1], None, [4], [1, 2, 3, 4]),
    ("1D_empty_output", [4], [1, 2, 3, 4], [6], [5], [1], [0], [0], []),
    ("2D_full_axes", [2, 2], [1, 2, 3, 4], [0, 0], [2, 2], [1, 1], [0, 1], [2, 2], [1, 2, 3, 4]),
    ("2D_default_axes", [2, 2], [1, 2, 3, 4], [0, 0], [2, 2], [1, 1], None, [2, 2], [1, 2, 3, 4]),
    ("2D_step_2", [2, 4], [1, 2, 3, 4, 5, 6, 7, 8], [1, 0], [2, 3], [1, 2], [0, 1], [1, 2], [5, 7]),
    ("2D_big_step", [3, 16], R48, [0, 0], [3, 16], [1, 15], [0, 1], [3, 2], [0, 15, 16, 31, 32, 47]),
    ("2D_empty_output", [2, 2], [1, 2, 3, 4], [10, 0], [20, 2], [1, 1], [0, 1], [0, 2], []),
    ("3D_full_axes", [2, 2, 2], list(range(1, 9)), [0, 0, 0], [2, 2, 2], [1, 1, 1], [0, 1, 2], [2, 2, 2],
     list(range(1, 9))),
    ("3D_default_axes", [2, 2, 2], list(range(1, 9)), [0, 0, 0], [2, 2, 2], [1, 1, 1], None, [2, 2, 2],
     list(range(1, 9))),
    ("3D_less_axes", [2, 2, 2], list(range(1, 9)), [0, 0], [2, 2], [1, 1], [0, 1], [2, 2, 2], list(range(1, 9))),
    ("3D_empty_output", [2, 2, 2], list(range(1, 9)), [0, 2, 0], [2, 2, 2], [1, 1, 1], [0, 1, 2], [2, 0, 2], []),
    ("4D_full_axes", [4, 2, 3, 2], R48, [0, 0, 0, 0], [4, 2, 3, 2], [1, 1, 1, 1], [0, 1, 2, 3], [4, 2, 3, 2], R48),
    ("4D_default_axes", [4, 2, 3, 2], R48, [0, 0, 0, 0], [4, 2, 3, 2], [1, 1, 1, 1], None, [4, 2, 3, 2], R48),
    ("4D_half_dim", [4, 2, 3, 2], R48, [0], [2], [1], [0], [2, 2, 3, 2], list(range(24))),
    ("4D_half_dim_step", [4, 2, 3, 2], R48, [0], [4], [2], [0], [2, 2, 3, 2], list(range(12)) + list(range(24, 36))),
    # the test declares the expected shape {2,2,2,1,2} but writes the 96 values of the full slice
    ("5D_full_axes", [2, 4, 2, 2, 3], R96, [0, 0, 0, 0, 0], [2, 4, 2, 2, 3], [1, 1, 1, 1, 1], [0, 1, 2, 3, 4],
     [2, 4, 2, 2, 3], R96),
]
SL_S = [
    ("1D_negative_step", [4], [1, 2, 3, 4], [5], [-6], [-1], None, [4], [4, 3, 2, 1]),
    ("1D_empty_output_negative_step", [4], [1, 2, 3, 4], [0], [5], [-1], [0], [0], []),
    ("2D_negative_step_mix", [2, 2], [1, 2, 3, 4], [0, 3], [2, -4], [1, -1], [0, 1], [2, 2], [2, 1, 4, 3]),
    ("2D_negative_step_only", [2, 2], [1, 2, 3, 4], [-1, 3], [-4, -4], [-1, -1], [0, 1], [2, 2], [4, 3, 2, 1]),
    ("2D_negative_big_step", [3, 16], R48, [2, 15], [-4, -17], [-1, -15], [0, 1], [3, 2], [47, 32, 31, 16, 15, 0]),
    ("3D_negative_axes", [2, 2, 2], list(range(1, 9)), [0, 0, 0], [2, 2, 2], [1, 1, 1], [-3, -2, -1], [2, 2, 2],
     list(range(1, 9))),
    ("3D_mixed_step", [2, 4, 3], list(range(24)), [0, 0, 4], [2, 4, -5], [3, 2, -2], [0, 1, 2], [1, 2, 2],
     [2, 0, 8, 6]),
    ("4D_INT_MIN_MAX_index", [4, 2, 3, 2], R48, [MIN, MAX, MAX, MIN], [MAX, MIN, MIN, MAX], [1, -1, -1, 1],
     [0, 1, 2, 3], [4, 2, 3, 2],
     [10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 22, 23, 20, 21, 18, 19, 16, 17, 14, 15, 12, 13, 34, 35, 32, 33, 30, 31,
      28, 29, 26, 27, 24, 25, 46, 47, 44, 45, 42, 43, 40, 41, 38, 39, 36, 37]),
    ("4D_mixed", [4, 2, 3, 2], R48, [100, -100], [-100, 100], [-1, 2], [2, 0], [2, 2, 3, 2],
     [4, 5, 2, 3, 0, 1, 10, 11, 8, 9, 6, 7, 28, 29, 26, 27, 24, 25, 34, 35, 32, 33, 30, 31]),
    ("5D_mixed", [2, 4, 2, 2, 3], R96, [0, 1, -5, 100, 1], [2, 6, 3, -100, 2], [1, 2, 2, -1, 1], [-5, 1, 4, 2, 3],
     [2, 2, 2, 1, 2], [21, 23, 15, 17, 45, 47, 39, 41, 69, 71, 63, 65, 93, 95, 87, 89]),
]


def slice_case(vec, et, iet, aet):
    name, dsh, d, start, stop, step, axes, osh, e = vec
    lim = np.iinfo(W.NP[iet])
    fix = lambda v: [int(lim.min) if x == MIN else int(lim.max) if x == MAX else x for x in v]
    start, stop = fix(start), fix(stop)
    data = P("data", d, et, dsh)
    ins = [data, P("start", start, iet, [len(start)]), P("stop", stop, iet, [len(stop)]),
           P("step", step, iet, [len(step)])]
    if axes is not None:
        ins.append(P("axes", axes, aet, [len(axes)]))
    exp = O("out", e, et, osh, dims=[-1] * len(osh))
    sl = [slice(None)] * len(dsh)
    for s, t, st, a in zip(start, stop, step, axes if axes is not None else range(len(start))):
        sl[a % len(dsh)] = slice(s, t, st)
    xcheck(data.a[tuple(sl)], exp.a, name)
    case("slice", f"v8_{name}_{et}_{iet}_{aet}", "Slice", 8, None, ins, [exp])


@gen
def gen_slice():
    for et, iet, aet in (("f16", "i32", "i8"), ("bf16", "i32", "i16"), ("f32", "i64", "i32"), ("i8", "i16", "i8"),
                         ("i16", "i8", "i16"), ("i32", "i64", "i32"), ("i64", "i32", "i64"),
                         ("u32", "i32", "i16")):
        for v in SL_S + (SL_U if et in ("f32", "i8", "i16", "bf16") else []):
            slice_case(v, et, iet, aet)
    for et, iet, aet in (("u8", "u8", "u8"), ("u16", "u16", "u16"), ("u64", "u64", "u64"), ("u32", "u16", "u8")):
        for v in SL_U:
            slice_case(v, et, iet, aet)


# ---------------------------------------------------------------------------------------- roll.cpp
SRC["roll"] = "1926139b"
RF2 = [50.2907, 70.8054, -68.3403, 62.6444, 4.9748, -18.5551, 40.5383, -15.3859, -4.5881, -43.3479, 94.1676, -95.7097]
RF3 = [94.0773, 33.0599, 58.1724, -20.3640, 54.5372, -54.3023, 10.4662, 11.7532,
       -11.7692, 56.4223, -95.3774, 8.8978, 1.9305, 13.8025, 12.0827, 81.4669,
       19.5321, -8.9553, -75.3226, 20.8033, 20.7660, 62.7361, 14.9372, -33.0825]
# (name, shape, data, shift, axes, expected)
ROLL_I = [
    ("roll_repeated_axes", [4, 3], list(range(1, 13)), [1, 2, 1], [0, 1, 0], [8, 9, 7, 11, 12, 10, 2, 3, 1, 5, 6, 4]),
    ("roll_negative_axes", [4, 2, 3], list(range(1, 25)), [2, -1, -7], [-1, -1, -2],
     [6, 4, 5, 3, 1, 2, 12, 10, 11, 9, 7, 8, 18, 16, 17, 15, 13, 14, 24, 22, 23, 21, 19, 20]),
]
ROLL_F = [
    ("roll_2d_input", [4, 3], RF2, [1], [0],
     [-43.3479, 94.1676, -95.7097, 50.2907, 70.8054, -68.3403, 62.6444, 4.9748, -18.5551, 40.5383, -15.3859,
      -4.5881]),
    ("roll_2d_input_negative_shift", [4, 3], RF2, [-1, 2], [0, 1],
     [4.9748, -18.5551, 62.6444, -15.3859, -4.5881, 40.5383, 94.1676, -95.7097, -43.3479, 70.8054, -68.3403,
      50.2907]),
    ("roll_3d_input", [4, 2, 3], RF3, [2, 1, 3], [0, 1, 2],
     [81.4669, 19.5321, -8.9553, 1.9305, 13.8025, 12.0827, 62.7361, 14.9372, -33.0825, -75.3226, 20.8033, 20.7660,
      -20.3640, 54.5372, -54.3023, 94.0773, 33.0599, 58.1724, 56.4223, -95.3774, 8.8978, 10.4662, 11.7532,
      -11.7692]),
    ("roll_3d_input_negative_shift", [4, 2, 3], RF3, [-5, 1, 3], [0, 1, 1],
     [10.4662, 11.7532, -11.7692, 56.4223, -95.3774, 8.8978, 1.9305, 13.8025, 12.0827, 81.4669, 19.5321, -8.9553,
      -75.3226, 20.8033, 20.7660, 62.7361, 14.9372, -33.0825, 94.0773, 33.0599, 58.1724, -20.3640, 54.5372,
      -54.3023]),
]


def roll_case(vec, et):
    name, sh, d, shift, axes, e = vec
    data = P("data", d, et, sh)
    exp = O("out", e, et, sh)
    xcheck(np.roll(data.a, shift, axis=tuple(axes)), exp.a, name)
    case("roll", f"v7_{name}_{et}", "Roll", 7, None,
         [data, K("shift", shift, "i64", [len(shift)]), K("axes", axes, "i64", [len(axes)])], [exp])


@gen
def gen_roll():
    for v in ROLL_I:
        for et in INT_TYPES + FLOAT_TYPES:
            roll_case(v, et)
    for v in ROLL_F:
        roll_case(v, "f32")


# ---------------------------------------------------------------------------------- reverse_sequence.cpp
SRC["reverse_sequence"] = "213bfc02"
RS4D = [0, 0, 3, 0, 6, 0, 9, 0, 1, 0, 4, 0, 7, 0, 10, 0, 2, 0, 5, 0, 8, 0, 11, 0,
        12, 0, 15, 0, 18, 0, 21, 0, 13, 0, 16, 0, 19, 0, 22, 0, 14, 0, 17, 0, 20, 0, 23, 0]
RS4E = [0, 0, 4, 0, 6, 0, 10, 0, 1, 0, 3, 0, 7, 0, 9, 0, 2, 0, 5, 0, 8, 0, 11, 0,
        12, 0, 16, 0, 18, 0, 22, 0, 13, 0, 15, 0, 19, 0, 21, 0, 14, 0, 17, 0, 20, 0, 23, 0]
# (name, batch_axis, seq_axis, shape, data, seq_lengths (i32), expected)
RSEQ = [
    ("2D_b1_s0", 1, 0, [4, 4], [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15], [4, 3, 2, 1],
     [3, 6, 9, 12, 2, 5, 8, 13, 1, 4, 10, 14, 0, 7, 11, 15]),
    ("2D_b0_s1", 0, 1, [4, 4], list(range(16)), [1, 2, 3, 4], [0, 1, 2, 3, 5, 4, 6, 7, 10, 9, 8, 11, 15, 14, 13, 12]),
    ("4D_b2_s1", 2, 1, [2, 3, 4, 2], RS4D, [1, 2, 1, 2], RS4E),
    ("4D_b-2_s-3", -2, -3, [2, 3, 4, 2], RS4D, [1, 2, 1, 2], RS4E),
    ("4D_b0_s1", 0, 1, [4, 3, 2, 2], R48, [1, 2, 3, 3],
     [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 12, 13, 14, 15, 20, 21, 22, 23, 32, 33, 34, 35, 28, 29,
      30, 31, 24, 25, 26, 27, 44, 45, 46, 47, 40, 41, 42, 43, 36, 37, 38, 39]),
    ("5D_b0_s2", 0, 2, [4, 2, 3, 2, 2], R96, [1, 2, 1, 2],
     [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 28, 29, 30, 31, 24, 25,
      26, 27, 32, 33, 34, 35, 40, 41, 42, 43, 36, 37, 38, 39, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57,
      58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 76, 77, 78, 79, 72, 73, 74, 75, 80, 81, 82, 83, 88,
      89, 90, 91, 84, 85, 86, 87, 92, 93, 94, 95]),
]


def np_revseq(x, ba, sa, lens):
    out = x.copy()
    ba, sa = ba % x.ndim, sa % x.ndim
    for b in range(x.shape[ba]):
        n = int(lens[b])
        for i in range(n):
            src = [slice(None)] * x.ndim
            dst = [slice(None)] * x.ndim
            src[ba] = dst[ba] = b
            src[sa], dst[sa] = n - 1 - i, i
            out[tuple(dst)] = x[tuple(src)]
    return out


@gen
def gen_reverse_sequence():
    for name, ba, sa, sh, d, lens, e in RSEQ:
        for et in ("f32", "f16", "i32", "u16", "i8", "u8"):
            data = P("data", d, et, sh)
            exp = O("out", e, et, sh)
            xcheck(np_revseq(data.a, ba, sa, lens), exp.a, name)
            case("reverse_sequence", f"v0_{name}_{et}", "ReverseSequence", 1, [("batch_axis", ba), ("seq_axis", sa)],
                 [data, P("seq_lengths", lens, "i32", [len(lens)])], [exp])


# ----------------------------------------------------------------------------------- broadcast.cpp
SRC["broadcast"] = "1926139b"
# (name, data shape, data, target shape, expected shape, expected)
BC = [
    ("broadcast_scalar_vector", [], [6], [4], [4], [6] * 4),
    ("broadcast_scalar_matrix", [], [6], [2, 2], [2, 2], [6] * 4),
    ("broadcast_scalar_tensor", [], [6], [2, 2, 2], [2, 2, 2], [6] * 8),
    ("broadcast_trivial", [2, 2, 2], [2, 4, 6, 8, 16, 32, 64, 127], [2, 2, 2], [2, 2, 2],
     [2, 4, 6, 8, 16, 32, 64, 127]),
    ("broadcast_matrix_0", [2, 2], [1, 2, 3, 4], [2, 2, 2], [2, 2, 2], [1, 2, 3, 4, 1, 2, 3, 4]),
]
# (name, data shape, data, target shape, axes_mapping, expected)
BCX = [
    ("broadcast_scalar_vector_explicit_axis_0", [], [6], [1, 2], [0], [6, 6]),
    ("broadcast_vector_colwise", [3], [1, 2, 3], [3, 4], [0], [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]),
    ("broadcast_vector_rowwise", [4], [1, 2, 3, 4], [3, 4], [1], [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]),
    ("broadcast_scalar_to_matrix", [1], [4], [3, 1], [1], [4, 4, 4]),
    ("broadcast_matrix_1", [2, 2], [1, 2, 3, 4], [2, 2, 2], [0, 2], [1, 2, 1, 2, 3, 4, 3, 4]),
    ("broadcast_matrix_2", [2, 2], [1, 2, 3, 4], [2, 2, 2], [0, 1], [1, 1, 2, 2, 3, 3, 4, 4]),
]


@gen
def gen_broadcast():
    for et in INT_TYPES + FLOAT_TYPES:
        for name, dsh, d, tsh, esh, e in BC:
            data = P("data", d, et, dsh)
            exp = O("out", e, et, esh)
            xcheck(np.broadcast_to(data.a, esh), exp.a, name)
            tgt = K("target_shape", tsh, "u64", [len(tsh)])
            case("broadcast", f"v1_{name}_{et}", "Broadcast", 1, [("mode", "numpy")], [data, tgt], [exp])
            if et in ("i32", "f32", "u8", "bf16"):
                case("broadcast", f"v3_{name}_{et}", "Broadcast", 3, [("mode", "numpy")], [data, tgt], [exp])
        for name, dsh, d, tsh, am, e in BCX:
            data = P("data", d, et, dsh)
            exp = O("out", e, et, tsh)
            case("broadcast", f"v1_{name}_{et}", "Broadcast", 1, [("mode", "explicit")],
                 [data, K("target_shape", tsh, "u64", [len(tsh)]), K("axes_mapping", am, "i64", [len(am)])], [exp])


# ------------------------------------------------------------------------------- depth_to_space.cpp
SRC["depth_to_space"] = "1926139b"
D2S_A = [0, 2, 8, 10, 16, 18, 24, 26, 1, 3, 9, 11, 17, 19, 25, 27, 4, 6, 12, 14, 20, 22, 28, 30, 5, 7, 13, 15, 21,
         23, 29, 31]
D2S_B = [0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14,
         30, 15, 31]
R32 = list(range(32))
# (name, in shape, data, mode, block, out shape, expected)
D2S = [
    ("depth_to_space_block_first_K1_BS2", [1, 8, 2], D2S_A[:16], "blocks_first", 2, [1, 4, 4],
     [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27]),
    ("depth_to_space_block_first_K2_BS2", [1, 8, 2, 2], D2S_A, "blocks_first", 2, [1, 2, 4, 4], R32),
    ("depth_to_space_block_first_K2_BS4", [1, 16, 2, 1], D2S_B, "blocks_first", 4, [1, 1, 8, 4], R32),
    ("depth_to_space_depth_first_1K_BS2", [1, 8, 2], [0, 2, 1, 3, 4, 6, 5, 7, 8, 10, 9, 11, 12, 14, 13, 15],
     "depth_first", 2, [1, 4, 4], list(range(16))),
    ("depth_to_space_depth_first_2K_BS2", [1, 8, 2, 2], D2S_A, "depth_first", 2, [1, 2, 4, 4],
     [0, 16, 2, 18, 1, 17, 3, 19, 8, 24, 10, 26, 9, 25, 11, 27, 4, 20, 6, 22, 5, 21, 7, 23, 12, 28, 14, 30, 13, 29,
      15, 31]),
    ("depth_to_space_depth_first_2K_BS4", [1, 16, 2, 1], D2S_B, "depth_first", 4, [1, 1, 8, 4], R32),
]


def np_d2s(x, mode, bs):
    n, c = x.shape[:2]
    sp = list(x.shape[2:])
    k = len(sp)
    cc = c // bs ** k
    if mode == "blocks_first":
        y = x.reshape([n] + [bs] * k + [cc] + sp)
        perm = [0, k + 1] + [v for i in range(k) for v in (k + 2 + i, 1 + i)]
    else:
        y = x.reshape([n, cc] + [bs] * k + sp)
        perm = [0, 1] + [v for i in range(k) for v in (k + 2 + i, 2 + i)]
    return y.transpose(perm).reshape([n, cc] + [s * bs for s in sp])


@gen
def gen_depth_to_space():
    for name, ish, d, mode, bs, osh, e in D2S:
        for et in INT_TYPES + FLOAT_TYPES:
            if et not in ("f32", "i8", "u64", "bf16", "f16", "i32") and "2K_BS2" not in name:
                continue
            data = P("data", d, et, ish)
            exp = O("out", e, et, osh)
            xcheck(np_d2s(data.a, mode, bs), exp.a, name)
            case("depth_to_space", f"v1_{name}_{et}", "DepthToSpace", 1, [("block_size", bs), ("mode", mode)],
                 [data], [exp])


# ---------------------------------------------------------------------------------------- tile.cpp
SRC["tile"] = "16365a86"
# (name, data shape, data, repeats, out shape, expected)
TILE = [
    ("tile_0d_to_1d_data_broadcast", [], [1], [2], [2], [1, 1]),
    ("tile_1d_to_1d_no_broadcast", [6], V6, [4], [24], V6 * 4),
    ("tile_1d_to_3d_data_broadcast", [3], [1, 2, 3], [2, 2, 1], [2, 2, 3], [1, 2, 3] * 4),
    ("tile_3d_to_3d_repeats_broadcast", [2, 1, 3], V6, [2, 1], [2, 2, 3], [1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6]),
    ("tile_1d_to_3d_with_zero_on_axis_0", [1], [1], [0, 2, 3], [0, 2, 3], []),
    ("tile_1d_to_3d_with_zero_on_axis_1", [3], [1, 2, 3], [2, 0, 3], [2, 0, 9], []),
]
TILE_F = ("tile_3d_to_3d_repeats_broadcast_float_val", [2, 1, 3], [1.1, 2.2, 3.3, 4.4, 5.5, 6.6], [2, 1], [2, 2, 3],
          [1.1, 2.2, 3.3, 1.1, 2.2, 3.3, 4.4, 5.5, 6.6, 4.4, 5.5, 6.6])
TILE_NEG = ("tile_1d_to_1d_with_negative_repeats", [3], [1, 2, 3], [-1], [0], [])


def tile_case(vec, et, ret):
    name, dsh, d, rep, osh, e = vec
    data = P("data", d, et, dsh)
    exp = O("out", e, et, osh)
    if min(rep) >= 0:
        xcheck(np.tile(data.a, rep), exp.a, name)
    case("tile", f"v0_{name}_{et}_{ret}", "Tile", 1, None, [data, K("repeats", rep, ret, [len(rep)])], [exp])


@gen
def gen_tile():
    for k, (et, ret) in enumerate([(e, r) for e in INT_TYPES + ["f16", "f32", "f64", "bf16"]
                                   for r in INT_TYPES]):
        if k % 5 == 0 or (et, ret) in (("f32", "i64"), ("i32", "u8")):  # every 5th of the test's 96 type pairs
            for v in TILE:
                tile_case(v, et, ret)
    for et, ret in (("f16", "i8"), ("f32", "u64"), ("f64", "i32"), ("bf16", "u16")):
        tile_case(TILE_F, et, ret)
    for ret in ("i8", "i16", "i32", "i64"):
        tile_case(TILE_NEG, "f32", ret)


# ---------------------------------------------------------------------------------- shuffle_channels.cpp
SRC["shuffle_channels"] = "1926139b"
R60 = list(range(60))
SC60 = [0, 1, 2, 3, 12, 13, 14, 15, 24, 25, 26, 27, 36, 37, 38, 39, 48, 49, 50, 51,
        4, 5, 6, 7, 16, 17, 18, 19, 28, 29, 30, 31, 40, 41, 42, 43, 52, 53, 54, 55,
        8, 9, 10, 11, 20, 21, 22, 23, 32, 33, 34, 35, 44, 45, 46, 47, 56, 57, 58, 59]
# (name, shape, data, axis, group, expected)
SHC = [
    ("shuffle_channels_simple", [1, 15, 2, 2], R60, 1, 5, SC60),
    ("shuffle_channels_negative_axis", [15, 2, 1, 2], R60, -4, 5, SC60),
    ("shuffle_channels_float", [6, 1, 1, 1], [0, 1, 2, 3, 4, 5], 0, 2, [0, 3, 1, 4, 2, 5]),
    ("shuffle_channels_1d", [15], list(range(15)), 0, 5, [0, 3, 6, 9, 12, 1, 4, 7, 10, 13, 2, 5, 8, 11, 14]),
    ("shuffle_channels_2d", [15, 4], R60, 0, 5, SC60),
    ("shuffle_channels_3d", [15, 2, 2], R60, 0, 5, SC60),
    ("shuffle_channels_5d", [2, 2, 15, 2, 2], R60 * 4, 2, 5, SC60 * 4),
]


def np_shuffle(x, axis, group):
    axis %= x.ndim
    sh = x.shape
    y = x.reshape(sh[:axis] + (group, sh[axis] // group) + sh[axis + 1:])
    return np.swapaxes(y, axis, axis + 1).reshape(sh)


@gen
def gen_shuffle_channels():
    for name, sh, d, axis, group, e in SHC:
        for et in INT_TYPES + FLOAT_TYPES:
            if et not in ("f32", "u8", "i64", "bf16") and name != "shuffle_channels_negative_axis":
                continue
            data = P("data", d, et, sh)
            exp = O("out", e, et, sh)
            xcheck(np_shuffle(data.a, axis, group), exp.a, name)
            case("shuffle_channels", f"v0_{name}_{et}", "ShuffleChannels", 1, [("axis", axis), ("group", group)],
                 [data], [exp])


# ------------------------------------------------------------------------------- batch_to_space.cpp
SRC["batch_to_space"] = "0d1b5360"
R12 = list(range(1, 13))
R24a = list(range(1, 25))
# (name, data shape, data, block_shape, crops_begin, crops_end, out shape, expected)
B2S = [
    ("input_with_shape_4x3", [4, 3], R12, [1, 2], [0, 0], [0, 0], [2, 6], [1, 7, 2, 8, 3, 9, 4, 10, 5, 11, 6, 12]),
    ("input_with_shape_4x1x3", [4, 1, 3], R12, [1, 1, 2], [0, 0, 0], [0, 0, 0], [2, 1, 6],
     [1, 7, 2, 8, 3, 9, 4, 10, 5, 11, 6, 12]),
    ("input_with_shape_4x1x1x3", [4, 1, 1, 3], R12, [1, 1, 1, 2], [0] * 4, [0] * 4, [2, 1, 1, 6],
     [1, 7, 2, 8, 3, 9, 4, 10, 5, 11, 6, 12]),
    ("input_with_shape_4x1x1x3_1", [4, 1, 1, 3], R12, [1, 1, 2, 1], [0] * 4, [0] * 4, [2, 1, 2, 3],
     [1, 2, 3, 7, 8, 9, 4, 5, 6, 10, 11, 12]),
    ("input_with_shape_4x1x1x3_2", [4, 1, 1, 3], R12, [1, 1, 2, 2], [0] * 4, [0] * 4, [1, 1, 2, 6],
     [1, 4, 2, 5, 3, 6, 7, 10, 8, 11, 9, 12]),
    ("input_with_shape_4x1x2x3", [4, 1, 2, 3], R24a, [1, 1, 1, 2], [0] * 4, [0] * 4, [2, 1, 2, 6],
     [1, 13, 2, 14, 3, 15, 4, 16, 5, 17, 6, 18, 7, 19, 8, 20, 9, 21, 10, 22, 11, 23, 12, 24]),
    ("input_with_shape_4x1x2x3_1", [4, 1, 2, 3], R24a, [1, 1, 2, 1], [0] * 4, [0] * 4, [2, 1, 4, 3],
     [1, 2, 3, 13, 14, 15, 4, 5, 6, 16, 17, 18, 7, 8, 9, 19, 20, 21, 10, 11, 12, 22, 23, 24]),
    ("input_with_shape_4x1x2x3_2", [4, 1, 2, 3], R24a, [1, 1, 2, 2], [0] * 4, [0] * 4, [1, 1, 4, 6],
     [1, 7, 2, 8, 3, 9, 13, 19, 14, 20, 15, 21, 4, 10, 5, 11, 6, 12, 16, 22, 17, 23, 18, 24]),
    ("input_with_shape_with_crop_4x1x2x3", [4, 1, 2, 3], R24a, [1, 1, 2, 2], [0] * 4, [0, 0, 0, 2], [1, 1, 4, 4],
     [1, 7, 2, 8, 13, 19, 14, 20, 4, 10, 5, 11, 16, 22, 17, 23]),
    ("input_with_shape_with_crop_4x1x2x3_1", [4, 1, 2, 3], R24a, [1, 1, 2, 2], [0, 0, 0, 2], [0] * 4, [1, 1, 4, 4],
     [2, 8, 3, 9, 14, 20, 15, 21, 5, 11, 6, 12, 17, 23, 18, 24]),
    ("input_with_shape_with_crop_4x1x2x3_2", [4, 1, 2, 3], R24a, [1, 1, 2, 2], [0, 0, 1, 0], [0, 0, 1, 0],
     [1, 1, 2, 6], [13, 19, 14, 20, 15, 21, 4, 10, 5, 11, 6, 12]),
]


def np_b2s(x, bs, cb, ce):
    n = x.ndim
    prod = int(np.prod(bs))
    b = x.shape[0] // prod
    y = x.reshape(list(bs[1:]) + [b] + list(x.shape[1:]))
    k = n - 1
    perm = [k] + [v for i in range(1, n) for v in (k + i, i - 1)]
    y = y.transpose(perm)
    y = y.reshape([b] + [x.shape[i] * bs[i] for i in range(1, n)])
    sl = tuple(slice(cb[i], y.shape[i] - ce[i]) for i in range(n))
    return y[sl]


@gen
def gen_batch_to_space():
    for name, dsh, d, bs, cb, ce, osh, e in B2S:
        for et in INT_TYPES + FLOAT_TYPES:
            if et not in ("f32", "i8", "u64", "bf16", "f16") and "crop" not in name:
                continue
            data = P("data", d, et, dsh)
            exp = O("out", e, et, osh, dims=[-1] * len(osh))
            xcheck(np_b2s(data.a, bs, cb, ce), exp.a, name)
            ins = [data, P("block_shape", bs, "i64", [len(bs)]), P("crops_begin", cb, "i64", [len(cb)]),
                   P("crops_end", ce, "i64", [len(ce)])]
            case("batch_to_space", f"v1_{name}_{et}", "BatchToSpace", 1, None, ins, [exp])


# ==== END (sections are inserted above this line)
if __name__ == "__main__":
    main()
