"""ONNX backend node tests for every op but pooling (Debian package libonnx-testdata) -> OpenVINO IR.

Each single-node ONNX test becomes a small IR graph built the way OpenVINO's ONNX frontend maps the op
(src/frontends/onnx/frontend/src/op/*.cpp): usually one OpenVINO op, sometimes a short fixed chain (Gemm ->
MatMul, Multiply, Add; Sum -> a chain of Add).  Inputs the frontend needs as constants (axes, shapes,
pads, repeats, k, weights) are written as Const layers holding the test's input values; every other input
is a Parameter fed with the test's input_*.pb.  The expected outputs are the test's output_*.pb tensors,
unmodified: nothing here computes an expected value.

Ops with no OpenVINO counterpart in opset1-16, tests with several nodes, string tensors and training-mode
variants are not converted (each skipped test is listed with its reason in SKIPPED.md).  A test whose
expected output OpenVINO's semantics do not give is written with expect "differs" and the reason.

Tolerances: outputs of ops that only move, select or compare values are compared exactly; computed
floating outputs use the tolerance ONNX's own backend test runner applies to every backend (rtol 1e-3,
atol 1e-7, onnx/backend/test/case/node/__init__.py), widened to atol 1e-5 for f16.

Needs /usr/bin/python3 with python3-onnx and python3-numpy, and libonnx-testdata installed.
"""
import glob
import json
import os

import numpy as np
import onnx
from onnx import numpy_helper

import irwriter as W

DATA = "/usr/share/libonnx-testdata/data"
DIRS = {"node": "", "pytorch-converted": "ptconverted_", "pytorch-operator": "ptoperator_"}  # dir -> name prefix
SOURCE = "onnxops"
MAX_ELEMS = 300_000
POOL_OPS = {"MaxPool", "AveragePool", "GlobalMaxPool", "GlobalAveragePool"}  # gen_onnx.py covers these
RTOL, ATOL = 1e-3, 1e-7


class Skip(Exception):
    """The test cannot be expressed as OpenVINO IR; the message says why."""


def load_pb(path):
    t = onnx.TensorProto()
    with open(path, "rb") as f:
        t.ParseFromString(f.read())
    try:
        return numpy_helper.to_array(t)
    except (ValueError, TypeError) as e:  # a sequence, map or optional stored in the .pb, not a tensor
        raise Skip(f"{os.path.basename(path)} is not a plain tensor ({e})") from e


def attrs_of(node):
    out = {}
    for a in node.attribute:
        v = onnx.helper.get_attribute_value(a)
        out[a.name] = v.decode() if isinstance(v, bytes) else v
    return out


def et(arr):
    try:
        return W.etype_of(np.asarray(arr))
    except ValueError as e:
        raise Skip(f"element type {np.asarray(arr).dtype} has no IR counterpart here") from e


class Case:
    """One ONNX node test being converted: its node, attributes, input and expected output arrays."""

    def __init__(self, case_dir):
        self.dir = case_dir
        self.rel = os.path.relpath(case_dir, DATA)
        self.name = DIRS[self.rel.split("/")[0]] + os.path.basename(case_dir)[len("test_"):]
        m = onnx.load(os.path.join(case_dir, "model.onnx"))
        self.opset = max((o.version for o in m.opset_import if o.domain in ("", "ai.onnx")), default=0)
        self.model = m
        self.node = m.graph.node[0] if len(m.graph.node) == 1 else None
        ds = os.path.join(case_dir, "test_data_set_0")
        ins = sorted(glob.glob(os.path.join(ds, "input_*.pb")), key=lambda p: int(p.rsplit("_", 1)[1][:-3]))
        outs = sorted(glob.glob(os.path.join(ds, "output_*.pb")), key=lambda p: int(p.rsplit("_", 1)[1][:-3]))
        inits = {t.name: numpy_helper.to_array(t) for t in m.graph.initializer}
        # inputs fed by test data: graph inputs that are not initializers (old IR lists both)
        self.graph_inputs = [i.name for i in m.graph.input if i.name not in inits]
        # the node's produced outputs (an empty name is an optional output left out)
        self.out_names = [o for o in self.node.output if o] if self.node is not None else []
        self.values = {n: load_pb(p) for n, p in zip(self.graph_inputs, ins)}
        self.values.update(inits)
        self.expected = [load_pb(p) for p in outs]
        self.g = W.Graph(self.name)
        self.params = {}
        self.refs = {}
        self.consts = 0
        self.note = ""

    # --- inputs -------------------------------------------------------------------------------------
    def has(self, i):
        return i < len(self.node.input) and self.node.input[i] != ""

    def value(self, i):
        return self.values[self.node.input[i]]

    def inp(self, i):
        """The node's input i as a Parameter (fed with the test's data)."""
        n = self.node.input[i]
        if n not in self.refs:
            v = self.values[n]
            self.refs[n] = self.g.param(n, et(v), list(v.shape))
            self.params[n] = v
        return self.refs[n]

    def const(self, values, etype=None):
        arr = np.asarray(values)
        self.consts += 1
        return self.g.const(f"const_{self.consts}", etype or et(arr), arr)

    def const_in(self, i, etype=None):
        """The node's input i as a Const holding the test's value (what the frontend needs constant)."""
        return self.const(self.value(i), etype)

    # --- ops ----------------------------------------------------------------------------------------
    def out_spec(self, k):
        y = self.expected[k]
        shape = list(y.shape)
        if self.node.op_type in DYNAMIC_OUT:
            shape = [-1 if i in DYNAMIC_OUT[self.node.op_type](self, k) else d for i, d in enumerate(shape)]
        return (et(y), shape, self.out_names[k])

    def op(self, optype, opset, attrs, inputs, outs=None, name=None):
        """An op whose outputs are the node's outputs (outs: indices into the node's outputs)."""
        outs = range(len(self.expected)) if outs is None else outs
        refs = self.g.op(name or "node", optype, opset, attrs, inputs, [self.out_spec(k) for k in outs])
        return refs

    def mid(self, optype, opset, attrs, inputs, etype, shape):
        """An intermediate op with one unnamed output of the given type and shape."""
        self.consts += 1
        (r,) = self.g.op(f"{optype.lower()}_{self.consts}", optype, opset, attrs, inputs, [(etype, shape, None)])
        return r

    def results(self, refs):
        for r, n in zip(refs, self.out_names):
            self.g.result(r, n)


# ------------------------------------------------------------------------------------------ op tables

