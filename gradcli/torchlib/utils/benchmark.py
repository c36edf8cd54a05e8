"""torch.utils.benchmark: Timer, Measurement and Language, as torch 2.13's (torch/utils/benchmark/utils/timer.py and
common.py), for Python statements.

A Timer's stmt and setup are code in strings (or callables): the running script's own compiler makes them
(base.runstate's run_text), never Python's, so they see what the script sees and every repetition ticks the run's
budget. What is measured is gradcli's time, printed as torch prints its own: the numbers (and with them the unit
a Measurement picks) differ from run to run and from torch's. Timing C++ (Language.CPP) would compile and run
native code, which a script never reaches; Callgrind's instruction counts likewise.
"""

import math
import textwrap
import time

import numpy as np

from ...base import errors
from ...base.runstate import current
from ...core import limits
from ...kernels import cpu

SCRIPT_TORCH = {}  # {"torch": the module a script imports as torch}: lang.sandbox gives it (a layer above)
_IQR_WARN_THRESHOLD = 0.1
_IQR_GROSS_WARN_THRESHOLD = 0.25


class Language:
    """torch's enum of the languages a Timer times (only PYTHON here)."""

    __slots__ = ("name", "value")

    def __init__(self, name, value):
        self.name, self.value = name, value

    def __repr__(self):
        return "<Language.%s: %d>" % (self.name, self.value)

    def __str__(self):
        return "Language." + self.name


Language.PYTHON, Language.CPP = Language("PYTHON", 0), Language("CPP", 1)


def _dedented(code):
    """torch's Timer: dedented, one leading newline and the trailing white space dropped."""
    code = textwrap.dedent(code)
    return (code[1:] if code and code[0] == "\n" else code).rstrip()


def _runner(code, namespace):
    if callable(code):
        return code
    if code.strip() in ("", "pass"):
        return lambda: None
    run_text = current().run_text
    if run_text is None:
        raise errors.GradcliError("gradcli's Timer runs code in a string only in a script", "NotImplementedError")
    return run_text(code, namespace, "<timeit-src>")


