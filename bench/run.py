"""gradcli's benchmarks against PyTorch and the plain-numpy floor. Prints a table; never asserts.

    python bench/run.py [--torch-python PATH] [--gradcli PATH] [--json FILE] [--quick] [--only NAME ...]

Needs only the standard library and numpy. Torch workloads run in a python that has torch: --torch-python, or
this interpreter if it imports torch; without one the torch columns stay empty. gradcli runs as its installed
`gradcli` command (--gradcli, else next to this python, else on PATH) for the whole-process workloads, and
in-process from the source tree next to this file for the per-iteration ones.

Every comparison runs the commands interleaved (A B A B ...) and reports medians, so that a busy machine
slows all columns alike; the large-tensor workloads run on one thread in every library.
"""

import argparse
import json
import os
import pathlib
import platform
import re
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import measure  # noqa: E402
import scripts  # noqa: E402

ONE_THREAD = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
COLD_EXPRESSION = ("mean(3*(x+2)^2)", "--at", "x=ones(2,2)")
BASELINE_IMPORTS = "import numpy, typer, lark, rich.console"


class Row:
    """One line of the table: a workload, its three figures, and the targets it is judged by."""

    def __init__(self, workload, unit, gradcli, torch=None, floor=None, targets=(), note=""):
        self.workload, self.unit, self.note = workload, unit, note
        self.gradcli, self.torch, self.floor = gradcli, torch, floor
        self.targets = targets  # (label, ratio, limit) triples

    def verdict(self):
        judged = [(label, ratio, limit) for label, ratio, limit in self.targets if ratio is not None]
        if not judged:
            return "n/a"
        return ", ".join("%s %.2fx %s %.2fx" % (label, ratio, "<=" if ratio <= limit else "MISSES", limit)
                         for label, ratio, limit in judged)

    def to_dict(self):
        return {"workload": self.workload, "unit": self.unit, "gradcli": self.gradcli, "torch": self.torch,
                "numpy_floor": self.floor, "note": self.note,
                "targets": [{"against": label, "ratio": ratio, "limit": limit, "met": ratio is not None
                             and ratio <= limit} for label, ratio, limit in self.targets]}


def ratio(a, b):
    """a / b, or None where either is missing or not positive: a time <= 0 (a slope of two noisy process times can
    come out so) is a failed measurement, never a met target."""
    return a / b if a is not None and b is not None and a > 0 and b > 0 else None


# ---------------------------------------------------------------- finding the programs
def find_torch_python(given):
    if given:
        return given
    try:
        import torch  # noqa: F401
        return sys.executable
    except ImportError:
        return None


def find_gradcli(given):
    if given:
        return given
    beside = pathlib.Path(sys.executable).parent / "gradcli"
    return str(beside) if beside.exists() else shutil.which("gradcli")


def python_of(script):
    """The interpreter a console script runs with (its #! line): the baseline imports run in the same one."""
    with open(script, "rb") as f:
        first = f.readline().decode(errors="replace").strip()
    return first[2:].split()[0] if first.startswith("#!") else sys.executable


# ---------------------------------------------------------------- workloads
def cold_start(gradcli, rounds):
    python = python_of(gradcli)
    results = measure.interleaved({
        "gradcli": [gradcli, "eval", *COLD_EXPRESSION],
        "imports": [python, "-c", BASELINE_IMPORTS],
    }, rounds)
    g, base = (measure.median(results[k]["seconds"]) for k in ("gradcli", "imports"))
    return Row("cold start: gradcli eval (to a pipe)", "s", g, floor=base,
               targets=[("vs bare imports", ratio(g, base), 1.25)],
               note="floor = python -c '%s'" % BASELINE_IMPORTS)


