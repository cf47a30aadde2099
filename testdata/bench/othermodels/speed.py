#!/usr/bin/python3
"""Time irrun against ONNX Runtime on the models outside the corpus (the directories run.py checks).

Usage (from the project checkout):
    python3 testdata/bench/othermodels/speed.py DIR [DIR ...] [--models a,b] [--threads 1,2]
            [--rounds 3] [--secs 1] [--bins name=BIN,name=BIN] [--workdir W] [--json OUT]
            [--metric cpu|wall] [--profile]

DIR holds one folder per model (model.xml, model.bin), as for run.py: round 15 kept the 44 models with
real weights in /tmp/om/models; the xml-only ones get synthetic weights from synth.py (round 16 put
them in /tmp/os/synth). Model files stay outside the project.

Per model (conversions and inputs are cached in --workdir, default /tmp/irrun-speed):
  - the IR is converted with ../shared/bench/ir2onnx.py plus run.py's additions, f16 layers computed in
    f32 (like OpenVINO's CPU plugin); FakeQuantize (int8) models are timed on the same network without
    their FakeQuantize layers (`fq=identity`), the anchor models.py uses; post ops that have no ONNX op
    (DetectionOutput, CTC greedy decoders) run in irrun's time but not in ORT's;
  - inputs: models.py's deterministic inputs (seed 0), BERT masks and segment ids taken mod 2 as run.py;
  - each round runs every tool once, in a rotated order: ONNX Runtime (ort_time.js: intraOpNumThreads=T,
    5 warm-up runs, then --secs of session.run) and every irrun binary (`irrun bench M.xml M.bin -i ...
    --nthreads T --time S --format json`);
  - a tool's figure is the median over rounds of its per-round figure: with --metric cpu (the default at
    one thread) the process CPU time per inference (user+system over the timed loop / count: steady on
    a loaded machine), with wall (the default at two threads, where ORT's workers spin) the median
    latency of the round.
--bins: irrun binaries to compare (default: `irrun` built from the checkout); the ratio column of each
binary is its time / ORT's. The last lines give the geomean of each ratio column.
--profile: instead of timing, write every model's per-layer profile of the first binary
(`irrun bench --profile --format json`) and ORT's profile (node op times) to the workdir and print the
ten slowest op types of each side (ms per run), for finding the op class that loses.
"""
import json
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as om  # noqa: E402  (the converter additions; re-runs under /usr/bin/python3 with the peers)
models, ir2onnx, np, onnx = om.models, om.ir2onnx, om.np, om.onnx


def prepare(m, d, wd):
    """-> (xml, bin, onnx path, inputs.json, irrun -i args, precision class); cached in wd"""
    xml, binp = os.path.join(d, "model.xml"), os.path.join(d, "model.bin")
    binp = binp if os.path.exists(binp) else None
    cls = models.precision_class(xml)
    op = os.path.join(wd, "time.onnx")
    fj = os.path.join(wd, "inputs.json")
    if not (os.path.exists(op) and os.path.exists(fj)):
        os.makedirs(os.path.join(wd, "inputs"), exist_ok=True)
        mod = ir2onnx.convert(xml, binp, f16="f32", fq="identity" if cls == "int8" else "emulate")
        meta = ir2onnx.load_meta(mod)
        feeds = models.make_inputs(m, meta, 0)
        for k, v in feeds.items():  # BERT-style masks and segment ids index 2-row tables (as run.py)
            if v.dtype.kind in "iu" and ("mask" in k.lower() or "type" in k.lower()):
                feeds[k] = (v % 2).astype(v.dtype)
        files = {}
        for k, v in feeds.items():
            f = os.path.join(wd, "inputs", "".join(c if c.isalnum() or c in "._-" else "_" for c in k) + ".npy")
            np.save(f, v)
            files[k] = f
        onnx.save(mod, op)
        json.dump(files, open(fj, "w"))
    files = json.load(open(fj))
    iargs = []
    for k, f in files.items():
        iargs += ["-i", f"{k}={f}"]
    return xml, binp, op, fj, iargs, cls


def time_ort(op, fj, t, secs, env, prof=None):
    cmd = ["node", os.path.join(HERE, "ort_time.js"), op, fj, str(t), f"{secs:g}"] + ([prof] if prof else [])
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
    if p.returncode != 0:
        raise RuntimeError(models.first_line(p.stderr or p.stdout))
    lines = p.stdout.strip().splitlines()
    return json.loads(lines[-1]), (lines[-2] if prof else None)


def time_irrun(b, xml, binp, iargs, t, secs, extra=()):
    p = subprocess.run([b, "bench", xml] + ([binp] if binp else []) + iargs +
                       ["--time", f"{secs:g}", "--nthreads", str(t), "--format", "json"] + list(extra),
                       capture_output=True, text=True, timeout=900)
    if p.returncode != 0:
        raise RuntimeError(models.first_line(p.stderr or p.stdout))
    return json.loads(p.stdout)


def figure(j, metric):
    if metric == "cpu":
        return j.get("cpu_ms_per_iter") or None
    return j.get("median_ms") or j.get("latency_ms", {}).get("median")


def ort_profile(path, runs):
    """ORT's profile JSON -> {op type: ms per run} over the profiled runs (node kernel times)"""
    ev = json.load(open(path))
    by = {}
    for e in ev:
        if e.get("cat") == "Node" and e.get("name", "").endswith("_kernel_time"):
            k = e.get("args", {}).get("op_name", "?")
            by[k] = by.get(k, 0.0) + e.get("dur", 0) / 1000.0
    return {k: v / runs for k, v in by.items()}


