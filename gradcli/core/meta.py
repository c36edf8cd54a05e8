"""The `meta` device: tensors with a shape and a dtype and no data.

A meta tensor's array is a MetaArray: one element of its dtype seen through all-zero strides, so a tensor of
10**12 elements costs one element, and numpy's views (slicing, reshape, transpose) keep it one. Which device a
tensor is on is its array's type, so the hot paths of CPU tensors pay nothing for it. Ops see a meta input in
ops.bind (apply), which computes only the result's shape and dtype; factories ask `placed(device)` before
they allocate; reading values (item, tolist, numpy, copying to the CPU) fails in torch's words.
"""

import numpy as np

from ..base import errors
from ..base.runstate import current, lookup


class MetaArray(np.ndarray):
    """An ndarray whose elements are not there (all strides zero over a single element)."""

    __array_priority__ = -1.0

    def __array_finalize__(self, parent):  # a view of a meta array is meta
        pass


def meta_array(shape, np_dtype):
    """A MetaArray of `shape` and `np_dtype`: one element's memory whatever the shape."""
    shape = tuple(int(d) for d in shape)
    one = np.zeros(1, np_dtype)
    return np.ndarray.__new__(MetaArray, shape, np_dtype, buffer=one, strides=(0,) * len(shape))


def as_meta(array):
    """`array` (a view or a result of numpy) as a MetaArray of its shape and dtype."""
    if type(array) is MetaArray and not any(array.strides):
        return array
    return meta_array(np.shape(array), np.asarray(array).dtype if not isinstance(array, np.ndarray)
                      else array.dtype)


def is_meta(array):
    return type(array) is MetaArray


def contiguous_strides(shape):
    """The strides torch gives a new tensor of `shape`, in elements."""
    strides, step = [], 1
    for size in reversed(shape):
        strides.append(step)
        step *= max(size, 1)
    return tuple(reversed(strides))


# ---------------------------------------------------------------- the device a factory makes its tensor on
def placed(device):
    """Whether a factory called with `device` (None: the default one, which `with torch.device(...)` and
    torch.set_default_device set) makes a meta tensor. CUDA is torch's error on a CPU build; a device gradcli
    does not have says so."""
    if device is None:  # (the common case, every factory call: no import, no Python call for the run state)
        device = (lookup(None) or current()).device
        if device is None:
            return False
    from .tensor import require_cpu
    kind = getattr(device, "type", None) or str(device).split(":")[0]
    if kind == "meta":
        return True
    require_cpu(device)
    return False


def default_device():
    """torch.get_default_device()."""
    from .tensor import CPU, Device
    device = current().device
    return CPU if device is None else Device(device)


# ---------------------------------------------------------------- what a meta tensor cannot do
NO_DATA = "Cannot copy out of meta tensor; no data!"
NO_ITEM = "Tensor.item() cannot be called on meta tensors"
NO_NUMPY = ("can't convert meta device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory "
            "first.")


def refuse_copy_out():
    raise errors.GradcliError(NO_DATA, "NotImplementedError")


def refuse_item():
    raise errors.GradcliError(NO_ITEM)


def mixed_devices(tensors):
    """torch's error for an op between a meta tensor and a CPU tensor of one or more dimensions (a 0-d CPU
    tensor joins a meta op as a number does)."""
    for t in tensors:
        if not is_meta(t.array) and t.array.ndim > 0:
            raise errors.GradcliError("Tensor on device cpu is not on the expected device meta!")
