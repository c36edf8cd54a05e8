"""gradcli's benchmarks against its peers: every target of issue 28, each row against its anchors, in one run.
Prints a table; never asserts.

    python bench/run.py [--torch-python PATH] [--hips-python PATH] [--gradcli PATH] [--only FAMILY ...]
                        [--quick] [--no-instructions] [--json FILE] [--markdown docs/bench.md]

The anchors are torch (--torch-python, or this interpreter if it imports torch), HIPS autograd and SymPy
(--hips-python: a python that imports autograd and sympy, e.g. /work/benchvenv/bin/python; none of it is a
dependency of gradcli) and numpy (this interpreter). A missing anchor leaves its column empty and its target
unjudged. gradcli runs as its installed `gradcli` command (--gradcli, else next to this python, else on PATH) for
the whole-process rows, and in-process from the source tree next to this file for the per-call ones.

Every comparison runs its commands interleaved (A B A B ...) and reports medians, with BLAS and torch on one
thread. Whole-process rows are judged by the instructions each command executes (valgrind, counted
once: the machine's load moves a time, never a count) where valgrind is installed, else by CPU time; the times
are printed beside the counts. One module per family: peers.py (one-shot commands), scripts.py (the generated
scripts: statements, deep chains, training loops), small.py (small tensors), large.py (large tensors), diff.py.
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
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import diff as diff_bench  # noqa: E402
import measure  # noqa: E402
import peers  # noqa: E402
import scripts  # noqa: E402

FAMILIES = ("oneshot", "statements", "deep", "training", "small", "large", "diff", "many")
ONE_THREAD_ENV = dict(os.environ, **measure.ONE_THREAD)


class Target:
    """One limit of issue 28: gradcli's figure over an anchor's. Judged by the instruction counts where both were
    counted (the load does not move them), else by the times."""

    def __init__(self, against, limit, time=None, count=None):
        self.against, self.limit, self.time, self.count = against, limit, time, count

    @property
    def ratio(self):
        return self.count if self.count is not None else self.time

    @property
    def met(self):
        return self.ratio is not None and self.ratio <= self.limit

    def text(self):
        if self.ratio is None:
            return "vs %s: not measured" % self.against
        text = "vs %s %.2fx %s %.2fx" % (self.against, self.ratio, "<=" if self.met else "MISSES", self.limit)
        if self.count is not None:
            text += " by instructions" + ("" if self.time is None else " (time %.2fx)" % self.time)
        return text

    def to_dict(self):
        return {"against": self.against, "limit": self.limit, "time_ratio": self.time,
                "instruction_ratio": self.count, "met": self.met}


class Check:
    """A yes-or-no target, such as "a 50,000-statement script runs with the default limits"."""

    def __init__(self, label, met):
        self.label, self.met = label, met

    def text(self):
        return "%s: %s" % (self.label, "yes" if self.met else "NO")

    def to_dict(self):
        return {"check": self.label, "met": self.met}


class Row:
    """One line of the table: a workload, gradcli's figure and its anchors' (times, and instruction counts where
    counted), and the targets it is judged by."""

    def __init__(self, workload, unit, times, counts=None, targets=(), note=""):
        self.workload, self.unit, self.note = workload, unit, note
        self.times = {who: value for who, value in times.items() if value is not None}  # "gradcli" first
        self.counts = {who: value for who, value in (counts or {}).items() if value is not None}
        self.targets = list(targets)

    def verdict(self):
        return ", ".join(target.text() for target in self.targets) or "n/a"

    def to_dict(self):
        return {"workload": self.workload, "unit": self.unit, "times": self.times, "instructions": self.counts,
                "note": self.note, "targets": [target.to_dict() for target in self.targets]}


def ratio(a, b):
    """a / b, or None where either is missing or not positive: a time <= 0 (a slope of two noisy process times can
    come out so) is a failed measurement, never a met target."""
    return a / b if a is not None and b is not None and a > 0 and b > 0 else None


def versus(times, counts, anchor, limit):
    """The Target "gradcli / anchor <= limit" from a row's times and counts."""
    return Target(anchor, limit, ratio(times.get("gradcli"), times.get(anchor)),
                  ratio(counts.get("gradcli"), counts.get(anchor)))


