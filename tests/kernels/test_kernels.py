"""gradcli.kernels' own contracts, without torch: the machine facts (capability, threads) and how they are
overridden, the numpy behaviour the cascade sum relies on, and the C-library ports against this machine's
C library where it is the one they port (tests/kernels/test_kernels_golden.py checks everything against torch)."""

import ctypes
import ctypes.util
import math
import platform

import numpy as np
import pytest

from gradcli.kernels import cpu, iteration, libm, libm_log, mkl, reduce, sums, unary


@pytest.fixture
def fresh(monkeypatch):
    """cpu with nothing decided yet; restored afterwards."""
    for name in ("GRADCLI_CPU_CAPABILITY", "ATEN_CPU_CAPABILITY", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        monkeypatch.delenv(name, raising=False)
    cpu.set_capability(None)
    cpu.set_num_threads(None)
    yield monkeypatch
    cpu.set_capability(None)
    cpu.set_num_threads(None)


def _cpuinfo(monkeypatch, flags):
    text = "processor\t: 0\nphysical id\t: 0\ncore id\t\t: 0\nflags\t\t: " + " ".join(flags) + "\n\n"
    text += "processor\t: 1\nphysical id\t: 0\ncore id\t\t: 0\nflags\t\t: " + " ".join(flags) + "\n\n"
    real_open = open

    def fake_open(path, *args, **kwargs):
        if path == "/proc/cpuinfo":
            import io
            return io.StringIO(text)
        return real_open(path, *args, **kwargs)
    monkeypatch.setattr("builtins.open", fake_open)


@pytest.mark.parametrize("flags, expected", [
    (["fma", "avx2", "avx512f", "avx512bw", "avx512vl", "avx512dq"], "avx512"),
    (["fma", "avx2", "avx512f"], "avx2"),
    (["avx2"], "default"),
    (["sse2"], "default"),
])
def test_capability_follows_the_cpu_flags_as_torch_reads_them(fresh, flags, expected):
    _cpuinfo(fresh, flags)
    assert cpu.capability() == expected


def test_the_environment_can_only_lower_the_capability(fresh):
    _cpuinfo(fresh, ["fma", "avx2"])
    fresh.setenv("ATEN_CPU_CAPABILITY", "avx512")
    assert cpu.capability() == "avx2"
    cpu.set_capability(None)
    fresh.setenv("GRADCLI_CPU_CAPABILITY", "default")
    assert cpu.capability() == "default"


def test_without_proc_cpuinfo_x86_is_avx2_and_the_rest_default(fresh):
    def no_file(path, *args, **kwargs):
        raise FileNotFoundError(path)
    fresh.setattr("builtins.open", no_file)
    fresh.setattr(platform, "machine", lambda: "AMD64")
    assert cpu.capability() == "avx2"
    cpu.set_capability(None)
    fresh.setattr(platform, "machine", lambda: "arm64")
    assert cpu.capability() == "default"
    assert cpu.num_threads() >= 1


def test_threads_are_physical_cores_unless_the_environment_says(fresh):
    _cpuinfo(fresh, ["fma"])
    assert cpu.num_threads() == 1  # two processors on one core
    cpu.set_num_threads(None)
    fresh.setenv("OMP_NUM_THREADS", "3")
    fresh.setenv("MKL_NUM_THREADS", "5")
    assert cpu.num_threads() == 5
    cpu.set_num_threads(2)
    assert cpu.num_threads() == 2
    with pytest.raises(ValueError):
        cpu.set_num_threads(0)
    with pytest.raises(ValueError):
        cpu.set_capability("sse9")


def test_sequential_sum_is_left_to_right_whatever_numpy_picks():
    """sums._sequential hands strided sums to np.einsum; this must add item by item, in order."""
    rng = np.random.default_rng(5)
    for _ in range(300):
        items, width, blocks = (int(n) for n in rng.integers(2, 40, 3))
        data = (rng.standard_normal((blocks, items, width)) * 10.0 ** rng.integers(-3, 6)).astype(np.float32)
        x = data.swapaxes(0, 1)
        expected = x[0].copy()
        for item in x[1:]:
            expected = expected + item
        np.testing.assert_array_equal(sums._sequential(x), expected)


def test_the_dense_fast_paths_add_as_the_general_strategies(fresh):
    """sums._contiguous_sum (rows and columns of small dense arrays, whole-array steps) against the general
    TensorIterator-layout path it short-cuts, over random shapes, reduced dims, signed zeros and threads."""
    rng = np.random.default_rng(8)
    checked = 0
    for threads in (1, 2):
        cpu.set_num_threads(threads)
        for _ in range(400):
            ndim = int(rng.integers(0, 4))
            shape = tuple(int(rng.integers(1, 40 if d == ndim - 1 else 9)) for d in range(ndim))
            x = (rng.standard_normal(shape) * 10.0 ** rng.integers(-3, 4)).astype(rng.choice([np.float32, np.float64]))
            x = np.where(rng.random(shape) < 0.1, -0.0, x).astype(x.dtype)
            options = [None] + [tuple(range(a, b)) for a in range(ndim) for b in range(a + 1, ndim + 1)]
            dims, keepdim = options[int(rng.integers(0, len(options)))], bool(rng.integers(0, 2))
            fast = sums._contiguous_sum(x, dims, keepdim)
            if fast is None:
                continue
            reduced = tuple(range(ndim)) if dims is None else dims
            kept = tuple(1 if d in reduced else n for d, n in enumerate(shape)) if keepdim else \
                tuple(n for d, n in enumerate(shape) if d not in reduced)
            expected = sums._reduce(x, reduced).reshape(kept)
            assert fast.shape == expected.shape and fast.tobytes() == expected.tobytes(), (shape, dims, x.dtype)
            assert fast.flags.c_contiguous
            checked += 1
    assert checked > 500


def test_running_products_and_folds_go_item_by_item_in_order(monkeypatch):
    """reduce._running_product relies on numpy's float32/64 multiply reduction being a plain ordered loop
    (over a leading axis and along a contiguous one), sums.fold on accumulate, across its blocks."""
    monkeypatch.setattr(sums, "_BLOCK", 256)
    rng = np.random.default_rng(6)
    for dtype in (np.float16, np.float32, np.float64):
        for shape in ((3000, 1), (700, 5), (40, 3, 4), (100, 300)):
            x = (1 + rng.standard_normal(shape) * 0.05).astype(dtype)
            start = (1 + rng.standard_normal(shape[1:]) * 0.05).astype(dtype)
            product, total = start.copy(), start.copy()
            for item in x:
                product, total = product * item, total + item
            np.testing.assert_array_equal(reduce._running_product(start, x), product)
            np.testing.assert_array_equal(sums.fold(np.add, x, start), total)
            if x.ndim == 2:  # the row as the innermost axis
                np.testing.assert_array_equal(reduce._running_product(start[:1], x[:, :1]), product[:1])


def test_thread_chunks_and_plane_steps_cover_the_range_once():
    chunks = iteration.thread_chunks(100000, iteration.GRAIN_SIZE, 3)
    assert chunks[0][0] == 0 and chunks[-1][1] == 100000
    assert all(a[1] == b[0] for a, b in zip(chunks, chunks[1:]))
    steps = iteration.plane_steps([5, 4, 3], 7, 53)
    assert sum(size0 * size1 for _, size0, size1 in steps) == 46
    assert steps[0] == ((2, 1, 0), 3, 1)


_GLIBC = ctypes.util.find_library("m") if platform.system() == "Linux" else None


@pytest.mark.skipif(not _GLIBC or platform.machine() != "x86_64" or
                    not (2, 28) <= tuple(int(p) for p in platform.libc_ver()[1].split(".")[:2] or (0,)) <= (2, 40),
                    reason="the ports are of glibc 2.28-2.40's float functions on x86-64")
@pytest.mark.parametrize("name", ["expf", "exp2f", "expm1f", "log1pf", "tanhf", "sinhf", "coshf", "erff", "logf",
                                  "asinhf", "acoshf", "atanhf"])
def test_libm_ports_are_this_c_librarys_functions(name):
    function = getattr(ctypes.CDLL(_GLIBC), name)
    function.restype, function.argtypes = ctypes.c_float, [ctypes.c_float]
    rng = np.random.default_rng(3)
    parts = [rng.uniform(-12, 12, 3000), rng.uniform(-1, 1, 2000), rng.standard_normal(1000) * 1e-4,
             [0.0, -0.0, np.inf, -np.inf, np.nan, -1.0, 88.72, -88.72, 1e-30, 22.0, -22.5, 89.0, 89.45, -95.0],
             rng.uniform(-100, 100, 500)]
    bits = rng.integers(0, 2 ** 32, 2000, dtype=np.uint64).astype(np.uint32).view(np.float32)  # any float
    x = np.concatenate([np.asarray(p, np.float32) for p in parts] + [bits])
    expected = np.array([function(float(v)) for v in x], np.float32)
    with np.errstate(all="ignore"):
        got = getattr(libm if hasattr(libm, name) else libm_log, name)(x)
    same = (got.view(np.int32) == expected.view(np.int32)) | (np.isnan(got) & np.isnan(expected))
    assert same.all(), x[~same][:5]


@pytest.mark.skipif(not _GLIBC or platform.machine() != "x86_64" or
                    not (2, 28) <= tuple(int(p) for p in platform.libc_ver()[1].split(".")[:2] or (0,)) <= (2, 40),
                    reason="the port is of glibc 2.28-2.40's powf on x86-64")
def test_powf_is_this_c_librarys_powf():
    """glibc's powf is not correctly rounded (the double power rounded once differs for about 1 in 1000)."""
    function = ctypes.CDLL(_GLIBC).powf
    function.restype, function.argtypes = ctypes.c_float, [ctypes.c_float, ctypes.c_float]
    rng = np.random.default_rng(5)
    x = np.concatenate([rng.uniform(0, 10, 3000), rng.uniform(1e-30, 1e-3, 500), [0.0, 1.0, np.inf, np.nan, 2.0, 3.0],
                        -rng.uniform(0, 4, 200)]).astype(np.float32)
    y = np.concatenate([rng.uniform(-4, 4, 3000), rng.uniform(-20, 20, 500), [2.0, np.nan, 0.5, 1.5, 130.0, -95.0],
                        rng.integers(-4, 5, 200)]).astype(np.float32)
    expected = np.array([function(float(a), float(b)) for a, b in zip(x, y)], np.float32)
    with np.errstate(all="ignore"):
        got = libm.powf(x, y)
    same = (got.view(np.int32) == expected.view(np.int32)) | (np.isnan(got) & np.isnan(expected))
    assert same.all(), (x[~same][:5], y[~same][:5])


def test_erf64_rounded_to_float_is_math_erf_rounded():
    """The float32 erf estimate evaluates fdlibm's double erf with numpy's exp; rounded to float it is the C
    library's erf rounded, across the four ranges, their edges, the specials and any float32."""
    rng = np.random.default_rng(4)
    edges = np.array([0.84375, 1.25, 1 / 0.35, 6.0, 2.0 ** -28, 1e-40], np.float32)
    parts = [rng.uniform(-7, 7, 20000), rng.standard_normal(5000) * 1e-3, np.nextafter(edges, 0), edges,
             np.nextafter(edges, 9), -edges, [0.0, -0.0, np.inf, -np.inf, np.nan]]
    bits = rng.integers(0, 2 ** 32, 5000, dtype=np.uint64).astype(np.uint32).view(np.float32)
    with np.errstate(invalid="ignore"):  # signalling NaNs among the bit patterns
        x = np.concatenate([np.asarray(p, np.float32) for p in parts] + [bits]).astype(np.float64)
    expected = np.array([math.erf(v) for v in x.tolist()]).astype(np.float32)
    got = libm.erf64(x).astype(np.float32)
    same = (got.view(np.int32) == expected.view(np.int32)) | (np.isnan(got) & np.isnan(expected))
    assert same.all(), x[~same][:5]


def test_fma32_settles_ties_of_the_double_sum_exactly():
    """(1 + 2**-12)**2 = 1 + 2**-11 + 2**-24 lies halfway between two float32; a tiny c decides the rounding,
    which the double sum (rounded to the midpoint) loses and fma32 must restore, in blocks as in one piece."""
    from gradcli.kernels.fma import fma32
    a = np.full(70000, 1 + 2.0 ** -12, np.float32)
    c = np.where(np.arange(70000) % 2 == 0, np.float32(2.0 ** -70), np.float32(-(2.0 ** -70)))
    got = fma32(a, a, c)
    up, down = np.float32(1 + 2.0 ** -11 + 2.0 ** -23), np.float32(1 + 2.0 ** -11)
    np.testing.assert_array_equal(got, np.where(c > 0, up, down))
    np.testing.assert_array_equal(fma32(a[:1], a[:1], np.float32(-(2.0 ** -70))), [down])


def test_tanh_estimate_is_the_float64_tanh_rounded_once():
    """The estimate's tanh goes through exp (unary._tanh64): over a spread of every float32 magnitude, and the
    specials, it rounds to the same float32 as numpy's float64 tanh, in blocks as in one piece."""
    bits = np.arange(0, 0x7F800000, 4099, dtype=np.uint32)
    x = np.concatenate([bits.view(np.float32), -bits.view(np.float32),
                        np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 2.0 ** -5, -(2.0 ** -5)], np.float32)])
    expected = np.tanh(x.astype(np.float64)).astype(np.float32)
    assert unary.vml_estimate("tanh", x).tobytes() == expected.tobytes()
    assert unary.vml_estimate("tanh", x[:1000]).tobytes() == expected[:1000].tobytes()
    for shape in ((), (3, 4), (0,)):  # a 0-d array too, as a scalar tensor's tanh is
        small = x[5000:5000 + int(np.prod(shape))].reshape(shape)
        got = unary.vml_estimate("tanh", small)
        assert got.shape == shape and got.tobytes() == np.tanh(small.astype(np.float64)).astype(np.float32).tobytes()