class Timer:
    """torch.utils.benchmark.Timer: stmt timed in `num_threads` threads (1 by default, as torch's), after setup,
    in a namespace that starts as a copy of `globals` with `torch`."""

    def __init__(self, stmt="pass", setup="pass", global_setup="", timer=time.perf_counter, globals=None,
                 label=None, sub_label=None, description=None, env=None, num_threads=1,
                 language=Language.PYTHON):
        if language not in (Language.PYTHON, "py", "python"):
            if language in (Language.CPP, "cpp", "c++"):
                raise errors.GradcliError("gradcli times Python statements only: Language.CPP compiles and runs "
                                          "C++, native code a script never reaches", "NotImplementedError")
            raise errors.value_error("Invalid language `%s`." % (language,))
        if global_setup:
            raise errors.value_error("global_setup is C++ only, got `%s`. Most likely this code can simply be "
                                     "moved to `setup`." % global_setup)
        if not isinstance(stmt, str) or not isinstance(setup, str):
            raise errors.value_error("Timer's stmt and setup are strings of code")
        namespace = dict(globals or {})
        namespace.setdefault("torch", SCRIPT_TORCH.get("torch"))
        stmt, setup = _dedented(stmt), _dedented(setup)
        self._task_spec = TaskSpec(stmt, setup, label, sub_label, description, env, num_threads)
        self._stmt, self._setup, self._timer = _runner(stmt, namespace), _runner(setup, namespace), timer

    def _timeit(self, number):
        self._setup()
        start = self._timer()
        for _ in range(number):
            limits.tick()
            self._stmt()
        return max(self._timer() - start, 1e-9)

    def _threads(self):
        return _Threads(self._task_spec.num_threads)

    def timeit(self, number=1000000):
        """One measurement of `number` runs, after a warm-up of number // 100 (at least 2)."""
        with self._threads():
            self._timeit(max(int(number // 100), 2))
            return Measurement(number, [self._timeit(number)], self._task_spec)

    def _estimate_block_size(self, min_run_time):
        with self._threads():
            overhead = float(np.median([self._timeit(0) for _ in range(5)]))
            number = 1
            while True:
                time_taken = self._timeit(number)
                if overhead / time_taken <= 1e-4 and time_taken >= min_run_time / 1000:
                    break
                if time_taken > min_run_time or number * 10 > 2147483647:
                    break
                number *= 10
        return number

    def _loop(self, number, stop, min_run_time, max_run_time=None):
        total, times = 0.0, []
        with self._threads():
            while True:
                spent = self._timeit(number)
                times.append(spent)
                total += spent
                if total >= min_run_time and stop(times):
                    break
                if max_run_time and total > max_run_time:
                    break
        return times

    def blocked_autorange(self, callback=None, min_run_time=0.2):
        """Blocks of a size that makes the timer's overhead small, until min_run_time has passed."""
        number = self._estimate_block_size(min_run_time)
        return Measurement(number, self._loop(number, lambda times: True, min_run_time), self._task_spec)

    def adaptive_autorange(self, threshold=0.1, *, min_run_time=0.01, max_run_time=10.0, callback=None):
        """Blocks until the interquartile range is below `threshold` of the median (or max_run_time)."""
        number = self._estimate_block_size(0.05)

        def stop(times):
            return len(times) > 3 and Measurement(number, times, self._task_spec).meets_confidence(threshold)
        times = self._loop(number, stop, min_run_time, max_run_time)
        return Measurement(number, times, self._task_spec)

    def repeat(self, repeat=-1, number=-1):
        raise errors.GradcliError("See `Timer.blocked_autorange.`", "NotImplementedError")

    def autorange(self, callback=None):
        raise errors.GradcliError("See `Timer.blocked_autorange.`", "NotImplementedError")

    def __repr__(self):
        return "<torch.utils.benchmark.utils.timer.Timer object at %#x>" % id(self)


class _Threads:
    """torch's set_torch_threads: the run's thread count is `n` inside, and what it was after."""

    def __init__(self, n):
        self.n = n

    def __enter__(self):
        self.prior = current().threads
        cpu.set_num_threads(self.n)

    def __exit__(self, *exc):
        current().threads = self.prior
        return False


class TaskSpec:
    """What a Measurement says of its Timer: the statement, setup and labels."""

    def __init__(self, stmt, setup, label, sub_label, description, env, num_threads):
        self.stmt, self.setup, self.label, self.sub_label = stmt, setup, label, sub_label
        self.description, self.env, self.num_threads = description, env, num_threads

    @property
    def title(self):
        if self.label is not None:
            return self.label + (": %s" % self.sub_label if self.sub_label else "")
        if "\n" not in self.stmt:
            return self.stmt + (": %s" % self.sub_label if self.sub_label else "")
        return "stmt:%s\n%s" % (" (%s)" % self.sub_label if self.sub_label else "", textwrap.indent(self.stmt, "  "))

    def setup_str(self):
        if self.setup == "pass" or not self.setup:
            return ""
        if "\n" in self.setup:
            return "setup:\n" + textwrap.indent(self.setup, "  ")
        return "setup: " + self.setup

    def summarize(self):
        sections = [self.title, self.description or "", self.setup_str()]
        return "\n".join([i + "\n" if "\n" in i else i for i in sections if i])


class Measurement:
    """A Timer's result: the times of its blocks of `number_per_run` runs, with torch's statistics and repr."""

    def __init__(self, number_per_run, raw_times, task_spec, metadata=None):
        self.number_per_run, self.raw_times, self.task_spec, self.metadata = (number_per_run, list(raw_times),
                                                                              task_spec, metadata)
        self.times = [t / number_per_run for t in self.raw_times]
        ordered = np.sort(np.asarray(self.times, dtype=np.float64))
        self._n = len(ordered)
        self.median, self.mean = float(np.quantile(ordered, 0.5)), float(ordered.mean())
        self._p25, self._p75 = float(np.quantile(ordered, 0.25)), float(np.quantile(ordered, 0.75))
        self.iqr = self._p75 - self._p25
        self._warnings = ()
        if not self.meets_confidence(_IQR_GROSS_WARN_THRESHOLD):
            self._warn("This suggests significant environmental influence.")
        elif not self.meets_confidence(_IQR_WARN_THRESHOLD):
            self._warn("This could indicate system fluctuation.")

    def _warn(self, message):
        self._warnings += ("  WARNING: Interquartile range is %.1f%% of the median measurement.\n           %s"
                           % (self.iqr / self.median * 100, message),)

    def meets_confidence(self, threshold=_IQR_WARN_THRESHOLD):
        return self.iqr / self.median < threshold

    @property
    def has_warnings(self):
        return bool(self._warnings)

    def __getattr__(self, name):  # the TaskSpec's fields: stmt, setup, label, sub_label, description, ...
        if name in ("stmt", "setup", "label", "sub_label", "description", "env", "num_threads", "title"):
            return getattr(self.task_spec, name)
        raise AttributeError(name)

    def __repr__(self):
        n = self._n
        unit, scale = select_unit(self.median)
        lines = ["<torch.utils.benchmark.utils.common.Measurement object at %#x>" % id(self),
                 self.task_spec.summarize(),
                 "  %s%.2f %s" % ("Median: " if n > 1 else "", self.median / scale, unit)]
        if n >= 4:
            lines.append("  IQR:    %.2f %s (%.2f to %.2f)" % (self.iqr / scale, unit, self._p25 / scale,
                                                             self._p75 / scale))
        threads = self.task_spec.num_threads
        lines.append("  %d measurement%s, %d runs %s %d thread%s" % (
            n, "s" if n > 1 else "", self.number_per_run, "per measurement," if n > 1 else ",", threads,
            "s" if threads > 1 else ""))
        lines.extend(self._warnings)
        return "\n".join(lines).strip()

    __str__ = __repr__


def select_unit(t):
    """ns, us, ms or s, by the time's magnitude (torch takes log10 of it as a float32 tensor)."""
    unit = {-3: "ns", -2: "us", -1: "ms"}.get(int(math.floor(float(np.log10(np.float32(t))) / 3)), "s")
    return unit, {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1}[unit]


MEMBERS = {"Timer": Timer, "Measurement": Measurement, "Language": Language}
TIMER_MEMBERS = frozenset(("timeit", "blocked_autorange", "adaptive_autorange", "repeat", "autorange"))
MEASUREMENT_MEMBERS = frozenset(("times", "raw_times", "number_per_run", "median", "mean", "iqr", "metadata",
                                 "task_spec", "has_warnings", "meets_confidence", "stmt", "setup", "label",
                                 "sub_label", "description", "env", "num_threads", "title"))