def slope(runs, short, long, units):
    """The cost of one unit (a statement, a step) between a `short` and a `long` run of `runs` ({size: results}):
    paired within each round, then the median (a difference of two medians carries the drift of a start-up,
    torch's import, into it)."""
    return measure.median([(b - a) / units for a, b in zip(runs[short]["cpu"], runs[long]["cpu"])])


def count_slope(short, long, units):
    """The instructions of one unit between two counts, or None where either was not counted."""
    return None if short is None or long is None else (long - short) / units


class Counter:
    """Instruction counts of whole-process commands (valgrind), or none: without valgrind, with
    --no-instructions, and for torch's commands unless asked (under valgrind `import torch` alone takes
    minutes on a shared machine)."""

    def __init__(self, enabled, torch):
        self.enabled = enabled and shutil.which("valgrind") is not None
        self.torch = torch

    def __call__(self, argv, env=None, torch=False):
        if not self.enabled or (torch and not self.torch):
            return None
        return measure.instructions(argv, env)


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


def imports(python, module):
    """Whether `python` imports `module` (an optional anchor)."""
    return bool(python) and subprocess.run([python, "-c", "import " + module], capture_output=True).returncode == 0


def written(folder, name, text):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(text)
    return path


# ---------------------------------------------------------------- the families
def oneshot(gradcli, hips_python, rounds, count):
    """gradcli eval / diff / run of a 5-line script (bench/peers.py's commands) against HIPS autograd doing the
    same in `python -c` and against `python -c "import numpy"`: ahead of HIPS, <= 1.25x numpy's import."""
    env = peers.environment()
    with tempfile.TemporaryDirectory() as folder:
        commands = peers.commands(gradcli, written(folder, "five.py", peers.SCRIPT), hips_python)
        for argv in commands.values():
            measure.run_once(argv, env=env)  # (caches warm: bytecode, parse tables)
        results = measure.interleaved(commands, rounds, env)
        counts = {label: count(argv, env) for label, argv in commands.items()}
    anchors = {"HIPS": peers.HIPS, "numpy": peers.FLOOR}
    rows = []
    for label in commands:
        if not label.startswith("gradcli"):
            continue
        times = {"gradcli": measure.median(results[label]["cpu"])}
        times.update({who: measure.median(results[of]["cpu"]) for who, of in anchors.items() if of in results})
        counted = {"gradcli": counts[label], **{who: counts.get(of) for who, of in anchors.items()}}
        rows.append(Row("one-shot: " + label, "s", times, counted,
                        [versus(times, counted, "HIPS", 1.0), versus(times, counted, "numpy", 1.25)]))
    return rows


