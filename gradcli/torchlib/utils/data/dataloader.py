"""torch.utils.data.DataLoader over in-memory datasets, and default_collate.

Iteration is torch's single-process iterator's: each `iter(loader)` first draws a base seed (one int64
`random_()` of the loader's generator, or the default one, shuffled or not), then takes batches of indices from
the batch sampler and collates the dataset's items. num_workers > 0 loads in this process too: the batches and
the random stream are the same.
"""

from .dataset import object_repr
from .sampler import BatchSampler, RandomSampler, SequentialSampler
from ....base import dtypes, errors
from ....core import limits, rng
from ....ops.rows.creation import tensor
from ....ops.rows.join import stack
from ....core.tensor import Tensor

_COLLATE_ERROR = "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found %s"


def default_collate(batch):
    """A list of samples as one batch: tensors stacked along a new first dim, python floats as a float64
    tensor, ints as an int64 one, strings kept as a list; tuples, lists and dicts collated element-wise
    (the batch's size counted first: a shared nested sample would be walked at each place)."""
    limits.check_nested_size(batch, what="the batch")
    return _collate(batch)


def _collate(batch):
    elem = batch[0]
    if isinstance(elem, Tensor):
        return stack(batch, 0)
    if isinstance(elem, float):
        return tensor(batch, dtype=dtypes.float64)
    if isinstance(elem, int):
        return tensor(batch)
    if isinstance(elem, str):
        return batch
    if isinstance(elem, dict):
        return {key: _collate([d[key] for d in batch]) for key in elem}
    if isinstance(elem, (tuple, list)):
        size = len(elem)
        if any(len(e) != size for e in batch):
            raise errors.GradcliError("each element in list of batch should be of equal size")
        return [_collate(samples) for samples in zip(*batch)]
    raise errors.type_error(_COLLATE_ERROR % type(elem))


def default_convert(data):
    """What batch_size=None yields: the item, its tuples as lists (as torch's default_convert)."""
    limits.check_nested_size(data, what="the batch")
    return _convert(data)


def _convert(data):
    if isinstance(data, dict):
        return {key: _convert(value) for key, value in data.items()}
    if isinstance(data, (tuple, list)):
        return [_convert(d) for d in data]
    return data


class DataLoader:
    """torch.utils.data.DataLoader(dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None,
    num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, ..., generator=None)."""

    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False,
                 pin_memory_device="", in_order=True):
        if num_workers < 0:
            raise errors.value_error("num_workers option should be non-negative; use num_workers=0 to disable "
                                     "multiprocessing.")
        if timeout < 0:
            raise errors.value_error("timeout option should be non-negative")
        if num_workers == 0 and prefetch_factor is not None:
            raise errors.value_error("prefetch_factor option could only be specified in multiprocessing.let "
                                     "num_workers > 0 to enable multiprocessing, otherwise set prefetch_factor to "
                                     "None.")
        if persistent_workers and num_workers == 0:
            raise errors.value_error("persistent_workers option needs num_workers > 0")
        shuffle = bool(shuffle)
        if sampler is not None and shuffle:
            raise errors.value_error("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise errors.value_error("batch_sampler option is mutually exclusive with batch_size, shuffle, "
                                         "sampler, and drop_last")
            batch_size, drop_last = None, False
        elif batch_size is None and drop_last:
            raise errors.value_error("batch_size=None option disables auto-batching and is mutually exclusive "
                                     "with drop_last")
        if sampler is None:
            sampler = RandomSampler(dataset, generator=generator) if shuffle else SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.dataset, self.num_workers, self.pin_memory, self.timeout = dataset, num_workers, pin_memory, timeout
        self.batch_size, self.drop_last, self.generator = batch_size, drop_last, generator
        self.sampler, self.batch_sampler = sampler, batch_sampler
        self.collate_fn = collate_fn or (default_collate if batch_sampler is not None else default_convert)

    def _index_sampler(self):
        return self.batch_sampler if self.batch_sampler is not None else self.sampler

    def __iter__(self):
        if self.pin_memory:
            errors.warn("'pin_memory' argument is set as true but no accelerator is found, then device pinned "
                        "memory won't be used.")
        return _SingleProcessDataLoaderIter(self)

    def __len__(self):
        return len(self._index_sampler())

    def __repr__(self):
        return object_repr(self)


class _SingleProcessDataLoaderIter:
    """One pass over a DataLoader (torch's _SingleProcessDataLoaderIter)."""

    def __init__(self, loader):
        self._loader = loader
        self._indices = iter(loader._index_sampler())
        self._base_seed = rng.random_int64(loader.generator)

    def __iter__(self):
        return self

    def __next__(self):
        limits.tick()  # a batch is a loop's step, whoever iterates (list(loader) runs in C)
        loader = self._loader
        index = next(self._indices)
        if loader.batch_sampler is not None:
            return loader.collate_fn([loader.dataset[i] for i in index])
        return loader.collate_fn(loader.dataset[index])

    def __len__(self):
        return len(self._loader)

    def __repr__(self):
        return object_repr(self)
