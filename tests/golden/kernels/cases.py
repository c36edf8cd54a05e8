"""The inputs of the kernel goldens, made the same way by make_golden.py (which hands them to torch) and by
tests/kernels/test_kernels_golden.py: values from integer hashing and exact float64 arithmetic (the same bits on every
platform and numpy version), laid out as the case's view asks."""

import numpy as np

def needs_mkl(spec):
    """Whether torch hands the case to Intel MKL (its results are then per MKL path, ../mklpath.py)."""
    if spec["op"] == "bmm":  # (ATen's own loops under 400 multiply-adds an item, MKL's batched gemm above)
        return spec["shape"][1] * spec["shape"][2] * spec["m"] >= 400
    return spec["op"] == "mkl" or (spec["op"] == "logsumexp" and spec["dtype"] != "float16")


def _splitmix(seed, n):
    """SplitMix64 of seed * golden ratio + i: 64-bit words that wrap around, as the C original."""
    start = (seed * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    with np.errstate(over="ignore"):
        z = np.arange(n, dtype=np.uint64) + np.uint64(start)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


_SPECIALS = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 2.0 ** -30, -(2.0 ** -30), 0.5, -0.5, 2.0 ** 30])


def values(seed, shape, dtype, scale=1.0, kind="normal", specials=False):
    """Bell-shaped values (the sum of four 16-bit uniforms, centred), times scale; `positive` folds them to
    |v|, `near_one` gives 1 + v/100, `unit` scales them into (-1, 1), `wide` spreads them over magnitudes 2^-40
    to 2^40, `above_one` is 1 + |wide|; with `specials` every 13th value is one of _SPECIALS in turn."""
    n = int(np.prod(shape))
    bits = _splitmix(seed, n)
    quarters = [((bits >> np.uint64(16 * k)) & np.uint64(0xFFFF)).astype(np.float64) for k in range(4)]
    v = ((quarters[0] + quarters[1] + quarters[2] + quarters[3]) / 65536.0 - 2.0) * 1.7 * scale
    if kind == "positive":
        v = np.abs(v)
    elif kind == "near_one":
        v = 1.0 + v / 100.0
    elif kind == "unit":
        v = v / (3.4 * scale)
    elif kind in ("wide", "above_one"):
        v = v * np.exp2(((bits >> np.uint64(5)) % np.uint64(81)).astype(np.float64) - 40.0)
        if kind == "above_one":
            v = 1.0 + np.abs(v)
    if specials:
        at = np.arange(n)[np.arange(n) % 13 == 5]
        v[at] = _SPECIALS[(at // 13) % len(_SPECIALS)]
    with np.errstate(over="ignore"):
        return v.reshape(shape).astype(dtype)


def make_view(base, spec):
    """A view of base with the same values: transposed memory, every k-th element of a bigger buffer, or
    the leading part of a bigger buffer (rows that do not continue into each other)."""
    x = np.asarray(base)
    if "transpose" in spec:
        x = np.ascontiguousarray(x.transpose(spec["transpose"])).transpose(np.argsort(spec["transpose"]))
    if "step" in spec:
        big = np.zeros([n * s for n, s in zip(x.shape, spec["step"])], x.dtype)
        big[tuple(slice(None, None, s) for s in spec["step"])] = x
        x = big[tuple(slice(None, None, s) for s in spec["step"])]
    if "trim" in spec:
        big = np.zeros([n + t for n, t in zip(x.shape, spec["trim"])], x.dtype)
        big[tuple(slice(0, n) for n in x.shape)] = x
        x = big[tuple(slice(0, n) for n in x.shape)]
    return x


def case_input(index, spec):
    return make_view(values(1000 + index, spec["shape"], spec["dtype"], spec["scale"], spec["kind"],
                            spec.get("specials", False)), spec["view"])


def case_grad(index, spec):
    """The incoming gradient of a backward case: contiguous, of the input's shape."""
    return values(500000 + index, spec["shape"], spec["dtype"])


def case_mat2(index, spec):
    """The second operand of a product case (bmm): (batch, k, m), laid out as the case's view2 asks."""
    batch, _, k = spec["shape"]
    return make_view(values(700000 + index, [batch, k, spec["m"]], spec["dtype"], spec["scale"], spec["kind"]),
                     spec["view2"])


def canonical(y):
    """y contiguous, every NaN the same NaN: their sign and payload bits differ between torch's kernels (and
    capabilities) and print the same."""
    y = np.array(y, copy=True, order="C")
    if y.dtype.kind == "f":
        y[np.isnan(y)] = np.nan
    return y
