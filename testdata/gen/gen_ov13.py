"""OpenVINO template-plugin reference vectors left after round 12 (source `ov13`): TensorIterator's
static vectors as real TensorIterator graphs (Y, Ho, Co), the GRU reverse Y table, ... (see
docs/conformance.md, "Round 13 (ov13)").

Source: openvinotoolkit/openvino src/plugins/template/tests/functional/op_reference/<op>.cpp (path@commit in
each case's `origin`).  Every input, attribute and expected output is a number written in that file,
transcribed as data (tables shared with earlier generators are imported from them and said so).  numpy
only cross-checks transcriptions (`xcheck`, the GRU/LSTM/RNN recurrences of gen_ovconv).

    cd testdata/gen && /usr/bin/python3 gen_ov13.py
"""
import types

import numpy as np

import irwriter as W
import ovcases
from ovcases import (FLOAT_TYPES, INT_TYPES, OPREF, In, K, O, Out, P, arr, bf16_round, build_inputs,  # noqa: F401
                     dyn_param, ospec, tol, xcheck)

SOURCE = "ov13"
_SRCOBJ = ovcases.Source(SOURCE, origin_prefix="openvinotoolkit/openvino ", pad_empty_bin=True)
SRC = _SRCOBJ.SRC  # file stem -> 8-hex commit of the version read
COUNT = _SRCOBJ.COUNT
gen, finish, case, main = _SRCOBJ.gen, _SRCOBJ.finish, _SRCOBJ.case, _SRCOBJ.main

# base_reference_test.cpp compares with threshold 1e-2 (absolute or relative) unless a test sets its own;
# f32/f64 tables printed to 6 digits are compared at 1e-5 (how gen_ovrest compares the same tables)
SEQ_TOL = {"f64": (1e-5, 1e-5), "f32": (1e-5, 1e-5), "f16": (1e-2, 1e-2), "bf16": (1e-2, 1e-2)}


