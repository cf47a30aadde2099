#!/usr/bin/python3
"""Run irrun on a directory of OpenVINO IR models it has never seen and check it against ONNX Runtime.

Usage (from the project checkout):
    python3 testdata/bench/othermodels/run.py DIR [--models a,b] [--seed N] [--workdir W] [--json OUT]
                                                   [--irrun BIN] [--shape 1,3,320,480] [--keep]

--shape fixes every dynamic input (default: models.py's table, else 1 for each dynamic dim); --keep
keeps the work files (inputs, ORT and irrun outputs, cut IRs) of every model.

DIR holds one folder per model with model.xml and model.bin (the layout of ../shared/corpus);
third-party model files stay outside the project (round 15 used /tmp/om/models, see the table in
docs/conformance.md "Round 15 (om)" for where each came from).

Per model:
  1. `irrun check` (errors / warnings are counted; the first message is kept);
  2. the model is converted with ../shared/bench/ir2onnx.py (f16 layers rounded to f16, FakeQuantize
     emulated, as models.py does), fed models.py's deterministic inputs and run by ONNX Runtime;
  3. `irrun run` on the same inputs; every output compared with models.py's `compare` (f32 1e-4,
     f16 1e-2, int8 one quantization step on 99 % or cosine >= 0.995, integers exact);
  4. models with post ops (DetectionOutput, CTC greedy decoders, which have no ONNX op): a copy of
     the IR whose post-op inputs are also Results is run by irrun, and
       - those tensors are compared with ONNX Runtime's (the network proper, same tolerances);
       - the post op is recomputed in numpy (ir2onnx.run_post) from irrun's own inputs and compared
         with irrun's post-op output (the op itself, free of the upstream f16 / int8 noise that
         reorders near-tied low-confidence detections of random images).
     Status `ok` then means: network ok and post op ok on identical inputs; the end-to-end figure is
     reported beside it (`e2e`).

Two converter gaps are patched here, not in the shared converter: an integer list written as
"1.0,1.0" (OMZ 2022.1 int8 IRs put it on MaxPool-1's unused dilations; OpenVINO's stringstream reads
1) and DetectionOutput-8, which has no num_classes attribute (OpenVINO derives it from the shapes:
conf channels / number of priors).
Status: ok / mismatch (figures) / error (irrun's message) / ORT failed (converter or ORT).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
BENCH = os.environ.get("BENCH", os.path.normpath(os.path.join(PROJECT, "..", "shared", "bench")))
if not os.path.isdir(BENCH):
    BENCH = "/work/shared/bench"
sys.path.insert(0, BENCH)
os.environ.setdefault("PROJECT", PROJECT)
import models  # noqa: E402  (re-runs under /usr/bin/python3 with the peers installed)
import ir2onnx  # noqa: E402
import numpy as np  # noqa: E402
import onnx  # noqa: E402

_ints = ir2onnx.ints


def _tolerant_ints(s):
    try:
        return _ints(s)
    except ValueError:
        out = []
        for x in s.replace(" ", "").split(","):
            if x == "":
                continue
            f = float(x)
            if f != int(f):
                raise
            out.append(int(f))
        return out


ir2onnx.ints = _tolerant_ints
_detout = ir2onnx.detection_output


def _detection_output(a, loc, conf, priors):
    if "num_classes" not in a:  # DetectionOutput-8: num_classes = conf channels / priors
        a = dict(a)
        n = loc.shape[0]
        per = loc.size // n
        share = ir2onnx.boolattr(a.get("share_location"), True)
        npri = per // 4 if share else None
        if npri is None:
            raise ir2onnx.ConvertError("DetectionOutput-8 with share_location=false")
        a["num_classes"] = str(conf.size // n // npri)
    return _detout(a, loc, conf, priors)


ir2onnx.detection_output = _detection_output

# -- ops the shared converter lacks, as ONNX compositions of OpenVINO's specifications ----------------
TensorProto = ir2onnx.TensorProto


def _op_NormalizeL2(self, lay, ins):  # NormalizeL2-0: x / sqrt(eps_op(sum(x^2, axes), eps))
    x = ins[0]
    axes = self.need_const(lay, ins, 1, "axes").reshape(-1).astype(np.int64).tolist()
    eps = float(lay.attrs.get("eps", "0"))
    mode = lay.attrs.get("eps_mode", "add").lower()
    s = self.node("ReduceSum", [self.node("Mul", [x, x]), self.i64c(axes)], keepdims=1)
    s = self.node("Add" if mode == "add" else "Max", [s, self.fc(eps, self.types[x])])
    return self.node("Div", [x, self.node("Sqrt", [s])])


def _op_TopK(self, lay, ins):  # TopK-1/3/11: values and indices; sort=value|index
    x = ins[0]
    axis = int(lay.attrs.get("axis"))
    if axis < 0:
        axis += self.rank(lay, 0)
    largest = 1 if lay.attrs.get("mode", "max").lower() == "max" else 0
    sort = lay.attrs.get("sort", "none").lower()
    k = self.node("Reshape", [self.to_i64(ins[1]), self.i64c([1])])
    vals, idx = self.node("TopK", [x, k], n_out=2, axis=axis, largest=largest, sorted=1)
    if sort == "index":
        fidx = self.node("Cast", [idx], to=TensorProto.FLOAT)
        _, perm = self.node("TopK", [fidx, k], n_out=2, axis=axis, largest=0, sorted=1)
        vals = self.node("GatherElements", [vals, perm], axis=axis)
        idx = self.node("GatherElements", [idx, perm], axis=axis)
    it = lay.out_ports[1][1] or "i32"
    self.types[idx] = "i64"
    return [vals, self.cast(idx, it)]


def _op_NonZero(self, lay, ins):  # NonZero-3: [rank, n] indices in row-major order
    y = self.node("NonZero", [ins[0]])
    self.types[y] = "i64"
    return self.cast(y, lay.out_ports[0][1] or "i64")


def _op_NonMaxSuppression(self, lay, ins):  # NMS-5/9 without soft-NMS, results sorted by batch, class, score
    if ir2onnx.boolattr(lay.attrs.get("sort_result_descending"), True):
        raise ir2onnx.ConvertError(f"{lay.where()}: sort_result_descending=true is not supported")
    if len(ins) > 5:
        sig = self.need_const(lay, ins, 5, "soft_nms_sigma")
        if float(np.asarray(sig).reshape(-1)[0]) != 0:
            raise ir2onnx.ConvertError(f"{lay.where()}: soft NMS is not supported")
    boxes, scores = ins[0], ins[1]
    args = [boxes, scores]
    if len(ins) > 2:
        args.append(self.node("Reshape", [self.to_i64(ins[2]), self.i64c([1])]))
    for i in (3, 4):
        if len(ins) > i:
            args.append(self.node("Reshape", [self.cast(ins[i], "f32"), self.i64c([1])]))
    cpb = 1 if lay.attrs.get("box_encoding", "corner").lower() == "center" else 0
    sel = self.node("NonMaxSuppression", args, center_point_box=cpb)
    sc = self.node("GatherND", [scores, sel])
    bc = self.node("Cast", [self.node("Slice", [sel, self.i64c([0]), self.i64c([2]), self.i64c([1])])],
                   to=TensorProto.FLOAT)
    sel_sc = self.node("Concat", [bc, self.node("Unsqueeze", [self.cast(sc, "f32"), self.i64c([1])])], axis=1)
    self.types[sel] = "i64"
    self.types[sel_sc] = "f32"
    ot = lay.attrs.get("output_type", "i64").lower()
    valid = self.node("Slice", [self.node("Shape", [sel]), self.i64c([0]), self.i64c([1])])
    self.types[valid] = "i64"
    return [self.cast(sel, ot), sel_sc, self.cast(valid, ot)]


def _op_ConvertLike(self, lay, ins):  # ConvertLike-1: data converted to like's element type
    return self.cast(ins[0], self.types[ins[1]])


def _op_Pad(self, lay, ins):  # Pad-1/12: ONNX Pad with pads = begins ++ ends (symmetric: no ONNX mode)
    mode = lay.attrs.get("pad_mode", "constant").lower()
    if mode not in ("constant", "edge", "reflect"):
        raise ir2onnx.ConvertError(f"{lay.where()}: pad_mode={mode} is not supported")
    pads = self.node("Concat", [self.to_i64(ins[1]), self.to_i64(ins[2])], axis=0)
    args = [ins[0], pads]
    if mode == "constant" and len(ins) > 3:
        args.append(self.node("Reshape", [self.cast(ins[3], self.types[ins[0]]), self.i64c([])]))
    return self.node("Pad", args, mode=mode)


def _op_LRN(self, lay, ins):  # LRN-1 across channels: ONNX LRN (alpha / size, one axis)
    axes = self.need_const(lay, ins, 1, "axes").reshape(-1).astype(np.int64).tolist()
    if axes != [1]:
        raise ir2onnx.ConvertError(f"{lay.where()}: LRN over axes {axes} is not supported")
    a = lay.attrs
    return self.node("LRN", [ins[0]], alpha=float(a.get("alpha")), beta=float(a.get("beta")),
                     bias=float(a.get("bias", "1")), size=int(a.get("size")))


def _op_RegionYolo(self, lay, ins):  # RegionYolo-0, YOLOv3 form (do_softmax=0): sigmoid on x, y, conf, classes
    a = lay.attrs
    if ir2onnx.boolattr(a.get("do_softmax"), True):
        raise ir2onnx.ConvertError(f"{lay.where()}: do_softmax=1 is not supported")
    coords, classes = int(a.get("coords", "4")), int(a.get("classes"))
    masks = len([m for m in a.get("mask", "").split(",") if m.strip() != ""])
    n, c, h, w = self.in_dims(lay, 0)
    x = self.node("Reshape", [ins[0], self.i64c([n, masks, coords + 1 + classes, h * w])])
    xy, wh, rest = self.node("Split", [x, self.i64c([2, coords - 2, 1 + classes])], n_out=3, axis=2)
    y = self.node("Concat", [self.node("Sigmoid", [xy]), wh, self.node("Sigmoid", [rest])], axis=2)
    return self.node("Reshape", [y, self.i64c([n, c, h, w])])


def _adaptive(self, lay, ins, red):  # bins [floor(i*H/oh), ceil((i+1)*H/oh)) per spatial axis
    size = self.need_const(lay, ins, 1, "output size").reshape(-1).astype(np.int64).tolist()
    dims = self.in_dims(lay, 0)
    sp = dims[2:]
    if len(sp) != 2 or (len(lay.out_ports) > 1 and self.used(lay, 1)):
        raise ir2onnx.ConvertError(f"{lay.where()}: only 2-D values are supported")
    rows = []
    for i in range(size[0]):
        h0, h1 = (i * sp[0]) // size[0], -((-(i + 1) * sp[0]) // size[0])
        cols = []
        for j in range(size[1]):
            w0, w1 = (j * sp[1]) // size[1], -((-(j + 1) * sp[1]) // size[1])
            s = self.node("Slice", [ins[0], self.i64c([h0, w0]), self.i64c([h1, w1]), self.i64c([2, 3])])
            cols.append(self.node(red, [s], axes=[2, 3], keepdims=1))
        rows.append(self.node("Concat", cols, axis=3))
    y = self.node("Concat", rows, axis=2)
    return [y] + [None] * (len(lay.out_ports) - 1)


_interp = ir2onnx.Converter.op_Interpolate


def _op_Interpolate(self, lay, ins):  # Interpolate-1 nearest by integer factors (replication); else shared
    a = lay.attrs
    if lay.version != "opset1" or a.get("mode") != "nearest" or ir2onnx.boolattr(a.get("align_corners")):
        return _interp(self, lay, ins)
    din, dout = self.in_dims(lay, 0), self.out_dims(lay)
    if any(o % i for i, o in zip(din, dout)):
        raise ir2onnx.ConvertError(f"{lay.where()}: Interpolate-1 nearest by a non-integer factor")
    scales = self.const(np.asarray([o / i for i, o in zip(din, dout)], np.float32), "f32")
    return self.node("Resize", [ins[0], "", scales], mode="nearest", coordinate_transformation_mode="asymmetric",
                     nearest_mode="floor")


def _op_Einsum(self, lay, ins):  # Einsum-7: the same equation syntax as ONNX Einsum
    return self.node("Einsum", list(ins), equation=lay.attrs.get("equation").replace(" ", ""))


def _op_AdaptiveMaxPool(self, lay, ins):  # AdaptiveMaxPool-8 values
    return _adaptive(self, lay, ins, "ReduceMax")


def _op_AdaptiveAvgPool(self, lay, ins):  # AdaptiveAvgPool-8
    return _adaptive(self, lay, ins, "ReduceMean")


for _n, _f in list(globals().items()):
    if _n.startswith("_op_") and (not hasattr(ir2onnx.Converter, _n[1:]) or _n == "_op_Interpolate"):
        setattr(ir2onnx.Converter, _n[1:], _f)


CUT_TYPES = {"NonMaxSuppression", "TopK"}


def ir_info(xml):
    root = ET.parse(xml).getroot()
    lays = list(root.iter("layer"))
    ops = sorted({f"{lay.get('type')}" for lay in lays})
    prod = root.find("rt_info/MO_version")
    if prod is None:
        prod = root.find("rt_info/Runtime_version")
    prod = prod.get("value") if prod is not None else ""
    return {"ir": root.get("version"), "layers": len(lays), "ops": ops, "producer": prod}


def cut_xml(xml, targets, out):
    """Write a copy of xml where the tensor feeding each (layer id, input index, name) of targets is
    also a Result of that name; returns the names."""
    tree = ET.parse(xml)
    root = tree.getroot()
    layers_el, edges_el = root.find("layers"), root.find("edges")
    byid = {lay.get("id"): lay for lay in layers_el.findall("layer")}
    edges = {(e.get("to-layer"), e.get("to-port")): (e.get("from-layer"), e.get("from-port"))
             for e in edges_el.findall("edge")}
    nid = max(int(i) for i in byid) + 1
    names = []
    for lid, k, name in targets:
        lay = byid[str(lid)]
        pid = lay.find("input").findall("port")[k].get("id")
        fl, fp = edges[(str(lid), pid)]
        src = byid[fl]
        port = [q for q in src.find("output").findall("port") if q.get("id") == fp][0]
        res = ET.SubElement(layers_el, "layer", {"id": str(nid), "name": name, "type": "Result",
                                                 "version": "opset1"})
        inp = ET.SubElement(ET.SubElement(res, "input"), "port", {"id": "0"})
        if port.get("precision"):
            inp.set("precision", port.get("precision"))
        for d in port.findall("dim"):
            ET.SubElement(inp, "dim").text = d.text
        ET.SubElement(edges_el, "edge", {"from-layer": fl, "from-port": fp, "to-layer": str(nid),
                                         "to-port": "0"})
        names.append(name)
        nid += 1
    tree.write(out)
    return names


def post_targets(meta):
    """the post ops' inputs computed by ONNX Runtime, named as ir2onnx names them (post_in.LID.K)"""
    return [(p["id"], k, i["onnx"]) for p in meta["post"] for k, i in enumerate(p["inputs"]) if "onnx" in i]


