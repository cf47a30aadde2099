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
from ovcases import O, P, arr, bf16_round, build_inputs, narrow_recur, ospec, xcheck

SOURCE = "ov13"
SRC, COUNT, gen, finish, case, main = ovcases.openvino_source(SOURCE)

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


# the bf16 vectors' base list (generateParamsBF16 of gru_sequence.cpp / tensor_iterator.cpp): every tensor of a vector is a prefix of it
# whose last element is replaced by 10 (bf_prefix); read from gru_sequence.cpp's BIDIRECTIONAL bf16 W (600 values)
BF_BASE = [
    1, 4.75, 10, 7.46875, 9.375, 1, 2.15625, 3.71875, 10, 2.3125,
    3.125, 1.82812, 4.5625, 2.67188, 4.5, 4.125, 7, 4.5625, 9.375, 5.84375,
    8.625, 4.75, 3.8125, 7.15625, 5.71875, 2.84375, 5, 8.875, 3.0625, 1.25,
    5.8125, 7.03125, 9.25, 4.75, 5.125, 6, 4.875, 2.25, 9.4375, 2.78125,
    8, 8.1875, 7.4375, 9.6875, 8.25, 3.8125, 1.82812, 7.21875, 5.65625, 8.875,
    8.75, 9, 8.4375, 1.76562, 8.4375, 1.34375, 3.45312, 2.53125, 1.53125, 8.875,
    7.03125, 1.88281, 6.3125, 4.78125, 7.03125, 9.625, 4.6875, 5.8125, 2.78125, 7.21875,
    3.59375, 3.84375, 2.28125, 7.1875, 8, 8.5, 4.6875, 1.16406, 1.30469, 7.75,
    6.625, 9.875, 6.9375, 7.71875, 3.6875, 3.53125, 5, 8.125, 3, 1.92188,
    1.65625, 5, 5.21875, 9.125, 1.85938, 3.64062, 9.125, 3.59375, 2.0625, 2.15625,
    5.71875, 1.17188, 1.75, 7.125, 9.25, 2.90625, 9.1875, 3.375, 3.6875, 5.4375,
    6.25, 1.47656, 6.0625, 6.15625, 6.5, 2.3125, 9.625, 6.3125, 3.34375, 7.3125,
    3.07812, 1.92188, 5.8125, 4.71875, 9.5, 7.25, 5.4375, 4.71875, 5.875, 1.45312,
    7.875, 5.8125, 1.40625, 6.96875, 2.25, 5.625, 8.125, 9.5, 1.26562, 6.25,
    8.9375, 9.125, 5.875, 2.23438, 5.03125, 2.25, 9, 8.25, 4.375, 4.5625,
    5.84375, 2.48438, 6.875, 9.375, 4.25, 4.125, 6.125, 7.75, 6.75, 7.53125,
    2.125, 8.9375, 7.1875, 6.625, 6.8125, 7.75, 4.1875, 4.125, 7.875, 3.42188,
    4.1875, 9.0625, 7.75, 4.84375, 8.875, 9.625, 1.10156, 6.96875, 5.46875, 6.59375,
    1.66406, 2.03125, 8.0625, 9.5, 1.57812, 5.0625, 4.1875, 6.1875, 9.5, 4.6875,
    4.40625, 3.125, 7.875, 9.125, 7.9375, 6.15625, 3.71875, 1.02344, 7.9375, 6.5625,
    2.375, 3.9375, 6.1875, 5.75, 1.07812, 9, 7.375, 4.1875, 5.25, 9.125,
    7.875, 6.625, 5.1875, 1.14062, 3.40625, 9.375, 8.5, 7.1875, 5.9375, 10,
    1.625, 2.54688, 5.25, 2.21875, 7.6875, 9.375, 2.71875, 7.25, 5.1875, 1.59375,
    3.0625, 7.8125, 5.5625, 7.78125, 2.875, 9.25, 1.4375, 7.375, 5.65625, 2.125,
    2.54688, 1.17188, 4.5625, 1.23438, 1.96875, 1.25, 5.5625, 3.21875, 1.92188, 8.75,
    3.59375, 5.84375, 3.07812, 5.96875, 9.6875, 8.5625, 3.5, 2.125, 3.09375, 3.5,
    1.82031, 6.25, 6.125, 9.75, 4.75, 6.0625, 4.3125, 1.16406, 8.3125, 8.1875,
    3.59375, 3.09375, 7.4375, 8.25, 6.5, 4.5, 4.8125, 8.75, 7.75, 7.71875,
    4.84375, 6, 4.84375, 2.21875, 4.25, 1.53906, 2.375, 2.09375, 9.375, 1.39844,
    9.25, 1.96875, 8, 3.03125, 6.5625, 7.40625, 1.32031, 6.03125, 6.875, 1.10938,
    2.15625, 1.64062, 3.65625, 9.6875, 4.25, 6.125, 3.46875, 2.82812, 1.66406, 3.26562,
    2.375, 7.6875, 2.45312, 2.75, 9.4375, 6.21875, 4.3125, 9.75, 1.45312, 8.625,
    7.65625, 3.15625, 3.6875, 5.4375, 2.84375, 6.5625, 9.8125, 8.4375, 9, 2.40625,
    7.8125, 1.16406, 6.875, 1.625, 1.35938, 5.375, 8.3125, 6.4375, 7.875, 6.125,
    5.09375, 3.84375, 5.78125, 9.875, 1.98438, 6.1875, 2.3125, 4.40625, 5.5625, 5.9375,
    2.9375, 7.6875, 9.25, 7, 5.15625, 3.375, 2.1875, 1.59375, 7.875, 4.3125,
    2.90625, 6.65625, 1.67188, 2.89062, 1.85938, 7.75, 2.45312, 1.59375, 4.1875, 3.34375,
    1.85938, 8.25, 2.28125, 2.73438, 9.375, 6.75, 6.1875, 5.71875, 8.5, 9.3125,
    6.625, 3.375, 3.90625, 1.59375, 7.5625, 7.625, 5.6875, 7.9375, 7.625, 9.125,
    2.48438, 9.375, 7.1875, 1.125, 4.8125, 3.09375, 7.5625, 6.5625, 7.8125, 9.5,
    4.5625, 9.5, 9.3125, 6, 2.82812, 9.25, 1.07031, 6.75, 9.3125, 4.5,
    3.65625, 5.375, 2.5, 6.4375, 1.21875, 5.9375, 5.0625, 9.3125, 8.25, 9.25,
    4.3125, 4.5625, 6.46875, 9.625, 1.3125, 2.5625, 4.1875, 2.125, 1.70312, 2.21875,
    7.25, 5.5625, 1.10938, 1.1875, 5.125, 9.5, 9.625, 8.4375, 4, 1.13281,
    5.25, 2.57812, 1.94531, 3.98438, 5.5, 2.17188, 9, 8.25, 5.8125, 4.09375,
    3.53125, 9.4375, 4.1875, 6.25, 9.0625, 8.875, 3.17188, 8.625, 1.21875, 9.125,
    9.6875, 5.125, 4.875, 5.90625, 4.125, 8.125, 6.1875, 3.5625, 2.125, 5.40625,
    9.5, 6.375, 3.8125, 1.14062, 9.5625, 6.3125, 2.96875, 4.875, 3.23438, 8.25,
    8.75, 3.84375, 3.125, 9, 8.3125, 6.1875, 5.875, 2.65625, 2.71875, 8.0625,
    6.3125, 6.5, 1.42969, 1.48438, 1.14062, 4.78125, 1.44531, 7.125, 4.59375, 9.25,
    6.1875, 1, 8.75, 9.75, 8.0625, 4.375, 3.28125, 9.75, 1.73438, 6.4375,
    2.40625, 8.4375, 2.875, 6.1875, 4.75, 6.625, 4.125, 3.5625, 7.3125, 6.28125,
    7.25, 7.75, 1.67188, 8.75, 1.32812, 7.78125, 8.125, 7.28125, 9.125, 8.75,
    1.03906, 3.90625, 3.375, 7.03125, 5.1875, 5.0625, 4.25, 4.4375, 3.15625, 4.6875,
    1.20312, 4.625, 5.78125, 3.84375, 2.15625, 6.59375, 6.0625, 4.875, 2.5, 9.75,
    4.78125, 7.09375, 7.15625, 2.78125, 3.46875, 4.8125, 1.09375, 4.0625, 2.96875, 8.125,
    1.28125, 8.875, 9.375, 9.125, 8, 6.9375, 5.65625, 3.4375, 1.14062, 3.26562,
    3.6875, 8.6875, 5.875, 5.75, 8.75, 8.25, 2.65625, 6.125, 1.75, 7.59375,
    1.39844, 5.65625, 5, 7.9375, 1.17188, 6.125, 1.60156, 5.1875, 8.25, 4.0625,
    6.71875, 1.60938, 7.9375, 4.375, 7.34375, 1.71875, 3.14062, 9.875, 1.39844, 10
]

