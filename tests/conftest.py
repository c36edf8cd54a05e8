"""Shared test helpers. Tests compare gradcli with torch-derived golden data committed under tests/;
the few that need torch itself skip when it is absent."""

import importlib.util
import io
import json
import math
import os
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
SHARED = ROOT.parent / "shared"
GOLDEN = ROOT / "tests" / "golden"

sys.path.insert(0, str(GOLDEN))
import mklpath  # noqa: E402


def mkl_golden(path):
    """`path`'s golden for this machine's MKL path when gradcli runs MKL (the mkl extra), skipping the test where
    none was recorded for it; without the extra gradcli runs no MKL and `path` itself is its reference."""
    from gradcli.kernels import cpu, mkl
    if not mkl.available():
        return path
    found = mklpath.golden_for(path, cpu.mkl_path())
    if not found.exists():
        pytest.skip(f"no golden of torch's MKL results for this machine's MKL path ({cpu.mkl_path()}; recorded: "
                    f"{mklpath.RECORDED} and the {path.name.rpartition('.')[0]}.mkl-*.{path.suffix[1:]} beside it)")
    return found


HAS_TORCH = importlib.util.find_spec("torch") is not None
requires_torch = pytest.mark.skipif(not HAS_TORCH, reason="needs torch (pip install torch==2.13.0)")


def run_cli(*args, input=None, env=None, cwd=None, timeout=60):
    """Run `python -m gradcli ARGS` in a subprocess; returns CompletedProcess with text output."""
    environment = dict(os.environ, **(env or {}))
    environment["PYTHONPATH"] = str(ROOT) + os.pathsep + environment.get("PYTHONPATH", "")
    # without input, stdin is empty rather than the caller's terminal: `gradcli` alone must not start a repl
    stdin = None if input is not None else subprocess.DEVNULL
    return subprocess.run([sys.executable, "-m", "gradcli", *args], input=input, stdin=stdin, capture_output=True,
                          text=True, env=environment, cwd=cwd or ROOT, timeout=timeout)


def modules_loaded(*args):
    """The modules a one-shot `gradcli ARGS` has loaded when it is done (a fresh interpreter)."""
    code = ("import sys\nfrom gradcli.cli.app import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n"
            "    pass\nsys.stderr.write(' '.join(sys.modules))\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env)
    return set(done.stderr.split())


def normalize_addresses(text):
    return ADDRESS.sub("0xADDR", text)


# ---------------------------------------------------------------- torchdiff-compare's verdict
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
TOKEN = re.compile(r"(?P<num>(?<![A-Za-z0-9_.])-?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)|(?P<word>[A-Za-z_]\w*)"
                   r"|(?P<ws>\s+)|(?P<other>.)", re.S)


def _numbers_agree(expected, actual):
    if expected == actual:
        return True
    if not any(c in expected for c in ".eE") or not any(c in actual for c in ".eE"):
        return False  # integers must be identical
    fe, fa = float(expected), float(actual)
    if math.isclose(fe, fa, rel_tol=1e-4, abs_tol=1e-6):
        return True
    match = re.match(r"^-?\d*\.(\d*)(?:[eE]([-+]?\d+))?$", expected)
    if not match or not match.group(1):
        return False
    unit = 10.0 ** (int(match.group(2) or 0) - len(match.group(1)))
    return abs(fe - fa) <= unit * (1 + 1e-6)


def agrees(expected, actual):
    """torchdiff-compare's verdict: exact or tolerant."""
    expected, actual = ADDRESS.sub("0xADDR", expected), ADDRESS.sub("0xADDR", actual)
    if expected == actual:
        return True
    te = [(m.lastgroup, m.group()) for m in TOKEN.finditer(expected)]
    ta = [(m.lastgroup, m.group()) for m in TOKEN.finditer(actual)]
    if len(te) != len(ta):
        return False
    return all(_numbers_agree(ve, va) if ke == ka == "num" else (ke, ve) == (ka, va)
               for (ke, ve), (ka, va) in zip(te, ta))


@pytest.fixture
def quiet_numpy():
    """For tests that call ops directly, as a host program would: torch's silence about inf and nan is the
    library's inside its entry points only (gradcli.core.numerics.quiet), so these tests take it themselves."""
    from gradcli.core.numerics import quiet
    with quiet():
        yield


# ---------------------------------------------------------------- torch's recorded snippets
def golden(group):
    """The recorded cases of one group of tests/golden/autograd/ (make_golden.py, torch 2.13) as pytest params
    (id = case name)."""
    cases = json.loads((GOLDEN / "autograd" / ("%s.json" % group)).read_text())
    return [pytest.param(case, id=name) for name, case in cases.items()]


def replay(case):
    """Run a recorded snippet in gradcli and compare stdout, the final error and the warnings with torch's."""
    from gradcli.app import api
    from gradcli.base import errors
    out = io.StringIO()
    warned = []
    error = None
    try:
        api.run_script("import torch\n" + case["code"], "case.py", write=out.write, warn=warned.append)
    except errors.GradcliError as exc:
        error = "%s: %s" % (exc.kind, exc.message)
    assert normalize_addresses(out.getvalue()) == normalize_addresses(case["stdout"])
    assert error == case["error"]
    shown = "".join(warned)
    for warning in case["warnings"]:
        assert warning in shown


@pytest.fixture
def fresh_envelope(monkeypatch):
    """The limits and the memory/time envelope at their defaults, whatever GRADCLI_MAX_MEMORY / GRADCLI_TIMEOUT
    the environment has, and back at them after (the batch and isolation tests)."""
    from gradcli.core import limits
    for name in ("GRADCLI_MAX_MEMORY", "GRADCLI_TIMEOUT"):
        monkeypatch.delenv(name, raising=False)
    limits.reset()
    limits.configure_envelope()
    yield
    limits.reset()
    limits.configure_envelope()


_SHOWN = re.compile(r"^<legacy>:\d+: (\w+): (.*)$")


def assert_as_torch(case):
    """A recorded case (stdout, the error it ends with, the warnings it shows) run through gradcli gives
    torch's (tests/golden/legacy's and tests/golden/meta's records)."""
    from gradcli.app import api
    from gradcli.base.errors import GradcliError
    written, warned, error = [], [], None
    try:
        api.run_script("import torch\n" + case["source"] + "\n", "<legacy>", write=written.append,
                       warn=warned.append)
    except GradcliError as exc:
        error = "%s: %s" % (exc.kind, exc.message.split("\n")[0])
        assert exc.position is not None
    shown = [": ".join(_SHOWN.match(line).groups()) for text in warned for line in text.splitlines()
             if _SHOWN.match(line)]
    printed = re.sub("0x[0-9a-f]+", "0x", "".join(written))
    assert (printed, error, shown) == (re.sub("0x[0-9a-f]+", "0x", case["stdout"]), case["error"],
                                       case["warnings"])
