"""torch.optim and torch.utils.data as scripts reach them: every name one torch has there, library objects
showing their members only, iter and next. The training corpus itself (optimizers, schedulers, data loading,
devices, against torch exactly) is tests/corpora/training, judged by tests/corpora/test_corpora.py."""


import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError
from gradcli.lang.sandbox import namespace
from gradcli.ops.rows.creation import tensor
from gradcli.torchlib.optim.sgd import SGD
from gradcli.torchlib.utils.data.dataloader import DataLoader
from gradcli.torchlib.utils.data.dataset import TensorDataset

# ---------------------------------------------------------------- the names scripts reach
@pytest.mark.parametrize("module", ["torch.optim", "torch.optim.lr_scheduler", "torch.utils.data",
                                    "torch.cuda", "torch.accelerator", "torch.backends.mps"])
def test_every_name_is_one_torch_has_there(module):
    """A script using a name torch lacks would not run under torch (tests/golden/names/make_names.py)."""
    torch_names = namespace.torch_names()
    assert sorted(set(namespace.MODULES[module].members) - set(torch_names[module])) == []


def test_library_objects_show_their_members_only():
    w = tensor([1.0, 2.0], requires_grad=True)
    sgd = SGD([w], lr=0.1)
    assert namespace.get_attribute(sgd, "param_groups")[0]["lr"] == 0.1
    for name in ("_update", "_with_grad", "__class__", "_scheduled", "__dict__"):
        with pytest.raises(GradcliError):
            namespace.get_attribute(sgd, name)
    loader = DataLoader(TensorDataset(w), batch_size=2)
    assert namespace.get_attribute(loader, "batch_size") == 2
    with pytest.raises(GradcliError):
        namespace.get_attribute(loader, "_index_sampler")
    assert "zero_grad" in namespace.members(sgd) and "_update" not in namespace.members(sgd)



def test_iter_and_next_without_endless_forms():
    assert api.run_script("it = iter([1, 2])\nprint(next(it), next(it), next(it, 'end'))") == "1 2 end\n"
    with pytest.raises(GradcliError, match="gradcli's iter\\(\\) takes one argument"):
        api.run_script("def f():\n    return 0\nprint(list(iter(f, 1)))")
    with pytest.raises(GradcliError, match="v must be callable"):  # (CPython's words where it refuses too)
        api.run_script("print(list(iter([1], 1)))")


# ---------------------------------------------------------------- the array-level updates
_STEPS = """import torch
import torch.nn as nn
torch.manual_seed(0)
torch.set_default_dtype(%s)
X = torch.randn(16, 7)
y = torch.randn(16, 3)
model = nn.Sequential(nn.Linear(7, 9), nn.Tanh(), nn.Linear(9, 3))
frozen = nn.Linear(3, 3)
shared = torch.ones(6)
views = [shared[:3].requires_grad_(), shared[3:].requires_grad_()]
params = list(model.parameters()) + (views if %s else [])
opt = %s
for i in range(12):
    opt.zero_grad()
    loss = ((model(X) - y) ** 2).mean() + frozen(X[:, :3]).sum() * 0 + (views[0] * views[1]).sum()
    if i %% 3 == 1:
        model[2].bias.grad = None
        loss.backward()
        model[2].bias.grad = None
    else:
        loss.backward()
    opt.step()
for p in model.parameters():
    print(p._version, p.tolist())
print(shared.tolist())
print([[t._version if isinstance(t, torch.Tensor) else t for t in s.values()] for s in opt.state.values()])
"""


@pytest.mark.parametrize("optimizer", [
    "torch.optim.SGD(params, lr=0.1, momentum=0.9)",
    "torch.optim.SGD(params, lr=0.1, momentum=0.9, dampening=0.3, weight_decay=0.01)",
    "torch.optim.Adam(params, lr=1e-2)", "torch.optim.Adam(params, lr=1e-2, weight_decay=0.1)",
    "torch.optim.AdamW(params, lr=1e-2)"])
@pytest.mark.parametrize("dtype", ["torch.float32", "torch.float64"])
def test_array_level_updates_give_the_tensor_ops_values(monkeypatch, optimizer, dtype):
    """The foreach-like and per-parameter array updates (optim/optimizer.plain) give the values and versions
    of the tensor ops they stand for, also when a parameter misses its gradient at some steps (its step count
    then differs) or a group's tensors share memory."""
    from gradcli.torchlib.optim import adam, sgd
    for shares in ("False", "True"):
        text = _STEPS % (dtype, shares, optimizer)
        fast = api.run_script(text)
        monkeypatch.setattr(adam, "plain", lambda *tensors: False)
        monkeypatch.setattr(sgd, "plain", lambda *tensors: False)
        assert fast == api.run_script(text)
        monkeypatch.undo()
