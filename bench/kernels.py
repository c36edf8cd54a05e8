"""What torch's arithmetic costs on numpy: each gradcli.kernels function against numpy's own function for the
same operation (which adds or rounds differently), on one thread, with the gradcli command's allocator policy.
Prints a Markdown table (best of N runs each); never asserts. docs/bench.md keeps the latest.

    python bench/kernels.py [--rounds N]
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure  # noqa: E402

measure.one_thread()  # before numpy loads its BLAS

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gradcli.cli.process import keep_freed_memory  # noqa: E402
from gradcli.kernels import cpu, derivatives, reduce, softmax, sums, unary  # noqa: E402


def numpy_softmax(m):
    e = np.exp(m - m.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def rows():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(4_000_000, dtype=np.float32)
    m = x.reshape(2000, 2000)
    g = rng.standard_normal(4_000_000, dtype=np.float32)
    y = unary.sigmoid(x)
    return [
        ("sum, 4M float32", lambda: sums.sum(x), lambda: np.add.reduce(x)),
        ("sum, 4M float64", lambda: sums.sum(x.astype(np.float64)), lambda: np.add.reduce(x.astype(np.float64))),
        ("mean, 4M float32", lambda: reduce.mean(x), lambda: np.mean(x)),
        ("sum(dim=0), 2000x2000", lambda: sums.sum(m, (0,)), lambda: np.add.reduce(m, 0)),
        ("sum(dim=1), 2000x2000", lambda: sums.sum(m, (1,)), lambda: np.add.reduce(m, 1)),
        ("var, 4M float32", lambda: reduce.var(x), lambda: np.var(x, ddof=1)),
        ("norm, 4M float32", lambda: reduce.norm2(x), lambda: np.sqrt(np.dot(x, x))),
        ("cumsum, 4M float32", lambda: reduce.cumsum(x, 0), lambda: np.cumsum(x)),
        ("softmax(dim=1), 2000x2000", lambda: softmax.softmax(m, 1), lambda: numpy_softmax(m)),
        ("sigmoid, 4M float32", lambda: unary.sigmoid(x), lambda: 1 / (1 + np.exp(-x))),
        ("sigmoid backward, 4M float32", lambda: derivatives.sigmoid_backward(g, y), lambda: g * (1 - y) * y),
        ("gelu (erf), 4M float32", lambda: unary.gelu(x, "none"), lambda: x * (1 + np.tanh(x)) * 0.5),
        ("exp estimate, 4M float32", lambda: unary.vml_estimate("exp", x), lambda: np.exp(x)),
        ("tanh estimate, 4M float32", lambda: unary.vml_estimate("tanh", x), lambda: np.tanh(x)),
    ]


def best(function, rounds):
    function()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    keep_freed_memory()
    cpu.set_num_threads(1)
    print(f"capability {cpu.capability()}, 1 thread")
    print("| operation | gradcli.kernels | numpy | ratio |")
    print("|---|---|---|---|")
    for name, kernel, floor in rows():
        ours, theirs = best(kernel, args.rounds), best(floor, args.rounds)
        print(f"| {name} | {ours * 1e3:.1f} ms | {theirs * 1e3:.1f} ms | {ours / theirs:.1f}x |", flush=True)


if __name__ == "__main__":
    main()
