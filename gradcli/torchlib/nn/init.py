"""torch.nn.init: fill a tensor in place, without recording a graph.

The bounds and standard deviations are computed with Python floats in torch's order of operations, and the
values come from Tensor.uniform_ / normal_ on gradcli's copy of torch's CPU stream: after the same
manual_seed a layer's default initialisation is torch's, bit for bit.
"""

import math

from ...base import errors, grad_mode

_LINEAR_FNS = ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d")


def calculate_gain(nonlinearity, param=None):
    """The recommended gain for a nonlinearity: 1 for linear and sigmoid, 5/3 for tanh, sqrt(2) for relu,
    sqrt(2 / (1 + slope^2)) for leaky_relu, 3/4 for selu."""
    if nonlinearity in _LINEAR_FNS or nonlinearity == "sigmoid":
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            slope = 0.01
        elif isinstance(param, (int, float)) and not isinstance(param, bool):
            slope = param
        else:
            raise ValueError("negative_slope %s not a valid number" % param)
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError("Unsupported nonlinearity %s" % nonlinearity)


def uniform_(tensor, a=0.0, b=1.0, generator=None):
    """Values from U(a, b)."""
    with grad_mode.no_grad():
        return tensor.uniform_(a, b, generator=generator)


def normal_(tensor, mean=0.0, std=1.0, generator=None):
    """Values from N(mean, std^2)."""
    with grad_mode.no_grad():
        return tensor.normal_(mean, std, generator=generator)


def constant_(tensor, val):
    with grad_mode.no_grad():
        return tensor.fill_(val)


def ones_(tensor):
    return constant_(tensor, 1.0)


def zeros_(tensor):
    with grad_mode.no_grad():
        return tensor.zero_()


def eye_(tensor):
    """The identity matrix (a 2-D tensor only)."""
    if tensor.ndim != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    from ...ops import FUNCTIONS
    with grad_mode.no_grad():
        return tensor.copy_(FUNCTIONS["eye"](*tensor.shape, dtype=tensor.dtype))


def _calculate_fan_in_and_fan_out(tensor):
    if tensor.ndim < 2:
        raise ValueError("Fan in and fan out can not be computed for tensor with fewer than 2 dimensions")
    receptive_field = 1
    for size in tensor.shape[2:]:
        receptive_field *= size
    return tensor.shape[1] * receptive_field, tensor.shape[0] * receptive_field


def _fan(tensor, mode):
    mode = mode.lower()
    if mode not in ("fan_in", "fan_out"):
        raise ValueError("Mode %s not supported, please use one of ['fan_in', 'fan_out']" % mode)
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def xavier_uniform_(tensor, gain=1.0, generator=None):
    """Glorot: U(-a, a) with a = gain * sqrt(6 / (fan_in + fan_out))."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std
    return uniform_(tensor, -a, a, generator)


def xavier_normal_(tensor, gain=1.0, generator=None):
    """Glorot: N(0, std^2) with std = gain * sqrt(2 / (fan_in + fan_out))."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return normal_(tensor, 0.0, std, generator)


def _empty_tensor(tensor):
    if 0 in tensor.shape:
        errors.warn("Initializing zero-element tensors is a no-op")
        return True
    return False


def kaiming_uniform_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    """He: U(-bound, bound) with bound = gain * sqrt(3 / fan) (what Linear and Conv use, with a = sqrt(5))."""
    if _empty_tensor(tensor):
        return tensor
    std = calculate_gain(nonlinearity, a) / math.sqrt(_fan(tensor, mode))
    bound = math.sqrt(3.0) * std
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    """He: N(0, std^2) with std = gain / sqrt(fan)."""
    if _empty_tensor(tensor):
        return tensor
    std = calculate_gain(nonlinearity, a) / math.sqrt(_fan(tensor, mode))
    return normal_(tensor, 0, std, generator)


def _deprecated(init):
    """torch's _make_deprecate: the old name without `_` (torch 0.3's), warned each place it is called."""
    old = init.__name__[:-1]

    def deprecated_init(*args, **kwargs):
        errors.warn("`nn.init.%s` is now deprecated in favor of `nn.init.%s`." % (old, init.__name__),
                    "FutureWarning")
        return init(*args, **kwargs)
    deprecated_init.__name__ = deprecated_init.__qualname__ = old
    deprecated_init.__doc__ = init.__doc__
    return deprecated_init


# torch.nn.init's public names
NAMES = {fn.__name__: fn for fn in (calculate_gain, uniform_, normal_, constant_, ones_, zeros_, eye_,
                                    xavier_uniform_, xavier_normal_, kaiming_uniform_, kaiming_normal_)}
NAMES.update({fn.__name__: fn for fn in map(_deprecated, (uniform_, normal_, constant_, eye_, xavier_uniform_,
                                                          xavier_normal_, kaiming_uniform_, kaiming_normal_))})
