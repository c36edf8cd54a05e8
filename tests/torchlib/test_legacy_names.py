"""The old spellings learner code still uses (torch.range, set_default_tensor_type, Tensor.storage(), a list index
read as a tuple, ...): stdout, the error a case ends with and the warnings it shows are torch's, recorded in
tests/golden/legacy/cases.json by record.py (torch 2.13, this machine's CPU capability in the record)."""

import json

import pytest

from conftest import TESTS, assert_as_torch

RECORD = json.loads((TESTS / "golden" / "legacy" / "cases.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(RECORD["cases"]))
def test_legacy_spelling_as_torch(name):
    assert_as_torch(RECORD["cases"][name])


def test_recorded_with_torch_2_13():
    assert RECORD["torch"].startswith("2.13") and RECORD["cpu_capability"] == "AVX2"
