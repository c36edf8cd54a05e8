"""Record the parameter names of torch 2.13's functions and Tensor methods, per overload (run with torch
installed; writes gradcli/lang/sandbox/torch_signatures.json), as torch's Python binding has them.

A script may name any argument as torch names it (`torch.matmul(input=a, other=b)`, `torch.add(x, y, out=z)`):
gradcli's front doors keep their own parameter names, and lang.sandbox.keywords reads this file, on the first call that
names an argument a door does not know, to find which of the door's parameters torch means.

Each entry is a list of overloads `[positional names, keyword-only names]`: from the operator schemas of ATen
for built-in functions (their `self` is `input` for torch.*, and dropped for a method), from the Python signature
for functions written in Python.
"""

import inspect
import json
import pathlib

import torch
import torch.nn.functional

MODULES = {"torch": (torch, "aten::%s"), "torch.Tensor": (torch.Tensor, "aten::%s"),
           "torch.nn.functional": (torch.nn.functional, "aten::%s"), "torch.linalg": (torch.linalg, "aten::linalg_%s")}


def python_overloads(fn, method):
    try:
        parameters = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None
    if method and parameters and parameters[0].name == "self":
        parameters = parameters[1:]
    positional = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    keyword = [p.name for p in parameters if p.kind == p.KEYWORD_ONLY]
    return [[positional, keyword]]


def _python_visible(schema):
    """Whether torch's Python binding has the overload: TorchScript's own ones (exp.int(int a) -> float,
    add.str(str a, str b)) take no tensor and return none (where every overload is so, all are kept)."""
    def tensors(arguments):
        return any("Tensor" in str(a.type) for a in arguments)
    return tensors(schema.arguments) or tensors(schema.returns)


def schema_overloads(operator, method):
    found = []
    schemas = torch._C._jit_get_schemas_for_operator(operator)
    for schema in [s for s in schemas if _python_visible(s)] or schemas:  # (can_cast(ScalarType from, ...))
        positional = [a.name for a in schema.arguments if not a.kwarg_only]
        keyword = [a.name for a in schema.arguments if a.kwarg_only]
        if method:
            if "self" not in positional:
                continue  # not a method's schema
            positional.remove("self")  # (where.self(condition, self, other): x.where(condition, other))
        else:
            positional = ["input" if name == "self" else name for name in positional]
        if [positional, keyword] not in found:
            found.append([positional, keyword])
    return found or None


def overloads(module, obj, pattern, name):
    fn = getattr(obj, name, None)
    if not callable(fn) or isinstance(fn, type):
        return None
    method = module == "torch.Tensor"
    builtin = type(fn).__name__ in ("builtin_function_or_method", "method_descriptor")
    if builtin:  # a binding may carry another operator's name (F.logsigmoid is aten::log_sigmoid)
        schemas = schema_overloads(pattern % name, method) or schema_overloads(pattern % fn.__name__, method)
        if schemas:
            return schemas
    return python_overloads(fn, method)


if __name__ == "__main__":
    signatures = {}
    for module, (obj, pattern) in MODULES.items():
        for name in sorted(dir(obj)):
            if name.startswith("_"):
                continue
            found = overloads(module, obj, pattern, name)
            if found:
                signatures["%s.%s" % (module, name)] = found
    signatures["version"] = torch.__version__
    path = pathlib.Path(__file__).resolve().parents[3] / "gradcli" / "lang" / "sandbox" / "torch_signatures.json"
    path.write_text(json.dumps(signatures, separators=(",", ":"), sort_keys=True) + "\n", encoding="utf-8")
    print("wrote", path, len(signatures), "entries,", path.stat().st_size, "bytes")
