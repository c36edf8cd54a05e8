"""torch's dtypes and its type-promotion rules (result_type), without numpy.

A DType names its numpy counterpart by string so that this module stays stdlib-only; the core layer maps it.
The default dtype is the run state's (base.runstate): a script's `torch.set_default_dtype` is its own run's.
"""

from . import runstate


class DType:
    __slots__ = ("name", "numpy_name", "category", "rank", "legacy_name", "short_name", "cpp_name", "c_name")

    def __init__(self, name, numpy_name, category, rank, legacy_name, short_name, cpp_name, c_name):
        self.name = name                # "float32"
        self.numpy_name = numpy_name    # "float32" (numpy's spelling)
        self.category = category        # 0 bool, 1 integral, 2 floating
        self.rank = rank                # order within promotion
        self.legacy_name = legacy_name  # "torch.FloatTensor", as the version-counter message spells it
        self.short_name = short_name    # "Float", as mean()'s dtype message spells it
        self.cpp_name = cpp_name        # "long int": the C++ type, as mm's and masked_fill's messages spell it
        self.c_name = c_name            # "long": as random_'s bounds message spells it

    @property
    def is_floating_point(self):
        return self.category == 2

    @property
    def itemsize(self):
        return {"bool": 1, "uint8": 1, "int8": 1, "int16": 2, "int32": 4, "int64": 8, "float16": 2, "float32": 4,
                "float64": 8}[self.name]

    @property
    def is_complex(self):
        return False

    @property
    def is_signed(self):
        return self.name not in ("bool", "uint8")

    def __repr__(self):
        return "torch." + self.name

    __str__ = __repr__

    def __reduce__(self):
        return (by_name, (self.name,))


DType.__name__ = "torch.dtype"  # what Python's messages call it ("argument of type 'torch.dtype' is not iterable")


BOOL, INTEGRAL, FLOATING = 0, 1, 2

bool_ = DType("bool", "bool", BOOL, 0, "torch.BoolTensor", "Bool", "bool", "bool")
uint8 = DType("uint8", "uint8", INTEGRAL, 1, "torch.ByteTensor", "Byte", "unsigned char", "unsigned char")
int8 = DType("int8", "int8", INTEGRAL, 2, "torch.CharTensor", "Char", "signed char", "signed char")
int16 = DType("int16", "int16", INTEGRAL, 3, "torch.ShortTensor", "Short", "short int", "short")
int32 = DType("int32", "int32", INTEGRAL, 4, "torch.IntTensor", "Int", "int", "int")
int64 = DType("int64", "int64", INTEGRAL, 5, "torch.LongTensor", "Long", "long int", "long")
float16 = DType("float16", "float16", FLOATING, 6, "torch.HalfTensor", "Half", "c10::Half", "c10::Half")
float32 = DType("float32", "float32", FLOATING, 7, "torch.FloatTensor", "Float", "float", "float")
float64 = DType("float64", "float64", FLOATING, 8, "torch.DoubleTensor", "Double", "double", "double")

ALL = (bool_, uint8, int8, int16, int32, int64, float16, float32, float64)
_BY_NAME = {d.name: d for d in ALL}


def default_float(state=None):
    """torch.get_default_dtype: the dtype python floats become in tensors, the run state's (`state`, else the
    current one): float32 until the run sets another."""
    return (state or runstate.lookup(None) or runstate.current()).default_float or float32


def set_default_float(dtype):
    """torch.set_default_dtype: the dtype of python floats made tensors (floating dtypes only), for this run."""
    if not isinstance(dtype, DType) or dtype.category != FLOATING:
        from .errors import type_error
        raise type_error("only floating-point types are supported as the default type")
    runstate.current().default_float = dtype

# torch's aliases: torch.float is float32, torch.long is int64, ...
ALIASES = {"float": float32, "double": float64, "half": float16, "long": int64, "int": int32,
           "short": int16, "bool": bool_}


def by_name(name):
    return _BY_NAME[name]


def promote_types(a, b):
    """torch.promote_types for the dtypes gradcli has."""
    if a is b:
        return a
    if a.category != b.category:
        return a if a.category > b.category else b
    if {a, b} == {uint8, int8}:
        return int16
    return a if a.rank > b.rank else b


def result_type(operands):
    """torch.result_type over (dtype, kind) pairs, kind being 'tensor' (≥1-D), 'zerodim' or 'number'.

    Dimensioned tensors decide unless a zero-dim tensor or python number is of a higher category
    (bool < integral < floating); python floats count as the default float dtype.
    """
    dims = zeros = numbers = None
    for dtype, kind in operands:
        if kind == "tensor":
            dims = dtype if dims is None else promote_types(dims, dtype)
        elif kind == "zerodim":
            zeros = dtype if zeros is None else promote_types(zeros, dtype)
        else:
            if dtype.category == FLOATING:
                dtype = default_float()
            numbers = dtype if numbers is None else promote_types(numbers, dtype)
    return _combine(dims, _combine(zeros, numbers))


def _combine(higher, lower):
    if higher is None:
        return lower
    # torch's combine_categories: a lower-priority operand only wins by being of a higher category
    if lower is None or higher.category >= lower.category:
        return higher
    return lower
