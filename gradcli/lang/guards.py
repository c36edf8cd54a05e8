"""The sandbox's guards on Python values: what a script could make huge with Python's own operators, builtins
and methods (`"a" * 10**10`, `10**10**10`, `"%9999999999d" % 1`, `" ".center(n)`) is refused before Python
builds it, with the max_elements or max_int_bits limit of gradcli.limits in the message.

lang.expressions and lang.compiler wrap the operators (guard_operator), lang.runtime the builtins
(guard_builtins), lang.namespace the methods of str and list (guard_method) and str.format's fields.
"""

import re
import sys

from ..limits import check_length, check_nested_size, current, exceeded

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


def _guard_pow(op):
    def pow_(a, b, *mod):
        if _int(a) and _int(b) and not mod and b > 0 and abs(a) > 1:
            _check_int_bits((abs(a).bit_length() - 1) * b)
        return op(a, b, *mod)
    return pow_


_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")


def _guard_mod(op):
    def mod(a, b):
        if isinstance(a, str):
            check_percent_format(a, b)
            check_nested_size(b)
        return op(a, b)
    return mod


def check_percent_format(template, args):
    """`"%10000000000d" % 1` (and `*` widths) would build a huge string."""
    limit = current()["max_elements"]
    values = args if isinstance(args, tuple) else (args,)
    for match in _PERCENT_SPEC.finditer(template):
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


_OPERATOR_GUARDS = {"mul": _guard_mul, "imul": _guard_mul, "add": _guard_add, "iadd": _guard_add,
                    "pow": _guard_pow, "ipow": _guard_pow, "mod": _guard_mod, "imod": _guard_mod}


def guard_operator(op):
    """The operator function `op` (from the operator module) with the size checks its Python uses need."""
    guard = _OPERATOR_GUARDS.get(getattr(op, "__name__", ""))
    return guard(op) if guard else op


def guard_builtins(builtins):
    """Wrap the builtins of the language that can build huge values or run for ever."""
    builtins["pow"] = _guard_pow(builtins.get("pow", pow))
    builtins["range"] = _range
    inner_format = builtins.get("format", format)

    def format_(value, spec=""):
        check_format_spec(spec)
        check_nested_size(value)
        return inner_format(value, spec)
    builtins["format"] = format_
    builtins["repr"] = _nested_checked(builtins.get("repr", repr))  # (str stays the type: isinstance needs it)
    inner_print = builtins.get("print")
    if inner_print is not None:
        def print_(*values, sep=" ", end="\n", file=None, flush=False):
            check_length(len(sep or "") * len(values) + len(end or ""), "the printed line")
            check_nested_size(*values)
            return inner_print(*values, sep=sep, end=end, file=file, flush=flush)
        builtins["print"] = print_
    return builtins


def _nested_checked(function):
    if function is None:
        return None

    def checked(*args, **kwargs):
        check_nested_size(*args)
        return function(*args, **kwargs)
    return checked


def _range(*args):
    r = range(*args)
    try:
        n = len(r)
    except OverflowError:
        n = sys.maxsize
    check_length(n, "the range")
    return r


def guard_method(obj, name, method):
    """The bound method `obj.name` of a str or list, checked where its result could be huge."""
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
                items = list(items)
                total = len(obj) * max(len(items) - 1, 0) + sum(len(i) for i in items if isinstance(i, str))
                check_length(total, "the string")
                return method(items)
            return join
    elif isinstance(obj, list) and name == "extend":
        def extend(items):
            if isinstance(items, _SEQUENCES):
                check_length(len(obj) + len(items), "the list")
            return method(items)
        return extend
    return method