def layer_targets(xml, types):
    """the first input of every layer of the given types that no other such layer feeds (the tensors a
    selection starts from: TopK's scores, NMS's boxes and scores are compared as [0] and [1])"""
    root = ET.parse(xml).getroot()
    lays = root.find("layers").findall("layer")
    succ = {}
    for e in root.find("edges").findall("edge"):
        succ.setdefault(e.get("from-layer"), set()).add(e.get("to-layer"))
    sel = [lay.get("id") for lay in lays if lay.get("type") in types]
    down = set()
    stack = [t for s in sel for t in succ.get(s, ())]
    while stack:
        x = stack.pop()
        if x not in down:
            down.add(x)
            stack.extend(succ.get(x, ()))
    out = []
    for lay in lays:
        if lay.get("id") in sel and lay.get("id") not in down:
            n = 2 if lay.get("type") == "NonMaxSuppression" else 1
            for k in range(n):
                out.append((lay.get("id"), k, f"cut_in.{lay.get('id')}.{k}"))
    return out


def _run_ort(onnx_path, feeds_json, outdir, threads, secs, env, timeout=600):
    """models.run_ort, reporting ONNX Runtime's error line rather than its first warning"""
    try:
        return _orig_run_ort(onnx_path, feeds_json, outdir, threads, secs, env, timeout)
    except RuntimeError:
        cmd = ["node", os.path.join(BENCH, "peers", "ort_run.js"), onnx_path, feeds_json, outdir or "",
               str(threads), str(secs)]
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
        lines = [x for x in (p.stderr + p.stdout).splitlines() if x.startswith("Error")] or ["ORT failed"]
        raise RuntimeError(lines[0]) from None