def statements(gradcli, torch_python, hips_python, rounds, count, whole=5000, short=1000, long=20000):
    """The generated small-tensor script (scripts.batch_script; HIPS: the same lines in autograd.numpy): its
    whole process at `whole` statements, and the steady per-statement cost, the paired slope between `short`
    and `long` statements (by instructions: between `short` and `whole`, counts being exact)."""
    sizes = (short, whole, long)
    makers = {"gradcli": (scripts.batch_script, lambda path: [gradcli, "run", path])}
    if torch_python:
        makers["torch"] = (scripts.batch_script, lambda path: [torch_python, path])
    if hips_python:
        makers["HIPS"] = (scripts.hips_batch_script, lambda path: [hips_python, path])
    with tempfile.TemporaryDirectory() as folder:
        commands = {(who, n): argv(written(folder, "%s%d.py" % (who, n), make(n)))
                    for who, (make, argv) in makers.items() for n in sizes}
        results = measure.interleaved(commands, rounds, ONE_THREAD_ENV)
        counts = {(who, n): count(commands[who, n], ONE_THREAD_ENV, torch=who == "torch")
                  for who in makers for n in (short, whole)}
    same = all(results["gradcli", n]["stdout"] == results.get(("torch", n), {}).get("stdout") for n in sizes)
    times = {who: measure.median(results[who, whole]["cpu"]) for who in makers}
    counted = {who: counts[who, whole] for who in makers}
    per = {who: slope({n: results[who, n] for n in sizes}, short, long, long - short) for who in makers}
    per_count = {who: count_slope(counts[who, short], counts[who, whole], whole - short) for who in makers}
    noisy = any(value is not None and value <= 0 for value in per.values())
    return [Row("statements: %d-statement script, whole process" % whole, "s", times, counted,
                [versus(times, counted, "HIPS", 0.8)],
                note="outputs " + compared_with_torch(same, torch_python)),
            Row("statements: per statement (slope %d->%d; instructions %d->%d)" % (short, long, short, whole),
                "s/stmt", per, per_count, [versus(per, per_count, "HIPS", 0.8), versus(per, per_count, "torch", 1.5)],
                note="a slope <= 0 is the machine's noise: rerun" if noisy else "")]


def compared_with_torch(same, torch_python):
    return ("same as torch's" if same else "DIFFERENT from torch's") if torch_python else "(no torch to compare with)"


def fifty_thousand(gradcli, torch_python, statements=50_000):
    """A 50,000-statement script runs with the default limits (no option given) and prints what torch prints."""
    with tempfile.TemporaryDirectory() as folder:
        path = written(folder, "batch%d.py" % statements, scripts.batch_script(statements))
        ours = measure.run_measured([gradcli, "run", path], ONE_THREAD_ENV, check=False)
        theirs = measure.run_measured([torch_python, path], ONE_THREAD_ENV) if torch_python else None
    checks = [Check("exits 0 with the default limits", ours["returncode"] == 0)]
    if theirs:
        checks.append(Check("prints torch's output", ours["stdout"] == theirs["stdout"]))
    note = "" if ours["returncode"] == 0 else "exit %d: %s" % (ours["returncode"], ours["stderr"].strip()[-300:])
    return Row("statements: %d-statement script runs" % statements, "s",
               {"gradcli": ours["cpu"], "torch": theirs and theirs["cpu"]}, targets=checks, note=note)


def deep(gradcli, torch_python, rounds, count, lengths=((200_000, 0.6), (1_000_000, 1.0)), counted_up_to=200_000):
    """A chain of n multiplications and backward through it, whole process: time and peak memory against torch
    (instructions up to `counted_up_to` ops: a million under valgrind takes many minutes)."""
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for length, limit in lengths:
            path = written(folder, "deep%d.py" % length, scripts.deep_script(length))
            commands = {"gradcli": [gradcli, "run", path]}
            if torch_python:
                commands["torch"] = [torch_python, path]
            results = measure.interleaved(commands, rounds if length <= counted_up_to else max(1, rounds - 2),
                                          ONE_THREAD_ENV)
            counts = {who: count(argv, ONE_THREAD_ENV, torch=who == "torch") if length <= counted_up_to else None
                      for who, argv in commands.items()}
            times = {who: measure.median(r["cpu"]) for who, r in results.items()}
            peaks = {who: measure.median(r["peak_mib"]) for who, r in results.items()}
            same = results["gradcli"]["stdout"] == results.get("torch", {}).get("stdout")
            note = "printed gradient %s: %s" % (compared_with_torch(same, torch_python),
                                                results["gradcli"]["stdout"].strip().splitlines()[-1])
            rows.append(Row("deep: %d-op chain + backward, whole process" % length, "s", times, counts,
                            [versus(times, counts, "torch", limit)], note=note))
            rows.append(Row("deep: %d ops, peak RSS" % length, "MiB", peaks, targets=[versus(peaks, {}, "torch", 0.5)]))
    return rows


