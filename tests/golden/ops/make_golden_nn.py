"""Record torch's answers for torch.nn.functional's layers (issue 17's torch.nn part): convolutions, pooling,
padding, layer and batch norm, embedding, the newer losses, cosine_similarity, bilinear; second derivatives where
marked. Same record format as make_golden.py, whose machinery it uses:

    /work/torchenv/bin/python tests/golden/ops/make_golden_nn.py
"""

import pathlib

import numpy as np

import make_golden as ops

ops.CASES.clear()  # importing make_golden made its own cases: this file records only these
ops.rng = np.random.default_rng(20270117)
OUT = pathlib.Path(__file__).with_name("golden_nn.json.gz")
case, make_input, int_input, prob_input = ops.case, ops.make_input, ops.int_input, ops.prob_input
F32, F64 = ops.F32, ops.F64


def fixed(name, values, dtype=ops.I64, requires_grad=False):
    a = np.asarray(values)
    return {"name": name, "shape": list(a.shape), "dtype": dtype, "values": a.reshape(-1).tolist(),
            "requires_grad": requires_grad}


# ---------------------------------------------------------------- convolutions
CONV2D = [  # (input shape, weight shape, bias, keywords)
    ((2, 3, 6, 5), (4, 3, 3, 3), True, {}),
    ((1, 2, 7, 6), (3, 2, 3, 2), True, {"stride": 2, "padding": 1}),
    ((2, 4, 6, 6), (6, 2, 3, 3), True, {"groups": 2, "padding": (1, 0), "dilation": (1, 2)}),
    ((1, 1, 8, 8), (2, 1, 5, 5), False, {"stride": (2, 3)}),
    ((3, 6, 5), (2, 3, 3, 3), True, {}),
    ((1, 2, 5, 5), (2, 2, 3, 3), True, {"padding": "same"}),
    ((1, 2, 5, 5), (2, 2, 2, 4), False, {"padding": "same"}),
    ((1, 2, 5, 5), (2, 2, 3, 3), True, {"padding": "valid"}),
]
for dtype in (F32, F64):
    for i, (xs, ws, bias, kw) in enumerate(CONV2D):
        inputs = [make_input("x", xs, dtype), make_input("w", ws, dtype)]
        args = ["$x", "$w"]
        if bias:
            inputs.append(make_input("b", (ws[0],), dtype))
            args.append("$b")
        case("conv", ["F", "conv2d"], inputs, args, kw, second=dtype == F64 and i < 3, graph=i == 4)
for xs, ws, kw in (((2, 3, 9), (4, 3, 3), {}), ((1, 2, 10), (4, 1, 4), {"stride": 3, "groups": 2, "padding": 2}),
                   ((3, 7), (2, 3, 2), {"dilation": 2})):
    case("conv", ["F", "conv1d"], [make_input("x", xs, F32), make_input("w", ws, F32), make_input("b", (ws[0],), F32)],
         ["$x", "$w", "$b"], kw)
case("conv", ["F", "conv2d"], [make_input("x", (1, 3, 4, 4), F32), make_input("w", (2, 2, 3, 3), F32)], ["$x", "$w"])
case("conv", ["F", "conv2d"], [make_input("x", (1, 2, 2, 2), F32), make_input("w", (2, 2, 3, 3), F32)], ["$x", "$w"])

# ---------------------------------------------------------------- pooling and padding
POOLS = [((2, 3, 6, 6), {"kernel_size": 2}), ((1, 2, 7, 5), {"kernel_size": 3, "stride": 2, "padding": 1}),
         ((1, 2, 7, 5), {"kernel_size": (3, 2), "stride": 2, "ceil_mode": True}), ((3, 5, 5), {"kernel_size": 2})]
for dtype in (F32, F64):
    for shape, kw in POOLS:
        case("pool", ["F", "max_pool2d"], [make_input("x", shape, dtype, "grid")], ["$x"], kw, second=dtype == F64)
        case("pool", ["F", "avg_pool2d"], [make_input("x", shape, dtype)], ["$x"], kw, second=dtype == F64)
