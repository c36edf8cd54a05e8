"""The optional compiled twins of these kernels: `gradcli_accel`, built from accel/ (`pip install ./accel`).

The numpy ports stay the definition and the default. Where the module is installed, each decorated kernel
hands a contiguous array of its own dtype to the C function of the same name, which computes every element
with the port's operations in the port's order (C float arithmetic rounds like numpy's; fmaf/fma are the
fused multiply-adds the ports emulate); anything else - other dtypes, strided views, Python numbers - goes to
the port. Results are bit for bit the port's, with the same dtype, shape and memory layout (C order):
tests/kernels/test_native.py compares them. GRADCLI_PURE_KERNELS=1 in the environment keeps the ports
everywhere (no wrapper is made).

`activation` does the same for a whole cpu_kernel_vec activation of kernels/unary.py (sigmoid, silu, elu, softplus):
one compiled pass instead of the port's numpy calls around the element twins.
"""

import numpy as np

from ..base.accelerator import pure

_PURE = pure()  # (no wrapper is made at all)

_module = None  # gradcli_accel once looked up; False where it cannot (or must not) be used


def compiled():
    """gradcli_accel, imported at the first call of a kernel that could use it (a command that calls none
    does not load it); None where it is not installed or GRADCLI_PURE_KERNELS is set."""
    global _module
    if _module is None:
        _module = False
        if not pure():
            try:
                import gradcli_accel
                _module = gradcli_accel
            except ImportError:
                pass
    return _module or None


def _bound(twin, pure):
    """The compiled function of pure's name, looked up once into the one-element list `twin`."""
    if not twin:
        twin.append(getattr(compiled(), pure.__name__, None))
    return twin[0]


def whole_row(x, vector, scalar, whole):
    """loops._one_row of one array by a compiled twin, where the row runs one kernel throughout: `whole`, the
    count of x's leading elements the vector kernel computes (loops.one_row_vector_elements; None where x is
    not one contiguous row), is all of them or none, and that kernel is a unary one with a twin for x's dtype.
    None where the port's path must run."""
    if whole is None:
        return None
    kernel = vector if whole == x.size else scalar if whole == 0 else None
    twin = _TWINS.get(kernel, _UNSEEN)
    if twin is _UNSEEN:
        twin = _twin(kernel)
    if twin is None or x.dtype is not twin[1]:
        return None
    out = x.copy()
    twin[0](out)
    return out


_TWINS = {}  # decorated unary kernel -> (its compiled function, the dtype that takes), or None
_UNSEEN = object()


def _twin(kernel):
    if getattr(kernel, "arity", None) != 1:  # (not decorated: say, an activation's formula; not cached)
        return None
    module = compiled()
    function = getattr(module, kernel.pure.__name__, None) if module else None
    twin = _TWINS[kernel] = None if function is None else (function, kernel.dtype)
    return twin


def _accelerated(pure, arity, wrapper):
    """wrapper named as pure (functools.wraps' fields, without its generic copying: some sixty kernels are
    wrapped at import, which a one-shot command pays for)."""
    wrapper.__name__, wrapper.__qualname__, wrapper.__doc__ = pure.__name__, pure.__qualname__, pure.__doc__
    wrapper.__module__, wrapper.__wrapped__ = pure.__module__, pure
    wrapper.pure, wrapper.arity = pure, arity
    return wrapper


def _contiguous(x, dtype):
    # (C order only: a port's result on another layout is not always in that layout, and on C order it is;
    # not 0-d: there a port may answer a numpy scalar, as erf_u10's np.copysign does - the port's own way)
    return x.__class__ is np.ndarray and x.dtype is dtype and x.ndim > 0 and x.flags.c_contiguous


def unary(dtype):
    """A kernel of one array, run by its compiled twin on C-contiguous arrays of dtype (on a copy)."""
    dtype = np.dtype(dtype)

    def decorate(pure):
        if _PURE:
            return pure
        twin = []

        def accelerated(x):
            kernel = _bound(twin, pure) if _contiguous(x, dtype) else None
            if kernel is None:
                return pure(x)
            out = x.copy()
            kernel(out)
            return out
        accelerated.dtype = dtype
        return _accelerated(pure, 1, accelerated)
    return decorate


def binary(dtype):
    """A kernel of two operands, run compiled when x is a C-contiguous array of dtype and y is either an
    array like it or a single value."""
    dtype = np.dtype(dtype)

    def decorate(pure):
        if _PURE:
            return pure
        twin = []

        def accelerated(x, y):
            other = _operand(y, dtype, x) if _contiguous(x, dtype) else None
            kernel = None if other is None else _bound(twin, pure)
            if kernel is None:
                return pure(x, y)
            out = x.copy()
            kernel(out, other)
            return out
        return _accelerated(pure, 2, accelerated)
    return decorate