def training(gradcli, torch_python, rounds, count, steps=1000, start_up=100):
    """Training loops as tutorials write them (scripts.training_script): the whole process of `steps` steps
    ahead of torch, and a step after the first `start_up` (CPU time, as the script measures it) <= 2x torch's."""
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for kind in scripts.TRAININGS:
            path = written(folder, "%s.py" % kind, scripts.training_script(kind, steps, start_up))
            commands = {"gradcli": [gradcli, "run", path]}
            if torch_python:
                commands["torch"] = [torch_python, path]
            results = measure.interleaved(commands, rounds, ONE_THREAD_ENV)
            counts = {who: count(argv, ONE_THREAD_ENV, torch=who == "torch") for who, argv in commands.items()}
            times = {who: measure.median(r["cpu"]) for who, r in results.items()}
            printed = {who: r["stdout"].split() for who, r in results.items()}  # [loss, seconds a step]
            per = {who: measure.median([float(out.split()[1]) for out in r["stdouts"]]) for who, r in results.items()}
            same = printed["gradcli"][0] == printed.get("torch", [None])[0]
            title = "training: MLP 20-64-5, batch 64, %s" % kind
            rows.append(Row(title + ", %d steps, whole process" % steps, "s", times, counts,
                            [versus(times, counts, "torch", 1.0)],
                            note="final loss %s: %s" % (compared_with_torch(same, torch_python), printed["gradcli"][0])))
            rows.append(Row(title + ", a step after the first %d" % start_up, "s/step", per,
                            targets=[versus(per, {}, "torch", 2.0)]))
    return rows


def in_source_tree(argv):
    """Run a bench module's worker with gradcli from the source tree next to this file; its JSON output."""
    env = dict(ONE_THREAD_ENV)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE.parent)] + env.get("PYTHONPATH", "").split(os.pathsep))
    return json.loads(measure.run_once(argv, env=env)[2])


def worst(cases, limit, shown=5):
    """A sweep's row figures: its worst case, how many are within `limit`, and the worst few named."""
    ranked = sorted(cases, key=lambda case: -case["gradcli"] / case["numpy"])
    within = sum(case["gradcli"] <= limit * case["numpy"] for case in cases)
    names = ", ".join("%s %.1fx" % (case["name"], case["gradcli"] / case["numpy"]) for case in ranked[:shown])
    return ranked[0], "%d of %d within %gx; worst: %s" % (within, len(cases), limit, names)


def small(rounds):
    """Every elementwise op and reduction on a 3x4 tensor within 3x numpy's own call; float64 activations within
    5x numpy's formula (bench/small.py, in-process, per call)."""
    found = in_source_tree([sys.executable, str(HERE / "small.py"), "--repeats", str(rounds)])
    rows = []
    for key, what, limit in (("ops", "elementwise ops and reductions, 3x4 float32, vs numpy's call", 3.0),
                             ("activations", "float64 activations, 3x4, vs numpy's formula", 5.0)):
        case, note = worst(found[key], limit)
        if key == "ops" and found["unmeasured"]:
            note += "; not measured: " + ", ".join("%s (%s)" % (u["name"], u["why"]) for u in found["unmeasured"])
        times = {"gradcli": case["gradcli"], "numpy": case["numpy"]}
        rows.append(Row("small: %d %s (worst: %s)" % (len(found[key]), what, case["name"]), "s/call", times,
                        targets=[versus(times, {}, "numpy", limit)], note=note))
    return rows


