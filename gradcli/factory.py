"""Tensor creation: torch.tensor and the factories (ones, zeros, eye, arange, rand, randn, ...)."""

import numpy as np

from . import dtypes, errors, limits, rng
from .ops import export
from .tensor import Tensor, to_numpy_dtype


def _size(size):
    """`ones(2, 3)`, `ones((2, 3))` and `ones([2, 3])` all mean the shape (2, 3)."""
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    for s in size:
        if isinstance(s, bool) or not isinstance(s, int):
            raise errors.type_error("%s(): argument 'size' must be tuple of ints, but found element of type %s"
                                    % ("ones", type(s).__name__))
        if s < 0:
            raise errors.GradcliError("Trying to create tensor with negative dimension %d: %s"
                                      % (s, list(size)))
    limits.check_numel(size)
    return tuple(size)


def _leaf(array, requires_grad):
    return Tensor(array, requires_grad=requires_grad)


def _np(dtype, default=dtypes.float32):
    return to_numpy_dtype(dtype or default)


def infer_dtype(data):
    """torch.tensor's dtype for python data: bool if all bools, int64 if all ints, else the default float."""
    kinds = set()

    def walk(value):
        if isinstance(value, (list, tuple)):
            for v in value:
                walk(v)
        elif isinstance(value, Tensor):
            kinds.add(value.dtype.category)
        elif isinstance(value, bool):
            kinds.add(dtypes.BOOL)
        elif isinstance(value, int):
            kinds.add(dtypes.INTEGRAL)
        elif isinstance(value, float):
            kinds.add(dtypes.FLOATING)
        else:
            raise errors.type_error("Could not infer dtype of %s" % type(value).__name__)
    walk(data)
    top = max(kinds) if kinds else dtypes.FLOATING
    return {dtypes.BOOL: dtypes.bool_, dtypes.INTEGRAL: dtypes.int64, dtypes.FLOATING: dtypes.float32}[top]


def _plain(data):
    """Nested python data with 0-d tensors replaced by their values, checked to be rectangular."""
    if isinstance(data, Tensor):
        return data.array.tolist()
    if isinstance(data, (list, tuple)):
        items = [_plain(v) for v in data]
        lengths = {len(v) if isinstance(v, list) else -1 for v in items}
        if len(lengths) > 1:
            first = len(items[0]) if isinstance(items[0], list) else None
            for v in items:
                got = len(v) if isinstance(v, list) else None
                if got != first:
                    if first is None or got is None:
                        raise errors.type_error("not a sequence")
                    raise errors.value_error("expected sequence of length %d at dim 1 (got %d)" % (first, got))
        return items
    return data


