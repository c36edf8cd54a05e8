"""The parent's side: workers started, watched and reaped, each one's frames gathered into an Outcome. Forked
from this process where there is fork (`forked`: only in a process that is gradcli's own), else started fresh
(`spawned`: `python -m gradcli.app.workers.worker`, the wall clock enforced by killing it)."""

import json
import os
import sys
import time

from ...base.errors import GradcliError
from .worker import GRACE, Frames, error_from, run_worker, time_exceeded

STATUSES = ("ok", "error", "limit", "crashed")
START_UP = 10.0  # seconds a spawned worker may take to start (a fresh interpreter, gradcli's imports) on a busy
# machine before its script's own clock runs (the worker's timer, where the platform has one)
_SIGNALS = {"SIGSEGV": "segmentation fault", "SIGBUS": "bus error", "SIGABRT": "aborted",
            "SIGFPE": "floating-point exception", "SIGILL": "illegal instruction", "SIGKILL": "killed"}


class Outcome:
    """How one script ended in its worker: `status` ("ok", "error", "limit" or "crashed"), `exit_code` (0, 1,
    or minus the signal that ended it), `seconds`, `peak_memory` (bytes, None where unknown), `stdout`,
    `stderr` (what `gradcli run` would print there), `errors` (GradcliErrors, positioned) and `notes` (limits
    this platform could not enforce)."""

    def __init__(self, path, status, exit_code, seconds, peak_memory, stdout, stderr, errors=(), notes=()):
        self.path, self.status, self.exit_code = path, status, exit_code
        self.seconds, self.peak_memory = seconds, peak_memory
        self.stdout, self.stderr = stdout, stderr
        self.errors, self.notes = list(errors), list(notes)

    @property
    def message(self):
        """The first error as one line ("LimitError: ..."), or None."""
        return str(self.errors[0]) if self.errors else None

    def to_dict(self):
        """One line of `gradcli run --report`: JSON-ready (schema: tests/hostile/report.schema.json)."""
        return {"path": self.path, "status": self.status, "exit_code": self.exit_code,
                "seconds": round(self.seconds, 6), "peak_memory": self.peak_memory, "stdout": self.stdout,
                "stderr": self.stderr, "message": self.message, "notes": self.notes}

    def __repr__(self):
        return "<Outcome %s: %s>" % (self.path, self.message or self.status)


def rendered(error):
    """An error as `gradcli run` writes it on stderr: file:line:col: Kind: message, the line and a caret; an
    error without a place in the text (a crash, the timeout) as file: message."""
    if error.position is None:
        return "%s: %s\n" % (getattr(error, "filename", None) or "gradcli", error)
    return error.position.render(str(error)) + "\n"


class _Job:
    def __init__(self, index, job, on_event):
        self.index, self.job, self.on_event = index, job, on_event
        self.frames = Frames()
        self.stdout, self.stderr, self.errors = [], [], []
        self.end = None          # the ["x", ...] frame's data
        self.started = time.monotonic()
        self.timeout = job.get("timeout")
        self.killed_for = None   # "timeout" or "output", when the parent ended the worker
        self.output_size = 0

    def deadline(self):
        return self.started + self.timeout + GRACE if self.timeout else None

    def feed(self, data, cap):
        for kind, value in self.frames.feed(data):
            if kind == "o":
                self.stdout.append(value)
                self.output_size += len(value)
            elif kind in ("e", "n"):
                self.stderr.append(value)
            elif kind == "E":
                value = error_from(value, self.job["text"])
                value.filename = self.job["filename"]
                self.errors.append(value)
                self.stderr.append(rendered(value))
            elif kind == "x":
                self.end = value
                continue
            if self.on_event is not None:
                self.on_event(self.index, kind, value)
        return self.output_size > cap

    def outcome(self, returncode, peak):
        """The Outcome, once the worker has ended with `returncode` (minus a signal's number)."""
        from ...core import limits
        seconds = time.monotonic() - self.started
        end = self.end or {}
        notes = end.get("notes", [])
        limit = None
        if self.killed_for == "timeout" or (returncode < 0 and _signal_name(-returncode) == "SIGXCPU"):
            limit = time_exceeded(self.timeout, cpu=self.killed_for != "timeout")
        elif self.killed_for == "output":
            limit = limits.exceeded("max_elements", "the script printed more than %d characters"
                                    % limits.current()["max_elements"])
        if limit is not None:  # a limit the parent or the kernel enforced exits as every limit does: 1, not -9
            self._add(limit)
            returncode = 1
        elif returncode < 0 or self.end is None:
            name = _signal_name(-returncode) if returncode < 0 else None
            self._add(GradcliError("crashed (%s)" % (_SIGNALS.get(name, name) if name else
                                                     "exited with code %d" % returncode), ""))
        if self.end is None and self.killed_for is None and returncode >= 0:
            returncode = returncode or 1
        if not self.errors:
            status = "ok"
        elif self.end is None or self.killed_for:
            status = "limit" if self.killed_for or self.errors[-1].kind == "LimitError" else "crashed"
        else:
            status = "limit" if any(e.kind == "LimitError" for e in self.errors) else "error"
        if returncode == 0 and self.errors:
            returncode = 1
        return Outcome(self.job["filename"], status, returncode, seconds, peak if peak else end.get("peak"),
                       "".join(self.stdout), "".join(self.stderr), self.errors, notes)

    def _add(self, error):
        """An error the parent saw (the worker could not say it): `file: message` on stderr."""
        error.position = None
        error.filename = self.job["filename"]
        self.errors.append(error)
        self.stderr.append(rendered(error))
        if self.on_event is not None:
            self.on_event(self.index, "E", error)