UNARY = {  # ONNX op -> (OpenVINO type, opset)
    "Abs": ("Abs", "opset1"), "Acos": ("Acos", "opset1"), "Acosh": ("Acosh", "opset4"),
    "Asin": ("Asin", "opset1"), "Asinh": ("Asinh", "opset4"), "Atan": ("Atan", "opset1"),
    "Atanh": ("Atanh", "opset4"), "Ceil": ("Ceiling", "opset1"), "Cos": ("Cos", "opset1"),
    "Cosh": ("Cosh", "opset1"), "Erf": ("Erf", "opset1"), "Exp": ("Exp", "opset1"),
    "Floor": ("Floor", "opset1"), "Log": ("Log", "opset1"), "Neg": ("Negative", "opset1"),
    "Relu": ("Relu", "opset1"), "Sigmoid": ("Sigmoid", "opset1"), "Sign": ("Sign", "opset1"),
    "Sin": ("Sin", "opset1"), "Sinh": ("Sinh", "opset1"), "Sqrt": ("Sqrt", "opset1"),
    "Tan": ("Tan", "opset1"), "Tanh": ("Tanh", "opset1"), "Not": ("LogicalNot", "opset1"),
    "Softplus": ("SoftPlus", "opset4"), "Softsign": ("SoftSign", "opset9"), "HardSwish": ("HSwish", "opset4"),
    "IsNaN": ("IsNaN", "opset10"),
}
BINARY = {
    "Add": ("Add", "opset1"), "Sub": ("Subtract", "opset1"), "Mul": ("Multiply", "opset1"),
    "Div": ("Divide", "opset1"), "Pow": ("Power", "opset1"), "Equal": ("Equal", "opset1"),
    "Less": ("Less", "opset1"), "Greater": ("Greater", "opset1"), "LessOrEqual": ("LessEqual", "opset1"),
    "GreaterOrEqual": ("GreaterEqual", "opset1"), "And": ("LogicalAnd", "opset1"), "Or": ("LogicalOr", "opset1"),
    "Xor": ("LogicalXor", "opset1"),
}
# ops whose output dims depend on input values: (case, output index) -> dims OpenVINO declares -1
DYNAMIC_OUT = {
    "NonZero": lambda c, k: {1},
    "NonMaxSuppression": lambda c, k: {0},
    "Unique": lambda c, k: ({int(c.attrs["axis"]) % c.value(0).ndim} if k == 0 and "axis" in c.attrs
                            else {0} if k in (0, 1, 3) else set()),
}
# ops whose outputs are selected, moved or compared input values: compared exactly
EXACT = {"Abs", "Ceil", "Floor", "Neg", "Relu", "Sign", "Not", "IsNaN", "IsInf", "Equal", "Less", "Greater",
         "LessOrEqual", "GreaterOrEqual", "And", "Or", "Xor", "Max", "Min", "Clip", "Round", "Transpose", "Concat",
         "Reshape", "Flatten", "Squeeze", "Unsqueeze", "Expand", "Tile", "Slice", "Gather", "GatherElements",
         "GatherND", "ScatterND", "ScatterElements", "Scatter", "Pad", "Split", "DepthToSpace", "SpaceToDepth",
         "Shape", "Size", "NonZero", "OneHot", "Where", "ArgMax", "ArgMin", "TopK", "ReduceMax", "ReduceMin",
         "Cast", "CastLike", "ReverseSequence", "Unique", "EyeLike", "ConstantOfShape", "Range", "Mod", "BitShift",
         "NonMaxSuppression"}


def unary(c):
    t, v = UNARY[c.node.op_type]
    return c.op(t, v, None, [c.inp(0)]), f"{t}-{v[5:]}"


def binary(c):
    a, b = c.value(0), c.value(1)
    if a.dtype != b.dtype:
        raise Skip(f"mixed input types {a.dtype} and {b.dtype}: OpenVINO's {c.node.op_type} takes one type")
    t, v = BINARY[c.node.op_type]
    return c.op(t, v, [("auto_broadcast", "numpy")], [c.inp(0), c.inp(1)]), f"{t}-1"


def variadic(c):
    t = {"Max": "Maximum", "Min": "Minimum", "Sum": "Add", "Mean": "Add"}[c.node.op_type]
    n = len(c.node.input)
    if n < 2:
        raise Skip("one input: the frontend maps it to the input itself, no op to test")
    dt = {c.value(i).dtype for i in range(n)}
    if len(dt) != 1:
        raise Skip("mixed input types")
    acc = c.inp(0)
    shape = list(c.value(0).shape)
    for i in range(1, n):
        shape = list(np.broadcast_shapes(tuple(shape), c.value(i).shape))
        last = i == n - 1 and c.node.op_type != "Mean"
        if last:
            (acc,) = c.op(t, "opset1", [("auto_broadcast", "numpy")], [acc, c.inp(i)])
        else:
            acc = c.mid(t, "opset1", [("auto_broadcast", "numpy")], [acc, c.inp(i)], et(c.value(0)), shape)
    if c.node.op_type == "Mean":
        k = c.const(np.array(n, dtype=c.value(0).dtype))
        (acc,) = c.op("Divide", "opset1", [("auto_broadcast", "numpy")], [acc, k])
    return [acc], f"{t}-1"


def mod(c):
    fmod = int(c.attrs.get("fmod", 0))
    t = "Mod" if fmod else "FloorMod"
    return c.op(t, "opset1", [("auto_broadcast", "numpy")], [c.inp(0), c.inp(1)]), f"{t}-1"


def where(c):
    return c.op("Select", "opset1", [("auto_broadcast", "numpy")], [c.inp(0), c.inp(1), c.inp(2)]), "Select-1"


def reciprocal(c):
    one = c.const(np.array(1, dtype=c.value(0).dtype))
    return c.op("Divide", "opset1", [("auto_broadcast", "numpy")], [one, c.inp(0)]), "Divide-1"


def isinf(c):
    a = [("detect_negative", bool(c.attrs.get("detect_negative", 1))),
         ("detect_positive", bool(c.attrs.get("detect_positive", 1)))]
    return c.op("IsInf", "opset10", a, [c.inp(0)]), "IsInf-10"


def elu(c):
    return c.op("Elu", "opset1", [("alpha", float(c.attrs.get("alpha", 1.0)))], [c.inp(0)]), "Elu-1"


def scalar_const(c, v):
    return c.const(np.array(v, dtype=c.value(0).dtype))


def hardsigmoid(c):
    al, be = scalar_const(c, c.attrs.get("alpha", 0.2)), scalar_const(c, c.attrs.get("beta", 0.5))
    return c.op("HardSigmoid", "opset1", None, [c.inp(0), al, be]), "HardSigmoid-1"


def selu(c):
    al = scalar_const(c, c.attrs.get("alpha", 1.67326319217681884765625))
    ga = scalar_const(c, c.attrs.get("gamma", 1.05070102214813232421875))
    return c.op("Selu", "opset1", None, [c.inp(0), al, ga]), "Selu-1"


def leakyrelu(c):
    slope = c.const(np.array([c.attrs.get("alpha", 0.01)], dtype=c.value(0).dtype))
    return c.op("PRelu", "opset1", None, [c.inp(0), slope]), "PRelu-1"


def prelu(c):
    return c.op("PRelu", "opset1", None, [c.inp(0), c.inp(1)]), "PRelu-1"


def round_(c):
    return c.op("Round", "opset5", [("mode", "half_to_even")], [c.inp(0)]), "Round-5"


