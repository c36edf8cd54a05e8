"""What explaining costs when it is off: the same three timings on two source trees, interleaved.

    python bench/explain_off.py BEFORE_TREE AFTER_TREE [--rounds R]

statements: bench/statements.py's gradcli pass (2,000 compiled batch statements, per statement); engine: a
20,000-node chain's backward (per node); apply: building that chain (per op). Each tree runs in a long-lived
worker; requests alternate between them (and which goes first), and medians are reported. Run it with the same
tree twice (A/A) first: on a shared machine the second worker can be ~10% slower by itself, which is the floor
below which a difference means nothing.
"""

import argparse
import statistics
import subprocess
import sys

WORKER = r'''
import sys, time, pathlib
root = pathlib.Path(sys.argv[1])
sys.path.insert(0, str(root)); sys.path.insert(0, str(root / "bench"))
import statements, gradcli
assert pathlib.Path(gradcli.__file__).resolve().parents[1] == root.resolve()
import numpy as np
from gradcli.core import backward as autograd
from gradcli.core.tensor import Tensor
run_statements = statements.gradcli_pass(2000)

def chain(timed_backward):
    x = Tensor(np.ones(4, dtype=np.float32), requires_grad=True)
    start = time.perf_counter()
    y = x
    for _ in range(20000):
        y = y * 1.0001
    built = time.perf_counter()
    if not timed_backward:
        return (built - start) / 20000
    autograd.backward(y.sum())
    return (time.perf_counter() - built) / 20000

tasks = {"statements": run_statements, "engine": lambda: chain(True), "apply": lambda: chain(False)}
for line in sys.stdin:
    print(tasks[line.strip()](), flush=True)
'''
TASKS = ("statements", "engine", "apply")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    workers = [subprocess.Popen([sys.executable, "-c", WORKER, tree], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=True) for tree in (args.before, args.after)]
    times = {(w, task): [] for w in range(2) for task in TASKS}
    for r in range(args.rounds):
        for task in TASKS:
            for w in ((0, 1) if r % 2 == 0 else (1, 0)):
                workers[w].stdin.write(task + "\n")
                workers[w].stdin.flush()
                times[(w, task)].append(float(workers[w].stdout.readline()))
    for task in TASKS:
        a, b = (statistics.median(times[(w, task)]) * 1e6 for w in range(2))
        print("%-10s before %8.3f us  after %8.3f us  after/before %.3f" % (task, a, b, b / a))
    return 0


if __name__ == "__main__":
    sys.exit(main())
