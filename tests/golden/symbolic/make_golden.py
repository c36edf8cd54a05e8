"""Regenerate the golden data of `gradcli diff`, with SymPy and torch as the oracles (neither is needed by the
tests that read it). Run with a Python that has both:

    /work/torchenv/bin/python tests/golden/symbolic/make_golden.py

sympy.json: for each expression of CORPUS, SymPy's `simplify(diff(...))` in gradcli's math spelling and its
value at seeded random points of the domain (30 digits, rounded to float). tests/symbolic/test_corpus.py checks
that gradcli's derivative has the same values there and, on average, is no longer.

torch.json: for each case of AT_POINTS, torch's derivative at the point in float64 — autograd.grad of the sum,
repeated with create_graph=True for higher orders — which `gradcli diff --at` must reproduce twice: with its
formula and with its own autograd.
"""

import json
import pathlib
import random
import re

HERE = pathlib.Path(__file__).resolve().parent

# (expression in gradcli's spelling, wrt, order, domain: name -> (low, high)); a domain of "nonzero" keeps
# points away from 0 (abs, relu: SymPy's derivative is undefined at their kink)
POSITIVE, UNIT, ANY, NONZERO = (0.5, 3.0), (-0.9, 0.9), (-2.0, 2.0), "nonzero"
CORPUS = [
    ("x^2*sin(x)", "x", 1, {"x": ANY}),
    ("x^3 - 3*x + 1", "x", 1, {"x": ANY}),
    ("(x^2 + 1)/(x - 1)", "x", 1, {"x": (1.5, 3.0)}),
    ("exp(-x^2)", "x", 1, {"x": ANY}),
    ("log(sin(x))", "x", 1, {"x": (0.2, 2.5)}),
    ("sqrt(x^2 + 1)", "x", 1, {"x": ANY}),
    ("sin(x)*cos(x)", "x", 1, {"x": ANY}),
    ("tan(x)", "x", 1, {"x": (-1.0, 1.0)}),
    ("atan(x)", "x", 1, {"x": ANY}),
    ("asin(x)", "x", 1, {"x": UNIT}),
    ("x*exp(-x)", "x", 1, {"x": ANY}),
    ("x^x", "x", 1, {"x": POSITIVE}),
    ("log(x)/x", "x", 1, {"x": POSITIVE}),
    ("1/(1 + exp(-x))", "x", 1, {"x": ANY}),
    ("tanh(x)", "x", 1, {"x": ANY}),
    ("sigmoid(x)", "x", 1, {"x": ANY}),
    ("(x + 1)^2*(x - 1)", "x", 1, {"x": ANY}),
    ("sin(x)/x", "x", 1, {"x": POSITIVE}),
    ("x/(1 + x^2)", "x", 1, {"x": ANY}),
    ("exp(x)*sin(x)", "x", 1, {"x": ANY}),
    ("cos(x)^2", "x", 1, {"x": ANY}),
    ("sin(x^2)", "x", 1, {"x": ANY}),
    ("exp(sin(x))", "x", 1, {"x": ANY}),
    ("log(x^2 + 1)", "x", 1, {"x": ANY}),
    ("sqrt(x)*log(x)", "x", 1, {"x": POSITIVE}),
    ("1/sqrt(x)", "x", 1, {"x": POSITIVE}),
    ("x^1.5", "x", 1, {"x": POSITIVE}),
    ("(2*x + 1)^5", "x", 1, {"x": ANY}),
    ("sinh(x)*cosh(x)", "x", 1, {"x": ANY}),
    ("log(cosh(x))", "x", 1, {"x": ANY}),
    ("atan(1/x)", "x", 1, {"x": POSITIVE}),
    ("exp(x)/(1 + exp(x))", "x", 1, {"x": ANY}),
    ("x*log(x) - x", "x", 1, {"x": POSITIVE}),
    ("2^x", "x", 1, {"x": ANY}),
    ("x^2*exp(-x/2)", "x", 1, {"x": ANY}),
    ("cos(2*x + 1)", "x", 1, {"x": ANY}),
    ("sin(x)^3", "x", 1, {"x": ANY}),
    ("(x - 1)/(x + 1)", "x", 1, {"x": POSITIVE}),
    ("log((1 + x)/(1 - x))", "x", 1, {"x": UNIT}),
    ("erf(x)", "x", 1, {"x": ANY}),
    ("x*atan(x)", "x", 1, {"x": ANY}),
    ("abs(x)", "x", 1, {"x": NONZERO}),
    ("x*abs(x)", "x", 1, {"x": NONZERO}),
    ("abs(x^3 - 8)", "x", 1, {"x": (0.5, 1.5)}),
    ("exp(-x)*cos(3*x)", "x", 1, {"x": ANY}),
    ("1/(x^2 + x + 1)", "x", 1, {"x": ANY}),
    ("log(log(x))", "x", 1, {"x": (1.5, 4.0)}),
    ("sqrt(1 - x^2)", "x", 1, {"x": UNIT}),
    ("x^2*log(x)", "x", 1, {"x": POSITIVE}),
    ("sin(cos(x))", "x", 1, {"x": ANY}),
    ("tanh(x)^2", "x", 1, {"x": ANY}),
    ("x*exp(x^2)", "x", 1, {"x": ANY}),
    ("(x^2 - 1)^3", "x", 1, {"x": ANY}),
    ("log(1 + exp(x))", "x", 1, {"x": ANY}),
    ("expm1(x)*x", "x", 1, {"x": ANY}),
    ("log1p(x^2)", "x", 1, {"x": ANY}),
    ("relu(x)*x", "x", 1, {"x": NONZERO}),
    ("-x^2/2 + pi*x", "x", 1, {"x": ANY}),
    ("e^(2*x)", "x", 1, {"x": ANY}),
    ("ln(x^3)", "x", 1, {"x": POSITIVE}),
    ("x*y^2", "y", 1, {"x": ANY, "y": ANY}),
    ("x^2*y + y^3", "x", 1, {"x": ANY, "y": ANY}),
    ("sin(x*y)", "x", 1, {"x": ANY, "y": ANY}),
    ("exp(x*y)/(x + y)", "y", 1, {"x": POSITIVE, "y": POSITIVE}),
    ("sqrt(x^2 + y^2)", "x", 1, {"x": POSITIVE, "y": POSITIVE}),
    ("atan2(y, x)", "x", 1, {"x": POSITIVE, "y": ANY}),
    ("log(x*y)", "x", 1, {"x": POSITIVE, "y": POSITIVE}),
    ("x^y", "y", 1, {"x": POSITIVE, "y": ANY}),
    ("x^y", "x", 1, {"x": POSITIVE, "y": ANY}),
    ("(x + y)^2/(x - y)", "x", 1, {"x": (2.5, 4.0), "y": (0.1, 1.5)}),
    ("x^2*sin(x)", "x", 2, {"x": ANY}),
    ("exp(-x^2)", "x", 2, {"x": ANY}),
    ("log(x)", "x", 2, {"x": POSITIVE}),
    ("x/(1 + x^2)", "x", 2, {"x": ANY}),
    ("tan(x)", "x", 2, {"x": (-1.0, 1.0)}),
    ("x^4 - x^2", "x", 3, {"x": ANY}),
    ("sin(x)*exp(x)", "x", 3, {"x": ANY}),
]