def large(torch_python, workload, rounds, iterations):
    """Per-iteration forward+backward; one process per (library, round), libraries interleaved."""
    env = dict(os.environ, **ONE_THREAD)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE.parent)] + env.get("PYTHONPATH", "").split(os.pathsep))
    commands = {"gradcli": [sys.executable, str(HERE / "large.py"), "gradcli", workload, str(iterations)],
                "numpy": [sys.executable, str(HERE / "large.py"), "numpy", workload, str(iterations)]}
    if torch_python:
        commands["torch"] = [torch_python, str(HERE / "large.py"), "torch", workload, str(iterations)]
    per_iteration = {label: [] for label in commands}
    checks = {}
    for _ in range(rounds):
        for label, argv in commands.items():
            _, _, out = measure.run_once(argv, env=env)
            report = json.loads(out)
            per_iteration[label].append(measure.median(report["seconds"]))
            checks[label] = (report["dtype"], report["checksum"])
    g, t, f = (measure.median(per_iteration[k]) if k in per_iteration else None
               for k in ("gradcli", "torch", "numpy"))
    note = "grad dtype %s" % checks["gradcli"][0]
    if checks["gradcli"][0] != "float32":
        note += " (NOT float32)"
    name = {"pointwise": "mean(3*(x+2)**2), 4M float32: fwd+bwd",
            "matmul": "sum(tanh(a@a)*a), 600x600: fwd+bwd"}[workload]
    return Row(name, "s/iter", g, t, f, note=note,
               targets=[("vs torch", ratio(g, t), 1.0), ("vs numpy", ratio(g, f), 1.3)])


def compared_with_torch(same, torch_python):
    return ("same as torch's" if same else "DIFFERENT from torch's") if torch_python else "(no torch to compare with)"


def batch(gradcli, torch_python, rounds, statements=5000, short=1000, long=20000):
    """Whole process of a generated `statements`-long small-tensor script, and the steady per-statement cost:
    the slope between a `short` and a `long` script, taken within each round (all commands run one after the
    other) and then the median over rounds. Torch's import alone (~1.5 s) drifts by tens of milliseconds
    between runs: a difference of two medians carried that drift into its slope (12 to 43 us), and even the
    paired slope over 4,000 statements ranged 27-39 us; over 19,000 statements it stays within a few us."""
    sizes = (short, statements, long)
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for n in sizes:
            paths[n] = os.path.join(folder, "batch%d.py" % n)
            with open(paths[n], "w") as f:
                f.write(scripts.batch_script(n))
        commands = {"gradcli %d" % n: [gradcli, "run", paths[n]] for n in sizes}
        if torch_python:
            commands.update({"torch %d" % n: [torch_python, paths[n]] for n in sizes})
        results = measure.interleaved(commands, rounds)
    outputs = {label: r["stdout"] for label, r in results.items()}
    same = all(outputs["gradcli %d" % n] == outputs.get("torch %d" % n) for n in sizes)

    def slope(who):
        pairs = zip(results["%s %d" % (who, short)]["seconds"], results["%s %d" % (who, long)]["seconds"])
        return measure.median([(full - brief) / (long - short) for brief, full in pairs])

    g, g_slope = measure.median(results["gradcli %d" % statements]["seconds"]), slope("gradcli")
    t = t_slope = None
    if torch_python:
        t, t_slope = measure.median(results["torch %d" % statements]["seconds"]), slope("torch")
    note = "outputs " + compared_with_torch(same, torch_python)
    slope_note = "a slope <= 0 is the machine's noise: rerun" if min(g_slope, t_slope or 1) <= 0 else ""
    return [Row("batch: %d-statement script, whole process" % statements, "s", g, t,
                targets=[("vs torch", ratio(g, t), 0.5)], note=note),
            Row("batch: per statement (paired slope %d->%d)" % (short, long), "s/stmt", g_slope, t_slope,
                targets=[("vs torch", ratio(g_slope, t_slope), 2.0)], note=slope_note)]


