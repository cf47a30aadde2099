"""PyTorch (Debian python3-torch, CPU) cases for the compute ops beyond pooling, at sizes that reach the
fast kernels: odd channel counts and widths that leave partial tiles, strides, asymmetric pads, dilations,
groups and depthwise, batched and broadcast MatMul, a matvec, fused epilogues (bias, ReLU, residual Add),
SoftMax, Interpolate and activations.

The expected outputs are PyTorch's results computed in float64 from the float32 inputs and rounded once to
float32 -- the exact answer to within one rounding -- so the tolerance only has to cover irrun's float32
accumulation: rtol 1e-4 and atol 1e-4 for sums over up to a few thousand terms (convolutions, matmuls),
rtol 1e-5 / atol 1e-6 for elementwise functions, atol 1e-5 for Interpolate (float32 coordinates and weights).  Inputs are fixed-seed uniform(-1, 1).

Mapping (torch -> OpenVINO):
  conv{1,2,3}d                  -> Convolution-1 (asymmetric pads via F.pad before the conv)
  conv2d groups=g               -> GroupConvolution-1 (weights [g, O/g, I/g, kh, kw]); depthwise when g = C
  conv_transpose2d              -> ConvolutionBackpropData-1
  conv2d + bias + relu (+ add)  -> Convolution-1, Add, Relu (, Add): the graph's fused epilogues
  matmul / linear               -> MatMul-1 (transpose_b for linear)
  softmax                       -> SoftMax-8
  interpolate bilinear          -> Interpolate-11 linear_onnx, half_pixel (align_corners=False)
  interpolate nearest           -> Interpolate-11 nearest, asymmetric, floor
  interpolate bicubic           -> Interpolate-11 cubic, half_pixel, cube_coeff -0.75
  sigmoid, tanh, silu, gelu, hardswish, exp, elu
                                -> Sigmoid, Tanh, Swish-4, Gelu-7 (erf, tanh), HSwish-4, Exp, Elu
  batch_norm (eval)             -> BatchNormInference-5
  fused chains                  -> conv + folded BatchNorm + Clamp(0, 6); conv + bias, x * Sigmoid(x); conv, Swish,
                                   PRelu; squeezenet's fire module into a Concat; a MobileNetV2 inverted residual
  glue                          -> broadcast Add/Multiply, MVN-6 (both eps modes), ReduceSum/Max/Mean, Transpose,
                                   Concat, Interpolate-11 nearest 2x
  FakeQuantize + int8 weights   -> FakeQuantize-1, Convolution-1 on Multiply(Convert(i8 codes), scale), Add, Relu:
                                   oracle the op spec's FakeQuantize formula in float64 (inputs kept 0.15-0.35 of
                                   a step from rounding boundaries) and torch conv2d
  mean over H, W                -> ReduceMean-1 keep_dims
"""
import numpy as np
import torch
import torch.nn.functional as F

import irwriter as W

torch.set_num_threads(1)
TV = torch.__version__
SOURCE = "torchops"
SUM_TOL = {"atol": 1e-4, "rtol": 1e-4}
FN_TOL = {"atol": 1e-6, "rtol": 1e-5}
# Interpolate computes its source coordinates and weights in float32 (as OpenVINO's reference does), so a
# weight carries ~1e-7 relative error on inputs of magnitude 1
INTERP_TOL = {"atol": 1e-5, "rtol": 1e-5}


def rand(shape, seed):
    return np.random.default_rng(seed).uniform(-1, 1, shape).astype(np.float32)


def t64(a):
    return torch.from_numpy(a.astype(np.float64))


def f32(t):
    return t.numpy().astype(np.float32)


def write(name, g, inputs, outs, desc, op, tol):
    outputs = [{"name": n, "array": y, "compare": "close", **tol} for n, y in outs]
    W.write_case(SOURCE, name, g, inputs, outputs, f"PyTorch {TV} (float64, rounded to float32), fixed seed",
                 desc, op)


