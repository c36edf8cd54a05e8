"""The run state: everything a script can set that lasts beyond one call (grad mode, the default dtype, torch's
and numpy's print options, the generators, torch.save's files, anomaly mode, the thread count, the iteration
budget, the warning sink), in one object per run and per thread.

The state in force is reached through a context variable, so it is the run's own in the thread running it and
never another thread's: the interpreter enters its session's state for each run (`entered`) and the previous one
is back when the run ends; outside any run, each thread has a default state of its own, made at its first use
(library calls such as `gradcli.evaluate`, one-shot commands). Readers ask `current()` once per operation.

Fields whose values are of other modules (the default dtype, print options, generators, files) start as None
and their owners read them as torch's defaults or fill them on first use (base.dtypes, core.printing, core.rng,
torchlib.serialization, lang.sandbox): this module imports none of them. What cannot be per thread (the recursion
limit, the warning filters) is `ProcessWide`.
"""

import contextlib
import contextvars
import sys
import _thread  # (threading's lock without threading's import: a one-shot command starts no thread)


class RunState:
    """One run's settings, as a new torch process starts them."""

    __slots__ = ("grad_enabled", "inference", "default_float", "anomaly", "check_nan", "position", "warn",
                 "threads", "iterations_left", "formulas", "print_options", "generator", "files", "random",
                 "numpy_random", "numpy_print", "system", "device", "run_text", "script_types")

    def __init__(self):
        self.grad_enabled = True            # torch.set_grad_enabled / no_grad / enable_grad (base.grad_mode)
        self.inference = False              # torch.inference_mode
        self.default_float = None           # torch.set_default_dtype: a base.dtypes.DType; None is float32
        self.anomaly = False                # torch.autograd.set_detect_anomaly (base.anomaly)
        self.check_nan = True
        self.position = None                # a callable giving where the script is (the interpreter's), or None
        self.warn = None                    # the warning sink, sink(message, category, once=False); None: stderr
        self.threads = None                 # torch.set_num_threads (kernels.cpu); None: the machine's default
        self.iterations_left = sys.maxsize  # loop iterations and calls left (core.limits): none counted outside a run
        self.formulas = 0                   # op-table formulas running now in backward (ops.fastpath)
        self.print_options = None           # torch.set_printoptions: a core.printing.PrintOptions
        self.generator = None               # the default generator: a core.rng.Generator, seeded from the OS
        self.files = None                   # what torch.save kept: path -> copy (torchlib.serialization)
        self.random = None                  # the script's `random` module: a random.Random (lang.sandbox.stdlib)
        self.numpy_random = None            # its np.random: a numpy RandomState (lang.sandbox.numpy_bridge)
        self.numpy_print = None             # its np.set_printoptions: numpy's options dict; None: numpy's defaults
        self.system = None                  # its os.environ, warning filters, sys.stdout (lang.sandbox.system)
        self.device = None                  # the default device of factories (core.meta); None: the CPU
        self.run_text = None                # the running script's compiler for code in strings (timeit's stmt):
                                            # run_text(text, namespace, filename) -> a callable; None outside
        self.script_types = None            # what type() gave the script, one per class (lang.sandbox.namespace)


_CURRENT = contextvars.ContextVar("gradcli_run_state")


def current():
    """The run state in force: the running script's, else this thread's own default."""
    try:
        return _CURRENT.get()
    except LookupError:  # a thread's first use outside any run: a default state of its own
        state = RunState()
        _CURRENT.set(state)
        return state


# `lookup(None) or current()` is current() without a Python call once the thread has a state (a third of the
# cost): how the hot paths read it, once per op (ops.bind), per loop iteration (core.limits) and per node run.
lookup = _CURRENT.get


@contextlib.contextmanager
def entered(state):
    """`with entered(state):` `state` is the one in force in this thread until the block ends."""
    token = _CURRENT.set(state)
    try:
        yield state
    finally:
        _CURRENT.reset(token)


class ProcessWide:
    """A setting the process has only one of (sys.setrecursionlimit, warnings.filters), in force while at
    least one run needs it: the first run to enter keeps the host's value, the last to leave puts it back.
    (Each run saving and restoring it on its own would go wrong with two at once: A saves the host's, B saves
    A's, A restores the host's, B restores A's — and the host keeps it.)"""

    def __init__(self, enter, leave):
        self._enter, self._leave = enter, leave  # enter() -> what leave(saved) restores
        self._lock = _thread.allocate_lock()
        self._users = 0
        self._saved = None

    def __enter__(self):
        with self._lock:
            if self._users == 0:
                self._saved = self._enter()
            self._users += 1

    def __exit__(self, *exc):
        with self._lock:
            self._users -= 1
            if self._users == 0:
                self._leave(self._saved)
                self._saved = None
        return False