def deep(gradcli, torch_python, rounds, length=200_000):
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "deep.py")
        with open(path, "w") as f:
            f.write(scripts.deep_script(length))
        commands = {"gradcli": [gradcli, "run", path]}
        if torch_python:
            commands["torch"] = [torch_python, path]
        results = measure.interleaved(commands, rounds)
    g, t = (measure.median(results[k]["seconds"]) if k in results else None for k in ("gradcli", "torch"))
    gm, tm = (measure.median(results[k]["peak_mib"]) if k in results else None for k in ("gradcli", "torch"))
    same = results["gradcli"]["stdout"] == results.get("torch", {}).get("stdout")
    note = "printed gradient %s: %s" % (compared_with_torch(same, torch_python),
                                        results["gradcli"]["stdout"].strip().splitlines()[-1])
    return [Row("deep: %d-op chain + backward, whole process" % length, "s", g, t,
                targets=[("vs torch", ratio(g, t), 3.0)], note=note),
            Row("deep: peak RSS", "MiB", gm, tm, targets=[("vs torch", ratio(gm, tm), 1.5)])]


def tutorial_scripts():
    """The tutorial-sized scripts that run cleanly: the seeds, examples/ and the corpus's scripts that exit 0."""
    root = HERE.parent
    found = sorted(root.glob("tests/corpora/seeds/*.py")) + sorted(root.glob("examples/*.py"))
    for path in sorted(root.glob("tests/corpora/snippets/*/*.py")):
        rc = path.with_suffix(".rc")
        if not rc.exists() or rc.read_text().strip() == "0":
            found.append(path)
    return found


def _without_addresses(text):
    """Output with the objects' addresses (`<SumBackward0 object at 0x7f...>`) masked: each worker has its own."""
    return re.sub(r"0x[0-9a-f]+", "0x...", text)


def many(gradcli, torch_python, rounds, count=200, torch_sample=10):
    """`gradcli run -j 1` and `-j 2` over `count` tutorial-sized scripts (each in its own worker), and what
    running `python` + torch once per script costs: `torch_sample` of them timed in the same rounds, scaled to
    `count` (torch's ~1.5 s start per script makes the whole count minutes long)."""
    sources = tutorial_scripts()
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for i in range(count):
            path = os.path.join(folder, "s%03d.py" % i)
            shutil.copyfile(sources[i % len(sources)], path)
            paths.append(path)
        commands = {"j1": [gradcli, "run", "-j", "1", *paths], "j2": [gradcli, "run", "-j", "2", *paths]}
        if torch_python:
            loop = "import subprocess, sys\nfor f in sys.argv[1:]:\n    subprocess.run([sys.executable, f], check=True)\n"
            commands["torch"] = [torch_python, "-c", loop, *paths[:torch_sample]]
        results = measure.interleaved(commands, rounds)
    j1, j2 = (measure.median(results[k]["seconds"]) for k in ("j1", "j2"))
    t = measure.median(results["torch"]["seconds"]) * count / torch_sample if torch_python else None
    same = _without_addresses(results["j1"]["stdout"]) == _without_addresses(results["j2"]["stdout"])
    note = "%d scripts from %d distinct; -j 2's output %s -j 1's" % (count, len(sources),
                                                                      "same as" if same else "DIFFERENT from")
    return [Row("many: %d scripts, run -j 1 (torch: python per script)" % count, "s", j1, t, note=note),
            Row("many: %d scripts, run -j 2" % count, "s", j2, t,
                targets=[("vs -j 1", ratio(j2, j1), round(1 / 1.7, 3)), ("vs torch", ratio(j2, t), 0.05)])]


# ---------------------------------------------------------------- output
def fmt(value, unit):
    if value is None:
        return "-"
    if unit in ("s", "s/iter"):
        return "%.1f ms" % (value * 1e3) if value < 1 else "%.2f s" % value
    if unit == "s/stmt":
        return "%.1f us" % (value * 1e6)
    return "%.0f %s" % (value, unit)


