"""Shared helpers of the OpenVINO op_reference generators (gen_ovstruct.py, gen_ovrest.py, gen_ov13.py,
gen_ov14.py).

Each generator transcribes the template plugin's reference vectors as data and builds one small
IR graph per vector (Parameter / Const -> op -> Result).  This module holds what they share:
tensors of any element type from transcribed values (`arr`, bf16 rounded as OpenVINO's bfloat16
constructor does), graph inputs (`In`, `P`, `K`, `build_inputs`, bf16 fed as f32 through a
Convert), declared outputs (`Out`, `O`, `U`), tolerances (`tol`), the numpy transcription
cross-check (`xcheck`), and `Source`: one conformance source's registry of per-file generators,
commits, case counts and its `finish` / `case` / `main` (`openvino_source` unpacks the one every
op_reference generator uses), and `narrow_recur`: the recurrent cells as OpenVINO's templated
reference computes them for T = bfloat16 / float16 (every intermediate rounded to T).
"""
import numpy as np

import irwriter as W

OPREF = "src/plugins/template/tests/functional/op_reference/"

# dtypes numpy can hold directly; bf16 is fed as f32 and converted in the graph (see build_inputs)
INT_TYPES = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"]
FLOAT_TYPES = ["bf16", "f16", "f32", "f64"]


def bf16_round(a):
    """Round f32 values to the nearest bf16 (ties to even), returned as f32: how OpenVINO's
    bfloat16 constructor stores a float literal."""
    a = np.asarray(a, dtype=np.float32)
    u = a.view(np.uint32).astype(np.uint64)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) << 16
    return r.astype(np.uint32).view(np.float32)


def arr(values, et, shape=None):
    """Tensor of element type et from the transcribed values (bf16 kept as f32 rounded to bf16)."""
    if et == "bf16":
        a = bf16_round(np.array(values, dtype=np.float32))
    elif et == "boolean":
        a = np.array(values).astype(np.bool_)
    elif et == "string":
        a = np.array(values, dtype=np.str_)  # '<Un' (an empty list gives '<U1')
    else:
        a = np.array(values, dtype=W.NP[et])
    if shape is not None:
        a = a.reshape(shape)
    return a


class In:
    """One graph input: a Parameter (default; dyn=True: every dim `?`, or a list of dims with -1
    for `?`) or a Const, of element type et."""

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
        self.compare, self.atol, self.rtol = compare, atol, rtol
        self.dims = dims  # declared dims when they differ from the value's (-1 = dynamic)
        self.unused = False


def O(name, values, et, shape=None, **kw):
    return Out(name, values, et, shape, **kw)


def U(et, shape):
    """An output port the test leaves unconnected (declared, no Result)."""
    o = Out("unused", np.zeros(shape).ravel().tolist(), et, shape)
    o.unused = True
    return o


def tol(et):
    # base_reference_test.cpp: threshold 1e-2 for f16/bf16 ... exact compare for data movement
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


def build_inputs(g, ins, dyn_bf16=True):
    """Parameters / Consts (bf16 through an f32 -> bf16 Convert) for ins; returns refs and the input
    arrays.  dyn_bf16=False writes bf16 Parameters static even when In.dyn asks for `?` dims (as
    gen_ovstruct.py always did)."""
    refs, inputs = [], {}
    for i in ins:
        et = "f32" if i.et == "bf16" else i.et
        if i.const:
            r = g.const(i.name, et, i.a)
        elif i.dyn is not False and (dyn_bf16 or i.et != "bf16"):
            r = dyn_param(g, i.name, et, [-1] * i.a.ndim if i.dyn is True else i.dyn)
            inputs[i.name] = i.a
        else:
            r = g.param(i.name, et, list(i.a.shape))
            inputs[i.name] = i.a
        if i.et == "bf16":
            (r,) = g.op(i.name + "_bf16", "Convert", "opset1", [("destination_type", "bf16")], [r],
                        [("bf16", list(r.shape), None)])
        refs.append(r)
    return refs, inputs


def ospec(outs):
    """g.op outputs for outs; an Out with unused=True is declared but feeds no Result."""
    return [(o.et, o.dims if o.dims is not None else list(o.a.shape), None if o.unused else o.name) for o in outs]


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


