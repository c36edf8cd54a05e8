"""Record torch's behaviour at numerical edge cases into cases.json (run with the torch environment):

    /work/torchenv/bin/python tests/golden/edge/record.py

Each case is a short script in the subset gradcli runs (and that is plain torch Python). torch runs it here; what
it prints, and the exception it ends with if any (`Kind: message`), are stored. tests/ops/test_edge_cases.py runs the
same scripts through gradcli and compares.
"""

import contextlib
import io
import json
import pathlib

import torch

HERE = pathlib.Path(__file__).resolve().parent

CASES = {
    # ------------------------------------------------------------ division by zero
    "float_div_zero": "print(torch.tensor([1., -1., 0.]) / 0)",
    "float_div_zero_tensor": "print(torch.tensor([1., -1., 0.]) / torch.tensor([0., 0., 0.]))",
    "int_true_div_zero": "print(torch.tensor([5, -5, 0]) / 0)",
    "int_floordiv_zero": "print(torch.tensor([5, -5]) // 0)",
    "int_floordiv_zero_tensor": "print(torch.tensor([5, -5]) // torch.tensor([0, 0]))",
    "int_remainder_zero": "print(torch.tensor([5, -5]) % 0)",
    "float_floordiv_zero": "print(torch.tensor([5., -5., 0.]) // 0)",
    "float_remainder_zero": "print(torch.tensor([5., -5.]) % 0)",
    # ------------------------------------------------------------ integer division semantics
    "floordiv_negative": "print(torch.tensor([-7, 7, -8, 8]) // 2, torch.tensor([-7, 7]) // -2)",
    "remainder_negative": "print(torch.tensor([-7, 7]) % 3, torch.tensor([-7, 7]) % -3)",
    "float_floordiv_negative": "print(torch.tensor([-7., 7., -7.5]) // 2, torch.tensor([-7., 7.]) % -3)",
    "div_rounding_modes": ("a = torch.tensor([-7, 7, -8])\n"
                           "print(torch.div(a, 2), torch.div(a, 2, rounding_mode='trunc'), "
                           "torch.div(a, 2, rounding_mode='floor'))"),
    "div_rounding_float": ("a = torch.tensor([-7.5, 7.5])\n"
                           "print(torch.div(a, 2, rounding_mode='trunc'), torch.div(a, 2, rounding_mode='floor'))"),
    "fmod_vs_remainder": "a = torch.tensor([-7., 7.])\nprint(torch.fmod(a, 3), torch.remainder(a, 3))",
    "int_pow_negative_exponent": "print(torch.tensor([2, 3]) ** -1)",
    # ------------------------------------------------------------ log, sqrt, overflow, nan
    "log_zero_negative": "print(torch.log(torch.tensor([0., -1., 1.])))",
    "sqrt_negative": "print(torch.sqrt(torch.tensor([-1., 0., 4.])))",
    "exp_overflow": "print(torch.exp(torch.tensor([88., 89., 1000., -1000.])))",
    "mul_overflow": "print(torch.tensor([3e38]) * 10, torch.tensor([-3e38]) * 10)",
    "float64_overflow": "print(torch.tensor([1e308], dtype=torch.float64) * 10)",
    "inf_arithmetic": ("i = torch.tensor([float('inf'), -float('inf')])\n"
                       "print(i - i, i * 0, i / i, 1 / i)"),
    "nan_propagation": ("n = torch.tensor([float('nan'), 1., 2.])\n"
                        "print(n + 1, n.sum(), n.mean(), n * 0, n == n)"),
    "nan_relu_abs": "n = torch.tensor([float('nan'), -1.])\nprint(torch.relu(n), torch.abs(n), torch.sigmoid(n))",
    "sigmoid_tanh_extremes": "t = torch.tensor([-1000., 1000.])\nprint(torch.sigmoid(t), torch.tanh(t))",
    "int_overflow_wraps": "print(torch.tensor([2 ** 62]) * 4)",
    # ------------------------------------------------------------ gradients at kinks and ties
    "grad_abs_zero": "x = torch.tensor([-1., 0., 2.], requires_grad=True)\nx.abs().sum().backward()\nprint(x.grad)",
    "grad_relu_zero": "x = torch.tensor([-1., 0., 2.], requires_grad=True)\nx.relu().sum().backward()\nprint(x.grad)",
    "grad_sqrt_zero": "x = torch.tensor([0., 4.], requires_grad=True)\nx.sqrt().sum().backward()\nprint(x.grad)",
    "grad_pow_half_zero": "x = torch.tensor([0., 4.], requires_grad=True)\n(x ** 0.5).sum().backward()\nprint(x.grad)",
    "grad_pow_zero_exponent": "x = torch.tensor([0., 3.], requires_grad=True)\n(x ** 0).sum().backward()\nprint(x.grad)",
    "grad_pow_square_zero": "x = torch.tensor([0., 3.], requires_grad=True)\n(x ** 2).sum().backward()\nprint(x.grad)",
    "grad_log_zero": "x = torch.tensor([0., 1.], requires_grad=True)\nx.log().sum().backward()\nprint(x.grad)",
    "grad_div_zero": ("x = torch.tensor([1., 1.], requires_grad=True)\ny = torch.tensor([0., 2.], requires_grad=True)\n"
                      "(x / y).sum().backward()\nprint(x.grad, y.grad)"),
    "grad_reciprocal_zero": "x = torch.tensor([0., 2.], requires_grad=True)\nx.reciprocal().sum().backward()\nprint(x.grad)",
    "grad_norm_zero": "x = torch.tensor([0., 0.], requires_grad=True)\nx.norm().backward()\nprint(x.grad)",
    "grad_clamp_min_boundary": ("x = torch.tensor([-1., 0., 2.], requires_grad=True)\n"
                                "x.clamp(min=0).sum().backward()\nprint(x.grad)"),
    "grad_clamp_both": ("x = torch.tensor([-1., 0., .5, 1., 2.], requires_grad=True)\n"
                        "x.clamp(0, 1).sum().backward()\nprint(x.grad)"),
    "grad_max_ties": "x = torch.tensor([1., 3., 3.], requires_grad=True)\nx.max().backward()\nprint(x.grad)",
    "grad_min_ties": "x = torch.tensor([1., 1., 3.], requires_grad=True)\nx.min().backward()\nprint(x.grad)",
    "grad_max_dim_tie": ("x = torch.tensor([[1., 2.], [1., 0.]], requires_grad=True)\n"
                         "x.max(dim=0).values.sum().backward()\nprint(x.grad)"),
    "grad_maximum_tie": ("x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
                         "y = torch.tensor([3., 2., 1.], requires_grad=True)\n"
                         "torch.maximum(x, y).sum().backward()\nprint(x.grad, y.grad)"),
    "grad_where_nan": ("x = torch.tensor([0., 1.], requires_grad=True)\n"
                       "torch.where(x > 0, x.log(), x).sum().backward()\nprint(x.grad)"),
    "grad_sign_zero": "x = torch.tensor([-2., 0., 2.], requires_grad=True)\nx.sign().sum().backward()\nprint(x.grad)",
    # ------------------------------------------------------------ empty tensors
    "empty_print": "print(torch.tensor([]), torch.ones(0, 3), torch.zeros(2, 0))",
    "empty_sum_mean": "e = torch.tensor([])\nprint(e.sum(), e.mean())",
    "empty_sum_dim": "print(torch.zeros(2, 0).sum(0), torch.zeros(2, 0).sum(1))",
    "empty_shape_numel": "e = torch.ones(0, 3)\nprint(e.shape, e.numel(), e.dim())",
    "empty_grad": ("e = torch.tensor([], requires_grad=True)\ns = e.sum()\ns.backward()\n"
                   "print(s, e.grad)"),
    "empty_item": "print(torch.tensor([]).item())",
    "empty_arange": "print(torch.arange(0), torch.arange(5, 2))",
    "empty_int_sum": "print(torch.tensor([], dtype=torch.int64).sum())",
}


def run(source):
    out = io.StringIO()
    error = None
    with contextlib.redirect_stdout(out):
        try:
            exec(source, {"torch": torch})
        except Exception as exc:  # recorded: the expected outcome
            error = "%s: %s" % (type(exc).__name__, exc)
    return {"source": source, "stdout": out.getvalue(), "error": error}


def main():
    cases = {name: run(source) for name, source in CASES.items()}
    data = {"torch": torch.__version__, "cases": cases}
    (HERE / "cases.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print("recorded %d cases with torch %s" % (len(cases), torch.__version__))


if __name__ == "__main__":
    main()
