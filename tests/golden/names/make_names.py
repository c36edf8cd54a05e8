"""Record the public names of torch 2.13's modules gradcli reproduces: torch, torch.Tensor, torch.nn.functional,
torch.linalg, torch.autograd, torch.nn, torch.optim and its lr_scheduler, torch.utils.data, the device modules,
torch.distributions and the files of the distributions gradcli has, torch.nn.utils and torch.nn.utils.rnn (run
with torch installed; writes gradcli/lang/sandbox/torch_names.json), and what dir() lists on each of them and on
their functions (torch_dirs.json, read by a script's dir(): lang.compile.runtime.script_dir).

gradcli must not offer a name under a module that torch lacks there (a script using it would not run under
torch): tests/ops/test_op_table.py checks every front door against these lists. gradcli reads them too, to tell a
name it has not implemented yet from one torch does not have.
"""

import json
import pathlib

import torch
import torch.nn.functional
import torch.optim
import torch.optim.lr_scheduler
import torch.utils.data
import torch.distributions
import torch.nn.utils.rnn

MODULES = {"torch": torch, "torch.Tensor": torch.Tensor, "torch.nn.functional": torch.nn.functional,
           "torch.linalg": torch.linalg, "torch.autograd": torch.autograd, "torch.nn": torch.nn,
           "torch.optim": torch.optim, "torch.autograd.functional": torch.autograd.functional,
           "torch.nn.init": torch.nn.init, "torch.optim.lr_scheduler": torch.optim.lr_scheduler,
           "torch.utils.data": torch.utils.data, "torch.cuda": torch.cuda, "torch.accelerator": torch.accelerator,
           "torch.backends.mps": torch.backends.mps, "torch.distributions": torch.distributions,
           "torch.nn.utils": torch.nn.utils, "torch.nn.utils.rnn": torch.nn.utils.rnn,
           **{"torch.distributions." + name: getattr(torch.distributions, name)
              for name in ("normal", "uniform", "bernoulli", "categorical", "multinomial")}}


def dirs(names):
    """dir() as torch lists it: for each module the names it adds to `names` there (its dunders, what it imports),
    for each kind of function (a C function, a Python one, a Tensor's bound method) its list, and which of the
    modules' functions are of each kind (those whose dir() is their kind's: not a Python function carrying
    attributes of its own, such as a functools.wraps' __wrapped__)."""
    import collections
    modules = {module: sorted(set(dir(obj)) - set(names[module])) for module, obj in MODULES.items()
               if module != "torch.Tensor"}
    on = dict(MODULES, **{"torch.Tensor": torch.zeros(())})  # a tensor's methods as a script reads them: bound
    found = collections.defaultdict(collections.Counter)
    callables = collections.defaultdict(dict)
    for module, obj in on.items():
        for name in names[module]:
            member = getattr(torch.Tensor if module == "torch.Tensor" else obj, name, None)  # (not tensor.imag)
            if name.startswith("_") or not callable(member) or isinstance(member, type):
                continue
            value = getattr(obj, name)
            kind = type(value).__name__
            if kind in ("builtin_function_or_method", "function", "method"):
                found[kind][tuple(dir(value))] += 1
                callables[module][name] = (kind, tuple(dir(value)))
    kinds = {kind: list(counts.most_common(1)[0][0]) for kind, counts in found.items()}
    of_kind = {module: {kind: sorted(n for n, (k, listed) in named.items() if k == kind and list(listed) == kinds[k])
                        for kind in {k for k, _ in named.values()}} for module, named in callables.items()}
    return {"modules": modules, "kinds": kinds, "callables": of_kind, "version": torch.__version__}


if __name__ == "__main__":
    names = {module: sorted(n for n in dir(obj) if not n.startswith("__") or n in ("__version__",))
             for module, obj in MODULES.items()}
    for module in ("torch.nn.utils", "torch.nn.utils.rnn"):  # their public names, not the typing they import
        names[module] = sorted(MODULES[module].__all__)
    names["torch.Tensor"] += sorted(n for n in dir(torch.Tensor) if n.startswith("__") and n.endswith("__"))
    names["version"] = torch.__version__
    path = pathlib.Path(__file__).resolve().parents[3] / "gradcli" / "lang" / "sandbox" / "torch_names.json"
    path.write_text(json.dumps(names, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print("wrote", path, {k: len(v) for k, v in names.items()})
    listed = dirs(names)
    path = path.with_name("torch_dirs.json")
    path.write_text(json.dumps(listed, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print("wrote", path, {kind: len(v) for kind, v in listed["kinds"].items()})
