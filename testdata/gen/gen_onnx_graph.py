"""ONNX backend node tests of several nodes, and single-node tests of ops OpenVINO's ONNX frontend decomposes
into several OpenVINO ops (Debian package libonnx-testdata) -> OpenVINO IR, source `onnxgraph`.

gen_onnx_ops.py converts the single-node tests whose op maps to one OpenVINO op or a short fixed chain.  This
script takes what it leaves:

* multi-node tests (the `*_expanded` function bodies of softmax, logsoftmax, layer normalization, MVN, celu,
  hardswish, greater_equal, NLL loss, the window functions, ...; the pytorch-converted and pytorch-operator
  composites): every node is converted with gen_onnx_ops.py's per-node mapping (imported, not copied), the
  nodes wired together by tensor name into one IR graph (Parameter/Const -> ops -> Result);
* single-node tests of ops the frontend decomposes (Trilu, Hardmax, Celu, ThresholdedRelu, Shrink, Compress,
  Dropout in inference mode, the NLL / softmax cross-entropy losses, the (de)quantization and integer ops, the
  window functions, MaxUnpool, Upsample, Pow with mixed input types, Cast/CastLike to and from bfloat16) or
  maps to an op with bodies (Loop, If, Scan), built the way src/frontends/onnx/frontend/src/op/<op>.cpp builds
  them (file@commit in each case's conversion_note).

Nodes are converted on demand, from the graph outputs back: a node whose outputs only feed inputs the frontend
needs constant (a Reshape's shape, a Slice's starts, a ReduceSum's axes: what gen_onnx_ops writes as a Const)
is folded into that Const, as OpenVINO's constant folding does on a model with static shapes.  The values of
intermediate tensors (their shapes and element types, and the folded constants) come from a small numpy
evaluator below; the expected outputs are the test's output_*.pb tensors, unmodified, as in gen_onnx_ops.py.
The evaluator's value of each graph output is checked against the test's (rtol 1e-3) so a slip in it shows.

Tolerances: an output computed only by ops that move, select or compare values (gen_onnx_ops.EXACT) is
compared exactly, any other floating output with ONNX's backend runner tolerance (rtol 1e-3, atol 1e-7; 1e-5
for f16), as gen_onnx_ops.py does.

Needs /usr/bin/python3 with python3-onnx and python3-numpy, and libonnx-testdata installed.
"""
import glob
import os

import numpy as np
import onnx
from onnx import numpy_helper

import gen_onnx_ops as O
import gen_ovconv
import irwriter as W
from gen_onnx_ops import Skip, attrs_of, et

SOURCE = "onnxgraph"
BF16 = onnx.TensorProto.BFLOAT16
OV = "openvinotoolkit/openvino src/frontends/onnx/frontend/src/op/"


def np_type(onnx_type):
    if onnx_type == BF16:
        return "bf16"
    return onnx.mapping.TENSOR_TYPE_TO_NP_TYPE[onnx_type]


# ------------------------------------------------------------------------------------------ numpy evaluator
# Gives every intermediate tensor's value (for its shape and type, and for the inputs folded into Consts).
# Never gives an expected output: graph outputs take the test's output_*.pb.

def _axes(n, x, a, opset, first_input_opset):
    """A reduction's axes: the attribute before first_input_opset, the second input from it on."""
    if opset >= first_input_opset:
        axes = list(x[1].reshape(-1)) if len(x) > 1 and x[1] is not None else []
    else:
        axes = list(a.get("axes", []))
    if not axes:
        if int(a.get("noop_with_empty_axes", 0)):
            return None
        axes = list(range(x[0].ndim))
    return tuple(int(v) % x[0].ndim for v in axes)


def _reduce(f, first_input_opset=18):
    def ev(n, a, x, opset):
        axes = _axes(n, x, a, opset, first_input_opset)
        if axes is None:
            return [x[0]]
        return [np.asarray(f(x[0], axes, bool(a.get("keepdims", 1)))).astype(x[0].dtype)]
    return ev


def _same(f):
    return lambda n, a, x, opset: [np.asarray(f(*x)).astype(x[0].dtype)]


def _bool(f):
    return lambda n, a, x, opset: [np.asarray(f(*x))]


def _div(a_, b):
    if a_.dtype.kind in "iu":
        return np.trunc(a_ / b)
    return a_ / b


def _slice(n, a, x, opset):
    d = x[0]
    if opset < 10:
        starts, ends = a["starts"], a["ends"]
        axes = a.get("axes", list(range(len(starts))))
        steps = [1] * len(starts)
    else:
        starts, ends = x[1].reshape(-1), x[2].reshape(-1)
        axes = x[3].reshape(-1) if len(x) > 3 and x[3] is not None else range(len(starts))
        steps = x[4].reshape(-1) if len(x) > 4 and x[4] is not None else [1] * len(starts)
    sl = [slice(None)] * d.ndim
    for s, e, ax, st in zip(starts, ends, axes, steps):
        sl[int(ax) % d.ndim] = slice(int(s), int(e), int(st))
    return [d[tuple(sl)]]


def _squeeze(n, a, x, opset):
    axes = x[1].reshape(-1) if opset >= 13 and len(x) > 1 else a.get("axes")
    if axes is None:
        return [np.squeeze(x[0])]
    return [np.squeeze(x[0], axis=tuple(int(v) % x[0].ndim for v in axes))]


def _unsqueeze(n, a, x, opset):
    axes = x[1].reshape(-1) if opset >= 13 else a["axes"]
    r = x[0].ndim + len(axes)
    return [np.expand_dims(x[0], axis=tuple(sorted(int(v) % r for v in axes)))]


def _flatten(n, a, x, opset):
    ax = int(a.get("axis", 1))
    ax = ax + x[0].ndim if ax < 0 else ax
    return [x[0].reshape(int(np.prod(x[0].shape[:ax])), -1)]


def _reshape(n, a, x, opset):
    shape = [int(v) for v in x[1]]
    if not int(a.get("allowzero", 0)):
        shape = [x[0].shape[i] if v == 0 else v for i, v in enumerate(shape)]
    return [x[0].reshape(shape)]


def _cast(n, a, x, opset):
    t = np_type(int(a["to"]))
    if t == "bf16":
        raise Skip("the evaluator does not hold bfloat16 intermediates")
    return [x[0].astype(t)]


def _constant(n, a, x, opset):
    for k in ("value_float", "value_int"):
        if k in a:
            return [np.array(a[k], dtype=np.float32 if k == "value_float" else np.int64)]
    for k in ("value_floats", "value_ints"):
        if k in a:
            return [np.array(a[k], dtype=np.float32 if k == "value_floats" else np.int64)]
    return [numpy_helper.to_array(a["value"])]


def _split(n, a, x, opset):
    ax = int(a.get("axis", 0))
    sizes = x[1] if opset >= 13 and len(x) > 1 else a.get("split")
    if sizes is None:
        return np.split(x[0], len(n.output), axis=ax)
    return np.split(x[0], np.cumsum([int(s) for s in sizes])[:-1], axis=ax)


def _gemm(n, a, x, opset):
    A = x[0].T if int(a.get("transA", 0)) else x[0]
    B = x[1].T if int(a.get("transB", 0)) else x[1]
    y = float(a.get("alpha", 1.0)) * (A @ B)
    if len(x) > 2 and x[2] is not None:
        y = y + float(a.get("beta", 1.0)) * x[2]
    return [y.astype(x[0].dtype)]


def _softmax(n, a, x, opset):
    ax = int(a.get("axis", -1 if opset >= 13 else 1))
    if opset < 13:
        v = x[0].reshape(int(np.prod(x[0].shape[:ax % x[0].ndim])), -1)
        e = np.exp(v - v.max(axis=1, keepdims=True))
        return [(e / e.sum(axis=1, keepdims=True)).reshape(x[0].shape).astype(x[0].dtype)]
    e = np.exp(x[0] - x[0].max(axis=ax, keepdims=True))
    return [(e / e.sum(axis=ax, keepdims=True)).astype(x[0].dtype)]


def _gather_elements(n, a, x, opset):
    ax = int(a.get("axis", 0)) % x[0].ndim
    idx = np.where(x[1] < 0, x[1] + x[0].shape[ax], x[1])
    return [np.take_along_axis(x[0], idx, axis=ax)]


def _variadic(f):
    def ev(n, a, x, opset):
        acc = x[0]
        for v in x[1:]:
            acc = f(acc, v)
        return [np.asarray(acc).astype(x[0].dtype)]
    return ev


EVAL = {
    "Constant": _constant, "Identity": lambda n, a, x, o: [x[0]], "Cast": _cast,
    "Shape": lambda n, a, x, o: [np.array(x[0].shape, dtype=np.int64)],
    "Size": lambda n, a, x, o: [np.array(x[0].size, dtype=np.int64)],
    "ConstantOfShape": lambda n, a, x, o: [np.full([int(v) for v in x[0]],
                                                   numpy_helper.to_array(a["value"]).reshape(-1)[0]
                                                   if "value" in a else np.float32(0))],
    "Slice": _slice, "Squeeze": _squeeze, "Unsqueeze": _unsqueeze, "Flatten": _flatten, "Reshape": _reshape,
    "Concat": lambda n, a, x, o: [np.concatenate(x, axis=int(a["axis"]))],
    "Transpose": lambda n, a, x, o: [np.transpose(x[0], a.get("perm"))],
    "Tile": lambda n, a, x, o: [np.tile(x[0], [int(v) for v in x[1]])],
    "Gather": lambda n, a, x, o: [np.take(x[0], x[1], axis=int(a.get("axis", 0)))],
    "GatherElements": _gather_elements, "Split": _split,
    "Where": lambda n, a, x, o: [np.where(x[0], x[1], x[2])],
    "Range": lambda n, a, x, o: [np.arange(x[0], x[1], x[2]).astype(x[0].dtype)],
    "Add": _same(np.add), "Sub": _same(np.subtract), "Mul": _same(np.multiply), "Div": _same(_div),
    "Pow": _same(np.power), "Neg": _same(np.negative), "Abs": _same(np.abs), "Sqrt": _same(np.sqrt),
    "Exp": _same(np.exp), "Log": _same(np.log), "Cos": _same(np.cos), "Tanh": _same(np.tanh),
    "Reciprocal": _same(lambda v: 1 / v), "Sigmoid": _same(lambda v: 1 / (1 + np.exp(-v))),
    "Relu": _same(lambda v: np.maximum(v, 0)), "Ceil": _same(np.ceil), "Floor": _same(np.floor),
    "Elu": lambda n, a, x, o: [np.where(x[0] > 0, x[0], float(a.get("alpha", 1.0)) * (np.exp(x[0]) - 1))
                               .astype(x[0].dtype)],
    "HardSigmoid": lambda n, a, x, o: [np.clip(float(a.get("alpha", 0.2)) * x[0] + float(a.get("beta", 0.5)),
                                               0, 1).astype(x[0].dtype)],
    "Equal": _bool(np.equal), "Greater": _bool(np.greater), "Less": _bool(np.less), "Or": _bool(np.logical_or),
    "And": _bool(np.logical_and), "Not": _bool(np.logical_not),
    "ReduceSum": _reduce(lambda v, ax, k: v.sum(axis=ax, keepdims=k), 13),
    "ReduceMean": _reduce(lambda v, ax, k: v.mean(axis=ax, keepdims=k)),
    "ReduceMax": _reduce(lambda v, ax, k: v.max(axis=ax, keepdims=k)),
    "ReduceMin": _reduce(lambda v, ax, k: v.min(axis=ax, keepdims=k)),
    "MatMul": _same(np.matmul), "Gemm": _gemm, "Softmax": _softmax,
    "Clip": lambda n, a, x, o: [np.clip(x[0], x[1] if len(x) > 1 and x[1] is not None else -np.inf,
                                        x[2] if len(x) > 2 and x[2] is not None else np.inf).astype(x[0].dtype)],
    "Round": _same(np.round),
    "QuantizeLinear": lambda n, a, x, o: [np.clip(np.round(x[0] / x[1]) + x[2].astype(np.float64),
                                                  *QUANT_BANDS[et(x[2])]).astype(x[2].dtype)],
    "LogSoftmax": lambda n, a, x, o: [np.log(_softmax(n, a, x, o)[0]).astype(x[0].dtype)],
    "Sum": _variadic(np.add), "Max": _variadic(np.maximum), "Min": _variadic(np.minimum),
}


