"""PyTorch (Debian python3-torch, CPU) random cases where PyTorch and OpenVINO semantics agree
(openvino-semantics.md §9.2).  Expected outputs are PyTorch's results, unmodified.

Mapping:
  max_pool{1,2,3}d            -> MaxPool-1 (floor, no dilation, values only), MaxPool-8 (floor; indices axis=2,
                                 since torch indices are per (n,c) plane), MaxPool-14 rounding_type=ceil_torch
                                 (ceil_mode=True; indices axis=2)
  avg_pool{1,2,3}d            -> AvgPool-1 (floor) / AvgPool-14 ceil_torch (ceil_mode=True);
                                 exclude-pad = not count_include_pad
  unfold (im2col) + mean     -> AvgPool-16 with dilations (floor): torch has no dilated avg_pool, so the
                                 oracle is F.unfold's dilated, zero-padded windows summed and divided by the
                                 kernel volume (count_include_pad) or by the unfolded ones (exclude-pad)
  adaptive_max_pool{1,2,3}d   -> AdaptiveMaxPool-8 (indices per plane, as in torch)
  adaptive_avg_pool{1,2,3}d   -> AdaptiveAvgPool-8
Data: fixed seeds; max-pool inputs have no ties and no NaN.
"""
import numpy as np
import torch
import torch.nn.functional as F

import cases as C
import irwriter as W
import ovref


def rounding_note(shape, k, s, p, d, y):
    ceil_shape, _, _ = ovref.pool_out_shape(list(shape), k, s, p, p, "ceil", "explicit", d)
    if ceil_shape == list(y.shape):
        return {"rounding_choice": "ceil_torch (OV plain ceil gives the same shape here)"}
    return {"rounding_choice": f"ceil_torch (OV plain ceil would give {ceil_shape}, torch gives {list(y.shape)})"}

torch.set_num_threads(1)
TV = torch.__version__


def L(v, n):
    return list(v) if isinstance(v, (list, tuple)) else [v] * n


def tag(v):
    return "x".join(str(a) for a in v) if len(set(v)) > 1 else str(v[0])


def data(shape, dtype, seed, distinct):
    rng = np.random.default_rng(seed)
    while True:
        x = rng.standard_normal(shape).astype(dtype)
        if not distinct or np.unique(x).size == x.size:
            return x


# (shape, kernel, stride, padding, dilation, ceil, want_indices, dtype)
MAX = [
    ((2, 3, 11), 3, 2, 1, 1, False, False, "f32"),
    ((1, 4, 16), 4, 4, 0, 1, False, True, "f32"),
    ((2, 2, 13), 3, 1, 1, 2, False, True, "f32"),
    ((1, 3, 10), 3, 2, 1, 1, True, True, "f32"),
    ((3, 1, 7), 2, 3, 0, 1, False, False, "f32"),
    ((1, 2, 9), 4, 3, 2, 1, True, True, "f32"),
    ((2, 3, 20), 5, 2, 2, 2, False, True, "f64"),
    ((1, 3, 8, 8), 2, 2, 0, 1, False, False, "f32"),
    ((2, 4, 7, 9), 3, 2, 1, 1, False, True, "f32"),
    ((1, 2, 10, 11), (3, 2), (2, 3), (1, 0), 1, False, False, "f32"),
    ((1, 1, 9, 9), 3, 3, 1, 1, True, True, "f32"),
    ((2, 3, 6, 6), 2, 2, 1, 1, True, True, "f32"),
    ((1, 2, 5, 7), 3, 1, 1, 2, False, True, "f32"),
    ((1, 3, 12, 10), 3, 1, 0, (2, 3), False, True, "f32"),
    ((3, 2, 7, 7), 2, 3, 0, 1, False, False, "f32"),
    ((1, 1, 15, 15), 5, 4, 2, 1, True, True, "f32"),
    ((2, 2, 8, 9), 3, 2, 1, 1, False, True, "f64"),
    ((1, 4, 6, 6), 3, 2, 0, 1, True, True, "f64"),
    ((1, 2, 6, 6, 6), 2, 2, 0, 1, False, False, "f32"),
    ((1, 1, 7, 8, 9), 3, 2, 1, 1, False, True, "f32"),
    ((2, 1, 5, 6, 7), (2, 3, 2), (1, 2, 2), (1, 1, 0), (2, 1, 1), False, True, "f32"),
    ((1, 2, 7, 7, 7), 3, 2, 1, 1, True, True, "f32"),
    ((1, 1, 9, 5, 6), (3, 2, 2), (3, 1, 2), 0, 1, False, False, "f64"),
    ((1, 1, 8, 8, 8), 2, 3, 1, 2, True, True, "f32"),
    ((1, 2, 5, 5), 2, 2, 1, 1, True, True, "f32"),
    ((2, 2, 11), 2, 2, 1, 1, True, True, "f32"),
]