def large(torch_python, workload, rounds, iterations, limit):
    """Per-iteration forward+backward (bench/large.py); one process per (library, round), libraries interleaved."""
    commands = {"gradcli": [sys.executable, str(HERE / "large.py"), "gradcli", workload, str(iterations)],
                "numpy": [sys.executable, str(HERE / "large.py"), "numpy", workload, str(iterations)]}
    if torch_python:
        commands["torch"] = [torch_python, str(HERE / "large.py"), "torch", workload, str(iterations)]
    per_iteration = {label: [] for label in commands}
    checks = {}
    for _ in range(rounds):
        for label, argv in commands.items():
            report = in_source_tree(argv)
            per_iteration[label].append(measure.median(report["seconds"]))
            checks[label] = (report["dtype"], report["checksum"])
    times = {label: measure.median(values) for label, values in per_iteration.items()}
    note = "grad dtype %s" % checks["gradcli"][0]
    if checks["gradcli"][0] != "float32":
        note += " (NOT float32)"
    name = {"pointwise": "large: mean(3*(x+2)**2), 4M float32: fwd+bwd",
            "matmul": "large: sum(tanh(a@a)*a), 600x600: fwd+bwd"}[workload]
    return Row(name, "s/iter", times, targets=[versus(times, {}, "torch", limit)], note=note)


def diff(sympy_python, rounds):
    """gradcli.diff <= 0.5x SymPy's diff alone per expression (bench/diff.py), diff+simplify beside it."""
    found = diff_bench.figures(sympy_python, rounds)
    times = {"gradcli": found["gradcli"], "SymPy diff": found["sympy_diff"],
             "SymPy diff+simplify": found["sympy_simplify"]}
    return Row("diff: gradcli.diff, 20 textbook expressions, per expression", "s", times,
               targets=[versus(times, {}, "SymPy diff", 0.5)], note="CPU time in one process each")


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


def wait_for_idle(below, patience):
    """Wait (up to `patience` seconds) for the 1-minute load average to fall below `below`; the load found."""
    deadline = time.monotonic() + patience
    load = measure.load_average()
    while load is not None and load >= below and time.monotonic() < deadline:
        time.sleep(5)
        load = measure.load_average()
    return load


def many(gradcli, torch_python, rounds, idle_below, patience, count=200, torch_sample=10):
    """`gradcli run -j 1` and `-j 2` over `count` tutorial-sized scripts, wall time (the parallelism is the
    point), after waiting for the machine to be idle; the load averages before and after are printed beside.
    Torch: `python` once per script, `torch_sample` of them timed in the same rounds, scaled to `count`."""
    sources = tutorial_scripts()
    before = wait_for_idle(idle_below, patience)
    with tempfile.TemporaryDirectory() as folder:
        paths = [shutil.copyfile(sources[i % len(sources)], os.path.join(folder, "s%03d.py" % i)) for i in range(count)]
        commands = {"-j 1": [gradcli, "run", "-j", "1", *paths], "gradcli": [gradcli, "run", "-j", "2", *paths]}
        if torch_python:
            loop = "import subprocess, sys\nfor f in sys.argv[1:]:\n    subprocess.run([sys.executable, f], check=True)\n"
            commands["torch"] = [torch_python, "-c", loop, *paths[:torch_sample]]
        results = measure.interleaved(commands, rounds, ONE_THREAD_ENV)
    after = measure.load_average()
    times = {who: measure.median(r["seconds"]) for who, r in results.items()}
    if "torch" in times:
        times["torch"] *= count / torch_sample
    same = _without_addresses(results["-j 1"]["stdout"]) == _without_addresses(results["gradcli"]["stdout"])
    note = ("%d scripts from %d distinct; -j 2's output %s -j 1's; load average %s before (waited up to %ds for "
            "< %g), %s after, on %d cores" % (count, len(sources), "same as" if same else "DIFFERENT from",
                                               _load(before), patience, idle_below, _load(after), os.cpu_count()))
    return Row("many: %d scripts, run -j 2 (wall)" % count, "s", times,
               targets=[versus(times, {}, "-j 1", round(1 / 1.7, 3))], note=note)


def _load(value):
    return "?" if value is None else "%.2f" % value


# ---------------------------------------------------------------- output
def fmt(value, unit):
    if value is None:
        return "-"
    if unit in ("s", "s/iter", "s/step", "s/call", "s/stmt"):
        if value >= 1:
            return "%.2f s" % value
        if value >= 1e-3:
            return "%.1f ms" % (value * 1e3)
        return "%.1f us" % (value * 1e6)
    return "%.0f %s" % (value, unit)


