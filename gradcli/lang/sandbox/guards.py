"""The sandbox's guards on Python values: what a script could make huge with Python's own operators, builtins
and methods (`"a" * 10**10`, `10**10**10`, `"%9999999999d" % 1`, `" ".center(n)`) is refused before Python
builds it, with the max_elements or max_int_bits limit of gradcli.core.limits in the message.

lang.compile.expressions and lang.compile.compiler wrap the operators (guard_operator), lang.compile.runtime the builtins
(guard_builtins), lang.sandbox.namespace the methods of str and list (guard_method) and str.format's fields.
"""

import re
import sys
from types import FunctionType

from .stand_ins import BuiltinType, builtin_function
from .system import check_time_format
from ...core.limits import (HELD_VIEWS, NESTING_KINDS, check_length, check_nested_size, check_nesting, checked_enumerate,
                            checked_zip, current, exceeded, is_container, sized)

_SEQUENCES = (str, list, tuple)


def _int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _check_repeat(seq, times):
    if _int(times) and times > 0:
        check_length(len(seq) * times, "the %s" % ("string" if isinstance(seq, str) else type(seq).__name__))


def _check_int_bits(bits):
    if bits > current()["max_int_bits"]:
        raise exceeded("max_int_bits", "the integer would have about %d bits" % bits)


def _guard_mul(op):
    def mul(a, b):
        if isinstance(a, _SEQUENCES):
            _check_repeat(a, b)
        elif isinstance(b, _SEQUENCES):
            _check_repeat(b, a)
        elif _int(a) and _int(b):
            _check_int_bits(a.bit_length() + b.bit_length())
        return op(a, b)
    return mul


def _guard_add(op):
    def add(a, b):
        if isinstance(a, _SEQUENCES) and isinstance(b, _SEQUENCES):
            check_length(len(a) + len(b))
        return op(a, b)
    return add


def _guard_iadd(op):
    def iadd(a, b):
        if a.__class__ is list and not isinstance(b, _SEQUENCES):  # `l += iterable` extends l (list.extend)
            b = sized(b, len(a), "the list")
        elif isinstance(a, _SEQUENCES) and isinstance(b, _SEQUENCES):
            check_length(len(a) + len(b))
        return op(a, b)
    return iadd


def _guard_pow(op):
    def pow_(a, b, *mod):
        if _int(a) and _int(b) and not mod and b > 0 and abs(a) > 1:
            _check_int_bits((abs(a).bit_length() - 1) * b)
        if mod and _int(b) and _int(mod[0]):  # square-and-multiply: a product of the modulus's size per bit of b
            bits, room = b.bit_length() * mod[0].bit_length(), current()["max_int_bits"] ** 2 // 100
            if bits > room:
                raise exceeded("max_int_bits", "pow() of a %d-bit exponent modulo a %d-bit integer would take too "
                                               "long" % (b.bit_length(), mod[0].bit_length()))
        return op(a, b, *mod)
    return pow_


def _guard_equality(op):
    def compare(a, b):  # lists compare element by element, a shared one again at each place
        if a is not b and is_container(a) and is_container(b):
            check_nested_size(a)
        return op(a, b)
    return compare


_PERCENT_SPEC = r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?"  # (compiled by re on first use)


def _guard_mod(op):
    def mod(a, b):
        if isinstance(a, str):
            check_percent_format(a, b)
            check_nested_size(a, b)
        return op(a, b)
    return mod


def check_percent_format(template, args):
    """`"%10000000000d" % 1` (and `*` widths) would build a huge string."""
    limit = current()["max_elements"]
    values = args if isinstance(args, tuple) else (args,)
    for match in re.finditer(_PERCENT_SPEC, template):
        for group in match.groups():
            if group == "*":
                if any(_int(v) and abs(v) > limit for v in values):
                    raise exceeded("max_elements", "the formatted string would be too long")
            elif group and int(group) > limit:
                raise exceeded("max_elements", "the format width %s would make the string too long" % group)


def check_format_spec(spec):
    """format(value, spec): a width or precision over the limit would build a huge string."""
    if isinstance(spec, str):
        for digits in re.findall(r"\d+", spec):
            if len(digits) > 18 or int(digits) > current()["max_elements"]:
                raise exceeded("max_elements", "the format width %s would make the string too long" % digits)


_OPERATOR_GUARDS = {"mul": _guard_mul, "imul": _guard_mul, "add": _guard_add, "iadd": _guard_iadd,
                    "pow": _guard_pow, "ipow": _guard_pow, "mod": _guard_mod, "imod": _guard_mod,
                    "eq": _guard_equality, "ne": _guard_equality}


