"""One-shot commands against their peers: gradcli eval / diff / run of a 5-line script, HIPS autograd doing the
same in `python -c`, and `python -c "import numpy"` (the floor of any numpy-based tool).

    python bench/peers.py [--gradcli PATH] [--hips-python PATH] [--rounds N] [--no-instructions]

Every command runs once per round, interleaved, and the wall times are medians; beside them, the instructions
each executes (valgrind, children included; measure.instructions), which the machine's load does not move. HIPS
autograd is optional (--hips-python: a python that imports autograd); BLAS runs on one thread. Prints a
markdown table: each row's time and instructions, and both as ratios to the numpy floor and to HIPS.
"""

import argparse
import os
import pathlib
import shutil
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import measure  # noqa: E402

FLOOR, HIPS = 'python -c "import numpy"', "HIPS autograd python -c (x*sin(x), grad)"
SCRIPT = "import torch\nx = torch.tensor(2.0, requires_grad=True)\ny = x * torch.sin(x)\ny.backward()\nprint(x.grad)\n"
HIPS_EVAL = ("import autograd.numpy as np\nfrom autograd import grad\nf = lambda x: x * np.sin(x)\n"
             "print(f(2.0), grad(f)(2.0))")


def commands(gradcli, script, hips_python=None):
    """{label: argv} of the one-shot commands: the numpy floor, gradcli's three, and HIPS autograd's when given
    (`script`: the path of SCRIPT, written by the caller)."""
    found = {
        FLOOR: [sys.executable, "-c", "import numpy"],
        'gradcli eval "x*sin(x)" --at x=2': [gradcli, "eval", "x*sin(x)", "--at", "x=2"],
        'gradcli diff "x*sin(x)" x': [gradcli, "diff", "x*sin(x)", "x"],
        "gradcli run (5 lines)": [gradcli, "run", script],
    }
    if hips_python:
        found[HIPS] = [hips_python, "-c", HIPS_EVAL]
    return found


def environment():
    """The one-shot commands' environment: one BLAS thread, and the bytecode cached as on a user's machine."""
    env = dict(os.environ, **measure.ONE_THREAD)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def main(argv=None):
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--gradcli", default=shutil.which("gradcli", path=os.path.dirname(sys.executable))
                         or shutil.which("gradcli"))
    options.add_argument("--hips-python", default=None)
    options.add_argument("--rounds", type=int, default=15)
    options.add_argument("--no-instructions", action="store_true")
    args = options.parse_args(argv)
    env = environment()
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(SCRIPT)
    chosen = commands(args.gradcli, f.name, args.hips_python)
    for argv_ in chosen.values():
        measure.run_once(argv_, env=env)  # (caches warm: bytecode, parse tables)
    times = {label: measure.median(r["seconds"]) for label, r in measure.interleaved(chosen, args.rounds, env).items()}
    counts = {label: None if args.no_instructions else measure.instructions(argv_, env)
              for label, argv_ in chosen.items()}
    os.unlink(f.name)

    def ratios(table, label):
        found = [table[label] / table[base] if table.get(base) and table[label] else None for base in (FLOOR, HIPS)]
        return " / ".join("-" if r is None else "%.2fx" % r for r in found)
    print("| command | wall ms | instructions | wall vs numpy / HIPS | instructions vs numpy / HIPS |")
    print("|---|---|---|---|---|")
    for label in chosen:
        count = counts[label]
        print("| %s | %.1f | %s | %s | %s |" % (label, times[label] * 1000, "-" if count is None else
                                                "%.0fM" % (count / 1e6), ratios(times, label), ratios(counts, label)))


if __name__ == "__main__":
    main()
