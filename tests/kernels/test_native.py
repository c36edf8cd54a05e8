"""The compiled twins (gradcli_accel, accel/) against the numpy ports they stand for: every accelerated kernel,
found by walking the kernel modules, gives the port's bits, dtype, shape and layout on a battery of inputs -
random values at every scale, the special values, subnormals, each side of the kernels' thresholds. The ports
themselves are held to torch by test_kernels_golden.py (which runs the twins where they are installed, and
the ports under GRADCLI_PURE_KERNELS=1: .ci/run does both). Skipped where gradcli_accel is not installed."""

import importlib
import inspect
import os
import subprocess
import sys

import numpy as np
import pytest

from gradcli.kernels import native

MODULES = ("fma", "sleef", "sleef64", "libm", "libm_log", "unary")


def accelerated_kernels():
    """{name: kernel} of every decorated kernel: the modules' functions and the C library's kernels of
    libm.c_double that unary.py keeps (its module-level ones and its Arithmetic's)."""
    found = {}
    for name in MODULES:
        module = importlib.import_module("gradcli.kernels." + name)
        places = [vars(module)] + [vars(v.scalar) for v in vars(module).values() if hasattr(v, "scalar")]
        for place in places:
            for value in place.values():
                if callable(value) and hasattr(value, "pure"):
                    found.setdefault(value.__name__, value)
    return found


KERNELS = accelerated_kernels()


def unary_kernels(dtype, *modules):
    """The one-operand twins of dtype whose ports live in these kernel modules (the sibling files' sweeps)."""
    return [k for k in KERNELS.values()
            if k.arity == 1 and k.__module__.rsplit(".", 1)[-1] in modules and kernel_dtype(k) is dtype]
pytestmark = pytest.mark.skipif(native.compiled() is None, reason="gradcli_accel is not installed (pip install ./accel)")


def battery(dtype, seed=0):
    """Values at every scale and sign, the specials, subnormals and the neighbours of round numbers (where
    the kernels' thresholds sit)."""
    rng = np.random.default_rng(seed)
    info = np.finfo(dtype)
    parts = [rng.standard_normal(4000), rng.standard_normal(2000) * 10, rng.standard_normal(2000) * 100,
             rng.uniform(-1, 1, 2000), rng.uniform(-1e-3, 1e-3, 500),
             np.exp(rng.uniform(-700, 700, 2000)) * rng.choice([-1, 1], 2000),
             np.arange(-1100, 1100, 0.25)]
    specials = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, 2.0, info.max, -info.max, info.tiny,
                -info.tiny, info.tiny / 8, info.smallest_subnormal, -info.smallest_subnormal, info.eps]
    with np.errstate(over="ignore"):
        values = np.concatenate(parts + [np.array(specials)]).astype(dtype)
        steps = np.concatenate([np.nextafter(values[-len(specials):], dtype(np.inf)),
                                np.nextafter(values[-len(specials):], dtype(-np.inf))])
    return np.concatenate([values, steps])



def same(got, want):
    """The same dtype, shape and layout, and every element the same bits (NaN: any NaN; a port's NaN sign can
    depend on the lane numpy computes it in, test_native_sleef32.py holds the bits where it does not)."""
    assert type(got) is type(want)
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape and got.strides == want.strides
    unsigned = {2: np.uint16, 4: np.uint32, 8: np.uint64}[got.dtype.itemsize]
    both_nan = np.isnan(got) & np.isnan(want)
    differ = (got.view(unsigned) != want.view(unsigned)) & ~both_nan
    assert not differ.any(), (f"{differ.sum()} elements differ, first inputs at "
                              f"{np.flatnonzero(differ)[:5]}: got {got[differ][:5]}, want {want[differ][:5]}")


def kernel_dtype(kernel):
    module = kernel.__module__.rsplit(".", 1)[-1]
    if module == "fma":
        return np.float64 if kernel.__name__ == "fma64" else np.float32
    return np.float64 if module == "sleef64" or kernel.__name__.startswith("c_") else np.float32


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_a_twin_gives_its_ports_bits(name):
    kernel = KERNELS[name]
    dtype = kernel_dtype(kernel)
    x = battery(dtype)
    with np.errstate(all="ignore"):
        if kernel.arity == 1:
            same(kernel(x), kernel.pure(x))
        elif kernel.arity == 2:
            y = np.random.default_rng(1).permutation(battery(dtype))
            same(kernel(x, y), kernel.pure(x, y))
            for scalar in (dtype(2), dtype(0.5), dtype(-3), dtype(1.5), dtype(0)):
                same(kernel(x, scalar), kernel.pure(x, scalar))
        else:
            rng = np.random.default_rng(2)
            a, b, c = (rng.permutation(x) for _ in range(3))
            # the port is exact where Dekker's split neither overflows nor underflows (fma.fma64)
            product = a.astype(np.float64) * b
            keep = (np.abs(a) < 1e300) & (np.abs(b) < 1e300) & (np.abs(c) < 1e300)
            keep &= (np.abs(product) < 1e300) & ((np.abs(product) > 1e-270) | (product == 0))
            a, b, c = a[keep], b[keep], c[keep]
            same(kernel(a, b, c), kernel.pure(a, b, c))
            same(kernel(a, dtype(3), c), kernel.pure(a, dtype(3), c))
            same(kernel(a, b, 1.0), kernel.pure(a, b, 1.0))


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_a_twin_keeps_the_ports_layout_and_falls_back_elsewhere(name):
    kernel = KERNELS[name]
    dtype = kernel_dtype(kernel)
    x = battery(dtype)[:60].reshape(6, 10)
    args = {1: lambda v: (v,), 2: lambda v: (v, dtype(1.5)), 3: lambda v: (v, v, dtype(0.25))}[kernel.arity]
    with np.errstate(all="ignore"):
        for v in (x, np.asfortranarray(x), x[:, ::2], x.T, x[0, 0].reshape(()), x.astype(np.float16)):
            try:
                want = kernel.pure(*args(v))
            except TypeError as error:  # (a port of arrays only, as one_minus_square32: the twin raises alike)
                with pytest.raises(type(error)):
                    kernel(*args(v))
                continue
            same(kernel(*args(v)), want)


def test_every_compiled_twin_is_used_and_every_use_has_a_twin():
    import gradcli_accel
    compiled = {name for name in dir(gradcli_accel) if not name.startswith("_")}
    used = {kernel.__name__ for kernel in KERNELS.values()}
    used |= {"rounded_once_" + name for name in ROUNDED_ONCE}  # (test_native_rounded_once.py)
    assert used == compiled


ROUNDED_ONCE = ("exp", "log", "sin", "cos", "tanh")  # unary's estimates with a compiled twin


def test_the_environment_keeps_the_ports():
    code = "from gradcli.kernels import native, sleef; print(native.compiled(), hasattr(sleef.expf_u10, 'pure'))"
    env = dict(os.environ, GRADCLI_PURE_KERNELS="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.split() == ["None", "False"]
