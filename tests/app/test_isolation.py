"""Isolation (gradcli.app.isolation, `gradcli run` with several files, -j, --report, --timeout, --max-memory): each
script in a worker process of its own under the operating system's limits, so a crash, a limit or a hang is
that script's outcome, the others run, output stays per file and in order, and the host is left alone."""

import faulthandler
import json
import os
import re
import signal
import sys

import pytest

import gradcli
from conftest import TESTS, run_cli
from gradcli.app import isolation
from gradcli.core import limits
from gradcli.base.errors import GradcliError
from gradcli.app.workers import worker

posix = pytest.mark.skipif(not isolation.can_fork(), reason="workers are forked only where there is fork")
SCHEMA = json.loads((TESTS / "hostile" / "report.schema.json").read_text())


pytestmark = pytest.mark.usefixtures("fresh_envelope")  # (tests/conftest.py)


def test_run_scripts_gives_each_outcome_in_order():
    scripts = {"a.py": "print(1)", "b.py": "print(2)\nnope", "c.py": "import torch\nprint(torch.ones(2) * 3)"}
    outcomes = list(gradcli.run_scripts(scripts, jobs=2, timeout=30))
    assert [o.path for o in outcomes] == ["a.py", "b.py", "c.py"]
    assert [o.status for o in outcomes] == ["ok", "error", "ok"]
    assert [o.stdout for o in outcomes] == ["1\n", "2\n", "tensor([3., 3.])\n"]
    assert outcomes[1].exit_code == 1 and outcomes[1].message == "NameError: name 'nope' is not defined"
    assert outcomes[1].stderr.startswith("b.py:2:1: NameError") and outcomes[1].errors[0].position.line == 2
    assert all(o.seconds >= 0 and (o.peak_memory is None or o.peak_memory > 0) for o in outcomes)


def test_a_hang_is_that_scripts_limit_error_with_its_output_kept():
    outcomes = list(gradcli.run_scripts([("hang.py", "print('before')\nwhile True:\n    pass\n"),
                                         ("next.py", "print('next')")], timeout=1))
    hang, after = outcomes
    assert hang.status == "limit" and hang.stdout == "before\n"
    assert hang.message.startswith("LimitError: the script ran for more than 1 s")
    assert "--timeout SECONDS or GRADCLI_TIMEOUT=SECONDS" in hang.message
    assert hang.errors[0].position is not None and hang.errors[0].position.line in (2, 3)
    assert after.status == "ok" and after.stdout == "next\n"


def test_memory_past_max_memory_is_a_limit_error():
    script = "import torch\nl = []\nfor i in range(40):\n    l.append(torch.ones(10**7))\n"
    outcome = next(gradcli.run_scripts([("big.py", script)], max_memory="300M", timeout=30))
    assert outcome.status == "limit", outcome.stderr
    assert outcome.message == ("LimitError: the script ran out of memory (the limit is 300M of memory per script; "
                               "raise it with --max-memory SIZE or GRADCLI_MAX_MEMORY=SIZE)")
    assert outcome.errors[0].position.line == 4


@posix
def test_a_crash_is_that_scripts_error_and_the_others_run(monkeypatch):
    def crash(job, out):
        if "crash" in job["text"]:
            faulthandler.disable()  # pytest's handler, inherited by the fork, would print the stack on stderr
            os.kill(os.getpid(), signal.SIGSEGV)
        return real(job, out)
    real = worker._run_in_worker
    monkeypatch.setattr(worker, "_run_in_worker", crash)  # the workers are forked from this process
    monkeypatch.setattr(worker, "warm_up", lambda: None)  # (which stays as it is)
    jobs = [isolation.request(text, name, timeout=30) for name, text in
            (("a.py", "print(1)"), ("b.py", "crash"), ("c.py", "print(3)"))]
    outcomes = list(isolation.run_batch(jobs, 2, fork_here=True))
    assert [o.status for o in outcomes] == ["ok", "crashed", "ok"]
    assert outcomes[1].stderr == "b.py: crashed (segmentation fault)\n"
    assert outcomes[1].exit_code == -signal.SIGSEGV and outcomes[2].stdout == "3\n"


