"""One-shot commands against their peers: gradcli eval / diff / run of a 5-line script, HIPS autograd doing the
same in `python -c`, and `python -c "import numpy"` (the floor of any numpy-based tool).

    python bench/peers.py [--gradcli PATH] [--hips-python PATH] [--rounds N] [--no-instructions]

Every command runs once per round, interleaved, and the wall times are medians; beside them, the instructions
each executes under valgrind's callgrind (children included), which the machine's load does not move. HIPS
autograd is optional (--hips-python: a python that imports autograd); BLAS runs on one thread. Prints a
markdown table: each row's time and instructions, and both as ratios to the numpy floor and to HIPS.
"""

import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import measure  # noqa: E402

ONE_THREAD = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
SCRIPT = "import torch\nx = torch.tensor(2.0, requires_grad=True)\ny = x * torch.sin(x)\ny.backward()\nprint(x.grad)\n"
HIPS_EVAL = ("import autograd.numpy as np\nfrom autograd import grad\nf = lambda x: x * np.sin(x)\n"
             "print(f(2.0), grad(f)(2.0))")


def instructions(argv, env):
    """The instructions argv executes (callgrind, children followed), or None without valgrind."""
    if not shutil.which("valgrind"):
        return None
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes", "--callgrind-out-file=/dev/null",
                        "--log-file=%s/log.%%p" % folder, *argv], env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        counts = [int(found) for name in os.listdir(folder)
                  for found in re.findall(r"Collected : *(\d+)", pathlib.Path(folder, name).read_text())]
    return sum(counts) or None


def main(argv=None):
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--gradcli", default=shutil.which("gradcli", path=os.path.dirname(sys.executable))
                         or shutil.which("gradcli"))
    options.add_argument("--hips-python", default=None)
    options.add_argument("--rounds", type=int, default=15)
    options.add_argument("--no-instructions", action="store_true")
    args = options.parse_args(argv)
    env = dict(os.environ, **ONE_THREAD)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # (as a user's machine: the bytecode cached)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(SCRIPT)
    commands = {
        'python -c "import numpy"': [sys.executable, "-c", "import numpy"],
        'gradcli eval "x*sin(x)" --at x=2': [args.gradcli, "eval", "x*sin(x)", "--at", "x=2"],
        'gradcli diff "x*sin(x)" x': [args.gradcli, "diff", "x*sin(x)", "x"],
        "gradcli run (5 lines)": [args.gradcli, "run", f.name],
    }
    if args.hips_python:
        commands["HIPS autograd python -c (x*sin(x), grad)"] = [args.hips_python, "-c", HIPS_EVAL]
    for argv_ in commands.values():
        measure.run_once(argv_, env=env)  # (caches warm: bytecode, parse tables)
    times = {label: measure.median(r["seconds"]) for label, r in measure.interleaved(commands, args.rounds, env).items()}
    counts = {label: None if args.no_instructions else instructions(argv_, env) for label, argv_ in commands.items()}
    os.unlink(f.name)
    floor, hips = 'python -c "import numpy"', "HIPS autograd python -c (x*sin(x), grad)"

    def ratios(table, label):
        found = [table[label] / table[base] if table.get(base) and table[label] else None for base in (floor, hips)]
        return " / ".join("-" if r is None else "%.2fx" % r for r in found)
    print("| command | wall ms | instructions | wall vs numpy / HIPS | instructions vs numpy / HIPS |")
    print("|---|---|---|---|---|")
    for label in commands:
        count = counts[label]
        print("| %s | %.1f | %s | %s | %s |" % (label, times[label] * 1000, "-" if count is None else
                                                "%.0fM" % (count / 1e6), ratios(times, label), ratios(counts, label)))


if __name__ == "__main__":
    main()
