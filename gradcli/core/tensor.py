"""Tensor: a numpy array with torch's autograd state (requires_grad, grad, grad_fn, version counter).

Arithmetic, Python's operators and the tensor methods come from the op table (gradcli.ops), which installs
them on the class when it loads; what is here is the state itself and Python's conversion protocols.
"""

import _thread

import numpy as np

from ..base import dtypes, errors
from .meta import MetaArray, contiguous_strides, refuse_copy_out, refuse_item

_autograd = None  # gradcli.core.backward, imported at the first backward (it imports this module)
_TO_NUMPY = {d: np.dtype(d.numpy_name) for d in dtypes.ALL}
DTYPES = {np.dtype(d.numpy_name): d for d in dtypes.ALL}  # numpy dtype -> gradcli dtype (a tensor's .dtype)


def to_numpy_dtype(dtype):
    return _TO_NUMPY[dtype]


_COUNTER_MADE = _thread.allocate_lock()  # (_thread: threading is not imported at start)


class VersionCounter:
    """How many in-place changes a tensor's memory has seen; shared by the tensor, its views and detach()."""

    __slots__ = ("value",)

    def __init__(self):
        self.value = 0


# the device types torch 2.13 names (torch.device("foo") lists them in its error)
DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga", "maia",
                "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia", "privateuseone")


class Device:
    """torch.device: a type and an optional index (`cuda:1`). Tensors here live on the CPU only; a CUDA device
    can be named, not used."""

    __slots__ = ("type", "index", "_outer")

    def __init__(self, type, index=None):
        if isinstance(type, Device):
            self.type, self.index = type.type, type.index
            return
        text = str(type)
        kind, colon, number = text.partition(":")
        if kind not in DEVICE_TYPES:
            raise errors.GradcliError("Expected one of %s device type at start of device string: %s"
                                      % (", ".join(DEVICE_TYPES), text), "RuntimeError")
        if colon:
            if not number.isdigit() or (len(number) > 1 and number[0] == "0"):
                raise errors.GradcliError("Invalid device string: '%s'" % text, "RuntimeError")
            if index is not None:
                raise errors.GradcliError("type (string) must not include an index because index was passed "
                                          "explicitly: %s" % text, "RuntimeError")
            index = int(number)
        elif index is not None and index < 0:
            raise errors.GradcliError("Device index must not be negative", "RuntimeError")
        self.type, self.index = kind, index

    def __repr__(self):
        if self.index is None:
            return "device(type='%s')" % self.type
        return "device(type='%s', index=%d)" % (self.type, self.index)

    def __str__(self):
        return self.type if self.index is None else "%s:%d" % (self.type, self.index)

    def __eq__(self, other):
        return isinstance(other, Device) and other.type == self.type and other.index == self.index

    def __hash__(self):
        return hash((self.type, self.index))

    def __enter__(self):
        """`with torch.device(...)`: the default device of the factories inside (the CPU or `meta`); CUDA fails
        on entering (torch fails at the first tensor made inside, with the same error)."""
        from ..base.runstate import current
        if self.type != "meta":
            require_cpu(self)
        state = current()
        self._outer, state.device = state.device, (None if self.type == "cpu" else self)
        return self

    def __exit__(self, *exc):
        from ..base.runstate import current
        current().device = self._outer
        return False


CPU = Device("cpu")
META = Device("meta")


class CudaDevice:
    """torch.cuda.device(d): a context manager selecting a CUDA device. It can be made on a CPU build, as torch's
    can; entering it fails there in torch's words."""

    __slots__ = ("idx", "prev_idx")

    def __init__(self, device):
        if isinstance(device, str):
            device = Device(device)
        if isinstance(device, Device):
            if device.type != "cuda":
                raise errors.GradcliError("Expected a cuda device, but got: %s" % device, "ValueError")
            device = device.index
        self.idx, self.prev_idx = device, -1

    def __enter__(self):
        if self.idx is None:  # (torch compares the missing index with -1)
            raise errors.GradcliError("'<' not supported between instances of 'NoneType' and 'int'", "TypeError")
        if self.idx >= 0:
            raise errors.GradcliError("PyTorch was compiled without CUDA support", "RuntimeError")
        return None

    def __exit__(self, *exc):
        return False

    def __repr__(self):
        return "<torch.cuda.device object at %#x>" % id(self)