# ------------------------------------------------------------------------------------------ graph building

def eval_nodes(nodes, values, opset, name, given=None, inexact=None, varying=None):
    """Evaluates nodes in order into values; an output in given takes that value (and checks the evaluator's).
    inexact and varying (if given) collect the outputs computed by non-EXACT ops and those depending on a
    tensor already in varying (a Loop body's iteration-dependent values)."""
    given = given or {}
    inexact = {} if inexact is None else inexact
    for nd in nodes:
        x = [values[i] if i else None for i in nd.input]
        outs = [o for o in nd.output if o]
        final = all(o in given for o in outs)
        for o in outs:  # computed (not only moved, selected or compared) on the way: compared with tolerance
            inexact[o] = nd.op_type not in O.EXACT or any(inexact.get(i, False) for i in nd.input)
            if varying is not None and any(i in varying for i in nd.input):
                varying.add(o)
        if nd.op_type not in EVAL and nd.op_type != "Loop":
            if not final:
                raise Skip(f"intermediate {nd.op_type} output: the evaluator giving its shape has no such op")
            got = None
        else:
            try:
                got = eval_loop(nd, x, values, opset, name) if nd.op_type == "Loop" else \
                    EVAL[nd.op_type](nd, attrs_of(nd), x, opset)
            except Exception as e:  # noqa: BLE001 - report which node the evaluator failed on
                if final:  # the test gives the value; the evaluator only cross-checks it
                    got = None
                elif isinstance(e, Skip):
                    raise
                else:
                    raise RuntimeError(f"{name}: evaluating {nd.op_type} {list(nd.input)}: {e}") from e
        for k, o in enumerate(outs):
            if o in given:
                if got is not None:
                    a, b = np.asarray(got[k], dtype=np.float64), np.asarray(given[o], dtype=np.float64)
                    assert a.shape == b.shape and np.allclose(a, b, rtol=1e-3, atol=1e-5, equal_nan=True), \
                        f"{name}: the evaluator's {o} disagrees with the test's"
                values[o] = given[o]
            else:
                values[o] = np.asarray(got[k])


def eval_loop(nd, x, outer, opset, name):
    """An ONNX Loop, its body evaluated per iteration (outer-scope names read from outer)."""
    body = next(a.g for a in nd.attribute if a.name == "body")
    n_c = len(nd.input) - 2
    trip = int(x[0].reshape(-1)[0]) if x[0] is not None else np.iinfo(np.int64).max
    cond = bool(x[1].reshape(-1)[0]) if len(x) > 1 and x[1] is not None else True
    state, scans, i = list(x[2:]), [[] for _ in body.output[1 + n_c:]], 0
    while i < trip and cond:
        env = dict(outer)
        env[body.input[0].name], env[body.input[1].name] = np.array(i, dtype=np.int64), np.array(cond)
        env.update({body.input[2 + k].name: state[k] for k in range(n_c)})
        eval_nodes(body.node, env, opset, name)
        outs = [env[o.name] for o in body.output]
        cond, state = bool(outs[0].reshape(-1)[0]), outs[1:1 + n_c]
        for j, v in enumerate(outs[1 + n_c:]):
            scans[j].append(v)
        i += 1
    return state + [np.stack(v) for v in scans]


class Prefixed:
    """The IR graph as one node's converter sees it: its layers' names carry the node's prefix."""

    def __init__(self, g, prefix):
        self.g, self.prefix = g, prefix

    def op(self, name, *args):
        return self.g.op(self.prefix + name, *args)

    def const(self, name, etype, values):
        return self.g.const(self.prefix + name, etype, values)

    def param(self, *args):
        return self.g.param(*args)


class NodeCase(O.Case):
    """One node of a multi-node test, seen by gen_onnx_ops's converters as if it were a single-node test."""

    def __init__(self, gc, idx, node):  # pylint: disable=super-init-not-called - shares gc's graph
        self.gc, self.node, self.model, self.opset = gc, node, gc.model, gc.opset
        self.values, self.params, self.refs = gc.values, gc.params, gc.refs
        self.out_names = [o for o in node.output if o]
        self.expected = [gc.values[o] for o in self.out_names]
        self.g = Prefixed(gc.g, f"{node.op_type}_{idx}/")
        self.consts = 0
        self.note = ""
        self.attrs = attrs_of(node)
        self.used = set()

    def inp(self, i):
        self.used.add(self.node.input[i])
        return self.gc.ref(self.node.input[i])

    def out_spec(self, k):
        t, shape, name = super().out_spec(k)
        return ("bf16" if name in self.gc.bf16 else t), shape, name


class GraphCase:
    """A test being converted: the ONNX graph, every tensor's value, and the IR graph built so far."""

    def __init__(self, case_dir):
        self.dir = case_dir
        self.rel = os.path.relpath(case_dir, O.DATA)
        self.name = O.DIRS[self.rel.split("/")[0]] + os.path.basename(case_dir)[len("test_"):]
        m = onnx.load(os.path.join(case_dir, "model.onnx"))
        self.model = m
        self.opset = max((o.version for o in m.opset_import if o.domain in ("", "ai.onnx")), default=0)
        ds = os.path.join(case_dir, "test_data_set_0")
        num = lambda p: int(p.rsplit("_", 1)[1][:-3])  # noqa: E731
        ins = sorted(glob.glob(os.path.join(ds, "input_*.pb")), key=num)
        outs = sorted(glob.glob(os.path.join(ds, "output_*.pb")), key=num)
        inits = {t.name: numpy_helper.to_array(t) for t in m.graph.initializer}
        self.inits = set(inits)
        self.graph_inputs = [i.name for i in m.graph.input if i.name not in inits]
        self.out_names = [o.name for o in m.graph.output]
        types = {v.name: v.type.tensor_type.elem_type for v in list(m.graph.input) + list(m.graph.output)}
        # bf16 tensors: the .pb data holds their bit patterns as uint16; carried as the float32 values they are
        self.bf16 = {n for n, t in types.items() if t == BF16}
        self.values = {n: O.load_pb(p) for n, p in zip(self.graph_inputs, ins)}
        self.values.update(inits)
        self.expected = [O.load_pb(p) for p in outs]
        for n, y in list(zip(self.graph_inputs, [self.values[n] for n in self.graph_inputs])) + \
                list(zip(self.out_names, self.expected)):
            if not isinstance(y, np.ndarray) or y.dtype.kind in "OSU":
                raise Skip("string or non-tensor values")
        for n in self.bf16:
            if n in self.values:
                self.values[n] = (self.values[n].astype(np.uint32) << 16).view(np.float32)
        self.expected = [(y.astype(np.uint32) << 16).view(np.float32) if n in self.bf16 else y
                         for n, y in zip(self.out_names, self.expected)]
        self.nodes = list(m.graph.node)
        self.producer, self.inexact, self.varying = {}, {}, set()
        for i, nd in enumerate(self.nodes):
            if nd.domain not in ("", "ai.onnx"):
                raise Skip(f"domain {nd.domain}")
            for o in nd.output:
                if o:
                    self.producer[o] = i
        self.evaluate()
        self.g = W.Graph(self.name)
        self.params, self.refs, self.port_name = {}, {}, {}
        self.opnames, self.notes = [], []

    def evaluate(self):
        """Every tensor's value, in node order; a graph output takes the test's value (and checks ours)."""
        eval_nodes(self.nodes, self.values, self.opset, self.name, dict(zip(self.out_names, self.expected)),
                   self.inexact, self.varying)

    # --- the IR graph -------------------------------------------------------------------------------
    def ref(self, name):
        """The IR output port holding ONNX tensor `name`, converting its producer first if needed."""
        if name in self.refs:
            return self.refs[name]
        v = self.values[name]
        if name in self.graph_inputs:
            if name in self.bf16:  # a float32 Parameter holding the bf16 values, Converted (exactly) to bf16
                p = self.g.param(name, "f32", list(v.shape))
                (r,) = self.g.op(f"{name}/to_bf16", "Convert", "opset1", [("destination_type", "bf16")], [p],
                                 [("bf16", list(v.shape), None)])
                self.notes.append(f"bf16 input {name} is fed as float32 and Converted to bf16 (exact)")
            else:
                r = self.g.param(name, et(v), list(v.shape))
            self.params[name] = v
            self.port_name[name] = name
        elif name in self.inits:
            r = self.g.const(name, et(v), v)
        else:
            self.convert_node(self.producer[name])
            if name not in self.refs:
                raise Skip(f"output {name} of a {self.nodes[self.producer[name]].op_type} node "
                           "is not converted")
            return self.refs[name]
        self.refs[name] = r
        return r

    def convert_node(self, idx):
        nd = self.nodes[idx]
        outs = [o for o in nd.output if o]
        alias = ALIAS.get(nd.op_type)
        if nd.op_type == "Constant":
            v = self.values[outs[0]]
            self.refs[outs[0]] = self.g.const(f"Constant_{idx}", et(v), v)
        elif alias is not None and alias(self, nd):
            # the frontend maps the node to its input itself: no op (its output is an alias of the input)
            self.refs[outs[0]] = self.ref(nd.input[0])
            self.port_name[outs[0]] = self.port_name.get(nd.input[0])
        else:
            conv = DECOMPOSE.get(nd.op_type) or O.CONVERT.get(nd.op_type)
            if conv is None:
                raise Skip(f"ONNX {nd.op_type} node: no conversion")
            c = NodeCase(self, idx, nd)
            refs, opname = conv(c)
            folded = [i for i in nd.input if i in self.varying and i not in c.used]
            if folded:
                raise Skip(f"{nd.op_type} in a Loop body needs {folded[0]} constant, which changes per iteration")
            if len(refs) != len(c.out_names):
                raise Skip(f"{nd.op_type}: {len(c.out_names)} outputs, the conversion gives {len(refs)}")
            for n, r in zip(c.out_names, refs):
                self.refs.setdefault(n, r)  # a decomposition may have set an aliased output itself
                self.port_name.setdefault(n, n)
            if opname:
                self.opnames.append(opname)
            if c.note:
                self.notes.append(c.note)


