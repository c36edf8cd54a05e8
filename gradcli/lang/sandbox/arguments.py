"""torch's argument parser's words for a call of a torch function that failed on its arguments.

gradcli's front doors are Python functions: called with an argument missing, one too many or a number where torch
wants a tensor, they fail in Python's words and with gradcli's own names (`flatten() missing 1 required
positional argument: 'x'`, `'float' object has no attribute 'ndim'`). torch's parser refuses such a call before
it runs, in words recorded per function in torch_refusals.json (tests/golden/names/make_refusals.py): this
module says those instead. It runs only once a call has failed, so a call that works costs nothing.
"""

import re
from types import FunctionType, MethodType

from . import keywords, recorded, stand_ins
from ..compile import runtime
from ...base.dtypes import DType
from ...base.errors import GradcliError
from ...core.tensor import Tensor


def in_torchs_words(error, fn, args, kwargs, called=None):
    """The TypeError torch's parser gives for `fn(*args, **kwargs)` (fn a torch function) where `error`, an
    exception of Python's or numpy's, came from a call torch would not have run; None where torch would have
    run it (the error's own words stand) or its signature is not recorded. A builtin of Python's that gradcli
    stands in for is refused in CPython's words (lang.sandbox.stand_ins). `called`: the name the call reached fn
    by (`torch.divide`: divide, where one front door serves div too), whose record and name torch's are."""
    builtin = stand_ins.refusal(fn, args, kwargs)
    if builtin is not None:
        return _type_error(builtin)
    name, entry = _recorded(fn, called)
    if isinstance(fn, MethodType) and isinstance(error, GradcliError):  # (its own check: x.view(5) of 6 values)
        if error.kind != "TypeError":
            return None
        if entry and "expected" in entry and "(position 2)" in error.message:  # (x.view('a', 2): overloaded)
            return _parser_refusal(name, entry, args, kwargs, True)
        return _as_method(error)
    if entry is None or getattr(error, "kind", None) in ("LimitError", "TypeError"):  # (a door's own check)
        return None
    if "python" in entry:  # (torch's function is Python's: torch.norm, Tensor.split)
        if isinstance(error, GradcliError) or not _refused_the_call(error):
            return None
        refused = _python_refusal(entry, args, kwargs, isinstance(fn, MethodType))
        return _type_error(refused) if refused else None
    if "noargs" in entry:
        if not (args or kwargs):
            return None
        return _type_error("%s() takes no %s" % (entry["noargs"], "arguments (%d given)" % len(args) if args
                                                 else "keyword arguments"))
    if "one" in entry:  # (CPython's words for a C function of one argument: keywords first)
        if kwargs:
            return _type_error("%s() takes no keyword arguments" % entry["one"])
        return _type_error("%s() takes exactly one argument (%d given)" % (entry["one"], len(args))) \
            if len(args) != 1 else None
    return _parser_refusal(name, entry, args, kwargs, isinstance(fn, MethodType))


def _parser_refusal(name, entry, args, kwargs, method):
    """torch's parser's refusal of the call (lang.sandbox.torch_parser), from the signatures recorded in
    `entry`."""
    from . import torch_parser as parser  # (imported by the first call torch would refuse: not at start)
    signatures, options = parser.signatures_of(name, entry, method, keywords._torch)
    refused = parser.refusal(name, signatures, options, args, kwargs, _fits, _type_name)
    return _type_error(refused) if refused else None


def _python_refusal(entry, args, kwargs, method):
    """Python's refusal of a call of torch's own Python function, with its name and parameters (recorded)."""
    name, parameters, defaults = entry["python"], entry["parameters"], entry["defaults"]
    given = len(args) + method  # (self is one of a method's parameters)
    if given > len(parameters) and not entry["star"]:
        return runtime.too_many(name, parameters, defaults, given)
    for key in kwargs:
        if key in parameters[:given]:
            return "%s() got multiple values for argument '%s'" % (name, key)
        if key not in parameters and key not in entry["keyword_only"] and not entry["starstar"]:
            return "%s() got an unexpected keyword argument '%s'" % (name, key)
    for names, kind in ((parameters[given:], "positional"), (entry["keyword_only"], "keyword-only")):
        missing = [n for n in names if n not in kwargs and n not in defaults]
        if missing:
            return runtime.missing(name, missing, kind)
    return None


