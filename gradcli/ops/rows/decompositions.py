"""torch.linalg: inverse, determinants, solve, the decompositions (cholesky, qr, svd, eigh) and the norms, with
their gradients as torch's FunctionsManual writes them (in tensor ops, so that second derivatives follow), and
cdist. Batches of matrices work where numpy's linalg does (the last two dims are the matrix).
"""

import numpy as np

from ..bind import apply
from .compare import where
from .join import cat
from .reductions import reduced_dims
from ..table import formula_helper, front_door, row
from ...base import errors
from ...core import limits
from ...base.return_types import ReturnTypes
from ...core.tensor import Tensor

LINALG_ERROR = "_LinAlgError"  # torch's subclass of RuntimeError (torch._C._LinAlgError)


def _square(name, x):
    if x.ndim < 2:
        raise errors.GradcliError("%s: The input tensor A must have at least 2 dimensions." % name)
    if x.shape[-1] != x.shape[-2]:
        raise errors.GradcliError("%s: A must be batches of square matrices, but they are %d by %d matrices"
                                  % (name, x.shape[-2], x.shape[-1]))
    if not x.dtype.is_floating_point:
        raise errors.GradcliError("%s: Expected a floating point or complex tensor as input. Got %s"
                                  % (name, x.dtype.short_name))


def _first_zero_pivot(a):
    """1-based position of the first zero pivot of LU with partial pivoting (torch's singular-matrix message)."""
    a = np.array(a, dtype=np.float64)
    n = a.shape[-1]
    for k in range(n):
        p = k + int(np.argmax(np.abs(a[k:, k])))
        if a[p, k] == 0:
            return k + 1
        a[[k, p]] = a[[p, k]]
        a[k + 1:, k:] -= np.outer(a[k + 1:, k] / a[k, k], a[k, k:])
    return n


def _singular(name, a, what="inversion"):
    flat = a.reshape(-1, a.shape[-2], a.shape[-1])
    for m in flat:
        try:
            np.linalg.inv(m)
        except np.linalg.LinAlgError:
            if what == "solve":
                return errors.GradcliError("torch.linalg.solve: The solver failed because the input matrix is singular.",
                                           LINALG_ERROR)
            return errors.GradcliError("%s: The diagonal element %d is zero, the %s could not be completed because "
                                       "the input matrix is singular." % (name, _first_zero_pivot(m), what),
                                       LINALG_ERROR)
    return errors.GradcliError("%s: the input matrix is singular." % name, LINALG_ERROR)


def _eye_like(x):
    n = x.shape[-1]
    return Tensor._make(np.eye(n, dtype=x.array.dtype))


# ---------------------------------------------------------------- inverse, solve, determinants
def _inv_forward(A):
    try:
        return np.linalg.inv(A)
    except np.linalg.LinAlgError:
        raise _singular("linalg.inv", A) from None


INV = row("linalg_inv_ex", "LinalgInvExBackward0", _inv_forward, "A",
          A="-(result.mT @ (grad @ result.mT))")


@front_door("inv", function=False, method=False, linalg=True)
def inv(A):
    _square("linalg.inv", A)
    return apply(INV, A)


@front_door("inverse")
def inverse(A):
    _square("linalg.inv", A)
    return apply(INV, A)


def _solve_forward(A, B, vector):
    try:
        return np.linalg.solve(A, B[..., None])[..., 0] if vector else np.linalg.solve(A, B)
    except np.linalg.LinAlgError:
        raise _singular("torch.linalg.solve", A, "solve") from None


@formula_helper
def solve_backward_B(grad, A, vector=False):
    """solve(A^T, grad): the gradient of X = solve(A, B) with respect to B (a vector B solved as one column)."""
    return solve(A.mT, grad.unsqueeze(-1)).squeeze(-1) if vector else solve(A.mT, grad)


@formula_helper
def solve_backward_A(grad, A, result, vector=False):
    """-solve(A^T, grad) X^T: the gradient of X = solve(A, B) with respect to A."""
    gB = solve_backward_B(grad, A, vector)
    return -(gB.unsqueeze(-1) * result.unsqueeze(-2)) if vector else -(gB @ result.mT)


