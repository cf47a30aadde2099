#!/usr/bin/env python3
"""Coefficients of kernels/fastgelu.go's R(a) = ½·erfc(a/√2)·e^{a²/2}.

R is a degree-10 polynomial in t = 1/(1 + a/4), a in [0, 14.5], fitted for relative
error by iteratively reweighted least squares (Lawson) on 4000 Chebyshev nodes in t;
the exact values come from mpmath. Prints the maximal relative error at the nodes
(4.15e-9) and the float64 coefficients (Go constants and the asm bit patterns).
Needs numpy and mpmath: /usr/bin/python3 testdata/bench/synth/gelu_fit.py
"""
import struct

import mpmath as mp
import numpy as np

mp.mp.dps = 40


def R(a):
    return float(0.5 * mp.erfc(mp.mpf(a) / mp.sqrt(2)) * mp.exp(mp.mpf(a) ** 2 / 2))


def fit(lo, hi, k, deg, n=4000):
    nodes = np.cos(np.pi * (np.arange(n) + 0.5) / n)
    t0, t1 = 1 / (1 + k * hi), 1 / (1 + k * lo)
    t = (t0 + t1) / 2 + (t1 - t0) / 2 * nodes
    y = np.array([R(v) for v in (1 / t - 1) / k])
    V = np.vander(t, deg + 1, increasing=True)
    w = np.ones(n)
    for it in range(60):
        W = w / np.abs(y)
        c, *_ = np.linalg.lstsq(V * W[:, None], y * W, rcond=None)
        e = (V @ c - y) / y
        if it < 59:
            w = w * np.abs(e) ** 0.5
            w /= w.sum()
    return c, np.abs(e).max()


c, err = fit(0, 14.5, 0.25, 10)
print("max relative error", err)
for i, v in enumerate(c):
    bits = struct.unpack("<Q", struct.pack("<d", v))[0]
    print("geR%d = %.17g  // 0x%016x" % (i, v, bits))