# gru_sequence.cpp generateParamsBF16 GRUSequenceParams(5, 10, 10, 10, 0.7f, false, FORWARD): Y [5, 1, 10, 10]
GS_BF_Y_FWD = [
    0.867188, 3.375, 6.875, 5.1875, 6.4375, 0.867188, 1.64062, 2.65625, 6.875, 1.75,
    0.777344, 2.4375, 4.75, 3.65625, 4.5, 0.777344, 1.29688, 1.96875, 4.75, 1.375,
    0.714844, 1.82812, 3.375, 2.625, 3.1875, 0.714844, 1.0625, 1.51562, 3.375, 1.11719,
    0.675781, 1.42188, 2.4375, 1.95312, 2.3125, 0.675781, 0.910156, 1.21875, 2.4375, 0.945312,
    0.648438, 1.14844, 1.82812, 1.5, 1.75, 0.648438, 0.808594, 1.01562, 1.82812, 0.832031,
    0.632812, 0.964844, 1.42188, 1.20312, 1.375, 0.632812, 0.738281, 0.878906, 1.42188, 0.753906,
    0.621094, 0.839844, 1.14844, 1, 1.11719, 0.621094, 0.691406, 0.785156, 1.14844, 0.699219,
    0.613281, 0.761719, 0.964844, 0.867188, 0.945312, 0.613281, 0.660156, 0.722656, 0.964844, 0.664062,
    0.609375, 0.707031, 0.839844, 0.777344, 0.832031, 0.609375, 0.640625, 0.679688, 0.839844, 0.640625,
    0.605469, 0.671875, 0.761719, 0.714844, 0.753906, 0.605469, 0.625, 0.652344, 0.761719, 0.625,
    2.28125, 1.42188, 3.25, 1.98438, 3.1875, 2.9375, 4.875, 3.25, 6.4375, 4.09375,
    1.71875, 1.14844, 2.34375, 1.53125, 2.3125, 2.15625, 3.4375, 2.34375, 4.5, 2.9375,
    1.34375, 0.964844, 1.76562, 1.21875, 1.75, 1.64062, 2.46875, 1.76562, 3.1875, 2.15625,
    1.09375, 0.839844, 1.375, 1.01562, 1.375, 1.29688, 1.84375, 1.375, 2.3125, 1.64062,
    0.929688, 0.761719, 1.11719, 0.878906, 1.11719, 1.0625, 1.4375, 1.11719, 1.75, 1.29688,
    0.816406, 0.707031, 0.945312, 0.785156, 0.945312, 0.910156, 1.15625, 0.945312, 1.375, 1.0625,
    0.746094, 0.671875, 0.832031, 0.722656, 0.832031, 0.808594, 0.972656, 0.832031, 1.11719, 0.910156,
    0.695312, 0.648438, 0.753906, 0.679688, 0.753906, 0.738281, 0.847656, 0.753906, 0.945312, 0.808594,
    0.664062, 0.632812, 0.699219, 0.652344, 0.699219, 0.691406, 0.761719, 0.699219, 0.832031, 0.738281,
    0.640625, 0.621094, 0.664062, 0.632812, 0.664062, 0.660156, 0.707031, 0.664062, 0.753906, 0.691406,
    5.9375, 3.375, 2.71875, 4.9375, 4, 2.09375, 3.53125, 6.125, 2.21875, 1.03125,
    4.15625, 2.4375, 2, 3.5, 2.875, 1.59375, 2.53125, 4.25, 1.6875, 0.886719,
    2.96875, 1.82812, 1.53125, 2.53125, 2.125, 1.26562, 1.89062, 3.03125, 1.32812, 0.792969,
    2.1875, 1.42188, 1.21875, 1.89062, 1.625, 1.04688, 1.46875, 2.21875, 1.08594, 0.730469,
    1.65625, 1.14844, 1.01562, 1.46875, 1.28125, 0.898438, 1.17969, 1.6875, 0.925781, 0.6875,
    1.3125, 0.964844, 0.878906, 1.17969, 1.05469, 0.800781, 0.988281, 1.32812, 0.816406, 0.65625,
    1.07812, 0.839844, 0.785156, 0.988281, 0.902344, 0.730469, 0.855469, 1.08594, 0.746094, 0.636719,
    0.917969, 0.761719, 0.722656, 0.855469, 0.800781, 0.6875, 0.769531, 0.925781, 0.695312, 0.625,
    0.808594, 0.707031, 0.679688, 0.769531, 0.730469, 0.65625, 0.714844, 0.816406, 0.664062, 0.617188,
    0.738281, 0.671875, 0.652344, 0.714844, 0.6875, 0.636719, 0.675781, 0.746094, 0.640625, 0.609375,
    4.0625, 4.875, 6.375, 3.375, 3.625, 4.1875, 3.4375, 1.70312, 6.5, 2.0625,
    2.90625, 3.4375, 4.4375, 2.4375, 2.59375, 3, 2.46875, 1.34375, 4.5, 1.57812,
    2.125, 2.46875, 3.15625, 1.82812, 1.9375, 2.1875, 1.84375, 1.09375, 3.1875, 1.25,
    1.625, 1.84375, 2.28125, 1.42188, 1.5, 1.65625, 1.4375, 0.929688, 2.3125, 1.03125,
    1.28125, 1.4375, 1.71875, 1.14844, 1.20312, 1.3125, 1.15625, 0.816406, 1.75, 0.886719,
    1.05469, 1.15625, 1.34375, 0.964844, 1, 1.07812, 0.972656, 0.746094, 1.375, 0.792969,
    0.902344, 0.972656, 1.09375, 0.839844, 0.867188, 0.917969, 0.847656, 0.695312, 1.11719, 0.730469,
    0.800781, 0.847656, 0.929688, 0.761719, 0.777344, 0.808594, 0.761719, 0.664062, 0.945312, 0.6875,
    0.730469, 0.761719, 0.816406, 0.707031, 0.714844, 0.738281, 0.707031, 0.640625, 0.832031, 0.65625,
    0.6875, 0.707031, 0.746094, 0.671875, 0.675781, 0.691406, 0.671875, 0.625, 0.753906, 0.636719,
    5.53125, 5.65625, 5.125, 6.65625, 5.6875, 2.71875, 1.42188, 5, 3.96875, 6.875,
    3.875, 3.96875, 3.625, 4.625, 4, 2, 1.14844, 3.53125, 2.84375, 4.75,
    2.78125, 2.84375, 2.59375, 3.28125, 2.875, 1.53125, 0.964844, 2.53125, 2.09375, 3.375,
    2.0625, 2.09375, 1.9375, 2.375, 2.125, 1.21875, 0.839844, 1.89062, 1.59375, 2.4375,
    1.57812, 1.59375, 1.5, 1.78125, 1.625, 1.01562, 0.761719, 1.46875, 1.26562, 1.82812,
    1.25, 1.26562, 1.20312, 1.39062, 1.28125, 0.878906, 0.707031, 1.17969, 1.04688, 1.42188,
    1.03125, 1.04688, 1, 1.125, 1.05469, 0.785156, 0.671875, 0.988281, 0.898438, 1.14844,
    0.886719, 0.898438, 0.867188, 0.949219, 0.902344, 0.722656, 0.648438, 0.855469, 0.800781, 0.964844,
    0.792969, 0.800781, 0.777344, 0.832031, 0.800781, 0.679688, 0.632812, 0.769531, 0.730469, 0.839844,
    0.730469, 0.730469, 0.714844, 0.753906, 0.730469, 0.652344, 0.621094, 0.714844, 0.6875, 0.761719
]

# ... and its Ho [5, 1, 10] (the REVERSE vector's Ho is the same list)
GS_BF_HO = [
    0.605469, 0.671875, 0.761719, 0.714844, 0.753906, 0.605469, 0.625, 0.652344, 0.761719, 0.625,
    0.640625, 0.621094, 0.664062, 0.632812, 0.664062, 0.660156, 0.707031, 0.664062, 0.753906, 0.691406,
    0.738281, 0.671875, 0.652344, 0.714844, 0.6875, 0.636719, 0.675781, 0.746094, 0.640625, 0.609375,
    0.6875, 0.707031, 0.746094, 0.671875, 0.675781, 0.691406, 0.671875, 0.625, 0.753906, 0.636719,
    0.730469, 0.730469, 0.714844, 0.753906, 0.730469, 0.652344, 0.621094, 0.714844, 0.6875, 0.761719
]

# the bf16 GRU REVERSE Y [5, 10, 10]: read from tensor_iterator.cpp's last generateParamsBF16 vector; gru_sequence.cpp's
# GRUSequenceParams(5, 10, 10, 10, 0.7f, false, REVERSE) bf16 Y holds the same numbers (compared row by row)
GS_BF_Y_REV = [
    0.605469, 0.671875, 0.761719, 0.714844, 0.753906, 0.605469, 0.625,    0.652344, 0.761719, 0.625,
    0.609375, 0.707031, 0.839844, 0.777344, 0.832031, 0.609375, 0.640625, 0.679688, 0.839844, 0.640625,
    0.613281, 0.761719, 0.964844, 0.867188, 0.945312, 0.613281, 0.660156, 0.722656, 0.964844, 0.664062,
    0.621094, 0.839844, 1.14844,  1,        1.11719,  0.621094, 0.691406, 0.785156, 1.14844,  0.699219,
    0.632812, 0.964844, 1.42188,  1.20312,  1.375,    0.632812, 0.738281, 0.878906, 1.42188,  0.753906,
    0.648438, 1.14844,  1.82812,  1.5,      1.75,     0.648438, 0.808594, 1.01562,  1.82812,  0.832031,
    0.675781, 1.42188,  2.4375,   1.95312,  2.3125,   0.675781, 0.910156, 1.21875,  2.4375,   0.945312,
    0.714844, 1.82812,  3.375,    2.625,    3.1875,   0.714844, 1.0625,   1.51562,  3.375,    1.11719,
    0.777344, 2.4375,   4.75,     3.65625,  4.5,      0.777344, 1.29688,  1.96875,  4.75,     1.375,
    0.867188, 3.375,    6.875,    5.1875,   6.4375,   0.867188, 1.64062,  2.65625,  6.875,    1.75,
    0.640625, 0.621094, 0.664062, 0.632812, 0.664062, 0.660156, 0.707031, 0.664062, 0.753906, 0.691406,
    0.664062, 0.632812, 0.699219, 0.652344, 0.699219, 0.691406, 0.761719, 0.699219, 0.832031, 0.738281,
    0.695312, 0.648438, 0.753906, 0.679688, 0.753906, 0.738281, 0.847656, 0.753906, 0.945312, 0.808594,
    0.746094, 0.671875, 0.832031, 0.722656, 0.832031, 0.808594, 0.972656, 0.832031, 1.11719,  0.910156,
    0.816406, 0.707031, 0.945312, 0.785156, 0.945312, 0.910156, 1.15625,  0.945312, 1.375,    1.0625,
    0.929688, 0.761719, 1.11719,  0.878906, 1.11719,  1.0625,   1.4375,   1.11719,  1.75,     1.29688,
    1.09375,  0.839844, 1.375,    1.01562,  1.375,    1.29688,  1.84375,  1.375,    2.3125,   1.64062,
    1.34375,  0.964844, 1.76562,  1.21875,  1.75,     1.64062,  2.46875,  1.76562,  3.1875,   2.15625,
    1.71875,  1.14844,  2.34375,  1.53125,  2.3125,   2.15625,  3.4375,   2.34375,  4.5,      2.9375,
    2.28125,  1.42188,  3.25,     1.98438,  3.1875,   2.9375,   4.875,    3.25,     6.4375,   4.09375,
    0.738281, 0.671875, 0.652344, 0.714844, 0.6875,   0.636719, 0.675781, 0.746094, 0.640625, 0.609375,
    0.808594, 0.707031, 0.679688, 0.769531, 0.730469, 0.65625,  0.714844, 0.816406, 0.664062, 0.617188,
    0.917969, 0.761719, 0.722656, 0.855469, 0.800781, 0.6875,   0.769531, 0.925781, 0.695312, 0.625,
    1.07812,  0.839844, 0.785156, 0.988281, 0.902344, 0.730469, 0.855469, 1.08594,  0.746094, 0.636719,
    1.3125,   0.964844, 0.878906, 1.17969,  1.05469,  0.800781, 0.988281, 1.32812,  0.816406, 0.65625,
    1.65625,  1.14844,  1.01562,  1.46875,  1.28125,  0.898438, 1.17969,  1.6875,   0.925781, 0.6875,
    2.1875,   1.42188,  1.21875,  1.89062,  1.625,    1.04688,  1.46875,  2.21875,  1.08594,  0.730469,
    2.96875,  1.82812,  1.53125,  2.53125,  2.125,    1.26562,  1.89062,  3.03125,  1.32812,  0.792969,
    4.15625,  2.4375,   2,        3.5,      2.875,    1.59375,  2.53125,  4.25,     1.6875,   0.886719,
    5.9375,   3.375,    2.71875,  4.9375,   4,        2.09375,  3.53125,  6.125,    2.21875,  1.03125,
    0.6875,   0.707031, 0.746094, 0.671875, 0.675781, 0.691406, 0.671875, 0.625,    0.753906, 0.636719,
    0.730469, 0.761719, 0.816406, 0.707031, 0.714844, 0.738281, 0.707031, 0.640625, 0.832031, 0.65625,
    0.800781, 0.847656, 0.929688, 0.761719, 0.777344, 0.808594, 0.761719, 0.664062, 0.945312, 0.6875,
    0.902344, 0.972656, 1.09375,  0.839844, 0.867188, 0.917969, 0.847656, 0.695312, 1.11719,  0.730469,
    1.05469,  1.15625,  1.34375,  0.964844, 1,        1.07812,  0.972656, 0.746094, 1.375,    0.792969,
    1.28125,  1.4375,   1.71875,  1.14844,  1.20312,  1.3125,   1.15625,  0.816406, 1.75,     0.886719,
    1.625,    1.84375,  2.28125,  1.42188,  1.5,      1.65625,  1.4375,   0.929688, 2.3125,   1.03125,
    2.125,    2.46875,  3.15625,  1.82812,  1.9375,   2.1875,   1.84375,  1.09375,  3.1875,   1.25,
    2.90625,  3.4375,   4.4375,   2.4375,   2.59375,  3,        2.46875,  1.34375,  4.5,      1.57812,
    4.0625,   4.875,    6.375,    3.375,    3.625,    4.1875,   3.4375,   1.70312,  6.5,      2.0625,
    0.730469, 0.730469, 0.714844, 0.753906, 0.730469, 0.652344, 0.621094, 0.714844, 0.6875,   0.761719,
    0.792969, 0.800781, 0.777344, 0.832031, 0.800781, 0.679688, 0.632812, 0.769531, 0.730469, 0.839844,
    0.886719, 0.898438, 0.867188, 0.949219, 0.902344, 0.722656, 0.648438, 0.855469, 0.800781, 0.964844,
    1.03125,  1.04688,  1,        1.125,    1.05469,  0.785156, 0.671875, 0.988281, 0.898438, 1.14844,
    1.25,     1.26562,  1.20312,  1.39062,  1.28125,  0.878906, 0.707031, 1.17969,  1.04688,  1.42188,
    1.57812,  1.59375,  1.5,      1.78125,  1.625,    1.01562,  0.761719, 1.46875,  1.26562,  1.82812,
    2.0625,   2.09375,  1.9375,   2.375,    2.125,    1.21875,  0.839844, 1.89062,  1.59375,  2.4375,
    2.78125,  2.84375,  2.59375,  3.28125,  2.875,    1.53125,  0.964844, 2.53125,  2.09375,  3.375,
    3.875,    3.96875,  3.625,    4.625,    4,        2,        1.14844,  3.53125,  2.84375,  4.75,
    5.53125,  5.65625,  5.125,    6.65625,  5.6875,   2.71875,  1.42188,  5,        3.96875,  6.875
]


