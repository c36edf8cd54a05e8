"""torch.distributions.Multinomial."""

from . import constraints
from .categorical import Categorical
from .distribution import Distribution
from .utils import broadcast_all
from ...base import errors
from ...core.tensor import Size
from ...ops import FUNCTIONS as torch


class Multinomial(Distribution):
    """Counts of total_count draws of a Categorical: sample draws total_count * sample_shape categorical samples
    and adds them up per category, as torch does."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}

    def __init__(self, total_count=1, probs=None, logits=None, validate_args=None):
        if not isinstance(total_count, int):
            raise NotImplementedError("inhomogeneous total_count is not supported")
        self.total_count = total_count
        self._categorical = Categorical(probs=probs, logits=logits)
        batch_shape = self._categorical.batch_shape
        event_shape = self._categorical.param_shape[-1:]
        super().__init__(batch_shape, event_shape, validate_args)

    @property
    def support(self):
        return constraints.multinomial(self.total_count)

    @property
    def mean(self):
        return self.probs * self.total_count

    @property
    def variance(self):
        return self.total_count * self.probs * (1 - self.probs)

    @property
    def logits(self):
        return self._categorical.logits

    @property
    def probs(self):
        return self._categorical.probs

    @property
    def param_shape(self):
        return self._categorical.param_shape

    def sample(self, sample_shape=Size()):
        sample_shape = Size(sample_shape)
        samples = self._categorical.sample(Size((self.total_count,)) + sample_shape)
        # (total_count, sample_shape, batch_shape) -> (sample_shape, batch_shape, total_count)
        order = list(range(samples.dim()))
        order.append(order.pop(0))
        samples = samples.permute(*order)
        counts = torch["zeros"](self._extended_shape(sample_shape), dtype=samples.dtype)
        counts.scatter_add_(-1, samples, torch["ones_like"](samples))
        return counts.to(self.probs.dtype)  # (torch: type_as)

    def entropy(self):
        raise errors.GradcliError("gradcli does not implement torch.distributions.Multinomial.entropy yet",
                                  "NotImplementedError")

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        logits = logits.clone()
        log_factorial_n = torch["lgamma"](value.sum(-1) + 1)
        log_factorial_xs = torch["lgamma"](value + 1).sum(-1)
        logits[(value == 0) & (logits == float("-inf"))] = 0
        log_powers = (logits * value).sum(-1)
        return log_factorial_n - log_factorial_xs + log_powers
