"""The `meta` device: tensors with a shape and a dtype and no data, as torch 2.13 makes, prints, computes and
refuses them (tests/golden/meta/cases.json, recorded by its record.py; torch 2.13 on AVX2, though no case holds a
computed value). What no record can show: a meta tensor of 10**12 elements costs one element."""

import json

import numpy as np
import pytest

import gradcli
from gradcli.base.errors import GradcliError
from conftest import TESTS, assert_as_torch

RECORD = json.loads((TESTS / "golden" / "meta" / "cases.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(RECORD["cases"]))
def test_meta_as_torch(name):
    assert_as_torch(RECORD["cases"][name])


def test_recorded_with_torch_2_13():
    assert RECORD["torch"].startswith("2.13") and RECORD["cpu_capability"] == "AVX2"


def test_a_huge_meta_tensor_holds_one_element():
    from gradcli.ops import FUNCTIONS as torch
    from gradcli.core.meta import default_device
    x = torch["empty"](10**6, 10**6, device="meta")
    y = (x @ x.t()).relu().sum(0) + 1
    for t in (x, y, x.t(), x[::2], x.reshape(-1)):
        root = t.array
        while isinstance(root.base, np.ndarray):
            root = root.base
        assert t.array.strides == (0,) * t.array.ndim and root.size == 1
    assert y.shape == (10**6,) and str(default_device()) == "cpu"


def test_a_meta_op_without_a_shape_rule_says_so_for_big_inputs():
    # small inputs: computed on zeros of their shapes for the result's shape; big ones: gradcli's refusal
    assert gradcli.run_script("import torch\nprint(torch.ones(4, 3, device='meta').cumsum(0))") == \
        "tensor(..., device='meta', size=(4, 3))\n"
    with pytest.raises(GradcliError, match="cumsum on the 'meta' device only for inputs of up to"):
        gradcli.run_script("import torch\ntorch.ones(10**6, device='meta').cumsum(0)")


def test_the_default_device_is_the_runs_own():
    # a `with torch.device('meta')` left by an error, or set by one run, is not the next run's
    with pytest.raises(GradcliError):
        gradcli.run_script("import torch\nwith torch.device('meta'):\n    1 / 0")
    assert gradcli.run_script("import torch\nprint(torch.ones(1).device)") == "cpu\n"


def test_a_forward_hook_runs_under_the_runs_budget():
    from gradcli.app import api
    from gradcli.core import limits
    limits.configure(max_iterations=10 ** 4)
    try:
        with pytest.raises(GradcliError) as info:
            api.run_script("import torch\nm = torch.nn.Linear(1, 1)\n"
                           "def hook(module, args, output):\n    while True:\n        pass\n"
                           "m.register_forward_hook(hook)\nm(torch.ones(1, 1))")
        assert info.value.kind == "LimitError"
    finally:
        limits.reset()
