"""The library's in-process runs (trusted=True) leave their host process as they found it (numpy's error state,
warning filters, the cycle collector, grad mode, the recursion limit, the warning sink); the process-wide
policies are the gradcli command's alone (cli.process), on only once command() has taken the process over.
The default, isolated runs are tests/app/test_batch_hostile.py's."""

import gc
import subprocess
import sys
import warnings

import numpy as np
import pytest

import gradcli
from conftest import ROOT
from gradcli.base import errors, grad_mode
from gradcli.cli import app as cli
from gradcli.cli import process

SCRIPT_400 = "import torch\nx = torch.ones(2, requires_grad=True)\n(x * 2).sum().backward()\n" * 400


def test_import_and_a_run_change_nothing_in_a_fresh_process():
    """In a process of its own (so that the import is the first): numpy's error state, the warning filters,
    the cycle collector, grad mode and the recursion limit are as they were before `import gradcli`."""
    check = """if 1:
        import gc, sys, warnings
        import numpy as np
        before = (np.geterr(), list(warnings.filters), gc.get_freeze_count(), gc.isenabled(),
                  sys.getrecursionlimit())
        import gradcli
        from gradcli.base import grad_mode
        gradcli.run_script(%r, trusted=True)
        gradcli.evaluate("mean(log(x - x))", at={"x": "ones(3)"})  # log(0) and 0 * inf: torch is silent
        session = gradcli.Session(write=lambda text: None)
        session.execute("import torch\\ntorch.set_grad_enabled(False)\\n")
        after = (np.geterr(), list(warnings.filters), gc.get_freeze_count(), gc.isenabled(),
                 sys.getrecursionlimit())
        names = ("numpy error state", "warning filters", "gc freeze count", "gc enabled", "recursion limit")
        print([name for name, a, b in zip(names, before, after) if a != b], grad_mode.is_grad_enabled())
    """ % SCRIPT_400
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[] True\n" and done.stderr == ""


def test_a_run_is_silent_about_inf_and_nan_whatever_the_hosts_numpy_settings():
    import gradcli.ops  # noqa: F401  (what importing does is the fresh-process test's to check)
    with np.errstate(all="raise"), warnings.catch_warnings():
        warnings.simplefilter("error")
        assert gradcli.run_script("import torch\nprint(torch.log(torch.zeros(2)), torch.zeros(0).mean())\n",
                                  trusted=True) == \
            "tensor([-inf, -inf]) tensor(nan)\n"
        assert np.geterr()["divide"] == "raise"
        with pytest.raises(FloatingPointError):
            np.log(np.zeros(1))


def test_grad_mode_is_the_callers_after_a_run_and_the_sessions_between_its_inputs():
    printed = []
    session = gradcli.Session(write=printed.append)
    with grad_mode.no_grad():
        assert gradcli.run_script("import torch\nprint(torch.is_grad_enabled())\n", trusted=True) == "True\n"
        assert not grad_mode.is_grad_enabled()
        session.execute("import torch\ntorch.set_grad_enabled(False)\n")
    assert grad_mode.is_grad_enabled()
    session.execute("torch.is_grad_enabled()\n")  # the session's own mode lasts, as in Python's REPL
    # (set_grad_enabled(False) as a statement is echoed too, as Python's REPL echoes its object)
    assert printed[-1] == "False\n" and grad_mode.is_grad_enabled()
    with pytest.raises(gradcli.GradcliError):
        gradcli.run_script("import torch\ntorch.set_grad_enabled(False)\n1 / 0\n", trusted=True)
    assert grad_mode.is_grad_enabled()


def test_the_warning_sink_is_the_runs_only(capsys):
    warned = []
    script = "import torch\nx = torch.ones(2, requires_grad=True)\ny = x * 2\ny.grad\nprint(1 / 0)\n"
    with pytest.raises(gradcli.GradcliError):
        gradcli.run_script(script, warn=warned.append, trusted=True)
    assert len(warned) == 1 and "UserWarning: The .grad attribute" in warned[0]
    errors.warn("outside any run")
    assert capsys.readouterr().err == "UserWarning: outside any run\n"



def test_what_a_script_sets_lasts_for_its_run_only():
    """Seeds (random, np.random, torch), the thread count, print options, the default dtype and grad mode set by
    a script run in process carry neither into its host nor into the next run_script."""
    import random
    from gradcli.base import dtypes
    from gradcli.core import printing, rng
    from gradcli.kernels import cpu
    setter = ("import torch\nimport random\nimport numpy as np\nrandom.seed(0)\nnp.random.seed(0)\n"
              "torch.manual_seed(0)\ntorch.set_num_threads(%d)\ntorch.set_printoptions(precision=1)\n"
              "torch.set_default_dtype(torch.float64)\ntorch.set_grad_enabled(False)\n" % (cpu.num_threads() + 1))
    reader = ("import torch\nimport random\nimport numpy as np\nprint(random.random(), np.random.rand(), "
              "torch.initial_seed(), torch.get_num_threads())\nprint(torch.tensor([1.23456]), "
              "torch.get_default_dtype(), torch.is_grad_enabled())\n")

    def host():
        return (random.getstate(), np.random.get_state()[1].tolist(), rng.default_generator().initial_seed(),
                cpu.num_threads(), printing.get_printoptions(), dtypes.default_float(), grad_mode.is_grad_enabled())
    before = host()
    gradcli.run_script(setter, trusted=True)
    assert host() == before
    drawn, printed = gradcli.run_script(reader, trusted=True).splitlines()
    r, n, seed, threads = drawn.split()  # seeded with 0, random.random() is 0.8444..., np.random.rand() 0.5488...
    assert r != "0.8444218515250481" and n != "0.5488135039273248" and seed != "0"
    assert threads == str(cpu.num_threads())
    assert printed == "tensor([1.2346]) torch.float32 True"