# ====================================================================================== cases
# ------------------------------------------------------------------- tensor_iterator.cpp static vectors
# TIStaticInputs builds, per body type, X [batch, seq, input] sliced on axis 1 (FORWARD: start 0, stride 1,
# end -1; REVERSE: start -1, stride -1, end 0) -> Squeeze(axis 1) -> cell (W, R, B Consts) -> Unsqueeze(axis 1),
# H (and C) merged with the cell's outputs; TI outputs: the Unsqueeze concatenated on axis 1 with the same
# start/stride (Y), then the last H (and C).  generateParams runs f64, f32 and f16 with the same numbers.
# The vectors' data are the sequence files' (gen_ovconv: gs_prefix for LSTM/GRU, RS_* for RNN); the Y tables of
# LSTM/GRU FORWARD and RNN FORWARD/REVERSE are the ones gen_ovrest transcribed (the GRU FORWARD table of this
# revision equals gen_ovrest's, which was read at 7def98bb; the RNN REVERSE table starts 0.526906, -0.997383 and
# ends 0.342407, 0.92741 here as in rnn_sequence.cpp); GS_Y_REV below is this revision's GRU REVERSE table
# (TensorIteratorStaticParams(..., 0.7f, REVERSE, GRU, ...) Y [5, 10, 10]).
SRC["tensor_iterator"] = "079483b2"
GS_Y_REV = [
    0.611387, 0.770609, 0.76029,  0.631845, 0.770905, 0.649083, 0.674709, 0.673325, 0.718326, 0.760766,
    0.614872, 0.853162, 0.837718, 0.645489, 0.853605, 0.671289, 0.70964,  0.707568, 0.774916, 0.838431,
    0.620089, 0.976709, 0.953597, 0.66591,  0.977373, 0.704521, 0.761917, 0.758816, 0.859608, 0.954663,
    0.627896, 1.16161,  1.12702,  0.69647,  1.1626,   0.754255, 0.840153, 0.835513, 0.986357, 1.12861,
    0.639579, 1.43833,  1.38656,  0.742207, 1.43981,  0.828687, 0.957241, 0.950296, 1.17605,  1.38895,
    0.657064, 1.85246,  1.77498,  0.810656, 1.85468,  0.94008,  1.13247,  1.12208,  1.45993,  1.77856,
    0.683233, 2.47224,  2.3563,   0.913096, 2.47557,  1.10679,  1.39472,  1.37917,  1.8848,   2.36164,
    0.722396, 3.3998,   3.22628,  1.06641,  3.40478,  1.35629,  1.7872,   1.76392,  2.52064,  3.23428,
    0.781008, 4.78797,  4.52828,  1.29585,  4.79543,  1.72968,  2.37458,  2.33974,  3.47223,  4.54026,
    0.868724, 6.86548,  6.47683,  1.63923,  6.87664,  2.28849,  3.25364,  3.2015,   4.89637,  6.49477,
    0.746518, 0.661408, 0.695142, 0.682194, 0.648044, 0.696717, 0.75732,  0.684389, 0.680157, 0.761339,
    0.817109, 0.689733, 0.740219, 0.720841, 0.669733, 0.742577, 0.833275, 0.724127, 0.717793, 0.839288,
    0.922752, 0.732124, 0.807681, 0.778679, 0.702192, 0.81121,  0.946946, 0.783598, 0.774118, 0.955946,
    1.08086,  0.795566, 0.908644, 0.86524,  0.75077,  0.913924, 1.11707,  0.872601, 0.858414, 1.13054,
    1.31748,  0.890512, 1.05974,  0.994786, 0.823471, 1.06765,  1.37166,  1.0058,   0.984569, 1.39182,
    1.67159,  1.03261,  1.28588,  1.18866,  0.932274, 1.2977,   1.75269,  1.20515,  1.17337,  1.78286,
    2.20156,  1.24526,  1.6243,   1.47881,  1.09511,  1.642,    2.32293,  1.50349,  1.45593,  2.36808,
    2.99471,  1.56352,  2.13079,  1.91305,  1.3388,   2.15728,  3.17635,  1.94997,  1.87881,  3.24392,
    4.18172,  2.03983,  2.88879,  2.56292,  1.70351,  2.92843,  4.45356,  2.61818,  2.51167,  4.55468,
    5.95818,  2.75265,  4.02319,  3.53551,  2.24933,  4.08252,  6.36501,  3.61821,  3.45881,  6.51635,
    0.735673, 0.725707, 0.739564, 0.626204, 0.694121, 0.749506, 0.743778, 0.743851, 0.654985, 0.620846,
    0.800878, 0.785962, 0.806701, 0.637048, 0.738691, 0.821579, 0.813007, 0.813116, 0.680121, 0.629029,
    0.898462, 0.876139, 0.907177, 0.653277, 0.805394, 0.929444, 0.916614, 0.916777, 0.717739, 0.641276,
    1.0445,   1.0111,   1.05755,  0.677564, 0.905221, 1.09087,  1.07167,  1.07192,  0.774037, 0.659604,
    1.26307,  1.21307,  1.28259,  0.713913, 1.05462,  1.33246,  1.30373,  1.30409,  0.858293, 0.687033,
    1.59017,  1.51535,  1.61938,  0.768311, 1.27821,  1.69402,  1.65102,  1.65157,  0.984388, 0.728083,
    2.07971,  1.96773,  2.12343,  0.849723, 1.61283,  2.23513,  2.17077,  2.17159,  1.1731,   0.789519,
    2.81234,  2.64475,  2.87777,  0.971563, 2.11362,  3.04494,  2.94862,  2.94985,  1.45553,  0.881462,
    3.90879,  3.65797,  4.00671,  1.15391,  2.86309,  4.2569,   4.11275,  4.11458,  1.8782,   1.01906,
    5.54972,  5.17435,  5.69626,  1.4268,   3.98473,  6.07069,  5.85496,  5.8577,   2.51076,  1.22499,
    0.718451, 0.706082, 0.718631, 0.677138, 0.64293,  0.657632, 0.634079, 0.73646,  0.677257, 0.616843,
    0.775103, 0.756592, 0.775372, 0.713274, 0.662079, 0.684083, 0.648834, 0.802055, 0.713453, 0.623038,
    0.859888, 0.832185, 0.86029,  0.767355, 0.690738, 0.723668, 0.670915, 0.900223, 0.767624, 0.632309,
    0.986775, 0.945316, 0.987378, 0.848292, 0.733629, 0.782911, 0.703961, 1.04714,  0.848694, 0.646185,
    1.17667,  1.11463,  1.17758,  0.969422, 0.797818, 0.871573, 0.753417, 1.26702,  0.970024, 0.66695,
    1.46087,  1.36801,  1.46222,  1.1507,   0.893882, 1.00426,  0.827433, 1.59608,  1.1516,   0.698028,
    1.8862,   1.74723,  1.88822,  1.422,    1.03765,  1.20285,  0.938205, 2.08854,  1.42335,  0.744538,
    2.52274,  2.31475,  2.52576,  1.82803,  1.25281,  1.50004,  1.10398,  2.82557,  1.83005,  0.814145,
    3.47537,  3.16411,  3.4799,   2.43568,  1.57482,  1.94482,  1.35209,  3.92858,  2.4387,   0.918317,
    4.90107,  4.43524,  4.90784,  3.34509,  2.05673,  2.61047,  1.72339,  5.57933,  3.34961,  1.07422,
    0.711027, 0.716871, 0.659048, 0.682622, 0.646854, 0.623101, 0.686311, 0.626743, 0.755629, 0.771058,
    0.763992, 0.772739, 0.686201, 0.721482, 0.667952, 0.632404, 0.727003, 0.637854, 0.830743, 0.853834,
    0.843259, 0.85635,  0.726839, 0.779639, 0.699526, 0.646326, 0.787901, 0.654483, 0.943158, 0.977716,
    0.961889, 0.981481, 0.787656, 0.866675, 0.746781, 0.667161, 0.879041, 0.679369, 1.1114,   1.16312,
    1.13943,  1.16875,  0.878674, 0.996934, 0.817501, 0.698344, 1.01544,  0.716613, 1.36318,  1.44058,
    1.40513,  1.44901,  1.01489,  1.19188,  0.92334,  0.745011, 1.21957,  0.772353, 1.74,     1.85583,
    1.80278,  1.86845,  1.21875,  1.48362,  1.08174,  0.814853, 1.52507,  0.855772, 2.30393,  2.47729,
    2.39789,  2.49618,  1.52384,  1.92025,  1.31879,  0.919376, 1.98228,  0.980615, 3.14791,  3.40736,
    3.28853,  3.43562,  1.98044,  2.5737,   1.67356,  1.0758,   2.66654,  1.16745,  4.411,    4.79928,
    4.62145,  4.84158,  2.66378,  3.55164,  2.20451,  1.30991,  3.69058,  1.44707,  6.30131,  6.88241
]