SOLVE = row("linalg_solve_ex", "LinalgSolveExBackward0", _solve_forward, "A B", promote="common",
            A="solve_backward_A(grad, A, result, vector)",
            B="solve_backward_B(grad, A, vector)")


@front_door("solve", function=False, method=False, linalg=True)
def solve(A, B, *, left=True):
    """X with A X = B (B a matrix, or a vector when its dims are A's but the last)."""
    _square("linalg.solve", A)
    vector = B.ndim == A.ndim - 1 or B.ndim == 1
    return apply(SOLVE, A, B, vector=vector)


def _det_forward(A):
    return np.asarray(np.linalg.det(A), dtype=A.dtype)


@formula_helper
def det_backward(grad, A, result):
    """grad det(A) A^{-T}, computed as solve(A^T, grad det(A) I) (zeros where A is singular)."""
    scale = (grad * result).unsqueeze(-1).unsqueeze(-1) * _eye_like(A)
    if np.any(result.array == 0):
        return scale * 0
    return solve(A.mT, scale)


DET = row("linalg_det", "LinalgDetBackward0", _det_forward, "A",
          A="det_backward(grad, A, result)")


@front_door("det", linalg=True)
def det(A):
    _square("linalg.det", A)
    return apply(DET, A)


def _slogdet_forward(A):
    sign, logabsdet = np.linalg.slogdet(A)
    return np.asarray(sign, A.dtype), np.asarray(logabsdet, A.dtype)


@formula_helper
def slogdet_backward(grads, A):
    """The log-determinant's gradient: grad A^{-T} (the sign has none)."""
    g = grads[1]
    if g is None:
        return A * 0
    return solve(A.mT, g.unsqueeze(-1).unsqueeze(-1) * _eye_like(A))


SLOGDET = row("linalg_slogdet", "LinalgSlogdetBackward0", _slogdet_forward, "A",
              A="slogdet_backward(grads, A)")


@front_door("slogdet", function=False, method=False, linalg=True)
def slogdet(A):
    _square("linalg.slogdet", A)
    sign, logabsdet = apply(SLOGDET, A)
    return ReturnTypes("linalg_slogdet", sign, logabsdet, names=("sign", "logabsdet"))


@front_door("logdet")
def logdet(A):
    """log det A: nan where the determinant is negative (torch composes slogdet and a where)."""
    sign, logabsdet = slogdet(A)
    return where(sign < 0, Tensor._make(np.full((), np.nan, logabsdet.array.dtype)), logabsdet)


# ---------------------------------------------------------------- cholesky, qr, eigh, svd
def _cholesky_forward(A, upper=False):
    try:
        L = np.linalg.cholesky(A)
    except np.linalg.LinAlgError:
        order = _not_positive_definite(A)
        raise errors.GradcliError("linalg.cholesky: The factorization could not be completed because the input is "
                                  "not positive-definite (the leading minor of order %d is not positive-definite)."
                                  % order, LINALG_ERROR) from None
    return np.swapaxes(L, -1, -2).copy() if upper else L


def _not_positive_definite(A):
    m = A.reshape(-1, A.shape[-2], A.shape[-1])[0]
    for k in range(1, m.shape[-1] + 1):
        try:
            np.linalg.cholesky(m[:k, :k])
        except np.linalg.LinAlgError:
            return k
    return m.shape[-1]


@formula_helper
def cholesky_backward(grad, upper, L):
    """torch's cholesky_backward: L^{-T} Phi L^{-1} with Phi = (tril(L^T gL) + tril(L^T gL, -1)^T) / 2, by two
    triangular solves."""
    if upper:
        L, grad = L.mT, grad.mT
    gA = (L.mT @ grad).tril()
    gA = 0.5 * (gA + gA.tril(-1).mT)
    gA = solve_triangular(L.mT, gA, upper=True, left=True)
    return solve_triangular(L, gA, upper=False, left=False)


