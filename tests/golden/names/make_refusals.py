"""Record how torch 2.13's argument parser refuses a call of each torch.<name> and each Tensor method gradcli has
(run with torch installed, from the repository: writes gradcli/lang/sandbox/torch_refusals.json).

gradcli's front doors are Python functions: a call with arguments missing or too many would answer in Python's
words, with gradcli's parameter names (`flatten() missing 1 required positional argument: 'x'`). lang.sandbox.arguments
says it in torch's instead, from what is recorded here per name (only names torch parses in C; its Python-level
functions such as torch.norm answer in Python's words, as gradcli's doors do):
- `expected`: what torch says after "received an invalid combination of arguments - got (...), " (`but expected
  one of:` and the signatures of an overloaded function, `but expected (...)` of one), or
- `required`: the names torch says are missing from a call without arguments (one signature);
- `takes`: "takes N positional arguments" / "takes from N to M positional arguments", and `most`: that M;
- `first`: the first parameter's name where torch refuses a float for it as a Tensor (null: every overload of
  the function refuses it as an invalid combination);
- `noargs` (a method torch defines in C without parameters, x.t()): its qualified name, `TensorBase.t`; `one`
  (a C function taking exactly one argument, torch.from_numpy): `torch._VariableFunctionsClass.from_numpy`;
- `params` of a function with one signature (whose parser always names the argument it refuses): each parameter
  as [type, name, has a default, keyword only], found by giving each in turn an object() (`argument 'dim0'
  (position 2) must be int, not object`) after values it took; keyword-only ones by the names torch's
  documentation gives (torch_signatures.json) and requires_grad;
- for a function or method torch writes in Python, its parameters (python_level).
Methods are recorded on a float tensor as a script calls them (`x.view()`), without `first`.
"""

import functools
import inspect
import json
import pathlib
import re
import sys
import warnings

import torch

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from gradcli.ops import FUNCTIONS  # noqa: E402  (the names gradcli has)
from gradcli.core.tensor import Tensor  # noqa: E402  (and its methods, which gradcli.ops puts on it)


def refusal(call):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call()
    except TypeError as error:
        return str(error)
    except Exception:  # noqa: BLE001 (not the argument parser's refusal)
        return None
    return None


# values a parameter may take, tried in turn until torch's parser takes one (a tensor, a dim, a size, ...)
VALUES = (torch.ones(2, 3), 0, 1, (1,), 1.5, True, torch.float32, [torch.ones(2, 3)])


def parameters(fn, required, keywords):
    """A one-signature function's parameters as its parser types them: [type, name, has a default, keyword
    only], positional ones in order while an object() there is refused by position, then keyword-only ones."""
    found, given = [], []
    while True:
        refused = re.search(r"argument '(\w+)' \(position \d+\) must be (.+), not object$",
                            refusal(lambda: fn(*given, object())) or "")
        if refused is None:
            break
        found.append([refused.group(2), refused.group(1), refused.group(1) not in required, False])
        taken = next((v for v in VALUES if "argument '%s'" % refused.group(1) not in (
            refusal(lambda: fn(*given, v)) or "")), None)
        if taken is None:
            break
        given.append(taken)
    given = given[:len(required)]
    for name in keywords:
        refused = re.search(r"argument '%s' must be (.+), not object$" % name,
                            refusal(lambda: fn(*given, **{name: object()})) or "")
        if refused and name not in [p[1] for p in found]:
            found.append([refused.group(1), name, True, True])
    return found


