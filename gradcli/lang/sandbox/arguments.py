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


def in_torchs_words(error, fn, args, kwargs):
    """The TypeError torch's parser gives for `fn(*args, **kwargs)` (fn a torch function) where `error`, an
    exception of Python's or numpy's, came from a call torch would not have run; None where torch would have
    run it (the error's own words stand) or its signature is not recorded. A builtin of Python's that gradcli
    stands in for is refused in CPython's words (lang.sandbox.stand_ins)."""
    builtin = stand_ins.refusal(fn, args, kwargs)
    if builtin is not None:
        return _type_error(builtin)
    name, entry = _recorded(fn)
    if isinstance(fn, MethodType) and isinstance(error, GradcliError):  # (its own check: x.view(5) of 6 values)
        if error.kind != "TypeError":
            return None
        if entry and "expected" in entry and "(position 2)" in error.message:  # (x.view('a', 2): overloaded)
            return _invalid_combination(name, entry, args, kwargs, True)
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
    if "most" in entry and len(args) > entry["most"]:
        given = len(args)
        return _type_error("%s() %s but %d %s given" % (name, entry["takes"], given, "was" if given == 1 else "were"))
    # (an overloaded function's record is of a call with that one argument: another overload may take numbers)
    keyword = next((k for k in _NUMPY_NAMES.get(entry.get("first"), ()) if k in kwargs), None)
    if keyword and not args and not isinstance(kwargs[keyword], Tensor) and len(kwargs) == 1:  # (sum(input=1))
        return _type_error("%s(): argument '%s' must be Tensor, not %s" % (name, entry["first"],
                                                                         _type_name(kwargs[keyword])))
    if "first" in entry and args and not isinstance(args[0], Tensor):
        if "required" in entry or len(args) == 1 and not kwargs:
            if entry["first"] is not None:
                return _type_error("%s(): argument '%s' (position 1) must be Tensor, not %s"
                                   % (name, entry["first"], _type_name(args[0])))
            return _invalid_combination(name, entry, args, kwargs)
        if _tensor_first(entry) and not isinstance(error, GradcliError):  # (torch.min(1.5, 1.5))
            return _invalid_combination(name, entry, args, kwargs)
    if "params" in entry and not isinstance(error, GradcliError):
        # (one signature: its parser goes through it in order and names what it refuses, transpose(x, 'a', 0))
        refused = _refused_by(name, entry["params"], args, kwargs, unknown=False)
        return _type_error(refused) if refused else None
    if "required" in entry:
        missing = [r for r in entry["required"][len(args):] if r not in kwargs]
        if not missing:
            return None
        # (torch's plural: "1 required positional arguments", "2 required positional argument")
        return _type_error("%s() missing %d required positional argument%s: %s" % (
            name, len(missing), "s" if len(missing) == 1 else "", ", ".join('"%s"' % r for r in missing)))
    if "expected" not in entry or isinstance(error, GradcliError):
        return None
    method = isinstance(fn, MethodType)
    if _refused_the_call(error) or _text_refused(entry, args, kwargs) or _refused_by_all(entry, args, kwargs,
                                                                                          method):
        return _invalid_combination(name, entry, args, kwargs, method)
    return None


_NUMPY_NAMES = {"input": ("input", "x", "a", "x1")}  # (torch's parser takes numpy's names for input)


def _refused_by_all(entry, args, kwargs, method):
    """Does every signature torch lists refuse these arguments' types (torch.eye(2.5), torch.mm(x, 1))? Only
    a function's: a method's signatures start after self."""
    return not method and all(_refused_by("", p, args, kwargs) is not None for p in _signatures(entry))


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


def _tensor_first(entry):
    """Does every signature torch lists begin with a Tensor (then a number first is refused, however many
    arguments follow: torch.min(1.5, 1.5))?"""
    return "expected" in entry and all(
        kind == "Tensor" for kind in re.findall(r"(?:^ \* |but expected )\((\w+)", entry["expected"], re.M))


def _text_refused(entry, args, kwargs):
    """A string argument where none of the recorded signatures takes text (x.view('a')): torch's parser
    refuses the call before it runs, whatever gradcli's code made of it."""
    return "expected" in entry and not any(kind in entry["expected"] for kind in _TAKING_TEXT) and any(
        isinstance(value, str) for value in (*args, *kwargs.values()))