def require_cpu(device):
    """The one device gradcli computes on: a CUDA device is torch's error on a CPU-only build; others (meta, mps,
    ...) gradcli does not have."""
    kind = device.type if isinstance(device, Device) else str(device).split(":")[0]
    if kind == "cuda":
        raise errors.GradcliError("Torch not compiled with CUDA enabled", "AssertionError")
    if kind != "cpu":
        raise errors.GradcliError("gradcli does not implement the '%s' device yet: it computes on the CPU" % kind,
                                  "NotImplementedError")


class Size(tuple):
    """torch.Size: a tuple that prints as `torch.Size([2, 3])`."""

    __slots__ = ()

    def __repr__(self):
        return "torch.Size([%s])" % ", ".join(str(d) for d in self)

    __str__ = __repr__

    def __getitem__(self, index):  # a slice of a torch.Size is a torch.Size
        item = tuple.__getitem__(self, index)
        return Size(item) if isinstance(index, slice) else item

    def numel(self):
        n = 1
        for d in self:
            n *= d
        return n


Size.__name__ = "torch.Size"  # what Python's messages call it ("unsupported operand type(s) for +: 'torch.Size' ...")


class Tensor:
    __slots__ = ("array", "_grad_fn", "_requires_grad", "_grad", "_counter", "_output_nr", "_accumulator",
                 "_retains_grad", "_view", "__weakref__")

    def __init__(self, array, requires_grad=False):
        self.array = array
        self._grad_fn = None
        self._view = None
        self._requires_grad = False
        self._grad = None
        self._counter = None
        self._output_nr = 0
        self._accumulator = None
        self._retains_grad = False
        if requires_grad:
            if not self.dtype.is_floating_point:
                raise errors.GradcliError(errors.ONLY_FLOAT_CAN_REQUIRE_GRAD)
            self._requires_grad = True

    @classmethod
    def _make(cls, array, grad_fn=None, version=None, output_nr=0):
        """The fast constructor the ops use: no checks."""
        t = cls.__new__(cls)
        t.array = array
        t._grad_fn = grad_fn
        t._view = None  # a ViewInfo when this tensor is a view of another (gradcli.ops.inplace)
        t._requires_grad = False
        t._grad = None
        t._counter = version  # None: made at the first read of _version (most results are never changed in place)
        t._output_nr = output_nr
        t._accumulator = None
        t._retains_grad = False
        return t

    @property
    def _version(self):
        """The VersionCounter this tensor shares with its views and detach()es, made when first asked for."""
        counter = self._counter
        if counter is None:
            with _COUNTER_MADE:  # (two threads asking at once get the same counter)
                counter = self._counter
                if counter is None:
                    counter = self._counter = VersionCounter()
        return counter

    @_version.setter
    def _version(self, counter):
        self._counter = counter

    def _changed_alone(self):
        """Whether an in-place change of this tensor is a change of its memory and a version bump, and nothing
        more: no history to rewrite, no grad required, not a view, and its own writable numpy array without
        overlapping elements (zero_ and the engine's accumulation into .grad then write the array directly)."""
        array = self.array
        return (self._grad_fn is None and not self._requires_grad and self._view is None
                and array.__class__ is np.ndarray and array.flags.writeable and (0 not in array.strides or array.size <= 1))

    # ------------------------------------------------------------ metadata
    @property
    def shape(self):
        return Size(self.array.shape)

    def size(self, dim=None):
        if dim is None:
            return Size(self.array.shape)
        return self.array.shape[self._wrap_dim(dim)]

    @property
    def dtype(self):
        return DTYPES[self.array.dtype]

    @property
    def ndim(self):
        return self.array.ndim

    def dim(self):
        return self.array.ndim

    def numel(self):
        return self.array.size

    def is_floating_point(self):
        return self.dtype.is_floating_point

    @property
    def device(self):
        return META if type(self.array) is MetaArray else CPU

    @property
    def is_meta(self):
        return type(self.array) is MetaArray

    @property
    def is_cuda(self):
        return False

    def _wrap_dim(self, dim):
        return wrap_dim(dim, self.array.ndim)

    # ------------------------------------------------------------ autograd state
    @property
    def grad_fn(self):
        """The node that made this tensor (None for a leaf). A view whose base changed in place since gets an
        AsStridedBackward0 over the base's new history first, as torch renews it."""
        view = self._view
        if view is not None and view.version != self._version.value:
            from ..ops.inplace import refresh_view
            refresh_view(self)
        return self._grad_fn

    @property
    def is_leaf(self):
        return self.grad_fn is None

    @property
    def requires_grad(self):
        return self._requires_grad or self.grad_fn is not None

    @requires_grad.setter
    def requires_grad(self, value):
        if self.grad_fn is not None:
            raise errors.GradcliError(errors.NON_LEAF_REQUIRES_GRAD if not value
                                      else "you can only change requires_grad flags of leaf variables.")
        if value and not self.dtype.is_floating_point:
            raise errors.GradcliError(errors.ONLY_FLOAT_SET_REQUIRES_GRAD)
        self._requires_grad = bool(value)

    def requires_grad_(self, requires_grad=True):
        if self.grad_fn is not None:
            if not requires_grad:
                raise errors.GradcliError(errors.NON_LEAF_REQUIRES_GRAD)
            return self
        if requires_grad and not self.dtype.is_floating_point:
            raise errors.GradcliError(errors.ONLY_FLOAT_REQUIRES_GRAD_)
        self._requires_grad = bool(requires_grad)
        return self

    @property
    def grad(self):
        if self.grad_fn is not None and not self._retains_grad:
            errors.warn(errors.NON_LEAF_GRAD_WARNING)
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise errors.type_error(errors.GRAD_ASSIGN_TYPE % type(value).__name__)
            if value is self:
                raise errors.GradcliError(errors.GRAD_ASSIGN_SELF)
            if value.dtype is not self.dtype:
                raise errors.GradcliError(errors.GRAD_ASSIGN_DTYPE % (
                    value.dtype.cpp_name, self.dtype.short_name))
            if value.array.shape != self.array.shape:
                raise errors.GradcliError(errors.GRAD_ASSIGN_SHAPE % (
                    shape_text(value.array.shape), shape_text(self.array.shape)))
        self._grad = value

    def retain_grad(self):
        """Keep this non-leaf's gradient in .grad during backward (a no-op on a leaf)."""
        node = self.grad_fn
        if node is None:
            if not self._requires_grad:
                raise errors.GradcliError(errors.RETAIN_GRAD_NO_GRAD)
            return None
        if not self._retains_grad:
            import weakref
            if node.retained is None:
                node.retained = {}
            node.retained[self._output_nr] = weakref.ref(self)
            self._retains_grad = True
        return None

    def register_hook(self, hook):
        """Call hook(grad) with this tensor's gradient during each backward; a tensor it returns is used
        instead. Returns a handle whose remove() unregisters it."""
        from ..autograd.graph import add_hook
        from ..ops import grad_accumulator
        if not self.requires_grad:
            raise errors.GradcliError(errors.HOOK_NO_GRAD)
        if self.grad_fn is None:
            return add_hook(grad_accumulator(self, keep=True), 0, hook)
        return add_hook(self.grad_fn, self._output_nr, hook)

    @property
    def retains_grad(self):
        return self._retains_grad

    @property
    def data(self):
        """The same memory without history (and with a version counter of its own)."""
        return Tensor._make(self.array)

    @data.setter
    def data(self, value):
        if not isinstance(value, Tensor):
            raise errors.type_error("Variable data has to be a tensor, but got %s" % type(value).__name__)
        if self.requires_grad and value.array.dtype.kind not in "fc":
            raise errors.GradcliError("data set to a tensor that requires gradients must be floating point or "
                                      "complex dtype")
        self.array = value.array

    @property
    def T(self):
        if self.array.ndim != 2:
            errors.warn(errors.T_WARNING)
        return self.permute(*reversed(range(self.array.ndim)))

    @property
    def mT(self):
        return self.transpose(-2, -1)

    def detach(self):
        """The same memory and version counter, without history."""
        return Tensor._make(self.array, version=self._version)

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        global _autograd
        if _autograd is None:
            from . import backward as _autograd
        _autograd.backward(self, gradient, retain_graph, create_graph, inputs)

    # ------------------------------------------------------------ python values
    def item(self):
        if self.array.size != 1:
            raise errors.GradcliError(errors.ITEM_NUMEL % self.array.size)
        if type(self.array) is MetaArray:
            refuse_item()
        return self.array.reshape(-1)[0].item()

    def tolist(self):
        if type(self.array) is MetaArray:
            refuse_copy_out()
        return self.array.tolist()

    def stride(self, dim=None):
        """Steps in elements between neighbours along each dim (numpy keeps them in bytes; a meta tensor's
        are a new tensor's)."""
        if type(self.array) is MetaArray:
            steps = contiguous_strides(self.array.shape)
        else:
            steps = tuple(s // self.array.itemsize for s in self.array.strides)
        return steps if dim is None else steps[wrap_dim(dim, self.array.ndim)]

    def storage_offset(self):
        """Elements between the start of the memory this tensor views and its first element."""
        root = self.array
        while isinstance(root.base, np.ndarray):
            root = root.base
        start = root.__array_interface__["data"][0]
        return (self.array.__array_interface__["data"][0] - start) // self.array.itemsize

    def element_size(self):
        return self.array.itemsize

    def nelement(self):
        return self.array.size

    def ndimension(self):
        return self.array.ndim

    def data_ptr(self):
        """The address of the first element: tensors sharing memory (views, detach) share it."""
        return self.array.__array_interface__["data"][0]

    @property
    def volatile(self):
        """Variable.volatile of torch 0.3: always False now, with torch's warning."""
        errors.warn("volatile was removed (Variable.volatile is always False)")
        return False

    def storage(self):
        """The memory this tensor views, in its dtype (torch's TypedStorage, deprecated: warned once)."""
        from .storage import TypedStorage
        return TypedStorage(self)

    def untyped_storage(self):
        """The memory this tensor views, in bytes."""
        from .storage import UntypedStorage
        return UntypedStorage(self)

    def __float__(self):
        if self.array.size != 1:
            raise errors.value_error(errors.SCALAR_CONVERSION)
        if type(self.array) is MetaArray:
            refuse_item()
        return float(self.array.reshape(-1)[0])

    def __int__(self):
        if self.array.size != 1:
            raise errors.value_error(errors.SCALAR_CONVERSION)
        if type(self.array) is MetaArray:
            refuse_item()
        return int(self.array.reshape(-1)[0])

    def __index__(self):
        if self.array.size != 1 or self.dtype.is_floating_point:
            raise errors.type_error("only integer tensors of a single element can be converted to an index")
        return int(self.array.reshape(-1)[0])

    def __bool__(self):
        if self.array.size == 0:
            raise errors.GradcliError("Boolean value of Tensor with no values is ambiguous")
        if self.array.size > 1:
            raise errors.GradcliError(errors.BOOL_AMBIGUOUS)
        if type(self.array) is MetaArray:
            refuse_item()
        return bool(self.array.reshape(-1)[0])

    def __len__(self):
        if self.array.ndim == 0:
            raise errors.type_error("len() of a 0-d tensor")
        return self.array.shape[0]

    def __iter__(self):
        if self.array.ndim == 0:
            raise errors.type_error("iteration over a 0-d tensor")
        if self.requires_grad:  # torch's elements share one UnbindBackward0
            return iter(self.unbind(0))
        return (self[i] for i in range(self.array.shape[0]))  # (lazily: `for v in big: break` is one view)

    def __hash__(self):
        return id(self)

    def __repr__(self):
        from . import printing
        return printing.tensor_repr(self)

    __str__ = __repr__

    def __format__(self, spec):
        if self.array.ndim == 0:
            return format(self.item(), spec)
        if spec:
            raise errors.type_error("unsupported format string passed to Tensor.__format__")
        return repr(self)

    # Python's operators (+, *, @, [], ...) and the tensor methods are installed by gradcli.ops.


def wrap_dim(dim, ndim):
    """A possibly negative dim as an index, with torch's message when out of range."""
    rank = max(ndim, 1)
    if not -rank <= dim < rank:
        raise errors.index_error(errors.DIM_RANGE % (-rank, rank - 1, dim))
    return dim + rank if dim < 0 else dim


def shape_text(shape):
    """A shape as torch's messages write it: `[2, 3]`."""
    return "[" + ", ".join(str(d) for d in shape) + "]"
