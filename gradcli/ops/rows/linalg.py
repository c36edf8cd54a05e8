"""Products: matmul (decomposed as torch decomposes it, so the graph has torch's node names), mm, mv, dot, bmm,
outer, cross, einsum, with torch's shape and dtype messages."""

import numpy as np

from .. import fastpath
from ..bind import apply, broadcast_error
from .shape import UNSAFE_VIEW
from ..table import formula_helper, front_door, row
from ...base import errors
from ...core import limits
from ...kernels import mkl
from ...kernels.fma import fma32, fma64
from ...core.tensor import Tensor, wrap_dim

def _blas(name, fallback):
    """A product as torch's x86 wheels compute it: MKL's BLAS for float32/float64 when the mkl extra is installed
    (kernels/mkl.py: gemm, gemv, dot), numpy's product otherwise (it can differ in the last bit)."""
    def forward(*arrays):
        out = getattr(mkl, name)(*arrays)
        return fallback(*arrays) if out is None else out
    return forward


def _column_major(shape, strides):
    return strides[0] == 1 and strides[1] == shape[0]


def _product_arrays(grad, other):
    """The arrays of a product's formula when it may multiply them itself (fastpath 5: the same products on the
    same arrays, without the op table); None where mm would go through the op table (or refuse two dtypes)."""
    arrays = fastpath.formula_arrays(grad, other)
    return arrays if arrays is not None and arrays[0].dtype is arrays[1].dtype else None


def mm_mat1_backward(grad, mat2, mat1_shape, mat1_strides):
    """grad @ mat2^T; for a mat1 laid out by columns, (mat2 @ grad^T)^T as torch computes it (the same sums,
    through another gemm: MKL rounds them differently)."""
    column_major = _column_major(mat1_shape, mat1_strides)
    arrays = _product_arrays(grad, mat2)
    if arrays is not None:
        g, m = arrays
        return Tensor._make(_gemm(m, g.T).T if column_major else _gemm(g, m.T))
    return mat2.mm(grad.t()).t() if column_major else grad.mm(mat2.t())


def mm_mat2_backward(grad, mat1, mat2_shape, mat2_strides):
    """mat1^T @ grad; for a mat2 laid out by columns (a weight's .t()), (grad^T @ mat1)^T as torch computes it."""
    column_major = _column_major(mat2_shape, mat2_strides)
    arrays = _product_arrays(grad, mat1)
    if arrays is not None:
        g, m = arrays
        return Tensor._make(_gemm(g.T, m).T if column_major else _gemm(m.T, g))
    return grad.t().mm(mat1).t() if column_major else mat1.t().mm(grad)


_gemm = _blas("gemm", np.matmul)


MM = row("mm", "MmBackward0", _gemm, "self mat2",
         self=("grad.mm(mat2.t())", lambda grad, mat2, self_shape, self_strides:
               mm_mat1_backward(grad, mat2, self_shape, self_strides)),
         mat2=("self.t().mm(grad)", lambda grad, self, mat2_shape, mat2_strides:
               mm_mat2_backward(grad, self, mat2_shape, mat2_strides)))
_gemv = _blas("gemv", np.matmul)


def _mv_forward(self, vec):
    limits.check_numel(self.shape[:1], "the result")  # (an empty row: (10**9, 0) @ (0,) is 10**9 zeros)
    return _gemv(self, vec)


MV = row("mv", "MvBackward0", _mv_forward, "self vec",
         self=("grad.outer(vec)", lambda grad, vec: grad.unsqueeze(1) * vec),
         vec="self.t().mv(grad)")
DOT = row("dot", "DotBackward0", _blas("dot", np.dot), "self tensor",
          self="grad * tensor",
          tensor="grad * self")


def _bmm_forward(self, mat2):
    from ...kernels import bmm  # (not at import: ctypes and MKL only for a first product)
    return bmm.bmm(self, mat2)


BMM = row("bmm", "BmmBackward0", _bmm_forward, "self mat2",
          self="grad.bmm(mat2.transpose(1, 2))",
          mat2="self.transpose(1, 2).bmm(grad)")


@front_door("mm")
def mm(x, y):
    x_shape, y_shape = x.array.shape, y.array.shape
    if len(x_shape) != 2:
        raise errors.GradcliError("self must be a matrix")
    if len(y_shape) != 2:
        raise errors.GradcliError("mat2 must be a matrix")
    if x_shape[1] != y_shape[0]:
        raise errors.GradcliError("mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)" % (x_shape + y_shape))
    if x.array.dtype != y.array.dtype:
        raise errors.GradcliError("expected m1 and m2 to have the same dtype, but got: %s != %s"
                                  % (x.dtype.cpp_name, y.dtype.cpp_name))
    if not (x.is_meta or y.is_meta):  # (a meta result holds no elements)
        limits.check_numel((x_shape[0], y_shape[1]))
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