def bf_prefix(n):
    """The first n - 1 values of BF_BASE followed by 10."""
    return BF_BASE[:n - 1] + [10]


def _ti_case(name, kind, direction, et, x, h0, c0, w, r, b, clip, y, ho, co, desc, expect="match", reason="", fin=None):
    """One TensorIterator graph as TIStaticInputs builds it (see above); fin: the Source's finish that writes it
    (this source's by default; gen_ov14 passes its own)."""
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
    (fin or finish)("tensor_iterator", name, g, inputs, outs, desc, "TensorIterator-1", expect, reason, exact=False)


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

    # generateParamsBF16<bf16>: the GRU REVERSE vector (tensor_iterator.cpp's last, C_t {0}; bf_prefix data)
    bx, bh = np.array(bf_prefix(500), np.float64).reshape(5, 10, 10), np.array(bf_prefix(50), np.float64).reshape(5, 10)
    bw, bb = np.array(bf_prefix(300), np.float64).reshape(30, 10), np.array(bf_prefix(30), np.float64)
    _bf_check("gru", "reverse", bx, bh, bw, bb, GS_BF_Y_REV, GS_BF_HO)
    _ti_case("gru_reverse_bf16", "gru", "reverse", "bf16", bx, bh, None, bw, bw, bb, 0.7,
             np.asarray(GS_BF_Y_REV, np.float64).reshape(5, 10, 10), GS_BF_HO, None,
             "TensorIterator-1 over GRUCell (TIStaticInputs), X [5,10,10] sliced on axis 1 reverse, clip 0.7: Y, Ho "
             "(bf16; generateParamsBF16<bf16>, the bf16 base-list data)",
             *_bf_expect("gru", "reverse", bx, bh, bw, bw, bb, 0.7, GS_BF_Y_REV))


def _bf16r(a):
    return bf16_round(np.asarray(a, np.float32)).astype(np.float64)


def _bf_expect(kind, direction, x, h0, w, r, b, clip, y):
    """expect/reason for a bf16 table: irrun follows each op's tables (docs/semantics.md §23).  GRU (sequence and
    TensorIterator of cells) computes as OpenVINO's templated reference does (every intermediate rounded to T,
    ovcases.narrow_recur), which the GRU tables equal bit for bit.  rnn_sequence.cpp's tables are instead the
    float64 recurrence with Y rounded to bf16 once, bit for bit, and irrun's RNNSequence-5 in f16/bf16 runs each
    step in float32 and rounds Y once (round 14, rb2).  The case matches when that is within the test's threshold."""
    x, h0, w, r, b = (_bf16r(v) for v in (x, h0, w, r, b))  # the inputs as the case feeds them
    want = _bf16r(y).ravel()  # the table's 6-digit prints are bf16 values
    if kind == "gru":
        got = narrow_recur(kind, "bf16", direction, x, h0, None, w, r, b, clip)[0].astype(np.float64).ravel()
        assert np.array_equal(got, want), f"bf16 {kind} {direction}: the reference computation in bf16"
    else:
        f64 = _recur(kind, direction, x, h0, None, w, r, b, clip)[0]
        assert np.array_equal(ovcases.ov_bf16(f64.astype(np.float32)).ravel(), want.astype(np.float32))
        got = _bf16r(f64).ravel()  # irrun: the float32 recurrence, Y rounded to bf16 (nearest even) once
    bad = np.abs(got - want) > 1e-2 + 1e-2 * np.abs(want)
    if not bad.any():
        return "match", ""
    rel = np.max(np.abs(got - want) / np.maximum(np.abs(want), 1e-30))
    return "differs", (f"outside the test's 1e-2 threshold at {int(bad.sum())} of {bad.size} Y elements (max "
                       f"relative difference {rel:.3f})")


def _bf_check(kind, direction, x, h0, w, b, y, ho):
    """Transcription cross-check of a bf16 table: the numpy GRU recurrence on the bf16-rounded inputs agrees
    with the table within 3% (OpenVINO's reference computes each step in bf16; the tables are its prints),
    the last (first, reverse) step of Y is Ho, and REVERSE is FORWARD reversed in time."""
    gy, gh, _ = _recur(kind, direction, _bf16r(x), _bf16r(h0), None, _bf16r(w), _bf16r(w), _bf16r(b), 0.7)
    yy = np.asarray(y, np.float64).reshape(gy.shape)
    assert np.all(np.abs(gy - yy) <= 3e-2 * np.abs(yy)), f"bf16 {kind} {direction} Y transcription"
    assert np.array_equal(yy[:, -1 if direction == "forward" else 0].ravel(), np.asarray(ho, np.float64))


# ------------------------------------------------------------------------------------ gru_sequence.cpp
# GRUSequence-5 as the test's CreateFunction: X, H_t, sequence_lengths (i64), W, R, B all Parameters, outputs Y and
# Ho.  Ported here: the REVERSE vector with its Y (f64/f32/f16: generateParams; Y = GS_Y_REV, which the file's
# table equals row by row, Ho = gen_ovconv's GS_HO_FWD, which the file repeats) and the three generateParamsBF16
# vectors (bf16): FORWARD and REVERSE (clip 0.7) and BIDIRECTIONAL (linear_before_reset, no clip, seq 5, whose
# update gate saturates so Y repeats H_t and Ho = H_t, as the f32 vector gen_ovconv ported).
SRC["gru_sequence"] = "01c95f3e"


def _gru_seq_case(name, direction, et, x, h0, w, b, clip, lbr, y, ho, desc, expect="match", reason=""):
    nd = 2 if direction == "bidirectional" else 1
    batch, seq, _ = x.shape
    hid = h0.shape[-1]
    ins = [P("X", x.ravel(), et, list(x.shape)), P("H_t", h0.ravel(), et, [batch, nd, hid]),
           P("sequence_lengths", [seq] * batch, "i64", [batch]), P("W", w.ravel(), et, [nd, 3 * hid, x.shape[2]]),
           P("R", w.ravel(), et, [nd, 3 * hid, hid]), P("B", b.ravel(), et, [nd, (4 if lbr else 3) * hid])]
    at, rt = SEQ_TOL[et]
    outs = [O("Y", y, et, [batch, nd, seq, hid], compare="close", atol=at, rtol=rt),
            O("Ho", ho, et, [batch, nd, hid], compare="close", atol=at, rtol=rt)]
    attrs = [("direction", direction), ("hidden_size", hid), ("activations", "sigmoid,tanh"),
             ("activations_alpha", ""), ("activations_beta", ""), ("clip", clip), ("linear_before_reset", lbr)]
    case("gru_sequence", name, "GRUSequence", 5, attrs, ins, outs, desc, expect, reason, exact=False)


