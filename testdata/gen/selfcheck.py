"""Re-validate every case under testdata/conformance (numpy only).

For each case: case.json contract, file set, model.xml structure (Parameter/Result naming, port numbering,
edges, Const ranges, declared dims and precisions vs. the .npy files), then interpret the IR with the numpy
OpenVINO model (ovref.py) and check 'match' cases agree with the oracle and 'differs' cases really differ.
Exit status 1 on any problem.
"""
import glob
import json
import os
import sys
import xml.etree.ElementTree as ET

import numpy as np

import irwriter as W
import ovref

ROOT = W.ROOT
PREC2ET = {v: k for k, v in W.PREC.items()}


def check_case(d):
    errs = []
    cj = json.load(open(os.path.join(d, "case.json")))
    for key in ("source", "origin", "description", "inputs", "outputs", "expect", "reason"):
        if key not in cj:
            errs.append(f"case.json lacks {key}")
    src = os.path.basename(os.path.dirname(d))
    if cj.get("source") != src:
        errs.append(f"source {cj.get('source')} != directory {src}")
    if cj["expect"] not in ("match", "differs", "skip"):
        errs.append(f"bad expect {cj['expect']}")
    if cj["expect"] != "match" and not cj.get("reason"):
        errs.append("non-match case without reason")
    if cj["expect"] == "skip":
        return errs
    want = {"model.xml", "model.bin", "case.json"} | set(cj["inputs"].values()) | {o["file"] for o in cj["outputs"]}
    have = set(os.listdir(d))
    if want != have:
        errs.append(f"file set mismatch: missing {sorted(want - have)}, extra {sorted(have - want)}")
        return errs
    inputs = {k: np.load(os.path.join(d, f), allow_pickle=False) for k, f in cj["inputs"].items()}
    expected = {o["name"]: np.load(os.path.join(d, o["file"]), allow_pickle=False) for o in cj["outputs"]}
    for o in cj["outputs"]:
        if o["file"] != f"expected_{o['name']}.npy":
            errs.append(f"output file name {o['file']}")
        if o["compare"] not in ("exact", "close"):
            errs.append(f"bad compare {o['compare']}")
        if expected[o["name"]].dtype.kind in "iub" and o["compare"] != "exact":
            errs.append(f"integer output {o['name']} not compared exactly")
    for k, f in cj["inputs"].items():
        if f != f"{k}.npy":
            errs.append(f"input file name {f}")

    root = ET.parse(os.path.join(d, "model.xml")).getroot()
    if root.tag != "net" or root.get("version") != "11":
        errs.append("root is not <net version=11>")
    blob_size = os.path.getsize(os.path.join(d, "model.bin"))
    layers = {l.get("id"): l for l in root.find("layers")}
    ports = {}
    names_seen = set()
    for lid, l in layers.items():
        for a in ("id", "name", "type", "version"):
            if l.get(a) is None:
                errs.append(f"layer {lid} lacks {a}")
        ins = l.find("input")
        outs = l.find("output")
        nin = len(ins) if ins is not None else 0
        if ins is not None:
            for j, p in enumerate(ins):
                if int(p.get("id")) != j:
                    errs.append(f"layer {lid} input port ids not 0..n-1")
        if outs is not None:
            for j, p in enumerate(outs):
                if int(p.get("id")) != nin + j:
                    errs.append(f"layer {lid} output port ids not n..n+m-1")
                if p.get("precision") not in PREC2ET:
                    errs.append(f"layer {lid} bad precision {p.get('precision')}")
                dims = [int(x.text) for x in p.findall("dim")]
                ports[(lid, int(p.get("id")))] = (PREC2ET.get(p.get("precision")), dims, p.get("names"))
                if p.get("names"):
                    if p.get("names") in names_seen:
                        errs.append(f"duplicate tensor name {p.get('names')}")
                    names_seen.add(p.get("names"))
        if l.get("type") == "Const":
            a = l.find("data").attrib
            if int(a["offset"]) + int(a["size"]) > blob_size:
                errs.append(f"Const {lid} outside model.bin")
        if l.get("type") == "Parameter":
            a = l.find("data").attrib
            nm = l.get("name")
            if nm not in inputs:
                errs.append(f"Parameter {nm} has no input file")
                continue
            arr = inputs[nm]
            decl = [v.strip() for v in a["shape"].split(",") if v.strip()]
            # "?" is a dynamic dimension: any input size fits it
            if len(decl) != arr.ndim or any(v != "?" and int(v) != d for v, d in zip(decl, arr.shape)):
                errs.append(f"Parameter {nm} shape {a['shape']} != npy {arr.shape}")
            if a["element_type"] != W.etype_of(arr):
                errs.append(f"Parameter {nm} type {a['element_type']} != npy {arr.dtype}")
            if ports[(lid, 0)][2] != nm:
                errs.append(f"Parameter {nm} port names {ports[(lid, 0)][2]}")
    edges = [(e.get("from-layer"), int(e.get("from-port")), e.get("to-layer"), int(e.get("to-port")))
             for e in root.find("edges")]
    for fl, fp, tl, tp in edges:
        if (fl, fp) not in ports:
            errs.append(f"edge from unknown port {fl}:{fp}")
        if tl not in layers:
            errs.append(f"edge to unknown layer {tl}")
    results = {l.get("name"): lid for lid, l in layers.items() if l.get("type") == "Result"}
    for o in cj["outputs"]:
        rn = f"{o['name']}/sink_port_0"
        if rn not in results:
            errs.append(f"no Result {rn}")
            continue
        src = [(fl, fp) for fl, fp, tl, tp in edges if tl == results[rn]]
        et, dims, names = ports[src[0]]
        arr = expected[o["name"]]
        if names != o["name"]:
            errs.append(f"port feeding {rn} has names={names}")
        # -1: a data-dependent dim (NonZero, Unique), declared dynamic as the serializer writes it
        if len(dims) != arr.ndim or any(d not in (-1, a) for d, a in zip(dims, arr.shape)):
            errs.append(f"{o['name']}: declared dims {dims} != expected {list(arr.shape)}")
        # bf16 results are expected as float32 (numpy has no bf16; the Go test allows it)
        if et != W.etype_of(arr) and not (et == "bf16" and arr.dtype == np.float32):
            errs.append(f"{o['name']}: precision {et} != expected dtype {arr.dtype}")
    if len(results) != len(cj["outputs"]):
        errs.append("Result count != outputs in case.json")
    if set(inputs) != {l.get("name") for l in layers.values() if l.get("type") == "Parameter"}:
        errs.append("inputs in case.json != Parameters")
    if errs:
        return errs
    if cj["source"] in ("onnxops", "torchops", "ovdet", "ovmath", "ovstruct", "ovconv", "ovsig", "ovrest", "ov13", "ov14", "onnxgraph"):
        # ovref models the pooling ops only; these cases are checked by the Go conformance test
        return errs

    got = ovref.run_ir(os.path.join(d, "model.xml"), os.path.join(d, "model.bin"), inputs)
    # every declared output port dims must equal what the numpy model computes for that port
    bad = []
    for o in cj["outputs"]:
        ok, why = ovref.compare(got[o["name"]], expected[o["name"]], o["compare"], o.get("atol", 0), o.get("rtol", 0))
        if not ok:
            bad.append(f"{o['name']}: {why}")
    if cj["expect"] == "match" and bad:
        errs.append("numpy OV model disagrees with oracle: " + "; ".join(bad))
    if cj["expect"] == "differs" and not bad:
        errs.append("marked differs but numpy OV model agrees with oracle")
    return errs


def main():
    dirs = sorted(glob.glob(os.path.join(ROOT, "*", "*")))
    dirs = [d for d in dirs if os.path.isdir(d)]
    nerr = 0
    for d in dirs:
        e = check_case(d)
        if e:
            nerr += 1
            print(f"FAIL {os.path.relpath(d, ROOT)}: " + " | ".join(e))
    total = sum(os.path.getsize(f) for f in glob.glob(os.path.join(ROOT, "**", "*"), recursive=True)
                if os.path.isfile(f))
    print(f"selfcheck: {len(dirs)} cases, {nerr} failing, {total / 1e6:.2f} MB")
    return 1 if nerr else 0


if __name__ == "__main__":
    sys.exit(main())
