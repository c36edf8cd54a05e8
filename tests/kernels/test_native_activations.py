"""The compiled activations (accel/src/activations.c, native.activation) against unary.py's ports: the port's
bits, dtype and shape for float32 and float64 at each capability's width, on the battery and on rows of every
length around the vector blocks (so every value meets both the vector and the scalar formula), with the ports'
parameters, ints among them; the port wherever pointwise would not run one row (float16, other layouts, grain
sized arrays, several threads) or a parameter is not a plain number; the C functions' own argument checks.
Skipped where gradcli_accel is not installed."""

import numpy as np
import pytest

from gradcli.kernels import cpu, iteration, native, unary
from test_native import battery, same

pytestmark = pytest.mark.skipif(native.compiled() is None, reason="gradcli_accel is not installed (pip install ./accel)")

PARAMETERS = {
    "sigmoid": [()],
    "silu": [()],
    "softplus": [(), (1, 20), (2.0, 5.0), (0.5, 1.0), (-1.0, 20.0), (1e-3, 0.1), (0.1, -3.0), (3, 30), (1.1, np.inf)],
    "elu": [(), (0.5,), (1.6732632423543772, 1.0507009873554805), (2.0, 1.5, 0.7), (-1.0, 1, 1), (1.0, 1.0, -2.5)],
}
CASES = [(name, p) for name, sets in PARAMETERS.items() for p in sets]
DTYPES = [np.float32, np.float64]
CAPABILITIES = ["avx2", "avx512"]


def kernel(name):
    return getattr(unary, name)


@pytest.fixture(params=CAPABILITIES)
def capability(request):
    cpu.set_capability(request.param)
    yield request.param
    cpu.set_capability(None)


def test_the_activations_are_compiled():
    for name in PARAMETERS:
        assert kernel(name).pure is not kernel(name) and kernel(name).__name__ == name


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("name, parameters", CASES)
def test_an_activation_gives_its_ports_bits(name, parameters, dtype, capability):
    x = battery(dtype)
    assert x.size < iteration.GRAIN_SIZE  # (one row: the compiled case)
    with np.errstate(all="ignore"):
        same(kernel(name)(x, *parameters), kernel(name).pure(x, *parameters))
        rows = x[:x.size // 24 * 24].reshape(-1, 4, 6)
        same(kernel(name)(rows, *parameters), kernel(name).pure(rows, *parameters))


def short_battery(dtype):
    """The specials and their neighbours, then some random values: each in a row of every short length."""
    x = battery(dtype)
    return np.concatenate([x[-68:], x[:100]])


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("name", sorted(PARAMETERS))
def test_every_row_length_splits_as_the_port_does(name, dtype, capability):
    x = short_battery(dtype)
    parameters = PARAMETERS[name][-1]
    with np.errstate(all="ignore"):
        for n in (1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 40):
            for start in range(0, x.size, max(1, n // 2)):  # (each value at many places in a row)
                row = x[start:start + n]
                same(kernel(name)(row, *parameters), kernel(name).pure(row, *parameters))


@pytest.mark.parametrize("name", sorted(PARAMETERS))
def test_an_activation_falls_back_to_its_port_elsewhere(name, monkeypatch):
    parameters = PARAMETERS[name][-1]
    x = battery(np.float64)[:60].reshape(6, 10)
    big = np.resize(battery(np.float32), iteration.GRAIN_SIZE + 5)
    with np.errstate(all="ignore"):
        for v in (np.asfortranarray(x), x[:, ::2], x.T, x[0, 0].reshape(()), x.astype(np.float16), x[:0], big,
                  x.astype(np.float32).T):
            same(kernel(name)(v, *parameters), kernel(name).pure(v, *parameters))
        monkeypatch.setattr(cpu, "num_threads", lambda: 2)
        same(kernel(name)(big, *parameters), kernel(name).pure(big, *parameters))


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
def test_parameters_that_are_not_plain_numbers_go_to_the_port(dtype):
    x = battery(dtype)[:500]
    with np.errstate(all="ignore"):
        for parameters in [(np.float32(2.5),), (np.float64(0.3), 4.0), (True, 20), (2 ** 60 + 1, 20), (1.0, 2 ** 90)]:
            same(unary.softplus(x, *parameters), unary.softplus.pure(x, *parameters))
        same(unary.softplus(x, threshold=3.0), unary.softplus.pure(x, threshold=3.0))
        same(unary.elu(x, 1.5, scale=2.0), unary.elu.pure(x, 1.5, scale=2.0))
        with pytest.raises(TypeError):
            unary.sigmoid(x, 1.0)  # (the port's own error)
        with pytest.raises(TypeError):
            unary.sigmoid.pure(x, 1.0)


def test_the_compiled_functions_check_their_arguments():
    import gradcli_accel
    x = np.zeros(8)
    with pytest.raises(ValueError):
        gradcli_accel.softplus(x, 9, 1.0, 20.0)
    with pytest.raises(ValueError):
        gradcli_accel.sigmoid(x, -1)
    with pytest.raises(TypeError):
        gradcli_accel.softplus(x, 8, 1.0)
    with pytest.raises(TypeError):
        gradcli_accel.sigmoid(np.zeros(8, np.int64), 8)
    with pytest.raises(TypeError):
        gradcli_accel.silu(np.zeros(8, np.float16), 8)
    with pytest.raises(TypeError):
        gradcli_accel.elu(x, 8, "1", 1.0, 1.0)
    read_only = np.zeros(8)
    read_only.flags.writeable = False
    with pytest.raises((BufferError, ValueError)):  # (numpy: ValueError, bytes: BufferError)
        gradcli_accel.elu(read_only, 8, 1.0, 1.0, 1.0)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("name", sorted(PARAMETERS))
def test_an_activation_gives_its_ports_bits_on_random_bit_patterns(name, dtype):
    unsigned = np.uint32 if dtype is np.float32 else np.uint64
    bits = np.random.default_rng(7).integers(0, np.iinfo(unsigned).max, 20000, dtype=unsigned, endpoint=True)
    x = bits.view(dtype)
    with np.errstate(all="ignore"):
        for parameters in PARAMETERS[name]:
            same(kernel(name)(x, *parameters), kernel(name).pure(x, *parameters))
