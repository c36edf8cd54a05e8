"""A progress bar on stderr for `gradcli run`, shown only for runs longer than about a second.

A timer thread starts a transient Rich progress bar after `delay` seconds; short runs never import Rich's
progress machinery. The bar is shown only when stderr is a terminal and stdout is not the terminal too (the
bar redraws itself, and would overwrite the script's output on a shared screen): `gradcli run long.py >
out.txt` shows it, pipes and captured stderr never do. It never writes to stdout.
"""

import _thread
import sys


class DelayedProgress:
    def __init__(self, label, delay=1.0, stderr=None, stdout=None):
        self.label = label
        self.delay = delay
        self.stderr = stderr or sys.stderr
        stdout = stdout or sys.stdout
        self.enabled = _isatty(self.stderr) and not _isatty(stdout)
        self._started = None
        self._lock = _thread.allocate_lock()  # (threading's Lock, without importing threading for a bar not shown)
        self._timer = None
        self._progress = None
        self._closed = False

    @property
    def started(self):
        """An Event set once the bar is on screen (tests wait on it)."""
        if self._started is None:
            import threading
            self._started = threading.Event()
        return self._started

    def __enter__(self):
        if self.enabled:
            import threading
            self.started  # (made before the timer's thread can set it)
            self._timer = threading.Timer(self.delay, self._start)
            self._timer.daemon = True
            self._timer.start()
        return self

    def __exit__(self, *exc_info):
        if self._timer is not None:
            self._timer.cancel()
        with self._lock:
            self._closed = True
            if self._progress is not None:
                self._progress.stop()  # transient: the bar disappears
                self._progress = None

    def _start(self):
        from rich.console import Console
        from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
        with self._lock:
            if self._closed:
                return
            console = Console(file=self.stderr)
            self._progress = Progress(SpinnerColumn(), TextColumn("running {task.description}"), BarColumn(),
                                      TimeElapsedColumn(), console=console, transient=True,
                                      redirect_stdout=False, redirect_stderr=False)
            self._task = self._progress.add_task(self.label, total=None)
            self._progress.start()
            self.started.set()

    def describe(self, label):
        """What the bar says it is running from now on (a batch: "3/10 files")."""
        with self._lock:
            self.label = label
            if self._progress is not None:
                self._progress.update(self._task, description=label)

    def write_stderr(self, text):
        """Text for stderr (warnings, errors): printed above the bar while it is shown; what stderr's encoding
        cannot hold (a lone surrogate in a script's message) is written escaped."""
        with self._lock:
            if self._progress is not None:
                self._progress.console.print(text, end="", markup=False, highlight=False, soft_wrap=True)
                return
        try:
            self.stderr.write(text)
        except UnicodeEncodeError:
            encoding = getattr(self.stderr, "encoding", None) or "utf-8"
            self.stderr.write(text.encode(encoding, "backslashreplace").decode(encoding))
        self.stderr.flush()


def _isatty(stream):
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
