"""torch.nn.Parameter: a tensor that a Module registers as its parameter when assigned to one of its attributes."""

from ...base import errors
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


_NO_SHAPE = ("Can't access the shape of an uninitialized parameter or buffer. This error usually happens in "
             "`load_state_dict` when trying to load an uninitialized parameter into an initialized one. Call "
             "`forward` to initialize the parameters before accessing their attributes.")


class _Uninitialized:
    """What UninitializedParameter and UninitializedBuffer share: no shape until materialize(shape) gives them
    memory (uninitialised, as torch.empty's) and turns them into what they stand for, in place, so that a module,
    an optimizer or a list holding one holds the real tensor afterwards."""

    __slots__ = ()

    @property
    def shape(self):
        raise errors.GradcliError(_NO_SHAPE)

    def materialize(self, shape):
        """Give the tensor `shape` (its values unset) and make it a Parameter (a plain tensor for a buffer)."""
        self.array = empty(*shape, dtype=self.dtype).array
        self.__class__ = self.cls_to_become

    def __repr__(self):
        return "<%s>" % type(self).__name__

    __str__ = __repr__


class UninitializedParameter(_Uninitialized, Parameter):
    """torch.nn.parameter.UninitializedParameter: a lazy module's parameter before its first forward (or
    load_state_dict) tells its shape."""

    __slots__ = ()
    cls_to_become = Parameter

    def __init__(self, requires_grad=True, device=None, dtype=None):
        Tensor.__init__(self, empty(0, dtype=dtype).array, requires_grad)


class UninitializedBuffer(_Uninitialized, Tensor):
    """torch.nn.parameter.UninitializedBuffer: a lazy module's buffer (LazyBatchNorm's running_mean) before its
    shape is known."""

    __slots__ = ()
    cls_to_become = Tensor

    def __init__(self, requires_grad=False, device=None, dtype=None):
        Tensor.__init__(self, empty(0, dtype=dtype).array, requires_grad)


def is_uninitialized(tensor):
    """Whether `tensor` is a lazy module's parameter or buffer still waiting for its shape."""
    return isinstance(tensor, _Uninitialized)