def fused(dtype):
    """fma32/fma64: a*b + c rounded once by the C library's fmaf/fma, for operands that are each a
    C-contiguous array of dtype of one common shape or a single value (the ports' other cases: the port)."""
    dtype = np.dtype(dtype)

    def decorate(pure):
        if _PURE:
            return pure
        twin = []

        def accelerated(a, b, c):
            shaped = next((v for v in (a, b, c) if v.__class__ is np.ndarray and v.ndim), None)
            # (no array: a 0-d result, the port's own way)
            operands = None if shaped is None else [_operand(v, dtype, shaped) for v in (a, b, c)]
            kernel = None if operands is None or any(v is None for v in operands) else _bound(twin, pure)
            if kernel is None:
                return pure(a, b, c)
            out = np.empty(shaped.shape, dtype)
            kernel(out, *operands)
            return out
        return _accelerated(pure, 3, accelerated)
    return decorate


def activation(pure):
    """A cpu_kernel_vec activation pure(x, *parameters) of kernels/unary.py (parameters with defaults), run by
    its compiled twin where loops.pointwise runs it as one contiguous row over a float32 or float64 array and
    the parameters are Python numbers that are exact as doubles: the twin takes a copy of x, the count of
    leading elements for the vector formula (loops.one_row_vector_elements), and every parameter (the given
    ones, then pure's defaults). float16, other layouts, larger arrays, keyword arguments: the port."""
    if _PURE:
        return pure
    from . import loops  # (unary.py's own import: native's other users, as fma.py, do without loops)
    twin = []
    defaults = pure.__defaults__ or ()

    def accelerated(x, *parameters, **keywords):
        whole = (loops.one_row_vector_elements(x) if x.__class__ is np.ndarray and x.dtype in _ACTIVATION_DTYPES
                 and not keywords and len(parameters) <= len(defaults) else None)
        for p in parameters:
            if not (p.__class__ is float or (p.__class__ is int and -_EXACT_INTEGER <= p <= _EXACT_INTEGER)):
                whole = None  # (a larger int could round twice on its way to float32: the port rounds it once)
        kernel = None if whole is None else _bound(twin, pure)
        if kernel is None:
            return pure(x, *parameters, **keywords)
        out = x.copy()
        kernel(out, whole, *parameters, *defaults[len(parameters):])
        return out
    return _accelerated(pure, 1, accelerated)


def rounded_once(name, function, port):
    """port(function, x) (kernels/unary.py's _rounded_once: function's float64 value of float32 x, rounded once) as
    a function of x, run by the compiled rounded_once_<name> where it is installed and x is a C-contiguous
    float32 array: the twin computes with the C library's double function and leaves to the port the arrays
    with a special element (the port's warnings) and the elements whose rounding the two double functions'
    last bits could decide (NaN in the twin's result; a few in a million). Small arrays only: the C library's
    scalar functions lose to numpy's vector loops beyond ROUNDED_ONCE_ELEMENTS."""
    module = compiled()
    twin = getattr(module, "rounded_once_" + name, None) if module else None
    if twin is None:
        return lambda x: port(function, x)

    def accelerated(x):
        if x.size > ROUNDED_ONCE_ELEMENTS or not _contiguous(x, _FLOAT32):
            return port(function, x)
        out = x.copy()
        unsure = twin(out)
        if unsure < 0:
            return port(function, x)
        if unsure:
            redo = np.isnan(out)
            out[redo] = port(function, x[redo])
        return out
    return accelerated


_FLOAT32 = np.dtype(np.float32)
ROUNDED_ONCE_ELEMENTS = 128  # (measured: the port's four to seven numpy calls cost as much near 100 elements)
_ACTIVATION_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))
_EXACT_INTEGER = 2 ** 53


_NUMBERS = (float, np.float32, np.float64)


def _operand(v, dtype, like):
    """v as the compiled kernels take it beside the array `like`: a C-contiguous array of like's shape and
    dtype as it is, a single value as a Python float; None where the port must decide (broadcasting, other
    dtypes and layouts)."""
    if v.__class__ is np.ndarray:
        if v.shape == like.shape and v.dtype is dtype:
            return v if v.flags.c_contiguous else None
        return float(v) if v.ndim == 0 and v.dtype in (np.float32, np.float64) else None
    return float(v) if v.__class__ in _NUMBERS else None