@front_door("matmul", linalg=True)
def matmul(x, y):
    """torch.matmul, following torch's own decomposition so that the graph has torch's node names."""
    _require_tensors("matmul", x, y)
    a, b = x.array.ndim, y.array.ndim
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
    if a == 3 and b == 3 and x.shape[0] != y.shape[0]:
        # torch squeezes a lone batch of 1 that requires grad and takes a folding path below (else: one bmm)
        if x.shape[0] == 1 and x.requires_grad:
            return matmul(x.squeeze(0), y)
        if y.shape[0] == 1 and y.requires_grad:
            return matmul(x, y.squeeze(0))
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


# ---------------------------------------------------------------- cross
def _cross(a, b, dim):
    """a x b along dim (of length 3), broadcast, as ATen's cross kernel computes each component:
    a[1]*b[2] - a[2]*b[1], ... — in floating point with the first product fused into the subtraction (the
    compiler contracts it to an FMA), in float16 each operation rounded to float16 (c10::Half computes in float)."""
    a, b = np.broadcast_arrays(a, b)
    a, b = np.moveaxis(a, dim, 0), np.moveaxis(b, dim, 0)
    out = np.empty(a.shape, a.dtype)
    for i, j, k in ((0, 1, 2), (1, 2, 0), (2, 0, 1)):
        if a.dtype == np.float32 or a.dtype == np.float64:
            out[i] = (fma32 if a.dtype == np.float32 else fma64)(a[j], b[k], -(a[k] * b[j]))
        elif a.dtype == np.float16:
            out[i] = (a[j] * b[k]).astype(np.float16) - (a[k] * b[j]).astype(np.float16)
        else:
            out[i] = a[j] * b[k] - a[k] * b[j]
    return np.moveaxis(out, 0, dim)


LINALG_CROSS = row("linalg_cross", "LinalgCrossBackward0", _cross, "self other",
                   self="linalg_cross(other, grad, dim)",
                   other="linalg_cross(grad, self, dim)")

CROSS_WITHOUT_DIM = ("Using torch.cross without specifying the dim arg is deprecated.\nPlease either pass the dim "
                     "explicitly or simply use torch.linalg.cross.\nThe default value of dim will change to agree "
                     "with that of linalg.cross in a future release. (Triggered internally at "
                     "/__w/pytorch/pytorch/aten/src/ATen/native/Cross.cpp:63.)")


@formula_helper
@front_door("cross", function=False, method=False, linalg=True)
def linalg_cross(input, other, dim=-1):
    """torch.linalg.cross: the cross product of 3-vectors along dim, the other dims broadcast."""
    return _checked_cross("linalg_cross", input, other, dim)


@front_door("cross")
def cross(input, other, dim=None):
    """torch.cross: as linalg.cross, but without dim along the first dim of length 3 (deprecated, warned once)."""
    if isinstance(input, Tensor) and dim is None:
        errors.warn_once(CROSS_WITHOUT_DIM)
        dim = next((d for d, size in enumerate(input.shape) if size == 3), None)
        if dim is None:
            raise errors.GradcliError("no dimension of size 3 in input")
    return _checked_cross("cross", input, other, dim)


def _require_tensors(name, input, other):
    """torch's parser's refusal of a number (or anything else) where input and other must be tensors."""
    for position, (argument, value) in enumerate((("input", input), ("other", other))):
        if not isinstance(value, Tensor):
            raise errors.type_error("%s(): argument '%s' (position %d) must be Tensor, not %s"
                                    % (name, argument, position + 1, type(value).__name__))


def _checked_cross(name, input, other, dim):
    _require_tensors(name, input, other)
    if input.ndim != other.ndim:
        raise errors.GradcliError("linalg.cross: inputs must have the same number of dimensions.")
    axis = wrap_dim(dim, input.ndim)
    if input.shape[axis] != 3 or other.shape[axis] != 3:
        raise errors.GradcliError("linalg.cross: inputs dimension %d must have length 3. Got %d and %d"
                                  % (dim, input.shape[axis], other.shape[axis]))
    try:
        limits.check_numel(np.broadcast_shapes(input.shape, other.shape))
    except ValueError:
        raise broadcast_error([input.shape, other.shape]) from None
    if input.dtype is not other.dtype:
        raise errors.GradcliError("expected scalar type %s but found %s"
                                  % (input.dtype.short_name, other.dtype.short_name))
    if input.dtype.name == "bool":
        raise errors.GradcliError('"cross" not implemented for \'Bool\'', "NotImplementedError")
    return apply(LINALG_CROSS, input, other, dim=axis)