class BodyCase(GraphCase):
    """A Loop body being converted: its own IR graph (Consts in the outer model's .bin), its values for the
    first iteration, and the outer-scope tensors it reads (each becomes a body Parameter and a Loop input)."""

    def __init__(self, outer, body, name, inputs):  # pylint: disable=super-init-not-called
        self.outer, self.name, self.model, self.opset = outer, name, outer.model, outer.opset
        self.nodes = list(body.node)
        self.graph_inputs = [i.name for i in body.input]
        self.out_names = [o.name for o in body.output]
        self.bf16, self.inits = set(), set()
        self.values = dict(inputs)
        for t in body.initializer:
            self.values[t.name] = numpy_helper.to_array(t)
            self.inits.add(t.name)
        self.producer = {o: i for i, nd in enumerate(self.nodes) for o in nd.output if o}
        inner = set(self.producer) | set(self.graph_inputs) | self.inits
        self.outer_names = [i for nd in self.nodes for i in nd.input if i and i not in inner]
        for n in self.outer_names:
            self.values[n] = outer.values[n]
        self.inexact, self.varying = {}, set(inputs)
        eval_nodes(self.nodes, self.values, self.opset, name, None, self.inexact, self.varying)
        self.g = W.Graph(name)
        self.g.blob = outer.g.blob  # one weights file: body Consts go to the model's .bin
        self.params, self.refs, self.port_name = {}, {}, {}
        self.opnames, self.notes = outer.opnames, outer.notes
        self.invariants = []  # (outer tensor name, body Parameter)

    def ref(self, name):
        if name in self.refs:
            return self.refs[name]
        if name in self.outer_names:
            v = self.values[name]
            r = self.g.param(name, et(v), list(v.shape))
            self.invariants.append((name, r))
            self.refs[name] = r
            self.port_name[name] = name
            return r
        return super().ref(name)

    def source(self, name):
        """The tensor name is an Identity chain's end of."""
        while name in self.producer and self.nodes[self.producer[name]].op_type == "Identity":
            name = self.nodes[self.producer[name]].input[0]
        return name

    def result(self, r, name):
        self.g.result(r, name)
        return self.g.next_id - 1


class _Outer:  # gen_ovconv's sub-graph helpers take a case with a .g
    def __init__(self, g):
        self.g = g


def attach_body(gc, refs, pm, n_in, rids, scan_axes, back, bc):
    """Ends a Loop/TensorIterator port map begun in pm: the outputs (body Result ids rids: the last ones,
    one per scan_axes entry, concatenated on that axis), the back edges (body Result id, body Parameter),
    then the body; appended to the layer just written."""
    pe = gen_ovconv.port_entry
    n_last = len(rids) - len(scan_axes)
    for k, rid in enumerate(rids):
        kw = {} if k < n_last else {"axis": scan_axes[k - n_last], "start": 0, "end": -1, "stride": 1,
                                    "part_size": 1}
        pm += pe("output", n_in + k, rid, **kw)
    pm += "\t\t\t</port_map>\n\t\t\t<back_edges>\n"
    for rid, p in back:
        pm += f'\t\t\t\t<edge from-layer="{rid}" from-port="0" to-layer="{p.layer_id}" to-port="0" />\n'
    pm += "\t\t\t</back_edges>\n"
    b = gen_ovconv.Body("body")
    b.g = bc.g
    gen_ovconv.with_extra(_Outer(gc.g), refs, pm + b.xml("body"))


def loop(c):
    """loop.cpp@5a6baf65: Loop-5 (trip count, execution condition, then the carried values, then the outer
    tensors the body reads as invariant inputs); the body's Parameters are the iteration number (special
    port current_iteration), the carried values and the invariants; its condition output a Const true when it
    is the condition input passed through, scan outputs Unsqueezed at 0 and concatenated on axis 0."""
    gc = c.gc
    body = next(a.g for a in c.node.attribute if a.name == "body")
    n_c = len(c.node.input) - 2
    if c.has(0) and int(c.value(0).reshape(-1)[0]) == np.iinfo(np.int64).max:
        raise Skip("an infinite trip count")
    if c.has(1) and not bool(c.value(1).reshape(-1)[0]):
        raise Skip("a false initial condition: the frontend returns the inputs, no Loop")
    init = {body.input[0].name: np.array(0, dtype=np.int64), body.input[1].name: np.array(True)}
    init.update({body.input[2 + k].name: c.value(2 + k) for k in range(n_c)})
    bc = BodyCase(gc, body, f"{gc.name}/{c.node.output[0]}/body", init)
    trip = c.inp(0) if c.has(0) else c.const(np.array([-1], dtype=np.int64))
    cond = c.inp(1) if c.has(1) else c.const(np.array([True]))
    carried = [c.inp(2 + k) for k in range(n_c)]
    it = bc.ref(body.input[0].name)
    params = [bc.ref(body.input[2 + k].name) for k in range(n_c)]
    if bc.source(body.output[0].name) == body.input[1].name:
        cond_r = bc.g.const("cond_true", "boolean", np.array([True]))
    else:
        raise Skip("a body condition computed in the body")
    cond_rid = bc.result(cond_r, "cond_out")
    rids = []
    for k, o in enumerate(body.output[1:]):
        r = bc.ref(o.name)
        if k >= n_c:  # a scan output: Unsqueezed at 0, concatenated on axis 0
            v = bc.values[o.name]
            (r,) = bc.g.op(f"{o.name}/unsqueeze", "Unsqueeze", "opset1", None,
                           [r, bc.g.const(f"{o.name}/axis", "i64", np.array([0], dtype=np.int64))],
                           [(et(v), [1] + list(v.shape), None)])
        rids.append(bc.result(r, o.name))
    inv = [gc.ref(n) for n, _ in bc.invariants]
    ins = [trip, cond] + carried + inv
    outs = [c.out_spec(k) for k in range(n_c)]
    for k in range(n_c, len(c.out_names)):
        t, shape, name = c.out_spec(k)
        outs.append((t, [-1] + shape[1:], name))
    refs = c.g.op("loop", "Loop", "opset5", None, ins, outs)
    n_in = len(ins)
    pe = gen_ovconv.port_entry
    pm = "\t\t\t<port_map>\n" + pe("input", -1, it.layer_id, purpose="current_iteration")
    for k, p in enumerate(params):
        pm += pe("input", 2 + k, p.layer_id)
    for j, (_, p) in enumerate(bc.invariants):
        pm += pe("input", 2 + n_c + j, p.layer_id)
    pm += pe("output", -1, cond_rid, purpose="execution_condition")
    attach_body(gc, refs, pm, n_in, rids, [0] * (len(rids) - n_c), [(rids[k], p) for k, p in enumerate(params)], bc)
    c.note = OV + "loop.cpp@5a6baf65"
    return refs, "Loop-5"


def if_(c):
    """if.cpp@7def98bb: If-8 on the condition; each branch a body whose outer-scope tensors are extra If
    inputs (then_port_map/else_port_map), its outputs the If's."""
    gc = c.gc
    branches = {a.name: a.g for a in c.node.attribute if a.name in ("then_branch", "else_branch")}
    bodies = {k: BodyCase(gc, g, f"{gc.name}/{c.node.output[0]}/{k}", {}) for k, g in branches.items()}
    rids = {}
    for k, bc in bodies.items():
        rids[k] = [bc.result(bc.ref(o), o) for o in bc.out_names]
    ins = [c.inp(0)]
    maps = {}
    for k, bc in bodies.items():
        maps[k] = []
        for n, p in bc.invariants:
            maps[k].append((len(ins), p.layer_id))
            ins.append(gc.ref(n))
    outs = []
    for k in range(len(c.out_names)):
        t, shape, name = c.out_spec(k)
        tv, ev = (bodies["then_branch"].values[bodies["then_branch"].out_names[k]],
                  bodies["else_branch"].values[bodies["else_branch"].out_names[k]])
        if tv.shape != ev.shape:  # OpenVINO merges the branches' shapes: the differing dims are dynamic
            shape = [d if i < min(tv.ndim, ev.ndim) and tv.shape[i] == ev.shape[i] else -1 for i, d in enumerate(shape)]
        outs.append((t, shape, name))
    refs = c.g.op("if", "If", "opset8", None, ins, outs)
    pe = gen_ovconv.port_entry
    extra = ""
    for k, tag in (("then_branch", "then"), ("else_branch", "else")):
        extra += f"\t\t\t<{tag}_port_map>\n"
        for ext, pid in maps[k]:
            extra += pe("input", ext, pid)
        for j, rid in enumerate(rids[k]):
            extra += pe("output", len(ins) + j, rid)
        extra += f"\t\t\t</{tag}_port_map>\n"
    for k, tag in (("then_branch", "then"), ("else_branch", "else")):
        b = gen_ovconv.Body(tag)
        b.g = bodies[k].g
        extra += b.xml(f"{tag}_body")
    gen_ovconv.with_extra(_Outer(gc.g), refs, extra)
    c.note = OV + "if.cpp@7def98bb"
    return refs, "If-8"