case("pool", ["F", "max_pool2d"], [make_input("x", (1, 1, 7, 7), F32)], ["$x"],
     {"kernel_size": 3, "stride": 2, "padding": 1, "dilation": 2})
case("pool", ["F", "avg_pool2d"], [make_input("x", (1, 2, 7, 5), F32)], ["$x"],
     {"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": True, "count_include_pad": False})
case("pool", ["F", "avg_pool2d"], [make_input("x", (1, 2, 6, 6), F32)], ["$x"], {"kernel_size": 3, "divisor_override": 4})
case("pool", ["F", "max_pool2d"], [make_input("x", (1, 2, 4), F32)], ["$x"], {"kernel_size": 2})
case("pool", ["F", "max_pool2d"], [make_input("x", (1, 1, 4, 4), F32)], ["$x"], {"kernel_size": 3, "padding": 2})
for pad in ((1, 2), (1, 1, 2, 0), (-1, 2, 0, 1), (0, 0, 0, 0, 1, 1)):
    case("pad", ["F", "pad"], [make_input("x", (2, 3, 4), F32)], ["$x", list(pad)], second=True)
case("pad", ["F", "pad"], [make_input("x", (2, 3), F64)], ["$x", [1, 1]], {"value": 2.5})
case("pad", ["F", "pad"], [make_input("x", (2, 3), F32)], ["$x", [1]])

# ---------------------------------------------------------------- normalisation and embedding
for dtype in (F32, F64):
    case("norm", ["F", "layer_norm"], [make_input("x", (3, 4, 5), dtype), make_input("w", (5,), dtype),
                                       make_input("b", (5,), dtype)], ["$x", [5], "$w", "$b"], second=True)
    case("norm", ["F", "layer_norm"], [make_input("x", (2, 3, 4), dtype)], ["$x", [3, 4]], {"eps": 1e-3},
         second=True)
    case("norm", ["F", "layer_norm"], [make_input("x", (2, 6), dtype), make_input("w", (6,), dtype)],
         ["$x", [6], "$w"], second=True)
    for shape in ((6, 3), (4, 3, 5)):
        c = shape[1]
        stats = [make_input("rm", (c,), dtype, requires_grad=False),
                 make_input("rv", (c,), dtype, "pos", requires_grad=False)]
        affine = [make_input("w", (c,), dtype), make_input("b", (c,), dtype)]
        case("norm", ["F", "batch_norm"], [make_input("x", shape, dtype)] + stats + affine,
             ["$x", "$rm", "$rv", "$w", "$b"], {"training": True}, second=True)
        case("norm", ["F", "batch_norm"], [make_input("x", shape, dtype)] + stats + affine,
             ["$x", "$rm", "$rv", "$w", "$b"], {"training": False}, second=True)
    case("norm", ["F", "batch_norm"], [make_input("x", (5, 2), dtype)], ["$x", None, None], {"training": True},
         second=True)
case("norm", ["F", "batch_norm"], [make_input("x", (1, 2), F32)], ["$x", None, None], {"training": True})
case("norm", ["F", "layer_norm"], [make_input("x", (2, 3), F32)], ["$x", [4]])
for kw in ({}, {"padding_idx": 1}, {"padding_idx": -1}, {"scale_grad_by_freq": True}):
    case("embedding", ["F", "embedding"], [fixed("i", [[0, 2, 1], [2, 2, 4]]), make_input("w", (5, 3), F32)],
         ["$i", "$w"], kw)
case("embedding", ["F", "embedding"], [fixed("i", [1, 3]), make_input("w", (4, 2), F64)], ["$i", "$w"], second=True)
case("embedding", ["F", "embedding"], [fixed("i", [1, 5]), make_input("w", (4, 2), F32)], ["$i", "$w"])
case("embedding", ["F", "embedding"], [fixed("i", [1.0, 2.0], ops.F32), make_input("w", (4, 2), F32)], ["$i", "$w"])