def _ti_case(name, kind, direction, et, x, h0, c0, w, r, b, clip, y, ho, co, desc):
    """One TensorIterator graph as TIStaticInputs builds it (see above)."""
    g = W.Graph(f"tensor_iterator_{name}")
    host = types.SimpleNamespace(g=g)
    batch, seq, inp = x.shape
    hid = h0.shape[1]
    ins = [P("X", x.ravel(), et, list(x.shape)), P("H_t", h0.ravel(), et, list(h0.shape))]
    if kind == "lstm":
        ins.append(P("C_t", c0.ravel(), et, list(c0.shape)))
    refs, inputs = build_inputs(g, ins)
    cet = et  # the cell's element type (bf16 inputs are Converted before the TI)
    bd = C.Body("body")
    xi = bd.param("Xi", cet, [batch, 1, inp])
    hi = bd.param("Hi", cet, [batch, hid])
    ci = bd.param("Ci", cet, [batch, hid]) if kind == "lstm" else None
    axis = C.body_const(host, bd, "axis", "i64", np.array([1], np.int64))
    (sq,) = bd.op("squeeze", "Squeeze", "opset1", None, [xi, axis], [(cet, [batch, inp], None)])
    npt = W.NP["f32" if cet == "bf16" else cet]
    wc = C.body_const(host, bd, "W", "f32" if cet == "bf16" else cet, np.asarray(arr(w.ravel(), cet), npt).reshape(w.shape))
    rc = C.body_const(host, bd, "R", "f32" if cet == "bf16" else cet, np.asarray(arr(r.ravel(), cet), npt).reshape(r.shape))
    bc = C.body_const(host, bd, "B", "f32" if cet == "bf16" else cet, np.asarray(arr(b.ravel(), cet), npt).reshape(b.shape))
    if cet == "bf16":
        wc, rc, bc = [bd.op(n + "_bf16", "Convert", "opset1", [("destination_type", "bf16")], [ref],
                            [("bf16", list(ref.shape), None)])[0] for n, ref in (("W", wc), ("R", rc), ("B", bc))]
    common = [("hidden_size", hid), ("activations_alpha", ""), ("activations_beta", ""), ("clip", clip)]
    if kind == "lstm":
        hb, cb = bd.op("cell", "LSTMCell", "opset4", common + [("activations", "sigmoid,tanh,tanh")],
                       [sq, hi, ci, wc, rc, bc], [(cet, [batch, hid], None), (cet, [batch, hid], None)])
    elif kind == "gru":
        (hb,) = bd.op("cell", "GRUCell", "opset3", common + [("activations", "sigmoid,tanh"),
                                                             ("linear_before_reset", False)],
                      [sq, hi, wc, rc, bc], [(cet, [batch, hid], None)])
    else:
        (hb,) = bd.op("cell", "RNNCell", "opset1", common + [("activations", "tanh")], [sq, hi, wc, rc, bc],
                      [(cet, [batch, hid], None)])
    (us,) = bd.op("unsqueeze", "Unsqueeze", "opset1", None, [hb, axis], [(cet, [batch, 1, hid], None)])
    y_rid = bd.result(us, "y")
    h_rid = bd.result(hb, "h")
    c_rid = bd.result(cb, "c") if kind == "lstm" else None
    outs = [O("Y", y, et, [batch, seq, hid]), O("Ho", ho, et, [batch, hid])]
    if kind == "lstm":
        outs.append(O("Co", co, et, [batch, hid]))
    at, rt = SEQ_TOL[et]
    for o in outs:
        o.compare, o.atol, o.rtol = "close", at, rt
    orefs = g.op("ti", "TensorIterator", "opset1", None, refs, ospec(outs))
    sl = ({"axis": 1, "start": 0, "stride": 1, "part_size": 1, "end": -1} if direction == "forward" else
          {"axis": 1, "start": -1, "stride": -1, "part_size": 1, "end": 0})
    nin = len(refs)
    pm = "\t\t\t<port_map>\n" + C.port_entry("input", 0, xi.layer_id, **sl) + C.port_entry("input", 1, hi.layer_id)
    if kind == "lstm":
        pm += C.port_entry("input", 2, ci.layer_id)
    pm += C.port_entry("output", nin, y_rid, **sl) + C.port_entry("output", nin + 1, h_rid)
    if kind == "lstm":
        pm += C.port_entry("output", nin + 2, c_rid)
    pm += "\t\t\t</port_map>\n\t\t\t<back_edges>\n"
    pm += f'\t\t\t\t<edge from-layer="{h_rid}" from-port="0" to-layer="{hi.layer_id}" to-port="0" />\n'
    if kind == "lstm":
        pm += f'\t\t\t\t<edge from-layer="{c_rid}" from-port="0" to-layer="{ci.layer_id}" to-port="0" />\n'
    pm += "\t\t\t</back_edges>\n"
    C.with_extra(host, orefs, pm + bd.xml("body"))
    for o, ref in zip(outs, orefs):
        g.result(ref, o.name)
    finish("tensor_iterator", name, g, inputs, outs, desc, "TensorIterator-1", exact=False)


