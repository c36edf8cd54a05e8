"""torch.distributions.Distribution: batch and event shapes, validation of the parameters (at construction) and
of the values scored (log_prob), in torch's words, and torch's repr."""

from .utils import lazy_property
from ...base import grad_mode
from ...core.tensor import Size, Tensor
from ...ops import FUNCTIONS as torch


class Distribution:
    """The base of the distributions. Validation is on by default, as in torch (set_default_validate_args)."""

    has_rsample = False
    _validate_args = True
    arg_constraints = {}

    @staticmethod
    def set_default_validate_args(value):
        if value not in (True, False):
            raise ValueError
        Distribution._validate_args = value

    def __init__(self, batch_shape=Size(), event_shape=Size(), validate_args=None):
        self._batch_shape, self._event_shape = Size(batch_shape), Size(event_shape)
        if validate_args is not None:
            self._validate_args = validate_args
        if self._validate_args:
            for param, constraint in self.arg_constraints.items():
                if param not in self.__dict__ and isinstance(getattr(type(self), param, None), lazy_property):
                    continue  # (the parameter not given, worked out from the given one, is not checked)
                value = getattr(self, param)
                if not bool(constraint.check(value).all()):
                    raise ValueError("Expected parameter {} ({} of shape {}) of distribution {!r} to satisfy the "
                                     "constraint {!r}, but found invalid values:\n{}".format(
                                         param, type(value).__name__, tuple(value.shape), self, constraint, value))

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    def _extended_shape(self, sample_shape=Size()):
        return Size(tuple(sample_shape) + tuple(self._batch_shape) + tuple(self._event_shape))

    @property
    def stddev(self):
        return self.variance.sqrt()

    def sample(self, sample_shape=Size()):
        """A sample (of sample_shape + batch_shape + event_shape) outside the graph."""
        with grad_mode.no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape=Size()):
        raise NotImplementedError

    def perplexity(self):
        return torch["exp"](self.entropy())

    def _validate_sample(self, value):
        if not isinstance(value, Tensor):
            raise ValueError("The value argument to log_prob must be a Tensor")
        event_start = value.dim() - len(self._event_shape)
        if value.size()[event_start:] != self._event_shape:
            raise ValueError("The right-most size of value must match event_shape: %s vs %s."
                             % (value.size(), self._event_shape))
        actual, expected = value.size(), self._batch_shape + self._event_shape
        for i, j in zip(reversed(actual), reversed(expected)):
            if i != 1 and j != 1 and i != j:
                raise ValueError("Value is not broadcastable with batch_shape+event_shape: %s vs %s."
                                 % (actual, Size(expected)))
        if not bool(self.support.check(value).all()):
            raise ValueError("Expected value argument ({} of shape {}) to be within the support ({!r}) of the "
                             "distribution {!r}, but found invalid values:\n{}".format(
                                 type(value).__name__, tuple(value.shape), self.support, self, value))

    def __repr__(self):
        shown = [name for name in self.arg_constraints if name in self.__dict__]
        return type(self).__name__ + "(" + ", ".join(
            "{}: {}".format(name, self.__dict__[name] if self.__dict__[name].numel() == 1 else
                            self.__dict__[name].size()) for name in shown) + ")"


MEMBERS = frozenset(("batch_shape", "event_shape", "sample", "rsample", "log_prob", "entropy", "mean", "mode",
                     "variance", "stddev", "cdf", "icdf", "perplexity", "has_rsample", "support", "arg_constraints",
                     "probs", "logits", "loc", "scale", "low", "high", "total_count", "param_shape"))


def members(distribution):
    """What a script may use on a distribution: the members above that its class has."""
    kind = type(distribution)
    return frozenset(name for name in MEMBERS if name in distribution.__dict__ or hasattr(kind, name))
