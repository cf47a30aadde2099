#!/usr/bin/python3
"""Peak memory and compile time of irrun and ONNX Runtime on the corpus models (issue 13).

Usage (from the project root):
    python3 testdata/bench/footprint/footprint.py [--models a,b] [--threads 1] [--runs 20] [--rounds 3]

For each corpus model with a .bin, the model is converted by ../shared/bench/ir2onnx.py as
../shared/bench/models.py does (f16 computed in f32; FakeQuantize models without their
FakeQuantize layers, models.py's timing anchor) and fed models.py's inputs. Each tool runs in a
process of its own under `/usr/bin/time -v`: load the model, one first inference, then --runs
more. Reported per tool: the peak resident set (max over --rounds processes' "Maximum resident
set size"), the time from reading the files to a compiled model (irrun: `irrun bench`'s
read_model_ms + compile_model_ms; ONNX Runtime: InferenceSession.create of the .onnx file), and
the first inference. ONNX Runtime runs inside Node.js (onnxruntime-node); the RSS of Node.js with
the module loaded and no session is printed as `node base`, and `ORT-base` is ORT's RSS minus it
(what the session itself costs). irrun's figure includes the Go runtime: it is the whole process.
The medians of --rounds processes are printed for the times.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BENCH = os.path.normpath(os.path.join(ROOT, "..", "shared", "bench"))
sys.path.insert(0, BENCH)
import models  # noqa: E402  (re-runs itself under /usr/bin/python3 when numpy/onnx are missing)
import ir2onnx  # noqa: E402
import onnx  # noqa: E402
import numpy as np  # noqa: E402


def timed(cmd, env=None):
    """-> (stdout, peak RSS in MiB) of cmd run under /usr/bin/time -v."""
    p = subprocess.run(["/usr/bin/time", "-v"] + cmd, capture_output=True, text=True, env=env, timeout=900)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:3])}...: {(p.stderr or p.stdout).strip()[-400:]}")
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
    return p.stdout, int(m.group(1)) / 1024


def main():
    argv = sys.argv
    if "-h" in argv or "--help" in argv:
        print(__doc__.strip())
        return
    opt = lambda k, d: argv[argv.index(k) + 1] if k in argv else d  # noqa: E731
    threads = int(opt("--threads", "1"))
    runs = int(opt("--runs", "20"))
    rounds = int(opt("--rounds", "3"))
    sel = opt("--models", None)
    names = sel.split(",") if sel else models.corpus_models()
    work = tempfile.mkdtemp(prefix="irrun-footprint-")
    irrun = os.path.join(work, "irrun")
    subprocess.run(["go", "build", "-o", irrun, "./cmd/irrun"], cwd=ROOT, check=True)
    env = dict(os.environ, ORT_MODULE=models.ensure_ort())
    js = os.path.join(HERE, "ort_footprint.js")
    _, base = timed(["node", js, ""], env)
    print(f"node base (Node.js + onnxruntime-node, no session): {base:.0f} MiB; threads {threads}, "
          f"{runs} runs after the first, {rounds} processes per tool")
    print(f"{'model':36s} {'irrun MiB':>9s} {'ORT MiB':>8s} {'ORT-base':>8s} {'ratio':>6s}   "
          f"{'irrun load ms':>13s} {'ORT create ms':>13s} {'ratio':>6s}   {'irrun 1st':>9s} {'ORT 1st':>8s}")
    for m in names:
        d = os.path.join(models.CORPUS, m)
        xml, binp = os.path.join(d, "model.xml"), os.path.join(d, "model.bin")
        if not os.path.exists(binp):
            continue
        wd = os.path.join(work, m)
        os.makedirs(wd)
        try:
            cls = models.precision_class(xml)
            net = ir2onnx.convert(xml, binp, f16="f32", fq="identity") if cls == "int8" else \
                ir2onnx.convert(xml, binp, f16="f32")
            onnx_path = os.path.join(wd, "m.onnx")
            onnx.save(net, onnx_path)
            feeds = models.make_inputs(m, ir2onnx.load_meta(net), 0)
            files, iargs = {}, []
            for k, v in feeds.items():
                f = os.path.join(wd, f"in{len(files)}.npy")
                np.save(f, v)
                files[k] = f
                iargs += ["-i", f"{k}={f}"]
            fj = os.path.join(wd, "inputs.json")
            json.dump(files, open(fj, "w"))
            ir_rss, ir_load, ir_first, ort_rss, ort_create, ort_first = [], [], [], [], [], []
            for _ in range(rounds):
                out, rss = timed([irrun, "bench", xml, binp] + iargs +
                                 ["--niter", str(runs), "--warmup", "0", "--nthreads", str(threads), "--format", "json"])
                j = json.loads(out)
                ir_rss.append(rss)
                ir_load.append(j["read_model_ms"] + j["compile_model_ms"])
                ir_first.append(j["first_inference_ms"])
                out, rss = timed(["node", js, onnx_path, fj, str(threads), str(runs)], env)
                j = json.loads(out.strip().splitlines()[-1])
                ort_rss.append(rss)
                ort_create.append(j["create_ms"])
                ort_first.append(j["first_ms"])
        except Exception as e:  # noqa: BLE001
            print(f"{m:36s} error: {str(e)[:100]}")
            continue
        med = statistics.median
        a, b = max(ir_rss), max(ort_rss)
        print(f"{m:36s} {a:9.0f} {b:8.0f} {b - base:8.0f} {a / b:6.2f}   {med(ir_load):13.1f} {med(ort_create):13.1f} "
              f"{med(ir_load) / med(ort_create):6.2f}   {med(ir_first):9.1f} {med(ort_first):8.1f}")


if __name__ == "__main__":
    main()