@gen
def gen_gru_sequence():
    gp = lambda n: np.array(C.gs_prefix(n), np.float64)  # noqa: E731
    x, h0, w, b = gp(500).reshape(5, 10, 10), gp(50).reshape(5, 1, 10), gp(300).reshape(1, 30, 10), gp(30)
    for et in ("f64", "f32", "f16"):
        _gru_seq_case(f"reverse_{et}", "reverse", et, x, h0, w, b, 0.7, False, GS_Y_REV, C.GS_HO_FWD,
                      f"GRUSequence-5 reverse, batch 5, seq 10, input 10, hidden 10, clip 0.7 (R = W): Y and Ho ({et})")
    bp = lambda n: np.array(bf_prefix(n), np.float64)  # noqa: E731
    bx, bh, bw, bb = bp(500).reshape(5, 10, 10), bp(50).reshape(5, 1, 10), bp(300).reshape(1, 30, 10), bp(30)
    _bf_check("gru", "forward", bx, bh[:, 0], bw[0], bb, GS_BF_Y_FWD, GS_BF_HO)
    for direction, y in (("forward", GS_BF_Y_FWD), ("reverse", GS_BF_Y_REV)):
        _gru_seq_case(f"{direction}_bf16", direction, "bf16", bx, bh, bw, bb, 0.7, False, y, GS_BF_HO,
                      f"GRUSequence-5 {direction}, batch 5, seq 10, input 10, hidden 10, clip 0.7 (R = W), bf16 "
                      f"base-list data: Y and Ho (bf16; generateParamsBF16)",
                      *_bf_expect("gru", direction, bx, bh[:, 0], bw[0], bw[0], bb, 0.7, y))
    # BIDIRECTIONAL bf16: X bf_prefix(250) [5,5,10], H_t bf_prefix(100) [5,2,10], W = R bf_prefix(600) [2,30,10],
    # B bf_prefix(80) [2,40]; the vector's Y is each H_t row repeated over the 5 steps and its Ho is H_t
    hx, hh = bp(250).reshape(5, 5, 10), bp(100).reshape(5, 2, 10)
    hw, hb = bp(600).reshape(2, 30, 10), bp(80).reshape(2, 40)
    y = np.repeat(hh[:, :, None, :], 5, axis=2)
    for d in range(2):  # cross-check: the saturated update gate keeps H_t (numpy GRU, linear_before_reset)
        h = _bf16r(hh[:, d])
        for t in (range(5) if d == 0 else reversed(range(5))):
            h = C.np_gru_cell(_bf16r(hx[:, t]), h, _bf16r(hw[d]), _bf16r(hw[d]), _bf16r(hb[d]), clip=0.0, lbr=True)
        assert np.allclose(h, _bf16r(hh[:, d]), rtol=1e-2), "bf16 bidirectional GRU saturation"
    _gru_seq_case("bidirectional_lbr_bf16", "bidirectional", "bf16", hx, hh, hw, hb, 0.0, True, y.ravel(), hh.ravel(),
                  "GRUSequence-5 bidirectional, linear_before_reset, batch 5, seq 5, input 10, hidden 10, no clip, "
                  "bf16 base-list data (the update gate saturates: Y and Ho keep H_t) (bf16; generateParamsBF16)")



# ------------------------------------------------------------- string_tensor_pack.cpp / string_tensor_unpack.cpp
# Both files share the vectors: (begins, ends, symbols (u8 bytes), strings).  Pack: begins/ends/symbols Parameters
# (i32 and i64 indices) -> StringTensorPack-15 -> string Result; Unpack: a string Parameter -> StringTensorUnpack-15
# -> begins, ends (i32), symbols (u8) Results.  String tensors go through .npy as numpy '<Un' arrays.
SRC["string_tensor_pack"] = "1456d71e"
SRC["string_tensor_unpack"] = "32b802fc"
_B_INTEL = [0x49, 0x6e, 0x74, 0x65, 0x6c, 0x4f, 0x70, 0x65, 0x6e, 0x56, 0x49, 0x4e, 0x4f]
STP = [  # (name, shape, begins, ends, symbols, strings); the last three are pack.cpp only
    ("1d", [2], [0, 5], [5, 13], _B_INTEL, ["Intel", "OpenVINO"]),
    ("2d_spaces_empty", [1, 5], [0, 10, 13, 22, 22], [10, 13, 22, 22, 45],
     [0x49, 0x6e, 0x74, 0x65, 0x6c, 0x20, 0x43, 0x6f, 0x72, 0x70, 0x20, 0x20, 0x20, 0x4f, 0x70, 0x65, 0x6e, 0x20,
      0x56, 0x49, 0x4e, 0x4f, 0x41, 0x72, 0x74, 0x69, 0x66, 0x69, 0x63, 0x69, 0x61, 0x6c, 0x20, 0x49, 0x6e, 0x74,
      0x65, 0x6c, 0x6c, 0x69, 0x67, 0x65, 0x6e, 0x63, 0x65],
     ["Intel Corp", "   ", "Open VINO", "", "Artificial Intelligence"]),
    ("special_chars", [3], [0, 6, 15], [6, 15, 18],
     [0x49, 0x6e, 0x40, 0x74, 0x65, 0x6c, 0x4f, 0x70, 0x65, 0x6e, 0x23, 0x56, 0x49, 0x4e, 0x4f, 0x41, 0x24, 0x49],
     ["In@tel", "Open#VINO", "A$I"]),
    ("3d_2x2x2", [2, 2, 2], [0, 5, 13, 15, 19, 27, 33, 39], [5, 13, 15, 19, 27, 33, 39, 47],
     [0x49, 0x6e, 0x74, 0x65, 0x6c, 0x4f, 0x70, 0x65, 0x6e, 0x56, 0x49, 0x4e, 0x4f, 0x41, 0x49, 0x45, 0x64, 0x67,
      0x65, 0x43, 0x6f, 0x6d, 0x70, 0x75, 0x74, 0x65, 0x72, 0x56, 0x69, 0x73, 0x69, 0x6f, 0x6e, 0x4e, 0x65, 0x75,
      0x72, 0x61, 0x6c, 0x4e, 0x65, 0x74, 0x77, 0x6f, 0x72, 0x6b, 0x73],
     ["Intel", "OpenVINO", "AI", "Edge", "Computer", "Vision", "Neural", "Networks"]),
    ("single_empty_string", [1, 1, 1, 1], [0], [0], [], [""]),
    ("empty_data", [0], [], [], [], []),
    ("skipped_symbols", [1, 2], [0, 8], [3, 13], _B_INTEL, ["Int", "nVINO"]),
    ("empty_string_at_end", [1, 3], [0, 5, 13], [5, 13, 13], _B_INTEL, ["Intel", "OpenVINO", ""]),
    ("empty_bytes", [1, 3], [0, 0, 0], [0, 0, 0], [], ["", "", ""]),
]


@gen
def gen_string_tensor_pack_unpack():
    for name, shape, beg, end, sym, strs in STP:
        got = [bytes(sym[b:e]).decode() for b, e in zip(beg, end)]
        assert got == strs, f"string vector {name}: {got} != {strs}"
        for iet in ("i32", "i64"):
            case("string_tensor_pack", f"{name}_{iet}", "StringTensorPack", 15, [],
                 [P("begins", beg, iet, shape), P("ends", end, iet, shape), P("symbols", sym, "u8", [len(sym)])],
                 [O("strings", strs, "string", shape)],
                 f"StringTensorPack-15 {name}: {shape} {iet} begins/ends, {len(sym)} bytes -> strings")
        if name in ("skipped_symbols", "empty_string_at_end", "empty_bytes"):
            continue  # pack.cpp only
        case("string_tensor_unpack", name, "StringTensorUnpack", 15, [], [P("strings", strs, "string", shape)],
             [O("begins", beg, "i32", shape), O("ends", end, "i32", shape), O("symbols", sym, "u8", [len(sym)])],
             f"StringTensorUnpack-15 {name}: {shape} strings -> i32 begins/ends, {len(sym)} bytes")



# ------------------------------------------------------------------------------------------------ concat.cpp
# generateStringParams: three string Parameters with PartialShape::dynamic() (written with every dim `?`, as
# gen_ovrest's dynamic Concat vectors) -> Concat.  The 4D vector's C holds the C++ literal " \0", which
# std::string keeps as " " (the expected output has " "): written as " ".
# concat_zero_zero: one Constant of shape {0} (the {1} it is built from is not read) fed twice to Concat(axis 0),
# no Parameters, expected shape {0}; 7 types.  The template plugin disables `concat_zero_.*` (CVS-63947,
# skip_tests_config.cpp); the vector is ported as written.
SRC["concat"] = "c59927df"
CONCAT_STR = [  # (name, A shape, A, B shape, B, C shape, C, axis, out shape, out)
    ("concat_string_2_1D_ax_0", [2], ["  ", "..."], [2], ["Ab cd", "1"], [0], [], 0, [4], ["  ", "...", "Ab cd", "1"]),
    ("concat_string_3_1D_ax_0", [2], ["  ", "..."], [1], ["Ab cd"], [3], ["1.2", "; ", " \n "], 0, [6],
     ["  ", "...", "Ab cd", "1.2", "; ", " \n "]),
    ("concat_string_3_2D_ax_1", [1, 2], ["  ", "..."], [1, 1], ["Ab cd"], [1, 3], ["1.2", "; ", " \n "], 1, [1, 6],
     ["  ", "...", "Ab cd", "1.2", "; ", " \n "]),
    ("concat_string_3_2D_ax_0", [2, 1], ["  ", "..."], [1, 1], ["Ab cd"], [3, 1], ["1.2", "; ", " \n "], 0, [6, 1],
     ["  ", "...", "Ab cd", "1.2", "; ", " \n "]),
    ("concat_string_3_4D_ax_3", [1, 2, 1, 2], ["1,2", "3;4;", "- 5 -", "...."], [1, 2, 1, 3],
     ["a", ",b", "c. ", "d d ", " e ", "F"], [1, 2, 1, 4], ["defg ", ".", "3 4", ":", " ", "_", "\n", ";"], 3,
     [1, 2, 1, 9], ["1,2", "3;4;", "a", ",b", "c. ", "defg ", ".", "3 4", ":", "- 5 -", "....", "d d ", " e ", "F",
                    " ", "_", "\n", ";"]),
]


