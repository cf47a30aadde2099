#!/usr/bin/python3
"""Re-time chosen cases of the pooling sweep: poolsweep binaries alternated over rounds, peers optional.

Usage (from the project root):
    python3 testdata/bench/poolsweep/retime.py --seed 7 --ids 12,40 [--n 200] [--rounds 3] [--secs 0.15]
        [--bins A=/tmp/poolsweep-main,B=/tmp/poolsweep-branch] [--peers] [--json sweep.json --over 1.2]

Cases are regenerated from the seed exactly as sweep.py draws them (same --n, --types), or taken from a
sweep.py --json file: --over X picks every row whose best-peer ratio (1 or 2 threads) exceeds X or whose
fast kernel is slower than the reference. Each binary (built with `go build -o BIN ./testdata/bench/poolsweep`;
default: the current tree, built once) times every chosen case once per round, binaries alternating; the
minimum over rounds of each median is printed, with the best peer's (torch, ORT; also the minimum over
--rounds rounds of their medians) when --peers.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import sweep  # noqa: E402


def main():
    if sys.executable != "/usr/bin/python3" and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--secs", type=float, default=0.15)
    ap.add_argument("--types", default=",".join(sweep.TYPES))
    ap.add_argument("--ids", default="")
    ap.add_argument("--kinds", default="", help="only these ops (max,maxidx,avg), as sweep.py --kinds")
    ap.add_argument("--json", default="", help="a sweep.py --json file to pick cases from")
    ap.add_argument("--over", type=float, default=1.2)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--bins", default="")
    ap.add_argument("--peers", action="store_true")
    ap.add_argument("--no-ref", action="store_true")
    ap.add_argument("--cpu", action="store_true", help="time single-threaded runs in CPU time (a loaded machine)")
    ap.add_argument("--q", type=float, default=0.5, help="quantile of each timer's runs (0.5: the median)")
    a = ap.parse_args()
    os.environ["POOLSWEEP_Q"] = str(a.q)
    sweep.QUANTILE = a.q
    if a.cpu:
        os.environ["POOLSWEEP_CPU"] = "1"
        sweep.CPU = True
    if a.json:
        rows = json.load(open(a.json))
        cases = [r["case"] for r in rows if (r.get("peer1") or 0) > a.over or (r.get("peer2") or 0) > a.over
                 or (r.get("vsref") or 0) > 1.0]
    else:
        rng = random.Random(a.seed)
        types = a.types.split(",")
        cases = [sweep.gen_case(rng, i, types, a.secs) for i in range(a.n)]
    cases = sweep.filter_kinds(cases, a.kinds)
    if a.ids:
        ids = {int(x) for x in a.ids.split(",")}
        cases = [c for c in cases if c["id"] in ids]
    for c in cases:
        c["secs"], c["ref"] = a.secs, not a.no_ref
    bins = []
    for b in a.bins.split(",") if a.bins else []:
        name, _, path = b.partition("=")
        bins.append((name, path))
    if not bins:
        exe = os.path.join(tempfile.mkdtemp(prefix="poolsweep-"), "poolsweep")
        subprocess.run(["go", "build", "-o", exe, "./testdata/bench/poolsweep"], cwd=sweep.ROOT, check=True)
        bins = [("irrun", exe)]
    inp = "".join(json.dumps(c) + "\n" for c in cases)
    best = {}
    for _ in range(a.rounds):
        for name, exe in bins:
            p = subprocess.run([exe], input=inp, capture_output=True, text=True, check=True)
            for r in map(json.loads, p.stdout.splitlines()):
                if r.get("err"):
                    print("error", r)
                    continue
                for k in ("fast1_ms", "fast2_ms", "ref_ms"):
                    if k in r:
                        key = (name, r["id"], k)
                        best[key] = min(best.get(key, 1e18), r[k])
    tor, ort = {}, {}
    for _ in range(a.rounds if a.peers else 0):
        # the minimum over rounds of each peer's median, as for irrun
        for res, got in ((tor, sweep.time_torch(cases, [1, 2], a.secs)), (ort, sweep.time_ort(cases, [1, 2], a.secs))):
            for k, v in got.items():
                res[k] = min(res.get(k, 1e18), v)
    for c in cases:
        line = [f"{c['id']:4d} {sweep.describe(c)}"]
        peers = {t: [x for x in (tor.get((c['id'], t)), ort.get((c['id'], t))) if x] for t in (1, 2)}
        for name, _ in bins:
            f1, f2 = best.get((name, c["id"], "fast1_ms")), best.get((name, c["id"], "fast2_ms"))
            ref = best.get((name, c["id"], "ref_ms"))
            if f1 is None:
                continue
            s = f"  {name}: 1thr {f1:.4f} 2thr {f2:.4f}"
            if ref:
                s += f" ref {ref:.4f} (f/r {f1 / ref:.2f})"
            for t, f in ((1, f1), (2, f2)):
                if peers[t]:
                    s += f" peer{t} {min(peers[t]):.4f} ({f / min(peers[t]):.2f})"
            line.append(s)
        print("\n".join(line))


if __name__ == "__main__":
    main()
