"""OpenVINO template-plugin reference vectors for the signal ops DFT-7, IDFT-7, RDFT-9, IRDFT-9, ISTFT-16
(source `ovsig`; STFT-15 is in gen_ovdet.py).

Source: openvinotoolkit/openvino src/plugins/template/tests/functional/op_reference/<op>.cpp (path@commit in each
case's `origin`).  The tests' inputs are transcribed as data (parsed out of the fetched .cpp text into the
literals below).  The expected tables of dft.cpp / idft.cpp are several hundred floats each and are the
(I)FFT of the transcribed input; this generator evaluates that transform with numpy.fft in float64 and asserts
that the result agrees with the head of each of the test's hand-written tables transcribed here (HEADS,
within the test's threshold 1e-2), so a transcription error stops generation.  Where the test's expected table
is itself the transcribed input (idft.cpp expects `expected_result` = dft.cpp's `input_data`), that table is
what is saved.

    cd testdata/gen && /usr/bin/python3 gen_ovsig.py

Tolerances: base_reference_test.cpp's default threshold 1e-2 (absolute and relative), which these tests keep.
bf16 variants run as f32 Parameter -> Convert(bf16) -> op -> Convert(f32) -> Result (no bf16 .npy), with the
input values rounded to bf16 first and the expected values rounded to bf16 (as the test's convert<bfloat16>).
"""
import numpy as np

import irwriter as W

SOURCE = "ovsig"
REPO = "openvinotoolkit/openvino"
OPREF = "src/plugins/template/tests/functional/op_reference/"
COUNTS = {}
TOL = (1e-2, 1e-2)


def origin(fname, commit, what=""):
    s = f"{REPO} {OPREF}{fname}@{commit[:8]}"
    return s + (f" {what}" if what else "")


