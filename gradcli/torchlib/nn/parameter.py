"""torch.nn.Parameter: a tensor that a Module registers as its parameter when assigned to one of its attributes."""

from ...ops.rows.creation import empty
from ...core.tensor import Tensor


class Parameter(Tensor):
    """A leaf tensor that requires grad by default and shares the memory of the tensor it is made from.
    It prints as torch prints one: `Parameter containing:` above the tensor."""

    __slots__ = ()

    def __init__(self, data=None, requires_grad=True):
        if data is None:
            data = empty(0)
        if not isinstance(data, Tensor):
            raise TypeError("Parameter(): argument 'data' must be Tensor, not %s" % type(data).__name__)
        super().__init__(data.array, requires_grad)

    def __repr__(self):
        return "Parameter containing:\n" + super().__repr__()

    __str__ = __repr__