def scan(c):
    """scan.cpp@473faca3: a TensorIterator-0; its inputs the scan inputs (sliced on their axis, each body
    Parameter of the slice's shape with 1 at the axis, Squeezed there), then the initial values (merged with the
    body's state outputs); its outputs the last state values, then the scan outputs (Unsqueezed at their axis
    in the body, concatenated there). Scan-8 (batch-major, no sequence_lens) slices axis 1, Scan-9 axis 0."""
    gc = c.gc
    body = next(a.g for a in c.node.attribute if a.name == "body")
    off, dflt = (1, 1) if c.opset < 9 else (0, 0)
    if off and c.has(0):
        raise Skip("Scan-8 sequence_lens: the frontend rejects it")
    n_scan = int(c.attrs["num_scan_inputs"])
    n_init = len(body.input) - n_scan
    n_sout = len(body.output) - n_init
    in_axes = list(c.attrs.get("scan_input_axes", [dflt] * n_scan))
    in_dirs = list(c.attrs.get("scan_input_directions" if off == 0 else "directions", [0] * n_scan))
    out_axes = list(c.attrs.get("scan_output_axes", [dflt] * n_sout))
    out_dirs = list(c.attrs.get("scan_output_directions", [0] * n_sout))
    if any(in_dirs) or any(out_dirs):
        raise Skip("reverse scan directions")
    init = {body.input[i].name: c.value(off + i) for i in range(n_init)}
    for j in range(n_scan):
        v = c.value(off + n_init + j)
        init[body.input[n_init + j].name] = np.take(v, 0, axis=in_axes[j] % v.ndim)
    bc = BodyCase(gc, body, f"{gc.name}/{c.node.output[0]}/body", init)
    states = [bc.ref(body.input[i].name) for i in range(n_init)]
    sliced = []
    for j in range(n_scan):
        name = body.input[n_init + j].name
        v = c.value(off + n_init + j)
        ax = in_axes[j] % v.ndim
        shape = list(v.shape)
        shape[ax] = 1
        p = bc.g.param(name, et(v), shape)
        (sq,) = bc.g.op(f"{name}/squeeze", "Squeeze", "opset1", None,
                        [p, bc.g.const(f"{name}/axis", "i64", np.array([ax], dtype=np.int64))],
                        [(et(v), list(bc.values[name].shape), None)])
        bc.refs[name], bc.port_name[name] = sq, name
        sliced.append((p, ax))
    rids = []
    for k, o in enumerate(body.output):
        r = bc.ref(o.name)
        if k >= n_init:
            v = bc.values[o.name]
            ax = out_axes[k - n_init] % (v.ndim + 1)
            shape = list(v.shape)
            shape.insert(ax, 1)
            (r,) = bc.g.op(f"{o.name}/unsqueeze", "Unsqueeze", "opset1", None,
                           [r, bc.g.const(f"{o.name}/axis", "i64", np.array([ax], dtype=np.int64))],
                           [(et(v), shape, None)])
        rids.append(bc.result(r, o.name))
    if bc.invariants:
        raise Skip("a Scan body reading outer-scope tensors")
    ins = [c.inp(off + n_init + j) for j in range(n_scan)] + [c.inp(off + i) for i in range(n_init)]
    refs = c.g.op("ti", "TensorIterator", "opset1", None, ins, [c.out_spec(k) for k in range(len(c.out_names))])
    pe = gen_ovconv.port_entry
    pm = "\t\t\t<port_map>\n"
    for j, (p, ax) in enumerate(sliced):
        pm += pe("input", j, p.layer_id, axis=ax, start=0, end=-1, stride=1, part_size=1)
    for i, p in enumerate(states):
        pm += pe("input", n_scan + i, p.layer_id)
    attach_body(gc, refs, pm, len(ins), rids, out_axes, [(rids[i], p) for i, p in enumerate(states)], bc)
    c.note = OV + "scan.cpp@473faca3"
    return refs, "TensorIterator-0"


def slice_any(c):
    """Slice: gen_onnx_ops's (constant starts, ends, axes, steps) unless one of them changes per Loop
    iteration; then Slice-8 takes them as tensors, as slice.cpp does."""
    if c.opset < 10 or not any(c.has(i) and c.node.input[i] in c.gc.varying for i in range(1, 5)):
        return O.slice_(c)
    n = c.value(1).size
    ins = [c.inp(0), c.inp(1), c.inp(2),
           c.inp(4) if c.has(4) else c.const(np.ones([n], dtype=np.int64)),
           c.inp(3) if c.has(3) else c.const(np.arange(n, dtype=np.int64))]
    return c.op("Slice", "opset8", None, ins), "Slice-8"


def _noop_reduce(gc, nd):
    a = attrs_of(nd)
    first = 13 if nd.op_type == "ReduceSum" else 18
    axes_given = (len(nd.input) > 1 and nd.input[1] != "") if gc.opset >= first else "axes" in a
    return not axes_given and int(a.get("noop_with_empty_axes", 0)) == 1


def _one_input(gc, nd):
    return len(nd.input) == 1


ALIAS = {"Identity": lambda gc, nd: True, "Sum": _one_input, "Max": _one_input, "Min": _one_input,
         "Mean": _one_input}
for _r in ("ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1", "ReduceL2",
           "ReduceSumSquare", "ReduceLogSum", "ReduceLogSumExp"):
    ALIAS[_r] = _noop_reduce


# ------------------------------------------------------------------------------------------ decompositions
# Single ONNX ops the frontend builds from several OpenVINO ops; each follows OV + the file named in its note.

def scalar(c, v, etype):
    return c.const(np.array(v, dtype=W.NP[etype]), etype)


def trilu(c):
    """trilu.cpp: a mask from two Ranges compared (GreaterEqual for upper, LessEqual for lower), then Select."""
    x = c.value(0)
    n_rows, m_cols = x.shape[-2], x.shape[-1]
    shape = c.mid("ShapeOf", "opset3", [("output_type", "i64")], [c.inp(0)], "i64", [x.ndim])
    zero, one = scalar(c, 0, "i64"), scalar(c, 1, "i64")
    m = c.mid("Gather", "opset8", [("batch_dims", 0)], [shape, scalar(c, -1, "i32"), zero], "i64", [])
    n = c.mid("Gather", "opset8", [("batch_dims", 0)], [shape, scalar(c, -2, "i32"), zero], "i64", [])
    hr = c.mid("Range", "opset4", [("output_type", "i64")], [zero, m, one], "i64", [m_cols])
    hr = c.mid("Unsqueeze", "opset1", None, [hr, zero], "i64", [1, m_cols])
    if c.has(1):
        k = c.inp(1)
        if c.value(1).shape == (1,):
            k = c.mid("Squeeze", "opset1", None, [k, zero], "i64", [])
        end = c.mid("Add", "opset1", [("auto_broadcast", "numpy")], [n, k], "i64", [])
        vr = c.mid("Range", "opset4", [("output_type", "i64")], [k, end, one], "i64", [-1])
        vdim = -1
    else:
        vr = c.mid("Range", "opset4", [("output_type", "i64")], [zero, n, one], "i64", [n_rows])
        vdim = n_rows
    vr = c.mid("Unsqueeze", "opset1", None, [vr, one], "i64", [vdim, 1])
    cmp = "GreaterEqual" if int(c.attrs.get("upper", 1)) else "LessEqual"
    mask = c.mid(cmp, "opset1", [("auto_broadcast", "numpy")], [hr, vr], "boolean", [vdim, m_cols])
    c.note = OV + "trilu.cpp@0393c501"
    return c.op("Select", "opset1", [("auto_broadcast", "numpy")], [mask, c.inp(0), scalar(c, 0, et(x))]), \
        f"{cmp}-1+Select-1"


def hardmax(c):
    """hardmax.cpp: TopK(k=1, max, sort by index) -> OneHot(1, 0) -> Convert -> Reshape to the input shape; before
    opset 13 on the input flattened to 2-D at axis."""
    x = c.value(0)
    t = et(x)
    if c.opset < 13:
        axis = int(c.attrs.get("axis", 1)) % x.ndim
        rows, cols = int(np.prod(x.shape[:axis])), int(np.prod(x.shape[axis:]))
        data = c.mid("Reshape", "opset1", [("special_zero", False)],
                     [c.inp(0), c.const(np.array([rows, cols], dtype=np.int64))], t, [rows, cols])
        dshape, axis, depth_at = [rows, cols], 1, np.array([1], dtype=np.int64)
    else:
        axis = int(c.attrs.get("axis", -1)) % x.ndim
        data, dshape, depth_at = c.inp(0), list(x.shape), np.array([axis], dtype=np.int64)
    ds = c.mid("ShapeOf", "opset3", [("output_type", "i64")], [data], "i64", [len(dshape)])
    depth = c.mid("Gather", "opset8", [("batch_dims", 0)], [ds, c.const(depth_at), scalar(c, 0, "i64")], "i64", [1])
    depth = c.mid("Reshape", "opset1", [("special_zero", False)], [depth, c.const(np.zeros([0], dtype=np.int64))],
                  "i64", [])
    kshape = list(dshape)
    kshape[axis] = 1
    _, idx = c.g.op("topk", "TopK", "opset11",
                    [("axis", axis), ("mode", "max"), ("sort", "index"), ("index_element_type", "i32"),
                     ("stable", False)],
                    [data, scalar(c, 1, "i64")], [(t, kshape, None), ("i32", kshape, None)])
    oshape = kshape[:axis] + [dshape[axis]] + kshape[axis:]
    oh = c.mid("OneHot", "opset1", [("axis", axis)], [idx, depth, scalar(c, 1, "i64"), scalar(c, 0, "i64")],
               "i64", oshape)
    oh = c.mid("Convert", "opset1", [("destination_type", t)], [oh], t, oshape)
    xs = c.mid("ShapeOf", "opset3", [("output_type", "i64")], [c.inp(0)], "i64", [x.ndim])
    c.note = OV + "hardmax.cpp@01373661"
    return c.op("Reshape", "opset1", [("special_zero", False)], [oh, xs]), "TopK-11+OneHot-1+Convert-1+Reshape-1"


def celu(c):
    """celu.cpp: alpha * Elu(Convert(x, f32) / alpha, 1)."""
    x = c.value(0)
    alpha = scalar(c, float(c.attrs.get("alpha", 1.0)), "f32")
    xf = c.mid("Convert", "opset1", [("destination_type", "f32")], [c.inp(0)], "f32", list(x.shape))
    d = c.mid("Divide", "opset1", [("auto_broadcast", "numpy")], [xf, alpha], "f32",
              list(x.shape))
    e = c.mid("Elu", "opset1", [("alpha", 1.0)], [d], "f32", list(x.shape))
    c.note = OV + "celu.cpp@26c2ea0c"
    return c.op("Multiply", "opset1", [("auto_broadcast", "numpy")], [alpha, e]), "Divide-1+Elu-1+Multiply-1"


def thresholded_relu(c):
    """thresholded_relu.cpp: x * Convert(x > alpha)."""
    x = c.value(0)
    t = et(x)
    gt = c.mid("Greater", "opset1", [("auto_broadcast", "numpy")],
               [c.inp(0), scalar(c, float(c.attrs.get("alpha", 1.0)), t)], "boolean", list(x.shape))
    mk = c.mid("Convert", "opset1", [("destination_type", t)], [gt], t, list(x.shape))
    c.note = OV + "thresholded_relu.cpp@07342134"
    return c.op("Multiply", "opset1", [("auto_broadcast", "numpy")], [c.inp(0), mk]), \
        "Greater-1+Convert-1+Multiply-1"


