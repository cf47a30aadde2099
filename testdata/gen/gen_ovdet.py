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


def main():
    W.clear_source(SOURCE)
    gen_detection_output()
    gen_prior_box()
    total = sum(COUNTS.values())
    print(f"{SOURCE}: {total} cases " + ", ".join(f"{k} {v}" for k, v in sorted(COUNTS.items())))


if __name__ == "__main__":
    main()
