#!/usr/bin/env python3
"""DetectionOutput on a real SSD head with near-tied scores: face-detection-retail-0004's inputs to
its DetectionOutput layer on models.py's random input (seed 0), and the rows OpenVINO's definition
gives for them.

models.py feeds face-detection-retail-0004 uniform random pixels. Its 3249 face scores then sit at
0.01–0.04, many of them equal or one f16 step apart, so a one-ulp difference upstream of
DetectionOutput (any other summation order in the convolutions) reorders rows of the result. This
case takes the network out of the question: the three inputs of DetectionOutput (box deltas,
confidences, prior boxes) are computed by ONNX Runtime on the model converted by
../../../shared/bench/ir2onnx.py with f16 layers rounded after every layer (models.py's reference),
and the expected rows by ir2onnx.detection_output in numpy (float64, ties by prior index), narrowed
to f16 as models.py does. layers/detection_output_test.go runs irrun's DetectionOutput on the same
three tensors and requires the same rows in the same order, up to the -1 marker.

Writes testdata/golden/detect/face-detection-retail-0004-fp16--seed0-detout.npz with arrays
loc [1,12996] f16, conf [1,6498] f16, priors [1,2,12996] f32, want [1,1,200,7] f16, and attrs as
a JSON string array (the layer's <data> attributes, key then value).

Needs the peers of ../../../shared/bench (setup-peers.sh: onnxruntime-node, python3-onnx).
Run with Debian's python:  /usr/bin/python3 gen_detect_ties.py
"""
import json
import os
import sys
import tempfile
import xml.etree.ElementTree as ET

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
sys.path.insert(0, os.path.join(SHARED, "bench"))
import ir2onnx  # noqa: E402
import models  # noqa: E402
import onnx  # noqa: E402

MODEL = "face-detection-retail-0004-fp16"
SEED = 0


def main():
    env = dict(os.environ, ORT_MODULE=models.ensure_ort())
    d = os.path.join(SHARED, "corpus", MODEL)
    xml, binp = os.path.join(d, "model.xml"), os.path.join(d, "model.bin")
    (layer,) = [l for l in ET.parse(xml).getroot().iter("layer") if l.get("type") == "DetectionOutput"]
    attrs = dict(layer.find("data").attrib)
    m = ir2onnx.convert(xml, binp, f16="round")
    meta = ir2onnx.load_meta(m)
    (post,) = meta["post"]
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "m.onnx")
        onnx.save(m, path)
        feeds = {}
        for name, v in models.make_inputs(MODEL, meta, SEED).items():
            feeds[name] = os.path.join(work, name + ".npy")
            np.save(feeds[name], v)
        fj = os.path.join(work, "feeds.json")
        json.dump(feeds, open(fj, "w"))
        out = os.path.join(work, "out")
        os.makedirs(out)
        models.run_ort(path, fj, out, 1, 0, env)
        ref, raw = models.ort_outputs(out, meta)
    loc, conf, priors = (raw[i["onnx"]] for i in post["inputs"])
    f16 = []
    for a in (loc, conf):  # the layer's f16 inputs (the priors are f32)
        h = a.astype(np.float16)
        assert np.array_equal(h.astype(a.dtype), a), "an f16 input of DetectionOutput is not f16-exact"
        f16.append(h)
    priors = priors.astype(np.float32)
    want = ir2onnx.detection_output(attrs, f16[0], f16[1], priors).astype(np.float16)
    (res,) = [v for v in ref.values() if v.ndim == 4 and v.shape[-1] == 7]
    assert np.array_equal(want, res.astype(np.float16)), "run_post disagrees with detection_output"
    kv = [s for k, v in attrs.items() for s in (k, v)]
    dst = os.path.join(ROOT, "testdata", "golden", "detect", f"{MODEL}--seed{SEED}-detout.npz")
    np.savez_compressed(dst, loc=f16[0], conf=f16[1], priors=priors, want=want, attrs=np.array(kv))
    rows = want[0, 0]
    end = np.nonzero(rows[:, 0] == -1)[0]
    sc = conf.reshape(-1, 2)[:, 1]
    print(f"{dst}: {end[0] if end.size else len(rows)} rows; {np.count_nonzero(sc > 0.01)} scores above the "
          f"threshold, {len(np.unique(sc))} distinct")


if __name__ == "__main__":
    main()
