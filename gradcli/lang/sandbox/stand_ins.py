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

import functools

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


# ---------------------------------------------------------------- help()
def help_text(request):
    """What torch's help(request) writes to a pipe, for a torch function, class or tensor method a script holds
    (torch.ones, nn.Linear, F.relu, x.add): pydoc's plain-text rendering recorded from torch 2.13
    (torch_pydoc.json.xz, tests/golden/names/make_pydoc.py). Anything else is refused, never rendered: pydoc
    reads an object's docstrings and source, and what a script holds are gradcli's objects (or, for its own
    functions and classes, ones whose docstrings gradcli's compiler does not keep)."""
    from ...base import errors
    if request is NO_REQUEST:
        raise errors.GradcliError("gradcli's help() takes an object (help(torch.ones)): interactive help reads "
                                  "input, and a script reads none", "TypeError")
    recorded_help, name = _pydoc(), _torch_name(request)
    if name is not None:
        return recorded_help["texts"][recorded_help["names"][name]]
    kind = _instance_class(request)
    if kind in recorded_help["instances"]:  # pydoc documents an instance by its class, under its own title
        text = recorded_help["texts"][recorded_help["names"][kind]]
        return recorded_help["instances"][kind] + text[text.index("\n"):]
    raise errors.GradcliError("gradcli's help() shows torch's recorded help of torch's functions, classes, "
                              "their instances and tensor methods; it has none for %s" % _described(request),
                              "TypeError")


NO_REQUEST = object()  # (help() without an argument: Python's interactive help)


def _described(value):
    """A refused help() request in a message's words: `the script's function 'f'`, `a value of type 'int'`."""
    from ..compile import classes
    from ..compile.runtime import Function
    from .namespace import Module, _class_name
    if isinstance(value, Function):
        return "the script's function '%s'" % value.qualname
    if isinstance(value, type) and classes.is_script_class(value):
        return "the script's class '%s'" % value.__qualname__
    if isinstance(value, Module):
        return "the module '%s'" % value.name
    if isinstance(value, str):  # (pydoc would look the name up among the host's modules)
        return "a name given as a string (help(torch.ones), not help('torch.ones'))"
    return "a value of type '%s'" % _class_name(value)  # (torch's name of its class, never gradcli's)


def _torch_name(obj):
    """torch's qualified name of a torch function, class or bound tensor method a script holds, or None."""
    from ...core.tensor import Tensor
    if isinstance(getattr(obj, "__self__", None), Tensor):  # x.add: a method of gradcli's Tensor
        return _tensor_methods().get(getattr(obj, "__func__", None))
    try:
        return _torch_names().get(obj)
    except TypeError:  # (an unhashable value: no torch object)
        return None


def _instance_class(value):
    """torch's qualified name of the class of a tensor or a torch object (`torch.nn.Linear`), or None."""
    from ...core.tensor import Tensor
    try:
        found = _torch_names().get(type(value))
    except TypeError:
        found = None
    return found or ("torch.Tensor" if type(value) is Tensor else None)


@functools.lru_cache(maxsize=None)
def _torch_names():
    """Each torch object the script namespace offers, by its first torch name that has a recorded text."""
    from .namespace import MODULES
    found, known = {}, _pydoc()["names"]
    for module in MODULES.values():
        if module.name == "torch" or module.name.startswith("torch."):
            for name, member in module.members.items():
                qualified = "%s.%s" % (module.name, name)
                try:
                    if qualified in known and member not in found:
                        found[member] = qualified
                except TypeError:  # (an unhashable member)
                    pass
    return found


@functools.lru_cache(maxsize=None)
def _tensor_methods():
    """Tensor's methods by the function gradcli's Tensor runs: help(x.add) is torch's help(torch.zeros(1).add)."""
    from ... import ops
    from ...core.tensor import Tensor
    found = {}
    for name in ops.METHODS:
        function = getattr(Tensor, name, None)
        if function is not None and "torch.Tensor()." + name in _pydoc()["names"]:
            found.setdefault(function, "torch.Tensor()." + name)
    return found


@functools.lru_cache(maxsize=None)
def _pydoc():
    import json
    import lzma
    import os
    with open(os.path.join(os.path.dirname(__file__), "torch_pydoc.json.xz"), "rb") as f:
        return json.loads(lzma.decompress(f.read()))  # (help() only: 186 KB, 6.6 MB of text)
