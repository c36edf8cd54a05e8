"""The short routes of small reductions against the routes they shortcut, bit for bit: max/min(dim)'s values
as the extremum itself (against take_along at the indices), prod of a dense array shorter than one block
(against _prod_rows), logsumexp with vml's choice made once (against unary.vml), on random values and on the
edges: NaNs with payloads and signs, signalling NaNs, +0 and -0 ties, infinities, subnormals, integers, bools."""

import numpy as np
import pytest

from gradcli.core.tensor import Tensor
from gradcli.kernels import reduce as torch_reduce, sums, unary
from gradcli.ops.rows import reductions

F32_NANS = np.array([0x7fc00000, 0xffc00000, 0x7f800001, 0xff812345, 0x7fc0beef], np.uint32).view(np.float32)
F64_NANS = np.array([0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001, 0xfff800000000beef],
                    np.uint64).view(np.float64)
EDGES = [0.0, -0.0, np.inf, -np.inf, 1e-45, -1e-45, 1e-310, 3e38, -3e38, 1.0, -1.0, 2.0, 0.5]


def pool(dtype, rng):
    nans = F32_NANS if dtype == np.float32 else F64_NANS if dtype == np.float64 else np.array([np.nan], dtype)
    with np.errstate(over="ignore"):
        edges = np.array(EDGES).astype(dtype)
    return np.concatenate([nans.astype(dtype) if dtype == np.float16 else nans, edges,
                           rng.standard_normal(40).astype(dtype), rng.uniform(0.9, 1.1, 40).astype(dtype)])


def same_bits(got, want):
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert got.tobytes() == want.tobytes(), (got, want)


def arrays(rng, dtypes=(np.float32, np.float64, np.float16), shapes=((3, 4), (1, 7), (5,), (2, 3, 4), (16, 2))):
    for dtype in dtypes:
        values = pool(dtype, rng)
        for shape in shapes:
            for _ in range(150):
                mixed = rng.random() < 0.5  # half the draws from the edges and NaNs alone
                source = values[:len(EDGES) + 5] if mixed else values
                yield rng.choice(source, shape)


@pytest.mark.parametrize("kind", ["max", "min"])
def test_max_dim_values_are_take_alongs(kind):
    rng = np.random.default_rng(11)
    cases = list(arrays(rng))
    cases += [rng.integers(-3, 3, (3, 4)), rng.integers(0, 2, (3, 4)).astype(bool), np.zeros((2, 0, 3), np.float32)]
    for x in cases:
        for dim in range(x.ndim):
            if x.shape[dim] == 0:
                continue
            for keepdim in (False, True):
                values, indices = getattr(Tensor(x), kind)(dim=dim, keepdim=keepdim)
                with np.errstate(invalid="ignore"):
                    want = reductions.take_along(x, indices.array, dim, keepdim)
                same_bits(values.array, want)


def _prod_by_rows(x, dims, keepdim):
    rows, kept_shape, _, (length, contiguous) = torch_reduce._layout_rows(x, dims)
    with np.errstate(all="ignore"):
        values = torch_reduce._prod_rows(rows.reshape(rows.shape[0], -1, length), contiguous)
    return torch_reduce._shaped(values, kept_shape, x, dims, keepdim)


def test_prod_of_a_short_dense_array_is_prod_rows():
    rng = np.random.default_rng(12)
    shapes = [(n,) for n in range(2, 33)] + [(3, 4), (2, 3, 2), (1, 5), (4, 4)]
    for x in arrays(rng, (np.float32, np.float64), shapes):
        for dims, keepdim in ((None, False), (None, True), (tuple(range(x.ndim)), False)):
            got = torch_reduce.prod(x, dims, keepdim)
            want = _prod_by_rows(x, dims, keepdim)
            assert type(got) is type(want)
            same_bits(got, want)


def _logsumexp_by_vml(x, dims, keepdim):
    m = np.max(x, axis=dims, keepdims=True)
    m = np.where(np.isfinite(m), m, 0).astype(x.dtype)
    total = sums.sum(unary.vml("exp", x - m, np.exp), dims, True)
    out = unary.vml("log", total, np.log) + m
    return out if keepdim else np.squeeze(out, dims)


def test_logsumexp_is_the_vml_route():
    rng = np.random.default_rng(13)
    for x in arrays(rng, shapes=((3, 4), (1, 7), (5,), (2, 3, 4))):
        for dims in [(d,) for d in range(x.ndim)] + [tuple(range(x.ndim))]:
            for keepdim in (False, True):
                with np.errstate(all="ignore"):
                    same_bits(torch_reduce.logsumexp(x, dims, keepdim), _logsumexp_by_vml(x, dims, keepdim))
