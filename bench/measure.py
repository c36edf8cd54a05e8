"""Timing helpers: run commands as child processes and read their wall time, CPU time and peak memory, and count
the instructions a command executes.

Peak memory and CPU time come from os.wait4 (the child's own rusage), so every measurement is of exactly one
process. Instruction counts come from valgrind: the machine's load moves a time, never a count.
"""

import os
import pathlib
import re
import shutil
import statistics
import subprocess
import tempfile
import time

# BLAS, OpenMP and torch on one thread in every child, set before they load
ONE_THREAD = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def one_thread():
    """In a worker, before numpy loads its BLAS: ONE_THREAD, where the environment does not say otherwise."""
    for name, value in ONE_THREAD.items():
        os.environ.setdefault(name, value)


def run_measured(argv, env=None, check=True):
    """Run argv with stdout to a pipe; return {"seconds", "cpu" (user + system), "peak_mib", "stdout",
    "returncode", "stderr"}. A non-zero exit raises unless `check` is false."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL, env=env)
        out = proc.stdout.read()
        proc.stdout.close()
        _, status, usage = os.wait4(proc.pid, 0)  # this child's own rusage (Popen.wait would lose it)
        seconds = time.perf_counter() - start
        proc.returncode = returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        errors = err.read().decode(errors="replace")[-2000:]
    if returncode != 0 and check:
        raise RuntimeError("%s exited with %d:\n%s" % (" ".join(argv[:4]), returncode, errors))
    return {"seconds": seconds, "cpu": usage.ru_utime + usage.ru_stime, "peak_mib": usage.ru_maxrss / 1024,
            "stdout": out.decode(errors="replace"), "returncode": returncode, "stderr": errors}


def run_once(argv, env=None):
    """Run argv with stdout to a pipe; return (seconds, peak RSS in MiB, stdout text)."""
    done = run_measured(argv, env)
    return done["seconds"], done["peak_mib"], done["stdout"]


def interleaved(commands, rounds, env=None):
    """Run each command once per round, alternating (A B A B ...), so machine noise hits all alike.

    commands: {label: argv}. Returns {label: {"seconds": [...], "cpu": [...], "peak_mib": [...], "stdouts":
    [...], "stdout": the last output}}.
    """
    results = {label: {"seconds": [], "cpu": [], "peak_mib": [], "stdouts": [], "stdout": ""} for label in commands}
    for _ in range(rounds):
        for label, argv in commands.items():
            done = run_measured(argv, env=env)
            for key in ("seconds", "cpu", "peak_mib"):
                results[label][key].append(done[key])
            results[label]["stdouts"].append(done["stdout"])
            results[label]["stdout"] = done["stdout"]
    return results


def instructions(argv, env=None):
    """The instructions argv executes, children followed and added, or None without valgrind. Counted by
    cachegrind without its cache simulation: the same count as callgrind's (372.1M and 373.3M for `python -c
    "import numpy"`) in two thirds of the time."""
    if not shutil.which("valgrind"):
        return None
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--trace-children=yes",
                        "--cachegrind-out-file=/dev/null", "--log-file=%s/log.%%p" % folder, *argv], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        counts = [int(found.replace(",", "")) for name in os.listdir(folder)
                  for found in re.findall(r"I\s+refs:\s*([\d,]+)", pathlib.Path(folder, name).read_text())]
    return sum(counts) or None


def load_average():
    """The 1-minute load average (None where the system does not say)."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return None


def median(values):
    return statistics.median(values) if values else float("nan")