def _recur(kind, direction, x, h0, c0, w, r, b, clip):
    """numpy recurrence (gen_ovconv's cells): the transcription cross-check of a Y table."""
    h, c, ys = h0, c0, [None] * x.shape[1]
    for t in (range(x.shape[1]) if direction == "forward" else reversed(range(x.shape[1]))):
        if kind == "lstm":
            h, c = C.np_lstm_cell(x[:, t], h, c, w, r, b, clip=clip)
        elif kind == "gru":
            h = C.np_gru_cell(x[:, t], h, w, r, b, clip=clip)
        else:
            h = np.tanh(x[:, t] @ w.T + h @ r.T + b)
        ys[t] = h
    return np.stack(ys, 1), h, c


@gen
def gen_tensor_iterator_static():
    gp = lambda n: np.array(C.gs_prefix(n), np.float64)  # noqa: E731
    x, h0 = gp(500).reshape(5, 10, 10), gp(50).reshape(5, 10)
    rx, rh = np.array(C.RS_X, np.float64).reshape(5, 10, 10), np.array(C.RS_H, np.float64).reshape(5, 10)
    rw, rr = np.array(C.RS_W, np.float64).reshape(10, 10), np.array(C.RS_R, np.float64).reshape(10, 10)
    rb = np.array(C.RS_B, np.float64)
    lw, lb = gp(400).reshape(40, 10), gp(40)
    gw, gb = gp(300).reshape(30, 10), gp(30)
    vecs = [  # (name, kind, direction, x, h0, c0, w, r, b, clip, Y, Ho, Co)
        ("lstm", "lstm", "forward", x, h0, h0, lw, lw, lb, 0.7, R.LS_Y_FWD, C.LS_HO, C.LS_CO),
        ("gru", "gru", "forward", x, h0, None, gw, gw, gb, 0.7, R.GS_Y_FWD, C.GS_HO_FWD, None),
        ("gru", "gru", "reverse", x, h0, None, gw, gw, gb, 0.7, GS_Y_REV, C.GS_HO_FWD, None),
        ("rnn", "rnn", "forward", rx, rh, None, rw, rr, rb, 0.0, R.RS_Y_FWD, C.RS_HO_FWD, None),
        ("rnn", "rnn", "reverse", rx, rh, None, rw, rr, rb, 0.0, R.RS_Y_REV, C.RS_HO_REV, None),
    ]
    for nm, kind, direction, xx, hh, cc, w, r, b, clip, y, ho, co in vecs:
        gy, gh, gc = _recur(kind, direction, xx, hh, cc, w, r, b, clip)
        assert np.allclose(gy.ravel(), y, atol=1e-5), f"{nm} {direction} Y transcription"
        assert np.allclose(gh.ravel(), ho, atol=1e-5), f"{nm} {direction} Ho transcription"
        if co is not None:
            assert np.allclose(gc.ravel(), co, atol=1e-5), f"{nm} {direction} Co transcription"
        for et in ("f64", "f32", "f16"):
            _ti_case(f"{nm}_{direction}_{et}", kind, direction, et, xx, hh, cc, w, r, b, clip,
                     np.asarray(y, np.float64).reshape(5, 10, 10), ho, co,
                     f"TensorIterator-1 over {kind.upper()}Cell (TIStaticInputs), X [5,10,10] sliced on axis 1 "
                     f"{direction}, clip {clip}: Y (concatenated Unsqueeze), Ho{', Co' if co is not None else ''} "
                     f"({et}; generateParams<{et}>)")


import gen_ovconv as C  # noqa: E402  (the sequence vectors' data and the numpy cells)
import gen_ovrest as R  # noqa: E402  (the Y tables transcribed in round 12)

if __name__ == "__main__":
    main()
