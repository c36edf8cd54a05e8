"""Small tensors: every elementwise op and reduction of gradcli's op table called on a 3x4 tensor, against numpy's
own call for the same operation; and the float64 activations against numpy's formula for them.

    python bench/small.py [--repeats N]

Runs in this process from the source tree next to this file; prints one JSON line: {"ops": [...], "activations":
[...], "unmeasured": [...]}, each measured case {"name", "gradcli", "numpy"} in seconds a call (the least of
`repeats` timings of a loop of calls, gradcli's and numpy's taken in turn, so that the machine's load, which
only ever adds time, enters both alike). The elementwise cases are the table's own: every elementwise row with a
torch.<name> front door, against the row's numpy ufunc (or numpy's function of that name); the operators and the
reductions, whose front doors are written by hand, are listed below.
"""

import json
import os
import pathlib
import sys
import time
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure  # noqa: E402

measure.one_thread()  # before numpy loads its BLAS

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

# torch's names that numpy spells otherwise
NUMPY_NAMES = {"asin": "arcsin", "acos": "arccos", "atan": "arctan", "asinh": "arcsinh", "acosh": "arccosh",
               "atanh": "arctanh", "atan2": "arctan2", "sgn": "sign", "eq": "equal", "ne": "not_equal",
               "lt": "less", "le": "less_equal", "gt": "greater", "ge": "greater_equal", "mul": "multiply"}

# (name, gradcli's call of t [and u], numpy's call of x [and y]): the operators and the hand-written front doors
OPERATORS = [
    ("t + u", lambda t, u: t + u, lambda x, y: x + y),
    ("t - u", lambda t, u: t - u, lambda x, y: x - y),
    ("t / u", lambda t, u: t / u, lambda x, y: x / y),
    ("t + 2", lambda t, u: t + 2, lambda x, y: x + np.float32(2)),
    ("t * 2", lambda t, u: t * 2, lambda x, y: x * np.float32(2)),
    ("2 - t", lambda t, u: 2 - t, lambda x, y: np.float32(2) - x),
    ("t ** 2", lambda t, u: t ** 2, lambda x, y: x ** 2),
    ("-t", lambda t, u: -t, lambda x, y: -x),
    ("t.clamp(0.2, 0.8)", lambda t, u: t.clamp(0.2, 0.8), lambda x, y: np.clip(x, np.float32(0.2), np.float32(0.8))),
    ("t.round()", lambda t, u: t.round(), lambda x, y: np.round(x)),
    ("t.fmod(u)", lambda t, u: t.fmod(u), lambda x, y: np.fmod(x, y)),
]
REDUCTIONS = [
    ("t.sum()", lambda t: t.sum(), lambda x: x.sum()),
    ("t.sum(dim=0)", lambda t: t.sum(dim=0), lambda x: x.sum(axis=0)),
    ("t.mean()", lambda t: t.mean(), lambda x: x.mean()),
    ("t.mean(dim=1)", lambda t: t.mean(dim=1), lambda x: x.mean(axis=1)),
    ("t.prod()", lambda t: t.prod(), lambda x: x.prod()),
    ("t.norm()", lambda t: t.norm(), lambda x: np.linalg.norm(x)),
    ("t.var()", lambda t: t.var(), lambda x: x.var(ddof=1)),
    ("t.std()", lambda t: t.std(), lambda x: x.std(ddof=1)),
    ("t.max()", lambda t: t.max(), lambda x: x.max()),
    ("t.min()", lambda t: t.min(), lambda x: x.min()),
    ("t.amax(dim=1)", lambda t: t.amax(dim=1), lambda x: x.max(axis=1)),
    ("t.max(dim=1)", lambda t: t.max(dim=1), lambda x: (x.max(axis=1), x.argmax(axis=1))),
    ("t.argmax()", lambda t: t.argmax(), lambda x: x.argmax()),
    ("t.logsumexp(dim=1)", lambda t: t.logsumexp(dim=1), lambda x: np.logaddexp.reduce(x, axis=1)),
    ("t.cumsum(dim=1)", lambda t: t.cumsum(dim=1), lambda x: x.cumsum(axis=1)),
    ("t.cumprod(dim=1)", lambda t: t.cumprod(dim=1), lambda x: x.cumprod(axis=1)),
    ("t.all()", lambda t: t.all(), lambda x: x.all()),
    ("t.any()", lambda t: t.any(), lambda x: x.any()),
    ("t.median()", lambda t: t.median(), lambda x: np.median(x)),
]


