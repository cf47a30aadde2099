"""ONNX backend node tests (Debian package libonnx-testdata) -> OpenVINO IR, converted the way OpenVINO's ONNX
frontend maps the ops (openvino-semantics.md §9.1, §5.1).  Expected outputs are the ONNX test_data_set_0
output_*.pb tensors, unmodified.

Needs /usr/bin/python3 with python3-onnx and python3-numpy, and libonnx-testdata installed.
"""
import glob
import os

import numpy as np
import onnx
from onnx import numpy_helper

import cases as C
import irwriter as W
import ovref

DATA = "/usr/share/libonnx-testdata/data"
PATTERNS = ["node/test_maxpool_*", "node/test_averagepool_*", "node/test_globalmaxpool*",
            "node/test_globalaveragepool*", "pytorch-converted/test_MaxPool*", "pytorch-converted/test_AvgPool*",
            "pytorch-operator/test_operator_maxpool"]
MAX_ELEMS = 300_000  # keep testdata small; larger cases are recorded as skip


def load_pb(path):
    t = onnx.TensorProto()
    with open(path, "rb") as f:
        t.ParseFromString(f.read())
    return numpy_helper.to_array(t)


def attrs_of(node):
    return {a.name: onnx.helper.get_attribute_value(a) for a in node.attribute}


def clean(name, default):
    # pytorch-converted models use numeric tensor names ("0", "1"); give them readable ones
    return default if (not name or name.isdigit()) else name


