"""`import numpy as np`: the part of numpy tutorials use, behind a wrapper that keeps the sandbox.

A script never holds a numpy object with numpy's whole surface: an array is an `Array` (its type prints as
numpy.ndarray) exposing the members in ARRAY_MEMBERS, and `np` is a module of wrapped functions (`MODULE`). Each
wrapped function unwraps its arguments, checks what it would build against the max_tensor_bytes limit, calls numpy,
and wraps the arrays it returns; numbers come back as numpy's scalars (plain numbers to a script). Arrays print,
index and do arithmetic exactly as numpy's, and share memory as numpy's do: `x.numpy()` and
`torch.from_numpy(a)` see each other's changes, as in torch. `np.random` draws from a RandomState of gradcli's
own (the host's global numpy generator is left alone), which `np.random.seed` seeds: the same numbers as numpy's
legacy functions. No dtype=object arrays, no files; print options (np.set_printoptions) are the run's own.
"""

import math
import operator

import numpy as np

from ...base import dtypes, errors
from ...base.runstate import current
from ...core import limits, meta
from ...core.tensor import Tensor
from .stand_ins import BuiltinType

# what a script may read on an array
ARRAY_MEMBERS = frozenset((
    "shape", "dtype", "ndim", "size", "T", "reshape", "sum", "mean", "max", "min", "argmax", "argmin", "std", "var",
    "prod", "cumsum", "astype", "copy", "tolist", "item", "transpose", "dot", "flatten", "ravel", "squeeze",
    "clip", "round", "all", "any", "fill", "repeat"))
DTYPE_MEMBERS = frozenset(("name", "itemsize", "kind"))
SCALAR_MEMBERS = frozenset(("item", "dtype", "shape", "ndim", "size"))


class Array:
    """A numpy array as a script holds it."""

    __slots__ = ("array",)
    __array_ufunc__ = None  # numpy's own operators defer to ours (np.float64(2) * a is Array.__rmul__)
    __hash__ = None

    def __init__(self, array):
        self.array = array

    def __array__(self, dtype=None, copy=None):  # numpy and torch.tensor read the data through it
        return self.array if dtype is None else self.array.astype(dtype)

    def __repr__(self):
        return printed(repr, self.array)

    def __str__(self):
        return printed(str, self.array)

    def __format__(self, spec):
        return printed(format, self.array, spec)

    def __len__(self):
        return len(self.array)

    def __iter__(self):
        return (wrap(item) for item in self.array)

    def __bool__(self):
        return bool(self.array)

    def __float__(self):
        return float(self.array)

    def __int__(self):
        return int(self.array)

    def __index__(self):
        return operator.index(self.array)

    def __getitem__(self, index):
        return wrap(self.array[unwrap(index)])

    def __setitem__(self, index, value):
        self.array[unwrap(index)] = unwrap(value)

    # members (ARRAY_MEMBERS): properties and methods
    shape = property(lambda self: self.array.shape)
    dtype = property(lambda self: self.array.dtype)
    ndim = property(lambda self: self.array.ndim)
    size = property(lambda self: self.array.size)
    T = property(lambda self: Array(self.array.T))

    def dot(self, other):
        return dot(self, other)

    def astype(self, dtype, copy=True):
        return wrap(self.array.astype(_dtype(dtype), copy=copy))

    def repeat(self, repeats, axis=None):
        return repeat(self, repeats, axis)


def _method(name):
    def method(self, *args, **kwargs):
        _check_empty_axes(self.array)
        return wrap(getattr(self.array, name)(*unwrap(args), **unwrap(kwargs)))
    method.__name__ = name
    return method


for _name in ARRAY_MEMBERS - set(vars(Array)):
    setattr(Array, _name, _method(_name))
_SIZED_METHODS = frozenset(("repeat",))  # a scalar's methods whose result Array sizes first
Array.__qualname__ = "ndarray"
Array.__name__ = "numpy.ndarray"  # numpy's tp_name, which Python's and torch's messages print
Array.__module__ = "numpy"