# (expression, wrt, order, at: name -> torch expression): torch's derivative at the point, float64
AT_POINTS = [
    ("x^2*sin(x)", "x", 1, {"x": "torch.tensor(1.3)"}),
    ("mean(3*(x+2)^2)", "x", 1, {"x": "torch.ones(2, 2)"}),
    ("relu(x)", "x", 1, {"x": "torch.tensor([-1., 0., 2.])"}),
    ("abs(x)", "x", 1, {"x": "torch.tensor([-1.5, 0., 2.])"}),
    ("clamp(x, 0, 1)", "x", 1, {"x": "torch.tensor([-0.5, 0., 0.5, 1., 1.5])"}),
    ("clamp(x, min=0.5)*x", "x", 1, {"x": "torch.tensor([0., 0.5, 2.])"}),
    ("max(x, y)", "x", 1, {"x": "torch.tensor([1., 2., 3.])", "y": "torch.tensor([3., 2., 1.])"}),
    ("max(x, y)", "y", 1, {"x": "torch.tensor([1., 2., 3.])", "y": "torch.tensor([3., 2., 1.])"}),
    ("min(x, 2*y)", "y", 1, {"x": "torch.tensor([1., 2., 3.])", "y": "torch.tensor([3., 1., 1.])"}),
    ("max(x)", "x", 1, {"x": "torch.tensor([1., 3., 3., 2.])"}),
    ("where(x > 0, x^2, -x)", "x", 1, {"x": "torch.tensor([-2., 0., 3.])"}),
    ("sum(x^3)", "x", 2, {"x": "torch.tensor([1., -2., 0.5])"}),
    ("sum(x)^2", "x", 1, {"x": "torch.tensor([1., 2., 3.])"}),
    ("sum(x)^2", "x", 2, {"x": "torch.tensor([1., 2., 3.])"}),
    ("x*sum(x)", "x", 1, {"x": "torch.tensor([1., 2., 3.])"}),
    ("mean(x^2)", "x", 2, {"x": "torch.tensor([[1., 2.], [3., 4.]])"}),
    ("sum(x^2, dim=0)", "x", 1, {"x": "torch.tensor([[1., 2.], [3., 4.], [5., 6.]])"}),
    ("sum(mean(x, dim=1)^2)", "x", 1, {"x": "torch.tensor([[1., 2.], [3., 4.], [5., 6.]])"}),
    ("sum(sum(x, dim=0, keepdim=True)*x)", "x", 1, {"x": "torch.tensor([[1., 2.], [3., 4.]])"}),
    ("logsumexp(x, 0)", "x", 1, {"x": "torch.tensor([0.5, 1., -1.])"}),
    ("x*y", "y", 1, {"x": "torch.tensor([[1., 2.], [3., 4.]])", "y": "torch.tensor(2.)"}),
    ("exp(-x^2)", "x", 3, {"x": "torch.tensor([0.3, -1.2])"}),
    ("tanh(x)", "x", 2, {"x": "torch.tensor(0.7)"}),
    ("sigmoid(x)*x", "x", 2, {"x": "torch.tensor([-1., 0.5])"}),
    ("leaky_relu(x, 0.1)", "x", 1, {"x": "torch.tensor([-1., 0., 1.])"}),
    ("softplus(x)", "x", 1, {"x": "torch.tensor([-3., 0., 25.])"}),
    ("gelu(x)", "x", 1, {"x": "torch.tensor([-1., 0.3, 2.])"}),
    ("silu(x)", "x", 2, {"x": "torch.tensor([-1., 0.3, 2.])"}),
    ("elu(x)", "x", 1, {"x": "torch.tensor([-1., 0., 2.])"}),
    ("x^y", "y", 1, {"x": "torch.tensor([0.5, 2.])", "y": "torch.tensor([1.5, -1.])"}),
    ("2^x + x^2.5", "x", 2, {"x": "torch.tensor([0.5, 2.])"}),
    ("atan2(y, x)", "x", 1, {"x": "torch.tensor([1., -2.])", "y": "torch.tensor([0.5, 1.])"}),
    ("remainder(x, 2)*x", "x", 1, {"x": "torch.tensor([0.5, 3.5])"}),
    ("sqrt(x)", "x", 1, {"x": "torch.tensor([0., 4.])"}),
    ("sum(x @ x)", "x", 1, {"x": "torch.tensor([[1., 2.], [3., 4.]])"}),
    ("x[0]*x[1]", "x", 1, {"x": "torch.tensor([2., 5.])"}),
]


