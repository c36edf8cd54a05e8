"""The worker's side: one script run under the operating system's limits, everything it says sent to its
parent in frames on one pipe (a 4-byte length, then JSON): ["o", text] stdout, ["e", text] warnings, ["n", text]
explanations, ["E", error] a located error, ["x", end] its exit code, peak memory and notes."""

import json
import os
import struct
import sys

from ...base.errors import GradcliError, Position

GRACE = 2.0  # seconds past the timeout before the parent kills a worker (it first stops itself, located)

def frame(kind, data):
    payload = json.dumps([kind, data]).encode()
    return struct.pack(">I", len(payload)) + payload


def write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class Frames:
    """Bytes in, whole frames out."""

    def __init__(self):
        self.buffer = bytearray()

    def feed(self, data):
        self.buffer += data
        frames = []
        while len(self.buffer) >= 4:
            size = struct.unpack(">I", self.buffer[:4])[0]
            if len(self.buffer) < 4 + size:
                break
            frames.append(json.loads(self.buffer[4:4 + size]))
            del self.buffer[:4 + size]
        return frames


def error_data(error):
    p = error.position
    return {"kind": error.kind, "message": error.message,
            "at": None if p is None else [p.filename, p.line, p.column, p.end_column]}


def error_from(data, text):
    """A GradcliError from a worker's ["E", data] frame, positioned in `text`."""
    at = data["at"]
    position = None if at is None else Position(at[0], text, at[1], at[2], at[3])
    return GradcliError(data["message"], data["kind"], position)


class _Output:
    """The worker's stdout, sent in frames of a few KiB (a killed worker loses at most the last one), and at
    the latest FLUSH_AFTER seconds after it was printed (a thread sends what waits), so that a line printed
    before a long silence reaches the terminal as it is made."""

    FLUSH_AFTER = 0.1

    def __init__(self, fd):
        import threading
        self.fd, self.parts, self.size = fd, [], 0
        self.lock = threading.Lock()
        self.waiting = threading.Event()  # set while printed text waits to be sent
        self.flusher = None

    def send(self, kind, data):
        if kind == "o" and not data.isascii():
            data.encode("utf-8")  # the parent writes UTF-8: unencodable text (a lone surrogate) is the
            # script's UnicodeEncodeError at its print, as when it runs in-process, never the parent's
        with self.lock:
            if kind == "o":
                self.parts.append(data)
                self.size += len(data)
                if self.size < 4096:
                    self._wake()
                    return
                data = "".join(self.parts)
            elif self.parts:
                self._flush()
            if kind != "o" or data:
                self.parts, self.size = [], 0
                write_all(self.fd, frame(kind, data))

    def flush(self):
        with self.lock:
            self._flush()

    def _flush(self):
        if self.parts:
            text, self.parts, self.size = "".join(self.parts), [], 0
            write_all(self.fd, frame("o", text))

    def _wake(self):
        if self.flusher is None:
            import threading
            threading.stack_size(1 << 18)  # (the worker's own process: its address space is the envelope's)
            self.flusher = threading.Thread(target=self._flush_late, daemon=True)
            self.flusher.start()
        self.waiting.set()

    def _flush_late(self):
        import time
        while True:
            self.waiting.wait()
            time.sleep(self.FLUSH_AFTER)
            with self.lock:
                self.waiting.clear()
                try:
                    self._flush()
                except OSError:  # the parent is gone: the worker ends at its next frame
                    return


def _apply_envelope(job):
    """In the worker: the operating system's limits for this script (those the platform has)."""
    from ...core import limits
    notes = []
    memory, seconds = job.get("max_memory"), job.get("timeout")
    try:
        import resource
    except ImportError:  # Windows: the caller enforces the wall clock by killing the worker
        if memory:
            notes.append("--max-memory is not enforced on this platform (no resource limits)")
        if seconds:
            notes.append("--timeout is enforced on the wall clock only on this platform (no CPU limit)")
        return notes
    if memory:
        notes += _limit_address_space(memory)
    if seconds:
        notes += arm_timeout(seconds)[0]
    return notes


def _limit_address_space(memory):
    """RLIMIT_AS of `memory` bytes, or of the inherited limit where that is lower (`ulimit -v`): asking for more
    than the hard limit is refused by the kernel, and the worker must never run unlimited for it. Returns notes."""
    from ...core import limits
    limit = limits.bound_address_space(memory)
    if limit is None:
        return ["--max-memory is not enforced on this platform (RLIMIT_AS refused)"]
    if limit < memory:
        return ["--max-memory %s is above the memory limit this process inherited (ulimit -v): %s is enforced"
                % (limits.format_bytes(memory), limits.format_bytes(limit))]
    return []


