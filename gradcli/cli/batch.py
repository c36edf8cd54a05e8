"""`gradcli run`'s batch paths: which runs go to worker processes (isolation), how their output reaches the
terminal (per file, in order, as it is made), --jobs, --cluster and --report. The workers are forked from this
process when it is the command's own (cli.process), from the library's fork server otherwise, or run on a
Dask cluster (app.workers.cluster). Whatever a file or the terminal does, the report keeps one whole JSON line
per finished file: a line is written with SIGINT and SIGTERM held off, and an output error is said once."""

import signal
import sys

from ..base.errors import GradcliError
from .common import report as _report, stderr_write

EXIT_TERMINATED = 128 + 15  # as a shell reports a process that SIGTERM ended


class Terminated(KeyboardInterrupt):
    """SIGTERM during a batch: ends it as Ctrl-C does (no worker outlives it), exit 143."""


def isolated(files, jobs, report, timeout_given, cluster=None):
    """Whether a run goes to workers: several files, -j, --report, --cluster or a --timeout (one file from a
    terminal runs in this process, its output live, as before)."""
    return len(files) > 1 or jobs is not None or report is not None or timeout_given or cluster is not None


def run(scripts, jobs, report_path, keep_going, explain, write_stdout, cluster=None, headers=False):
    """Run (name, text) pairs, each in its own worker; output per file and in order; returns how many failed.
    `headers`: each file's output after a `==> NAME <==` line, as `head a b` marks its files."""
    import json
    from ..app import isolation
    from ..core import limits
    from . import process
    from .progress import DelayedProgress
    batch = len(scripts) > 1 or report_path is not None
    timeout = limits.timeout(limits.BATCH_TIMEOUT if batch else None)
    memory = limits.max_memory()
    requests = [isolation.request(text, name, keep_going, explain, timeout, memory) for name, text in scripts]
    # (explain: {} or run_script's explain_steps and explain_width)
    report = _Report(report_path) if report_path is not None else None
    stdout = _Stdout(write_stdout, going_on=report is not None)
    failed = done = headed = 0  # (headed: how many files have their header out)

    def head(index):
        nonlocal headed
        while headers and headed <= index:
            stdout.write("%s==> %s <==\n" % ("\n" if headed else "", scripts[headed][0]))
            headed += 1

    with DelayedProgress(_files_done(0, len(scripts))) as progress, _terminable():
        def on_event(index, kind, value):
            head(index)
            if kind == "o":
                stdout.write(value)
            elif kind == "E":
                _report_error(value, progress.write_stderr)
            else:
                progress.write_stderr(value)
        if cluster is not None:
            _quiet_cluster_logs()
        outcomes = isolation.run_batch(requests, jobs or (None if cluster else 1), fork_here=process.owned(),
                                       on_event=on_event, cluster=cluster)
        try:
            for index, outcome in enumerate(outcomes):
                head(index)  # (a file that printed nothing)
                failed += outcome.status != "ok"
                done += 1
                progress.describe(_files_done(done, len(scripts)))
                if report is not None:
                    report.write(json.dumps(outcome.to_dict(), allow_nan=False) + "\n")
        except GradcliError as error:
            if error.kind != "ClusterError":
                raise
            from .common import UsageError
            raise UsageError(error.message) from None  # (no cluster to run on: --cluster was bad usage)
        finally:
            outcomes.close()  # (interrupted here, not in the batch: its workers end now, before this process)
            stdout.flush()
            if report is not None:
                report.close()
    return failed + stdout.lost


def _quiet_cluster_logs():
    """Dask's own log lines (a worker lost and replaced, a reconnection) stay off the scripts' stderr; what the
    batch loses is in its outcomes."""
    import logging
    logging.getLogger("distributed").setLevel(logging.CRITICAL)


def _files_done(done, total):
    return "%d/%d files" % (done, total) if total > 1 else "1 file"


