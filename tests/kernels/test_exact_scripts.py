"""Scripts whose every printed digit is torch's: training loops that print `loss.item()` at every step (no
matrix products, which torch hands to MKL) and reductions printed with `.item()` / `.tolist()`. Recorded with
torch 2.13 by tests/corpora/exact/record.py for an AVX512 and an AVX2 machine, two threads; gradcli runs them with the
same capability and threads and must print the same text, character for character. optimizers.py runs each of
torch.optim's optimizers 500 steps (their square roots are MKL's in torch) and linear_mlp.py trains nn.Linear
layers (MKL's gemm in torch): both are exact with the mkl extra installed (strict xfails without it). With the
extra, record.MKL_SCRIPTS are compared with torch's text for this machine's MKL path (tests/golden/mklpath.py),
skipped where none was recorded."""


import sys

import pytest

from gradcli.app import api
from gradcli.kernels import cpu, mkl
from conftest import TESTS, mkl_golden

EXACT = TESTS / "corpora" / "exact"
sys.path.insert(0, str(EXACT))
from record import MKL_SCRIPTS  # noqa: E402
SCRIPTS = sorted(p for p in EXACT.glob("*.py") if p.name != "record.py")
SLOW = {("activations_classifier.py", "avx2"), ("optimizers.py", "avx2"),  # the same kernels as on AVX512,
        ("linear_mlp.py", "avx2")}  # at 8 lanes
NEEDS_MKL = {"optimizers.py", "linear_mlp.py"}  # square roots; matrix products


def _cases():
    for script in SCRIPTS:
        for capability, suffix in (("avx512", ".expected"), ("avx2", ".avx2.expected")):
            marks = [pytest.mark.slow] if (script.name, capability) in SLOW else []
            if script.name in NEEDS_MKL and not mkl.available():
                marks.append(pytest.mark.xfail(reason="MKL's roots or products (pip install 'gradcli[mkl]')", strict=True))
            yield pytest.param(script, capability, suffix, id=f"{script.stem}-{capability}", marks=marks)


@pytest.fixture
def machine():
    yield cpu
    cpu.set_capability(None)
    cpu.set_num_threads(None)


def test_a_training_loop_prints_500_losses():
    assert any(len(p.with_suffix(".expected").read_text().splitlines()) > 500 for p in SCRIPTS)


@pytest.mark.parametrize("script, capability, suffix", list(_cases()))
def test_script_prints_what_torch_printed(machine, script, capability, suffix):
    golden = script.with_suffix(suffix)
    expected = (mkl_golden(golden) if script.name in MKL_SCRIPTS else golden).read_text(encoding="utf-8")
    machine.set_capability(capability)
    machine.set_num_threads(2)
    printed = api.run_script(script.read_text(encoding="utf-8"), script.name)
    differing = [(i, a, b) for i, (a, b) in enumerate(zip(expected.splitlines(), printed.splitlines())) if a != b]
    assert printed == expected, f"{len(differing)} lines differ, first {differing[:2]}"
