#!/usr/bin/python3
"""Pooling sweep: irrun's fast kernel vs its reference kernel and vs ONNX Runtime / PyTorch on random geometries.

Usage (from the project root):
    python3 testdata/bench/poolsweep/sweep.py --n 200 --seed 1 [--secs 0.15] [--types f32,f64,...] [--kinds max,maxidx] [--json out.json]

Geometries: MaxPool (values, or values + i64 indices) and AvgPool (pads counted or not), 1-, 2- and 3-D, kernel 1-11,
stride 1-6, dilation 1-3 (MaxPool), asymmetric pads, rounding floor/ceil/ceil_torch, widths 1-1000, channels 1-512,
batches 1-16, element types f32 f64 f16 bf16 i8 u8 i32 i64; tensors are scaled down to at most ~2M elements and ~5e7
window taps. irrun's kernels are timed in process by the Go program next to this script (main.go: fast kernel at 1 and
2 threads, reference kernel); PyTorch (F.max_pool*/avg_pool*) in this process; ONNX Runtime (onnxruntime-node, as
../shared/bench/compare.py uses it) by ort_sweep.js. A peer is timed only where it expresses the case with the same
output shape (torch: symmetric pads up to half the kernel, floor or ceil_torch rounding; ORT: ceil_mode = ceil_torch).
Every tool reports the median of its runs. Prints ratio percentiles and the worst geometries.
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
# The statistic every timer reports: the median, or the quantile POOLSWEEP_Q (retime.py --q).
QUANTILE = float(os.environ.get("POOLSWEEP_Q", "0.5"))
# POOLSWEEP_CPU=1 (retime.py --cpu): single-threaded runs are timed in CPU time, not wall time.
CPU = os.environ.get("POOLSWEEP_CPU") == "1"
TYPES = ["f32", "f64", "f16", "bf16", "i8", "u8", "i32", "i64"]


def out_dim(n, k, s, d, pb, pe, rounding):
    kd = (k - 1) * d + 1
    span = n + pb + pe - kd
    if rounding == "floor":
        return span // s + 1
    o = -(-span // s) + 1
    if rounding == "ceil_torch" and (o - 1) * s >= n + pb:
        o -= 1
    return o


def gen_case(rng, i, types, secs):
    nsp = rng.choices([1, 2, 3], [3, 5, 2])[0]
    op = rng.choices(["max", "maxidx", "avg"], [45, 20, 35])[0]
    t = "f32" if rng.random() < 0.45 else rng.choice(types)
    if t not in types:
        t = types[0]
    rounding = rng.choice(["floor", "ceil", "ceil_torch"])
    while True:
        if nsp == 1:
            ins = [rng.randint(1, 1000)]
        elif nsp == 2:
            ins = [rng.randint(1, 1000) if rng.random() < 0.3 else rng.randint(1, 120) for _ in range(2)]
        else:
            ins = [rng.randint(1, 40) for _ in range(3)]
        k = [rng.randint(1, 11) for _ in ins]
        s = [rng.randint(1, 6) for _ in ins]
        d = [rng.randint(1, 3) if (op != "avg" and rng.random() < 0.4) else 1 for _ in ins]
        sym = rng.random() < 0.5
        pb, pe = [], []
        for a in range(nsp):
            if rng.random() < 0.4:
                pb.append(0), pe.append(0)
                continue
            lim = max(0, ((k[a] - 1) * d[a]) // 2)
            x = rng.randint(0, lim)
            pb.append(x)
            pe.append(x if sym else rng.randint(0, lim))
        ok = all((k[a] - 1) * d[a] + 1 <= ins[a] + pb[a] + pe[a] for a in range(nsp))
        if not ok:
            continue
        outs = [out_dim(ins[a], k[a], s[a], d[a], pb[a], pe[a], rounding) for a in range(nsp)]
        if min(outs) < 1:
            continue
        break
    n, c = rng.randint(1, 16), rng.randint(1, 512)
    plane = math.prod(ins)
    taps = math.prod(outs) * math.prod(k)
    # keep the tensors (~2M elements) and the reference's work (~5e7 taps) bounded
    while n * c * plane > (1 << 21) or n * c * taps > 5e7:
        if n > 1:
            n = max(1, n // 2)
        elif c > 1:
            c = max(1, c // 2)
        else:
            break
    return dict(id=i, op=op, type=t, n=n, c=c, **{"in": ins}, out=outs, kernel=k, strides=s, dilations=d,
                pads_begin=pb, pads_end=pe, exclude_pad=rng.random() < 0.5, rounding=rounding, secs=secs, ref=True)


def describe(c):
    dims = "x".join(map(str, c["in"]))
    s = f"{c['op']:6s} {c['type']:4s} {c['n']}x{c['c']}x{dims} k{c['kernel']} s{c['strides']}"
    if any(x != 1 for x in c["dilations"]):
        s += f" d{c['dilations']}"
    if any(c["pads_begin"]) or any(c["pads_end"]):
        s += f" p{c['pads_begin']}/{c['pads_end']}"
    s += f" {c['rounding']}"
    if c["op"] == "avg":
        s += " excl" if c["exclude_pad"] else " incl"
    return s.replace(" ", " ")


# ------------------------------------------------------------------ irrun
def time_irrun(cases):
    exe = os.path.join(tempfile.mkdtemp(prefix="poolsweep-"), "poolsweep")
    subprocess.run(["go", "build", "-o", exe, "./testdata/bench/poolsweep"], cwd=ROOT, check=True)
    inp = "".join(json.dumps(c) + "\n" for c in cases)
    p = subprocess.run([exe], input=inp, capture_output=True, text=True, check=True)
    return {r["id"]: r for r in map(json.loads, p.stdout.splitlines())}


# ------------------------------------------------------------------ torch
def torch_spec(c):
    if any(b != e for b, e in zip(c["pads_begin"], c["pads_end"])):
        return None
    if c["rounding"] == "ceil":
        alt = [out_dim(*a, "ceil_torch") for a in zip(c["in"], c["kernel"], c["strides"], c["dilations"], c["pads_begin"], c["pads_end"])]
        if alt != c["out"]:
            return None
    for a in range(len(c["in"])):
        lim = ((c["kernel"][a] - 1) * c["dilations"][a] + 1) // 2 if c["op"] != "avg" else c["kernel"][a] // 2
        if c["pads_begin"][a] > lim:
            return None
    return dict(ceil=c["rounding"] != "floor")


def time_torch(cases, threads, secs):
    import torch
    import torch.nn.functional as F
    dt = {"f32": torch.float32, "f64": torch.float64, "f16": torch.float16, "bf16": torch.bfloat16,
          "i8": torch.int8, "u8": torch.uint8, "i32": torch.int32, "i64": torch.int64}
    res = {}
    for c in cases:
        spec = torch_spec(c)
        if spec is None:
            continue
        nsp = len(c["in"])
        shape = [c["n"], c["c"]] + c["in"]
        x = (torch.arange(math.prod(shape), dtype=torch.int64).reshape(shape) * 7919 % 200 - 100).to(dt[c["type"]])
        if c["op"] == "avg":
            fn = [None, F.avg_pool1d, F.avg_pool2d, F.avg_pool3d][nsp]
            call = lambda fn=fn: fn(x, c["kernel"], c["strides"], c["pads_begin"], spec["ceil"], not c["exclude_pad"])  # noqa: E731
        else:
            fn = [None, F.max_pool1d, F.max_pool2d, F.max_pool3d][nsp]
            call = lambda fn=fn: fn(x, c["kernel"], c["strides"], c["pads_begin"], c["dilations"], spec["ceil"], c["op"] == "maxidx")  # noqa: E731
        for t in threads:
            torch.set_num_threads(t)
            try:
                with torch.no_grad():
                    y = call()
                    y = y[0] if isinstance(y, tuple) else y
                    if list(y.shape[2:]) != c["out"]:
                        break
                    lat = []
                    # POOLSWEEP_CPU=1: one thread is timed in the process's CPU time (as main.go times irrun)
                    clock = time.process_time if CPU and t == 1 else time.perf_counter
                    spent = 0.0
                    while spent < secs or len(lat) < 3:
                        t0 = clock()
                        call()
                        d = clock() - t0
                        spent += d
                        lat.append(d * 1e3)
                        if len(lat) >= 2000:
                            break
                lat.sort()
                res[(c["id"], t)] = lat[min(len(lat) - 1, int(QUANTILE * len(lat)))]
            except Exception:  # noqa: BLE001 - the peer does not express the case (type, geometry)
                break
    return res


# ------------------------------------------------------------------ ONNX Runtime
def ort_module():
    r = subprocess.run(["bash", os.path.join(ROOT, "..", "shared", "bench", "setup-peers.sh")], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return r.stdout.strip().splitlines()[-1]


def time_ort(cases, threads, secs):
    mod = ort_module()
    if not mod:
        return {}
    import onnx
    from onnx import TensorProto, helper
    tp = {"f32": (TensorProto.FLOAT, "float32"), "f64": (TensorProto.DOUBLE, "float64"),
          "i8": (TensorProto.INT8, "int8"), "u8": (TensorProto.UINT8, "uint8")}
    d = tempfile.mkdtemp(prefix="poolsweep-ort-")
    jobs = []
    for c in cases:
        if c["type"] not in tp:
            continue
        if c["rounding"] == "ceil":
            alt = [out_dim(*a, "ceil_torch") for a in zip(c["in"], c["kernel"], c["strides"], c["dilations"], c["pads_begin"], c["pads_end"])]
            if alt != c["out"]:
                continue
        if c["op"] == "avg" and c["type"] not in ("f32", "f64"):
            continue
        et, name = tp[c["type"]]
        attrs = dict(kernel_shape=c["kernel"], strides=c["strides"], pads=c["pads_begin"] + c["pads_end"],
                     ceil_mode=int(c["rounding"] != "floor"))
        outs = ["y"]
        opset = 12
        if c["op"] == "avg":
            op = "AveragePool"
            attrs["count_include_pad"] = int(not c["exclude_pad"])
            opset = 19
        else:
            op = "MaxPool"
            attrs["dilations"] = c["dilations"]
            if c["op"] == "maxidx":
                outs = ["y", "z"]
        node = helper.make_node(op, ["x"], outs, **attrs)
        shape = [c["n"], c["c"]] + c["in"]
        oshape = [c["n"], c["c"]] + c["out"]
        g = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", et, shape)],
                              [helper.make_tensor_value_info(o, et if o == "y" else TensorProto.INT64, oshape) for o in outs])
        m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
        m.ir_version = 9
        path = os.path.join(d, f"{c['id']}.onnx")
        onnx.save(m, path)
        for t in threads:
            jobs.append(dict(id=c["id"], model=path, shape=shape, dtype=name, threads=t, secs=secs))
    jf = os.path.join(d, "jobs.json")
    json.dump(jobs, open(jf, "w"))
    p = subprocess.run(["node", os.path.join(HERE, "ort_sweep.js"), jf], capture_output=True, text=True,
                       env=dict(os.environ, ORT_MODULE=mod))
    res = {}
    for line in p.stdout.splitlines():
        r = json.loads(line)
        if "median_ms" in r:
            res[(r["id"], r["threads"])] = r["median_ms"]
    return res


def filter_kinds(cases, kinds):
    """The cases whose op is one of the comma-separated kinds (all when empty); drawn first, so ids match the full sweep."""
    if not kinds:
        return cases
    want = set(kinds.split(","))
    bad = want - {"max", "maxidx", "avg"}
    if bad:
        sys.exit(f"--kinds: unknown {sorted(bad)} (max, maxidx, avg)")
    return [c for c in cases if c["op"] in want]


def pct(xs, q):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    i = min(len(xs) - 1, max(0, int(round(q / 100 * (len(xs) - 1)))))
    return xs[i]


def main():
    if sys.executable != "/usr/bin/python3" and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)  # the peers live in Debian's python3
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--secs", type=float, default=0.15)
    ap.add_argument("--types", default=",".join(TYPES))
    ap.add_argument("--no-peers", action="store_true")
    ap.add_argument("--json", default="")
    ap.add_argument("--kinds", default="", help="time only these ops (max,maxidx,avg); ids stay those of the full sweep")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    types = a.types.split(",")
    cases = [gen_case(rng, i, types, a.secs) for i in range(a.n)]
    cases = filter_kinds(cases, a.kinds)
    threads = [1, 2]
    irr = time_irrun(cases)
    tor, ort = ({}, {}) if a.no_peers else (time_torch(cases, threads, a.secs), time_ort(cases, threads, a.secs))
    rows = []
    for c in cases:
        r = irr.get(c["id"], {})
        if r.get("err"):
            print("irrun error:", describe(c), r["err"])
            continue
        row = dict(case=c, desc=describe(c), fast1=r["fast1_ms"], fast2=r["fast2_ms"], ref=r.get("ref_ms"))
        row["vsref"] = row["fast1"] / row["ref"] if row.get("ref") else None
        for t in threads:
            peers = [x for x in (tor.get((c["id"], t)), ort.get((c["id"], t))) if x]
            row[f"torch{t}"], row[f"ort{t}"] = tor.get((c["id"], t)), ort.get((c["id"], t))
            row[f"peer{t}"] = row[f"fast{t}"] / min(peers) if peers else None
        rows.append(row)
    if a.json:
        json.dump(rows, open(a.json, "w"), indent=1)
    print(f"{len(rows)} geometries (seed {a.seed}); ratios are irrun fast kernel time / other time (< 1: irrun faster)")
    print(f"{'ratio':22s} {'count':>5s} {'p10':>6s} {'p50':>6s} {'p90':>6s} {'p99':>6s} {'max':>6s} {'>1.2':>5s}")
    for key, name in (("vsref", "fast/reference (1 thr)"), ("peer1", "fast/best peer, 1 thr"), ("peer2", "fast/best peer, 2 thr")):
        xs = [r[key] for r in rows if r.get(key)]
        over = sum(1 for x in xs if x > 1.2) if key != "vsref" else sum(1 for x in xs if x > 1.0)
        print(f"{name:22s} {len(xs):5d} {pct(xs, 10):6.2f} {pct(xs, 50):6.2f} {pct(xs, 90):6.2f} {pct(xs, 99):6.2f} {max(xs) if xs else float('nan'):6.2f} {over:5d}")
    print("(the last column counts ratios above 1.2 for peers, above 1.0 for the reference)")
    for key, name in (("peer1", "best peer, 1 thread"), ("peer2", "best peer, 2 threads"), ("vsref", "reference")):
        worst = sorted((r for r in rows if r.get(key)), key=lambda r: -r[key])[:10]
        print(f"\nworst ten vs {name}:")
        for r in worst:
            t = "2" if key == "peer2" else "1"
            peer = f"torch {r.get('torch' + t) or float('nan'):8.3f} ort {r.get('ort' + t) or float('nan'):8.3f}" if key != "vsref" else f"ref {r['ref']:9.3f}"
            print(f"  {r[key]:6.2f}  irrun {r['fast' + t]:8.3f} ms  {peer}  {r['desc']}")


if __name__ == "__main__":
    main()
