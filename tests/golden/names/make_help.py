"""Record the signature torch 2.13's help() shows for each torch function and Tensor method gradcli has (run with
torch installed, from the repository: writes gradcli/lang/sandbox/torch_help.json; recorded on AVX2, though no
signature depends on it).

For a function torch defines in C it is the line its docstring opens with (`exp(input, *, out=None) -> Tensor`,
`add(other, *, alpha=1) -> Tensor` of Tensor.add); for one torch writes in Python (torch.norm, torch.split,
torch.einsum, torch.nn.functional.*), its inspect.signature without the annotations
(`(input, dim=None, _stacklevel=3, dtype=None)`). A C function whose docstring opens otherwise is not recorded
(help() then shows the names of its recorded schema, lang.sandbox.keywords.torch_signature). app.session's
describe() shows these; tests/lang/test_keywords.py sweeps every name.
"""

import importlib
import inspect
import json
import pathlib
import re
import sys

import torch

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from gradcli import ops  # noqa: E402  (the names gradcli has)
from gradcli.lang.sandbox import namespace  # noqa: E402


def shown(fn, name):
    """help()'s signature of torch's fn, or None."""
    if type(fn).__name__ in ("builtin_function_or_method", "method_descriptor"):
        found = re.match(r"\s*[\w.]*?\b\w+(\(.*?\)(?:\s*->\s*[^\n]*)?)\s*$",
                         (fn.__doc__ or "").strip().split("\n")[0])
        return found.group(1).strip() if found else None
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    plain = [p.replace(annotation=p.empty) for p in signature.parameters.values()]
    return str(signature.replace(parameters=plain, return_annotation=signature.empty))


def torch_object(qualified):
    module, _, name = qualified.rpartition(".")
    try:
        return getattr(importlib.import_module(module) if module != "torch.Tensor" else torch.Tensor, name)
    except (ImportError, AttributeError):
        return None


def names():
    """Every torch.* callable the script namespace offers (classes aside), and Tensor's methods."""
    found = set()
    for module in namespace.MODULES.values():
        if module.name == "torch" or module.name.startswith("torch."):
            found.update("%s.%s" % (module.name, name) for name, member in module.members.items()
                         if callable(member) and not isinstance(member, type) and not name.startswith("_"))
    found.update("torch.Tensor." + name for name in ops.METHODS if not name.startswith("_"))
    return sorted(found)


def main():
    signatures = {}
    for qualified in names():
        fn = torch_object(qualified)
        if fn is not None and callable(fn) and not isinstance(fn, type):
            text = shown(fn, qualified.rpartition(".")[2])
            if text:
                signatures[qualified] = text
    data = {"torch": torch.__version__, "cpu_capability": torch.backends.cpu.get_cpu_capability(),
            "signatures": signatures}
    path = ROOT / "gradcli" / "lang" / "sandbox" / "torch_help.json"
    path.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print("wrote %s: %d of %d names" % (path, len(signatures), len(names())))


if __name__ == "__main__":
    main()
