"""What each of the gradcli command's process policies (gradcli/cli/process.py) is worth: the same work with the
policy and without it, in child processes run interleaved, medians and their ratio. Prints a table; never
asserts.

    python bench/policies.py [--rounds N]

- allocator: bench/large.py's two workloads in-process through the library, with the command's glibc
  tuning (keep_freed_memory) and with glibc's defaults; the per-iteration median of each process, then the
  median over rounds.
- cycle collector: `gradcli run` of the 5,000-statement batch script (bench/scripts.py), whole process, as
  the command runs it and with the collector left on while the script compiles (no pause, no freeze).
- full collections: `gradcli run` of a 200,000-op deep chain (bench/scripts.py's deep_script), whole process,
  as the command runs it and at Python's pace of full collections (pace_full_collections not called).
- exit: the same run leaving through Python's teardown (sys.exit, the compiled program freed object by object)
  instead of os._exit.
"""

import argparse
import json
import os
import pathlib
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import measure  # noqa: E402
import scripts  # noqa: E402


# `gradcli run FILE` through cli.launch.command(), with some of cli.process's policies replaced first
COMMAND = """import contextlib, sys
sys.argv = ["gradcli", "run", sys.argv[1]]
from gradcli.cli import launch, process
%s
launch.command()
"""
WITHOUT = {
    "as the command": "",
    "collector left on while compiling": "process.compiling = lambda text: contextlib.nullcontext()",
    "Python's teardown instead of os._exit": "process.keep_until_exit = lambda obj: None\nprocess.leave = sys.exit",
}


def allocator(rounds, env):
    rows = []
    for workload in ("pointwise", "matmul"):
        per_iteration = {"tuned": [], "glibc defaults": []}
        for _ in range(rounds):
            for label in per_iteration:
                argv = [sys.executable, str(HERE / "large.py"), "gradcli", workload, "10"]
                if label == "glibc defaults":
                    argv.append("glibc-defaults")
                _, _, out = measure.run_once(argv, env=env)
                per_iteration[label].append(measure.median(json.loads(out)["seconds"]))
        tuned, default = (measure.median(per_iteration[k]) for k in ("tuned", "glibc defaults"))
        rows.append(("allocator, %s: per iteration" % workload, "glibc defaults", tuned, default))
    return rows


def command_policies(rounds, env):
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "batch.py")
        with open(path, "w") as f:
            f.write(scripts.batch_script(5000))
        commands = {label: [sys.executable, "-c", COMMAND % patch, path] for label, patch in WITHOUT.items()}
        results = measure.interleaved(commands, rounds, env=env)
    outputs = {label: result["stdout"] for label, result in results.items()}
    assert len(set(outputs.values())) == 1, "the policies changed the script's output"
    command = measure.median(results["as the command"]["seconds"])
    return [("5,000-statement script, whole process", label, command, measure.median(results[label]["seconds"]))
            for label in WITHOUT if label != "as the command"]


def collector_pace(rounds, env, length=200_000):
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "deep.py")
        with open(path, "w") as f:
            f.write(scripts.deep_script(length))
        commands = {label: [sys.executable, "-c", COMMAND % patch, path] for label, patch in
                    (("as the command", ""), ("Python's pace of full collections",
                                              "process.pace_full_collections = lambda: None"))}
        results = measure.interleaved(commands, rounds, env=env)
    assert len({result["stdout"] for result in results.values()}) == 1, "the policy changed the script's output"
    return [("%d-op deep chain, whole process (CPU)" % length, label, measure.median(results["as the command"]["cpu"]),
             measure.median(results[label]["cpu"])) for label in commands if label != "as the command"]


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    arguments.add_argument("--rounds", type=int, default=7)
    args = arguments.parse_args()
    env = dict(os.environ, **measure.ONE_THREAD)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE.parent)] + env.get("PYTHONPATH", "").split(os.pathsep))
    rows = allocator(args.rounds, env) + command_policies(args.rounds, env) + collector_pace(args.rounds, env)
    print("| workload | with the policy | without: | | policy's gain |")
    print("|---|---|---|---|---|")
    for workload, without, with_policy, without_policy in rows:
        print("| %s | %.1f ms | %s | %.1f ms | %.2fx |" % (workload, 1000 * with_policy, without,
                                                        1000 * without_policy, without_policy / with_policy))


if __name__ == "__main__":
    main()
