"""A small numpy model of OpenVINO's pooling semantics (openvino-semantics.md §1.2, §2.3, §3.3, §5.3, §6.4).

Used ONLY to (a) compute the OpenVINO output shapes that the IR declares, (b) classify a case as
"match"/"differs" by comparing it with the independent oracle's expected output, and (c) self-check the
written IR (selfcheck.py interprets model.xml with these kernels).  Expected values are never taken
from here.
"""
import math
import xml.etree.ElementTree as ET

import numpy as np


# ------------------------------------------------------------------ shapes (§1.2)

def same_pads(n, k, d, s):
    kd = (k - 1) * d + 1
    tmp = (n + s - 1) // s
    total = max(0, (tmp - 1) * s + kd - n)
    small = total // 2
    return small, total - small


def resolve_pads(in_spatial, kernel, strides, dil, pads_begin, pads_end, auto_pad):
    nsp = len(kernel)
    pb = list(pads_begin) if pads_begin else [0] * nsp
    pe = list(pads_end) if pads_end else [0] * nsp
    if auto_pad in ("same_upper", "same_lower"):
        pb, pe = [], []
        for i in range(nsp):
            a, b = same_pads(in_spatial[i], kernel[i], dil[i], strides[i])
            if auto_pad == "same_upper":
                pb.append(a); pe.append(b)
            else:
                pb.append(b); pe.append(a)
    elif auto_pad == "valid":
        pb, pe = [0] * nsp, [0] * nsp
    return pb, pe