@gen
def gen_concat_string_zero():
    for name, sa, a, sb, b, sc, c, axis, so, out in CONCAT_STR:
        xcheck(np.concatenate([np.array(a, np.str_).reshape(sa), np.array(b, np.str_).reshape(sb),
                               np.array(c, np.str_).reshape(sc)], axis), np.array(out, np.str_).reshape(so), name)
        case("concat", name, "Concat", 1, [("axis", axis)],
             [P("A", a, "string", sa, dyn=True), P("B", b, "string", sb, dyn=True), P("C", c, "string", sc, dyn=True)],
             [O("out", out, "string", so, dims=[-1] * len(so))],
             f"Concat-1 of three string Parameters (dynamic dims) on axis {axis}: {name}")
    for et in ("i32", "i64", "u32", "u64", "bf16", "f16", "f32"):
        g = W.Graph(f"concat_zero_zero_{et}")
        r = g.const("A", "f32" if et == "bf16" else et, np.zeros([0], W.NP["f32" if et == "bf16" else et]))
        if et == "bf16":
            (r,) = g.op("A_bf16", "Convert", "opset1", [("destination_type", "bf16")], [r], [("bf16", [0], None)])
        outs = [O("out", [], et, [0])]
        (o,) = g.op("op", "Concat", "opset1", [("axis", 0)], [r, r], ospec(outs))
        g.result(o, "out")
        g.blob += bytes(8)  # a 0-byte .bin is "bin file cannot be found" to OpenVINO's IR reader and irrun's
        finish("concat", f"concat_zero_zero_{et}", g, {}, outs,
               f"Concat-1 of one Constant of shape [0] with itself, no Parameters ({et}; the template plugin skips "
               f"concat_zero_.*, CVS-63947)", "Concat-1")


# ------------------------------------------------------------------------------ sparse_fill_empty_rows.cpp
# generateSparseFillEmptyRowsStringParams<i32 / i64>: the numeric vectors' indices with string values and the
# default "empty" (gen_ovrest ported the numeric ones).
SRC["sparse_fill_empty_rows"] = "1267f45f"
SFER_STR = [  # (values, dense_shape, indices, expected indices, expected values, expected empty-row indicator)
    (["a", "b", "c"], [3, 4], [0, 0, 1, 0, 2, 0], [0, 0, 1, 0, 2, 0], ["a", "b", "c"], [0, 0, 0]),
    (["a", "b", "c"], [4, 4], [0, 0, 1, 0, 3, 0], [0, 0, 1, 0, 2, 0, 3, 0], ["a", "b", "empty", "c"], [0, 0, 1, 0]),
    (["a", "b"], [5, 3], [0, 0, 4, 0], [0, 0, 1, 0, 2, 0, 3, 0, 4, 0], ["a", "empty", "empty", "empty", "b"],
     [0, 1, 1, 1, 0]),
    ([], [3, 4], [], [0, 0, 1, 0, 2, 0], ["empty", "empty", "empty"], [1, 1, 1]),
    (["a", "b", "c", "d"], [5, 6], [0, 1, 1, 2, 3, 3, 4, 4], [0, 1, 1, 2, 2, 0, 3, 3, 4, 4],
     ["a", "b", "empty", "c", "d"], [0, 0, 1, 0, 0]),
]


@gen
def gen_sparse_fill_empty_rows_string():
    for it in ("i32", "i64"):
        for k, (v, ds, idx, ei, ev, ee) in enumerate(SFER_STR):
            n, m = len(v), len(ev)
            case("sparse_fill_empty_rows", f"string_v{k}_{it}", "SparseFillEmptyRows", 16, None,
                 [P("values", v, "string", [n]), P("dense_shape", ds, it, [2]), P("indices", idx, it, [n, 2]),
                  P("default_value", "empty", "string", [])],
                 [O("output_indices", ei, it, [m, 2], dims=[-1, 2]), O("output_values", ev, "string", [m], dims=[-1]),
                  O("empty_row_indicator", ee, "boolean", [len(ee)], dims=[-1])],
                 f"SparseFillEmptyRows-16 string vector {k}, indices {it}, default \"empty\"")



# ---------------------------------------------------------------------------------------------- constant.cpp
# Models without Parameters: Constant -> Result (tensor_constant in 12 types, 4 typed vectors), two Constants ->
# two Results, Constant -> Abs (8 types), constant_multi_use (an i32 scalar built from the string "388"), and
# Equal(Constant bool {1,0,1,0}, Constant bool {1,1,1,1}).  A Constant feeding a Result directly carries the
# Result's name on its port; bf16 Constants hold bf16 bytes.
SRC["constant"] = "223477dd"
ALL12 = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "bf16", "f16", "f32", "f64"]


def _const(g, name, et, a, names=None):
    """A Const layer of element type et (bf16: the upper halves of the f32 values) whose output port has names."""
    a = np.asarray(a)
    data = ((a.astype(np.float32).view(np.uint32) >> 16).astype("<u2") if et == "bf16"
            else a.astype(np.dtype(W.NP[et]).newbyteorder("<")))
    lid = g._new_id()
    g._claim(names)
    off = len(g.blob)
    g.blob += data.tobytes()
    shape = list(a.shape)
    g.layers.append(f'\t\t<layer id="{lid}" name="{name}" type="Const" version="opset1">\n'
                    f'\t\t\t<data element_type="{et}" shape="{", ".join(str(d) for d in shape)}" offset="{off}" '
                    f'size="{data.nbytes}" />\n'
                    f'\t\t\t<output>\n{g._port(0, et, shape, names=names)}\t\t\t</output>\n\t\t</layer>\n')
    return W.Ref(lid, 0, et, shape)


def _const_case(name, consts, outs, desc, op, body=None):
    """consts: [(layer name, et, array, port names)]; body(g, refs) -> refs of outs (default: the Consts)."""
    g = W.Graph(f"constant_{name}")
    refs = [_const(g, n, et, arr(v, et), names) for n, et, v, names in consts]
    orefs = body(g, refs) if body else refs
    for o, r in zip(outs, orefs):
        g.result(r, o.name)
    finish("constant", name, g, {}, outs, desc, op)


@gen
def gen_constant():
    v8 = [1, 2, 3, 4, 5, 6, 7, 8]
    for et in ALL12:
        _const_case(f"tensor_constant_{et}", [("A", et, np.reshape(v8, [2, 2, 2]), "out")],
                    [O("out", v8, et, [2, 2, 2])], f"Constant [2,2,2] {et} -> Result (tensor_constant)", "Constant-1")
        _const_case(f"two_constants_{et}", [("A", et, np.reshape(v8, [2, 2, 2]), "out0"),
                                            ("B", et, np.reshape(v8, [2, 2, 2]), "out1")],
                    [O("out0", v8, et, [2, 2, 2]), O("out1", v8, et, [2, 2, 2])],
                    f"two Constants [2,2,2] {et} -> two Results (ReferenceConstantLayerTest_2Constant)", "Constant-1")
    big = 0x4000000000000001
    for nm, et, shape, v in (("scalar_constant_float32", "f32", [], [4.75]),
                             ("scalar_constant_int64", "i64", [], [big]),
                             ("tensor_constant_float32", "f32", [2, 2], [4.75, 4.5, -5.25, 0.0]),
                             ("tensor_constant_int64", "i64", [2], [big, big + 1])):
        _const_case(nm, [("A", et, np.array(v, W.NP[et]).reshape(shape), "out")], [O("out", v, et, shape)],
                    f"Constant {shape} {et} -> Result ({nm})", "Constant-1")
    for et in ("i8", "i16", "i32", "i64", "bf16", "f16", "f32", "f64"):
        outs = [O("out", v8, et, [2, 2, 2])]
        _const_case(f"tensor_constant_with_op_{et}", [("A", et, np.reshape([-1, 2, 3, -4, 5, -6, -7, 8], [2, 2, 2]),
                                                       None)], outs,
                    f"Abs(Constant [2,2,2] {et}) (tensor_constant_with_op)", "Abs-0",
                    body=lambda g, refs, outs=outs: g.op("op", "Abs", "opset1", None, refs, ospec(outs)))
    _const_case("constant_multi_use", [("A", "i32", np.array(388, np.int32), "out")], [O("out", 388, "i32", [])],
                "Constant i32 scalar 388 (built from the string \"388\") -> Result (constant_multi_use)", "Constant-1")
    outs = [O("out", [1, 0, 1, 0], "boolean", [4])]
    _const_case("constant_equality_bool", [("A", "boolean", np.array([1, 0, 1, 0], bool), None),
                                           ("B", "boolean", np.array([1, 1, 1, 1], bool), None)], outs,
                "Equal(Constant bool {1,0,1,0}, Constant bool {1,1,1,1}) (constant_equality_bool)", "Equal-1",
                body=lambda g, refs: g.op("op", "Equal", "opset1", [("auto_broadcast", "numpy")], refs, ospec(outs)))