# ---------------------------------------------------------------- losses
for dtype in (F32, F64):
    for reduction in ("mean", "sum", "none"):
        for beta in (1.0, 0.5):
            case("loss", ["F", "smooth_l1_loss"], [make_input("a", (3, 4), dtype), make_input("b", (3, 4), dtype)],
                 ["$a", "$b"], {"reduction": reduction, "beta": beta}, second=True)
        case("loss", ["F", "huber_loss"], [make_input("a", (3, 4), dtype), make_input("b", (3, 4), dtype)],
             ["$a", "$b"], {"reduction": reduction, "delta": 0.8}, second=True)
        case("loss", ["F", "kl_div"], [make_input("a", (3, 4), dtype), prob_input("b", (3, 4), dtype, False)],
             ["$a", "$b"], {"reduction": reduction}, second=True)
        case("loss", ["F", "cross_entropy"], [make_input("a", (4, 3), dtype), int_input("t", (4,), 3)],
             ["$a", "$t"], {"reduction": reduction, "label_smoothing": 0.2}, second=True)
        case("loss", ["F", "cross_entropy"], [make_input("a", (4, 3), dtype), prob_input("t", (4, 3), dtype, False)],
             ["$a", "$t"], {"reduction": reduction, "label_smoothing": 0.1}, second=True)
    case("loss", ["F", "kl_div"], [make_input("a", (3, 4), dtype), make_input("b", (3, 4), dtype, requires_grad=False)],
         ["$a", "$b"], {"reduction": "batchmean", "log_target": True}, second=True)
    case("loss", ["F", "smooth_l1_loss"], [make_input("a", (5,), dtype), make_input("b", (5,), dtype)], ["$a", "$b"],
         {"beta": 0.0})
case("loss", ["F", "cross_entropy"], [make_input("a", (4, 3), F32), fixed("t", [0, -100, 2, 1])], ["$a", "$t"],
     {"label_smoothing": 0.3})
case("loss", ["F", "cross_entropy"], [make_input("a", (3,), F32), fixed("t", 1)], ["$a", "$t"], {"label_smoothing": 0.1})
case("loss", ["F", "cross_entropy"], [make_input("a", (4, 3), F32), int_input("t", (4,), 3)], ["$a", "$t"],
     {"label_smoothing": 1.5})
case("loss", ["F", "kl_div"], [make_input("a", (2, 3), F32), prob_input("b", (2, 3), F32)], ["$a", "$b"],
     {"reduction": "sum"})
case("loss", ["F", "huber_loss"], [fixed("a", [-2.0, -1.0, 0.0, 1.0, 2.5], F32, True), fixed("b", [0.0] * 5, F32)],
     ["$a", "$b"])
case("loss", ["F", "smooth_l1_loss"], [fixed("a", [-2.0, -1.0, 0.0, 1.0, 2.5], F32, True), fixed("b", [0.0] * 5, F32)],
     ["$a", "$b"])

for dtype in (F32, F64):
    weights = make_input("w", (3,), dtype, "pos", requires_grad=False)
    for reduction in ("mean", "sum", "none"):
        case("loss", ["F", "cross_entropy"], [make_input("a", (4, 3), dtype), int_input("t", (4,), 3), dict(weights)],
             ["$a", "$t", "$w"], {"reduction": reduction}, second=True)
        case("loss", ["F", "cross_entropy"], [make_input("a", (4, 3), dtype), fixed("t", [0, 2, -100, 1]),
                                              dict(weights)], ["$a", "$t", "$w"],
             {"reduction": reduction, "label_smoothing": 0.2}, second=True)
        case("loss", ["F", "nll_loss"], [make_input("a", (2, 3, 4), dtype), int_input("t", (2, 4), 3)], ["$a", "$t"],
             {"reduction": reduction}, second=True, graph=True)
        case("loss", ["F", "nll_loss"], [make_input("a", (2, 3, 2, 2), dtype), int_input("t", (2, 2, 2), 3),
                                         dict(weights)], ["$a", "$t", "$w"], {"reduction": reduction}, second=True)
    case("loss", ["F", "cross_entropy"], [make_input("a", (4, 3), dtype), prob_input("t", (4, 3), dtype, False),
                                          dict(weights)], ["$a", "$t", "$w"], {"label_smoothing": 0.1})
case("loss", ["F", "cross_entropy"], [make_input("a", (2, 3, 5), F32), int_input("t", (2, 5), 3)], ["$a", "$t"],
     {"ignore_index": 1}, graph=True)