def shrink(c):
    """shrink.cpp: Convert(x < -lambd) * (x + bias) + Convert(x > lambd) * (x - bias)."""
    x = c.value(0)
    t, s = et(x), list(x.shape)
    bias, lambd = float(c.attrs.get("bias", 0.0)), float(c.attrs.get("lambd", 0.5))
    signed = x.dtype.kind in "fi"
    ab = [("auto_broadcast", "numpy")]
    below = c.mid("Less", "opset1", ab, [c.inp(0), scalar(c, -lambd if signed else 0, t)], "boolean", s)
    above = c.mid("Greater", "opset1", ab, [c.inp(0), scalar(c, lambd, t)], "boolean", s)
    below = c.mid("Convert", "opset1", [("destination_type", t)], [below], t, s)
    above = c.mid("Convert", "opset1", [("destination_type", t)], [above], t, s)
    b = scalar(c, bias, t)
    minus = c.mid("Subtract", "opset1", ab, [c.inp(0), b], t, s)
    plus = c.mid("Add", "opset1", ab, [c.inp(0), b], t, s)
    minus = c.mid("Multiply", "opset1", ab, [above, minus], t, s)
    plus = c.mid("Multiply", "opset1", ab, [below, plus], t, s)
    c.note = OV + "shrink.cpp@030e6c84"
    return c.op("Add", "opset1", ab, [plus, minus]), "Less-1+Greater-1+Convert-1+Multiply-1+Add-1"


def compress(c):
    """compress.cpp: Gather(data, Squeeze(NonZero(condition), 0), axis); without axis on the data flattened."""
    x = c.value(0)
    t = et(x)
    data = c.inp(0)
    if "axis" in c.attrs:
        axis = int(c.attrs["axis"])
    else:
        axis = 0
        flat = c.mid("Reshape", "opset1", [("special_zero", False)],
                     [data, c.const(np.array([1, x.size], dtype=np.int64))], t, [1, x.size])
        data = c.mid("Squeeze", "opset1", None, [flat], t, [x.size])
    cond = c.value(1)
    nz = c.mid("NonZero", "opset3", [("output_type", "i64")], [c.inp(1)], "i64", [cond.ndim, -1])
    nz = c.mid("Squeeze", "opset1", None, [nz, scalar(c, 0, "i64")], "i64", [-1])
    c.note = OV + "compress.cpp@01c95f3e"
    return c.op("Gather", "opset8", [("batch_dims", 0)], [data, nz, scalar(c, axis, "i64")]), \
        "NonZero-3+Squeeze-1+Gather-8"


def dropout(c):
    """dropout.cpp: inference only; the output is the input itself, the mask Broadcast(true, ShapeOf(x))."""
    if c.opset < 7 and not int(c.attrs.get("is_test", 0)):
        raise Skip("opset < 7 Dropout without is_test=1 is training mode, which the frontend rejects")
    if c.has(2) and bool(c.value(2).reshape(-1)[0]):
        raise Skip("training_mode=true Dropout: the frontend rejects training mode")
    x = c.value(0)
    c.gc.refs[c.out_names[0]] = c.inp(0)  # y is x itself
    c.gc.port_name[c.out_names[0]] = c.gc.port_name.get(c.node.input[0])
    refs = [c.inp(0)]
    if len(c.out_names) > 1:
        s = c.mid("ShapeOf", "opset3", [("output_type", "i64")], [c.inp(0)], "i64", [x.ndim])
        (m,) = c.op("Broadcast", "opset3", [("mode", "numpy")], [scalar(c, True, "boolean"), s], outs=[1])
        refs.append(m)
    c.note = OV + "dropout.cpp@030e6c84"
    return refs, "Broadcast-3" if len(refs) > 1 else None


def pow_(c):
    """pow.cpp: an exponent of another type is Converted to the base's type when it is integral or narrower;
    otherwise the base is Converted to the exponent's type and the Power Converted back."""
    a, b = c.value(0), c.value(1)
    ab = [("auto_broadcast", "numpy")]
    if a.dtype == b.dtype:
        return O.binary(c)
    ta, tb = et(a), et(b)
    c.note = OV + "pow.cpp@07342134"
    if b.dtype.kind in "iu" or (a.dtype.kind == "f" and a.dtype.itemsize >= b.dtype.itemsize):
        e = c.mid("Convert", "opset1", [("destination_type", ta)], [c.inp(1)], ta, list(b.shape))
        return c.op("Power", "opset1", ab, [c.inp(0), e]), "Convert-1+Power-1"
    base = c.mid("Convert", "opset1", [("destination_type", tb)], [c.inp(0)], tb, list(a.shape))
    y = c.expected[0]
    p = c.mid("Power", "opset1", ab, [base, c.inp(1)], tb, list(y.shape))
    return c.op("Convert", "opset1", [("destination_type", ta)], [p]), "Convert-1+Power-1+Convert-1"


def cast(c):
    """Cast / CastLike with bf16 on either side: Convert (the bf16 input arrives through a Convert, exact);
    any other Cast / CastLike as gen_onnx_ops converts it."""
    if not any(n in c.gc.bf16 for n in list(c.node.input) + c.out_names) and c.attrs.get("to") != BF16:
        return O.CONVERT[c.node.op_type](c)
    if c.node.op_type == "CastLike":
        return c.op("ConvertLike", "opset1", None, [c.inp(0), c.inp(1)]), "ConvertLike-1"
    to = int(c.attrs["to"])
    return c.op("Convert", "opset1", [("destination_type", "bf16" if to == BF16 else et(c.expected[0]))],
                [c.inp(0)]), "Convert-1"


def all_axes(c, x, shape):
    """negative_log_likelihood_loss.cpp's get_dynamic_all_axes_range: Range(0, rank(x), 1) from ShapeOf twice."""
    r = len(shape)
    s = c.mid("ShapeOf", "opset3", [("output_type", "i64")], [x], "i64", [r])
    rk = c.mid("ShapeOf", "opset3", [("output_type", "i64")], [s], "i64", [1])
    rk = c.mid("Squeeze", "opset1", None, [rk, c.const(np.array([0], dtype=np.int32))], "i64", [])
    return c.mid("Range", "opset4", [("output_type", "i64")], [scalar(c, 0, "i32"), rk, scalar(c, 1, "i32")],
                 "i64", [r])


def nll_impl(c, data, dshape, t, target, tshape, weights):
    """negative_log_likelihood_loss.cpp's detail::negative_log_likelihood_loss: the loss output of the node."""
    reduction = c.attrs.get("reduction", "mean")
    ab = [("auto_broadcast", "numpy")]
    zero, one = c.const(np.array([0], dtype=np.int64)), c.const(np.array([1], dtype=np.int64))
    axes = c.const(np.array([1], dtype=np.int64))
    tt = et(c.value(1))
    eshape = [tshape[0], 1] + list(tshape[1:])
    etg = c.mid("Unsqueeze", "opset1", None, [target, axes], tt, eshape)
    wshape = list(tshape)
    if "ignore_index" not in c.attrs:
        ge = c.mid("GatherElements", "opset6", [("axis", 1)], [data, etg], t, eshape)
        ncdd = c.mid("Negative", "opset1", None, [ge], t, eshape)
        n1dd = c.mid("Slice", "opset8", None, [ncdd, zero, one, one, one], t, eshape)
        if weights is None and reduction == "none":
            return c.op("Squeeze", "opset1", None, [n1dd, axes], outs=[0])[0]
        loss = c.mid("Squeeze", "opset1", None, [n1dd, axes], t, wshape)
        if weights is None:
            red = "ReduceMean" if reduction == "mean" else "ReduceSum"
            return c.op(red, "opset1", [("keep_dims", False)], [loss, all_axes(c, loss, wshape)], outs=[0])[0]
        gw = c.mid("Gather", "opset8", [("batch_dims", 0)], [weights, target, zero], t, wshape)
    else:
        ii = c.const(np.array([int(c.attrs["ignore_index"])], dtype=np.int64))
        sub = c.mid("Subtract", "opset1", ab, [etg, etg], tt, eshape)
        eti = c.mid("Convert", "opset1", [("destination_type", "i64")], [etg], "i64", eshape)
        mask = c.mid("Equal", "opset1", ab, [eti, ii], "boolean", eshape)
        tr = c.mid("Select", "opset1", ab, [mask, sub, etg], tt, eshape)
        ge = c.mid("GatherElements", "opset6", [("axis", 1)], [data, tr], t, eshape)
        zc = c.mid("Convert", "opset1", [("destination_type", t)], [zero], t, [1])
        oc = c.mid("Convert", "opset1", [("destination_type", t)], [one], t, [1])
        ge = c.mid("Select", "opset1", ab, [mask, zc, ge], t, eshape)
        ones = c.mid("ShapeOf", "opset1", None, [one], "i64", [1])
        ones = c.mid("Broadcast", "opset3", [("mode", "numpy")], [one, ones], "i64", [1])
        ncdd = c.mid("Negative", "opset1", None, [ge], t, eshape)
        n1dd = c.mid("Slice", "opset8", None, [ncdd, zero, one, ones, one], t, eshape)
        if weights is None:
            sm = c.mid("Squeeze", "opset1", None, [mask, axes], "boolean", wshape)
            gw = c.mid("Select", "opset1", ab, [sm, zc, oc], t, wshape)
        else:
            gw = c.mid("Gather", "opset8", [("batch_dims", 0)], [weights, tr, zero], t, eshape)
            gw = c.mid("Select", "opset1", ab, [mask, zc, gw], t, eshape)
            gw = c.mid("Squeeze", "opset1", None, [gw, axes], t, wshape)
        loss = c.mid("Squeeze", "opset1", None, [n1dd, axes], t, wshape)
    if reduction == "none":
        return c.op("Multiply", "opset1", ab, [loss, gw], outs=[0])[0]
    loss = c.mid("Multiply", "opset1", ab, [loss, gw], t, wshape)
    if reduction == "sum":
        return c.op("ReduceSum", "opset1", [("keep_dims", False)], [loss, all_axes(c, loss, wshape)], outs=[0])[0]
    total = c.mid("ReduceSum", "opset1", [("keep_dims", False)], [loss, all_axes(c, loss, wshape)], t, [])
    wsum = c.mid("ReduceSum", "opset1", [("keep_dims", False)], [gw, all_axes(c, gw, wshape)], t, [])
    return c.op("Divide", "opset1", ab, [total, wsum], outs=[0])[0]