def bf16_round(a):
    """Round float32 values to the nearest bfloat16 (ties to even), returned as float32."""
    u = np.asarray(a, dtype=np.float32).view(np.uint32).astype(np.uint64)
    u = (u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000
    return u.astype(np.uint32).view(np.float32)


def case(name, optype, version, attrs, data, consts, expected, org, desc, et="f32", expect="match", reason=""):
    """data: float64 input array; consts: list of Const inputs (numpy arrays) after the data input;
    expected: float64 expected output.  et: f32 / f16 / bf16 (bf16 through Convert around the op)."""
    g = W.Graph(name)
    if et == "bf16":
        x = bf16_round(data.astype(np.float32))
        p = g.param("data", "f32", list(x.shape))
        (c,) = g.op("to_bf16", "Convert", "opset1", [("destination_type", "bf16")], [p],
                    [("bf16", list(x.shape), None)])
        ins = [c]
        oet = "bf16"
        y = bf16_round(expected.astype(np.float32))
    else:
        x = data.astype(W.NP[et])
        ins = [g.param("data", et, list(x.shape))]
        oet = et
        y = expected.astype(W.NP[et])
    for k, cv in enumerate(consts):
        ins.append(g.const(f"const_{k + 1}", W.etype_of(cv), cv))
    (r,) = g.op("node", optype, version, attrs, ins, [(oet, list(y.shape), None if et == "bf16" else "y")])
    if et == "bf16":
        (r,) = g.op("to_f32", "Convert", "opset1", [("destination_type", "f32")], [r], [("f32", list(y.shape), "y")])
    g.result(r, "y")
    W.write_case(SOURCE, name, g, {"data": x}, [{"name": "y", "array": y, "compare": "close", "atol": TOL[0],
                                                 "rtol": TOL[1]}],
                 org, desc, f"{optype}-{version.replace('opset', '')}", expect, reason)
    fam = name.split("_")[0]
    COUNTS[fam] = COUNTS.get(fam, 0) + 1


def check_head(what, got, head):
    head = np.asarray(head, dtype=np.float64)
    g = np.asarray(got, dtype=np.float64).ravel()[:head.size]
    bad = np.abs(g - head) > TOL[0] + TOL[1] * np.abs(head)
    assert not bad.any(), f"{what}: numpy disagrees with the transcribed table head at {np.flatnonzero(bad)[:5]}: " \
                          f"{g[bad][:5]} vs {head[bad][:5]}"


def to_complex(a):
    return a[..., 0] + 1j * a[..., 1]


def to_pair(c):
    return np.stack([c.real, c.imag], axis=-1)


# ------------------------------------------------------------------------------------------- DFT / IDFT
DFT_C = "3a33e0d05a893d3aaebd6bd28ba15b880af79a12"
IDFT_C = "3a33e0d05a893d3aaebd6bd28ba15b880af79a12"
# dft.cpp `input_data` (= idft.cpp `expected_result`), shape [2, 10, 10, 2]
DFT_INPUT = [
    0.85943836, 0.009941814, 0.004292889, 0.54598427, 0.8270831, 0.49770153, 0.9035636, 0.19274887,
    0.8589833, 0.88759327, 0.72343576, 0.057539318, 0.915801, 0.63455844, 0.25069925, 0.045601673,
    0.29793364, 0.8492151, 0.6885839, 0.57419384, 0.009737609, 0.68192583, 0.7614807, 0.37603703,
    0.51804876, 0.033039097, 0.63702065, 0.78960556, 0.5007368, 0.7248742, 0.2040932, 0.1211606,
    0.76035476, 0.44004318, 0.95635134, 0.82913375, 0.225465, 0.009166263, 0.05445403, 0.5885675,
    0.87822133, 0.14324947, 0.68606305, 0.3274419, 0.9169595, 0.732179, 0.04614906, 0.03505424,
    0.84526163, 0.9972937, 0.89781004, 0.9987864, 0.24641308, 0.34678686, 0.22731997, 0.95805293,
    0.595993, 0.8537836, 0.9174756, 0.17441267, 0.86681056, 0.15913424, 0.6638066, 0.522398,
    0.51548326, 0.024979044, 0.1731268, 0.068090245, 0.6125645, 0.4865482, 0.2873719, 0.35936728,
    0.64452374, 0.27963468, 0.59981745, 0.6309508, 0.507604, 0.23389837, 0.77500635, 0.4462004,
    0.53165394, 0.6535075, 0.4306448, 0.21468966, 0.6925882, 0.11183031, 0.25347117, 0.2209481,
    0.8060583, 0.34712377, 0.78980505, 0.16110454, 0.6376819, 0.78736854, 0.909368, 0.6915289,
    0.24747796, 0.32442623, 0.22714981, 0.23976989, 0.25199527, 0.28412706, 0.32461873, 0.51917267,
    0.8394496, 0.6324911, 0.28498915, 0.8887276, 0.90213394, 0.16050571, 0.32190812, 0.67677563,
    0.8594967, 0.28917953, 0.1931407, 0.8282108, 0.14881423, 0.18073067, 0.8490643, 0.2356146,
    0.86200285, 0.57409924, 0.94718546, 0.092213534, 0.34502912, 0.4719212, 0.60031396, 0.22602181,
    0.3067876, 0.49529344, 0.11133887, 0.47633907, 0.13236542, 0.69677263, 0.8490109, 0.6685073,
    0.24199674, 0.7983137, 0.37593383, 0.74520975, 0.16743147, 0.84144354, 0.93073046, 0.55940866,
    0.67484015, 0.077098235, 0.69045097, 0.06949082, 0.6804774, 0.79804176, 0.49027568, 0.8843709,
    0.5665486, 0.91798306, 0.47884017, 0.94707423, 0.98279756, 0.62054926, 0.8134105, 0.01336217,
    0.78324115, 0.9938295, 0.99227554, 0.66681916, 0.38842493, 0.3835454, 0.120395586, 0.5478275,
    0.13309076, 0.9468553, 0.24595714, 0.0057277656, 0.14570542, 0.31220108, 0.41687667, 0.679465,
    0.5731583, 0.7383743, 0.013198466, 0.34619793, 0.9278514, 0.48510832, 0.46039802, 0.8171329,
    0.5041023, 0.37600085, 0.124404594, 0.4201713, 0.7470036, 0.7340853, 0.8449047, 0.137517,
    0.14771219, 0.99655616, 0.2178388, 0.4121613, 0.8655656, 0.32849622, 0.7574791, 0.95230037,
    0.5806251, 0.9598742, 0.7183528, 0.042957753, 0.2926446, 0.5882527, 0.05208914, 0.3216481,
    0.5205192, 0.5095992, 0.011508227, 0.5209922, 0.78207654, 0.34570032, 0.7968098, 0.4619513,
    0.0047925604, 0.029039407, 0.7673424, 0.571703, 0.44400942, 0.82529145, 0.29335254, 0.34418115,
    0.48119327, 0.38321403, 0.31083322, 0.7179562, 0.41055596, 0.06207573, 0.8747831, 0.6018095,
    0.4483476, 0.16189687, 0.8611539, 0.79723805, 0.42178747, 0.95597315, 0.5534858, 0.33466807,
    0.36827618, 0.60728735, 0.6582703, 0.6790265, 0.870856, 0.8868432, 0.43860948, 0.32468447,
    0.77624434, 0.3403061, 0.14144918, 0.23022941, 0.07176102, 0.06941459, 0.37346482, 0.9120822,
    0.65890974, 0.77746564, 0.4515671, 0.45455948, 0.15909587, 0.8017096, 0.6259673, 0.6117355,
    0.77020043, 0.08495594, 0.30376136, 0.55266386, 0.8497134, 0.91790336, 0.86088765, 0.88179666,
    0.9009849, 0.97200614, 0.94119, 0.77911216, 0.8057816, 0.14040896, 0.66522235, 0.6649202,
    0.048396785, 0.75035393, 0.4520953, 0.9877601, 0.46115568, 0.2167145, 0.9271302, 0.39395386,
    0.68578094, 0.576275, 0.20754486, 0.5408786, 0.46040633, 0.18199016, 0.66303253, 0.6288556,
    0.14313427, 0.91675115, 0.36198065, 0.51337945, 0.84241706, 0.22333568, 0.38011634, 0.024615016,
    0.19370414, 0.23593484, 0.32207185, 0.47971123, 0.6202779, 0.6944977, 0.43612957, 0.07961436,
    0.57468814, 0.100025274, 0.42476946, 0.95338464, 0.666547, 0.8683905, 0.52689695, 0.6284723,
    0.85813546, 0.4865953, 0.8269112, 0.08833949, 0.69269264, 0.41784903, 0.5969149, 0.07599888,
    0.14184453, 0.49042618, 0.44027725, 0.6256328, 0.2716237, 0.0999099, 0.09831784, 0.92469853,
    0.24196884, 0.9073526, 0.7523511, 0.7761173, 0.28489882, 0.96349007, 0.5884645, 0.74933976,
    0.06400105, 0.4376275, 0.34752035, 0.6006149, 0.034923803, 0.066874385, 0.9790322, 0.5558188,
    0.97579825, 0.025802653, 0.537738, 0.24921915, 0.111012295, 0.85987717, 0.781183, 0.69588315,
    0.94621634, 0.74946797, 0.6949375, 0.009165181, 0.91075164, 0.72913235, 0.25934777, 0.19463088,
    0.5283304, 0.9241759, 0.0563183, 0.74323857, 0.43722472, 0.2958358, 0.85980684, 0.029655656,
    0.362904, 0.19682994, 0.37778872, 0.09406928, 0.23010127, 0.44393733, 0.420214, 0.39723217,
    0.13777487, 0.06385251, 0.9535715, 0.89861375, 0.2463547, 0.673834, 0.8008994, 0.0861585,
    0.6613363, 0.79498637, 0.79322547, 0.083214305, 0.577025, 0.58655965, 0.119723536, 0.0012204717,
]
# heads of dft.cpp's expected tables (transcribed), checked against numpy.fft
DFT_HEADS = {
    "dft1d": [6.329814, 4.2950764, -0.8105316, -0.7187835, -0.059136264, 0.2709784, 0.82793635, 0.57937646,
              0.5997731, -1.3291739, 1.188664, 1.462941, -0.01811248, -1.8314927, 0.16004556, -2.219835],
    "dft2d": [54.020195, 48.368538, -1.8721353, -3.7894967, 2.5850394, -0.7094516, 3.5357249, 1.6819549,
              -3.4001002, 0.23887074, 2.9735894, 2.3982158, 0.3599546, -5.801426, -4.427606, 5.2949734],
    "dft3d": [104.7364, 97.68179, -4.491728, -0.39316452, -0.59995466, -3.1201572, 8.278858, 3.4758341,
              -5.9363585, 6.5265055, 0.3169801, 3.8807175, -0.418082, -3.4263492, -6.4216776, 7.3220854],
    "dft1d_signal_size": [6.138384, 4.8263664, 6.2014966, 4.641298, 6.2220087, 3.340786, 3.8338857, 3.458686,
                          6.393098, 6.578215, 4.9169006, 3.8786886, 5.0566025, 5.701084, 5.099263, 6.690686],
}


def dft_x():
    return np.array(DFT_INPUT, dtype=np.float32).astype(np.float64).reshape(2, 10, 10, 2)


# (name, axes, signal_size or None): the dft.cpp / idft.cpp cases on the [2, 10, 10, 2] input
DFT_CASES = [("1d", [2], None), ("2d", [1, 2], None), ("3d", [0, 1, 2], None)]


def gen_dft():
    x = dft_x()
    xc = to_complex(x)
    for tag, axes, _ in DFT_CASES:
        y = to_pair(np.fft.fftn(xc, axes=axes))
        check_head(f"dft{tag}", y, DFT_HEADS[f"dft{tag}"])
        for it in ("i64", "i32"):
            case(f"dft_{tag}_axes_{it}_f32", "DFT", "opset7", None, x, [np.array(axes, dtype=W.NP[it])], y,
                 origin("dft.cpp", DFT_C, f"dft{tag}_eval" + ("_i32" if it == "i32" else "")),
                 f"DFT-7 template vector dft{tag}_eval: [2,10,10,2] input, axes {axes} ({it})")
        for et in ("f16", "bf16"):
            xe = x.astype(np.float16).astype(np.float64) if et == "f16" else bf16_round(x).astype(np.float64)
            ye = to_pair(np.fft.fftn(to_complex(xe), axes=axes))
            case(f"dft_{tag}_{et}", "DFT", "opset7", None, x, [np.array(axes, dtype=np.int64)], ye,
                 origin("dft.cpp", DFT_C, f"dft{tag}_eval_{'float16' if et == 'f16' else 'bfloat16'}"),
                 f"DFT-7 template vector dft{tag}_eval ({et}): axes {axes}; expected = DFT of the {et}-rounded input",
                 et=et)
    y = to_pair(np.fft.fft(xc, n=20, axis=1))
    check_head("dft1d_signal_size", y, DFT_HEADS["dft1d_signal_size"])
    case("dft_1d_signal_size_neg_axis_f32", "DFT", "opset7", None, x,
         [np.array([-2], dtype=np.int64), np.array([20], dtype=np.int64)], y,
         origin("dft.cpp", DFT_C, "dft1d_signal_size_eval"),
         "DFT-7 template vector dft1d_signal_size_eval: [2,10,10,2] input, axes [-2], signal_size [20] (zero pad)")


def gen_idft():
    x = dft_x()  # idft.cpp's expected_result
    xc = to_complex(x)
    for tag, axes, _ in DFT_CASES:
        # idft.cpp's idft{tag}_input_data is the DFT of expected_result (dft.cpp's expected_dft{tag}_results)
        inp = to_pair(np.fft.fftn(xc, axes=axes))
        check_head(f"idft{tag} input", inp, DFT_HEADS[f"dft{tag}"])
        inp = inp.astype(np.float32).astype(np.float64)
        for it in ("i64", "i32"):
            case(f"idft_{tag}_axes_{it}_f32", "IDFT", "opset7", None, inp, [np.array(axes, dtype=W.NP[it])], x,
                 origin("idft.cpp", IDFT_C, f"idft{tag}_eval" + ("_i32" if it == "i32" else "")),
                 f"IDFT-7 template vector idft{tag}_eval: [2,10,10,2] spectrum, axes {axes} ({it}); expected = "
                 "the transcribed expected_result")
        for et in ("f16", "bf16"):
            ie = inp.astype(np.float16).astype(np.float64) if et == "f16" else bf16_round(inp).astype(np.float64)
            ye = to_pair(np.fft.ifftn(to_complex(ie), axes=axes))
            case(f"idft_{tag}_{et}", "IDFT", "opset7", None, inp, [np.array(axes, dtype=np.int64)], ye,
                 origin("idft.cpp", IDFT_C, f"idft{tag}_eval_{'float16' if et == 'f16' else 'bfloat16'}"),
                 f"IDFT-7 template vector idft{tag}_eval ({et}): axes {axes}; expected = IDFT of the {et}-rounded "
                 "input", et=et)


# dft.cpp `input_data_1`, shape [4, 6, 8, 2]; idft.cpp's `data_1` (the IDFT round-trip target and the input of its
# signal_size cases) is taken to be the same table (the files pair dft's input_data/input_data_1 with idft's
# expected_result/data_1; expected_result == input_data was checked against the idft.cpp text)
DFT_INPUT_1 = [
    0.9795938, 0.14046684, 0.9819369, 0.51320475, 0.9390985, 0.06454252, 0.48972926, 0.042538255,
    0.3341647, 0.14752749, 0.44628578, 0.8509109, 0.6611515, 0.5711897, 0.10807402, 0.67733586,
    0.4091941, 0.23590194, 0.4385734, 0.40270114, 0.75568604, 0.9842337, 0.82819414, 0.49742407,
    0.7397849, 0.6104118, 0.019504193, 0.7756829, 0.9271429, 0.6423316, 0.3300541, 0.8688829,
    0.21220064, 0.76539195, 0.8143789, 0.70724595, 0.54020476, 0.29437974, 0.19398275, 0.20308031,
    0.30458412, 0.040420562, 0.36627868, 0.61882246, 0.3416973, 0.5482437, 0.68851316, 0.5670022,
    0.58812225, 0.6487681, 0.88266903, 0.07287276, 0.7716641, 0.12443388, 0.4170407, 0.8380076,
    0.17115247, 0.8118648, 0.7704737, 0.5179812, 0.9407177, 0.7311383, 0.4538601, 0.01992845,
    0.4758718, 0.25867644, 0.55573237, 0.89606065, 0.8505143, 0.47349417, 0.3970769, 0.3293097,
    0.7601557, 0.24247961, 0.8102311, 0.7387785, 0.15742134, 0.8387721, 0.100493915, 0.3733577,
    0.4904671, 0.9106489, 0.0049963384, 0.89285916, 0.24380954, 0.7329451, 0.9373891, 0.52886724,
    0.65965563, 0.7307209, 0.5160155, 0.97944415, 0.43991584, 0.9839402, 0.6350642, 0.16712844,
    0.40538687, 0.80509937, 0.4988989, 0.02185218, 0.74142575, 0.8026278, 0.28912508, 0.50405765,
    0.7768013, 0.9817653, 0.9995751, 0.74799776, 0.8615655, 0.058107413, 0.27611437, 0.76372087,
    0.93234706, 0.7603203, 0.30816016, 0.80595773, 0.8843074, 0.46457228, 0.43644127, 0.6553406,
    0.9050378, 0.5044161, 0.49364874, 0.59174323, 0.2650881, 0.78394204, 0.57706285, 0.33071348,
    0.7140054, 0.5885716, 0.60252094, 0.92644346, 0.91704935, 0.64020824, 0.99652874, 0.8375778,
    0.45622328, 0.3755286, 0.8324417, 0.77270067, 0.50742614, 0.7814994, 0.30720684, 0.36613366,
    0.9426107, 0.12557131, 0.87243265, 0.002567238, 0.8350289, 0.1262151, 0.35253504, 0.07578735,
    0.34082502, 0.9211622, 0.38055828, 0.3247621, 0.5061271, 0.87862396, 0.1869049, 0.7774487,
    0.030804915, 0.25322768, 0.06073754, 0.27092665, 0.9209875, 0.86690956, 0.74456835, 0.42403135,
    0.61839956, 0.9004572, 0.94674456, 0.17315134, 0.74403226, 0.30930993, 0.23992635, 0.9080931,
    0.4886828, 0.9973065, 0.32888287, 0.32976696, 0.09137513, 0.1410893, 0.4248779, 0.019689998,
    0.6828394, 0.47350892, 0.02358055, 0.94660497, 0.9253734, 0.1509718, 0.540138, 0.7050524,
    0.20855357, 0.9753569, 0.0044813985, 0.5063834, 0.6836877, 0.2784342, 0.0139586115, 0.8785785,
    0.4754602, 0.38955635, 0.151705, 0.5694773, 0.14548586, 0.6798502, 0.057361145, 0.031760257,
    0.91168743, 0.5762714, 0.54128575, 0.53421247, 0.5860678, 0.97197753, 0.940639, 0.18688098,
    0.54635745, 0.513619, 0.5645304, 0.91558236, 0.8496063, 0.6258071, 0.31261826, 0.20282389,
    0.2723365, 0.5039135, 0.6405068, 0.65471405, 0.5857442, 0.57205665, 0.23835625, 0.32288164,
    0.068663165, 0.43674967, 0.049117915, 0.78065604, 0.98437595, 0.60793245, 0.38907775, 0.6610265,
    0.5587009, 0.89418066, 0.6170649, 0.1305905, 0.5760506, 0.10885323, 0.5303117, 0.16950679,
    0.9630447, 0.9476875, 0.22327174, 0.87473476, 0.917824, 0.44959846, 0.055421904, 0.22361691,
    0.9334828, 0.16427046, 0.5914317, 0.81789917, 0.48431975, 0.3067152, 0.53250873, 0.19298424,
    0.23529118, 0.4841604, 0.24943262, 0.41821656, 0.59484303, 0.4535004, 0.50373393, 0.6057788,
    0.6799498, 0.21368006, 0.17095569, 0.97966874, 0.3839032, 0.48672524, 0.9375583, 0.84598905,
    0.049092207, 0.47682214, 0.56488436, 0.7817405, 0.8975917, 0.75874424, 0.43242812, 0.8459973,
    0.7138231, 0.9834999, 0.7273379, 0.05828699, 0.6884237, 0.07486352, 0.4326547, 0.78577167,
    0.8844588, 0.9474644, 0.542272, 0.49642876, 0.48886803, 0.11854455, 0.01492267, 0.22648218,
    0.7607531, 0.5930919, 0.9450968, 0.02894685, 0.67735505, 0.46363172, 0.18415985, 0.66824925,
    0.6137258, 0.6086626, 0.6422855, 0.7637218, 0.56419605, 0.74026155, 0.18709394, 0.14683136,
    0.32289994, 0.15482259, 0.11222768, 0.9085655, 0.43263617, 0.32097924, 0.29690787, 0.77809244,
    0.2413839, 0.8267769, 0.82795614, 0.018312717, 0.9958108, 0.769578, 0.13144562, 0.45904484,
    0.38071582, 0.24182741, 0.7200288, 0.20737973, 0.5285696, 0.3680287, 0.46252182, 0.89153767,
    0.13071166, 0.84319293, 0.10841641, 0.40668696, 0.7636801, 0.42153865, 0.65055484, 0.86845386,
    0.6452055, 0.6112245, 0.84526664, 0.15358071, 0.7889171, 0.6356269, 0.2515375, 0.86599886,
    0.20071381, 0.20584217, 0.24220705, 0.049883988, 0.77259976, 0.49566683, 0.8112268, 0.49028614,
    0.2187354, 0.70172536, 0.47309682, 0.12539592, 0.13696012, 0.33588144, 0.98134226, 0.537496,
    0.9999663, 0.13245043, 0.5659106, 0.39207155, 0.48483336, 0.49371332, 0.12930158, 0.103645995,
]
DFT_HEADS["dft1d_1"] = [4.940035, 3.0077164, -0.43999052, -0.72356576, 0.35775006, -1.1781573, 0.35552078,
                        -0.5878226, 0.8879826, -1.1602633, 0.71755445, 0.15355057, -0.9307331, 0.48268145]
DFT_HEADS["dft3d_signal_size"] = [49.728928, 45.265354, -1.5653555, 1.8258603, 1.1586399, 1.1093023, 3.4622312,
                                  -3.068374, -1.6144468, 3.955975, 0.7007327, -12.262681, -1.6978629, 0.005776912]
# (dft.cpp / idft.cpp name suffix, axes, signal_size, numpy axes, head key)
DFT1_CASES = [
    ("1d_eval_1", [2], None, [2], "dft1d_1"),
    ("2d_eval_1", [1, 2], None, [1, 2], None),
    ("3d_eval_1", [0, 1, 2], None, [0, 1, 2], None),
    ("2d_signal_size_eval_1", [0, 2], [5, 9], [0, 2], None),
    ("2d_signal_size_eval_2", [0, 1], [4, 6], [0, 1], None),
    ("2d_signal_size_eval_3", [0, 2], [3, 4], [0, 2], None),
    ("2d_signal_size_eval_4", [0, 2], [4, 8], [0, 2], None),
    ("2d_signal_size_eval_5", [0, 2], [5, 4], [0, 2], None),
    ("3d_signal_size_eval", [0, 1, 2], [3, 7, 5], [0, 1, 2], "dft3d_signal_size"),
]


def gen_dft1():
    x = np.array(DFT_INPUT_1, dtype=np.float32).astype(np.float64).reshape(4, 6, 8, 2)
    xc = to_complex(x)
    for sfx, axes, sizes, npaxes, head in DFT1_CASES:
        consts = [np.array(axes, dtype=np.int64)]
        if sizes is not None:
            consts.append(np.array(sizes, dtype=np.int64))
        y = to_pair(np.fft.fftn(xc, s=sizes, axes=npaxes))
        if head:
            check_head(head, y, DFT_HEADS[head])
        case(f"dft_{sfx}_f32", "DFT", "opset7", None, x, consts, y, origin("dft.cpp", DFT_C, f"dft{sfx}"),
             f"DFT-7 template vector dft{sfx}: [4,6,8,2] input_data_1, axes {axes}, signal_size {sizes} -> "
             f"{list(y.shape)}")
        if sizes is None:
            inp = y.astype(np.float32).astype(np.float64)
            case(f"idft_{sfx}_f32", "IDFT", "opset7", None, inp, consts, x, origin("idft.cpp", IDFT_C, f"idft{sfx}"),
                 f"IDFT-7 template vector idft{sfx}: the [4,6,8,2] spectrum of data_1, axes {axes}; expected = "
                 "the transcribed data_1")
        else:
            yi = to_pair(np.fft.ifftn(xc, s=sizes, axes=npaxes))
            case(f"idft_{sfx}_f32", "IDFT", "opset7", None, x, consts, yi, origin("idft.cpp", IDFT_C, f"idft{sfx}"),
                 f"IDFT-7 template vector idft{sfx}: [4,6,8,2] data_1, axes {axes}, signal_size {sizes} -> "
                 f"{list(yi.shape)}")
    yi = to_pair(np.fft.ifft(xc, n=7, axis=1))
    case("idft_1d_signal_size_eval_f32", "IDFT", "opset7", None, x,
         [np.array([-2], dtype=np.int64), np.array([7], dtype=np.int64)], yi,
         origin("idft.cpp", IDFT_C, "idft1d_signal_size_eval"),
         "IDFT-7 template vector idft1d_signal_size_eval: [4,6,8,2] data_1, axes [-2], signal_size [7] -> [4,7,8,2]")


# ------------------------------------------------------------------------------------------- RDFT
RDFT_C = "2bfcf1a00d38396e3d5f2815bc9b6097ebeebe5d"
# rdft.cpp `input_data`, shape [2, 10, 10]
RDFT_INPUT = [
    0.10606491, 0.7454715, 0.57231355, 0.4582412, 0.3847059, 0.27398932, 0.66796243, 0.395475, 0.2815729, 0.7799197,
    0.59909415, 0.12294636, 0.38957402, 0.97498834, 0.46759892, 0.14017141, 0.04206858, 0.7279963, 0.61560553, 0.9027321,
    0.6226334, 0.2601217, 0.5555177, 0.40498647, 0.14175586, 0.57774633, 0.52652127, 0.9385691, 0.9588788, 0.9844318,
    0.23095612, 0.09707925, 0.24574867, 0.6907577, 0.1974319, 0.8295272, 0.34612727, 0.51401484, 0.66115797, 0.9336245,
    0.06690067, 0.7468897, 0.39028263, 0.53575844, 0.060429193, 0.8913558, 0.77787375, 0.6701197, 0.7350527, 0.6636995,
    0.18176624, 0.8629976, 0.45142895, 0.6497297, 0.159372, 0.40598175, 0.7988516, 0.7291543, 0.07090418, 0.7697132,
    0.4972157, 0.7669217, 0.67975855, 0.13026066, 0.6587437, 0.24532892, 0.24545169, 0.83795583, 0.105490535, 0.7264323,
    0.94568557, 0.7216649, 0.14389831, 0.7930531, 0.70895344, 0.9724701, 0.9775157, 0.49999878, 0.65569246, 0.26876843,
    0.63248956, 0.85201293, 0.5689624, 0.023386303, 0.5546464, 0.36860028, 0.9603114, 0.39123482, 0.0380728, 0.89212376,
    0.14387614, 0.63858676, 0.10003748, 0.8906635, 0.06681054, 0.7458642, 0.45452347, 0.54724604, 0.6496482, 0.7818356,
    0.6608355, 0.77711326, 0.24588613, 0.013456763, 0.355845, 0.80388206, 0.027993264, 0.73677206, 0.52755004, 0.9052324,
    0.54311025, 0.5367805, 0.4131242, 0.7752338, 0.109669454, 0.13664648, 0.7828739, 0.9083969, 0.5247593, 0.7493595,
    0.19275227, 0.007190853, 0.6087981, 0.344136, 0.46909887, 0.41924855, 0.7072913, 0.19932869, 0.5303847, 0.651384,
    0.06686331, 0.9717932, 0.65702224, 0.11786682, 0.3154073, 0.88923013, 0.5564087, 0.91047823, 0.28466642, 0.0934668,
    0.88953066, 0.9919338, 0.18322521, 0.8185455, 0.566391, 0.014207997, 0.29673064, 0.6347744, 0.6801958, 0.39601147,
    0.34374171, 0.7216888, 0.6152569, 0.76679546, 0.5860851, 0.4276813, 0.79339284, 0.13130653, 0.68764234, 0.053128112,
    0.02611321, 0.2982243, 0.7618372, 0.3331729, 0.5468192, 0.15707079, 0.28592056, 0.15286565, 0.9368963, 0.350671,
    0.4336494, 0.08934934, 0.41172776, 0.5850259, 0.70730376, 0.8598349, 0.088788144, 0.26711187, 0.8002491, 0.19422275,
    0.8312039, 0.5198718, 0.40111357, 0.98375803, 0.77703434, 0.037818834, 0.704231, 0.689808, 0.17102319, 0.42153922,
    0.7278252, 0.8030207, 0.9101717, 0.0199644, 0.13768466, 0.55669, 0.17991355, 0.6720098, 0.7733328, 0.20881335,
]
RDFT_HEADS = {
    "rdft1d_results_1": [4.6657147, -1.1622906e-06, 0.21456887, -0.14946258, -0.20476034, -0.37063062, -0.31414136,
                         0.5099413, -1.1779613, 0.07057127, -0.64047664, -1.0058284e-07, 4.982774, -1.1771917e-06],
    "rdft1d_results_2": [2.266797, -8.195639e-08, -0.37842733, -0.41015846, -0.48980892, -0.10356337, 2.5542018,
                         -2.2351742e-08, -0.3223713, 0.671882, 0.54300576, -0.35418037],
    "rdft1d_results_3": [4.665715, -1.6093254e-06, -0.5430559, -0.5752678, -0.37596112, -1.1571281, -0.46793216,
                         -0.94566363, 0.6854232, -0.3444838, -0.674704, 0.5946392, -0.64047587, 1.3560057e-06],
}
# (test name, axes, signal_size or None, numpy axes, numpy sizes or None, expected table)
RDFT_CASES = [
    ("rdft1d_eval", [2], None, [2], None, "rdft1d_results_1"),
    ("rdft1d_eval_1", [-1], None, [2], None, "rdft1d_results_1"),
    ("rdft1d_eval_signal_size_1", [2], [5], [2], [5], "rdft1d_results_2"),
    ("rdft1d_eval_signal_size_1_1", [-1], [5], [2], [5], "rdft1d_results_2"),
    ("rdft1d_eval_signal_size_2", [2], [12], [2], [12], "rdft1d_results_3"),
    ("rdft1d_eval_signal_size_2_1", [-1], [12], [2], [12], "rdft1d_results_3"),
    ("rdft2d_eval_1", [1, 2], None, [1, 2], None, "rdft2d_results"),
    ("rdft2d_eval_1_positive_negative_axes", [1, -1], None, [1, 2], None, "rdft2d_results"),
    ("rdft2d_eval_1_negative_positive_axes", [-2, 2], None, [1, 2], None, "rdft2d_results"),
    ("rdft2d_eval_1_negative_negative_axes", [-2, -1], None, [1, 2], None, "rdft2d_results"),
    ("rdft2d_eval_1_signal_size_0_s10_10", [1, 2], [10, 10], [1, 2], None, "rdft2d_results"),
    ("rdft2d_eval_1_signal_size_0_s10_10_positive_negative_axes", [1, -1], [10, 10], [1, 2], None, "rdft2d_results"),
    ("rdft2d_eval_1_signal_size_0_s10_10_negative_positive_axes", [-2, 2], [10, 10], [1, 2], None, "rdft2d_results"),
    ("rdft2d_eval_1_signal_size_0_s10_10_negative_negative_axes", [-2, -1], [10, 10], [1, 2], None, "rdft2d_results"),
    ("rdft2d_eval_1_signal_size_0_s10_m1", [1, 2], [10, -1], [1, 2], None, "rdft2d_results"),
    ("rdft2d_eval_1_signal_size_0_sm1_10", [1, 2], [-1, 10], [1, 2], None, "rdft2d_results"),
    ("rdft2d_eval_1_signal_size_0_sm1_m1", [1, 2], [-1, -1], [1, 2], None, "rdft2d_results"),
    ("rdft2d_eval_2_signal_size", [1, 2], [5, 12], [1, 2], [5, 12], "rdft2d_results_2"),
    ("rdft2d_eval_2_signal_size_positive_negative_axes", [1, -1], [5, 12], [1, 2], [5, 12], "rdft2d_results_2"),
    ("rdft2d_eval_2_signal_size_negative_positive_axes", [-2, 2], [5, 12], [1, 2], [5, 12], "rdft2d_results_2"),
    ("rdft2d_eval_2_signal_size_negative_negative_axes", [-2, -1], [5, 12], [1, 2], [5, 12], "rdft2d_results_2"),
    ("rdft3d_eval_1", [0, 1, 2], None, [0, 1, 2], None, "rdft3d_results"),
    ("rdft3d_eval_1_negative_axes_and_signal_size", [-3, 1, 2], [-1, 10, -1], [0, 1, 2], None, "rdft3d_results"),
    ("rdft3d_eval_2", [0, 1, 2], [4, 5, 12], [0, 1, 2], [4, 5, 12], "rdft3d_results_2"),
    ("rdft3d_eval_2_negative_axes", [-3, -2, 2], [4, 5, 12], [0, 1, 2], [4, 5, 12], "rdft3d_results_2"),
]


def gen_rdft():
    x = np.array(RDFT_INPUT, dtype=np.float32).astype(np.float64).reshape(2, 10, 10)
    for nm, axes, sizes, npaxes, npsizes, table in RDFT_CASES:
        y = to_pair(np.fft.rfftn(x, s=npsizes, axes=npaxes))
        if table in RDFT_HEADS:
            check_head(table, y, RDFT_HEADS[table])
        consts = [np.array(axes, dtype=np.int64)]
        if sizes is not None:
            consts.append(np.array(sizes, dtype=np.int64))
        tag = nm.replace("rdft", "").replace("_eval", "")
        case(f"rdft_{tag}_f32", "RDFT", "opset9", None, x, consts, y, origin("rdft.cpp", RDFT_C, nm),
             f"RDFT-9 template vector {nm}: [2,10,10] input, axes {axes}, signal_size {sizes} -> "
             f"{list(y.shape)} (expected_{table})")


# ------------------------------------------------------------------------------------------- IRDFT
IRDFT_C = "191a0a700dc15fa5299784471e09941c3c5adb40"
# irdft.cpp's input_data_1..6 are rdft.cpp's expected tables (the RDFT of rdft.cpp's input_data): keyed here by the
# numpy rfftn (axes, sizes) that reproduces them; the heads of those tables are checked in gen_rdft.
IRDFT_INPUTS = {1: ([2], None), 2: ([2], [5]), 3: ([2], [12]), 4: ([1, 2], None), 5: ([1, 2], [5, 12]),
                6: ([0, 1, 2], None)}
# heads of irdft.cpp's expected tables (transcribed)
IRDFT_HEADS = {
    "irdft1d_results_1": None,  # = rdft.cpp's input_data (within float rounding); the transcribed input is saved
    "irdft2d_results_2": [0.10606504, 0.74547091, 0.57231341, 0.45824085, 0.38470576, 0.27398939, 0.66796227,
                          0.39547472, 0.28157284, 0.77991920, 0.00000012, 0.00000025, 0.59909402, 0.12294612],
    "irdft3d_results_2": [0.29655575, 0.59799123, 0.22431113, 0.46143103, 0.53208175, 0.32705094, 0.59367000,
                          0.29963828, 0.41763943, 0.24033307, 0.42796425, 0.56577777, 0.37677909, 0.32099129],
}
# (test name, input table, axes, signal_size or None, numpy irfftn axes, numpy s or None, expected table)
IRDFT_CASES = [
    ("irdft1d_eval", 1, [2], None, [2], None, "irdft1d_results_1"),
    ("irdft1d_eval_1", 1, [-1], None, [2], None, "irdft1d_results_1"),
    ("irdft1d_eval_signal_size_0", 1, [2], [10], [2], [10], "irdft1d_results_1"),
    ("irdft1d_eval_signal_size_0_1", 1, [2], [-1], [2], None, "irdft1d_results_1"),
    ("irdft1d_eval_signal_size_1", 2, [2], [5], [2], [5], "irdft1d_results_2"),
    ("irdft1d_eval_signal_size_1_1", 2, [-1], [5], [2], [5], "irdft1d_results_2"),
    ("irdft1d_eval_signal_size_2", 3, [2], [4], [2], [4], "irdft1d_results_3"),
    ("irdft1d_eval_signal_size_2_1", 3, [-1], [4], [2], [4], "irdft1d_results_3"),
    ("irdft2d_eval_1", 4, [1, 2], None, [1, 2], None, "irdft1d_results_1"),
    ("irdft2d_eval_1_positive_negative_axes", 4, [1, -1], None, [1, 2], None, "irdft1d_results_1"),
    ("irdft2d_eval_1_negative_positive_axes", 4, [-2, 2], None, [1, 2], None, "irdft1d_results_1"),
    ("irdft2d_eval_1_negative_negative_axes", 4, [-2, -1], None, [1, 2], None, "irdft1d_results_1"),
    ("irdft2d_eval_1_signal_size_0_s10_10", 4, [1, 2], [10, 10], [1, 2], None, "irdft1d_results_1"),
    ("irdft2d_eval_1_signal_size_0_s10_10_positive_negative_axes", 4, [1, -1], [10, 10], [1, 2], None,
     "irdft1d_results_1"),
    ("irdft2d_eval_1_signal_size_0_s10_10_negative_positive_axes", 4, [-2, 2], [10, 10], [1, 2], None,
     "irdft1d_results_1"),
    ("irdft2d_eval_1_signal_size_0_s10_10_negative_negative_axes", 4, [-2, -1], [10, 10], [1, 2], None,
     "irdft1d_results_1"),
    ("irdft2d_eval_1_signal_size_0_s10_m1", 4, [1, 2], [10, -1], [1, 2], None, "irdft1d_results_1"),
    ("irdft2d_eval_1_signal_size_0_sm1_10", 4, [1, 2], [-1, 10], [1, 2], None, "irdft1d_results_1"),
    ("irdft2d_eval_1_signal_size_0_sm1_m1", 4, [1, 2], [-1, -1], [1, 2], None, "irdft1d_results_1"),
    ("irdft2d_eval_2_signal_size", 5, [1, 2], [5, 12], [1, 2], [5, 12], "irdft2d_results_2"),
    ("irdft2d_eval_2_signal_size_positive_negative_axes", 5, [1, -1], [5, 12], [1, 2], [5, 12], "irdft2d_results_2"),
    ("irdft2d_eval_2_signal_size_negative_positive_axes", 5, [-2, 2], [5, 12], [1, 2], [5, 12], "irdft2d_results_2"),
    ("irdft2d_eval_2_signal_size_negative_negative_axes", 5, [-2, -1], [5, 12], [1, 2], [5, 12], "irdft2d_results_2"),
    ("irdft3d_eval_1", 6, [0, 1, 2], None, [0, 1, 2], None, "irdft1d_results_1"),
    ("irdft3d_eval_1_negative_axes_and_signal_size", 6, [-3, 1, 2], [-1, 10, -1], [0, 1, 2], None,
     "irdft1d_results_1"),
    ("irdft3d_eval_2", 6, [0, 1, 2], [4, 5, 12], [0, 1, 2], [4, 5, 12], "irdft3d_results_2"),
    ("irdft3d_eval_2_negative_axes", 6, [-3, -2, 2], [4, 5, 12], [0, 1, 2], [4, 5, 12], "irdft3d_results_2"),
]


def gen_irdft():
    x = np.array(RDFT_INPUT, dtype=np.float32).astype(np.float64).reshape(2, 10, 10)
    for nm, tin, axes, sizes, npaxes, nps, table in IRDFT_CASES:
        ra, rs = IRDFT_INPUTS[tin]
        inp = to_pair(np.fft.rfftn(x, s=rs, axes=ra)).astype(np.float32).astype(np.float64)
        y = np.fft.irfftn(to_complex(inp), s=nps, axes=npaxes)
        if table == "irdft1d_results_1":
            assert np.allclose(y, x, atol=1e-5), nm
            y = x  # the test's table is the round trip back to rdft.cpp's input_data
        elif IRDFT_HEADS.get(table) is not None:
            check_head(table, y, IRDFT_HEADS[table])
        consts = [np.array(axes, dtype=np.int64)]
        if sizes is not None:
            consts.append(np.array(sizes, dtype=np.int64))
        tag = nm.replace("irdft", "").replace("_eval", "")
        case(f"irdft_{tag}_f32", "IRDFT", "opset9", None, inp, consts, y, origin("irdft.cpp", IRDFT_C, nm),
             f"IRDFT-9 template vector {nm}: {list(inp.shape)} half spectrum (input_data_{tin}), axes {axes}, "
             f"signal_size {sizes} -> {list(y.shape)} (expected_{table})")

# irdft.cpp `input_data_7`, shape [3, 4, 8, 2] (a half spectrum along axis 0 when the axes are reversed)
IRDFT_INPUT_7 = [
    0.73348462, 0.74833735, 0.40982435, 0.51988197, 0.99384421, 0.12469386, 0.47686314, 0.25882564,
    0.67028317, 0.58466398, 0.74927361, 0.19614283, 0.82593526, 0.41205770, 0.74020169, 0.62222693,
    0.33264240, 0.84108156, 0.86392366, 0.79030966, 0.79792986, 0.47647899, 0.65967837, 0.92732906,
    0.90477190, 0.87232389, 0.55734667, 0.75560744, 0.70658521, 0.28530827, 0.02554864, 0.14915414,
    0.29936996, 0.74239557, 0.38158196, 0.26483291, 0.15843351, 0.38703221, 0.79967600, 0.63790851,
    0.66191234, 0.19395184, 0.34992850, 0.89077723, 0.40746049, 0.01455611, 0.84174579, 0.91950995,
    0.43402124, 0.76620100, 0.96476467, 0.78331896, 0.48567269, 0.33793230, 0.20362115, 0.51710568,
    0.55455124, 0.10148728, 0.48229121, 0.58612092, 0.91786709, 0.94405867, 0.54302465, 0.24146348,
    0.34853454, 0.75880201, 0.67781768, 0.29531289, 0.35969526, 0.01040005, 0.63142510, 0.67264276,
    0.57920180, 0.99608063, 0.91108299, 0.82647166, 0.54134147, 0.79556370, 0.18579404, 0.95271365,
    0.61918245, 0.17552980, 0.56332554, 0.58036855, 0.33756331, 0.69359258, 0.03914420, 0.14962257,
    0.26647894, 0.45042564, 0.60093050, 0.67657016, 0.12601171, 0.95279680, 0.02868298, 0.82188820,
    0.17558198, 0.40678849, 0.90804391, 0.21813571, 0.69710526, 0.91450289, 0.44277349, 0.70432336,
    0.88161566, 0.23739783, 0.02746046, 0.05775890, 0.63494471, 0.10963744, 0.68260565, 0.87579980,
    0.34451002, 0.01422449, 0.44081511, 0.78790226, 0.42010180, 0.62148773, 0.73164358, 0.85657540,
    0.21649672, 0.93347654, 0.65511518, 0.45192463, 0.57671214, 0.09925586, 0.76042901, 0.84041443,
    0.91933065, 0.00541233, 0.56194300, 0.71416635, 0.15882159, 0.57976451, 0.37377713, 0.48352544,
    0.96645849, 0.50040596, 0.06060478, 0.21032667, 0.33303769, 0.80884551, 0.97500277, 0.28607026,
    0.12235457, 0.47764468, 0.09834820, 0.08864630, 0.21728048, 0.92446905, 0.53802798, 0.22378462,
    0.66087828, 0.64754384, 0.09980577, 0.50331927, 0.90966904, 0.67624758, 0.22728569, 0.61184030,
    0.66753081, 0.00405466, 0.93407600, 0.89524725, 0.34496848, 0.01595642, 0.54338693, 0.65760153,
    0.69930304, 0.54202591, 0.66030817, 0.74371140, 0.95000083, 0.86475930, 0.99826786, 0.85464029,
    0.89926621, 0.90551912, 0.89889036, 0.38316505, 0.06428984, 0.39342267, 0.40689672, 0.37076883,
    0.72720439, 0.05071236, 0.01355718, 0.95169120, 0.03623840, 0.05569115, 0.47255274, 0.44040655,
]
IRDFT_HEADS["irdft3d_results_3"] = [0.51795123, 0.01846075, 0.03363710, -0.02286412, -0.00527071, -0.05116411,
                                    -0.01142488, -0.01784910, -0.01088149, 0.01049122, -0.00829387, 0.00942086]
IRDFT_HEADS["irdft3d_results_4"] = [0.24882269, -0.00554157, -0.00759689, -0.00413212, 0.01099624, 0.02191469,
                                    0.02829072, -0.01410181, 0.04826954, 0.03587530, -0.01151859, 0.03459743]
# reversed axes: the last listed axis (0) is the one holding the half spectrum
IRDFT_REV_CASES = [
    ("irdft3d_reversed_axes", [2, 1, 0], None, None, "irdft3d_results_3"),
    ("irdft3d_reversed_negative_axes", [-1, -2, -3], None, None, "irdft3d_results_3"),
    ("irdft3d_reversed_axes_with_signals", [2, 1, 0], [3, 3, 10], [3, 3, 10], "irdft3d_results_4"),
    ("irdft3d_reversed_negative_axes_with_signals", [-1, -2, -3], [3, 3, 10], [3, 3, 10], "irdft3d_results_4"),
]


def gen_irdft_rev():
    inp = np.array(IRDFT_INPUT_7, dtype=np.float32).astype(np.float64).reshape(3, 4, 8, 2)
    for nm, axes, sizes, nps, table in IRDFT_REV_CASES:
        y = np.fft.irfftn(to_complex(inp), s=nps, axes=[2, 1, 0])
        check_head(table, y, IRDFT_HEADS[table])
        consts = [np.array(axes, dtype=np.int64)]
        if sizes is not None:
            consts.append(np.array(sizes, dtype=np.int64))
        tag = nm.replace("irdft", "")
        case(f"irdft_{tag}_f32", "IRDFT", "opset9", None, inp, consts, y, origin("irdft.cpp", IRDFT_C, nm),
             f"IRDFT-9 template vector {nm}: [3,4,8,2] input_data_7, axes {axes}, signal_size {sizes} -> "
             f"{list(y.shape)} (expected_{table}; the last listed axis, 0, is the half-spectrum axis)")


# ------------------------------------------------------------------------------------------- ISTFT
ISTFT_C = "13faa4d2b46e05baa97fcd0912c2ee0bed6f3f59"
ISTFT_SIG16 = [5.8779e-01, -7.7051e-01, -6.8455e-01, 6.8455e-01, 7.7051e-01, -5.8779e-01, -8.4433e-01, 4.8175e-01,
               9.0483e-01, -3.6813e-01, -9.5106e-01, 2.4869e-01, 9.8229e-01, -1.2533e-01, -9.9803e-01, 6.8545e-07]
ISTFT_SIG48 = [-0.9511, -0.1861, 0.7722, 0.9283, 0.1200, -0.8129, -0.9014, -0.0534, 0.8500, 0.8704,
               -0.0134, -0.8833, -0.8356, 0.0801, 0.9126, 0.7971, -0.1465, -0.9379, -0.7550, 0.2123,
               0.9590, 0.7095, -0.2771, -0.9758, -0.6608, 0.3406, 0.9882, 0.6092, -0.4027, -0.9962,
               -0.5549, 0.4629, 0.9998, 0.4981, -0.5211, -0.9989, -0.4390, 0.5769, 0.9936, 0.3780,
               -0.6302, -0.9838, -0.3154, 0.6806, 0.9696, 0.2513, -0.7281, -0.9511]
ISTFT_SIG39 = ISTFT_SIG48[:39]  # the test's signal_39 lists the first 39 values of signal_48
ISTFT_STFT_9_1_WIN1 = [-0.6693, 0.0000, -0.7103, -0.0912, -0.8803, -0.2251, -1.5651, -0.5924, 6.7234, 3.2667,
                       0.7715, 0.4254, 0.3599, 0.1884, 0.2358, 0.0796, 0.2042, 0.0000]
ISTFT_STFT_9_1_WIN2 = [-1.3386, 0.0000, -1.4207, -0.1823, -1.7606, -0.4502, -3.1302, -1.1848, 13.4467, 6.5335,
                       1.5429, 0.8508, 0.7199, 0.3768, 0.4716, 0.1591, 0.4084, 0.0000]
ISTFT_STFT_9_3_WIN2 = [1.3873, 0.0000, -2.8503, 0.0000, -0.4391, 0.0000, 1.7637, -0.6945, -3.1429,
                       -0.9896, -0.7182, 1.0237, 4.2213, -2.5114, -5.0535, -3.5783, -2.5402, 3.7017,
                       -12.4337, 7.5925, 7.8944, 10.8180, 9.8076, -11.1912, -3.1735, 1.6741, 0.6953,
                       2.3853, 2.9422, -2.4676, -2.1233, 0.8610, -0.1211, 1.2268, 2.1636, -1.2691,
                       -1.7631, 0.4790, -0.4011, 0.6825, 1.8965, -0.7060, -1.6151, 0.2192, -0.5161,
                       0.3123, 1.7869, -0.3231, -1.5735, 0.0000, -0.5485, 0.0000, 1.7559, 0.0000]
ISTFT_STFT_9_4_WIN2_C = [
    -7.3526e-01, 0.0000e+00, 1.1330e+00, 0.0000e+00, 2.5475e+00, 0.0000e+00, -4.1695e+00, 0.0000e+00,
    -3.3068e+00, 2.3842e-07, 1.0681e+00, 1.3042e+00, 2.9902e+00, -2.6441e-02, -2.2545e+00, -9.3384e-01,
    -1.6860e+00, 0.0000e+00, 6.4448e-01, 4.7161e+00, 5.8809e+00, -9.5572e-02, -6.7604e+00, -6.7604e+00,
    1.4974e+01, 0.0000e+00, 3.5154e+00, -1.4258e+01, -1.3709e+01, 2.8896e-01, 4.2285e+00, 1.0209e+01,
    7.9468e-01, 0.0000e+00, 1.9192e+00, -3.1437e+00, -2.8170e+00, 6.3723e-02, 0.0000e+00, 4.5065e+00,
    1.6981e+00, 0.0000e+00, 1.7382e+00, -1.6169e+00, -1.5818e+00, 3.2759e-02, -4.7954e-01, 1.1577e+00,
    3.2156e-01, 0.0000e+00, 1.6761e+00, -8.9949e-01, -1.1581e+00, 1.8237e-02, -1.2894e+00, 1.2894e+00,
    1.0437e+00, 2.3842e-07, 1.6506e+00, -4.1167e-01, -9.8408e-01, 8.3490e-03, -7.1159e-01, 2.9475e-01,
    2.5795e-01, 0.0000e+00, 1.6434e+00, 0.0000e+00, -9.3507e-01, 0.0000e+00, -1.4628e+00, 0.0000e+00]
ISTFT_STFT_9_4_WIN2_CN = [
    -1.8382e-01, 0.0000e+00, 2.8325e-01, 0.0000e+00, 6.3686e-01, 0.0000e+00, -1.0424e+00, 0.0000e+00,
    -8.2669e-01, 5.9605e-08, 2.6703e-01, 3.2606e-01, 7.4754e-01, -6.6102e-03, -5.6362e-01, -2.3346e-01,
    -4.2149e-01, 0.0000e+00, 1.6112e-01, 1.1790e+00, 1.4702e+00, -2.3893e-02, -1.6901e+00, -1.6901e+00,
    3.7434e+00, 0.0000e+00, 8.7886e-01, -3.5645e+00, -3.4273e+00, 7.2241e-02, 1.0571e+00, 2.5522e+00,
    1.9867e-01, 0.0000e+00, 4.7980e-01, -7.8593e-01, -7.0426e-01, 1.5931e-02, 0.0000e+00, 1.1266e+00,
    4.2452e-01, 0.0000e+00, 4.3454e-01, -4.0423e-01, -3.9546e-01, 8.1899e-03, -1.1988e-01, 2.8943e-01,
    8.0389e-02, 0.0000e+00, 4.1901e-01, -2.2487e-01, -2.8953e-01, 4.5592e-03, -3.2235e-01, 3.2235e-01,
    2.6093e-01, 5.9605e-08, 4.1264e-01, -1.0292e-01, -2.4602e-01, 2.0872e-03, -1.7790e-01, 7.3688e-02,
    6.4488e-02, 0.0000e+00, 4.1084e-01, 0.0000e+00, -2.3377e-01, 0.0000e+00, -3.6569e-01, 0.0000e+00]
# (test name, stft table, shape, window (value, 16 samples), frame_size, frame_step, length or None, center,
#  normalized, expected signal, expected shape)
ISTFT_CASES = [
    ("basic_1D_transp_ones_win_step_16", ISTFT_STFT_9_1_WIN1, [9, 1, 2], 1.0, 16, 16, None, False, False,
     ISTFT_SIG16, [16]),
    ("basic_1D_transp_ones_win_step_4", ISTFT_STFT_9_1_WIN1, [9, 1, 2], 1.0, 16, 4, None, False, False,
     ISTFT_SIG16, [16]),
    ("basic_1D_transp_two_win_step_16", ISTFT_STFT_9_1_WIN2, [9, 1, 2], 2.0, 16, 16, None, False, False,
     ISTFT_SIG16, [16]),
    ("basic_1D_transp_two_win_step_4", ISTFT_STFT_9_1_WIN2, [9, 1, 2], 2.0, 16, 4, None, False, False,
     ISTFT_SIG16, [16]),
    ("basic_1D_transp_two_win_step_16_sig48", ISTFT_STFT_9_3_WIN2, [9, 3, 2], 2.0, 16, 16, None, False, False,
     ISTFT_SIG48, [48]),
    ("basic_2D_transp_two_win_step_16", ISTFT_STFT_9_3_WIN2 * 2, [2, 9, 3, 2], 2.0, 16, 16, None, False, False,
     ISTFT_SIG48 * 2, [2, 48]),
    ("basic_1D_transp_two_win_step_16_center", ISTFT_STFT_9_4_WIN2_C, [9, 4, 2], 2.0, 16, 16, None, True, False,
     ISTFT_SIG48, [48]),
    ("basic_1D_transp_two_win_step_16_center_norm", ISTFT_STFT_9_4_WIN2_CN, [9, 4, 2], 2.0, 16, 16, None, True,
     True, ISTFT_SIG48, [48]),
    ("basic_2D_transp_two_win_step_16_center", ISTFT_STFT_9_4_WIN2_C * 2, [2, 9, 4, 2], 2.0, 16, 16, None, True,
     False, ISTFT_SIG48 * 2, [2, 48]),
    ("basic_2D_transp_two_win_step_16_center_length_48", ISTFT_STFT_9_4_WIN2_C * 2, [2, 9, 4, 2], 2.0, 16, 16, 48,
     True, False, ISTFT_SIG48 * 2, [2, 48]),
    ("basic_1D_transp_two_win_step_16_center_norm_length_39", ISTFT_STFT_9_4_WIN2_CN, [9, 4, 2], 2.0, 16, 16, 39,
     True, True, ISTFT_SIG39, [39]),
]


def gen_istft():
    # the test's second "basic_1D_transp_two_win_step_16" (9x3 frames, signal_48) is renamed *_sig48 here
    for nm, stft, shp, win, fs, st, length, center, norm, sig, osh in ISTFT_CASES:
        g = W.Graph(nm)
        data = np.array(stft, dtype=np.float32).reshape(shp)
        window = np.full(16, win, dtype=np.float32)
        y = np.array(sig, dtype=np.float32).reshape(osh)
        ins = [g.param("data", "f32", shp), g.param("window", "f32", [16]),
               g.const("frame_size", "i64", np.array(fs, dtype=np.int64)),
               g.const("frame_step", "i64", np.array(st, dtype=np.int64))]
        if length is not None:
            ins.append(g.const("signal_length", "i64", np.array(length, dtype=np.int64)))
        (r,) = g.op("node", "ISTFT", "opset16", [("center", center), ("normalized", norm)], ins,
                    [("f32", osh, "y")])
        g.result(r, "y")
        W.write_case(SOURCE, f"istft_{nm}_f32", g, {"data": data, "window": window},
                     [{"name": "y", "array": y, "compare": "close", "atol": 1e-5, "rtol": 1e-2}],
                     origin("istft.cpp", ISTFT_C, nm),
                     f"ISTFT-16 template vector {nm}: data {shp}, window of 16 x {win}, frame_size {fs}, frame_step "
                     f"{st}, signal_length {length}, center {center}, normalized {norm} (frame_size / frame_step / "
                     "signal_length as Consts: the test feeds them as Parameters, irrun needs them before execution; "
                     "tolerance the test's abs_threshold 1e-5 and threshold 1e-2)",
                     "ISTFT-16")
        COUNTS["istft"] = COUNTS.get("istft", 0) + 1


def main():
    import os
    import shutil
    d = os.path.join(W.ROOT, SOURCE)
    if os.path.isdir(d):
        shutil.rmtree(d)
    gen_dft()
    gen_idft()
    gen_dft1()
    gen_rdft()
    gen_irdft()
    gen_irdft_rev()
    gen_istft()
    print(f"{SOURCE}: {sum(COUNTS.values())} cases {COUNTS}")


if __name__ == "__main__":
    main()
