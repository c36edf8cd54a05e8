"""Tensor.storage() and Tensor.untyped_storage(): the memory a tensor views, as torch 2.13 shows it.

A tensor's storage is the numpy buffer at the root of its array's base chain: views (view, t(), slicing,
expand) share it and copies (clone, repeat) have their own, as in torch. A TypedStorage counts elements of the
tensor's dtype and an UntypedStorage bytes; both print as torch's `__str__` (one element a line, then
`[torch.storage.TypedStorage(dtype=..., device=cpu) of size N]`). They are read-only here: a script reads sizes,
addresses and elements, and writes through tensors.
"""

import numpy as np

from ..base import errors

TYPED_STORAGE_DEPRECATED = (
    "TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage "
    "class. This should only matter to you if you are using storages directly.  To access UntypedStorage "
    "directly, use tensor.untyped_storage() instead of tensor.storage()")


def root_of(array):
    """The array owning the memory `array` views."""
    while isinstance(array.base, np.ndarray):
        array = array.base
    return array


class _Storage:
    __slots__ = ("_root", "_elements")
    device = property(lambda self: _cpu())

    def __init__(self, root, elements):
        self._root, self._elements = root, elements

    def size(self):
        return self._elements.size

    def __len__(self):
        return self._elements.size

    def data_ptr(self):
        return self._root.__array_interface__["data"][0]

    def nbytes(self):
        return self._root.nbytes

    def element_size(self):
        return self._elements.itemsize

    def tolist(self):
        return self._elements.tolist()

    def __getitem__(self, index):
        if not isinstance(index, int):
            raise errors.type_error("gradcli reads a storage's elements by integer index only")
        return self._elements[index].item()

    def __iter__(self):
        return iter(self._elements.tolist())

    def __str__(self):
        data = " " + "\n ".join(str(value) for value in self._elements.tolist())
        return data + "\n" + self._info()

    __repr__ = __str__


class TypedStorage(_Storage):
    """torch.storage.TypedStorage: the elements of the tensor's dtype in its memory."""

    __slots__ = ("dtype",)
    MEMBERS = frozenset(("size", "data_ptr", "nbytes", "element_size", "tolist", "dtype", "device", "type"))

    def __init__(self, tensor):
        errors.warn_once(TYPED_STORAGE_DEPRECATED)
        root = root_of(tensor.array)
        super().__init__(root, root.ravel(order="K").view(tensor.array.dtype))
        self.dtype = tensor.dtype

    def type(self):
        return "torch.%sStorage" % self.dtype.short_name  # (torch.FloatStorage)

    def _info(self):
        return "[torch.storage.TypedStorage(dtype=%s, device=cpu) of size %d]" % (self.dtype, len(self))


class UntypedStorage(_Storage):
    """torch.storage.UntypedStorage: the bytes of the tensor's memory."""

    __slots__ = ()
    MEMBERS = frozenset(("size", "data_ptr", "nbytes", "element_size", "tolist", "device"))

    def __init__(self, tensor):
        root = root_of(tensor.array)
        super().__init__(root, root.ravel(order="K").view(np.uint8))

    def _info(self):
        return "[torch.storage.UntypedStorage(device=cpu) of size %d]" % len(self)


for _kind in (TypedStorage, UntypedStorage):
    _kind.__module__ = "torch.storage"


def _cpu():
    from .tensor import Device
    return Device("cpu")