def nllloss(c):
    """negative_log_likelihood_loss.cpp (GatherElements, Negative, Slice, Squeeze, the weights Gathered, the
    ignored targets Selected away, then ReduceSum/ReduceMean over a Range of all axes)."""
    x, tg = c.value(0), c.value(1)
    w = c.inp(2) if c.has(2) else None
    c.note = OV + "negative_log_likelihood_loss.cpp (id 1542166323, 2025)"
    return [nll_impl(c, c.inp(0), list(x.shape), et(x), c.inp(1), list(tg.shape), w)], "NLLLoss(GatherElements-6+...)"


def sce_loss(c):
    """softmax_cross_entropy_loss.cpp: LogSoftmax-5 over axis 1, then the NegativeLogLikelihoodLoss graph; the
    second output is the LogSoftmax."""
    x, tg = c.value(0), c.value(1)
    t = et(x)
    if len(c.out_names) > 1:
        (lp,) = c.op("LogSoftmax", "opset5", [("axis", int(c.attrs.get("axis", 1)))], [c.inp(0)], outs=[1])
    else:
        lp = c.mid("LogSoftmax", "opset5", [("axis", int(c.attrs.get("axis", 1)))], [c.inp(0)], t, list(x.shape))
    w = c.inp(2) if c.has(2) else None
    loss = nll_impl(c, lp, list(x.shape), t, c.inp(1), list(tg.shape), w)
    c.note = OV + "softmax_cross_entropy_loss.cpp (id 1839286978, 2025)"
    return [loss] + ([lp] if len(c.out_names) > 1 else []), "LogSoftmax-5+NLLLoss(GatherElements-6+...)"


def axis_shape(c, xi, vi):
    """The target shape putting input vi's elements on input xi's axis (the quantization ops' reshape)."""
    x = c.value(xi)
    axis = int(c.attrs.get("axis", 1)) % x.ndim
    shape = [1] * x.ndim
    shape[axis] = c.value(vi).shape[0]
    return shape


def per_tensor(v):
    return v.ndim == 0 or v.shape == (1,)


def dequantize_linear(c):
    """dequantize_linear.cpp: (Convert(x, f32) - Convert(zero_point, f32)) * scale; a per-axis scale or zero
    point Reshaped onto the axis first (Reshape special_zero true)."""
    x = c.value(0)
    s = list(x.shape)
    ab = [("auto_broadcast", "numpy")]
    per_axis = not per_tensor(c.value(1)) or (c.has(2) and not per_tensor(c.value(2)))
    scale = c.inp(1)
    if per_axis and c.value(1).ndim:
        tshape = axis_shape(c, 0, 1)
        scale = c.mid("Reshape", "opset1", [("special_zero", True)], [scale, c.const(np.array(tshape, dtype=np.int64))],
                      "f32", tshape)
    xf = c.mid("Convert", "opset1", [("destination_type", "f32")], [c.inp(0)], "f32", s)
    c.note = OV + "dequantize_linear.cpp@009830ce"
    if not c.has(2):
        return c.op("Multiply", "opset1", ab, [xf, scale]), "Convert-1+Multiply-1"
    zv = c.value(2)
    zp = c.inp(2)
    if zv.dtype != np.float32:
        zp = c.mid("Convert", "opset1", [("destination_type", "f32")], [zp], "f32", list(zv.shape))
    if per_axis and zv.ndim:
        tshape = axis_shape(c, 0, 2)
        zp = c.mid("Reshape", "opset1", [("special_zero", True)], [zp, c.const(np.array(tshape, dtype=np.int64))],
                   "f32", tshape)
    d = c.mid("Subtract", "opset1", ab, [xf, zp], "f32", s)
    return c.op("Multiply", "opset1", ab, [d, scale]), "Convert-1+Subtract-1+Multiply-1"


QUANT_BANDS = {"u8": (0, 255), "i8": (-128, 127), "u16": (0, 65535), "i16": (-32768, 32767)}


def quantize_linear(c):
    """quantize_linear.cpp: FakeQuantize(x, scale * (low - zp), scale * (high - zp), low, high, levels) then
    Convert to the zero point's type (u8 when there is none); a per-axis scale or zero point Reshaped onto the
    axis first."""
    x = c.value(0)
    s = list(x.shape)
    ab = [("auto_broadcast", "numpy")]
    data = c.inp(0)
    if x.dtype != np.float32:
        data = c.mid("Convert", "opset1", [("destination_type", "f32")], [data], "f32", s)
    sv = c.value(1)
    scale = c.inp(1)
    if sv.dtype != np.float32:
        scale = c.mid("Convert", "opset1", [("destination_type", "f32")], [scale], "f32", list(sv.shape))
    if c.has(2):
        zv, zp = c.value(2), c.inp(2)
    else:
        zv = np.zeros([1], dtype=np.uint8)
        zp = c.const(zv)
    dest = et(zv)
    if dest not in QUANT_BANDS:
        raise Skip(f"QuantizeLinear to {dest}")
    per_axis = not (per_tensor(sv) and per_tensor(zv))
    sshape, zshape = list(sv.shape), list(zv.shape)
    if per_axis and sv.ndim == 1:
        sshape = axis_shape(c, 0, 1)
        scale = c.mid("Reshape", "opset1", [("special_zero", False)], [scale, c.const(np.array(sshape, dtype=np.int64))],
                      "f32", sshape)
    if per_axis and zv.ndim == 1:
        zshape = axis_shape(c, 0, 2)
        zp = c.mid("Reshape", "opset1", [("special_zero", False)], [zp, c.const(np.array(zshape, dtype=np.int64))],
                   dest, zshape)
    c.note = OV + "quantize_linear.cpp@0036540f"
    return [make_fake_quantize(c, data, s, scale, sshape, zp, zshape, zv.dtype)], "FakeQuantize-1+Convert-1"


def make_fake_quantize(c, data, s, scale, sshape, zp, zshape, zdtype):
    """quantize_linear.cpp's make_fake_quantize: the node's output, Convert(FakeQuantize(...), zero point type)."""
    ab = [("auto_broadcast", "numpy")]
    dest = et(np.zeros([], dtype=zdtype))
    lo, hi = QUANT_BANDS[dest]
    ol, oh = c.const(np.array([lo], dtype=np.float32)), c.const(np.array([hi], dtype=np.float32))
    zf = c.mid("Convert", "opset1", [("destination_type", "f32")], [zp], "f32", zshape)
    bshape = list(np.broadcast_shapes(tuple(sshape), tuple(zshape), (1,)))
    il = c.mid("Subtract", "opset1", ab, [ol, zf], "f32", list(np.broadcast_shapes((1,), tuple(zshape))))
    il = c.mid("Multiply", "opset1", ab, [scale, il], "f32", bshape)
    ih = c.mid("Subtract", "opset1", ab, [oh, zf], "f32", list(np.broadcast_shapes((1,), tuple(zshape))))
    ih = c.mid("Multiply", "opset1", ab, [scale, ih], "f32", bshape)
    levels = 1 << (8 * np.dtype(zdtype).itemsize)
    fq = c.mid("FakeQuantize", "opset1", [("levels", levels), ("auto_broadcast", "numpy")],
               [data, il, ih, ol, oh], "f32", s)
    (y,) = c.op("Convert", "opset1", [("destination_type", dest)], [fq])
    return y


def qlinear_matmul(c):
    """qlinear_matmul.cpp@009830ce: A and B dequantized ((Convert(x, f32) - zero point) * scale, the scales and
    zero points reshaped to scalars), MatMul, then quantize_linear.cpp's FakeQuantize with y_scale and
    y_zero_point."""
    ab = [("auto_broadcast", "numpy")]

    def as_scalar(i, t):
        r = c.inp(i)
        if c.value(i).ndim:
            r = c.mid("Reshape", "opset1", [("special_zero", False)], [r, c.const(np.zeros([0], dtype=np.int64))],
                      t, [])
        return r

    def deq(i):
        v = c.value(i)
        sc = as_scalar(i + 1, "f32")
        zp = as_scalar(i + 2, et(c.value(i + 2)))
        zp = c.mid("Convert", "opset1", [("destination_type", "f32")], [zp], "f32", [])
        xf = c.mid("Convert", "opset1", [("destination_type", "f32")], [c.inp(i)], "f32", list(v.shape))
        d = c.mid("Subtract", "opset1", ab, [xf, zp], "f32", list(v.shape))
        return c.mid("Multiply", "opset1", ab, [d, sc], "f32", list(v.shape))

    y = c.expected[0]
    mm = c.mid("MatMul", "opset1", [("transpose_a", False), ("transpose_b", False)], [deq(0), deq(3)], "f32",
               list(y.shape))
    c.note = OV + "qlinear_matmul.cpp@009830ce"
    ys, yz = c.value(6), c.value(7)
    return [make_fake_quantize(c, mm, list(y.shape), c.inp(6), list(ys.shape), c.inp(7), list(yz.shape),
                               yz.dtype)], "Convert-1+Subtract-1+Multiply-1+MatMul-1+FakeQuantize-1+Convert-1"


def dynamic_quantize_linear(c):
    """dynamic_quantize_linear.cpp@0af54663: scale = (max(0, max x) - min(0, min x)) / 255, zero point =
    u8(Clamp(Round((0 - min) / scale))), y = u8(Clamp(Round(x * 255 / span) + zero point))."""
    x = c.value(0)
    s = list(x.shape)
    ab = [("auto_broadcast", "numpy")]
    f = lambda v: scalar(c, v, "f32")  # noqa: E731

    def extreme(red, cmp):
        sh = c.mid("ShapeOf", "opset3", [("output_type", "i64")], [c.inp(0)], "i64", [x.ndim])
        rk = c.mid("ShapeOf", "opset3", [("output_type", "i64")], [sh], "i64", [1])
        rk = c.mid("Squeeze", "opset1", None, [rk], "i64", [])
        axes = c.mid("Range", "opset4", [("output_type", "i64")], [scalar(c, 0, "i64"), rk, scalar(c, 1, "i64")],
                     "i64", [x.ndim])
        v = c.mid(red, "opset1", [("keep_dims", False)], [c.inp(0), axes], "f32", [])
        return c.mid(cmp, "opset1", ab, [f(0), v], "f32", [])

    qmin, qmax = f(0), f(255)
    qspan = c.mid("Subtract", "opset1", ab, [qmax, qmin], "f32", [])
    xmax = extreme("ReduceMax", "Maximum")
    xmin = extreme("ReduceMin", "Minimum")
    span = c.mid("Subtract", "opset1", ab, [xmax, xmin], "f32", [])
    (scale,) = c.op("Divide", "opset1", ab, [span, qmax], outs=[1])
    shifted = c.mid("Subtract", "opset1", ab, [qmin, xmin], "f32", [])
    izp = c.mid("Divide", "opset1", ab, [shifted, scale], "f32", [])
    izp = c.mid("Round", "opset5", [("mode", "half_to_even")], [izp], "f32", [])
    izp = c.mid("Clamp", "opset1", [("min", "0.0"), ("max", "255.0")], [izp], "f32", [])
    (zp,) = c.op("Convert", "opset1", [("destination_type", "u8")], [izp], outs=[2])
    xs = c.mid("Multiply", "opset1", ab, [c.inp(0), qspan], "f32", s)
    xs = c.mid("Divide", "opset1", ab, [xs, span], "f32", s)
    xs = c.mid("Round", "opset5", [("mode", "half_to_even")], [xs], "f32", s)
    zf = c.mid("Convert", "opset1", [("destination_type", "f32")], [zp], "f32", [])
    xs = c.mid("Add", "opset1", ab, [xs, zf], "f32", s)
    xs = c.mid("Clamp", "opset1", [("min", "0.0"), ("max", "255.0")], [xs], "f32", s)
    (y,) = c.op("Convert", "opset1", [("destination_type", "u8")], [xs], outs=[0])
    c.note = OV + "dynamic_quantize_linear.cpp@0af54663"
    return [y, scale, zp], "ReduceMax-1+ReduceMin-1+Round-5+Clamp-1+Convert-1"