def conv_case(name, xs, ws, stride, pads_b, pads_e, dil, groups=1, bias=False, relu=False, residual=False,
              seed=0, f16_weights=False):
    nsp = len(xs) - 2
    x, w = rand(xs, seed), rand(ws, seed + 1) / np.sqrt(np.prod(ws[1:]))
    if f16_weights:  # a compressed IR: f16 Const -> Convert(f32); the oracle uses the f16 values
        w = w.astype(np.float16).astype(np.float32)
    b = rand([ws[0]], seed + 2) if bias else None
    pad = []
    for i in reversed(range(nsp)):  # F.pad: last dim first
        pad += [pads_b[i], pads_e[i]]
    conv = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}[nsp]
    y = conv(F.pad(t64(x), pad), t64(w), None if b is None else t64(b), stride=stride, dilation=dil, groups=groups)
    if relu:
        y = torch.relu(y)
    r = None
    if residual:
        r = rand(list(y.shape), seed + 3)
        y = y + t64(r)
    y = f32(y)
    g = W.Graph(name)
    xp = g.param("x", "f32", xs)
    attrs = [("strides", stride), ("dilations", dil), ("pads_begin", pads_b), ("pads_end", pads_e),
             ("auto_pad", "explicit")]
    if f16_weights:
        (wc,) = g.op("decompress", "Convert", "opset1", [("destination_type", "f32")],
                     [g.const("weights", "f16", w.astype(np.float16))], [("f32", ws, None)])
        t, op = "Convolution", "Convert-1+Convolution-1"
    elif groups == 1:
        wc = g.const("weights", "f32", w)
        t, op = "Convolution", "Convolution-1"
    else:
        wc = g.const("weights", "f32", w.reshape([groups, ws[0] // groups] + list(ws[1:])))
        t, op = "GroupConvolution", "GroupConvolution-1"
    last = not (bias or relu or residual)
    (h,) = g.op("conv", t, "opset1", attrs, [xp, wc], [("f32", list(y.shape), "y" if last else None)])
    if bias:
        last = not (relu or residual)
        bc = g.const("bias", "f32", b.reshape([1, -1] + [1] * nsp))
        (h,) = g.op("bias", "Add", "opset1", [("auto_broadcast", "numpy")], [h, bc],
                    [("f32", list(y.shape), "y" if last else None)])
        op += "+Add"
    if relu:
        (h,) = g.op("relu", "Relu", "opset1", None, [h], [("f32", list(y.shape), None if residual else "y")])
        op += "+Relu"
    inputs = {"x": x}
    if residual:
        rp = g.param("r", "f32", list(y.shape))
        (h,) = g.op("residual", "Add", "opset1", [("auto_broadcast", "numpy")], [h, rp], [("f32", list(y.shape), "y")])
        inputs["r"] = r
        op += "+Add"
    g.result(h, "y")
    desc = (f"torch conv{nsp}d x{list(xs)} w{list(ws)} stride {stride} pads {pads_b}/{pads_e} dilation {dil} "
            f"groups {groups}" + (" +bias" if bias else "") + (" +relu" if relu else "") +
            (" +residual" if residual else ""))
    write(name, g, inputs, [("y", y)], desc, op, SUM_TOL)


def deconv_case(name, xs, ws, stride, pad, out_pad, seed=0):
    x, w = rand(xs, seed), rand(ws, seed + 1) / np.sqrt(ws[0] * ws[2] * ws[3])
    y = f32(F.conv_transpose2d(t64(x), t64(w), stride=stride, padding=pad, output_padding=out_pad))
    g = W.Graph(name)
    xp = g.param("x", "f32", xs)
    attrs = [("strides", [stride] * 2), ("dilations", [1, 1]), ("pads_begin", [pad] * 2), ("pads_end", [pad] * 2),
             ("auto_pad", "explicit"), ("output_padding", [out_pad] * 2)]
    (h,) = g.op("deconv", "ConvolutionBackpropData", "opset1", attrs, [xp, g.const("weights", "f32", w)],
                [("f32", list(y.shape), "y")])
    g.result(h, "y")
    write(name, g, {"x": x}, [("y", y)], f"torch conv_transpose2d x{list(xs)} w{list(ws)} stride {stride} "
          f"padding {pad} output_padding {out_pad}", "ConvolutionBackpropData-1", SUM_TOL)


def matmul_case(name, a_shape, b_shape, transpose_b=False, const_b=False, seed=0):
    a, b = rand(a_shape, seed), rand(b_shape, seed + 1)
    bt = t64(b).transpose(-1, -2) if transpose_b else t64(b)
    y = f32(torch.matmul(t64(a), bt))
    g = W.Graph(name)
    ap = g.param("a", "f32", a_shape)
    bp = g.const("b", "f32", b) if const_b else g.param("b", "f32", b_shape)
    (h,) = g.op("matmul", "MatMul", "opset1", [("transpose_a", False), ("transpose_b", transpose_b)], [ap, bp],
                [("f32", list(y.shape), "y")])
    g.result(h, "y")
    inputs = {"a": a} if const_b else {"a": a, "b": b}
    write(name, g, inputs, [("y", y)], f"torch matmul {list(a_shape)} x {list(b_shape)}"
          + (" (b transposed)" if transpose_b else "") + (" (b constant)" if const_b else ""), "MatMul-1", SUM_TOL)


def unary_case(name, shape, fn, optype, opset, attrs=None, seed=0, scale=4.0):
    x = rand(shape, seed) * scale
    y = f32(fn(t64(x)))
    g = W.Graph(name)
    xp = g.param("x", "f32", shape)
    (h,) = g.op("op", optype, opset, attrs, [xp], [("f32", list(y.shape), "y")])
    g.result(h, "y")
    write(name, g, {"x": x}, [("y", y)], f"torch {name} on {list(shape)}", f"{optype}-{opset[5:]}", FN_TOL)


def softmax_case(name, shape, axis, seed=0):
    x = rand(shape, seed) * 8
    y = f32(torch.softmax(t64(x), dim=axis))
    g = W.Graph(name)
    xp = g.param("x", "f32", shape)
    (h,) = g.op("softmax", "SoftMax", "opset8", [("axis", axis)], [xp], [("f32", list(y.shape), "y")])
    g.result(h, "y")
    write(name, g, {"x": x}, [("y", y)], f"torch softmax {list(shape)} dim {axis}", "SoftMax-8", FN_TOL)


def interp_case(name, shape, size, mode, seed=0):
    x = rand(shape, seed)
    tmode = {"linear": "bilinear", "nearest": "nearest", "cubic": "bicubic"}[mode]
    kw = {} if mode == "nearest" else {"align_corners": False}
    y = f32(F.interpolate(t64(x), size=size, mode=tmode, **kw))
    g = W.Graph(name)
    xp = g.param("x", "f32", shape)
    sizes = g.const("sizes", "i64", np.array(size, dtype=np.int64))
    axes = g.const("axes", "i64", np.array([2, 3], dtype=np.int64))
    ov_mode = {"linear": "linear_onnx", "nearest": "nearest", "cubic": "cubic"}[mode]
    ctm = "asymmetric" if mode == "nearest" else "half_pixel"
    attrs = [("mode", ov_mode), ("shape_calculation_mode", "sizes"), ("coordinate_transformation_mode", ctm),
             ("nearest_mode", "floor"), ("antialias", False), ("pads_begin", [0] * 4), ("pads_end", [0] * 4),
             ("cube_coeff", -0.75)]
    (h,) = g.op("interp", "Interpolate", "opset11", attrs, [xp, sizes, axes], [("f32", list(y.shape), "y")])
    g.result(h, "y")
    write(name, g, {"x": x}, [("y", y)], f"torch interpolate {tmode} {list(shape)} -> {size}", "Interpolate-11",
          INTERP_TOL)


def batchnorm_case(name, shape, seed=0):
    c = shape[1]
    x = rand(shape, seed)
    gamma, beta, mean = rand([c], seed + 1), rand([c], seed + 2), rand([c], seed + 3)
    var = np.abs(rand([c], seed + 4)) + 0.1
    y = f32(F.batch_norm(t64(x), t64(mean), t64(var), t64(gamma), t64(beta), training=False, eps=1e-5))
    g = W.Graph(name)
    xp = g.param("x", "f32", shape)
    ins = [xp] + [g.const(n, "f32", v) for n, v in (("gamma", gamma), ("beta", beta), ("mean", mean), ("var", var))]
    (h,) = g.op("bn", "BatchNormInference", "opset5", [("epsilon", 1e-5)], ins, [("f32", list(y.shape), "y")])
    g.result(h, "y")
    write(name, g, {"x": x}, [("y", y)], f"torch batch_norm (eval) {list(shape)}", "BatchNormInference-5", FN_TOL)


def reduce_mean_case(name, shape, seed=0):
    x = rand(shape, seed)
    y = f32(t64(x).mean(dim=(2, 3), keepdim=True))
    g = W.Graph(name)
    xp = g.param("x", "f32", shape)
    (h,) = g.op("mean", "ReduceMean", "opset1", [("keep_dims", True)],
                [xp, g.const("axes", "i64", np.array([2, 3], dtype=np.int64))], [("f32", list(y.shape), "y")])
    g.result(h, "y")
    write(name, g, {"x": x}, [("y", y)], f"torch mean over H, W {list(shape)}", "ReduceMean-1", FN_TOL)


def fq_inputs(shape, lo, hi, levels, seed):
    """float32 inputs whose FakeQuantize codes are unambiguous: each lies 0.15-0.35 of a step from a rounding
    boundary (so float32 and float64 evaluation of the formula agree), and 5 % lie well outside [lo, hi]."""
    rng = np.random.default_rng(seed)
    q = rng.integers(0, levels, shape)
    d = rng.uniform(0.15, 0.35, shape) * rng.choice([-1, 1], shape)
    x = lo + (q + d) * (hi - lo) / (levels - 1)
    out = rng.random(shape) < 0.05
    x[out] = np.where(rng.random(shape) < 0.5, lo - 1.0, hi + 1.0)[out]
    return x.astype(np.float32)


def fake_quantize64(x, lo, hi, levels):
    """OpenVINO's FakeQuantize with equal input and output ranges, in float64 (op spec formula)."""
    x = x.astype(np.float64)
    q = np.rint((x - lo) / (hi - lo) * (levels - 1))
    y = q / (levels - 1) * (hi - lo) + lo
    return np.where(x <= min(lo, hi), lo, np.where(x > max(lo, hi), hi, y))


def q8_conv_case(name, xs, ws, stride, pad, lo, hi, relu=True, seed=0):
    """FakeQuantize(256 levels) -> Convolution with int8 weights Multiply(Convert(i8), per-channel scale)
    -> bias Add (-> Relu): the pattern the int8 pass computes on u8 x i8 codes."""
    x = fq_inputs(xs, lo, hi, 256, seed)
    rng = np.random.default_rng(seed + 1)
    codes = rng.integers(-127, 128, ws).astype(np.int8)
    scale = (rng.uniform(0.5, 1.5, [ws[0], 1, 1, 1]) / (127 * np.sqrt(np.prod(ws[1:])))).astype(np.float32)
    bias = rand([ws[0]], seed + 2)
    w64 = codes.astype(np.float64) * scale.astype(np.float64)
    y = F.conv2d(torch.from_numpy(fake_quantize64(x, lo, hi, 256)), torch.from_numpy(w64), t64(bias),
                 stride=stride, padding=pad)
    if relu:
        y = torch.relu(y)
    y = f32(y)
    g = W.Graph(name)
    xp = g.param("x", "f32", xs)
    rng_c = [g.const(n, "f32", np.array(v, dtype=np.float32)) for n, v in
             (("in_low", lo), ("in_high", hi), ("out_low", lo), ("out_high", hi))]
    (fq,) = g.op("fq", "FakeQuantize", "opset1", [("levels", 256), ("auto_broadcast", "numpy")], [xp] + rng_c,
                 [("f32", xs, None)])
    (cw,) = g.op("codes_f32", "Convert", "opset1", [("destination_type", "f32")], [g.const("codes", "i8", codes)],
                 [("f32", ws, None)])
    (w,) = g.op("dequantize", "Multiply", "opset1", [("auto_broadcast", "numpy")], [cw, g.const("scale", "f32", scale)],
                [("f32", ws, None)])
    attrs = [("strides", [stride] * 2), ("dilations", [1, 1]), ("pads_begin", [pad] * 2), ("pads_end", [pad] * 2),
             ("auto_pad", "explicit")]
    shape = list(y.shape)
    (h,) = g.op("conv", "Convolution", "opset1", attrs, [fq, w], [("f32", shape, None)])
    (h,) = g.op("bias", "Add", "opset1", [("auto_broadcast", "numpy")],
                [h, g.const("bias", "f32", bias.reshape([1, -1, 1, 1]))], [("f32", shape, None if relu else "y")])
    if relu:
        (h,) = g.op("relu", "Relu", "opset1", None, [h], [("f32", shape, "y")])
    g.result(h, "y")
    write(name, g, {"x": x}, [("y", y)], f"FakeQuantize(256 levels, [{lo}, {hi}]) x{list(xs)} -> int8-weight "
          f"conv w{list(ws)} stride {stride} pad {pad} + bias" + (" + relu" if relu else "") +
          "; oracle: the op spec's FakeQuantize formula and torch conv2d, both in float64",
          "FakeQuantize-1+Convolution-1+Add" + ("+Relu" if relu else ""), SUM_TOL)


class Net:
    """Builds an IR graph and its float64 torch value side by side: each method adds one op and returns
    (ref, value)."""

    def __init__(self, name):
        self.g, self.n, self.inputs, self.ops = W.Graph(name), 0, {}, []

    def _id(self, kind):
        self.n += 1
        return f"{kind}_{self.n}"

    def param(self, name, arr):
        self.inputs[name] = arr
        return self.g.param(name, "f32", list(arr.shape)), t64(arr)

    def const(self, arr):
        return self.g.const(self._id("const"), "f32", arr)

    def _op(self, optype, opset, attrs, ins, value):
        self.ops.append(optype)
        (r,) = self.g.op(self._id(optype.lower()), optype, opset, attrs, ins, [("f32", list(value.shape), None)])
        return r, value

    def conv(self, h, cout, k, stride=1, pad=0, groups=1, seed=0):
        ref, v = h
        cin = v.shape[1]
        w = rand([cout, cin // groups, k, k], seed) / np.sqrt(cin // groups * k * k)
        y = F.conv2d(v, t64(w), stride=stride, padding=pad, groups=groups)
        attrs = [("strides", [stride] * 2), ("dilations", [1, 1]), ("pads_begin", [pad] * 2),
                 ("pads_end", [pad] * 2), ("auto_pad", "explicit")]
        if groups == 1:
            return self._op("Convolution", "opset1", attrs, [ref, self.const(w)], y)
        wg = w.reshape([groups, cout // groups, cin // groups, k, k])
        return self._op("GroupConvolution", "opset1", attrs, [ref, self.const(wg)], y)

    def channel_const(self, h, seed, positive=False):
        c = h[1].shape[1]
        a = rand([1, c] + [1] * (h[1].dim() - 2), seed)
        return np.abs(a) + 0.5 if positive else a

    def binary(self, optype, a, b):
        fn = {"Add": torch.add, "Multiply": torch.mul}[optype]
        return self._op(optype, "opset1", [("auto_broadcast", "numpy")], [a[0], b[0]], fn(a[1], b[1]))

    def binary_const(self, optype, h, arr):
        fn = {"Add": torch.add, "Multiply": torch.mul}[optype]
        return self._op(optype, "opset1", [("auto_broadcast", "numpy")], [h[0], self.const(arr)], fn(h[1], t64(arr)))

    def relu(self, h):
        return self._op("Relu", "opset1", None, [h[0]], torch.relu(h[1]))

    def clamp(self, h, lo, hi):
        return self._op("Clamp", "opset1", [("min", lo), ("max", hi)], [h[0]], torch.clamp(h[1], lo, hi))

    def sigmoid(self, h):
        return self._op("Sigmoid", "opset1", None, [h[0]], torch.sigmoid(h[1]))

    def swish(self, h):
        return self._op("Swish", "opset4", None, [h[0]], F.silu(h[1]))

    def prelu(self, h, seed):
        slope = rand([h[1].shape[1]], seed) * 0.5
        shape = [1, -1] + [1] * (h[1].dim() - 2)
        y = torch.where(h[1] >= 0, h[1], h[1] * t64(slope).reshape(shape))
        return self._op("PRelu", "opset1", None, [h[0], self.const(slope)], y)

    def concat(self, hs, axis):
        return self._op("Concat", "opset1", [("axis", axis)], [h[0] for h in hs], torch.cat([h[1] for h in hs], axis))

    def finish(self, h, desc):
        # rename the last op's output port: rebuild its layer text with the tensor name "y"
        last = self.g.layers[-1]
        port_start = last.rfind('<port id="')
        self.g.layers[-1] = last[:port_start] + last[port_start:].replace('precision="FP32"', 'precision="FP32" names="y"', 1)
        self.g.tensor_names.add("y")
        self.g.result(h[0], "y")
        write(self.g.name, self.g, self.inputs, [("y", f32(h[1]))], desc, "+".join(self.ops), SUM_TOL)


def fusion_cases():
    """Chains the compiler fuses into convolution epilogues or writes in place (Concat)."""
    n = Net("conv_bn_relu6")  # BatchNorm folded to Multiply + Add, ReLU6 as Clamp
    h = n.conv(n.param("x", rand([1, 24, 15, 17], 60)), 32, 3, pad=1, seed=61)
    h = n.binary_const("Multiply", h, n.channel_const(h, 62, positive=True))
    h = n.binary_const("Add", h, n.channel_const(h, 63))
    n.finish(n.clamp(h, 0.0, 6.0), "conv 3x3 -> per-channel Multiply, Add (folded BatchNorm) -> Clamp(0, 6)")

    n = Net("conv_sigmoid_mul")  # SiLU written as two ops (yolov8 style)
    h = n.conv(n.param("x", rand([1, 16, 20, 20], 64)), 32, 3, stride=2, pad=1, seed=65)
    h = n.binary_const("Add", h, n.channel_const(h, 66))
    n.finish(n.binary("Multiply", h, n.sigmoid(h)), "conv 3x3 s2 + bias -> x * Sigmoid(x)")

    n = Net("conv_swish_prelu")
    h = n.conv(n.param("x", rand([1, 8, 13, 11], 67)), 20, 1, seed=68)
    h = n.prelu(n.swish(h), 69)
    n.finish(h, "conv 1x1 -> Swish -> PRelu per channel")

    n = Net("fire_concat")  # squeezenet's fire module: squeeze 1x1, expand 1x1 and 3x3, Concat
    x = n.param("x", rand([1, 32, 19, 19], 70))
    s = n.relu(n.conv(x, 16, 1, seed=71))
    e1 = n.relu(n.conv(s, 24, 1, seed=72))
    e3 = n.relu(n.conv(s, 24, 3, pad=1, seed=73))
    n.finish(n.concat([e1, e3], 1), "fire module: relu(conv1x1) -> [relu(conv1x1), relu(conv3x3)] -> Concat")

    n = Net("mobilenet_block")  # expand 1x1 + relu6, depthwise 3x3 + relu6, project 1x1, residual Add
    x = n.param("x", rand([1, 16, 19, 19], 74))
    h = n.clamp(n.binary_const("Add", n.conv(x, 48, 1, seed=75), rand([1, 48, 1, 1], 76)), 0.0, 6.0)
    h = n.clamp(n.binary_const("Add", n.conv(h, 48, 3, pad=1, groups=48, seed=77), rand([1, 48, 1, 1], 78)), 0.0, 6.0)
    h = n.binary_const("Add", n.conv(h, 16, 1, seed=79), rand([1, 16, 1, 1], 80))
    n.finish(n.binary("Add", h, x), "inverted residual: conv1x1+bias+relu6, depthwise3x3+bias+relu6, "
             "conv1x1+bias, + input")


def glue_cases():
    """The fast paths between the convolutions: broadcast eltwise, MVN, reductions, Transpose, Concat,
    nearest upsampling."""
    n = Net("add_channel_broadcast")
    x = n.param("x", rand([2, 16, 14, 15], 90))
    n.finish(n.binary_const("Add", x, rand([1, 16, 1, 1], 91)), "Add [2,16,14,15] + [1,16,1,1]")

    n = Net("multiply_spatial_broadcast")
    x = n.param("x", rand([1, 48, 17, 23], 92))
    n.finish(n.binary_const("Multiply", x, rand([1, 1, 17, 23], 93)), "Multiply [1,48,17,23] * [1,1,17,23]")

    n = Net("add_full")
    a, b = n.param("a", rand([1, 24, 17, 19], 94)), n.param("b", rand([1, 24, 17, 19], 95))
    n.finish(n.binary("Add", a, b), "Add of two [1,24,17,19] tensors")

    for name, shape, axes, mode, eps in (("mvn_layernorm", [1, 16, 768], [-1], "inside_sqrt", 1e-12),
                                         ("mvn_spatial", [2, 16, 20, 24], [2, 3], "outside_sqrt", 1e-9)):
        n = Net(name)
        x = n.param("x", rand(shape, 96))
        v = x[1]
        dims = [a % len(shape) for a in axes]
        mean = v.mean(dim=dims, keepdim=True)
        var = ((v - mean) ** 2).mean(dim=dims, keepdim=True)
        y = (v - mean) / (torch.sqrt(var + eps) if mode == "inside_sqrt" else torch.sqrt(var) + eps)
        h = n._op("MVN", "opset6", [("eps_mode", mode), ("normalize_variance", True), ("eps", eps)],
                  [x[0], n.g.const("axes", "i64", np.array(axes, dtype=np.int64))], y)
        n.finish(h, f"MVN-6 over axes {axes} of {shape}, eps {eps} {mode}")

    for name, optype, axes, keep, fn in (("reduce_sum_spatial", "ReduceSum", [2, 3], True,
                                          lambda v: v.sum(dim=(2, 3), keepdim=True)),
                                         ("reduce_max_channels", "ReduceMax", [1], False,
                                          lambda v: v.amax(dim=1)),
                                         ("reduce_mean_last", "ReduceMean", [-1], True,
                                          lambda v: v.mean(dim=-1, keepdim=True))):
        n = Net(name)
        x = n.param("x", rand([1, 64, 14, 15], 97))
        h = n._op(optype, "opset1", [("keep_dims", keep)],
                  [x[0], n.g.const("axes", "i64", np.array(axes, dtype=np.int64))], fn(x[1]))
        n.finish(h, f"{optype} over {axes} of [1,64,14,15], keep_dims {keep}")

    n = Net("transpose_nchw_nhwc")
    x = n.param("x", rand([1, 32, 14, 15], 98))
    h = n._op("Transpose", "opset1", None, [x[0], n.g.const("perm", "i64", np.array([0, 2, 3, 1], dtype=np.int64))],
              x[1].permute(0, 2, 3, 1))
    n.finish(h, "Transpose [1,32,14,15] to NHWC")

    n = Net("concat_channels")
    xs = [n.param(f"x{i}", rand([1, c, 20, 21], 99 + i)) for i, c in enumerate((16, 24, 8))]
    n.finish(n.concat(xs, 1), "Concat of [1,16|24|8,20,21] along channels")

    n = Net("upsample_nearest2x")
    x = n.param("x", rand([1, 16, 10, 11], 103))
    attrs = [("mode", "nearest"), ("shape_calculation_mode", "scales"), ("coordinate_transformation_mode", "asymmetric"),
             ("nearest_mode", "floor"), ("antialias", False), ("pads_begin", [0] * 4), ("pads_end", [0] * 4),
             ("cube_coeff", -0.75)]
    h = n._op("Interpolate", "opset11", attrs, [x[0], n.g.const("scales", "f32", np.array([2, 2], dtype=np.float32)),
                                                  n.g.const("axes", "i64", np.array([2, 3], dtype=np.int64))],
              F.interpolate(x[1], scale_factor=2, mode="nearest"))
    n.finish(h, "Interpolate-11 nearest, scales 2x2 (yolo's upsample)")


def main():
    W.clear_source(SOURCE)
    fusion_cases()
    glue_cases()
    # Convolution: (name, x, w, stride, pads_begin, pads_end, dilation, extra)
    conv_case("conv3x3_odd", [1, 13, 17, 19], [24, 13, 3, 3], [1, 1], [1, 1], [1, 1], [1, 1], seed=1)
    conv_case("conv3x3_s2_asym_pads", [2, 8, 23, 21], [16, 8, 3, 3], [2, 2], [1, 0], [0, 1], [1, 1], seed=2)
    conv_case("conv3x3_bias_relu", [1, 32, 14, 14], [48, 32, 3, 3], [1, 1], [1, 1], [1, 1], [1, 1], bias=True,
              relu=True, seed=3)
    conv_case("conv3x3_bias_relu_residual", [1, 16, 12, 15], [16, 16, 3, 3], [1, 1], [1, 1], [1, 1], [1, 1],
              bias=True, relu=True, residual=True, seed=4)
    conv_case("conv3x3_f16_weights", [1, 24, 16, 18], [32, 24, 3, 3], [1, 1], [1, 1], [1, 1], [1, 1], bias=True,
              relu=True, seed=19, f16_weights=True)
    conv_case("conv1x1", [1, 64, 14, 14], [40, 64, 1, 1], [1, 1], [0, 0], [0, 0], [1, 1], seed=5)
    conv_case("conv1x1_s2", [1, 32, 15, 15], [24, 32, 1, 1], [2, 2], [0, 0], [0, 0], [1, 1], bias=True, seed=6)
    conv_case("conv1x1_small_plane", [1, 96, 7, 7], [160, 96, 1, 1], [1, 1], [0, 0], [0, 0], [1, 1], bias=True,
              seed=7)
    conv_case("conv7x7_s2_stem", [1, 3, 45, 47], [16, 3, 7, 7], [2, 2], [3, 3], [3, 3], [1, 1], bias=True,
              relu=True, seed=8)
    conv_case("conv3x3_dilated", [1, 8, 20, 20], [8, 8, 3, 3], [1, 1], [2, 2], [2, 2], [2, 2], seed=9)
    conv_case("conv5x5_s3", [1, 6, 26, 29], [10, 6, 5, 5], [3, 3], [2, 1], [1, 2], [1, 1], seed=10)
    conv_case("depthwise3x3", [1, 32, 19, 23], [32, 1, 3, 3], [1, 1], [1, 1], [1, 1], [1, 1], groups=32, seed=11)
    conv_case("depthwise3x3_s2_bias_relu", [1, 24, 28, 28], [24, 1, 3, 3], [2, 2], [0, 0], [1, 1], [1, 1], groups=24,
              bias=True, relu=True, seed=12)
    conv_case("depthwise5x5", [2, 16, 13, 11], [16, 1, 5, 5], [1, 1], [2, 2], [2, 2], [1, 1], groups=16, seed=13)
    conv_case("grouped3x3_g4", [1, 16, 12, 12], [32, 4, 3, 3], [1, 1], [1, 1], [1, 1], [1, 1], groups=4, seed=14)
    conv_case("conv1d_s2", [2, 6, 50], [10, 6, 5], [2], [2], [2], [1], seed=15)
    conv_case("conv3d", [1, 4, 6, 7, 8], [6, 4, 3, 3, 3], [1, 1, 1], [1, 1, 1], [1, 1, 1], [1, 1, 1], seed=16)
    deconv_case("deconv4x4_s2", [1, 8, 9, 9], [8, 6, 4, 4], 2, 1, 0, seed=17)
    deconv_case("deconv3x3_s2_outpad", [1, 5, 7, 6], [5, 7, 3, 3], 2, 1, 1, seed=18)
    # int8: FakeQuantize -> int8-weight convolution (the graph's int8 pass)
    q8_conv_case("q8_conv3x3_u8", [1, 16, 14, 14], [24, 16, 3, 3], 1, 1, 0.0, 6.0, seed=50)
    q8_conv_case("q8_conv3x3_s2_signed", [1, 12, 17, 15], [20, 12, 3, 3], 2, 1, -1.0, 1.5, relu=False, seed=51)
    q8_conv_case("q8_conv1x1", [1, 64, 9, 11], [48, 64, 1, 1], 1, 0, 0.0, 4.0, seed=52)
    # MatMul
    matmul_case("matmul_batched", [3, 37, 65], [65, 29], seed=20)
    matmul_case("matmul_linear_const", [5, 128], [96, 128], transpose_b=True, const_b=True, seed=21)
    matmul_case("matmul_broadcast", [2, 1, 16, 24], [3, 24, 8], seed=22)
    matmul_case("matvec_const", [1, 2048], [2048, 24], const_b=True, seed=23)
    matmul_case("matmul_square", [64, 96], [96, 80], seed=24)
    # SoftMax, Interpolate, normalisation, reduction
    softmax_case("softmax_rows", [4, 1000], 1, seed=30)
    softmax_case("softmax_channels", [2, 3, 7, 9], 1, seed=31)
    interp_case("interp_bilinear_up", [1, 3, 17, 13], [34, 29], "linear", seed=32)
    interp_case("interp_bilinear_down", [1, 4, 31, 27], [12, 10], "linear", seed=33)
    interp_case("interp_nearest_up2", [1, 5, 9, 11], [18, 22], "nearest", seed=34)
    interp_case("interp_bicubic_up", [1, 2, 10, 12], [23, 17], "cubic", seed=35)
    batchnorm_case("batchnorm", [2, 12, 9, 10], seed=36)
    reduce_mean_case("global_mean", [1, 256, 7, 7], seed=37)
    # Activations (10k+ elements: the vector body and a tail)
    shape = [2, 7, 29, 31]
    unary_case("sigmoid", shape, torch.sigmoid, "Sigmoid", "opset1", seed=40)
    unary_case("tanh", shape, torch.tanh, "Tanh", "opset1", seed=41)
    unary_case("swish", shape, F.silu, "Swish", "opset4", seed=42)
    unary_case("gelu_erf", shape, F.gelu, "Gelu", "opset7", [("approximation_mode", "erf")], seed=43)
    unary_case("gelu_tanh", shape, lambda t: F.gelu(t, approximate="tanh"), "Gelu", "opset7",
               [("approximation_mode", "tanh")], seed=44)
    unary_case("hswish", shape, F.hardswish, "HSwish", "opset4", seed=45)
    unary_case("exp", shape, torch.exp, "Exp", "opset1", seed=46)
    unary_case("elu", shape, F.elu, "Elu", "opset1", [("alpha", 1.0)], seed=47)
    print(f"{SOURCE}: written")


if __name__ == "__main__":
    main()
