"""torch.utils.data's datasets: TensorDataset, Subset and random_split."""

import itertools
import math

from ....base import errors
from ....core import rng
from ....base.subclassable import subclassable
from ... import torch_module


@subclassable()
class Dataset:
    """torch.utils.data.Dataset: anything with __getitem__ (and, for a DataLoader, __len__); scripts subclass
    it (`class Squares(Dataset):` with `__len__` and `__getitem__`), as the tutorials do."""

    def __repr__(self):
        return object_repr(self)


def object_repr(obj):
    """Python's default repr, with torch's module for gradcli's classes: `<torch.utils.data.dataset.Subset
    object at 0x...>` (a script's subclass keeps its own module, `__main__`)."""
    kind = type(obj)
    return "<%s.%s object at %#x>" % (torch_module(kind.__module__), kind.__qualname__, id(obj))


class TensorDataset(Dataset):
    """Samples are the tensors' rows: dataset[i] is (t[i] for t in tensors)."""

    def __init__(self, *tensors):
        if any(tensors[0].size(0) != t.size(0) for t in tensors):
            raise errors.GradcliError("Size mismatch between tensors", "AssertionError")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].size(0)

    def __iter__(self):  # (Python's iteration by index, which torch's IndexError ends)
        return (self[i] for i in range(len(self)))


class Subset(Dataset):
    """The items of `dataset` at `indices`, in that order."""

    def __init__(self, dataset, indices):
        self.dataset, self.indices = dataset, indices

    def __getitem__(self, index):
        if isinstance(index, list):
            return self.dataset[[self.indices[i] for i in index]]
        return self.dataset[self.indices[index]]

    def __len__(self):
        return len(self.indices)


def random_split(dataset, lengths, generator=None):
    """Subsets of the given lengths (or fractions of len(dataset)) over one random permutation of the items,
    drawn from `generator` (the default generator itself, as torch's)."""
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        sizes = []
        for i, fraction in enumerate(lengths):
            if fraction < 0 or fraction > 1:
                raise errors.value_error("Fraction at index %d is not between 0 and 1" % i)
            sizes.append(math.floor(len(dataset) * fraction))
        for i in range(len(dataset) - sum(sizes)):
            sizes[i % len(sizes)] += 1
        lengths = sizes
        for i, length in enumerate(lengths):
            if length == 0:
                errors.warn("Length of split at index %d is 0. This might result in an empty dataset." % i)
    if sum(lengths) != len(dataset):
        raise errors.value_error("Sum of input lengths does not equal the length of the input dataset!")
    indices = rng.randperm(sum(lengths), generator=generator).tolist()
    return [Subset(dataset, indices[end - length:end]) for end, length in zip(itertools.accumulate(lengths), lengths)]