def table(rows):
    header = ("workload", "gradcli", "torch", "numpy floor", "verdict (ratio vs target)")
    body = [(r.workload, fmt(r.gradcli, r.unit), fmt(r.torch, r.unit), fmt(r.floor, r.unit), r.verdict())
            for r in rows]
    widths = [max(len(line[i]) for line in [header] + body) for i in range(len(header))]
    lines = ["| " + " | ".join(cell.ljust(w) for cell, w in zip(line, widths)) + " |" for line in [header] + body]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    notes = ["- %s: %s" % (r.workload, r.note) for r in rows if r.note]
    return "\n".join(lines + [""] + notes)


def machine(torch_python):
    cpu = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    import numpy
    info = {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(), "numpy": numpy.__version__,
            "torch": None}
    if torch_python:
        info["torch"] = subprocess.run([torch_python, "-c", "import torch; print(torch.__version__)"],
                                       capture_output=True, text=True).stdout.strip() or None
    return info


MARKDOWN = """# Benchmarks

Produced by `%(command)s` on %(machine)s.
Medians of interleaved runs (cold start: %(cold_rounds)d rounds; batch: %(batch_rounds)d; the others: %(rounds)d);
the large-tensor workloads run on one thread in every library. Ratios under 1 mean gradcli is faster. The
machine was shared, so single figures are noisy; the ratios are what the targets judge.

%(table)s
"""


def write_head(path, head):
    """Replace what comes before the file's first '## ' section with `head`; the written analysis stays."""
    try:
        with open(path, encoding="utf-8") as f:
            old = f.read()
    except FileNotFoundError:
        old = ""
    sections = old.find("\n## ")
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + (old[sections:] if sections >= 0 else ""))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--torch-python", help="a python that has torch (default: this one, if it has)")
    parser.add_argument("--gradcli", help="the gradcli command (default: beside this python, else on PATH)")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--markdown", help="also write the machine and the table as Markdown: the head of this file "
                                           "(docs/bench.md), up to its first '## ' section, which is kept")
    parser.add_argument("--quick", action="store_true", help="fewer rounds (figures are noisier)")
    parser.add_argument("--only", nargs="*", choices=("cold", "large", "batch", "deep", "many"),
                        help="run only these workloads")
    args = parser.parse_args(argv)
    torch_python = find_torch_python(args.torch_python)
    gradcli = find_gradcli(args.gradcli)
    wanted = set(args.only or ("cold", "large", "batch", "deep", "many"))
    if gradcli is None and wanted & {"cold", "batch", "deep", "many"}:
        parser.error("no gradcli command found: install gradcli (pip install .) or pass --gradcli")
    rounds = 3 if args.quick else 5
    batch_rounds = 3 if args.quick else 7  # the slope is a difference of two noisy process times

    rows = []
    if "cold" in wanted:
        rows.append(cold_start(gradcli, 10 if args.quick else 20))
    if "large" in wanted:
        rows.append(large(torch_python, "pointwise", rounds, 10))
        rows.append(large(torch_python, "matmul", rounds, 10))
    if "batch" in wanted:
        rows.extend(batch(gradcli, torch_python, batch_rounds))
    if "deep" in wanted:
        rows.extend(deep(gradcli, torch_python, 3 if args.quick else 5))
    if "many" in wanted:
        rows.extend(many(gradcli, torch_python, 3 if args.quick else 5))
    info = machine(torch_python)
    heading = "machine: %(cpu)s, %(cores)s cores; python %(python)s, numpy %(numpy)s, torch %(torch)s" % info
    print(heading)
    print(table(rows))
    if args.markdown:
        head = MARKDOWN % {"machine": heading[len("machine: "):], "table": table(rows),
                           "cold_rounds": 10 if args.quick else 20, "rounds": rounds, "batch_rounds": batch_rounds,
                           "command": " ".join(["python bench/run.py"] + (argv or sys.argv[1:]))}
        write_head(args.markdown, head)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": info, "rows": [r.to_dict() for r in rows]}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
