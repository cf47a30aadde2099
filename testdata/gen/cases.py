"""Builders for single-pooling-op conformance cases (shared by gen_onnx.py, gen_spec.py, gen_torch.py)."""
import numpy as np

import irwriter as W
import ovref


def _check_and_classify(d, graph, inputs, outputs, expect, reason):
    """Run the numpy OV model on the case; a 'match' case must agree with the oracle."""
    import os
    got = ovref.run_ir(os.path.join(d, "model.xml"), os.path.join(d, "model.bin"), inputs)
    bad = []
    for o in outputs:
        exp = o["array"]
        et = W.etype_of(exp)
        mode = o.get("compare") or ("close" if et in ("f16", "f32", "f64") else "exact")
        atol, rtol = W.tolerances(et)
        ok, why = ovref.compare(got[o["name"]], exp, mode, o.get("atol", atol), o.get("rtol", rtol))
        if not ok:
            bad.append(f"{o['name']}: {why}")
    return bad


def finish(source, name, graph, inputs, outputs, origin, description, op, expect="match", reason="",
           extra=None, allow_differs=False):
    d = W.write_case(source, name, graph, inputs, outputs, origin, description, op, expect, reason, extra)
    if expect == "skip":
        return expect
    bad = _check_and_classify(d, graph, inputs, outputs, expect, reason)
    if expect == "match" and bad:
        if not allow_differs:
            raise AssertionError(f"{source}/{name}: OV model disagrees with oracle: {bad}")
        return "differs-detected:" + "; ".join(bad)
    if expect == "differs" and not bad:
        raise AssertionError(f"{source}/{name}: marked differs but OV model agrees with oracle")
    return expect


def maxpool_graph(name, x_et, x_shape, version, kernel, strides, pads_begin, pads_end, rounding="floor",
                  auto_pad="explicit", dilations=None, axis=0, index_type="i64", param="x", yname="y",
                  iname="indices", want_indices=True, check_shapes=None):
    """Parameter -> MaxPool-{1,8,14} -> Result(s).  Declared dims come from the §1.2 formula."""
    oshape, _, _ = ovref.pool_out_shape(x_shape, kernel, strides, pads_begin, pads_end, rounding, auto_pad,
                                        dilations)
    if check_shapes is not None:
        for s in check_shapes:
            assert list(s) == oshape, f"{name}: OV shape {oshape} != oracle shape {list(s)}"
    g = W.Graph(name)
    x = g.param(param, x_et, x_shape)
    attrs = W.maxpool_attrs(version, kernel, strides, pads_begin, pads_end, rounding, auto_pad, dilations,
                            index_type, axis)
    if version == 1:
        (y,) = g.op("pool", "MaxPool", "opset1", attrs, [x], [(x_et, oshape, yname)])
        g.result(y, yname)
    else:
        y, i = g.op("pool", "MaxPool", f"opset{version}", attrs, [x],
                    [(x_et, oshape, yname), (index_type, oshape, iname if want_indices else None)])
        g.result(y, yname)
        if want_indices:
            g.result(i, iname)
    return g, oshape


def avgpool_graph(name, x_et, x_shape, version, kernel, strides, pads_begin, pads_end, exclude_pad,
                  rounding="floor", auto_pad="explicit", param="x", yname="y", check_shapes=None, dilations=None):
    assert dilations is None or version >= 16, "dilations need AvgPool-16"
    oshape, _, _ = ovref.pool_out_shape(x_shape, kernel, strides, pads_begin, pads_end, rounding, auto_pad,
                                        dilations)
    if check_shapes is not None:
        for s in check_shapes:
            assert list(s) == oshape, f"{name}: OV shape {oshape} != oracle shape {list(s)}"
    g = W.Graph(name)
    x = g.param(param, x_et, x_shape)
    attrs = W.avgpool_attrs(kernel, strides, pads_begin, pads_end, exclude_pad, rounding, auto_pad, dilations)
    (y,) = g.op("pool", "AvgPool", f"opset{version}", attrs, [x], [(x_et, oshape, yname)])
    g.result(y, yname)
    return g, oshape


def adaptive_graph(name, kind, x_et, x_shape, out_size, param="x", yname="y", iname="indices",
                   want_indices=True, index_type="i64", size_type="i64"):
    oshape = list(x_shape[:2]) + list(out_size)
    g = W.Graph(name)
    x = g.param(param, x_et, x_shape)
    c = g.const("output_size", size_type, np.array(out_size))
    if kind == "avg":
        (y,) = g.op("pool", "AdaptiveAvgPool", "opset8", None, [x, c], [(x_et, oshape, yname)])
        g.result(y, yname)
    else:
        y, i = g.op("pool", "AdaptiveMaxPool", "opset8", [("index_element_type", index_type)], [x, c],
                    [(x_et, oshape, yname), (index_type, oshape, iname if want_indices else None)])
        g.result(y, yname)
        if want_indices:
            g.result(i, iname)
    return g, oshape
