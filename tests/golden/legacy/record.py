"""Record torch's behaviour on the old spellings learner code still uses into cases.json (torch environment):

    /work/torchenv/bin/python tests/golden/legacy/record.py

Each case is a short script in the subset gradcli runs. torch runs it in a fresh process (its warn-once state is
per process): what it prints, the exception it ends with (`Kind: message`) and the warnings it shows (`Category:
message`, each once per line as Python's default filter shows them) are stored, with the CPU capability.
tests/torchlib/test_legacy_names.py runs the same scripts through gradcli and compares.
"""

import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent

CASES = {
    # ------------------------------------------------------------ torch.range: [start, end], deprecated
    "range": ("print(torch.range(0, 10), torch.range(1, 4, 0.5, dtype=torch.float64), torch.range(0, 1, 0.3))\n"
              "print(torch.range(0, 3).dtype, torch.range(0, 3, requires_grad=True), torch.range(0, 10, 3))\n"
              "print(torch.range(0, 4, dtype=torch.int64), torch.range(0.5, 2.5), torch.range(2, 2))"),
    "range_zero_step": "torch.range(0, 3, 0)",
    "range_wrong_sign": "torch.range(3, 0)",
    # ------------------------------------------------------------ torch.set_default_tensor_type, deprecated
    "set_default_tensor_type": (
        "print(torch.set_default_tensor_type('torch.FloatTensor'))\n"
        "torch.set_default_tensor_type(torch.DoubleTensor)\n"
        "print(torch.ones(1).dtype, torch.tensor([1.]).dtype, torch.Tensor(2).dtype, torch.get_default_dtype())\n"
        "torch.set_default_tensor_type('torch.HalfTensor')\nprint(torch.tensor([1.5]).dtype)\n"
        "torch.set_default_tensor_type('torch.FloatTensor')\nprint(torch.ones(1).dtype)"),
    "set_default_tensor_type_int": "torch.set_default_tensor_type('torch.IntTensor')",
    "set_default_tensor_type_int_class": "torch.set_default_tensor_type(torch.LongTensor)",
    "set_default_tensor_type_dtype": "torch.set_default_tensor_type(torch.float64)",
    "set_default_tensor_type_cuda": "torch.set_default_tensor_type('torch.cuda.FloatTensor')",
    "set_default_tensor_type_unknown_module": "torch.set_default_tensor_type('foo')",
    "set_default_tensor_type_unknown_name": "torch.set_default_tensor_type('torch.Foo')",
    # ------------------------------------------------------------ torch.Tensor(torch.Size)
    "legacy_tensor_of_a_size": ("b = torch.Tensor([[1, 2, 3], [4, 5, 6]])\nprint(torch.Tensor(b.size()).shape, "
                                "torch.Tensor((2, 3)), torch.LongTensor(torch.Size([2])).shape)"),
    # ------------------------------------------------------------ Tensor.storage(), untyped_storage()
    "storage": (
        "a = torch.arange(3).view(1, 3)\ns = a.storage()\nprint(s)\nprint(type(s), s.size(), len(s), s.dtype, "
        "s.device)\nprint(a.expand(3, 3).storage().size(), a.repeat(3, 3).storage().size())\n"
        "x = torch.arange(6.).view(3, 2)\nprint(x.storage().data_ptr() == x.t().storage().data_ptr() == "
        "x[1:, 1].storage().data_ptr(), x[1:].storage().size(), x.clone().storage().data_ptr() == "
        "x.storage().data_ptr())\nprint(x.data_ptr() == x.storage().data_ptr(), x[1:].data_ptr() == "
        "x.storage().data_ptr())\nprint(s[0], s.tolist(), x.storage()[3], list(x.storage())[:2])\n"
        "print(x.storage().element_size(), x.storage().nbytes(), x.storage().type())\n"
        "print(torch.ones(2, dtype=torch.float16).storage())\n"
        "print(torch.tensor([True, False]).storage(), torch.tensor([], dtype=torch.float64).storage())"),
    "untyped_storage": (
        "x = torch.arange(6.).view(3, 2)\nu = x.untyped_storage()\nprint(u)\n"
        "print(type(u), u.size(), u.nbytes(), len(u), x.untyped_storage().data_ptr() == "
        "x[1:].untyped_storage().data_ptr())"),
    # ------------------------------------------------------------ a list index that torch reads as a tuple
    "sequence_index_as_tuple": (
        "a = torch.arange(12).view(2, 2, 3)\n"
        "for i in [[0, None], [[0, 1], [1, 0]], [torch.tensor(0), torch.tensor(1)], [0, ...], [0, 1], [range(2)]]:\n"
        "    print(i, a[i].shape)\n"
        "b = a.clone()\nb[[0, None]] = 7\nprint(b[0], a[range(2), [0, 1]])\n"
        "x = torch.ones(3, 4, requires_grad=True)\ny = x[[[0, 2], [1, 3]]]\nprint(y.grad_fn.name(), y)"),
    # ------------------------------------------------------------ the Variable era: volatile, ctx.saved_variables
    "variable_volatile": ("from torch.autograd import Variable\nv = Variable(torch.ones(2), volatile=True)\n"
                          "print(v, v.volatile, v.requires_grad, torch.ones(1).volatile)\n"
                          "print(Variable(torch.ones(2), requires_grad=True, volatile=False))"),
    "saved_variables": ("class Sq(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n"
                        "        ctx.save_for_backward(x)\n        return x * x\n    @staticmethod\n"
                        "    def backward(ctx, g):\n        x, = ctx.saved_variables\n        return 2 * x * g\n"
                        "a = torch.tensor([3.0], requires_grad=True)\nSq.apply(a).backward()\nprint(a.grad)"),
    # ------------------------------------------------------------ nn.init's names without `_`: torch's RNG stream
    "init_without_underscore": (
        "import torch.nn as nn\ntorch.manual_seed(0)\nw = torch.empty(3, 4)\n"
        "for init in (nn.init.xavier_uniform, nn.init.xavier_normal, nn.init.kaiming_uniform, nn.init.kaiming_normal,"
        " nn.init.normal, nn.init.uniform):\n    print(init(w))\n"
        "print(nn.init.constant(w, 0.5), nn.init.eye(torch.empty(2, 3)))"),
    "zeros_like_keywords": ("x = torch.arange(3.)\nprint(torch.zeros_like(input=x), torch.ones_like(input=x), "
                            "torch.full_like(input=x, fill_value=2))"),
}

RUNNER = r"""
import contextlib, io, json, sys, warnings
import torch
out, error = io.StringIO(), None
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("default")
    with contextlib.redirect_stdout(out):
        try:
            exec(compile(sys.argv[1], "<case>", "exec"), {"__name__": "__main__"})
        except Exception as exc:
            error = "%s: %s" % (type(exc).__name__, str(exc).split("\n")[0])
shown = ["%s: %s" % (w.category.__name__, w.message) for w in caught]
print(json.dumps({"stdout": out.getvalue(), "error": error, "warnings": shown}))
"""


def record(bodies, path):
    """Run each case under torch and keep what it did in `path` (also tests/golden/meta/record.py's)."""
    import torch
    cases = {}
    for name, body in bodies.items():
        source = "import torch\n" + body + "\n"
        done = subprocess.run([sys.executable, "-c", RUNNER, source], capture_output=True, text=True, check=True)
        cases[name] = dict(json.loads(done.stdout), source=body)
    record = {"torch": torch.__version__, "cpu_capability": torch.backends.cpu.get_cpu_capability(), "cases": cases}
    path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    record(CASES, HERE / "cases.json")