def to_i32(c, i, default_shape):
    """Input i Converted to i32 (an absent zero point is a Const 0 of default_shape)."""
    if c.has(i):
        v = c.value(i)
        return c.mid("Convert", "opset1", [("destination_type", "i32")], [c.inp(i)], "i32", list(v.shape)), list(v.shape)
    return c.const(np.zeros(default_shape, dtype=np.int32)), list(default_shape)


def conv_integer(c):
    """conv_integer.cpp@0387d431: Convolution of (Convert(x, i32) - x_zero_point) and (Convert(w, i32) -
    w_zero_point), every zero point Converted to i32."""
    x, w = c.value(0), c.value(1)
    if c.has(3) and c.value(3).ndim:
        raise Skip("a per-channel filter zero point (the frontend Unsqueezes it by a Range over the rank)")
    if int(c.attrs.get("group", 1)) != 1:
        raise Skip("grouped ConvInteger")
    ab = [("auto_broadcast", "numpy")]
    xi, _ = to_i32(c, 0, [])
    wi, _ = to_i32(c, 1, [])
    xz, _ = to_i32(c, 2, [])
    wz, _ = to_i32(c, 3, [])
    xs = c.mid("Subtract", "opset1", ab, [xi, xz], "i32", list(x.shape))
    ws = c.mid("Subtract", "opset1", ab, [wi, wz], "i32", list(w.shape))
    st, d, pb, pe, ap = O.conv_geometry(c, x.ndim - 2)
    attrs = [("strides", st), ("dilations", d), ("pads_begin", pb), ("pads_end", pe), ("auto_pad", ap)]
    c.note = OV + "conv_integer.cpp@0387d431"
    return c.op("Convolution", "opset1", attrs, [xs, ws]), "Convert-1+Subtract-1+Convolution-1"


def matmul_integer(c):
    """matmul_integer.cpp@2f2bd3e1: MatMul of (Convert(A, i32) - a_zero_point) and (Convert(B, i32) -
    b_zero_point); a 1-D a_zero_point Unsqueezed at axis 1."""
    a, b = c.value(0), c.value(1)
    ab = [("auto_broadcast", "numpy")]
    ai, _ = to_i32(c, 0, [])
    bi, _ = to_i32(c, 1, [])
    az, azs = to_i32(c, 2, [1])
    bz, _ = to_i32(c, 3, [1])
    if len(azs) == 1:
        az = c.mid("Unsqueeze", "opset1", None, [az, c.const(np.array([1], dtype=np.int32))], "i32", azs + [1])
        azs = azs + [1]
    sa = c.mid("Subtract", "opset1", ab, [ai, az], "i32", list(np.broadcast_shapes(a.shape, tuple(azs))))
    sb = c.mid("Subtract", "opset1", ab, [bi, bz], "i32", list(np.broadcast_shapes(b.shape, tuple(
        c.value(3).shape if c.has(3) else (1,)))))
    c.note = OV + "matmul_integer.cpp@2f2bd3e1"
    return c.op("MatMul", "opset1", [("transpose_a", False), ("transpose_b", False)], [sa, sb]), \
        "Convert-1+Subtract-1+MatMul-1"


def window(c):
    """blackmanwindow.cpp@840319c2, hammingwindow.cpp@00121591, hannwindow.cpp@16f3e848: Range(0, size, 1) in
    f32 times 2π (4π) over the size (minus one unless periodic), Cos, weighted sum; the size stays a Parameter,
    so every dim is dynamic as OpenVINO infers it."""
    kind = c.node.op_type
    ab = [("auto_broadcast", "numpy")]
    f = lambda v: scalar(c, v, "f32")  # noqa: E731
    fs = c.mid("Convert", "opset1", [("destination_type", "f32")], [c.inp(0)], "f32", [])
    rng = c.mid("Range", "opset4", [("output_type", "f32")], [f(0.0), c.inp(0), f(1.0)], "f32", [-1])
    periodic = int(c.attrs.get("periodic", 1)) == 1
    den = fs if periodic else c.mid("Subtract", "opset1", ab, [fs, f(1.0)], "f32", [])
    pi = f(np.float32(np.pi))

    def cos_term(k):
        ang = c.mid("Multiply", "opset1", ab, [pi, f(k)], "f32", [])
        ang = c.mid("Divide", "opset1", ab, [ang, den], "f32", [])
        ang = c.mid("Multiply", "opset1", ab, [rng, ang], "f32", [-1])
        return c.mid("Cos", "opset1", None, [ang], "f32", [-1])

    out_t = et(c.expected[0])
    last = (lambda op, attrs, ins: c.g.op("node", op, "opset1", attrs, ins, [("f32", [-1], c.out_names[0])])[0]) \
        if out_t == "f32" else (lambda op, attrs, ins: c.mid(op, "opset1", attrs, ins, "f32", [-1]))
    if kind == "BlackmanWindow":
        t1 = c.mid("Multiply", "opset1", ab, [cos_term(2.0), f(-0.5)], "f32", [-1])
        t2 = c.mid("Multiply", "opset1", ab, [cos_term(4.0), f(0.08)], "f32", [-1])
        y = last("Add", ab, [c.mid("Add", "opset1", ab, [f(0.42), t1], "f32", [-1]), t2])
        c.note = OV + "blackmanwindow.cpp@840319c2"
    else:
        if kind == "HammingWindow":
            a0 = c.mid("Divide", "opset1", ab, [f(25.0), f(46.0)], "f32", [])
            a1 = c.mid("Subtract", "opset1", ab, [f(1.0), a0], "f32", [])
            c.note = OV + "hammingwindow.cpp@00121591"
        else:
            a0 = a1 = f(0.5)
            c.note = OV + "hannwindow.cpp@16f3e848"
        sc = c.mid("Multiply", "opset1", ab, [cos_term(2.0), a1], "f32", [-1])
        y = last("Subtract", ab, [a0, sc])
    if out_t != "f32":
        (y,) = c.g.op("node", "Convert", "opset1", [("destination_type", out_t)], [y], [(out_t, [-1], c.out_names[0])])
    return [y], f"Range-4+Cos-1+... ({kind})"


def unique(c):
    """unique.cpp@3a6113a9: Unique-10 with sorted as the attribute says (sorted=0: first-occurrence order)."""
    if int(c.attrs.get("sorted", 1)):
        return O.unique(c)
    a = [("sorted", False), ("index_element_type", "i64"), ("count_element_type", "i64")]
    ins = [c.inp(0)]
    if "axis" in c.attrs:
        ins.append(c.const(np.array([int(c.attrs["axis"])], dtype=np.int64)))
    c.note = OV + "unique.cpp@3a6113a9"
    return c.op("Unique", "opset10", a, ins), "Unique-10"


def upsample(c):
    """upsample.cpp@12f3a530: Interpolate-11 over the scales (set_9: the scales input, here a Const; set_7 and
    set_1: the attribute), mode nearest (round_prefer_floor, half_pixel) or linear_onnx (asymmetric)."""
    x = c.value(0)
    mode = c.attrs.get("mode", "nearest")
    if c.opset >= 9:
        scales = np.asarray(c.value(1), dtype=np.float32)
    elif c.opset >= 7:
        scales = np.asarray(c.attrs["scales"], dtype=np.float32)
    else:
        scales = np.ones([x.ndim], dtype=np.float32)
        scales[-1], scales[-2] = c.attrs["width_scale"], c.attrs["height_scale"]
    linear = mode in ("linear", "bilinear")
    a = [("mode", "linear_onnx" if linear else "nearest"), ("shape_calculation_mode", "scales"),
         ("coordinate_transformation_mode", "asymmetric" if linear else "half_pixel"),
         ("nearest_mode", "round_prefer_floor"), ("antialias", False), ("pads_begin", [0] * x.ndim),
         ("pads_end", [0] * x.ndim), ("cube_coeff", -0.75)]
    c.note = OV + "upsample.cpp@12f3a530"
    return c.op("Interpolate", "opset11", a, [c.inp(0), c.const(scales)]), "Interpolate-11"


def qlinear_conv(c):
    """qlinear_conv.cpp@009830ce: x and w dequantized as opset-13 DequantizeLinear does over axis 1 (a 1-D scale or
    zero point Reshaped onto axis 1, special_zero true), Convolution, then quantize_linear.cpp's FakeQuantize."""
    if c.has(8):
        raise Skip("QLinearConv bias")
    if int(c.attrs.get("group", 1)) != 1:
        raise Skip("grouped QLinearConv")
    ab = [("auto_broadcast", "numpy")]
    x = c.value(0)

    def on_axis1(i, r, t, of):
        v = c.value(i)
        if v.ndim == 0:
            return r
        shape = [1] * c.value(of).ndim
        shape[1] = c.value(of).shape[1]
        return c.mid("Reshape", "opset1", [("special_zero", True)], [r, c.const(np.array(shape, dtype=np.int64))],
                     t, shape)

    def deq(i):
        v = c.value(i)
        zv = c.value(i + 2)
        zp = c.mid("Convert", "opset1", [("destination_type", "f32")], [c.inp(i + 2)], "f32", list(zv.shape))
        zp = on_axis1(i + 2, zp, "f32", i)
        sc = on_axis1(i + 1, c.inp(i + 1), "f32", i)
        xf = c.mid("Convert", "opset1", [("destination_type", "f32")], [c.inp(i)], "f32", list(v.shape))
        d = c.mid("Subtract", "opset1", ab, [xf, zp], "f32", list(v.shape))
        return c.mid("Multiply", "opset1", ab, [d, sc], "f32", list(v.shape))

    st, d, pb, pe, ap = O.conv_geometry(c, x.ndim - 2)
    attrs = [("strides", st), ("dilations", d), ("pads_begin", pb), ("pads_end", pe), ("auto_pad", ap)]
    y = c.expected[0]
    conv = c.mid("Convolution", "opset1", attrs, [deq(0), deq(3)], "f32", list(y.shape))
    ys, yz = c.value(6), c.value(7)
    c.note = OV + "qlinear_conv.cpp@009830ce"
    return [make_fake_quantize(c, conv, list(y.shape), c.inp(6), list(ys.shape), c.inp(7), list(yz.shape),
                               yz.dtype)], "Convert-1+Subtract-1+Multiply-1+Convolution-1+FakeQuantize-1+Convert-1"


