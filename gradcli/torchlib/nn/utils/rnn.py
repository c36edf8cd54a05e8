"""torch.nn.utils.rnn: PackedSequence, pad_sequence, pack_padded_sequence, pad_packed_sequence, pack_sequence,
unpad_sequence and unpack_sequence, as torch's rnn.py and its C++ (aten/src/ATen/native/PackedSequence.cpp)
compute them, so their graphs carry torch's nodes (PackPaddedSequenceBackward0, CopySlices, IndexSelectBackward0).
nn.RNN, nn.LSTM and nn.GRU take a PackedSequence (torchlib/nn/rnn.py)."""

from ....base import dtypes, errors
from ....core.tensor import Tensor
from ....ops import FUNCTIONS as torch
from ....ops.rows.recurrent import pack_padded_rows


def invert_permutation(permutation):
    """The permutation that undoes `permutation` (None for None)."""
    if permutation is None:
        return None
    output = torch["empty_like"](permutation)
    return output.scatter_(0, permutation, torch["arange"](0, permutation.numel()))


class PackedSequence(tuple):
    """A batch of sequences of different lengths, packed: `data` holds each step's rows of the sequences still
    running, longest first, and `batch_sizes` how many rows each step has; sorted_indices and unsorted_indices
    are the permutation that sorted the batch by length and its inverse (None when it came sorted)."""

    __slots__ = ()
    _fields = ("data", "batch_sizes", "sorted_indices", "unsorted_indices")

    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        if unsorted_indices is None:
            unsorted_indices = invert_permutation(sorted_indices)
        if batch_sizes is None:  # PackedSequence((data, batch_sizes), sorted_indices=...)
            if not isinstance(data, (list, tuple)) or len(data) != 2:
                raise errors.GradcliError("PackedSequence takes data and batch_sizes, or the pair of them",
                                          "TypeError")
            data, batch_sizes = data
        return super().__new__(cls, (data, batch_sizes, sorted_indices, unsorted_indices))

    data = property(lambda self: self[0])
    batch_sizes = property(lambda self: self[1])
    sorted_indices = property(lambda self: self[2])
    unsorted_indices = property(lambda self: self[3])
    is_cuda = property(lambda self: False)

    def __repr__(self):
        return "PackedSequence(%s)" % ", ".join("%s=%r" % item for item in zip(self._fields, self))

    __str__ = __repr__

    def is_pinned(self):
        return False

    def to(self, *args, **kwargs):
        """The sequence with its data converted as Tensor.to converts it (itself when nothing changes)."""
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        return type(self)(data, self.batch_sizes, self.sorted_indices, self.unsorted_indices)

    def cpu(self):
        return self

    def double(self):
        return self.to(dtype=dtypes.float64)

    def float(self):
        return self.to(dtype=dtypes.float32)

    def half(self):
        return self.to(dtype=dtypes.float16)


MEMBERS = frozenset(PackedSequence._fields + ("is_cuda", "is_pinned", "to", "cpu", "double", "float", "half",
                                              "index", "count"))


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side="right"):
    """The sequences (each (L_i, *)) padded with padding_value to the longest: (L, B, *), or (B, L, *) with
    batch_first; padded on the left with padding_side='left'."""
    if isinstance(sequences, Tensor):
        sequences = sequences.unbind(0)
    elif not isinstance(sequences, (list, tuple)):
        raise errors.GradcliError("pad_sequence: Expected iterable for input sequences, but got arg of type: "
                                  "<class '%s'>" % type(sequences).__name__)
    sequences = tuple(sequences)
    for i, seq in enumerate(sequences):
        if not isinstance(seq, Tensor):
            raise errors.type_error("expected Tensor as element %d in argument 0, but got %s"
                                    % (i, type(seq).__name__))
    if not sequences:
        raise errors.GradcliError("received an empty list of sequences")
    if padding_side not in ("left", "right"):
        raise errors.GradcliError("Expected padding_side to be one of left or right, but got %s." % padding_side)
    first = sequences[0]
    longest = max(seq.size(0) for seq in sequences)
    lead = (len(sequences), longest) if batch_first else (longest, len(sequences))
    out = torch["full"](lead + tuple(first.shape[1:]), padding_value, dtype=first.dtype)
    for i, seq in enumerate(sequences):
        n = seq.size(0)
        start = longest - n if padding_side == "left" else 0
        (out[i, start:start + n] if batch_first else out[start:start + n, i]).copy_(seq)
    return out


