"""The library's fork server: a process of gradcli's own (`python -m gradcli.app.workers.server`), started on first use
and kept, which imports and warms gradcli once and forks a worker per script (app.workers.runners.forked). The host
talks to it in app.workers.worker's frames: ["batch", {workers, jobs}] in; ["event", [index, kind, data]],
["outcome", [index, outcome]] and ["done", null] out. A server runs one batch at a time; the host keeps a pool
(one per batch running at once, up to MAX_SERVERS, kept idle between). A server leaves when the host closes its stdin (at the
host's exit, or `shutdown()`), and its workers with it."""

import atexit
import os
import subprocess
import sys
import threading

from ...base.errors import GradcliError

MAX_SERVERS = 2 * (os.cpu_count() or 1)  # batches at once past this wait (each server is ~35 MB, its workers more)
_changed = threading.Condition()  # guards the two lists; notified when a server is back or gone
_servers = []  # every fork server started (subprocess.Popen), busy or idle
_idle = []     # those waiting for a batch


def serve():
    """The server's loop (in its own process)."""
    from .runners import HostGone, forked
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
            try:
                for index, outcome in forked(value["jobs"], value["workers"], on_event, hangup=stdin.fileno()):
                    send("outcome", [index, _outcome_data(outcome)])
            except (HostGone, BrokenPipeError):  # the host left mid-batch: so do its workers (forked's finally)
                return
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


def _checkout():
    """A fork server for one batch: an idle one, or a new one when every server is busy (host threads running
    batches at once each get their own, so none waits for another's scripts), up to MAX_SERVERS; past that a
    batch waits for a server to come back."""
    with _changed:
        while True:
            while _idle:
                server = _idle.pop()
                if server.poll() is None:
                    return server
                _servers.remove(server)  # (it died idle: its pipes go with it)
            if len(_servers) < MAX_SERVERS:
                break
            _changed.wait()
        starting = object()  # counts as a server while it starts, outside the lock
        _servers.append(starting)
    from .runners import child_environment
    import tempfile
    log = tempfile.TemporaryFile()  # what the server says if it dies (a module missing from this Python)
    try:
        server = subprocess.Popen([sys.executable, "-m", "gradcli.app.workers.server"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=log, env=child_environment(), bufsize=0)
        server.log = log
    finally:
        with _changed:
            _servers.remove(starting)
    with _changed:
        _servers.append(server)
    return server


def _checkin(server):
    with _changed:
        if server.poll() is None:
            _idle.append(server)
        elif server in _servers:
            _servers.remove(server)
        _changed.notify()


def _end(server):
    """End one fork server (its stdin closed: it leaves; killed if it does not within a few seconds)."""
    try:
        server.stdin.close()
        server.wait(5)
    except (OSError, subprocess.TimeoutExpired):
        server.kill()
        server.wait()
    with _changed:
        if server in _servers:
            _servers.remove(server)
        if server in _idle:
            _idle.remove(server)
        _changed.notify()


def shutdown():
    """End the fork servers (one is started again when needed)."""
    with _changed:
        servers = [server for server in _servers if hasattr(server, "poll")]
    for server in servers:
        _end(server)


atexit.register(shutdown)


def served(jobs, workers=1, on_event=None):
    """runners.forked's results, from a fork server: yields (index, Outcome) as each script ends."""
    from .worker import Frames, error_from, frame, write_all
    server = _checkout()
    finished = False
    try:
        write_all(server.stdin.fileno(), frame("batch", {"workers": workers, "jobs": jobs}))
        frames = Frames()
        left = set(range(len(jobs)))
        while not finished:
            data = os.read(server.stdout.fileno(), 1 << 16)
            if not data:  # the server is gone: whatever had not ended crashed with it
                finished = True
                _end(server)
                for index in sorted(left):
                    yield index, _lost(jobs[index], server)
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
    except BrokenPipeError:  # the server died before it read the batch
        finished = True
        _end(server)
        for index in range(len(jobs)):
            yield index, _lost(jobs[index], server)
    finally:
        if not finished:  # the caller stopped early (or was interrupted): the batch goes with its server
            _end(server)
        else:
            _checkin(server)


def _last_words(server):
    """The last line the server wrote to its stderr before it ended ('' if none): why it died."""
    log = getattr(server, "log", None)
    if log is None:
        return ""
    log.seek(max(0, log.seek(0, os.SEEK_END) - 4096))
    lines = log.read().decode(errors="replace").strip().splitlines()
    return lines[-1].strip() if lines else ""


def _lost(job, server):
    from .runners import Outcome
    why = _last_words(server)
    error = GradcliError("crashed (the fork server ended%s)" % (": " + why if why else ""), "")
    error.filename = job["filename"]
    return Outcome(job["filename"], "crashed", 1, 0.0, None, "", "%s: %s\n" % (job["filename"], error), [error])


if __name__ == "__main__":
    serve()