def _solve_triangular_forward(A, B, upper, left=True, unitriangular=False):
    A = np.triu(A) if upper else np.tril(A)
    if unitriangular:
        A = A - np.diagonal(A, 0, -2, -1)[..., None] * np.eye(A.shape[-1], dtype=A.dtype) + np.eye(A.shape[-1],
                                                                                                    dtype=A.dtype)
    with np.errstate(all="ignore"):
        if left:
            return np.linalg.solve(A, B) if np.all(np.diagonal(A, 0, -2, -1)) else np.full(B.shape, np.nan, B.dtype)
        return np.swapaxes(np.linalg.solve(np.swapaxes(A, -1, -2), np.swapaxes(B, -1, -2)), -1, -2)


@formula_helper
def solve_triangular_backward(grad, A, result, upper, left=True):
    """The gradients of X = A^{-1} B (left) or B A^{-1}: gB a triangular solve with A^T, gA = -gB X^T (or
    -X^T gB), kept in A's triangle."""
    gB = solve_triangular(A.mT, grad, upper=not upper, left=left)
    gA = -(gB @ result.mT) if left else -(result.mT @ gB)
    return gA.triu() if upper else gA.tril()


SOLVE_TRIANGULAR = row("linalg_solve_triangular", "LinalgSolveTriangularBackward0", _solve_triangular_forward,
                       "A B", promote="common",
                       A=("solve_triangular_backward(grad, A, result, upper, left)",
                          lambda grad, A, result, upper, left=True:
                          solve_triangular_backward(grad, A, result, upper, left)),
                       B=("torch.linalg.solve_triangular(A.mT, grad, upper=not upper, left=left)",
                          lambda grad, A, upper, left=True: solve_triangular(A.mT, grad, upper=not upper, left=left)))


@front_door("solve_triangular", function=False, method=False, linalg=True)
def solve_triangular(A, B, *, upper, left=True, unitriangular=False):
    """X with A X = B (or X A = B with left=False), A triangular (only its upper or lower triangle is read)."""
    _square("linalg.solve_triangular", A)
    return apply(SOLVE_TRIANGULAR, A, B, upper=upper, left=left, unitriangular=unitriangular)


CHOLESKY = row("linalg_cholesky_ex", "LinalgCholeskyExBackward0", _cholesky_forward, "A",
               A=("cholesky_backward(grad, upper, result)",
                  lambda grad, result, upper=False: cholesky_backward(grad, upper, result)))


@front_door("cholesky", function=False, method=False, linalg=True)
def cholesky(A, *, upper=False):
    _square("linalg.cholesky", A)
    return apply(CHOLESKY, A, upper=upper)


def _eigh_forward(A, UPLO="L"):
    L, V = np.linalg.eigh(A, UPLO=UPLO)
    return L.astype(A.dtype), V.astype(A.dtype)


@formula_helper
def eigh_backward(grads, L, V):
    """torch's linalg_eig_backward for a symmetric A: V (diag(gL) + (V^T gV) / E) V^T, E_ij = L_j - L_i (the
    diagonal of the quotient taken as gL), made symmetric when the eigenvectors' gradient takes part."""
    gL, gV = grads
    if gV is None:
        return (V * gL.unsqueeze(-2)) @ V.mT
    E = L.unsqueeze(-2) - L.unsqueeze(-1)
    E = E + _eye_like(E)  # the diagonal, which the quotient does not use, kept away from 0
    inner = (V.mT @ gV) / E
    inner = inner - inner.diagonal(0, -2, -1).diag_embed()
    if gL is not None:
        inner = inner + gL.diag_embed()
    gA = V @ inner @ V.mT
    return 0.5 * (gA + gA.mT)  # A is symmetric: so is this gradient, as torch makes it


EIGH = row("linalg_eigh", "LinalgEighBackward0", _eigh_forward, "A",
           A="eigh_backward(grads, result0, result1)")


@front_door("eigh", function=False, method=False, linalg=True)
def eigh(A, UPLO="L"):
    _square("linalg.eigh", A)
    values, vectors = apply(EIGH, A, UPLO=UPLO)
    return ReturnTypes("linalg_eigh", values, vectors, names=("eigenvalues", "eigenvectors"))


@front_door("eigvalsh", function=False, method=False, linalg=True)
def eigvalsh(A, UPLO="L"):
    return eigh(A, UPLO)[0]


