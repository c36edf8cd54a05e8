"""Record what torch 2.13 prints for the command-line cases of tests/cli/test_eval_view.py: the reprs of inputs made
after torch.manual_seed, of their gradients and of the results, at the default and other print precisions, and
the exact gradient values (.tolist()) that `gradcli eval --values` prints.

    /work/torchenv/bin/python tests/golden/cli/make_golden.py   (writes cli.json beside this file)
"""

import json
import pathlib

import torch


def case(name, expression, make, weight=None, precision=None, dtype=torch.float32):
    """Evaluate `expression` (a Python function of the inputs) on the inputs `make` draws after manual_seed(0)."""
    torch.set_default_dtype(dtype)
    torch.manual_seed(0)
    inputs = {key: value.requires_grad_() for key, value in make().items()}
    value = expression(**inputs)
    value.backward(weight(value) if weight else None)
    if precision is not None:
        torch.set_printoptions(precision=precision)
    record = {
        "value": repr(value),
        "inputs": {key: repr(leaf.detach()) for key, leaf in inputs.items()},
        "grads": {key: repr(leaf.grad) for key, leaf in inputs.items()},
        "values": {key: [repr(v) for v in leaf.grad.flatten().tolist()] for key, leaf in inputs.items()},
    }
    torch.set_printoptions(profile="default")
    torch.set_default_dtype(torch.float32)
    return name, record


CASES = dict([
    # a 4x6 gradient: 64 columns wide, too wide for a table cell at 80 columns
    case("square_4x6", lambda x: x ** 2, lambda: {"x": torch.randn(4, 6)}, weight=torch.ones_like),
    case("square_4x6_precision_8", lambda x: x ** 2, lambda: {"x": torch.randn(4, 6)}, weight=torch.ones_like,
         precision=8),
    case("cube_scalar", lambda x: x ** 3, lambda: {"x": torch.tensor(1.1)}),
    case("product_mixed", lambda x, y: (x * y).sum(), lambda: {"x": torch.randn(2), "y": torch.tensor(0.1)}),
    case("double_randn", lambda x: (x * x).sum(), lambda: {"x": torch.randn(3)}, dtype=torch.float64),
])

if __name__ == "__main__":
    path = pathlib.Path(__file__).with_name("cli.json")
    path.write_text(json.dumps({"torch": torch.__version__, "cases": CASES}, indent=1) + "\n")
    print("wrote", path)