def main():
    argv = sys.argv[1:]
    opt = lambda k, d: argv[argv.index(k) + 1] if k in argv else d  # noqa: E731
    dirs = []
    for a in argv:
        if a.startswith("--"):
            break
        dirs.append(os.path.abspath(a))
    if not dirs:
        print(__doc__)
        sys.exit(2)
    threads = [int(x) for x in opt("--threads", "1").split(",")]
    rounds = int(opt("--rounds", "3"))
    secs = float(opt("--secs", "1"))
    work = opt("--workdir", None) or os.path.join(tempfile.gettempdir(), "irrun-speed")
    metric_opt = opt("--metric", None)
    sel = opt("--models", None)
    found = {}
    for d in dirs:
        for n in sorted(os.listdir(d)):
            if os.path.isfile(os.path.join(d, n, "model.xml")) and os.path.isfile(os.path.join(d, n, "model.bin")):
                found.setdefault(n, os.path.join(d, n))
    names = sel.split(",") if sel else sorted(found)
    bins = opt("--bins", None)
    if bins:
        bins = [tuple(x.split("=", 1)) for x in bins.split(",")]
    else:
        b = os.path.join(work, "irrun")
        os.makedirs(work, exist_ok=True)
        subprocess.run(["go", "build", "-o", b, "./cmd/irrun"], cwd=om.PROJECT, check=True)
        bins = [("irrun", b)]
    env = dict(os.environ, ORT_MODULE=models.ensure_ort())
    if "--profile" in argv:
        for m in names:
            wd = os.path.join(work, m)
            xml, binp, op, fj, iargs, cls = prepare(m, found[m], wd)
            for t in threads:
                j = time_irrun(bins[0][1], xml, binp, iargs, t, 0.5, ["--profile"])
                json.dump(j, open(os.path.join(wd, f"irrun-profile-{t}.json"), "w"), indent=1)
                _, pf = time_ort(op, fj, t, 0.5, env, os.path.join(wd, f"ort-profile-{t}"))
                ort_ops = ort_profile(pf, 10)
                ir_ops = {o["type"]: o["time_ms"] for o in j.get("op_types", [])}
                print(f"== {m} ({cls}) x{t}: irrun {figure(j, 'wall'):.3f} ms")
                print("  irrun: " + ", ".join(f"{k} {v:.3f}" for k, v in
                                             sorted(ir_ops.items(), key=lambda kv: -kv[1])[:10]))
                print("  ORT:   " + ", ".join(f"{k} {v:.3f}" for k, v in
                                             sorted(ort_ops.items(), key=lambda kv: -kv[1])[:10]), flush=True)
        return
    rows = []
    hdr = f"{'model':38s} {'cls':4s} {'thr':>3s} {'ORT ms':>9s} " + \
        " ".join(f"{n + ' ms':>10s} {'ratio':>6s}" for n, _ in bins)
    print(hdr, flush=True)
    tools = ["ort"] + [n for n, _ in bins]
    for m in names:
        wd = os.path.join(work, m)
        try:
            xml, binp, op, fj, iargs, cls = prepare(m, found[m], wd)
        except Exception as e:  # noqa: BLE001
            print(f"{m:38s} conversion failed: {models.first_line(str(e))[:100]}", flush=True)
            continue
        for t in threads:
            metric = metric_opt or ("cpu" if t == 1 else "wall")
            vals = {k: [] for k in tools}
            errs = []
            for r in range(rounds):
                order = tools[r % len(tools):] + tools[:r % len(tools)]
                for k in order:
                    try:
                        if k == "ort":
                            j, _ = time_ort(op, fj, t, secs, env)
                        else:
                            j = time_irrun(dict(bins)[k], xml, binp, iargs, t, secs)
                        v = figure(j, metric)
                        if v:
                            vals[k].append(v)
                    except Exception as e:  # noqa: BLE001
                        errs.append(f"{k}: {models.first_line(str(e))[:80]}")
            med = {k: (float(np.median(v)) if v else None) for k, v in vals.items()}
            row = dict(model=m, cls=cls, threads=t, metric=metric, ms=med, samples=vals, errors=errs)
            row["ratio"] = {n: (med[n] / med["ort"] if med[n] and med["ort"] else None) for n, _ in bins}
            rows.append(row)
            fmt = lambda v: f"{v:9.4g}" if v else f"{'-':>9s}"  # noqa: E731
            cols = " ".join(f"{fmt(med[n]):>10s} {row['ratio'][n] or float('nan'):6.2f}" for n, _ in bins)
            print(f"{m:38s} {cls:4s} {t:3d} {fmt(med['ort'])} {cols}" + (f"  [{'; '.join(errs)[:120]}]" if errs else ""),
                  flush=True)
    for t in threads:
        for n, _ in bins:
            rs = [r["ratio"][n] for r in rows if r["threads"] == t and r["ratio"][n]]
            if rs:
                g = math.exp(sum(math.log(x) for x in rs) / len(rs))
                print(f"geomean {n}/ORT x{t} = {g:.3f} over {len(rs)} models")
    jp = opt("--json", None)
    if jp:
        json.dump(rows, open(jp, "w"), indent=1)


if __name__ == "__main__":
    main()
