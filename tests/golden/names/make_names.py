"""Record the public names of torch 2.13's modules gradcli reproduces: torch, torch.Tensor, torch.nn.functional,
torch.linalg, torch.autograd, torch.nn, torch.optim and its lr_scheduler, torch.utils.data, the device modules,
torch.distributions and the files of the distributions gradcli has, torch.nn.utils and torch.nn.utils.rnn (run
with torch installed; writes gradcli/lang/sandbox/torch_names.json).

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
