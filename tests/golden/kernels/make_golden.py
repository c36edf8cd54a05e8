"""Record torch's bit patterns for gradcli.kernels: reductions and float element-wise functions over random
shapes, dtypes and memory layouts, for one CPU capability. Run with /work/torchenv/bin/python (torch 2.13):

    /work/torchenv/bin/python tests/golden/kernels/make_golden.py avx512
    ATEN_CPU_CAPABILITY=avx2 ONEDNN_MAX_CPU_ISA=AVX2 /work/torchenv/bin/python tests/golden/kernels/make_golden.py avx2

(the second line is an AVX2 machine as far as torch's kernels and oneDNN's JIT can tell). On a machine of another
MKL path than the first recording's (../mklpath.py: another CPU vendor) only the cases torch hands to MKL are
recorded, into <capability>.mkl-<path>.npz (the others' entries left empty). The first run also
writes the case list (cases.json.gz: op, parameters, shape, dtype, memory layout, thread count; the inputs are
made from it by cases.py); each run writes <capability>.npz: the bytes of torch's results, one after the
other (in full for results of up to LARGE values, their sha256 beyond), and where each case's begin. Read by tests/kernels/test_kernels_golden.py, which needs no torch.
"""

import gzip
import hashlib
import json
import pathlib
import sys

import numpy as np
import torch

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parents[2]))
import mklpath  # noqa: E402
from cases import canonical, case_grad, case_input, case_mat2, needs_mkl  # noqa: E402
from gradcli.kernels import cpu  # noqa: E402  (the MKL path)

LARGE = 250

F = torch.nn.functional
REDUCTIONS = {
    "sum": lambda t, p: t.sum() if p["dims"] is None else t.sum(dim=p["dims"], keepdim=p["keepdim"]),
    "mean": lambda t, p: t.mean() if p["dims"] is None else t.mean(dim=p["dims"], keepdim=p["keepdim"]),
    "prod": lambda t, p: t.prod() if p["dims"] is None else t.prod(dim=p["dims"][0], keepdim=p["keepdim"]),
    "norm": lambda t, p: torch.linalg.vector_norm(t, dim=p["dims"], keepdim=p["keepdim"]),
    "var": lambda t, p: t.var(dim=p["dims"], keepdim=p["keepdim"]),
    "std": lambda t, p: t.std(dim=p["dims"], keepdim=p["keepdim"]),
    "cumsum": lambda t, p: torch.cumsum(t, p["dim"]),
    "softmax": lambda t, p: torch.softmax(t, p["dim"]),
    "log_softmax": lambda t, p: torch.log_softmax(t, p["dim"]),
    "logsumexp": lambda t, p: torch.logsumexp(t, p["dims"], keepdim=p["keepdim"]),
    "norm_p": lambda t, p: torch.linalg.vector_norm(t, p["p"], dim=p["dims"], keepdim=p["keepdim"]),
    "nansum": lambda t, p: t.nansum(dim=p["dims"], keepdim=p["keepdim"]),
    "cumprod": lambda t, p: torch.cumprod(t, p["dim"]),
    "var_mean": lambda t, p: torch.stack(torch.var_mean(t, dim=p["dims"], keepdim=p["keepdim"])),
}
ELEMENTWISE = {
    "sigmoid": lambda t, p: torch.sigmoid(t),
    "silu": lambda t, p: F.silu(t),
    "gelu": lambda t, p: F.gelu(t, approximate=p["approximate"]),
    "softplus": lambda t, p: F.softplus(t, beta=p["beta"], threshold=p["threshold"]),
    "elu": lambda t, p: F.elu(t, alpha=p["alpha"]),
    "expm1": lambda t, p: torch.expm1(t),
    "log1p": lambda t, p: torch.log1p(t),
    "pow": lambda t, p: torch.pow(t, p["exponent"]),
    "rsqrt": lambda t, p: torch.rsqrt(t),
    "sinh": lambda t, p: torch.sinh(t),
    "cosh": lambda t, p: torch.cosh(t),
    "exp2": lambda t, p: torch.exp2(t),
    "asinh": lambda t, p: torch.asinh(t),
    "acosh": lambda t, p: torch.acosh(t),
    "atanh": lambda t, p: torch.atanh(t),
    "vml": lambda t, p: getattr(torch, p["function"])(t),  # float16 only: float32 is MKL's
    "mkl": lambda t, p: getattr(torch, p["function"])(t),  # float32/64: MKL's VML (gradcli: with the mkl extra)
}
BACKWARD = {  # (grad, input) -> gradient of the input, as autograd's backward kernels compute it
    "sigmoid_backward": lambda g, x, p: torch.ops.aten.sigmoid_backward(g, torch.sigmoid(x)),
    "silu_backward": lambda g, x, p: torch.ops.aten.silu_backward(g, x),
    "softplus_backward": lambda g, x, p: torch.ops.aten.softplus_backward(g, x, p["beta"], p["threshold"]),
    "elu_backward": lambda g, x, p: torch.ops.aten.elu_backward(g, p["alpha"], 1, 1, False, x),
    "gelu_tanh_backward": lambda g, x, p: torch.ops.aten.gelu_backward(g, x, approximate="tanh"),
    "gelu_backward": lambda g, x, p: torch.ops.aten.gelu_backward(g, x),  # contiguous float32: oneDNN
    "gelu_erf_backward": lambda g, x, p: torch.ops.aten.gelu_backward(g, x),  # ATen's own kernel
    "softmax_backward": lambda g, x, p: torch.ops.aten._softmax_backward_data(
        g, torch.softmax(x, p["dim"]), p["dim"], x.dtype),
    "log_softmax_backward": lambda g, x, p: torch.ops.aten._log_softmax_backward_data(
        g, torch.log_softmax(x, p["dim"]), p["dim"], x.dtype),
}
PRODUCTS = {  # (input, second operand) -> result
    "bmm": lambda a, b, p: torch.bmm(a, b),
}
DTYPES = {"float32": np.float32, "float64": np.float64, "float16": np.float16}