_orig_run_ort = models.run_ort
models.run_ort = _run_ort


def irrun_run(irrun, xml, binp, files, outdir):
    args = [irrun, "run", xml] + ([binp] if binp else [])
    for k, f in files.items():
        args += ["-i", f"{k}={f}"]
    p = subprocess.run(args + ["-o", outdir], capture_output=True, text=True, timeout=900)
    if p.returncode != 0:
        raise RuntimeError(models.first_line(p.stderr or p.stdout))
    outs = json.load(open(os.path.join(outdir, "outputs.json")))["outputs"]
    return {o["result"]: (np.load(os.path.join(outdir, o["file"])), o) for o in outs}


def det_trim(want, got):
    ends = np.nonzero(want[0, 0, :, 0] == -1)[0]
    if ends.size:
        return want[:, :, :ends[0] + 1], got[:, :, :ends[0] + 1]
    return want, got


def compare_all(ref, got, cls, detout):
    oks, texts = [], []
    for r, want in ref.items():
        if r not in got:
            oks.append(False)
            texts.append(f"{r}: missing")
            continue
        g, o = got[r]
        if r in detout and want.ndim == 4 and g.shape == want.shape:
            want, g = det_trim(want, g)
        ok, txt, _ = models.compare(want, g, cls, o["type"])
        oks.append(ok)
        texts.append(f"{o['name']}: {txt}")
    return all(oks), "; ".join(t for t, k in zip(texts, oks) if not k) or "; ".join(texts)