def _lengths(lengths):
    if isinstance(lengths, Tensor):
        return [int(n) for n in lengths.tolist()]
    return [int(n) for n in (lengths.tolist() if hasattr(lengths, "tolist") else lengths)]


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    """A PackedSequence of the padded batch input ((T, B, *), or (B, T, *) with batch_first) whose sequences
    have `lengths`; enforce_sorted=False sorts them first (the permutation kept in sorted_indices)."""
    lengths = _lengths(lengths)
    sorted_indices = None
    if not enforce_sorted:
        lengths_t = torch["tensor"](lengths, dtype=dtypes.int64)
        lengths_t, sorted_indices = lengths_t.sort(0, True)
        lengths = [int(n) for n in lengths_t.tolist()]
        input = input.index_select(0 if batch_first else 1, sorted_indices)
    x_batch = input.size(0 if batch_first else 1)
    if input.numel() == 0:
        raise errors.GradcliError("Cannot pack empty tensors.")
    if len(lengths) != x_batch:
        raise errors.GradcliError("Expected `len(lengths)` to be equal to batch_size, but got %d (batch_size=%d)"
                                  % (len(lengths), x_batch))
    if lengths[-1] <= 0:
        raise errors.GradcliError("Length of all samples has to be greater than 0, but found an element in "
                                  "'lengths' that is <= 0")
    if any(a < b for a, b in zip(lengths, lengths[1:])):
        raise errors.GradcliError(
            "`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You can pass "
            "`enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep this requirement if "
            "you do not need ONNX exportability.")
    data, batch_sizes = pack_padded_rows(input, lengths, batch_first)
    return PackedSequence(data, torch["tensor"](batch_sizes, dtype=dtypes.int64), sorted_indices, None)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    """The padded batch of a PackedSequence and each sequence's length (the inverse of pack_padded_sequence),
    padded to total_length steps where given."""
    batch_sizes = [int(b) for b in sequence.batch_sizes.tolist()]
    steps = len(batch_sizes)
    if total_length is not None:
        if total_length < steps:
            raise errors.GradcliError("Expected total_length to be at least the length of the longest sequence in "
                                      "input, but got total_length=%s and max sequence length being %d"
                                      % (total_length, steps), "ValueError")
        steps = total_length
    data = sequence.data
    output = torch["full"]((steps, batch_sizes[0]) + tuple(data.shape[1:]), padding_value, dtype=data.dtype)
    lengths = [0] * batch_sizes[0]
    offset, previous, start = 0, batch_sizes[0], 0
    for i, size in enumerate(batch_sizes + [0]):  # each run of steps of the same size, copied as one block
        if size != previous:
            rows = previous * (i - start)
            block = data[offset:offset + rows].view(i - start, previous, *data.shape[1:])
            output[start:i, :previous].copy_(block)
            offset, start = offset + rows, i
        for j in range(size, previous):
            lengths[j] = i
        previous = size
    if batch_first:
        output = output.transpose(0, 1)
    lengths = torch["tensor"](lengths, dtype=dtypes.int64)
    if sequence.unsorted_indices is not None:
        return (output.index_select(0 if batch_first else 1, sequence.unsorted_indices),
                lengths[sequence.unsorted_indices])
    return output, lengths


def pack_sequence(sequences, enforce_sorted=True):
    """A PackedSequence of a list of sequences of different lengths."""
    lengths = torch["tensor"]([v.size(0) for v in sequences], dtype=dtypes.int64)
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    """The list of sequences of a padded batch, each cut to its length."""
    if not batch_first:
        padded_sequences.transpose_(0, 1)
    index = torch["arange"](padded_sequences.shape[1])
    return [seq[index < length] for seq, length in zip(padded_sequences.unbind(0), lengths.unbind(0))]


def unpack_sequence(packed_sequences):
    """The list of sequences of a PackedSequence."""
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)


NAMES = {"PackedSequence": PackedSequence, "pad_sequence": pad_sequence, "pack_padded_sequence": pack_padded_sequence,
         "pad_packed_sequence": pad_packed_sequence, "pack_sequence": pack_sequence, "unpad_sequence": unpad_sequence,
         "unpack_sequence": unpack_sequence, "invert_permutation": invert_permutation}
