"""OpenVINO template-plugin reference vectors for the detection / ROI / image / signal ops (source `ovdet`).

The numbers are transcribed as data from openvinotoolkit/openvino
src/plugins/template/tests/functional/op_reference/<op>.cpp (path@commit in each case's `origin`); where a
test fills an input programmatically (iota, fill) it is reproduced with numpy.  Nothing here computes an
expected value: every expected output is the test's hand-written reference vector.

    cd testdata/gen && /usr/bin/python3 gen_ovdet.py

Tolerances: the template tests compare floats with `threshold` (default 1e-2) as both an absolute and a
relative bound (compare_raw_data passes |d| <= threshold or |d|/max(|a|,|b|) <= threshold); each case
records the bound its test uses.  Integer outputs are exact.
"""
import numpy as np

import irwriter as W

SOURCE = "ovdet"
REPO = "openvinotoolkit/openvino"
OPREF = "src/plugins/template/tests/functional/op_reference/"
COUNTS = {}


def origin(fname, commit, what=""):
    s = f"{REPO} {OPREF}{fname}@{commit[:8]}"
    return s + (f" {what}" if what else "")


def arr(values, et, shape=None):
    a = np.array(values, dtype=W.NP[et])
    return a.reshape(shape) if shape is not None else a


def case(name, optype, version, attrs, inputs, outputs, org, desc, consts=(), tol=None, expect="match",
         reason="", out_dims=None, extra=None):
    """inputs: list of (param_name, array) fed as Parameters; consts: list of (index, array) inserted as Const
    inputs at that input position; outputs: list of (name, array[, compare]).  tol: (atol, rtol) for float
    outputs.  out_dims: optional declared output dims (e.g. -1 for data-dependent dims)."""
    g = W.Graph(name)
    refs = []
    feeds = {}
    ins = list(inputs)
    cmap = dict(consts)
    n = len(ins) + len(cmap)
    pi = 0
    for i in range(n):
        if i in cmap:
            c = np.asarray(cmap[i])
            refs.append(g.const(f"const_{i}", W.etype_of(c), c))
        else:
            pn, a = ins[pi]
            pi += 1
            refs.append(g.param(pn, W.etype_of(a), list(a.shape)))
            feeds[pn] = a
    outs = []
    for k, o in enumerate(outputs):
        on, oa = o[0], o[1]
        dims = list(oa.shape) if out_dims is None or out_dims[k] is None else out_dims[k]
        outs.append((W.etype_of(oa), dims, on))
    orefs = g.op("node", optype, version, attrs, refs, outs)
    for r, o in zip(orefs, outputs):
        g.result(r, o[0])
    outl = []
    for o in outputs:
        oa = o[1]
        cmp = o[2] if len(o) > 2 else ("close" if oa.dtype.kind == "f" else "exact")
        d = {"name": o[0], "array": oa, "compare": cmp}
        if cmp == "close" and tol is not None:
            d["atol"], d["rtol"] = tol
        outl.append(d)
    W.write_case(SOURCE, name, g, feeds, outl, org, desc, f"{optype}-{version.replace('opset', '')}", expect,
                 reason, extra)
    fam = name.split("_")[0]
    COUNTS[fam] = COUNTS.get(fam, 0) + 1


FLOATS = ("f64", "f32", "f16")  # the tests' bf16 variants are left out (no bf16 .npy)
INTS = ("i64", "i32", "i16", "i8", "u64", "u32", "u16", "u8")


def fl(values):
    """A float-list attribute as the serializer writes it ("1.5, 2")."""
    return ", ".join(repr(float(v)) for v in values)


# ------------------------------------------------------------------------------------------ DetectionOutput
DO_C = "2bfcf1a00d38396e3d5f2815bc9b6097ebeebe5d"
_L6 = [0.1, 0.1, 0.2, 0.2, 0.0, 0.1, 0.2, 0.15, 0.3, 0.2, 0.5, 0.3, 0.2, 0.1, 0.42, 0.66,
       0.05, 0.1, 0.2, 0.3, 0.2, 0.1, 0.33, 0.44, 0.2, 0.1, 0.4, 0.2, 0.1, 0.05, 0.2, 0.25,
       0.1, 0.2, 0.5, 0.3, 0.1, 0.1, 0.12, 0.34, 0.25, 0.11, 0.4, 0.32, 0.2, 0.12, 0.38, 0.24]
_CONF6 = [0.1, 0.9, 0.4, 0.7, 0, 0.2, 0.7, 0.8, 0.42, 0.33, 0.81, 0.2]
_LOC_SHARED = [0.1, 0.1, 0.2, 0.2, 0.0, 0.1, 0.2, 0.15, 0.2, 0.1, 0.4, 0.2, 0.1, 0.05, 0.2, 0.25]
_PRI2 = [0.0, 0.5, 0.1, 0.2, 0.0, 0.3, 0.1, 0.35, 0.33, 0.2, 0.52, 0.37, 0.22, 0.1, 0.32, 0.36]
_OUT_SHARED = [0, 0, 0.7, 0, 0.4, 0.3, 0.5, 0, 1, 0.9, 0.1, 0.6, 0.3, 0.4,
               1, 1, 0.81, 0.32, 0.15, 0.52, 0.61, 1, 1, 0.8, 0.53, 0.3, 0.92, 0.57]
# (num_classes, background_label_id, top_k, variance_encoded_in_target, keep_top_k, code_type, share_location,
#  nms_threshold, confidence_threshold, clip_after_nms, clip_before_nms, decrease_label_id, normalized,
#  input_height, input_width, objectness_score, num_prior_boxes, num_images, is_priors_patch_size_1,
#  loc, conf, priors, out, aux_loc, aux_conf, name)
DO_VECS = [
    (3, -1, -1, True, [2], "caffe.PriorBoxParameter.CORNER", False, 0.5, 0.3, False, True, False, True, 0, 0, 0,
     2, 2, True, _L6, _CONF6, [0.0, 0.5, 0.1, 0.2, 0.0, 0.3, 0.1, 0.35],
     [0, 0, 0.7, 0.2, 0.4, 0.52, 1, 0, 1, 0.9, 0, 0.6, 0.3, 0.35,
      1, 1, 0.81, 0.25, 0.41, 0.5, 0.67, 1, 1, 0.8, 0.1, 0.55, 0.3, 0.45], None, None, "3_inputs"),
    (3, -1, -1, True, [2], "caffe.PriorBoxParameter.CORNER", True, 0.5, 0.3, False, True, False, True, 0, 0, 0,
     2, 2, False, _LOC_SHARED, _CONF6, _PRI2, _OUT_SHARED, None, None, "3_inputs_share_location"),
    (3, -1, -1, True, [2], "caffe.PriorBoxParameter.CORNER", True, 0.5, 0.3, False, True, False, True, 0, 0, 0,
     2, 2, False, _LOC_SHARED, _CONF6, _PRI2, _OUT_SHARED, None, None, "3_inputs_normalized"),
    (2, -1, -1, False, [-1], "caffe.PriorBoxParameter.CORNER", False, 0.5, 0.3, False, True, False, True, 0, 0, 0,
     2, 3, False,
     [0.1, 0.1, 0.2, 0.2, 0.0, 0.1, 0.2, 0.15, 0.3, 0.2, 0.5, 0.3, 0.2, 0.1, 0.42, 0.66,
      0.05, 0.1, 0.2, 0.3, 0.2, 0.1, 0.33, 0.44, 0.2, 0.1, 0.4, 0.2, 0.1, 0.05, 0.2, 0.25,
      0.1, 0.2, 0.5, 0.3, 0.1, 0.1, 0.12, 0.34, 0.25, 0.11, 0.4, 0.32, 0.2, 0.12, 0.38, 0.24],
     [0.1, 0.9, 0.4, 0.7, 0.7, 0.8, 0.42, 0.33, 0.1, 0.2, 0.32, 0.43],
     [0.0, 0.5, 0.1, 0.2, 0.0, 0.3, 0.1, 0.35, 0.12, 0.11, 0.32, 0.02, 0.02, 0.20, 0.09, 0.71,
      0.33, 0.2, 0.52, 0.37, 0.22, 0.1, 0.32, 0.36, 0.01, 0.07, 0.12, 0.13, 0.41, 0.33, 0.2, 0.1,
      0.0, 0.3, 0.1, 0.35, 0.22, 0.1, 0.32, 0.36, 0.32, 0.02, 0.13, 0.41, 0.33, 0.2, 0.02, 0.20],
     [0, 0, 0.4, 0.006, 0.34, 0.145, 0.563, 0, 1, 0.9, 0, 0.511, 0.164, 0.203,
      0, 1, 0.7, 0.004, 0.32, 0.1378, 0.8186, 1, 0, 0.7, 0.3305, 0.207, 0.544, 0.409,
      1, 0, 0.42, 0.302, 0.133, 0.4, 0.38, 1, 1, 0.8, 0.332, 0.207, 0.5596, 0.4272,
      1, 1, 0.33, 0.261, 0.1165, 0.36, 0.385, 2, 0, 0.32, 0.3025, 0.122, 0.328, 0.424,
      2, 1, 0.43, 0.286, 0.124, 0.3276, 0.408, -1, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], None, None, "3_inputs_keep_all_bboxes"),
    (3, -1, -1, True, [2], "caffe.PriorBoxParameter.CENTER_SIZE", False, 0.5, 0.3, False, True, False, True, 0, 0,
     0, 2, 2, False, _L6, _CONF6, _PRI2,
     [0, 0, 0.7, 0, 0.28163019, 0.14609808, 0.37836978,
      0, 1, 0.9, 0, 0.49427515, 0.11107014, 0.14572485,
      1, 1, 0.81, 0.22040875, 0.079573378, 0.36959124, 0.4376266,
      1, 1, 0.8, 0.32796675, 0.18435785, 0.56003326, 0.40264216], None, None, "3_inputs_center_size"),
    (2, -1, -1, True, [2], "caffe.PriorBoxParameter.CORNER", False, 0.5, 0.3, False, True, False, True, 0, 0, 0.6,
     2, 2, False,
     [0.1, 0.1, 0.2, 0.2, 0.0, 0.1, 0.2, 0.15, 0.3, 0.2, 0.5, 0.3, 0.2, 0.1, 0.42, 0.66,
      0.2, 0.1, 0.4, 0.2, 0.1, 0.05, 0.2, 0.25, 0.1, 0.2, 0.5, 0.3, 0.1, 0.1, 0.12, 0.34],
     [0.1, 0.9, 0.4, 0.7, 0.42, 0.33, 0.81, 0.2], _PRI2,
     [0, 0, 0.4, 0.55, 0.61, 1, 0.97, 0, 1, 0.7, 0.4, 0.52, 0.9, 1,
      1, 0, 0.42, 0.83, 0.5, 1, 0.87, 1, 1, 0.33, 0.63, 0.35, 1, 1],
     [0.1, 0.2, 0.5, 0.3, 0.1, 0.1, 0.12, 0.34, 0.25, 0.11, 0.4, 0.32, 0.2, 0.12, 0.38, 0.24,
      0.3, 0.2, 0.5, 0.3, 0.2, 0.1, 0.42, 0.66, 0.05, 0.1, 0.2, 0.3, 0.2, 0.1, 0.33, 0.44],
     [0.1, 0.3, 0.5, 0.8, 0.5, 0.8, 0.01, 0.1], "5_inputs"),
]