def strip_fq(xml, out):
    """Write a copy of xml with every FakeQuantize bypassed (its consumers read its data input)."""
    tree = ET.parse(xml)
    root = tree.getroot()
    layers_el, edges_el = root.find("layers"), root.find("edges")
    fq = {lay.get("id") for lay in layers_el.findall("layer") if lay.get("type") == "FakeQuantize"}
    src = {}
    for e in edges_el.findall("edge"):
        if e.get("to-layer") in fq and e.get("to-port") == "0":
            src[e.get("to-layer")] = (e.get("from-layer"), e.get("from-port"))
    for e in list(edges_el.findall("edge")):
        if e.get("to-layer") in fq:
            edges_el.remove(e)
    for e in edges_el.findall("edge"):
        while e.get("from-layer") in fq:
            fl, fp = src[e.get("from-layer")]
            e.set("from-layer", fl)
            e.set("from-port", fp)
    for lay in list(layers_el.findall("layer")):
        if lay.get("id") in fq:
            layers_el.remove(lay)
    used = {e.get("from-layer") for e in edges_el.findall("edge")}
    changed = True
    while changed:  # drop the Consts (and their Converts) that fed only the FakeQuantizes
        changed = False
        for lay in list(layers_el.findall("layer")):
            if lay.get("type") in ("Const", "Convert", "Multiply", "Subtract") and lay.get("id") not in used \
                    and lay.get("type") != "Result":
                if lay.get("type") != "Const" and lay.find("output") is None:
                    continue
                layers_el.remove(lay)
                for e in list(edges_el.findall("edge")):
                    if e.get("to-layer") == lay.get("id"):
                        edges_el.remove(e)
                used = {e.get("from-layer") for e in edges_el.findall("edge")}
                changed = True
    tree.write(out)


