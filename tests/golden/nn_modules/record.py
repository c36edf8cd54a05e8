"""Record torch's behaviour on torch.nn modules issue 27's learner code calls (ConvTranspose1d/2d, ...) into
cases.json (torch environment; the runner is tests/golden/legacy/record.py's):

    /work/torchenv/bin/python tests/golden/nn_modules/record.py

Each case is a short script in the subset gradcli runs: torch's stdout (reprs, values on torch's RNG stream,
grad_fn names, gradients), the exception it ends with (`Kind: message`) and its warnings are stored, with the CPU
capability. tests/torchlib/test_nn_modules.py runs the same scripts through gradcli and compares.
"""

import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "legacy"))
from record import RUNNER  # noqa: E402

CONV_T = "import torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n"
CASES = {
    # ------------------------------------------------------------ nn.ConvTranspose1d / 2d
    "conv_transpose_init": CONV_T + (
        "m = nn.ConvTranspose2d(32, 64, 3)\nprint(m, m.weight.shape, m.bias.shape)\nprint(m.weight[0, 0], m.bias[:4])\n"
        "m = nn.ConvTranspose2d(4, 6, (3, 2), stride=2, padding=1, output_padding=1, groups=2, bias=False, "
        "dilation=2)\nprint(m)\nprint(m.weight)\nprint(m.transposed, m.output_padding, m.padding, m.groups)\n"
        "m = nn.ConvTranspose1d(3, 4, 5, 2)\nprint(m)\nprint(m.weight[1], m.bias)\n"
        "print(type(m), isinstance(m, nn.Module), nn.Conv2d(1, 1, 1).transposed, nn.Conv2d(1, 1, 1).output_padding)"),
    "conv_transpose_forward": CONV_T + (
        "m = nn.ConvTranspose2d(2, 3, 3, stride=2, padding=1)\nx = torch.randn(1, 2, 3, 4, requires_grad=True)\n"
        "y = m(x)\nprint(y)\nprint(y.grad_fn.name(), [n.name() if n else n for n, _ in y.grad_fn.next_functions])\n"
        "y.pow(2).sum().backward()\nprint(x.grad, m.weight.grad[1], m.bias.grad)\n"
        "print(m(x, output_size=[6, 8]).shape, m(x, output_size=(1, 3, 5, 7)).shape, m(x[0]).shape)\n"
        "print(m(x, output_size=torch.Size([6, 7])).shape)\n"
        "print(F.conv_transpose1d(torch.ones(1, 1, 3), torch.ones(1, 1, 2), stride=2))\n"
        "print(torch.conv_transpose2d(torch.ones(1, 1, 2, 2), torch.ones(1, 2, 2, 2), stride=2, padding=1))"),
    "conv_transpose_1d_unbatched": CONV_T + (
        "m = nn.ConvTranspose1d(2, 2, 3, stride=3, output_padding=1, groups=2)\nz = m(torch.randn(2, 4))\n"
        "print(z, z.shape)"),
    "conv_transpose_output_size_range": CONV_T + (
        "m = nn.ConvTranspose2d(4, 6, 3, stride=2)\nprint(m(torch.randn(1, 4, 5, 5), output_size=[12, 12]).shape)\n"
        "m(torch.randn(1, 4, 5, 5), output_size=[13, 13])"),
    "conv_transpose_output_size_length": CONV_T + (
        "nn.ConvTranspose2d(4, 6, 3)(torch.randn(1, 4, 5, 5), output_size=[1, 2, 3])"),
    "conv_transpose_padding_mode": CONV_T + "nn.ConvTranspose2d(4, 6, 3, padding_mode='reflect')",
    "conv_transpose_padding_same": CONV_T + (
        "m = nn.ConvTranspose2d(4, 6, 3, padding='same')\nprint(m.padding)\nm(torch.randn(1, 4, 5, 5))"),
    "conv_transpose_groups": CONV_T + "nn.ConvTranspose2d(4, 6, 3, groups=4)",
    "conv_transpose_channels": CONV_T + "nn.ConvTranspose2d(4, 6, 3)(torch.randn(1, 3, 5, 5))",
}


def main():
    import torch
    cases = {}
    for name, body in CASES.items():
        source = "import torch\n" + body + "\n"
        done = subprocess.run([sys.executable, "-c", RUNNER, source], capture_output=True, text=True, check=True)
        cases[name] = dict(json.loads(done.stdout), source=body)
    record = {"torch": torch.__version__, "cpu_capability": torch.backends.cpu.get_cpu_capability(), "cases": cases}
    HERE.joinpath("cases.json").write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
