"""Record torch's derivatives of every row `gradcli diff` differentiates at its boundary points: 0 (both signs of
its neighbours), negative numbers, the edges of domains (+-1), equal arguments (ties of maximum, clamp's bounds,
max's ties), +-inf. Run with the Python that has torch:

    /work/torchenv/bin/python tests/golden/symbolic/make_boundaries.py

boundaries.json: for each case, the expression (gradcli's math spelling, which torch reads with ^ as **), its
points and, per input, torch's autograd.grad of the sum in float64 (nan and +-inf written as strings).
tests/symbolic/test_boundaries.py checks gradcli's autograd, its symbolic formula and the rows' formula texts
against it, and that every row diff records has a case here.
"""

import json
import math
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
INF = math.inf

# elementwise cases hold all their points at once, one element each (an element's gradient is its own)
X = [0.0, -1.5, 1.5, 1.0, -1.0, 0.5, -0.5, 2.0, INF, -INF]
PAIRS = [(0.0, 0.0), (0.0, 1.5), (1.5, 0.0), (0.0, -1.0), (-1.5, 2.0), (2.0, 2.0), (-1.5, -1.5), (2.0, -0.5),
         (INF, 1.0), (1.0, INF), (-INF, 1.0), (INF, INF)]
XY = {"x": [p[0] for p in PAIRS], "y": [p[1] for p in PAIRS]}
# reductions: one point a vector, ties among them
VECTORS = [[0.0, 0.0, 0.0], [1.0, 1.0, -1.0], [-1.5, 2.0, 2.0], [INF, 1.0, 2.0], [-INF, 1.0, 2.0], [0.5, -2.0, 1.0]]
MATRICES = [[[0.0, 0.0, 1.0], [1.0, 1.0, -INF]], [[2.0, -1.0, 2.0], [0.0, INF, 3.0]]]

UNARY = ["abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "digamma", "erf", "erfc",
         "erfinv", "exp", "exp2", "expm1", "floor", "lgamma", "log", "log10", "log1p", "log2", "reciprocal",
         "relu", "round", "rsqrt", "sgn", "sigmoid", "sin", "sinh", "sqrt", "tan", "tanh", "trunc", "nan_to_num",
         "silu", "gelu", "elu", "softplus"]
BINARY = ["atan2", "hypot", "logaddexp", "xlogy", "maximum", "minimum"]

CASES = ([("%s(x)" % name, [{"x": X}]) for name in UNARY]
         + [("%s(x, y)" % name, [XY]) for name in BINARY]
         + [(text, [{"x": X}]) for text in ("-x", "2 - x", "x^3", "x^2", "x^0.5", "x^-1", "x^0", "3^x", "x^x",
                                            "leaky_relu(x, 0.2)", "clamp(x, -1, 1)", "clamp_min(x, 0)",
                                            "clamp_max(x, 0)", "remainder(x, 0.7)", "fmod(x, 0.7)",
                                            "polygamma(1, x)")]
         + [(text, [XY]) for text in ("x + y", "x - y", "x*y", "x/y", "x^y", "where(x > 0, x, y)")]
         + [(text, [{"x": v} for v in VECTORS]) for text in ("sum(x)", "mean(x)", "max(x)", "min(x)",
                                                             "logsumexp(x, 0)")]
         + [(text, [{"m": m} for m in MATRICES]) for text in ("sum(m, dim=0)", "mean(m, dim=1)")])


def encoded(values):
    if isinstance(values, list):
        return [encoded(v) for v in values]
    return values if math.isfinite(values) else str(values)


def evaluate(text, values, torch):
    """`text` in torch: ^ is **, a bare name is torch's function (F's where torch has none), max/min of one
    tensor its reduction."""
    import torch.nn.functional as F
    names = dict(values)

    class Functions(dict):
        def __missing__(self, name):
            return getattr(torch, name, None) or getattr(F, name)
    scope = Functions(names)
    return eval(text.replace("^", "**"), {"__builtins__": {}}, scope)


def record():
    import torch
    cases = []
    for text, points in CASES:
        gradients = []
        for point in points:
            values = {name: torch.tensor(v, dtype=torch.float64, requires_grad=True) for name, v in point.items()}
            out = evaluate(text, values, torch)
            found = torch.autograd.grad(out.sum(), list(values.values()), allow_unused=True)
            gradients.append({name: encoded((g if g is not None else torch.zeros_like(values[name])).clone().tolist())
                              for name, g in zip(values, found)})
        cases.append({"expression": text, "points": [{n: encoded(v) for n, v in p.items()} for p in points],
                      "gradients": gradients})
    return {"torch": torch.__version__, "cpu_capability": torch.backends.cpu.get_cpu_capability(),
            "dtype": "float64", "cases": cases}


if __name__ == "__main__":
    data = record()
    (HERE / "boundaries.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print("wrote boundaries.json: %d cases (%s)" % (len(data["cases"]), data["cpu_capability"]))
