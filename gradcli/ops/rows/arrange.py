"""Rearrangements that copy: repeat, tile, repeat_interleave, flip, roll, rot90, the triangles (tril, triu), the
diagonals (diag, diagonal, diag_embed), diff."""

import numpy as np

from ..bind import apply
from .shape import int_list
from ..table import formula_helper, front_door, row
from ...base import errors
from ...core import limits
from ...core.tensor import Tensor, wrap_dim


# ---------------------------------------------------------------- repeat, flip
@formula_helper
def repeat_backward(grad, repeats, sizes):
    """Each input element was copied once per tile: view grad as (r0, s0, r1, s1, ...) and sum over the r's."""
    padded = (1,) * (len(repeats) - len(sizes)) + tuple(sizes)
    tiled = [n for pair in zip(repeats, padded) for n in pair]
    return grad.reshape(tiled).sum(dim=tuple(range(0, len(tiled), 2))).reshape(sizes)


REPEAT = row("repeat", "RepeatBackward0", lambda self, repeats: np.tile(self, repeats), "self",
             self=("repeat_backward(grad, repeats, self.shape)",
                   lambda grad, self_shape, repeats: repeat_backward(grad, repeats, self_shape)))
FLIP = row("flip", "FlipBackward0", lambda self, dims: np.flip(self, dims).copy(), "self",
           self=("grad.flip(dims)", lambda grad, dims: flip(grad, dims)))


@front_door("repeat", function=False)
def repeat(x, *repeats):
    repeats = int_list(repeats, "repeat", "repeats")
    if len(repeats) < x.ndim:
        raise errors.GradcliError("Number of dimensions of repeat dims can not be smaller than number of "
                                  "dimensions of tensor")
    padded = (1,) * (len(repeats) - x.ndim) + tuple(x.shape)
    limits.check_numel([r * n for r, n in zip(repeats, padded)], "the result")
    return apply(REPEAT, x, repeats=repeats)


@front_door("flip")
def flip(x, *dims):
    """flip(x, [0, 1]), x.flip(0, 1) and x.flip(0) name the dims to reverse."""
    if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
        dims = dims[0]
    elif not dims:  # (torch's dims has no default: torch.flip(x) and x.flip() are refused)
        raise TypeError("flip() missing 1 required positional argument: 'dims'")
    return apply(FLIP, x, dims=tuple(wrap_dim(d, x.ndim) for d in dims))


# ---------------------------------------------------------------- triangles and diagonals
TRIL = row("tril", "TrilBackward0", lambda self, diagonal: np.tril(self, diagonal), "self",
           self=("grad.tril(diagonal)", lambda grad, diagonal: tril(grad, diagonal)))
TRIU = row("triu", "TriuBackward0", lambda self, diagonal: np.triu(self, diagonal), "self",
           self=("grad.triu(diagonal)", lambda grad, diagonal: triu(grad, diagonal)))


@front_door("tril")
def tril(x, diagonal=0):
    _check_matrix(x, "tril")
    return apply(TRIL, x, diagonal=diagonal)


@front_door("triu")
def triu(x, diagonal=0):
    _check_matrix(x, "triu")
    return apply(TRIU, x, diagonal=diagonal)


def _check_matrix(x, name):
    if x.ndim < 2:
        raise errors.GradcliError("%s: input tensor must have at least 2 dimensions" % name)


def diagonal_view(self, offset=0, dim1=0, dim2=1):
    """The `offset` diagonal of the planes (dim1, dim2) as a view of self's memory, as the last dim (writable
    when self is, as torch's diagonal is; numpy's own np.diagonal view is read-only)."""
    m = np.moveaxis(self, (dim1, dim2), (-2, -1))
    m = m[..., :, offset:] if offset >= 0 else m[..., -offset:, :]
    n = max(min(m.shape[-2], m.shape[-1]), 0)
    return np.lib.stride_tricks.as_strided(m, m.shape[:-2] + (n,), m.strides[:-2] + (m.strides[-2] + m.strides[-1],),
                                           writeable=self.flags.writeable)


def _diagonal_into(grad_output, input_sizes, offset, dim1=0, dim2=1):
    """Zeros of `input_sizes` with grad_output (whose last dim runs along the diagonal) on the `offset` diagonal
    of the planes (dim1, dim2)."""
    out = np.zeros(input_sizes, dtype=grad_output.dtype)
    diagonal_view(out, offset, dim1, dim2)[...] = grad_output
    return out


