"""Self-contained OpenVINO IR v11 writer and conformance-case writer.

Writes model.xml / model.bin the way OpenVINO's serializer lays them out (src/core/src/pass/serialize.cpp):
layers with id/name/type/version, <data> attributes in the op's visit order with lists joined by ", ",
input ports 0..n-1 then output ports n..n+m-1, legacy precision names on ports, <edges>, <rt_info/>.

Only numpy is needed.  Nothing here computes expected values: expected outputs are passed in by the
generators from independent oracles (ONNX test data, hand-transcribed spec examples, PyTorch).
"""
import json
import os
import shutil

import numpy as np

# element type -> legacy port precision as the serializer writes it
PREC = {
    "f32": "FP32", "f16": "FP16", "bf16": "BF16", "f64": "FP64",
    "i8": "I8", "i16": "I16", "i32": "I32", "i64": "I64",
    "u8": "U8", "u16": "U16", "u32": "U32", "u64": "U64", "boolean": "BOOL",
    "u1": "BIN",  # packed-bit Consts (BinaryConvolution filters)
    "string": "STRING",  # Parameters/Results only (held as numpy '<Un' arrays, saved as such in .npy)
}
NP = {
    "f32": np.float32, "f16": np.float16, "f64": np.float64,
    "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64, "boolean": np.bool_,
}


def etype_of(arr):
    dt = np.dtype(arr.dtype)
    if dt.kind == "U":
        return "string"
    for k, v in NP.items():
        if np.dtype(v) == dt:
            return k
    raise ValueError(f"unsupported dtype {dt}")


# op type names the serializer writes differently from the op's type_info name
# (serialize.cpp, translate_type_name)
SERIALIZED_TYPE = {"Constant": "Const", "PRelu": "PReLU", "Relu": "ReLU", "Softmax": "SoftMax"}


def _fmt_attr(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return ", ".join(str(int(x)) for x in v)
    return str(v)


class Ref:
    """One output port of one layer."""

    def __init__(self, layer_id, port_id, etype, shape):
        self.layer_id, self.port_id, self.etype, self.shape = layer_id, port_id, etype, list(shape)


class Graph:
    def __init__(self, name):
        self.name = name
        self.layers = []  # xml fragments
        self.edges = []
        self.blob = bytearray()
        self.next_id = 0
        self.tensor_names = set()
        self.params = []   # (name, etype, shape)
        self.results = []  # (name, etype, shape)

    def _new_id(self):
        i = self.next_id
        self.next_id += 1
        return i

    @staticmethod
    def _port(pid, etype, shape, names=None, ind="\t\t\t\t"):
        nm = f' names="{names}"' if names else ""
        if not shape:
            return f'{ind}<port id="{pid}" precision="{PREC[etype]}"{nm} />\n'
        dims = "".join(f"{ind}\t<dim>{int(d)}</dim>\n" for d in shape)
        return f'{ind}<port id="{pid}" precision="{PREC[etype]}"{nm}>\n{dims}{ind}</port>\n'

    def _claim(self, names):
        if names:
            assert names not in self.tensor_names, f"duplicate tensor name {names}"
            self.tensor_names.add(names)

    def param(self, name, etype, shape):
        lid = self._new_id()
        self._claim(name)
        shp = ",".join(str(int(d)) for d in shape)
        s = (f'\t\t<layer id="{lid}" name="{name}" type="Parameter" version="opset1">\n'
             f'\t\t\t<data shape="{shp}" element_type="{etype}" />\n'
             f'\t\t\t<output>\n{self._port(0, etype, shape, names=name)}\t\t\t</output>\n\t\t</layer>\n')
        self.layers.append(s)
        self.params.append((name, etype, list(shape)))
        return Ref(lid, 0, etype, shape)

    def const(self, name, etype, values):
        arr = np.array(values, dtype=NP[etype], order="C")  # keeps 0-d scalars 0-d
        lid = self._new_id()
        off = len(self.blob)
        self.blob += arr.astype(arr.dtype.newbyteorder("<")).tobytes()
        shape = list(arr.shape)
        shp = ", ".join(str(d) for d in shape)
        s = (f'\t\t<layer id="{lid}" name="{name}" type="Const" version="opset1">\n'
             f'\t\t\t<data element_type="{etype}" shape="{shp}" offset="{off}" size="{arr.nbytes}" />\n'
             f'\t\t\t<output>\n{self._port(0, etype, shape)}\t\t\t</output>\n\t\t</layer>\n')
        self.layers.append(s)
        return Ref(lid, 0, etype, shape)

    def op(self, name, optype, version, attrs, inputs, outputs):
        """attrs: list of (key, value) in visit order (None = no <data>).
        outputs: list of (etype, shape, names-or-None).  Returns list of Refs."""
        lid = self._new_id()
        optype = SERIALIZED_TYPE.get(optype, optype)
        s = f'\t\t<layer id="{lid}" name="{name}" type="{optype}" version="{version}">\n'
        if attrs:
            s += "\t\t\t<data " + " ".join(f'{k}="{_fmt_attr(v)}"' for k, v in attrs) + " />\n"
        s += "\t\t\t<input>\n"
        for j, r in enumerate(inputs):
            s += self._port(j, r.etype, r.shape)
            self.edges.append((r.layer_id, r.port_id, lid, j))
        s += "\t\t\t</input>\n\t\t\t<output>\n"
        refs = []
        for k, (et, shp, names) in enumerate(outputs):
            pid = len(inputs) + k
            self._claim(names)
            s += self._port(pid, et, shp, names=names)
            refs.append(Ref(lid, pid, et, shp))
        s += "\t\t\t</output>\n\t\t</layer>\n"
        self.layers.append(s)
        return refs

    def result(self, ref, outname):
        lid = self._new_id()
        s = (f'\t\t<layer id="{lid}" name="{outname}/sink_port_0" type="Result" version="opset1">\n'
             f'\t\t\t<input>\n{self._port(0, ref.etype, ref.shape)}\t\t\t</input>\n\t\t</layer>\n')
        self.layers.append(s)
        self.edges.append((ref.layer_id, ref.port_id, lid, 0))
        self.results.append((outname, ref.etype, list(ref.shape)))

    def xml(self):
        out = ['<?xml version="1.0"?>\n', f'<net name="{self.name}" version="11">\n', "\t<layers>\n"]
        out += self.layers
        out.append("\t</layers>\n\t<edges>\n")
        for a, b, c, d in self.edges:
            out.append(f'\t\t<edge from-layer="{a}" from-port="{b}" to-layer="{c}" to-port="{d}" />\n')
        out.append("\t</edges>\n\t<rt_info />\n</net>\n")
        return "".join(out)


# ---------------------------------------------------------------- pooling-op helpers

def _auto_pads(auto_pad, pb, pe):
    # serializer's PaddingsFixer: pads are written as zeros unless auto_pad is explicit
    if auto_pad != "explicit":
        return [0] * len(pb), [0] * len(pe)
    return list(pb), list(pe)


def maxpool_attrs(version, kernel, strides, pads_begin, pads_end, rounding="floor", auto_pad="explicit",
                  dilations=None, index_element_type="i64", axis=0):
    pb, pe = _auto_pads(auto_pad, pads_begin, pads_end)
    if version == 1:
        return [("strides", strides), ("pads_begin", pb), ("pads_end", pe), ("kernel", kernel),
                ("rounding_type", rounding), ("auto_pad", auto_pad)]
    dil = dilations if dilations is not None else [1] * len(kernel)
    return [("strides", strides), ("dilations", dil), ("pads_begin", pb), ("pads_end", pe), ("kernel", kernel),
            ("rounding_type", rounding), ("auto_pad", auto_pad), ("index_element_type", index_element_type),
            ("axis", axis)]


def avgpool_attrs(kernel, strides, pads_begin, pads_end, exclude_pad, rounding="floor", auto_pad="explicit",
                  dilations=None):
    pb, pe = _auto_pads(auto_pad, pads_begin, pads_end)
    attrs = [("kernel", kernel), ("strides", strides), ("pads_begin", pb), ("pads_end", pe),
             ("exclude-pad", bool(exclude_pad)), ("auto_pad", auto_pad), ("rounding_type", rounding)]
    if dilations is not None:  # AvgPool-16 visits dilations after AvgPoolBase's attributes
        attrs.append(("dilations", dilations))
    return attrs


OPSET = {("MaxPool", 1): "opset1", ("MaxPool", 8): "opset8", ("MaxPool", 14): "opset14",
         ("AvgPool", 1): "opset1", ("AvgPool", 14): "opset14", ("AvgPool", 16): "opset16",
         ("AdaptiveAvgPool", 8): "opset8", ("AdaptiveMaxPool", 8): "opset8"}


# ---------------------------------------------------------------- case writing

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "conformance"))