def scalar_member(scalar, name):
    """A numpy scalar's member `name` (SCALAR_MEMBERS, or one of an array's: a scalar has them all, as numpy's
    `np.exp(np.array(2.0)).sum()`), its results wrapped as Array's are; those Array sizes first
    (`np.float64(1).repeat(10**9)`) are Array's, of the scalar as a 0-d array (numpy's result too)."""
    if name in _SIZED_METHODS:
        return getattr(Array(np.asarray(scalar)), name)
    found = getattr(scalar, name)
    if not callable(found):
        return wrap(found)

    def method(*args, **kwargs):
        return wrap(found(*unwrap(args), **unwrap(kwargs)))
    method.__name__ = name
    return method


def unwrap(value, tensors=False):
    """The numpy value inside a script's value (tuples, lists and dicts of them too), their size counted first:
    numpy makes an array of a list (a shared nested one at each place it appears). With `tensors`, a tensor is
    its data, as numpy reads it through Tensor.__array__ where it makes an array of it (np.array, np.dot, ...);
    elsewhere numpy hands a tensor back to torch (np.exp(t) is a tensor, np.sum(t) calls t.sum), which gradcli's
    numpy does not follow: refused."""
    if value.__class__ is Array:
        return value.array
    if isinstance(value, (tuple, list, dict)):
        limits.check_nested_size(value, what="the array")
    return _unwrapped(value, tensors)


def _unwrapped(value, tensors):
    if isinstance(value, Array):
        return value.array
    if isinstance(value, Tensor):
        if tensors:  # Tensor.__array__: the tensor's own memory, refused when it requires grad
            return tensor_numpy(value)().array
        raise errors.type_error("gradcli's numpy takes a tensor only where numpy makes an array of it (np.array, "
                                "np.asarray, np.dot, np.stack, np.concatenate, np.allclose): convert the tensor "
                                "with .numpy()")
    if isinstance(value, (tuple, list)):
        return type(value)(_unwrapped(v, tensors) for v in value)
    if isinstance(value, dict):
        return {k: _unwrapped(v, tensors) for k, v in value.items()}
    return value


def wrap(value):
    """A numpy result as a script sees it: arrays as Array (object arrays refused), the rest as they are."""
    if isinstance(value, np.ndarray):
        if value.dtype.kind == "O":
            raise errors.type_error("gradcli's numpy makes arrays of numbers only")
        return Array(value)
    if isinstance(value, tuple):
        return tuple(wrap(v) for v in value)
    if isinstance(value, list):
        return [wrap(v) for v in value]
    return value


def _dtype(dtype):
    """A dtype argument: numpy's (np.float32, 'float32'), or a torch dtype's numpy counterpart."""
    if isinstance(dtype, dtypes.DType):
        return np.dtype(dtype.numpy_name)
    if dtype.__class__ is BuiltinType:  # a script's int, float, bool: the stand-in for Python's class
        dtype = dtype.plain
    try:
        found = np.dtype(dtype)
    except TypeError:
        raise errors.type_error("data type %r not understood" % (dtype,)) from None
    if found.kind not in "biufc":
        raise errors.type_error("gradcli's numpy makes arrays of numbers only")
    return found


# ---------------------------------------------------------------- operators
def _checked(op):
    """A binary operator of numpy, refused before numpy allocates a broadcast result over the limit. With a tensor
    on the right it is Python's TypeError, as torch's numpy leaves it (`a * t`)."""
    def binary(a, b):
        if isinstance(b, Tensor):
            return NotImplemented
        a, b = unwrap(a), unwrap(b)
        limits.check_broadcast([a if isinstance(a, np.ndarray) else np.asarray(a),
                                b if isinstance(b, np.ndarray) else np.asarray(b)])
        return wrap(op(a, b))
    return binary


def _reflected(op):
    checked = _checked(op)

    def reflected(self, other):
        if isinstance(other, Tensor):  # t + a: Tensor's operator gave way
            return tensor_with_array(op, other, self)
        return checked(other, self)
    return reflected


def tensor_with_array(op, tensor, array):
    """tensor (op) ndarray, as torch leaves it to numpy: the tensor's data (refused when it requires grad, as
    Tensor.numpy() refuses it) and the array combined by numpy, in numpy's dtype, back as a tensor without
    history (`torch.ones(2) + np.arange(2.0)` is float64)."""
    if tensor.requires_grad:
        raise errors.GradcliError("Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() "
                                  "instead.")
    limits.check_broadcast([tensor.array, array.array])
    return from_numpy(Array(np.asarray(op(tensor.array, array.array))))


def _inplace(op):
    def inplace(self, other):
        other = unwrap(other)
        limits.check_broadcast([self.array, np.asarray(other)])
        op(self.array, other)
        return self
    return inplace


