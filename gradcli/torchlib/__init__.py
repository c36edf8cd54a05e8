"""torch's Python-level library, built on the op table's rows: torch.autograd's Function, functional and
gradcheck (autograd/), torch.nn (nn/), torch.optim (optim/), torch.utils.data (utils/data/), torch.save and
torch.load (serialization). Its modules mirror torch's, so that a class prints torch's module name."""


def torch_module(module):
    """torch's name for one of gradcli's modules, as torch's messages and reprs show it: gradcli.torchlib.nn.layers
    is torch.nn.layers, gradcli.core.tensor torch.tensor (the layer folder dropped); a script's own module stays."""
    if not module.startswith("gradcli."):
        return module
    return "torch." + module.split(".", 2)[2]