def check_one(m, xml, binp, wd, irrun, env, seed, info):
    """-> (status, precision class)"""
    os.makedirs(os.path.join(wd, "inputs"), exist_ok=True)
    try:
        cls = models.precision_class(xml)
        fast = ir2onnx.convert(xml, binp, f16="f32")
        meta = ir2onnx.load_meta(fast)
        refm = ir2onnx.convert(xml, binp, f16="round") if cls in ("f16", "int8") else fast
        refp = os.path.join(wd, "ref.onnx")
        onnx.save(refm, refp)
        feeds = models.make_inputs(m, meta, seed)
        for k, v in feeds.items():  # BERT-style masks and segment ids index 2-row tables
            if v.dtype.kind in "iu" and ("mask" in k.lower() or "type" in k.lower()):
                feeds[k] = (v % 2).astype(v.dtype)
        files = {}
        for k, v in feeds.items():
            f = os.path.join(wd, "inputs", "".join(c if c.isalnum() or c in "._-" else "_" for c in k) + ".npy")
            np.save(f, v)
            files[k] = f
        fj = os.path.join(wd, "inputs.json")
        json.dump(files, open(fj, "w"))
        models.run_ort(refp, fj, os.path.join(wd, "ort"), 1, 0, env)
        ref, raw = models.ort_outputs(os.path.join(wd, "ort"), meta)
    except Exception as e:  # noqa: BLE001
        return "ORT failed: " + models.first_line(str(e)), None
    post_types = {p["id"]: p["type"] for p in meta["post"]}
    detout = {o["result"] for o in meta["outputs"] if post_types.get(o.get("post")) == "DetectionOutput"}
    try:
        got = irrun_run(irrun, xml, binp, files, os.path.join(wd, "irrun"))
    except Exception as e:  # noqa: BLE001
        return "error: " + str(e), cls
    ok, txt = compare_all(ref, got, cls, detout)
    if not meta["post"] and not ok and "NonMaxSuppression" in info["ops"]:
        # selection ops (NMS): a different count of near-threshold boxes is noise when the
        # scores they start from agree; compare those (ORT runs the same cut IR)
        try:
            cut = os.path.join(wd, "cut_sel.xml")
            cut_names = cut_xml(xml, layer_targets(xml, CUT_TYPES), cut)
            cm = ir2onnx.convert(cut, binp, f16="round" if cls in ("f16", "int8") else "f32")
            cmeta = ir2onnx.load_meta(cm)
            onnx.save(cm, os.path.join(wd, "cut_sel.onnx"))
            models.run_ort(os.path.join(wd, "cut_sel.onnx"), fj, os.path.join(wd, "ort_sel"), 1, 0, env)
            cref, _ = models.ort_outputs(os.path.join(wd, "ort_sel"), cmeta)
            gsel = irrun_run(irrun, cut, binp, files, os.path.join(wd, "irrun_sel"))
            oks, txts = compare_all({k: cref[k] for k in cut_names}, gsel, cls, set())
            if oks:
                return f"ok (selection inputs ok: {txts[:120]}; e2e differs: {txt})", cls
            return f"mismatch: {txt}; selection inputs: {txts}", cls
        except Exception as e:  # noqa: BLE001
            return f"mismatch: {txt} (selection-input check failed: {e})", cls
    if not meta["post"]:
        return ("ok" if ok else "mismatch: " + txt), cls
    e2e = "e2e ok" if ok else "e2e differs: " + txt
    cut = os.path.join(wd, "cut.xml")
    cut_names = cut_xml(xml, post_targets(meta), cut)
    try:
        gcut = irrun_run(irrun, cut, binp, files, os.path.join(wd, "irrun_cut"))
        okn, txtn = compare_all({k: raw[k] for k in cut_names}, gcut, cls, set())
        own = ir2onnx.run_post(meta, {k: gcut[k][0] for k in cut_names})
        own = {k: v for k, v in own.items() if k in {o["result"] for o in meta["outputs"] if o.get("post")}}
        okp, txtp = compare_all(own, got, "f16" if cls != "f32" else "f32", detout)
        if okn and okp:
            return f"ok ({e2e})", cls
        return ("mismatch: " + ("network: " + txtn if not okn else "") +
                (" post op: " + txtp if not okp else "") + f" ({e2e})"), cls
    except Exception as e:  # noqa: BLE001
        return f"cut run failed: {e} ({e2e})", cls


