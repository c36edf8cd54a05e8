"""Regenerate calculus.json: torch 2.13's answers for the derivative commands and their script functions —
higher derivatives (autograd.grad with create_graph, then of the sum), torch.autograd.functional's jacobian,
hessian, vjp, jvp, vhp and hvp, and gradcheck/gradgradcheck. Run with a Python that has torch:

    /work/torchenv/bin/python tests/golden/calculus/make_golden.py

Expressions are in gradcli's math spelling (`^` is `**`, bare torch names); inputs are float64 unless a case
says otherwise. tests/app/test_calculus.py replays each case in gradcli and compares.
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


# (expression, inputs, tangent: name -> value; the others 0): eval --tangent's jvp (torch.autograd.functional.jvp)
TANGENTS = [
    ("x*y", {"x": "[1., 2.]", "y": "3."}, {"x": "[1., 1.]"}),
    ("x*y", {"x": "[1., 2.]", "y": "3."}, {"y": "1."}),
    ("sin(x)*exp(y)", {"x": "[0.3, 1.]", "y": "[0.5, -1.]"}, {"x": "[1., 0.]", "y": "[0.5, 2.]"}),
    ("sum(x^2)", {"x": "[1., 2., 3.]"}, {"x": "[1., -1., 0.5]"}),
    ("x @ w", {"x": "[1., 2.]", "w": "[[1., 2.], [3., 4.]]"}, {"w": "[[1., 0.], [0., 1.]]"}),
    ("relu(x)", {"x": "[-1., 0., 2.]"}, {"x": "[1., 1., 1.]"}),
]

# (expression, inputs, order): `gradcli check` — gradcheck (1) or gradgradcheck (2, grad_outputs uniform(-1, 1)
# from a generator seeded with 0): the verdict and each pair's analytical and numerical Jacobians
CHECKS = [
    ("x^2*y", {"x": "[1., 2.]", "y": "3."}, 1),
    ("relu(x)", {"x": "[-1., 0., 2.]"}, 1),
    ("abs(x)", {"x": "[-1., 0., 2.]"}, 1),
    ("sin(x) @ w", {"x": "[0.3, 1.]", "w": "[[1., 2.], [3., 4.]]"}, 1),
    ("sum(exp(x)*y)", {"x": "[0.5, -1.]", "y": "[2., 3.]"}, 1),
    ("x^3*y", {"x": "0.5", "y": "2."}, 2),
    ("relu(x)^2", {"x": "[0., 1.]"}, 2),
    ("tanh(x)*y", {"x": "[0.5, -0.2]", "y": "[1., 2.]"}, 2),
]

# (expression, input plotted over, low, high, other inputs, order, points): `gradcli plot`'s curves
PLOTS = [
    ("tanh(x)", "x", -3., 3., {}, 2, 7),
    ("x^3 - 2*x", "x", -2., 2., {}, 3, 5),
    ("sin(x)*y", "x", 0., 6.3, {"y": "2."}, 1, 9),
    ("relu(x)^2", "x", -1., 1., {}, 2, 5),
]

# scripts: torch.autograd.functional's products and gradcheck as scripts call them, stdout and final error
F = "from torch.autograd.functional import vjp, jvp, vhp, hvp\n"
XY = ("x = torch.tensor([1., 2.])\ny = torch.tensor([3., -1.])\n"
      "def f(a, b):\n    return a ** 2 * b + torch.sin(a)\n"
      "def triple(a):\n    return a * 3\n"
      "def square_sum(a):\n    return (a * a).sum()\n"
      "def pair(a, b):\n    return a * b, a + b\n"
      "def first(a, b):\n    return a * 2\n"
      "def cube(a):\n    return (a ** 3).sum()\n"
      "def aab(a, b):\n    return (a * a * b).sum()\n")
SCRIPTS = {
    "vjp_tuple": F + XY + "print(vjp(f, (x, y), torch.ones(2)))\n",
    "vjp_single": F + XY + "out, g = vjp(triple, x, torch.tensor([1., 10.]))\nprint(out, g, out.grad_fn)\n",
    "vjp_scalar_no_v": F + XY + "print(vjp(square_sum, x))\n",
    "vjp_no_v_for_vector": F + XY + "vjp(triple, x)\n",
    "vjp_v_wrong_size": F + XY + "vjp(triple, x, torch.ones(3))\n",
    "vjp_v_wrong_length": F + XY + "vjp(pair, (x, y), (torch.ones(2),))\n",
    "vjp_tuple_outputs": F + XY + "print(vjp(pair, (x, y), (torch.ones(2), torch.ones(2))))\n",
    "vjp_not_a_tensor": F + XY + "vjp(triple, [1., 2.])\n",
    "vjp_unused_input": F + XY + "print(vjp(first, (x, y), torch.ones(2)))\n",
    "vjp_create_graph": F + XY + "def cubed(a):\n    return a ** 3\n"
                        "out, g = vjp(cubed, x.requires_grad_(), torch.ones(2), create_graph=True)\n"
                        "print(out.requires_grad, g.requires_grad)\ng.sum().backward()\nprint(x.grad)\n",
    "jvp_tuple": F + XY + "print(jvp(f, (x, y), (torch.ones(2), torch.zeros(2))))\n",
    "jvp_single_no_v": F + "print(jvp(torch.exp, torch.tensor(1.)))\n",
    "jvp_no_v_for_vector": F + XY + "jvp(torch.exp, x)\n",
    "jvp_vector_to_scalar": F + XY + "print(jvp(square_sum, x, torch.tensor([1., -1.])))\n",
    "jvp_relu_floor": F + "def g(a):\n    return torch.relu(a) + torch.floor(a)\n"
                      "print(jvp(g, torch.tensor([-1., 0.5, 2.]), torch.ones(3)))\n",
    "jvp_v_wrong_size": F + XY + "jvp(torch.exp, x, torch.ones(3))\n",
    "hvp_cube": F + XY + "print(hvp(cube, x, torch.tensor([1., 0.])))\n",
    "vhp_cube": F + XY + "print(vhp(cube, x, torch.tensor([1., 0.])))\n",
    "hvp_tuple": F + XY + "print(hvp(aab, (x, y), (torch.ones(2), torch.ones(2))))\n",
    "vhp_tuple": F + XY + "print(vhp(aab, (x, y), (torch.ones(2), torch.ones(2))))\n",
    "hvp_vector_output": F + XY + "hvp(triple, x, torch.ones(2))\n",
    "vhp_tuple_output": F + XY + "vhp(pair, (x, y), (torch.ones(2), torch.ones(2)))\n",
    "hvp_linear": F + XY + "def double_sum(a):\n    return a.sum() * 2\nprint(hvp(double_sum, x, torch.ones(2)))\n",
}
G = ("from torch.autograd import gradcheck, gradgradcheck\n"
     "x = torch.tensor([-1., 0., 2.], dtype=torch.float64, requires_grad=True)\n"
     "z = torch.tensor([0.5, 1.5], dtype=torch.float64, requires_grad=True)\n"
     "def cube(a):\n    return a ** 3\n"
     "def scaled(a, b):\n    return a * b.sum()\n"
     "def two(a):\n    return a * 2, a.sum()\n"
     "def relu_squared(a):\n    return torch.relu(a) ** 2\n")
SCRIPTS.update({
    "gradcheck_sin": G + "print(gradcheck(torch.sin, (x,)))\n",
    "gradcheck_one_tensor": G + "print(gradcheck(torch.exp, z), gradcheck(cube, z, eps=1e-4, atol=1e-4))\n",
    "gradcheck_relu_kink": G + "gradcheck(torch.relu, (x,))\n",
    "gradcheck_no_raise": G + "print(gradcheck(torch.relu, (x,), raise_exception=False))\n",
    "gradcheck_two_inputs": G + "print(gradcheck(scaled, (z, x)))\n",
    "gradcheck_two_outputs": G + "print(gradcheck(two, (z,)))\n",
    "gradcheck_mm": G + "m = torch.tensor([[1., 2.], [3., 4.]], dtype=torch.float64, requires_grad=True)\n"
                        "print(gradcheck(torch.mm, (m, m)))\n",
    "gradcheck_float32": G + "y = torch.tensor([1., 2.], requires_grad=True)\nprint(gradcheck(torch.exp, (y,), "
                             "eps=1e-2, atol=1e-1))\n",
    # (a product: float32 rounds it exactly as torch; exp's last bit, magnified by eps, would differ)
    "gradcheck_float32_fails": G + "y = torch.tensor([1., 2.], requires_grad=True)\ndef sq(a):\n    return a * a\n"
                                   "gradcheck(sq, (y,))\n",
    "gradcheck_nothing_requires_grad": G + "gradcheck(torch.sin, (torch.ones(2, dtype=torch.float64),))\n",
    "gradcheck_abs_at_zero": G + "print(gradcheck(torch.abs, (x,)))\n",
    "gradgradcheck_cube": G + "print(gradgradcheck(cube, (z,)))\n",
    "gradgradcheck_given_outputs": G + "print(gradgradcheck(scaled, (z, x), torch.tensor([1., -1.], "
                                       "dtype=torch.float64, requires_grad=True)))\n",
    "gradgradcheck_kink": G + "torch.manual_seed(0)\nprint(gradgradcheck(relu_squared, (x,), raise_exception=False))\n",
    "gradgradcheck_kink_message": G + "torch.manual_seed(3)\nw = torch.tensor([0., 1.], dtype=torch.float64, "
                                      "requires_grad=True)\ngradgradcheck(relu_squared, (w,))\n",
})


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


def tangents():
    cases = []
    for text, inputs, tangent in TANGENTS:
        point = values(inputs)
        directions = tuple(torch.tensor(eval(tangent[n]), dtype=torch.float64) if n in tangent else torch.zeros_like(x)
                           for n, x in point.items())
        _, product = torch.autograd.functional.jvp(function_of(text, list(point)), tuple(point.values()), directions)
        cases.append({"expression": text, "inputs": inputs, "tangent": tangent, "jvp": product.tolist()})
    return cases


def checks():
    import importlib
    gc = importlib.import_module("torch.autograd.gradcheck")
    cases = []
    for text, inputs, order in CHECKS:
        point = {n: v.requires_grad_() for n, v in values(inputs).items()}
        function, arguments = function_of(text, list(point)), tuple(point.values())
        if order == 2:
            generator = torch.Generator().manual_seed(0)
            outputs = gc._differentiable_outputs(function(*arguments))
            grad_outputs = tuple(torch.empty(o.shape, dtype=o.dtype).uniform_(-1, 1, generator=generator)
                                 .requires_grad_() for o in outputs)
            passed = gc.gradgradcheck(function, arguments, grad_outputs, raise_exception=False)
            first = function

            def function(*args, count=len(grad_outputs), first=first):
                outs = gc._differentiable_outputs(first(*args[:-count]))
                found = torch.autograd.grad(outs, args[:-count], args[-count:], create_graph=True, allow_unused=True)
                return tuple(g for g in found if g is not None)
            arguments = arguments + grad_outputs
        else:
            passed = gc.gradcheck(function, arguments, raise_exception=False)
        outputs = gc._differentiable_outputs(function(*arguments))
        numerical = gc._transpose(gc._get_numerical_jacobian(function, arguments, gc._as_tuple(function(*arguments)),
                                                             eps=1e-6))
        pairs = []
        for i, o in enumerate(outputs):
            analytical = gc._check_analytical_jacobian_attributes(arguments, o, 0.0, False)
            pairs += [{"output": i, "input": j, "analytical": a.tolist(), "numerical": n.tolist()}
                      for j, (a, n) in enumerate(zip(analytical, numerical[i]))]
        cases.append({"expression": text, "inputs": inputs, "order": order, "passed": passed, "pairs": pairs})
    return cases


def plots():
    cases = []
    for text, name, low, high, inputs, order, points in PLOTS:
        point = values(inputs)
        x = torch.linspace(low, high, points, dtype=torch.float64).requires_grad_()
        g = evaluate(text, dict(point, **{name: x}))
        series = [g.detach().tolist()]
        for k in range(order):
            g, = torch.autograd.grad(g.sum(), x, create_graph=k + 1 < order)
            series.append(g.detach().tolist())
        cases.append({"expression": text, "over": [name, low, high], "inputs": inputs, "order": order,
                      "points": points, "x": x.detach().tolist(), "series": series})
    return cases


def scripts():
    """Each script's stdout, warnings and final error under torch (tests/golden/autograd's recorder)."""
    import runpy
    run_case = runpy.run_path(str(HERE.parent / "autograd" / "make_golden.py"))["run_case"]
    return {name: run_case(code) for name, code in SCRIPTS.items()}


def main():
    data = {"torch": torch.__version__, "orders": orders(), "blocks": blocks(), "tangents": tangents(),
            "checks": checks(), "plots": plots(), "scripts": scripts()}
    (HERE / "calculus.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print("wrote calculus.json: %s" % {k: len(v) for k, v in data.items() if not isinstance(v, str)})


if __name__ == "__main__":
    main()
