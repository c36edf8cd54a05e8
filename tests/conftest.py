"""Shared test helpers. Tests compare gradcli with torch-derived golden data committed under tests/;
the few that need torch itself skip when it is absent."""

import importlib.util
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
GOLDEN = ROOT / "tests" / "golden"

HAS_TORCH = importlib.util.find_spec("torch") is not None
requires_torch = pytest.mark.skipif(not HAS_TORCH, reason="needs torch (pip install torch==2.13.0)")


def run_cli(*args, input=None, env=None, cwd=None, timeout=60):
    """Run `python -m gradcli ARGS` in a subprocess; returns CompletedProcess with text output."""
    environment = dict(os.environ, **(env or {}))
    environment["PYTHONPATH"] = str(ROOT) + os.pathsep + environment.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "gradcli", *args], input=input, capture_output=True, text=True,
                          env=environment, cwd=cwd or ROOT, timeout=timeout)


def normalize_addresses(text):
    import re
    return re.sub(r"0x[0-9a-fA-F]+", "0xADDR", text)