def main():
    argv = sys.argv[1:]
    opt = lambda k, d: argv[argv.index(k) + 1] if k in argv else d  # noqa: E731
    if not argv or argv[0].startswith("-"):
        print(__doc__)
        sys.exit(2)
    root = os.path.abspath(argv[0])
    sel = opt("--models", None)
    names = sel.split(",") if sel else sorted(d for d in os.listdir(root)
                                              if os.path.isfile(os.path.join(root, d, "model.xml")))
    seed = int(opt("--seed", "0"))
    work = opt("--workdir", None) or tempfile.mkdtemp(prefix="irrun-othermodels-")
    keep = "--keep" in argv
    shape = opt("--shape", None)  # dims for every dynamic input, e.g. 2,3,320,480
    irrun = opt("--irrun", None)
    if not irrun:
        irrun = os.path.join(work, "irrun")
        subprocess.run(["go", "build", "-o", irrun, "./cmd/irrun"], cwd=PROJECT, check=True)
    env = dict(os.environ, ORT_MODULE=models.ensure_ort())
    rows = []
    print(f"{'model':40s} {'IR':>3s} {'layers':>6s} {'check':10s} status")
    for m in names:
        d = os.path.join(root, m)
        xml, binp = os.path.join(d, "model.xml"), os.path.join(d, "model.bin")
        binp = binp if os.path.exists(binp) else None
        wd = os.path.join(work, m)
        info = ir_info(xml)
        if shape:
            models.STATIC[m] = {"*": [int(x) for x in shape.split(",")]}
        row = dict(model=m, **info)
        rows.append(row)
        p = subprocess.run([irrun, "check", xml] + ([binp] if binp else []) + ["--format", "json"],
                           capture_output=True, text=True)
        try:
            ds = json.loads(p.stdout)
        except ValueError:
            ds = []
        nerr = sum(1 for x in ds if x.get("severity") == "error")
        nwarn = sum(1 for x in ds if x.get("severity") == "warning")
        row["check"] = f"{nerr}E/{nwarn}W"
        row["check_msgs"] = sorted({x.get("message", "")[:160] for x in ds})[:5]
        status, cls = check_one(m, xml, binp, wd, irrun, env, seed, info)
        if cls == "int8" and not status.startswith("ok"):
            # FakeQuantize level flips propagate; the same network without its FakeQuantize layers
            # separates them from the rest (FakeQuantize itself is covered by the conformance cases)
            os.makedirs(wd + "-nofq", exist_ok=True)
            stripped = os.path.join(wd + "-nofq", "model.xml")
            strip_fq(xml, stripped)
            s2, _ = check_one(m, stripped, binp, wd + "-nofq", irrun, env, seed, ir_info(stripped))
            status += f" [without FakeQuantize: {s2}]"
            if not keep:
                shutil.rmtree(wd + "-nofq", ignore_errors=True)
        row["status"] = status
        if not keep:
            shutil.rmtree(wd, ignore_errors=True)
        print(f"{m:40s} {info['ir']:>3s} {info['layers']:6d} {row['check']:10s} {status[:300]}")
    jp = opt("--json", None)
    if jp:
        json.dump(rows, open(jp, "w"), indent=1)


if __name__ == "__main__":
    main()
