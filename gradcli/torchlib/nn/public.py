"""torch.nn as scripts see it: names() is what `torch.nn` offers (its classes' modules imported when a script first
reads it); get_member is what a script may read on a module: its own attributes, parameters,
buffers and submodules, and the members its classes list with @subclassable."""

import functools

from . import init, module, state  # noqa: F401 (the namespace reads nn.init, nn.module, nn.state)
from .module import Module
from .parameter import Parameter, UninitializedBuffer, UninitializedParameter
from ...base.subclassable import has_dynamic_attribute, library_members


@functools.lru_cache(maxsize=None)
def _classes():
    """The classes of torch.nn, and where torch defines each (type(nn.Linear(1, 1)) is <class
    'torch.nn.modules.linear.Linear'>): their modules are imported when a script first reads torch.nn."""
    from .containers import ModuleDict, ModuleList, ParameterDict, ParameterList, Sequential
    from .conv import (AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveMaxPool1d, AdaptiveMaxPool2d, AvgPool2d,
        BatchNorm1d, BatchNorm2d, BatchNorm3d, Conv1d, Conv2d, ConvTranspose1d, ConvTranspose2d, LayerNorm,
        MaxPool2d)
    from .layers import (ELU, GELU, Bilinear, Dropout, Dropout1d, Dropout2d, Dropout3d, Embedding, Flatten,
        Identity, LeakyReLU, Linear, LogSoftmax, ReLU, SiLU, Sigmoid, Softmax, Softplus, Tanh, Unflatten)
    from .loss import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, HuberLoss, KLDivLoss, L1Loss, MSELoss, NLLLoss,
        SmoothL1Loss)
    from .lazy import LazyBatchNorm1d, LazyBatchNorm2d, LazyBatchNorm3d, LazyConv1d, LazyConv2d, LazyLinear
    from .rnn import GRU, LSTM, RNN, GRUCell, LSTMCell, RNNCell
    from .upsampling import Upsample, UpsamplingBilinear2d, UpsamplingNearest2d
    classes = (Module, Parameter, Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict, Identity, Linear,
               Bilinear, Flatten, Unflatten, Dropout, Dropout1d, Dropout2d, Dropout3d, Embedding, ReLU, LeakyReLU,
               Tanh, Sigmoid, Softmax, LogSoftmax, GELU, ELU, SiLU, Softplus, LayerNorm, BatchNorm1d, BatchNorm2d,
               BatchNorm3d, Conv1d, Conv2d, ConvTranspose1d, ConvTranspose2d, MaxPool2d, AvgPool2d, AdaptiveAvgPool1d,
               AdaptiveAvgPool2d, AdaptiveMaxPool1d, AdaptiveMaxPool2d, MSELoss, L1Loss, SmoothL1Loss, HuberLoss,
               CrossEntropyLoss, NLLLoss, BCELoss, BCEWithLogitsLoss, KLDivLoss, RNN, LSTM, GRU, RNNCell,
               LSTMCell, GRUCell, Upsample, UpsamplingNearest2d, UpsamplingBilinear2d, LazyLinear, LazyConv1d,
               LazyConv2d, LazyBatchNorm1d, LazyBatchNorm2d, LazyBatchNorm3d)
    torch_modules = {
        "torch.nn.modules.module": (Module,),
        "torch.nn.parameter": (Parameter, UninitializedParameter, UninitializedBuffer),
        "torch.nn.modules.container": (Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict),
        "torch.nn.modules.linear": (Identity, Linear, Bilinear, LazyLinear),
        "torch.nn.modules.flatten": (Flatten, Unflatten),
        "torch.nn.modules.dropout": (Dropout, Dropout1d, Dropout2d, Dropout3d), "torch.nn.modules.sparse": (Embedding,),
        "torch.nn.modules.activation": (ReLU, LeakyReLU, Tanh, Sigmoid, Softmax, LogSoftmax, GELU, ELU, SiLU, Softplus),
        "torch.nn.modules.normalization": (LayerNorm,),
        "torch.nn.modules.batchnorm": (BatchNorm1d, BatchNorm2d, BatchNorm3d, LazyBatchNorm1d, LazyBatchNorm2d,
                                       LazyBatchNorm3d),
        "torch.nn.modules.conv": (Conv1d, Conv2d, ConvTranspose1d, ConvTranspose2d, LazyConv1d, LazyConv2d),
        "torch.nn.modules.pooling": (MaxPool2d, AvgPool2d, AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveMaxPool1d,
                                     AdaptiveMaxPool2d),
        "torch.nn.modules.rnn": (RNN, LSTM, GRU, RNNCell, LSTMCell, GRUCell),
        "torch.nn.modules.upsampling": (Upsample, UpsamplingNearest2d, UpsamplingBilinear2d),
        "torch.nn.modules.loss": (MSELoss, L1Loss, SmoothL1Loss, HuberLoss, CrossEntropyLoss, NLLLoss, BCELoss,
                                  BCEWithLogitsLoss, KLDivLoss),
    }
    qualified = {cls: "%s.%s" % (where, cls.__name__) for where, found in torch_modules.items() for cls in found}
    return classes, qualified


def classes():
    """torch.nn's classes, as `torch.nn` offers them."""
    return _classes()[0]


def names():
    """What `torch.nn` offers (its functional and init submodules are added by the language's namespace)."""
    return {cls.__name__: cls for cls in classes()}


def is_class(kind):
    """Whether `kind` is one of torch.nn's classes (without importing them for a class that cannot be one)."""
    return isinstance(kind, type) and issubclass(kind, (Module, Parameter)) and kind in classes()


def qualified_name(cls):
    """torch's module path and name of a torch.nn class (`torch.nn.modules.linear.Linear`), or None."""
    return _classes()[1].get(cls)

MISSING = object()


def members(obj):
    """The class-defined names a script may use on a module or a torch.nn class (their @subclassable members)."""
    return library_members(obj if isinstance(obj, type) else type(obj))


def get_member(obj, name):
    """obj.name for a script: one of the module's own attributes, parameters, buffers or submodules, or a listed
    member of its class (no name with a leading underscore but the three registries books print and fill:
    _modules, _parameters, _buffers); MISSING when neither."""
    if name.startswith("_") and name not in module.REGISTRIES:
        return MISSING
    if name in obj.__dict__:
        return obj.__dict__[name]
    if has_dynamic_attribute(obj, name) or name in members(obj):
        return getattr(obj, name)
    return MISSING
