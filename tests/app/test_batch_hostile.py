"""Hostile batch and library cases (issue 30, items 3 and 4): whatever a script does, the host that called the
library's default run_script is left as it was (no crash, hang, code left running, changed state), and a batch
keeps one valid JSON line per file (invalid text, floods, crashes, a killed worker, the parent interrupted by
SIGINT or SIGTERM, a stdout or report that refuses writes, an inherited memory limit)."""

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import gradcli
from conftest import ROOT, run_cli
from gradcli.app import isolation
from gradcli.app.workers import server
from gradcli.base.errors import GradcliError
from gradcli.cli import batch
from gradcli.core import limits

posix = pytest.mark.skipif(not isolation.can_fork(), reason="workers are forked only where there is fork")
linux = pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="reads a process's children from /proc")


pytestmark = pytest.mark.usefixtures("fresh_envelope")  # (tests/conftest.py)


def children(pid):
    """The pids of a process's children (Linux)."""
    found = []
    for task in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/children" % (pid, task)) as f:
                found += [int(p) for p in f.read().split()]
        except OSError:
            pass
    return found


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


# ---------------------------------------------------------------- the library's default: the host is never hurt
STATE_CHANGES = ("import random\nimport numpy as np\nimport torch\nrandom.seed(1)\nnp.random.seed(1)\n"
                 "torch.manual_seed(1)\ntorch.set_num_threads(1)\ntorch.set_default_dtype(torch.float64)\n"
                 "torch.set_printoptions(precision=1)\ntorch.set_grad_enabled(False)\nprint(random.random())\n")


def test_the_default_run_is_isolated_and_trusted_runs_here():
    """What a script sets (seeds, threads, the default dtype, print options, grad mode) stays in its worker:
    neither this process's next trusted run nor the next isolated run sees it."""
    text = "import torch\nprint(torch.get_num_threads(), torch.ones(1) / 3, torch.is_grad_enabled())\n"
    before = gradcli.run_script(text, trusted=True)
    assert gradcli.run_script(STATE_CHANGES) == "0.13436424411240122\n"
    assert gradcli.run_script(text, trusted=True) == before
    assert gradcli.run_script(text) == before


def test_a_script_changes_none_of_the_hosts_state():
    state = random.getstate(), np.random.get_state()[1].tolist()
    for _ in range(2):
        gradcli.run_script(STATE_CHANGES)
    assert (random.getstate(), np.random.get_state()[1].tolist()) == state
    assert gradcli.run_script("import torch\nprint(torch.ones(2) / 3, torch.is_grad_enabled())\n", trusted=True) == \
        "tensor([0.3333, 0.3333]) True\n"


def test_a_hang_ends_at_the_timeout_and_the_host_goes_on():
    started = time.monotonic()
    with pytest.raises(GradcliError) as info:
        gradcli.run_script("print('a')\nwhile True:\n    pass\n", timeout=1)
    assert info.value.kind == "LimitError" and "ran for more than 1 s" in info.value.message
    assert time.monotonic() - started < 1 + 2 * 2.0 + 10  # the timeout, the grace, a loaded machine
    assert gradcli.run_script("print(2)") == "2\n"


def test_memory_past_the_limit_is_the_scripts_limit_not_the_hosts():
    with pytest.raises(GradcliError) as info:
        gradcli.run_script("import torch\nl = [torch.ones(10**7) for i in range(60)]\n", max_memory="300M")
    assert info.value.kind == "LimitError" and "out of memory (the limit is 300M" in info.value.message