def shapes(rng, count, large_every):
    for i in range(count):
        ndim = int(rng.integers(1, 4))
        high = 300 if ndim == 1 else (70 if ndim == 2 else 25)
        shape = [int(n) for n in rng.integers(1, high, ndim)]
        if i % large_every == large_every - 1:  # over GRAIN_SIZE: threads split the work
            shape = [int(rng.integers(33000, 90000))] if ndim == 1 else [int(rng.integers(130, 300)), 257]
        yield shape


def view_spec(rng, ndim, index):
    kind = index % 4
    if kind == 1 and ndim > 1:
        return {"transpose": [int(a) for a in rng.permutation(ndim)]}
    if kind == 2:
        return {"step": [int(rng.integers(1, 3)) for _ in range(ndim)]}
    if kind == 3:
        return {"trim": [int(rng.integers(0, 3)) for _ in range(ndim)]}
    return {}


def cases(rng):
    specs = []
    for op in ("sum", "mean", "prod", "norm", "var", "std"):
        for i, shape in enumerate(shapes(rng, 90, 15)):
            dtype = ["float32", "float32", "float64", "float16"][i % 4]
            if op in ("norm", "var", "std") and dtype == "float16":
                dtype = "float32"
            ndim = len(shape)
            choice = i % (ndim + 2)
            dims = None if choice == 0 else ([choice - 1] if choice <= ndim else list(range(min(2, ndim))))
            if op == "prod":
                dims = None if dims is None else dims[:1]
            specs.append({"op": op, "shape": shape, "dtype": dtype, "view": view_spec(rng, ndim, i),
                          "dims": dims, "keepdim": bool(i % 3 == 0), "threads": 1 + (i % 2)})
    for op in ("cumsum", "softmax", "log_softmax"):
        for i, shape in enumerate(shapes(rng, 60, 20)):
            dtype = "float32" if op != "cumsum" else ["float32", "float64", "float16"][i % 3]
            specs.append({"op": op, "shape": shape, "dtype": dtype, "view": view_spec(rng, len(shape), i),
                          "dim": int(rng.integers(0, len(shape))), "threads": 1 + (i % 2)})
    elementwise = [("sigmoid", {}), ("silu", {}), ("gelu", {"approximate": "none"}),
                   ("gelu", {"approximate": "tanh"}), ("softplus", {"beta": 1.0, "threshold": 20.0}),
                   ("softplus", {"beta": 2.0, "threshold": 5.0}), ("elu", {"alpha": 1.0}), ("elu", {"alpha": 0.5}),
                   ("expm1", {}), ("log1p", {}), ("pow", {"exponent": 2.5}), ("pow", {"exponent": -1.3}),
                   ("pow", {"exponent": 3}), ("pow", {"exponent": 4.0}), ("rsqrt", {})]
    elementwise += [("vml", {"function": f}) for f in ("exp", "log", "tanh", "sin", "cos", "erf")]
    for op, params in elementwise:
        for i in range(24):
            n = int(rng.integers(1, 80)) if i < 18 else int(rng.integers(80, 3000))
            shape = [n] if i % 3 else [int(rng.integers(1, 9)), n]
            if i == 23:
                shape = [int(rng.integers(40000, 70000))]
            dtype = "float16" if op == "vml" or i % 4 == 3 else "float32"
            if op == "rsqrt" and dtype == "float16":
                dtype = "float64"
            specs.append(dict(op=op, shape=shape, dtype=dtype, view=view_spec(rng, len(shape), i),
                              threads=1 + (i % 2), **params))
    backward = [("sigmoid_backward", {}), ("silu_backward", {}), ("softplus_backward", {"beta": 1.0, "threshold": 20.0}),
                ("softplus_backward", {"beta": 2.0, "threshold": 5.0}), ("elu_backward", {"alpha": 1.0}),
                ("elu_backward", {"alpha": 0.5}), ("gelu_tanh_backward", {})]
    for op, params in backward:
        for i in range(20):
            n = int(rng.integers(1, 80)) if i < 16 else int(rng.integers(80, 3000))
            shape = [n] if i % 3 else [int(rng.integers(1, 9)), n]
            specs.append(dict(op=op, shape=shape, dtype="float32", view=view_spec(rng, len(shape), i),
                              threads=1 + (i % 2), **params))
    for i in range(20):
        n = int(rng.integers(2, 80)) if i < 16 else int(rng.integers(80, 3000))
        specs.append(dict(op="gelu_backward", shape=[n] if i % 3 else [int(rng.integers(1, 9)), n],
                          dtype="float32", view={}, threads=1 + (i % 2)))
    for op in ("softmax_backward", "log_softmax_backward"):
        for i, shape in enumerate(shapes(rng, 40, 20)):
            specs.append({"op": op, "shape": shape, "dtype": "float32", "view": {},
                          "dim": int(rng.integers(0, len(shape))), "threads": 1 + (i % 2)})
    return specs


