"""torch.utils.data's samplers: which items a DataLoader takes, in which order, in which batches.

RandomSampler draws as torch's does: without a generator of its own, a fresh Generator seeded with one int64
`random_()` of the default generator, then randperm on it; so a seeded script shuffles as under torch.
"""

import itertools

from .dataset import object_repr
from ....base import errors
from ....core import limits, rng


class Sampler:
    """torch.utils.data.Sampler: iterates over indices (or lists of them)."""

    def __repr__(self):
        return object_repr(self)


class SequentialSampler(Sampler):
    """0, 1, ..., len(data_source) - 1."""

    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        for i in range(len(self.data_source)):
            limits.tick()  # a step of whatever loop iterates (list(sampler) runs in C)
            yield i

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    """The indices in random order (or, with replacement, num_samples random indices)."""

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source, self.replacement = data_source, replacement
        self._num_samples, self.generator = num_samples, generator
        if not isinstance(replacement, bool):
            raise errors.type_error("replacement should be a boolean value, but got replacement=%s" % (replacement,))
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise errors.value_error("num_samples should be a positive integer value, but got num_samples=%s"
                                     % (self.num_samples,))

    @property
    def num_samples(self):
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        n = len(self.data_source)
        generator = self.generator
        if generator is None:
            generator = rng.Generator().manual_seed(rng.random_int64())
        if self.replacement:
            for _ in range(self.num_samples // 32):
                limits.tick(32)
                yield from rng.randint(0, n, 32, generator=generator).tolist()
            yield from rng.randint(0, n, self.num_samples % 32, generator=generator).tolist()
        else:
            for _ in range(self.num_samples // n):
                limits.tick(n)
                yield from rng.randperm(n, generator=generator).tolist()
            yield from rng.randperm(n, generator=generator).tolist()[:self.num_samples % n]

    def __len__(self):
        return self.num_samples


class BatchSampler(Sampler):
    """Lists of batch_size indices from `sampler`; the last one shorter, or dropped with drop_last."""

    def __init__(self, sampler, batch_size, drop_last):
        if not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size <= 0:
            raise errors.value_error("batch_size should be a positive integer value, but got batch_size=%s"
                                     % (batch_size,))
        if not isinstance(drop_last, bool):
            raise errors.value_error("drop_last should be a boolean value, but got drop_last=%s" % (drop_last,))
        self.sampler, self.batch_size, self.drop_last = sampler, batch_size, drop_last

    def __iter__(self):
        indices = iter(self.sampler)
        batch = list(itertools.islice(indices, self.batch_size))
        while batch and (len(batch) == self.batch_size or not self.drop_last):
            limits.tick()
            yield batch
            batch = list(itertools.islice(indices, self.batch_size))

    def __len__(self):
        if self.drop_last:
            return len(self.sampler) // self.batch_size
        return (len(self.sampler) + self.batch_size - 1) // self.batch_size
