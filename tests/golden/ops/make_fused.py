"""Record torch's bit patterns for kernels whose compiled loop fuses a multiply-add (one rounding where numpy
rounds twice): run with /work/torchenv/bin/python (torch 2.13).

    /work/torchenv/bin/python tests/golden/ops/make_fused.py

Writes tests/golden/ops/fused.json.gz: for each dtype, inputs y (tanh outputs, including values near +-1 and tiny
ones), upstream gradients g and torch's tanh_backward(g, y); operands a, b, c and torch's addcmul(a, b, c,
value), addcdiv(a, b, c, value), add(a, b, alpha), sub(a, b, alpha) and lerp(a, b, weight) for a few values,
alphas and weights (the optimizers' arithmetic); sqrt_x and torch's sqrt of it (Intel MKL's, for float32/64).
Read by tests/ops/test_ops_fused.py, which needs no torch. On a machine of another MKL path than the first
recording's (../mklpath.py) it writes only the MKL results (float32/64 sqrt) into fused.json.mkl-<path>.gz.
"""

import gzip
import json
import pathlib
import sys

import numpy as np
import torch

HERE = pathlib.Path(__file__).parent
sys.path[:0] = [str(HERE.parent), str(HERE.parents[2])]
import mklpath  # noqa: E402
from gradcli.kernels import cpu  # noqa: E402  (the MKL path)

OUT = HERE / "fused.json.gz"
MKL_KEYS = ("sqrt",)  # torch's float32/64 roots are MKL's VML
rng = np.random.default_rng(20261129)
torch.set_num_threads(1)


def record(dtype):
    y = np.concatenate([rng.uniform(-1, 1, 600), 1 - rng.uniform(0, 1e-3, 100), rng.uniform(-1e-3, 1e-3, 100),
                        rng.uniform(-0.2, 0.2, 200)])
    torch_dtype = getattr(torch, dtype)
    y_t = torch.tensor(y, dtype=torch_dtype)
    g_t = torch.tensor(rng.standard_normal(len(y)), dtype=torch_dtype)
    as_list = lambda t: t.detach().double().tolist()  # every float16/32/64 value is exact as a Python float
    a, b, c = (torch.tensor(rng.standard_normal(400), dtype=torch_dtype) for _ in range(3))
    return {"y": as_list(y_t), "g": as_list(g_t), "tanh_backward": as_list(torch.ops.aten.tanh_backward(g_t, y_t)),
            "a": as_list(a), "b": as_list(b), "c": as_list(c),
            "addcmul": {str(v): as_list(torch.addcmul(a, b, c, value=v)) for v in VALUES},
            "lerp": {str(w): as_list(torch.lerp(a, b, w)) for w in WEIGHTS},
            "addcdiv": {str(v): as_list(torch.addcdiv(a, b, c, value=v)) for v in VALUES},
            "add": {str(v): as_list(torch.add(a, b, alpha=v)) for v in ALPHAS},
            "sub": {str(v): as_list(torch.sub(a, b, alpha=v)) for v in ALPHAS},
            "sqrt_x": as_list(a.abs() * 3), "sqrt": as_list((a.abs() * 3).sqrt())}


VALUES = (1, 0.3, -2.5)
WEIGHTS = (0.3, 0.7, -0.2, 1.5, 0.5)
ALPHAS = (0.3, -0.1, 0.9, 2)


if __name__ == "__main__":
    data = {"torch": torch.__version__, "cases": {dtype: record(dtype) for dtype in ("float32", "float64", "float16")}}
    OUT = mklpath.golden_for(OUT, cpu.mkl_path())
    if cpu.mkl_path() != mklpath.RECORDED:
        data = {"torch": torch.__version__, "mkl_path": cpu.mkl_path(),
                "cases": {dtype: {key: data["cases"][dtype][key] for key in MKL_KEYS} for dtype in ("float32", "float64")}}
    with gzip.open(OUT, "wt", encoding="utf-8", compresslevel=9) as f:
        json.dump(data, f)
    print("wrote", OUT, OUT.stat().st_size, "bytes")