def _as_method(error):
    """A door's own TypeError in a method's words: its arguments count from the one after self."""
    position = re.search(r"\(position (\d+)\)", error.message)
    if position is None or position.group(1) == "1":
        return None
    return _type_error(error.message.replace(position.group(0), "(position %d)" % (int(position.group(1)) - 1)))


def not_iterable_after_star(fn, listed, value):
    """Python's words for `f(*value)` where value is not iterable: CPython builds the arguments in a list when
    the star is not the only positional one (`listed`: "Value after * ..."), else it names the callee."""
    if listed:
        return "Value after * must be an iterable, not %s" % _type_name(value)
    return "%s() argument after * must be an iterable, not %s" % (_callee(fn), _type_name(value))


def not_a_mapping_after_stars(fn, value):
    """Python's words for `f(**value)` where value is not a mapping."""
    return "%s() argument after ** must be a mapping, not %s" % (_callee(fn), _type_name(value))


def _callee(fn):
    """The callee as CPython names it in these messages: its qualified name."""
    torch_name = _torch_name(fn)
    if torch_name:
        return "torch._VariableFunctionsClass." + torch_name
    if type(fn).__module__ == "gradcli.lang.compile.runtime":  # a script's own function
        return "__main__." + getattr(fn, "qualname", "")
    return getattr(fn, "__name__", "function")


_PLAIN = {"Tensor": (Tensor,), "Number": (int, float, complex, Tensor), "int": (int, Tensor),
          "float": (int, float, Tensor), "bool": (bool, Tensor), "torch.dtype": (DType,),
          "tuple of ints": (int, tuple, list, Tensor), "tuple of Tensors": (tuple, list)}


def _fits(kind, value, default):
    """Can torch's parser take `value` for a parameter of type `kind`? (True where gradcli cannot tell.)"""
    accepted = _PLAIN.get(kind)
    return accepted is None or isinstance(value, accepted) or value is None and default


def _refused_the_call(error):
    """Python's own refusal of a call's arguments (not an error from inside the function)."""
    text = str(error)
    return isinstance(error, TypeError) and any(words in text for words in (
        "positional argument", "keyword argument", "multiple values for"))


def _type_error(message):
    return GradcliError(message, "TypeError")


def _type_name(value):
    """A value's type as torch's parser names it: Tensor, torch.dtype, or the Python type a script sees."""
    if isinstance(value, Tensor):
        return "Tensor"
    kind = type(value)
    if kind.__module__ == "gradcli.base.dtypes":
        return "torch.dtype"
    if kind is MethodType and isinstance(value.__self__, Tensor) or kind is FunctionType and _torch_name(value):
        return "builtin_function_or_method"  # (torch's functions and Tensor's methods are C functions)
    for base in kind.__mro__:  # gradcli's checked str, tuple, ... are their builtin base to a script
        if base.__module__ == "builtins" and base is not object:
            return base.__name__
    return kind.__name__


def _recorded(fn, called=None):
    """The torch name a callee stands for (`called` where it is one of its names) and torch's record of it: a
    torch function's, or a Tensor method's where fn is one bound to a tensor; (None, None) for anything else."""
    if isinstance(fn, MethodType) and isinstance(fn.__self__, Tensor):
        names = keywords.doors().get(fn.__func__, {}).get("torch.Tensor") or [fn.__name__]
        name = called if called in names else fn.__name__ if fn.__name__ in names else names[0]
        return name, _refusals()["methods"].get(name)
    names = keywords.doors().get(fn, {}).get("torch") if fn is not None else None
    name = called if names and called in names else \
        _torch_name(fn) or _torch_name(getattr(fn, "__wrapped__", None)) or _bridged(fn)
    return name, _refusals()["functions"].get(name) if name else None


def _bridged(fn):
    """torch.<name> of a function the script's torch has from the numpy bridge (from_numpy; tensor and
    as_tensor are front doors taking numpy's arrays, found by __wrapped__)."""
    from .namespace import TORCH
    return next((name for name, member in TORCH.members.items() if member is fn), None)


def _refusals():
    return recorded("torch_refusals.json")  # (read once a call has failed)


def _torch_name(fn):
    """The torch.<name> a front door is (its own name where several share it: clamp, not clip); None if none."""
    names = keywords.doors().get(fn, {}).get("torch") if fn is not None else None
    if not names:
        return None
    return fn.__name__ if fn.__name__ in names else names[0]