def clip(c):
    x = c.value(0)
    if x.dtype.kind == "f":
        lo, hi = -np.inf, np.inf
    else:
        lo, hi = np.iinfo(x.dtype).min, np.iinfo(x.dtype).max
    if c.opset < 11:
        lo, hi = c.attrs.get("min", lo), c.attrs.get("max", hi)
    else:
        if c.has(1):
            lo = c.value(1).item()
        if c.has(2):
            hi = c.value(2).item()
    if x.dtype.kind == "f":
        fin = np.finfo(np.float32)
        lo, hi = max(float(lo), float(fin.min)), min(float(hi), float(fin.max))
    return c.op("Clamp", "opset1", [("min", repr(float(lo))), ("max", repr(float(hi)))], [c.inp(0)]), "Clamp-1"


def softmax(c):
    ver = {"Softmax": ("Softmax", "opset8", 8), "LogSoftmax": ("LogSoftmax", "opset5", 5)}[c.node.op_type]
    rank = c.value(0).ndim
    axis = int(c.attrs.get("axis", -1 if c.opset >= 13 else 1))
    if c.opset < 13 and axis % rank != rank - 1:
        raise Skip(f"opset {c.opset} {c.node.op_type} flattens the input to 2-D at axis {axis}; only the "
                   f"last axis is one OpenVINO {ver[0]}")
    return c.op(ver[0], ver[1], [("axis", axis)], [c.inp(0)]), f"{ver[0]}-{ver[2]}"


def matmul(c):
    a = [("transpose_a", False), ("transpose_b", False)]
    return c.op("MatMul", "opset1", a, [c.inp(0), c.inp(1)]), "MatMul-1"


def gemm(c):
    A, B = c.value(0), c.value(1)
    ta, tb = bool(c.attrs.get("transA", 0)), bool(c.attrs.get("transB", 0))
    alpha, beta = float(c.attrs.get("alpha", 1.0)), float(c.attrs.get("beta", 1.0))
    M = A.shape[1] if ta else A.shape[0]
    N = B.shape[0] if tb else B.shape[1]
    t = et(A)
    steps = [] + (["alpha"] if alpha != 1 else []) + (["C"] if c.has(2) else [])
    mm_attrs = [("transpose_a", ta), ("transpose_b", tb)]
    if not steps:
        return c.op("MatMul", "opset1", mm_attrs, [c.inp(0), c.inp(1)]), "MatMul-1"
    y = c.mid("MatMul", "opset1", mm_attrs, [c.inp(0), c.inp(1)], t, [M, N])
    if alpha != 1:
        k = c.const(np.array(alpha, dtype=A.dtype))
        if "C" in steps:
            y = c.mid("Multiply", "opset1", [("auto_broadcast", "numpy")], [y, k], t, [M, N])
        else:
            return c.op("Multiply", "opset1", [("auto_broadcast", "numpy")], [y, k]), "MatMul-1+Multiply"
    C = c.inp(2)
    if beta != 1:
        k = c.const(np.array(beta, dtype=A.dtype))
        C = c.mid("Multiply", "opset1", [("auto_broadcast", "numpy")], [C, k], t, list(c.value(2).shape))
    return c.op("Add", "opset1", [("auto_broadcast", "numpy")], [y, C]), "MatMul-1+Add"


AUTO_PAD = {"NOTSET": "explicit", "SAME_UPPER": "same_upper", "SAME_LOWER": "same_lower", "VALID": "valid"}


def conv_geometry(c, nsp):
    s = list(c.attrs.get("strides", [1] * nsp))
    d = list(c.attrs.get("dilations", [1] * nsp))
    pads = list(c.attrs.get("pads", [0] * 2 * nsp))
    ap = AUTO_PAD[c.attrs.get("auto_pad", "NOTSET")]
    pb, pe = (pads[:nsp], pads[nsp:]) if ap == "explicit" else ([0] * nsp, [0] * nsp)
    return s, d, pb, pe, ap


def add_bias(c, y, bias, shape):
    b = bias.reshape([1, -1] + [1] * (len(shape) - 2))
    return c.op("Add", "opset1", [("auto_broadcast", "numpy")], [y, c.const(b)])