# (shape, kernel, stride, padding, ceil, count_include_pad, dtype, expect)
AVG = [
    ((2, 3, 12), 3, 2, 1, False, True, "f32", "match"),
    ((1, 2, 11), 3, 2, 1, False, False, "f32", "match"),
    ((1, 4, 10), 4, 3, 0, True, True, "f32", "match"),
    ((3, 1, 9), 2, 3, 0, False, True, "f32", "match"),
    ((1, 2, 10), 3, 2, 1, True, False, "f64", "match"),
    ((1, 3, 8, 8), 2, 2, 0, False, True, "f32", "match"),
    ((2, 2, 7, 9), 3, 2, 1, False, True, "f32", "match"),
    ((2, 2, 7, 9), 3, 2, 1, False, False, "f32", "match"),
    ((1, 1, 10, 11), (3, 2), (2, 3), (1, 0), False, True, "f32", "match"),
    ((1, 2, 9, 9), 3, 2, 1, True, False, "f32", "match"),
    ((1, 2, 8, 8), 3, 3, 1, True, True, "f32", "match"),
    ((1, 2, 7, 7), 3, 2, 1, True, True, "f32", "match"),
    ((1, 3, 7, 7), 2, 2, 0, True, True, "f32", "match"),
    ((1, 1, 12, 12), 4, 4, 2, False, True, "f64", "match"),
    ((2, 1, 5, 5), 5, 1, 2, False, False, "f32", "match"),
    ((1, 2, 6, 6, 6), 2, 2, 0, False, True, "f32", "match"),
    ((1, 1, 7, 8, 9), 3, 2, 1, False, True, "f32", "match"),
    ((1, 1, 7, 8, 9), 3, 2, 1, True, False, "f32", "match"),
    ((2, 1, 5, 6, 7), (2, 3, 2), (1, 2, 3), (1, 1, 0), False, True, "f32", "match"),
    ((1, 1, 6, 6, 6), 3, 2, 1, False, False, "f64", "match"),
    ((1, 2, 5, 5), 2, 2, 1, True, True, "f32", "match"),
    ((2, 2, 11), 2, 2, 1, True, False, "f32", "match"),
    # documented disagreement: ceil + count_include_pad with the last window overhanging in+pad
    ((1, 2, 10), 3, 2, 1, True, True, "f32", "differs"),
    ((1, 1, 6, 6), 3, 2, 1, True, True, "f32", "differs"),
]
DIFFERS_REASON = ("AvgPool divisor differs: with count_include_pad=True and ceil_mode=True the last window overhangs "
                  "past in+pad; PyTorch divides by the window clipped at in+pad, OpenVINO (exclude-pad=false, "
                  "non-zero pads) always divides by the full kernel volume (openvino-semantics.md §5.3, §9.2)")

# (shape, output_size, dtype)
ADAPT_AVG = [
    ((2, 3, 10), (4,), "f32"), ((1, 2, 7), (7,), "f32"), ((1, 1, 5), (8,), "f32"), ((1, 3, 9), (1,), "f32"),
    ((1, 3, 8, 8), (4, 4), "f32"), ((2, 2, 7, 10), (3, 4), "f32"), ((1, 1, 5, 6), (7, 9), "f32"),
    ((1, 2, 9, 9), (1, 1), "f32"), ((1, 2, 11, 13), (5, 3), "f64"),
    ((1, 2, 6, 6, 6), (2, 3, 3), "f32"), ((1, 1, 5, 7, 9), (3, 4, 5), "f32"), ((1, 1, 4, 5, 6), (6, 5, 4), "f64"),
]
ADAPT_MAX = [
    ((2, 3, 10), (4,), "f32"), ((1, 1, 5), (8,), "f32"), ((1, 2, 13), (5,), "f64"),
    ((1, 3, 8, 8), (4, 4), "f32"), ((2, 2, 7, 10), (3, 4), "f32"), ((1, 1, 5, 6), (7, 9), "f32"),
    ((1, 2, 9, 9), (1, 1), "f32"),
    ((1, 2, 6, 6, 6), (2, 3, 3), "f32"), ((1, 1, 5, 7, 9), (3, 4, 5), "f32"), ((1, 1, 4, 5, 6), (6, 5, 4), "f64"),
]

NPD = {"f32": np.float32, "f64": np.float64}


