"""Matrix products: matmul (decomposed as torch decomposes it, so the graph has torch's node names), mm, mv,
dot, bmm, outer, with torch's shape and dtype messages."""

import numpy as np

from .bind import apply
from .shape import UNSAFE_VIEW
from .table import front_door, row
from .. import errors, limits
from ..tensor import Tensor

MM = row("mm", "MmBackward0", np.matmul, "self mat2",
         self=("grad.mm(mat2.t())", lambda grad, mat2: grad.mm(mat2.t())),
         mat2=("self.t().mm(grad)", lambda grad, self: self.t().mm(grad)))
MV = row("mv", "MvBackward0", np.matmul, "self vec",
         self=("grad.outer(vec)", lambda grad, vec: grad.unsqueeze(1) * vec),
         vec=("self.t().mv(grad)", lambda grad, self: self.t().mv(grad)))
DOT = row("dot", "DotBackward0", np.dot, "self tensor",
          self=("grad * tensor", lambda grad, tensor: grad * tensor),
          tensor=("grad * self", lambda grad, self: grad * self))
BMM = row("bmm", "BmmBackward0", np.matmul, "self mat2",
          self=("grad.bmm(mat2.transpose(1, 2))", lambda grad, mat2: grad.bmm(mat2.transpose(1, 2))),
          mat2=("self.transpose(1, 2).bmm(grad)", lambda grad, self: self.transpose(1, 2).bmm(grad)))


@front_door("mm")
def mm(x, y):
    if x.ndim != 2:
        raise errors.GradcliError("self must be a matrix")
    if y.ndim != 2:
        raise errors.GradcliError("mat2 must be a matrix")
    if x.shape[1] != y.shape[0]:
        raise errors.GradcliError("mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)"
                                  % (x.shape + y.shape))
    if x.dtype is not y.dtype:
        raise errors.GradcliError("expected m1 and m2 to have the same dtype, but got: %s != %s"
                                  % (x.dtype.cpp_name, y.dtype.cpp_name))
    limits.check_numel((x.shape[0], y.shape[1]))
    return apply(MM, x, y)


@front_door("mv")
def mv(x, y):
    if x.ndim != 2 or y.ndim != 1:
        raise errors.GradcliError("vector + matrix @ vector expected, got 1, %d, %d" % (x.ndim, y.ndim))
    if x.shape[1] != y.shape[0]:
        raise errors.GradcliError("size mismatch, got input (%d), mat (%dx%d), vec (%d)"
                                  % (x.shape[0], x.shape[0], x.shape[1], y.shape[0]))
    if x.dtype is not y.dtype:
        raise errors.GradcliError("addmv input tensors must have the same dtype, but got %s, %s, and %s"
                                  % (y.dtype.short_name, x.dtype.short_name, y.dtype.short_name))
    return apply(MV, x, y)


@front_door("dot")
def dot(x, y):
    if x.ndim != 1 or y.ndim != 1:
        raise errors.GradcliError("1D tensors expected, but got %dD and %dD tensors" % (x.ndim, y.ndim))
    if x.shape[0] != y.shape[0]:
        raise errors.GradcliError(
            "inconsistent tensor size, expected tensor [%d] and src [%d] to have the same number of elements, "
            "but got %d and %d elements respectively" % (x.shape[0], y.shape[0], x.shape[0], y.shape[0]))
    if x.dtype is not y.dtype:
        raise errors.GradcliError("dot : expected both vectors to have same dtype, but found %s and %s"
                                  % (x.dtype.short_name, y.dtype.short_name))
    return apply(DOT, x, y)



@front_door("bmm")
def bmm(x, y):
    if x.ndim != 3:
        raise errors.GradcliError("batch1 must be a 3D tensor")
    if y.ndim != 3:
        raise errors.GradcliError("batch2 must be a 3D tensor")
    if y.shape[0] != x.shape[0] or y.shape[1] != x.shape[2]:
        raise errors.GradcliError("Expected size for first two dimensions of batch2 tensor to be: [%d, %d] but got: "
                                  "[%d, %d]." % (x.shape[0], x.shape[2], y.shape[0], y.shape[1]))
    if x.dtype is not y.dtype:
        raise errors.GradcliError("expected scalar type %s but found %s" % (x.dtype.short_name, y.dtype.short_name))
    limits.check_numel((x.shape[0], x.shape[1], y.shape[2]))
    return apply(BMM, x, y)


def _unsafe_view(x, *shape):
    """matmul's folding ends in _unsafe_view, a reshape that torch records as UnsafeViewBackward0."""
    return apply(UNSAFE_VIEW, x, size=tuple(shape))