case("loss", ["F", "nll_loss"], [make_input("a", (4, 3), F32), int_input("t", (4,), 3),
                                 make_input("w", (2,), F32, requires_grad=False)], ["$a", "$t", "$w"])
case("loss", ["F", "nll_loss"], [make_input("a", (4, 3), F32), int_input("t", (3,), 3)], ["$a", "$t"])

# ---------------------------------------------------------------- products, similarity, shapes
for dtype in (F32, F64):
    case("bilinear", ["F", "bilinear"], [make_input("x", (4, 3), dtype), make_input("y", (4, 2), dtype),
                                         make_input("w", (5, 3, 2), dtype), make_input("b", (5,), dtype)],
         ["$x", "$y", "$w", "$b"], second=True, graph=True)
    case("bilinear", ["F", "bilinear"], [make_input("x", (2, 3, 3), dtype), make_input("y", (2, 3, 2), dtype),
                                         make_input("w", (4, 3, 2), dtype)], ["$x", "$y", "$w"])
    case("similarity", ["F", "cosine_similarity"], [make_input("a", (3, 4), dtype), make_input("b", (3, 4), dtype)],
         ["$a", "$b"], second=True, graph=True)
    case("similarity", ["F", "cosine_similarity"], [make_input("a", (3, 4), dtype), make_input("b", (4,), dtype)],
         ["$a", "$b"], {"dim": -1})
case("similarity", ["F", "cosine_similarity"], [make_input("a", (2, 3), F32), fixed("b", [[0.0] * 3] * 2, F32)],
     ["$a", "$b"], {"eps": 1e-6})
case("shape", ["method", "unflatten"], [make_input("x", (2, 6), F32)], ["$x", 1, [3, -1]], graph=True)
case("shape", ["torch", "unflatten"], [make_input("x", (4, 3), F32)], ["$x", 0, [2, 2]])
case("shape", ["method", "unflatten"], [make_input("x", (2, 6), F32)], ["$x", 1, [4, 2]])
case("activation", ["F", "relu"], [make_input("x", (2, 3), F32, "grid")], ["$x"])

# ---------------------------------------------------------------- recurrent layers (torch.rnn_tanh, gru, lstm)
for select in (0, 1, 2):
    case("shape", ["method", "unsafe_chunk"], [make_input("x", (2, 6), F64)], ["$x", 3, 1], select=select,
         second=True)


def rnn_inputs(gates, dtype, layers=1, directions=1, bias=True, hidden=3, features=2):
    inputs = [make_input("x", (4, 2, features), dtype), make_input("h", (layers * directions, 2, hidden), dtype)]
    names = []
    for layer in range(layers):
        for direction in range(directions):
            width = features if layer == 0 else hidden * directions
            shapes = [(gates * hidden, width), (gates * hidden, hidden)] + ([(gates * hidden,)] * 2 if bias else [])
            for k, shape in enumerate(shapes):
                name = "p%d%d%d" % (layer, direction, k)
                inputs.append(make_input(name, shape, dtype))
                names.append("$" + name)
    return inputs, names


for name, gates in (("rnn_tanh", 1), ("rnn_relu", 1), ("gru", 3)):
    for layers, directions, bias, batch_first in ((1, 1, True, False), (2, 2, True, False), (1, 1, False, True)):
        inputs, params = rnn_inputs(gates, F64, layers, directions, bias)
        for select in (0, 1):
            case("rnn", ["torch", name], inputs, ["$x", "$h", params, bias, layers, 0.0, False, directions == 2,
                                                  batch_first], select=select, second=layers == 1 and bias)
for layers, directions, batch_first in ((1, 1, False), (2, 2, True)):
    inputs, params = rnn_inputs(4, F64, layers, directions)
    inputs.append(make_input("c", (layers * directions, 2, 3), F64))
    for select in (0, 1, 2):
        case("rnn", ["torch", "lstm"], inputs, ["$x", ["$h", "$c"], params, True, layers, 0.0, False, directions == 2,
                                                batch_first], select=select, second=layers == 1)


if __name__ == "__main__":
    ops.main(OUT, ops.CASES)