def _diag_embed_forward(self, offset, dim1, dim2):
    n = self.shape[-1] + abs(offset)
    out = np.zeros(self.shape[:-1] + (n, n), dtype=self.dtype)
    diagonal_view(out, offset, out.ndim - 2, out.ndim - 1)[...] = self
    return np.moveaxis(out, (-2, -1), (dim1, dim2)).copy()


@formula_helper
def diagonal_backward(grad, input_sizes, offset, dim1=0, dim2=1):
    """The gradient of a diagonal: zeros of the input's shape with grad on that diagonal."""
    return apply(DIAGONAL_BACKWARD, grad, input_sizes=tuple(input_sizes), offset=offset, dim1=dim1, dim2=dim2)


_DIAGONAL_BACK = ("diagonal_backward(grad, self.shape, offset, dim1, dim2)",
                  lambda grad, self_shape, offset, dim1=0, dim2=1: diagonal_backward(grad, self_shape, offset, dim1,
                                                                                     dim2))
DIAGONAL = row("diagonal", "DiagonalBackward0", diagonal_view, "self", view=True, self=_DIAGONAL_BACK)
# torch.diag(matrix) takes the diagonal as a copy; torch 2.13 names its node with the functionalization suffix
DIAGONAL_COPY = row("diagonal_copy", "DiagonalBackward0_copy",
                    lambda self, offset: diagonal_view(self, offset).copy(), "self", self=_DIAGONAL_BACK)
DIAGONAL_BACKWARD = row("diagonal_backward", "DiagonalBackwardBackward0", _diagonal_into, "grad_output",
                        grad_output=("grad.diagonal(offset, dim1, dim2)",
                                     lambda grad, offset, dim1=0, dim2=1: apply(DIAGONAL, grad, offset=offset,
                                                                                dim1=dim1, dim2=dim2)))
DIAG_EMBED = row("diag_embed", "DiagEmbedBackward0", _diag_embed_forward, "self",
                 self=("grad.diagonal(offset, dim1, dim2)",
                       lambda grad, offset, dim1, dim2: apply(DIAGONAL, grad, offset=offset, dim1=dim1, dim2=dim2)))


@front_door("diagonal")
def diagonal(x, offset=0, dim1=0, dim2=1):
    """The `offset` diagonal of the planes (dim1, dim2), a view, in the last dim."""
    d1, d2 = wrap_dim(dim1, x.ndim), wrap_dim(dim2, x.ndim)
    if d1 == d2:
        raise errors.GradcliError("diagonal dimensions cannot be identical %d, %d" % (dim1, dim2))
    return apply(DIAGONAL, x, offset=offset, dim1=d1, dim2=d2)


@front_door("diag")
def diag(x, diagonal=0):
    if x.ndim == 1:
        n = x.shape[0] + abs(diagonal)
        limits.check_numel((n, n), "the result")
        return apply(DIAG_EMBED, x, offset=diagonal, dim1=0, dim2=1)
    if x.ndim == 2:
        return apply(DIAGONAL_COPY, x, offset=diagonal)
    raise errors.GradcliError("diag(): Supports 1D or 2D tensors. Got %dD" % x.ndim)


@front_door("diag_embed")
def diag_embed(x, offset=0, dim1=-2, dim2=-1):
    """A batch of matrices (in dims dim1, dim2 of the result) with x's last dim on their `offset` diagonal."""
    ndim = x.ndim + 1
    d1, d2 = wrap_dim(dim1, ndim), wrap_dim(dim2, ndim)
    if d1 == d2:
        raise errors.GradcliError("diagonal dimensions cannot be identical %d, %d" % (dim1, dim2))
    n = (x.shape[-1] if x.ndim else 1) + abs(offset)
    limits.check_numel(tuple(x.shape[:-1]) + (n, n), "the result")
    return apply(DIAG_EMBED, x, offset=offset, dim1=d1, dim2=d2)


