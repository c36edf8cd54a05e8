"""Scripts run apart from the process that asks: each in a worker process of its own, under the operating
system's limits (limits.max_memory, limits.timeout), so that a crash, a limit or a hang is that script's error
and the others run, and so that a script's text never reaches the process that asks. `run_script` (isolated
unless the caller marks the text trusted) and `run_scripts` are the library's doors (gradcli's front door
re-exports them); `run_batch` is what `gradcli run` uses.

Where fork exists, workers are forked from a process that has gradcli imported and warmed up already, so
start-up is paid once: the `gradcli` command's own process (`fork_here=True`, cli/ only), or for the library
a fork server (`python -m gradcli.app.workers.server`, app.workers.server) started on first use and reused — the
library's host is never forked (it may have threads) and never limited. Elsewhere (Windows) each worker is a
fresh `python -m gradcli.app.workers.worker`: the wall clock is enforced there (the worker is killed), memory
and CPU time are not (no resource limits), and each Outcome's `notes` says so.

app.workers.worker is a worker's side (the envelope, the run, its frames), app.workers.runners the parent's (start,
watch, reap, the Outcome), app.workers.server the fork server, app.workers.cluster a Dask cluster's workers.
"""

from .workers.runners import STATUSES, Outcome, can_fork, forked, rendered, spawned  # noqa: F401 (the package's names)


def request(text, filename="<script>", keep_going=False, explain=False, timeout=None, max_memory=None):
    """What a worker needs to run one script (JSON-ready): the text, how to run it, the envelope and the
    per-operation limits of this process."""
    from ..core import limits
    explained = explain if isinstance(explain, dict) else {}  # run_script's explain_steps and explain_width
    explained = {"explain_steps": sorted(explained["explain_steps"]) if explained.get("explain_steps") else None,
                 "explain_width": explained.get("explain_width")}
    return {"text": text, "filename": filename, "keep_going": bool(keep_going), "explain": bool(explain),
            "explained": explained,
            "timeout": timeout, "max_memory": max_memory, "limits": dict(limits.current())}


class Ordered:
    """Events (index, kind, value) from workers that run at once, passed on as if they had run one by one: the
    earliest unfinished script's at once, the others' when its turn comes."""

    def __init__(self, emit):
        self.emit, self.head, self.held, self.finished = emit, 0, {}, set()

    def event(self, index, kind, value):
        if index == self.head:
            self.emit(index, kind, value)
        else:
            self.held.setdefault(index, []).append((kind, value))

    def finish(self, index):
        self.finished.add(index)
        while self.head in self.finished:
            self.head += 1
            for kind, value in self.held.pop(self.head, ()):
                self.emit(self.head, kind, value)


def run_batch(jobs, workers=1, fork_here=False, on_event=None, cluster=None):
    """Run `jobs` (see `request`) each in its own worker, at most `workers` at once; yields their Outcomes in
    order. `on_event(index, kind, text)` sees each script's output ("o" stdout, "e" stderr) in order too, as it
    is made. `fork_here`: fork from this process (only the gradcli command may); else the fork server, or
    fresh processes where there is no fork. `cluster`: a Dask distributed Client or a scheduler's address:
    each job runs on a cluster worker, isolated there as here (app.workers.cluster)."""
    jobs = list(jobs)
    ordered = Ordered(on_event) if on_event is not None else None
    handler = ordered.event if ordered is not None else None
    if cluster is not None:
        from .workers.cluster import clustered
        source = clustered(jobs, workers, handler, cluster)
    elif not can_fork():
        source = spawned(jobs, workers, handler)
    elif fork_here:
        from .workers.worker import warm_up
        warm_up()
        source = forked(jobs, workers, handler)
    else:
        from .workers.server import served
        source = served(jobs, workers, handler)
    done = {}
    head = 0
    try:
        for index, outcome in source:
            done[index] = outcome
            if ordered is not None:
                ordered.finish(index)
            while head in done:
                yield done.pop(head)
                head += 1
    finally:
        source.close()  # stopped early or interrupted: its workers end now, not when the generator is collected