def convert(case_dir):
    rel = os.path.relpath(case_dir, DATA)
    tname = os.path.basename(case_dir)
    name = tname[len("test_"):]
    if rel.startswith("pytorch-"):
        name = rel.split("/")[0].replace("pytorch-", "pt") + "_" + name
    m = onnx.load(os.path.join(case_dir, "model.onnx"))
    opset = m.opset_import[0].version
    nodes = [n for n in m.graph.node if n.op_type not in ("Unsqueeze", "Squeeze")]
    assert len(nodes) == 1, rel
    node = nodes[0]
    squeezed = len(nodes) != len(m.graph.node)
    at = attrs_of(node)
    ds = sorted(glob.glob(os.path.join(case_dir, "test_data_set_0")))[0]
    xs = [load_pb(p) for p in sorted(glob.glob(os.path.join(ds, "input_*.pb")))]
    ys = [load_pb(p) for p in sorted(glob.glob(os.path.join(ds, "output_*.pb")))]
    assert len(xs) == 1
    x = xs[0]
    pname = clean(m.graph.input[0].name, "x")
    onames = [clean(o, d) for o, d in zip(node.output, ["y", "indices"])] if not squeezed else ["y"]
    et = W.etype_of(x)
    origin = f"libonnx-testdata {rel} (opset {opset}), test_data_set_0"
    extra = {"onnx_attributes": {k: (v.decode() if isinstance(v, bytes) else v) for k, v in at.items()}}
    if squeezed:
        extra["conversion_note"] = ("ONNX graph is Unsqueeze(axis 3) -> 2-D pool with kernel [k,1] -> Squeeze; "
                                    "converted to the equivalent single 1-D pool")

    total = x.size + sum(y.size for y in ys)
    if total > MAX_ELEMS:
        C.finish("onnx", name, None, {}, [], origin, f"ONNX {node.op_type} {x.shape} {x.dtype}",
                 _opname(node, at), expect="skip",
                 reason=f"input+output have {total} elements ({x.nbytes // 1024} KiB input), over the "
                        f"testdata size budget of {MAX_ELEMS} elements", extra=dict(extra, dtype=et))
        return "skip", name

    if node.op_type in ("GlobalMaxPool", "GlobalAveragePool"):
        kind = "max" if node.op_type == "GlobalMaxPool" else "avg"
        nsp = x.ndim - 2
        g, osh = C.adaptive_graph(name, kind, et, list(x.shape), [1] * nsp, param=pname, yname=onames[0],
                                  want_indices=False)
        assert list(ys[0].shape) == osh
        desc = (f"ONNX {node.op_type} -> Adaptive{'Max' if kind == 'max' else 'Avg'}Pool-8 with Const output_size "
                f"{[1] * nsp} (i64)" + ("; indices output unused" if kind == "max" else ""))
        op = "AdaptiveMaxPool-8" if kind == "max" else "AdaptiveAvgPool-8"
        return finish(name, g, {pname: x}, ys, onames, origin, desc, op, extra), name

    nsp = x.ndim - 2
    k = list(at["kernel_shape"])
    s = list(at.get("strides", [1] * nsp))
    d = list(at.get("dilations", [1] * nsp))
    pads = list(at.get("pads", [0] * 2 * nsp))
    if squeezed:  # 2-D [k,1] pool on an unsqueezed 1-D tensor
        k, s, d, pads = k[:1], s[:1], d[:1], [pads[0], pads[2]]
    pb, pe = pads[:nsp], pads[nsp:]
    ap = at.get("auto_pad", b"NOTSET")
    ap = ap.decode() if isinstance(ap, bytes) else ap
    auto_pad = {"NOTSET": "explicit", "SAME_UPPER": "same_upper", "SAME_LOWER": "same_lower", "VALID": "valid"}[ap]
    ceil = int(at.get("ceil_mode", 0)) == 1
    rounding = "ceil" if ceil else "floor"
    onnx_shape = list(ys[0].shape)
    if ceil:
        ov_ceil, _, _ = ovref.pool_out_shape(list(x.shape), k, s, pb, pe, "ceil", auto_pad, d)
        if ov_ceil != onnx_shape:
            rounding = "ceil_torch"
            extra["rounding_choice"] = f"ceil_torch: OV ceil gives {ov_ceil}, ONNX expects {onnx_shape}"
        else:
            extra["rounding_choice"] = "ceil: OV ceil and ONNX ceil_mode give the same output shape"

    if node.op_type == "AveragePool":
        if any(v != 1 for v in d):
            C.finish("onnx", name, None, {}, [], origin, "ONNX AveragePool with dilations", "AvgPool",
                     expect="skip", reason="AveragePool dilations have no AvgPool-1/-14 equivalent",
                     extra=dict(extra, dtype=et))
            return "skip", name
        cip = int(at.get("count_include_pad", 0)) == 1
        ver = 14 if rounding == "ceil_torch" else 1
        g, osh = C.avgpool_graph(name, et, list(x.shape), ver, k, s, pb, pe, not cip, rounding, auto_pad,
                                 param=pname, yname=onames[0], check_shapes=[onnx_shape])
        desc = (f"ONNX AveragePool -> AvgPool-{ver}: kernel={k} strides={s} pads={pb}/{pe} auto_pad={auto_pad} "
                f"rounding={rounding} exclude-pad={not cip} (count_include_pad={int(cip)})")
        return finish(name, g, {pname: x}, ys, onames, origin, desc, f"AvgPool-{ver}", extra), name

    assert node.op_type == "MaxPool"
    storage_order = int(at.get("storage_order", 0))
    two = len(node.output) == 2
    if rounding == "ceil_torch":
        ver = 14
    elif two or any(v != 1 for v in d):
        ver = 8
    else:
        ver = 1
    if storage_order == 1 and two:
        return storage_order_case(name, x, ys, onames, pname, ver, k, s, pb, pe, rounding, auto_pad, d, origin,
                                  extra), name
    g, osh = C.maxpool_graph(name, et, list(x.shape), ver, k, s, pb, pe, rounding, auto_pad,
                             d if ver != 1 else None, 0, "i64", param=pname, yname=onames[0],
                             iname=onames[1] if two else "indices", want_indices=two,
                             check_shapes=[y.shape for y in ys])
    desc = (f"ONNX MaxPool -> MaxPool-{ver}: kernel={k} strides={s} dilations={d} pads={pb}/{pe} "
            f"auto_pad={auto_pad} rounding={rounding}" + (" indices: i64, axis 0" if two else ""))
    return finish(name, g, {pname: x}, ys, onames, origin, desc, f"MaxPool-{ver}", extra), name


