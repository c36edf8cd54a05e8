"""torch.distributions.utils: what the distributions share to take their parameters."""

import numbers

import numpy as np

from ...base import grad_mode
from ...core.tensor import Tensor
from ...ops import FUNCTIONAL as F
from ...ops import FUNCTIONS as torch


def broadcast_all(*values):
    """The values as tensors broadcast to one shape; numbers take the first tensor's dtype (the default dtype when
    all are numbers)."""
    if not all(isinstance(v, (Tensor, numbers.Number)) for v in values):
        raise ValueError("Input arguments must all be instances of Number, torch.Tensor or objects implementing "
                         "__torch_function__.")
    if not all(isinstance(v, Tensor) for v in values):
        dtype = next((v.dtype for v in values if isinstance(v, Tensor)), torch["get_default_dtype"]())
        values = [v if isinstance(v, Tensor) else torch["tensor"](v, dtype=dtype) for v in values]
    return torch["broadcast_tensors"](*values)


def clamp_probs(probs):
    """probs clamped to [eps, 1 - eps], eps the dtype's machine epsilon."""
    eps = float(np.finfo(probs.array.dtype).eps)
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs, is_binary=False):
    clamped = clamp_probs(probs)
    if is_binary:
        return torch["log"](clamped) - torch["log1p"](-clamped)
    return torch["log"](clamped)


def logits_to_probs(logits, is_binary=False):
    if is_binary:
        return torch["sigmoid"](logits)
    return F["softmax"](logits, dim=-1)


class lazy_property:
    """A parameter worked out from the other on first reading (probs from logits, or logits from probs), then
    kept in the instance's __dict__ (so that repr, which shows the given ones, does not show it before)."""

    def __init__(self, method):
        self.method = method
        self.__doc__ = method.__doc__

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        with grad_mode.enable_grad():
            value = self.method(instance)
        instance.__dict__[self.method.__name__] = value
        return value
