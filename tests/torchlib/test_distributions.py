"""torch.distributions as scripts reach it (what the distributions compute and sample, against torch, is
tests/corpora/conformance/distributions): only names torch has there, a distribution's members only, and
torch's names gradcli lacks said so."""

import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError
from gradcli.lang.sandbox import namespace


@pytest.mark.parametrize("module", ["torch.distributions", "torch.distributions.normal",
                                    "torch.distributions.multinomial", "torch.distributions.categorical"])
def test_every_name_is_one_torch_has_there(module):
    torch_names = namespace.torch_names()
    assert sorted(set(namespace.MODULES[module].members) - set(torch_names[module])) == []


@pytest.mark.parametrize("member", ["_categorical", "_param", "__dict__", "_validate_sample", "loc"])
def test_a_distribution_shows_its_members_only(member):
    with pytest.raises(GradcliError, match="has no attribute|does not give access"):
        api.run_script("import torch\nm = torch.distributions.Multinomial(2, torch.ones(3))\nprint(m.%s)" % member)


def test_the_distributions_gradcli_lacks_say_so():
    with pytest.raises(GradcliError, match="gradcli does not implement torch.distributions.Beta yet"):
        api.run_script("import torch\ntorch.distributions.Beta(1.0, 2.0)")
    with pytest.raises(GradcliError, match="gradcli does not implement torch.distributions.Multinomial.entropy"):
        api.run_script("import torch\ntorch.distributions.Multinomial(2, torch.ones(3)).entropy()")