def gen_detection_output():
    for v in DO_VECS:
        (ncls, bg, topk, venc, ktk, code, share, nms_t, conf_t, cam, cbn, dec, norm, ih, iw, obj, npri, nimg,
         p1, loc, conf, pri, out, aloc, aconf, tname) = v
        nloc = 1 if share else ncls
        pbs = 4 if norm else 5
        shapes = {"loc": [nimg, npri * nloc * pbs], "conf": [nimg, npri * ncls],
                  "priors": [1 if p1 else nimg, 1 if venc else 2, npri * pbs]}
        for ver in (1, 8):
            attrs = ([("num_classes", ncls)] if ver == 1 else []) + [
                ("background_label_id", bg), ("top_k", topk), ("variance_encoded_in_target", venc),
                ("keep_top_k", ktk), ("code_type", code), ("share_location", share), ("nms_threshold", nms_t),
                ("confidence_threshold", conf_t), ("clip_after_nms", cam), ("clip_before_nms", cbn),
                ("decrease_label_id", dec), ("normalized", norm), ("input_height", ih), ("input_width", iw),
                ("objectness_score", obj)]
            for et in FLOATS:
                ins = [("loc", arr(loc, et, shapes["loc"])), ("conf", arr(conf, et, shapes["conf"])),
                       ("priors", arr(pri, et, shapes["priors"]))]
                if aloc is not None:
                    ins += [("aux_conf", arr(aconf, et, shapes["conf"])), ("aux_loc", arr(aloc, et, shapes["loc"]))]
                y = arr(out, et, [1, 1, len(out) // 7, 7])
                cls = "ReferenceDetectionOutputLayerTest" if ver == 1 else "ReferenceDetectionOutputV8LayerTest"
                case(f"detectionoutput{ver}_{tname}_{et}", "DetectionOutput", f"opset{ver}", attrs, ins,
                     [("out", y)], origin("detection_output.cpp", DO_C, f"{cls} {tname}"),
                     f"DetectionOutput-{ver} template vector '{tname}' ({et}); legacy_compare threshold 1e-2",
                     tol=(1e-2, 1e-2))


# ------------------------------------------------------------------------------------------ PriorBox
PB_C = "2bfcf1a00d38396e3d5f2815bc9b6097ebeebe5d"
PBC_C = "0756e3b09401e39de51784ce3f1b99bc296189db"
PB_OUT = [-0.75, -0.75, 1.25, 1.25, -0.974745, -0.566497, 1.47474, 1.0665,
          -0.25, -0.75, 1.75, 1.25, -0.474745, -0.566497, 1.97474, 1.0665,
          -0.75, -0.25, 1.25, 1.75, -0.974745, -0.0664966, 1.47474, 1.5665,
          -0.25, -0.25, 1.75, 1.75, -0.474745, -0.0664966, 1.97474, 1.5665] + [0.1] * 32
PB8_OUT = [0.15, 0.15, 0.35, 0.35, 0.127526, 0.16835, 0.372474, 0.33165, 0.0918861, 0.0918861, 0.408114, 0.408114,
           0.65, 0.15, 0.85, 0.35, 0.627526, 0.16835, 0.872474, 0.33165, 0.591886, 0.0918861, 0.908114, 0.408114,
           0.15, 0.65, 0.35, 0.85, 0.127526, 0.66835, 0.372474, 0.83165, 0.0918861, 0.591886, 0.408114, 0.908114,
           0.65, 0.65, 0.85, 0.85, 0.627526, 0.66835, 0.872474, 0.83165, 0.591886, 0.591886, 0.908114, 0.908114] + \
    [0.1] * 48
PBC_BOX = [0, 0, 0.15, 0.15, 0.34999, 0, 0.64999, 0.15, 0, 0.34999, 0.15, 0.64999, 0.34999, 0.34999, 0.64999, 0.64999]
PBC_VECS = [([], PBC_BOX + [0.1] * 16), ([0.1, 0.2, 0.3, 0.4], PBC_BOX + [0.1, 0.2, 0.3, 0.4] * 4)]


def pb_attrs(min_size, max_size, ar, scale_all, v8_order=None):
    a = [("min_size", fl(min_size)), ("max_size", fl(max_size)), ("aspect_ratio", fl(ar)), ("density", ""),
         ("fixed_ratio", ""), ("fixed_size", ""), ("clip", False), ("flip", False), ("step", "0"), ("offset", "0"),
         ("variance", ""), ("scale_all_sizes", scale_all)]
    if v8_order is not None:
        a.append(("min_max_aspect_ratios_order", v8_order))
    return a


def gen_prior_box():
    for et in INTS:
        consts = [(0, arr([2, 2], et)), (1, arr([10, 10], et))]
        case(f"priorbox1_{et}", "PriorBox", "opset1", pb_attrs([2.0], [], [1.5], False), [],
             [("out", arr(PB_OUT, "f32", [2, 32]))],
             origin("prior_box.cpp", PB_C, "smoke_PriorBox_With_Hardcoded_Refs"),
             f"PriorBox-1 template vector: layer 2x2, image 10x10 ({et} Const inputs), min_size 2, aspect_ratio 1.5,"
             " scale_all_sizes false; legacy_compare threshold 1e-2", consts=consts, tol=(1e-2, 1e-2))
        case(f"priorbox8_{et}", "PriorBox", "opset8", pb_attrs([2.0], [5.0], [1.5], True, False), [],
             [("out", arr(PB8_OUT, "f32", [2, 48]))],
             origin("prior_box.cpp", PB_C, "smoke_PriorBoxV8_With_Hardcoded_Refs"),
             f"PriorBox-8 template vector: layer 2x2, image 10x10 ({et} Const inputs), min 2 max 5, aspect_ratio "
             "1.5, scale_all_sizes true, min_max_aspect_ratios_order false; legacy_compare threshold 1e-2",
             consts=consts, tol=(1e-2, 1e-2))
        for i, (var, out) in enumerate(PBC_VECS):
            attrs = [("width", fl([3.0])), ("height", fl([3.0])), ("clip", True), ("step_w", "0"), ("step_h", "0"),
                     ("step", "0"), ("offset", "0"), ("variance", fl(var))]
            case(f"priorboxclustered_{i + 1}_{et}", "PriorBoxClustered", "opset1", attrs, [],
                 [("out", arr(out, "f32", [2, 16]))],
                 origin("prior_box_clustered.cpp", PBC_C, f"smoke_PriorBoxClustered_With_Hardcoded_Refs #{i + 1}"),
                 f"PriorBoxClustered-1 template vector #{i + 1}: width/height 3, clip, layer 2x2, image 10x10 "
                 f"({et} Const inputs), variances {var or 'default'}; threshold 1e-2", consts=consts,
                 tol=(1e-2, 1e-2))


# ------------------------------------------------------------------------------------------ Proposal
PROP_C = "0ce32e4e2c216fee2a896d0a4a1cfef2e54317a5"
PROP_CLS = [
    0.000240, 0.003802, 0.111432, 0.000503, 0.007887, 0.144701, 0.399074, 0.004680,
    0.139741, 0.002386, 0.030003, 0.276552, 0.000267, 0.022971, 0.287953, 0.050235,
    0.002580, 0.206311, 0.000146, 0.009656, 0.175462, 0.000147, 0.014718, 0.272348,
    0.065199, 0.003286, 0.185335, 0.003720, 0.025932, 0.251401, 0.001465, 0.090447,
    0.488469, 0.092259, 0.019306, 0.379091, 0.005311, 0.010369, 0.087615, 0.042003,
    0.073871, 0.416763, 0.044282, 0.069776, 0.313032, 0.000457, 0.017346, 0.089762,
    0.000820, 0.103986, 0.367993, 0.026315, 0.035701, 0.299252, 0.000135, 0.017825,
    0.150119, 0.000076, 0.050511, 0.269601, 0.026680, 0.003541, 0.189765, 0.000051,
    0.004315, 0.193150, 0.000032, 0.007254, 0.185557, 0.051526, 0.000657, 0.117579,
    0.000115, 0.010179, 0.293187, 0.000025, 0.006505, 0.175345, 0.032587, 0.000469,
    0.098443, 0.000121, 0.009600, 0.322782, 0.000032, 0.004543, 0.166860, 0.044911,
    0.000187, 0.102691, 0.000242, 0.005502, 0.107865, 0.000191, 0.005336, 0.086893,
    0.078422, 0.000345, 0.079096, 0.000281, 0.016388, 0.214072, 0.000107, 0.012027,
    0.192754, 0.049531, 0.000386, 0.149893, 0.000374, 0.016965, 0.204781, 0.000163,
    0.016272, 0.215277, 0.032298, 0.000857, 0.133426, 0.000614, 0.020215, 0.165789,
    0.000225, 0.036951, 0.262195, 0.087675, 0.004596, 0.147764, 0.000219, 0.010502,
    0.163394, 0.000152, 0.023116, 0.241702, 0.081800, 0.002197, 0.146637, 0.000193,
    0.012017, 0.133497, 0.000375, 0.028605, 0.309179, 0.065962, 0.005508, 0.155530,
    0.000186, 0.004540, 0.079319, 0.000799, 0.031003, 0.303045, 0.051473, 0.017770,
    0.206188, 0.000202, 0.004291, 0.061095, 0.001109, 0.018094, 0.156639, 0.026062,
    0.005270, 0.148651, 0.000026, 0.007300, 0.096013, 0.000383, 0.022134, 0.129511,
    0.080882, 0.003416, 0.129922, 0.000037, 0.010040, 0.130007, 0.000116, 0.014904,
    0.171423, 0.082893, 0.000921, 0.154976, 0.000142, 0.016552, 0.209696, 0.000227,
    0.022418, 0.228501, 0.111712, 0.001987, 0.158164, 0.001200, 0.027049, 0.308222,
    0.001366, 0.038146, 0.287945, 0.072526, 0.016064, 0.257895, 0.000595, 0.016962]
PROP_BBOX = [
    0.006756, -0.055635, 0.030843, 0.007482, 0.009056, -0.041824, 0.119722, 0.168988,
    0.002822, 0.039733, 0.109005, 0.245152, -0.013196, -0.018222, -0.170122, -0.374904,
    -0.005455, -0.034059, -0.006787, 0.072005, -0.017933, -0.007358, 0.034149, 0.123846,
    0.128319, 0.016107, -0.615487, -1.235094, -0.024253, -0.019406, 0.134142, 0.157853,
    -0.021119, 0.007383, 0.089365, 0.092854, 0.062491, 0.002366, 0.122464, -0.003326,
    0.015468, -0.034088, 0.079009, 0.075483, 0.011972, 0.042427, 0.106865, 0.158754,
    0.071211, -0.034009, 0.007985, -0.441477, 0.009046, -0.028515, 0.095372, 0.119598,
    -0.007553, -0.0072, 0.105072, 0.084314, 0.23268, -0.02906, -0.408454, -1.13439,
    0.016202, -0.037859, 0.130873, 0.129652, 0.002064, -0.011969, 0.171623, 0.050218,
    0.113831, 0.028922, 0.017785, 0.059708, 0.037658, -0.011245, 0.097197, 0.137491,
    0.024218, 0.04739, 0.091978, 0.217333, 0.088418, -0.004662, -0.095168, -0.397928,
    0.02639, -0.008501, 0.068487, 0.108465, 0.020069, 0.018829, 0.040206, 0.068473,
    0.226458, -0.072871, -0.672384, -1.447558, 0.039598, 0.017471, 0.187288, 0.08409,
    0.017152, -0.00516, 0.183419, 0.068469, 0.063944, 0.160725, -0.022493, -0.132291,
    0.010542, 0.036318, 0.074042, -0.013323, 0.00808, 0.060365, 0.120566, 0.21866,
    0.046324, 0.088741, 0.029469, -0.517183, 0.00917, 0.011915, 0.053674, 0.140168,
    0.0033, 0.022759, -0.006196, 0.063839, 0.083726, -0.088385, -0.57208, -1.454211,
    0.020655, 0.010788, 0.134951, 0.109709, 0.015445, -0.015363, 0.109153, 0.051209,
    0.024297, 0.139126, -0.12358, -0.127979, 0.004587, 0.004751, 0.047292, 0.027066,
    0.011003, 0.069887, 0.117052, 0.267419, 0.039306, 0.077584, 0.02579, -0.496149,
    -0.005569, 0.015494, -0.011662, 0.105549, -0.007015, 0.031984, -0.075742, 0.0852,
    0.023886, -0.053107, -0.325533, -1.329066, 0.004688, 0.034501, 0.089317, 0.042463,
    0.004212, -0.015128, 0.00892, 0.028266, 0.009997, 0.157822, 0.020116, -0.142337,
    0.008199, 0.046564, 0.083014, 0.046307, 0.006771, 0.084997, 0.141935, 0.228339,
    -0.020308, 0.077745, -0.018319, -0.522311, 0.010432, 0.024641, 0.020571, 0.097148,
    0.002064, 0.035053, -0.121995, 0.012222, -0.030779, 0.100481, -0.331737, -1.257669,
    -0.013079, 0.021227, 0.159949, 0.120097, 0.005765, -0.012335, -0.005268, 0.042067,
    -0.043972, 0.102556, 0.180494, -0.084721, -0.011962, 0.031302, 0.112511, 0.027557,
    -0.002085, 0.082978, 0.149409, 0.195091, -0.033731, 0.019861, -0.064047, -0.471328,
    -0.004093, 0.016803, 0.044635, 0.058912, -0.018735, 0.035536, -0.050373, -0.002794,
    -0.086705, 0.038435, -0.301466, -1.071246, -0.028247, 0.018984, 0.254702, 0.141142,
    -0.017522, 0.014843, 0.079391, 0.079662, -0.051204, 0.048419, 0.235604, -0.185797,
    -0.019569, 0.02678, 0.162507, 0.046435, -0.004606, 0.08806, 0.18634, 0.193957,
    -0.024333, -0.01298, -0.17977, -0.65881, -0.003778, 0.007418, 0.065439, 0.104549,
    -0.027706, 0.03301, 0.057492, 0.032019, -0.135337, 0.000269, -0.250203, -1.181688,
    -0.027022, -0.006755, 0.206848, 0.129268, -0.003529, 0.013445, 0.181484, 0.139955,
    -0.036587, 0.065824, 0.288751, -0.110813, -0.015578, 0.044818, 0.17756, 0.006914,
    0.002329, 0.068982, 0.189079, 0.184253, 0.00301, -0.039168, -0.010855, -0.393254,
    0.000028, 0.001906, 0.07217, 0.063305, -0.026144, 0.028842, 0.139149, 0.023377,
    0.023362, 0.023559, -0.145386, -0.863572, -0.015749, -0.021364, 0.172571, 0.078393,
    -0.037253, 0.014978, 0.221502, 0.189111, -0.048956, 0.085409, 0.325399, -0.058294,
    -0.028495, 0.021663, 0.19392, 0.02706, 0.006908, 0.065751, 0.176395, 0.138375,
    0.012418, -0.031228, -0.008762, -0.427345, -0.013677, -0.002429, 0.069655, 0.019505,
    -0.036763, 0.022528, 0.201062, 0.022205, 0.024528, 0.06241, -0.076237, -0.840695,
    -0.007268, -0.027865, 0.211056, 0.074744, -0.053563, 0.006863, 0.301432, 0.192879,
    -0.021944, 0.100535, 0.19031, -0.133746, -0.006151, 0.023944, 0.13561, -0.03259,
    0.000618, 0.063736, 0.180904, 0.12393, 0.001275, -0.0306, -0.032822, -0.496515,
    0.009757, 0.014602, 0.004532, -0.039969, -0.015984, 0.047726, 0.099865, 0.003163,
    0.026623, 0.117951, -0.076234, -0.811997, 0.01301, 0.020042, 0.173756, -0.036191,
    -0.068887, 0.0229, 0.245465, 0.214282, -0.011054, 0.132813, 0.241014, -0.148763]
PROP_OUT = [0, 0, 0, 349, 209, 0, 0, 0, 237.625443, 209, 0, 140.305511, 0, 349, 209,
            0, 0, 0, 349, 65.359818, 0, 0, 0, 349, 130.324097, 0, 0, 15.562508, 97.587891, 181.224182,
            0, 0, 68.539543, 250.406708, 209, 0, 0, 0, 195.881531, 99.841385, 0, 0, 0, 78.303986, 209,
            0, 0, 0, 0, 209]
PROP_PROBS = [0.3091790, 0.1555300, 0.1549760, 0.1466370, 0.0260620, 0.0177700, 0.0019870, 0.0008570, 0.0002190, 0.0]
PROP_TF_OUT = [0, 11.9688, 4.02532, 204.528, 182.586, 0, 33.7915, 48.4886, 210, 238.505, 0, 0, 0, 204.428, 337.029,
               0, 72.611, 9.87545, 203.687, 212.299, 0, 5.08432, 4.19913, 208.719, 249.225, 0, 23.6503, 57.8165, 210,
               350, 0, 84.8804, 9.47241, 156.822, 243.003, 0, 101.663, 15.5542, 166.083, 327.839, 0, 13.9738, 0, 210,
               128.482, 0, 77.8929, 29.663, 186.561, 313.287]
PROP_TF_PROBS = [0.309179, 0.308222, 0.303045, 0.241702, 0.192754, 0.165789, 0.15553, 0.154976, 0.146637, 0.129511]


def prop_attrs(framework):
    return [("base_size", 16), ("pre_nms_topn", 6000), ("post_nms_topn", 10), ("nms_thresh", "0.7"),
            ("feat_stride", 16), ("min_size", 16), ("ratio", fl([0.5])), ("scale", fl([32.0])),
            ("clip_before_nms", True), ("clip_after_nms", False), ("normalize", False), ("box_size_scale", "1"),
            ("box_coordinate_scale", "1"), ("framework", framework)]


def gen_proposal():
    vecs = [(1, "", [210, 350, 1], PROP_OUT, None), (4, "", [210, 350, 1], PROP_OUT, PROP_PROBS),
            (4, "tensorflow", [210, 350, 1, 1], PROP_TF_OUT, PROP_TF_PROBS)]
    for ver, fw, info, out, probs in vecs:
        for et in FLOATS:
            ins = [("cls_score", arr(PROP_CLS, et, [1, 2, 10, 10])), ("bbox_pred", arr(PROP_BBOX, et, [1, 4, 10, 10])),
                   ("image_info", arr(info, et))]
            outs = [("proposals", arr(out, et, [10, 5]))]
            if probs is not None:
                outs.append(("probs", arr(probs, et, [10])))
            nm = f"proposal{ver}_{fw or 'caffe'}_{et}"
            case(nm, "Proposal", f"opset{ver}", prop_attrs(fw), ins, outs,
                 origin("proposal.cpp", PROP_C, f"ReferenceProposalV{ver}LayerTest {fw or 'default framework'}"),
                 f"Proposal-{ver} template vector (framework '{fw}', {et}): 1 anchor (ratio 0.5, scale 32), 10x10 "
                 f"feature map, stride 16, image {info}, post_nms_topn 10; threshold 1e-2", tol=(1e-2, 1e-2))


# ------------------------------------------------------------------------------------------ RegionYolo / ReorgYolo
RY_C = "1babd073d8cdba1c62f7173ea76a3e491bc67963"
RO_C = "15ece458962a1bb954e019a3c98158b3c6c0d30f"
RY_IN = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8] * 4
RY_SIG = [0.52497, 0.54983, 0.57444, 0.59868, 0.62245, 0.64565, 0.66818, 0.68997]
RO_OUT2 = [0, 2, 4, 6, 16, 18, 20, 22, 32, 34, 36, 38, 48, 50, 52, 54,
           64, 66, 68, 70, 80, 82, 84, 86, 96, 98, 100, 102, 112, 114, 116, 118,
           1, 3, 5, 7, 17, 19, 21, 23, 33, 35, 37, 39, 49, 51, 53, 55,
           65, 67, 69, 71, 81, 83, 85, 87, 97, 99, 101, 103, 113, 115, 117, 119,
           8, 10, 12, 14, 24, 26, 28, 30, 40, 42, 44, 46, 56, 58, 60, 62,
           72, 74, 76, 78, 88, 90, 92, 94, 104, 106, 108, 110, 120, 122, 124, 126,
           9, 11, 13, 15, 25, 27, 29, 31, 41, 43, 45, 47, 57, 59, 61, 63,
           73, 75, 77, 79, 89, 91, 93, 95, 105, 107, 109, 111, 121, 123, 125, 127]
RO_OUT3 = [0, 3, 6, 27, 30, 33, 54, 57, 60, 1, 4, 7, 28, 31, 34, 55, 58, 61, 2, 5, 8,
           29, 32, 35, 56, 59, 62, 9, 12, 15, 36, 39, 42, 63, 66, 69, 10, 13, 16, 37, 40, 43,
           64, 67, 70, 11, 14, 17, 38, 41, 44, 65, 68, 71, 18, 21, 24, 45, 48, 51, 72, 75, 78,
           19, 22, 25, 46, 49, 52, 73, 76, 79, 20, 23, 26, 47, 50, 53, 74, 77, 80]


def gen_yolo():
    for et in FLOATS:
        attrs = [("anchors", ""), ("axis", 1), ("coords", 4), ("classes", 1), ("end_axis", 3), ("num", 1),
                 ("do_softmax", False), ("mask", [0])]
        case(f"regionyolo_{et}", "RegionYolo", "opset1", attrs, [("x", arr(RY_IN, et, [1, 8, 2, 2]))],
             [("y", arr(RY_SIG + RY_IN[:8] + RY_SIG, et, [1, 6, 2, 2]))],
             origin("region_yolo.cpp", RY_C, "smoke_RegionYolo_With_Hardcoded_Refs"),
             f"RegionYolo-1 template vector ({et}): coords 4, classes 1, num 1, do_softmax false, mask [0], "
             "input 1x8x2x2; threshold 1e-2", tol=(1e-2, 1e-2))
    for et in FLOATS + INTS:
        for st, shp, out in ((2, [1, 8, 4, 4], RO_OUT2), (3, [1, 9, 3, 3], RO_OUT3)):
            x = np.arange(int(np.prod(shp))).astype(W.NP[et]).reshape(shp)
            osh = [1, shp[1] * st * st, shp[2] // st, shp[3] // st]
            case(f"reorgyolo_s{st}_{et}", "ReorgYolo", "opset2", [("stride", [st])], [("x", x)],
                 [("y", arr(out, et, osh), "exact")],
                 origin("reorg_yolo.cpp", RO_C, "smoke_ReorgYolo_With_Hardcoded_Refs"),
                 f"ReorgYolo-2 template vector ({et}): stride {st}, input {shp} = iota")


# ------------------------------------------------------------------------------------------ ROIPooling / ROIAlign
RP_C = "024f14f1632766e6481f5038ee9d3e9e9209bb67"
RA_C = "01c95f3e775182481ac60b35c5983d9015f20e57"
# (name, iH, iW, channels, rois, oH, oW, scale, mode, fill ('inc' = i/10 | value), proposals, expected,
#  expected f16 override)
RP_VECS = [
    ("1x1_max", 6, 6, 3, 3, 1, 1, 1.0, "max", "inc", [0, 1, 1, 2, 3, 0, 1, 1, 2, 3, 0, 1, 1, 2, 3],
     [2.0, 5.6, 9.2, 2.0, 5.6, 9.2, 2.0, 5.6, 9.2]),
    ("2x2_max", 6, 6, 1, 3, 2, 2, 1.0, "max", "inc", [0, 1, 1, 3, 3, 0, 1, 2, 2, 4, 0, 0, 1, 4, 5],
     [1.4, 1.5, 2.0, 2.1, 1.9, 2.0, 2.5, 2.6, 2.0, 2.2, 3.2, 3.4]),
    ("1x1_bilinear", 6, 6, 3, 2, 1, 1, 1.0, "bilinear", "inc", [0, 0.2, 0.2, 0.4, 0.4, 0, 0.2, 0.2, 0.6, 0.6],
     [1.05, 4.65, 8.25, 1.4, 5.0, 8.6]),
    ("2x2_bilinear", 8, 8, 1, 3, 2, 2, 1.0, "bilinear", "inc",
     [0, 0.15, 0.2, 0.75, 0.8, 0, 0.15, 0.2, 0.75, 0.8, 0, 0.15, 0.2, 0.75, 0.8],
     [1.225, 1.645, 4.585, 5.005] * 3),
    ("2x2_bilinear_border_proposal", 50, 50, 1, 1, 4, 4, 1.0, "bilinear", 1.0,
     [0, 0, 0.248046786, 0.471333951, 1.0], [1.0] * 16),
]


def gen_roi_pooling():
    for (nm, ih, iw, ch, nr, oh, ow, sc, mode, fill, props, out) in RP_VECS:
        for et in ("f32", "f16"):
            if nm.endswith("border_proposal") and et == "f16":
                continue  # the test has this vector in f32 only
            n = ch * ih * iw
            if fill == "inc":
                x = (np.arange(n).astype(np.float32) / np.float32(10)).astype(W.NP[et])
            else:
                x = np.full(n, fill, dtype=W.NP[et])
            attrs = [("output_size", [oh, ow]), ("pooled_h", oh), ("pooled_w", ow), ("spatial_scale", repr(sc)),
                     ("method", mode)]
            case(f"roipooling_{nm}_{et}", "ROIPooling", "opset2", attrs,
                 [("feat", x.reshape(1, ch, ih, iw)), ("rois", arr(props, et, [nr, 5]))],
                 [("y", arr(out, et, [nr, ch, oh, ow]))],
                 origin("roi_pooling.cpp", RP_C, f"smoke_ROIPooling_With_Hardcoded_Refs roi_pooling_{nm}"),
                 f"ROIPooling-2 template vector roi_pooling_{nm} ({et}); threshold 1e-2", tol=(1e-2, 1e-2))


RA_X = [0, 1, 8, 5, 5, 2, 0, 7, 7, 10, 4, 5, 9, 0, 0, 5,
        7, 0, 4, 0, 4, 7, 6, 10, 9, 5, 1, 7, 4, 7, 10, 8,
        2, 0, 8, 3, 6, 8, 10, 4, 2, 10, 7, 8, 7, 0, 6, 9,
        2, 4, 8, 5, 2, 3, 3, 1, 5, 9, 10, 0, 9, 5, 5, 3,
        10, 5, 2, 0, 10, 0, 5, 4, 3, 10, 5, 5, 10, 0, 8, 8,
        9, 1, 0, 7, 9, 6, 8, 7, 10, 9, 2, 3, 3, 5, 6, 9,
        4, 9, 2, 4, 5, 5, 3, 1, 1, 6, 8, 0, 5, 5, 10, 8,
        6, 9, 6, 9, 1, 2, 7, 1, 1, 3, 0, 4, 0, 7, 10, 2]
RA_AVG = [3, 3.75, 4.75, 5, 3, 5.5, 2.75, 3.75]
RA_MAX = [4.375, 4.9375, 5.6875, 5.625, 4.625, 7.125, 3.3125, 4.3125]
# (version, mode, aligned_mode, expected, test name)
RA_VECS = [(3, "avg", None, RA_AVG, "roi_align_avg"), (3, "max", None, RA_MAX, "roi_align_max"),
           (9, "avg", "asymmetric", RA_AVG, "roi_align_v9_avg_asymmetric"),
           (9, "avg", "half_pixel_for_nn", [3.14, 2.16, 2.86, 5.03, 1.83, 5.84, 2.77, 3.44],
            "roi_align_v9_avg_half_pixel_for_nn"),
           (9, "max", "half_pixel", RA_MAX, "roi_align_v9_max_half_pixel")]


def gen_roi_align():
    for ver, mode, amode, out, tname in RA_VECS:
        for et in ("f16", "f32"):
            for it in ("i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"):
                attrs = [("pooled_h", 2), ("pooled_w", 2), ("sampling_ratio", 2), ("spatial_scale", "1"),
                         ("mode", mode)]
                if amode:
                    attrs.append(("aligned_mode", amode))
                cls = "ReferenceROIAlignTest" if ver == 3 else "ReferenceROIAlignV9Test"
                case(f"roialign{ver}_{mode}_{amode or 'default'}_{et}_{it}", "ROIAlign", f"opset{ver}", attrs,
                     [("x", arr(RA_X, et, [2, 1, 8, 8]))], [("y", arr(out, et, [2, 1, 2, 2]))],
                     origin("roi_align.cpp", RA_C, f"{cls} {tname}"),
                     f"ROIAlign-{ver} template vector {tname} ({et} data, {it} batch indices, Const rois "
                     "[2,2,4,4] x2); threshold 1e-2",
                     consts=[(1, arr([2, 2, 4, 4, 2, 2, 4, 4], et, [2, 4])), (2, arr([0, 1], it))], tol=(1e-2, 1e-2))


# ------------------------------------------------------------------------------------------ Interpolate
IP_C = "1a67e3eef6a769a3e4547818e58409f58e88a124"
R16 = [float(v) for v in range(1, 17)]
R8 = [float(v) for v in range(1, 9)]
R4 = [1.0, 2.0, 3.0, 4.0]
# v4 attribute tests: (name, in shape, sizes, out shape, scales, axes, mode, calc, ctm, nearest_mode, input, expected)
IP4 = [
    ("cubic.resize_downsample_scales_cubic", [1, 1, 4, 4], [3, 3], [1, 1, 3, 3], [0.8, 0.8], [2, 3], "cubic",
     "scales", "half_pixel", "round_prefer_floor", R16,
     [1.47119141, 2.78125, 4.08251953, 6.71142578, 8.02148438, 9.32275391, 11.91650391, 13.2265625, 14.52783203]),
    ("cubic.resize_downsample_sizes_cubic", [1, 1, 4, 4], [3, 3], [1, 1, 3, 3], [0.75, 0.75], [2, 3], "cubic",
     "sizes", "half_pixel", "round_prefer_floor", R16,
     [1.63078704, 3.00462963, 4.37847222, 7.12615741, 8.5, 9.87384259, 12.62152778, 13.99537037, 15.36921296]),
    ("cubic.resize_upsample_scales_cubic", [1, 1, 4, 4], [8, 8], [1, 1, 8, 8], [2.0, 2.0], [2, 3], "cubic",
     "scales", "half_pixel", "round_prefer_floor", R16,
     [0.47265625, 0.76953125, 1.24609375, 1.875, 2.28125, 2.91015625, 3.38671875, 3.68359375,
      1.66015625, 1.95703125, 2.43359375, 3.0625, 3.46875, 4.09765625, 4.57421875, 4.87109375,
      3.56640625, 3.86328125, 4.33984375, 4.96875, 5.375, 6.00390625, 6.48046875, 6.77734375,
      6.08203125, 6.37890625, 6.85546875, 7.484375, 7.890625, 8.51953125, 8.99609375, 9.29296875,
      7.70703125, 8.00390625, 8.48046875, 9.109375, 9.515625, 10.14453125, 10.62109375, 10.91796875,
      10.22265625, 10.51953125, 10.99609375, 11.625, 12.03125, 12.66015625, 13.13671875, 13.43359375,
      12.12890625, 12.42578125, 12.90234375, 13.53125, 13.9375, 14.56640625, 15.04296875, 15.33984375,
      13.31640625, 13.61328125, 14.08984375, 14.71875, 15.125, 15.75390625, 16.23046875, 16.52734375]),
    ("cubic.resize_upsample_scales_cubic_asymmetric", [1, 1, 4, 4], [8, 8], [1, 1, 8, 8], [2.0, 2.0], [2, 3],
     "cubic", "scales", "asymmetric", "round_prefer_floor", R16,
     [1.0, 1.40625, 2.0, 2.5, 3.0, 3.59375, 4.0, 4.09375, 2.625, 3.03125,
      3.625, 4.125, 4.625, 5.21875, 5.625, 5.71875, 5.0, 5.40625, 6.0, 6.5,
      7.0, 7.59375, 8.0, 8.09375, 7.0, 7.40625, 8.0, 8.5, 9.0, 9.59375,
      10.0, 10.09375, 9.0, 9.40625, 10.0, 10.5, 11.0, 11.59375, 12.0, 12.09375,
      11.375, 11.78125, 12.375, 12.875, 13.375, 13.96875, 14.375, 14.46875, 13.0, 13.40625,
      14.0, 14.5, 15.0, 15.59375, 16.0, 16.09375, 13.375, 13.78125, 14.375, 14.875,
      15.375, 15.96875, 16.375, 16.46875]),
    ("cubic.resize_upsample_sizes_cubic", [1, 1, 4, 4], [9, 10], [1, 1, 9, 10], [2.25, 2.5], [2, 3], "cubic",
     "sizes", "half_pixel", "round_prefer_floor", R16,
     [0.45507922, 0.64057922, 0.97157922, 1.42257922, 1.90732922, 2.22332922, 2.70807922, 3.15907922,
      3.49007922, 3.67557922, 1.39437963, 1.57987963, 1.91087963, 2.36187963, 2.84662963, 3.16262963,
      3.64737963, 4.09837963, 4.42937963, 4.61487963, 2.95130693, 3.13680693, 3.46780693, 3.91880693,
      4.40355693, 4.71955693, 5.20430693, 5.65530693, 5.98630693, 6.17180693, 5.20525069, 5.39075069,
      5.72175069, 6.17275069, 6.65750069, 6.97350069, 7.45825069, 7.90925069, 8.24025069, 8.42575069,
      6.88975, 7.07525, 7.40625, 7.85725, 8.342, 8.658, 9.14275, 9.59375,
      9.92475, 10.11025, 8.57424931, 8.75974931, 9.09074931, 9.54174931, 10.02649931, 10.34249931,
      10.82724931, 11.27824931, 11.60924931, 11.79474931, 10.82819307, 11.01369307, 11.34469307, 11.79569307,
      12.28044307, 12.59644307, 13.08119307, 13.53219307, 13.86319307, 14.04869307, 12.38512037, 12.57062037,
      12.90162037, 13.35262037, 13.83737037, 14.15337037, 14.63812037, 15.08912037, 15.42012037, 15.60562037,
      13.32442078, 13.50992078, 13.84092078, 14.29192078, 14.77667078, 15.09267078, 15.57742078, 16.02842078,
      16.35942078, 16.54492078]),
    ("cubic.resize_downsample_scales_cubic_align_corners", [1, 1, 4, 4], [3, 3], [1, 1, 3, 3], [0.8, 0.8], [2, 3],
     "cubic", "scales", "align_corners", "round_prefer_floor", R16, [1.0, 2.5, 4.0, 7.0, 8.5, 10.0, 13.0, 14.5, 16.0]),
    ("cubic.resize_upsample_scales_cubic_align_corners", [1, 1, 4, 4], [8, 8], [1, 1, 8, 8], [2.0, 2.0], [2, 3],
     "cubic", "scales", "align_corners", "round_prefer_floor", R16,
     [1.0, 1.34110787, 1.80029155, 2.32944606, 2.67055394, 3.19970845, 3.65889213, 4.0,
      2.36443149, 2.70553936, 3.16472303, 3.69387755, 4.03498542, 4.56413994, 5.02332362, 5.36443149,
      4.20116618, 4.54227405, 5.00145773, 5.53061224, 5.87172012, 6.40087464, 6.86005831, 7.20116618,
      6.31778426, 6.65889213, 7.1180758, 7.64723032, 7.98833819, 8.51749271, 8.97667638, 9.31778426,
      7.68221574, 8.02332362, 8.48250729, 9.01166181, 9.35276968, 9.8819242, 10.34110787, 10.68221574,
      9.79883382, 10.13994169, 10.59912536, 11.12827988, 11.46938776, 11.99854227, 12.45772595, 12.79883382,
      11.63556851, 11.97667638, 12.43586006, 12.96501458, 13.30612245, 13.83527697, 14.29446064, 14.63556851,
      13.0, 13.34110787, 13.80029155, 14.32944606, 14.67055394, 15.19970845, 15.65889213, 16.0]),
    ("nearest.resize_downsample_scales_nearest", [1, 1, 2, 4], [1, 2], [1, 1, 1, 2], [0.6, 0.6], [2, 3], "nearest",
     "scales", "half_pixel", "round_prefer_floor", R8, [1.0, 3.0]),
    ("nearest.resize_downsample_sizes_nearest", [1, 1, 2, 4], [1, 2], [1, 1, 1, 2], [0.5, 0.5], [2, 3], "nearest",
     "sizes", "half_pixel", "round_prefer_floor", R8, [1.0, 3.0]),
    ("nearest.resize_downsample_sizes_nearest_tf_half_pixel_for_nn", [1, 1, 4, 4], [3, 2], [1, 1, 3, 2], [0.75, 0.5],
     [2, 3], "nearest", "sizes", "tf_half_pixel_for_nn", "round_prefer_floor", R16, [6.0, 8.0, 10.0, 12.0, 14.0, 16.0]),
    ("nearest.resize_upsample_scales_nearest", [1, 1, 2, 2], [4, 6], [1, 1, 4, 6], [2.0, 3.0], [2, 3], "nearest",
     "scales", "half_pixel", "round_prefer_floor", R4,
     [1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 3, 3, 3, 4, 4, 4]),
    ("nearest.resize_upsample_sizes_nearest", [1, 1, 2, 2], [7, 8], [1, 1, 7, 8], [3.5, 4.0], [2, 3], "nearest",
     "sizes", "half_pixel", "round_prefer_floor", R4,
     [1, 1, 1, 1, 2, 2, 2, 2] * 4 + [3, 3, 3, 3, 4, 4, 4, 4] * 3),
    ("nearest.resize_upsample_sizes_nearest_ceil_half_pixel", [1, 1, 4, 4], [8, 8], [1, 1, 8, 8], [2.0, 2.0], [2, 3],
     "nearest", "sizes", "half_pixel", "ceil", R16,
     [1, 2, 2, 3, 3, 4, 4, 4, 5, 6, 6, 7, 7, 8, 8, 8, 5, 6, 6, 7, 7, 8, 8, 8, 9, 10, 10, 11, 11, 12, 12, 12,
      9, 10, 10, 11, 11, 12, 12, 12, 13, 14, 14, 15, 15, 16, 16, 16, 13, 14, 14, 15, 15, 16, 16, 16,
      13, 14, 14, 15, 15, 16, 16, 16]),
    ("nearest.resize_upsample_sizes_nearest_floor_align_corners", [1, 1, 4, 4], [8, 8], [1, 1, 8, 8], [2.0, 2.0],
     [2, 3], "nearest", "sizes", "align_corners", "floor", R16,
     [1, 1, 1, 2, 2, 3, 3, 4] * 3 + [5, 5, 5, 6, 6, 7, 7, 8] * 2 + [9, 9, 9, 10, 10, 11, 11, 12] * 2 +
     [13, 13, 13, 14, 14, 15, 15, 16]),
    ("nearest.resize_upsample_sizes_nearest_round_prefer_ceil_asymmetric", [1, 1, 4, 4], [8, 8], [1, 1, 8, 8],
     [2.0, 2.0], [2, 3], "nearest", "sizes", "asymmetric", "round_prefer_ceil", R16,
     [1, 2, 2, 3, 3, 4, 4, 4, 5, 6, 6, 7, 7, 8, 8, 8, 5, 6, 6, 7, 7, 8, 8, 8, 9, 10, 10, 11, 11, 12, 12, 12,
      9, 10, 10, 11, 11, 12, 12, 12, 13, 14, 14, 15, 15, 16, 16, 16, 13, 14, 14, 15, 15, 16, 16, 16,
      13, 14, 14, 15, 15, 16, 16, 16]),
    ("linear_onnx.resize_downsample_scales_linear", [1, 1, 2, 4], [1, 2], [1, 1, 1, 2], [0.6, 0.6], [2, 3],
     "linear_onnx", "scales", "half_pixel", "round_prefer_floor", R8, [2.6666665, 4.3333331]),
    ("linear_onnx.resize_downsample_sizes_linear_pytorch_half_pixel", [1, 1, 4, 4], [3, 1], [1, 1, 3, 1],
     [0.75, 0.25], [2, 3], "linear_onnx", "sizes", "pytorch_half_pixel", "round_prefer_floor", R16,
     [1.6666666, 7.0, 12.333333]),
    ("linear_onnx.resize_upsample_scales_linear", [1, 1, 2, 2], [4, 4], [1, 1, 4, 4], [2.0, 2.0], [2, 3],
     "linear_onnx", "scales", "half_pixel", "round_prefer_floor", R4,
     [1.0, 1.25, 1.75, 2.0, 1.5, 1.75, 2.25, 2.5, 2.5, 2.75, 3.25, 3.5, 3.0, 3.25, 3.75, 4.0]),
    ("linear_onnx.resize_upsample_scales_linear_align_corners", [1, 1, 2, 2], [4, 4], [1, 1, 4, 4], [2.0, 2.0],
     [2, 3], "linear_onnx", "scales", "align_corners", "round_prefer_floor", R4,
     [1.0, 1.33333333, 1.66666667, 2.0, 1.66666667, 2.0, 2.33333333, 2.66666667,
      2.33333333, 2.66666667, 3.0, 3.33333333, 3.0, 3.33333333, 3.66666667, 4.0]),
    ("linear_onnx.resize_downsample_scales_linear_align_corners", [1, 1, 2, 4], [1, 2], [1, 1, 1, 2], [0.6, 0.6],
     [2, 3], "linear_onnx", "scales", "align_corners", "round_prefer_floor", R8, [1.0, 4.0]),
    ("linear_onnx.resize3dims_upsample_scales_linear", [1, 2, 2, 2], [1, 4, 4, 4], [1, 4, 4, 4],
     [1.0, 2.0, 2.0, 2.0], [0, 1, 2, 3], "linear_onnx", "scales", "half_pixel", "round_prefer_floor", R8,
     [1.0, 1.25, 1.75, 2.0, 1.5, 1.75, 2.25, 2.5, 2.5, 2.75, 3.25, 3.5, 3.0, 3.25, 3.75, 4.0,
      2.0, 2.25, 2.75, 3.0, 2.5, 2.75, 3.25, 3.5, 3.5, 3.75, 4.25, 4.5, 4.0, 4.25, 4.75, 5.0,
      4.0, 4.25, 4.75, 5.0, 4.5, 4.75, 5.25, 5.5, 5.5, 5.75, 6.25, 6.5, 6.0, 6.25, 6.75, 7.0,
      5.0, 5.25, 5.75, 6.0, 5.5, 5.75, 6.25, 6.5, 6.5, 6.75, 7.25, 7.5, 7.0, 7.25, 7.75, 8.0]),
    ("linear_onnx5d.resize_downsample_scales_linear", [1, 1, 3, 2, 4], [2, 1, 2], [1, 1, 2, 1, 2], [0.8, 0.6, 0.6],
     [2, 3, 4], "linear_onnx", "scales", "half_pixel", "round_prefer_floor", [float(v) for v in range(1, 25)],
     [3.6666665, 5.333333, 13.666666, 15.333333]),
    ("linear_onnx5d.resize_downsample_scales_linear_align_corners", [1, 1, 3, 2, 4], [2, 1, 2], [1, 1, 2, 1, 2],
     [0.8, 0.6, 0.6], [2, 3, 4], "linear_onnx", "scales", "align_corners", "round_prefer_floor",
     [float(v) for v in range(1, 25)], [1.0, 4.0, 17.0, 20.0]),
    ("linear_onnx5d.resize_upsample_scales_linear", [1, 1, 2, 2, 2], [4, 4, 4], [1, 1, 4, 4, 4], [2.0, 2.0, 2.0],
     [2, 3, 4], "linear_onnx", "scales", "half_pixel", "round_prefer_floor", R8,
     [1.0, 1.25, 1.75, 2.0, 1.5, 1.75, 2.25, 2.5, 2.5, 2.75, 3.25, 3.5, 3.0, 3.25, 3.75, 4.0,
      2.0, 2.25, 2.75, 3.0, 2.5, 2.75, 3.25, 3.5, 3.5, 3.75, 4.25, 4.5, 4.0, 4.25, 4.75, 5.0,
      4.0, 4.25, 4.75, 5.0, 4.5, 4.75, 5.25, 5.5, 5.5, 5.75, 6.25, 6.5, 6.0, 6.25, 6.75, 7.0,
      5.0, 5.25, 5.75, 6.0, 5.5, 5.75, 6.25, 6.5, 6.5, 6.75, 7.25, 7.5, 7.0, 7.25, 7.75, 8.0]),
    ("linear_onnx5d.resize_upsample_scales_linear_align_corners", [1, 1, 2, 2, 2], [4, 4, 4], [1, 1, 4, 4, 4],
     [2.0, 2.0, 2.0], [2, 3, 4], "linear_onnx", "scales", "align_corners", "round_prefer_floor", R8,
     [1.0, 1.3333333, 1.6666667, 2.0, 1.6666666, 2.0, 2.3333335, 2.6666667, 2.3333333, 2.6666665,
      3.0, 3.3333335, 3.0, 3.3333333, 3.6666665, 4.0, 2.3333335, 2.6666665, 3.0, 3.3333333,
      3.0, 3.333333, 3.6666665, 3.9999995, 3.6666665, 4.0, 4.3333335, 4.6666665, 4.333333, 4.6666665,
      4.9999995, 5.333333, 3.6666667, 4.0, 4.3333335, 4.6666665, 4.3333335, 4.6666665, 5.0, 5.333333,
      5.0, 5.3333335, 5.666667, 6.0, 5.666667, 5.9999995, 6.333333, 6.666667, 5.0, 5.333333,
      5.6666665, 6.0, 5.666667, 5.9999995, 6.333333, 6.666666, 6.3333335, 6.666666, 7.0, 7.3333335,
      7.0, 7.333333, 7.6666675, 8.0]),
    ("linear_onnx5d.resize_downsample_sizes_linear_pytorch_half_pixel", [1, 1, 2, 4, 4], [1, 3, 1], [1, 1, 1, 3, 1],
     [0.5, 0.75, 0.25], [2, 3, 4], "linear_onnx", "sizes", "pytorch_half_pixel", "round_prefer_floor",
     [float(v) for v in range(1, 33)], [1.6666667, 7.0, 12.333333]),
]

R64 = list(range(64))
PIL_X56 = [121.14, 131.03, 193.32, 243.32, 8.92, 36.9, 210.67, 242.85, 63.8, 79.83,
           222.47, 108.37, 69.93, 211.89, 65.79, 104.75, 164.82, 140.7, 21.95, 7.06,
           221.59, 192.9, 214.5, 137.76, 209.29, 84.41, 115.89, 201.84, 31.72, 77.62]
PIL_X24 = [214.42, 66.97, 27.98, 76.41, 105.94, 208.44, 115.53, 23.53]
PIL_BL_UP = [214.42, 140.695, 60.47167, 34.478333, 52.195, 76.41, 203.57199, 142.34451,
             73.72, 44.132, 53.9285, 71.122, 160.18, 148.9425, 126.71333, 82.746666,
             60.8625, 49.97, 116.788, 155.5405, 179.70667, 121.361336, 67.7965, 28.818,
             105.94, 157.19, 192.955, 131.015, 69.53, 23.53]
PIL_BC_UP = [236.49521, 146.10538, 38.218796, 17.75709, 50.332058, 85.74947, 215.93185, 148.13255,
             63.085896, 35.050694, 51.983547, 75.524284, 161.65862, 153.48294, 128.71808, 80.69401,
             56.342354, 48.53678, 107.38538, 158.83333, 194.35027, 126.33732, 60.70116, 21.549273,
             86.82202, 160.8605, 219.21736, 143.63092, 62.35265, 11.32409]
PIL_BC_DN = [162.90814, 143.26627, 138.46507, 109.5325, 92.69513, 126.17204, 164.13477, 127.86513]
PIL_BL_DN = [159.58046, 141.59782, 138.78581, 111.842384, 96.50358, 129.36433, 159.38596, 128.2533]
# v11 float pillow tests: (name, in shape, sizes, out shape, scales, axes, mode, input, expected, cube_coeff)
IP11F = [
    ("bilinear.downsample_2D_sizes", [5, 6], [2, 4], [2, 4], None, [0, 1], "bilinear_pillow", PIL_X56, PIL_BL_DN, -0.75),
    ("bilinear.downsample_to_2x4_2D_scales", [5, 6], None, [2, 4], [0.4, 0.7], [0, 1], "bilinear_pillow", PIL_X56,
     PIL_BL_DN, -0.75),
    ("bilinear.downsample_to_2x3_2D_scales", [5, 6], None, [2, 3], [0.4, 0.6666], [0, 1], "bilinear_pillow", PIL_X56,
     [158.00597, 137.05489, 121.252205, 102.18909, 147.77483, 137.24052], -0.75),
    ("bilinear.upsample_2D_sizes", [2, 4], [5, 6], [5, 6], None, [0, 1], "bilinear_pillow", PIL_X24, PIL_BL_UP, -0.75),
    ("bilinear.upsample_2D_scales", [2, 4], None, [5, 6], [2.5, 1.5], [0, 1], "bilinear_pillow", PIL_X24, PIL_BL_UP,
     -0.75),
    ("bicubic.downsample_2D_sizes", [5, 6], [2, 4], [2, 4], None, [0, 1], "bicubic_pillow", PIL_X56, PIL_BC_DN, -0.5),
    ("bicubic.downsample_to_2x4_2D_scales", [5, 6], None, [2, 4], [0.4, 0.7], [0, 1], "bicubic_pillow", PIL_X56,
     PIL_BC_DN, -0.5),
    ("bicubic.downsample_2D_scales_default_axes", [5, 6], None, [2, 4], [0.4, 0.7], None, "bicubic_pillow", PIL_X56,
     PIL_BC_DN, -0.5),
    ("bicubic.downsample_2D_sizes_cube_coeff_ov_default", [5, 6], [2, 4], [2, 4], None, [0, 1], "bicubic_pillow",
     PIL_X56, [162.548325, 144.773224, 138.243408, 110.827049, 92.899925, 125.124802, 164.711548, 129.240463], -0.75),
    ("bicubic.downsample_to_2x3_2D_scales", [5, 6], None, [2, 3], [0.4, 0.6666], [0, 1], "bicubic_pillow", PIL_X56,
     [162.16028, 136.76193, 118.96405, 95.98418, 151.06361, 137.54117], -0.5),
    ("bicubic.upsample_negative_out_val_2D_sizes", [2, 4], [5, 6], [5, 6], None, [0, 1], "bicubic_pillow",
     [0.1875, 1.1875, 10.1875, 50.1875, 100.1875, 99.1875, 999.1875, 1000.1875],
     [-9.77841, -4.4676228, -18.490986, -80.825874, -69.36307, -41.225075,
      6.6730685, 3.1702557, 15.340315, 64.80558, 98.734406, 114.720276,
      50.09375, 23.329044, 104.63187, 449.17325, 542.39703, 526.30963,
      93.51443, 43.48783, 193.92343, 833.54095, 986.0597, 937.899,
      109.96591, 51.12571, 227.75473, 979.17236, 1154.1572, 1093.8444], -0.5),
    ("bicubic.upsample_2D_sizes", [2, 4], [5, 6], [5, 6], None, [0, 1], "bicubic_pillow", PIL_X24, PIL_BC_UP, -0.5),
    ("bicubic.upsample_2D_sizes_default_axes", [2, 4], [5, 6], [5, 6], None, None, "bicubic_pillow", PIL_X24,
     PIL_BC_UP, -0.5),
]
PIL_NHWC_RAND = [172, 10, 127, 140, 47, 170, 196, 151, 117, 166, 22, 183, 192, 204, 33, 216,
                 67, 179, 78, 154, 251, 82, 162, 219, 195, 118, 125, 139, 103, 125, 229, 216,
                 9, 164, 116, 108, 211, 222, 161, 159, 21, 81, 89, 165, 242, 214, 102, 98]
PIL_X5x6x3 = [37, 244, 193, 106, 235, 128, 71, 255, 140, 47, 103, 184, 72, 20, 188,
              238, 255, 126, 7, 0, 137, 195, 204, 32, 203, 170, 101, 77, 133, 30,
              193, 255, 79, 203, 145, 37, 192, 83, 112, 60, 144, 128, 163, 23, 129,
              80, 134, 101, 204, 191, 174, 47, 71, 30, 78, 99, 237, 170, 118, 88,
              252, 121, 116, 171, 134, 141, 146, 101, 25, 125, 127, 239, 178, 228, 239,
              137, 20, 213, 167, 216, 254, 84, 80, 107, 101, 177, 50, 80, 146, 139]
PIL_BC_X56I = [168, 92, 157, 111, 15, 138, 97, 47, 237, 25, 163, 6, 72, 118, 121,
               238, 22, 174, 182, 140, 43, 121, 158, 242, 210, 73, 113, 111, 75, 132]
PIL_BC_Q = [5, 6, 9, 10, 21, 22, 25, 26, 37, 38, 41, 42, 53, 54, 57, 58]
PIL_BC_UP8 = [4, 4, 5, 6, 7, 8, 9, 9, 8, 8, 9, 10, 11, 12, 13, 13, 16, 16, 17, 18, 19, 20,
              21, 21, 25, 25, 26, 27, 28, 29, 30, 30, 33, 33, 34, 35, 36, 37, 38, 38, 42, 42, 43, 44,
              45, 46, 47, 47, 50, 50, 51, 52, 53, 54, 55, 55, 54, 54, 55, 56, 57, 58, 59, 59]
PIL_BL_Q = [7, 9, 11, 12, 21, 23, 25, 26, 37, 39, 41, 42, 51, 53, 55, 56]
PIL_BC_UP_NHWC_X = [168, 92, 157, 111, 15, 138, 97, 47, 237, 25, 163, 6,
                    72, 118, 121, 238, 22, 174, 182, 140, 43, 121, 158, 242]
PIL_BC_UP_NHWC_Y = [183, 94, 162, 141, 53, 141, 94, 11, 150, 93, 27, 255, 49, 105, 119, 10, 172, -35,
                    165, 99, 155, 143, 55, 143, 116, 14, 152, 108, 42, 226, 64, 113, 122, 26, 170, 8,
                    117, 111, 138, 148, 60, 148, 175, 22, 155, 148, 80, 143, 102, 133, 131, 69, 165, 123,
                    68, 122, 121, 152, 65, 153, 233, 29, 158, 188, 118, 60, 140, 153, 140, 111, 160, 238,
                    50, 127, 114, 154, 67, 155, 255, 32, 160, 203, 133, 29, 155, 161, 143, 127, 158, 281]
PIL_BC_UP_NHWC_YU8 = [183, 94, 162, 141, 53, 141, 94, 11, 150, 93, 27, 255, 49, 105, 119, 10, 172, 0,
                      165, 99, 155, 143, 55, 143, 116, 14, 152, 108, 42, 226, 64, 113, 122, 26, 170, 17,
                      117, 111, 138, 148, 60, 148, 175, 22, 155, 148, 80, 143, 102, 133, 131, 69, 165, 128,
                      68, 122, 121, 152, 65, 153, 233, 29, 158, 188, 118, 60, 140, 153, 140, 111, 160, 238,
                      50, 127, 114, 154, 67, 155, 255, 32, 160, 203, 133, 29, 155, 161, 143, 127, 158, 255]
_NCHW48 = [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45,
           1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46,
           2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35, 38, 41, 44, 47]
# v11 integer pillow tests: (group, name, in shape, sizes, out shape, scales, axes, mode, input, expected, cube)
IP11I_BL_COMMON = [
    ("downsample_sizes_linear_range_h_pixel_hw_2D", [8, 8], [4, 4], [4, 4], None, [0, 1], R64, PIL_BL_Q),
    ("downsample_scales_linear_range_h_pixel_hw_2D_scales", [8, 8], None, [4, 4], [0.5, 0.5], [0, 1], R64, PIL_BL_Q),
    ("downsample_scales_linear_rand_h_pixel_nhwc", [1, 4, 4, 3], None, [1, 2, 2, 3], [0.5, 0.5], [1, 2],
     PIL_NHWC_RAND, [174, 97, 132, 144, 119, 173, 175, 129, 124, 160, 138, 129]),
    ("downsample_scales_linear_range_h_pixel_nhwc", [1, 4, 4, 3], None, [1, 2, 2, 3], [0.5, 0.5], [1, 2],
     list(range(48)), [11, 12, 13, 16, 17, 18, 29, 30, 31, 34, 35, 36]),
    ("downsample_scales_linear_rand_h_pixel_nhwc_batch_2", [2, 4, 4, 3], None, [2, 2, 2, 3], [0.5, 0.5], [1, 2],
     PIL_NHWC_RAND + list(range(48)),
     [174, 97, 132, 144, 119, 173, 175, 129, 124, 160, 138, 129, 11, 12, 13, 16, 17, 18, 29, 30, 31, 34, 35, 36]),
    ("downsample_sizes_nhwc_1x5x6x3_to_1x2x4x3", [1, 5, 6, 3], [2, 4], [1, 2, 4, 3], None, [1, 2], PIL_X5x6x3,
     [89, 137, 129, 138, 169, 107, 109, 140, 113, 168, 161, 95, 134, 119, 178, 171, 118, 148, 138, 130, 106, 116,
      133, 120]),
    ("upsample_sizes_nhwc_1x2x4x3_to_1x5x6x3", [1, 2, 4, 3], [5, 6], [1, 5, 6, 3], None, [1, 2], PIL_X5x6x3[:24],
     [37, 244, 193, 72, 240, 161, 100, 238, 130, 77, 252, 138, 59, 179, 162, 47,
      103, 184, 41, 222, 193, 80, 230, 161, 110, 235,
      130, 74, 231, 138, 63, 171, 154, 62, 113, 169, 55, 132, 191, 114, 189, 159,
      150, 225, 129, 62, 148, 137, 80, 141, 124, 121, 154, 108, 69, 42, 188, 147,
      148, 157, 189, 215, 128, 49, 64, 135, 97, 110, 93, 180, 194, 47, 72, 20,
      188, 155, 138, 157, 199, 212, 128, 46, 43, 135, 101, 102, 85, 195, 204, 32]),
    ("downsample_sizes_nchw_1x3x5x6_to_1x3x2x4", [1, 3, 5, 6], [2, 4], [1, 3, 2, 4], None, [2, 3],
     [37, 106, 71, 47, 72, 238, 7, 195, 203, 77, 193, 203, 192, 60, 163,
      80, 204, 47, 78, 170, 252, 171, 146, 125, 178, 137, 167, 84, 101, 80,
      244, 235, 255, 103, 20, 255, 0, 204, 170, 133, 255, 145, 83, 144, 23,
      134, 191, 71, 99, 118, 121, 134, 101, 127, 228, 20, 216, 80, 177, 146,
      193, 128, 140, 184, 188, 126, 137, 32, 101, 30, 79, 37, 112, 128, 129,
      101, 174, 30, 237, 88, 116, 141, 25, 239, 239, 213, 254, 107, 50, 139],
     [89, 138, 109, 168, 134, 171, 138, 116, 137, 169, 140, 161, 119, 118, 130, 133, 129, 107, 113, 95, 178, 148, 106,
      120]),
    ("downsample_scales_range_h_pixel_nchw", [1, 3, 4, 4], None, [1, 3, 2, 2], [0.5, 0.5], [2, 3], _NCHW48,
     [11, 16, 29, 34, 12, 17, 30, 35, 13, 18, 31, 36]),
]
IP11I_BL_I8 = [
    ("downsample_range_2D_sizes", [8, 8], [4, 4], [4, 4], None, [0, 1], R64, PIL_BL_Q),
    ("upsample_range_2D_scales", [4, 4], None, [8, 8], [2.0, 2.0], [0, 1], PIL_BL_Q,
     [7, 8, 9, 10, 11, 11, 12, 12, 11, 12, 13, 14, 15, 15, 16, 16, 18, 19, 20, 21, 22, 22,
      23, 23, 25, 26, 27, 28, 29, 29, 30, 30, 33, 34, 35, 36, 37, 37, 38, 38, 41, 42, 43, 44,
      45, 45, 46, 46, 48, 49, 50, 51, 52, 52, 53, 53, 51, 52, 53, 54, 55, 55, 56, 56]),
]
IP11I_BC_COMMON = [
    ("downsample_scales_2D", [8, 8], None, [4, 4], [0.5, 0.5], [0, 1], R64, PIL_BC_Q, -0.5),
    ("downsample_sizes_2D", [8, 8], [4, 4], [4, 4], None, [0, 1], R64, PIL_BC_Q, -0.5),
    ("downsample_sizes_2D_5x6", [5, 6], [2, 4], [2, 4], None, [0, 1], PIL_BC_X56I, [99, 143, 105, 88, 146, 98, 123, 154],
     -0.5),
    ("upsample_sizes_2D", [4, 4], [8, 8], [8, 8], None, [0, 1], PIL_BC_Q, PIL_BC_UP8, -0.5),
    ("downsample_sizes_2D_ov_default_cube_coeff", [5, 6], [2, 4], [2, 4], None, [0, 1], PIL_BC_X56I,
     [97, 144, 106, 88, 145, 98, 121, 153], -0.75),
    ("downsample_sizes_1x1x8x8_nchw", [1, 1, 8, 8], [4, 4], [1, 1, 4, 4], None, [2, 3], R64, PIL_BC_Q, -0.5),
    ("downsample_sizes_1x8x8x1_nhwc", [1, 8, 8, 1], [4, 4], [1, 4, 4, 1], None, [1, 2], R64, PIL_BC_Q, -0.5),
    ("downsample_sizes_1x5x6x3_to_1x2x4x3_nhwc", [1, 5, 6, 3], [2, 4], [1, 2, 4, 3], None, [1, 2],
     [168, 92, 157, 111, 15, 138, 97, 47, 237, 25, 163, 6, 72, 118, 121,
      238, 22, 174, 182, 140, 43, 121, 158, 242, 210, 73, 113, 111, 75, 132,
      24, 124, 104, 57, 157, 107, 7, 173, 14, 82, 162, 210, 144, 84, 177,
      129, 136, 39, 95, 218, 99, 52, 75, 170, 232, 178, 213, 138, 136, 158,
      47, 20, 181, 30, 63, 43, 182, 76, 31, 125, 52, 124, 218, 202, 78,
      68, 148, 25, 251, 161, 124, 160, 2, 159, 116, 78, 119, 209, 37, 219],
     [126, 125, 124, 133, 79, 181, 77, 127, 79, 95, 111, 131, 147, 178, 119, 124, 102, 144, 117, 75, 84, 135, 78, 134],
     -0.5),
]


def interp_case(name, ver, et, ishape, x, oshape, y, mode, calc, sizes, scales, axes, ctm="half_pixel",
                nearest="round_prefer_floor", cube=-0.75, what="", sizes_const=None, expect="match", reason=""):
    nd = len(ishape)
    attrs = [("mode", mode), ("shape_calculation_mode", calc), ("coordinate_transformation_mode", ctm),
             ("nearest_mode", nearest), ("antialias", False), ("pads_begin", [0] * nd), ("pads_end", [0] * nd),
             ("cube_coeff", repr(float(cube)))]
    if ver == 4:
        consts = [np.array(sizes if sizes_const is None else sizes_const, dtype=np.int64),
                  np.array(scales, dtype=np.float32)]
    else:
        consts = [np.array(sizes, dtype=np.int64) if calc == "sizes" else np.array(scales, dtype=np.float32)]
    if axes is not None:
        consts.append(np.array(axes, dtype=np.int64))
    xa = arr(x, et, ishape)
    ya = arr(y, et, oshape)
    exact = ya.dtype.kind in "iu"
    case(name, "Interpolate", f"opset{ver}", attrs, [("x", xa)],
         [("y", ya, "exact" if exact else "close")], origin("interpolate.cpp", IP_C, what),
         f"Interpolate-{ver} template vector {what} ({et}): mode {mode}, {calc}, {ctm}, {nearest}, cube_coeff {cube}, "
         f"axes {axes if axes is not None else 'default'}; {ishape} -> {oshape}" + ("" if exact else "; threshold 1e-2"),
         consts=[(i + 1, c) for i, c in enumerate(consts)], tol=(1e-2, 1e-2), expect=expect, reason=reason)


# Integer Pillow vectors whose hand-written value OpenVINO's own reference does not give: the template test
# compares with a 1e-2 relative threshold, which accepts both.  irrun computes interpolate_pil.hpp's value.
PIL_DIFFERS = {
    "interpolate11_bilinear_upsample_sizes_nhwc_1x2x4x3_to_1x5x6x3_u8":
        "element 25 (row 1, x 2, channel 1): the vector has 235, interpolate_pil.hpp gives 236 (horizontal pass "
        "255*0.8333+0*0.1667 = 212.50000000000003 rounds half up to 213, then 0.9*238+0.1*213 = 235.5 -> 236); the "
        "test file marks this line 'Rounding?' and its 1e-2 relative threshold accepts either",
    "interpolate11_bilinear_upsample_sizes_nhwc_1x2x4x3_to_1x5x6x3_i32":
        "element 25 (row 1, x 2, channel 1): the vector has 235, interpolate_pil.hpp gives 236 (horizontal pass "
        "212.50000000000003 rounds half up to 213, then 0.9*238+0.1*213 = 235.5 -> 236); the test file marks this "
        "line 'Rounding?' and its 1e-2 relative threshold accepts either",
    "interpolate11_bicubic_upsample_sizes_1x2x4x3_to_1x5x6x3_nhwc_i32":
        "element 11 (row 0, x 3, channel 2): the i32 vector keeps the u8 vector's clipped 255, but i32 is not "
        "clipped to 255: the horizontal pass gives 238 and 48, the vertical 1.0991*238-0.0991*48 = 256.8 -> 257 "
        "(as the vector's own unclipped -35 and 281 elsewhere); the test's 1e-2 relative threshold accepts 257",
}


def pil_expect(name):
    if name in PIL_DIFFERS:
        return {"expect": "differs", "reason": PIL_DIFFERS[name]}
    return {}


def gen_interpolate():
    # type_tests: Interpolate-1 and Interpolate-4 (sizes mode, scales Const [1.0] unused)
    for et in FLOATS:
        attrs = [("axes", [0, 1, 2, 3]), ("mode", "nearest"), ("align_corners", False), ("antialias", False),
                 ("pads_begin", [0, 0, 0, 0]), ("pads_end", [0, 0, 0, 0])]
        case(f"interpolate1_nearest_{et}", "Interpolate", "opset1", attrs, [("x", arr(R8, et, [1, 1, 2, 4]))],
             [("y", arr([1, 3], et, [1, 1, 1, 2]))], origin("interpolate.cpp", IP_C, "smoke_Interpolate_V1"),
             f"Interpolate-1 template vector ({et}): nearest, target shape [1,1,1,2] over axes 0-3; threshold 1e-2",
             consts=[(1, np.array([1, 1, 1, 2], dtype=np.int64))], tol=(1e-2, 1e-2))
    for et in ("f32", "f16", "i8", "u8"):
        interp_case(f"interpolate4_type_nearest_{et}", 4, et, [1, 1, 2, 4], R8, [1, 1, 1, 2], [1, 3], "nearest",
                    "sizes", [1, 1, 1, 2], [1.0], None, what="smoke_Interpolate_V4_With_Hardcoded_Refs")
    for i, (nm, ish, sizes, osh, scales, axes, mode, calc, ctm, nmode, x, y) in enumerate(IP4):
        tag = nm.replace(".", "_")
        interp_case(f"interpolate4_{tag}", 4, "f32", ish, x, osh, y, mode, calc, sizes, scales, axes, ctm, nmode,
                    what=f"ReferenceInterpolate_v4 {nm}")
        # the v11 suite re-runs every v4 vector as Interpolate-11 (sizes or scales input by the mode)
        interp_case(f"interpolate11_{tag}", 11, "f32", ish, x, osh, y, mode, calc, sizes, scales, axes, ctm, nmode,
                    what=f"ReferenceInterpolate_v11 (v4 params) {nm}")
    for nm, ish, sizes, osh, scales, axes, mode, x, y, cube in IP11F:
        for et in FLOATS:
            calc = "sizes" if sizes is not None else "scales"
            interp_case(f"interpolate11_{nm.replace('.', '_')}_{et}", 11, et, ish, x, osh, y, mode, calc, sizes, scales,
                        axes, cube=cube, what=f"ReferenceInterpolate_v11 {nm}")
    for et in ("u8", "i32"):
        for nm, ish, sizes, osh, scales, axes, x, y in IP11I_BL_COMMON:
            calc = "sizes" if sizes is not None else "scales"
            interp_case(f"interpolate11_bilinear_{nm}_{et}", 11, et, ish, x, osh, y, "bilinear_pillow", calc, sizes,
                        scales, axes, what=f"ReferenceInterpolate_v11 bilinear.{nm}",
                        **pil_expect(f"interpolate11_bilinear_{nm}_{et}"))
        for nm, ish, sizes, osh, scales, axes, x, y, cube in IP11I_BC_COMMON:
            calc = "sizes" if sizes is not None else "scales"
            interp_case(f"interpolate11_bicubic_{nm}_{et}", 11, et, ish, x, osh, y, "bicubic_pillow", calc, sizes,
                        scales, axes, cube=cube, what=f"ReferenceInterpolate_v11 bicubic.{nm}")
    for nm, ish, sizes, osh, scales, axes, x, y in IP11I_BL_I8:
        calc = "sizes" if sizes is not None else "scales"
        interp_case(f"interpolate11_bilinear_{nm}_i8", 11, "i8", ish, x, osh, y, "bilinear_pillow", calc, sizes,
                    scales, axes, what=f"ReferenceInterpolate_v11 bilinear.{nm}")
    for nm, ish, sizes, osh, scales, axes, x, y, cube in IP11I_BC_COMMON[:1] + IP11I_BC_COMMON[3:4]:
        calc = "sizes" if sizes is not None else "scales"
        interp_case(f"interpolate11_bicubic_{nm}_i8", 11, "i8", ish, x, osh, y, "bicubic_pillow", calc, sizes,
                    scales, axes, cube=cube, what=f"ReferenceInterpolate_v11 bicubic.{nm}")
    for et, y in (("u8", PIL_BC_UP_NHWC_YU8), ("i32", PIL_BC_UP_NHWC_Y)):
        interp_case(f"interpolate11_bicubic_upsample_sizes_1x2x4x3_to_1x5x6x3_nhwc_{et}", 11, et, [1, 2, 4, 3],
                    PIL_BC_UP_NHWC_X, [1, 5, 6, 3], y, "bicubic_pillow", "sizes", [5, 6], None, [1, 2], cube=-0.5,
                    what="ReferenceInterpolate_v11 bicubic.upsample_sizes_1x2x4x3_to_1x5x6x3_nhwc",
                    **pil_expect(f"interpolate11_bicubic_upsample_sizes_1x2x4x3_to_1x5x6x3_nhwc_{et}"))


# ------------------------------------------------------------------------------------------ CTC decoders, GatherTree
CTC_C = "3a33e0d05a893d3aaebd6bd28ba15b880af79a12"
CTCS_C = "2c9483fa87d1d4f2cd8b1275cb28d237337da24e"
GT_C = "079483b2f763113e61727807147e9bf94a99b0be"
_CTC_A = [0.1, 0.2, 0.0, 0.4, 0.3, 0.0, 0.5, 0.6, 0.0]
_CTC_B = [0.1, 0.2, 0.0, 0.3, 0.4, 0.0, 0.6, 0.5, 0.0]
_CTC_M = [0.1, 0.2, 0.0, 0.15, 0.25, 0.0, 0.4, 0.3, 0.0, 0.45, 0.35, 0.0, 0.5, 0.6, 0.0, 0.55, 0.65, 0.0]
# (name, data shape [T, N, C], data, masks [T, N], merge, expected [N, T, 1, 1])
CTC_VECS = [
    ("ctc_greedy_decoder", [3, 1, 3], _CTC_A, [1, 1, 1], False, [1, 0, 1]),
    ("ctc_greedy_decoder_multiple_batches", [3, 2, 3], _CTC_M, [1] * 6, False, [1, 0, 1, 1, 0, 1]),
    ("ctc_greedy_decoder_single_batch_short_sequence", [3, 1, 3], _CTC_A, [1, 1, 0], False, [1, 0, -1]),
    ("ctc_greedy_decoder_merge", [3, 1, 3], _CTC_B, [1, 1, 1], True, [1, 0, -1]),
    ("ctc_greedy_decoder_single_no_merge", [3, 1, 3], _CTC_B, [1, 1, 1], False, [1, 1, 0]),
    ("ctc_greedy_decoder_multiple_sequences", [2, 2, 3], [0.1, 0.2, 0.0, 0.4, 0.3, 0.0, 0.5, 0.6, 0.0, 0.7, 0.8, 0.0],
     [1, 1, 1, 0], False, [1, 1, 0, -1]),
]
# (name, data shape [N, T, C], data, seq_len, blank index or None, merge, decoded, lengths)
CTCS_VECS = [
    ("evaluate_ctc_greedy_decoder_seq_len", [1, 3, 3], _CTC_A, [2], 2, False, [1, 0, -1], [2]),
    ("evaluate_ctc_greedy_decoder_seq_len_merge", [1, 3, 3], _CTC_A, [2], 2, True, [1, 0, -1], [2]),
    ("evaluate_ctc_greedy_decoder_seq_len_multiple_batches", [2, 3, 3], _CTC_M, [1, 1], 2, False,
     [1, -1, -1, 0, -1, -1], [1, 1]),
    ("evaluate_ctc_greedy_decoder_seq_len_multiple_batches2", [3, 3, 3],
     [0.1, 0.2, 0.0, 0.15, 0.25, 0.0, 0.4, 0.3, 0.0, 0.45, 0.35, 0.0, 0.5, 0.6, 0.0, 0.55, 0.65, 0.0,
      0.1, 0.2, 0.0, 0.15, 0.25, 0.0, 0.4, 0.3, 0.0], [2, 3, 1], 2, False, [1, 1, -1, 0, 1, 1, 1, -1, -1], [2, 3, 1]),
    ("evaluate_ctc_greedy_decoder_seq_len_no_optional_input", [1, 3, 3], _CTC_A, [2], None, False, [1, 0, -1], [2]),
]
_GT5 = [1, 4, 9, 7, 9, 1, 2, 3, 9, 2, 3, 1, 4, 2, 4, 4, 7, 4, 9, 5, 8, 4, 3, 7, 5, 2,
        4, 8, 3, 1, 5, 7, 9, 4, 5, 6, 4, 2, 9, 2, 8, 8, 7, 9, 8, 3, 1, 7, 5, 9]
_GT20 = [1, 4, 9, 7, 9, 1, 2, 3, 9, 2, 3, 1, 4, 2, 4, 4, 7, 4, 9, 5, 8, 4, 3, 7, 5, 2, 4, 8, 3,
         1, 5, 7, 9, 4, 5, 6, 4, 2, 9, 2, 8, 8, 7, 9, 8, 3, 1, 7, 5, 8, 8, 9, 8, 1, 8, 1, 3, 2,
         1, 8, 7, 1, 6, 4, 7, 9, 4, 5, 2, 7, 3, 3, 2, 7, 8, 8, 4, 1, 1, 7, 6, 9, 6, 7, 3, 3, 5,
         8, 2, 1, 1, 5, 5, 9, 1, 3, 9, 3, 2, 2, 5, 1, 1, 7, 9, 2, 9, 3, 3, 5, 6, 1, 6, 6, 6, 2,
         9, 6, 3, 7, 3, 1, 5, 4, 9, 7, 5, 4, 5, 1, 7, 5, 1, 6, 2, 5, 8, 9, 1, 6, 8, 9, 5, 2, 5,
         2, 9, 8, 4, 4, 5, 2, 6, 9, 4, 4, 6, 7, 6, 7, 2, 8, 7, 6, 6, 7, 4, 4, 7, 3, 4, 9, 7, 4,
         8, 9, 1, 6, 5, 6, 1, 2, 8, 9, 1, 5, 4, 6, 9, 4, 4, 3, 7, 9, 7, 6, 3, 1, 7, 9]
GT_VECS = [
    ("gather_tree_1", [1, 1, 10], [1, 4, 9, 7, 9, 1, 2, 3, 9, 9], [1, 4, 9, 7, 9, 1, 2, 3, 9, 9]),
    ("gather_tree_5", [5, 1, 10], _GT5,
     [4, 4, 9, 9, 4, 9, 2, 9, 9, 9, 1, 1, 9, 9, 1, 9, 9, 9, 9, 9, 1, 1, 9, 9, 1, 9] + [9] * 24),
    ("gather_tree_10", [20, 1, 10], _GT20,
     [9, 4, 9, 4, 4, 4, 9, 4, 9, 9, 9, 1, 9, 1, 1, 1, 9, 1, 9, 9, 9, 1, 9, 1, 1, 1, 9, 1, 9] + [9] * 171),
]


def gen_ctc():
    for et in FLOATS:
        for nm, shp, x, masks, merge, y in CTC_VECS:
            case(f"ctcgreedydecoder_{nm}_{et}", "CTCGreedyDecoder", "opset1", [("ctc_merge_repeated", merge)],
                 [("data", arr(x, et, shp)), ("seq_masks", arr(masks, et, shp[:2]))],
                 [("decoded", arr(y, et, [shp[1], shp[0], 1, 1]), "exact")],
                 origin("ctc_greedy_decoder.cpp", CTC_C, nm),
                 f"CTCGreedyDecoder-1 template vector {nm} ({et}): merge_repeated {merge}")
        for nm, shp, x, sl, blank, merge, dec, lens in CTCS_VECS:
            attrs = [("merge_repeated", merge), ("classes_index_type", "i32"), ("sequence_length_type", "i32")]
            case(f"ctcgreedydecoderseqlen_{nm.replace('evaluate_ctc_greedy_decoder_seq_len', 'v6')}_{et}",
                 "CTCGreedyDecoderSeqLen", "opset6", attrs,
                 [("data", arr(x, et, shp)), ("seq_len", arr(sl, "i32"))],
                 [("decoded", arr(dec, "i32", shp[:2])), ("lengths", arr(lens, "i32"))],
                 origin("ctc_greedy_decoder_seq_len.cpp", CTCS_C, nm),
                 f"CTCGreedyDecoderSeqLen-6 template vector {nm} ({et}): merge_repeated {merge}, blank index "
                 f"{blank if blank is not None else 'default (C-1)'}",
                 consts=[] if blank is None else [(2, np.array(blank, dtype=np.int32))])
    for et in ("i32", "f32"):
        for nm, shp, ids, fin in GT_VECS:
            case(f"gathertree_{nm}_{et}", "GatherTree", "opset1", None,
                 [("step_ids", arr(ids, et, shp)), ("parent_idx", arr(ids, et, shp)),
                  ("max_seq_len", arr([9], et)), ("end_token", np.array(9, dtype=W.NP[et]))],
                 [("final_idx", arr(fin, et, shp), "exact")], origin("gather_tree.cpp", GT_C, nm),
                 f"GatherTree-1 template vector {nm} ({et}): parent_idx = step_ids, max_seq_len 9, end_token 9")


# ------------------------------------------------------------------------------------------ ExtractImagePatches, color
EIP_C = "116d8d5115165166510d08c22f31ba8ce49593f8"
NV_C = "437f26f5e6a331e9db8cca250b8a3ddb363f54ce"
I420_C = "0f50a95bce285b48b976b49c784198d406c162b1"
_R100 = list(range(1, 101))
# (in shape, input, sizes, strides, rates, auto_pad, out shape, expected)
EIP_VECS = [
    ([1, 1, 10, 10], _R100, [3, 3], [5, 5], [1, 1], "valid", [1, 9, 2, 2],
     [1, 6, 51, 56, 2, 7, 52, 57, 3, 8, 53, 58, 11, 16, 61, 66, 12, 17, 62, 67, 13, 18, 63, 68,
      21, 26, 71, 76, 22, 27, 72, 77, 23, 28, 73, 78]),
    ([1, 1, 10, 10], _R100, [4, 4], [8, 8], [1, 1], "valid", [1, 16, 1, 1],
     [1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24, 31, 32, 33, 34]),
    ([1, 1, 10, 10], _R100, [4, 4], [9, 9], [1, 1], "same_upper", [1, 16, 2, 2],
     [0, 0, 0, 89, 0, 0, 81, 90, 0, 0, 82, 0, 0, 0, 83, 0, 0, 9, 0, 99, 1, 10, 91, 100, 2, 0, 92, 0, 3, 0, 93, 0,
      0, 19, 0, 0, 11, 20, 0, 0, 12, 0, 0, 0, 13, 0, 0, 0, 0, 29, 0, 0, 21, 30, 0, 0, 22, 0, 0, 0, 23, 0, 0, 0]),
    ([1, 1, 10, 10], _R100, [3, 3], [5, 5], [2, 2], "valid", [1, 9, 2, 2],
     [1, 6, 51, 56, 3, 8, 53, 58, 5, 10, 55, 60, 21, 26, 71, 76, 23, 28, 73, 78, 25, 30, 75, 80,
      41, 46, 91, 96, 43, 48, 93, 98, 45, 50, 95, 100]),
    ([1, 2, 5, 5], list(range(1, 51)), [2, 2], [3, 3], [1, 1], "valid", [1, 8, 2, 2],
     [1, 4, 16, 19, 26, 29, 41, 44, 2, 5, 17, 20, 27, 30, 42, 45, 6, 9, 21, 24, 31, 34, 46, 49, 7, 10, 22, 25, 32, 35,
      47, 50]),
]


def gen_eip():
    for et in INTS + FLOATS:
        for i, (ish, x, sz, st, rt, ap, osh, y) in enumerate(EIP_VECS, 1):
            case(f"extractimagepatches_{i}_{et}", "ExtractImagePatches", "opset3",
                 [("sizes", sz), ("strides", st), ("rates", rt), ("auto_pad", ap)], [("x", arr(x, et, ish))],
                 [("y", arr(y, et, osh), "exact")], origin("extract_image_patches.cpp", EIP_C, f"vector #{i}"),
                 f"ExtractImagePatches-3 template vector #{i} ({et}): sizes {sz} strides {st} rates {rt} auto_pad {ap}")


# (file, commit, test, op, inputs [(name, shape, values)], out shape, expected, abs threshold)
COLOR_VECS = [
    ("convert_color_nv12.cpp", NV_C, "r_u8_single_rgb", "NV12toRGB", "u8",
     [("y", [1, 3, 2, 1], [0x51, 0x51, 0x51, 0x51, 0x5a, 0xf0])], [1, 2, 2, 3], [0xff, 0, 0] * 4, 2.0),
    ("convert_color_nv12.cpp", NV_C, "color_u8_single_bgr", "NV12toBGR", "u8",
     [("y", [1, 3, 2, 1], [0x51, 0xeb, 0x51, 0xeb, 0x6d, 0xb8])], [1, 2, 2, 3],
     [37, 37, 164, 215, 216, 255, 37, 37, 164, 215, 216, 255], 2.0),
    ("convert_color_nv12.cpp", NV_C, "g_fp32_single_rgb", "NV12toRGB", "f32",
     [("y", [1, 3, 2, 1], [145, 145, 145, 145, 54, 34])], [1, 2, 2, 3], [0, 255, 0] * 4, 2.0),
    ("convert_color_nv12.cpp", NV_C, "batch_fp32_two_bgr", "NV12toBGR", "f32",
     [("y", [3, 2, 2, 1], [81, 81, 81, 81, 145, 145, 145, 145, 41, 41, 41, 41]),
      ("uv", [3, 1, 1, 2], [90, 240, 54, 34, 240, 110])], [3, 2, 2, 3],
     [0, 0, 255] * 4 + [0, 255, 0] * 4 + [255, 0, 0] * 4, 2.0),
    ("convert_color_nv12.cpp", NV_C, "color2x2_f32_two_rgb", "NV12toRGB", "f32",
     [("y", [1, 2, 2, 1], [81, 235, 81, 235]), ("uv", [1, 1, 1, 2], [109, 184])], [1, 2, 2, 3],
     [164, 37, 37, 255, 216, 215, 164, 37, 37, 255, 216, 215], 2.0),
    ("convert_color_i420.cpp", I420_C, "r_u8_single_rgb", "I420toRGB", "u8",
     [("y", [1, 3, 4, 1], [0x51] * 8 + [0x5a, 0x5a, 0xf0, 0xf0])], [1, 2, 4, 3], [0xff, 0, 0] * 8, 1.0),
    ("convert_color_i420.cpp", I420_C, "color_u8_single_bgr", "I420toBGR", "u8",
     [("y", [1, 6, 2, 1], [0x51, 0xeb] * 4 + [0x6d, 0x6d, 0xb8, 0xb8])], [1, 4, 2, 3],
     [37, 37, 164, 217, 216, 255] * 4, 1.0),
    ("convert_color_i420.cpp", I420_C, "g_fp32_single_rgb", "I420toRGB", "f32",
     [("y", [1, 3, 4, 1], [145] * 8 + [54, 54, 34, 34])], [1, 2, 4, 3], [0, 255, 0] * 8, 1.0),
    ("convert_color_i420.cpp", I420_C, "batch_fp32_three_bgr", "I420toBGR", "f32",
     [("y", [3, 2, 2, 1], [81, 81, 81, 81, 145, 145, 145, 145, 41, 41, 41, 41]), ("u", [3, 1, 1, 1], [90, 54, 240]),
      ("v", [3, 1, 1, 1], [240, 34, 110])], [3, 2, 2, 3], [0, 0, 255] * 4 + [0, 255, 0] * 4 + [255, 0, 0] * 4, 1.0),
    ("convert_color_i420.cpp", I420_C, "color4x4_f32_three_rgb", "I420toRGB", "f32",
     [("y", [1, 8, 2, 1], [81, 235, 81, 235, 81, 81, 81, 81, 145, 145, 145, 145, 41, 41, 41, 41]),
      ("u", [1, 4, 1, 1], [109, 90, 54, 240]), ("v", [1, 4, 1, 1], [184, 240, 34, 110])], [1, 8, 2, 3],
     [165, 37, 37, 255, 216, 217, 165, 37, 37, 255, 216, 217, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0,
      0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255], 1.0),
]


# u8 vectors the test only meets within its absolute threshold: reference convert_color_nv12.hpp rounds
# 1.164*(y-16) + ... to the nearest integer, which irrun does too.
COLOR_DIFFERS = {
    "r_u8_single_rgb": "element 0 (R): the vector has 255, reference convert_color_nv12.hpp gives round(1.164*65 + "
                       "1.596*112) = round(254.41) = 254; the test's absolute threshold ({ab:g}) accepts either",
    "color_u8_single_bgr": "element 1 (G): the vector has 37, reference convert_color_nv12.hpp gives round(1.164*65 + "
                           "0.391*19 - 0.813*56) = round(37.56) = 38; the test's absolute threshold ({ab:g}) accepts "
                           "either",
}


def gen_color():
    for fname, commit, test, op, et, ins, osh, y, ab in COLOR_VECS:
        extra = ""
        if test == "color4x4_f32_three_rgb":
            extra = " (the test declares its reference shape {1,2,2,3} for these 48 values; the op's output is [1,8,2,3])"
        ya = arr(y, et, osh)
        case(f"{op.lower()}_{test}", op, "opset8", None, [(n, arr(v, et, s)) for n, s, v in ins],
             [("rgb", ya, "exact" if et == "u8" else "close")], origin(fname, commit, f"CompareWithHardcodedRefs_{test}"),
             f"{op}-8 template vector {test}; the test allows an absolute deviation of {ab:g} (of 255)" + extra,
             tol=(ab, 0.0), expect="differs" if test in COLOR_DIFFERS else "match",
             reason=COLOR_DIFFERS.get(test, "").format(ab=ab))


# ------------------------------------------------------------------------------------------ NonMaxSuppression
NMS_C = "1926139b2be81a7d83fa4336094aaaa9a7b8db95"
_NB_STD = [0.0, 0.0, 1.0, 1.0, 0.0, 0.1, 1.0, 1.1, 0.0, -0.1, 1.0, 0.9, 0.0, 10.0, 1.0, 11.0,
           0.0, 10.1, 1.0, 11.1, 0.0, 100.0, 1.0, 101.0]
_NB_CENTER = [0.5, 0.5, 1.0, 1.0, 0.5, 0.6, 1.0, 1.0, 0.5, 0.4, 1.0, 1.0, 0.5, 10.5, 1.0, 1.0,
              0.5, 10.6, 1.0, 1.0, 0.5, 100.5, 1.0, 1.0]
_NB_FLIP = [1.0, 1.0, 0.0, 0.0, 0.0, 0.1, 1.0, 1.1, 0.0, 0.9, 1.0, -0.1, 0.0, 10.0, 1.0, 11.0,
            1.0, 10.1, 0.0, 11.1, 1.0, 101.0, 0.0, 100.0]
_NS = [0.9, 0.75, 0.6, 0.95, 0.5, 0.3]
# name -> (boxes shape, boxes, scores shape, scores, center encoding)
NMS_IN = {
    "center_point_box_format": ([1, 6, 4], _NB_CENTER, [1, 1, 6], _NS, True),
    "flipped_coordinates": ([1, 6, 4], _NB_FLIP, [1, 1, 6], _NS, False),
    "identical_boxes": ([1, 10, 4], [0.0, 0.0, 1.0, 1.0] * 10, [1, 1, 10], [0.9] * 10, False),
    "limit_output_size": ([1, 6, 4], _NB_STD, [1, 1, 6], _NS, False),
    "single_box": ([1, 1, 4], [0.0, 0.0, 1.0, 1.0], [1, 1, 1], [0.9], False),
    "suppress_by_IOU": ([1, 6, 4], _NB_STD, [1, 1, 6], _NS, False),
    "suppress_by_IOU_and_scores": ([1, 6, 4], _NB_STD, [1, 1, 6], _NS, False),
    "two_batches": ([2, 6, 4], _NB_STD * 2, [2, 1, 6], _NS * 2, False),
    "two_classes": ([1, 6, 4], _NB_STD, [1, 2, 6], _NS * 2, False),
    "suppress_by_IOU_and_scores_without_constants": ([1, 6, 4], _NB_STD, [1, 1, 6], _NS, False),
}
_I3 = [0, 0, 3, 0, 0, 0, 0, 0, 5]
_S3 = [0.0, 0.0, 0.95, 0.0, 0.0, 0.9, 0.0, 0.0, 0.3]
# (name, max boxes, iou, score threshold, indices, scores (v5), valid (v5))
NMS5_VECS = [
    ("center_point_box_format", 3, 0.5, 0.0, _I3, _S3, 3),
    ("flipped_coordinates", 3, 0.5, 0.0, _I3, _S3, 3),
    ("identical_boxes", 3, 0.5, 0.0, [0, 0, 0], [0.0, 0.0, 0.9], 1),
    ("limit_output_size", 2, 0.5, 0.0, _I3[:6], _S3[:6], 2),
    ("single_box", 3, 0.5, 0.0, [0, 0, 0], [0.0, 0.0, 0.9], 1),
    ("suppress_by_IOU", 3, 0.5, 0.0, _I3, _S3, 3),
    ("suppress_by_IOU_and_scores", 3, 0.5, 0.4, _I3[:6], _S3[:6], 2),
    ("two_batches", 2, 0.5, 0.0, [0, 0, 3, 0, 0, 0, 1, 0, 3, 1, 0, 0],
     [0.0, 0.0, 0.95, 0.0, 0.0, 0.9, 1.0, 0.0, 0.95, 1.0, 0.0, 0.9], 4),
    ("two_classes", 2, 0.5, 0.0, [0, 0, 3, 0, 0, 0, 0, 1, 3, 0, 1, 0],
     [0.0, 0.0, 0.95, 0.0, 0.0, 0.9, 0.0, 1.0, 0.95, 0.0, 1.0, 0.9], 4),
]
# NMS-1/3/4: identical_boxes uses max 1, suppress_by_IOU_and_scores max 2; v1 and v3 have no two_batches vector
NMS4_VECS = [v[:5] for v in NMS5_VECS]
NMS4_VECS[2] = ("identical_boxes", 1, 0.5, 0.0, [0, 0, 0])
NMS4_VECS[6] = ("suppress_by_IOU_and_scores", 2, 0.5, 0.4, _I3[:6])
NMS3_VECS = [v for v in NMS4_VECS if v[0] != "two_batches"]


def nms_case(ver, et, it, nm, mx, iou, sth, idx, scores=None, valid=None, without_constants=False):
    bshape, boxes, sshape, sc, center = NMS_IN[nm]
    attrs = [("box_encoding", "center" if center else "corner"), ("sort_result_descending", False)]
    if ver != 1:
        attrs.append(("output_type", it))
    ins = [("boxes", arr(boxes, et, bshape)), ("scores", arr(sc, et, sshape))]
    shp = [] if not without_constants or ver != 5 else [1]
    extra_ins = [("max_output_boxes_per_class", np.array(mx, dtype=np.int32).reshape(shp)),
                 ("iou_threshold", np.array(iou, dtype=np.float32).reshape(shp)),
                 ("score_threshold", np.array(sth, dtype=np.float32).reshape(shp))]
    if ver == 5:
        extra_ins.append(("soft_nms_sigma", np.array(0.0, dtype=np.float32).reshape(shp)))
    consts = []
    if without_constants:
        ins += extra_ins
    else:
        consts = [(2 + i, a) for i, (_, a) in enumerate(extra_ins)]
    n = len(idx) // 3
    outs = [("selected_indices", arr(idx, it, [n, 3]))]
    dims = [[-1, 3]] if ver == 5 or without_constants else [None]
    if ver == 5:
        outs += [("selected_scores", arr(scores, "f32", [n, 3]), "close"), ("valid_outputs", arr([valid], it))]
        dims += [[-1, 3], None]
    tag = f"nonmaxsuppression{ver}_{nm}_{et}_{it}"
    case(tag, "NonMaxSuppression", f"opset{ver}", attrs, ins, outs,
         origin("non_max_suppression.cpp", NMS_C, f"ReferenceNonMaxSuppression{'' if ver == 5 else ver}Test"
                f"{'WithoutConstants' if without_constants else ''} nonmaxsuppression_{nm}"),
         f"NonMaxSuppression-{ver} template vector nonmaxsuppression_{nm} (boxes {et}, indices {it}): max_output_"
         f"boxes_per_class {mx}, iou {iou}, score_threshold {sth}" +
         ("; every input a Parameter" if without_constants else ""),
         consts=consts, tol=(1e-2, 1e-2), out_dims=dims)


def gen_nms():
    for et in ("f16", "f32"):
        for it in ("i32", "i64"):
            for v in NMS5_VECS:
                nms_case(5, et, it, *v)
            nms_case(5, et, it, "suppress_by_IOU_and_scores_without_constants", 1, 0.4, 0.2, [0, 0, 3],
                     [0.0, 0.0, 0.95], 1, without_constants=True)
            for ver, vecs in ((4, NMS4_VECS), (3, NMS3_VECS)):
                for v in vecs:
                    nms_case(ver, et, it, *v)
                nms_case(ver, et, it, "suppress_by_IOU_and_scores_without_constants", 1, 0.4, 0.2, [0, 0, 3],
                         without_constants=True)
        for v in NMS3_VECS:
            nms_case(1, et, "i64", *v)
        nms_case(1, et, "i64", "suppress_by_IOU_and_scores_without_constants", 1, 0.4, 0.2, [0, 0, 3],
                 without_constants=True)


# ------------------------------------------------------------------------------------------ ExperimentalDetectron*
EDDO_C = "1cc4b9b589682041809c093edb277de9db779cc0"
PGG_C = "2bfcf1a00d38396e3d5f2815bc9b6097ebeebe5d"
TOPK_C = "1456d71ec5d689a6b3d3a41fd354df427a4f3722"


def gen_ed_detection_output():
    rois = [1, 1, 10, 10] + [1] * 12 + [4, 1, 8, 5] + [1] * 44
    deltas = [1.0] * 128
    deltas[0], deltas[20], deltas[34] = 5.0, 4.0, 8.0
    attrs = [("score_threshold", repr(0.01000000074505806)), ("nms_threshold", "0.2"), ("max_delta_log_wh", "2"),
             ("num_classes", 2), ("post_nms_count", 500), ("max_detections_per_image", 5),
             ("class_agnostic_box_regression", True), ("deltas_weights", fl([10, 10, 5, 5]))]
    for et in ("f32", "f16"):
        case(f"edetectionoutput_{et}", "ExperimentalDetectronDetectionOutput", "opset6", attrs,
             [("rois", arr(rois, et, [16, 4])), ("deltas", arr(deltas, et, [16, 8])),
              ("scores", arr([1.0] * 32, et, [16, 2])), ("im_info", arr([1, 1, 1], et, [1, 3]))],
             [("boxes", arr([0.8929862, 0.892986297607421875, 12.10701370239257812, 12.10701370239257812] + [0] * 16,
                            et, [5, 4])),
              ("classes", arr([1, 0, 0, 0, 0], "i32")), ("out_scores", arr([1, 0, 0, 0, 0], et))],
             origin("experimental_detectron_detection_output.cpp", EDDO_C,
                    "smoke_ExperimentalDetectronDetectionOutput_With_Hardcoded_Refs"),
             f"ExperimentalDetectronDetectionOutput-6 template vector ({et}): 16 rois, 2 classes, class-agnostic "
             "regression, max 5 detections; legacy_compare threshold 1e-2", tol=(1e-2, 1e-2))


# (flatten, h, w, stride, priors, feature map shape, expected shape, expected (a prefix when compare_rows is set))
PGG_VECS = [
    (True, 0, 0, 4.0, [-24.5, -12.5, 24.5, 12.5, -16.5, -16.5, 16.5, 16.5, -12.5, -24.5, 12.5, 24.5],
     [1, 16, 4, 5], [60, 4],
     [-22.5, -10.5, 26.5, 14.5, -14.5, -14.5, 18.5, 18.5, -10.5, -22.5, 14.5, 26.5, -18.5,
      -10.5, 30.5, 14.5, -10.5, -14.5, 22.5, 18.5, -6.5, -22.5, 18.5, 26.5, -14.5, -10.5,
      34.5, 14.5, -6.5, -14.5, 26.5, 18.5, -2.5, -22.5, 22.5, 26.5, -10.5, -10.5, 38.5,
      14.5, -2.5, -14.5, 30.5, 18.5, 1.5, -22.5, 26.5, 26.5, -6.5, -10.5, 42.5, 14.5,
      1.5, -14.5, 34.5, 18.5, 5.5, -22.5, 30.5, 26.5, -22.5, -6.5, 26.5, 18.5, -14.5,
      -10.5, 18.5, 22.5, -10.5, -18.5, 14.5, 30.5, -18.5, -6.5, 30.5, 18.5, -10.5, -10.5,
      22.5, 22.5, -6.5, -18.5, 18.5, 30.5, -14.5, -6.5, 34.5, 18.5, -6.5, -10.5, 26.5,
      22.5, -2.5, -18.5, 22.5, 30.5, -10.5, -6.5, 38.5, 18.5, -2.5, -10.5, 30.5, 22.5,
      1.5, -18.5, 26.5, 30.5, -6.5, -6.5, 42.5, 18.5, 1.5, -10.5, 34.5, 22.5, 5.5,
      -18.5, 30.5, 30.5, -22.5, -2.5, 26.5, 22.5, -14.5, -6.5, 18.5, 26.5, -10.5, -14.5,
      14.5, 34.5, -18.5, -2.5, 30.5, 22.5, -10.5, -6.5, 22.5, 26.5, -6.5, -14.5, 18.5,
      34.5, -14.5, -2.5, 34.5, 22.5, -6.5, -6.5, 26.5, 26.5, -2.5, -14.5, 22.5, 34.5,
      -10.5, -2.5, 38.5, 22.5, -2.5, -6.5, 30.5, 26.5, 1.5, -14.5, 26.5, 34.5, -6.5,
      -2.5, 42.5, 22.5, 1.5, -6.5, 34.5, 26.5, 5.5, -14.5, 30.5, 34.5, -22.5, 1.5,
      26.5, 26.5, -14.5, -2.5, 18.5, 30.5, -10.5, -10.5, 14.5, 38.5, -18.5, 1.5, 30.5,
      26.5, -10.5, -2.5, 22.5, 30.5, -6.5, -10.5, 18.5, 38.5, -14.5, 1.5, 34.5, 26.5,
      -6.5, -2.5, 26.5, 30.5, -2.5, -10.5, 22.5, 38.5, -10.5, 1.5, 38.5, 26.5, -2.5,
      -2.5, 30.5, 30.5, 1.5, -10.5, 26.5, 38.5, -6.5, 1.5, 42.5, 26.5, 1.5, -2.5,
      34.5, 30.5, 5.5, -10.5, 30.5, 38.5]),
    (False, 0, 0, 8.0, [-44.5, -24.5, 44.5, 24.5, -32.5, -32.5, 32.5, 32.5, -24.5, -44.5, 24.5, 44.5],
     [1, 16, 3, 7], [3, 7, 3, 4],
     [-40.5, -20.5, 48.5, 28.5, -28.5, -28.5, 36.5, 36.5, -20.5, -40.5, 28.5, 48.5, -32.5, -20.5, 56.5, 28.5,
      -20.5, -28.5, 44.5, 36.5, -12.5, -40.5, 36.5, 48.5, -24.5, -20.5, 64.5, 28.5, -12.5, -28.5, 52.5, 36.5,
      -4.5, -40.5, 44.5, 48.5, -16.5, -20.5, 72.5, 28.5, -4.5, -28.5, 60.5, 36.5, 3.5, -40.5, 52.5, 48.5,
      -8.5, -20.5, 80.5, 28.5, 3.5, -28.5, 68.5, 36.5, 11.5, -40.5, 60.5, 48.5, -0.5, -20.5, 88.5, 28.5,
      11.5, -28.5, 76.5, 36.5, 19.5, -40.5, 68.5, 48.5, 7.5, -20.5, 96.5, 28.5, 19.5, -28.5, 84.5, 36.5,
      27.5, -40.5, 76.5, 48.5, -40.5, -12.5, 48.5, 36.5, -28.5, -20.5, 36.5, 44.5, -20.5, -32.5, 28.5, 56.5,
      -32.5, -12.5, 56.5, 36.5, -20.5, -20.5, 44.5, 44.5, -12.5, -32.5, 36.5, 56.5, -24.5, -12.5, 64.5, 36.5,
      -12.5, -20.5, 52.5, 44.5, -4.5, -32.5, 44.5, 56.5, -16.5, -12.5, 72.5, 36.5, -4.5, -20.5, 60.5, 44.5,
      3.5, -32.5, 52.5, 56.5, -8.5, -12.5, 80.5, 36.5, 3.5, -20.5, 68.5, 44.5, 11.5, -32.5, 60.5, 56.5,
      -0.5, -12.5, 88.5, 36.5, 11.5, -20.5, 76.5, 44.5, 19.5, -32.5, 68.5, 56.5, 7.5, -12.5, 96.5, 36.5,
      19.5, -20.5, 84.5, 44.5, 27.5, -32.5, 76.5, 56.5, -40.5, -4.5, 48.5, 44.5, -28.5, -12.5, 36.5, 52.5,
      -20.5, -24.5, 28.5, 64.5, -32.5, -4.5, 56.5, 44.5, -20.5, -12.5, 44.5, 52.5, -12.5, -24.5, 36.5, 64.5,
      -24.5, -4.5, 64.5, 44.5, -12.5, -12.5, 52.5, 52.5, -4.5, -24.5, 44.5, 64.5, -16.5, -4.5, 72.5, 44.5,
      -4.5, -12.5, 60.5, 52.5, 3.5, -24.5, 52.5, 64.5, -8.5, -4.5, 80.5, 44.5, 3.5, -12.5, 68.5, 52.5,
      11.5, -24.5, 60.5, 64.5, -0.5, -4.5, 88.5, 44.5, 11.5, -12.5, 76.5, 52.5, 19.5, -24.5, 68.5, 64.5,
      7.5, -4.5, 96.5, 44.5, 19.5, -12.5, 84.5, 52.5, 27.5, -24.5, 76.5, 64.5]),
    (True, 3, 6, 64.0, [-364.5, -184.5, 364.5, 184.5, -256.5, -256.5, 256.5, 256.5, -180.5, -360.5, 180.5, 360.5],
     [1, 16, 100, 100], [30000, 4],
     [-332.5, -152.5, 396.5, 216.5, -224.5, -224.5, 288.5, 288.5, -148.5, -328.5, 212.5, 392.5,
      -268.5, -152.5, 460.5, 216.5, -160.5, -224.5, 352.5, 288.5, -84.5, -328.5, 276.5, 392.5,
      -204.5, -152.5, 524.5, 216.5, -96.5, -224.5, 416.5, 288.5, -20.5, -328.5, 340.5, 392.5,
      -140.5, -152.5, 588.5, 216.5, -32.5, -224.5, 480.5, 288.5, 43.5, -328.5, 404.5, 392.5,
      -76.5, -152.5, 652.5, 216.5, 31.5, -224.5, 544.5, 288.5, 107.5, -328.5, 468.5, 392.5,
      -12.5, -152.5, 716.5, 216.5, 95.5, -224.5, 608.5, 288.5, 171.5, -328.5, 532.5, 392.5,
      -332.5, -88.5, 396.5, 280.5, -224.5, -160.5, 288.5, 352.5, -148.5, -264.5, 212.5, 456.5,
      -268.5, -88.5, 460.5, 280.5, -160.5, -160.5, 352.5, 352.5, -84.5, -264.5, 276.5, 456.5,
      -204.5, -88.5, 524.5, 280.5, -96.5, -160.5, 416.5, 352.5, -20.5, -264.5, 340.5, 456.5,
      -140.5, -88.5, 588.5, 280.5, -32.5, -160.5, 480.5, 352.5, 43.5, -264.5, 404.5, 456.5,
      -76.5, -88.5, 652.5, 280.5, 31.5, -160.5, 544.5, 352.5, 107.5, -264.5, 468.5, 456.5,
      -12.5, -88.5, 716.5, 280.5, 95.5, -160.5, 608.5, 352.5, 171.5, -264.5, 532.5, 456.5,
      -332.5, -24.5, 396.5, 344.5, -224.5, -96.5, 288.5, 416.5, -148.5, -200.5, 212.5, 520.5,
      -268.5, -24.5, 460.5, 344.5, -160.5, -96.5, 352.5, 416.5, -84.5, -200.5, 276.5, 520.5,
      -204.5, -24.5, 524.5, 344.5, -96.5, -96.5, 416.5, 416.5, -20.5, -200.5, 340.5, 520.5,
      -140.5, -24.5, 588.5, 344.5, -32.5, -96.5, 480.5, 416.5, 43.5, -200.5, 404.5, 520.5,
      -76.5, -24.5, 652.5, 344.5, 31.5, -96.5, 544.5, 416.5, 107.5, -200.5, 468.5, 520.5,
      -12.5, -24.5, 716.5, 344.5, 95.5, -96.5, 608.5, 416.5, 171.5, -200.5, 532.5, 520.5]),
    (False, 5, 3, 32.0, [-180.5, -88.5, 180.5, 88.5, -128.5, -128.5, 128.5, 128.5, -92.5, -184.5, 92.5, 184.5],
     [1, 16, 100, 100], [100, 100, 3, 4],
     [-164.5, -72.5, 196.5, 104.5, -112.5, -112.5, 144.5, 144.5, -76.5, -168.5, 108.5, 200.5,
      -132.5, -72.5, 228.5, 104.5, -80.5, -112.5, 176.5, 144.5, -44.5, -168.5, 140.5, 200.5,
      -100.5, -72.5, 260.5, 104.5, -48.5, -112.5, 208.5, 144.5, -12.5, -168.5, 172.5, 200.5,
      -164.5, -40.5, 196.5, 136.5, -112.5, -80.5, 144.5, 176.5, -76.5, -136.5, 108.5, 232.5,
      -132.5, -40.5, 228.5, 136.5, -80.5, -80.5, 176.5, 176.5, -44.5, -136.5, 140.5, 232.5,
      -100.5, -40.5, 260.5, 136.5, -48.5, -80.5, 208.5, 176.5, -12.5, -136.5, 172.5, 232.5,
      -164.5, -8.5, 196.5, 168.5, -112.5, -48.5, 144.5, 208.5, -76.5, -104.5, 108.5, 264.5,
      -132.5, -8.5, 228.5, 168.5, -80.5, -48.5, 176.5, 208.5, -44.5, -104.5, 140.5, 264.5,
      -100.5, -8.5, 260.5, 168.5, -48.5, -48.5, 208.5, 208.5, -12.5, -104.5, 172.5, 264.5,
      -164.5, 23.5, 196.5, 200.5, -112.5, -16.5, 144.5, 240.5, -76.5, -72.5, 108.5, 296.5,
      -132.5, 23.5, 228.5, 200.5, -80.5, -16.5, 176.5, 240.5, -44.5, -72.5, 140.5, 296.5,
      -100.5, 23.5, 260.5, 200.5, -48.5, -16.5, 208.5, 240.5, -12.5, -72.5, 172.5, 296.5,
      -164.5, 55.5, 196.5, 232.5, -112.5, 15.5, 144.5, 272.5, -76.5, -40.5, 108.5, 328.5,
      -132.5, 55.5, 228.5, 232.5, -80.5, 15.5, 176.5, 272.5, -44.5, -40.5, 140.5, 328.5,
      -100.5, 55.5, 260.5, 232.5, -48.5, 15.5, 208.5, 272.5, -12.5, -40.5, 172.5, 328.5]),
]


def iota_ref(g, name, shape, et):
    """std::iota over a tensor of `shape` as IR: Range(0, n, 1) in f32 -> Reshape (-> Convert to et)."""
    n = int(np.prod(shape))
    (r,) = g.op(f"{name}_range", "Range", "opset4", [("output_type", "f32")],
                [g.const(f"{name}_start", "f32", 0.0), g.const(f"{name}_stop", "f32", float(n)),
                 g.const(f"{name}_step", "f32", 1.0)], [("f32", [n], None)])
    (r,) = g.op(f"{name}_reshape", "Reshape", "opset1", [("special_zero", False)],
                [r, g.const(f"{name}_shape", "i64", shape)], [("f32", shape, None if et != "f32" else name)])
    if et != "f32":
        (r,) = g.op(f"{name}_convert", "Convert", "opset1", [("destination_type", et)], [r], [(et, shape, name)])
    return r


def gen_ed_prior_grid():
    for i, (flat, h, w, stride, pri, fshape, oshape, y) in enumerate(PGG_VECS, 1):
        partial = int(np.prod(oshape)) > len(y)
        for et in (("f32",) if partial else FLOATS):
            name = f"epriorgridgenerator_{i}_{et}"
            g = W.Graph(name)
            pr = arr(pri, et, [3, 4])
            # the test fills feature map and image with iota (values the op never reads, only their shapes):
            # reproduced in the IR as Range -> Reshape (-> Convert) to keep the case small
            refs = [g.param("priors", et, [3, 4]), iota_ref(g, "feature_map", fshape, et),
                    iota_ref(g, "im_data", [1, 3, 100, 200], et)]
            attrs = [("flatten", flat), ("h", h), ("w", w), ("stride_x", repr(stride)), ("stride_y", repr(stride))]
            ya = arr(y, et)
            if not partial:
                (o,) = g.op("node", "ExperimentalDetectronPriorGridGenerator", "opset6", attrs, refs,
                            [(et, oshape, "rois")])
                ya = ya.reshape(oshape)
                note = ""
            else:
                (o,) = g.op("node", "ExperimentalDetectronPriorGridGenerator", "opset6", attrs, refs,
                            [(et, oshape, None)])
                n = len(y) // 4
                shp = g.const("shape", "i64", [-1, 4])
                (r,) = g.op("flat", "Reshape", "opset1", [("special_zero", False)], [o, shp],
                            [(et, [int(np.prod(oshape)) // 4, 4], None)])
                (o,) = g.op("prefix", "Slice", "opset8", None,
                            [r, g.const("start", "i64", [0]), g.const("stop", "i64", [n]),
                             g.const("step", "i64", [1]), g.const("axes", "i64", [0])], [(et, [n, 4], "rois")])
                ya = ya.reshape(n, 4)
                note = (f"; the test compares only the first {len(y)} output values (the h x w = {h} x {w} grid the "
                        f"attributes ask for; the {oshape} output follows the feature map), so the IR reshapes the "
                        "output to rows of 4 and slices those rows off (f32 only)")
            g.result(o, "rois")
            W.write_case(SOURCE, name, g, {"priors": pr},
                         [{"name": "rois", "array": ya, "compare": "close", "atol": 1e-2, "rtol": 1e-2}],
                         origin("experimental_detectron_detection_prior_grid.cpp", PGG_C, f"vector #{i}"),
                         f"ExperimentalDetectronPriorGridGenerator-6 template vector #{i} ({et}): flatten {flat}, h {h}, "
                         f"w {w}, stride {stride}, feature map {fshape} (iota); legacy_compare threshold 1e-2" + note,
                         "ExperimentalDetectronPriorGridGenerator-6")
            COUNTS["epriorgridgenerator"] = COUNTS.get("epriorgridgenerator", 0) + 1


def gen_ed_topk():
    vecs = [([2, 4], [1, 1, 3, 4, 2, 1, 5, 7], [0.5, 0.3], 1, [1, 1, 3, 4]),
            ([4, 4], [1, 1, 4, 5, 3, 2, 7, 9, 10, 15, 13, 17, 13, 10, 18, 15], [0.1, 0.7, 0.5, 0.9], 2,
             [13, 10, 18, 15, 3, 2, 7, 9])]
    for et in FLOATS:
        for i, (shp, rois, probs, k, y) in enumerate(vecs, 1):
            case(f"etopkrois_{i}_{et}", "ExperimentalDetectronTopKROIs", "opset6", [("max_rois", k)],
                 [("rois", arr(rois, et, shp)), ("probs", arr(probs, et))], [("out", arr(y, et, [k, 4]), "exact")],
                 origin("experimental_detectron_topkrois.cpp", TOPK_C, f"experimental_detectron_topk_rois_eval #{i}"),
                 f"ExperimentalDetectronTopKROIs-6 template vector #{i} ({et}): max_rois {k}")


# ------------------------------------------------------------------------------------------ PSROIPooling
PSROI_C = "2bfcf1a00d38396e3d5f2815bc9b6097ebeebe5d"
# (channels, group, bins_x, bins_y, boxes, scale, mode, coords, expected)
PSROI_VECS = [
    (8, 2, 1, 1, 3, 1.0, "average", [0, 1, 2, 4, 6, 1, 0, 3, 10, 4, 0, 10, 7, 11, 13],
     [6.2499962, 46.44986, 90.249184, 130.44876, 166.25095, 206.45341, 250.25606, 290.45853,
      326.36069, 366.86316, 408.36572, 448.86816, 486.37045, 526.86841, 568.35828, 608.84839,
      18.100033, 58.199684, 104.09898, 144.1996, 178.10167, 218.20412, 264.1069, 304.20935]),
    (8, 2, 1, 1, 4, 0.2, "average", [0, 5, 10, 20, 30, 0, 0, 15, 50, 20, 1, 50, 35, 55, 65, 1, 0, 60, 5, 70],
     [6.24999619, 46.399868, 90.2491837, 130.398758, 166.250946, 206.403397, 250.256058,
      290.408508, 6.34999657, 46.8498573, 87.3492432, 127.848656, 166.350952, 206.853409,
      247.355896, 287.858368, 338.11142, 378.163879, 424.116669, 464.169128, 498.121185,
      538.165649, 584.104431, 624.144653, 345.111847, 385.164307, 427.116852, 467.169312,
      505.121613, 545.16394, 587.103699, 627.143921]),
    (12, 3, 2, 3, 5, 1.0, "bilinear",
     [0, 0.1, 0.2, 0.7, 0.4, 1, 0.4, 0.1, 0.9, 0.3, 0, 0.5, 0.7, 0.7, 0.9, 1, 0.15, 0.3, 0.65, 0.35, 0, 0.0, 0.2, 0.7,
      0.8],
     [210.71394, 210.99896, 211.28398, 211.98065, 212.26567, 212.55066, 213.24738, 213.53239, 213.8174,
      250.71545, 251.00047, 251.28548, 251.98218, 252.2672, 252.5522, 253.2489, 253.53392, 253.81892,
      687.40869, 687.64606, 687.88354, 688.67511, 688.91254, 689.14996, 689.94147, 690.17896, 690.41644,
      727.40021, 727.6377, 727.87518, 728.66669, 728.90405, 729.14154, 729.93292, 730.17041, 730.4079,
      230.28471, 230.3797, 230.47472, 231.55144, 231.64642, 231.74141, 232.81813, 232.91313, 233.00813,
      270.28638, 270.38141, 270.47641, 271.5531, 271.64813, 271.74313, 272.81985, 272.91486, 273.00986,
      692.63281, 692.87018, 693.1076, 692.94928, 693.18683, 693.42426, 693.26593, 693.50342, 693.74078,
      732.62402, 732.86139, 733.09888, 732.94049, 733.17804, 733.41547, 733.25714, 733.49463, 733.73199,
      215.63843, 215.97093, 216.30345, 219.43855, 219.77106, 220.10358, 223.23871, 223.57123, 223.90375,
      255.63994, 255.97246, 256.30496, 259.44009, 259.77261, 260.10513, 263.2403, 263.57281, 263.9053]),
    (12, 4, 2, 3, 6, 0.5, "bilinear",
     [0, 0.1, 0.2, 0.7, 0.4, 0, 0.5, 0.7, 1.2, 1.3, 0, 1.0, 1.3, 1.2, 1.8,
      1, 0.5, 1.1, 0.7, 1.44, 1, 0.2, 1.1, 0.5, 1.2, 1, 0.34, 1.3, 1.15, 1.35],
     [205.40955, 205.50456, 205.59955, 205.69453, 205.83179, 205.9268, 206.0218, 206.11681, 206.25403,
      206.34901, 206.44403, 206.53905, 206.67627, 206.77126, 206.86627, 206.96129, 245.41107, 245.50606,
      245.60106, 245.69604, 245.8333, 245.9283, 246.02327, 246.1183, 246.25554, 246.35052, 246.44556,
      246.54054, 246.67778, 246.77277, 246.86775, 246.96278, 217.84717, 217.95801, 218.06885, 218.17969,
      219.11389, 219.22473, 219.33557, 219.44641, 220.3806, 220.49144, 220.60228, 220.71312, 221.64732,
      221.75816, 221.86897, 221.97981, 257.84872, 257.95956, 258.0704, 258.18124, 259.11545, 259.22629,
      259.33713, 259.44797, 260.38217, 260.49301, 260.60385, 260.71469, 261.6489, 261.75974, 261.87057,
      261.98141, 228.9705, 229.00215, 229.03383, 229.06549, 230.02608, 230.05774, 230.08943, 230.12109,
      231.08168, 231.11334, 231.14502, 231.1767, 232.13728, 232.16895, 232.20062, 232.23228, 268.97217,
      269.00385, 269.03549, 269.06717, 270.02777, 270.05945, 270.09109, 270.12277, 271.08337, 271.11502,
      271.1467, 271.17838, 272.13901, 272.17065, 272.2023, 272.23398, 703.65057, 703.68219, 703.71387,
      703.74554, 704.36816, 704.39984, 704.43146, 704.4632, 705.08575, 705.11749, 705.14911, 705.18085,
      705.80347, 705.83514, 705.86676, 705.89844, 743.64136, 743.67291, 743.70459, 743.73633, 744.35889,
      744.39056, 744.42218, 744.45392, 745.07648, 745.10815, 745.13983, 745.17157, 745.79413, 745.82574,
      745.85742, 745.8891, 701.86963, 701.91724, 701.9646, 702.01221, 702.08081, 702.12823, 702.17578,
      702.22321, 702.29181, 702.33936, 702.38678, 702.43433, 702.50293, 702.55035, 702.5979, 702.64545,
      741.86041, 741.90796, 741.95538, 742.00293, 742.07153, 742.11896, 742.1665, 742.21405, 742.28253,
      742.33008, 742.3775, 742.42505, 742.49365, 742.54108, 742.58862, 742.63617, 705.60645, 705.73468,
      705.86298, 705.99115, 705.71198, 705.84027, 705.96844, 706.09668, 705.81757, 705.94574, 706.07397,
      706.20215, 705.9231, 706.05127, 706.1795, 706.3078, 745.59698, 745.72534, 745.85352, 745.98169,
      745.70264, 745.83081, 745.95898, 746.08722, 745.80811, 745.93628, 746.06451, 746.19269, 745.91364,
      746.04181, 746.1701, 746.29834]),
]


def psroi_image(n):
    """The test's generator: a float accumulator `val += 0.1` (the sum in double, stored as float)."""
    out = np.empty(n, dtype=np.float32)
    v = np.float32(0)
    for i in range(n):
        v = np.float32(float(v) + 0.1)
        out[i] = v
    return out


def gen_psroi():
    for i, (ch, grp, bx, by, nb, sc, mode, coords, y) in enumerate(PSROI_VECS, 1):
        odim = ch // (bx * by) if mode == "bilinear" else ch // (grp * grp)
        img = psroi_image(2 * ch * 20 * 20).reshape(2, ch, 20, 20)
        for et in FLOATS:
            attrs = [("output_dim", odim), ("group_size", grp), ("spatial_scale", repr(sc)), ("spatial_bins_x", bx),
                     ("spatial_bins_y", by), ("mode", mode)]
            case(f"psroipooling_{i}_{mode}_{et}", "PSROIPooling", "opset1", attrs,
                 [("image", img.astype(W.NP[et])), ("coords", arr(coords, et, [nb, 5]))],
                 [("out", arr(y, et, [nb, odim, grp, grp]))], origin("psroi_pooling.cpp", PSROI_C, f"vector #{i}"),
                 f"PSROIPooling-1 template vector #{i} ({et}): {mode}, {ch} channels, group {grp}, bins {bx}x{by}, "
                 f"scale {sc}; image [2,{ch},20,20] from the test's accumulator 0.1, 0.2, ...; legacy_compare "
                 "threshold 1e-2", tol=(1e-2, 1e-2))


# ------------------------------------------------------------------------------------------ ROIFeatureExtractor
RFE_C = "0eab13512ac60a1aace86027d05b516c6ca521d2"


def gen_ed_roi_feature():
    y = [1.416667, 1.75, 2.083333, 2.416667, 2.75, 3.083333, 3.166667, 3.5, 3.833333,
         7.416667, 7.75, 8.083333, 8.416667, 8.75, 9.083334, 9.166666, 9.5, 9.833334,
         4.166667, 4.5, 4.833333, 4.166667, 4.5, 4.833333, 2.083333, 2.25, 2.416667,
         10.16667, 10.5, 10.83333, 10.16667, 10.5, 10.83333, 5.083333, 5.25, 5.416667]
    for et in ("f32", "f16"):
        attrs = [("output_size", 3), ("sampling_ratio", 2), ("pyramid_scales", [4]), ("aligned", False)]
        case(f"eroifeatureextractor_{et}", "ExperimentalDetectronROIFeatureExtractor", "opset6", attrs,
             [("rois", arr(range(8), et, [2, 4])), ("level0", arr(range(12), et, [1, 2, 2, 3]))],
             [("features", arr(y, et, [2, 2, 3, 3])), ("rois_out", arr(range(8), et, [2, 4]))],
             origin("experimental_detectron_roi_feature_extractor.cpp", RFE_C,
                    f"experimental_detectron_roi_feature_eval_{et}"),
             f"ExperimentalDetectronROIFeatureExtractor-6 template vector ({et}): output_size 3, sampling_ratio 2, "
             "pyramid_scales [4], aligned false; threshold 1e-2", tol=(1e-2, 1e-2))


# ------------------------------------------------------------------------------------------ EDGenerateProposals
EGP_C = "223477ddf98740423de549d374867b14604e12e5"
EGP2_ANCHORS = [
    12.0, 68.0, 102.0, 123.0, 46.0, 80.0, 79.0, 128.0, 33.0, 71.0, 127.0, 86.0, 33.0, 56.0, 150.0,
    73.0, 5.0, 41.0, 93.0, 150.0, 74.0, 66.0, 106.0, 115.0, 17.0, 37.0, 87.0, 150.0, 31.0, 27.0,
    150.0, 39.0, 29.0, 23.0, 112.0, 123.0, 41.0, 37.0, 103.0, 150.0, 8.0, 46.0, 98.0, 111.0, 7.0,
    69.0, 114.0, 150.0, 70.0, 21.0, 150.0, 125.0, 54.0, 19.0, 132.0, 68.0, 62.0, 8.0, 150.0, 101.0,
    57.0, 81.0, 150.0, 97.0, 79.0, 29.0, 109.0, 130.0, 12.0, 63.0, 100.0, 150.0, 17.0, 33.0, 113.0,
    150.0, 90.0, 78.0, 150.0, 111.0, 47.0, 68.0, 150.0, 71.0, 66.0, 103.0, 111.0, 150.0, 4.0, 17.0,
    112.0, 94.0, 12.0, 8.0, 119.0, 98.0, 54.0, 56.0, 120.0, 150.0, 56.0, 29.0, 150.0, 31.0, 42.0,
    3.0, 139.0, 92.0, 41.0, 65.0, 150.0, 130.0, 49.0, 13.0, 143.0, 30.0, 40.0, 60.0, 150.0, 150.0,
    23.0, 73.0, 24.0, 115.0, 56.0, 84.0, 107.0, 108.0, 63.0, 8.0, 142.0, 125.0, 78.0, 37.0, 93.0,
    144.0, 40.0, 34.0, 150.0, 46.0, 30.0, 21.0, 150.0, 120.0]
EGP2_DELTAS = [
    9.062256, 10.883133, 9.8441105, 12.694285, 0.41781136, 8.749107, 14.990341, 6.587644,
    1.4206103, 13.299262, 12.432549, 2.736371, 0.22732796, 6.3361835, 12.268727, 2.1009045,
    4.771589, 2.5131326, 5.610736, 9.3604145, 4.27379, 8.317948, 0.60510135, 6.7446275,
    1.0207708, 1.1352817, 1.5785321, 1.718335, 1.8093798, 0.99247587, 1.3233583, 1.7432803,
    1.8534478, 1.2593061, 1.7394226, 1.7686696, 1.647999, 1.7611449, 1.3119122, 0.03007332,
    1.1106564, 0.55669737, 0.2546148, 1.9181818, 0.7134989, 2.0407224, 1.7211134, 1.8565536,
    14.562747, 2.8786168, 0.5927796, 0.2064463, 7.6794515, 8.672126, 10.139171, 8.002429,
    7.002932, 12.6314945, 10.550842, 0.15784842, 0.3194304, 10.752157, 3.709805, 11.628928,
    0.7136225, 14.619964, 15.177284, 2.2824087, 15.381494, 0.16618137, 7.507227, 11.173228,
    0.4923559, 1.8227729, 1.4749299, 1.7833921, 1.2363617, -0.23659119, 1.5737582, 1.779316,
    1.9828427, 1.0482665, 1.4900246, 1.3563544, 1.5341306, 0.7634312, 4.6216766e-05, 1.6161222,
    1.7512476, 1.9363779, 0.9195784, 1.4906164, -0.03244795, 0.681073, 0.6192401, 1.8033613,
    14.146055, 3.4043705, 15.292292, 3.5295358, 11.138999, 9.952057, 5.633434, 12.114562,
    9.427372, 12.384038, 9.583308, 8.427233, 15.293704, 3.288159, 11.64898, 9.350885,
    2.0037227, 13.523184, 4.4176426, 6.1057625, 14.400079, 8.248259, 11.815807, 15.713364,
    1.0023532, 1.3203261, 1.7100681, 0.7407832, 1.09448, 1.7188418, 1.4412547, 1.4862992,
    0.74790007, 0.31571656, 0.6398838, 2.0236106, 1.1869069, 1.7265586, 1.2624544, 0.09934269,
    1.3508598, 0.85212964, -0.38968498, 1.7059708, 1.6533034, 1.7400402, 1.8123854, -0.43063712]
EGP2_SCORES = [0.7719922, 0.35906568, 0.29054508, 0.18124384, 0.5604661, 0.84750974,
               0.98948747, 0.009793862, 0.7184191, 0.5560748, 0.6952493, 0.6732593,
               0.3306898, 0.6790913, 0.41128764, 0.34593266, 0.94296855, 0.7348507,
               0.24478768, 0.94024557, 0.05405676, 0.06466125, 0.36244348, 0.07942984,
               0.10619422, 0.09412837, 0.9053611, 0.22870538, 0.9237487, 0.20986171,
               0.5067282, 0.29709867, 0.53138554, 0.189101, 0.4786443, 0.88421875]


def gen_ed_generate_proposals():
    sc1 = [1.0] * 36
    sc1[0], sc1[20], sc1[34] = 5.0, 4.0, 8.0
    vecs = [("eval", [1, 1, 1], [1.0] * 144, [1.0] * 144, sc1, [0.0] * 24, [8, 5, 4, 1, 1, 1]),
            ("eval_2", [150, 150, 1], EGP2_ANCHORS, EGP2_DELTAS, EGP2_SCORES,
             [149, 149, 149, 149, 149, 0, 149, 149, 149, 60.87443542480469, 149, 149, 149, 61.89498901367188, 149,
              149, 149, 149, 149, 149, 149, 149, 149, 149],
             [0.9894874691963196, 0.9429685473442078, 0.9402455687522888, 0.9237486720085144, 0.9053611159324646,
              0.8842187523841858])]
    attrs = [("min_size", "0"), ("nms_threshold", repr(0.699999988079071)), ("post_nms_count", 6),
             ("pre_nms_count", 1000)]
    for nm, info, anchors, deltas, scores, rois, rscores in vecs:
        for et in ("f32", "f16"):
            case(f"egenerateproposals_{nm}_{et}", "ExperimentalDetectronGenerateProposalsSingleImage", "opset6", attrs,
                 [("im_info", arr(info, et)), ("anchors", arr(anchors, et, [36, 4])),
                  ("deltas", arr(deltas, et, [12, 2, 6])), ("scores", arr(scores, et, [3, 2, 6]))],
                 [("rois", arr(rois, et, [6, 4])), ("rois_scores", arr(rscores, et))],
                 origin("experimental_detectron_generate_proposals.cpp", EGP_C, nm),
                 f"ExperimentalDetectronGenerateProposalsSingleImage-6 template vector {nm} ({et}): 3 anchors on 2x6, "
                 "nms 0.7, post_nms_count 6; threshold 1e-2", tol=(1e-2, 1e-2))


# ------------------------------------------------------------------------------------------ GridSample
GS_C = "0d1b53608ca63220e5a18d54f9c0518a01869a3e"
_GS_D35 = list(range(1, 16))
_GS_D46 = list(range(1, 25))
_GS_INNER = [-0.1, -0.1, -0.1, 0.1, 0.1, -0.1, 0.1, 0.1, -0.5, -0.5, -0.5, 0.5, 0.5, -0.5, 0.5, 0.5,
             -1., -1., -1., 1., 1., -1., 1., 1.]
_GS_OUTER = [-10.1, -9.7, -7.55, 0.37, -77., 11.56, 0.5, 2.55, 1.7, 1.1, 3., -0.17, 1.301, -1.001]
_GS_EVEN = [-0.5, -0.5, -0.5, 0.5, 0.5, -0.5, 0.5, 0.5, -1, 1, 1, -1, -0.1, -0.1, 0.1, 0.1]
_GS_BC_DATA = [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 1, 1, 2, 3, 5, 3, 2, 1, 1, 2, 5, 9, 5, 2, 1]
_GS_BC_GRID = [-0.1, -0.1, -0.1, 0.1, 0.1, -0.1, 0.1, 0.1, -0.5, -0.5, -0.5, 0.5, 0.5, -0.5, 0.5, 0.5,
               -0.9, -0.9, -0.9, 0.9, 0.9, -0.9, 0.9, 0.9, -1.75, 0.7, 1.33, -1.11, 0.965, 1.007, 21, 37]
_BIL_IN_AL = [7.3, 8.3, 7.7, 8.7, 4.5, 9.5, 6.5, 11.5, 1, 11, 5, 15]
_BIL_IN_NA = [7, 8.5, 7.5, 9, 3, 10.5, 5.5, 13, 1, 11, 5, 15]
_BIL_EV_AL = [6.75, 15.75, 9.25, 18.25, 19, 6, 11.35, 13.65]
# group -> (data shape, data, grid shape, grid, out shape, [(name, align, mode, padding, expected)])
GS_GROUPS = {
    "odd_inner_nearest": ([1, 1, 3, 5], _GS_D35, [1, 3, 4, 2], _GS_INNER, [1, 1, 3, 4],
                          [(f"nearest_{p}_{'align' if a else 'noalign'}_odd_dims_inner", a, "nearest", p,
                            [8, 8, 8, 8, 2, 12, 4, 14, 1, 11, 5, 15])
                           for p in ("zeros", "border", "reflection") for a in (False, True)]),
    "even_nearest": ([1, 1, 4, 6], _GS_D46, [1, 1, 8, 2], _GS_EVEN, [1, 1, 1, 8],
                     [(f"nearest_{p}_{'align' if a else 'noalign'}_even_dims_inner", a, "nearest", p,
                       [8, 14, 11, 17, 19, 6, 9, 16] if a else
                       ([2, 14, 5, 17, 0, 0, 9, 16] if p == "zeros" else [2, 14, 5, 17, 19, 6, 9, 16]))
                      for p in ("zeros", "border", "reflection") for a in (False, True)]),
    "odd_inner_bilinear": ([1, 1, 3, 5], _GS_D35, [1, 3, 4, 2], _GS_INNER, [1, 1, 3, 4], [
        ("bilinear_zeros_noalign_odd_dims_inner", False, "bilinear", "zeros",
         [7, 8.5, 7.5, 9, 3, 10.5, 5.5, 13, 0.25, 2.75, 1.25, 3.75]),
        ("bilinear_zeros_align_odd_dims_inner", True, "bilinear", "zeros", _BIL_IN_AL),
        ("bilinear_border_noalign_odd_dims_inner", False, "bilinear", "border", _BIL_IN_NA),
        ("bilinear_border_align_odd_dims_inner", True, "bilinear", "border", _BIL_IN_AL),
        ("bilinear_reflection_noalign_odd_dims_inner", False, "bilinear", "reflection", _BIL_IN_NA),
        ("bilinear_reflection_align_odd_dims_inner", True, "bilinear", "reflection", _BIL_IN_AL)]),
    "odd_outer_bilinear": ([1, 1, 3, 5], _GS_D35, [1, 1, 7, 2], _GS_OUTER, [1, 1, 1, 7], [
        ("bilinear_zeros_noalign_odd_dims_outer", False, "bilinear", "zeros", [0] * 7),
        ("bilinear_zeros_align_odd_dims_outer", True, "bilinear", "zeros", [0, 0, 0, 0, 0, 0, 1.9880099]),
        ("bilinear_border_noalign_odd_dims_outer", False, "bilinear", "border", [1, 8.775, 11, 14.25, 15, 8.725, 5]),
        ("bilinear_border_align_odd_dims_outer", True, "bilinear", "border", [1, 7.85, 11, 14, 15, 9.15, 5]),
        ("bilinear_reflection_noalign_odd_dims_outer", False, "bilinear", "reflection",
         [5.9999995, 11.9, 2.7000031, 5.1250005, 13.75, 4.725, 4.7475]),
        ("bilinear_reflection_align_odd_dims_outer", True, "bilinear", "reflection",
         [6.7, 10.75, 3.800002, 6.25, 13.099999, 5.15, 4.4030004])]),
    "even_bilinear": ([1, 1, 4, 6], _GS_D46, [1, 1, 8, 2], _GS_EVEN, [1, 1, 1, 8], [
        ("bilinear_zeros_noalign_even_dims_inner", False, "bilinear", "zeros", [5, 17, 8, 20, 4.75, 1.5, 11, 14]),
        ("bilinear_zeros_align_even_dims_inner", True, "bilinear", "zeros", _BIL_EV_AL),
        ("bilinear_border_noalign_even_dims_inner", False, "bilinear", "border", [5, 17, 8, 20, 19, 6, 11, 14]),
        ("bilinear_border_align_even_dims_inner", True, "bilinear", "border", _BIL_EV_AL),
        ("bilinear_reflection_noalign_even_dims_inner", False, "bilinear", "reflection",
         [5, 17, 8, 20, 19, 6, 11, 14]),
        ("bilinear_reflection_align_even_dims_inner", True, "bilinear", "reflection", _BIL_EV_AL)]),
    "bicubic": ([1, 1, 4, 7], _GS_BC_DATA, [1, 4, 4, 2], _GS_BC_GRID, [1, 1, 4, 4], [
        ("bicubic_zeros_noalign", False, "bicubic", "zeros",
         [2.6663566, 3.527928, 2.6663566, 3.527928, 1.6318359, 2.7156982, 1.6318359, 2.7156982,
          0.6378987, 0.57033366, 0.6378987, 0.57033366, 0, -0.01507522, 0.25528803, 0]),
        ("bicubic_zeros_align", True, "bicubic", "zeros",
         [2.7887204, 3.4506166, 2.7887204, 3.4506166, 1.8481445, 2.7364502, 1.8481445, 2.7364502,
          1.2367951, 1.3602872, 1.2367951, 1.3602872, 0, 0.00650583, 1.1182348, 0]),
        ("bicubic_border_noalign", False, "bicubic", "border",
         [2.6663566, 3.527928, 2.6663566, 3.527928, 1.5380859, 2.4677734, 1.5380859, 2.4677734,
          1.0089612, 0.91871876, 1.0089612, 0.91871876, 1, 1, 0.8902873, 1]),
        ("bicubic_border_align", True, "bicubic", "border",
         [2.7887204, 3.4506166, 2.7887204, 3.4506166, 1.8129883, 2.623291, 1.8129883, 2.623291,
          1.0363026, 1.1486388, 1.0363026, 1.1486388, 1, 1.0000064, 1.0641243, 1]),
        ("bicubic_reflection_noalign", False, "bicubic", "reflection",
         [2.6663566, 3.527928, 2.6663566, 3.527928, 1.5380859, 2.4677734, 1.5380859, 2.4677734,
          1.0150609, 0.904375, 1.0150609, 0.904375, 5.48851, 0.898316, 0.8237547, 0.8125]),
        ("bicubic_reflection_align", True, "bicubic", "reflection",
         [2.7887204, 3.4506166, 2.7887204, 3.4506166, 1.7745361, 2.6518555, 1.7745361, 2.6518555,
          1.0085088, 1.0307077, 1.0085088, 1.0307077, 5.5649586, 1.0553409, 1.0011607, 1])]),
    "bicubic_batches": ([2, 2, 4, 3], list(range(1, 49)), [2, 2, 4, 2], _GS_BC_GRID, [2, 2, 2, 4], [
        ("bicubic_border_align_batches", True, "bicubic", "border",
         [6.0096254, 6.7048755, 6.2951245, 6.9903746, 3.4101562, 8.402344, 4.5976562, 9.589844,
          18.009624, 18.704876, 18.295124, 18.990376, 15.410156, 20.402344, 16.597656, 21.589844,
          25.415281, 33.735218, 27.26478, 35.58472, 32.884, 26.852259, 35.996872, 36.,
          37.41528, 45.735218, 39.264782, 47.58472, 44.884, 38.852257, 47.996872, 48.]),
        ("bicubic_reflection_noalign_batches", False, "bicubic", "reflection",
         [5.8170314, 6.7650313, 6.2349687, 7.182969, 2.4101562, 8.972656, 4.0273438, 10.589844,
          17.81703, 18.765032, 18.234968, 19.18297, 14.410156, 20.972656, 16.027344, 22.589844,
          24.356874, 34.301876, 26.698126, 36.643124, 34.304035, 26.55013, 36.74749, 36.75,
          36.356876, 46.301876, 38.698124, 48.643124, 46.304035, 38.55013, 48.74749, 48.75])]),
    "data1x1": ([1, 1, 1, 1], [7], [1, 1, 5, 2], [1, -1, 0, 0, -1, 0, 0.5, 0.5, 2, -4], [1, 1, 1, 5], [
        ("bilinear_zeros_no_align_data1x1", False, "bilinear", "zeros", [1.75, 7, 3.5, 3.9375, 0]),
        ("nearest_zeros_no_align_data1x1", False, "nearest", "zeros", [7, 7, 7, 7, 0]),
        ("bicubic_zeros_no_align_data1x1", False, "bicubic", "zeros", [2.4677734, 7, 4.15625, 5.4073334, 0]),
        ("bicubic_zeros_align_data1x1", True, "bicubic", "zeros", [7] * 5),
        ("bilinear_reflection_noalign_data1x1", False, "bilinear", "reflection", [7] * 5),
        ("nearest_border_align_data1x1", True, "nearest", "border", [7] * 5)]),
}
GS_TYPES = {"bicubic": [("f32", "f32"), ("f64", "f32"), ("f16", "f32")], "data1x1": [("f32", "f32"), ("f32", "f16")]}


def gen_grid_sample():
    for grp, (dsh, data, gsh, grid, osh, vecs) in GS_GROUPS.items():
        for det, get in GS_TYPES.get(grp, [("f32", "f32"), ("f32", "f16"), ("f16", "f32")]):
            for nm, align, mode, pad, y in vecs:
                case(f"gridsample_{nm}_{det}_{get}", "GridSample", "opset9",
                     [("align_corners", align), ("mode", mode), ("padding_mode", pad)],
                     [("data", arr(data, det, dsh)), ("grid", arr(grid, get, gsh))], [("out", arr(y, det, osh))],
                     origin("grid_sample.cpp", GS_C, f"{nm}_data_et_{det}_grid_et_{get}"),
                     f"GridSample-9 template vector {nm} (data {det}, grid {get}); threshold 1e-2", tol=(1e-2, 1e-2))


# ------------------------------------------------------------------------------------------ GenerateProposals-9
GP9_C = "2bfcf1a00d38396e3d5f2815bc9b6097ebeebe5d"
GP9_DELTAS3 = [
    0.5337073, 0.86607957, 0.55151343, 0.21626699, 0.4462629, 0.03985678, 0.5157072,
    0.9932138, 0.7565954, 0.43803605, 0.802818, 0.14834064, 0.53932905, 0.14314,
    0.3817048, 0.95075196, 0.05516243, 0.2567484, 0.25508744, 0.77438325, 0.43561,
    0.2094628, 0.8299043, 0.44982538, 0.95615596, 0.5651084, 0.11801951, 0.05352486,
    0.9774733, 0.14439464, 0.62644225, 0.14370479, 0.54161614, 0.557915, 0.53102225,
    0.0840179, 0.7249888, 0.9843559, 0.5490522, 0.53788143, 0.822474, 0.3278008,
    0.39688024, 0.3286012, 0.5117038, 0.04743988, 0.9408995, 0.29885054, 0.81039643,
    0.85277915, 0.06807619, 0.86430097, 0.36225632, 0.16606331, 0.5401001, 0.7541649,
    0.11998601, 0.5131829, 0.40606487, 0.327888, 0.27721855, 0.6378373, 0.22795396,
    0.4961256, 0.3215895, 0.15607187, 0.14782153, 0.8908137, 0.8835288, 0.834191,
    0.29907143, 0.7983525, 0.755875, 0.30837986, 0.0839176, 0.26624718, 0.04371626,
    0.09472824, 0.20689541, 0.37622106, 0.1083321, 0.1342548, 0.05815459, 0.7676379,
    0.8105144, 0.92348766, 0.26761323, 0.7183306, 0.8947588, 0.19020908, 0.42731014,
    0.7473663, 0.85775334, 0.9340091, 0.3278848, 0.755993, 0.05307213, 0.39705503,
    0.21003333, 0.5625373, 0.66188884, 0.80521655, 0.6125863, 0.44678232, 0.97802377,
    0.0204936, 0.02686367, 0.7390654, 0.74631, 0.58399844, 0.5988792, 0.37413648,
    0.5946692, 0.6955776, 0.36377597, 0.7891322, 0.40900692, 0.99139464, 0.50169915,
    0.41435778, 0.17142445, 0.26761186, 0.31591868, 0.14249913, 0.12919712, 0.5418711,
    0.6523203, 0.50259084, 0.7379765, 0.01171071, 0.94423133, 0.00841132, 0.97486794,
    0.2921785, 0.7633071, 0.88477814, 0.03563205, 0.50833166, 0.01354555, 0.535081,
    0.41366324, 0.0694767, 0.9944055, 0.9981207]
GP9_SCORES3 = [0.56637216, 0.90457034, 0.69827306, 0.4353543, 0.47985056, 0.42658508, 0.14516132,
               0.08081771, 0.1799732, 0.9229515, 0.42420176, 0.50857586, 0.82664067, 0.4972319,
               0.3752427, 0.56731623, 0.18241242, 0.33252355, 0.30608943, 0.6572437, 0.69185436,
               0.88646156, 0.36985755, 0.5590753, 0.5256446, 0.03342898, 0.1344396, 0.68642473,
               0.37953874, 0.32575172, 0.21108444, 0.5661886, 0.45378175, 0.62126315, 0.26799858,
               0.37272978]
_GP9_ROIS2 = [149, 149, 149, 149, 149, 0, 149, 149, 149, 60.87443542480469, 149, 149, 149, 61.89498901367188, 149,
              149, 149, 149, 149, 149, 149, 149, 149, 149]
_GP9_SC2 = [0.9894874691963196, 0.9429685473442078, 0.9402455687522888, 0.9237486720085144, 0.9053611159324646,
            0.8842187523841858]


def gen_generate_proposals():
    sc1 = [1.0] * 36
    sc1[0], sc1[20], sc1[34] = 5.0, 4.0, 8.0
    vecs = [("eval", 1, [1, 1, 0], [1.0] * 144, [1.0] * 144, sc1, [1.0] * 24, [8, 5, 4, 1, 1, 1], [6]),
            ("batch_2", 2, [150, 150, 0] * 2, EGP2_ANCHORS, EGP2_DELTAS * 2, EGP2_SCORES * 2, _GP9_ROIS2 * 2,
             _GP9_SC2 * 2, [6, 6]),
            ("eval_2", 1, [200, 200, 4], list(range(144)), GP9_DELTAS3, GP9_SCORES3,
             [4.49132, 4.30537, 8.75027, 8.8035, 0, 1.01395, 4.66909, 5.14337, 135.501, 137.467, 139.81, 141.726,
              47.2348, 47.8342, 52.5503, 52.3864, 126.483, 128.3, 131.625, 133.707],
             [0.826641, 0.566372, 0.559075, 0.479851, 0.267999], [5])]
    for nm, n, info, anchors, deltas, scores, rois, rsc, rnum in vecs:
        for et, rt in (("f32", "i32"), ("f32", "i64"), ("f16", "i32")):
            attrs = [("min_size", "1"), ("nms_threshold", repr(0.699999988079071)), ("post_nms_count", 6),
                     ("pre_nms_count", 1000), ("normalized", True), ("nms_eta", "1"), ("roi_num_type", rt)]
            case(f"generateproposals9_{nm}_{et}_{rt}", "GenerateProposals", "opset9", attrs,
                 [("im_info", arr(info, et, [n, 3])), ("anchors", arr(anchors, et, [2, 6, 3, 4])),
                  ("deltas", arr(deltas, et, [n, 12, 2, 6])), ("scores", arr(scores, et, [n, 3, 2, 6]))],
                 [("rois", arr(rois, et, [len(rois) // 4, 4])), ("rois_scores", arr(rsc, et)),
                  ("roi_num", arr(rnum, rt))],
                 origin("generate_proposals.cpp", GP9_C, nm),
                 f"GenerateProposals-9 template vector {nm} ({et}, roi_num {rt}): batch {n}, 3 anchors on 2x6, "
                 "min_size 1, nms 0.7, post_nms_count 6, normalized; legacy_compare threshold 1e-2",
                 tol=(1e-2, 1e-2), out_dims=[[-1, 4], [-1], None])


# ------------------------------------------------------------------------------------------ CTCLoss
CTCL_C = "223477ddf98740423de549d374867b14604e12e5"
_CTCL_A = [1.41223, 14.1359]
_CTCL_B = [1.41156, 13.2745]
# (collapse, merge, unique, expected)
CTCL_VECS = [(False, False, False, _CTCL_A), (False, False, True, _CTCL_A), (False, True, False, _CTCL_B),
             (True, False, False, _CTCL_A), (False, True, True, _CTCL_B), (True, True, True, [1.41223, 13.2745])]


def gen_ctc_loss():
    for et in ("f32", "f16"):
        for i, (col, mer, uni, y) in enumerate(CTCL_VECS, 1):
            case(f"ctcloss_{i}_{et}", "CTCLoss", "opset4",
                 [("preprocess_collapse_repeated", col), ("ctc_merge_repeated", mer), ("unique", uni)],
                 [("logits", arr([0, 1, 8, 5, 5, 2, 0, 7, 7, 10, 4, 5, 9, 0, 0, 5, 7, 0], et, [2, 3, 3])),
                  ("logit_length", arr([3, 3], "i32")), ("labels", arr([0, 1, 2, 1, 1, 1], "i32", [2, 3])),
                  ("label_length", arr([2, 1], "i32")), ("blank_index", np.array(2, dtype=np.int32))],
                 [("loss", arr(y, et))], origin("ctc_loss.cpp", CTCL_C, f"smoke_CTCLoss_With_Hardcoded_Refs #{i}"),
                 f"CTCLoss-4 template vector #{i} ({et}): collapse {col}, merge {mer}, unique {uni}; threshold 1e-2",
                 tol=(1e-2, 1e-2))


# ------------------------------------------------------------------------------------------ MatrixNms
MNMS_C = "1926139b2be81a7d83fa4336094aaaa9a7b8db95"
_MS2 = [0.9, 0.75, 0.6, 0.95, 0.5, 0.3, 0.95, 0.75, 0.6, 0.80, 0.5, 0.3]
_M_OUT3 = [1.00, 0.95, 0.00, 0.00, 1.00, 1.00, 1.00, 0.8, 0.00, 10.00, 1.00, 11.00, 1.00, 0.13636364, 0.0, 0.1, 1.0,
           1.1]
# (name, sort, across, score_thr, nms_top_k, keep_top_k, background, decay, post_thr, boxes shape, boxes,
#  scores shape, scores, selected outputs, indices, valid)
MNMS_VECS = [
    ("matrix_nms_output_type_i64", "score", False, 0.0, 3, -1, 0, "linear", 0.0, [1, 6, 4], _NB_STD, [1, 2, 6], _MS2,
     _M_OUT3, [0, 3, 1], [3]),
    ("matrix_nms_output_type_i32", "score", False, 0.0, 3, -1, 0, "linear", 0.0, [1, 6, 4], _NB_STD, [1, 2, 6], _MS2,
     _M_OUT3, [0, 3, 1], [3]),
    ("matrix_nms_gaussian", "score", False, 0.0, 3, -1, 0, "gaussian", 0.0, [1, 6, 4], _NB_STD, [1, 2, 6], _MS2,
     [1.00, 0.95, 0.00, 0.00, 1.00, 1.00, 1.00, 0.8, 0.00, 10.00, 1.00, 11.00, 1.00, 0.1966116, 0.0, 0.1, 1.0, 1.1],
     [0, 3, 1], [3]),
    ("matrix_nms_two_batches_two_classes", "score", False, 0.0, 3, -1, 0, "linear", 0.0, [2, 6, 4], _NB_STD * 2,
     [2, 2, 6], _MS2 * 2, _M_OUT3 * 2, [0, 3, 1, 6, 9, 7], [3, 3]),
    ("matrix_nms_two_batches_two_classes_by_score_cross_batch", "score", True, 0.0, 3, -1, -1, "linear", 0.5,
     [2, 6, 4], _NB_STD * 2, [2, 2, 6], _MS2 * 2,
     [0.00, 0.95, 0.00, 10.00, 1.00, 11.00, 1.00, 0.95, 0.00, 0.00, 1.00, 1.00, 0.00,
      0.95, 0.00, 10.00, 1.00, 11.00, 1.00, 0.95, 0.00, 0.00, 1.00, 1.00, 0.00, 0.90,
      0.00, 0.00, 1.00, 1.00, 0.00, 0.90, 0.00, 0.00, 1.00, 1.00, 1.00, 0.80, 0.00,
      10.00, 1.00, 11.00, 1.00, 0.80, 0.00, 10.00, 1.00, 11.00], [3, 0, 9, 6, 0, 6, 3, 9], [4, 4]),
    ("matrix_nms_two_batches_two_classes_by_classid_cross_batch", "classid", True, 0.0, 3, -1, -1, "linear", 0.5,
     [2, 6, 4], _NB_STD * 2, [2, 2, 6], _MS2 * 2,
     [0.00, 0.95, 0.00, 10.00, 1.00, 11.00, 0.00, 0.90, 0.00, 0.00, 1.00, 1.00, 0.00,
      0.95, 0.00, 10.00, 1.00, 11.00, 0.00, 0.90, 0.00, 0.00, 1.00, 1.00, 1.00, 0.95,
      0.00, 0.00, 1.00, 1.00, 1.00, 0.80, 0.00, 10.00, 1.00, 11.00, 1.00, 0.95, 0.00,
      0.00, 1.00, 1.00, 1.00, 0.80, 0.00, 10.00, 1.00, 11.00], [3, 0, 9, 6, 0, 3, 6, 9], [4, 4]),
    ("matrix_nms_by_keep_top_k", "classid", False, 0.0, 3, 3, 0, "linear", 0.0, [2, 6, 4], _NB_STD * 2, [2, 2, 6],
     _MS2 * 2, _M_OUT3 * 2, [0, 3, 1, 6, 9, 7], [3, 3]),
    ("matrix_nms_background", "score", False, 0.0, 3, -1, -1, "linear", 0.0, [1, 6, 4], _NB_STD, [1, 2, 6], _MS2,
     [0.00, 0.95, 0.0, 10.0, 1.0, 11.0, 1.00, 0.95, 0.0, 0.0, 1.0, 1.0,
      0.00, 0.9, 0.0, 0.0, 1.0, 1.0, 1.00, 0.8, 0.0, 10.0, 1.0, 11.0,
      0.00, 0.13636364, 0.0, 0.1, 1.0, 1.1, 1.00, 0.13636364, 0.0, 0.1, 1.0, 1.1], [3, 0, 0, 3, 1, 1], [6]),
    ("matrix_nms_flipped_coordinates", "score", False, 0.0, 3, -1, -1, "linear", 0.0, [1, 6, 4],
     [1.0, 1.0, 0.0, 0.0, 0.0, 0.1, 1.0, 1.1, 0.0, 0.9, 1.0, -0.1, 0.0, 10.0, 1.0, 11.0, 1.0, 10.1,
      0.0, 11.1, 1.0, 101.0, 0.0, 100.0], [1, 1, 6], _MS2[:6],
     [0.00, 0.95, 0.0, 10.0, 1.0, 11.0, 0.00, 0.9, 1.0, 1.0, 0.0, 0.0, 0.00, 0.75, 0.0, 0.1, 1.0, 1.1], [3, 0, 1], [3]),
    ("matrix_nms_post_threshold", "score", False, 0.0, 3, -1, -1, "linear", 0.8, [1, 6, 4], _NB_STD, [1, 1, 6],
     _MS2[:6], [0.00, 0.95, 0.00, 10.00, 1.00, 11.00, 0.00, 0.9, 0.00, 0.00, 1.00, 1.00], [3, 0], [2]),
    ("matrix_nms_identical_boxes", "score", False, 0.0, 3, -1, -1, "linear", 0.3, [1, 10, 4],
     [0.0, 0.0, 1.0, 1.0] * 10, [1, 1, 10], [0.4, 0.01, 0.2, 0.09, 0.15, 0.05, 0.02, 0.03, 0.05, 0.0],
     [0.00, 0.40, 0.00, 0.00, 1.00, 1.00], [0], [1]),
    ("matrix_nms_nms_top_k", "score", False, 0.0, 2, -1, -1, "linear", 0.0, [1, 6, 4], _NB_STD, [1, 1, 6], _MS2[:6],
     [0.00, 0.95, 0.00, 10.00, 1.00, 11.00, 0.00, 0.90, 0.00, 0.00, 1.00, 1.00], [3, 0], [2]),
    ("matrix_nms_single_box", "score", False, 0.0, 3, -1, -1, "linear", 0.0, [1, 1, 4], [0.0, 0.0, 1.0, 1.0],
     [1, 1, 1], [0.9], [0.00, 0.90, 0.00, 0.00, 1.00, 1.00], [0], [1]),
    ("matrix_nms_no_output", "score", False, 2.0, 3, -1, -1, "linear", 0.0, [1, 6, 4], _NB_STD, [1, 1, 6], _MS2[:6],
     [], [], [0]),
]


def gen_matrix_nms():
    for et in ("f16", "f32"):
        for it in ("i32", "i64"):
            for (nm, sort, across, sth, topk, keep, bg, decay, post, bsh, boxes, ssh, scores, outs, idx,
                 valid) in MNMS_VECS:
                attrs = [("sort_result_type", sort), ("sort_result_across_batch", across), ("output_type", it),
                         ("score_threshold", repr(sth)), ("nms_top_k", topk), ("keep_top_k", keep),
                         ("background_class", bg), ("decay_function", decay), ("gaussian_sigma", "2"),
                         ("post_threshold", repr(post)), ("normalized", True)]
                n = len(idx)
                case(f"matrixnms_{nm[len('matrix_nms_'):]}_{et}_{it}", "MatrixNms", "opset8", attrs,
                     [("boxes", arr(boxes, et, bsh)), ("scores", arr(scores, et, ssh))],
                     [("selected_outputs", arr(outs, et, [n, 6])), ("selected_indices", arr(idx, it, [n, 1])),
                      ("valid_outputs", arr(valid, it))],
                     origin("matrix_nms.cpp", MNMS_C, nm),
                     f"MatrixNms-8 template vector {nm} ({et}, {it}): sort {sort}, across batch {across}, "
                     f"nms_top_k {topk}, keep_top_k {keep}, background {bg}, {decay} decay, post_threshold {post}; "
                     "threshold 1e-2", tol=(1e-2, 1e-2), out_dims=[[-1, 6], [-1, 1], None])


# ------------------------------------------------------------------------------------------ MulticlassNms
MCNMS_C = "60f2208b1af6d2c7833c915803b6ff271bd0520c"
_MC4 = [0.00, 0.95, 0.00, 10.00, 1.00, 11.00, 1.00, 0.95, 0.00, 0.00, 1.00, 1.00, 0.00, 0.90, 0.00, 0.00, 1.00, 1.00,
        1.00, 0.80, 0.00, 10.00, 1.00, 11.00]
_MC4C = [0.00, 0.95, 0.00, 10.00, 1.00, 11.00, 0.00, 0.90, 0.00, 0.00, 1.00, 1.00, 1.00, 0.95, 0.00, 0.00, 1.00, 1.00,
         1.00, 0.80, 0.00, 10.00, 1.00, 11.00]
_MC_TOP2 = [0.00, 0.95, 0.00, 10.00, 1.00, 11.00, 0.00, 0.90, 0.00, 0.00, 1.00, 1.00]
# (name, nms_top_k, iou, score_thr, sort, keep_top_k, background, eta, across, boxes shape, boxes, scores shape,
#  scores, selected outputs, indices, valid)
MCNMS_VECS = [
    ("by_score", 3, 0.5, 0.0, "score", -1, -1, 1.0, False, [1, 6, 4], _NB_STD, [1, 2, 6], _MS2, _MC4, [3, 0, 0, 3],
     [4]),
    ("by_class_id", 3, 0.5, 0.0, "classid", -1, -1, 1.0, False, [1, 6, 4], _NB_STD, [1, 2, 6], _MS2, _MC4C,
     [3, 0, 0, 3], [4]),
    ("output_type_i32", 3, 0.5, 0.0, "classid", -1, -1, 1.0, False, [1, 6, 4], _NB_STD, [1, 2, 6], _MS2, _MC4C,
     [3, 0, 0, 3], [4]),
    ("two_batches_two_classes_by_score", 3, 0.5, 0.0, "score", -1, -1, 1.0, False, [2, 6, 4], _NB_STD * 2, [2, 2, 6],
     _MS2 * 2, _MC4 * 2, [3, 0, 0, 3, 9, 6, 6, 9], [4, 4]),
    ("two_batches_two_classes_by_class_id", 3, 0.5, 0.0, "classid", -1, -1, 1.0, False, [2, 6, 4], _NB_STD * 2,
     [2, 2, 6], _MS2 * 2, _MC4C * 2, [3, 0, 0, 3, 9, 6, 6, 9], [4, 4]),
    ("two_batches_two_classes_by_score_cross_batch", 3, 0.5, 0.0, "score", -1, -1, 1.0, True, [2, 6, 4], _NB_STD * 2,
     [2, 2, 6], _MS2 * 2,
     [0.00, 0.95, 0.00, 10.00, 1.00, 11.00, 1.00, 0.95, 0.00, 0.00, 1.00, 1.00, 0.00,
      0.95, 0.00, 10.00, 1.00, 11.00, 1.00, 0.95, 0.00, 0.00, 1.00, 1.00, 0.00, 0.90,
      0.00, 0.00, 1.00, 1.00, 0.00, 0.90, 0.00, 0.00, 1.00, 1.00, 1.00, 0.80, 0.00,
      10.00, 1.00, 11.00, 1.00, 0.80, 0.00, 10.00, 1.00, 11.00], [3, 0, 9, 6, 0, 6, 3, 9], [4, 4]),
    ("two_batches_two_classes_by_class_id_cross_batch", 3, 0.5, 0.0, "classid", -1, -1, 1.0, True, [2, 6, 4],
     _NB_STD * 2, [2, 2, 6], _MS2 * 2,
     [0.00, 0.95, 0.00, 10.00, 1.00, 11.00, 0.00, 0.90, 0.00, 0.00, 1.00, 1.00, 0.00,
      0.95, 0.00, 10.00, 1.00, 11.00, 0.00, 0.90, 0.00, 0.00, 1.00, 1.00, 1.00, 0.95,
      0.00, 0.00, 1.00, 1.00, 1.00, 0.80, 0.00, 10.00, 1.00, 11.00, 1.00, 0.95, 0.00,
      0.00, 1.00, 1.00, 1.00, 0.80, 0.00, 10.00, 1.00, 11.00], [3, 0, 9, 6, 0, 3, 6, 9], [4, 4]),
    ("flipped_coordinates", 3, 0.5, 0.0, "score", -1, -1, 1.0, False, [1, 6, 4],
     [1.0, 1.0, 0.0, 0.0, 0.0, 0.1, 1.0, 1.1, 0.0, 0.9, 1.0, -0.1, 0.0, 10.0, 1.0, 11.0, 1.0, 10.1,
      0.0, 11.1, 1.0, 101.0, 0.0, 100.0], [1, 1, 6], _MS2[:6],
     [0.00, 0.95, 0.00, 10.00, 1.00, 11.00, 0.00, 0.90, 1.00, 1.00, 0.00, 0.00, 0.00, 0.75, 0.00, 0.10, 1.00, 1.10],
     [3, 0, 1], [3]),
    ("identical_boxes", 3, 0.5, 0.0, "score", -1, -1, 1.0, False, [1, 10, 4], [0.0, 0.0, 1.0, 1.0] * 10, [1, 1, 10],
     [0.9] * 10, [0.00, 0.90, 0.00, 0.00, 1.00, 1.00], [0], [1]),
    ("limit_output_size", 2, 0.5, 0.0, "score", -1, -1, 1.0, False, [1, 6, 4], _NB_STD, [1, 1, 6], _MS2[:6],
     _MC_TOP2, [3, 0], [2]),
    ("single_box", 3, 0.5, 0.0, "score", -1, -1, 1.0, False, [1, 1, 4], [0.0, 0.0, 1.0, 1.0], [1, 1, 1], [0.9],
     [0.00, 0.90, 0.00, 0.00, 1.00, 1.00], [0], [1]),
    ("by_IOU", 3, 0.2, 0.0, "score", -1, -1, 1.0, False, [1, 6, 4], _NB_STD, [1, 1, 6], _MS2[:6], _MC_TOP2, [3, 0],
     [2]),
    ("by_IOU_and_scores", 3, 0.5, 0.95, "score", -1, -1, 1.0, False, [1, 6, 4], _NB_STD, [1, 1, 6],
     [0.9, 0.75, 0.6, 0.96, 0.5, 0.3], [0.00, 0.96, 0.00, 10.00, 1.00, 11.00], [3], [1]),
    ("no_output", 3, 0.5, 2.0, "score", -1, -1, 1.0, False, [1, 6, 4], _NB_STD, [1, 1, 6], _MS2[:6], [], [], [0]),
    ("by_background", 3, 0.5, 0.0, "classid", -1, 0, 1.0, False, [2, 6, 4], _NB_STD * 2, [2, 2, 6], _MS2 * 2,
     [1.00, 0.95, 0.00, 0.00, 1.00, 1.00, 1.00, 0.80, 0.00, 10.00, 1.00, 11.00,
      1.00, 0.95, 0.00, 0.00, 1.00, 1.00, 1.00, 0.80, 0.00, 10.00, 1.00, 11.00], [0, 3, 6, 9], [2, 2]),
    ("by_keep_top_k", 3, 0.5, 0.0, "classid", 3, -1, 1.0, False, [2, 6, 4], _NB_STD * 2, [2, 2, 6], _MS2 * 2,
     [0.00, 0.95, 0.00, 10.00, 1.00, 11.00, 0.00, 0.90, 0.00, 0.00, 1.00, 1.00, 1.00,
      0.95, 0.00, 0.00, 1.00, 1.00, 0.00, 0.95, 0.00, 10.00, 1.00, 11.00, 0.00, 0.90,
      0.00, 0.00, 1.00, 1.00, 1.00, 0.95, 0.00, 0.00, 1.00, 1.00], [3, 0, 0, 9, 6, 6], [3, 3]),
    ("by_nms_eta", -1, 1.0, 0.0, "classid", -1, -1, 0.1, False, [2, 6, 4], _NB_STD * 2, [2, 2, 6], _MS2 * 2,
     [0.00, 0.95, 0.00, 10.00, 1.00, 11.00, 0.00, 0.90, 0.00, 0.00, 1.00, 1.00,
      0.00, 0.30, 0.00, 100.00, 1.00, 101.00, 1.00, 0.95, 0.00, 0.00, 1.00, 1.00,
      1.00, 0.80, 0.00, 10.00, 1.00, 11.00, 1.00, 0.30, 0.00, 100.00, 1.00, 101.00] * 2,
     [3, 0, 5, 0, 3, 5, 9, 6, 11, 6, 9, 11], [6, 6]),
]


def gen_multiclass_nms():
    for et in ("f16", "f32"):
        for it in ("i32", "i64"):
            for (nm, topk, iou, sth, sort, keep, bg, eta, across, bsh, boxes, ssh, scores, outs, idx,
                 valid) in MCNMS_VECS:
                attrs = [("sort_result_type", sort), ("sort_result_across_batch", across), ("output_type", it),
                         ("iou_threshold", repr(iou)), ("score_threshold", repr(sth)), ("nms_top_k", topk),
                         ("keep_top_k", keep), ("background_class", bg), ("normalized", True),
                         ("nms_eta", repr(eta))]
                n = len(idx)
                case(f"multiclassnms_{nm}_{et}_{it}", "MulticlassNms", "opset8", attrs,
                     [("boxes", arr(boxes, et, bsh)), ("scores", arr(scores, et, ssh))],
                     [("selected_outputs", arr(outs, et, [n, 6])), ("selected_indices", arr(idx, it, [n, 1])),
                      ("valid_outputs", arr(valid, it))],
                     origin("multiclass_nms.cpp", MCNMS_C, f"multiclass_nms_{nm}"),
                     f"MulticlassNms-8 template vector multiclass_nms_{nm} ({et}, {it}): sort {sort}, across batch "
                     f"{across}, nms_top_k {topk}, iou {iou}, score_threshold {sth}, keep_top_k {keep}, background "
                     f"{bg}, nms_eta {eta}; threshold 1e-2", tol=(1e-2, 1e-2), out_dims=[[-1, 6], [-1, 1], None])


# ------------------------------------------------------------------------------------------ NMSRotated
NMSR_C = "091a051a176000bb22175776227dd11f0bab55fb"
_NR4 = [7.0, 4.0, 8.0, 7.0, 0.5, 4.0, 7.0, 9.0, 11.0, 0.6, 4.0, 8.0, 10.0, 12.0, 0.3, 2.0, 5.0, 13.0, 7.0, 0.6]
_NR2 = [8.0, 11.5, 4.0, 3.0, 0.5236, 11.0, 15.0, 8.0, 2.0, 0.7854]
_NR6 = [23.0, 3.5, 4.0, 5.0, 2.9, 22.0, 3.5, 4.0, 3.0, 5.3]
_NRN = [6.0, 34.0, 4.0, 8.0, -0.7854, 9.0, 32, 2.0, 4.0, 0.0]
_NRP = [6.0, 34.0, 4.0, 8.0, 0.7854, 9.0, 32, 2.0, 4.0, 0.0]
_NRC = [0.5, 0.5, 1.0, 1.0, 0.0, 0.5, 0.6, 1.0, 1.0, 0.0, 0.5, 0.4, 1.0, 1.0, 0.0, 0.5, 10.5, 1.0, 1.0, 0.0,
        0.5, 10.6, 1.0, 1.0, 0.0, 0.5, 100.5, 1.0, 1.0, 0.0]
# (name, boxes, scores, max, iou, clockwise, indices, scores out, valid)
NMSR_VECS = [
    ("new_rotation_1_cw", _NR4, [0.65, 0.7, 0.55, 0.96], 5000, 0.5, True, [0, 0, 3, 0, 0, 1, 0, 0, 0],
     [0.0, 0.0, 0.96, 0.0, 0.0, 0.7, 0.0, 0.0, 0.65], 3),
    ("new_rotation_2", _NR4, [0.65, 0.7, 0.55, 0.96], 5000, 0.3, True, [0, 0, 3, 0, 0, 0],
     [0.0, 0.0, 0.96, 0.0, 0.0, 0.65], 2),
    ("new_rotation_3", _NR2, [0.8, 0.8], 5000, 0.5, True, [0, 0, 0, 0, 0, 1], [0.0, 0.0, 0.8, 0.0, 0.0, 0.8], 2),
    ("new_rotation_4", _NR2, [0.8, 0.8], 5000, 0.1, True, [0, 0, 0], [0.0, 0.0, 0.8], 1),
    ("new_rotation_5", _NR2, [0.7, 0.8], 5000, 0.1, True, [0, 0, 1], [0.0, 0.0, 0.8], 1),
    ("new_rotation_6", _NR6, [0.7, 0.9], 5000, 0.4, True, [0, 0, 1], [0.0, 0.0, 0.9], 1),
    ("new_rotation_negative_cw", _NRN, [0.8, 0.7], 5000, 0.1, True, [0, 0, 0, 0, 0, 1],
     [0.0, 0.0, 0.8, 0.0, 0.0, 0.7], 2),
    ("new_rotation_negative_ccw", _NRN, [0.8, 0.7], 5000, 0.1, False, [0, 0, 0], [0.0, 0.0, 0.8], 1),
    ("new_rotation_positive_ccw", _NRP, [0.8, 0.7], 5000, 0.1, False, [0, 0, 0, 0, 0, 1],
     [0.0, 0.0, 0.8, 0.0, 0.0, 0.7], 2),
    ("new_rotation_positive_cw", _NRP, [0.8, 0.7], 5000, 0.1, True, [0, 0, 0], [0.0, 0.0, 0.8], 1),
    ("new_rotation_7", _NR6, [0.7, 0.9], 5000, 0.4, True, [0, 0, 1], [0.0, 0.0, 0.9], 1),
    ("new_rotation_8", [23.0, 3.5, 4.0, 5.0, 2.9, 11.0, 15.0, 8.0, 2.0, 0.7854, 22.0, 3.5, 4.0, 3.0, 5.3,
                        8.0, 11.5, 4.0, 3.0, 0.5236], [0.9, 0.7, 0.6, 0.8], 5000, 0.4, True,
     [0, 0, 0, 0, 0, 3, 0, 0, 1], [0.0, 0.0, 0.9, 0.0, 0.0, 0.8, 0.0, 0.0, 0.7], 3),
    ("center_point_zero_angle", _NRC, [0.9, 0.75, 0.6, 0.95, 0.5, 0.3], 3, 0.5, True, [0, 0, 3, 0, 0, 0, 0, 0, 5],
     [0.0, 0.0, 0.95, 0.0, 0.0, 0.9, 0.0, 0.0, 0.3], 3),
]


def gen_nms_rotated():
    vecs = [v + (False,) for v in NMSR_VECS]
    vecs.append(("suppress_by_IOU_and_scores_without_constants",) + NMSR_VECS[-1][1:] + (True,))
    for nm, boxes, scores, mx, iou, cw, idx, sc, valid, noconst in vecs:
        nb = len(scores)
        extra = [("max_output_boxes_per_class", np.array(mx, dtype=np.int32)),
                 ("iou_threshold", np.array(iou, dtype=np.float32)),
                 ("score_threshold", np.array(0.0, dtype=np.float32))]
        ins = [("boxes", arr(boxes, "f32", [1, nb, 5])), ("scores", arr(scores, "f32", [1, 1, nb]))]
        consts = []
        if noconst:
            ins += extra
        else:
            consts = [(2 + i, a) for i, (_, a) in enumerate(extra)]
        n = len(idx) // 3
        case(f"nmsrotated_{nm}", "NMSRotated", "opset13",
             [("sort_result_descending", False), ("output_type", "i64"), ("clockwise", cw)], ins,
             [("selected_indices", arr(idx, "i64", [n, 3])), ("selected_scores", arr(sc, "f32", [n, 3])),
              ("valid_outputs", arr([valid], "i64"))],
             origin("nms_rotated.cpp", NMSR_C, f"NMSRotated_{nm}"),
             f"NMSRotated-13 template vector NMSRotated_{nm} (f32, indices i64): max {mx}, iou {iou}, clockwise {cw}"
             + ("; every input a Parameter" if noconst else "") + "; threshold 1e-2",
             consts=consts, tol=(1e-2, 1e-2), out_dims=[[-1, 3], [-1, 3], None])


# ------------------------------------------------------------------------------------------ ROIAlignRotated
RAR_C = "74959490cbbd8eafd8bf4f52407507f3129f3557"
RAR_DATA_C = "460280b09960321ae20825f1727ef4f98a659251"
_PI = 3.14159265358979323846
_R25 = list(range(1, 26))
# (input shape, pooled h, pooled w, scale, sampling, clockwise, input, rois, batch idx, expected, name)
RAR_VECS = [
    ([2, 1, 8, 8], 2, 2, 1.0, 2, True, RA_X, [3.5, 3.5, 2, 2, 0, 3.5, 3.5, 2, 2, 0], [0, 1],
     [3, 3.75, 4.75, 5, 3, 5.5, 2.75, 3.75], "roi_align_rotated_angle_0"),
    ([1, 1, 2, 2], 2, 2, 1.0, 2, True, [1, 2, 3, 4], [0.5, 0.5, 1, 1, 0], [0], [1.0, 1.25, 1.5, 1.75],
     "roi_align_rotated_simple_angle_0"),
    ([1, 1, 2, 2], 2, 2, 1.0, 2, False, [1, 2, 3, 4], [0.5, 0.5, 1, 1, _PI / 2], [0], [1.5, 1.0, 1.75, 1.25],
     "roi_align_rotated_simple_angle_PI/2"),
    ([1, 1, 2, 2], 2, 2, 1.0, 2, False, [1, 2, 3, 4], [0.5, 0.5, 1, 1, _PI, 0.5, 0.5, 1, 1, 2 * _PI], [0, 0],
     [1.75, 1.5, 1.25, 1.0, 1.0, 1.25, 1.5, 1.75], "roi_align_rotated_batch_idx_test"),
    ([1, 2, 2, 2], 2, 2, 1.0, 2, False, [1, 2, 3, 4, 4, 3, 2, 1], [0.5, 0.5, 1, 1, 0], [0],
     [1.0, 1.25, 1.5, 1.75, 4.0, 3.75, 3.5, 3.25], "roi_align_rotated_channels_test"),
    ([1, 1, 5, 5], 3, 1, 1.0, 2, True, _R25, [1, 1, 4, 4, 0], [0], [0.8750, 4.2500, 10.9167],
     "roi_align_rotated_box_outside_feature_map_top_left"),
    ([1, 1, 5, 5], 3, 1, 1.0, 2, True, _R25, [1, 1, 4, 4, _PI / 4], [0], [2.6107, 4.6642, 6.8819],
     "roi_align_rotated_box_outside_feature_map_top_left_angle_PI/4"),
    ([1, 1, 5, 5], 3, 1, 1.0, 2, True, _R25, [5, 5, 4, 4, 0], [0], [10.1667, 12.2500, 0.0],
     "roi_align_rotated_box_outside_feature_map_bottom_right_angle_0"),
    ([1, 1, 5, 5], 3, 1, 1.0, 2, True, _R25, [5, 5, 1, 5, _PI / 4], [0], [0.0, 25.0, 0.0],
     "roi_align_rotated_box_outside_feature_map_bottom_right_angle_PI/4"),
    ([1, 1, 5, 5], 2, 2, 1.0, 0, True, _R25, [3, 3, 4, 4, 0], [0], [10.0, 12.0, 20.0, 22.0],
     "roi_align_rotated_box_outside_sampling_ratio_auto"),
    ([1, 1, 5, 5], 2, 2, 0.25, 0, True, _R25, [3, 3, 4, 4, 0], [0], [1.0, 1.5, 3.5, 4.0],
     "roi_align_rotated_box_outside_sampling_ratio_auto_scale_0.25"),
    ([1, 1, 5, 5], 2, 2, 2.0, 0, True, _R25, [3, 3, 4, 4, 0], [0], [20.5, 0.0, 0.0, 0.0],
     "roi_align_rotated_box_outside_sampling_ratio_auto_scale_2"),
    ([1, 1, 5, 5], 5, 2, 0.78, 0, False, _R25, [3, 1, 4, 2, _PI / 3], [0],
     [5.1271, 1.2473, 6.1773, 2.9598, 7.2275, 3.2300, 8.2777, 3.7458, 9.3279, 4.4060], "roi_align_rotated_all_features"),
    ([1, 1, 2, 5], 2, 2, 1.0, 2, True, list(range(1, 11)), [0.5, 0.5, 1, 1, 0], [0], [1.0, 1.25, 2.25, 2.50],
     "input_image_not_rectangular"),
    ([2, 1, 2, 5], 2, 2, 1.0, 2, True, list(range(1, 21)), [0.5, 1., 2., 5., 0.5, 0., 2., 5., 1., 0.], [0, 1],
     [0.5201, 1.9866, 2.5219, 3.0896, 0.0000, 16.7500, 0.0000, 16.7500], "input_image_not_rectangular_batch_2"),
]


def gen_roi_align_rotated():
    for ish, ph, pw, sc, sr, cw, x, rois, bidx, y, nm in RAR_VECS:
        nr = len(bidx)
        for et in FLOATS:
            attrs = [("pooled_h", ph), ("pooled_w", pw), ("sampling_ratio", sr), ("spatial_scale", repr(sc)),
                     ("clockwise_mode", cw)]
            case(f"roialignrotated_{nm.replace('/', '_').replace('.', '_')}_{et}", "ROIAlignRotated", "opset15", attrs,
                 [("x", arr(x, et, ish))], [("y", arr(y, et, [nr, ish[1], ph, pw]))],
                 origin("roi_align_rotated.cpp", RAR_C, f"{nm} (data: src/tests/test_utils/unit_test_utils/tests_data/"
                        f"roi_align_rotated_data.h@{RAR_DATA_C[:8]})"),
                 f"ROIAlignRotated-15 template vector {nm} ({et}): pooled {ph}x{pw}, spatial_scale {sc}, sampling "
                 f"{sr}, clockwise {cw}; threshold 1e-2",
                 consts=[(1, arr(rois, et, [nr, 5])), (2, arr(bidx, "i32"))], tol=(1e-2, 1e-2))


# ------------------------------------------------------------------------------------------ STFT
STFT_C = "0d4e788acf83c69b726a51147054b7c44061090d"
STFT_SIG48 = [-0.41676, -0.05627, -2.1362, 1.64027, -1.79344, -0.84175, 0.50288, -1.24529,
              -1.05795, -0.90901, 0.55145, 2.29221, 0.04154, -1.11793, 0.53906, -0.59616,
              -0.01913, 1.175, -0.74787, 0.00903, -0.87811, -0.15643, 0.25657, -0.98878,
              -0.33882, -0.23618, -0.63766, -1.18761, -1.42122, -0.1535, -0.26906, 2.23137,
              -2.43477, 0.11273, 0.37044, 1.35963, 0.50186, -0.84421, 0.00001, 0.54235,
              -0.31351, 0.77101, -1.86809, 1.73118, 1.46768, -0.33568, 0.61134, 0.04797]
STFT_SIG48B = [-0.82914, 0.08771, 1.00037, -0.38109, -0.37567, -0.07447,
               0.4335, 1.27838, -0.63468, 0.5084, 0.21612, -1.85861, -0.41932, -0.13233, -0.03957,
               0.326, -2.04032, 0.04626, -0.67768, -1.43944, 0.5243, 0.73528, -0.65325, 0.84246,
               -0.38152, 0.06649, -1.09874, 1.58449, -2.65945, -0.09145, 0.69512, -2.03347, -0.18947,
               -0.07722, 0.8247, 1.24821, -0.40389, -1.38452, 1.36724, 1.21789, -0.46201, 0.35089,
               0.38187, 0.56628, 0.20421, 1.4067, -1.73796, 1.04082]
STFT_WIN = {5: [0., 0.5, 1., 0.5, 0.], 7: [0., 0.25, 0.75, 1., 0.75, 0.25, 0.],
            8: [0., 0.18826, 0.61126, 0.95048, 0.95048, 0.61126, 0.18826, 0.],
            16: [0., 0.04323, 0.16543, 0.34549, 0.55226, 0.75, 0.90451, 0.98907, 0.98907, 0.90451, 0.75, 0.55226,
                 0.34549, 0.16543, 0.04323, 0.]}
STFT_1_9_3 = [-2.52411, 0., -3.6289, 0., 1.1366, 0., 1.99743, 2.45799, 1.84867,
              -0.67991, 0.26235, 0.25725, -2.243, -1.74288, 0.39666, 0.60667, -0.73965, -0.24622,
              2.91255, -0.82545, 0.03844, 0.45931, -1.29728, -1.50822, -2.56084, 2.24181, -0.92956,
              -1.32518, 1.78749, 1.94867, 0.87525, 0.70978, 0.47508, 1.29318, -0.18799, 0.98232,
              2.10241, -2.57882, 0.88504, -1.03814, -1.44897, -2.97866, -1.59965, -0.02599, -1.02171,
              0.17824, 2.46326, 1.82815, -0.44417, 0., 0.24368, 0., -2.81501, 0.]
STFT_2_9_3_B = [0.23009, 0., -0.69414, 0., 2.43185, 0., -0.8824, -1.32292, -0.24572,
                -0.82491, -1.45408, 0.19868, 1.82039, 1.39297, 0.23871, 1.03274, 0.813, 0.27265,
                -0.61264, -0.76088, 0.88512, 0.11954, -0.37696, -2.37281, -1.69806, -0.27959, 0.49037,
                0.61252, -2.19384, 2.44019, 2.42024, -0.07393, -2.01537, -2.16847, 3.35813, -0.14251,
                -2.3712, 1.26736, 0.26513, 0.28205, -1.42191, -1.20478, 1.58578, -0.88636, 2.88537,
                1.72055, 0.30074, 1.25455, -0.75431, 0., -4.31307, 0., -0.48201, 0.]
STFT_2_3_9 = [
    -2.52411, 0., 1.99743, 2.45799, -2.243, -1.74288, 2.91255, -0.82545, -2.56084, 2.24181, 0.87525,
    0.70978, 2.10241, -2.57882, -1.59965, -0.02599, -0.44417, 0., -3.6289, 0., 1.84867, -0.67991,
    0.39666, 0.60667, 0.03844, 0.45931, -0.92956, -1.32518, 0.47508, 1.29318, 0.88504, -1.03814, -1.02171,
    0.17824, 0.24368, 0., 1.1366, 0., 0.26235, 0.25725, -0.73965, -0.24622, -1.29728, -1.50822,
    1.78749, 1.94867, -0.18799, 0.98232, -1.44897, -2.97866, 2.46326, 1.82815, -2.81501, 0., 0.23009,
    0., -0.8824, -1.32292, 1.82039, 1.39297, -0.61264, -0.76088, -1.69806, -0.27959, 2.42024, -0.07393,
    -2.3712, 1.26736, 1.58578, -0.88636, -0.75431, 0., -0.69414, 0., -0.24572, -0.82491, 0.23871,
    1.03274, 0.88512, 0.11954, 0.49037, 0.61252, -2.01537, -2.16847, 0.26513, 0.28205, 2.88537, 1.72055,
    -4.31307, 0., 2.43185, 0., -1.45408, 0.19868, 0.813, 0.27265, -0.37696, -2.37281, -2.19384,
    2.44019, 3.35813, -0.14251, -1.42191, -1.20478, 0.30074, 1.25455, -0.48201, 0.]
STFT_1_9_9 = [
    -2.52411, 0., 0.37692, 0., 0.0961, 0., -1.5093, 0., -3.6289,
    0., -3.74213, 0., -0.70616, 0., 1.11032, 0., 1.1366, 0.,
    1.99743, 2.45799, -1.54106, 0.09127, 0.28179, -0.45332, 1.11013, -0.7782, 1.84867,
    -0.67991, 2.6774, 1.62635, -0.28718, 1.64988, -1.1681, -0.22631, 0.26235, 0.25725,
    -2.243, -1.74288, 2.37601, 2.51525, 0.61596, -1.347, -0.93254, 0.28219, 0.39666,
    0.60667, -1.82867, -1.87092, -0.23187, 0.65901, 1.4487, 1.18742, -0.73965, -0.24622,
    2.91255, -0.82545, -0.64918, -4.09527, -1.77914, 1.08142, 1.05098, 1.02636, 0.03844,
    0.45931, 2.58711, 1.18649, 2.7151, -2.88547, -0.87106, -3.27669, -1.29728, -1.50822,
    -2.56084, 2.24181, -1.50375, 3.04262, -0.32836, 0.0481, -0.57373, -1.39547, -0.92956,
    -1.32518, -1.7139, 0.02014, -2.94864, 2.71058, -1.16639, 2.97336, 1.78749, 1.94867,
    0.87525, 0.70978, 1.77224, -2.64294, 1.56859, 2.0249, -0.08561, -0.25032, 0.47508,
    1.29318, -0.95946, -0.61456, 2.29916, -1.85519, 0.52933, -0.27895, -0.18799, 0.98232,
    2.10241, -2.57882, -1.11208, 2.55729, -0.09293, -3.2837, -0.54924, 2.25344, 0.88504,
    -1.03814, 1.07391, -1.06812, -3.36146, 1.49043, 2.44995, 0.58978, -1.44897, -2.97866,
    -1.59965, -0.02599, 0.25367, -0.76703, 0.00445, 1.79544, 1.39855, -1.6289, -1.02171,
    0.17824, 1.31769, 2.44158, 4.90558, -1.15294, -0.47567, -2.17385, 2.46326, 1.82815,
    -0.44417, 0., 0.4314, 0., -0.63682, 0., -1.3278, 0., 0.24368,
    0., -2.56606, 0., -5.47521, 0., -2.60384, 0., -2.81501, 0.]
STFT_1_9_9_PAD = [
    -2.49209, 0., 1.80228, 0., 0.11167, 0., -1.10931, 0., -1.39889,
    0., -3.05836, 0., -0.24805, 0., 1.50095, 0., 0.1782, 0.,
    2.38232, 0.24277, -1.66564, -1.10376, -0.17477, 0.35359, 1.11949, 0.11317, 1.30896,
    0.13583, 2.80885, 0.67694, 0.36915, -0.59295, -1.36243, -0.87174, -0.3042, -0.11877,
    -2.12336, -0.35253, 1.21787, 2.13837, 0.23782, -0.58706, -1.05259, -0.27535, -1.06786,
    -0.30642, -2.18394, -1.1024, -0.74536, 1.19633, 1.01091, 1.52014, 0.51216, 0.27057,
    1.81552, 0.37559, -0.45972, -2.87627, -0.10082, 0.77398, 0.7832, 0.34578, 0.73575,
    0.52785, 1.46622, 1.17898, 1.38254, -1.74123, -0.59435, -1.82269, -0.47514, -0.35034,
    -1.41677, -0.46952, -0.39908, 3.03318, -0.2069, -1.07442, -0.42578, -0.117, -0.35883,
    -0.766, -0.91042, -0.99052, -2.21948, 2.08087, 0.25057, 1.78712, 0.05369, 0.20314,
    0.77715, 0.66349, 1.00098, -2.54308, 0.40407, 1.43908, 0.30786, -0.36902, -0.03963,
    0.91941, 0.61261, 0.69939, 3.11192, -2.07244, -0.03943, -1.50246, 0.57377, 0.14702,
    0.11223, -0.75968, -1.1389, 1.66717, -0.27419, -1.52765, -0.61667, 0.73554, 0.42377,
    -0.86016, -0.51775, -0.42416, -3.88305, 1.66473, -0.0569, 1.06726, -1.10813, -0.4328,
    -0.95271, 0.53067, 0.96646, -0.77057, -0.05574, 1.01868, 1.12796, -0.60164, -0.7169,
    0.52739, 0.51569, 0.19735, 4.39323, -0.92417, 0.08818, -0.55152, 1.39751, 0.37859,
    1.30337, 0., -0.84619, 0., 0.2294, 0., -1.37763, 0., 0.82838,
    0., -0.52417, 0., -4.56982, 0., -0.09405, 0., -1.47752, 0.]
STFT_1_9_5 = [
    -2.49209, 0., 0.11167, 0., -1.39889, 0., -0.24805, 0., 0.1782, 0., 2.38232, 0.24277, -0.17477, 0.35359, 1.30896,
    0.13583, 0.36915, -0.59295, -0.3042, -0.11877, -2.12336, -0.35253, 0.23782, -0.58706, -1.06786, -0.30642,
    -0.74536, 1.19633, 0.51216, 0.27057, 1.81552, 0.37559, -0.10082, 0.77398, 0.73575, 0.52785,
    1.38254, -1.74123, -0.47514, -0.35034, -1.41677, -0.46952, -0.2069, -1.07442, -0.35883,
    -0.766, -2.21948, 2.08087, 0.05369, 0.20314, 0.77715, 0.66349, 0.40407, 1.43908,
    -0.03963, 0.91941, 3.11192, -2.07244, 0.57377, 0.14702, 0.11223, -0.75968, -0.27419,
    -1.52765, 0.42377, -0.86016, -3.88305, 1.66473, -1.10813, -0.4328, -0.95271, 0.53067,
    -0.05574, 1.01868, -0.7169, 0.52739, 4.39323, -0.92417, 1.39751, 0.37859, 1.30337,
    0., 0.2294, 0., 0.82838, 0., -4.56982, 0., -1.47752, 0.]
STFT_1_6_13 = [
    -1.71092, 0., -2.41009, 0., 2.23022, 0., -0.7409, 0., 0.45297, 0.,
    -1.11149, 0., -1.14862, 0., -2.14551, 0., -1.16026, 0., -0.65135, 0.,
    1.83099, 0., -0.1793, 0., -0.2968, 0., 1.47212, 0.71877, 2.17268, 0.79158,
    -2.28473, -0.93586, 0.4625, 0.34192, -0.56009, -0.32899, 0.93528, 0.44276, 1.11077, 0.05564,
    1.82719, -0.1221, 0.71587, 1.50743, 1.10802, -0.41842, -1.71345, -0.67438, 0.05781, 0.40969,
    0.4558, -0.24137, -0.54856, -1.56669, -1.47087, -1.22889, 2.1535, 1.84441, 0.18738, -0.28908,
    0.66134, 0.88008, -0.66811, -0.52077, -1.02705, -0.15929, -1.12869, 0.2893, 0.0583, -1.66476,
    -2.16394, 0.18383, 1.42389, 1.02343, 0.32308, -0.7337, -0.68826, 0.55139, -0.91886, 1.85309,
    0.52177, 0.97814, -1.50306, -2.29021, -0.76526, -0.28515, -0.47423, -1.4385, 0.63386, 0.43591,
    0.90989, 0.38369, 0.51776, -0.36462, -0.31809, 0.57129, 2.99689, 0.98808, -1.06897, -0.98176,
    -0.81284, 0.72147, 0.63521, -1.1571, 1.74128, -1.03922, 0.14692, -0.1082, 0.64531, 1.98433,
    0.856, 1.12631, 0.14133, 1.66429, -0.63884, -0.57479, -0.6772, -0.71798, -0.19529, 0.22579,
    0.09013, 0.66192, -2.7275, -2.70068, 0.6808, 0.74142, 0.95724, -0.28153, -0.33733, 2.09067,
    -0.89051, -0.04374, -0.16546, -0.69762, -0.12612, -1.43585, -0.37017, -1.74231, 0.00518, -1.6207,
    0.29356, 0.84215, 0.2579, 0.98549, 0.05179, -0.0244, 0.03393, -1.30044, 1.1122, 3.98255,
    -0.23778, -0.54982, -0.43563, -0.19685, 0.08299, -2.86001]
# (name, batch 2, window, frame size, frame step, transpose, out shape, expected)
STFT_VECS = [
    ("basic_batch_1_transp", False, 16, 16, 16, True, [1, 9, 3, 2], STFT_1_9_3),
    ("basic_batch_2_transp", True, 16, 16, 16, True, [2, 9, 3, 2], STFT_1_9_3 + STFT_2_9_3_B),
    ("basic_batch_2_no_transp", True, 16, 16, 16, False, [2, 3, 9, 2], STFT_2_3_9),
    ("step_1/4_frame_transp", False, 16, 16, 4, True, [1, 9, 9, 2], STFT_1_9_9),
    ("win_size_<_frame_size_transp", False, 8, 16, 8, True, [1, 9, 5, 2], STFT_1_9_5),
    ("step_1/4_frame_&_win_size_<_frame_size_transp", False, 8, 16, 4, True, [1, 9, 9, 2], STFT_1_9_9_PAD),
    ("odd_sizes_transp", False, 7, 11, 3, True, [1, 6, 13, 2], STFT_1_6_13),
    ("step_>_signal_size_transp", False, 5, 9, 100, True, [1, 5, 1, 2],
     [-1.39417, 0., 1.6707, -0.24081, -2.10633, -0.17201, 1.92729, 1.18867, -0.79458, -2.06197]),
]


def gen_stft():
    for nm, b2, win, fs, st, tr, osh, y in STFT_VECS:
        sig = STFT_SIG48 + STFT_SIG48B if b2 else STFT_SIG48
        tag = nm.replace("/", "_").replace("<", "lt").replace(">", "gt").replace("&", "and")
        for et in ("f16", "f32"):
            case(f"stft_{tag}_{et}", "STFT", "opset15", [("transpose_frames", tr)],
                 [("signal", arr(sig, et, [2 if b2 else 1, 48])), ("window", arr(STFT_WIN[win], et)),
                  ("frame_size", np.array(fs, dtype=np.int64)), ("frame_step", np.array(st, dtype=np.int64))],
                 [("y", arr(y, et, osh))], origin("stft.cpp", STFT_C, nm),
                 f"STFT-15 template vector {nm} ({et}): window {win}, frame_size {fs}, frame_step {st}, transpose "
                 f"{tr}; threshold 1e-2", tol=(1e-2, 1e-2))


# ------------------------------------------------------------------------------------------ DeformablePSROIPooling
DPSROI_C = "0b2dc7096766cf653a05351ab5824263c76cb066"
_DP_4 = [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60]
_DP_R = [0, 1, 2, 4, 6, 0, 0, 3, 10, 4]
# (name, channels, h, w, scale, group, bins x, bins y, trans_std, part_size, rois, iota, input value, offset value
#  (None: no offsets input), rois, expected (one value: filled))
DPSROI_VECS = [
    ("offset_00", 16, 2, 2, 0.0625, 2, 1, 1, 1, 1, 2, True, 0, 0.0, _DP_R, _DP_4 * 2),
    ("offset_0p2", 16, 2, 2, 0.0625, 2, 1, 1, 1, 1, 2, True, 0, 0.2, _DP_R, _DP_4 * 2),
    ("offset_0p5", 16, 2, 2, 0.0625, 2, 1, 1, 1, 1, 2, True, 0, 0.5, [0, 1, 2, 4, 6, 0, 5, 3, 10, 4],
     _DP_4 + [0, 4.1875, 8, 12.1875, 16, 20.1875, 24, 28.1875, 32, 36.1875, 40, 44.1875, 48, 52.1875, 56, 60.1875]),
    ("roi_oversize", 16, 2, 2, 0.0625, 2, 1, 1, 1, 1, 2, True, 0, 0.0, [0, 10, 10, 20, 20, 0, 100, 100, 200, 200],
     [0.375, 4.71875, 9.0625, 13.40625, 16.375, 20.71875, 25.0625, 29.40625, 32.375, 36.71875, 41.0625, 45.40625,
      48.375, 52.71875, 57.0625, 61.40625] + [0] * 16),
    ("no_offset_input", 8, 3, 3, 1.0, 2, 1, 1, 1, 2, 1, True, 0, None, [0, 1, 1, 2, 2],
     [2.0, 12.0, 23.0, 33.0, 38.0, 48.0, 59.0, 69.0]),
    ("offset_zero", 8, 3, 3, 1.0, 2, 1, 1, 1, 2, 1, True, 0, 0.0, [0, 1, 1, 2, 2],
     [2.0, 12.0, 23.0, 33.0, 38.0, 48.0, 59.0, 69.0]),
    ("offset_01", 8, 3, 3, 1.0, 2, 1, 1, 1, 2, 1, True, 0, 0.1, [0, 1, 1, 2, 2],
     [2.8, 12.8, 23.8, 33.8, 38.8, 48.8, 59.8, 69.8]),
    ("offset_05", 8, 3, 3, 1.0, 2, 1, 1, 1, 2, 1, True, 0, 0.5, [0, 1, 1, 2, 2],
     [6., 15.5, 25.5, 35., 42., 51.5, 61.5, 71.]),
    ("single_value", 16, 2, 2, 0.0625, 2, 1, 1, 1, 1, 1, False, 0.1, 0.1, [0, 10, 10, 10, 10], [0.1]),
    ("single_value_big_shape", 1024, 63, 38, 0.0625, 3, 1, 1, 1, 1, 2, False, 0.1, 0.0, _DP_R, [0.1]),
]


def gen_deformable_psroi():
    for (nm, ch, h, w, sc, grp, bx, by, tstd, part, nr, iota, ival, oval, rois, y) in DPSROI_VECS:
        odim = ch // (grp * grp) - (ch // (grp * grp)) % 2
        osh = [nr, odim, grp, grp]
        for et in FLOATS:
            name = f"deformablepsroipooling_{nm}_{et}"
            g = W.Graph(name)
            ishape = [1, ch, h, w]
            feeds = {}
            if iota:
                x = (np.arange(ch * h * w).astype(np.float32) + np.float32(ival)).astype(W.NP[et]).reshape(ishape)
                xr = g.param("x", et, ishape)
                feeds["x"] = x
                fill = ""
            elif ch * h * w <= 1000:
                x = np.full(ishape, ival, dtype=W.NP[et])
                xr = g.param("x", et, ishape)
                feeds["x"] = x
                fill = ""
            else:
                # std::fill over a [1,1024,63,38] tensor, reproduced in the IR as Broadcast of the scalar
                (xr,) = g.op("x_fill", "Broadcast", "opset3", [("mode", "numpy")],
                             [g.const("x_value", et, np.array(ival, dtype=W.NP[et])),
                              g.const("x_shape", "i64", ishape)], [(et, ishape, "x")])
                fill = f"; the input ({ch * h * w} elements of {ival}) is built in the IR as Broadcast of the scalar"
            refs = [xr, g.param("rois", et, [nr, 5])]
            feeds["rois"] = arr(rois, et, [nr, 5])
            if oval is not None:
                refs.append(g.param("offsets", et, [nr, 2, grp, grp]))
                feeds["offsets"] = np.full([nr, 2, grp, grp], oval, dtype=W.NP[et])
            attrs = [("output_dim", odim), ("spatial_scale", repr(sc)), ("group_size", grp),
                     ("mode", "bilinear_deformable"), ("spatial_bins_x", bx), ("spatial_bins_y", by),
                     ("trans_std", repr(float(tstd))), ("part_size", part)]
            (o,) = g.op("node", "DeformablePSROIPooling", "opset1", attrs, refs, [(et, osh, "out")])
            g.result(o, "out")
            ya = np.full(osh, y[0], dtype=W.NP[et]) if len(y) == 1 else arr(y, et, osh)
            W.write_case(SOURCE, name, g, feeds, [{"name": "out", "array": ya, "compare": "close", "atol": 1e-2,
                                                   "rtol": 1e-2}],
                         origin("deformable_psroi_pooling.cpp", DPSROI_C, nm),
                         f"DeformablePSROIPooling-1 template vector {nm} ({et}): {ch} channels {h}x{w} "
                         f"({'iota from ' if iota else 'filled with '}{ival}), group {grp}, scale {sc}, trans_std "
                         f"{tstd}, part_size {part}, offsets {'none' if oval is None else oval}{fill}; threshold 1e-2",
                         "DeformablePSROIPooling-1")
            COUNTS["deformablepsroipooling"] = COUNTS.get("deformablepsroipooling", 0) + 1


def main():
    W.clear_source(SOURCE)
    gen_detection_output()
    gen_prior_box()
    gen_proposal()
    gen_yolo()
    gen_roi_pooling()
    gen_roi_align()
    gen_interpolate()
    gen_ctc()
    gen_eip()
    gen_color()
    gen_nms()
    gen_ed_detection_output()
    gen_ed_prior_grid()
    gen_ed_topk()
    gen_psroi()
    gen_ed_roi_feature()
    gen_ed_generate_proposals()
    gen_grid_sample()
    gen_generate_proposals()
    gen_ctc_loss()
    gen_matrix_nms()
    gen_multiclass_nms()
    gen_nms_rotated()
    gen_roi_align_rotated()
    gen_stft()
    gen_deformable_psroi()
    total = sum(COUNTS.values())
    print(f"{SOURCE}: {total} cases " + ", ".join(f"{k} {v}" for k, v in sorted(COUNTS.items())))


if __name__ == "__main__":
    main()