def _signal_name(number):
    import signal
    try:
        return signal.Signals(number).name
    except ValueError:
        return "signal %d" % number


def child_environment():
    """The environment of a fresh gradcli process: this one's, with this gradcli importable."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    return dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))


def can_fork():
    """Whether workers can be forked here (POSIX); Windows starts each afresh."""
    return hasattr(os, "fork") and sys.platform != "win32"


class HostGone(Exception):
    """The fork server's host closed its end mid-batch (it exited or was killed): the batch's workers end."""


def forked(jobs, workers=1, on_event=None, hangup=None):
    """Run each job (see `request`) in a worker forked from this process, at most `workers` at once; yields
    (index, Outcome) as each ends. Only for a process that is gradcli's own (the command, the fork server):
    forking a host with threads is unsafe. `hangup`: a file descriptor whose end of file (the host gone) ends
    the batch and its workers at once (HostGone)."""
    import selectors
    from ...core import limits
    cap = limits.current()["max_elements"]
    pending = list(enumerate(jobs))[::-1]
    running = {}  # fd -> (pid, _Job)
    selector = selectors.DefaultSelector()
    if hangup is not None:
        selector.register(hangup, selectors.EVENT_READ)
    try:
        while pending or running:
            while pending and len(running) < max(1, workers):
                index, job = pending.pop()
                read_fd, write_fd = os.pipe()
                sys.stdout.flush()
                sys.stderr.flush()
                pid = os.fork()
                if pid == 0:  # the worker: its only way out is the pipe (a stray write to fd 1 or 2 goes nowhere)
                    os.close(read_fd)
                    code = 70
                    try:
                        selector.close()
                        for fd in running:
                            os.close(fd)
                        if hangup is not None:
                            os.close(hangup)
                        _quiet_standard_streams()
                        code = run_worker(job, write_fd)
                    finally:
                        os._exit(code)
                os.close(write_fd)
                running[read_fd] = (pid, _Job(index, job, on_event))
                selector.register(read_fd, selectors.EVENT_READ)
            deadlines = [j.deadline() for _, j in running.values() if j.deadline()]
            wait = max(0.0, min(deadlines) - time.monotonic()) if deadlines else None
            for key, _ in selector.select(wait):
                if key.fd == hangup:
                    if not os.read(hangup, 1 << 16):
                        raise HostGone()
                    continue
                pid, job = running[key.fd]
                data = os.read(key.fd, 1 << 16)
                if data and job.feed(data, cap):
                    job.killed_for = "output"
                    _kill(pid)
                if not data:
                    selector.unregister(key.fd)
                    os.close(key.fd)
                    del running[key.fd]
                    yield job.index, job.outcome(*_reap(pid))
            now = time.monotonic()
            for fd, (pid, job) in running.items():
                if job.deadline() and now >= job.deadline() and job.killed_for is None:
                    job.killed_for = "timeout"
                    _kill(pid)
    finally:
        for fd, (pid, job) in running.items():  # interrupted: no worker outlives its parent
            _kill(pid)
            _reap(pid)
            os.close(fd)
        selector.close()


def _quiet_standard_streams():
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)


def _kill(pid):
    import signal
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _reap(pid):
    """(returncode, peak memory in bytes) of an ended worker."""
    _, status, usage = os.wait4(pid, 0)
    code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    peak = usage.ru_maxrss if sys.platform == "darwin" else usage.ru_maxrss * 1024
    return code, peak


def spawned(jobs, workers=1, on_event=None):
    """Run each job in a fresh `python -m gradcli.app.workers.worker` (where there is no fork), at most `workers`
    at once; yields (index, Outcome) as each ends. The wall clock is enforced by killing the worker."""
    import concurrent.futures
    import subprocess
    from ...core import limits
    cap = limits.current()["max_elements"]

    def run(job):
        process = subprocess.Popen([sys.executable, "-m", "gradcli.app.workers.worker"], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=child_environment())
        try:
            data, _ = process.communicate(json.dumps(job).encode(), timeout=job["timeout"] + GRACE + START_UP
                                          if job.get("timeout") else None)
            return data, process.returncode, None
        except subprocess.TimeoutExpired:
            process.kill()
            return process.communicate()[0], process.returncode, "timeout"

    with concurrent.futures.ThreadPoolExecutor(max(1, workers)) as pool:
        futures = {pool.submit(run, job): index for index, job in enumerate(jobs)}
        for future in concurrent.futures.as_completed(futures):
            index = futures[future]
            data, returncode, killed_for = future.result()
            state = _Job(index, jobs[index], on_event)
            state.killed_for = killed_for
            if state.feed(data, cap) and killed_for is None:
                state.killed_for = "output"
            yield index, state.outcome(returncode, None)

