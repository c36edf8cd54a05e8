"""Regenerate the golden data of `--explain`: for each case, what torch's engine did, node by node. Run with a
Python that has torch:

    /work/torchenv/bin/python tests/golden/explain/make_golden.py

For each expression (written in the spelling both gradcli and Python read: `**`, bare function names bound to
torch's), its inputs (leaves requiring grad) and the gradient backward starts from, torch 2.13's backward is
run with a hook on every node of the graph: the hooks see, in the engine's order, each node's name, the
gradients arriving at it (grad_outputs) and those it passes to each of its next_functions (grad_inputs, after
the engine summed them to the input's shape). Then the value and each input's .grad. tests/explain/test_explain.py
checks gradcli's steps against these: names and order, every gradient in and out, each leaf's sum, and the
arithmetic the explanation shows.
"""

import json
import math
import pathlib

import torch
import torch.nn.functional as F

HERE = pathlib.Path(__file__).resolve().parent

# (expression, inputs: name -> value expression, weight expression or None)
CASES = [
    ("mean(3*(x+2)**2)", {"x": "ones(2,2)"}, None),
    ("x*y", {"x": "2.", "y": "3."}, None),
    ("x*x", {"x": "1.5"}, None),
    ("x*x + sin(x)*y", {"x": "1.5", "y": "tensor([1.,2.,3.])"}, "ones(3)"),
    ("x + y*z", {"x": "tensor([1.,2.,3.])", "y": "tensor([0.5,-1.,2.])", "z": "2."}, "tensor([1.,0.1,0.01])"),
    ("(x - y)/z", {"x": "tensor([1.,2.])", "y": "tensor([3.,5.])", "z": "tensor([2.,4.])"}, "ones(2)"),
    ("sum(x*y*z)", {"x": "tensor([1.,2.,3.])", "y": "tensor([4.,5.,6.])", "z": "tensor([-1.,0.5,2.])"}, None),
    ("x**3", {"x": "2."}, None),
    ("x**y", {"x": "2.", "y": "3."}, None),
    ("2**x", {"x": "tensor([0.,1.,2.])"}, "ones(3)"),
    ("-x + 4", {"x": "tensor([1.,2.])"}, "ones(2)"),
    ("1/x", {"x": "tensor([0.5,4.])"}, "ones(2)"),
    ("exp(x)", {"x": "tensor([0.,1.])"}, "ones(2)"),
    ("log(x)", {"x": "tensor([0.5,2.])"}, "ones(2)"),
    ("sqrt(x)", {"x": "tensor([4.,9.])"}, "ones(2)"),
    ("sin(x)*cos(x)", {"x": "0.7"}, None),
    ("tanh(x)", {"x": "tensor([-1.,0.,2.])"}, "ones(3)"),
    ("sigmoid(x)", {"x": "tensor([0.,1.])"}, "ones(2)"),
    ("relu(x)", {"x": "tensor([-1.,0.,2.])"}, "ones(3)"),
    ("abs(x)", {"x": "tensor([-2.,0.,3.])"}, "ones(3)"),
    ("exp(-x**2)", {"x": "0.5"}, None),
    ("log(1 + exp(x))", {"x": "tensor([0.,2.])"}, "ones(2)"),
    ("sum(x)", {"x": "ones(2,3)"}, None),
    ("mean(x)", {"x": "tensor([[1.,2.],[3.,4.]])"}, None),
    ("x.sum(dim=1)", {"x": "tensor([[1.,2.],[3.,4.]])"}, "tensor([1.,2.])"),
    ("x.mean(0)", {"x": "tensor([[1.,2.],[3.,4.]])"}, "tensor([1.,-1.])"),
    ("max(x)", {"x": "tensor([1.,5.,3.])"}, None),
    ("min(x)", {"x": "tensor([4.,2.,2.])"}, None),
    ("clamp(x, min=0., max=1.)", {"x": "tensor([-0.5,0.5,1.5])"}, "ones(3)"),
    ("where(x > 0, x, 2*x)", {"x": "tensor([-1.,3.])"}, "ones(2)"),
    ("maximum(x, y)", {"x": "tensor([1.,4.])", "y": "tensor([2.,3.])"}, "ones(2)"),
    ("sum(x @ w)", {"x": "tensor([[1.,2.],[3.,4.]])", "w": "tensor([[0.5],[-1.]])"}, None),
    ("dot(x, y)", {"x": "tensor([1.,2.,3.])", "y": "tensor([4.,5.,6.])"}, None),
    ("x.mv(v)", {"x": "tensor([[1.,2.],[3.,4.]])", "v": "tensor([1.,-1.])"}, "ones(2)"),
    ("sum(x * w + b)", {"x": "tensor([[1.,2.],[3.,4.]])", "w": "tensor([0.5,2.])", "b": "1."}, None),
    ("x[0] * x[1]", {"x": "tensor([2.,3.])"}, None),
    ("x.reshape(4) * tensor([1.,2.,3.,4.])", {"x": "ones(2,2)"}, "ones(4)"),
    ("x.t() @ y", {"x": "tensor([[1.,2.],[3.,4.]])", "y": "tensor([1.,1.])"}, "ones(2)"),
    ("cat([x, y]) * 2", {"x": "tensor([1.])", "y": "tensor([2.,3.])"}, "tensor([1.,2.,3.])"),
    ("stack([x, y]).sum()", {"x": "tensor([1.,2.])", "y": "tensor([3.,4.])"}, None),
    ("softmax(x, dim=0)[0]", {"x": "tensor([1.,2.,3.])"}, None),
    ("log_softmax(x, dim=0)[1]", {"x": "tensor([0.,1.])"}, None),
    ("cumsum(x, dim=0)", {"x": "tensor([1.,2.,3.])"}, "tensor([1.,0.,-1.])"),
    ("prod(x)", {"x": "tensor([2.,3.,4.])"}, None),
    ("x.var()", {"x": "tensor([1.,2.,4.])"}, None),
    ("x.norm()", {"x": "tensor([3.,4.])"}, None),
    ("atan2(y, x)", {"y": "1.", "x": "2."}, None),
    ("mse_loss(x, y)", {"x": "tensor([1.,2.])", "y": "tensor([0.,4.])"}, None),
    ("x.expand(2, 3) * y", {"x": "tensor([[1.],[2.]])", "y": "tensor([1.,2.,3.])"}, "ones(2,3)"),
    ("(x * 2).sum() + (x * 3).sum()", {"x": "tensor([1.,1.])"}, None),
    ("sum((x + y) ** 2)", {"x": "tensor([1.,2.])", "y": "0.5"}, None),
    ("x / y", {"x": "6.", "y": "3."}, None),
    ("sin(x) + cos(y) * z", {"x": "0.3", "y": "tensor([0.,1.])", "z": "2."}, "ones(2)"),
    ("(x * y).sum(0)", {"x": "ones(2,2)", "y": "tensor([[1.,2.],[3.,4.]])"}, "tensor([1.,10.])"),
    ("cat([x, y, z])", {"x": "tensor([1.])", "y": "tensor([2.])", "z": "tensor([3.])"}, "tensor([1.,2.,3.])"),
    ("stack([x, y, z, w]).sum()", {"x": "1.", "y": "2.", "z": "3.", "w": "4."}, None),
]