# ------------------------------------------------------------------------------------------- lstm_sequence.cpp
# generateParams (f64, f32) LSTMSequenceParams(5, 10, 10, 10, 0.7f, REVERSE): gen_ovconv ported its Ho and Co
# (LS_HO, LS_CO, which this vector repeats); LS_Y_REV is its Y [5, 1, 10, 10].  X, H_t, C_t (= H_t),
# sequence_lengths, W, R (= W), B are Parameters, as the test's CreateFunction.
SRC["lstm_sequence"] = "024f14f1"
LS_Y_REV = [
    0.559698, 0.587499, 0.58592,  0.563707, 0.587544, 0.56698,  0.571671, 0.571423, 0.579197, 0.585993,
    0.559316, 0.598435, 0.596364, 0.565285, 0.598493, 0.57008,  0.576828, 0.576475, 0.587333, 0.596461,
    0.558742, 0.612216, 0.609684, 0.567605, 0.612287, 0.574556, 0.584071, 0.583581, 0.598219, 0.609803,
    0.557878, 0.628081, 0.625301, 0.570987, 0.628158, 0.580903, 0.593915, 0.593262, 0.611954, 0.625433,
    0.556574, 0.643984, 0.641397, 0.575854, 0.644055, 0.589658, 0.606642, 0.605821, 0.627796, 0.641522,
    0.554596, 0.656917, 0.655047, 0.582718, 0.656967, 0.601233, 0.621878, 0.620939, 0.643723, 0.65514,
    0.551576, 0.664629, 0.663703, 0.592106, 0.664652, 0.615579, 0.638092, 0.637163, 0.656733, 0.663751,
    0.54692,  0.667558, 0.667297, 0.604361, 0.667564, 0.631676, 0.652518, 0.651781, 0.664541, 0.667311,
    0.53964,  0.668141, 0.668109, 0.619255, 0.668141, 0.647193, 0.662341, 0.661921, 0.667534, 0.66811,
    0.528016, 0.668187, 0.668186, 0.635471, 0.668187, 0.659096, 0.666861, 0.666715, 0.668138, 0.668186,
    0.583768, 0.569262, 0.575267, 0.573003, 0.566785, 0.575539, 0.58546,  0.57339,  0.572642, 0.586082,
    0.593511, 0.573381, 0.581898, 0.578717, 0.569797, 0.582278, 0.595758, 0.579264, 0.578207, 0.596577,
    0.606134, 0.57925,  0.591004, 0.586675, 0.57415,  0.591515, 0.608935, 0.587425, 0.585974, 0.609946,
    0.621298, 0.587406, 0.602959, 0.597357, 0.580333, 0.603611, 0.624467, 0.598338, 0.596436, 0.625592,
    0.637519, 0.598314, 0.617618, 0.610903, 0.588883, 0.618381, 0.640604, 0.612099, 0.609772, 0.641672,
    0.652065, 0.61207,  0.633798, 0.626647, 0.600233, 0.634582, 0.654454, 0.627954, 0.625399, 0.65525,
    0.662084, 0.627922, 0.649014, 0.642661, 0.614386, 0.649671, 0.663395, 0.643868, 0.64149,  0.663807,
    0.666772, 0.643839, 0.66026,  0.655973, 0.630413, 0.660667, 0.667203, 0.656835, 0.655116, 0.667328,
    0.66803,  0.656815, 0.666091, 0.664171, 0.646084, 0.666251, 0.668096, 0.66459,  0.663738, 0.668113,
    0.668182, 0.66458,  0.667903, 0.667432, 0.658361, 0.667935, 0.668185, 0.667547, 0.667307, 0.668186,
    0.582036, 0.580415, 0.582661, 0.562616, 0.57509,  0.584239, 0.583333, 0.583345, 0.568079, 0.561569,
    0.591189, 0.588995, 0.592029, 0.56367,  0.581651, 0.594139, 0.59293,  0.592946, 0.571674, 0.562114,
    0.603195, 0.600379, 0.604265, 0.56523,  0.59067,  0.606921, 0.605404, 0.605423, 0.576832, 0.562925,
    0.617895, 0.614559, 0.619142, 0.567524, 0.602533, 0.622196, 0.62046,  0.620482, 0.584076, 0.564129,
    0.634083, 0.630598, 0.635357, 0.57087,  0.617117, 0.638404, 0.636684, 0.636707, 0.593922, 0.565907,
    0.649254, 0.646247, 0.650314, 0.575687, 0.633281, 0.652764, 0.651396, 0.651414, 0.60665,  0.568515,
    0.660409, 0.658471, 0.661057, 0.582484, 0.648575, 0.662479, 0.661698, 0.661709, 0.621887, 0.572305,
    0.66615,  0.665341, 0.6664,   0.591792, 0.659985, 0.666907, 0.666636, 0.66664,  0.638101, 0.577728,
    0.667915, 0.667737, 0.667963, 0.603963, 0.665981, 0.668052, 0.668006, 0.668007, 0.652525, 0.585315,
    0.668174, 0.668159, 0.668178, 0.618792, 0.66788,  0.668183, 0.66818,  0.66818,  0.662345, 0.595566,
    0.579218, 0.577141, 0.579248, 0.572105, 0.565823, 0.568568, 0.564137, 0.582163, 0.572127, 0.560781,
    0.587362, 0.584504, 0.587403, 0.577445, 0.568392, 0.572381, 0.565918, 0.591359, 0.577475, 0.560938,
    0.598256, 0.594491, 0.598309, 0.584924, 0.572127, 0.577836, 0.568532, 0.603413, 0.584966, 0.561173,
    0.611999, 0.607362, 0.612063, 0.595049, 0.577477, 0.585464, 0.572329, 0.61815,  0.595104, 0.561524,
    0.627845, 0.622696, 0.627915, 0.608056, 0.584968, 0.595763, 0.577763, 0.634345, 0.608125, 0.562048,
    0.643768, 0.638894, 0.643833, 0.62348,  0.595107, 0.608942, 0.585363, 0.649473, 0.623558, 0.562827,
    0.656765, 0.653146, 0.65681,  0.639656, 0.608128, 0.624474, 0.59563,  0.660545, 0.639731, 0.563983,
    0.664556, 0.66269,  0.664578, 0.653734, 0.623561, 0.640611, 0.608777, 0.666203, 0.653791, 0.565691,
    0.667538, 0.666978, 0.667544, 0.663011, 0.639734, 0.654459, 0.624289, 0.667925, 0.663042, 0.5682,
    0.668139, 0.668063, 0.668139, 0.667082, 0.653793, 0.663397, 0.640434, 0.668175, 0.667092, 0.571849,
    0.577977, 0.578955, 0.568828, 0.573079, 0.566562, 0.562011, 0.573728, 0.56272,  0.585197, 0.587567,
    0.585658, 0.587002, 0.572757, 0.578824, 0.569471, 0.562771, 0.57974,  0.563825, 0.59541,  0.598524,
    0.596018, 0.597785, 0.578369, 0.586822, 0.573683, 0.563901, 0.588076, 0.565458, 0.608505, 0.612324,
    0.609258, 0.611426, 0.586197, 0.59755,  0.579676, 0.56557,  0.599186, 0.567859, 0.623984, 0.628198,
    0.624826, 0.62722,  0.59673,  0.611138, 0.587988, 0.568023, 0.613126, 0.571356, 0.640142, 0.644091,
    0.640947, 0.643193, 0.610134, 0.626905, 0.599072, 0.571593, 0.629065, 0.57638,  0.654104, 0.656992,
    0.654712, 0.656356, 0.625799, 0.642901, 0.612988, 0.576717, 0.644878, 0.583449, 0.66321,  0.664664,
    0.663529, 0.664358, 0.641868, 0.656146, 0.628916, 0.583917, 0.65754,  0.593086, 0.667146, 0.667567,
    0.667244, 0.667485, 0.655394, 0.664256, 0.644744, 0.59371,  0.664921, 0.6056,   0.668088, 0.668142,
    0.668102, 0.668132, 0.66388,  0.667456, 0.657447, 0.606385, 0.667634, 0.620685, 0.668185, 0.668187
]


@gen
def gen_lstm_sequence_reverse():
    gp = lambda n: np.array(C.gs_prefix(n), np.float64)  # noqa: E731
    x, h0, w, b = gp(500).reshape(5, 10, 10), gp(50).reshape(5, 1, 10), gp(400).reshape(1, 40, 10), gp(40)
    gy, gh, gc = _recur("lstm", "reverse", x, h0[:, 0], h0[:, 0], w[0], w[0], b, 0.7)
    for got, want, what in ((gy, LS_Y_REV, "Y"), (gh, C.LS_HO, "Ho"), (gc, C.LS_CO, "Co")):
        assert np.allclose(got.ravel(), want, atol=1e-5), f"lstm_sequence reverse {what} transcription"
    for et in ("f64", "f32"):
        at, rt = SEQ_TOL[et]
        ins = [P("X", x.ravel(), et, [5, 10, 10]), P("H_t", h0.ravel(), et, [5, 1, 10]),
               P("C_t", h0.ravel(), et, [5, 1, 10]), P("sequence_lengths", [10] * 5, "i64", [5]),
               P("W", w.ravel(), et, [1, 40, 10]), P("R", w.ravel(), et, [1, 40, 10]), P("B", b, et, [1, 40])]
        outs = [O(n, v, et, shp, compare="close", atol=at, rtol=rt)
                for n, v, shp in (("Y", LS_Y_REV, [5, 1, 10, 10]), ("Ho", C.LS_HO, [5, 1, 10]), ("Co", C.LS_CO, [5, 1, 10]))]
        attrs = [("direction", "reverse"), ("hidden_size", 10), ("activations", "sigmoid,tanh,tanh"),
                 ("activations_alpha", ""), ("activations_beta", ""), ("clip", 0.7)]
        case("lstm_sequence", f"reverse_{et}", "LSTMSequence", 5, attrs, ins, outs,
             f"LSTMSequence-5 reverse, batch 5, seq 10, input 10, hidden 10, clip 0.7 (R = W, C_t = H_t): Y, Ho and Co "
             f"({et})", exact=False)



