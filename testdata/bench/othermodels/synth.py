#!/usr/bin/python3
"""Give an xml-only OpenVINO IR (its .bin absent, e.g. too large for a repository snapshot) synthetic
weights, so that irrun and ONNX Runtime can still be compared on the real network structure.

Usage: python3 testdata/bench/othermodels/synth.py MODEL.xml OUT_DIR [--seed N]
       writes OUT_DIR/model.xml and OUT_DIR/model.bin; then run.py on OUT_DIR's parent.

- Float Consts get random values scaled by their consumer (filters N(0, 1/fan_in), MatMul weights N(0, 1/fan_in^2) so
  that attention logits stay small and Softmax does not amplify rounding,
  Multiply/Divide operands U(0.5, 1.5), Add/Subtract N(0, 0.1), PReLU slopes U(0, 0.3),
  FakeQuantize ranges -3/+3); integer Consts feeding a layer's shape-like input (Reshape target,
  Transpose order, axes, StridedSlice bounds, Gather indices, Interpolate sizes, ...) get values derived
  from the dims the IR declares on that layer's ports, so the network keeps its declared shapes.
- A shape-like input computed by a subgraph (ShapeOf -> Gather -> Concat -> Reshape) is replaced by a
  Const of the declared dims; layers left without a path to a Result are removed.
- Only static-shape IRs are handled; an integer Const feeding a consumer without a rule stops the
  synthesis with a message naming it.
The values are not the model's: only the structure (op types, attributes, shapes, precisions) is real.
"""
import os
import sys
import xml.etree.ElementTree as ET

import numpy as np

FLOATS = {"f32": np.float32, "f16": np.float16, "f64": np.float64}
INTS = {"i64": np.int64, "i32": np.int32, "i8": np.int8, "u8": np.uint8, "i16": np.int16, "u16": np.uint16,
        "u32": np.uint32, "u64": np.uint64, "boolean": np.bool_}


class SynthError(Exception):
    pass


def dims_of(port):
    return [int(d.text) for d in port.findall("dim")]


class IR:
    def __init__(self, path):
        self.tree = ET.parse(path)
        self.root = self.tree.getroot()
        self.layers_el = self.root.find("layers")
        self.edges_el = self.root.find("edges")
        self.byid = {lay.get("id"): lay for lay in self.layers_el.findall("layer")}
        self.values = {}  # Const id -> synthesized integer values
        self.reindex()

    def reindex(self):
        self.src = {}
        self.cons = {}
        for e in self.edges_el.findall("edge"):
            k = (e.get("to-layer"), e.get("to-port"))
            self.src[k] = (e.get("from-layer"), e.get("from-port"))
            self.cons.setdefault(e.get("from-layer"), []).append((e.get("to-layer"), e.get("to-port")))

    def in_ports(self, lay):
        el = lay.find("input")
        return el.findall("port") if el is not None else []

    def out_ports(self, lay):
        el = lay.find("output")
        return el.findall("port") if el is not None else []

    def in_dims(self, lay, k):
        return dims_of(self.in_ports(lay)[k])

    def out_dims(self, lay, k=0):
        return dims_of(self.out_ports(lay)[k])

    def in_index(self, lay, port_id):
        return [p.get("id") for p in self.in_ports(lay)].index(port_id)


def perm_for(din, dout):
    used, perm = set(), []
    for d in dout:
        for i, x in enumerate(din):
            if i not in used and x == d:
                used.add(i)
                perm.append(i)
                break
        else:
            raise SynthError(f"no permutation maps {din} to {dout}")
    return perm


def removed_axes(big, small):
    """axes of big (size-1) dropped to give small"""
    axes, j = [], 0
    for i, d in enumerate(big):
        if j < len(small) and small[j] == d and not (d == 1 and len(big) - i > len(small) - j and False):
            j += 1
        else:
            if d != 1:
                raise SynthError(f"cannot squeeze {big} to {small}")
            axes.append(i)
    if j != len(small):
        raise SynthError(f"cannot squeeze {big} to {small}")
    return axes