def record(fn, method=False, keywords=()):
    entry = {}
    noargs = re.match(r"([\w.]+)\(\) takes no arguments \(1 given\)", refusal(lambda: fn(1.5)) or "")
    if noargs:
        return {"noargs": noargs.group(1)}
    none = refusal(lambda: fn()) or ""
    one = re.match(r"([\w.]+)\(\) takes exactly one argument \(0 given\)", none)
    if one:
        return {"one": one.group(1)}
    # (a method's sizes may come one by one, x.view(2, 3): twelve ints are too many only for other methods)
    many = refusal(lambda: fn(*[1 if method else None] * 12)) or ""
    missing = re.search(r"missing \d+ required positional arguments?: (.*)", none)
    invalid = re.search(r" - got \([\w, ]*\), (but expected.*)", none if " - got (), " in none else many, re.S)
    if invalid:
        entry["expected"] = invalid.group(1).rstrip("\n")
    elif missing:
        entry["required"] = re.findall(r'"(\w+)"', missing.group(1))
    elif not method:  # (a method may take no arguments: x.float(), x.clone())
        return None
    takes = re.search(r"(takes (?:from \d+ to )?(\d+) positional arguments?) but 12 were given", many)
    if takes:
        entry["takes"], entry["most"] = takes.group(1), int(takes.group(2))
    if "required" in entry:
        found = parameters(fn, entry["required"], keywords)
        if sum(1 for p in found if not p[3]) >= entry.get("most", 0):  # (every positional one found)
            entry["params"] = found
    if method:  # (a method's first parameter is rarely a tensor: x.view(2, 3))
        return entry or None
    number = refusal(lambda: fn(1.5)) or ""
    first = re.match(r"\w+\(\): argument '(\w+)' \(position 1\) must be Tensor, not float", number)
    if first:
        entry["first"] = first.group(1)
    elif "expected" in entry and "invalid combination of arguments - got (float)" in number:
        entry["first"] = None  # every overload wants a Tensor first: a number is an invalid combination
    return entry or None


def python_level(fn):
    """A function torch writes in Python (torch.norm, Tensor.split) refuses a call in Python's words, with its
    qualified name and parameters: `python` (the name), `parameters` (the positional ones, self among them),
    `defaults`, `keyword_only`, `star` and `starstar` (it takes *args, **kwargs). A function of torch's
    boolean_dispatch (torch.unique, F.max_pool2d) passes its arguments on to one of two by a flag: the one the
    flag's default picks refuses them, in its own name (`_return_output() got an unexpected keyword argument`)."""
    from torch._jit_internal import boolean_dispatched
    while fn in boolean_dispatched:
        dispatch = boolean_dispatched[fn]
        fn = dispatch["if_true" if dispatch["default"] else "if_false"]
    params = inspect.signature(fn).parameters.values()
    return {"python": fn.__qualname__,
            "parameters": [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)],
            "defaults": [p.name for p in params if p.default is not p.empty],
            "keyword_only": [p.name for p in params if p.kind == p.KEYWORD_ONLY],
            "star": any(p.kind == p.VAR_POSITIONAL for p in params),
            "starstar": any(p.kind == p.VAR_KEYWORD for p in params)}


def methods():
    """Tensor's methods, recorded on a float tensor: those torch defines in C as its parser refuses them (as
    x.name(...) calls them), those it writes in Python as Python does."""
    x = torch.ones(2, 3)
    found = {}
    for name in sorted(n for n in dir(Tensor) if not n.startswith("_")):
        kind = type(getattr(torch.Tensor, name, None)).__name__
        if kind == "function":
            found[name] = python_level(getattr(torch.Tensor, name))
        elif kind == "method_descriptor":
            entry = record(functools.partial(getattr(torch.Tensor, name), x), method=True,
                           keywords=documented("torch.Tensor." + name))
            if entry:
                found[name] = entry
    return found


def documented(qualified):
    """The keyword names torch's documentation gives a function (gradcli/lang/sandbox/torch_signatures.json)."""
    signatures = json.loads((ROOT / "gradcli" / "lang" / "sandbox" / "torch_signatures.json").read_text()).get(qualified, ())
    names = {name for positional, keyword in signatures for name in positional + keyword}
    return sorted(names | {"requires_grad"})


def main():
    refusals = {}
    for name in sorted(FUNCTIONS):
        fn = getattr(torch, name, None)
        if type(fn).__name__ == "function":
            refusals[name] = python_level(fn)
            continue
        if fn is None or not callable(fn) or type(fn).__name__ != "builtin_function_or_method":
            continue
        entry = record(fn, keywords=documented("torch." + name))
        if entry:
            refusals[name] = entry
    path = ROOT / "gradcli" / "lang" / "sandbox" / "torch_refusals.json"
    path.write_text(json.dumps({"torch": torch.__version__, "functions": refusals, "methods": methods()}, indent=0,
                               sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