def out_dim(n, k, s, pb, pe, d=1, rounding="floor"):
    kd = (k - 1) * d + 1
    dim = n + pb + pe
    assert kd <= dim, "kernel larger than padded input"
    q = dim - kd
    q = -(-q // s) if rounding in ("ceil", "ceil_torch") else q // s
    if rounding == "ceil_torch":
        return q + 1 if q * s <= n + pb - 1 else q
    return q + 1


def pool_out_shape(in_shape, kernel, strides, pads_begin, pads_end, rounding, auto_pad, dil=None):
    nsp = len(kernel)
    dil = dil or [1] * nsp
    pb, pe = resolve_pads(in_shape[2:], kernel, strides, dil, pads_begin, pads_end, auto_pad)
    out = list(in_shape[:2])
    for i in range(nsp):
        out.append(out_dim(in_shape[2 + i], kernel[i], strides[i], pb[i], pe[i], dil[i], rounding))
    return out, pb, pe


# ------------------------------------------------------------------ kernels

def _taps(n, o, k, s, pb, d):
    """tap positions [o, k] and validity mask."""
    pos = (np.arange(o)[:, None] * s - pb) + np.arange(k)[None, :] * d
    return pos, (pos >= 0) & (pos < n)


def _gather(x, kernel, strides, pb, dil, out_sp):
    """x: [N,C,*sp] -> windows [N,C,*out_sp,K] (flattened kernel, row-major), valid mask, spatial flat idx."""
    sp = x.shape[2:]
    nsp = len(sp)
    poss, masks = [], []
    for i in range(nsp):
        p, m = _taps(sp[i], out_sp[i], kernel[i], strides[i], pb[i], dil[i])
        poss.append(p); masks.append(m)
    # build broadcast index grids of shape out_sp + kernel
    shape = list(out_sp) + list(kernel)
    idx_full = []
    valid = np.ones(shape, dtype=bool)
    flat = np.zeros(shape, dtype=np.int64)
    for i in range(nsp):
        sh = [1] * (2 * nsp)
        sh[i] = out_sp[i]
        sh[nsp + i] = kernel[i]
        p = poss[i].reshape(sh)
        m = masks[i].reshape(sh)
        valid = valid & m
        pc = np.clip(p, 0, sp[i] - 1)
        idx_full.append(np.broadcast_to(pc, shape))
        flat = flat * sp[i] + pc
    win = x[(slice(None), slice(None)) + tuple(idx_full)]
    K = int(np.prod(kernel))
    win = win.reshape(x.shape[:2] + tuple(out_sp) + (K,))
    valid = np.broadcast_to(valid, shape).reshape(tuple(out_sp) + (K,))
    flat = np.broadcast_to(flat, shape).reshape(tuple(out_sp) + (K,))
    return win, valid, flat


def lowest(dt):
    dt = np.dtype(dt)
    if dt.kind == "f":
        return np.finfo(dt).min
    return np.iinfo(dt).min


def max_pool(x, kernel, strides, pads_begin, pads_end, rounding="floor", auto_pad="explicit", dil=None, axis=0):
    nsp = len(kernel)
    dil = dil or [1] * nsp
    oshape, pb, pe = pool_out_shape(x.shape, kernel, strides, pads_begin, pads_end, rounding, auto_pad, dil)
    win, valid, flat = _gather(x, kernel, strides, pb, dil, oshape[2:])
    low = lowest(x.dtype)
    if x.dtype.kind == "f":
        w = np.where(valid, win.astype(np.float64), -np.inf)
    else:
        w = np.where(valid, win.astype(np.float64), -np.inf)  # exact for <= 32-bit ints and i64 test ranges
    am = np.argmax(w, axis=-1)
    val = np.take_along_axis(w, am[..., None], -1)[..., 0]
    sidx = np.take_along_axis(np.broadcast_to(flat, w.shape), am[..., None], -1)[..., 0]
    sel = val > float(low)
    vals = np.where(sel, val, float(low)).astype(x.dtype)
    sidx = np.where(sel, sidx, 0)
    N, C = x.shape[:2]
    S = int(np.prod(x.shape[2:]))
    off = (np.arange(N)[:, None] * C + np.arange(C)[None, :]) * S
    idx = sidx + off.reshape((N, C) + (1,) * nsp)
    ax = axis if axis >= 0 else axis + x.ndim
    if ax != 0:
        idx = idx % int(np.prod(x.shape[ax:]))
    return vals, idx.astype(np.int64)


def avg_pool(x, kernel, strides, pads_begin, pads_end, exclude_pad, rounding="floor", auto_pad="explicit", dil=None):
    nsp = len(kernel)
    dil = dil or [1] * nsp
    oshape, pb, pe = pool_out_shape(x.shape, kernel, strides, pads_begin, pads_end, rounding, auto_pad, dil)
    win, valid, _ = _gather(x, kernel, strides, pb, dil, oshape[2:])
    s = np.where(valid, win.astype(np.float64), 0.0).sum(-1)
    pads_in_avg = (not exclude_pad) and (any(pb) or any(pe))
    cnt = np.full(valid.shape[:-1], float(np.prod(kernel))) if pads_in_avg else valid.sum(-1).astype(np.float64)
    out = np.where(cnt > 0, s / np.where(cnt > 0, cnt, 1), 0.0)
    return out.astype(x.dtype)


def _adaptive_bounds(n, o):
    st = [(i * n) // o for i in range(o)]
    en = [-((-(i + 1) * n) // o) for i in range(o)]
    return st, en


def adaptive_pool(x, out_size, mode):
    sp = x.shape[2:]
    nsp = len(sp)
    bounds = [_adaptive_bounds(sp[i], out_size[i]) for i in range(nsp)]
    N, C = x.shape[:2]
    vals = np.zeros((N, C) + tuple(out_size), dtype=np.float64)
    idxs = np.zeros((N, C) + tuple(out_size), dtype=np.int64)
    for o in np.ndindex(*out_size):
        sl = tuple(slice(bounds[i][0][o[i]], bounds[i][1][o[i]]) for i in range(nsp))
        w = x[(slice(None), slice(None)) + sl].astype(np.float64)
        w2 = w.reshape(N, C, -1)
        if mode == "avg":
            vals[(slice(None), slice(None)) + o] = w2.mean(-1)
        else:
            am = np.argmax(w2, -1)
            vals[(slice(None), slice(None)) + o] = np.take_along_axis(w2, am[..., None], -1)[..., 0]
            # local window index -> plane flat index
            wshape = [bounds[i][1][o[i]] - bounds[i][0][o[i]] for i in range(nsp)]
            loc = np.unravel_index(am, wshape)
            flat = np.zeros_like(am)
            for i in range(nsp):
                flat = flat * sp[i] + (loc[i] + bounds[i][0][o[i]])
            idxs[(slice(None), slice(None)) + o] = flat
    return vals.astype(x.dtype), idxs


# ------------------------------------------------------------------ a tiny IR interpreter for self-checks

def _ints(s):
    return [int(t) for t in s.split(",") if t.strip() != ""] if s is not None else []


def run_ir(xml_path, bin_path, inputs):
    """Interpret a model.xml built from Parameter/Const/MaxPool/AvgPool/Adaptive*/Transpose/Result.
    Returns {output tensor name: array}."""
    root = ET.parse(xml_path).getroot()
    blob = open(bin_path, "rb").read()
    layers = {l.get("id"): l for l in root.find("layers")}
    edges = {}
    for e in root.find("edges"):
        edges[(e.get("to-layer"), int(e.get("to-port")))] = (e.get("from-layer"), int(e.get("from-port")))
    cache = {}
    NPT = {"f32": np.float32, "f16": np.float16, "f64": np.float64, "i64": np.int64, "i32": np.int32,
           "u8": np.uint8, "i8": np.int8}

    def in_ids(l):
        return [int(p.get("id")) for p in l.find("input")] if l.find("input") is not None else []

    def out_ids(l):
        return [int(p.get("id")) for p in l.find("output")] if l.find("output") is not None else []

    def value(lid, port):
        key = (lid, port)
        if key in cache:
            return cache[key]
        l = layers[lid]
        t = l.get("type")
        data = l.find("data")
        a = data.attrib if data is not None else {}
        ins = [value(*edges[(lid, pid)]) for pid in in_ids(l)]
        outs = out_ids(l)
        if t == "Parameter":
            res = [inputs[l.get("name")]]
        elif t == "Const":
            dt = np.dtype(NPT[a["element_type"]]).newbyteorder("<")
            off, size = int(a["offset"]), int(a["size"])
            res = [np.frombuffer(blob[off:off + size], dtype=dt).reshape(_ints(a["shape"]))]
        elif t == "Transpose":
            res = [np.ascontiguousarray(np.transpose(ins[0], [int(v) for v in ins[1]]))]
        elif t == "MaxPool":
            kw = dict(kernel=_ints(a["kernel"]), strides=_ints(a["strides"]), pads_begin=_ints(a.get("pads_begin")),
                      pads_end=_ints(a.get("pads_end")), rounding=a.get("rounding_type", "floor").lower(),
                      auto_pad=a.get("auto_pad", "explicit").lower())
            if l.get("version") == "opset1":
                v, _ = max_pool(ins[0], **kw)
                res = [v]
            else:
                v, i = max_pool(ins[0], dil=_ints(a.get("dilations")) or None, axis=int(a.get("axis", 0)), **kw)
                res = [v, i.astype(NPT[a.get("index_element_type", "i64")])]
        elif t == "AvgPool":
            res = [avg_pool(ins[0], _ints(a["kernel"]), _ints(a["strides"]), _ints(a.get("pads_begin")),
                            _ints(a.get("pads_end")), a.get("exclude-pad", "true").lower() in ("true", "1"),
                            a.get("rounding_type", "floor").lower(), a.get("auto_pad", "explicit").lower(),
                            _ints(a.get("dilations")) or None)]
        elif t == "AdaptiveAvgPool":
            v, _ = adaptive_pool(ins[0], [int(q) for q in ins[1]], "avg")
            res = [v]
        elif t == "AdaptiveMaxPool":
            v, i = adaptive_pool(ins[0], [int(q) for q in ins[1]], "max")
            res = [v, i.astype(NPT[a.get("index_element_type", "i64")])]
        elif t == "Result":
            res = [ins[0]]
            outs = [0]
        else:
            raise NotImplementedError(t)
        for k, pid in enumerate(outs):
            cache[(lid, pid)] = res[k]
        return cache[key]

    out = {}
    for lid, l in layers.items():
        if l.get("type") == "Result":
            src = edges[(lid, 0)]
            port = [p for p in layers[src[0]].find("output") if int(p.get("id")) == src[1]][0]
            out[port.get("names")] = value(*src)
    return out


def compare(got, exp, mode, atol, rtol):
    if got.shape != exp.shape:
        return False, f"shape {got.shape} != {exp.shape}"
    if mode == "exact":
        ok = np.array_equal(got, exp)
        return ok, "" if ok else f"{int((got != exp).sum())} elements differ"
    g, e = got.astype(np.float64), exp.astype(np.float64)
    ok = np.allclose(g, e, atol=atol, rtol=rtol)
    return ok, "" if ok else f"max abs diff {np.max(np.abs(g - e)):.6g}"
