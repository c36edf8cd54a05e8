"""Record torch's answers for rows added to the op table one at a time (docs/architecture.md, "Adding an op, end
to end"): each new row's cases go here, in the record format of make_golden.py, whose machinery it uses. Recorded
on an AMD EPYC (torch.backends.cpu.get_cpu_capability() == "AVX2"):

    /work/torchenv/bin/python tests/golden/ops/make_golden_rows.py
"""

import pathlib

import numpy as np

import make_golden as base
from make_golden import F16, F32, F64, I64, case, make_input, t

base.CASES.clear()  # importing make_golden made its own cases: this file records only these
base.rng = np.random.default_rng(20261202)
OUT = pathlib.Path(__file__).with_name("golden_rows.json.gz")

# ---------------------------------------------------------------- logaddexp (torch's LogaddexpBackward0)
for dtype in (F32, F64):
    case("binary", ["torch", "logaddexp"], [make_input("a", (2, 3), dtype), make_input("b", (2, 3), dtype)],
         [t("a"), t("b")], second=True)
    case("binary", ["method", "logaddexp"], [make_input("a", (2, 3), dtype), make_input("b", (3,), dtype)],
         [t("a"), t("b")], second=True)
    case("edge", ["torch", "logaddexp"],
         [{"name": "a", "shape": [5], "dtype": dtype, "requires_grad": True,
           "values": [0.0, -1.0, float("inf"), float("-inf"), 30.0]},
          {"name": "b", "shape": [5], "dtype": dtype, "requires_grad": True,
           "values": [0.0, -1.0, float("inf"), float("-inf"), -30.0]}], [t("a"), t("b")])
case("binary", ["torch", "logaddexp"], [make_input("a", (4,), F16), make_input("b", (4,), F16)], [t("a"), t("b")])
case("binary", ["torch", "logaddexp"], [make_input("a", (3,), I64), make_input("b", (3,), F32)], [t("a"), t("b")])

# ---------------------------------------------------------------- cummax, cummin (CummaxBackward0, CumminBackward0)
for name in ("cummax", "cummin"):
    for dtype in (F32, F64):
        for shape, dim in (((2, 5), 1), ((4, 3), 0), ((3,), -1), ((), 0)):
            for sel in ("values", "indices"):
                case("cumulative", ["torch", name], [make_input("a", shape, dtype, "grid")], [t("a"), dim],
                     select=sel, second=sel == "values")
    case("cumulative", ["method", name], [make_input("a", (3, 4), I64)], [t("a"), 1], select="indices")
    case("edge", ["torch", name], [{"name": "a", "shape": [6], "dtype": F32, "requires_grad": True,
                                    "values": [1.0, float("nan"), 3.0, float("nan"), 2.0, 5.0]}], [t("a"), 0],
         select="values")


if __name__ == "__main__":
    import torch
    print("capability:", torch.backends.cpu.get_cpu_capability())
    base.main(OUT, base.CASES)