def fmt_count(value):
    return "%.0fM" % (value / 1e6) if value >= 1e7 else "%.1fk" % (value / 1e3)


def table(rows):
    """The rows as a Markdown table (gradcli, its anchors, the instruction counts, the verdict), then the notes."""
    header = ("workload", "gradcli", "anchors", "instructions", "verdict")
    body = []
    for r in rows:
        anchors = "; ".join("%s %s" % (who, fmt(value, r.unit)) for who, value in r.times.items() if who != "gradcli")
        counts = "; ".join("%s %s" % (who, fmt_count(value)) for who, value in r.counts.items())
        body.append((r.workload, fmt(r.times.get("gradcli"), r.unit), anchors or "-", counts or "-", r.verdict()))
    lines = ["| " + " | ".join(line) + " |" for line in [header] + body]
    lines.insert(1, "|" + "|".join("---" for _ in header) + "|")
    notes = ["- %s: %s" % (r.workload, r.note) for r in rows if r.note]
    return "\n".join(lines + [""] + notes)


def summary(rows):
    targets = [t for r in rows for t in r.targets]
    judged = [t for t in targets if isinstance(t, Check) or t.ratio is not None]
    return "%d of %d targets met (%d not measured)" % (sum(t.met for t in judged), len(targets),
                                                      len(targets) - len(judged))


def cpu_model():
    """The CPU's model name (lscpu, else /proc/cpuinfo) and its vector capability from the flags."""
    model, flags = platform.processor() or "unknown", ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name") and model in ("unknown", platform.processor()):
                    model = line.split(":", 1)[1].strip()
                elif line.startswith("flags"):
                    flags = line.split(":", 1)[1].split()
    except OSError:
        pass
    if shutil.which("lscpu"):
        found = re.search(r"^Model name:\s*(.+)$", subprocess.run(["lscpu"], capture_output=True,
                                                                  text=True).stdout, re.M)
        model = found.group(1).strip() if found else model
    capability = "AVX512" if "avx512f" in flags else "AVX2" if "avx2" in flags else "no AVX2"
    return model, capability


def version(python, distribution):
    """The installed version of `distribution` in `python`, or None."""
    if not python:
        return None
    done = subprocess.run([python, "-c", "import importlib.metadata as m; print(m.version(%r))" % distribution],
                          capture_output=True, text=True)
    return done.stdout.strip() or None if done.returncode == 0 else None


def machine(torch_python, hips_python):
    import numpy
    model, capability = cpu_model()
    return {"cpu": model, "capability": capability, "cores": os.cpu_count(), "python": platform.python_version(),
            "numpy": numpy.__version__, "torch": version(torch_python, "torch"),
            "autograd": version(hips_python, "autograd"), "sympy": version(hips_python, "sympy"),
            "kernels": kernels()}


def kernels():
    """Which kernels gradcli runs: the compiled twins where gradcli-accel is installed (accel/), else the ports."""
    accel = version(sys.executable, "gradcli-accel")
    if accel and os.environ.get("GRADCLI_PURE_KERNELS", "") in ("", "0"):
        return "the compiled kernels (gradcli-accel %s)" % accel
    return "the numpy kernels alone" + (" (GRADCLI_PURE_KERNELS=1)" if accel else "")


def heading(info, loads):
    return ("%(cpu)s (%(capability)s), %(cores)s cores; python %(python)s, numpy %(numpy)s, torch %(torch)s, "
            "HIPS autograd %(autograd)s, SymPy %(sympy)s; gradcli with %(kernels)s" % info
            + "; load average %s at the start, %s at the end" % tuple(_load(value) for value in loads))