@front_door("repeat_interleave")
def repeat_interleave(x, repeats=None, dim=None, *, output_size=None):
    """Each element (or slice along dim) repeated: an int repeats as torch composes it (unsqueeze, expand,
    clone, view), a tensor of repeats by index_select; torch.repeat_interleave(repeats) alone gives the
    indices 0, 0, 1, ... each repeated."""
    if repeats is None:  # torch.repeat_interleave(repeats)
        counts = x.array.reshape(-1)
        return Tensor._make(np.repeat(np.arange(counts.size, dtype=np.int64), counts))
    if dim is None:
        x, dim = x.flatten(), 0
    dim = wrap_dim(dim, x.ndim)
    if isinstance(repeats, Tensor) and repeats.numel() != 1:
        counts = repeats.array.reshape(-1)
        if counts.size != x.shape[dim]:
            raise errors.GradcliError("repeats must have the same size as input along dim, but got repeats.size(0) "
                                      "= %d and input.size(%d) = %d" % (counts.size, dim, x.shape[dim]))
        if counts.size and counts.min() < 0:
            raise errors.GradcliError("repeats can not be negative")
        limits.check_numel(tuple(x.shape[:dim]) + (int(counts.sum()),) + tuple(x.shape[dim + 1:]), "the result")
        return x.index_select(dim, Tensor._make(np.repeat(np.arange(counts.size, dtype=np.int64), counts)))
    count = int(repeats.item() if isinstance(repeats, Tensor) else repeats)
    if count < 0:
        raise errors.GradcliError("repeats can not be negative")
    shape = tuple(x.shape)
    limits.check_numel(shape[:dim] + (shape[dim] * count,) + shape[dim + 1:], "the result")
    expanded = x.unsqueeze(dim + 1).expand(*(shape[:dim + 1] + (count,) + shape[dim + 1:]))
    return expanded.contiguous().view(*(shape[:dim] + (shape[dim] * count,) + shape[dim + 1:]))


def _rot90_forward(self, k, dims):
    return np.rot90(self, k, dims).copy()


ROT90 = row("rot90", "Rot90Backward0", _rot90_forward, "self",
            self=("grad.rot90(-k, dims)", lambda grad, k, dims: apply(ROT90, grad, k=-k, dims=dims)))


@front_door("rot90")
def rot90(x, k=1, dims=(0, 1)):
    """Rotated by 90 degrees k times, from the first of dims towards the second."""
    dims = tuple(dims)
    if len(dims) != 2:
        raise errors.GradcliError("expected total rotation dims == 2, but got dims = %d" % len(dims))
    if x.ndim < 2:
        raise errors.GradcliError("expected total dims >= 2, but got total dims = %d" % x.ndim)
    d0, d1 = wrap_dim(dims[0], x.ndim), wrap_dim(dims[1], x.ndim)
    if d0 == d1:
        raise errors.GradcliError("expected rotation dims to be different, but got dim0 = %d and dim1 = %d"
                                  % (d0, d1))
    return apply(ROT90, x, k=k % 4, dims=(d0, d1))


@front_door("tile")
def tile(x, dims):
    """repeat, with the dims padded by leading 1s to the tensor's rank."""
    dims = tuple(dims)
    return repeat(x, *((1,) * (x.ndim - len(dims)) + dims))


@front_door("diff")
def diff(x, n=1, dim=-1, prepend=None, append=None):
    """x[1:] - x[:-1] along dim (SubBackward0 over two SliceBackward0), n times (logical_xor for bool), until
    the dim is empty; prepend and append are joined to x along dim first, as torch's cat does."""
    if prepend is not None or append is not None:
        from .join import cat
        x = cat([t for t in (prepend, x, append) if t is not None], dim)
    for _ in range(n):
        length = x.shape[wrap_dim(dim, x.ndim)]
        if length == 0:
            break
        later, earlier = x.narrow(dim, 1, length - 1), x.narrow(dim, 0, length - 1)
        x = later ^ earlier if x.dtype.name == "bool" else later - earlier
    return x


@formula_helper
def negated(shifts):
    """-shifts, for one shift or a tuple of them."""
    return tuple(-s for s in shifts) if isinstance(shifts, tuple) else -shifts


ROLL = row("roll", "RollBackward0", lambda self, shifts, dims: np.roll(self, shifts, axis=dims), "self",
           self=("grad.roll(negated(shifts), dims)",
                 lambda grad, shifts, dims: apply(ROLL, grad, shifts=negated(shifts), dims=dims)))


@front_door("roll")
def roll(x, shifts, dims=None):
    """Elements shifted along dims (wrapping around); without dims, over the flattened tensor."""
    if isinstance(shifts, (list, tuple)):
        shifts = tuple(shifts)
    if isinstance(dims, (list, tuple)):
        dims = tuple(wrap_dim(d, x.ndim) for d in dims)
    elif dims is not None:
        dims = wrap_dim(dims, x.ndim)
    return apply(ROLL, x, shifts=shifts, dims=dims)