# ---------------------------------------------------------------- einsum
# A port of torch's einsum (ATen's Linear.cpp), so that the graph has torch's nodes: each operand's diagonals
# taken for repeated labels, missing dims unsqueezed and all permuted into one order (output labels, then the
# contracted ones); operands contracted pairwise, left to right, by sumproduct_pair (a bmm); contracted dims
# viewed away at the end (summed, for one operand).
_ELLIPSIS = 52


def _subscript(label):
    """Labels in torch's order: A-Z are 0-25, a-z 26-51."""
    return ord(label) - ord("A") if label.isupper() else ord(label) - ord("a") + 26


def _parse_operands(lhs, count):
    labels = [[]]
    i = 0
    while i < len(lhs):
        c = lhs[i]
        if c == ",":
            labels.append([])
            if len(labels) > count:
                raise errors.GradcliError("einsum(): fewer operands were provided than specified in the equation")
        elif c == ".":
            if lhs[i:i + 3] != "...":
                raise errors.GradcliError("einsum(): found '.' for operand %d that is not part of any ellipsis"
                                          % (len(labels) - 1))
            if _ELLIPSIS in labels[-1]:
                raise errors.GradcliError("einsum(): found '.' for operand %d for which an ellipsis was already "
                                          "found" % (len(labels) - 1))
            labels[-1].append(_ELLIPSIS)
            i += 2
        elif c != " ":
            if not ("a" <= c <= "z" or "A" <= c <= "Z"):
                raise errors.GradcliError("einsum(): invalid subscript given at index %d in the equation string, "
                                          "subscripts must be in [a-zA-Z]" % i)
            labels[-1].append(_subscript(c))
        i += 1
    if len(labels) != count:
        raise errors.GradcliError("einsum(): more operands were provided than specified in the equation")
    return labels


def sumproduct_pair(left, right, sum_dims, keepdim):
    """(left * right).sum(sum_dims) by permutes and one bmm, as ATen computes it."""
    if not sum_dims:
        return left * right
    ndim = left.ndim
    lro, lo, ro = [], [], []
    lro_size = lo_size = ro_size = sum_size = 1
    for i in range(ndim):
        sl, sr = left.shape[i] != 1, right.shape[i] != 1
        if i in sum_dims:
            if sl and sr:
                if left.shape[i] != right.shape[i]:
                    raise errors.GradcliError("non-broadcast dimensions must match")
                sum_size *= left.shape[i]
            elif sl:
                left = left.sum(i, True)
            elif sr:
                right = right.sum(i, True)
        elif sl and sr:
            if left.shape[i] != right.shape[i]:
                raise errors.GradcliError("non-broadcast dimensions must match")
            lro.append(i)
            lro_size *= left.shape[i]
        elif sl:
            lo.append(i)
            lo_size *= left.shape[i]
        else:
            ro.append(i)
            ro_size *= right.shape[i]
    out_size = ([left.shape[d] for d in lro] + [left.shape[d] for d in lo] + [1] * len(sum_dims)
                + [right.shape[d] for d in ro])
    lpermutation = lro + lo + list(sum_dims) + ro
    rpermutation = lro + list(sum_dims) + ro + lo
    opermutation = [0] * len(out_size)
    for position, d in enumerate(lro + lo + list(sum_dims) + ro):
        opermutation[d] = position
    left = left.permute(*lpermutation).reshape(lro_size, lo_size, sum_size)
    right = right.permute(*rpermutation).reshape(lro_size, sum_size, ro_size)
    result = bmm(left, right).view(*out_size).permute(*opermutation)
    if not keepdim:
        result = result.view(*[n for i, n in enumerate(result.shape) if i not in sum_dims])
    return result


