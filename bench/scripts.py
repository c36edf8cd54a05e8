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


# The same statements written with HIPS autograd's numpy, line for line, so that a script cut at any statement
# does the same work: HIPS has no tape, so a forward line becomes a function and its `backward()` line the call
# that runs forward and backward together (value_and_grad); `a.grad` is the array `a_grad`.
_HIPS_BLOCK = (
    "a = np.ones((3, 4))",
    "b = np.array([[1.0, 2.0, 3.0, 4.0], [0.5, 0.25, {i}.0, 2.0], [3.0, 1.0, 0.0, -1.0]])",
    "fc = lambda a: (a * b + 2).sum()",
    "c, a_grad = value_and_grad(fc)(a)",
    "s = a_grad.mean() + np.linalg.norm(b.sum(axis=0))",
    "d = np.zeros((2, 3)) + np.arange(3.0) * {i}",
    "e = np.abs(np.exp(d) - 1).mean(axis=1)",
    "a_grad = a_grad * 0",
    "ff = lambda a: np.tanh(b @ a.T).sum()",
    "f, g = value_and_grad(ff)(a); a_grad = a_grad + g",
)
assert len(_HIPS_BLOCK) == len(_BLOCK)


def _repeated(head, block, statements, tail):
    """`head`, then `statements` lines of `block` repeated (its `{i}` counting blocks, mod 7), then `tail`."""
    lines = []
    i = 0
    while len(lines) < statements:
        lines.extend(line.format(i=i % 7) for line in block[:statements - len(lines)])
        i += 1
    return "\n".join([head, *lines, tail]) + "\n"


def batch_script(statements):
    """`statements` small-tensor statements (plus the import and a closing print)."""
    return _repeated("import torch", _BLOCK, statements, "print(a.grad, s, e)")


def hips_batch_script(statements):
    """batch_script's statements written for HIPS autograd (run by a python that has `autograd`)."""
    return _repeated("import autograd.numpy as np\nfrom autograd import value_and_grad", _HIPS_BLOCK, statements,
                     "print(a_grad, s, e)")


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


# Training loops as the tutorials write them: an nn.Sequential MLP on one batch of 64, the loss module, the
# optimizer, and the four-line step.
TRAININGS = {
    "mse+sgd": ("torch.randn(64, 5)", "nn.MSELoss()", "torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)"),
    "cross_entropy+adam": ("torch.randint(0, 5, (64,))", "nn.CrossEntropyLoss()",
                           "torch.optim.Adam(model.parameters(), lr=1e-3)"),
}


def training_script(kind, steps, start_up=100):
    """`steps` training steps of a 20-64-5 MLP with TRAININGS[kind]'s targets, loss and optimizer; prints the
    final loss, then the CPU time of a step after the first `start_up` (timed inside the process: the start-up's
    noise, torch's import, is larger than the difference between two scripts' steps)."""
    targets, loss, optimizer = TRAININGS[kind]
    return ("import time\n"
            "import torch\n"
            "import torch.nn as nn\n"
            "torch.manual_seed(0)\n"
            "X = torch.randn(64, 20)\n"
            "y = %s\n"
            "model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 5))\n"
            "loss_fn = %s\n"
            "optimizer = %s\n"
            "for step in range(%d):\n"
            "    if step == %d:\n"
            "        start = time.process_time()\n"
            "    optimizer.zero_grad()\n"
            "    loss = loss_fn(model(X), y)\n"
            "    loss.backward()\n"
            "    optimizer.step()\n"
            "print(round(loss.item(), 4))\n"
            "print((time.process_time() - start) / %d)\n" % (targets, loss, optimizer, steps, start_up,
                                                              steps - start_up))
