"""An op on the meta device: its result's shape and dtype, computed without any data (apply's meta branch).

A view op runs its forward as it is: numpy's view of an all-zero-stride array is one too, and costs nothing.
An elementwise op broadcasts its inputs' shapes and takes its dtype from one element of each. The ops whose
shapes are a formula (convolution, pooling, matrix products, reductions) have a rule here. Any other op runs its
forward on zeros of its inputs' shapes when those are small, and says that it cannot otherwise: an array of a
meta tensor's full size is never made.
"""

import numpy as np

from .rows.activations import ADDMM
from .rows.convolution import CONVOLUTION, transposed_size
from .rows.linalg import BMM, MM
from .rows.pooling import MAX_POOL2D
from .rows.reductions import MEAN, MEAN_DIM, SUM, SUM_DIM, reduced_dims
from .rows.sampling import BERNOULLI, BERNOULLI_, EXPONENTIAL_, NORMAL_, UNIFORM_
from ..base import errors
from .rows.shape import COPY
from ..core.meta import as_meta, is_meta, meta_array, mixed_devices, refuse_copy_out
from ..core.tensor import Tensor

SMALL = 1 << 16  # inputs up to this many elements may be computed on zeros for their result's shape


def forward(op, inputs, arrays, params):
    """`op`'s result(s) as MetaArrays, for inputs of which at least one is on the meta device."""
    if op is COPY:  # into a meta tensor: nothing to copy (torch's no-op); out of one: no data to copy
        if not is_meta(arrays[0]):
            refuse_copy_out()
        return as_meta(arrays[0])
    mixed_devices([x for x in inputs if isinstance(x, Tensor)])
    rule = SHAPES.get(op)
    if rule is not None:
        out = rule(*arrays, **params)
    elif op.view:
        out = op.forward(*arrays, **params)
    elif op.elementwise:
        out = _elementwise(op, arrays, params)
    else:
        out = _on_zeros(op, arrays, params)
    return tuple(map(as_meta, out)) if isinstance(out, (tuple, list)) else as_meta(out)


def _sample(value):
    """One element of an array operand, in its dtype and rank (what decides the result's dtype)."""
    return np.zeros((1,) * value.ndim, value.dtype) if isinstance(value, np.ndarray) else value


def _elementwise(op, arrays, params):
    shape = np.broadcast_shapes(*(a.shape for a in arrays if isinstance(a, np.ndarray)))
    with np.errstate(all="ignore"):
        dtype = np.asarray(op.forward(*map(_sample, arrays), **params)).dtype
    return meta_array(shape, dtype)


def _on_zeros(op, arrays, params):
    operands = list(arrays) + [v for v in params.values() if isinstance(v, np.ndarray)]
    if any(isinstance(a, np.ndarray) and a.size > SMALL for a in operands):
        raise errors.GradcliError("gradcli computes %s on the 'meta' device only for inputs of up to %d elements "
                                  "yet" % (op.overload, SMALL), "NotImplementedError")

    def zeros(value):
        return np.zeros(value.shape, value.dtype) if isinstance(value, np.ndarray) else value
    with np.errstate(all="ignore"):
        return op.forward(*map(zeros, arrays), **{k: zeros(v) for k, v in params.items()})


# ---------------------------------------------------------------- the rules: Row -> fn(*arrays, **params)
def _convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    if transposed:
        spatial = transposed_size(input.shape[2:], weight.shape[2:], stride, padding, dilation, output_padding)
        return meta_array((input.shape[0], weight.shape[1] * groups) + spatial, input.dtype)
    spatial = tuple((size + 2 * p - dl * (k - 1) - 1) // s + 1 for size, k, s, p, dl in
                    zip(input.shape[2:], weight.shape[2:], stride, padding, dilation))
    return meta_array((input.shape[0], weight.shape[0]) + spatial, input.dtype)


def _max_pool(self, indices, **_):
    return meta_array(indices.shape, self.dtype)


def _addmm(self, mat1, mat2):
    return meta_array(np.broadcast_shapes(self.shape, (mat1.shape[0], mat2.shape[1])),
                      np.result_type(mat1.dtype, mat2.dtype))


def _mm(self, mat2):
    return meta_array(self.shape[:-1] + mat2.shape[-1:], np.result_type(self.dtype, mat2.dtype))


def _reduction(op):
    def rule(self, dim=None, keepdim=False, dtype=None):
        axes = reduced_dims(dim, self.ndim)
        shape = tuple(1 if i in axes else s for i, s in enumerate(self.shape) if keepdim or i not in axes)
        kept = {} if dtype is None else {"dtype": dtype}
        return meta_array(shape, np.asarray(op.forward(_sample(self), **kept)).dtype)
    return rule


SHAPES = {CONVOLUTION: _convolution, MAX_POOL2D: _max_pool, ADDMM: _addmm, MM: _mm, BMM: _mm}
SHAPES.update({op: _reduction(op) for op in (SUM, SUM_DIM, MEAN, MEAN_DIM)})
# the random ones draw nothing: the generator's stream is where it was, as in torch
SHAPES.update({op: lambda self, **_: self for op in (UNIFORM_, NORMAL_, BERNOULLI, BERNOULLI_, EXPONENTIAL_)})
