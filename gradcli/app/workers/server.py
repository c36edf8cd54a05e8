"""The library's fork server: a process of gradcli's own (`python -m gradcli.app.workers.server`), started on first use
and kept, which imports and warms gradcli once and forks a worker per script (app.workers.runners.forked). The host
talks to it in app.workers.worker's frames: ["batch", {workers, jobs}] in; ["event", [index, kind, data]],
["outcome", [index, outcome]] and ["done", null] out. One batch at a time (a lock); it leaves when the host
closes its stdin (at the host's exit, or `shutdown()`)."""

import atexit
import os
import subprocess
import sys
import threading

from ...base.errors import GradcliError

_lock = threading.Lock()
_server = None


def serve():
    """The server's loop (in its own process)."""
    from .runners import forked
    from .worker import Frames, error_data, frame, warm_up, write_all
    warm_up()
    stdin, stdout = sys.stdin.buffer, os.fdopen(os.dup(sys.stdout.fileno()), "wb", buffering=0)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 1)  # nothing but frames reaches the host
    frames = Frames()

    def send(kind, data):
        write_all(stdout.fileno(), frame(kind, data))

    def on_event(index, kind, value):
        send("event", [index, kind, error_data(value) if kind == "E" else value])

    while True:
        data = stdin.read1(1 << 16)
        if not data:
            return
        for kind, value in frames.feed(data):
            if kind != "batch":
                continue
            for index, outcome in forked(value["jobs"], value["workers"], on_event):
                send("outcome", [index, _outcome_data(outcome)])
            send("done", None)


def _outcome_data(outcome):
    from .worker import error_data
    data = outcome.to_dict()
    data["errors"] = [dict(error_data(e), filename=getattr(e, "filename", None)) for e in outcome.errors]
    return data


def _outcome(data, text):
    from .runners import Outcome
    from .worker import error_from
    errors = []
    for item in data["errors"]:
        error = error_from(item, text)
        error.filename = item.get("filename") or data["path"]
        errors.append(error)
    return Outcome(data["path"], data["status"], data["exit_code"], data["seconds"], data["peak_memory"],
                   data["stdout"], data["stderr"], errors, data["notes"])


def _start():
    global _server
    if _server is not None and _server.poll() is None:
        return _server
    from .runners import child_environment
    _server = subprocess.Popen([sys.executable, "-m", "gradcli.app.workers.server"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=child_environment(), bufsize=0)
    return _server


def shutdown():
    """End the fork server (it is started again when needed)."""
    global _server
    if _server is not None:
        try:
            _server.stdin.close()
            _server.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            _server.kill()
        _server = None


atexit.register(shutdown)


def served(jobs, workers=1, on_event=None):
    """runners.forked's results, from the fork server: yields (index, Outcome) as each script ends."""
    from .worker import Frames, error_from, frame, write_all
    with _lock:
        server = _start()
        finished = False
        try:
            write_all(server.stdin.fileno(), frame("batch", {"workers": workers, "jobs": jobs}))
            frames = Frames()
            left = set(range(len(jobs)))
            while not finished:
                data = os.read(server.stdout.fileno(), 1 << 16)
                if not data:  # the server is gone: whatever had not ended crashed with it
                    shutdown()
                    finished = True
                    for index in sorted(left):
                        yield index, _lost(jobs[index])
                for kind, value in frames.feed(data):
                    if kind == "event" and on_event is not None:
                        index, what, item = value
                        if what == "E":
                            item = error_from(item, jobs[index]["text"])
                            item.filename = jobs[index]["filename"]
                        on_event(index, what, item)
                    elif kind == "outcome":
                        left.discard(value[0])
                        yield value[0], _outcome(value[1], jobs[value[0]]["text"])
                    elif kind == "done":
                        finished = True
        finally:
            if not finished:  # the caller stopped early (or was interrupted): the batch goes with the server
                shutdown()


def _lost(job):
    from .runners import Outcome
    error = GradcliError("crashed (the fork server ended)", "")
    error.filename = job["filename"]
    return Outcome(job["filename"], "crashed", 1, 0.0, None, "", "%s: %s\n" % (job["filename"], error), [error])


if __name__ == "__main__":
    serve()
