"""Tensor creation: torch.tensor and the factories (ones, zeros, eye, arange, ...); random ones are in sampling."""

import math
import sys

import numpy as np

from .shape import int_list
from ..table import front_door
from ...base import dtypes, errors
from ...core import limits
from ...core.meta import meta_array, placed
from ...core.tensor import Size, Tensor, to_numpy_dtype


def _size(size, name="ones", keywords=None, meta=False, dtype=None):
    """`ones(2, 3)`, `ones((2, 3))`, `ones([2, 3])` and `ones(size=(2, 3))` all mean the shape (2, 3).
    `keywords` are the factory's other keyword arguments: only `size` may be among them (any other is Python's
    own refusal, which lang.sandbox.arguments says in torch's words: a size missing first, or an overload's list).
    A `meta` tensor's size is not checked against the size limit: it holds no elements."""
    position = 1
    if keywords:
        keywords = dict(keywords)
        if "size" in keywords:
            size, position = (keywords.pop("size"),), None
        if keywords:
            raise TypeError("%s() got an unexpected keyword argument '%s'" % (name, next(iter(keywords))))
    size = int_list(size, name, position=position)
    for s in size:
        if s < 0:
            # torch's zeros checks the sizes itself; the other factories fail in the allocator
            if name == "zeros":
                raise errors.GradcliError("zeros: Dimension size must be non-negative.")
            raise errors.GradcliError("Trying to create tensor with negative dimension %d: %s"
                                      % (s, list(size)))
    if not meta:
        limits.check_numel(size, itemsize=_np(dtype).itemsize)
    return size


def _leaf(array, requires_grad, device=None):
    """A new leaf on `array`, or of its shape and dtype on the meta device when `device` (or the default device)
    is meta."""
    if placed(device):
        array = meta_array(array.shape, array.dtype)
    return Tensor(array, requires_grad=requires_grad)


def _meta_leaf(shape, np_dtype, requires_grad):
    return Tensor(meta_array(shape, np_dtype), requires_grad=requires_grad)


def _np(dtype, default=None):
    return to_numpy_dtype(dtype or default or dtypes.default_float())


_SEQUENCES = (list, tuple, range)  # what torch.tensor reads as a dimension


def infer_dtype(data):
    """torch.tensor's dtype for python data: bool if all bools, int64 if all ints, else the default float."""
    top = None
    stack = [data]  # depth first, left to right: the first element that is no number is the one named
    while stack:
        value = stack.pop()
        if value.__class__ is float:  # (the common case first: python numbers)
            category = dtypes.FLOATING
        elif value.__class__ is int:
            category = dtypes.INTEGRAL
        elif isinstance(value, _SEQUENCES):
            stack.extend(reversed(value))
            continue
        elif isinstance(value, Tensor):
            category = value.dtype.category
        elif isinstance(value, bool):
            category = dtypes.BOOL
        elif isinstance(value, int):
            category = dtypes.INTEGRAL
        elif isinstance(value, float):
            category = dtypes.FLOATING
        else:
            raise errors.type_error("Could not infer dtype of %s" % type(value).__name__)
        if top is None or category > top:
            top = category
    if top is None or top == dtypes.FLOATING:
        return dtypes.default_float()
    return dtypes.bool_ if top == dtypes.BOOL else dtypes.int64


def _plain(data, integral=False):
    """Nested python data with 0-d tensors replaced by their values, checked as torch stores it, row by row:
    each row's length as it comes to it, then its values (for an `integral` dtype, an int beyond int64 is
    torch's ValueError there)."""
    if isinstance(data, Tensor):  # an element: torch takes its one value, whatever its shape
        if data.array.size != 1:
            raise errors.value_error(errors.SCALAR_CONVERSION)
        return data.array.reshape(-1)[0].item()
    if isinstance(data, _SEQUENCES):
        first = _length(data[0]) if data else None
        items = []
        for v in data:
            got = _length(v)
            if got != first:
                if first is None or got is None:
                    raise errors.type_error("not a sequence")
                raise errors.value_error("expected sequence of length %d at dim 1 (got %d)" % (first, got))
            items.append(_plain(v, integral))
        return items
    if integral and data.__class__ is int and not -2 ** 63 <= data < 2 ** 63:
        raise errors.value_error("Overflow when unpacking long long")
    return data