def _svd_forward(A, full_matrices=True):
    U, S, Vh = np.linalg.svd(A, full_matrices=full_matrices)
    return U.astype(A.dtype), S.astype(A.dtype), Vh.astype(A.dtype)


def _skew(X):
    return X - X.mT


@formula_helper
def svd_backward(grads, U, S, Vh, full_matrices=True):
    """torch's svd_backward for real matrices (U and Vh narrowed to the singular values' count first)."""
    gU, gS, gVh = grads
    k = S.shape[-1]
    if full_matrices:
        U, Vh = U.narrow(-1, 0, k), Vh.narrow(-2, 0, k)
        gU = None if gU is None else gU.narrow(-1, 0, k)
        gVh = None if gVh is None else gVh.narrow(-2, 0, k)
    m, n = U.shape[-2], Vh.shape[-1]
    if gU is None and gVh is None:
        return U @ (gS.unsqueeze(-1) * Vh) if m >= n else (U * gS.unsqueeze(-2)) @ Vh
    UhgU = None if gU is None else _skew(U.mT @ gU)
    VhgV = None if gVh is None else _skew(Vh @ gVh.mT)
    S2 = S * S
    E = S2.unsqueeze(-2) - S2.unsqueeze(-1)
    E = E + _eye_like(E)
    if UhgU is not None and VhgV is not None:
        gA = (UhgU * S.unsqueeze(-2) + S.unsqueeze(-1) * VhgV) / E
    elif UhgU is not None:
        gA = (UhgU / E) * S.unsqueeze(-2)
    else:
        gA = S.unsqueeze(-1) * (VhgV / E)
    if gS is not None:
        gA = gA + gS.diag_embed()
    if m > n and gU is not None:
        gA = U @ gA
        gUSinv = gU / S.unsqueeze(-2)
        gA = gA + gUSinv - U @ (U.mT @ gUSinv)
        return gA @ Vh
    if m < n and gVh is not None:
        gA = gA @ Vh
        gVSinv = gVh.mT / S.unsqueeze(-2)
        gA = gA + gVSinv.mT - (gVSinv.mT @ Vh.mT) @ Vh
        return U @ gA
    return U @ (gA @ Vh) if m >= n else (U @ gA) @ Vh


SVD = row("linalg_svd", "LinalgSvdBackward0", _svd_forward, "A",
          A=("svd_backward(grads, result0, result1, result2, full_matrices)",
             lambda grads, result0, result1, result2, full_matrices=True:
             svd_backward(grads, result0, result1, result2, full_matrices)))


def _check_matrix(name, A):
    if A.ndim < 2:
        raise errors.GradcliError("%s: The input tensor A must have at least 2 dimensions." % name)
    if not A.dtype.is_floating_point:
        raise errors.GradcliError("%s: Expected a floating point or complex tensor as input. Got %s"
                                  % (name, A.dtype.short_name))


@front_door("svd", function=False, method=False, linalg=True)
def svd(A, full_matrices=True):
    _check_matrix("linalg.svd", A)
    U, S, Vh = apply(SVD, A, full_matrices=full_matrices)
    return ReturnTypes("linalg_svd", U, S, Vh, names=("U", "S", "Vh"))


@front_door("svd")
def svd_with_v(input, some=True, compute_uv=True):
    """torch.svd (and Tensor.svd): linalg.svd's factors with V = Vh.mH (TransposeBackward0), the reduced ones
    unless some=False; without compute_uv, U and V are zero-filled (m, m) and (n, n)."""
    _check_matrix("linalg.svd", input)
    if not compute_uv:
        m, n = input.shape[-2:]
        zeros = input.array.dtype.type(0)
        U = Tensor._make(np.full(input.shape[:-2] + (m, m), zeros))
        V = Tensor._make(np.full(input.shape[:-2] + (n, n), zeros))
        return ReturnTypes("svd", U, svdvals(input), V, names=("U", "S", "V"))
    U, S, Vh = apply(SVD, input, full_matrices=not some)
    return ReturnTypes("svd", U, S, Vh.transpose(-2, -1), names=("U", "S", "V"))


@front_door("svdvals", function=False, method=False, linalg=True)
def svdvals(A):
    _check_matrix("linalg.svdvals", A)
    return apply(SVD, A, full_matrices=False)[1]