# -------------------------------------------------------------------------------------------- rnn_sequence.cpp
# generateParams runs f64, f32 and f16; gen_ovrest ported the FORWARD, REVERSE and BIDIRECTIONAL Y tables for
# f64/f32, so here they run in f16 (same data: gen_ovconv's RS_*, gen_ovrest's RS_Y_*).  generateParamsBF16 (bf16)
# holds vectors with integer data in [-2, 2]: the FORWARD and REVERSE ones (batch 5, seq 10, hidden 10, tanh) are
# transcribed below (X, H_t, W, R as printed in the REVERSE vector, which the FORWARD vector's visible rows repeat;
# B {-2, 1, -2, 2, -2, -1, 2, 1, 2, 2}).  The bf16 BIDIRECTIONAL vector is not ported.
SRC["rnn_sequence"] = "024f14f1"
RS_BF_X = [
    -2, 2,  2,  -1, -2, -2, -2, -1, 2,  0,  0,  0,  2,  2,  0,  1,  2,  1,  -1, 1,  -2, 1,  2,  2,  -2,
    -2, -1, -2, -1, -1, 2,  1,  1,  2,  2,  2,  0,  2,  2,  1,  -2, 1,  2,  1,  2,  0,  -1, -1, 1,  0,
    -2, 1,  2,  2,  -1, 1,  1,  1,  0,  -2, -1, -2, 1,  2,  1,  2,  2,  -2, 2,  0,  2,  0,  2,  0,  2,
    -2, 1,  2,  2,  1,  -2, 2,  -1, 0,  -1, 2,  1,  -2, 0,  -1, 0,  -1, 1,  0,  1,  0,  0,  1,  1,  -2,
    2,  0,  -2, -2, 2,  1,  -1, 2,  -1, 1,  -2, -2, 0,  0,  1,  -1, -1, 2,  0,  2,  -2, -1, -1, -1, -1,
    0,  1,  -2, 2,  -2, -2, 1,  1,  1,  2,  0,  1,  2,  2,  1,  2,  2,  0,  0,  -1, -1, 1,  1,  -1, 0,
    -2, -1, 2,  -1, 1,  1,  1,  0,  0,  2,  1,  2,  1,  0,  -1, -1, -1, 1,  1,  -1, -2, 0,  -2, -1, -2,
    -1, 2,  1,  -2, -1, -1, 1,  -2, 1,  1,  2,  -2, 2,  -1, -2, 0,  2,  -2, -1, -1, 2,  -1, 2,  1,  -2,
    -2, -2, 2,  -1, -1, 1,  0,  -2, -1, -2, 1,  0,  0,  1,  -2, 2,  -2, 1,  -1, 0,  -2, 1,  2,  -1, -2,
    2,  0,  0,  0,  -2, 0,  2,  2,  1,  -1, 0,  2,  1,  0,  0,  2,  2,  2,  0,  2,  -2, -1, 0,  0,  1,
    -1, 2,  0,  0,  1,  -1, 0,  -2, -1, 0,  1,  0,  1,  -2, 2,  1,  0,  1,  0,  1,  -2, 0,  -2, -2, 1,
    2,  0,  1,  -2, -2, -2, -1, -2, 1,  2,  -1, -2, -2, 2,  -2, -2, 2,  2,  -1, -1, 0,  -1, 0,  1,  0,
    1,  2,  2,  1,  2,  -1, -1, -2, 0,  -2, -2, 2,  -1, 2,  2,  2,  2,  -2, 1,  0,  0,  0,  -1, -2, 2,
    -1, 1,  0,  1,  1,  2,  1,  2,  2,  0,  1,  0,  0,  1,  1,  -1, 2,  1,  -1, 2,  2,  2,  2,  -2, 1,
    2,  -1, -1, 2,  1,  2,  -2, 2,  2,  -2, 1,  -2, -2, -1, 0,  2,  0,  -2, 0,  -2, 0,  1,  -1, -2, 2,
    1,  -2, 0,  -2, -2, -1, 1,  0,  1,  2,  -2, 2,  -2, 1,  1,  2,  -1, -1, -1, -2, 0,  1,  -1, -2, 0,
    0,  2,  1,  -1, 2,  0,  -1, 2,  -2, -1, -2, -2, -2, 0,  1,  0,  0,  1,  -1, -1, -1, 2,  -2, 0,  2,
    0,  1,  1,  -2, 0,  -1, 1,  2,  -1, -1, 1,  0,  -1, 1,  -2, 0,  -1, 0,  -1, -1, -2, -1, 1,  -2, -1,
    0,  -2, -2, 1,  -2, 0,  -1, 1,  0,  1,  -2, -1, -1, -1, 0,  -1, 0,  -2, 1,  -2, 1,  -2, 0,  -1, 2,
    -1, 1,  1,  2,  2,  0,  1,  1,  1,  -2, -1, -1, -1, -1, -2, 0,  2,  1,  0,  -1, 2,  -2, -1, 1,  2,
]
RS_BF_H = [
    -2, 2,  0, 1, -2, 1,  2, 0, 2, 0, -2, 0, 1,  -2, -2, 1,  0, 0, 0,  -2, -1, 0, 2, -2, -1,
    2,  -1, 2, 2, 1,  -2, 2, 1, 1, 0, 2,  2, -2, -1, 1,  -1, 2, 2, -2, -1, -1, 2, 2, 0,  2,
]
RS_BF_W = [
    -2, 2,  -2, -1, -1, 2,  0,  0,  1,  1,  1,  1,  2,  1,  0,  2,  -2, 0,  2,  1,
    -1, -1, 1,  -2, 0,  1,  0,  2,  0,  0,  0,  0,  0,  -2, 0,  -1, -2, 2,  1,  2,
    -1, -1, -1, -2, -2, -2, -1, -1, 1,  -1, 2,  -2, 0,  0,  -1, -1, 0,  -2, 2,  2,
    0,  1,  -1, 2,  -1, 0,  -2, 0,  1,  -2, 2,  1,  -1, 0,  0,  0,  -2, -2, 2,  2,
    2,  -1, -1, -1, -2, 2,  -1, 1,  -2, -2, -2, -2, 1,  -2, -1, -2, 2,  -1, -2, 2,
]
RS_BF_R = [
    -2, -2, -1, 0,  2,  -1, -2, 1,  0,  0,  2,  -2, -2, 2,  2,  -1, 0,  -1, 1,  -2,
    -1, -1, 1,  2,  0,  2,  -1, 1,  -1, 1,  2,  0,  2,  0,  1,  2,  2,  -1, -2, 2,
    -2, 0,  2,  2,  1,  -1, -1, -2, 1,  -2, -2, 1,  2,  -1, 2,  -2, 2,  0,  -2, 0,
    -1, 1,  2,  -2, 1,  2,  -2, -1, -2, -2, 2,  0,  0,  1,  1,  1,  -2, -2, 1,  0,
    2,  -1, -2, 1,  -1, -2, -1, -2, 2,  -2, 0,  -2, -2, 1,  -1, 2,  -2, 1,  -2, 2,
]
RS_BF_B = [-2, 1, -2, 2, -2, -1, 2, 1, 2, 2]
RS_BF_Y_FWD = [
    -1,        -0.757812,  -0.960938, 1,           1,         0,         0.960938,  0.757812,  -1,
    -0.960938, -0.589844,  1,         0.925781,    -1,        -1,        0.234375,  -1,        -1,
    -0.992188, 1,          -1,        -1,          -1,        -0.953125, 1,         -0.417969, 1,
    -0.960938, -1,         1,         0.898438,    1,         -1,        1,         -1,        1,
    0.992188,  1,          -1,        -1,          -1,        1,         -0.953125, 0.992188,  -1,
    -1,        0.96875,    -0.191406, -1,          0.960938,  -0.996094, 0.15625,   -0.166992, -1,
    -1,        -1,         0.890625,  -1,          -0.546875, -0.292969, -1,        0.96875,   -1,
    -1,        -1,         1,         0.617188,    -1,        -1,        -0.976562, -1,        0.769531,
    -0.984375, 1,          -1,        1,           0.992188,  -0.227539, -1,        -0.124023, 1,
    -0.992188, -0.96875,   -1,        -0.976562,   -1,        1,         -1,        -0.792969, 1,
    -1,        0.996094,   -0.996094, 1,           -1,        -1,        -0.980469, -1,        1,
    -0.462891, -0.960938,  -1,        0.960938,    1,         -1,        -0.960938, 1,         -0.960938,
    1,         -1,         -1,        0.96875,     1,         1,         1,         0.65625,   -1,
    -1,        0.757812,   1,         1,           -1,        0.988281,  -0.976562, 1,         0.996094,
    1,         1,          -1,        1,           0.765625,  0.992188,  1,         1,         -1,
    -0.992188, 0.957031,   -1,        -1,          0.964844,  -1,        -1,        -1,        1,
    -1,        0.875,      -0.921875, 0.554688,    1,         -0.992188, 1,         1,         1,
    -1,        -0.992188,  -1,        -1,          -0.996094, -0.960938, 1,         -1,        0.0456543,
    -1,        1,          -0.960938, -0.789062,   1,         1,         0.992188,  -1,        1,
    -1,        -0.550781,  -1,        1,           -1,        -1,        -1,        1,         1,
    1,         1,          -1,        -0.102539,   -1,        -1,        1,         0.960938,  1,
    -1,        1,          1,         -1,          -0.742188, -1,        -1,        1,         -0.964844,
    1,         -1,         -1,        -1,          1,         -1,        0.757812,  -1,        1,
    -1,        -1,         1,         0.984375,    1,         -0.960938, 1,         -0.996094, 1,
    1,         -0.84375,   1,         -1,          -1,        1,         0.976562,  -0.96875,  0.65625,
    -1,        0.730469,   -1,        1,           -0.726562, -0.996094, 0.953125,  -1,        -1,
    -0.921875, 0.992188,   1,         -1,          -0.953125, -1,        -1,        0.996094,  -1,
    1,         -1,         0.992188,  1,           1,         -1,        -0.992188, -0.992188, -1,
    -1,        -1,         -1,        -1,          0.960938,  -0.992188, -1,        1,         -0.957031,
    0.960938,  0.964844,   1,         -1,          0.957031,  -1,        -1,        0.964844,  1,
    1,         -1,         1,         -0.00296021, 1,         -1,        0.992188,  -1,        1,
    0.996094,  -0.960938,  1,         -1,          1,         1,         0.992188,  1,         1,
    -0.992188, -1,         1,         1,           1,         1,         0.960938,  -0.96875,  1,
    -0.992188, -1,         1,         -1,          -1,        -1,        1,         -0.757812, 1,
    1,         0.992188,   -1,        -1,          1,         1,         -1,        -1,        -1,
    -1,        0.976562,   -1,        -1,          0.941406,  -1,        -1,        -1,        1,
    -1,        1,          -1,        0.96875,     -1,        1,         -0.773438, 1,         0.992188,
    -0.960938, -1,         -0.960938, 0.964844,    1,         -1,        1,         0.527344,  -1,
    1,         1,          -1,        -1,          -1,        -1,        -1,        0.976562,  -1,
    1,         0.894531,   1,         -1,          -0.992188, 1,         1,         1,         -1,
    -1,        -1,         -1,        -1,          1,         1,         -0.197266, -0.992188, 1,
    -1,        1,          0.992188,  -0.664062,   -0.882812, 0.828125,  -1,        1,         0.882812,
    1,         -1,         -1,        0.871094,    -1,        -1,        -1,        1,         -1,
    0.976562,  -1,         -0.90625,  -1,          -1,        -0.992188, -1,        -0.972656, 0.992188,
    1,         -0.992188,  1,         1,           -1,        -1,        0,         1,         -1,
    -0.992188, -0.757812,  -1,        -1,          -1,        0.984375,  -1,        1,         -1,
    1,         -1,         1,         -1,          1,         1,         0.992188,  -1,        -1,
    1,         -1,         -1,        -1,          -0.992188, 0.960938,  -1,        0.964844,  1,
    -0.960938, -1,         1,         -1,          -0.726562, 1,         1,         0.789062,  -1,
    -1,        -1,         0.96875,   0.285156,    -1,        -0.964844, -1,        1,         1,
    1,         1,          -0.796875, -0.566406,   1,         0.929688,  -0.621094, 1,         1,
    1,         0.109375,   -1,        -0.996094,   -0.75,     1,         -1,        1,         0.988281,
    -0.996094, 1,          -0.976562, 0.992188,    0.359375,  1,         -1,        1,         -1,
    -0.464844, -1,         1,         -1,          -1,        -0.118164, -0.941406, 1,         -1,
    1,         -0.0229492, 0.851562,  1,           1,         1,         -1,        1,         -1,
    1,         -0.0311279, 1,         -0.960938,   -1,
]
RS_BF_HO_FWD = [
    -1, 0.996094, -0.996094, 1,         -1,        -1,       -0.980469,  -1,        1,         -0.462891,
    1,  1,        -1,        -0.742188, -1,        -1,       1,          -0.964844, 1,         -1,
    1,  1,        1,         1,         0.960938,  -0.96875, 1,          -0.992188, -1,        1,
    -1, -1,       -0.992188, -1,        -0.972656, 0.992188, 1,          -0.992188, 1,         1,
    1,  1,        -1,        1,         -1,        1,        -0.0311279, 1,         -0.960938, -1,
]
RS_BF_Y_REV = [
    0.925781,  -0.507812,   -0.804688, 1,          1,         -0.886719, 1,         1,         -1,
    1,         -0.816406,   1,         -1,         -0.964844, -1,        1,         -1,        -1,
    -0.992188, 1,           -1,        -0.960938,  -1,        -1,        0.964844,  -0.992188, 1,
    -1,        -1,          1,         -1,         1,         -0.996094, 1,         -1,        0.984375,
    1,         1,           -0.992188, -1,         -0.988281, 1,         -1,        0.210938,  -0.0375977,
    0.65625,   1,           -0.988281, -1,         -1,        -1,        -1,        0.59375,   0.400391,
    -1,        -1,          1,         -1,         -1,        -0.984375, -0.96875,  0.992188,  0.738281,
    -1,        -1,          0.960938,  1,          -0.953125, -1,        1,         -1,        1,
    -1,        1,           -1,        1,          -1,        0.945312,  -1,        -1,        1,
    0.921875,  -1,          -1,        1,          -0.984375, 1,         0.601562,  1,         -1,
    -1,        -1,          0.960938,  -0.992188,  0.757812,  -1,        -0.960938, -1,        0,
    -1,        -0.992188,   -0.804688, 1,          1,         -1,        -1,        -1,        1,
    1,         -0.65625,    0.898438,  -0.0654297, 1,         1,         -1,        -0.960938, -1,
    -1,        -1,          1,         -0.75,      -1,        -0.992188, -0.222656, 1,         0.992188,
    1,         0.964844,    0.847656,  1,          1,         1,         0.972656,  0.0236816, -1,
    -1,        -1,          -1,        -1,         0.914062,  -1,        -1,        -0.992188, 0.570312,
    -1,        -1,          0.984375,  0.96875,    1,         1,         -0.789062, 1,         -0.746094,
    0.75,      -1,          -0.09375,  -1,         -1,        -0.960938, 1,         1,         1,
    -1,        0.0113525,   0.960938,  -0.992188,  1,         1,         1,         -1,        -0.992188,
    -1,        -1,          -1,        1,          -1,        -1,        -1,        1,         1,
    1,         1,           -1,        0.984375,   -0.992188, -1,        1,         -0.941406, 1,
    -1,        1,           -1,        0.757812,   -0.757812, 0.992188,  -1,        1,         -1,
    1,         -1,          -0.980469, 0.992188,   0.0917969, -1,        1,         0.507812,  -1,
    -1,        1,           1,         -0.882812,  1,         -1,        1,         0.992188,  -0.898438,
    1,         1,           1,         -1,         0.671875,  -1,        0.984375,  0.984375,  0.476562,
    -0.96875,  1,           -1,        0.996094,   -0.9375,   -0.761719, 0.353516,  0.996094,  -1,
    -1,        -1,          1,         -1,         -1,        1,         -1,        1,         -1,
    1,         -1,          1,         -1,         1,         -1,        -0.683594, 0.773438,  -1,
    -1,        -1,          1,         -1,         0.953125,  0.765625,  -1,        0.152344,  -1,
    1,         0.957031,    1,         -1,         -0.984375, -1,        0.996094,  1,         -0.976562,
    1,         -1,          1,         -0.0629883, -0.746094, -1,        0.960938,  -1,        1,
    1,         -1,          0.0371094, -1,         1,         1,         0.96875,   1,         1,
    -1,        -1,          1,         -1,         1,         1,         -0.960938, -1,        1,
    -0.960938, -1,          1,         -1,         0.964844,  -1,        -0.992188, -1,        -0.964844,
    0.964844,  -0.75,       -1,        -1,         1,         0.988281,  -1,        -1,        -1,
    -1,        0.992188,    0.996094,  -1,         1,         -0.992188, -1,        -0.996094, 0.9375,
    -1,        0.279297,    -1,        -0.972656,  -1,        1,         -1,        1,         -1,
    -1,        -1,          0.855469,  1,          1,         1,         -1,        -0.773438, 0.71875,
    -0.992188, -1,          -1,        -1,         -1,        -1,        1,         -0.96875,  0.992188,
    1,         -0.957031,   -1,        -1,         -1,        1,         1,         1,         -1,
    -1,        -0.412109,   -1,        -0.976562,  1,         0.804688,  -1,        1,         1,
    -1,        1,           -0.890625, 1,          0.992188,  -1,        -1,        1,         -0.789062,
    1,         1,           -0.90625,  -0.945312,  -1,        0.980469,  0.765625,  1,         -1,
    1,         -1,          1,         -1,         -1,        0.757812,  1,         1,         1,
    1,         -0.757812,   0.960938,  1,          1,         1,         -0.375,    0.921875,  -1,
    -1,        -0.859375,   -1,        1,          -0.992188, -0.601562, -0.960938, -0.773438, -1,
    0.984375,  -1,          -0.804688, -1,         1,         1,         0.75,      -1,        -1,
    0.46875,   -1,          -1,        -0.398438,  -1,        -0.384766, -1,        1,         1,
    1,         -1,          1,         -0.992188,  0.992188,  0.960938,  1,         -0.761719, -1,
    -1,        1,           1,         1,          -1,        -1,        -1,        1,         1,
    -0.753906, -0.00643921, -1,        1,          0.757812,  1,         1,         0.992188,  1,
    0.0139771, 1,           -1,        1,          -1,        1,         -1,        0.996094,  -0.992188,
    -1,        1,           -1,        -0.992188,  -1,        1,         -1,        1,         -1,
    0.890625,  -1,          0.929688,  -1,         1,         -1,        -0.902344, -0.476562, -1,
    1,         -0.898438,   1,         1,          0.757812,  -1,        -1,        1,         -1,
    1,         0.992188,    0,         -1,         -1,
]
RS_BF_HO_REV = [
    0.925781,  -0.507812, -0.804688, 1,         1,  -0.886719, 1,         1,     -1, 1,
    -0.992188, -0.804688, 1,         1,         -1, -1,        -1,        1,     1,  -0.65625,
    -0.980469, 0.992188,  0.0917969, -1,        1,  0.507812,  -1,        -1,    1,  1,
    -1,        0.964844,  -1,        -0.992188, -1, -0.964844, 0.964844,  -0.75, -1, -1,
    1,         1,         -0.375,    0.921875,  -1, -1,        -0.859375, -1,    1,  -0.992188,
]