def _softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


# (torch.nn.functional name, numpy's formula): float64 activations; GELU's formula is the tanh form (numpy has no erf)
ACTIVATIONS = [
    ("sigmoid", lambda x: 1 / (1 + np.exp(-x))),
    ("tanh", np.tanh),
    ("relu", lambda x: np.maximum(x, 0)),
    ("softmax", _softmax),
    ("log_softmax", lambda x: x - x.max(-1, keepdims=True) - np.log(np.exp(x - x.max(-1, keepdims=True)).sum(-1, keepdims=True))),
    ("gelu", lambda x: 0.5 * x * (1 + np.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))),
    ("silu", lambda x: x / (1 + np.exp(-x))),
    ("softplus", lambda x: np.log1p(np.exp(x))),
    ("elu", lambda x: np.where(x > 0, x, np.expm1(x))),
    ("leaky_relu", lambda x: np.where(x > 0, x, 0.01 * x)),
]
_DIM_LAST = {"softmax", "log_softmax"}  # (torch's functional softmax wants its dim)


def elementwise_rows():
    """(name, arity, gradcli's front door, numpy's call or None) for every elementwise row with torch.<name>."""
    from gradcli.ops import FUNCTIONS, ROWS
    for row in ROWS:
        if row.elementwise and row.functions:
            name = row.functions[0]
            call = row.forward if isinstance(row.forward, np.ufunc) else getattr(np, NUMPY_NAMES.get(name, name), None)
            yield name, len(row.inputs), FUNCTIONS[name], call


def per_call(fn, args, calls):
    start = time.perf_counter()
    for _ in range(calls):
        fn(*args)
    return (time.perf_counter() - start) / calls


def compare(name, ours, ours_args, theirs, their_args, repeats, calls=200):
    """{"name", "gradcli", "numpy"}: each the least per-call time over `repeats`, the two taken in turn."""
    ours(*ours_args), theirs(*their_args)  # (first-call costs)
    best = [float("inf"), float("inf")]
    for _ in range(repeats):
        best[0] = min(best[0], per_call(ours, ours_args, calls))
        best[1] = min(best[1], per_call(theirs, their_args, calls))
    return {"name": name, "gradcli": best[0], "numpy": best[1]}


def main(argv):
    repeats = int(argv[argv.index("--repeats") + 1]) if "--repeats" in argv else 7
    warnings.simplefilter("ignore")
    np.seterr(all="ignore")  # (acosh of 0.5 and the like: a nan costs the same as a number)
    from gradcli.core.tensor import Tensor
    from gradcli.ops import FUNCTIONAL
    rng = np.random.default_rng(0)
    floats = [rng.uniform(0.1, 0.9, (3, 4)).astype(np.float32) for _ in range(2)]
    integers = [rng.integers(0, 8, (3, 4)) for _ in range(2)]
    ops, unmeasured = [], []
    cases = [(name, arity, door, call) for name, arity, door, call in elementwise_rows()]
    cases += [(name, 2, ours, theirs) for name, ours, theirs in OPERATORS]
    cases += [(name, 1, ours, theirs) for name, ours, theirs in REDUCTIONS]
    for name, arity, ours, theirs in cases:
        if theirs is None:
            unmeasured.append({"name": name, "why": "no numpy call of that name"})
            continue
        for arrays in (floats, integers):  # (the bitwise ops take integers only)
            try:
                ours(*[Tensor(a) for a in arrays[:arity]])
                theirs(*arrays[:arity])
            except Exception as error:  # noqa: BLE001 (a case that cannot run is reported, not fatal)
                why = "%s: %s" % (type(error).__name__, str(error).splitlines()[0] if str(error) else "")
                continue
            ops.append(compare(name, ours, [Tensor(a) for a in arrays[:arity]], theirs, arrays[:arity], repeats))
            break
        else:
            unmeasured.append({"name": name, "why": why})
    x = rng.uniform(-2, 2, (3, 4))
    activations = []
    for name, formula in ACTIVATIONS:
        if name not in FUNCTIONAL:
            unmeasured.append({"name": "F." + name, "why": "not in gradcli's torch.nn.functional"})
            continue
        door = FUNCTIONAL[name]
        args = (Tensor(x), -1) if name in _DIM_LAST else (Tensor(x),)
        activations.append(compare("F." + name, door, args, formula, (x,), repeats))
    print(json.dumps({"ops": ops, "activations": activations, "unmeasured": unmeasured}))


if __name__ == "__main__":
    main(sys.argv[1:])