for _name, _op, _iop in (
        ("add", operator.add, operator.iadd), ("sub", operator.sub, operator.isub),
        ("mul", operator.mul, operator.imul), ("truediv", operator.truediv, operator.itruediv),
        ("floordiv", operator.floordiv, operator.ifloordiv), ("mod", operator.mod, operator.imod),
        ("pow", operator.pow, operator.ipow), ("matmul", None, None), ("and", operator.and_, operator.iand),
        ("or", operator.or_, operator.ior)):
    if _op is None:
        continue
    setattr(Array, "__%s__" % _name, _checked(_op))
    setattr(Array, "__r%s__" % _name, _reflected(_op))
    setattr(Array, "__i%s__" % _name, _inplace(_iop))
for _name, _op in (("lt", operator.lt), ("le", operator.le), ("gt", operator.gt), ("ge", operator.ge),
                   ("eq", operator.eq), ("ne", operator.ne)):
    setattr(Array, "__%s__" % _name, _checked(_op))  # (t > a: Python's TypeError, as under torch)
for _name, _op in (("neg", operator.neg), ("pos", operator.pos), ("abs", operator.abs),
                   ("invert", operator.invert)):
    setattr(Array, "__%s__" % _name, (lambda op: lambda self: Array(op(self.array)))(_op))


def dot(a, b):
    a, b = unwrap(a, tensors=True), unwrap(b, tensors=True)
    a_, b_ = np.asarray(a), np.asarray(b)
    if a_.ndim >= 1 and b_.ndim >= 1:
        limits.check_numel(a_.shape[:-1] + b_.shape[:-2] + b_.shape[-1:], "the product")
    return wrap(np.dot(a, b))


def _matmul(a, b):
    return wrap(_matmul_arrays(np.asarray(unwrap(a)), np.asarray(unwrap(b))))


def _matmul_arrays(a, b):
    if a.ndim >= 1 and b.ndim >= 1:
        limits.check_numel(a.shape[:-1] + b.shape[-1:] if b.ndim > 1 else a.shape[:-1], "the product")
    return np.matmul(a, b)


Array.__matmul__ = lambda self, other: NotImplemented if isinstance(other, Tensor) else _matmul(self, other)
Array.__rmatmul__ = lambda self, other: (tensor_with_array(_matmul_arrays, other, self) if isinstance(other, Tensor)
                                         else _matmul(other, self))


# ---------------------------------------------------------------- print options (the run's own)
def printed(function, array, *args):
    """repr, str or format of an array under the run's print options (np.set_printoptions), its text sized
    first: `threshold=sys.maxsize` writes every element, `precision=10**8` as many digits of each; what the
    script's formatter functions write, as they write it."""
    options = current().numpy_print
    if options is None:  # numpy's defaults: at most 1000 elements written (or 6 per axis), 8 digits each
        return function(array, *args)
    shown = array.size
    if shown > options["threshold"]:
        shown = min(shown, math.prod(min(d, 2 * options["edgeitems"]) for d in array.shape))
    width = len(str(options["nanstr"])) + len(str(options["infstr"])) + options["precision"] + 32  # and exponent
    limits.check_length(shown * width * (2 if array.dtype.kind == "c" else 1), "the printed array")
    if options["formatter"]:
        options = dict(options, formatter=_counted_formatter(options["formatter"]))
    with np.printoptions(**options):
        return function(array, *args)


def _counted_formatter(formatter):
    """The script's formatter functions, what they write for one array counted as they write it (a function
    returning 10**6 characters for each of 10**4 elements)."""
    written = [0]

    def counted(write):
        def element(value):
            text = write(value)
            if isinstance(text, str):
                written[0] += len(text)
                limits.check_length(written[0], "the printed array")
            return text
        return element
    return {kind: counted(write) if callable(write) else write for kind, write in formatter.items()}


def _options(*args, **kwargs):
    """The run's print options with these changed: numpy's own checks, in its words, on a copy of them."""
    if kwargs.get("override_repr") is not None:  # (numpy's scalars would print through it: they print as numpy's)
        raise errors.GradcliError("gradcli's numpy prints its scalars as numpy's: set_printoptions takes no "
                                  "override_repr", "NotImplementedError")
    with np.printoptions(**(current().numpy_print or {})):
        np.set_printoptions(*args, **kwargs)
        return np.get_printoptions()


