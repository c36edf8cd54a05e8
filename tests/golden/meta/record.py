"""Record torch's `meta` device (tensors with a shape and no data) into cases.json (torch environment):

    /work/torchenv/bin/python tests/golden/meta/record.py

The same record as tests/golden/legacy's (stdout, the exception a case ends with, the warnings, the CPU
capability); tests/core/test_meta.py runs the cases through gradcli and compares.
"""

import importlib.util
import pathlib

HERE = pathlib.Path(__file__).resolve().parent

CASES = {
    "factories": (
        "torch.manual_seed(0)\n"
        "t = torch.ones(3, 4, device='meta')\nprint(t)\nprint(t.shape, t.dtype, t.device, t.is_meta, t.stride())\n"
        "print(torch.empty(2, device='meta', dtype=torch.int64), torch.zeros(2, 2, device=torch.device('meta')))\n"
        "print(torch.rand(2, 3, device='meta'), torch.randn(2, device='meta', requires_grad=True))\n"
        "print(torch.full((2,), 3.0, device='meta'), torch.arange(5, device='meta'), torch.eye(3, device='meta'))\n"
        "print(torch.tensor([1., 2.], device='meta'), torch.randint(0, 3, (2,), device='meta'))\n"
        "print(torch.rand(1))  # the meta factories drew nothing from the generator"),
    "to_and_from": (
        "x = torch.ones(2, 3).to('meta')\nprint(x, x.sum(), (x * 2 + 1).shape, x.device == torch.device('meta'))\n"
        "print(torch.zeros(()).to('meta'), torch.zeros(0, 3).to('meta'), x.float().double())\n"
        "print(torch.ones(2, 2).new_ones(3).device, x.new_ones(3), torch.zeros_like(x), torch.rand_like(x))\n"
        "print(x + torch.tensor(2.), x == x, x[0], x[0].shape, x.T, x.view(3, 2).shape)\n"
        "y = torch.ones(2, 2, requires_grad=True).to('meta')\nprint(y)"),
    "huge": (
        "big = torch.empty(10**9, device='meta')\n"
        "print(big.view(1000, -1).shape, (big * big).shape, big.sum(), big.mean(0), big.reshape(10, -1).sum(1))\n"
        "w = torch.empty(10**6, 10**6, device='meta')\nprint(w @ w, (w.t() @ w[:, :3]).shape, w.relu().shape)"),
    "item": "torch.ones((), device='meta').item()",
    "item_of_several": "torch.ones(2, 3, device='meta').item()",
    "tolist": "torch.ones(2, device='meta').tolist()",
    "numpy": "torch.ones(2, device='meta').numpy()",
    "float": "float(torch.ones((), device='meta'))",
    "bool": "bool(torch.ones((), device='meta'))",
    "cpu": "torch.ones(2, device='meta').cpu()",
    "to_cpu": "torch.ones(2, device='meta').to('cpu')",
    "mixed_devices": "torch.ones(2, 3, device='meta') + torch.ones(2, 3)",
    "copy_into": ("m = torch.ones(2, 3, device='meta')\nm.copy_(torch.ones(2, 3))\nm.add_(1)\nm.uniform_()\n"
                  "print(m, m._version)\ntorch.manual_seed(0)\ntorch.empty(3, device='meta').normal_()\n"
                  "print(torch.rand(1))"),
    "copy_out": "torch.ones(2, 3).copy_(torch.ones(2, 3, device='meta'))",
    "modules": (
        "import torch.nn as nn\ntorch.manual_seed(0)\nwith torch.device('meta'):\n    l = nn.Linear(3, 2)\n"
        "    inside = torch.ones(1)\nprint(l.weight, inside.device, torch.ones(1).device)\nprint(l)\n"
        "print(l(torch.ones(5, 3, device='meta')))\nprint(torch.rand(1))\n"
        "c = nn.Conv2d(3, 5, 2, device='meta')\nout = c(torch.rand(2**10, 3, 2**16, 2**16, device='meta'))\n"
        "print(out, c.weight.device)\n"
        "x = nn.functional.max_pool2d(torch.empty(1024, 6, 28, 28, device='meta'), 2)\nprint(x.shape)"),
    "load_state_dict": (
        "import torch.nn as nn\ntorch.manual_seed(0)\nwith torch.device('meta'):\n    l = nn.Linear(3, 2)\n"
        "l2 = nn.Linear(3, 2)\nprint(l.load_state_dict(l2.state_dict()))\nprint(l.weight.device)\n"
        "print(l.load_state_dict(l2.state_dict(), assign=True))\n"
        "print(l.weight.device, l.weight is l2.weight, type(l.weight).__name__, l.weight.requires_grad)\n"
        "print(l.weight)\nwith torch.device('meta'):\n    e = nn.Linear(3, 2)\n"
        "print(e.to_empty(device='cpu').weight.shape, e.weight.device, nn.Linear(2, 2).to('meta').weight)"),
    "backward": ("y = torch.ones(2, 2, device='meta', requires_grad=True)\nz = (y * 3).sum()\nprint(z)\n"
                 "z.backward()\nprint(y.grad)"),
    "forward_hooks": (
        "import torch.nn as nn\nseq = nn.Sequential(nn.Linear(3, 4), nn.ReLU())\n"
        "def hook(module, args, output):\n    print(type(module).__name__, len(args), output.shape)\n"
        "handles = [m.register_forward_hook(hook) for m in seq.modules()]\nseq(torch.ones(2, 3))\n"
        "handles[0].remove()\nseq(torch.ones(1, 3))\n"
        "seq[1].register_forward_hook(lambda m, a, o: o * 0)\nprint(seq(torch.ones(1, 3)))"),
}

spec = importlib.util.spec_from_file_location("legacy_record", HERE.parent / "legacy" / "record.py")

if __name__ == "__main__":
    legacy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(legacy)
    legacy.record(CASES, HERE / "cases.json")
