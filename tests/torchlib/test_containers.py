"""Module's registries and the parameter containers as scripts reach them (their printing and behaviour against
torch: tests/corpora/nn/modules/022.py): the three registries books print and fill are reachable, no other
private name is, and a registry filled with a non-module fails as a script error, not a crash."""

import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError


@pytest.mark.parametrize("expression", ["nn.Linear(1, 1)._non_persistent_buffers_set", "nn.ParameterList()._size",
                                        "nn.ParameterDict()._keys", "nn.Linear(1, 1)._forget",
                                        "nn.Linear(1, 1).__dict__"])
def test_private_names_stay_private(expression):
    with pytest.raises(GradcliError, match="has no attribute|does not give access"):
        api.run_script("import torch\nfrom torch import nn\nprint(%s)" % expression)


def test_the_registries_are_the_modules_own():
    out = api.run_script("import torch\nfrom torch import nn\nclass S(nn.Module):\n    def __init__(self):\n"
                         "        super().__init__()\n        self._modules['a'] = nn.ReLU()\n"
                         "s = S()\nprint(s.a, s._modules, len(s._parameters), s._buffers)")
    assert out == "ReLU() {'a': ReLU()} 0 {}\n"


def test_a_registry_holding_a_non_module_fails_as_a_script_error():
    with pytest.raises(GradcliError, match="'int' object has no attribute 'named_modules'"):
        api.run_script("import torch\nn = torch.nn.Sequential()\nn._modules['x'] = 5\nprint(list(n.parameters()))")