def set_printoptions(*args, **kwargs):
    """np.set_printoptions, for the running script only (its run state): other runs print as numpy's defaults."""
    current().numpy_print = _options(*args, **kwargs)


def get_printoptions():
    with np.printoptions(**(current().numpy_print or {})):
        return np.get_printoptions()


class printoptions:
    """`with np.printoptions(precision=2) as opts:` the run's print options changed inside the block only (checked
    as the block starts, as numpy's are). Named and printed as numpy's context manager."""

    __slots__ = ("_args", "_kwargs", "_saved")

    def __init__(self, *args, **kwargs):
        self._args, self._kwargs, self._saved = args, kwargs, None

    def __enter__(self):
        options = _options(*self._args, **self._kwargs)
        run = current()
        self._saved, run.numpy_print = run.numpy_print, options
        return get_printoptions()

    def __exit__(self, *exc):
        current().numpy_print = self._saved
        return False


printoptions.__module__, printoptions.__qualname__ = "contextlib", "_GeneratorContextManager"


# ---------------------------------------------------------------- the module
def _elementwise(function):
    """A ufunc-like function: arguments broadcast together (checked), `out=` an Array written in place."""
    def call(*args, **kwargs):
        args, kwargs = unwrap(args), unwrap(kwargs)
        limits.check_broadcast([np.asarray(a) for a in args if isinstance(a, (np.ndarray, int, float, bool))])
        if "dtype" in kwargs:
            kwargs["dtype"] = _dtype(kwargs["dtype"])
        out = kwargs.get("out")
        result = function(*args, **kwargs)
        return (wrap(result) if out is None or isinstance(out, tuple) else
                wrap(result) if result is not out else Array(out) if not isinstance(out, Array) else out)
    call.__name__ = function.__name__
    return call


def _reduction(function):
    """A function whose result is no bigger than its argument (sum, mean, argmax, reshape, ...) — except over an
    empty axis: np.ones((10**5, 10**5, 0)).sum(2) has 10**10 elements, so the arguments' sizes without their
    empty axes bound the result, checked first; `shape=` (ones_like) is the result's shape."""
    def call(*args, **kwargs):
        args, kwargs = unwrap(args), unwrap(kwargs)
        for a in args:
            if a.__class__ is np.ndarray:
                _check_empty_axes(a)
        if kwargs.get("shape") is not None:
            limits.check_numel(_shape_of(kwargs["shape"]), "the array")
        if "dtype" in kwargs:
            kwargs["dtype"] = _dtype(kwargs["dtype"])
        return wrap(function(*args, **kwargs))
    call.__name__ = function.__name__
    return call


def _check_empty_axes(a):
    """A reduction's result is no bigger than its argument, or than the argument's non-empty axes."""
    if a.size == 0 and a.ndim > 1:
        limits.check_numel([d for d in a.shape if d], "the result")


def _broadcasting(function):
    """allclose, isclose, array_equal: their arguments broadcast together (checked first)."""
    def call(*args, **kwargs):
        args, kwargs = unwrap(args, tensors=True), unwrap(kwargs)
        limits.check_broadcast([np.asarray(a) for a in args[:2]])
        return wrap(function(*args, **kwargs))
    call.__name__ = function.__name__
    return call


def _shape_of(size):
    return (size,) if isinstance(size, (int, np.integer)) else tuple(size or ())


def _created(function, shape_at=0):
    """A function making a new array whose shape is its argument `shape_at` (checked before numpy makes it;
    a string fill value counts its characters at each element)."""
    def call(*args, **kwargs):
        args, kwargs = unwrap(args), unwrap(kwargs)
        if len(args) > shape_at:
            shape = _shape_of(args[shape_at])
            limits.check_numel(shape, "the array")
            fill = args[1] if len(args) > 1 else kwargs.get("fill_value")
            if isinstance(fill, (str, bytes)):
                limits.check_numel(shape + (len(fill),), "the array")
        if "dtype" in kwargs:
            kwargs["dtype"] = _dtype(kwargs["dtype"])
        return wrap(function(*args, **kwargs))
    call.__name__ = function.__name__
    return call


def array(data, dtype=None, copy=True):
    data = unwrap(data, tensors=True)
    limits.check_nested_size(data)
    return wrap(np.array(data, dtype=None if dtype is None else _dtype(dtype), copy=copy))