def tolerances(etype):
    return {"f16": (1e-3, 1e-3), "bf16": (1e-2, 1e-2), "f32": (1e-6, 1e-5), "f64": (1e-12, 1e-10)}.get(etype, (0.0, 0.0))


def save_npy(path, arr):
    arr = np.array(arr, order="C")  # ascontiguousarray would turn a 0-d array into shape (1,)
    if arr.dtype.byteorder == ">":
        arr = arr.astype(arr.dtype.newbyteorder("<"))
    np.save(path, arr, allow_pickle=False)


def write_case(source, name, graph, inputs, outputs, origin, description, op, expect="match", reason="",
               extra=None):
    """inputs: {param_name: array}; outputs: list of dicts {name, array, compare ('exact'|'close')}.
    Expected arrays must come from an independent oracle."""
    assert source in ("onnx", "onnxops", "spec", "torch", "torchops", "ovdet", "ovmath", "ovstruct", "ovconv", "ovsig", "ovrest", "ov13", "ov14", "onnxgraph")
    assert expect in ("match", "differs", "skip")
    d = os.path.join(ROOT, source, name)
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(d)
    if graph is not None:
        with open(os.path.join(d, "model.xml"), "w") as f:
            f.write(graph.xml())
        with open(os.path.join(d, "model.bin"), "wb") as f:
            f.write(bytes(graph.blob))
    case = {"source": source, "origin": origin, "description": description, "op": op,
            "dtype": None, "inputs": {}, "outputs": [], "expect": expect, "reason": reason}
    for pname, arr in inputs.items():
        fn = f"{pname}.npy"
        save_npy(os.path.join(d, fn), arr)
        case["inputs"][pname] = fn
        if case["dtype"] is None:
            case["dtype"] = etype_of(arr)
    for o in outputs:
        arr = o["array"]
        fn = f"expected_{o['name']}.npy"
        save_npy(os.path.join(d, fn), arr)
        et = etype_of(arr)
        cmp = o.get("compare") or ("close" if et in ("f16", "bf16", "f32", "f64") else "exact")
        ent = {"name": o["name"], "file": fn, "compare": cmp}
        if cmp == "close":
            atol, rtol = tolerances(et)
            ent["atol"], ent["rtol"] = o.get("atol", atol), o.get("rtol", rtol)
        else:
            ent["atol"], ent["rtol"] = 0.0, 0.0
        case["outputs"].append(ent)
    if extra:
        case.update(extra)
    with open(os.path.join(d, "case.json"), "w") as f:
        json.dump(case, f, indent=2)
        f.write("\n")
    return d


def clear_source(source):
    d = os.path.join(ROOT, source)
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(d)
