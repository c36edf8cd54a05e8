"""torch.distributions.constraints: what a parameter or a sample must satisfy; check(value) is a boolean tensor
(reduced over the event dims), repr is torch's (`GreaterThan(lower_bound=0.0)`)."""

from ...ops import FUNCTIONS as torch


class Constraint:
    is_discrete = False
    event_dim = 0

    def check(self, value):
        raise NotImplementedError

    def __repr__(self):
        return type(self).__name__[1:] + "()"


class _Real(Constraint):
    def check(self, value):
        return value == value  # (NaN is the one value not equal to itself)


class _Boolean(Constraint):
    is_discrete = True

    def check(self, value):
        return (value == 0) | (value == 1)


class _GreaterThan(Constraint):
    def __init__(self, lower_bound):
        self.lower_bound = lower_bound

    def check(self, value):
        return self.lower_bound < value

    def __repr__(self):
        return "GreaterThan(lower_bound={})".format(self.lower_bound)


class _LessThan(Constraint):
    def __init__(self, upper_bound):
        self.upper_bound = upper_bound

    def check(self, value):
        return value < self.upper_bound

    def __repr__(self):
        return "LessThan(upper_bound={})".format(self.upper_bound)


class _Interval(Constraint):
    def __init__(self, lower_bound, upper_bound):
        self.lower_bound, self.upper_bound = lower_bound, upper_bound

    def check(self, value):
        return (self.lower_bound <= value) & (value <= self.upper_bound)

    def __repr__(self):
        return "Interval(lower_bound={}, upper_bound={})".format(self.lower_bound, self.upper_bound)


class _IntegerInterval(_Interval):
    is_discrete = True

    def check(self, value):
        return (value % 1 == 0) & super().check(value)

    def __repr__(self):
        return "Integer" + super().__repr__()


class _Simplex(Constraint):
    event_dim = 1

    def check(self, value):
        return torch["all"](value >= 0, dim=-1) & ((value.sum(-1) - 1).abs() < 1e-6)


class _IndependentConstraint(Constraint):
    def __init__(self, base, reinterpreted_batch_ndims):
        self.base, self.reinterpreted_batch_ndims = base, reinterpreted_batch_ndims
        self.event_dim = base.event_dim + reinterpreted_batch_ndims

    def check(self, value):
        result = self.base.check(value)
        return result.reshape(result.shape[:result.dim() - self.reinterpreted_batch_ndims] + (-1,)).all(-1)

    def __repr__(self):
        return "IndependentConstraint(%r, %d)" % (self.base, self.reinterpreted_batch_ndims)


class _Multinomial(Constraint):
    """Counts of at most upper_bound draws: nonnegative, summing to no more."""
    is_discrete = True
    event_dim = 1

    def __init__(self, upper_bound):
        self.upper_bound = upper_bound

    def check(self, value):
        return (value >= 0).all(dim=-1) & (value.sum(dim=-1) <= self.upper_bound)


real = _Real()
boolean = _Boolean()
positive = _GreaterThan(0.0)
unit_interval = _Interval(0.0, 1.0)
simplex = _Simplex()
real_vector = _IndependentConstraint(real, 1)
greater_than, less_than, interval = _GreaterThan, _LessThan, _Interval
integer_interval, multinomial = _IntegerInterval, _Multinomial
