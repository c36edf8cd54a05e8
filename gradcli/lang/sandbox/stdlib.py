"""The standard-library modules scripts may import: `math`, `random`, `collections` (OrderedDict, defaultdict,
Counter) and `__future__` — Python's own functions, with the guards that keep their results within gradcli's
limits (`math.factorial(10**7)` would run for minutes; `random.choices(k=10**10)` fill the memory).

`random` is CPython's Mersenne Twister itself (a `random.Random` of gradcli's own, so that the host's global
generator is left alone): `random.seed(0)` then `random.random()` gives CPython's numbers bit for bit.
"""

import collections
import math
import types

from ...base.runstate import current
from ...core import limits

# ---------------------------------------------------------------- math
_MATH_CONSTANTS = ("pi", "e", "tau", "inf", "nan")
_MATH_FUNCTIONS = (
    "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "ceil", "copysign", "cos", "cosh", "degrees",
    "dist", "erf", "erfc", "exp", "expm1", "fabs", "floor", "fmod", "frexp", "fsum", "gamma", "gcd", "hypot",
    "isclose", "isfinite", "isinf", "isnan", "isqrt", "ldexp", "lgamma", "log", "log10", "log1p", "log2", "modf",
    "pow", "radians", "remainder", "sin", "sinh", "sqrt", "tan", "tanh", "trunc", "exp2", "cbrt", "nextafter",
    "ulp")


def _check_bits(bits):
    if bits > limits.current()["max_int_bits"]:
        raise limits.exceeded("max_int_bits", "the integer would have about %d bits" % bits)


def _log2_factorial(n):
    return math.lgamma(n + 1) / math.log(2) if n > 1 else 0


def factorial(n):
    if isinstance(n, int) and n > 0:
        _check_bits(_log2_factorial(n))
    return math.factorial(n)


def comb(n, k):
    if isinstance(n, int) and isinstance(k, int) and 0 <= k <= n:
        _check_bits(_log2_factorial(n) - _log2_factorial(k) - _log2_factorial(n - k))
    return math.comb(n, k)


def perm(n, k=None):
    if isinstance(n, int) and (k is None or isinstance(k, int) and 0 <= k <= n):
        _check_bits(_log2_factorial(n) - _log2_factorial(n - (n if k is None else k)))
    return math.perm(n, k)


def prod(iterable, start=1):
    values = list(iterable)
    _check_bits(sum(v.bit_length() for v in values + [start] if isinstance(v, int)))
    return math.prod(values, start=start)


def lcm(*integers):
    _check_bits(sum(v.bit_length() for v in integers if isinstance(v, int)))
    return math.lcm(*integers)


def math_members():
    members = {name: getattr(math, name) for name in _MATH_CONSTANTS + _MATH_FUNCTIONS if hasattr(math, name)}
    members.update(factorial=factorial, comb=comb, perm=perm, prod=prod, lcm=lcm)
    return members


# ---------------------------------------------------------------- random
def _generator():
    """The script's `random` generator: its run state's (base.runstate), seeded from the OS at its first use,
    as a new Python process's (the host's own `random` is never touched)."""
    state = current()
    if state.random is None:
        import random  # (here, not at import: a one-shot command needs no generator)
        state.random = random.Random()
    return state.random


class _Drawing:
    """One of `random`'s functions, on the run's generator: called, shown and named in messages as Python's
    bound method of its generator is."""

    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __call__(self, *args, **kwargs):
        return getattr(_generator(), self.name)(*args, **kwargs)

    def __repr__(self):
        return repr(getattr(_generator(), self.name))


_KINDS = {kind.__name__: type(kind.__name__, (_Drawing,), {"__slots__": ()})
          for kind in (types.MethodType, types.BuiltinMethodType)}  # "method", "builtin_function_or_method"


def _drawing(name):
    import random
    return _KINDS[type(getattr(random.Random(0), name)).__name__](name)


_RANDOM_METHODS = (
    "seed", "random", "uniform", "randint", "randrange", "choice", "shuffle", "sample", "gauss", "normalvariate",
    "lognormvariate", "expovariate", "vonmisesvariate", "gammavariate", "betavariate", "paretovariate",
    "weibullvariate", "triangular", "getstate", "setstate")


def choices(population, weights=None, *, cum_weights=None, k=1):
    limits.check_length(k, "the list")
    return _generator().choices(population, weights, cum_weights=cum_weights, k=k)


def getrandbits(k):
    _check_bits(k)
    return _generator().getrandbits(k)


def random_members():
    members = {name: _drawing(name) for name in _RANDOM_METHODS}
    members.update(choices=choices, getrandbits=getrandbits)
    return members


# ---------------------------------------------------------------- collections, __future__
def collections_members():
    return {"OrderedDict": collections.OrderedDict, "defaultdict": collections.defaultdict,
            "Counter": collections.Counter}


DICT_METHODS = frozenset(("items", "keys", "values", "get", "update", "pop", "copy", "setdefault", "clear",
                          "popitem"))
# what a script may read on the collections' values (besides dict's own)
COLLECTION_MEMBERS = {
    collections.OrderedDict: DICT_METHODS | {"move_to_end"},
    collections.defaultdict: DICT_METHODS | {"default_factory"},
    collections.Counter: DICT_METHODS | {"most_common", "total", "subtract"},
}


def future_members():
    import __future__
    return {name: getattr(__future__, name) for name in __future__.all_feature_names}



# ---------------------------------------------------------------- pprint
_PPRINT_MOST = 10 ** 4  # indent and width: a wider one would only pad lines with spaces


def _pformat(obj, indent=1, width=80, depth=None, *, compact=False, sort_dicts=True, underscore_numbers=False):
    """pprint.pformat: Python's own, on a value checked as print checks it (its size, then each number small)."""
    import pprint  # (imported by the scripts that pretty-print only)
    for name, value in (("indent", indent), ("width", width)):
        if isinstance(value, int) and value > _PPRINT_MOST:
            raise limits.exceeded("max_elements", "pprint's %s %d would pad lines too far" % (name, value))
    limits.check_nested_size(obj)
    return pprint.pformat(obj, indent=indent, width=width, depth=depth, compact=compact, sort_dicts=sort_dicts,
                          underscore_numbers=underscore_numbers)


def _printer(sort_default):
    def pprint_(obj, stream=None, indent=1, width=80, depth=None, *, compact=False, sort_dicts=sort_default,
                underscore_numbers=False):
        if stream is not None:
            raise TypeError("gradcli's pprint writes to the script's output only (stream=None)")
        from .system import state
        state().write(_pformat(obj, indent, width, depth, compact=compact, sort_dicts=sort_dicts,
                               underscore_numbers=underscore_numbers) + "\n")
    return pprint_


def pprint_members():
    """pprint's pprint and pp, to the run's output (a stream other than sys.stdout is not offered), and pformat."""
    return {"pprint": _printer(True), "pp": _printer(False), "pformat": _pformat}