def max_unpool(c):
    """max_unpool.cpp (2026, id 70868680215): ScatterElementsUpdate-12 of the flattened data at the flattened
    indices into Broadcast zeros of the output's size, Reshaped to the output shape (the output_shape input, a
    Const here, or ShapeOf(data)'s batch and channels with the spatial dims scaled by the strides and shifted
    by kernel - stride - pads)."""
    x = c.value(0)
    t = et(x)
    ab = [("auto_broadcast", "numpy")]
    k = list(c.attrs["kernel_shape"])
    n = len(k)
    st = list(c.attrs.get("strides", [1] * n))
    pads = list(c.attrs.get("pads", [0] * 2 * n))
    y = c.expected[0]
    i64 = lambda v: c.const(np.array(v, dtype=np.int64))  # noqa: E731
    if c.has(2):
        oshape = c.const(np.asarray(c.value(2), dtype=np.int64))
    else:
        shift = [k[i] - st[i] - pads[i] - pads[i + n] for i in range(n)]
        ds = c.mid("ShapeOf", "opset3", [("output_type", "i64")], [c.inp(0)], "i64", [x.ndim])
        bc = c.mid("Slice", "opset8", None, [ds, i64([0]), i64([2]), i64([1])], "i64", [2])
        sp = c.mid("Slice", "opset8", None, [ds, i64([2]), i64([np.iinfo(np.int64).max]), i64([1])], "i64", [n])
        sp = c.mid("Multiply", "opset1", ab, [sp, i64(st)], "i64", [n])
        sp = c.mid("Add", "opset1", ab, [sp, i64(shift)], "i64", [n])
        oshape = c.mid("Concat", "opset1", [("axis", 0)], [bc, sp], "i64", [x.ndim])
    zero = c.mid("ConvertLike", "opset1", None, [scalar(c, 0.0, "f32"), c.inp(0)], t, [])
    total = c.mid("ReduceProd", "opset1", [("keep_dims", True)], [oshape, i64([0])], "i64", [1])
    zeros = c.mid("Broadcast", "opset3", [("mode", "numpy")], [zero, total], t, [y.size])
    fd = c.mid("Reshape", "opset1", [("special_zero", False)], [c.inp(0), i64([-1])], t, [x.size])
    fi = c.mid("Reshape", "opset1", [("special_zero", False)], [c.inp(1), i64([-1])], "i64", [x.size])
    sc = c.mid("ScatterElementsUpdate", "opset12", [("reduction", "none"), ("use_init_val", True)],
               [zeros, fi, fd, scalar(c, 0, "i64")], t, [y.size])
    c.note = OV + "max_unpool.cpp (id 70868680215, 2026)"
    return c.op("Reshape", "opset1", [("special_zero", False)], [sc, oshape]), \
        "Broadcast-3+ScatterElementsUpdate-12+Reshape-1"


def not_convertible(why):
    def conv(c):
        raise Skip(why)
    return conv


DECOMPOSE = {"Loop": loop, "If": if_, "Scan": scan, "Slice": slice_any, "STFT": not_convertible(
                 "stft.cpp@16f3e848 passes the scalar frame_length as RDFT-9's signal_size, which OpenVINO's RDFT "
                 "shape inference requires 1-D: the frontend's graph does not validate"),
             "Det": not_convertible("OpenVINO's ONNX frontend has no Det translator (and opset1-16 no determinant)"),
             "MaxUnpool": max_unpool, "QLinearConv": qlinear_conv, "Unique": unique, "Upsample": upsample, "BlackmanWindow": window, "HammingWindow": window, "HannWindow": window, "QLinearMatMul": qlinear_matmul, "ConvInteger": conv_integer, "MatMulInteger": matmul_integer, "DequantizeLinear": dequantize_linear, "QuantizeLinear": quantize_linear,
             "DynamicQuantizeLinear": dynamic_quantize_linear, "NegativeLogLikelihoodLoss": nllloss, "SoftmaxCrossEntropyLoss": sce_loss, "Trilu": trilu, "Hardmax": hardmax, "Celu": celu, "ThresholdedRelu": thresholded_relu,
             "Shrink": shrink, "Compress": compress, "Dropout": dropout, "Pow": pow_, "Cast": cast, "CastLike": cast}

# Expected "differs": OpenVINO's semantics give other values than the ONNX test expects (reason per test).
BF16_TRUNC = ("ONNX 1.12's test data rounds float32 to bfloat16 by truncation (the upper 16 bits); OpenVINO's "
              "Convert rounds to nearest even, so values whose dropped bits are over half an ulp differ")
DIFFERS = {
    "maxunpool_export_with_output_shape": (
        "OpenVINO's decomposition (max_unpool.cpp) scatters at the indices into the flattened output_shape "
        "(1x1x5x5: index 5 is row 1, column 0); ONNX's reference reads them in the unpooled shape the attributes "
        "give (1x1x4x4: index 5 is row 1, column 1) and pads that to output_shape"),
    "dynamicquantizelinear": (
        "OpenVINO's decomposition (dynamic_quantize_linear.cpp) rounds x·255/span: x = −2.5, span 5 gives "
        "exactly −127.5, to even −128, + zero point 153 = 25; ONNX rounds x/scale with the rounded scale "
        "5/255 = 0.019607844 (−127.49999 → −127) and expects 26"),
    "dynamicquantizelinear_expanded": (
        "the function body's QuantizeLinear becomes OpenVINO's FakeQuantize (quantize_linear.cpp), which "
        "rounds (x − il)/(ih − il)·255 with the zero point inside: x = 0.5 gives (0.5 + 3)/5·255 = 178.5, to "
        "even 178; ONNX rounds x/scale = 25.5 to 26 first and adds 153: 179"),
    "cast_FLOAT_to_BFLOAT16": BF16_TRUNC,
    "castlike_FLOAT_to_BFLOAT16": BF16_TRUNC,
    "castlike_FLOAT_to_BFLOAT16_expanded": BF16_TRUNC,
}


def mine(case_dir, m):
    """Whether the test is this script's: several nodes, a decomposed op, or what gen_onnx_ops leaves of
    Pow (mixed types) and Cast/CastLike (bf16)."""
    if any(nd.op_type in O.POOL_OPS for nd in m.graph.node):
        return False  # gen_onnx.py's (the pytorch AvgPool1d composites too)
    if len(m.graph.node) != 1:
        return True
    nd = m.graph.node[0]
    if nd.op_type not in O.CONVERT:
        return True
    if nd.op_type in ("Pow", "Cast", "CastLike", "Unique"):
        try:  # gen_onnx_ops takes the test unless its converter refuses it
            c = O.Case(case_dir)
            c.attrs = attrs_of(c.node)
            O.CONVERT[nd.op_type](c)
        except Skip:
            return True
    return False


def convert(case_dir):
    gc = GraphCase(case_dir)
    origin = f"libonnx-testdata {gc.rel} (opset {gc.opset}), test_data_set_0"
    total = sum(v.size for n, v in gc.values.items() if n in gc.graph_inputs) + sum(y.size for y in gc.expected)
    if total > O.MAX_ELEMS:
        raise Skip(f"{total} elements, over the testdata size budget of {O.MAX_ELEMS}")
    outs, seen = [], set()
    for n, y in zip(gc.out_names, gc.expected):
        r = gc.ref(n)
        pn = gc.port_name.get(n)
        if pn is None:
            raise Skip(f"output {n} is a constant, no op computes it")
        if pn in seen:
            raise Skip(f"two outputs are the same tensor {pn}")
        seen.add(pn)
        if pn != n:
            gc.notes.append(f"output {n} is the frontend's alias of {pn} (no op): compared under that name")
        gc.g.result(r, pn)
        t = "bf16" if n in gc.bf16 else et(y)
        if not gc.inexact.get(n, False) or t not in ("f16", "bf16", "f32", "f64"):
            cmp, atol, rtol = "exact", 0.0, 0.0
        else:
            cmp, atol, rtol = "close", (1e-5 if t == "f16" else O.ATOL), O.RTOL
        outs.append({"name": pn, "array": y, "compare": cmp, "atol": atol, "rtol": rtol})
    if not gc.opnames:
        raise Skip("every output is an input itself: no op to test")
    ops = sorted(set(nd.op_type for nd in gc.model.graph.node))
    nnodes = len(gc.model.graph.node)
    desc = (f"ONNX {ops[0] if nnodes == 1 else f'graph of {nnodes} nodes ({chr(32).join(ops)})'} "
            f"(opset {gc.opset}) -> {' + '.join(dict.fromkeys(gc.opnames))}")
    expect, reason = ("differs", DIFFERS[gc.name]) if gc.name in DIFFERS else ("match", "")
    extra = {"onnx_nodes": [nd.op_type for nd in gc.model.graph.node]}
    if gc.notes:
        extra["conversion_note"] = "; ".join(dict.fromkeys(gc.notes))
    W.write_case(SOURCE, gc.name, gc.g, gc.params, outs, origin, desc, "+".join(dict.fromkeys(gc.opnames)),
                 expect, reason, extra=extra)
    return expect


def main():
    W.clear_source(SOURCE)
    stats, skipped = {}, []
    dirs = [d for sub in O.DIRS for d in sorted(glob.glob(os.path.join(O.DATA, sub, "test_*")))]
    for d in dirs:
        try:
            m = onnx.load(os.path.join(d, "model.onnx"))
        except Exception:  # noqa: BLE001 - gen_onnx_ops lists it
            continue
        if not mine(d, m):
            continue
        try:
            r = convert(d)
        except Skip as e:
            skipped.append((os.path.relpath(d, O.DATA), str(e)))
            r = "skip"
        stats[r] = stats.get(r, 0) + 1
    O.write_skipped(SOURCE, "ONNX tests gen_onnx_ops.py leaves that are not converted here either",
                    "gen_onnx_graph.py", skipped)
    print(f"{SOURCE}: {stats}")


if __name__ == "__main__":
    main()
