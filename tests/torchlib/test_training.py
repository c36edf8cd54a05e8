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
