"""The stand-ins for Python's builtins (sum that stays linear on lists, pow that counts its result's bits, str
that bounds what it writes out, range, map, type, ...), made to look like CPython's own to a script.

A stand-in written as a Python function would be named 'function' by Python's messages (`'function' object is
not subscriptable`, `type(print)`) and refuse a call in Python-function words with gradcli's parameter names
(`type() takes 1 positional argument but 2 were given`). Here each stand-in carries CPython's type name — a
builtin function is a `builtin_function` ('builtin_function_or_method'), a builtin class a class of
`BuiltinType` ('type') — and `refusal` gives CPython's words for a call CPython refuses for its number of
arguments or a keyword, recorded from CPython in builtin_refusals.json (tests/golden/names/
make_builtin_refusals.py, which also records each builtin's type name for the tests).
"""

from . import recorded


class builtin_function:
    """A builtin function (or, bound to `owner`, method) of the language that gradcli implements itself: called
    as the function it wraps, named by Python's messages as CPython's builtins are, printed as
    `<built-in function print>` (`<built-in method join of str object at 0x...>`)."""

    __slots__ = ("__name__", "function", "owner")

    def __init__(self, name, function, owner=None):
        self.__name__, self.function, self.owner = name, function, owner

    def __call__(self, *args, **kwargs):
        return self.function(*args, **kwargs)

    def __repr__(self):
        if self.owner is not None:
            return "<built-in method %s of %s object at %#x>" % (self.__name__, type(self.owner).__name__,
                                                                id(self.owner))
        return "<built-in function %s>" % self.__name__


builtin_function.__name__ = "builtin_function_or_method"  # ("'builtin_function_or_method' object is not ...")


class BuiltinType(type):
    """The metaclass of a stand-in for a builtin class (`plain`): isinstance and issubclass answer for that
    class, it prints as it (`<class 'str'>`, and `list[int]` as Python's, never naming gradcli's module), and
    Python's messages call it 'type'."""

    def __new__(meta, name, bases, namespace):
        namespace["__module__"] = "builtins"
        return super().__new__(meta, name, bases, namespace)

    def __instancecheck__(cls, value):
        return isinstance(value, cls.plain)

    def __subclasscheck__(cls, other):
        return issubclass(other, cls.plain)

    def __repr__(cls):
        return "<class '%s'>" % cls.plain.__name__


BuiltinType.__name__ = "type"  # what Python's messages call a class ("'type' object is not iterable")


def is_stand_in(value):
    """Is `value` the stand-in for one of Python's builtin functions or classes (not a method of a value)?"""
    return value.__class__ is builtin_function and value.owner is None or value.__class__ is BuiltinType


def refusal(fn, args, kwargs):
    """CPython's TypeError message for `fn(*args, **kwargs)` where fn is a stand-in and CPython would refuse
    the call for its arguments' number or keywords; None otherwise (the call's own error stands)."""
    entry = _calls().get(fn.__name__) if is_stand_in(fn) else None
    if entry is None:
        return None
    keywords = entry["keywords"]
    if kwargs and keywords is None:  # (checked before the count, as CPython does)
        return entry["keyword"].replace("{keyword}", next(iter(kwargs)))
    given, counts = len(args), entry["counts"]
    refused = counts[given] if given < len(counts) else entry.get("more")
    if refused:
        return refused.replace("{given}", str(given))
    unknown = [key for key in kwargs if key not in (keywords or ())]
    return entry["keyword"].replace("{keyword}", unknown[0]) if unknown else None


def _calls():
    return recorded("builtin_refusals.json")["calls"]  # (read once a call of a stand-in has failed)
