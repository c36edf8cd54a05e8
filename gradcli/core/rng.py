"""torch's CPU random stream (MT19937) on numpy, bit for bit (../shared/reference/rng.md).

A Generator seeds a 32-bit Mersenne Twister exactly as torch does; each sampler draws its words in torch's
order and shapes them with the arithmetic of torch's AVX2/AVX512 kernels (the default build on x86 CPUs),
including the cached second value of the scalar Box-Muller. Samplers return flat numpy arrays in fill order;
shapes, dtypes and tensors are the front doors' business (gradcli.ops.rows.sampling).
"""

import math
import os

import numpy as np

from ..base import errors
from ..base.runstate import current
from ..kernels.fma import fma32, fma64

DEFAULT_SEED = 67280421310721  # what torch.Generator() starts from
_N = 624  # words in the Mersenne Twister's state

# torch's CPUGeneratorImplState, the bytes of get_rng_state(): the legacy THGeneratorState, then a float cache
# that torch's CPU kernels never fill
STATE_LAYOUT = np.dtype([
    ("seed", "<u8"), ("left", "<i4"), ("seeded", "<i4"), ("next", "<u8"), ("state", "<u8", _N),
    ("normal_x", "<f8"), ("normal_y", "<f8"), ("normal_rho", "<f8"), ("normal_is_valid", "<i4"), ("pad", "V4"),
    ("float_normal", "<f4"), ("float_normal_is_valid", "u1"), ("pad2", "V3")])
assert STATE_LAYOUT.itemsize == 5056


def nondeterministic_seed():
    """A fresh seed from the OS; torch keeps 53 bits so that the seed survives a round trip through a double."""
    return int.from_bytes(os.urandom(8), "little") & ((1 << 53) - 1)


class Generator:
    """torch.Generator: a Mersenne Twister plus the cached normal value of the scalar Box-Muller."""

    def __init__(self, device="cpu"):
        self.manual_seed(DEFAULT_SEED)

    def manual_seed(self, seed):
        seed = int(seed)
        self._initial_seed = seed & 0xFFFFFFFFFFFFFFFF
        self._twister = None  # made on first use: a command that draws nothing never imports numpy.random
        self._fresh = True  # nothing drawn since seeding (torch's state then says next = 0, not 624)
        self.normal_cache = None
        return self

    @property
    def _bits(self):
        """numpy's Mersenne Twister, seeded as torch's init_genrand seeds on the low 32 bits."""
        if self._twister is None:
            self._twister = np.random.MT19937()
            self._twister._legacy_seeding(self._initial_seed & 0xFFFFFFFF)
        return self._twister

    def seed(self):
        """Reseed from the OS and return the new seed."""
        seed = nondeterministic_seed()
        self.manual_seed(seed)
        return seed

    def initial_seed(self):
        return self._initial_seed

    @property
    def device(self):
        return "cpu"

    def __repr__(self):
        return "<torch._C.Generator object at 0x%x>" % id(self)

    # ------------------------------------------------------------ torch's state bytes
    def state_bytes(self):
        """The 5056 bytes of torch's get_state(), as a uint8 array."""
        mt = self._bits.state["state"]
        s = np.zeros((), dtype=STATE_LAYOUT)
        s["seed"], s["seeded"], s["state"] = self._initial_seed, 1, mt["key"]
        # torch counts down `left` to its next twist and up `next` through the words; numpy keeps a position
        s["left"], s["next"] = _N + 1 - mt["pos"], 0 if self._fresh else mt["pos"]
        if self.normal_cache is not None:
            s["normal_y"], s["normal_is_valid"] = self.normal_cache, 1
        return np.frombuffer(s.tobytes(), dtype=np.uint8).copy()

    def load_state_bytes(self, data):
        """Restore the stream and the normal cache from torch's state bytes."""
        if data.size != STATE_LAYOUT.itemsize:
            raise errors.GradcliError("Expected a CPUGeneratorImplState of size %d but found the input RNG state "
                                      "size to be %d" % (STATE_LAYOUT.itemsize, data.size))
        s = np.frombuffer(np.ascontiguousarray(data, dtype=np.uint8).tobytes(), dtype=STATE_LAYOUT)[0]
        left, next_ = int(s["left"]), int(s["next"])
        if not (s["seeded"] and 0 < left <= _N and next_ <= _N):
            raise errors.GradcliError("Invalid mt19937 state")
        self._initial_seed = int(s["seed"])
        self._bits.state = {"bit_generator": "MT19937",
                            "state": {"key": s["state"].astype(np.uint32), "pos": _N + 1 - left}}
        self._fresh = next_ == 0
        self.normal_cache = float(s["normal_y"]) if s["normal_is_valid"] else None
        return self

    # ------------------------------------------------------------ the primitive draws
    def words(self, n):
        """The next n 32-bit words (as uint64): torch's random()."""
        if not n:
            return np.zeros(0, dtype=np.uint64)
        self._fresh = False
        return self._bits.random_raw(n)

    def words64(self, n):
        """n 64-bit values of two words each, the first word the high half: torch's random64()."""
        w = self.words(2 * n).reshape(n, 2)
        return (w[:, 0] << np.uint64(32)) | w[:, 1]

    def uniform24(self, n):
        """float32 uniforms in [0, 1): the low 24 bits of one word each."""
        return (self.words(n) & np.uint64(0xFFFFFF)).astype(np.float32) * np.float32(2.0 ** -24)  # exact

    def uniform53(self, n):
        """float64 uniforms in [0, 1): the low 53 bits of random64() each."""
        return (self.words64(n) & np.uint64((1 << 53) - 1)).astype(np.float64) * 2.0 ** -53


