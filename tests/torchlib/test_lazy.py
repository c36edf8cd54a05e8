"""The lazy modules as scripts reach them (their behaviour against torch is tests/corpora/nn/layers/009.py): a
placeholder parameter hides its machinery, and the Lazy classes torch has that gradcli lacks say so."""

import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError


def test_a_placeholder_parameter_shows_no_machinery():
    for member in ("materialize", "cls_to_become", "__class__.__mro__", "array"):
        with pytest.raises(GradcliError, match="has no attribute|does not give access"):
            api.run_script("import torch\nw = torch.nn.LazyLinear(2).weight\nprint(w.%s)" % member)
    assert api.run_script("import torch\nw = torch.nn.LazyLinear(2).weight\nprint(w.__class__ == type(w), type(w))") \
        == "True <class 'torch.nn.parameter.UninitializedParameter'>\n"


def test_a_lazy_module_becomes_its_eager_class_on_its_first_call():
    out = api.run_script("import torch\nl = torch.nn.LazyLinear(2)\nprint(type(l) == torch.nn.Linear)\n"
                         "l(torch.ones(1, 3))\nprint(type(l) == torch.nn.Linear, l.weight.shape)")
    assert out == "False\nTrue torch.Size([2, 3])\n"


@pytest.mark.parametrize("name", ["LazyConv3d", "LazyConvTranspose2d", "LazyInstanceNorm1d"])
def test_the_lazy_classes_gradcli_lacks_say_so(name):
    with pytest.raises(GradcliError, match="gradcli does not implement torch.nn.%s yet" % name):
        api.run_script("import torch\ntorch.nn.%s(2)" % name)
