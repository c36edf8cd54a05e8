"""torch.nn's basic layers: Identity, Linear, Bilinear, Flatten, Unflatten, Dropout (and its channel-wise 1d, 2d
and 3d), Embedding, and the activation modules. Each creates its parameters and draws their initial values in
torch's order, so a seeded model starts from torch's weights."""

import math

from . import init
from .module import Module
from .parameter import Parameter
from ...base import grad_mode
from ...base.subclassable import subclassable
from ...ops import FUNCTIONAL as F
from ...ops import FUNCTIONS as torch


def _empty(*shape, dtype=None, device=None):
    return torch["empty"](*shape, dtype=dtype, device=device)


def weight_and_bias(module, weight_shape, bias, dtype, bias_size=None, device=None):
    """module.weight of weight_shape and, if `bias`, module.bias of bias_size (weight_shape[0] unless given; else
    registered as None), uninitialised, on `device` (None: the default device)."""
    module.weight = Parameter(_empty(*weight_shape, dtype=dtype, device=device))
    if bias:
        module.bias = Parameter(_empty(weight_shape[0] if bias_size is None else bias_size, dtype=dtype,
                                       device=device))
    else:
        module.register_parameter("bias", None)


def reset_linear(weight, bias):
    """Linear's and Conv's initialisation: kaiming_uniform_(a=sqrt(5)) for the weight, U(-1/sqrt(fan_in),
    1/sqrt(fan_in)) for the bias."""
    init.kaiming_uniform_(weight, a=math.sqrt(5))
    if bias is not None:
        fan_in, _ = init._calculate_fan_in_and_fan_out(weight)
        bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
        init.uniform_(bias, -bound, bound)


class Identity(Module):
    """Returns its input (any constructor arguments are ignored)."""

    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    """y = x W^T + b, with W of shape (out_features, in_features) drawn from U(-1/sqrt(in), 1/sqrt(in)) by
    kaiming_uniform_(a=sqrt(5)), and b from the same range."""

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        weight_and_bias(self, (out_features, in_features), bias, dtype, device=device)
        self.reset_parameters()

    def reset_parameters(self):
        reset_linear(self.weight, self.bias)

    def forward(self, input):
        return F["linear"](input, self.weight, self.bias)

    def extra_repr(self):
        return "in_features=%s, out_features=%s, bias=%s" % (self.in_features, self.out_features,
                                                              self.bias is not None)


class Bilinear(Module):
    """y = x1^T A x2 + b, with A of shape (out_features, in1_features, in2_features)."""

    def __init__(self, in1_features, in2_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in1_features = in1_features
        self.in2_features = in2_features
        self.out_features = out_features
        weight_and_bias(self, (out_features, in1_features, in2_features), bias, dtype, device=device)
        self.reset_parameters()

    def reset_parameters(self):
        if self.in1_features <= 0:
            raise ValueError("in1_features must be > 0, but got (in1_features=%s)" % self.in1_features)
        bound = 1 / math.sqrt(self.weight.size(1))
        init.uniform_(self.weight, -bound, bound)
        if self.bias is not None:
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input1, input2):
        return F["bilinear"](input1, input2, self.weight, self.bias)

    def extra_repr(self):
        return "in1_features=%s, in2_features=%s, out_features=%s, bias=%s" % (
            self.in1_features, self.in2_features, self.out_features, self.bias is not None)


class Flatten(Module):
    """Flattens dims start_dim..end_dim into one (by default all but the batch dim)."""

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input):
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self):
        return "start_dim=%s, end_dim=%s" % (self.start_dim, self.end_dim)


class Unflatten(Module):
    """Views dim `dim` as the shape unflattened_size."""

    def __init__(self, dim, unflattened_size):
        super().__init__()
        if not isinstance(unflattened_size, (tuple, list)):
            raise TypeError("unflattened_size must be a tuple of ints, but found type %s"
                            % type(unflattened_size).__name__)
        for i, size in enumerate(unflattened_size):
            if not isinstance(size, int):
                raise TypeError("unflattened_size must be tuple of ints, but found element of type %s at pos %d"
                                % (type(size).__name__, i))
        self.dim = dim
        self.unflattened_size = unflattened_size

    def forward(self, input):
        return input.unflatten(self.dim, self.unflattened_size)

    def extra_repr(self):
        return "dim=%s, unflattened_size=%s" % (self.dim, self.unflattened_size)


class Dropout(Module):
    """In training mode, zeroes each element with probability p (on torch's random stream) and scales the rest
    by 1 / (1 - p); in evaluation mode, the identity."""

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError("dropout probability has to be between 0 and 1, but got %s" % p)
        self.p = p
        self.inplace = inplace

    def forward(self, input):
        return F["dropout"](input, self.p, self.training, self.inplace)

    def extra_repr(self):
        return "p=%s, inplace=%s" % (self.p, self.inplace)


class Dropout1d(Dropout):
    """In training mode, zeroes whole channels of an (N, C, L) input with probability p."""

    def forward(self, input):
        return F["dropout1d"](input, self.p, self.training, self.inplace)


class Dropout2d(Dropout):
    """In training mode, zeroes whole channels of an (N, C, H, W) input with probability p."""

    def forward(self, input):
        return F["dropout2d"](input, self.p, self.training, self.inplace)


