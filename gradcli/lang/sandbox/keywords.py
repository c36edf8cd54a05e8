"""Arguments named as torch names them.

A front door keeps the parameter names its code reads (`add(x, y, alpha=1)`). A script may name arguments as
torch's documentation does (`torch.matmul(input=a, other=b)`), with numpy's `axis=`/`keepdims=` (which torch's
argument parser takes for `dim=`/`keepdim=`), and give `out=` to a function torch has an out= variant of. A call
whose keywords its callee knows goes straight through; only a call to a front door with a keyword the door does
not know is renamed here, from the parameter names recorded from torch (torch_signatures.json, read on the
first such call).
"""

import functools
import inspect
import types

import numpy as np

from . import recorded
from ...base import errors
from ... import ops
from ...ops.inplace import write_out
from ...core.tensor import Tensor

NUMPY_KEYWORDS = {"axis": "dim", "keepdims": "keepdim"}
# factories whose out= variants resize out as resize_ does (no warning) and make their values in out's dtype
_FACTORIES = frozenset(("arange", "range", "linspace", "logspace", "zeros", "ones", "full", "empty", "eye", "rand",
                        "randn", "randint", "randperm"))
_RANGE_RESIZED = ("The number of elements in the out tensor of shape %s is %d which does not match the computed "
                  "number of elements %d. Note that this may occur as a result of rounding error. The out tensor "
                  "will be resized to a tensor of shape %s. (Triggered internally at "
                  "/__w/pytorch/pytorch/aten/src/ATen/native/RangeFactories.cpp:199.)")


def call(f, args, kwargs):
    """f(*args, **kwargs), where f may be a front door (or a Tensor method) called with torch's names."""
    door, method = (f.__func__, True) if isinstance(f, types.MethodType) and isinstance(f.__self__, Tensor) \
        else (f, False)
    names = doors().get(door)
    if names is None:
        return f(*args, **kwargs)
    foreign = _not_torchs(door, method, kwargs.keys())
    if foreign is not None:  # (a name of the door's own, `torch.exp(self=w)`: torch's parser refuses it)
        raise TypeError("%s() got an unexpected keyword argument '%s'" % (_name(names), foreign))
    if _as_given(door, method, kwargs.keys()):
        return f(*args, **kwargs)
    positional, known, varargs = _parameters(door, method)
    qualified = _qualified(names, method)
    if known is None:
        kwargs = {_aliased(name, qualified): value for name, value in kwargs.items()
                  if not _neutral(name, value, qualified)}
        out = kwargs.pop("out", None) if _takes_out(qualified) else None
    else:
        args, kwargs, out = _renamed(list(args), kwargs, positional, known, varargs, qualified)
    if out is None:
        return f(*args, **kwargs)
    name = qualified[0].rsplit(".", 1)[1]
    factory = name in _FACTORIES
    if factory and isinstance(out, Tensor) and kwargs.get("dtype") is None and (known is None or "dtype" in known):
        kwargs["dtype"] = out.dtype  # (torch's factory out= variants fill out in its own dtype)
    result = f(*args, **kwargs)
    if factory and isinstance(out, Tensor) and out.array.shape != result.array.shape:
        _resize_for_factory(name, out, result)
    return write_out(name, result, out)


def call_site(names):
    """`call` for one call site, whose keywords are always `names` (a frozenset: no `**mapping` among them).
    Whether a door takes them as they are depends on the door and the names alone: _AS_GIVEN remembers the pairs
    that do, for every site (a script's call sites mostly run once: `x.sum(dim=0)` on one line, then another)."""
    remember = "out" not in names  # (whether out= goes straight through depends on the door's binding too)

    def call_named(f, args, kwargs):
        door = f.__func__ if f.__class__ is types.MethodType and isinstance(f.__self__, Tensor) else f
        key = (door, door is not f, names)
        if key in _AS_GIVEN:
            return f(*args, **kwargs)
        if remember and door in doors() and _as_given(door, door is not f, names) and \
                _not_torchs(door, door is not f, names) is None:
            _AS_GIVEN.add(key)
        return call(f, args, kwargs)
    return call_named


_AS_GIVEN = set()  # (door, called as a method?, keyword names) that call_named passes straight through


def _not_torchs(door, method, names):
    """The keyword naming the door's first parameter by the door's own name where torch has another for it
    (`torch.exp(self=w)`: torch says input), or None. Only such a call reads torch's names (x.sum(dim=0) does
    not)."""
    if method:  # (a method's tensor is self, never a keyword)
        return None
    first = _parameters(door, method)[0][:1]
    own = next((name for name in names if name in first and name != "input"), None)
    if own is None:
        return None
    torchs = _torch_keywords(door, method)
    return own if torchs is not None and own not in torchs else None