def asarray(data, dtype=None):
    data = unwrap(data, tensors=True)
    limits.check_nested_size(data)
    return wrap(np.asarray(data, dtype=None if dtype is None else _dtype(dtype)))


def linspace(start, stop, num=50, endpoint=True, dtype=None):
    limits.check_numel((operator.index(num),), "the array")
    return wrap(np.linspace(start, stop, num, endpoint=endpoint, dtype=None if dtype is None else _dtype(dtype)))


def arange(*args, dtype=None):
    """np.arange, its length (numpy's: ceil((stop - start) / step)) checked first."""
    bounds = [_number(a) for a in args]
    if 1 <= len(bounds) <= 3 and None not in bounds:
        start, stop, step = [0, bounds[0], 1] if len(bounds) == 1 else (bounds + [1])[:3]
        if step:
            limits.check_numel((max(0, math.ceil((stop - start) / step)),), "the array")
    return wrap(np.arange(*args, dtype=None if dtype is None else _dtype(dtype)))


def _number(value):
    """A python number of an int, float or numpy scalar (None for anything else: numpy refuses it itself)."""
    if isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool):
        return int(value) if isinstance(value, (int, np.integer)) else float(value)
    return None


def eye(n, m=None, dtype=float):
    limits.check_numel((n, n if m is None else m), "the array")
    return wrap(np.eye(n, m, dtype=_dtype(dtype)))


