"""torch.nn as scripts see it: NAMES is what `torch.nn` offers (its functional and init submodules are added by
the language's namespace); MEMBERS lists what a script may call or read on a module besides its own
attributes, parameters, buffers and submodules (get_member)."""

from . import init, module
from .containers import ModuleDict, ModuleList, Sequential
from .conv import AvgPool2d, BatchNorm1d, Conv1d, Conv2d, LayerNorm, MaxPool2d
from .layers import (ELU, GELU, Bilinear, Dropout, Embedding, Flatten, Identity, LeakyReLU, Linear, LogSoftmax, ReLU,
                     SiLU, Sigmoid, Softmax, Softplus, Tanh, Unflatten)
from .loss import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, HuberLoss, KLDivLoss, L1Loss, MSELoss, NLLLoss,
                   SmoothL1Loss)
from .module import Module
from .parameter import Parameter

CLASSES = (Module, Parameter, Sequential, ModuleList, ModuleDict, Identity, Linear, Bilinear, Flatten, Unflatten,
           Dropout, Embedding, ReLU, LeakyReLU, Tanh, Sigmoid, Softmax, LogSoftmax, GELU, ELU, SiLU, Softplus,
           LayerNorm, BatchNorm1d, Conv1d, Conv2d, MaxPool2d, AvgPool2d, MSELoss, L1Loss, SmoothL1Loss, HuberLoss,
           CrossEntropyLoss, NLLLoss, BCELoss, BCEWithLogitsLoss, KLDivLoss)
NAMES = {cls.__name__: cls for cls in CLASSES}
# where torch defines each class: type(nn.Linear(1, 1)) is <class 'torch.nn.modules.linear.Linear'>
TORCH_MODULES = {
    "torch.nn.modules.module": (Module,), "torch.nn.parameter": (Parameter,),
    "torch.nn.modules.container": (Sequential, ModuleList, ModuleDict),
    "torch.nn.modules.linear": (Identity, Linear, Bilinear), "torch.nn.modules.flatten": (Flatten, Unflatten),
    "torch.nn.modules.dropout": (Dropout,), "torch.nn.modules.sparse": (Embedding,),
    "torch.nn.modules.activation": (ReLU, LeakyReLU, Tanh, Sigmoid, Softmax, LogSoftmax, GELU, ELU, SiLU, Softplus),
    "torch.nn.modules.normalization": (LayerNorm,), "torch.nn.modules.batchnorm": (BatchNorm1d,),
    "torch.nn.modules.conv": (Conv1d, Conv2d), "torch.nn.modules.pooling": (MaxPool2d, AvgPool2d),
    "torch.nn.modules.loss": (MSELoss, L1Loss, SmoothL1Loss, HuberLoss, CrossEntropyLoss, NLLLoss, BCELoss,
                              BCEWithLogitsLoss, KLDivLoss),
}
_QUALIFIED = {cls: "%s.%s" % (where, cls.__name__) for where, classes in TORCH_MODULES.items() for cls in classes}


def qualified_name(cls):
    """torch's module path and name of a torch.nn class (`torch.nn.modules.linear.Linear`), or None."""
    return _QUALIFIED.get(cls)

# what a script may use on a module besides its own attributes, parameters, buffers and submodules
MEMBERS = {
    Module: frozenset((
        "forward", "parameters", "named_parameters", "buffers", "named_buffers", "children", "named_children",
        "modules", "named_modules", "state_dict", "load_state_dict", "train", "eval", "training", "zero_grad",
        "requires_grad_", "apply", "register_buffer", "register_parameter", "add_module", "register_module",
        "get_submodule", "get_parameter", "extra_repr", "to", "cpu", "cuda", "float", "double", "half",
        "reset_parameters")),
    Sequential: frozenset(("append", "extend", "insert", "pop")),
    ModuleList: frozenset(("append", "extend", "insert", "pop")),
    ModuleDict: frozenset(("keys", "items", "values", "update", "clear", "pop")),
    BatchNorm1d: frozenset(("reset_running_stats",)),
}
CLASS_MEMBERS = {Embedding: frozenset(("from_pretrained",))}


def members(obj):
    """The class-defined names a script may use on a module instance (its library classes' MEMBERS)."""
    names = frozenset()
    for kind in type(obj).__mro__:
        names |= MEMBERS.get(kind, frozenset())
    return names


MISSING = object()


def get_member(obj, name):
    """obj.name for a script: a listed member of its class, or one of the module's own attributes, parameters,
    buffers or submodules (names without a leading underscore); MISSING when neither."""
    if name.startswith("_"):
        return MISSING
    state = obj.__dict__
    if name in state:
        return state[name]
    for registry in ("_parameters", "_buffers", "_modules"):
        found = state.get(registry)
        if found is not None and name in found:
            return found[name]
    if name in members(obj):
        return getattr(obj, name)
    return MISSING