def gen_max(seed0):
    n = 0
    for i, (shape, k, s, p, d, ceil, want_idx, dt) in enumerate(MAX, 1):
        nsp = len(shape) - 2
        k, s, p, d = L(k, nsp), L(s, nsp), L(p, nsp), L(d, nsp)
        x = data(shape, NPD[dt], seed0 + i, distinct=True)
        fn = f"max_pool{nsp}d"
        y, idx = getattr(F, fn)(torch.from_numpy(x), kernel_size=k, stride=s, padding=p, dilation=d,
                                ceil_mode=ceil, return_indices=True)
        y, idx = y.numpy(), idx.numpy().astype(np.int64)
        if ceil:
            ver, rnd = 14, "ceil_torch"
        elif want_idx or any(v != 1 for v in d):
            ver, rnd = 8, "floor"
        else:
            ver, rnd = 1, "floor"
        name = f"{fn}_{i:02d}_k{tag(k)}_s{tag(s)}_p{tag(p)}" + (f"_d{tag(d)}" if any(v != 1 for v in d) else "") + \
               ("_ceil" if ceil else "") + f"_{dt}"
        g, _ = C.maxpool_graph(name, dt, list(shape), ver, k, s, p, p, rnd, "explicit",
                               d if ver != 1 else None, 2, "i64", want_indices=ver != 1,
                               check_shapes=[y.shape])
        outs = [{"name": "y", "array": y, "compare": "exact"}]
        if ver != 1:
            outs.append({"name": "indices", "array": idx, "compare": "exact"})
        call = (f"torch.nn.functional.{fn}(x, kernel_size={k}, stride={s}, padding={p}, dilation={d}, "
                f"ceil_mode={ceil}, return_indices=True)")
        desc = (f"{fn} {list(shape)} {dt} -> MaxPool-{ver} rounding={rnd}" +
                (" (indices axis=2: torch indices are per plane)" if ver != 1 else " (values only)"))
        C.finish("torch", name, g, {"x": x}, outs, f"{call}; torch {TV}; numpy default_rng seed {seed0 + i}",
                 desc, f"MaxPool-{ver}", extra=rounding_note(shape, k, s, p, d, y) if ceil else None)
        n += 1
    return n


def gen_avg(seed0):
    n = 0
    for i, (shape, k, s, p, ceil, cip, dt, expect) in enumerate(AVG, 1):
        nsp = len(shape) - 2
        k, s, p = L(k, nsp), L(s, nsp), L(p, nsp)
        x = data(shape, NPD[dt], seed0 + i, distinct=False)
        fn = f"avg_pool{nsp}d"
        y = getattr(F, fn)(torch.from_numpy(x), kernel_size=k, stride=s, padding=p, ceil_mode=ceil,
                           count_include_pad=cip).numpy()
        ver, rnd = (14, "ceil_torch") if ceil else (1, "floor")
        name = f"{fn}_{i:02d}_k{tag(k)}_s{tag(s)}_p{tag(p)}" + ("_ceil" if ceil else "") + \
               ("_cip" if cip else "_nocip") + f"_{dt}"
        g, _ = C.avgpool_graph(name, dt, list(shape), ver, k, s, p, p, not cip, rnd, "explicit",
                               check_shapes=[y.shape])
        call = (f"torch.nn.functional.{fn}(x, kernel_size={k}, stride={s}, padding={p}, ceil_mode={ceil}, "
                f"count_include_pad={cip})")
        desc = f"{fn} {list(shape)} {dt} -> AvgPool-{ver} rounding={rnd} exclude-pad={not cip}"
        C.finish("torch", name, g, {"x": x}, [{"name": "y", "array": y, "compare": "close"}],
                 f"{call}; torch {TV}; numpy default_rng seed {seed0 + i}", desc, f"AvgPool-{ver}", expect=expect,
                 reason=DIFFERS_REASON if expect == "differs" else "",
                 extra=rounding_note(shape, k, s, p, [1] * nsp, y) if ceil else None)
        n += 1
    return n


# (shape, kernel, stride, padding, dilation, count_include_pad, dtype); 1-D cases run as [N,C,1,W]
AVG_DIL = [
    ((1, 2, 13), 3, 1, 0, 2, False, "f32"),
    ((2, 3, 17), 3, 2, 2, 3, False, "f32"),
    ((1, 2, 16), 4, 3, 3, 2, True, "f64"),
    ((1, 3, 9, 10), 3, 1, 1, 2, False, "f32"),
    ((2, 2, 11, 12), (3, 2), (2, 1), (2, 1), (2, 3), True, "f32"),
    ((1, 2, 12, 12), 2, 2, 1, 3, False, "f32"),
    ((1, 1, 8, 9), (2, 3), (1, 2), (0, 2), (3, 2), False, "f64"),
]


