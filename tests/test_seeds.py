"""The three tutorial scripts gradcli was created from print exactly torch's output (addresses aside).

tests/seeds/ holds copies of ../shared/seeds (scripts and torch's .expected), so the suite runs anywhere."""

import pytest

from conftest import ROOT, normalize_addresses, run_cli

SEEDS = sorted((ROOT / "tests" / "seeds").glob("*.py"))


@pytest.mark.parametrize("script", SEEDS, ids=[s.name for s in SEEDS])
def test_seed_script_prints_torchs_output(script):
    result = run_cli("run", str(script))
    assert result.returncode == 0, result.stderr
    expected = script.with_suffix(".expected").read_text(encoding="utf-8")
    assert normalize_addresses(result.stdout) == normalize_addresses(expected)


def test_seed_scripts_exist():
    assert len(SEEDS) == 3


@pytest.mark.parametrize("script", SEEDS, ids=[s.name for s in SEEDS])
def test_grad_fn_addresses_are_real_hex_ids(script):
    import re
    out = run_cli("run", str(script)).stdout
    for address in re.findall(r"object at (0x[0-9a-f]+)>", out):
        assert int(address, 16) > 0