@front_door("matmul")
def matmul(x, y):
    """torch.matmul, following torch's own decomposition so that the graph has torch's node names."""
    if not isinstance(x, Tensor) or not isinstance(y, Tensor):
        raise errors.type_error("matmul(): argument 'other' (position 1) must be Tensor, not %s"
                                % type(y if isinstance(x, Tensor) else x).__name__)
    a, b = x.ndim, y.ndim
    if a == 0 or b == 0:
        raise errors.GradcliError("both arguments to matmul need to be at least 1D, but they are %dD and %dD"
                                  % (a, b))
    if a == 1 and b == 1:
        return dot(x, y)
    if a == 2 and b == 1:
        return mv(x, y)
    if a == 2 and b == 2:
        return mm(x, y)
    if a == 1 and b == 2:  # the vector becomes a row, squeezed in place: SqueezeBackward4(MmBackward0(...))
        return mm(x.unsqueeze(0), y).squeeze_(0)
    if a == 3 and b == 3 and (x.shape[0] == 1) != (y.shape[0] == 1):
        # torch squeezes a lone batch of 1 and takes a folding path below
        return matmul(x.squeeze(0), y) if x.shape[0] == 1 else matmul(x, y.squeeze(0))
    if a >= 3 and b <= 2:
        # fold the batch into the rows: (..., n, k) @ (k, m) is one mm on (B*n, k), then _unsafe_view back
        folded = x.reshape(-1, x.shape[-1])
        if b == 2:
            return _unsafe_view(mm(folded, y), *x.shape[:-1], y.shape[-1])
        return _unsafe_view(mv(folded, y), *x.shape[:-1])
    if a <= 2 and b >= 3:
        # torch transposes: x @ y = (y^T @ x^T)^T, folding y's batch into the rows of one mm (or mv)
        yt = y.transpose(-1, -2)
        folded = yt.reshape(-1, yt.shape[-1])
        if a == 2:
            return _unsafe_view(mm(folded, x.t()), *yt.shape[:-1], x.shape[0]).transpose(-1, -2).contiguous()
        return _unsafe_view(mv(folded, x), *yt.shape[:-1])
    return _batched(x, y)


def _batched(x, y):
    """Both operands at least 3-D: broadcast the batch dims, expand, fold into one bmm."""
    n, k = x.shape[-2], x.shape[-1]
    k2, m = y.shape[-2], y.shape[-1]
    batch = _broadcast_batch(x.shape[:-2], y.shape[:-2])
    size = 1
    for d in batch:
        size *= d
    if k != k2:
        raise errors.GradcliError("Expected size for first two dimensions of batch2 tensor to be: [%d, %d] but got: "
                                  "[%d, %d]." % (size, k, size, k2))
    xe = x.expand(*batch, n, k).reshape(size, n, k)
    ye = y.expand(*batch, k, m).reshape(size, k, m)
    return _unsafe_view(bmm(xe, ye), *batch, n, m)


def _broadcast_batch(a, b):
    out = []
    for i in range(1, max(len(a), len(b)) + 1):
        da = a[-i] if i <= len(a) else 1
        db = b[-i] if i <= len(b) else 1
        if da != db and da != 1 and db != 1:
            raise errors.GradcliError(errors.BROADCAST % (da, db, max(len(a), len(b)) - i))
        out.append(da if db == 1 else db)
    return tuple(reversed(out))


@front_door("outer", "ger")
def outer(x, y):
    """torch decomposes outer into x.reshape(-1, 1) * y: MulBackward0(ViewBackward0, ...)."""
    for name, t in (("self", x), ("vec2", y)):
        if t.ndim != 1:
            raise errors.GradcliError("outer: Expected 1-D argument %s, but got %d-D" % (name, t.ndim))
    return x.reshape(-1, 1) * y


# ---------------------------------------------------------------- einsum
def _einsum_parts(equation, count):
    """The operands' subscripts and the output's, from 'ij,jk->ik' (or implicit: the letters used once)."""
    equation = equation.replace(" ", "")
    lhs, arrow, out = equation.partition("->")
    inputs = lhs.split(",")
    if not arrow:
        letters = lhs.replace(",", "")
        out = "".join(sorted(c for c in set(letters) if letters.count(c) == 1))
    if "." in equation or any(len(set(s)) != len(s) for s in inputs):
        raise errors.GradcliError("gradcli's einsum takes neither '...' nor a letter repeated in one operand")
    if len(inputs) != count:
        raise errors.GradcliError("einsum(): more operands were provided than specified in the equation"
                                  if count > len(inputs) else
                                  "einsum(): fewer operands were provided than specified in the equation")
    return inputs, out


@front_door("einsum", method=False)
def einsum(equation, *operands):
    """Each operand's dims lined up on one axis per letter (the output's letters first), multiplied with
    broadcasting, the other letters summed out, then viewed to the output's shape (torch's contraction ends in
    a view too: ViewBackward0)."""
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    inputs, out = _einsum_parts(equation, len(operands))
    order = list(out) + sorted(set("".join(inputs)) - set(out))
    product = None
    for n, (subs, x) in enumerate(zip(inputs, operands)):
        if len(subs) != x.ndim:
            raise errors.GradcliError("einsum(): the number of subscripts in the equation (%d) does not match the "
                                      "number of dimensions (%d) for operand %d and no ellipsis was given"
                                      % (len(subs), x.ndim, n))
        present = [c for c in order if c in subs]
        if present != list(subs):
            x = x.permute(*[subs.index(c) for c in present])
        for position, c in enumerate(order):
            if c not in subs:
                x = x.unsqueeze(position)
        product = x if product is None else product * x
    if len(order) == len(out):
        return product  # nothing to contract: torch multiplies too (MulBackward0 for 'i,j->ij')
    product = product.sum(dim=tuple(range(len(out), len(order))))
    return product.view(*product.shape)