def _rnn_seq_case(name, direction, et, x, h0, w, r, b, y, ho, desc, expect="match", reason="", cs=None):
    nd = 2 if direction == "bidirectional" else 1
    batch, seq, inp = x.shape
    hid = h0.shape[-1]
    at, rt = SEQ_TOL[et]
    ins = [P("X", x.ravel(), et, list(x.shape)), P("H_t", h0.ravel(), et, [batch, nd, hid]),
           P("sequence_lengths", [seq] * batch, "i64", [batch]), P("W", w.ravel(), et, [nd, hid, inp]),
           P("R", r.ravel(), et, [nd, hid, hid]), P("B", b.ravel(), et, [nd, hid])]
    outs = [O("Y", y, et, [batch, nd, seq, hid], compare="close", atol=at, rtol=rt),
            O("Ho", ho, et, [batch, nd, hid], compare="close", atol=at, rtol=rt)]
    attrs = [("direction", direction), ("hidden_size", hid), ("activations", "tanh"), ("activations_alpha", ""),
             ("activations_beta", ""), ("clip", 0.0)]
    (cs or case)("rnn_sequence", name, "RNNSequence", 5, attrs, ins, outs, desc, expect, reason, exact=False)


@gen
def gen_rnn_sequence_f16_bf16():
    x, h0 = np.array(C.RS_X, np.float64).reshape(5, 10, 10), np.array(C.RS_H, np.float64).reshape(5, 10)
    w, r = np.array(C.RS_W, np.float64).reshape(10, 10), np.array(C.RS_R, np.float64).reshape(10, 10)
    b = np.array(C.RS_B, np.float64)
    for direction, y, ho in (("forward", R.RS_Y_FWD, C.RS_HO_FWD), ("reverse", R.RS_Y_REV, C.RS_HO_REV)):
        _rnn_seq_case(f"{direction}_Y_f16", direction, "f16", x, h0, w, r, b, y, ho,
                      f"RNNSequence-5 {direction}, batch 5, seq 10, input 10, hidden 10, tanh: Y and Ho (f16)")
    bx = np.array(C.RS_X[:249] + [1], np.float64).reshape(5, 5, 10)
    _rnn_seq_case("bidirectional_Y_f16", "bidirectional", "f16", bx, np.array(C.RS_BI_H, np.float64).reshape(5, 2, 10),
                  np.array(C.RS_BI_W, np.float64), np.array(C.RS_BI_R, np.float64), np.array(C.RS_BI_B, np.float64),
                  R.RS_Y_BI, C.RS_BI_HO,
                  "RNNSequence-5 bidirectional, batch 5, seq 5, input 10, hidden 10, tanh: Y [5,2,5,10] and Ho (f16)")
    X, H = np.array(RS_BF_X, np.float64).reshape(5, 10, 10), np.array(RS_BF_H, np.float64).reshape(5, 10)
    W, Rr = np.array(RS_BF_W, np.float64).reshape(10, 10), np.array(RS_BF_R, np.float64).reshape(10, 10)
    B = np.array(RS_BF_B, np.float64)
    for direction, y, ho in (("forward", RS_BF_Y_FWD, RS_BF_HO_FWD), ("reverse", RS_BF_Y_REV, RS_BF_HO_REV)):
        gy, gh, _ = _recur("rnn", direction, X, H, None, W, Rr, B, 0.0)
        yy = np.asarray(y, np.float64).reshape(gy.shape)
        assert np.all(np.abs(gy - yy) <= 1e-2 + 1e-2 * np.abs(yy)), f"bf16 rnn {direction} Y transcription"
        assert np.array_equal(yy[:, -1 if direction == "forward" else 0].ravel(), np.asarray(ho, np.float64))
        _rnn_seq_case(f"{direction}_bf16", direction, "bf16", X, H[:, None], W[None], Rr[None], B[None], y, ho,
                      f"RNNSequence-5 {direction}, batch 5, seq 10, input 10, hidden 10, tanh, integer data in [-2, 2]: "
                      f"Y and Ho (bf16; generateParamsBF16)", *_bf_expect("rnn", direction, X, H, W, Rr, B, 0.0, y))


import gen_ovconv as C  # noqa: E402  (the sequence vectors' data and the numpy cells)
import gen_ovrest as R  # noqa: E402  (the Y tables transcribed in round 12)

if __name__ == "__main__":
    main()
