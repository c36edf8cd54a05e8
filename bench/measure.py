"""Timing helpers: run commands as child processes and read their wall time and peak memory.

Peak memory comes from os.wait4 (the child's own rusage), so every measurement is of exactly one process.
"""

import os
import statistics
import subprocess
import tempfile
import time


def run_once(argv, env=None):
    """Run argv with stdout to a pipe; return (seconds, peak RSS in MiB, stdout text)."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL, env=env)
        out = proc.stdout.read()
        proc.stdout.close()
        _, status, usage = os.wait4(proc.pid, 0)  # this child's own rusage (Popen.wait would lose it)
        seconds = time.perf_counter() - start
        proc.returncode = returncode = os.waitstatus_to_exitcode(status)
        if returncode != 0:
            err.seek(0)
            raise RuntimeError("%s exited with %d:\n%s" % (" ".join(argv[:4]), returncode,
                                                            err.read().decode(errors="replace")[-2000:]))
    return seconds, usage.ru_maxrss / 1024, out.decode(errors="replace")


def interleaved(commands, rounds, env=None):
    """Run each command once per round, alternating (A B A B ...), so machine noise hits all alike.

    commands: {label: argv}. Returns {label: {"seconds": [...], "peak_mib": [...], "stdout": last output}}.
    """
    results = {label: {"seconds": [], "peak_mib": [], "stdout": ""} for label in commands}
    for _ in range(rounds):
        for label, argv in commands.items():
            seconds, peak, out = run_once(argv, env=env)
            results[label]["seconds"].append(seconds)
            results[label]["peak_mib"].append(peak)
            results[label]["stdout"] = out
    return results


def median(values):
    return statistics.median(values) if values else float("nan")