NAMES = {name: getattr(torch, name) for name in (
    "ones", "zeros", "tensor", "mean", "sum", "exp", "log", "sqrt", "sin", "cos", "tanh", "sigmoid", "relu",
    "abs", "max", "min", "clamp", "where", "maximum", "dot", "cat", "stack", "softmax", "log_softmax", "cumsum",
    "prod", "atan2")}
NAMES["mse_loss"] = F.mse_loss


def data(t):
    return None if t is None else {"shape": list(t.shape), "values": _finite(t.detach().tolist())}


def _finite(v):
    if isinstance(v, list):
        return [_finite(x) for x in v]
    return v if math.isfinite(v) else repr(v)


def node_name(node):
    name = type(node).__name__
    return "AccumulateGrad" if name == "AccumulateGrad" else name


def record(expression, at, weight):
    inputs = {name: torch.as_tensor(eval(value, {}, dict(NAMES))).float().requires_grad_() for name, value in at.items()}
    value = eval(expression, {}, dict(NAMES, **inputs))
    steps, seen, stack = [], set(), [value.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)

        def hook(grad_inputs, grad_outputs, node=node):
            steps.append({"node": node_name(node), "incoming": [data(g) for g in grad_outputs],
                          "outgoing": [data(g) for g in grad_inputs]})
        node.register_hook(hook)
        stack.extend(child for child, _ in node.next_functions)
    start = None if weight is None else eval(weight, {}, dict(NAMES)).float()
    value.backward(start)
    return {"expression": expression, "at": at, "weight": weight, "value": data(value), "steps": steps,
            "grads": {name: data(x.grad) for name, x in inputs.items()}}


def main():
    cases = [record(*case) for case in CASES]
    (HERE / "explain.json").write_text(json.dumps({"torch": torch.__version__, "cases": cases}, indent=1) + "\n",
                                       encoding="utf-8")
    print("%d cases, %d steps" % (len(cases), sum(len(c["steps"]) for c in cases)))


if __name__ == "__main__":
    main()
