"""Batches on a Dask cluster (the `cluster` extra; .ci/run installs it): `gradcli run --cluster ADDRESS` and
`run_scripts(..., cluster=)` against a LocalCluster of two worker processes, one of them killed mid-batch. The
output, the order and the report are local -j's; a lost worker loses no file and reports none twice."""

import json
import os
import signal
import sys
import threading
import time

import pytest

import gradcli
from conftest import run_cli
from gradcli.base.errors import GradcliError

try:
    import distributed
except ImportError:  # pragma: no cover (CI installs the extra)
    distributed = None

needs_distributed = pytest.mark.skipif(distributed is None, reason="Dask's distributed is not installed (the "
                                                                   "cluster extra: pip install -e '.[cluster]')")
# each prints what it is, the fourth fails, the fifth crashes its own worker process (never the cluster's)
SCRIPTS = {"s%d.py" % i: "total = 0\nfor i in range(30000):\n    total += i %% 7\nprint(%d, total)\n" % i
           for i in range(8)}
SCRIPTS["s3.py"] = "print('before')\nnope\n"
SCRIPTS["s4.py"] = "x = 1\nfor i in range(10**6):\n    x = (x,)\n"  # the nesting limit, located


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=50) as cluster, distributed.Client(cluster) as client:
        yield client


@pytest.fixture(scope="module")
def local():
    """The batch's outcomes run here, -j 2: what the cluster must give."""
    return [o.to_dict() for o in gradcli.run_scripts(SCRIPTS, jobs=2, timeout=30)]


def _same(dicts):
    return [{k: v for k, v in d.items() if k not in ("seconds", "peak_memory")} for d in dicts]


@needs_distributed
def test_a_worker_killed_mid_batch_loses_nothing(client, local):
    """One of the two workers is killed while it runs a script: each script's outcome comes once, in order,
    as the local run gives it."""
    killed = []

    def kill_a_busy_worker():
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            busy = [worker for worker, keys in client.processing().items() if keys]
            if busy:
                pid = client.run(os.getpid, workers=busy[:1])[busy[0]]
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return
            time.sleep(0.02)
    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    outcomes = [outcome.to_dict() for outcome in gradcli.run_scripts(SCRIPTS, jobs=2, timeout=30, cluster=client)]
    killer.join(60)
    assert killed and killed[0] not in client.run(os.getpid).values()  # (the nanny started another)
    assert _same(outcomes) == _same(local)
    assert [o["status"] for o in outcomes] == ["ok", "ok", "ok", "error", "limit", "ok", "ok", "ok"]


@needs_distributed
def test_gradcli_run_on_a_cluster_prints_and_reports_as_local_jobs(client, local, tmp_path):
    """stdout and stderr are each file's, in order, as local -j prints them; the report is local's line by line."""
    paths = []
    for name, text in SCRIPTS.items():
        (tmp_path / name).write_text(text)
        paths.append(name)
    report = tmp_path / "remote.jsonl"
    result = run_cli("--timeout", "30", "run", "--cluster", client.scheduler.address, "-j", "3", "--report",
                     str(report), *paths, cwd=tmp_path, timeout=120)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stdout == "".join(o["stdout"] for o in local)
    assert result.stderr == "".join(o["stderr"] for o in local)
    lines = [json.loads(line) for line in report.read_text().splitlines()]
    assert [line["path"] for line in lines] == paths and _same(lines) == _same(local)


def test_without_distributed_the_cluster_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(GradcliError) as info:
        list(gradcli.run_scripts({"a.py": "print(1)"}, cluster="tcp://127.0.0.1:8786"))
    assert info.value.kind == "ClusterError" and "pip install 'gradcli[cluster]'" in info.value.message


@needs_distributed
def test_a_cluster_that_cannot_be_reached_is_a_clear_error(monkeypatch):
    def refuse(address, **options):
        raise OSError("Timed out trying to connect to %s after 10 s" % address)
    monkeypatch.setattr(distributed, "Client", refuse)
    with pytest.raises(GradcliError) as info:
        list(gradcli.run_scripts({"a.py": "print(1)"}, cluster="tcp://10.0.0.5:8786"))
    assert info.value.kind == "ClusterError"
    assert info.value.message == ("cannot reach the cluster at tcp://10.0.0.5:8786: Timed out trying to connect "
                                  "to tcp://10.0.0.5:8786 after 10 s")