def int_value(ir, lay, k, shape, et, rng):
    """value of the integer Const feeding input k of lay (None: not shape-like, random ints)"""
    t = lay.get("type")
    a = lay.find("data").attrib if lay.find("data") is not None else {}
    n = int(np.prod(shape)) if shape else 1

    def fit(vals):
        v = np.asarray(vals, dtype=np.int64).reshape(-1)
        if v.size != n:
            raise SynthError(f"{t} {lay.get('name')!r} input {k}: {v.size} values for shape {shape}")
        return v.reshape(shape)

    din = ir.in_dims(lay, 0) if ir.in_ports(lay) else []
    dout = ir.out_dims(lay) if ir.out_ports(lay) else []
    if t == "Broadcast" and k == 0:
        return None
    if t in ("Reshape", "Broadcast") and k == 1:
        return fit(dout)
    if t == "Tile" and k == 1:
        r = max(len(din), n)
        din2 = [1] * (r - len(din)) + din
        return fit([o // i if i else 1 for o, i in zip(dout, din2)][-n:])
    if t == "Transpose" and k == 1:
        return fit(perm_for(din, dout))
    if t == "Squeeze" and k == 1:
        return fit(removed_axes(din, dout))
    if t == "Unsqueeze" and k == 1:
        return fit(removed_axes(dout, din))
    if t.startswith("Reduce") and k == 1:
        keep = a.get("keep_dims", "false").lower() in ("true", "1")
        if keep:
            ax = [i for i, (x, y) in enumerate(zip(din, dout)) if x != y] or [len(din) - 1]
        else:
            ax, j = [], 0  # the axes of din that dout, read in order, does not match
            for i, d in enumerate(din):
                if j < len(dout) and dout[j] == d:
                    j += 1
                else:
                    ax.append(i)
            if j != len(dout):
                raise SynthError(f"{t} {lay.get('name')!r}: cannot reduce {din} to {dout}")
        if len(ax) != n:
            ax = (ax + [i for i, x in enumerate(din) if x == 1 and i not in ax])[:n]
        return fit(ax)
    if t in ("Gather",) and k == 2:  # out = data[:axis] + indices[batch_dims:] + data[axis+1:]
        bd = int(a.get("batch_dims", "0"))
        idx = ir.in_dims(lay, 1)[bd:]
        for ax in range(bd, len(din)):
            if din[:ax] + idx + din[ax + 1:] == dout:
                return fit([ax])
        raise SynthError(f"Gather {lay.get('name')!r}: no axis maps {din} to {dout}")
    if t == "Gather" and k == 1:
        axl = ir.src[(lay.get("id"), ir.in_ports(lay)[2].get("id"))][0]
        axis = int(ir.values.get(axl, [0])[0])
        if axis < 0:
            axis += len(din)
        return fit(rng.integers(0, max(din[axis], 1), n))
    if t == "StridedSlice" and k in (1, 2, 3):
        if k == 1:  # an ignored end (mask bit 1) keeps the tail: begin where the declared dims start
            bm = [int(x) for x in a.get("begin_mask", "").split(",") if x.strip() != ""]
            em = [int(x) for x in a.get("end_mask", "").split(",") if x.strip() != ""]
            return fit([din[i] - dout[i] if i < len(em) and em[i] and not (i < len(bm) and bm[i])
                        and i < len(dout) and i < len(din) else 0 for i in range(n)])
        if k == 3:
            return fit([1] * n)
        shrink = [int(x) for x in a.get("shrink_axis_mask", "").split(",") if x.strip() != ""]
        newax = [int(x) for x in a.get("new_axis_mask", "").split(",") if x.strip() != ""]
        if any(newax) or any(shrink):
            if any(newax):
                raise SynthError(f"StridedSlice {lay.get('name')!r}: new_axis_mask")
            ends, j = [], 0
            for i in range(n):
                if i < len(shrink) and shrink[i]:
                    ends.append(1)
                else:
                    ends.append(dout[j] if j < len(dout) else din[i])
                    j += 1
            return fit(ends)
        return fit([dout[i] if i < len(dout) else din[i] for i in range(n)])
    if t == "Slice" and k in (1, 2, 3, 4):
        r = len(din)
        return fit({1: [0] * r, 2: dout, 3: [1] * r, 4: list(range(r))}[k][:n])
    if t == "Split" and k == 1:
        ax = [i for i, (x, y) in enumerate(zip(din, dout)) if x != y]
        return fit([ax[0] if ax else 0])
    if t == "VariadicSplit" and k in (1, 2):
        outs = [dims_of(p) for p in ir.out_ports(lay)]
        ax = next((i for i in range(len(din)) if any(o[i] != din[i] for o in outs)), 0)
        return fit([ax] if k == 1 else [o[ax] for o in outs])
    if t == "Concat":
        return None
    if t == "Pad" and k in (1, 2):
        return fit([0] * n if k == 1 else [o - i for o, i in zip(dout, din)])
    if t == "Interpolate" and lay.get("version") == "opset11" and k in (1, 2):
        ax = [i for i, (x, y) in enumerate(zip(din, dout)) if x != y]
        if k == 2:
            return fit((ax + [i for i in range(len(din)) if i not in ax])[:n] if len(ax) != n else ax)
        if len(ax) != n:
            ax = list(range(len(din) - n, len(din)))
        return fit([dout[i] for i in ax])
    if t == "Interpolate" and k in (1, 3):
        if lay.get("version") == "opset1":
            axes = [int(x) for x in a.get("axes", "2,3").split(",")]
            return fit([dout[i] for i in axes])
        if k == 3:
            return fit([i for i, (x, y) in enumerate(zip(din, dout)) if x != y][:n] or list(range(2, 2 + n)))
        ax = [i for i, (x, y) in enumerate(zip(din, dout)) if x != y]
        if len(ax) != n:
            ax = list(range(len(din) - n, len(din)))
        return fit([dout[i] for i in ax])
    if t == "TopK" and k == 1:
        return fit([dout[int(a.get("axis", "-1"))]])
    if t in ("AdaptiveMaxPool", "AdaptiveAvgPool") and k == 1:
        return fit(dout[2:])
    if t == "LRN" and k == 1:
        return fit([1] if n == 1 else list(range(2, 2 + n)))
    if t == "NormalizeL2" and k == 1:  # channels, as SSD's conv4_3_norm
        return fit(list(range(1, 1 + n)))
    if t == "MVN" and k == 1:
        return fit(list(range(len(din) - n, len(din))))
    if t == "Range":
        return fit([{0: 0, 1: dout[0], 2: 1}[k]])
    if t in ("Convert", "Multiply", "Add", "Subtract", "Select", "Equal", "Greater", "Less", "Minimum",
             "Maximum", "FakeQuantize", "Convolution", "MatMul", "Divide"):
        return None
    raise SynthError(f"no rule for an integer Const feeding {t} ({lay.get('version')}) {lay.get('name')!r} "
                     f"input {k}")


SHAPE_INPUTS = {"Reshape": [1], "Broadcast": [1], "Tile": [1], "Transpose": [1], "Squeeze": [1], "Unsqueeze": [1],
                "StridedSlice": [1, 2, 3], "Slice": [1, 2, 3, 4], "Split": [1], "VariadicSplit": [1, 2],
                "Pad": [1, 2], "Interpolate": [1, 2, 3], "TopK": [1], "Gather": [2], "ReduceMean": [1],
                "ReduceSum": [1], "ReduceMax": [1], "ReduceMin": [1], "ReduceProd": [1], "ReduceL2": [1],
                "MVN": [1], "NormalizeL2": [1]}


def real_consumer(ir, lid, depth=0):
    """the first consumer of a Const, looking through Convert/Reshape/Unsqueeze chains"""
    cs = ir.cons.get(lid, [])
    if not cs:
        return None, None
    tl, tp = cs[0]
    lay = ir.byid[tl]
    if lay.get("type") in ("Convert",) and depth < 4:
        c, k = real_consumer(ir, tl, depth + 1)
        if c is not None:
            return c, k
    return lay, ir.in_index(lay, tp)


def float_value(ir, lay, k, shape, rng):
    n = int(np.prod(shape)) if shape else 1
    t = lay.get("type") if lay is not None else ""
    if t in ("Convolution", "GroupConvolution", "ConvolutionBackpropData", "GroupConvolutionBackpropData") \
            and k == 1:
        fan = int(np.prod(shape[2:] if t.startswith("Group") else shape[1:])) or 1
        return rng.standard_normal(n) / np.sqrt(fan)
    if t == "MatMul":
        other = ir.in_dims(lay, 1 - k)
        fan = max(other[-1] if other else 1, shape[-1] if shape else 1)
        return rng.standard_normal(n) / fan  # 1/fan, not 1/sqrt(fan): attention logits stay O(1)
    if t in ("Multiply", "Divide"):
        return rng.uniform(0.5, 1.5, n)
    if t in ("Add", "Subtract"):
        return rng.standard_normal(n) * 0.1
    if t == "PReLU":
        return rng.uniform(0, 0.3, n)
    if t == "FakeQuantize":
        return np.full(n, -3.0 if k in (1, 3) else 3.0)
    if t == "Power":
        return np.full(n, 2.0)
    if t == "Interpolate" and (k == 2 or (k == 1 and lay.get("version") == "opset11")):
        din, dout = ir.in_dims(lay, 0), ir.out_dims(lay)
        ax = [i for i, (x, y) in enumerate(zip(din, dout)) if x != y]
        if len(ax) != n:
            ax = list(range(len(din) - n, len(din)))
        return np.asarray([dout[i] / din[i] for i in ax], dtype=np.float64)
    return rng.standard_normal(n) * 0.5


def synth(xml, out_dir, seed=0):
    rng = np.random.default_rng(seed)
    ir = IR(xml)
    for lay in ir.layers_el.findall("layer"):
        if lay.get("type") == "Parameter":
            if any(d < 0 for d in ir.out_dims(lay)):
                raise SynthError(f"dynamic input {lay.get('name')!r}: only static IRs are handled")
    nid = max(int(i) for i in ir.byid) + 1
    # 1. computed shape-like inputs become Consts of the declared dims
    for lay in list(ir.layers_el.findall("layer")):
        for k in SHAPE_INPUTS.get(lay.get("type"), []):
            ports = ir.in_ports(lay)
            if k >= len(ports):
                continue
            key = (lay.get("id"), ports[k].get("id"))
            fl, fp = ir.src[key]
            if ir.byid[fl].get("type") == "Const":
                continue
            sport = [p for p in ir.out_ports(ir.byid[fl]) if p.get("id") == fp][0]
            et = {"I32": "i32", "I64": "i64"}.get(sport.get("precision", "I64"), "i64")
            shape = dims_of(sport)
            c = ET.SubElement(ir.layers_el, "layer", {"id": str(nid), "name": f"synth_const_{nid}", "type": "Const",
                                                      "version": "opset1"})
            ET.SubElement(c, "data", {"element_type": et, "shape": ",".join(map(str, shape)), "offset": "0",
                                      "size": "0"})
            op = ET.SubElement(ET.SubElement(c, "output"), "port", {"id": "0", "precision": et.upper()})
            for d in shape:
                ET.SubElement(op, "dim").text = str(d)
            for e in ir.edges_el.findall("edge"):
                if (e.get("to-layer"), e.get("to-port")) == key:
                    e.set("from-layer", str(nid))
                    e.set("from-port", "0")
            ir.byid[str(nid)] = c
            nid += 1
    ir.reindex()
    # 2. drop what no Result needs
    live = set()
    stack = [lay.get("id") for lay in ir.layers_el.findall("layer") if lay.get("type") in ("Result", "Assign")]
    while stack:
        x = stack.pop()
        if x in live:
            continue
        live.add(x)
        stack.extend(f for (t, _p), (f, _fp) in ir.src.items() if t == x)
    for lay in list(ir.layers_el.findall("layer")):
        if lay.get("id") not in live:
            ir.layers_el.remove(lay)
            del ir.byid[lay.get("id")]
    for e in list(ir.edges_el.findall("edge")):
        if e.get("from-layer") not in live or e.get("to-layer") not in live:
            ir.edges_el.remove(e)
    ir.reindex()
    # 3. Const data, in topological order so that Gather's axis is known before its indices
    blob = bytearray()
    consts = [lay for lay in ir.layers_el.findall("layer") if lay.get("type") == "Const"]
    consts.sort(key=lambda c: 0 if any(ir.byid[t].get("type") == "Gather" and ir.in_index(ir.byid[t], p) == 2
                                       for t, p in ir.cons.get(c.get("id"), [])) else 1)
    for c in consts:
        d = c.find("data")
        et = d.get("element_type")
        shape = [int(x) for x in d.get("shape", "").replace(" ", "").split(",") if x != ""]
        cons, k = real_consumer(ir, c.get("id"))
        if et in FLOATS:
            v = float_value(ir, cons, k, shape, rng).astype(FLOATS[et])
        elif et in INTS:
            v = None
            direct = ir.cons.get(c.get("id"), [])
            if direct:
                tl, tp = direct[0]
                lay = ir.byid[tl]
                v = int_value(ir, lay, ir.in_index(lay, tp), shape, et, rng)
            if v is None:
                n = int(np.prod(shape)) if shape else 1
                lo, hi = (0, 2) if et == "boolean" else ((0, 255) if et.startswith("u") else (-127, 128))
                v = rng.integers(lo, hi, n)
            v = np.asarray(v).astype(INTS[et]).reshape(-1)
            ir.values[c.get("id")] = v
        else:
            raise SynthError(f"Const {c.get('name')!r} of type {et}")
        raw = v.tobytes()
        d.set("offset", str(len(blob)))
        d.set("size", str(len(raw)))
        blob += raw
    os.makedirs(out_dir, exist_ok=True)
    ir.tree.write(os.path.join(out_dir, "model.xml"))
    open(os.path.join(out_dir, "model.bin"), "wb").write(bytes(blob))
    return len(consts), len(blob)


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 0
    try:
        n, size = synth(sys.argv[1], sys.argv[2], seed)
    except SynthError as e:
        print(f"synth failed: {e}")
        sys.exit(1)
    print(f"wrote {sys.argv[2]}/model.xml, model.bin: {n} Consts, {size} bytes")


if __name__ == "__main__":
    main()