def _length(item):
    return len(item) if isinstance(item, _SEQUENCES) else None


def _not_a_number(data):
    """torch's error for the first leaf of `data` that is not a number."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, _SEQUENCES):
            stack.extend(reversed(value))
        elif isinstance(value, str):
            return errors.value_error("too many dimensions 'str'")
        elif not isinstance(value, (bool, int, float, Tensor)):
            return errors.type_error("must be real number, not %s" % type(value).__name__)
    return errors.type_error("must be real number, not list")


@front_door("tensor", method=False)
def tensor(data, *, dtype=None, requires_grad=False, device=None):
    if isinstance(data, Tensor):
        errors.warn("To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
                    "sourceTensor.detach().clone().requires_grad_(True), rather than torch.tensor(sourceTensor).")
        array = data.array.astype(_np(dtype or data.dtype), copy=True)
    else:
        limits.check_nested_size(data, what="the tensor")  # shared sublists (`a = [a, a]`) would be walked exponentially often
        array = _numbers(data) if dtype is None else None
        if array is None:
            dtype = dtype or infer_dtype(data)
            try:
                array = np.array(_plain(data, dtype.category == dtypes.INTEGRAL), dtype=to_numpy_dtype(dtype))
            except OverflowError:
                raise errors.GradcliError("value cannot be converted to type %s without overflow"
                                          % dtype.name) from None
            except (TypeError, ValueError):  # a leaf that is not a number, with the dtype given
                raise _not_a_number(data) from None
    return _leaf(array, requires_grad, device)


# numpy's dtype for python data -> torch.tensor's (infer_dtype's answers; floats: the default float dtype)
_NUMBERS_AS = {np.dtype(np.bool_): np.dtype(np.bool_), np.dtype(np.int64): np.dtype(np.int64),
               np.dtype(np.float64): None}


def _numbers(data):
    """The common case of torch.tensor(data), rectangular nested lists of python numbers, read by numpy in one
    go (several times faster than walking them here). None for anything else: tensors among the elements
    (numpy makes an object array of them), ragged lists, strings, ints beyond int64 — the general path
    handles those and words their errors."""
    try:
        array = np.array(data)
    except (TypeError, ValueError, OverflowError):
        return None
    if array.dtype not in _NUMBERS_AS:
        return None
    return array.astype(_NUMBERS_AS[array.dtype] or to_numpy_dtype(dtypes.default_float()), copy=False)


@front_door("Tensor", method=False)
def legacy_tensor(*args):
    """torch.Tensor(data) is of the default float dtype; torch.Tensor(2, 3) a (2, 3) tensor (zero-filled here)."""
    return _legacy(dtypes.default_float(), args)


def _legacy(dtype, args):
    """torch.<Type>Tensor(data) or torch.<Type>Tensor(*sizes) of one dtype."""
    if len(args) == 1 and isinstance(args[0], Size):  # torch.Tensor(b.size()): a tensor of that size
        return zeros(*args[0], dtype=dtype)
    if len(args) == 1 and isinstance(args[0], (list, tuple, range, Tensor)):
        data = args[0]
        if isinstance(data, Tensor):
            return data.to(dtype)
        return tensor(data, dtype=dtype)
    if len(args) == 1 and hasattr(type(args[0]), "__array__"):  # a numpy array (a 0-d one too: tensor(2.))
        return tensor(np.asarray(args[0]), dtype=dtype)
    return zeros(*(args or (0,)), dtype=dtype)  # (torch.Tensor() is tensor([]))


# torch's legacy constructors, one per dtype (torch.FloatTensor([1, 2]), torch.LongTensor(2, 3))
LEGACY_TYPES = {"FloatTensor": dtypes.float32, "DoubleTensor": dtypes.float64, "LongTensor": dtypes.int64, "IntTensor": dtypes.int32,
                "ShortTensor": dtypes.int16, "CharTensor": dtypes.int8, "ByteTensor": dtypes.uint8,
                "BoolTensor": dtypes.bool_, "HalfTensor": dtypes.float16}
LEGACY_CONSTRUCTORS = {}  # constructor -> its dtype
for _name, _dtype in LEGACY_TYPES.items():
    def _constructor(*args, _dtype=_dtype):
        return _legacy(_dtype, args)
    _constructor.__name__ = _constructor.__qualname__ = _name
    _constructor.dtype = _dtype  # x.type(torch.DoubleTensor) reads it
    LEGACY_CONSTRUCTORS[front_door(_name, method=False)(_constructor)] = _dtype


def variable(data, requires_grad=False, volatile=False):
    """torch.autograd.Variable: a new leaf on the same memory (volatile=True only warns, as in torch)."""
    if volatile:
        errors.warn("volatile was removed and now has no effect. Use `with torch.no_grad():` instead.")
    return _leaf(data.array, requires_grad)


@front_door("as_tensor", "from_numpy", method=False)
def as_tensor(data, dtype=None):
    if isinstance(data, Tensor):
        return data if dtype is None or dtype is data.dtype else data.to(dtype)
    return tensor(data, dtype=dtype)


# ---------------------------------------------------------------- filled
@front_door("ones", method=False)
def ones(*size, dtype=None, requires_grad=False, device=None, **keywords):
    meta = placed(device)
    shape = _size(size, "ones", keywords, meta, dtype)
    if meta:
        return _meta_leaf(shape, _np(dtype), requires_grad)
    return _leaf(filled_with_ones(shape, _np(dtype)), requires_grad)


def filled_with_ones(shape, np_dtype):
    """np.ones(shape, np_dtype), without its Python wrapper's extra passes."""
    array = np.empty(shape, np_dtype)
    array.fill(1)
    return array


