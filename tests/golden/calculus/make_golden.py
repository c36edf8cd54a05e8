"""Regenerate calculus.json: torch 2.13's answers for the derivative commands and their script functions —
higher derivatives (autograd.grad with create_graph, then of the sum), torch.autograd.functional's jacobian,
hessian, vjp, jvp, vhp and hvp, and gradcheck/gradgradcheck. Run with a Python that has torch:

    /work/torchenv/bin/python tests/golden/calculus/make_golden.py

Expressions are in gradcli's math spelling (`^` is `**`, bare torch names); inputs are float64 unless a case
says otherwise. tests/test_calculus.py replays each case in gradcli and compares.
"""

import json
import pathlib

import torch

HERE = pathlib.Path(__file__).resolve().parent

# (expression, inputs: name -> torch expression, weight or None, order): eval --order N's derivatives
ORDERS = [
    ("x^3*y", {"x": "2.", "y": "1."}, None, 2),
    ("x^3*y", {"x": "2.", "y": "1."}, None, 3),
    ("sum(x^3)", {"x": "[1., -2., 0.5]"}, None, 2),
    ("sum(sin(x)*y)", {"x": "[0.3, 1.2]", "y": "[2., -1.]"}, None, 2),
    ("x^3", {"x": "[1., 2.]"}, "[1., 10.]", 2),
    ("sum(x)^2", {"x": "[1., 2., 3.]"}, None, 2),
    ("mean(x^4)", {"x": "[[1., 2.], [3., 4.]]"}, None, 3),
    ("exp(-x^2)", {"x": "0.7"}, None, 4),
    ("relu(x)^2", {"x": "[-1., 0., 2.]"}, "[1., 1., 1.]", 2),
]

# (expression, inputs): torch.autograd.functional.jacobian and hessian (hessian where the value has one element)
JACOBIANS = [
    ("x*y", {"x": "[1., 2.]", "y": "3."}),
    ("sin(x)", {"x": "[0., 1., 2.]"}),
    ("x @ w + b", {"x": "[1., 2.]", "w": "[[1., 2., 3.], [4., 5., 6.]]", "b": "[0.5, 0., -1.]"}),
    ("sum(x^2*y)", {"x": "[1., 2.]", "y": "3."}),
    ("x^2*y + y^3", {"x": "1.", "y": "2."}),
    ("mean(x @ x)", {"x": "[[1., 2.], [3., 4.]]"}),
    ("sum(tanh(x)*y)", {"x": "[0.1, -0.4]", "y": "[1.5, 2.]"}),
    ("softmax(x, 0)", {"x": "[1., 2., 0.5]"}),
    ("logsumexp(x, 0)", {"x": "[1., 2., 0.5]"}),
    ("relu(x)", {"x": "[-1., 0., 1.]"}),
]


def values(inputs):
    return {name: torch.tensor(eval(text), dtype=torch.float64) for name, text in inputs.items()}


def evaluate(text, names):
    """`text` in torch: ^ is **, bare names are torch's (max of two is maximum)."""
    scope = dict(names)
    for name in ("sin", "cos", "exp", "log", "tanh", "relu", "sum", "mean", "logsumexp", "softmax", "sqrt"):
        scope[name] = getattr(torch, name)
    return eval(text.replace("^", "**"), {}, scope)


def function_of(text, names):
    return lambda *xs: evaluate(text, dict(zip(names, xs)))


def orders():
    cases = []
    for text, inputs, weight, order in ORDERS:
        point = {n: v.requires_grad_() for n, v in values(inputs).items()}
        out = evaluate(text, point)
        w = None if weight is None else torch.tensor(eval(weight), dtype=torch.float64)
        found = {}
        for name, x in point.items():
            g = out
            for k in range(order):
                if g is None or not g.requires_grad:
                    g = torch.zeros_like(x) if k else None
                    break
                g, = torch.autograd.grad(g if k == 0 else g.sum(), x, w if k == 0 else None,
                                         create_graph=k + 1 < order, allow_unused=True)
                if g is None:
                    g = torch.zeros_like(x) if k else None
                    break
            found[name] = None if g is None else g.detach().tolist()
        cases.append({"expression": text, "inputs": inputs, "weight": weight, "order": order, "grads": found})
    return cases


def blocks():
    cases = []
    for text, inputs in JACOBIANS:
        point = values(inputs)
        function = function_of(text, list(point))
        case = {"expression": text, "inputs": inputs}
        jacobian = torch.autograd.functional.jacobian(function, tuple(point.values()))
        case["jacobian"] = [block.tolist() for block in jacobian]
        if function(*point.values()).numel() == 1:
            hessian = torch.autograd.functional.hessian(function, tuple(point.values()))
            case["hessian"] = [[block.tolist() for block in row] for row in hessian]
        cases.append(case)
    return cases


def main():
    data = {"torch": torch.__version__, "orders": orders(), "blocks": blocks()}
    (HERE / "calculus.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print("wrote calculus.json: %s" % {k: len(v) for k, v in data.items() if isinstance(v, list)})


if __name__ == "__main__":
    main()
