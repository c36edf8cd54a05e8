"""Batches past one machine: each job a task on a Dask cluster's workers (the `cluster` extra, Dask's distributed
scheduler, imported here only). On the cluster worker the job runs as the library runs any script: in a worker
process of its own, forked from that machine's fork server under the job's envelope and limits (app.isolation),
so a script never touches the Dask worker either. The task sends back what the script said, in order, and its
Outcome; the host replays them, so `gradcli run --cluster` prints and reports exactly what local `-j` does.

A cluster worker lost mid-batch (its machine gone, its process killed) loses nothing: the scheduler runs its
tasks again elsewhere, and each job's result is taken once. A task that kills every worker it lands on (Dask's
KilledWorker), or a scheduler lost for good, is that job's "crashed" Outcome; the other jobs run.
"""

import uuid

from ...base.errors import GradcliError

CONNECT_TIMEOUT = "10s"  # to reach a scheduler given by its address


def clustered(jobs, workers, on_event, cluster):
    """Run each job (see isolation.request) on the cluster, at most `workers` at once (None: as many as the
    scheduler takes); yields (index, Outcome) as each ends. `cluster`: a distributed.Client, or a scheduler's
    address (a Client is made for the batch and closed after it)."""
    distributed = _distributed()
    client, own = _client(distributed, cluster)
    batch = uuid.uuid4().hex[:12]
    pending = list(enumerate(jobs))[::-1]
    futures = {}  # future -> index
    finished = distributed.as_completed(loop=client.loop)

    def submit():
        index, job = pending.pop()
        future = client.submit(run_remote, job, key="gradcli-%s-%d" % (batch, index), pure=False)
        futures[future] = index
        finished.add(future)
    try:
        while pending and (workers is None or len(futures) < max(1, workers)):
            submit()
        for future in finished:
            index = futures.pop(future)
            try:
                events, data = future.result()
            except Exception as exc:  # noqa: BLE001 (KilledWorker, the scheduler lost: that job's crash)
                events, data = _lost(jobs[index], exc)
            future.release()  # (its result is taken: a worker lost later must not run it again)
            yield index, _replayed(index, jobs[index], events, data, on_event)
            if pending:
                submit()
    finally:  # stopped early or interrupted: what is left is cancelled, not run for nobody
        if futures:
            try:
                client.cancel(list(futures))
            except Exception:  # noqa: BLE001 (the scheduler may be gone already)
                pass
        if own:
            client.close()


def run_remote(job):
    """The task, on a cluster worker: the job run isolated there; returns (events, outcome data), JSON-ready."""
    from .runners import can_fork, spawned
    from .server import _outcome_data, served
    from .worker import error_data
    events = []

    def on_event(index, kind, value):
        events.append([kind, error_data(value) if kind == "E" else value])
    (_, outcome), = (served if can_fork() else spawned)([job], 1, on_event)  # (a Dask worker has threads: never
    return events, _outcome_data(outcome)                                      # forked itself)


def _replayed(index, job, events, data, on_event):
    """The Outcome of a job the cluster ran, its events passed to `on_event` as if it had run here."""
    from .server import _outcome
    from .worker import error_from
    if on_event is not None:
        for kind, value in events:
            if kind == "E":
                value = error_from(value, job["text"])
                value.filename = job["filename"]
            on_event(index, kind, value)
    return _outcome(data, job["text"])


def _lost(job, exc):
    """(events, outcome data) of a job the cluster could not run: crashed, with what Dask said."""
    message = "crashed (lost on the cluster: %s%s)" % (type(exc).__name__, ": %s" % exc if str(exc) else "")
    stderr = "%s: %s\n" % (job["filename"], message)
    error = {"kind": "", "message": message, "at": None, "filename": job["filename"]}
    return [["E", dict(error)]], {"path": job["filename"], "status": "crashed", "exit_code": 1, "seconds": 0.0,
                                  "peak_memory": None, "stdout": "", "stderr": stderr, "message": message,
                                  "notes": [], "errors": [error]}


def _distributed():
    try:
        import distributed
    except ImportError:
        raise GradcliError("running on a cluster needs Dask's distributed scheduler: pip install "
                           "'gradcli[cluster]'", "ClusterError") from None
    return distributed


def _client(distributed, cluster):
    """(a Client, whether it is this batch's own to close)."""
    if hasattr(cluster, "submit") and hasattr(cluster, "loop"):  # a Client (or one of its kind) of the caller's
        return cluster, False
    if not isinstance(cluster, str):
        cluster = getattr(cluster, "scheduler_address", cluster)  # a LocalCluster, or any object with one
    try:
        return distributed.Client(cluster, timeout=CONNECT_TIMEOUT, set_as_default=False), True
    except (OSError, ValueError, TypeError) as exc:
        raise GradcliError("cannot reach the cluster at %s: %s" % (cluster, exc), "ClusterError") from None
