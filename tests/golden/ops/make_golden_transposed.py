"""Record torch's answers for the transposed convolutions F.conv_transpose1d and conv_transpose2d (issue 27):
stride, padding, output_padding, groups, dilation, bias, odd sizes, unbatched input; values, grad_fn and
next_functions names, gradients for input, weight and bias, create_graph names, second derivatives (float64),
and torch's errors for wrong shapes and arguments. Same record format as make_golden.py, whose machinery it uses.
Recorded with torch 2.13 on an AVX2 CPU (torch.backends.cpu.get_cpu_capability()):

    /work/torchenv/bin/python tests/golden/ops/make_golden_transposed.py
"""

import pathlib

import numpy as np

import make_golden as ops

ops.CASES.clear()  # importing make_golden made its own cases: this file records only these
ops.rng = np.random.default_rng(20261202)
OUT = pathlib.Path(__file__).with_name("golden_transposed.json.gz")
case, make_input = ops.case, ops.make_input
F32, F64 = ops.F32, ops.F64

TRANSPOSED_2D = [  # (input shape, weight shape, bias, keywords)
    ((2, 3, 4, 5), (3, 2, 3, 3), True, {}),
    ((1, 2, 5, 4), (2, 3, 3, 2), True, {"stride": 2}),
    ((1, 2, 5, 5), (2, 3, 3, 3), True, {"stride": 2, "padding": 1, "output_padding": 1}),
    ((2, 4, 3, 3), (4, 1, 2, 3), True, {"groups": 2}),
    ((1, 4, 4, 3), (4, 3, 3, 3), False, {"groups": 4, "stride": (2, 1), "padding": (0, 1)}),
    ((1, 2, 3, 4), (2, 2, 3, 3), True, {"dilation": 2}),
    ((1, 2, 4, 4), (2, 2, 2, 2), True, {"stride": 1, "dilation": 2, "output_padding": 1}),
    ((1, 3, 7, 5), (3, 2, 4, 3), True, {"stride": (3, 2), "padding": (1, 2), "output_padding": (2, 1)}),
    ((3, 5, 4), (3, 2, 3, 3), True, {"stride": 2}),
    ((1, 1, 1, 1), (1, 1, 1, 1), True, {}),
    ((2, 6, 3, 2), (6, 2, 1, 2), False, {"groups": 3, "stride": 3, "dilation": (1, 2)}),
    ((1, 2, 6, 6), (2, 4, 4, 4), True, {"stride": 2, "padding": 1}),
]
TRANSPOSED_1D = [
    ((2, 3, 7), (3, 4, 3), True, {}),
    ((1, 2, 5), (2, 3, 4), True, {"stride": 3, "padding": 2, "output_padding": 1}),
    ((2, 4, 6), (4, 1, 3), False, {"groups": 2, "dilation": 3}),
    ((3, 5), (3, 2, 2), True, {"stride": 2}),
    ((1, 4, 4), (4, 2, 5), True, {"groups": 2, "padding": 1, "stride": 2, "output_padding": 1}),
]
for dtype in (F32, F64):
    for name, table in (("conv_transpose2d", TRANSPOSED_2D), ("conv_transpose1d", TRANSPOSED_1D)):
        for i, (xs, ws, bias, kw) in enumerate(table):
            inputs = [make_input("x", xs, dtype), make_input("w", ws, dtype)]
            args = ["$x", "$w"]
            if bias:
                groups = kw.get("groups", 1)
                inputs.append(make_input("b", (ws[1] * groups,), dtype))
                args.append("$b")
            case("conv", ["F", name], inputs, args, kw, second=dtype == F64 and i < 4, graph=i == 0)

# torch's errors, in torch's words
ERRORS = [
    ((1, 3, 4, 4), (4, 2, 3, 3), None, {}),                               # input channels
    ((1, 4, 4, 4), (4, 2, 3, 3), (3,), {}),                               # bias size
    ((4, 4), (4, 2, 3, 3), None, {}),                                     # input dimensions
    ((1, 4, 4, 4), (4, 2, 3, 3), None, {"stride": 2, "output_padding": 2}),
    ((1, 4, 4, 4), (4, 2, 3, 3), None, {"padding": 5}),                   # output too small
    ((1, 4, 4, 4), (4, 2, 3, 3), None, {"groups": 3}),
    ((1, 4, 4, 4), (4, 2, 3, 3), None, {"groups": 8}),
    ((1, 4, 4, 4), (4, 2, 3, 3), None, {"stride": 0}),
    ((1, 4, 4, 4), (4, 2, 3, 3), None, {"padding": -1}),
    ((1, 4, 4, 4), (4, 2, 3, 3), None, {"output_padding": -1}),
    ((1, 4, 4, 4), (4, 2, 3, 3), None, {"dilation": 0}),
    ((1, 4, 4, 4), (4, 2, 3, 3), None, {"padding": (1, 2, 3)}),
    ((1, 3, 4, 4), (4, 2, 3, 3), None, {"stride": 2, "output_padding": 2}),  # channels before output_padding
]
for xs, ws, bs, kw in ERRORS:
    inputs = [make_input("x", xs, F32), make_input("w", ws, F32)]
    args = ["$x", "$w"]
    if bs:
        inputs.append(make_input("b", bs, F32))
        args.append("$b")
    case("error", ["F", "conv_transpose2d"], inputs, args, kw)
for xs, ws, kw in (((1, 4, 4), (4, 2, 3), {"stride": 2, "output_padding": 2}), ((1, 4, 4), (4, 2, 3), {"padding": 5}),
                   ((1, 4, 4), (4, 2, 3, 3), {}), ((1, 4, 4), (4, 2, 3), {"stride": (2, 2)})):
    case("error", ["F", "conv_transpose1d"], [make_input("x", xs, F32), make_input("w", ws, F32)], ["$x", "$w"], kw)
case("error", ["F", "conv_transpose2d"], [make_input("x", (1, 4, 4, 4), F32), make_input("w", (4, 2, 3, 3), F64)],
     ["$x", "$w"])
case("error", ["F", "conv_transpose1d"], [make_input("x", (1, 4, 4), F64), make_input("w", (4, 2, 3), F32)],
     ["$x", "$w"])
case("error", ["F", "conv_transpose2d"], [make_input("x", (1, 4, 4, 4), F32), make_input("w", (4, 2, 3, 3), F32)],
     ["$x", "$w"], {"padding": "same"})


if __name__ == "__main__":
    ops.main(OUT, ops.CASES)