MKL_FUNCTIONS = ("exp", "log", "log2", "log10", "sqrt", "sin", "cos", "tan", "asin", "acos", "atan", "tanh", "erf",
                 "erfc", "erfinv")


def mkl_cases(rng):
    """torch's MKL functions (float32 and float64; gradcli needs the mkl extra for them) and logsumexp (MKL's exp
    and log around torch's sum; float16 through SLEEF), their inputs made in their domains."""
    specs = []
    for function in MKL_FUNCTIONS:
        for i in range(20):
            n = int(rng.integers(1, 120)) if i < 16 else int(rng.integers(120, 3000))
            shape = [n] if i % 3 else [int(rng.integers(1, 9)), n]
            if i == 19:
                shape = [int(rng.integers(40000, 70000))]
            kind = {"log": "positive", "log2": "positive", "log10": "positive", "sqrt": "positive",
                    "asin": "unit", "acos": "unit", "erfinv": "unit"}.get(function, "normal")
            specs.append(dict(op="mkl", function=function, shape=shape, dtype=["float32", "float64"][i % 2],
                              view=view_spec(rng, len(shape), i), threads=1 + (i // 2) % 2,
                              scale=float(rng.choice([0.3, 2.0, 8.0])), kind=kind))
    for i, shape in enumerate(shapes(rng, 60, 20)):
        ndim = len(shape)
        choice = i % (ndim + 1)
        dims = list(range(ndim)) if choice == ndim else [choice]
        specs.append(dict(op="logsumexp", shape=shape, dtype=["float32", "float64", "float16"][i % 3],
                          view=view_spec(rng, ndim, i), dims=dims, keepdim=bool(i % 4 == 1), threads=1 + (i % 2),
                          scale=float(rng.choice([0.3, 2.0, 8.0])), kind="normal"))
    return specs


def more_cases(rng):
    """sinh, cosh, exp2 (float32, float16), p-norms other than 2, nansum and cumprod, added after the others."""
    specs = []
    for op in ("sinh", "cosh", "exp2"):
        for i in range(24):
            n = int(rng.integers(1, 80)) if i < 18 else int(rng.integers(80, 3000))
            shape = [n] if i % 3 else [int(rng.integers(1, 9)), n]
            if i == 23:
                shape = [int(rng.integers(40000, 70000))]
            specs.append(dict(op=op, shape=shape, dtype="float16" if i % 4 == 3 else "float32",
                              view=view_spec(rng, len(shape), i), threads=1 + (i % 2),
                              scale=float(rng.choice([0.3, 2.0, 8.0])), kind="normal"))
    for op in ("norm_p", "nansum", "cumprod"):
        for i, shape in enumerate(shapes(rng, 60, 15)):
            ndim = len(shape)
            choice = i % (ndim + 1)
            spec = dict(op=op, shape=shape, view=view_spec(rng, ndim, i), threads=1 + (i % 2),
                        scale=float(rng.choice([0.3, 2.0])), kind="near_one" if op == "cumprod" else "normal")
            if op == "cumprod":
                spec.update(dtype=["float32", "float64", "float16"][i % 3], dim=int(rng.integers(0, ndim)))
            else:
                spec.update(dims=list(range(ndim)) if choice == ndim else [choice], keepdim=bool(i % 4 == 1),
                            dtype=["float32", "float64"][i % 2])
            if op == "norm_p":
                spec["p"] = [1.0, 3.0, 0.5, 1.5][i % 4]
            specs.append(spec)
    return specs


def inverse_hyperbolic_cases(rng):
    """asinh, acosh, atanh in float32, float64 and float16 over their ranges, with infinities, NaNs, zeros and
    +-1 among the values."""
    specs = []
    for op, kind in (("asinh", "wide"), ("acosh", "above_one"), ("atanh", "unit")):
        for i in range(24):
            n = int(rng.integers(1, 80)) if i < 18 else int(rng.integers(80, 3000))
            shape = [n] if i % 3 else [int(rng.integers(1, 9)), n]
            if i == 23:
                shape = [int(rng.integers(40000, 70000))]
            specs.append(dict(op=op, shape=shape, dtype=["float32", "float64", "float32", "float16"][i % 4],
                              view=view_spec(rng, len(shape), i), threads=1 + (i % 2), specials=True,
                              scale=float(rng.choice([0.3, 1.0, 2.0])) if kind == "unit" else 1.0, kind=kind))
    return specs


def half_cases(rng):
    """float16 norms, var/std, nansum, softmax and log_softmax (torch computes them in float or double and rounds
    to float16 its own way), added after the others."""
    specs = []
    for op in ("norm", "norm_p", "var", "std", "nansum", "softmax", "log_softmax"):
        for i, shape in enumerate(shapes(rng, 40, 13)):
            ndim = len(shape)
            choice = i % (ndim + 2)
            spec = dict(op=op, shape=shape, dtype="float16", view=view_spec(rng, ndim, i), threads=1 + (i % 2),
                        scale=float(rng.choice([0.3, 2.0, 8.0])), kind="normal")
            if op in ("softmax", "log_softmax"):
                spec["dim"] = int(rng.integers(0, ndim))
            else:
                dims = None if choice == 0 else ([choice - 1] if choice <= ndim else list(range(min(2, ndim))))
                if op in ("norm_p", "nansum") and dims is None:
                    dims = list(range(ndim))
                spec.update(dims=dims, keepdim=bool(i % 3 == 0))
            if op == "norm_p":
                spec["p"] = [1.0, 3.0, 0.5, 1.5][i % 4]
            specs.append(spec)
    return specs


def product_cases(rng):
    """bmm: items of fewer than 400 multiply-adds (ATen's own loops; float16 too) in any layout, larger ones (MKL's
    batched gemm; gradcli needs the mkl extra for them) with items laid out by rows or by columns."""
    specs = []
    layouts = [{}, {"transpose": [0, 2, 1]}, {"trim": [0, 2, 1]}, {"step": [1, 2, 2]}, {"transpose": [1, 2, 0]}]
    for i in range(160):
        small = i % 2 == 0
        while True:
            batch, n, k, m = (int(v) for v in rng.integers(1, [7, 12, 30, 12] if small else [7, 45, 45, 45]))
            if (n * k * m < 400) == small:
                break
        dtype = ["float32", "float64", "float16"][i % 3] if small else ["float32", "float64"][i % 2]
        choices = layouts if small else layouts[:3]
        specs.append(dict(op="bmm", shape=[batch, n, k], m=m, dtype=dtype, threads=1 + (i // 2) % 2,
                          view=choices[int(rng.integers(0, len(choices)))],
                          view2=choices[int(rng.integers(0, len(choices)))],
                          scale=float(rng.choice([0.3, 2.0])), kind="normal"))
    return specs


def float64_activation_cases(rng):
    """The activations, expm1, log1p, softmax and log_softmax in float64 (SLEEF's double functions), forward and
    backward, and GELU-erf's backward where ATen's own kernel runs it (float64; float32 strided)."""
    specs = []
    forward = [("sigmoid", {}), ("silu", {}), ("gelu", {"approximate": "none"}), ("gelu", {"approximate": "tanh"}),
               ("softplus", {"beta": 1.0, "threshold": 20.0}), ("softplus", {"beta": 2.0, "threshold": 5.0}),
               ("elu", {"alpha": 1.0}), ("elu", {"alpha": 0.5}), ("expm1", {}), ("log1p", {})]
    backward = [("sigmoid_backward", {}), ("silu_backward", {}), ("softplus_backward", {"beta": 1.0, "threshold": 20.0}),
                ("softplus_backward", {"beta": 2.0, "threshold": 5.0}), ("elu_backward", {"alpha": 1.0}),
                ("elu_backward", {"alpha": 0.5}), ("gelu_tanh_backward", {}), ("gelu_erf_backward", {})]
    for op, params in forward + backward:
        for i in range(16):
            n = int(rng.integers(1, 80)) if i < 12 else int(rng.integers(80, 3000))
            shape = [n] if i % 3 else [int(rng.integers(1, 9)), n]
            if i == 15:
                shape = [int(rng.integers(17000, 40000))]  # (GELU splits more than 16,384 elements between threads)
            view = view_spec(rng, len(shape), i)
            dtype = "float64"
            if op == "gelu_erf_backward" and i % 4 == 3:  # float32 where oneDNN does not take it: strided
                dtype, view = "float32", {"step": [1] * (len(shape) - 1) + [2]}
            specs.append(dict(op=op, shape=shape, dtype=dtype, view=view, threads=1 + (i % 2), specials=i % 2 == 1,
                              scale=float(rng.choice([0.3, 2.0, 8.0])), kind="wide" if op == "log1p" else "normal",
                              **params))
    for op in ("softmax", "log_softmax", "softmax_backward", "log_softmax_backward"):
        for i, shape in enumerate(shapes(rng, 30, 10)):
            specs.append({"op": op, "shape": shape, "dtype": "float64", "view": {} if "backward" in op else
                          view_spec(rng, len(shape), i), "dim": int(rng.integers(0, len(shape))),
                          "threads": 1 + (i % 2), "scale": float(rng.choice([0.3, 2.0, 8.0])), "kind": "normal"})
    return specs


def more_float64_and_edge_cases(rng):
    """float64 sinh, cosh, exp2 and pow; and float32 layouts that take other code paths: softmax over a dim followed
    by dims of size 1 (torch's other-dims kernel), GELU over 16,384 to 32,768 elements with two threads (split
    evenly), ELU's backward of NaNs and infinities."""
    specs = []
    for op in ("sinh", "cosh", "exp2"):
        for i in range(12):
            n = int(rng.integers(1, 80)) if i < 9 else int(rng.integers(80, 3000))
            shape = [n] if i % 3 else [int(rng.integers(1, 9)), n]
            if i == 11:
                shape = [int(rng.integers(40000, 70000))]
            specs.append(dict(op=op, shape=shape, dtype="float64", view=view_spec(rng, len(shape), i),
                              threads=1 + (i % 2), specials=i % 2 == 1, scale=float(rng.choice([2.0, 30.0, 200.0])),
                              kind="normal"))
    for exponent in (2.5, -1.3, 3, 0.7):
        for i in range(6):
            n = int(rng.integers(1, 80)) if i < 5 else int(rng.integers(80, 3000))
            specs.append(dict(op="pow", exponent=exponent, shape=[n] if i % 3 else [int(rng.integers(1, 9)), n],
                              dtype="float64", view=view_spec(rng, 1 if i % 3 else 2, i), threads=1 + (i % 2),
                              specials=i % 2 == 1, scale=2.0, kind="normal" if exponent == 3 else "positive"))
    for op in ("softmax", "log_softmax", "softmax_backward", "log_softmax_backward"):
        for i in range(8):
            shape = [int(n) for n in rng.integers(1, 40, int(rng.integers(1, 3)))] + [1] * int(rng.integers(1, 3))
            specs.append({"op": op, "shape": shape, "dtype": ["float32", "float64"][i % 2], "view": {},
                          "dim": int(rng.integers(0, len(shape))), "threads": 1 + (i // 2) % 2, "scale": 2.0,
                          "kind": "normal"})
    for approximate in ("tanh", "none"):
        for i in range(4):
            specs.append(dict(op="gelu", approximate=approximate, shape=[int(rng.integers(16385, 32768))],
                              dtype="float32", view={} if approximate == "tanh" else {"step": [2]}, threads=2,
                              scale=2.0, kind="normal"))
    for i in range(8):
        n = int(rng.integers(1, 300))
        specs.append(dict(op="elu_backward", alpha=[1.0, 0.5][i % 2], shape=[n] if i % 3 else [3, n],
                          dtype="float32", view=view_spec(rng, 1 if i % 3 else 2, i), threads=1, specials=True,
                          scale=2.0, kind="normal"))
    return specs


def half_backward_cases(rng):
    """The activations' backward kernels for float16: computed in float, rounded once (sigmoid's in float16 steps),
    with float16's vector width."""
    specs = []
    backward = [("sigmoid_backward", {}), ("silu_backward", {}), ("softplus_backward", {"beta": 1.0, "threshold": 20.0}),
                ("elu_backward", {"alpha": 0.5}), ("gelu_tanh_backward", {}), ("gelu_erf_backward", {})]
    for op, params in backward:
        for i in range(8):
            n = int(rng.integers(1, 150)) if i < 6 else int(rng.integers(150, 3000))
            shape = [n] if i % 3 else [int(rng.integers(1, 9)), n]
            if i == 7:
                shape = [int(rng.integers(33000, 60000))]
            specs.append(dict(op=op, shape=shape, dtype="float16", view=view_spec(rng, len(shape), i),
                              threads=1 + (i % 2), specials=i % 2 == 1, scale=float(rng.choice([0.3, 2.0, 6.0])),
                              kind="normal", **params))
    return specs


def moment_cases(rng):
    """var_mean (Welford in double even over everything, the mean its running mean) in three dtypes."""
    specs = []
    for i, shape in enumerate(shapes(rng, 60, 10)):
        ndim = len(shape)
        choice = i % (ndim + 2)
        specs.append(dict(op="var_mean", shape=shape, dtype=["float32", "float64", "float16"][i % 3],
                          view=view_spec(rng, ndim, i), threads=1 + (i % 2), scale=float(rng.choice([0.3, 2.0, 8.0])),
                          kind="normal", keepdim=bool(i % 3 == 0),
                          dims=None if choice == 0 else ([choice - 1] if choice <= ndim else list(range(min(2, ndim))))))
    return specs


def input_kind(spec, rng):
    """How the case's input values are made (cases.values)."""
    spec["scale"] = float(rng.choice([0.3, 2.0, 8.0]))
    spec["kind"] = "normal"
    if spec["op"] == "prod":
        spec["kind"] = "near_one"
    if spec["op"] == "rsqrt" or (spec["op"] == "vml" and spec["function"] == "log") or (
            spec["op"] == "pow" and spec["exponent"] not in (3, 4.0)):
        spec["kind"] = "positive"


def record(capability):
    if capability == "avx512" and cpu.mkl_path() == mklpath.RECORDED:
        rng = np.random.default_rng(20261201)
        specs = cases(rng)
        for spec in specs:
            input_kind(spec, rng)
        specs += mkl_cases(np.random.default_rng(20261202))  # (after the others: their inputs stay as they were)
        specs += more_cases(np.random.default_rng(20261203))
        specs += inverse_hyperbolic_cases(np.random.default_rng(20261204))
        specs += half_cases(np.random.default_rng(20261205))
        specs += product_cases(np.random.default_rng(20261206))
        specs += float64_activation_cases(np.random.default_rng(20261207))
        specs += more_float64_and_edge_cases(np.random.default_rng(20261208))
        specs += half_backward_cases(np.random.default_rng(20261209))
        specs += moment_cases(np.random.default_rng(20261210))
        with gzip.open(HERE / "cases.json.gz", "wt", encoding="utf-8", compresslevel=9) as f:
            json.dump(specs, f, separators=(",", ":"))
    with gzip.open(HERE / "cases.json.gz", "rt", encoding="utf-8") as f:
        specs = json.load(f)
    assert torch.backends.cpu.get_cpu_capability().lower() == capability, torch.backends.cpu.get_cpu_capability()
    path = cpu.mkl_path()
    target = mklpath.golden_for(HERE / f"{capability}.npz", path)
    blobs, stored, hashed = [], 0, 0
    for i, spec in enumerate(specs):
        if path != mklpath.RECORDED and not needs_mkl(spec):
            blobs.append(b"")
            continue
        torch.set_num_threads(spec["threads"])
        x = torch.from_numpy(case_input(i, spec))
        if spec["op"] in BACKWARD:
            y = canonical(BACKWARD[spec["op"]](torch.from_numpy(case_grad(i, spec)), x, spec).numpy())
        elif spec["op"] in PRODUCTS:
            y = canonical(PRODUCTS[spec["op"]](x, torch.from_numpy(case_mat2(i, spec)), spec).numpy())
        else:
            y = canonical((REDUCTIONS.get(spec["op"]) or ELEMENTWISE[spec["op"]])(x, spec).numpy())
        if y.size > LARGE:
            blobs.append(hashlib.sha256(y.tobytes()).digest())
            hashed += 1
        else:
            blobs.append(y.tobytes())
            stored += y.size
    offsets = np.cumsum([0] + [len(b) for b in blobs])
    np.savez_compressed(target, torch=np.array(torch.__version__), mkl_path=np.array(path), offsets=offsets,
                        data=np.frombuffer(b"".join(blobs), np.uint8))
    print(f"{target.name}: {len(specs)} cases, {stored} values stored in full, {hashed} larger results by sha256")


if __name__ == "__main__":
    record(sys.argv[1])