def _qr_forward(A, mode="reduced"):
    Q, R = np.linalg.qr(A, mode="complete" if mode == "complete" else "reduced")
    return Q.astype(A.dtype), R.astype(A.dtype)


def _qr_backward_square(gQ, gR, Q, R):
    """gA = [gQ + Q copyltu(M)] R^{-T}, M = R gR^T - gQ^T Q, for a square R."""
    M = R @ gR.mT - gQ.mT @ Q
    lower = M.tril(-1)
    copyltu = lower + lower.mT + M.diagonal(0, -2, -1).diag_embed()
    return solve_triangular(R.mT, gQ + Q @ copyltu, upper=False, left=False)  # (...) R^{-T}


@formula_helper
def qr_backward(grads, Q, R):
    """torch's linalg_qr_backward (reduced mode): for m >= n the square formula; for a wide A = [X | Y] with
    R = [U | V], X's gradient from the square formula with gQ + Y gV^T, Y's Q gV."""
    gQ, gR = grads
    gQ = Q * 0 if gQ is None else gQ
    gR = R * 0 if gR is None else gR
    m, n = Q.shape[-2], R.shape[-1]
    if m >= n:
        return _qr_backward_square(gQ, gR, Q, R)
    U, V = R.narrow(-1, 0, m), R.narrow(-1, m, n - m)
    gU, gV = gR.narrow(-1, 0, m), gR.narrow(-1, m, n - m)
    gX = _qr_backward_square(gQ + (Q @ V) @ gV.mT, gU, Q, U)
    return cat([gX, Q @ gV], -1)


QR = row("linalg_qr", "LinalgQrBackward0", _qr_forward, "A",
         A="qr_backward(grads, result0, result1)")


@front_door("qr", function=False, method=False, linalg=True)
def qr(A, mode="reduced"):
    _check_matrix("linalg.qr", A)
    if mode not in ("reduced", "complete", "r"):
        raise errors.GradcliError("qr received unrecognized mode '%s' but expected one of 'reduced' (default), 'r', "
                                  "or 'complete'" % mode)
    Q, R = apply(QR, A, mode=mode)
    return ReturnTypes("linalg_qr", Q, R, names=("Q", "R"))


# ---------------------------------------------------------------- norms
@front_door("vector_norm", function=False, method=False, linalg=True)
def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    return x.norm(ord, dim, keepdim)


@front_door("matrix_norm", function=False, method=False, linalg=True)
def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    """fro: the vector 2-norm over the two dims; nuc: the sum of the singular values; 2 / -2: the largest /
    smallest singular value; 1 / -1, inf / -inf: the largest / smallest column / row sum of magnitudes."""
    _check_matrix("linalg.matrix_norm", A)
    dims = tuple(reduced_dims(tuple(dim), A.ndim))
    if ord == "fro":
        return A.norm(2, dims, keepdim)
    first, second = [d if d >= 0 else d + A.ndim for d in dim]
    if ord in ("nuc", 2, -2):  # torch always moves the two dims last (a permute, even when they are)
        values = svdvals(A.permute(*[d for d in range(A.ndim) if d not in (first, second)], first, second))
        out = values.sum(-1) if ord == "nuc" else values.amax(-1) if ord == 2 else values.amin(-1)
        return _restore(out, dims, keepdim)
    if ord in (1, -1, float("inf"), float("-inf")):  # the largest or smallest column (1) or row (inf) sum
        if ord in (float("inf"), float("-inf")):
            first, second = second, first
        if not keepdim and first < second:
            second -= 1
        sums = A.norm(1, first, keepdim)
        return sums.amax(second, keepdim) if ord > 0 else sums.amin(second, keepdim)
    raise errors.GradcliError("linalg.matrix_norm: Order %s not supported." % ord)


def _restore(out, dims, keepdim):
    if keepdim:
        for d in sorted(dims):
            out = out.unsqueeze(d)
    return out