def test_isolated_run_script_raises_the_scripts_error_and_streams_its_output():
    written, warned = [], []
    with pytest.raises(GradcliError) as info:
        gradcli.run_script("import torch\nprint(1)\nx = torch.ones(2, requires_grad=True)\nprint(x.grad)\n"
                           "y = x * 2\nprint(y.grad)\ntorch.ones(3) + torch.ones(2)\n", "s.py",
                           write=written.append, warn=warned.append, isolated=True)
    assert "".join(written) == "1\nNone\nNone\n"
    assert "UserWarning: The .grad attribute of a Tensor that is not a leaf" in "".join(warned)
    assert info.value.kind == "RuntimeError" and info.value.position.line == 7
    assert gradcli.run_script("print(2)", isolated=True) == "2\n"
    failures = []
    assert gradcli.run_script("print(1)\nnope\nprint(3)", isolated=True, on_error=failures.append) == "1\n3\n"
    assert [str(e) for e in failures] == ["NameError: name 'nope' is not defined"]


def test_isolated_runs_leave_the_host_alone():
    import resource
    before = resource.getrlimit(resource.RLIMIT_AS), resource.getrlimit(resource.RLIMIT_CPU)
    handlers = signal.getsignal(signal.SIGALRM), signal.getsignal(signal.SIGXCPU)
    with pytest.raises(GradcliError):
        gradcli.run_script("while True:\n    pass\n", isolated=True, timeout=1, max_memory="500M")
    assert (resource.getrlimit(resource.RLIMIT_AS), resource.getrlimit(resource.RLIMIT_CPU)) == before
    assert (signal.getsignal(signal.SIGALRM), signal.getsignal(signal.SIGXCPU)) == handlers
    assert limits._memory_in_force is None


def test_where_there_is_no_fork_each_worker_is_spawned(monkeypatch):
    monkeypatch.setattr(isolation, "can_fork", lambda: False)
    outcomes = list(gradcli.run_scripts({"a.py": "print(1)", "b.py": "while True:\n    pass"}, jobs=2, timeout=4))
    assert [o.status for o in outcomes] == ["ok", "limit"] and outcomes[0].stdout == "1\n"


def test_without_resource_limits_the_worker_says_what_is_not_enforced(monkeypatch):
    monkeypatch.setitem(sys.modules, "resource", None)  # as on Windows: `import resource` fails
    notes = worker._apply_envelope({"max_memory": 1 << 30, "timeout": 5})
    assert notes == ["--max-memory is not enforced on this platform (no resource limits)",
                     "--timeout is enforced on the wall clock only on this platform (no CPU limit)"]


@pytest.mark.parametrize("text, value", [("2G", 2 << 30), ("512M", 512 << 20), ("1.5g", 3 << 29), ("100", 100),
                                         ("0", None), ("none", None)])
def test_memory_sizes(text, value):
    assert limits.parse_memory(text, "--max-memory") == value