MARKDOWN = """# Benchmarks

Produced by `%(command)s` on %(machine)s.
Every row of issue 28's targets against its anchors, in one run: commands interleaved, medians (%(rounds)s),
BLAS and torch on one thread. Whole-process figures are the processes' CPU time; a target is judged by
instructions (counted by valgrind, which the load does not move) where both sides were counted, else by time.
Ratios under 1 mean gradcli is faster. %(summary)s.

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


def options():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--torch-python", help="a python that has torch (default: this one, if it has)")
    parser.add_argument("--hips-python", help="a python that has HIPS autograd and SymPy (the optional anchors)")
    parser.add_argument("--gradcli", help="the gradcli command (default: beside this python, else on PATH)")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--markdown", help="also write the machine and the table as Markdown: the head of this file "
                                           "(docs/bench.md), up to its first '## ' section, which is kept")
    parser.add_argument("--quick", action="store_true", help="fewer rounds (figures are noisier)")
    parser.add_argument("--only", nargs="+", choices=FAMILIES, metavar="FAMILY",
                        help="run only these families: " + ", ".join(FAMILIES))
    parser.add_argument("--no-instructions", action="store_true", help="no instruction counts (times only)")
    parser.add_argument("--count-torch", action="store_true",
                        help="count torch's commands' instructions too (minutes each under valgrind)")
    parser.add_argument("--idle-below", type=float, default=0.5,
                        help="before `many`, wait for the 1-minute load average to fall below this (default 0.5)")
    parser.add_argument("--idle-wait", type=float, default=None,
                        help="seconds to wait for that (default 120, --quick 0)")
    return parser


def main(argv=None):
    parser = options()
    args = parser.parse_args(argv)
    torch_python = find_torch_python(args.torch_python)
    hips_python = args.hips_python
    if hips_python and not imports(hips_python, "autograd"):
        parser.error("--hips-python %s does not import autograd" % hips_python)
    gradcli = find_gradcli(args.gradcli)
    wanted = set(args.only or FAMILIES)
    if gradcli is None and wanted & {"oneshot", "statements", "deep", "training", "many"}:
        parser.error("no gradcli command found: install gradcli (pip install .) or pass --gradcli")
    rounds = 3 if args.quick else 5
    count = Counter(not args.no_instructions, args.count_torch)
    loads = [measure.load_average()]

    rows = []
    if "oneshot" in wanted:
        rows.extend(oneshot(gradcli, hips_python, 5 if args.quick else 15, count))
    if "statements" in wanted:
        rows.extend(statements(gradcli, torch_python, hips_python, 3 if args.quick else 7, count))
        rows.append(fifty_thousand(gradcli, torch_python))
    if "deep" in wanted:
        rows.extend(deep(gradcli, torch_python, rounds, count))
    if "training" in wanted:
        rows.extend(training(gradcli, torch_python, rounds, count))
    if "small" in wanted:
        rows.extend(small(3 if args.quick else 7))
    if "large" in wanted:
        rows.append(large(torch_python, "pointwise", rounds, 10, 0.5))
        rows.append(large(torch_python, "matmul", rounds, 10, 1.0))
    if "diff" in wanted:
        rows.append(diff(hips_python if imports(hips_python, "sympy") else None, rounds))
    if "many" in wanted:
        patience = args.idle_wait if args.idle_wait is not None else 0 if args.quick else 120
        rows.append(many(gradcli, torch_python, rounds, args.idle_below, patience))
    loads.append(measure.load_average())
    info = machine(torch_python, hips_python)
    print("machine: " + heading(info, loads))
    print(table(rows))
    print(summary(rows))
    if args.markdown:
        write_head(args.markdown, MARKDOWN % {
            "command": " ".join(["python bench/run.py"] + (sys.argv[1:] if argv is None else argv)),
            "machine": heading(info, loads), "table": table(rows), "summary": summary(rows),
            "rounds": "one-shot 15 rounds, statements 7, small-tensor repeats 7, the others 5" if not args.quick
            else "--quick: one-shot 5 rounds, the others 3"})
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": info, "load_average": loads, "rows": [r.to_dict() for r in rows]}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