@functools.lru_cache(maxsize=None)
def _torch_keywords(door, method):
    """Every keyword torch's parser takes for a call of the door under its names: the recorded parameters, numpy's
    synonyms (axis, keepdims; x, a, x1 for input), out= and requires_grad (None: no name recorded)."""
    found = set()
    for overloads in map(_torch, _qualified(doors()[door], method)):
        for places, keywords in overloads:
            found.update(places, keywords)
    if not found:
        return None
    found.update(NUMPY_KEYWORDS, ("out", "requires_grad"))
    if "input" in found:
        found.update(("x", "a", "x1"))
    return frozenset(found)


def _name(names):
    return next(iter(names.values()))[0]


def _as_given(door, method, names):
    """Whether the door takes keywords of these names as they are: nothing to rename, no out= to write."""
    known = _parameters(door, method)[1]
    if known is None:  # (a door taking **keywords: the factories)
        return not ("out" in names and not method) and \
            not any(name in _NEUTRAL or name in _NUMPY_ALIASES for name in names)
    return names <= known


def _qualified(names, method):
    return ["torch.Tensor." + name for name in names["torch.Tensor"]] if method else [
        "%s.%s" % (module, name) for module, found in names.items() if module != "torch.Tensor" for name in found]


def _takes_out(qualified):
    return any("out" in keywords or "out" in places for overloads in map(_torch, qualified)
               for places, keywords in overloads)


def _resize_for_factory(name, out, result):
    """A factory resizes out without resize_output's warning; arange and range warn in their own words."""
    if name in ("arange", "range") and out.array.size != result.array.size:
        errors.warn(_RANGE_RESIZED % (list(out.array.shape), out.array.size, result.array.size,
                                      tuple(result.array.shape)))
    out.array = np.empty(result.array.shape, out.array.dtype)
    out._view = None


def _renamed(args, kwargs, positional, known, varargs, qualified):
    """(args, kwargs with torch's and numpy's names turned into the door's, the out= tensor or None). A name
    torch gives the place where the door takes `*args` (`x.view(size=(3, 2))`) becomes that argument."""
    renamed, out = {}, None
    for name, value in kwargs.items():
        if name in known:
            renamed[name] = value
            continue
        if name == "out" and _takes_out(qualified):
            out = value
            continue
        if NUMPY_KEYWORDS.get(name) in known:
            renamed[NUMPY_KEYWORDS[name]] = value
            continue
        if _neutral(name, value, qualified):
            continue
        name = _aliased(name, qualified)
        if name in known:
            renamed[name] = value
            continue
        index = _place_of(name, qualified, len(args))
        if varargs and index == len(positional) == len(args):
            args.append(value)
            continue
        own = positional[index] if index is not None and index < len(positional) else None
        renamed[own or name] = value  # (a name neither knows stays: the door's TypeError names it)
    return args, renamed, out


def _place_of(name, qualified, given):
    """Where torch places `name` among the positional arguments of one of its overloads, past the `given` ones
    (None if no overload does): its schemas', then its parser's (whose names differ where a number comes
    first, `pow(Number self, Tensor exponent)`, `result_type(Number scalar1, Number scalar2)`)."""
    for overloads in map(_torch, qualified):
        for places, _ in overloads:
            if name in places and places.index(name) >= given:
                return places.index(name)
    for params in _parsers(qualified):
        places = [p.name for p in params if not p.keyword_only]
        if name in places and places.index(name) >= given:
            return places.index(name)
    return None


def _parsers(qualified):
    from . import torch_parser  # (a call naming what neither the door nor torch's schemas know)
    return [params for q in qualified for params in torch_parser.parser_signatures(q, _torch)]


# the other names torch's parser reads for a parameter named input or other (numpy's: np.exp(x), np.add(x1, x2))
_NUMPY_ALIASES = {"x": "input", "a": "input", "x1": "input", "x2": "other"}


def _aliased(name, qualified):
    """The name torch's parser reads `name` as: input for numpy's x of a C function (torch.zeros_like(x=w));
    torch's Python functions (torch.norm) have no such alias."""
    if name in _NUMPY_ALIASES and not _torch_takes(name, qualified) and _parsers(qualified):
        return _NUMPY_ALIASES[name]
    return name


# keywords torch takes that ask for what gradcli always does (one device, dense strided tensors, one memory
# format, no pinned memory, no LAPACK driver choice): taken with these values, refused with others
_NEUTRAL = {"pin_memory": (False,), "layout": (None,), "memory_format": (None,), "non_blocking": (False, True),
            "sparse_grad": (False,), "implicit": (False,), "driver": (None,)}


def _neutral(name, value, qualified):
    """Whether `name=value` asks torch for what gradcli does anyway (the call drops it); a value asking for
    something else is refused."""
    if not _neutral_name(name, qualified):
        return False
    if not any(value is accepted for accepted in _NEUTRAL[name]):
        raise errors.GradcliError("gradcli computes on the CPU with dense tensors in one memory format: %s=%r is "
                                  "not supported" % (name, value), "NotImplementedError")
    return True