def conv(c):
    x, w = c.value(0), c.value(1)
    nsp = x.ndim - 2
    s, d, pb, pe, ap = conv_geometry(c, nsp)
    group = int(c.attrs.get("group", 1))
    attrs = [("strides", s), ("dilations", d), ("pads_begin", pb), ("pads_end", pe), ("auto_pad", ap)]
    if group == 1:
        t, v, wc = "Convolution", "opset1", c.const(w)
    else:
        t, v = "GroupConvolution", "opset1"
        wc = c.const(w.reshape([group, w.shape[0] // group] + list(w.shape[1:])))
    yshape = list(c.expected[0].shape)
    if not c.has(2):
        return c.op(t, v, attrs, [c.inp(0), wc]), f"{t}-1"
    y = c.mid(t, v, attrs, [c.inp(0), wc], et(x), yshape)
    return add_bias(c, y, c.value(2), yshape), f"{t}-1+Add"


def conv_transpose(c):
    x, w = c.value(0), c.value(1)
    nsp = x.ndim - 2
    s, d, pb, pe, ap = conv_geometry(c, nsp)
    group = int(c.attrs.get("group", 1))
    op_ = list(c.attrs.get("output_padding", [0] * nsp))
    if ap in ("same_upper", "same_lower") and "output_shape" not in c.attrs:
        # the frontend turns SAME into explicit pads giving ONNX's output = input * stride, the odd
        # pad at the end for SAME_UPPER (convpool::calculate_transpose_auto_pads)
        pb, pe = [], []
        for i in range(nsp):
            total = max(0, (x.shape[2 + i] - 1) * s[i] + op_[i] + (w.shape[2 + i] - 1) * d[i] + 1
                        - x.shape[2 + i] * s[i])
            small, big = total // 2, total - total // 2
            pb.append(small if ap == "same_upper" else big)
            pe.append(big if ap == "same_upper" else small)
        ap = "explicit"
    attrs = [("strides", s), ("dilations", d), ("pads_begin", pb), ("pads_end", pe), ("auto_pad", ap),
             ("output_padding", op_)]
    ins = [c.inp(0)]
    if group == 1:
        t = "ConvolutionBackpropData"
        ins.append(c.const(w))
    else:
        t = "GroupConvolutionBackpropData"
        ins.append(c.const(w.reshape([group, w.shape[0] // group] + list(w.shape[1:]))))
    if "output_shape" in c.attrs:
        osh = list(c.attrs["output_shape"])
        ins.append(c.const(np.array(osh[-nsp:], dtype=np.int64)))
    yshape = list(c.expected[0].shape)
    if not c.has(2):
        return c.op(t, "opset1", attrs, ins), f"{t}-1"
    y = c.mid(t, "opset1", attrs, ins, et(x), yshape)
    return add_bias(c, y, c.value(2), yshape), f"{t}-1+Add"


def batchnorm(c):
    if len(c.node.output) != 1 or int(c.attrs.get("training_mode", 0)):
        raise Skip("training-mode BatchNormalization (running statistics outputs) has no OpenVINO op")
    ins = [c.inp(0), c.const_in(1), c.const_in(2), c.const_in(3), c.const_in(4)]
    return c.op("BatchNormInference", "opset5", [("epsilon", float(c.attrs.get("epsilon", 1e-5)))], ins), \
        "BatchNormInference-5"


def lrn(c):
    a = [("alpha", float(c.attrs.get("alpha", 1e-4))), ("beta", float(c.attrs.get("beta", 0.75))),
         ("bias", float(c.attrs.get("bias", 1.0))), ("size", int(c.attrs["size"]))]
    return c.op("LRN", "opset1", a, [c.inp(0), c.const(np.array([1], dtype=np.int64))]), "LRN-1"


def mvn(c):
    axes = list(c.attrs.get("axes", [0, 2, 3]))
    a = [("eps_mode", "outside_sqrt"), ("normalize_variance", True), ("eps", 1e-9)]
    return c.op("MVN", "opset6", a, [c.inp(0), c.const(np.array(axes, dtype=np.int64))]), "MVN-6"


def instancenorm(c):
    x = c.value(0)
    axes = np.arange(2, x.ndim, dtype=np.int64)
    a = [("eps_mode", "inside_sqrt"), ("normalize_variance", True), ("eps", float(c.attrs.get("epsilon", 1e-5)))]
    t, shape = et(x), list(x.shape)
    n = c.mid("MVN", "opset6", a, [c.inp(0), c.const(axes)], t, shape)
    bshape = [1, -1] + [1] * (x.ndim - 2)
    n = c.mid("Multiply", "opset1", [("auto_broadcast", "numpy")], [n, c.const(c.value(1).reshape(bshape))], t,
              shape)
    return c.op("Add", "opset1", [("auto_broadcast", "numpy")], [n, c.const(c.value(2).reshape(bshape))]), \
        "MVN-6+Multiply+Add"


def layernorm(c):
    if len(c.out_names) != 1:
        # the frontend gives Y only: Mean and InvStdDev have no OpenVINO op; compare Y
        c.note = f"only output Y of {len(c.out_names)} is converted and compared (Mean, InvStdDev have no OpenVINO op)"
        c.out_names, c.expected = c.out_names[:1], c.expected[:1]
    x = c.value(0)
    axis = int(c.attrs.get("axis", -1)) % x.ndim
    axes = np.arange(axis, x.ndim, dtype=np.int64)
    a = [("eps_mode", "inside_sqrt"), ("normalize_variance", True), ("eps", float(c.attrs.get("epsilon", 1e-5)))]
    t, shape = et(x), list(x.shape)
    n = c.mid("MVN", "opset6", a, [c.inp(0), c.const(axes)], t, shape)
    if not c.has(2):
        return c.op("Multiply", "opset1", [("auto_broadcast", "numpy")], [n, c.const_in(1)]), "MVN-6+Multiply"
    n = c.mid("Multiply", "opset1", [("auto_broadcast", "numpy")], [n, c.const_in(1)], t, shape)
    return c.op("Add", "opset1", [("auto_broadcast", "numpy")], [n, c.const_in(2)]), "MVN-6+Multiply+Add"


REDUCE = {"ReduceSum": ("ReduceSum", "opset1"), "ReduceMax": ("ReduceMax", "opset1"),
          "ReduceMin": ("ReduceMin", "opset1"), "ReduceMean": ("ReduceMean", "opset1"),
          "ReduceProd": ("ReduceProd", "opset1"), "ReduceL1": ("ReduceL1", "opset4"),
          "ReduceL2": ("ReduceL2", "opset4"), "ReduceSumSquare": ("ReduceSum", "opset1"),
          "ReduceLogSum": ("ReduceSum", "opset1"), "ReduceLogSumExp": ("ReduceSum", "opset1")}


def reduce_(c):
    x = c.value(0)
    keep = bool(c.attrs.get("keepdims", 1))
    if c.node.op_type == "ReduceSum" and c.opset >= 13 or c.opset >= 18:
        axes = list(c.value(1)) if c.has(1) else []
        if not axes and int(c.attrs.get("noop_with_empty_axes", 0)):
            raise Skip("noop_with_empty_axes: the frontend returns the input, no op to test")
    else:
        axes = list(c.attrs.get("axes", []))
    if not axes:
        axes = list(range(x.ndim))
    t, v = REDUCE[c.node.op_type]
    pre = post = None
    src = c.inp(0)
    if c.node.op_type == "ReduceSumSquare":
        src = c.mid("Multiply", "opset1", [("auto_broadcast", "numpy")], [src, src], et(x), list(x.shape))
    elif c.node.op_type == "ReduceLogSumExp":
        src = c.mid("Exp", "opset1", None, [src], et(x), list(x.shape))
    if c.node.op_type in ("ReduceLogSum", "ReduceLogSumExp"):
        y = c.expected[0]
        r = c.mid(t, v, [("keep_dims", keep)], [src, c.const(np.array(axes, dtype=np.int64))], et(y),
                  list(y.shape))
        return c.op("Log", "opset1", None, [r]), f"{t}-1+Log"
    return c.op(t, v, [("keep_dims", keep)], [src, c.const(np.array(axes, dtype=np.int64))]), f"{t}-{v[5:]}"


def argminmax(c):
    x = c.value(0)
    axis = int(c.attrs.get("axis", 0)) % x.ndim
    keep = bool(c.attrs.get("keepdims", 1))
    kshape = list(x.shape)
    kshape[axis] = 1
    mode = "max" if c.node.op_type == "ArgMax" else "min"
    # sort by value, stable: of equal extremes the lowest index wins, as ONNX's ArgMax/ArgMin require
    a = [("axis", axis), ("mode", mode), ("sort", "value"), ("index_element_type", "i64"), ("stable", True)]
    k = c.const(np.array(1, dtype=np.int64))
    if int(c.attrs.get("select_last_index", 0)):
        # as the frontend does: reverse the axis, take the first extreme, map its index back (n-1-i)
        ax = c.const(np.array([axis], dtype=np.int64))
        rev = c.mid("Reverse", "opset1", [("mode", "index")], [c.inp(0), ax], et(x), list(x.shape))
        _, idx = c.g.op("topk", "TopK", "opset11", a, [rev, k], [(et(x), kshape, None), ("i64", kshape, None)])
        last = c.const(np.array(x.shape[axis] - 1, dtype=np.int64))
        if keep:
            return c.op("Subtract", "opset1", [("auto_broadcast", "numpy")], [last, idx]), \
                "Reverse-1+TopK-11+Subtract"
        idx = c.mid("Subtract", "opset1", [("auto_broadcast", "numpy")], [last, idx], "i64", kshape)
        return c.op("Squeeze", "opset1", None, [idx, c.const(np.array([axis], dtype=np.int64))]), \
            "Reverse-1+TopK-11+Subtract+Squeeze"
    if keep:
        vals, idx = c.g.op("topk", "TopK", "opset11", a, [c.inp(0), k],
                           [(et(x), kshape, None), ("i64", kshape, c.out_names[0])])
        return [idx], "TopK-11"
    vals, idx = c.g.op("topk", "TopK", "opset11", a, [c.inp(0), k], [(et(x), kshape, None), ("i64", kshape, None)])
    return c.op("Squeeze", "opset1", None, [idx, c.const(np.array([axis], dtype=np.int64))]), "TopK-11+Squeeze"


def topk(c):
    x = c.value(0)
    axis = int(c.attrs.get("axis", -1))
    mode = "max" if int(c.attrs.get("largest", 1)) else "min"
    sort = "value" if int(c.attrs.get("sorted", 1)) else "none"
    k = c.value(1).reshape(-1)[0] if c.opset >= 10 else c.attrs["k"]
    a = [("axis", axis), ("mode", mode), ("sort", sort), ("index_element_type", "i64"), ("stable", True)]
    return c.op("TopK", "opset11", a, [c.inp(0), c.const(np.array(k, dtype=np.int64))]), "TopK-11"


def transpose(c):
    x = c.value(0)
    perm = list(c.attrs.get("perm", list(range(x.ndim))[::-1]))
    return c.op("Transpose", "opset1", None, [c.inp(0), c.const(np.array(perm, dtype=np.int64))]), "Transpose-1"


def concat(c):
    return c.op("Concat", "opset1", [("axis", int(c.attrs["axis"]))],
                [c.inp(i) for i in range(len(c.node.input))]), "Concat-1"


def reshape(c):
    special_zero = not bool(c.attrs.get("allowzero", 0))
    return c.op("Reshape", "opset1", [("special_zero", special_zero)], [c.inp(0), c.const_in(1, "i64")]), \
        "Reshape-1"


def flatten(c):
    y = c.expected[0]
    return c.op("Reshape", "opset1", [("special_zero", False)],
                [c.inp(0), c.const(np.array(y.shape, dtype=np.int64))]), "Reshape-1"


def squeeze(c):
    axes = c.value(1) if c.opset >= 13 and c.has(1) else c.attrs.get("axes")
    ins = [c.inp(0)] + ([c.const(np.array(axes, dtype=np.int64))] if axes is not None else [])
    return c.op("Squeeze", "opset1", None, ins), "Squeeze-1"


def unsqueeze(c):
    axes = c.value(1) if c.opset >= 13 else c.attrs["axes"]
    return c.op("Unsqueeze", "opset1", None, [c.inp(0), c.const(np.array(axes, dtype=np.int64))]), "Unsqueeze-1"


def expand(c):
    return c.op("Broadcast", "opset3", [("mode", "bidirectional")], [c.inp(0), c.const_in(1, "i64")]), \
        "Broadcast-3"


def tile(c):
    return c.op("Tile", "opset1", None, [c.inp(0), c.const_in(1, "i64")]), "Tile-1"


def slice_(c):
    x = c.value(0)
    if c.opset < 10:
        starts, ends = c.attrs["starts"], c.attrs["ends"]
        axes = c.attrs.get("axes", list(range(len(starts))))
        steps = [1] * len(starts)
    else:
        starts, ends = c.value(1), c.value(2)
        axes = c.value(3) if c.has(3) else list(range(len(starts)))
        steps = c.value(4) if c.has(4) else [1] * len(starts)
    ins = [c.inp(0)] + [c.const(np.array(v, dtype=np.int64)) for v in (starts, ends, steps, axes)]
    return c.op("Slice", "opset8", None, ins), "Slice-8"


def gather(c):
    axis = int(c.attrs.get("axis", 0))
    return c.op("Gather", "opset8", [("batch_dims", 0)],
                [c.inp(0), c.inp(1), c.const(np.array(axis, dtype=np.int64))]), "Gather-8"


def gather_elements(c):
    return c.op("GatherElements", "opset6", [("axis", int(c.attrs.get("axis", 0)))], [c.inp(0), c.inp(1)]), \
        "GatherElements-6"


def gather_nd(c):
    return c.op("GatherND", "opset8", [("batch_dims", int(c.attrs.get("batch_dims", 0)))],
                [c.inp(0), c.inp(1)]), "GatherND-8"


def scatter_nd(c):
    red = c.attrs.get("reduction", "none")
    ins = [c.inp(0), c.inp(1), c.inp(2)]
    if red == "none":
        return c.op("ScatterNDUpdate", "opset4", None, ins), "ScatterNDUpdate-3"
    red = {"add": "sum", "mul": "prod"}.get(red, red)
    return c.op("ScatterNDUpdate", "opset15", [("reduction", red)], ins), "ScatterNDUpdate-15"


def scatter_elements(c):
    red = {"none": "none", "add": "sum", "mul": "prod"}.get(c.attrs.get("reduction", "none"))
    if red is None:
        raise Skip(f"reduction {c.attrs.get('reduction')}")
    axis = c.const(np.array(int(c.attrs.get("axis", 0)), dtype=np.int64))
    a = [("reduction", red), ("use_init_val", True)]
    return c.op("ScatterElementsUpdate", "opset12", a, [c.inp(0), c.inp(1), c.inp(2), axis]), \
        "ScatterElementsUpdate-12"


def pad(c):
    x = c.value(0)
    mode = c.attrs.get("mode", "constant")
    if c.opset < 11:
        pads, cv = list(c.attrs["pads"]), c.attrs.get("value", 0.0)
    else:
        pads = list(c.value(1))
        cv = c.value(2).item() if c.has(2) else 0
    n = x.ndim
    ver = "opset12" if any(p < 0 for p in pads) else "opset1"
    ins = [c.inp(0), c.const(np.array(pads[:n], dtype=np.int64)), c.const(np.array(pads[n:], dtype=np.int64))]
    if mode == "constant":
        ins.append(c.const(np.array(cv, dtype=x.dtype)))
    return c.op("Pad", ver, [("pad_mode", mode)], ins), f"Pad-{ver[5:]}"


def split(c):
    x = c.value(0)
    axis = int(c.attrs.get("axis", 0))
    sizes = None
    if c.opset >= 13 and c.has(1):
        sizes = list(c.value(1))
    elif c.opset < 13 and "split" in c.attrs:
        sizes = list(c.attrs["split"])
    if c.opset >= 18:
        raise Skip("opset 18 Split (num_outputs)")
    if sizes is None:
        return c.op("Split", "opset1", [("num_splits", len(c.node.output))],
                    [c.inp(0), c.const(np.array(axis, dtype=np.int64))]), "Split-1"
    return c.op("VariadicSplit", "opset1", None, [c.inp(0), c.const(np.array(axis, dtype=np.int64)),
                                                  c.const(np.array(sizes, dtype=np.int64))]), "VariadicSplit-1"


def depth_to_space(c):
    mode = {"DCR": "blocks_first", "CRD": "depth_first"}[c.attrs.get("mode", "DCR")]
    return c.op("DepthToSpace", "opset1", [("block_size", int(c.attrs["blocksize"])), ("mode", mode)],
                [c.inp(0)]), "DepthToSpace-1"


def space_to_depth(c):
    return c.op("SpaceToDepth", "opset1", [("block_size", int(c.attrs["blocksize"])), ("mode", "blocks_first")],
                [c.inp(0)]), "SpaceToDepth-1"


def range_(c):
    t = et(c.expected[0])
    ins = [c.const(np.array(c.value(i).item(), dtype=c.value(i).dtype)) for i in range(3)]
    return c.op("Range", "opset4", [("output_type", t)], ins), "Range-4"


def shape_(c):
    x = c.value(0)
    start, end = c.attrs.get("start"), c.attrs.get("end")
    if start is None and end is None:
        return c.op("ShapeOf", "opset3", [("output_type", "i64")], [c.inp(0)]), "ShapeOf-3"
    s = c.mid("ShapeOf", "opset3", [("output_type", "i64")], [c.inp(0)], "i64", [x.ndim])
    start = 0 if start is None else start
    end = np.iinfo(np.int64).max if end is None else end
    ins = [s] + [c.const(np.array([v], dtype=np.int64)) for v in (start, end, 1, 0)]
    return c.op("Slice", "opset8", None, ins), "ShapeOf-3+Slice-8"


def size_(c):
    x = c.value(0)
    s = c.mid("ShapeOf", "opset3", [("output_type", "i64")], [c.inp(0)], "i64", [x.ndim])
    return c.op("ReduceProd", "opset1", [("keep_dims", False)], [s, c.const(np.array([0], dtype=np.int64))]), \
        "ShapeOf-3+ReduceProd-1"


def nonzero(c):
    return c.op("NonZero", "opset3", [("output_type", "i64")], [c.inp(0)]), "NonZero-3"


def onehot(c):
    depth = c.value(1).reshape(-1)[0]
    vals = c.value(2)
    idx = c.inp(0)
    if c.value(0).dtype.kind == "f":  # the frontend converts non-integer indices to i64 first
        idx = c.mid("Convert", "opset1", [("destination_type", "i64")], [idx], "i64", list(c.value(0).shape))
    # a non-integer depth is converted to i64 by the frontend too
    d = np.array(depth, dtype=c.value(1).dtype if c.value(1).dtype.kind in "iu" else np.int64)
    ins = [idx, c.const(d), c.const(vals[1]), c.const(vals[0])]
    # ONNX counts negative indices from the end: OneHot-16's "normalize" mode
    a = [("axis", int(c.attrs.get("axis", -1))), ("negative_indices_mode", "normalize")]
    return c.op("OneHot", "opset16", a, ins), "OneHot-16"


def cumsum(c):
    a = [("exclusive", bool(c.attrs.get("exclusive", 0))), ("reverse", bool(c.attrs.get("reverse", 0)))]
    axis = c.value(1)
    return c.op("CumSum", "opset3", a, [c.inp(0), c.const(np.array(axis.item(), dtype=axis.dtype))]), "CumSum-3"


def einsum(c):
    eq = c.attrs["equation"].replace(" ", "")
    return c.op("Einsum", "opset7", [("equation", eq)], [c.inp(i) for i in range(len(c.node.input))]), \
        "Einsum-7"


def reverse_sequence(c):
    a = [("batch_axis", int(c.attrs.get("batch_axis", 1))), ("seq_axis", int(c.attrs.get("time_axis", 0)))]
    return c.op("ReverseSequence", "opset1", a, [c.inp(0), c.inp(1)]), "ReverseSequence-1"


BF16 = onnx.TensorProto.BFLOAT16


def uses_bf16(c):
    """bf16 tensors reach numpy as uint16 bit patterns; the case would test uint16, not bf16."""
    types = [i.type.tensor_type.elem_type for i in list(c.model.graph.input) + list(c.model.graph.output)]
    return BF16 in types or c.attrs.get("to") == BF16


def cast(c):
    y = c.expected[0]
    if uses_bf16(c):
        raise Skip("bfloat16: the test data holds bf16 as uint16 bit patterns, which .npy cannot label")
    if c.value(0).dtype.kind in "OSU" or y.dtype.kind in "OSU":
        raise Skip("string tensors")
    return c.op("Convert", "opset1", [("destination_type", et(y))], [c.inp(0)]), "Convert-1"


def cast_like(c):
    if uses_bf16(c):
        raise Skip("bfloat16: the test data holds bf16 as uint16 bit patterns, which .npy cannot label")
    if c.value(0).dtype.kind in "OSU" or c.expected[0].dtype.kind in "OSU":
        raise Skip("string tensors")
    return c.op("ConvertLike", "opset1", None, [c.inp(0), c.inp(1)]), "ConvertLike-1"


def eyelike(c):
    x, y = c.value(0), c.expected[0]
    ins = [c.const(np.array(x.shape[0], dtype=np.int64)), c.const(np.array(x.shape[1], dtype=np.int64)),
           c.const(np.array(int(c.attrs.get("k", 0)), dtype=np.int64))]
    return c.op("Eye", "opset9", [("output_type", et(y))], ins), "Eye-9"


def constant_of_shape(c):
    y = c.expected[0]
    v = c.attrs.get("value")
    val = numpy_helper.to_array(v).reshape(-1)[0] if v is not None else np.float32(0)
    return c.op("Broadcast", "opset3", [("mode", "numpy")],
                [c.const(np.array(val, dtype=y.dtype)), c.const_in(0, "i64")]), "Broadcast-3"


def grid_sample(c):
    a = [("align_corners", bool(c.attrs.get("align_corners", 0))), ("mode", c.attrs.get("mode", "bilinear")),
         ("padding_mode", c.attrs.get("padding_mode", "zeros"))]
    return c.op("GridSample", "opset9", a, [c.inp(0), c.inp(1)]), "GridSample-9"


def roi_align(c):
    ctm = c.attrs.get("coordinate_transformation_mode", "half_pixel")
    # as the frontend maps it (op/roi_align.cpp, set_16): ONNX half_pixel is OpenVINO's half_pixel_for_nn
    aligned = {"half_pixel": "half_pixel_for_nn", "output_half_pixel": "asymmetric"}[ctm]
    a = [("pooled_h", int(c.attrs.get("output_height", 1))), ("pooled_w", int(c.attrs.get("output_width", 1))),
         ("sampling_ratio", int(c.attrs.get("sampling_ratio", 0))),
         ("spatial_scale", float(c.attrs.get("spatial_scale", 1.0))), ("mode", c.attrs.get("mode", "avg")),
         ("aligned_mode", aligned)]
    return c.op("ROIAlign", "opset9", a, [c.inp(0), c.inp(1), c.inp(2)]), "ROIAlign-9"


def resize(c):
    x = c.value(0)
    if c.opset < 11:
        raise Skip(f"opset {c.opset} Resize (scales only, asymmetric nearest)")
    mode = {"nearest": "nearest", "linear": "linear_onnx", "cubic": "cubic"}[c.attrs.get("mode", "nearest")]
    ctm = c.attrs.get("coordinate_transformation_mode", "half_pixel")
    if ctm == "tf_crop_and_resize":
        raise Skip("tf_crop_and_resize needs the roi input, which Interpolate-11 does not take")
    if int(c.attrs.get("exclude_outside", 0)):
        raise Skip("exclude_outside=1 has no Interpolate attribute")
    if "keep_aspect_ratio_policy" in c.attrs or "axes" in c.attrs:
        raise Skip("opset 18 Resize attributes")
    if c.has(3):
        shape_mode, v = "sizes", c.const(np.asarray(c.value(3), dtype=np.int64))
    else:
        shape_mode, v = "scales", c.const(np.asarray(c.value(2), dtype=np.float32))
    a = [("mode", mode), ("shape_calculation_mode", shape_mode), ("coordinate_transformation_mode", ctm),
         ("nearest_mode", c.attrs.get("nearest_mode", "round_prefer_floor")), ("antialias", False),
         ("pads_begin", [0] * x.ndim), ("pads_end", [0] * x.ndim),
         ("cube_coeff", float(c.attrs.get("cubic_coeff_a", -0.75)))]
    return c.op("Interpolate", "opset11", a, [c.inp(0), v]), "Interpolate-11"


def unique(c):
    if not int(c.attrs.get("sorted", 1)):
        raise Skip("sorted=0")
    a = [("sorted", True), ("index_element_type", "i64"), ("count_element_type", "i64")]
    ins = [c.inp(0)]
    if "axis" in c.attrs:
        ins.append(c.const(np.array([int(c.attrs["axis"])], dtype=np.int64)))
    return c.op("Unique", "opset10", a, ins), "Unique-10"


RNN_GATES = {"RNN": 1, "GRU": 3, "LSTM": 4}
RNN_ACTIVATIONS = {"RNN": ["tanh"], "GRU": ["sigmoid", "tanh"], "LSTM": ["sigmoid", "tanh", "tanh"]}


def recurrent(c):
    """RNN/GRU/LSTM -> RNNSequence-5/GRUSequence-5/LSTMSequence-5 as the frontend builds them: X and the
    states moved to batch-major, LSTM gates reordered from ONNX's i,o,f,c to OpenVINO's f,i,c,o, the two
    ONNX biases summed (GRU with linear_before_reset keeps the hidden gate's two apart), outputs moved back."""
    kind = c.node.op_type
    if kind == "LSTM" and c.has(7):
        raise Skip("LSTM peepholes: LSTMSequence-5 has none")
    if int(c.attrs.get("input_forget", 0)):
        raise Skip("LSTM input_forget has no LSTMSequence-5 attribute")
    X, W, R = c.value(0), c.value(1), c.value(2)
    H, G = int(c.attrs["hidden_size"]), RNN_GATES[kind]
    layout = int(c.attrs.get("layout", 0))
    direction = c.attrs.get("direction", "forward")
    nd = 2 if direction == "bidirectional" else 1
    seq, batch = (X.shape[0], X.shape[1]) if layout == 0 else (X.shape[1], X.shape[0])
    t = et(X)
    def batch_major(i, shape):  # ONNX layout 0 puts seq (X) or num_directions (states) first
        r = c.inp(i)
        if layout == 0:
            swap01 = c.const(np.array([1, 0, 2], dtype=np.int64))
            r = c.mid("Transpose", "opset1", None, [r, swap01], t, [shape[1], shape[0], shape[2]])
        return r

    def gates(a):  # ONNX LSTM i,o,f,c -> OpenVINO f,i,c,o along axis 1
        if kind != "LSTM":
            return a
        i, o, f, cc = np.split(a, 4, axis=1)
        return np.concatenate([f, i, cc, o], axis=1)

    x = batch_major(0, list(X.shape))
    states = [5] + ([6] if kind == "LSTM" else [])
    ins = [x]
    for si in states:
        if c.has(si):
            ins.append(batch_major(si, list(c.value(si).shape)))
        else:
            ins.append(c.const(np.zeros([batch, nd, H], dtype=X.dtype)))
    lens = c.value(4).astype(np.int64) if c.has(4) else np.full([batch], seq, dtype=np.int64)
    ins.append(c.const(lens))
    B = c.value(3) if c.has(3) else np.zeros([nd, 2 * G * H], dtype=X.dtype)
    wb, rb = B[:, :G * H], B[:, G * H:]
    lbr = int(c.attrs.get("linear_before_reset", 0))
    if kind == "GRU" and lbr:
        bias = np.concatenate([wb[:, :2 * H] + rb[:, :2 * H], wb[:, 2 * H:], rb[:, 2 * H:]], axis=1)
    else:
        bias = gates(wb + rb)
    ins += [c.const(gates(W)), c.const(gates(R)), c.const(bias.astype(X.dtype))]
    acts = [a.decode() if isinstance(a, bytes) else a for a in c.attrs.get("activations", RNN_ACTIVATIONS[kind])]
    attrs = [("hidden_size", H), ("direction", direction), ("activations", ",".join(a.lower() for a in acts[:len(
        RNN_ACTIVATIONS[kind])])), ("activations_alpha", ""), ("activations_beta", ""),
        ("clip", float(c.attrs.get("clip", 0.0)))]
    if kind == "GRU":
        attrs.append(("linear_before_reset", bool(lbr)))
    nout = 3 if kind == "LSTM" else 2
    outs = [(t, [batch, nd, seq, H], None)] + [(t, [batch, nd, H], None)] * (nout - 1)
    seqop = c.g.op("sequence", f"{kind}Sequence", "opset5", attrs, ins, outs)
    refs = []
    k = 0
    for j, name in enumerate(c.node.output[:nout]):
        if not name:
            continue
        if j == 0:
            perm = [2, 1, 0, 3] if layout == 0 else [0, 2, 1, 3]
        else:
            perm = [1, 0, 2] if layout == 0 else [0, 1, 2]
        (r,) = c.g.op(f"output_{j}", "Transpose", "opset1", None, [seqop[j], c.const(np.array(perm, dtype=np.int64))],
                      [c.out_spec(k)])
        refs.append(r)
        k += 1
    return refs, f"{kind}Sequence-5"


def bitshift(c):
    t = "BitwiseLeftShift" if c.attrs["direction"] == "LEFT" else "BitwiseRightShift"
    return c.op(t, "opset15", [("auto_broadcast", "numpy")], [c.inp(0), c.inp(1)]), f"{t}-15"


def dft(c):
    """DFT-17 -> DFT-7 / IDFT-7 over the complex pairs; a real input (last dim 1) gets a zero imaginary part
    by a Concat first, as the frontend does."""
    if c.has(1) or int(c.attrs.get("onesided", 0)):
        raise Skip("dft_length input or onesided output")
    x = c.value(0)
    data = c.inp(0)
    if x.shape[-1] == 1:
        zeros = c.const(np.zeros(x.shape, dtype=x.dtype))
        data = c.mid("Concat", "opset1", [("axis", -1)], [data, zeros], et(x), list(x.shape[:-1]) + [2])
    t = "IDFT" if int(c.attrs.get("inverse", 0)) else "DFT"
    axis = np.array([int(c.attrs.get("axis", 1))], dtype=np.int64)
    return c.op(t, "opset7", None, [data, c.const(axis)]), f"{t}-7"


def nms(c):
    """NonMaxSuppression-11 -> NonMaxSuppression-9 (selected_indices; ONNX's order: per batch, per class,
    by descending score, which sort_result_descending=false keeps)."""
    box = "center" if int(c.attrs.get("center_point_box", 0)) else "corner"
    ins = [c.inp(0), c.inp(1)]
    for i, (t, default) in enumerate((("i64", 0), ("f32", 0.0), ("f32", -np.inf)), start=2):
        v = c.value(i).reshape(-1)[0] if c.has(i) else default
        ins.append(c.const(np.array(v, dtype=W.NP[t])))
    a = [("box_encoding", box), ("sort_result_descending", False), ("output_type", "i64")]
    outs = [c.out_spec(0), ("f32", [-1, 3], None), ("i64", [1], None)]
    sel, _, _ = c.g.op("node", "NonMaxSuppression", "opset9", a, ins, outs)
    return [sel], "NonMaxSuppression-9"


CONVERT = {}
for _op in UNARY:
    CONVERT[_op] = unary
for _op in BINARY:
    CONVERT[_op] = binary
for _op in REDUCE:
    CONVERT[_op] = reduce_
CONVERT.update({
    "Max": variadic, "Min": variadic, "Sum": variadic, "Mean": variadic, "Mod": mod, "Where": where,
    "Reciprocal": reciprocal, "IsInf": isinf, "Elu": elu, "HardSigmoid": hardsigmoid, "Selu": selu,
    "LeakyRelu": leakyrelu, "PRelu": prelu, "Round": round_, "Clip": clip, "Softmax": softmax,
    "LogSoftmax": softmax, "MatMul": matmul, "Gemm": gemm, "Conv": conv, "ConvTranspose": conv_transpose,
    "BatchNormalization": batchnorm, "LRN": lrn, "MeanVarianceNormalization": mvn,
    "InstanceNormalization": instancenorm, "LayerNormalization": layernorm, "ArgMax": argminmax,
    "ArgMin": argminmax, "TopK": topk, "Transpose": transpose, "Concat": concat, "Reshape": reshape,
    "Flatten": flatten, "Squeeze": squeeze, "Unsqueeze": unsqueeze, "Expand": expand, "Tile": tile,
    "Slice": slice_, "Gather": gather, "GatherElements": gather_elements, "GatherND": gather_nd,
    "ScatterND": scatter_nd, "ScatterElements": scatter_elements, "Scatter": scatter_elements, "Pad": pad,
    "Split": split, "DepthToSpace": depth_to_space, "SpaceToDepth": space_to_depth, "Range": range_,
    "Shape": shape_, "Size": size_, "NonZero": nonzero, "OneHot": onehot, "CumSum": cumsum, "Einsum": einsum,
    "ReverseSequence": reverse_sequence, "Cast": cast, "CastLike": cast_like, "EyeLike": eyelike,
    "ConstantOfShape": constant_of_shape, "GridSample": grid_sample, "RoiAlign": roi_align, "Resize": resize,
    "Unique": unique, "RNN": recurrent, "GRU": recurrent, "LSTM": recurrent, "BitShift": bitshift, "DFT": dft,
    "NonMaxSuppression": nms,
})

# Expected "differs": OpenVINO's semantics give other values than the ONNX test expects (reason per test).
ALIGN_CORNERS_SCALES = (
    "OpenVINO's align_corners maps x to x·(in−1)/(out−1) with the integer output length "
    "(reference/interpolate: length_resized = out_shape[axis]); ONNX 1.12's reference divides by "
    "scale·in−1 with the unrounded scaled length (here 0.6·4−1 = 1.4), so a downscale whose scaled length "
    "is not an integer lands elsewhere")
DIFFERS = {
    "resize_downsample_scales_cubic_align_corners": ALIGN_CORNERS_SCALES,
    "resize_downsample_scales_linear_align_corners": ALIGN_CORNERS_SCALES,
}


def tolerance(c, y):
    t = et(y)
    if c.node.op_type in EXACT or t not in ("f16", "f32", "f64"):
        return "exact", 0.0, 0.0
    return "close", (1e-5 if t == "f16" else ATOL), RTOL


def convert(case_dir):
    c = Case(case_dir)
    origin = f"libonnx-testdata {c.rel} (opset {c.opset}), test_data_set_0"
    if c.node is None:
        raise Skip(f"{len(c.model.graph.node)} nodes (an expanded function or a composite test)")
    if c.node.domain not in ("", "ai.onnx"):
        raise Skip(f"domain {c.node.domain}")
    if c.node.op_type not in CONVERT:
        raise Skip(f"ONNX {c.node.op_type} is not converted (no single OpenVINO op, or not an inference op)")
    for v in list(c.values.values()) + c.expected:
        if not isinstance(v, np.ndarray) or v.dtype.kind in "OSU":
            raise Skip("string or non-tensor values")
    total = sum(v.size for v in c.values.values()) + sum(y.size for y in c.expected)
    if total > MAX_ELEMS:
        raise Skip(f"{total} elements, over the testdata size budget of {MAX_ELEMS}")
    c.attrs = attrs_of(c.node)
    refs, opname = CONVERT[c.node.op_type](c)
    if len(refs) != len(c.expected):
        raise Skip(f"{len(c.expected)} outputs expected, the conversion gives {len(refs)}")
    c.results(refs)
    outs = []
    for y, n in zip(c.expected, c.out_names):
        cmp, atol, rtol = tolerance(c, y)
        outs.append({"name": n, "array": y, "compare": cmp, "atol": atol, "rtol": rtol})
    expect, reason = ("differs", DIFFERS[c.name]) if c.name in DIFFERS else ("match", "")
    attrs = {k: (v if isinstance(v, (int, float, str, list)) else str(v)) for k, v in c.attrs.items()}
    desc = f"ONNX {c.node.op_type} (opset {c.opset}) -> {opname}"
    extra = {"onnx_attributes": attrs}
    if c.note:
        extra["conversion_note"] = c.note
    W.write_case(SOURCE, c.name, c.g, c.params, outs, origin, desc, opname, expect, reason, extra=extra)
    return expect


def main():
    W.clear_source(SOURCE)
    stats, skipped = {}, []
    dirs = [d for sub in DIRS for d in sorted(glob.glob(os.path.join(DATA, sub, "test_*")))]
    for d in dirs:
        try:
            m = onnx.load(os.path.join(d, "model.onnx"))
        except Exception as e:  # noqa: BLE001 - a test the installed onnx cannot read
            skipped.append((os.path.relpath(d, DATA), f"onnx.load: {e}"))
            continue
        if len(m.graph.node) == 1 and m.graph.node[0].op_type in POOL_OPS:
            continue
        try:
            r = convert(d)
        except Skip as e:
            skipped.append((os.path.relpath(d, DATA), str(e)))
            r = "skip"
        stats[r] = stats.get(r, 0) + 1
    write_skipped(SOURCE, "ONNX node tests not converted", "gen_onnx_ops.py", skipped)
    print(f"{SOURCE}: {stats}")


def write_skipped(source, title, script, skipped):
    """conformance/<source>/SKIPPED.md: the (test, reason) pairs a generator did not convert."""
    with open(os.path.join(W.ROOT, source, "SKIPPED.md"), "w") as f:
        f.write(f"# {title}\n\nGenerated by `testdata/gen/{script}` — do not edit.\n\n"
                "| test | reason |\n|---|---|\n")
        for n, why in skipped:
            f.write(f"| {n} | {why.replace('|', '/')} |\n")


if __name__ == "__main__":
    main()