@front_door("zeros", method=False)
def zeros(*size, dtype=None, requires_grad=False, device=None, **keywords):
    meta = placed(device)
    shape = _size(size, "zeros", keywords, meta, dtype)
    if meta:
        return _meta_leaf(shape, _np(dtype), requires_grad)
    return _leaf(np.zeros(shape, dtype=_np(dtype)), requires_grad)


@front_door("empty", method=False)
def empty(*size, dtype=None, requires_grad=False, device=None, **keywords):
    """Zero-filled here (torch leaves the memory uninitialised, so any values are torch's too)."""
    meta = placed(device)
    shape = _size(size, "empty", keywords, meta, dtype)
    if meta:
        return _meta_leaf(shape, _np(dtype), requires_grad)
    return _leaf(np.zeros(shape, dtype=_np(dtype)), requires_grad)


@front_door("full", method=False)
def full(size, fill_value, dtype=None, requires_grad=False, device=None):
    if isinstance(fill_value, Tensor):
        fill_value = fill_value.item()
    dtype = dtype or infer_dtype(fill_value)
    meta = placed(device)
    shape = _size((size,), "full", meta=meta, dtype=dtype)
    if meta:
        return _meta_leaf(shape, _np(dtype), requires_grad)
    return _leaf(np.full(shape, fill_value, dtype=_np(dtype)), requires_grad)


@front_door("eye", method=False)
def eye(n, m=None, dtype=None, requires_grad=False, device=None):
    if n < 0:
        raise errors.GradcliError("n must be greater or equal to 0, got %d" % n)
    if m is not None and m < 0:
        raise errors.GradcliError("m must be greater or equal to 0, got %d" % m)
    limits.check_numel((n, n if m is None else m))
    if placed(device):
        return _meta_leaf((n, n if m is None else m), _np(dtype), requires_grad)
    return _leaf(np.eye(n, n if m is None else m, dtype=_np(dtype)), requires_grad)


@front_door("arange", method=False)
def arange(start, end=None, step=1, dtype=None, requires_grad=False, device=None):
    if end is None:
        start, end = 0, start
    if isinstance(start, Tensor) or isinstance(end, Tensor) or isinstance(step, Tensor):
        start, end, step = (v.item() if isinstance(v, Tensor) else v for v in (start, end, step))
    if step == 0:
        raise errors.GradcliError("step must be nonzero")
    if (end - start) * step < 0:
        raise errors.GradcliError("upper bound and lower bound inconsistent with step sign")
    if dtype is None:
        dtype = infer_dtype([start, end, step])
    # torch sizes it in double: ceil((end - start) / step)
    count = math.ceil((end - start) / step)
    if placed(device):
        return _meta_leaf((count,), _np(dtype), requires_grad)
    limits.check_numel((count,))
    values = np.arange(count, dtype=np.float64 if dtype.is_floating_point else np.int64)
    if start != 0 or step != 1:  # (arange(n) is its own values)
        values = start + values * step
    return _leaf(values.astype(_np(dtype), copy=False), requires_grad)