def default_generator():
    """torch.default_generator: the run state's (base.runstate), made at its first draw from a seed of the OS,
    as a new torch process's."""
    state = current()
    if state.generator is None:
        state.generator = Generator()
        state.generator.seed()
    return state.generator


def _gen(generator):
    return default_generator() if generator is None else generator


# ---------------------------------------------------------------- uniform
def uniform(n, float64=False, low=0.0, high=1.0, generator=None):
    """n uniforms in [low, high): torch's uniform_ kernel, `x * (high - low) + low` as one FMA, in the
    output precision; a value that rounds up to `high` becomes `low`."""
    g = _gen(generator)
    if float64:
        low, high = float(low), float(high)
        values = fma64(g.uniform53(n), high - low, low)
    else:
        low, high = np.float32(low), np.float32(high)
        values = fma32(g.uniform24(n), high - low, low)
    return np.where(values == high, low, values).astype(values.dtype)


# ---------------------------------------------------------------- normal
def normal(n, float64=False, mean=0.0, std=1.0, contiguous=True, generator=None):
    """n normal values: torch's block Box-Muller (normal_fill) for 16 or more contiguous elements, else the
    scalar Box-Muller with its cache. The dtype decides precision only in the block path."""
    g = _gen(generator)
    if n < 16 or not contiguous:
        z = np.array([_scalar_normal(g) for _ in range(n)], dtype=np.float64)
        values = _scale(z, mean, std, fma64, float)
        return values if float64 else values.astype(np.float32)
    if float64:
        return _scale(_normal_fill(g.uniform53, _normal_blocks_float64, n), mean, std, fma64, float)
    from ..kernels.avx_mathfun import normal_blocks_float32  # (randn's own kernel: imported by the first randn)
    return _scale(_normal_fill(g.uniform24, normal_blocks_float32, n), mean, std, fma32, np.float32)


def _scale(z, mean, std, fma, precision):
    """z * std + mean, fused as the AVX build compiles it; with (0, 1) only the sign of a zero changes
    (-0 * 1 + 0 is +0), so a plain `+ 0` does."""
    if mean == 0 and std == 1:
        return z + precision(0)
    return fma(z, precision(std), precision(mean))


def _scalar_normal(g):
    """One value of at::normal_distribution<double>: Box-Muller on two U53, the sine kept for the next call."""
    if g.normal_cache is not None:
        z, g.normal_cache = g.normal_cache, None
        return z
    u1, u2 = g.uniform53(2).tolist()
    r = math.sqrt(-2.0 * math.log1p(-u2))
    theta = (2.0 * math.pi) * u1
    g.normal_cache = r * math.sin(theta)
    return r * math.cos(theta)


def _normal_fill(draw, blocks, n):
    """torch's normal_fill: every full block of 16 in place, then, if n % 16, 16 fresh uniforms whose
    block overwrites the last 16 outputs."""
    d = draw(n)
    full = n - n % 16
    d[:full] = blocks(d[:full].reshape(-1, 16)).reshape(-1)
    if n % 16:
        d[n - 16:] = blocks(draw(16).reshape(1, 16)).reshape(-1)
    return d


def _glibc(fn, x):
    """fn (a math.* function, i.e. glibc's) applied to each element: numpy's own float64 log differs from
    glibc in the last bit for some inputs, and torch calls glibc."""
    return np.fromiter(map(fn, x.ravel().tolist()), dtype=np.float64, count=x.size).reshape(x.shape)


def _normal_blocks_float64(d):
    """normal_fill_16 in double: radius from the first 8, angle (2*M_PI*u) from the last 8."""
    radius = np.sqrt(-2.0 * _glibc(math.log, 1.0 - d[:, :8]))
    theta = (2.0 * math.pi) * d[:, 8:]
    return np.concatenate([radius * _glibc(math.cos, theta), radius * _glibc(math.sin, theta)], axis=1)


# ---------------------------------------------------------------- bernoulli
def bernoulli(n, p, generator=None):
    """n draws of 1 with probability p (else 0), as booleans: torch's default bernoulli_(p) kernel, one U53
    each, `u < p`. (On Intel CPUs torch's MKL build draws bernoulli_(float) from MKL's own stream instead.)"""
    return _gen(generator).uniform53(n) < p


# ---------------------------------------------------------------- integers
def randint(low, high, n, generator=None):
    """n integers in [low, high): one word each, or one random64() each when the range is 2**28 or more."""
    g = _gen(generator)
    span = high - low
    v = g.words64(n) if span >= 2 ** 28 else g.words(n)
    return (v % np.uint64(span)).astype(np.int64) + np.int64(low)


def random_int64(generator=None):
    """One value of torch's random_() on an int64 tensor (no bounds): random64() modulo 2**63, a python int."""
    return int(_gen(generator).words64(1)[0] & np.uint64((1 << 63) - 1))


def randperm(n, generator=None):
    """A permutation of range(n) by torch's forward Fisher-Yates: n - 1 words, one per swap."""
    g = _gen(generator)
    r = list(range(n))
    for i, w in enumerate(g.words(max(n - 1, 0)).tolist()):
        z = i + w % (n - i)
        r[i], r[z] = r[z], r[i]
    return np.asarray(r, dtype=np.int64)