@front_door("einsum", method=False)
def einsum(*args):
    """Einstein summation, computed as torch computes it (see above); its parameters are torch's, `*args`."""
    if len(args) < 2:
        raise ValueError("einsum(): must specify the equation string and at least one operand, or at least one "
                         "operand and its subscripts list")
    equation, operands = args[0], args[1:]
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    if not operands:
        raise errors.GradcliError("einsum(): must provide at least one operand")
    arrow = equation.find("->")
    lhs = equation if arrow < 0 else equation[:arrow]
    op_labels = _parse_operands(lhs, len(operands))
    label_count = [0] * 52
    ell_num_dim = 0
    for n, (x, labels) in enumerate(zip(operands, op_labels)):
        nlabels = len(labels) - (1 if _ELLIPSIS in labels else 0)
        for label in labels:
            if label == _ELLIPSIS:
                ell_num_dim = max(ell_num_dim, x.ndim - nlabels)
            else:
                label_count[label] += 1
        has_ellipsis = _ELLIPSIS in labels
        if (nlabels > x.ndim) if has_ellipsis else (nlabels != x.ndim):
            raise errors.GradcliError(
                "einsum(): the number of subscripts in the equation (%d) %s (%d) for operand %d%s"
                % (nlabels, "is more than the number of dimensions" if has_ellipsis else
                   "does not match the number of dimensions", x.ndim, n, "" if has_ellipsis else
                   " and no ellipsis was given"))
    perm_of = [-1] * 52
    perm_index = ell_index = 0
    ell_in_output = False
    if arrow < 0:
        perm_index = ell_num_dim
        ell_in_output = True
        for label in range(52):
            if label_count[label] == 1:
                perm_of[label] = perm_index
                perm_index += 1
    else:
        rhs = equation[arrow + 2:]
        i = 0
        while i < len(rhs):
            c = rhs[i]
            if c == ".":
                if ell_in_output:
                    raise errors.GradcliError("einsum(): found '.' for output but an ellipsis (...) was already found")
                if rhs[i:i + 3] != "...":
                    raise errors.GradcliError("einsum(): found '.' for output that is not part of any ellipsis (...)")
                ell_index, ell_in_output = perm_index, True
                perm_index += ell_num_dim
                i += 2
            elif c != " ":
                if not ("a" <= c <= "z" or "A" <= c <= "Z"):
                    raise errors.GradcliError("einsum(): invalid subscript given at index %d in the equation string, "
                                              "subscripts must be in [a-zA-Z]" % (len(lhs) + 2 + i))
                label = _subscript(c)
                if label_count[label] == 0 or perm_of[label] != -1:
                    raise errors.GradcliError("einsum(): output subscript %s %s" % (c, (
                        "appears more than once in the output" if perm_of[label] != -1 else
                        "does not appear in the equation for any input operand")))
                perm_of[label] = perm_index
                perm_index += 1
            i += 1
    out_num_dim = perm_index
    if not ell_in_output:
        ell_index = perm_index
        perm_index += ell_num_dim
    for label in range(52):
        if label_count[label] > 0 and perm_of[label] == -1:
            perm_of[label] = perm_index
            perm_index += 1
    dim_counts = [0] * perm_index
    ops = []
    for n, (x, labels) in enumerate(zip(operands, op_labels)):
        permutation = [-1] * perm_index
        dim = 0
        for label in labels:
            if label == _ELLIPSIS:
                covered = x.ndim - (len(labels) - 1)
                for j in range(ell_num_dim - covered, ell_num_dim):
                    if x.shape[dim] != 1:
                        dim_counts[ell_index + j] += 1
                    permutation[ell_index + j] = dim
                    dim += 1
            elif permutation[perm_of[label]] == -1:
                if x.shape[dim] != 1:
                    dim_counts[perm_of[label]] += 1
                permutation[perm_of[label]] = dim
                dim += 1
            else:  # a repeated label: its diagonal, put where the label first was
                previous = permutation[perm_of[label]]
                if x.shape[dim] != x.shape[previous]:
                    raise errors.GradcliError("einsum(): subscript %s is repeated for operand %d but the sizes don't "
                                              "match, %d != %d" % (_label(label), n, x.shape[dim], x.shape[previous]))
                x = x.diagonal(0, previous, dim).movedim(-1, previous)
        for k, value in enumerate(permutation):
            if value == -1:
                x = x.unsqueeze(dim)
                permutation[k] = dim
                dim += 1
        ops.append(x.permute(*permutation))
    while len(ops) > 1:
        a, b = ops.pop(0), ops.pop(0)
        sum_dims, a_sums, b_sums = [], [], []
        for d in range(out_num_dim, perm_index):
            if a.shape[d] != 1 and b.shape[d] != 1:
                dim_counts[d] -= 1
                if dim_counts[d] == 1:
                    sum_dims.append(d)
                    dim_counts[d] = 0
            elif dim_counts[d] == 1:
                if a.shape[d] != 1:
                    a_sums.append(d)
                    dim_counts[d] = 0
                elif b.shape[d] != 1:
                    b_sums.append(d)
                    dim_counts[d] = 0
        if a_sums:
            a = a.sum(tuple(a_sums), True)
        if b_sums:
            b = b.sum(tuple(b_sums), True)
        ops.insert(0, sumproduct_pair(a, b, sum_dims, True))
    result = ops[0]
    if perm_index - out_num_dim > 0:
        if len(operands) > 1:
            return result.view(*result.shape[:out_num_dim])
        return result.sum(tuple(range(out_num_dim, perm_index)))
    return result