def gen_avg_dilated(seed0):
    n = 0
    for i, (shape, k, s, p, d, cip, dt) in enumerate(AVG_DIL, 1):
        nsp = len(shape) - 2
        k, s, p, d = L(k, nsp), L(s, nsp), L(p, nsp), L(d, nsp)
        x = data(shape, NPD[dt], seed0 + i, distinct=False)
        xt = torch.from_numpy(x)
        k2, s2, p2, d2 = ([1] + k, [1] + s, [0] + p, [1] + d) if nsp == 1 else (k, s, p, d)
        x4 = xt.unsqueeze(2) if nsp == 1 else xt
        nb, ch = shape[:2]
        out_sp = [(shape[2 + j] + 2 * p[j] - d[j] * (k[j] - 1) - 1) // s[j] + 1 for j in range(nsp)]
        cols = F.unfold(x4, kernel_size=k2, dilation=d2, padding=p2, stride=s2)  # N, C*K, L
        kv = int(np.prod(k))
        sums = cols.view(nb, ch, kv, -1).sum(2)
        if cip:
            cnt = torch.full_like(sums, float(kv))
        else:
            ones = F.unfold(torch.ones_like(x4), kernel_size=k2, dilation=d2, padding=p2, stride=s2)
            cnt = ones.view(nb, ch, kv, -1).sum(2)
        y = (sums / cnt).reshape([nb, ch] + out_sp).numpy()
        name = f"avg_pool{nsp}d_dilated_{i:02d}_k{tag(k)}_s{tag(s)}_p{tag(p)}_d{tag(d)}" + \
               ("_cip" if cip else "_nocip") + f"_{dt}"
        g, _ = avg16_graph(name, dt, shape, k, s, p, not cip, d, y)
        call = (f"F.unfold(x, kernel_size={k2}, dilation={d2}, padding={p2}, stride={s2}) summed over the taps / "
                + ("kernel volume" if cip else "F.unfold(ones_like(x), ...) summed"))
        desc = f"dilated average {list(shape)} {dt} -> AvgPool-16 dilations={d} exclude-pad={not cip}"
        C.finish("torch", name, g, {"x": x}, [{"name": "y", "array": y, "compare": "close"}],
                 f"{call}; torch {TV}; numpy default_rng seed {seed0 + i}", desc, "AvgPool-16")
        n += 1
    return n


def avg16_graph(name, dt, shape, k, s, p, exclude_pad, d, y):
    return C.avgpool_graph(name, dt, list(shape), 16, k, s, p, p, exclude_pad, "floor", "explicit",
                           check_shapes=[y.shape], dilations=d)


def gen_adaptive(seed0):
    n = 0
    for kind, table in (("avg", ADAPT_AVG), ("max", ADAPT_MAX)):
        for i, (shape, osz, dt) in enumerate(table, 1):
            nsp = len(shape) - 2
            x = data(shape, NPD[dt], seed0 + (0 if kind == "avg" else 100) + i, distinct=kind == "max")
            fn = f"adaptive_{kind}_pool{nsp}d"
            xt = torch.from_numpy(x)
            if kind == "max":
                y, idx = getattr(F, fn)(xt, list(osz), return_indices=True)
                outs = [{"name": "y", "array": y.numpy(), "compare": "exact"},
                        {"name": "indices", "array": idx.numpy().astype(np.int64), "compare": "exact"}]
                call = f"torch.nn.functional.{fn}(x, output_size={list(osz)}, return_indices=True)"
            else:
                y = getattr(F, fn)(xt, list(osz))
                outs = [{"name": "y", "array": y.numpy(), "compare": "close"}]
                call = f"torch.nn.functional.{fn}(x, output_size={list(osz)})"
            rel = "out>in" if any(o > s for o, s in zip(osz, shape[2:])) else \
                  "non-divisible" if any(s % o for o, s in zip(osz, shape[2:])) else "divisible"
            name = f"{fn}_{i:02d}_in{tag(shape[2:])}_out{tag(osz)}_{dt}"
            g, oshape = C.adaptive_graph(name, kind, dt, list(shape), list(osz), want_indices=kind == "max")
            assert list(outs[0]["array"].shape) == oshape
            op = "AdaptiveMaxPool-8" if kind == "max" else "AdaptiveAvgPool-8"
            C.finish("torch", name, g, {"x": x}, outs,
                     f"{call}; torch {TV}; numpy default_rng seed {seed0 + (0 if kind == 'avg' else 100) + i}",
                     f"{fn} {list(shape)} -> {list(osz)} ({rel}) {dt} -> {op} with Const output_size (i64)", op)
            n += 1
    return n


def main():
    W.clear_source("torch")
    n = gen_max(1000) + gen_avg(2000) + gen_adaptive(3000) + gen_avg_dilated(4000)
    print(f"torch: {n} cases")


if __name__ == "__main__":
    main()