def _not_a_number(data):
    """torch's error for the first leaf of `data` that is not a number."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, (list, tuple)):
            stack.extend(reversed(value))
        elif isinstance(value, str):
            return errors.value_error("too many dimensions 'str'")
        elif not isinstance(value, (bool, int, float, Tensor)):
            return errors.type_error("must be real number, not %s" % type(value).__name__)
    return errors.type_error("must be real number, not list")


@export("tensor", method=False)
def tensor(data, dtype=None, requires_grad=False, device=None):
    if isinstance(data, Tensor):
        errors.warn("To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
                    "sourceTensor.detach().clone().requires_grad_(True), rather than torch.tensor(sourceTensor).")
        array = data.array.astype(_np(dtype or data.dtype), copy=True)
    else:
        dtype = dtype or infer_dtype(data)
        try:
            array = np.array(_plain(data), dtype=to_numpy_dtype(dtype))
        except OverflowError:
            raise errors.GradcliError("value cannot be converted to type %s without overflow" % dtype.name) from None
        except (TypeError, ValueError):  # a leaf that is not a number, with the dtype given
            raise _not_a_number(data) from None
    return _leaf(array, requires_grad)


@export("Tensor", "FloatTensor", method=False)
def legacy_tensor(*args):
    """torch.Tensor(data) is float32; torch.Tensor(2, 3) is a (2, 3) tensor (zero-filled here)."""
    if len(args) == 1 and isinstance(args[0], (list, tuple, Tensor)):
        return tensor(args[0], dtype=dtypes.float32)
    return zeros(*args)


@export("DoubleTensor", method=False)
def double_tensor(*args):
    return legacy_tensor(*args).double()


@export("LongTensor", method=False)
def long_tensor(*args):
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        return tensor(args[0], dtype=dtypes.int64)
    return zeros(*args, dtype=dtypes.int64)


@export("Variable", method=False)
def variable(data, requires_grad=False, volatile=False):
    """torch.autograd.Variable: a new leaf on the same memory."""
    return _leaf(data.array, requires_grad)


@export("as_tensor", "from_numpy", method=False)
def as_tensor(data, dtype=None):
    if isinstance(data, Tensor):
        return data if dtype is None or dtype is data.dtype else data.to(dtype)
    return tensor(data, dtype=dtype)


# ---------------------------------------------------------------- filled
@export("ones", method=False)
def ones(*size, dtype=None, requires_grad=False, device=None):
    return _leaf(np.ones(_size(size), dtype=_np(dtype)), requires_grad)


@export("zeros", "empty", method=False)
def zeros(*size, dtype=None, requires_grad=False, device=None):
    return _leaf(np.zeros(_size(size), dtype=_np(dtype)), requires_grad)


@export("full", method=False)
def full(size, fill_value, dtype=None, requires_grad=False, device=None):
    if isinstance(fill_value, Tensor):
        fill_value = fill_value.item()
    dtype = dtype or infer_dtype(fill_value)
    return _leaf(np.full(_size((size,)), fill_value, dtype=_np(dtype)), requires_grad)


@export("eye", method=False)
def eye(n, m=None, dtype=None, requires_grad=False, device=None):
    limits.check_numel((n, n if m is None else m))
    return _leaf(np.eye(n, n if m is None else m, dtype=_np(dtype)), requires_grad)


@export("arange", method=False)
def arange(start, end=None, step=1, dtype=None, requires_grad=False, device=None):
    if end is None:
        start, end = 0, start
    if step == 0:
        raise errors.GradcliError("step must be nonzero")
    if (end - start) * step < 0:
        raise errors.GradcliError("upper bound and lower bound inconsistent with step sign")
    if dtype is None:
        dtype = infer_dtype([start, end, step])
    count = max(0, int(np.ceil((end - start) / step)))
    limits.check_numel((count,))
    values = start + np.arange(count, dtype=np.float64 if dtype.is_floating_point else np.int64) * step
    return _leaf(values.astype(_np(dtype)), requires_grad)


@export("linspace", method=False)
def linspace(start, end, steps, dtype=None, requires_grad=False, device=None):
    """torch computes in the output dtype from both ends: the first half from start, the rest from end."""
    np_dtype = _np(dtype)
    limits.check_numel((steps,))
    out = np.empty(steps, dtype=np_dtype)
    if steps == 1:
        out[0] = start
    elif steps > 1:
        start_, end_ = np_dtype.type(start), np_dtype.type(end)
        step = (end_ - start_) / np_dtype.type(steps - 1)
        half = steps // 2
        idx = np.arange(steps)
        out[:half] = start_ + step * idx[:half].astype(np_dtype)
        out[half:] = end_ - step * (steps - idx[half:] - 1).astype(np_dtype)
    return _leaf(out, requires_grad)


def _like(factory):
    def like(x, dtype=None, requires_grad=False, device=None, **kwargs):
        return factory(*x.shape, dtype=dtype or x.dtype, requires_grad=requires_grad, **kwargs)
    return like


for _name, _factory in (("ones_like", ones), ("zeros_like", zeros), ("empty_like", zeros)):
    export(_name, method=False)(_like(_factory))


@export("full_like", method=False)
def full_like(x, fill_value, dtype=None, requires_grad=False, device=None):
    return full(tuple(x.shape), fill_value, dtype=dtype or x.dtype, requires_grad=requires_grad)


# ---------------------------------------------------------------- random
@export("manual_seed", "seed", method=False)
def manual_seed(seed):
    return rng.manual_seed(seed)


@export("initial_seed", method=False)
def initial_seed():
    return rng.default_generator.initial_seed()


def _random(sample):
    def factory(*size, dtype=None, requires_grad=False, generator=None, device=None):
        shape = _size(size)
        dtype = dtype or dtypes.float32
        n = int(np.prod(shape)) if shape else 1
        values = sample(n, dtype is dtypes.float64, generator=generator)
        return _leaf(values.astype(_np(dtype)).reshape(shape), requires_grad)
    return factory


rand = export("rand", method=False)(_random(rng.rand))
randn = export("randn", method=False)(_random(rng.randn))


@export("rand_like", method=False)
def rand_like(x, dtype=None, requires_grad=False):
    return rand(*x.shape, dtype=dtype or x.dtype, requires_grad=requires_grad)


@export("randn_like", method=False)
def randn_like(x, dtype=None, requires_grad=False):
    return randn(*x.shape, dtype=dtype or x.dtype, requires_grad=requires_grad)


@export("randint", method=False)
def randint(low, high=None, size=None, dtype=None, requires_grad=False, generator=None):
    if size is None:
        low, high, size = 0, low, high
    shape = _size((size,))
    values = rng.randint(low, high, int(np.prod(shape)) if shape else 1, generator=generator)
    return _leaf(values.astype(_np(dtype, dtypes.int64)).reshape(shape), requires_grad)


@export("randperm", method=False)
def randperm(n, dtype=None, requires_grad=False, generator=None):
    limits.check_numel((n,))
    return _leaf(rng.randperm(n, generator=generator).astype(_np(dtype, dtypes.int64)), requires_grad)