# ---------------------------------------------------------------- recurrent cells in a narrow type T
# gru_cell.hpp / lstm_cell.hpp / rnn_cell.hpp with T = bfloat16 or float16 keep every intermediate in T:
# matmul.hpp's dot rounds each product to T, sums in float32 (k order) and rounds the sum; each Add,
# Subtract, Multiply rounds its float32 result; clip bounds are T(+-clip); sigmoid is T(1 / (1 + exp(-x)))
# and tanh T(tanh(x)) in float32.  ov::bfloat16(float) adds 0x8000 only when the kept low bit is 1
# (values with kept low bit 0 truncate); ov::float16(float) rounds to nearest even.
def ov_bf16(a):
    """f32 values through ov::bfloat16's float constructor, back to f32."""
    u = np.atleast_1d(np.asarray(a, np.float32)).view(np.uint32).astype(np.uint64)
    r = ((u + ((u & np.uint64(0x10000)) >> np.uint64(1))) >> np.uint64(16)) << np.uint64(16)
    return r.astype(np.uint32).view(np.float32)


def _narrow(et):
    if et == "bf16":
        return ov_bf16
    return lambda a: np.atleast_1d(np.asarray(a, np.float32)).astype(np.float16).astype(np.float32)


def _n_matmul_t(rd, a, w):
    """a [B, K] times w [J, K] transposed, as dot in T: products rounded, float32 sum, sum rounded."""
    prod = rd(a[:, None, :].astype(np.float32) * w[None, :, :].astype(np.float32))
    acc = np.zeros(prod.shape[:2], np.float32)
    for k in range(prod.shape[2]):
        acc = (acc + prod[:, :, k]).astype(np.float32)
    return rd(acc)


def _n_act(rd, name, x, clip):
    x = np.asarray(x, np.float32)
    if clip > 0:
        x = np.clip(x, rd(np.float32(-clip)), rd(np.float32(clip)))
    if name == "sigmoid":
        e = np.exp(-x.astype(np.float64)).astype(np.float32)
        return rd((np.float32(1) / (np.float32(1) + e)).astype(np.float32))
    if name == "tanh":
        return rd(np.tanh(x.astype(np.float64)).astype(np.float32))
    return np.maximum(x, np.float32(0))


def narrow_cell(kind, et, x, h, c, w, r, b, clip=0.0, lbr=False, acts=None, p=None, input_forget=False):
    """One step of OpenVINO's reference cell (kind rnn / gru / lstm, gates in its W/R/B order: zrh,
    fico) in element type et (bf16 / f16); every argument already representable in et.  p: LSTM's
    peepholes [3 * hidden] (f, i, o) with input_forget, as lstm_cell_v1.  Returns (H, C) (C None except
    for lstm)."""
    rd = _narrow(et)
    add = lambda p, q: rd(np.float32(p) + np.float32(q))  # noqa: E731
    mul = lambda p, q: rd(np.float32(p) * np.float32(q))  # noqa: E731
    hs = h.shape[1]
    xw, hr = _n_matmul_t(rd, x, w), _n_matmul_t(rd, h, r)
    pre = lambda g: add(xw[:, g * hs:(g + 1) * hs], add(hr[:, g * hs:(g + 1) * hs], b[g * hs:(g + 1) * hs]))  # noqa: E731
    if kind == "rnn":
        return _n_act(rd, (acts or ["tanh"])[0], pre(0), clip), None
    if kind == "gru":
        f, g = acts or ["sigmoid", "tanh"]
        z, rr = _n_act(rd, f, pre(0), clip), _n_act(rd, f, pre(1), clip)
        if lbr:
            hh = add(xw[:, 2 * hs:], add(mul(rr, add(hr[:, 2 * hs:], b[3 * hs:])), b[2 * hs:3 * hs]))
        else:
            mm = _n_matmul_t(rd, mul(rr, h), r[2 * hs:])
            hh = add(xw[:, 2 * hs:], add(mm, b[2 * hs:3 * hs]))
        hh = _n_act(rd, g, hh, clip)
        return add(mul(rd(np.float32(1) - z), hh), mul(z, h)), None
    f, g, hf = acts or ["sigmoid", "tanh", "tanh"]
    if p is None:
        ft, it, ct, ot = (_n_act(rd, a, pre(i), clip) for i, a in ((0, f), (1, f), (2, g), (3, f)))
        cn = add(mul(ft, c), mul(it, ct))
        return mul(ot, _n_act(rd, hf, cn, 0.0)), cn
    ft = _n_act(rd, f, add(pre(0), mul(p[:hs], c)), clip)
    it = rd(np.float32(1) - ft) if input_forget else _n_act(rd, f, add(pre(1), mul(p[hs:2 * hs], c)), clip)
    cn = add(mul(ft, c), mul(it, _n_act(rd, g, pre(2), clip)))
    ot = _n_act(rd, f, add(pre(3), mul(p[2 * hs:], cn)), clip)
    return mul(ot, _n_act(rd, hf, cn, 0.0)), cn