@front_door("norm", function=False, method=False, linalg=True)
def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """linalg.norm: the 2-norm of the whole tensor without ord; with ord, a matrix norm over two dims (a 2-D input
    or two dims given) and a vector norm otherwise."""
    if ord is None:
        return A.norm(2, dim, keepdim)
    two_dims = (dim is None and A.ndim == 2) or (isinstance(dim, (tuple, list)) and len(dim) == 2)
    if two_dims:
        return matrix_norm(A, ord, (-2, -1) if dim is None else dim, keepdim)
    if isinstance(ord, str):
        raise errors.GradcliError("linalg.vector_norm: ord must be a number, got '%s'" % ord)
    return A.norm(ord, dim, keepdim)


# ---------------------------------------------------------------- cdist
def _cdist_forward(x1, x2, p=2.0):
    pairs = np.broadcast_shapes(x1.shape[:-2], x2.shape[:-2]) + (x1.shape[-2], x2.shape[-2])
    limits.check_numel(pairs, "the result")
    limits.check_numel(pairs + x1.shape[-1:], "cdist's differences")
    difference = np.abs(x1[..., :, None, :] - x2[..., None, :, :])
    if p == 0:
        return np.sum(difference != 0, axis=-1).astype(x1.dtype)
    if p == float("inf"):
        return np.max(difference, axis=-1, initial=0).astype(x1.dtype)
    if p == 1:
        return np.sum(difference, axis=-1).astype(x1.dtype)
    return (np.sum(difference ** p, axis=-1) ** (1.0 / p)).astype(x1.dtype)


def _cdist_backward(grad, x1, x2, cdist, p):
    """The gradient of each pairwise p-norm distance to the first points: sum over the second points of
    grad * |d|^(p-1) sign(d) / dist^(p-1), d = x1 - x2 (0 where the distance is 0)."""
    d = x1[..., :, None, :] - x2[..., None, :, :]
    g = grad[..., None]
    dist = cdist[..., None]
    with np.errstate(all="ignore"):
        if p == 1:
            term = g * np.sign(d)
        elif p == float("inf"):
            term = g * np.sign(d) * (np.abs(d) == dist)
        elif p == 0:
            term = d * 0
        else:
            term = np.where(dist == 0, 0, g * d * np.abs(d) ** (p - 2) / dist ** (p - 1))
    return term.sum(-2).astype(x1.dtype)


# torch's backward kernel is an op of its own, with no derivative of its own
_NO_DOUBLE_BACKWARD = "not_implemented('_cdist_backward')"
CDIST_BACKWARD = row("_cdist_backward", "CdistBackwardBackward0", _cdist_backward, "grad x1 x2 cdist",
                     grad=_NO_DOUBLE_BACKWARD, x1=_NO_DOUBLE_BACKWARD, x2=_NO_DOUBLE_BACKWARD,
                     cdist=_NO_DOUBLE_BACKWARD)


@formula_helper
def cdist_backward(grad, x1, x2, p, result):
    """The gradient of the pairwise p-norm distances with respect to the first points: for each, the sum over the
    second points of grad |d|^(p-1) sign(d) / dist^(p-1), d = x1 - x2 (0 where the distance is 0)."""
    return apply(CDIST_BACKWARD, grad, x1, x2, result, p=p)


CDIST = row("_cdist_forward", "CdistBackward0", _cdist_forward, "x1 x2", promote="common",
            x1=("cdist_backward(grad, x1, x2, p, result)",
                lambda grad, x1, x2, result, p=2.0: cdist_backward(grad, x1, x2, p, result)),
            x2=("cdist_backward(grad.mT, x2, x1, p, result.mT)",
                lambda grad, x1, x2, result, p=2.0: cdist_backward(grad.mT, x2, x1, p, result.mT)))


@front_door("cdist", method=False)
def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    """The p-norm distance between each row of x1 and each row of x2 (batched over leading dims)."""
    if x1.ndim < 2 or x2.ndim < 2:
        raise errors.GradcliError("cdist only supports at least 2D tensors, X1 got: %dD" % x1.ndim)
    if x1.shape[-1] != x2.shape[-1]:
        raise errors.GradcliError("X1 and X2 must have the same number of columns. X1: %d X2: %d"
                                  % (x1.shape[-1], x2.shape[-1]))
    if p < 0:
        raise errors.GradcliError("cdist only supports non-negative p values")
    return apply(CDIST, x1, x2, p=p)
