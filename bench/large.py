"""Large-tensor workloads, one process per (library, workload): forward + backward per iteration.

    python bench/large.py gradcli|torch|numpy pointwise|matmul ITERATIONS [glibc-defaults]

prints one JSON line with the per-iteration seconds. Every library gets the same float32 data (seeded numpy)
and runs on one thread; the numpy column is the floor: the same forward and the chain rule written by hand.
gradcli runs with the allocator policy of the `gradcli` command (cli.process.keep_freed_memory), as a
`gradcli eval` or `gradcli run` of these expressions would; `glibc-defaults` leaves it out (bench/policies.py
measures the difference).
"""

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure  # noqa: E402

measure.one_thread()  # before numpy loads its BLAS

import numpy as np

POINTWISE_N = 4_000_000
MATMUL_N = 600


def data(workload):
    rng = np.random.default_rng(0)
    if workload == "pointwise":
        return rng.standard_normal(POINTWISE_N, dtype=np.float32)
    return (rng.standard_normal((MATMUL_N, MATMUL_N), dtype=np.float32) / np.sqrt(MATMUL_N)).astype(np.float32)


# ---------------------------------------------------------------- the floor: numpy by hand
def numpy_pointwise(x):
    # forward: mean(3 * (x + 2) ** 2)
    t = x + 2
    s = t * t
    u = 3 * s
    out = u.mean(dtype=np.float32)
    # backward: d/du mean = 1/n (a scalar), d/ds = 3/n, d/dt = 2 t * 3/n, d/dx = d/dt
    grad = t * np.float32(6.0 / x.size)
    return out, grad


def numpy_matmul(a):
    # forward: sum(tanh(a @ a) * a)
    m = a @ a
    h = np.tanh(m)
    out = (h * a).sum(dtype=np.float32)
    # backward: d/dh = a, d/dm = a (1 - h^2), a gets d/dm @ a.T + a.T @ d/dm and h directly
    gm = a * (1 - h * h)
    grad = gm @ a.T + a.T @ gm + h
    return out, grad


# ---------------------------------------------------------------- gradcli and torch: the same Python loop
def autograd_pointwise(x, lib):
    x.grad = None
    out = (3 * (x + 2) ** 2).mean()
    out.backward()
    return out, x.grad


def autograd_matmul(a, lib):
    a.grad = None
    out = (lib.tanh(a @ a) * a).sum()
    out.backward()
    return out, a.grad


def setup(library, workload):
    array = data(workload)
    if library == "numpy":
        return (numpy_pointwise if workload == "pointwise" else numpy_matmul), array, None
    if library == "torch":
        import torch
        torch.set_num_threads(1)
        leaf = torch.from_numpy(array).requires_grad_()
        lib = torch
    else:
        if "glibc-defaults" not in sys.argv[4:]:
            from gradcli.cli.process import keep_freed_memory
            keep_freed_memory()
        from gradcli.ops import FUNCTIONS
        from gradcli.core.tensor import Tensor
        leaf = Tensor(array, requires_grad=True)
        lib = type("torch", (), {"tanh": staticmethod(FUNCTIONS["tanh"])})
    step = autograd_pointwise if workload == "pointwise" else autograd_matmul
    return (lambda x: step(x, lib)), leaf, lib


def main(argv):
    library, workload, iterations = argv[0], argv[1], int(argv[2])
    step, x, _ = setup(library, workload)
    out, grad = step(x)  # warm-up (first-call costs are not per-iteration costs)
    times = []
    for _ in range(iterations):
        # Every library starts an iteration holding nothing from the last, as the autograd loops do with
        # `x.grad = None`: the same memory lifetimes, hence the same behaviour of the C allocator (whether
        # freed 16 MB blocks go back to the OS and fault in again differs by 2x on this workload).
        out = grad = None
        start = time.perf_counter()
        out, grad = step(x)
        times.append(time.perf_counter() - start)
    grad_array = np.asarray(grad.detach().numpy() if library == "torch" else
                            grad.array if library == "gradcli" else grad)
    print(json.dumps({"seconds": times, "dtype": str(grad_array.dtype), "checksum": float(grad_array.sum()),
                      "value": float(out if library == "numpy" else out.item())}))


if __name__ == "__main__":
    main(sys.argv[1:])
