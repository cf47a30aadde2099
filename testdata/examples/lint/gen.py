#!/usr/bin/env python3
"""Writes one small IR per lint rule: lint/<rule-code>/model.xml (+ model.bin where the rule
needs weights). Each case is the same base model (Parameter 1x1x4x4 -> MaxPool-1 2x2 s2 ->
Result) with one defect. cmd/irrun/internal/cli's TestLintExamples checks that every case
reports its rule; its -update flag regenerates docs/lint-rules.md from the real output."""
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))


def port(pid, prec="FP32", dims=(1, 1, 4, 4), names=None, extra=""):
    nm = f' names="{names}"' if names else ""
    d = "".join(f"<dim>{x}</dim>" for x in dims)
    return f'<port id="{pid}" precision="{prec}"{nm}{extra}>{d}</port>'


PARAM = ('\t\t<layer id="0" name="x" type="Parameter" version="opset1">\n'
         '\t\t\t<data shape="1,1,4,4" element_type="f32" />\n'
         f'\t\t\t<output>{port(0, names="x")}</output>\n'
         '\t\t</layer>\n')
POOL_DATA = 'strides="2, 2" pads_begin="0, 0" pads_end="0, 0" kernel="2, 2" rounding_type="floor" auto_pad="explicit"'


def pool(lid=1, name="pool", data=POOL_DATA, typ="MaxPool", ver="opset1", in_dims=(1, 1, 4, 4),
         out_dims=(1, 1, 2, 2), out_prec="FP32", out_names="y", rt=""):
    return (f'\t\t<layer id="{lid}" name="{name}" type="{typ}" version="{ver}">\n'
            f'\t\t\t<data {data} />\n{rt}'
            f'\t\t\t<input>{port(0, dims=in_dims)}</input>\n'
            f'\t\t\t<output>{port(1, out_prec, out_dims, out_names)}</output>\n'
            '\t\t</layer>\n')


def result(lid=2, name="y", dims=(1, 1, 2, 2), prec="FP32"):
    return (f'\t\t<layer id="{lid}" name="{name}" type="Result" version="opset1">\n'
            f'\t\t\t<input>{port(0, prec, dims)}</input>\n'
            '\t\t</layer>\n')


EDGES = ['<edge from-layer="0" from-port="0" to-layer="1" to-port="0" />',
         '<edge from-layer="1" from-port="1" to-layer="2" to-port="0" />']


def net(layers, edges=EDGES, version="11", root="net", tail=""):
    e = "".join(f"\t\t{x}\n" for x in edges)
    return (f'<?xml version="1.0"?>\n<{root} name="lint" version="{version}">\n\t<layers>\n{layers}\t</layers>\n'
            f'\t<edges>\n{e}\t</edges>\n{tail}</{root}>\n')


BASE = PARAM + pool() + result()
CONST = ('\t\t<layer id="3" name="w" type="Const" version="opset1">\n'
         '\t\t\t<data element_type="i64" shape="{shape}" offset="{offset}" size="{size}" />\n'
         '\t\t\t<output>' + port(0, "I64", (2,)) + '</output>\n'
         '\t\t</layer>\n')
ADAPTIVE = ('\t\t<layer id="1" name="gap" type="AdaptiveAvgPool" version="{ver}">\n'
            '\t\t\t<input>' + port(0) + port(1, "I64", (2,)) + '</input>\n'
            '\t\t\t<output>' + port(2, dims=(1, 1, 2, 2), names="y") + '</output>\n'
            '\t\t</layer>\n')
ADAPTIVE_EDGES = ['<edge from-layer="0" from-port="0" to-layer="1" to-port="0" />',
                  '<edge from-layer="3" from-port="0" to-layer="1" to-port="1" />',
                  '<edge from-layer="1" from-port="2" to-layer="2" to-port="0" />']
I64x2 = (2).to_bytes(8, "little") * 2

