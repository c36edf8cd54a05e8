"""torch's recorded answers for the torch.nn.functional layers (tests/golden/nn/golden.json.gz, made by
tests/golden/nn/make_golden.py), replayed as the op goldens are (tests/test_ops_golden.replay): names,
dtypes, shapes and error messages exactly, values and gradients within the op goldens' tolerance, second
derivatives where recorded."""

import functools
import gzip
import json

import pytest

from conftest import GOLDEN
from test_ops_golden import case_id, replay


@functools.lru_cache(maxsize=None)
def load():
    with gzip.open(GOLDEN / "nn" / "golden.json.gz", "rt", encoding="utf-8") as f:
        return json.load(f)["cases"]


@pytest.mark.parametrize("c", load(), ids=case_id)
def test_golden(c):
    replay(c)


def test_golden_covers_the_layers():
    names = {c["call"][1] for c in load()}
    assert names >= {"conv1d", "conv2d", "max_pool2d", "avg_pool2d", "pad", "layer_norm", "batch_norm", "embedding",
                     "smooth_l1_loss", "huber_loss", "kl_div", "cross_entropy", "bilinear", "cosine_similarity",
                     "unflatten"}
