"""torch's CPU upsampling kernels (UpSample.h, UpSampleKernel.cpp), bit for bit for float32 and float64: nearest
and nearest-exact, linear and bilinear, forward and backward, over the last one or two dims of an array.

The source index and weights of each output position are torch's, in the input's precision (opmath is float for
float32). torch's x86 build contracts a*b + c*d into fma(a, b, c*d), and its source index scale * (i + 0.5) - 0.5
into one fma, so these do too. Bilinear has two forward kernels: a small output (height + width <= 128, or three
channels on one thread) goes through the channels-last kernel, one AVX2 vector of channels at a time (a chain of
fmas) and the rest of the channels scalar; a larger one through the generic kernel, width first, then height.
A backward adds each output's gradient (times its weight, fused) into its sources in output order; here every
source takes its contributions in that order, one wave of them at a time.
"""

import math

import numpy as np

from . import cpu, loops
from .fma import fma32, fma64


# the upsample kernels are built for AVX2 and the default capability only (REGISTER_DISPATCH, not
# ALSO_REGISTER_AVX512_DISPATCH): an AVX512 machine runs their AVX2 build
_DISPATCHED = {"avx512": "avx2", "avx2": "avx2", "default": "default"}


def _fma(dtype):
    return fma64 if dtype == np.float64 else fma32


def _scale(input_size, output_size, scale, dtype):
    """compute_scales_value: 1 / the given scale factor, else input_size / output_size."""
    if scale is not None and scale > 0:
        return dtype.type(1.0 / scale)
    return dtype.type(input_size) / dtype.type(output_size)


# ---------------------------------------------------------------- nearest, nearest-exact
def nearest_indices(input_size, output_size, scale, exact):
    """Each output position's source: floor(i * scale) (nearest), floor((i + 0.5) * scale) (nearest-exact), at
    most input_size - 1; nearest copies a same size and halves an index when the size doubles, as torch does."""
    out = np.arange(output_size)
    if not exact and output_size == input_size:
        return out
    if not exact and output_size == 2 * input_size:
        return out >> 1
    s = _scale(input_size, output_size, scale, np.dtype(np.float32))
    if exact:  # (dst_index + 0.5) is a double: the product is one, then floorf's argument a float
        positions = ((out + 0.5) * np.float64(s)).astype(np.float32)
    else:
        positions = out.astype(np.float32) * s
    return np.minimum(np.floor(positions).astype(np.int64), input_size - 1)


def _spatial_indices(input_shape, output_sizes, scales, exact):
    dims = len(output_sizes)
    return [nearest_indices(input_shape[-dims + k], output_sizes[k], scales[k], exact) for k in range(dims)]


def nearest(x, output_sizes, scales, exact=False):
    """x (N, C, *spatial) sampled at each output position's nearest source."""
    out = x
    for k, index in enumerate(_spatial_indices(x.shape, output_sizes, scales, exact)):
        out = np.take(out, index, axis=x.ndim - len(output_sizes) + k)
    return np.ascontiguousarray(out)


def nearest_backward(grad, input_sizes, scales, exact=False):
    """Each output's gradient added into its source, in output order (sequential adds in grad's dtype)."""
    dims = len(input_sizes)
    lead = grad.shape[:-dims]
    indices = _spatial_indices(tuple(lead) + tuple(input_sizes), grad.shape[-dims:], scales, exact)
    flat = np.ravel_multi_index(np.ix_(*indices), tuple(input_sizes)).reshape(-1)
    out = np.zeros((int(np.prod(lead, dtype=np.int64)), int(np.prod(input_sizes, dtype=np.int64))), grad.dtype)
    np.add.at(out, (slice(None), flat), grad.reshape(out.shape[0], -1))
    return out.reshape(tuple(lead) + tuple(input_sizes))


# ---------------------------------------------------------------- linear, bilinear
def linear_weights(input_size, output_size, align_corners, scale, dtype):
    """compute_source_index_and_lambda for every output position: (index0, index1, lambda0, lambda1)."""
    dtype = np.dtype(dtype)
    out = np.arange(output_size)
    if output_size == input_size:
        return out, out, np.ones(output_size, dtype), np.zeros(output_size, dtype)
    if align_corners:
        ratio = dtype.type(input_size - 1) / dtype.type(output_size - 1) if output_size > 1 else dtype.type(0)
        real = ratio * out.astype(dtype)
    else:
        ratio = _scale(input_size, output_size, scale, dtype)
        real = _fma(dtype)(np.full(output_size, ratio, dtype), out.astype(dtype) + dtype.type(0.5),
                           np.full(output_size, -0.5, dtype)).astype(dtype)
        real = np.where(real < 0, dtype.type(0), real)
    index0 = np.minimum(np.floor(real.astype(np.float32)).astype(np.int64), input_size - 1)
    lambda1 = np.clip(real - index0.astype(dtype), dtype.type(0), dtype.type(1)).astype(dtype)
    index1 = index0 + (index0 < input_size - 1)
    return index0, index1, (dtype.type(1) - lambda1).astype(dtype), lambda1