class _Stdout:
    """The scripts' output on stdout. A reader that left (`| head`) ends the batch silently, as before; a device
    that refuses the write (a full disk, `> /dev/full`) is said once, and the batch goes on when a --report
    keeps its results (else it ends there). `lost` is 1 once stdout has failed (the exit is then non-zero)."""

    def __init__(self, write, going_on):
        self._write, self.going_on, self.lost = write, going_on, 0

    def write(self, text):
        if self.lost:
            return
        try:
            self._write(text)
            sys.stdout.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            self._failed(exc)

    def flush(self):
        if not self.lost:
            try:
                sys.stdout.flush()
            except BrokenPipeError:
                raise
            except OSError as exc:
                self._failed(exc)

    def _failed(self, exc):
        import os
        self.lost = 1
        stderr_write("gradcli: cannot write to stdout: %s%s\n" % (
            exc.strerror or exc, "; the batch goes on (its results go to --report)" if self.going_on else ""))
        try:  # what stdout holds unwritten is dropped: later flushes must not fail again
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.stdout.flush()
        except (OSError, ValueError):
            pass
        if not self.going_on:
            from .common import Failed
            raise Failed()


class _Report:
    """--report FILE.jsonl: one JSON line per finished file, each written whole (SIGINT and SIGTERM wait for
    the line's end), so that an interrupted batch leaves valid JSON lines. A device that refuses a line
    (`--report /dev/full`) ends the batch with gradcli's message, exit 2."""

    def __init__(self, path):
        self.path = path
        try:
            self.file = open(path, "wb")
        except OSError as exc:
            raise self._error(exc) from None

    def write(self, line):
        data = line.encode("utf-8", "backslashreplace")
        with _signals_held():
            try:
                self.file.write(data)
                self.file.flush()
            except OSError as exc:
                self.file = None
                raise self._error(exc) from None

    def close(self):
        if self.file is not None:
            try:
                self.file.close()
            except OSError:
                pass  # (a failed write was reported already)

    def _error(self, exc):
        from .common import UsageError
        return UsageError("cannot write %s: %s" % (self.path, exc.strerror or exc))


class _signals_held:
    """`with _signals_held():` SIGINT and SIGTERM that arrive inside wait for its end, then act as they would
    have (only the main thread can swap handlers; elsewhere nothing is held)."""

    NAMES = ("SIGINT", "SIGTERM")

    def __enter__(self):
        import threading
        self.pending, self.saved = [], {}
        if threading.current_thread() is threading.main_thread():
            for name in self.NAMES:
                if hasattr(signal, name):
                    number = getattr(signal, name)
                    self.saved[number] = signal.signal(number, lambda signum, frame: self.pending.append(signum))
        return self

    def __exit__(self, *exc):
        for number, handler in self.saved.items():
            signal.signal(number, handler)
        for number in self.pending[:1]:
            handler = self.saved[number]
            if callable(handler):
                handler(number, None)
            elif handler == signal.SIG_DFL:
                signal.raise_signal(number)
        return False


class _terminable:
    """`with _terminable():` SIGTERM ends the batch as Ctrl-C does (Terminated), so that its workers are killed
    and its report closed, instead of the process vanishing with workers left running."""

    def __enter__(self):
        import threading
        self.saved = None
        if threading.current_thread() is threading.main_thread() and hasattr(signal, "SIGTERM"):
            self.saved = signal.signal(signal.SIGTERM, _terminate)
        return self

    def __exit__(self, *exc):
        if self.saved is not None:
            signal.signal(signal.SIGTERM, self.saved)
        return False


def _terminate(signum, frame):
    raise Terminated()


def _report_error(error, write):
    if error.position is None:  # a crash or the envelope: `file: message`
        write("%s: %s\n" % (getattr(error, "filename", None) or "gradcli", error))
    else:
        _report(error, write)


def jobs_option(text):
    """-j N: a positive number of workers ("auto": one per core)."""
    if text is None:
        return None
    if text == "auto":
        import os
        return os.cpu_count() or 1
    from .common import positive
    return positive(text, "--jobs")