def _jobs(scripts, timeout, max_memory, keep_going=False, explain=False):
    from ..core import limits
    if hasattr(scripts, "items"):
        scripts = scripts.items()
    timeout = limits.timeout(limits.BATCH_TIMEOUT) if timeout is None else limits.parse_seconds(timeout, "timeout")
    memory = limits.max_memory() if max_memory is None else limits.parse_memory(max_memory, "max_memory")
    jobs = []
    for number, item in enumerate(scripts, 1):
        name, text = item if isinstance(item, tuple) else ("<script %d>" % number, item)
        jobs.append(request(text, name, keep_going, explain, timeout, memory))
    return jobs


def run_scripts(scripts, jobs=1, timeout=None, max_memory=None, keep_going=False, cluster=None):
    """Run many scripts, each in a worker process of its own, `jobs` at once; yields an Outcome per script, in
    order: `path`, `status` ("ok", "error", "limit", "crashed"), `exit_code`, `seconds`, `peak_memory`,
    `stdout`, `stderr`, `errors`, `to_dict()`. A crash, a limit or a hang is that script's outcome; the others
    run. `scripts`: a mapping of names to texts, (name, text) pairs, or texts (named <script 1>, ...);
    `timeout` seconds of CPU and of wall clock per script (default 60; 0: none), `max_memory` bytes or a size
    such as "2G" (default a quarter of the machine's memory; 0: none). `cluster`: a Dask distributed Client or
    a scheduler's address ("tcp://10.0.0.5:8786"): the scripts run on its workers, each isolated there, and a
    worker lost mid-batch loses nothing (its scripts run elsewhere).

    >>> [o.stdout for o in run_scripts({"a.py": "print(1)", "b.py": "print(2)"})]
    ['1\\n', '2\\n']
    """
    return run_batch(_jobs(scripts, timeout, max_memory, keep_going), jobs, cluster=cluster)


def run_script(text, filename="<script>", write=None, warn=None, on_error=None, explain=None, trusted=False,
               timeout=None, max_memory=None, explain_steps=None, explain_width=None, isolated=None):
    """gradcli.run_script: run a script and return what it printed (or send it to `write` as it is made).

    By default the text is untrusted: it runs in a worker process of its own (forked from a warm fork server:
    ~15 ms of CPU a call, docs/bench.md) under the operating system's limits —
    `timeout` seconds of CPU and of wall clock (default 60; 0: none), `max_memory` bytes or a size such as "2G"
    (default a quarter of the machine's memory) — so that nothing it does reaches this process: not a crash,
    a hang, code left running, nor a change of state (random's seeds, thread counts). A crash, a limit or a hang
    raises its GradcliError here (kind LimitError, or "crashed (segmentation fault)"). Warnings go to `warn`,
    explanations to `explain`, each failing statement to `on_error` (else the first one is raised).
    `trusted=True` (or `isolated=False`) runs it in this process instead (api.run_script: no process, and the
    run's objects stay reachable from its callbacks), for text the caller wrote or vetted.

    >>> run_script("import torch\\nprint(torch.ones(2))")
    'tensor([1., 1.])\\n'
    """
    if isolated is not None:
        trusted = not isolated
    if trusted:
        from .api import run_script as run_here
        return run_here(text, filename, write, warn, on_error, explain, explain_steps, explain_width)
    explained = dict(explain_steps=explain_steps, explain_width=explain_width) if explain is not None else False
    job = _jobs([(filename, text)], timeout, max_memory, on_error is not None, explained)
    parts = []
    sinks = {"o": write or parts.append, "e": warn, "n": explain, "E": on_error}

    def on_event(index, kind, value):
        if sinks.get(kind) is not None:
            sinks[kind](value)
    outcome, = run_batch(job, 1, on_event=on_event)  # (to its end: the fork server is kept for the next call)
    if outcome.errors and on_error is None:
        raise outcome.errors[0]
    return None if write is not None else "".join(parts)
