#!/usr/bin/env python3
"""Synthetic BERT-base encoder layer as OpenVINO IR (the corpus has no transformer).

seq 128, hidden 768, 12 heads, FFN 3072, random weights (seed 0): three MatMul+Add
projections, Reshape/Transpose to heads, scaled Q·Kᵀ, SoftMax, ·V, output projection
+ residual, MVN layer norm (Multiply, Add), FFN MatMul+Add, Gelu-7 (erf, or tanh with
--gelu tanh), MatMul+Add, residual, layer norm. Written with testdata/gen/irwriter.py.

    /usr/bin/python3 testdata/bench/synth/bert_layer.py [--out DIR] [--gelu erf|tanh]

writes DIR/bert-layer/model.xml and .bin (DIR defaults to /tmp/synth), so that

    irrun bench /tmp/synth/bert-layer/model.xml --nthreads 1 --profile
    CORPUS=/tmp/synth python3 ../shared/bench/models.py --models bert-layer --threads 1,2

time it. Needs numpy.
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "gen"))
import irwriter as W  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--out", default="/tmp/synth")
ap.add_argument("--gelu", default="erf", choices=["erf", "tanh"])
args = ap.parse_args()
S, D, Hh, F = 128, 768, 12, 3072
rng = np.random.default_rng(0)
g = W.Graph("bert_layer")
def w(*shape, s=0.02): return (rng.standard_normal(shape) * s).astype(np.float32)
n = [0]
def op(t, v, attrs, ins, shape, et="f32"):
    n[0] += 1
    (r,) = g.op(f"{t}_{n[0]}", t, v, attrs, ins, [(et, shape, None)])
    return r
def c(a, et="f32"):
    n[0] += 1
    return g.const(f"c{n[0]}", et, a)
def lin(x, din, dout, shape):
    y = op("MatMul", "opset1", [("transpose_a", False), ("transpose_b", True)], [x, c(w(dout, din))], shape[:-1] + [dout])
    return op("Add", "opset1", [("auto_broadcast", "numpy")], [y, c(w(dout))], shape[:-1] + [dout])
def ln(x, shape):
    y = op("MVN", "opset6", [("eps_mode", "inside_sqrt"), ("normalize_variance", True), ("eps", 1e-12)], [x, c(np.array([-1], np.int64), "i64")], shape)
    y = op("Multiply", "opset1", [("auto_broadcast", "numpy")], [y, c(1 + w(D))], shape)
    return op("Add", "opset1", [("auto_broadcast", "numpy")], [y, c(w(D))], shape)
x = g.param("x", "f32", [1, S, D])
heads = []
for _ in range(3):
    h = lin(x, D, D, [1, S, D])
    h = op("Reshape", "opset1", [("special_zero", True)], [h, c(np.array([0, 0, Hh, D // Hh], np.int64), "i64")], [1, S, Hh, D // Hh])
    heads.append(op("Transpose", "opset1", None, [h, c(np.array([0, 2, 1, 3], np.int64), "i64")], [1, Hh, S, D // Hh]))
q, k, v = heads
sc = op("MatMul", "opset1", [("transpose_a", False), ("transpose_b", True)], [q, k], [1, Hh, S, S])
sc = op("Multiply", "opset1", [("auto_broadcast", "numpy")], [sc, c(np.array(0.125, np.float32))], [1, Hh, S, S])
sc = op("SoftMax", "opset8", [("axis", -1)], [sc], [1, Hh, S, S])
ctx = op("MatMul", "opset1", [("transpose_a", False), ("transpose_b", False)], [sc, v], [1, Hh, S, D // Hh])
ctx = op("Transpose", "opset1", None, [ctx, c(np.array([0, 2, 1, 3], np.int64), "i64")], [1, S, Hh, D // Hh])
ctx = op("Reshape", "opset1", [("special_zero", True)], [ctx, c(np.array([0, 0, D], np.int64), "i64")], [1, S, D])
a = lin(ctx, D, D, [1, S, D])
a = op("Add", "opset1", [("auto_broadcast", "numpy")], [a, x], [1, S, D])
a = ln(a, [1, S, D])
f = lin(a, D, F, [1, S, D])
f = op("Gelu", "opset7", [("approximation_mode", args.gelu)], [f], [1, S, F])
f = lin(f, F, D, [1, S, F])
f = op("Add", "opset1", [("auto_broadcast", "numpy")], [f, a], [1, S, D])
(y,) = g.op("out", "Add", "opset1", [("auto_broadcast", "numpy")], [ln(f, [1, S, D]), c(np.zeros(D, np.float32))], [("f32", [1, S, D], "y")])
g.result(y, "y")
d = os.path.join(args.out, "bert-layer")
os.makedirs(d, exist_ok=True)
open(os.path.join(d, "model.xml"), "w").write(g.xml())
open(os.path.join(d, "model.bin"), "wb").write(bytes(g.blob))
print("ok")