def test_default_memory_is_a_share_of_the_machine():
    physical = limits.physical_memory()
    assert limits.max_memory() == (max(physical // limits.MEMORY_SHARE, 1 << 30) if physical else None)
    assert limits.timeout() is None and limits.timeout(limits.BATCH_TIMEOUT) == limits.BATCH_TIMEOUT


# ---------------------------------------------------------------- the command
_NO_BUDGET = ("--max-iterations", str(10 ** 12))  # so that the clock, not the loop budget, ends a loop on any machine


def _files(tmp_path, **texts):
    paths = []
    for name, text in texts.items():
        path = tmp_path / (name + ".py")
        path.write_text(text)
        paths.append(str(path))
    return paths


def test_run_batch_with_jobs_and_a_report_valid_against_the_schema(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    paths = _files(tmp_path, a="print('a')\n", b="print('b1')\nwhile True:\n    pass\n", c="x = 1 +\n",
                   d="import torch\nprint(torch.ones(2))\n")
    report = tmp_path / "report.jsonl"
    result = run_cli("--timeout", "2", *_NO_BUDGET, "run", "-j", "2", "--report", str(report), *paths)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stdout == "a\nb1\ntensor([1., 1.])\n"
    assert re.search(r"^b.py:[23]:\d+: LimitError: the script ran for more than 2 s", result.stderr.replace(
        paths[1], "b.py"), re.M)
    lines = [json.loads(line) for line in report.read_text().splitlines()]
    for line in lines:
        jsonschema.validate(line, SCHEMA)
    assert [line["path"] for line in lines] == paths
    assert [line["status"] for line in lines] == ["ok", "limit", "error", "ok"]
    assert lines[3]["stdout"] == "tensor([1., 1.])\n" and lines[2]["message"].startswith("SyntaxError")


def test_run_timeout_on_one_file_and_bad_envelope_values(tmp_path):
    path, = _files(tmp_path, hang="print(1)\nwhile True:\n    pass\n")
    result = run_cli("--timeout", "1", *_NO_BUDGET, "run", path)
    assert result.returncode == 1 and result.stdout == "1\n" and "--timeout SECONDS" in result.stderr
    for args in (("--timeout", "soon"), ("--max-memory", "lots")):
        result = run_cli(*args, "run", path)
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert run_cli("run", path, env={"GRADCLI_TIMEOUT": "-1"}).returncode == 2


@posix
def test_timeout_bounds_eval_and_each_repl_input():
    result = run_cli("--timeout", "1", *_NO_BUDGET, "sum([i % 7 for i in range(10**8)])")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert re.search(r"LimitError: the script (ran for|used) more than 1 s", result.stderr), result.stderr
    result = run_cli("--timeout", "1", *_NO_BUDGET, "repl", input="while True:\n    pass\n\nprint('after')\n")
    assert result.stdout == "after\n" and result.returncode == 0  # the session goes on after the input
    assert re.match(r"<stdin>:[12]:\d+: LimitError: ", result.stderr) and "--timeout SECONDS" in result.stderr


def test_the_timeout_is_the_commands_own(monkeypatch):
    from gradcli.cli import process
    handler = signal.getsignal(signal.SIGALRM)
    with process.timed(1):  # in a host (this test process) nothing is armed
        assert signal.getsignal(signal.SIGALRM) == handler
        assert getattr(signal, "getitimer", lambda which: (0.0, 0.0))(getattr(signal, "ITIMER_REAL", 0)) == (0.0, 0.0)


# Each fills the address space with small objects that a live value keeps (the list being extended, a call's
# arguments): without the reserve limits.memory_error gives back, CPython 3.11-3.13 loop for ever unwinding.
FILLS = {"star_arguments": "print(max(*range(10**8)))", "extend": "b = []\nb.extend(range(10**8))",
         "in_place_add": "b = []\nb += range(10**8)", "slice_assignment": "b = [0]\nb[1:] = range(10**8)",
         "set_update": "b = set()\nb.update(range(10**8))",
         "in_a_function": "def f(b):\n    try:\n        b.extend(range(10**8))\n    finally:\n        pass\nf([])"}


@posix
@pytest.mark.parametrize("name", sorted(FILLS))
def test_memory_filled_with_small_objects_ends_without_a_timeout(tmp_path, name):
    path, = _files(tmp_path, fill="print('before')\n" + FILLS[name] + "\n")
    for argv in (("--max-memory", "1G", "run", path), ("--max-memory", "1G", "run", "-j", "2", path, path)):
        result = run_cli(*argv, timeout=60)
        assert result.returncode == 1 and result.stdout.startswith("before\n"), (argv, result.stderr[-300:])
        assert "LimitError: the script ran out of memory (the limit is 1G" in result.stderr, result.stderr[-300:]
        assert "gradcli/" not in result.stderr and 'File "' not in result.stderr  # (the script's own traceback only)


@posix
def test_the_reserve_is_held_again_for_the_next_repl_input():
    inputs = "b = []\nb.extend(range(10**8))\nb = None\nc = []\nc.extend(range(10**8))\nprint(len(c) > 0)\n"
    result = run_cli("--max-memory", "1G", "repl", input=inputs, timeout=60)
    assert result.stderr.count("LimitError: the script ran out of memory") == 2, result.stderr[-500:]
    assert result.stdout.strip().endswith("True")


def test_run_max_memory_in_the_commands_own_process(tmp_path):
    path, = _files(tmp_path, big="import torch\nprint(1)\nl = [torch.ones(10**7) for i in range(60)]\n")
    result = run_cli("--max-memory", "400M", "run", path)
    assert result.returncode == 1 and result.stdout == "1\n"
    assert ":3:" in result.stderr and "LimitError: the script ran out of memory (the limit is 400M" in result.stderr
