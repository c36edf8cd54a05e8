"""Generated scripts for the whole-process workloads; each runs unchanged under `python` (torch) and `gradcli run`."""

# Small-tensor statements of the kinds scripts are made of: creation, arithmetic, reductions, backward, zero_.
# `{i}` varies the constants so that no two consecutive blocks are identical.
_BLOCK = (
    "a = torch.ones(3, 4, requires_grad=True)",
    "b = torch.tensor([[1.0, 2.0, 3.0, 4.0], [0.5, 0.25, {i}.0, 2.0], [3.0, 1.0, 0.0, -1.0]])",
    "c = (a * b + 2).sum()",
    "c.backward()",
    "s = a.grad.mean() + b.sum(dim=0).norm()",
    "d = torch.zeros(2, 3) + torch.arange(3.0) * {i}",
    "e = (d.exp() - 1).abs().mean(dim=1)",
    "a.grad.zero_()",
    "f = torch.tanh(b @ a.t()).sum()",
    "f.backward()",
)


def batch_script(statements):
    """`statements` small-tensor statements (plus the import and a closing print)."""
    lines = ["import torch"]
    i = 0
    while len(lines) - 1 < statements:
        for line in _BLOCK:
            if len(lines) - 1 == statements:
                break
            lines.append(line.format(i=i % 7))
        i += 1
    lines.append("print(a.grad, s, e)")
    return "\n".join(lines) + "\n"


def deep_script(length):
    """A chain of `length` multiplications, then backward through all of it."""
    return ("import torch\n"
            "x = torch.tensor(1.0, requires_grad=True)\n"
            "y = x\n"
            "for i in range(%d):\n"
            "    y = y * 1.00001\n"
            "y.backward()\n"
            "print(y)\n"
            "print(x.grad)\n" % length)