def as_written(op, written):
    """pow as a script wrote it, `^` or `^=` (the language's power): Python's TypeError then names the operator
    of the script's text (`unsupported operand type(s) for ^: 'str' and 'str'`), not `**`."""
    def power(a, b):
        try:
            return op(a, b)
        except TypeError as error:
            text = str(error)
            if "for ** or pow():" not in text and "for **=:" not in text:
                raise
            raise TypeError(text.replace("** or pow()", written).replace("**=", written)) from None
    return power


def guard_operator(op):
    """The operator function `op` (from the operator module) with the size checks its Python uses need. They
    check Python's values only: the compiled operators skip them when a tensor is on the left (lang.compile.expressions
    `_binary`; a tensor's own operators check sizes), so a new guard must have nothing to check there either."""
    guard = _OPERATOR_GUARDS.get(getattr(op, "__name__", ""))
    return guard(op) if guard else op


def guard_builtins(builtins):
    """Wrap the builtins of the language that can build huge values or run for ever."""
    builtins["pow"] = _guard_pow(builtins.get("pow", pow))
    builtins["range"] = checked_range
    inner_format = builtins.get("format", format)

    def format_(value, spec=""):
        check_format_spec(spec)
        check_nested_size(value)
        return inner_format(value, spec)
    builtins["format"] = format_
    builtins["repr"] = _nested_checked(builtins.get("repr", repr))
    builtins["str"] = checked_str  # (isinstance(x, str) still works: see PLAIN_TYPES)
    builtins["int"] = checked_int
    builtins["tuple"] = checked_tuple
    builtins["round"] = _round
    builtins["sum"] = _sum
    builtins.update({kind.plain.__name__: kind for kind in _CHAIN_TYPES})
    builtins.update({kind.plain.__name__: kind for kind in _WRAPPER_TYPES if kind.plain.__name__ in builtins})
    for name in ("iter", "sorted", "min", "max"):  # (an iterator they are given is within max_nesting)
        if name in builtins:
            builtins[name] = _chain_checked(builtins[name])
    inner_print = builtins.get("print")
    if inner_print is not None:
        def print_(*values, sep=" ", end="\n", file=None, flush=False):
            if isinstance(sep, str) and isinstance(end, str):  # (print itself refuses other separators)
                check_length(len(sep) * len(values) + len(end), "the printed line")
            check_nested_size(*values)
            return inner_print(*values, sep=sep, end=end, file=file, flush=flush)
        builtins["print"] = print_
    for name, value in builtins.items():  # Python's messages name what a script called, as CPython's builtin
        if value.__class__ is BuiltinType:
            value.__name__ = value.__qualname__ = name
        elif value.__class__ is FunctionType and value.__module__.startswith("gradcli."):
            builtins[name] = builtin_function(name, value)
    return builtins


class checked_str(metaclass=BuiltinType):
    """str(value), refused before a huge value is written out (`str([s] * k)`, shared nested lists)."""
    plain = str

    def __new__(cls, *args, **kwargs):
        if args:
            check_nested_size(args[0])
        return str(*args, **kwargs)


class checked_int(metaclass=BuiltinType):
    """int(text, base): the integer's bits counted before Python converts (`int("f" * 10**7, 16)`)."""
    plain = int

    def __new__(cls, *args, **kwargs):
        if args and isinstance(args[0], (str, bytes)):
            base = args[1] if len(args) > 1 else kwargs.get("base", 10)
            if _int(base) and 2 <= base <= 36:
                _check_int_bits(int(len(args[0]) * (base - 1).bit_length()))
        return int(*args, **kwargs)


class checked_tuple(metaclass=BuiltinType):
    """tuple(iterable), its nesting bounded (check_tuple_depth)."""
    plain = tuple

    def __new__(cls, *args, **kwargs):
        if kwargs or len(args) > 1:
            return tuple(*args, **kwargs)  # Python's own refusal, in its words
        items = sized(args[0], 0, "the tuple") if args else ()
        check_tuple_depth(items)
        return tuple(items)