# ---------------------------------------------------------------- the command's policies
def test_the_policies_wait_for_the_command_to_take_the_process_over(tmp_path, monkeypatch, capsys):
    """main() in this process compiles a long script with the collector left alone and frees its program;
    after take_over() (command() calls it) the collector pauses while it compiles, the program is frozen out
    of later collections and kept for os._exit."""
    script = tmp_path / "long.py"
    script.write_text("x = 1\n" * 5000)
    monkeypatch.setattr(process, "_active", False)
    monkeypatch.setattr(process, "_kept", [])
    freeze_count = gc.get_freeze_count()
    with pytest.raises(SystemExit) as done:
        cli.main(["run", str(script)])
    assert done.value.code in (0, None) and process._kept == [] and gc.get_freeze_count() == freeze_count
    monkeypatch.setattr(process, "_active", True)  # what take_over() does, but the allocator's tuning
    monkeypatch.setenv("GRADCLI_MAX_MEMORY", "0")  # nor the address-space limit (it would stay on pytest's process)
    try:
        with pytest.raises(SystemExit):
            cli.main(["run", str(script)])
        assert gc.get_freeze_count() > freeze_count and gc.isenabled()
    finally:
        gc.unfreeze()
    assert [len(kept.program) for kept in process._kept] == [5000]
    capsys.readouterr()


def test_the_collector_paused_for_the_start_resumes_when_a_script_runs(tmp_path, monkeypatch, capsys):
    """take_over() pauses the cycle collector for the command's start; a one-shot eval keeps it paused to its
    end, and a script (however short) resumes it before it runs, with what exists then frozen."""
    from gradcli.cli import launch
    script = tmp_path / "short.py"
    script.write_text("x = 1\nprint(x)\n")
    monkeypatch.setattr(process, "_active", True)
    monkeypatch.setattr(process, "_kept", [])
    monkeypatch.setenv("GRADCLI_MAX_MEMORY", "0")
    freeze_count = gc.get_freeze_count()
    try:
        process._pause_collector()
        assert not gc.isenabled()
        assert launch.one_shot(["eval", "x*2", "--at", "x=2"]) == 0
        assert not gc.isenabled() and gc.get_freeze_count() == freeze_count
        assert launch.one_shot(["run", str(script)]) == 0
        assert gc.isenabled() and gc.get_freeze_count() > freeze_count
    finally:
        gc.enable()
        gc.unfreeze()
    assert capsys.readouterr().out.splitlines()[-1] == "1"


def test_allocator_tuning_only_where_glibc_is(monkeypatch):
    import ctypes
    import os
    glibc = sys.platform.startswith("linux") and bool(os.confstr("CS_GNU_LIBC_VERSION") if hasattr(os, "confstr")
                                                       else None)
    assert process.keep_freed_memory() == glibc
    calls = []
    monkeypatch.setattr(ctypes, "CDLL", lambda *args: calls.append(args))
    for platform in ("win32", "darwin", "cygwin"):
        monkeypatch.setattr(sys, "platform", platform)
        assert process.keep_freed_memory() is False
    assert calls == []  # not even looked up
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(os, "confstr", lambda name: None, raising=False)  # musl
    assert process.keep_freed_memory() is False and calls == []


def test_allocator_tuning_survives_a_c_library_without_mallopt(monkeypatch):
    """ctypes.CDLL(None) raises TypeError on Windows and OSError where no C library is loadable; a libc without
    mallopt has no such attribute: the command goes on without tuning."""
    import ctypes
    import os
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(os, "confstr", lambda name: "glibc 2.36", raising=False)
    for problem in (TypeError("NoneType"), OSError("no libc"), AttributeError("mallopt")):
        def fail(*args, problem=problem):
            raise problem
        monkeypatch.setattr(ctypes, "CDLL", fail)
        assert process.keep_freed_memory() is False


def test_the_command_takes_the_process_over_and_leaves_with_its_output(tmp_path):
    script = tmp_path / "long.py"
    script.write_text("x = 1\n" * 5000 + "print(x)\n")
    done = subprocess.run([sys.executable, "-c", "from gradcli.cli import launch\n"
                           "import atexit\natexit.register(print, 'teardown ran')\n"
                           "import sys\nsys.argv = ['gradcli', 'run', %r]\nlaunch.command()\n" % str(script)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "1\n", "")  # no teardown: atexit never ran


def test_full_collections_are_spaced_out_only_once_the_command_takes_over(monkeypatch):
    """The library leaves the host's collector thresholds alone; take_over() raises only the third one (the
    young generations keep their pace)."""
    before = gc.get_threshold()
    monkeypatch.setattr(process, "keep_freed_memory", lambda: False)  # take_over's other policy: not here
    monkeypatch.setattr(process, "_active", False)
    gradcli.run_script("x = 1\n", trusted=True)
    assert gc.get_threshold() == before
    try:
        process.take_over()
        assert gc.get_threshold()[:2] == before[:2]
        assert gc.get_threshold()[2] in (process.FULL_COLLECTION_EVERY, before[2])  # (3.14 ignores it)
    finally:
        gc.set_threshold(*before)