def _opname(node, at):
    if node.op_type == "MaxPool":
        dil = any(v != 1 for v in at.get("dilations", []))
        return "MaxPool-8" if (dil or len(node.output) == 2) else "MaxPool-1"
    return {"AveragePool": "AvgPool-1", "GlobalMaxPool": "AdaptiveMaxPool-8",
            "GlobalAveragePool": "AdaptiveAvgPool-8"}[node.op_type]


def storage_order_case(name, x, ys, onames, pname, ver, k, s, pb, pe, rounding, auto_pad, d, origin, extra):
    """storage_order=1: Transpose(swap last two dims) -> MaxPool-8 -> Transpose back on both outputs, so the
    flat indices computed on the transposed tensor are the column-major indices ONNX asks for."""
    et = W.etype_of(x)
    nsp = x.ndim - 2
    perm = list(range(x.ndim))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    sw = lambda v: v[:-2] + [v[-1], v[-2]]
    tshape = [x.shape[p] for p in perm]
    oshape_t, _, _ = ovref.pool_out_shape(tshape, sw(k), sw(s), sw(pb), sw(pe), rounding, auto_pad, sw(d))
    oshape = [oshape_t[p] for p in perm]
    for y in ys:
        assert list(y.shape) == oshape
    g = W.Graph(name)
    xin = g.param(pname, et, list(x.shape))
    pc = g.const("perm", "i64", np.array(perm))
    (xt,) = g.op("transpose_in", "Transpose", "opset1", None, [xin, pc], [(et, tshape, None)])
    attrs = W.maxpool_attrs(ver, sw(k), sw(s), sw(pb), sw(pe), rounding, auto_pad, sw(d), "i64", 0)
    yt, it = g.op("pool", "MaxPool", f"opset{ver}", attrs, [xt], [(et, oshape_t, None), ("i64", oshape_t, None)])
    (y,) = g.op("transpose_values", "Transpose", "opset1", None, [yt, pc], [(et, oshape, onames[0])])
    (i,) = g.op("transpose_indices", "Transpose", "opset1", None, [it, pc], [("i64", oshape, onames[1])])
    g.result(y, onames[0])
    g.result(i, onames[1])
    extra = dict(extra)
    extra["conversion_note"] = ("storage_order=1 (column-major indices): Transpose(perm [0,1,3,2]) -> MaxPool-8 "
                                "(kernel/strides/pads swapped on the last two axes) -> Transpose back on both "
                                "outputs; flat indices over the transposed tensor are the column-major indices")
    desc = f"ONNX MaxPool storage_order=1 with indices -> Transpose + MaxPool-{ver} + Transpose"
    return finish(name, g, {pname: x}, ys, onames, origin, desc, f"MaxPool-{ver}+Transpose", extra)


def finish(name, g, inputs, ys, onames, origin, desc, op, extra):
    outs = []
    for y, n in zip(ys, onames):
        et = W.etype_of(y)
        exact = et not in ("f16", "f32", "f64") or op.startswith(("MaxPool", "AdaptiveMaxPool"))
        outs.append({"name": n, "array": y, "compare": "exact" if exact else "close"})
    r = C.finish("onnx", name, g, inputs, outs, origin, desc, op, extra=extra, allow_differs=True)
    if r.startswith("differs-detected"):
        why = r.split(":", 1)[1]
        reason = differs_reason(op, extra, why)
        C.finish("onnx", name, g, inputs, outs, origin, desc, op, expect="differs", reason=reason, extra=extra)
        return "differs"
    return r


def differs_reason(op, extra, why):
    return (f"OpenVINO semantics differ from the ONNX expected output ({why}); see openvino-semantics.md §5.3/§9.1")


def main():
    W.clear_source("onnx")
    dirs = sorted({d for p in PATTERNS for d in glob.glob(os.path.join(DATA, p))})
    stats = {}
    for d in dirs:
        r, name = convert(d)
        stats[r] = stats.get(r, 0) + 1
        if r != "match":
            print(f"  {name}: {r}")
    print(f"onnx: {len(dirs)} cases {stats}")


if __name__ == "__main__":
    main()