@posix
@linux
def test_a_worker_killed_by_a_signal_is_the_scripts_crash_and_the_host_goes_on():
    """A worker ends by SIGSEGV (as a deep deallocation chain ends CPython) or SIGKILL (the OOM killer): the
    default run raises that script's 'crashed (...)'; this process and the next run are fine."""
    for signum, said in ((signal.SIGSEGV, "crashed (segmentation fault)"), (signal.SIGKILL, "crashed (killed)")):
        gradcli.run_script("print(1)")  # a warm, idle fork server
        fork_server = server._idle[-1]  # (the one the next run takes: the pool gives the last idle server)
        errors = []

        def run():
            try:
                gradcli.run_script("print('started')\nwhile True:\n    pass\n", timeout=30)
            except GradcliError as error:
                errors.append(error)
        thread = threading.Thread(target=run)
        thread.start()
        deadline = time.monotonic() + 30
        while not children(fork_server.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        os.kill(children(fork_server.pid)[0], signum)
        thread.join(30)
        assert [str(e) for e in errors] == [said]
    assert gradcli.run_script("print(3)") == "3\n"


@pytest.mark.parametrize("killed_for, signum, said", [("timeout", signal.SIGKILL, "ran for more than 15 s"),
                                                       (None, getattr(signal, "SIGXCPU", 24), "of CPU time")])
def test_a_worker_ended_at_its_timeout_exits_as_every_limit(killed_for, signum, said):
    """A worker still unwinding past its deadline (freeing gigabytes on a loaded machine: corpus case 134) is
    killed by its parent, or by the kernel's CPU limit: the file's outcome is the timeout's limit, exit code 1 as
    every limit's, not minus the signal's number (which is a crash's)."""
    from gradcli.app.workers import runners
    job = runners._Job(0, {"filename": "a.py", "text": "", "timeout": 15.0}, None)
    job.killed_for = killed_for
    outcome = job.outcome(-signum, None)
    assert (outcome.status, outcome.exit_code) == ("limit", 1) and said in outcome.stderr


@pytest.mark.slow
def test_a_real_deallocation_crash_leaves_the_host_alive():
    text = "p = None\nfor i in range(10**6):\n    p = property(p)\nprint('built')\n"
    try:
        gradcli.run_script(text, timeout=120)
    except GradcliError as error:  # crashed in its worker, or refused by a depth limit: never this process
        assert error.kind == "LimitError" or str(error).startswith("crashed")
    assert gradcli.run_script("print(1)") == "1\n"


def test_host_threads_running_scripts_at_once_do_not_wait_for_each_other():
    """Each batch running at once has a fork server of its own: a hung script in one thread does not hold up
    another thread's run."""
    warm = [threading.Thread(target=gradcli.run_script, args=("print(1)",)) for _ in range(2)]
    for thread in warm:  # (two servers started and idle: what is timed below is the waiting, not a start-up)
        thread.start()
    for thread in warm:
        thread.join(60)
    hung = threading.Thread(target=lambda: pytest.raises(GradcliError, gradcli.run_script,
                                                         "while True:\n    pass\n", timeout=4))
    hung.start()
    time.sleep(0.3)
    assert gradcli.run_script("print(7)") == "7\n"
    assert hung.is_alive()  # (it did not wait out the other's 4 s)
    hung.join(60)


def test_past_the_pools_size_a_batch_waits_for_a_server(monkeypatch):
    monkeypatch.setattr(server, "MAX_SERVERS", len(server._servers))  # (every server there is: no new one)
    if not server._servers:
        monkeypatch.setattr(server, "MAX_SERVERS", 1)
    ended = []
    busy = [threading.Thread(target=lambda: ended.append(gradcli.run_script("print('x')"))) for _ in range(3)]
    for thread in busy:
        thread.start()
    for thread in busy:
        thread.join(60)
    assert ended == ["x\n"] * 3 and len(server._servers) <= max(1, server.MAX_SERVERS)


@posix
def test_a_fork_server_that_died_idle_is_replaced():
    gradcli.run_script("print(1)")
    dead = server._idle[-1]
    dead.kill()
    dead.wait(30)
    assert gradcli.run_script("print(2)") == "2\n" and dead not in server._servers


@posix
@linux
def test_the_fork_server_and_its_workers_leave_with_their_host():
    """A host killed mid-batch: its fork server sees its stdin close and ends the running workers."""
    code = ("import gradcli, os, sys\nfrom gradcli.app.workers import server\ngradcli.run_script('print(1)')\n"
            "print(server._idle[0].pid, flush=True)\n"
            "gradcli.run_script('print(2, flush=True)\\nwhile True:\\n    pass\\n', write=lambda t: print(t, end='', "
            "flush=True), timeout=60)\n")
    host = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        fork_server = int(host.stdout.readline())
        assert host.stdout.readline() == "2\n"
        workers = children(fork_server)
        assert workers
        host.kill()
        host.wait(30)
        deadline = time.monotonic() + 20
        while (alive(fork_server) or any(map(alive, workers))) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(fork_server) and not any(map(alive, workers))
    finally:
        host.kill()
        host.stdout.close()


@pytest.mark.parametrize("text, status, said", [
    ("print(chr(0xd800))\n", "error", "UnicodeEncodeError"),
    ("raise ValueError(chr(0xdfff) + 'x')\n", "error", "ValueError"),
    ("print('\\x00\\x1b[2J\\r\\u202e', end='')\n", "ok", ""),
    ("x = 1\nfor i in range(10**6):\n    x = (x,)\n", "limit", "LimitError"),
    ("def f(n):\n    return f(n + 1)\nf(0)\n", "error", "RecursionError"),
    ("raise MemoryError('mine')\n", "error", "MemoryError: mine"),
    ("import torch\ntorch.set_num_threads(1)\nprint(torch.ones(3).sum())\n", "ok", ""),
    ("import subprocess\n", "error", "ModuleNotFoundError"),  # (sys and os are offered in their harmless parts)
    ("open('/etc/passwd')\n", "error", "NameError"),
    ("print(1)\nprint(2\n", "error", "SyntaxError"),
    ("", "ok", ""),
], ids=["surrogate-print", "surrogate-raise", "control-characters", "nesting", "recursion", "memoryerror-raised",
        "threads", "import-subprocess", "open", "syntax", "empty"])
def test_hostile_scripts_through_run_scripts_each_end_with_their_own_outcome(text, status, said):
    outcome, after = gradcli.run_scripts([("h.py", text), ("after.py", "print('after')")], timeout=30)
    assert outcome.status == status and said in (outcome.message or ""), outcome.stderr
    assert "Traceback" not in outcome.stderr and after.stdout == "after\n" and after.status == "ok"


# each (text, status, what its message says): run as one library batch, two at a time, under a small
# iteration budget; every one ends with its own outcome, in order, and no traceback
LIBRARY_CASES = {
    "string-bomb": ("print('x' * 10**9)", "limit", "the string would have 1000000000 elements"),
    "tensor-bomb": ("import torch\ntorch.ones(10**5, 10**5)", "limit", "the tensor would have 10000000000"),
    "list-bomb": ("[0] * 10**10", "limit", "the list would have 10000000000 elements"),
    "int-bomb": ("2 ** 10**8", "limit", "bits"),
    "doubling": ("s = 'a'\nfor i in range(40):\n    s = s + s", "limit", "elements"),
    "self-containing": ("x = []\nx.append(x)\nprint(x)", "ok", None),
    "non-scalar-backward": ("import torch\nx = torch.ones(2, requires_grad=True)\nx.backward()", "error",
                            "grad can be implicitly created only for scalar outputs"),
    "surrogates-raised": ("raise Exception(chr(0xd800) * 3)", "error", "Exception: \ud800"),
    "bytes": ("print(b'\\xff')", "error", "SyntaxError"),
    "high-surrogate": ("print('\\ud83d')", "error", "UnicodeEncodeError"),
    "non-ascii": ("print('\u00e9\u20ac\U0001f600')", "ok", None),
    "dunder-import": ("__import__('os')", "error", "NameError"),
    "getattr": ("getattr(1, '__class__')", "error", "AttributeError"),
    "class-bases": ("().__class__.__bases__", "error", "AttributeError"),
    "random-seed": ("import random\nrandom.seed(5)\nprint(random.random())", "ok", None),
    "numpy-seed": ("import numpy as np\nnp.random.seed(0)\nprint(np.random.rand())", "ok", None),
    "bad-def": ("def (:", "error", "SyntaxError"),
    "unterminated": ("'unterminated", "error", "SyntaxError"),
    "tabs": ("if 1:\n\tx = 1\n        y = 2", "error", "TabError"),
    "blank": ("   \n\n", "ok", None),
    "long-line": ("print(*range(10**4))", "ok", None),
    "non-finite": ("import torch\nprint(torch.tensor([float('nan'), float('inf')]))", "ok", None),
    "finalizer": ("class A:\n    def __del__(self):\n        print('late')\na = A()", "error", "__del__"),
    "budget": ("for i in range(10**6):\n    pass", "limit", "loop iterations"),
    "dict-budget": ("x = {}\nfor i in range(10**6):\n    x[i] = i", "limit", "loop iterations"),
    "huge-threads": ("import torch\ntorch.set_num_threads(45*10**7)\nprint(torch.ones(4).sum())", None, None),
    "flush": ("print(1, file=None, flush=True)", "ok", None),
    "bad-chr": ("print(chr(0x110000))", "error", "ValueError"),
    "huge-int-text": ("print(str(10**5000))", "error", "ValueError"),
    "zip-tuples": ("t = ()\nfor i in range(10**5):\n    t = next(zip([t]))\nprint({t: 1})", "limit", "nested"),
    "items-tuples": ("d = {1: ()}\nv = d.items()\nfor i in range(10**5):\n    d[1] = next(iter(v))\n"
                     "print({d[1]: 1})", "limit", "nested"),
    "star-args-tuples": ("def f(*a):\n    return a\nt = ()\nfor i in range(10**5):\n    t = f(t)\nprint({t})",
                         "limit", "nested"),
    "held-view": ("d = {1: ()}\nv = d.items()\nfor i in range(10**5):\n    d[1] = list(v)[0]\nprint({d[1]: 1})",
                  "limit", "nested"),
    "star-args-doubling": ("def f(*a):\n    return a\nt = (0,)\nfor i in range(40):\n    t = f(*t, *t)", "limit",
                           "the call's arguments would have 134217728 elements"),
    "extend-doubling": ("l = [0] * 10**6\nfor i in range(20):\n    l.extend(iter(l))", "limit",
                        "the list would have more than 100000000 elements"),
}
LIBRARY_STDOUT = {"self-containing": "[[...]]\n", "non-ascii": "\u00e9\u20ac\U0001f600\n",
                  "random-seed": "0.6229016948897019\n", "numpy-seed": "0.5488135039273248\n", "blank": "",
                  "long-line": " ".join(map(str, range(10**4))) + "\n", "non-finite": "tensor([nan, inf])\n",
                  "flush": "1\n"}


@pytest.fixture(scope="module")
def library_batch():
    limits.configure(max_iterations=100000)
    try:
        outcomes = list(gradcli.run_scripts([(name, text) for name, (text, _, _) in LIBRARY_CASES.items()],
                                            jobs=2, timeout=30))
    finally:
        limits.reset()
    return dict(zip(LIBRARY_CASES, outcomes))


@pytest.mark.parametrize("name", list(LIBRARY_CASES))
def test_hostile_library_case_ends_with_its_own_outcome(library_batch, name):
    _, status, said = LIBRARY_CASES[name]
    outcome = library_batch[name]
    assert outcome.path == name and "Traceback" not in outcome.stderr
    assert outcome.status in ((status,) if status else ("ok", "error", "limit")), outcome.stderr
    if said is not None:
        assert said in outcome.message
    if name in LIBRARY_STDOUT:
        assert outcome.stdout == LIBRARY_STDOUT[name]
    assert json.loads(json.dumps(outcome.to_dict())) == outcome.to_dict()  # a valid report line, whatever it holds


# ---------------------------------------------------------------- the command's batches
def _files(tmp_path, texts):
    paths = []
    for name, text in texts.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        paths.append(str(path))
    return paths


def _report(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


HOSTILE_FILES = {
    "surrogate.py": "print('a')\nprint(chr(0xd800))\n",
    "flood.py": "while True:\n    print('x' * 1000)\n",
    "warnings.py": "import torch\nx = torch.ones(2, requires_grad=True)\ny = x * 2\nfor i in range(300):\n    y.grad\n",
    "reseed.py": "import torch\ntorch.manual_seed(3)\ntorch.set_num_threads(1)\nprint('reseeded')\n",
    "fresh.py": "import torch\nprint(torch.rand(2), torch.get_num_threads() >= 1)\n",
    "big.py": "import torch\nl = [torch.ones(10**5) for i in range(2000)]\n",
    "ok.py": "print('ok')\n",
}


@pytest.fixture(scope="module")
def hostile_batch(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("hostile")
    paths = _files(tmp_path, HOSTILE_FILES)
    report = tmp_path / "r.jsonl"
    result = run_cli("--max-elements", "100000", "--max-memory", "300M", "--timeout", "30", "run", "-j", "2",
                     "--report", str(report), *paths, timeout=120)
    alone = run_cli("run", paths[list(HOSTILE_FILES).index("fresh.py")], timeout=60)
    return result, dict(zip(HOSTILE_FILES, _report(report))), alone


def test_a_hostile_batch_reports_one_valid_object_per_file_in_order(hostile_batch):
    jsonschema = pytest.importorskip("jsonschema")
    result, lines, _ = hostile_batch
    schema = json.loads((ROOT / "tests" / "hostile" / "report.schema.json").read_text())
    assert list(lines) == list(HOSTILE_FILES) and result.returncode == 1
    for line in lines.values():
        jsonschema.validate(line, schema)
    assert {name: line["status"] for name, line in lines.items()} == {
        "surrogate.py": "error", "flood.py": "limit", "warnings.py": "ok", "reseed.py": "ok", "fresh.py": "ok",
        "big.py": "limit", "ok.py": "ok"}
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr


@pytest.mark.parametrize("name, stdout, said", [
    ("surrogate.py", "a\n", "UnicodeEncodeError"),
    ("flood.py", None, "printed more than 100000 characters"),
    ("big.py", "", "out of memory (the limit is 300M"),
    ("ok.py", "ok\n", None),
])
def test_each_hostile_files_line_says_what_it_did(hostile_batch, name, stdout, said):
    _, lines, _ = hostile_batch
    line = lines[name]
    if stdout is not None:
        assert line["stdout"] == stdout
    assert (line["message"] is None) if said is None else said in line["message"]


def test_a_file_after_one_that_reseeds_sees_a_fresh_process(hostile_batch):
    _, lines, alone = hostile_batch
    assert lines["reseed.py"]["stdout"] == "reseeded\n"
    assert lines["fresh.py"]["stdout"].endswith("True\n") and alone.stdout.endswith("True\n")
    seeded = gradcli.run_script("import torch\ntorch.manual_seed(3)\n" + HOSTILE_FILES["fresh.py"], trusted=True)
    assert lines["fresh.py"]["stdout"].startswith("tensor([") and lines["fresh.py"]["stdout"] != seeded


def test_warnings_in_a_batch_are_the_files_stderr(hostile_batch):
    _, lines, _ = hostile_batch
    assert lines["warnings.py"]["stderr"].count("UserWarning") >= 1 and lines["warnings.py"]["message"] is None


def _start(args, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "gradcli", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=tmp_path,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


@posix
@linux
@pytest.mark.parametrize("signum, code, said", [(signal.SIGINT, 130, "interrupted"),
                                                (signal.SIGTERM, 143, "terminated")])
def test_an_interrupted_batch_leaves_a_valid_report_and_no_worker(tmp_path, signum, code, said):
    texts = {"a.py": "print('a')\n", "b.py": "print('b')\n", "hang.py": "print('hang', flush=True)\nwhile True:\n"
             "    pass\n", "d.py": "print('d')\n"}
    paths = _files(tmp_path, texts)
    report = tmp_path / "r.jsonl"
    process = _start(["--timeout", "60", "run", "-j", "2", "--report", str(report), *paths], tmp_path)
    try:
        deadline = time.monotonic() + 60
        while (not report.exists() or report.read_text().count("\n") < 2) and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = children(process.pid)
        assert workers
        process.send_signal(signum)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == code and said in err and "Traceback" not in err
    assert [line["path"] for line in _report(report)] == paths[:2]
    assert not any(map(alive, workers))


@posix
@linux
def test_a_worker_killed_mid_batch_is_that_files_crash_and_the_others_run(tmp_path):
    paths = _files(tmp_path, {"a.py": "print('a')\n", "hang.py": "print('hang')\nwhile True:\n    pass\n",
                              "c.py": "print('c')\n"})
    report = tmp_path / "r.jsonl"
    process = _start(["--timeout", "60", "run", "--report", str(report), *paths], tmp_path)
    try:
        assert process.stdout.readline() == "a\n" and process.stdout.readline() == "hang\n"
        worker, = children(process.pid)
        os.kill(worker, signal.SIGKILL)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 1 and out == "c\n" and "Traceback" not in err
    assert err == "%s: crashed (killed)\n" % paths[1]
    assert [(line["status"], line["stdout"]) for line in _report(report)] == [("ok", "a\n"), ("crashed", "hang\n"),
                                                                            ("ok", "c\n")]


def test_signals_held_while_a_report_line_is_written():
    """SIGINT inside the block: the line is written whole, then the interrupt comes."""
    written = []
    with pytest.raises(KeyboardInterrupt):
        with batch._signals_held():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
            written.append("the whole line")
    assert written == ["the whole line"] and signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="a device that is always full")
def test_stdout_on_a_full_device_is_said_once_and_the_report_keeps_every_result(tmp_path):
    paths = _files(tmp_path, {"a.py": "for i in range(2000):\n    print(i)\n", "b.py": "print('b')\n"})
    report = tmp_path / "r.jsonl"
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "gradcli", "run", "-j", "2", "--report", str(report), *paths],
                              stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 1 and "internal error" not in done.stderr and "Traceback" not in done.stderr
    assert done.stderr.count("gradcli: cannot write to stdout: No space left on device") == 1
    assert [line["status"] for line in _report(report)] == ["ok", "ok"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="a device that is always full")
def test_stdout_on_a_full_device_without_a_report_ends_the_batch_with_one_message(tmp_path):
    paths = _files(tmp_path, {"a.py": "for i in range(2000):\n    print(i)\n", "b.py": "print('b')\n"})
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "gradcli", "run", "-j", "2", *paths], stdout=full,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 1 and "internal error" not in done.stderr and "Traceback" not in done.stderr
    assert done.stderr == "gradcli: cannot write to stdout: No space left on device\n"


def test_a_reader_that_leaves_ends_the_batch_quietly(tmp_path):
    paths = _files(tmp_path, {"a.py": "for i in range(100000):\n    print(i)\n", "b.py": "print('b')\n"})
    process = _start(["run", "-j", "2", *paths], tmp_path)
    try:
        assert process.stdout.readline() == "0\n"
        process.stdout.close()
        err = process.stderr.read()
        process.wait(60)
    finally:
        process.kill()
    assert process.returncode == 1 and "Traceback" not in err and "internal error" not in err


@posix
def test_an_inherited_memory_limit_is_enforced_not_dropped(tmp_path):
    """Under `ulimit -v` lower than --max-memory, workers enforce the inherited limit (and say so), instead of
    running unlimited."""
    import resource
    paths = _files(tmp_path, {"big.py": "import torch\nl = [torch.empty(10**8) for i in range(20)]\n",
                              "ok.py": "print(1)\n"})
    report = tmp_path / "r.jsonl"
    inherited = 1500 << 20

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (inherited, inherited))
    done = subprocess.run([sys.executable, "-m", "gradcli", "--max-memory", "8G", "run", "--report", str(report),
                           *paths], capture_output=True, text=True, cwd=ROOT, timeout=120, preexec_fn=limit,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    big, ok = _report(report)
    from gradcli.core import limits
    enforced = limits.format_bytes(inherited - limits.MEMORY_RESERVE)  # (the reserve is held back below it)
    assert big["status"] == "limit" and "out of memory (the limit is %s " % enforced in big["message"], done.stderr
    assert big["notes"] == ["--max-memory 8G is above the memory limit this process inherited (ulimit -v): %s "
                            "is enforced" % enforced]
    assert ok["status"] == "ok" and "not enforced" not in done.stderr


@posix
def test_a_fork_server_that_dies_says_why(monkeypatch):
    """A server that cannot start (its Python lacks one of gradcli's dependencies) is each script's error, with
    the last line it wrote: not a bare "crashed"."""
    started = subprocess.Popen
    dying = [sys.executable, "-c", "import sys\nsys.stderr.write(\"ModuleNotFoundError: No module named 'lark'\\n\")"]
    monkeypatch.setattr(server, "_servers", [])
    monkeypatch.setattr(server, "_idle", [])
    monkeypatch.setattr(subprocess, "Popen", lambda argv, **options: started(dying, **options))
    with pytest.raises(GradcliError) as error:
        gradcli.run_script("print(1)")
    assert str(error.value) == "crashed (the fork server ended: ModuleNotFoundError: No module named 'lark')"