def _label(subscript):
    return chr(ord("A") + subscript) if subscript < 26 else chr(ord("a") + subscript - 26)


# ---------------------------------------------------------------- bilinear forms
@formula_helper
def backward_equation(equation, position):
    """The equation whose result is the gradient of operand `position`: that operand and the result trade
    places (every product here is linear in each operand, and each index of an operand appears elsewhere)."""
    operands, result = equation.split("->")
    parts = operands.split(",")
    parts[position], result = result, parts[position]
    return ",".join(parts) + "->" + result


@formula_helper
def trilinear(i1, i2, i3, equation):
    """The product of three operands contracted as `equation` (einsum's notation): torch's _trilinear."""
    return apply(TRILINEAR, i1, i2, i3, equation=equation)


def _trilinear_derivative(position):
    others = [name for k, name in enumerate(("i1", "i2", "i3")) if k != position]
    args = ["grad"] + others
    args.insert(position, args.pop(0))  # grad takes the operand's place
    text = "trilinear(%s, backward_equation(equation, %d))" % (", ".join(args), position)

    def derivative(grad, i1, i2, i3, equation):
        operands = [i1, i2, i3]
        operands[position] = grad
        return trilinear(*operands, backward_equation(equation, position))
    return text, derivative


TRILINEAR = row("_trilinear", "TrilinearBackward0",
                lambda i1, i2, i3, equation: np.einsum(equation, i1, i2, i3).astype(np.result_type(i1, i2, i3)),
                "i1 i2 i3", i1=_trilinear_derivative(0), i2=_trilinear_derivative(1), i3=_trilinear_derivative(2))


@front_door("bilinear", method=False, functional=True)
def bilinear(input1, input2, weight, bias=None):
    """y = x1^T A x2 + b for each (x1, x2) along the leading dims: torch's _trilinear on the flattened inputs,
    viewed back, plus the bias."""
    if input1.shape[:-1] != input2.shape[:-1]:
        raise errors.GradcliError("bilinear(): input batch dimensions do not match: got %s and %s"
                                  % (list(input1.shape[:-1]), list(input2.shape[:-1])))
    if input1.shape[-1] != weight.shape[1] or input2.shape[-1] != weight.shape[2]:
        raise errors.GradcliError("bilinear(): input%d size does not match weight size: got %d but expected %d"
                                  % ((1, input1.shape[-1], weight.shape[1]) if input1.shape[-1] != weight.shape[1]
                                     else (2, input2.shape[-1], weight.shape[2])))
    size = tuple(input1.shape[:-1]) + (weight.shape[0],)
    out = trilinear(input1.reshape(-1, input1.shape[-1]), weight, input2.reshape(-1, input2.shape[-1]),
                    "bi,oij,bj->bo").reshape(*size)
    return out + bias if bias is not None else out


@front_door("cosine_similarity", method=False, functional=True)
def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    """sum(x1/|x1| * x2/|x2|) along dim, each norm at least eps: torch divides each input by its norm first (a
    clone, clamped without recording), then sums the products (SumBackward1(MulBackward0(DivBackward0, ...)))."""
    from ...base import grad_mode
    shape = np.broadcast_shapes(x1.shape, x2.shape)
    x1 = x1 if tuple(x1.shape) == shape else x1.expand(*shape)
    x2 = x2 if tuple(x2.shape) == shape else x2.expand(*shape)
    norm1 = x1.norm(2, dim, keepdim=True).clone()
    norm2 = x2.norm(2, dim, keepdim=True).clone()
    with grad_mode.no_grad():
        norm1.clamp_min_(eps)
        norm2.clamp_min_(eps)
    return ((x1 / norm1) * (x2 / norm2)).sum(dim)