RANGE_DEPRECATED = ("torch.range is deprecated and will be removed in a future release because its behavior is "
                    "inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in "
                    "[start, end).")


@front_door("range", method=False)
def range_(start, end, step=1, dtype=None, requires_grad=False, device=None):
    """torch.range (deprecated, warned): [start, end] with the end included, floor((end - start) / step) + 1
    values in double, in the default dtype whatever the bounds."""
    errors.warn(RANGE_DEPRECATED)
    start, end, step = (v.item() if isinstance(v, Tensor) else v for v in (start, end, step))
    if step == 0:
        raise errors.GradcliError("step must be nonzero")
    if (end - start) * step < 0:
        raise errors.GradcliError("upper bound and lower bound inconsistent with step sign")
    count = math.floor((end - start) / step) + 1
    limits.check_numel((count,))
    values = start + np.arange(count, dtype=np.float64) * step
    return _leaf(values.astype(_np(dtype)), requires_grad, device)


@front_door("linspace", method=False)
def linspace(start, end, steps, dtype=None, requires_grad=False, device=None):
    """torch's CPU kernel, bit for bit: in the output dtype (double for integers), element i is
    fma(step, i, start) in the first half and fma(-step, steps - 1 - i, end) in the second (the compiler
    contracts `start + step * i` into one fused multiply-add)."""
    if steps < 0:
        raise errors.GradcliError("number of steps must be non-negative")
    limits.check_numel((steps,))
    start, end = (v.item() if isinstance(v, Tensor) else v for v in (start, end))
    np_dtype = _np(dtype)
    work = np_dtype if np_dtype.kind == "f" else np.dtype(np.float64)
    if steps == 1:
        return _leaf(np.full(1, start, dtype=np_dtype), requires_grad, device)
    if steps == 0:
        return _leaf(np.empty(0, dtype=np_dtype), requires_grad, device)
    start_, end_ = work.type(np_dtype.type(start)), work.type(np_dtype.type(end))
    step = (end_ - start_) / work.type(steps - 1)
    half = steps // 2
    idx = np.arange(steps)
    low = _fma(np.full(half, step, work), idx[:half].astype(work), np.full(half, start_, work))
    high = _fma(np.full(steps - half, -step, work), (steps - 1 - idx[half:]).astype(work),
                np.full(steps - half, end_, work))
    out = np.concatenate([low, high])
    if np_dtype.kind != "f":
        out = np.trunc(out)  # C++'s double -> integer conversion
    return _leaf(out.astype(np_dtype), requires_grad, device)


@front_door("logspace", method=False)
def logspace(start, end, steps, base=10.0, dtype=None, requires_grad=False, device=None):
    """base ** linspace(start, end, steps), computed in double and rounded to the dtype."""
    exponents = linspace(start, end, steps, dtype=dtypes.float64).array
    return _leaf(np.power(float(base), exponents).astype(_np(dtype)), requires_grad)


@front_door("set_default_dtype", method=False)
def set_default_dtype(dtype):
    """The dtype python floats become (float32 at the start of every run)."""
    dtypes.set_default_float(dtype)


SET_DEFAULT_TENSOR_TYPE_DEPRECATED = (
    "torch.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use torch.set_default_dtype() and "
    "torch.set_default_device() as alternatives. (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/tensor/python_tensor.cpp:434.)")