def narrow_recur(kind, et, direction, x, h0, c0, w, r, b, clip=0.0, lbr=False):
    """A sequence pass (forward / reverse, every length full) of narrow_cell over x [batch, seq,
    input] from h0 (c0) [batch, hidden]: (Y [batch, seq, hidden], Ho, Co), all f32 holding et values."""
    rd = _narrow(et)
    x, h, w, r, b = (rd(np.asarray(v, np.float32)) for v in (x, h0, w, r, b))
    c = rd(np.asarray(c0, np.float32)) if c0 is not None else None
    ys = [None] * x.shape[1]
    for t in (range(x.shape[1]) if direction == "forward" else reversed(range(x.shape[1]))):
        h, c = narrow_cell(kind, et, x[:, t], h, c, w, r, b, clip, lbr)
        ys[t] = h
    return np.stack(ys, 1), h, c


def openvino_source(name):
    """The Source of an op_reference generator (origins "openvinotoolkit/openvino <path>@<commit>",
    8-byte .bin for graphs without Const bytes), unpacked: SRC (file stem -> 8-hex commit of the
    version read), COUNT, and the gen / finish / case / main functions."""
    s = Source(name, origin_prefix="openvinotoolkit/openvino ", pad_empty_bin=True)
    return s.SRC, s.COUNT, s.gen, s.finish, s.case, s.main


class Source:
    """One conformance source: its per-file generators (`gen` decorator), the commit read of
    each op_reference file (`SRC[stem]`), case counts, and the writers `finish` / `case` / `main`.

    origin_prefix: text before the file path in each case's `origin`; first_opset: {(type,
    version): opset} for ops older than the first opset holding them; pad_empty_bin: give a graph
    whose Consts hold 0 bytes an 8-byte .bin (a 0-byte .bin is "bin file cannot be found" to
    OpenVINO's IR reader and irrun's); dyn_bf16: see build_inputs."""

    def __init__(self, name, origin_prefix="", first_opset=None, pad_empty_bin=False, dyn_bf16=True):
        self.name, self.origin_prefix, self.dyn_bf16 = name, origin_prefix, dyn_bf16
        self.first_opset = first_opset or {}
        self.pad_empty_bin = pad_empty_bin
        self.SRC = {}
        self.COUNT = {}
        self.GENS = []

    def gen(self, f):
        self.GENS.append(f)
        return f

    def finish(self, stem, name, g, inputs, outs, desc, op, expect="match", reason="", exact=True, extra=None):
        outputs = []
        for o in outs:
            if o.unused:
                continue
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
        names = self.COUNT.setdefault("_names", set())
        assert cname not in names, f"duplicate case {cname}"
        names.add(cname)
        origin = f"{self.origin_prefix}{OPREF}{stem}.cpp@{self.SRC[stem]}"
        W.write_case(self.name, cname, g, inputs, outputs, origin, desc, op, expect, reason, extra)
        self.COUNT[stem] = self.COUNT.get(stem, 0) + 1

    def case(self, stem, name, optype, version, attrs, ins, outs, desc="", expect="match", reason="", exact=True,
             opset=None, extra=None):
        """Write one single-op case: inputs -> op -> Results.  stem: op_reference file stem; name:
        the test's case name (made unique)."""
        g = W.Graph(f"{stem}_{name}")
        refs, inputs = build_inputs(g, ins, self.dyn_bf16)
        opset = opset or self.first_opset.get((optype, version), f"opset{version}")
        orefs = g.op("op", optype, opset, attrs, refs, ospec(outs))
        for o, r in zip(outs, orefs):
            if not o.unused:
                g.result(r, o.name)
        if self.pad_empty_bin and any(i.const for i in ins) and not g.blob:
            g.blob += bytes(8)
        self.finish(stem, name, g, inputs, outs, desc or f"{optype}-{version} template reference vector {name}",
                    f"{optype}-{version}", expect, reason, exact, extra)

    def main(self):
        W.clear_source(self.name)
        self.COUNT.clear()
        for f in self.GENS:
            f()
        n = sum(v for k, v in self.COUNT.items() if k != "_names")
        print(f"{self.name}: {n} cases: " + ", ".join(f"{k} {v}" for k, v in self.COUNT.items() if k != "_names"))
        return n