def test_vml_functions_without_mkl_are_the_estimate_sleef_or_numpys(monkeypatch):
    monkeypatch.setattr(mkl, "_library", False)
    x = np.linspace(-3, 3, 101, dtype=np.float32)
    assert unary.vml("exp", x, np.exp).tobytes() == unary.vml_estimate("exp", x).tobytes()
    assert unary.vml("tan", x, np.tan).tobytes() == np.tan(x).tobytes()
    assert unary.vml("exp", x.astype(np.float64), np.exp).tobytes() == np.exp(x.astype(np.float64)).tobytes()
    half = x.astype(np.float16)
    assert unary.vml("sin", half, np.sin).tobytes() == unary.vml_estimate("sin", half).tobytes()


@pytest.mark.skipif(not mkl.available(), reason="the optional mkl extra is not installed")
def test_mkl_results_are_laid_out_as_their_input():
    """A later reduction adds in memory order (torch's TensorIterator gives the result the input's layout)."""
    x = np.linspace(-3, 3, 24, dtype=np.float32).reshape(2, 3, 4)
    for view in (x, x.transpose(2, 0, 1), x[:, ::2], x[0, 0, 0]):
        y = mkl.vml("Exp", view)
        assert np.argsort(np.abs(np.asarray(y).strides)).tolist() == np.argsort(np.abs(view.strides)).tolist()
        assert np.asarray(y).tobytes() == mkl.vml("Exp", np.ascontiguousarray(view)).tobytes()