_TAKING_TEXT = ("str ", "Device", "object", "name")  # (Dimname: a named dimension)


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


def _invalid_combination(name, entry, args, kwargs, method=False):
    """torch's refusal of a call no signature of an overloaded function takes: where only one signature takes
    that many arguments, that signature's own complaint (torch's print_error), else the list of them."""
    plausible = [] if method else [p for p in _signatures(entry) if _least(p) <= len(args) + len(kwargs) <= len(p)]
    refused = _refused_by(name, plausible[0], args, kwargs) if len(plausible) == 1 else None
    if refused is not None:
        return _type_error(refused)
    named = ["%s=%s" % (k, _type_name(kwargs[k])) for k in sorted(kwargs)]
    # (torch's parser ends keywords alone with a comma: "got (dim=str, )")
    got = ", ".join([_type_name(a) for a in args] + named) if args else "".join(k + ", " for k in named)
    return _type_error("%s() received an invalid combination of arguments - got (%s), %s"
                       % (name, got, entry["expected"]))


def _signatures(entry):
    """The signatures torch lists, each a list of (type, name, has a default, keyword only)."""
    found = []
    for listed in re.findall(r"(?:^ \* |but expected )\((.*)\)$", entry.get("expected", ""), re.M):
        params, keyword_only = [], False
        for part in listed.split(", ") if listed else ():
            if part == "*":
                keyword_only = True
                continue
            declared, _, default = part.partition(" = ")
            kind, _, param = declared.rpartition(" ")
            params.append((kind, param, bool(default), keyword_only))
        found.append(params)
    return found


def _least(params):
    return sum(1 for _, _, default, _ in params if not default)


def _refused_by(name, params, args, kwargs, unknown=True):
    """What torch's parser says of the call against its one plausible signature (FunctionSignature::parse):
    too many positional arguments, the first argument of a type it cannot take, or the ones missing; None
    where gradcli cannot tell (the list of signatures is said then)."""
    positional = [p for p in params if not p[3]]
    if len(args) > len(positional):
        least = sum(1 for p in positional if not p[2])
        takes = "%d" % len(positional) if least == len(positional) else "from %d to %d" % (least, len(positional))
        return "%s() takes %s positional argument%s but %d %s given" % (
            name, takes, "" if len(positional) == 1 else "s", len(args), "was" if len(args) == 1 else "were")
    for i, (kind, param, default, keyword_only) in enumerate(params):
        given = i < len(args) and not keyword_only
        if not given and param not in kwargs:
            if default:
                continue
            missing = [p for j, (_, p, d, _) in enumerate(params[i:], i) if not d and j >= len(args) and
                       p not in kwargs]
            return "%s() missing %d required positional argument%s: %s" % (
                name, len(missing), "s" if len(missing) == 1 else "", ", ".join('"%s"' % m for m in missing))
        value = args[i] if given else kwargs[param]
        if not _fits(kind, value, default):
            where = " (position %d)" % (i + 1) if given else ""
            return "%s(): argument '%s'%s must be %s, not %s" % (name, param, where, kind, _type_name(value))
        if kind == "tuple of ints" and isinstance(value, (tuple, list)) and value and not _fits("int", value[0], 0):
            return "%s(): argument '%s'%s must be tuple of ints, %s" % (  # (it checks the first element only)
                name, param, " (position %d)" % (i + 1) if given else "",
                "but found element of type %s at pos 0" % _type_name(value[0]) if given else "not tuple")
    unknown = [k for k in kwargs if k not in {p for _, p, _, _ in params}] if unknown else ()
    return "%s() got an unexpected keyword argument '%s'" % (name, unknown[0]) if unknown else None


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


def _recorded(fn):
    """The torch name a callee stands for and torch's record of it: a torch function's, or a Tensor method's
    where fn is one bound to a tensor; (None, None) for anything else."""
    if isinstance(fn, MethodType) and isinstance(fn.__self__, Tensor):
        names = keywords.doors().get(fn.__func__, {}).get("torch.Tensor") or [fn.__name__]
        name = fn.__name__ if fn.__name__ in names else names[0]
        return name, _refusals()["methods"].get(name)
    name = _torch_name(fn) or _torch_name(getattr(fn, "__wrapped__", None)) or _bridged(fn)
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