cases = {
    "xml-syntax": (net(BASE).replace("\t</layers>\n", ""), None),
    "not-ir": (net(BASE, root="model"), None),
    "ir-version": (net(BASE, version="9"), None),
    "missing-attribute": (net(BASE, edges=[EDGES[0].replace(' to-port="0"', ''), EDGES[1]]), None),
    "invalid-attribute": (net(PARAM + pool(data=POOL_DATA.replace('kernel="2, 2"', 'kernel="2, x"')) + result()), None),
    "attribute-ignored": (net(PARAM + pool(typ="AvgPool", data=POOL_DATA + ' exclude-pad="yes"') + result()), None),
    "invalid-dim": (net(PARAM + pool() + result(dims=(1, 1, 2, -2))), None),
    "invalid-precision": (net(PARAM + pool(out_prec="F32") + result()), None),
    "duplicate-rt-info": (net(PARAM + pool(rt='\t\t\t<rt_info><attribute name="fused_names" version="0" value="a" />'
                                          '<attribute name="fused_names" version="0" value="b" /></rt_info>\n') + result()), None),
    "missing-data": (net(BASE.replace('\t\t\t<data shape="1,1,4,4" element_type="f32" />\n', '')), None),
    "unknown-opset": (net(PARAM + pool(ver="opset99") + result()), None),
    "op-not-in-opset": (net(PARAM + ADAPTIVE.format(ver="opset1") + result() + CONST.format(shape="2", offset=0, size=16),
                            edges=ADAPTIVE_EDGES), I64x2),
    "unsupported-op": (net(PARAM + pool(name="act", typ="ReLU", data='', out_dims=(1, 1, 4, 4)).replace("\t\t\t<data  />\n", "")
                           + result(dims=(1, 1, 4, 4))), None),
    "op-validation": (net(PARAM + pool(data=POOL_DATA.replace('kernel="2, 2"', 'kernel="5, 5"')) + result()), None),
    "unsupported-feature": (net(BASE.replace('element_type="f32"', 'element_type="boolean"')
                                .replace('precision="FP32"', 'precision="BOOL"')), None),
    "const-no-weights": (net(PARAM + ADAPTIVE.format(ver="opset8") + result() + CONST.format(shape="2", offset=0, size=16),
                             edges=ADAPTIVE_EDGES), b""),
    "const-out-of-range": (net(PARAM + ADAPTIVE.format(ver="opset8") + result() + CONST.format(shape="2", offset=8, size=16),
                               edges=ADAPTIVE_EDGES), I64x2),
    "const-size-mismatch": (net(PARAM + ADAPTIVE.format(ver="opset8") + result() + CONST.format(shape="2", offset=0, size=8),
                                edges=ADAPTIVE_EDGES), I64x2),
    "no-weights": (net(PARAM + ADAPTIVE.format(ver="opset8") + result() + CONST.format(shape="2", offset=0, size=16),
                       edges=ADAPTIVE_EDGES), None),
    "duplicate-layer-id": (net(PARAM + pool() + result(lid=1)), None),
    "edge-missing-layer": (net(BASE, edges=[EDGES[0], EDGES[1].replace('to-layer="2"', 'to-layer="7"')]), None),
    "edge-missing-port": (net(BASE, edges=[EDGES[0], EDGES[1].replace('to-port="0"', 'to-port="5"')]), None),
    "duplicate-input-edge": (net(BASE, edges=EDGES + ['<edge from-layer="0" from-port="0" to-layer="1" to-port="0" />']), None),
    "input-not-connected": (net(BASE, edges=[EDGES[1]]), None),
    "cycle": (net(PARAM + pool() + pool(lid=3, name="pool2", in_dims=(1, 1, 2, 2), out_dims=(1, 1, 4, 4), out_names="z") + result(),
                  edges=['<edge from-layer="3" from-port="1" to-layer="1" to-port="0" />',
                                           '<edge from-layer="1" from-port="1" to-layer="3" to-port="0" />', EDGES[1]]), None),
    "unreachable-layer": (net(BASE + pool(lid=3, name="unused", out_names="u"),
                              edges=EDGES + ['<edge from-layer="0" from-port="0" to-layer="3" to-port="0" />']), None),
    "port-dims-mismatch": (net(PARAM + pool() + result(dims=(1, 1, 3, 3))), None),
    "declared-shape-mismatch": (net(PARAM + pool(out_dims=(1, 1, 3, 3)) + result(dims=(1, 1, 3, 3))), None),
    "port-precision-mismatch": (net(PARAM + pool(out_prec="FP16") + result(prec="FP16")), None),
}

for code, (xml, bin_) in cases.items():
    d = os.path.join(HERE, code)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    with open(os.path.join(d, "model.xml"), "w") as f:
        f.write(xml)
    if bin_ is not None:
        with open(os.path.join(d, "model.bin"), "wb") as f:
            f.write(bin_)
print(len(cases), "cases")