def _round(number, ndigits=None):
    if _int(number) and _int(ndigits) and ndigits < 0:  # Python works with 10**-ndigits
        _check_int_bits(-ndigits * 10 // 3)
    return round(number, ndigits) if ndigits is not None else round(number)


def _sum(iterable, /, start=0):
    """Python's sum, linear for lists and tuples (Python copies the growing result at each step)."""
    if start.__class__ not in (list, tuple):
        return sum(iterable, start)
    result = list(start)
    for item in iterable:
        if item.__class__ is not start.__class__:
            return sum((item,), start.__class__(result))  # Python's TypeError, in Python's words
        check_length(len(result) + len(item), "the %s" % start.__class__.__name__)
        result += item
    return start.__class__(result) if start.__class__ is tuple else result


_CHAINS = (map, zip, filter, enumerate, reversed)


def _check_chains(args):
    check_nesting(args, "the iterator")


def _chain_checked(function):
    def chained(*args, **kwargs):
        _check_chains(args)
        return function(*args, **kwargs)
    return chained


# what zip() and enumerate() make: their tuples are checked too (limits.checked_zip)
_MADE = {zip: checked_zip, enumerate: checked_enumerate}


def _nesting_type(plain, what):
    """map, zip, ..., property, staticmethod, classmethod: the value made once its arguments' nesting is
    checked (limits.check_nesting)."""
    make = _MADE.get(plain, plain)

    def new(cls, *args, **kwargs):
        check_nesting(args + tuple(kwargs.values()) if kwargs else args, what)
        return make(*args, **kwargs)
    return BuiltinType(plain.__name__, (), {"plain": plain, "__new__": new, "__doc__": _nesting_type.__doc__})


_CHAIN_TYPES = tuple(_nesting_type(plain, "the iterator") for plain in _CHAINS)
_WRAPPER_TYPES = tuple(_nesting_type(plain, "the " + plain.__name__) for plain in (property, staticmethod, classmethod))


def check_tuple_depth(items):
    """A tuple made of `items`: hashing walks nested tuples recursively in C, so their depth is bounded where
    one is built (a display, tuple())."""
    check_nesting(items, "the tuple")


def checked_slice(start, stop, step):
    """`x[a:b:c]`'s slice: a slice of slices is freed recursively in C, so its depth is bounded too."""
    if start.__class__ in NESTING_KINDS or stop.__class__ in NESTING_KINDS or step.__class__ in NESTING_KINDS:
        check_nesting((start, stop, step), "the slice")
    return slice(start, stop, step)


def joined(parts):
    """"".join(parts) of an f-string, its length checked first."""
    check_length(sum(len(part) for part in parts), "the string")
    return "".join(parts)


def _nested_checked(function):
    if function is None:
        return None

    def checked(*args, **kwargs):
        check_nested_size(*args)
        return function(*args, **kwargs)
    return checked


class checked_range(metaclass=BuiltinType):
    """range(...), its length within the limit (a list or tensor may be made of it)."""
    plain = range

    def __new__(cls, *args, **kwargs):
        r = range(*args, **kwargs)
        try:
            n = len(r)
        except OverflowError:
            n = sys.maxsize
        check_length(n, "the range")
        return r


# the stand-ins for builtin classes, and the class each stands for (what lang.sandbox.namespace's isinstance reads)
PLAIN_TYPES = {kind: kind.plain for kind in (checked_str, checked_int, checked_tuple, checked_range) + _CHAIN_TYPES
               + _WRAPPER_TYPES}


def guard_method(obj, name, method):
    """The bound method `obj.name` of a str or list, checked where its result could be huge (named and printed
    as Python's own method)."""
    checked = _checked_method(obj, name, method)
    return method if checked is None else builtin_function(name, checked, obj)


_MAKE_PAIRS = frozenset(("popitem", "most_common"))  # the dict methods that make (key, value) tuples at once


def _checked_method(obj, name, method):
    if isinstance(obj, str):
        if name in ("center", "ljust", "rjust", "zfill"):
            def padded(width, *args):
                if _int(width):
                    check_length(width, "the string")
                return method(width, *args)
            return padded
        if name == "replace":
            def replace(old, new, *args):
                if isinstance(old, str) and isinstance(new, str) and len(new) > len(old):
                    check_length(len(obj) + (obj.count(old) if old else len(obj) + 1) * (len(new) - len(old)),
                                 "the string")
                return method(old, new, *args)
            return replace
        if name == "join":
            def join(items):
                if not hasattr(items.__class__, "__iter__"):
                    raise TypeError("can only join an iterable")  # (str.join's words: list()'s differ)
                items = list(items)
                total = len(obj) * max(len(items) - 1, 0) + sum(len(i) for i in items if isinstance(i, str))
                check_length(total, "the string")
                return method(items)
            return join
    elif obj.__class__ is property:  # p.setter(f): a new property of p's parts and f
        def copied(function):
            check_nesting((obj.fget, obj.fset, obj.fdel, function), "the property")
            return method(function)
        return copied
    elif isinstance(obj, dict) and name in HELD_VIEWS:  # (OrderedDict, Counter and defaultdict are dicts)
        held = HELD_VIEWS[name]

        def view(*args, **kwargs):  # (arguments: Python's TypeError, in its words)
            return held(method(*args, **kwargs))
        return view
    elif isinstance(obj, dict) and name in _MAKE_PAIRS:
        def pairs(*args, **kwargs):
            check_nesting([*obj.keys(), *obj.values()], "the tuple")  # each (key, value) is a level above both
            return method(*args, **kwargs)
        return pairs
    elif name == "strftime":  # (datetime's dates and times)
        def formatted(format):
            check_time_format(format)
            return method(format)
        return formatted
    elif isinstance(obj, list) and name == "extend":
        return lambda items: method(sized(items, len(obj), "the list"))
    return None
