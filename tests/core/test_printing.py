"""Printing against torch: every tensor recorded by tests/golden/printing/make_golden.py is rebuilt here without
torch, and its repr must be torch's text character for character; the snippet scripts must print torch's stdout."""

import base64
import gzip
import json

import numpy as np
import pytest

from conftest import GOLDEN, normalize_addresses
from gradcli.app import api
from gradcli import ops  # noqa: F401 (ops installs the tensor methods)
from gradcli.core import printing
from gradcli.base.return_types import ReturnTypes
from gradcli.core.tensor import Tensor

PRINTING = GOLDEN / "printing"


def _load_tensor_cases():
    with gzip.open(PRINTING / "tensors.jsonl.gz", "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


TENSOR_CASES = _load_tensor_cases()
SNIPPETS = json.loads((PRINTING / "snippets.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def default_printoptions():
    printing.set_printoptions(profile="default")
    yield
    printing.set_printoptions(profile="default")


def rebuild(case):
    """The recorded tensor, made by gradcli: the same values, and the same op for its grad_fn."""
    values = np.frombuffer(base64.b64decode(case["values"]), dtype=case["dtype"])
    index_bytes = base64.b64decode(case["index"])
    count = int(np.prod(case["shape"], dtype=np.int64))
    index = np.frombuffer(index_bytes, dtype=np.uint8 if len(index_bytes) == count else np.uint16)
    array = values[index].reshape(case["shape"])
    grad = case["grad"]
    if grad is None:
        return Tensor(array)
    leaf = Tensor(array, requires_grad=True)
    if grad == "leaf":
        return leaf
    if grad == "mul1":
        return leaf * 1
    if grad == "clone":
        return leaf.clone()
    assert grad == "view"
    return leaf.view(tuple(case["shape"]))


def _case_id(case):
    return "%s-%s%s" % (case["dtype"], "x".join(map(str, case["shape"])) or "scalar",
                        "-options" if case["options"] else "")


def test_golden_data_covers_the_spec():
    assert len(TENSOR_CASES) >= 2000
    dtypes_seen = {case["dtype"] for case in TENSOR_CASES}
    assert {"float32", "float64", "float16", "int64", "int32", "bool"} <= dtypes_seen
    texts = [case["text"] for case in TENSOR_CASES]
    for needle in ("e+", "e-", "nan", "inf", "-0.", "...", "grad_fn=<", "requires_grad=True", "dtype=torch.",
                   "size=(", "\n\n\n"):
        assert any(needle in text for text in texts), needle
    assert sum(case["options"] is not None for case in TENSOR_CASES) >= 300


@pytest.mark.parametrize("case", TENSOR_CASES, ids=[_case_id(case) for case in TENSOR_CASES])
def test_repr_is_torchs(case):
    tensor = rebuild(case)
    if case["options"]:
        printing.set_printoptions(**case["options"])
    assert repr(tensor) == case["text"]
    assert str(tensor) == case["text"]
    assert "".join(text for _, text in printing.repr_segments(tensor)) == case["text"]


@pytest.mark.parametrize("snippet", SNIPPETS, ids=[snippet["name"] for snippet in SNIPPETS])
def test_snippet_prints_torchs_stdout(snippet):
    assert normalize_addresses(api.run_script(snippet["source"])) == snippet["stdout"]


# ---------------------------------------------------------------- behaviour the golden data cannot show
def test_only_the_shown_elements_are_formatted(monkeypatch):
    formatted = []
    original = printing._Formatter.format
    monkeypatch.setattr(printing._Formatter, "format", lambda self, v: formatted.append(v) or original(self, v))
    text = repr(Tensor(np.arange(4_000_000, dtype=np.float32).reshape(2000, 2000)))
    assert len(formatted) == 36  # 6 rows x 6 columns of edge items
    assert text.startswith("tensor([[0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 1.9970e+03, 1.9980e+03,")


def test_hidden_elements_do_not_change_the_mode():
    array = np.ones(2001, dtype=np.float32)
    array[1000] = 1e20
    assert repr(Tensor(array)) == "tensor([1., 1., 1.,  ..., 1., 1., 1.])"


def test_set_printoptions_without_arguments_resets_only_sci_mode():
    printing.set_printoptions(precision=2, threshold=5, edgeitems=1, linewidth=40, sci_mode=True)
    printing.set_printoptions()
    assert printing.get_printoptions() == {"precision": 2, "threshold": 5, "edgeitems": 1, "linewidth": 40,
                                           "sci_mode": None}
    printing.set_printoptions(profile="default")
    assert printing.get_printoptions() == {"precision": 4, "threshold": 1000, "edgeitems": 3, "linewidth": 80,
                                           "sci_mode": None}


def test_forced_sci_mode_leaves_all_zero_tensors_in_int_mode():
    printing.set_printoptions(sci_mode=True)
    assert repr(Tensor(np.zeros(2, dtype=np.float32))) == "tensor([0., 0.])"
    assert repr(Tensor(np.array([1.0, 2.0], dtype=np.float32))) == "tensor([1.0000e+00, 2.0000e+00])"


def test_repr_segments_name_the_parts():
    tensor = Tensor(np.arange(6.0).reshape(2, 3), requires_grad=True)
    kinds = [kind for kind, _ in printing.repr_segments(tensor)]
    assert kinds == ["prefix", "body", "separator", "suffix", "separator", "suffix", "close"]
    assert printing.repr_segments(tensor)[3] == ("suffix", "dtype=torch.float64")


def test_format_of_tensors():
    scalar = Tensor(np.array(0.1, dtype=np.float32))
    vector = Tensor(np.array([2.0], dtype=np.float32))
    assert f"{scalar}" == "0.10000000149011612"
    assert f"{scalar:.3f}" == "0.100"
    assert f"{vector}" == "tensor([2.])"
    assert "%s" % scalar == "tensor(0.1000)"
    with pytest.raises(Exception, match="unsupported format string passed to Tensor.__format__"):
        format(vector, ".2f")


def test_return_types_print_as_torchs_named_tuples():
    values = Tensor(np.array([3.0, 5.0], dtype=np.float32), requires_grad=True) * 1
    indices = Tensor(np.array([[0, 1], [1, 0]]))
    pair = ReturnTypes("max", values, indices)
    assert repr(pair) == str(pair) == ("torch.return_types.max(\nvalues=tensor([3., 5.], grad_fn=<MulBackward0>),\n"
                                       "indices=tensor([[0, 1],\n        [1, 0]]))")
    assert pair.values is values and pair.indices is indices and tuple(pair) == (values, indices)
    assert repr((pair[1],)) == "(tensor([[0, 1],\n        [1, 0]]),)"
