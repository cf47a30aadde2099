#!/usr/bin/env python3
"""Golden detections of the corpus's SSD detectors on the sample images, from ONNX Runtime.

For each (model, image) pair below, the image is scaled to the model's input size by
nearest-neighbour sampling (source row = y*H//h, column = x*W//w; the Go test does the same),
given in BGR channel order as float32 NCHW with values 0..255, and run by ONNX Runtime on the
model converted by ../../../shared/bench/ir2onnx.py with f16 layers rounded to f16 after every
layer (`--f16 round`, OpenVINO's reference evaluation; models.py's reference). The
DetectionOutput layer, which ONNX has no op for, is computed by ir2onnx.run_post in numpy.

The script also runs the f32 conversion (`--f16 f32`, what OpenVINO's CPU plugin computes) and
keeps only detections both conversions agree on to 2e-3, so the golden holds rows whose values
do not hinge on rounding noise. Rows with confidence >= MIN_CONF are written to
testdata/golden/detect/<model>--<image>.json; graph/corpus_golden_detect_test.go compares
irrun's rows above the same confidence with them.

Needs the peers of ../../../shared/bench (setup-peers.sh: onnxruntime-node, python3-onnx).
Run with Debian's python:  /usr/bin/python3 gen_detect.py
"""
import json
import os
import sys
import tempfile

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
sys.path.insert(0, os.path.join(SHARED, "bench"))
import ir2onnx  # noqa: E402
import models  # noqa: E402  (run_ort, ort_outputs, ensure_ort)
import onnx  # noqa: E402

MIN_CONF = 0.05
AGREE = 2e-3
CASES = [
    ("face-detection-retail-0004-fp16", "astronaut.png"),
    ("person-detection-retail-0013-fp32", "astronaut.png"),
    ("face-detection-retail-0004-fp16", "coffee.png"),
]


def nearest_bgr(path, h, w):
    rgb = np.asarray(Image.open(path).convert("RGB"), dtype=np.float32)
    H, W = rgb.shape[:2]
    ys = (np.arange(h) * H) // h
    xs = (np.arange(w) * W) // w
    s = rgb[ys][:, xs]  # h, w, 3 (RGB)
    return np.ascontiguousarray(s[:, :, ::-1].transpose(2, 0, 1)[None])  # 1, 3, h, w (BGR)


def detections(model, xml, binp, f16, x, work, env):
    m = ir2onnx.convert(xml, binp, f16=f16)
    meta = ir2onnx.load_meta(m)
    path = os.path.join(work, f"{model}-{f16}.onnx")
    onnx.save(m, path)
    (inp,) = meta["inputs"]
    npy = os.path.join(work, "x.npy")
    np.save(npy, x.astype(ir2onnx.NP[inp["type"]]))  # 0..255 integers: exact in f16
    fj = os.path.join(work, "feeds.json")
    json.dump({inp["name"]: npy}, open(fj, "w"))
    out = os.path.join(work, f"out-{f16}")
    os.makedirs(out, exist_ok=True)
    models.run_ort(path, fj, out, 1, 0, env)
    ref, _ = models.ort_outputs(out, meta)
    (det,) = [v for v in ref.values() if v.ndim == 4 and v.shape[-1] == 7]
    rows = det[0, 0]
    end = np.nonzero(rows[:, 0] == -1)[0]
    return rows[: end[0]] if end.size else rows, inp


def main():
    env = dict(os.environ, ORT_MODULE=models.ensure_ort())
    outdir = os.path.join(ROOT, "testdata", "golden", "detect")
    os.makedirs(outdir, exist_ok=True)
    for model, image in CASES:
        d = os.path.join(SHARED, "corpus", model)
        xml, binp = os.path.join(d, "model.xml"), os.path.join(d, "model.bin")
        with tempfile.TemporaryDirectory() as work:
            meta = ir2onnx.load_meta(ir2onnx.convert(xml, binp, f16="f32"))
            (inp,) = meta["inputs"]
            _, _, h, w = inp["shape"]
            x = nearest_bgr(os.path.join(SHARED, "images", image), h, w)
            ref, _ = detections(model, xml, binp, "round", x, work, env)
            f32, _ = detections(model, xml, binp, "f32", x, work, env)
        keep = []
        for r in ref[ref[:, 2] >= MIN_CONF]:
            same = [g for g in f32 if g[1] == r[1] and np.max(np.abs(g[2:] - r[2:])) <= AGREE]
            if same:
                keep.append([float(v) for v in r])
            else:
                print(f"{model} {image}: row {r.tolist()} hinges on rounding; left out", file=sys.stderr)
        golden = {
            "model": model,
            "image": image,
            "input": {"name": inp["name"], "shape": [1, 3, h, w], "layout": "NCHW", "order": "BGR",
                      "resize": "nearest: row y*H//h, column x*W//w", "range": "0..255"},
            "oracle": "ONNX Runtime on ir2onnx --f16 round (DetectionOutput by ir2onnx.run_post); "
                      f"rows also within {AGREE} of the --f16 f32 conversion",
            "min_conf": MIN_CONF,
            "tolerance": AGREE,
            "detections": keep,  # image_id, label, conf, x_min, y_min, x_max, y_max
        }
        name = f"{model}--{os.path.splitext(image)[0]}.json"
        with open(os.path.join(outdir, name), "w") as f:
            rows = golden.pop("detections")
            text = json.dumps(golden, indent=1)[:-2]
            text += ',\n "detections": [' + ",".join("\n  " + json.dumps([round(v, 6) for v in r]) for r in rows)
            f.write(text + ("\n ]\n}\n" if rows else "]\n}\n"))
        print(f"{name}: {len(keep)} detections >= {MIN_CONF}")


if __name__ == "__main__":
    main()
