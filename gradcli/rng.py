"""torch's CPU random stream (MT19937) on numpy, bit for bit (../shared/reference/rng.md).

manual_seed seeds a 32-bit Mersenne Twister exactly as torch does; each sampler draws its words in torch's
order and shapes them with torch's arithmetic, including the cached second value of the scalar Box-Muller.
"""

import math
import os

import numpy as np


class Generator:
    def __init__(self, seed=None):
        self.manual_seed(int.from_bytes(os.urandom(8), "little") if seed is None else seed)

    def manual_seed(self, seed):
        seed = int(seed)
        self._initial_seed = seed & 0xFFFFFFFFFFFFFFFF
        self.bits = np.random.MT19937()
        self.bits._legacy_seeding(seed & 0xFFFFFFFF)
        self.normal_cache = None  # the second value of the last scalar Box-Muller pair
        return self

    def initial_seed(self):
        return self._initial_seed

    def words(self, n):
        """The next n 32-bit words (as uint64)."""
        return self.bits.random_raw(n) if n else np.zeros(0, dtype=np.uint64)

    def uniform24(self, n):
        """float32 uniforms in [0, 1): one word each."""
        return ((self.words(n) & 0xFFFFFF).astype(np.float64) * 2.0 ** -24).astype(np.float32)

    def uniform53(self, n):
        """float64 uniforms in [0, 1): two words each, the first the high half."""
        w = self.words(2 * n).reshape(-1, 2) if n else np.zeros((0, 2), dtype=np.uint64)
        combined = ((w[:, 0] << np.uint64(32)) | w[:, 1]) & np.uint64((1 << 53) - 1)
        return combined.astype(np.float64) * 2.0 ** -53


default_generator = Generator()


def manual_seed(seed):
    default_generator.manual_seed(seed)
    return default_generator


def rand(n, float64=False, generator=None):
    g = generator or default_generator
    return g.uniform53(n) if float64 else g.uniform24(n)


def randn(n, float64=False, generator=None):
    """n standard normal values (float64 array, or float32 when not float64)."""
    g = generator or default_generator
    if n < 16:
        out = np.empty(n, dtype=np.float64)
        for k in range(n):
            out[k] = _scalar_normal(g)
        return out if float64 else out.astype(np.float32)
    return _normal_fill_double(g, n) if float64 else _normal_fill_float(g, n)


def _scalar_normal(g):
    if g.normal_cache is not None:
        z, g.normal_cache = g.normal_cache, None
        return z
    u1, u2 = g.uniform53(2).tolist()
    r = math.sqrt(-2.0 * math.log1p(-u2))
    theta = (2.0 * math.pi) * u1
    g.normal_cache = r * math.sin(theta)
    return r * math.cos(theta)


def _blocks(n, draw, transform):
    """torch's normal_fill: full 16-blocks in place, then a fresh 16-block for the tail."""
    d = draw(n)
    for i in range(0, n - 15, 16):
        d[i:i + 16] = transform(d[i:i + 16])
    if n % 16:
        d[n - 16:] = transform(draw(16))
    return d


def _normal_fill_double(g, n):
    def transform(block):
        out = np.empty(16, dtype=np.float64)
        for j in range(8):
            radius = math.sqrt(-2.0 * math.log(1.0 - block[j]))
            theta = 2.0 * math.pi * block[8 + j]
            out[j] = radius * math.cos(theta)
            out[8 + j] = radius * math.sin(theta)
        return out
    return _blocks(n, g.uniform53, transform)


def _normal_fill_float(g, n):
    from ._avx_math import normal_block_float32
    return _blocks(n, g.uniform24, normal_block_float32)


def randint(low, high, n, generator=None):
    g = generator or default_generator
    span = high - low
    if span <= 0:
        raise ValueError("random_ expects 'from' to be less than 'to', but got from=%d >= to=%d" % (low, high))
    if span >= 2 ** 28:
        w = g.words(2 * n).reshape(-1, 2)
        v = (w[:, 0] << np.uint64(32)) | w[:, 1]
    else:
        v = g.words(n)
    return (v % np.uint64(span)).astype(np.int64) + low


def randperm(n, generator=None):
    g = generator or default_generator
    r = list(range(n))
    words = g.words(max(n - 1, 0)).tolist()
    for i in range(n - 1):
        z = words[i] % (n - i)
        r[i], r[i + z] = r[i + z], r[i]
    return np.asarray(r, dtype=np.int64)
