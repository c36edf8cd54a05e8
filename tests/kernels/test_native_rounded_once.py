"""The compiled rounded-once estimates (gradcli_accel.rounded_once_<name>, kernels/native.rounded_once) against
unary._rounded_once, the port they stand for: float32 exp/log/sin/cos/tanh through the C library's double
functions give the port's bits wherever they claim to be sure, over strided samples of every float32 bit pattern
and the battery's specials; the elements they leave unsure and the arrays with a special element go to the port
(its warnings too). Skipped where gradcli_accel is not installed."""

import warnings

import numpy as np
import pytest

from gradcli.kernels import native, unary

from test_native import ROUNDED_ONCE, battery, same

pytestmark = pytest.mark.skipif(native.compiled() is None, reason="gradcli_accel is not installed (pip install ./accel)")


def patterns(stride, offset=0):
    """Every stride-th float32 bit pattern (all signs, exponents, subnormals, infinities and NaNs)."""
    return np.arange(offset, 1 << 32, stride, dtype=np.uint64).astype(np.uint32).view(np.float32)


def twin(name):
    return getattr(native.compiled(), "rounded_once_" + name)


@pytest.mark.parametrize("name", ROUNDED_ONCE)
def test_where_sure_the_twin_rounds_as_the_port(name):
    function = unary._ESTIMATED[name]
    x = np.concatenate([patterns(9973, offset=5), battery(np.float32)])
    with np.errstate(all="ignore"):
        want = unary._rounded_once(function, x)
        wide = function(x.astype(np.float64))
    # the twin gives the whole array to the port at a special element: here, to see its elements, none is left
    underflow = (np.abs(want) < np.finfo(np.float32).tiny) & ((wide != 0) | (x != 0))
    ordinary = np.isfinite(x) & np.isfinite(want) & ~underflow
    x, want = x[ordinary], want[ordinary]
    out = x.copy()
    unsure = twin(name)(out)
    assert 0 <= unsure < x.size // 10000
    left = np.isnan(out)
    assert left.sum() == unsure
    assert out[~left].view(np.uint32).tobytes() == want[~left].view(np.uint32).tobytes()


@pytest.mark.parametrize("name", ROUNDED_ONCE)
def test_a_special_element_hands_the_whole_array_to_the_port(name):
    for special in (np.inf, -np.inf, np.nan, 1e38, -1e38, 1e-45, 0.0, -1.0):
        x = np.array([0.5, special, 2.0], np.float32)
        out = x.copy()
        with np.errstate(all="ignore"):
            value = unary._rounded_once(unary._ESTIMATED[name], x)
        claimed = twin(name)(out)
        assert claimed == -1 or out.tobytes() == value.tobytes()


@pytest.mark.parametrize("name", ROUNDED_ONCE)
def test_the_estimate_gives_the_ports_bits_values_and_warnings(name):
    """unary.vml_kernel's float32 route: small C-contiguous arrays take the twin, the rest the port; the result
    and the warnings (np.seterr's) are the port's either way."""
    function = unary._ESTIMATED[name]
    kernel = native.rounded_once(name, function, unary._rounded_once)
    values = battery(np.float32)
    rng = np.random.default_rng(3)
    cases = [values[i:i + size] for size in (1, 3, 12, 100, 128) for i in range(0, values.size, 997 * size)]
    cases += [rng.permutation(values)[:129], values[:24].reshape(4, 6), values[:24].reshape(4, 6).T,
              values[:24:2], values[5:6].reshape(())]
    for x in cases:
        with warnings.catch_warnings(record=True) as ours, np.errstate(all="warn"):
            warnings.simplefilter("always")
            got = kernel(x)
        with warnings.catch_warnings(record=True) as theirs, np.errstate(all="warn"):
            warnings.simplefilter("always")
            want = unary._rounded_once(function, x)
        same(got, want)
        assert [str(w.message) for w in ours] == [str(w.message) for w in theirs]


def test_unsure_elements_are_recomputed_by_the_port():
    """Elements found unsure over the sampled patterns: the kernel still gives the port's bits for them."""
    for name in ROUNDED_ONCE:
        function = unary._ESTIMATED[name]
        x = patterns(7919, offset=11)
        x = x[np.isfinite(x) & (np.abs(x) > 1e-30) & (np.abs(x) < 80)]
        with np.errstate(all="ignore"):
            want = unary._rounded_once(function, x)
        out = x.copy()
        twin(name)(out)
        unsure = x[np.isnan(out) & ~np.isnan(want)]
        kernel = native.rounded_once(name, function, unary._rounded_once)
        for value in unsure[:20]:
            small = np.array([0.5, value, 0.25], np.float32)
            with np.errstate(all="ignore"):
                same(kernel(small), unary._rounded_once(function, small))