class Dropout3d(Dropout):
    """In training mode, zeroes whole channels of an (N, C, D, H, W) input with probability p."""

    def forward(self, input):
        return F["dropout3d"](input, self.p, self.training, self.inplace)


@subclassable(members=("from_pretrained",))
class Embedding(Module):
    """A lookup table of num_embeddings vectors of size embedding_dim, drawn from N(0, 1) (the padding_idx row
    zero)."""

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
                 scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, device=None, dtype=None):
        super().__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        if padding_idx is not None:
            if padding_idx > 0 and padding_idx >= num_embeddings:
                raise AssertionError("Padding_idx must be within num_embeddings")
            if padding_idx < 0:
                if padding_idx < -num_embeddings:
                    raise AssertionError("Padding_idx must be within num_embeddings")
                padding_idx = num_embeddings + padding_idx
        self.padding_idx = padding_idx
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        if _weight is None:
            self.weight = Parameter(_empty(num_embeddings, embedding_dim, dtype=dtype), requires_grad=not _freeze)
            self.reset_parameters()
        else:
            if list(_weight.shape) != [num_embeddings, embedding_dim]:
                raise AssertionError("Shape of weight does not match num_embeddings and embedding_dim")
            self.weight = Parameter(_weight, requires_grad=not _freeze)
        self.sparse = sparse

    def reset_parameters(self):
        init.normal_(self.weight)
        if self.padding_idx is not None:
            with grad_mode.no_grad():
                self.weight[self.padding_idx].fill_(0)

    def forward(self, input):
        return F["embedding"](input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                              self.scale_grad_by_freq, self.sparse)

    @classmethod
    def from_pretrained(cls, embeddings, freeze=True, padding_idx=None, max_norm=None, norm_type=2.0,
                        scale_grad_by_freq=False, sparse=False):
        """An Embedding whose weight is `embeddings` (a 2-D tensor), frozen unless freeze=False."""
        if embeddings.dim() != 2:
            raise AssertionError("Embeddings parameter is expected to be 2-dimensional")
        rows, cols = embeddings.shape
        return cls(rows, cols, padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse, _weight=embeddings,
                   _freeze=freeze)

    def extra_repr(self):
        text = "%s, %s" % (self.num_embeddings, self.embedding_dim)
        if self.padding_idx is not None:
            text += ", padding_idx=%s" % self.padding_idx
        if self.max_norm is not None:
            text += ", max_norm=%s" % self.max_norm
        if self.norm_type != 2:
            text += ", norm_type=%s" % self.norm_type
        if self.scale_grad_by_freq is not False:
            text += ", scale_grad_by_freq=%s" % self.scale_grad_by_freq
        if self.sparse is not False:
            text += ", sparse=True"
        return text


# ---------------------------------------------------------------- activations
class _Activation(Module):
    """An activation module: keeps its options as attributes and calls its functional form with them. Its repr
    lists the options (an in-place flag only when set), as torch's extra_repr does."""

    function = None  # the torch.nn.functional function
    options = ()     # (name, default) in the constructor's order

    def _options(self):
        """The options of the library class `self` is an instance of: never `options` a script set on the
        instance or its own subclass (its names would reach getattr and setattr)."""
        return next(klass.__dict__["options"] for klass in type(self).__mro__
                    if klass.__dict__.get("__module__") == __name__ and "options" in klass.__dict__)

    def __init__(self, *args, **kwargs):
        super().__init__()
        options = self._options()
        names = [name for name, _ in options]
        if len(args) > len(names):
            raise TypeError("%s.__init__() takes from 1 to %d positional arguments but %d were given"
                            % (type(self).__name__, len(names) + 1, len(args) + 1))
        values = dict(options, **dict(zip(names, args)))
        for name, value in kwargs.items():
            if name not in values:
                raise TypeError("%s.__init__() got an unexpected keyword argument '%s'" % (type(self).__name__, name))
            values[name] = value
        for name in names:
            setattr(self, name, values[name])

    def forward(self, input):
        return F[self.function](input, **{name: getattr(self, name) for name, _ in self._options()})

    def extra_repr(self):
        return ", ".join("%s=%r" % (name, getattr(self, name)) for name, _ in self._options()
                         if name != "inplace" or self.inplace)


def _activation(name, function, *options):
    return type(name, (_Activation,), {"function": function, "options": options, "__module__": __name__,
                                       "__doc__": "torch.nn.%s: torch.nn.functional.%s as a module." % (name, function)})


ReLU = _activation("ReLU", "relu", ("inplace", False))
LeakyReLU = _activation("LeakyReLU", "leaky_relu", ("negative_slope", 1e-2), ("inplace", False))
Tanh = _activation("Tanh", "tanh")
Sigmoid = _activation("Sigmoid", "sigmoid")
Softmax = _activation("Softmax", "softmax", ("dim", None))
LogSoftmax = _activation("LogSoftmax", "log_softmax", ("dim", None))
GELU = _activation("GELU", "gelu", ("approximate", "none"))
ELU = _activation("ELU", "elu", ("alpha", 1.0), ("inplace", False))
SiLU = _activation("SiLU", "silu", ("inplace", False))
Softplus = _activation("Softplus", "softplus", ("beta", 1.0), ("threshold", 20.0))
