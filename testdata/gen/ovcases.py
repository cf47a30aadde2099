"""Shared helpers of the OpenVINO op_reference generators (gen_ovstruct.py, gen_ovrest.py, gen_ov13.py).

Each generator transcribes the template plugin's reference vectors as data and builds one small
IR graph per vector (Parameter / Const -> op -> Result).  This module holds what they share:
tensors of any element type from transcribed values (`arr`, bf16 rounded as OpenVINO's bfloat16
constructor does), graph inputs (`In`, `P`, `K`, `build_inputs`, bf16 fed as f32 through a
Convert), declared outputs (`Out`, `O`, `U`), tolerances (`tol`), the numpy transcription
cross-check (`xcheck`), and `Source`: one conformance source's registry of per-file generators,
commits, case counts and its `finish` / `case` / `main`.
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