def _torch_takes(name, qualified):
    return any(name in places or name in keywords for overloads in map(_torch, qualified)
               for places, keywords in overloads) or any(name == p.name for ps in _parsers(qualified) for p in ps)


def takes_keyword(door, method, qualified, name):
    """Whether a call of the door under torch's name `qualified` may name an argument `name` (torch's name of
    one of its parameters, numpy's, out=, or one asking for what gradcli does anyway): the door then gets it
    as the parameter it means."""
    positional, known, varargs = _parameters(door, method)
    if known is None or name in known or NUMPY_KEYWORDS.get(name) in known or _neutral_name(name, [qualified]):
        return True
    if name == "out":
        return _takes_out([qualified])
    index = _place_of(name, [qualified], 0)
    return index is not None and (index < len(positional) or varargs and index == len(positional))


def _neutral_name(name, qualified):
    return name in _NEUTRAL and _torch_takes(name, qualified)


def doors():
    """front door -> {module: [the names it serves there]}, of the families loaded so far: a door exists only once
    its family is, and that family registers every name it has (ops/families checks it)."""
    loaded = ops.families.installed()
    if _doors[0] != loaded:
        doors = {}
        for module, registry in (("torch", ops.FUNCTIONS), ("torch.Tensor", ops.METHODS),
                                 ("torch.nn.functional", ops.FUNCTIONAL), ("torch.linalg", ops.LINALG)):
            for name, door in ops.families.loaded_items(registry):
                if not name.startswith("__"):
                    doors.setdefault(door, {}).setdefault(module, []).append(name)
        _doors[:] = loaded, doors
    return _doors[1]


_doors = [None, None]  # (what was loaded, doors()) for the last families loaded


@functools.lru_cache(maxsize=None)
def _parameters(door, method):
    """(the door's positional parameter names, a method's self left out; every name it takes, or None when it
    takes any keyword; whether it takes *args)."""
    try:
        parameters = list(inspect.signature(door).parameters.values())
    except (TypeError, ValueError):
        return (), None, False
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return (), None, False
    positional = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return (tuple(positional[1:] if method else positional),
            frozenset(p.name for p in parameters if p.kind is not p.VAR_POSITIONAL),
            any(p.kind is p.VAR_POSITIONAL for p in parameters))


def torch_signature(qualified, door):
    """help()'s signature of a torch function in torch's names, `(input, other, *, alpha=1, out=None)` for
    torch.add: the longest positional list of its overloads (up to a name another takes by keyword only), then
    the keyword-only names, out= last; a default where the door has one for the parameter at that place (or
    of that name). None where none is recorded."""
    overloads = _torch(qualified)
    if not any(places or keywords for places, keywords in overloads):  # (none, or torch.einsum(*args))
        return None
    plain_overloads = [o for o in overloads if "out" not in o[1]] or overloads  # (out=: max_values, ... buffers)
    keyword_only = {k for _, keywords in plain_overloads for k in keywords}
    positional = max((places for places, _ in plain_overloads), key=len)
    cut = next((i for i, name in enumerate(positional) if name in keyword_only), len(positional))
    positional = positional[:cut]  # (add(input, other, *, alpha): the alpha of add.Scalar's place is not shown)
    keyword = [k for _, keywords in plain_overloads for k in keywords if k not in positional]
    keyword += ["out"] if any("out" in keywords for _, keywords in overloads) else []
    try:
        parameters = list(inspect.signature(door).parameters.values())
    except (TypeError, ValueError):
        parameters = []
    if qualified.startswith("torch.Tensor."):
        parameters = parameters[1:]
    plain = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    by_name = {p.name: p for p in parameters}

    def shown(name, own):
        if name == "out":
            return "out=None"
        own = by_name.get(name, own)
        return name if own is None or own.default is own.empty else "%s=%r" % (name, own.default)
    parts = [shown(name, plain[i] if i < len(plain) else None) for i, name in enumerate(positional)]
    parts += ["*"] + [shown(name, None) for name in dict.fromkeys(keyword)] if keyword else []
    return "(%s)" % ", ".join(parts)


def torch_help(qualified):
    """The signature torch's own help() shows for a torch function or Tensor method (`torch.exp`: `(input, *,
    out=None) -> Tensor`, its docstring's; torch.norm's, written in Python: its inspect.signature), recorded
    in torch_help.json (tests/golden/names/make_help.py); None where none is recorded."""
    return _help().get(qualified)


def _help():
    return recorded("torch_help.json")["signatures"]  # (help() only)


def _torch(qualified):
    return _signatures().get(qualified, ())


def _signatures():
    return recorded("torch_signatures.json")  # (only a call that needs torch's names reads them)