@front_door("set_default_tensor_type", method=False)
def set_default_tensor_type(t):
    """torch.set_default_tensor_type (deprecated, warned once): a legacy type, or its name, of a floating dtype
    becomes the default dtype."""
    if isinstance(t, str):
        module, _, name = t.rpartition(".")
        top = (module or name).split(".")[0]
        if top != "torch" and top != "numpy" and top not in getattr(sys, "stdlib_module_names", ()):
            raise errors.GradcliError("No module named '%s'" % top, "ModuleNotFoundError")  # (torch imports it)
        if module == "torch.cuda":
            errors.warn_once(SET_DEFAULT_TENSOR_TYPE_DEPRECATED)
            raise errors.type_error("type %s not available. Torch not compiled with CUDA enabled." % t)
        if module == "torch" and name not in LEGACY_TYPES:
            raise errors.GradcliError("module 'torch' has no attribute '%s'" % name, "AttributeError")
        dtype = LEGACY_TYPES.get(name) if module == "torch" else None
        named = dtype is not None
    else:
        dtype = next((d for made, d in LEGACY_CONSTRUCTORS.items() if made is t), None)
        named = dtype is not None
    errors.warn_once(SET_DEFAULT_TENSOR_TYPE_DEPRECATED)
    if dtype is None or not dtype.is_floating_point:
        raise errors.type_error(("" if named else "invalid type object: ") +
                                "only floating-point types are supported as the default type")
    dtypes.set_default_float(dtype)


@front_door("get_default_dtype", method=False)
def get_default_dtype():
    return dtypes.default_float()


def _two_sum(a, b):
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _fma(a, b, c):
    """a * b + c rounded once, elementwise (numpy has no fma)."""
    if a.dtype == np.float64:
        # Dekker's exact product, then the sum with its rounding error folded back in
        split = 134217729.0  # 2**27 + 1
        ah = a * split - (a * split - a)
        bh = b * split - (b * split - b)
        p = a * b
        e = ((ah * bh - p) + ah * (b - bh) + (a - ah) * bh) + (a - ah) * (b - bh)
        s, err = _two_sum(p, c)
        return s + (e + err)
    if a.dtype != np.float32:  # float16: no fused path worth modelling
        return (a * b + c).astype(a.dtype)
    # float32: the product is exact in float64; the sum's float64 rounding error decides exact ties
    s, err = _two_sum(a.astype(np.float64) * b.astype(np.float64), c.astype(np.float64))
    r = s.astype(np.float32)
    up = np.where(r.astype(np.float64) > s, r, np.nextafter(r, np.float32(np.inf)))
    down = np.where(r.astype(np.float64) < s, r, np.nextafter(r, np.float32(-np.inf)))
    tie = (up.astype(np.float64) - s) == (s - down.astype(np.float64))
    r = np.where(tie & (err > 0), up, np.where(tie & (err < 0), down, r))
    return r


def _like(factory):
    def like(input, dtype=None, requires_grad=False, device=None, **kwargs):  # (torch's names: input=)
        return factory(*input.shape, dtype=dtype or input.dtype, requires_grad=requires_grad,
                       device=device or input.device, **kwargs)
    return like


for _name, _factory in (("ones_like", ones), ("zeros_like", zeros), ("empty_like", empty)):
    front_door(_name, method=False)(_like(_factory))


@front_door("full_like", method=False)
def full_like(input, fill_value, dtype=None, requires_grad=False, device=None):
    return full(tuple(input.shape), fill_value, dtype=dtype or input.dtype, requires_grad=requires_grad,
                device=device or input.device)


# x.new_ones(...) and friends: x's dtype unless told otherwise, never x's requires_grad
@front_door("new_ones", function=False)
def new_ones(x, *size, dtype=None, requires_grad=False, device=None):
    return ones(*size, dtype=dtype or x.dtype, requires_grad=requires_grad, device=device or x.device)


@front_door("new_zeros", function=False)
def new_zeros(x, *size, dtype=None, requires_grad=False, device=None):
    return zeros(*size, dtype=dtype or x.dtype, requires_grad=requires_grad, device=device or x.device)


@front_door("new_empty", function=False)
def new_empty(x, *size, dtype=None, requires_grad=False, device=None):
    return empty(*size, dtype=dtype or x.dtype, requires_grad=requires_grad, device=device or x.device)


@front_door("new_full", function=False)
def new_full(x, size, fill_value, dtype=None, requires_grad=False, device=None):
    return full(size, fill_value, dtype=dtype or x.dtype, requires_grad=requires_grad, device=device or x.device)


@front_door("new_tensor", function=False)
def new_tensor(x, data, dtype=None, requires_grad=False, device=None):
    return tensor(data, dtype=dtype or x.dtype, requires_grad=requires_grad, device=device or x.device)