def sympy_expression(text, sp):
    """A gradcli expression as SymPy reads it (^ is **, and the functions SymPy spells otherwise)."""
    names = {"sigmoid": lambda u: 1 / (1 + sp.exp(-u)), "relu": lambda u: sp.Max(0, u), "abs": sp.Abs,
             "expm1": lambda u: sp.exp(u) - 1, "log1p": lambda u: sp.log(1 + u), "ln": sp.log,
             "atan2": sp.atan2, "erf": sp.erf, "e": sp.E, "pi": sp.pi,
             "x": sp.Symbol("x", real=True), "y": sp.Symbol("y", real=True)}
    return sp.sympify(text.replace("^", "**"), locals=names)


def gradcli_spelling(expr):
    """SymPy's text in gradcli's math spelling (^ for powers, gradcli's function names)."""
    text = str(expr).replace("**", "^")
    for theirs, ours in ((r"\bAbs\(", "abs("), (r"\bsign\(", "sgn("), (r"\bE\b", "e"),
                         (r"\bHeaviside\(", "heaviside(")):
        text = re.sub(theirs, ours, text)
    return text


def _points(domain, rng, count=5):
    points = []
    for _ in range(count):
        point = {}
        for name, (low, high) in ((n, (-3.0, 3.0) if d == NONZERO else d) for n, d in domain.items()):
            value = rng.uniform(low, high)
            while domain[name] == NONZERO and abs(value) < 0.1:
                value = rng.uniform(low, high)
            point[name] = round(value, 6)
        points.append(point)
    return points


