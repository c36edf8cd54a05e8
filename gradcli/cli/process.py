"""The gradcli command's process-wide policies: what the library must never do to a host process, the command
does to its own. Each is switched on by `take_over()`, which only `command()` (the `gradcli` script,
`python -m gradcli`) calls; `main()` run inside another process (the tests, an embedding program) leaves that
process as it is. Their measured effect is in docs/bench.md.

- the C allocator keeps freed memory for reuse, as torch's CPU allocator does (glibc only);
- the cycle collector's full collections are spaced out (`pace_full_collections`): the young ones keep their
  pace, so short-lived cycles are freed as soon as before;
- the cycle collector pauses while the command starts (numpy's and gradcli's modules are some hundred
  thousand objects, none of them garbage: the collections during the imports were a twentieth of a one-shot
  command's instructions) and while a long script compiles (its tree and closures are millions of acyclic
  objects); it resumes as the script starts running (`resume_collector`), with everything that exists then
  frozen out of later collections. A one-shot eval or diff, one expression, leaves it paused to its end;
- the process leaves through `os._exit` once stdout and stderr are flushed, skipping the teardown that would
  free every object one by one; a script's compiled program is kept for that end;
- its memory is bounded by --max-memory (a soft RLIMIT_AS, where the platform has one), so a script that runs
  in this process (eval, repl, a single `run`) meets the same envelope as a worker; and `run`'s workers are
  forked from it (gradcli.app.isolation);
- --timeout bounds a one-shot command's work (eval, diff, ...) and each REPL input as it bounds a worker's
  script (`timed`).
"""

import gc
import os
import sys

LONG_SCRIPT = 20_000  # characters: shorter scripts compile too fast for the cycle collector to matter

_active = False
_kept = []  # what is left to os._exit rather than freed


def take_over():
    """The command owns this process: switch every policy on."""
    global _active
    _active = True
    keep_freed_memory()
    pace_full_collections()
    _pause_collector()


def owned():
    """Whether this process is the gradcli command's own (take_over was called)."""
    return _active


def limit_memory(limit):
    """Bound this process's address space to `limit` bytes (its hard limit stays: workers forked from it set
    their own). Where there are no resource limits (Windows) nothing is done; returns whether it was done."""
    if not _active or not limit:
        return False
    from ..core.limits import bound_address_space
    return bound_address_space(limit, shared_hard=True) is not None


class timed:
    """`with timed(seconds):` the work inside ends with the timeout's LimitError after `seconds` of wall clock or
    of CPU time, as in a worker (app.workers.worker.arm_timeout); `backstop`: the kernel kills the process if the
    work is stuck in C past a grace (a one-shot command; a REPL session must outlive its inputs). Nothing is
    done outside the command's own process, without a timeout, or where the platform has no timers (a note
    says so on stderr)."""

    def __init__(self, seconds, backstop=True):
        self.seconds, self.backstop, self.disarm = seconds, backstop, None

    def __enter__(self):
        if _active and self.seconds:
            from ..app.workers.worker import arm_timeout
            notes, self.disarm = arm_timeout(self.seconds, self.backstop)
            for note in notes:
                sys.stderr.write("gradcli: note: %s\n" % note)
        return self

    def __exit__(self, *exc):
        if self.disarm is not None:
            self.disarm()
            self.disarm = None
        return False


def keep_freed_memory():
    """Ask glibc to serve blocks of up to 32 MiB from its heap and to keep up to 1 GiB of freed memory, so an
    op's fresh result reuses the memory the last one freed instead of page-faulting new memory in. Elsewhere
    (macOS, Windows, musl) there is no mallopt to call, and nothing is done. Returns whether it was done."""
    if not _is_glibc():
        return False
    import ctypes
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError, TypeError):  # (TypeError: CDLL(None) on Windows)
        return False
    m_trim_threshold, m_mmap_threshold = -1, -3
    mallopt(m_mmap_threshold, 32 << 20)  # glibc's largest allowed value on 64-bit systems
    mallopt(m_trim_threshold, 1 << 30)
    return True


FULL_COLLECTION_EVERY = 1000  # young-generation collections between two full ones (Python's default: 10)


def pace_full_collections():
    """A full collection walks every object alive. The graph of a long chain of ops is millions of Python
    objects (nodes, their edges and saved values; torch's are C++, outside the collector) that hold no cycle,
    and at Python's pace — a full collection after every 10 collections of the middle generation, once the
    objects that reached the oldest one since the last are a quarter of those it holds — each is walked again
    and again: 200,000 `y = y * c` then backward spent a quarter of their time in 9 full collections (see
    docs/bench.md). With 1000, a full collection comes after ~7 million net allocations instead of ~70,000;
    the young and middle generations are collected as often as before, so what is spaced out is only the
    freeing of cycles that lived through both. (Python 3.14's incremental collector ignores the third
    threshold: there this does nothing.) Returns the thresholds then in force."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)
    return gc.get_threshold()


def _is_glibc():
    if not sys.platform.startswith("linux"):
        return False
    try:
        return bool(os.confstr("CS_GNU_LIBC_VERSION"))  # "glibc 2.36"; None or an error on musl
    except (ValueError, OSError, AttributeError):
        return False


_collector_paused = False  # by _pause_collector: the collector is off until resume_collector


def _pause_collector():
    global _collector_paused
    if gc.isenabled():
        gc.disable()
        _collector_paused = True


def resume_collector():
    """The user's work begins: the cycle collector, if a policy paused it, runs again, and what exists now
    (gradcli's modules, a compiled program) is frozen out of its collections."""
    global _collector_paused
    if _collector_paused:
        _collector_paused = False
        gc.freeze()
        gc.enable()


class compiling:
    """`with compiling(text):` around compiling a script, which runs next: for a long one the cycle collector
    is off until it is compiled; either way it runs again after (resume_collector)."""

    def __init__(self, text):
        self.long = _active and len(text) > LONG_SCRIPT

    def __enter__(self):
        if self.long:
            _pause_collector()

    def __exit__(self, *exc):
        resume_collector()
        return False


def keep_until_exit(obj):
    """Keep `obj` (say, a compiled program about to be dropped) for the process's end: os._exit frees it at
    once, where dropping it would free its objects one by one."""
    if _active:
        _kept.append(obj)


def leave(code):
    """Leave now with `code`: stdout and stderr flushed (nothing else holds unwritten data: cache files are
    written whole), then os._exit."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # the reader left, or the stream is closed: nothing more can be said
            pass
    os._exit(code)