def takes_channels_last_kernel(channels, output_sizes):
    """Whether torch's 2-D kernel is its channels-last one (_use_vectorized_kernel_cond_2d, for NCHW input)."""
    return sum(output_sizes) <= 128 or (cpu.num_threads() == 1 and channels == 3)


def _all_weights(input_sizes, output_sizes, align_corners, scales, dtype):
    return [linear_weights(i, o, align_corners, s, dtype) for i, o, s in zip(input_sizes, output_sizes, scales)]


def linear(x, output_sizes, align_corners, scales):
    """upsample_linear1d (x of 3 dims) or upsample_bilinear2d (4 dims) of a float32/float64 array."""
    fma = _fma(x.dtype)
    if x.ndim == 3:
        i0, i1, l0, l1 = _all_weights(x.shape[2:], output_sizes, align_corners, scales, x.dtype)[0]
        return fma(x[..., i0], l0, x[..., i1] * l1)
    (h0, h1, hl0, hl1), (w0, w1, wl0, wl1) = _all_weights(x.shape[2:], output_sizes, align_corners, scales, x.dtype)
    corner = lambda h, w: x[:, :, h][:, :, :, w]  # noqa: E731  (N, C, out_h, out_w)
    i00, i01, i10, i11 = corner(h0, w0), corner(h0, w1), corner(h1, w0), corner(h1, w1)
    hl0, hl1 = hl0[:, None], hl1[:, None]
    if takes_channels_last_kernel(x.shape[1], output_sizes):
        w00, w01, w10, w11 = hl0 * wl0, hl0 * wl1, hl1 * wl0, hl1 * wl1
        out = fma(i11, w11, fma(i10, w10, fma(i00, w00, i01 * w01)))  # the scalar channels
        vector = x.shape[1] - x.shape[1] % loops.width(x.dtype, _DISPATCHED[cpu.capability()])
        if vector:
            c = slice(0, vector)
            out[:, c] = fma(i00[:, c], w00, fma(i01[:, c], w01, fma(i11[:, c], w11, i10[:, c] * w10)))
        return out
    return fma(fma(i00, wl0, i01 * wl1), hl0, fma(i10, wl0, i11 * wl1) * hl1)


def _accumulate(out, targets, values, weights, fma):
    """out.flat[targets[k]] = fma(weights[k], values[k], out.flat[targets[k]]) for k in order, per row: the
    contributions to each source in the order they come, a wave (the j-th contribution of every source) at once."""
    order = np.argsort(targets, kind="stable")
    sorted_targets = targets[order]
    starts = np.searchsorted(sorted_targets, sorted_targets, side="left")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size) - starts
    for wave in range(int(rank.max()) + 1 if rank.size else 0):
        pick = rank == wave
        t = targets[pick]
        out[:, t] = fma(weights[pick], values[:, pick], out[:, t])
    return out


def linear_backward(grad, input_sizes, align_corners, scales):
    """upsample_linear1d_backward / upsample_bilinear2d_backward: each output's gradient, times each source's
    weight (h * w fused with the add), added into its sources in output order."""
    dims = len(input_sizes)
    weights = _all_weights(input_sizes, grad.shape[-dims:], align_corners, scales, grad.dtype)
    lead = grad.shape[:-dims]
    rows = grad.reshape(int(np.prod(lead, dtype=np.int64)), -1)
    if dims == 1:
        (i0, i1, l0, l1), = weights
        targets = np.stack([i0, i1], 1).reshape(-1)
        factors = np.stack([l0, l1], 1).reshape(-1)
        values = np.repeat(rows, 2, axis=1)
    else:
        (h0, h1, hl0, hl1), (w0, w1, wl0, wl1) = weights
        width = input_sizes[1]
        corners = [(h0, w0, hl0, wl0), (h0, w1, hl0, wl1), (h1, w0, hl1, wl0), (h1, w1, hl1, wl1)]
        targets = np.stack([(h[:, None] * width + w[None, :]).reshape(-1) for h, w, _, _ in corners], 1).reshape(-1)
        factors = np.stack([(hl[:, None] * wl[None, :]).reshape(-1) for _, _, hl, wl in corners], 1).reshape(-1)
        values = np.repeat(rows, 4, axis=1)
    out = np.zeros((rows.shape[0], int(math.prod(input_sizes))), grad.dtype)
    return _accumulate(out, targets, values, factors.astype(grad.dtype), _fma(grad.dtype)).reshape(
        tuple(lead) + tuple(input_sizes))