def repeat(a, repeats, axis=None):
    """np.repeat and ndarray.repeat: the result's size (the repeats' sum along the axis, times the other axes')
    checked before numpy makes it (`np.ones(10).repeat(10**9)`)."""
    a, repeats = np.asarray(unwrap(a)), unwrap(repeats)  # (numpy hands a tensor to its own repeat: refused)
    try:
        along = a.size if axis is None else a.shape[operator.index(axis)]
        counts = np.broadcast_to(np.asarray(repeats), (along,))
        size = float(counts.sum(dtype=np.float64)) * (a.size // along if along else 0)
    except (TypeError, ValueError, IndexError, OverflowError):
        size = 0  # numpy refuses the arguments itself, in its words
    limits.check_length(size, "the array")
    return wrap(np.repeat(a, repeats, axis))


def convolve(a, v, mode="full"):
    """np.convolve: numpy multiplies each element of one by each of the other (its work, bounded as a result's
    size is: `np.convolve(np.ones(10**7), np.ones(10**7))` is 10**14 products)."""
    a, v = np.asarray(unwrap(a, tensors=True)), np.asarray(unwrap(v, tensors=True))
    limits.check_length(a.size * v.size, "the products of the convolution")
    return wrap(np.convolve(a, v, mode))


def _joined(function):
    def call(arrays, *args, **kwargs):
        arrays = [unwrap(a, tensors=True) for a in arrays]
        limits.check_numel((sum(np.asarray(a).size for a in arrays),), "the array")
        return wrap(function(arrays, *args, **unwrap(kwargs)))
    call.__name__ = function.__name__
    return call


def meshgrid(*xi, indexing="xy", sparse=False, copy=True):
    """np.meshgrid, the grid (the product of the inputs' sizes, once per input) checked before numpy makes it."""
    xi = [np.asarray(unwrap(x, tensors=True)) for x in xi]
    if not sparse:
        limits.check_numel((len(xi),) + tuple(x.size for x in xi), "the arrays")
    return wrap(np.meshgrid(*xi, indexing=indexing, sparse=sparse, copy=copy))


class RandomModule:
    """np.random's legacy functions over a RandomState of gradcli's own."""

    @property
    def state(self):
        """The RandomState: the run state's (base.runstate), made at its first use (a command that draws nothing
        never imports numpy.random), seeded from the OS."""
        run = current()
        if run.numpy_random is None:
            run.numpy_random = np.random.RandomState()
        return run.numpy_random

    def seed(self, seed=None):
        self.state.seed(seed)

    def randn(self, *shape):
        limits.check_numel(shape, "the array")
        return wrap(self.state.randn(*shape))

    def rand(self, *shape):
        limits.check_numel(shape, "the array")
        return wrap(self.state.rand(*shape))

    def _sized(name, size_at):
        def draw(self, *args, **kwargs):
            size = args[size_at] if len(args) > size_at else kwargs.get("size")
            if size is not None:
                limits.check_numel(_shape_of(size), "the array")
            if name == "choice" and args and isinstance(args[0], (int, np.integer)) and kwargs.get("replace") is False:
                limits.check_length(int(args[0]), "the array")  # drawn without replacement: a permutation first
            return wrap(getattr(self.state, name)(*unwrap(args), **unwrap(kwargs)))
        draw.__name__ = name
        return draw

    randint = _sized("randint", 2)  # (where each takes its size positionally)
    normal = _sized("normal", 2)
    uniform = _sized("uniform", 2)
    random = _sized("random_sample", 0)
    choice = _sized("choice", 1)

    def permutation(self, x):
        if isinstance(x, (int, np.integer)):
            limits.check_length(int(x), "the array")
        return wrap(self.state.permutation(unwrap(x)))

    def shuffle(self, x):
        self.state.shuffle(unwrap(x))


def _members():
    members = {name: _elementwise(getattr(np, name)) for name in (
        "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "exp", "log", "log2", "log10",
        "log1p", "expm1", "sqrt", "square", "abs", "absolute", "sign", "floor", "ceil", "maximum", "minimum", "add",
        "subtract", "multiply", "divide", "power", "negative", "clip", "where", "isnan", "isinf", "isfinite",
        "round", "exp2", "arctan2", "greater", "less", "equal")}
    members.update({name: _reduction(getattr(np, name)) for name in (
        "sum", "mean", "std", "var", "max", "min", "amax", "amin", "argmax", "argmin", "prod", "cumsum", "reshape",
        "transpose", "squeeze", "ravel", "all", "any", "median", "expand_dims", "ones_like", "zeros_like", "shape",
        "ndim", "size", "copy")})
    members.update({name: _broadcasting(getattr(np, name)) for name in ("allclose", "isclose", "array_equal")})
    members.update({name: _created(getattr(np, name)) for name in ("ones", "zeros", "empty", "full")})
    members.update({name: _joined(getattr(np, name)) for name in ("concatenate", "stack", "vstack", "hstack")})
    members.update({name: getattr(np, name) for name in (
        "float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "bool_", "complex64",
        "complex128", "longdouble", "pi", "e", "inf", "nan")})
    if hasattr(np, "float128"):  # numpy's name for long double where it is 80 or 128 bits (not Windows, arm64 macOS)
        members["float128"] = np.float128
    members.update(array=array, asarray=asarray, linspace=linspace, arange=arange, eye=eye, dot=dot,
                   matmul=_matmul, meshgrid=meshgrid, newaxis=None, float_=np.float64, int_=np.int64,
                   repeat=repeat, convolve=convolve, set_printoptions=set_printoptions,
                   get_printoptions=get_printoptions, printoptions=printoptions, __version__=np.__version__)
    return members


def from_numpy(data):
    """torch.from_numpy: a tensor on the array's own memory."""
    if not isinstance(data, Array):
        raise errors.type_error("expected np.ndarray (got %s)" % type(data).__name__)
    if data.array.dtype not in _TORCH_DTYPES:
        raise errors.type_error("can't convert np.ndarray of type numpy.%s. The only supported types are: "
                                "float64, float32, float16, complex64, complex128, int64, int32, int16, int8, "
                                "uint64, uint32, uint16, uint8, and bool." % data.array.dtype.type.__name__)
    return Tensor._make(data.array)


_TORCH_DTYPES = frozenset(np.dtype(d.numpy_name) for d in dtypes.ALL)


def tensor_numpy(tensor):
    """Tensor.numpy(): an array on the tensor's own memory (torch's error for one that requires grad)."""
    def numpy(force=False):
        if tensor.is_meta:
            raise errors.type_error(meta.NO_NUMPY)
        if tensor.requires_grad and not force:
            raise errors.GradcliError("Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() "
                                      "instead.")
        return Array(tensor.array)
    return numpy


def accepting_arrays(function):
    """A torch function (tensor, as_tensor) taking an Array as numpy's own array, dtype and all."""
    def call(data, *args, **kwargs):
        if isinstance(data, Array):
            data = data.array
            if kwargs.get("dtype") is None and not args:
                kwargs["dtype"] = dtypes.by_name(data.dtype.name)
        return function(data, *args, **kwargs)
    call.__name__ = getattr(function, "__name__", "tensor")
    call.__wrapped__ = function
    return call