def arm_timeout(seconds, backstop=True):
    """From now on, `seconds` of wall clock or of CPU time end the work running in this process with the
    timeout's LimitError, raised where the script is (a Python signal handler: SIGALRM from a real-time timer,
    SIGXCPU from RLIMIT_CPU's soft limit), its output kept. With `backstop` the kernel also kills the process
    GRACE seconds of CPU later, should the work be stuck in C. Only for a process that is gradcli's own (a
    worker, the gradcli command). Returns (notes on what this platform cannot enforce, disarm())."""
    import math
    import signal
    if not hasattr(signal, "setitimer"):  # Windows: a worker's parent kills it at the deadline
        return ["--timeout is enforced on the wall clock only on this platform (no CPU limit)"], lambda: None
    notes = []

    def stop(signum, frame):
        raise time_exceeded(seconds, cpu=signum == signal.SIGXCPU)
    handlers = signal.signal(signal.SIGXCPU, stop), signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    cpu_limit = None
    try:
        import resource
        cpu_limit = resource.getrlimit(resource.RLIMIT_CPU)
        usage = resource.getrusage(resource.RUSAGE_SELF)
        soft = math.ceil(usage.ru_utime + usage.ru_stime + seconds)
        hard = soft + math.ceil(GRACE) if backstop else cpu_limit[1]
        if cpu_limit[1] != resource.RLIM_INFINITY:
            soft, hard = min(soft, cpu_limit[1]), min(hard, cpu_limit[1])
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
    except (ImportError, ValueError, OSError):
        notes.append("--timeout is enforced on the wall clock only on this platform (RLIMIT_CPU refused)")

    def disarm():
        signal.setitimer(signal.ITIMER_REAL, 0)
        if cpu_limit is not None:
            import resource
            try:
                resource.setrlimit(resource.RLIMIT_CPU, cpu_limit)
            except (ValueError, OSError):  # (a backstop lowered the hard limit: it stays)
                pass
        signal.signal(signal.SIGXCPU, handlers[0])
        signal.signal(signal.SIGALRM, handlers[1])
    return notes, disarm


def time_exceeded(seconds, cpu=False):
    from ...core import limits
    return limits.envelope_exceeded("timeout", "the script %s more than %g s" % (
        "used" if cpu else "ran for", seconds) + (" of CPU time" if cpu else ""), seconds)


def _explained(job):
    """run_script's explain_steps and explain_width from a request (isolation.request)."""
    explained = job.get("explained") or {}
    steps = explained.get("explain_steps")
    return dict(explain_steps=set(steps) if steps else None, explain_width=explained.get("explain_width"))


def _run_in_worker(job, out):
    """Run one script (in the worker, after its envelope is set); returns the exit code."""
    from .. import api
    from ...core import limits
    limits.configure(**job["limits"])
    failures = []

    def report(error):
        failures.append(error)
        out.send("E", error_data(error))

    try:
        try:
            api.run_script(job["text"], job["filename"], write=lambda text: out.send("o", text),
                           warn=lambda text: out.send("e", text), on_error=report if job["keep_going"] else None,
                           explain=(lambda text: out.send("n", text)) if job["explain"] else None,
                           **_explained(job))
        except MemoryError:
            raise limits.memory_error() from None
    except GradcliError as error:
        report(error)
    except KeyboardInterrupt:
        out.send("e", "\ngradcli: interrupted\n")
        return 130
    except RecursionError:
        report(GradcliError("maximum recursion depth exceeded", "RecursionError"))
    return 1 if failures else 0


def _peak_memory():
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def run_worker(job, fd):
    """The whole life of a worker: envelope, run, the closing frame. Never returns in a forked worker."""
    out = _Output(fd)
    code = 1
    try:
        notes = _apply_envelope(job)
        for note in notes:
            out.send("e", "gradcli: note: %s\n" % note)
        code = _run_in_worker(job, out)
        out.flush()
        out.send("x", {"code": code, "peak": _peak_memory(), "notes": notes})
    except BaseException:  # noqa: BLE001 (the worker says nothing more; the parent reports how it ended)
        code = 70
    return code


_warm = False


def warm_up():
    """Import and exercise what a run needs, so that forked workers start warm (the parser's tables, the op
    table, printing): paid once per fork server or command."""
    global _warm
    if _warm:
        return
    _warm = True
    from .. import api
    api.run_script("import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()\ny.backward()\n"
                   "print(x.grad, f'{y.item():.1f}')\n", "<warm-up>")
    import gc
    gc.collect()
    gc.freeze()  # what exists now stays out of the workers' collections, and their pages shared


def main_one():
    """`python -m gradcli.app.workers.worker`: a spawned worker; the job on stdin, frames on stdout."""
    job = json.loads(sys.stdin.buffer.read())
    warm_up()  # (gradcli's imports and tables before the script's clock starts, as in a forked worker)
    fd = sys.stdout.fileno()
    if sys.platform == "win32":
        import msvcrt
        msvcrt.setmode(fd, os.O_BINARY)
    sys.exit(run_worker(job, fd))


if __name__ == "__main__":
    main_one()