def sympy_golden():
    import sympy as sp
    rng = random.Random(15)
    cases = []
    for text, wrt, order, domain in CORPUS:
        expr = sympy_expression(text, sp)
        symbol = sp.Symbol(wrt, real=True)
        derivative = sp.simplify(sp.diff(expr, symbol, order))
        points = _points(domain, rng)
        values = [float(derivative.evalf(30, subs={sp.Symbol(n, real=True): sp.Float(v, 30)
                                                   for n, v in p.items()})) for p in points]
        cases.append({"expression": text, "wrt": wrt, "order": order, "sympy": gradcli_spelling(derivative),
                      "points": points, "values": values})
    return {"sympy": sp.__version__, "cases": cases}


def torch_golden():
    import torch
    cases = []
    for text, wrt, order, at in AT_POINTS:
        values = {name: eval(value, {"torch": torch}).double().requires_grad_() for name, value in at.items()}
        g = evaluate(text, values, torch)
        x = values[wrt]
        for k in range(order):
            g, = torch.autograd.grad(g.sum(), x, create_graph=k + 1 < order, allow_unused=True)
            if g is None:
                g = torch.zeros_like(x)
                break
        cases.append({"expression": text, "wrt": wrt, "order": order,
                      "at": {name: v.detach().tolist() for name, v in values.items()},
                      "derivative": g.detach().tolist()})
    return {"torch": torch.__version__, "cases": cases}


def evaluate(text, values, torch):
    """`text` in torch: ^ is **, the math spelling's bare names are torch's (max of two is maximum)."""
    import torch.nn.functional as F
    names = dict(values)
    for name in ("sin", "cos", "exp", "log", "sqrt", "tanh", "sigmoid", "relu", "abs", "clamp", "where", "sum",
                 "mean", "logsumexp", "atan2", "remainder"):
        names[name] = getattr(torch, name)
    names.update(max=lambda a, b=None: torch.max(a) if b is None else torch.maximum(a, b),
                 min=lambda a, b=None: torch.min(a) if b is None else torch.minimum(a, b),
                 leaky_relu=F.leaky_relu, softplus=F.softplus, gelu=F.gelu, silu=F.silu, elu=F.elu)
    return eval(text.replace("^", "**"), {}, names)


def main():
    for name, data in (("sympy.json", sympy_golden()), ("torch.json", torch_golden())):
        (HERE / name).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print("wrote %s: %d cases" % (name, len(data["cases"])))


if __name__ == "__main__":
    main()
