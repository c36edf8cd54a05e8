"""Execution cost per small-tensor statement: gradcli's compiled statements against the same lines under torch.

    python bench/statements.py [--torch-python PATH] [--statements N] [--rounds R]

Parsing and compiling are left out on both sides: gradcli runs `compile_program`'s closures, torch runs the
lines compiled by Python. Each side is a long-lived worker process that times one pass per request; the
requests alternate (gradcli, torch, gradcli, ...) so that a busy machine slows both alike, and medians are
reported. Torch runs on one thread.
"""

import argparse
import statistics
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent


def gradcli_pass(statements):
    """A function that runs one pass of the script's statements and returns seconds per statement."""
    import io
    import time
    sys.path.insert(0, str(HERE.parent))
    sys.path.insert(0, str(HERE))
    import scripts
    from gradcli.lang.compile import interpreter
    import gradcli
    assert pathlib.Path(gradcli.__file__).resolve().parents[1] == HERE.parent, "gradcli is not this source tree's"
    import gc
    program = interpreter.compile_program(scripts.batch_script(statements), "<bench>")[:statements + 1]
    gc.freeze()  # as the gradcli command does once a long script is compiled (cli.process)

    def run():
        it = interpreter.Interpreter(io.StringIO().write)
        start = time.perf_counter()
        for statement in program:
            statement(it.frame)
        return (time.perf_counter() - start) / statements
    return run


def torch_pass(statements):
    import time
    import torch
    sys.path.insert(0, str(HERE))
    import scripts
    torch.set_num_threads(1)
    lines = scripts.batch_script(statements).splitlines()[:statements + 1]
    program = [compile(line, "<bench>", "exec") for line in lines]

    def run():
        names = {}
        start = time.perf_counter()
        for code in program:
            exec(code, names)
        return (time.perf_counter() - start) / statements
    return run


def worker(kind, statements):
    run = (gradcli_pass if kind == "gradcli" else torch_pass)(statements)
    run()  # warm up
    for _ in sys.stdin:
        print(run(), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--torch-python", default="/work/torchenv/bin/python")
    parser.add_argument("--statements", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--worker", choices=("gradcli", "torch"))
    args = parser.parse_args()
    if args.worker:
        return worker(args.worker, args.statements)
    pythons = {"gradcli": sys.executable, "torch": args.torch_python}
    workers = {kind: subprocess.Popen([python, __file__, "--worker", kind, "--statements", str(args.statements)],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
               for kind, python in pythons.items()}
    times = {kind: [] for kind in workers}
    for _ in range(args.rounds):
        for kind, proc in workers.items():
            proc.stdin.write("go\n")
            proc.stdin.flush()
            times[kind].append(float(proc.stdout.readline()) * 1e6)
    for proc in workers.values():
        proc.stdin.close()
        proc.wait()
    for kind, values in times.items():
        print("%-8s %6.1f us/statement  (median of %d; min %.1f, max %.1f)"
              % (kind, statistics.median(values), len(values), min(values), max(values)))
    print("ratio    %6.2fx" % (statistics.median(times["gradcli"]) / statistics.median(times["torch"])))


if __name__ == "__main__":
    main()
