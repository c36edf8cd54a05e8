"""torch's backward kernels of the activations and of softmax (BinaryOpsKernel.cpp, Activation.cpp,
SoftMaxKernel.cpp) for float32, bit for bit: their operation order, the multiply-adds GCC fuses in them, SLEEF
in the vector blocks and the C library in the scalar rest (kernels/loops.py).
"""

import math

import numpy as np

from . import cpu, libm, loops, sleef
from .fma import F, f32, fma32
from .softmax import dot_rows, reduce_all
from ..numerics import errors_ignored

_ONE = f32(1)


def _binary(grad, x, vector, scalar):
    return loops.pointwise([np.asarray(grad, f32), np.asarray(x, f32)], vector, scalar, loops.width(f32))


def sigmoid_backward(grad, output):
    """grad * (1 - y) * y, left to right."""
    return (grad * (_ONE - output)) * output


def silu_backward(grad, x):
    """grad * s * (1 + x * (1 - s)), s = sigmoid(x); the inner multiply-add is fused."""
    def vector(g, v):
        s = _ONE / (_ONE + sleef.expf_u10(-v))
        return (g * s) * fma32(v, _ONE - s, _ONE)

    def scalar(g, v):
        s = _ONE / (_ONE + libm.expf(-v))
        return (g * s) * fma32(v, _ONE - s, _ONE)
    return _binary(grad, x, vector, scalar)


def softplus_backward(grad, x, beta=1.0, threshold=20.0):
    """z = exp(beta x); grad * z / (z + 1), grad itself where beta x > threshold."""
    b, t = F(beta), F(threshold)

    def make(exp):
        def kernel(g, v):
            z = exp(v * b)
            return np.where(v * b > t, g, (g * z) / (z + _ONE))
        return kernel
    return _binary(grad, x, make(sleef.expf_u10), make(libm.expf))


def elu_backward(grad, x, alpha=1.0, scale=1.0, input_scale=1.0):
    """grad * input_scale * alpha * scale * exp(x * input_scale) where x <= 0, grad * scale elsewhere."""
    negcoef, poscoef, negiptcoef = F(alpha) * F(scale), F(scale), F(input_scale)

    def make(exp):
        def kernel(g, v):
            return np.where(v > 0, g * poscoef, ((g * negiptcoef) * negcoef) * exp(v * negiptcoef))
        return kernel
    return _binary(grad, x, make(sleef.expf_u10), make(libm.expf))


_BETA = F(math.sqrt(2) * (2 / math.sqrt(math.pi)) * 0.5)
_KAPPA = F(0.044715)


def gelu_tanh_backward(grad, x):
    """The derivative of the tanh form of GELU times grad, with the multiply-adds GCC fuses (in x + k x^3,
    1 - t^2 and 1 + 3k x^2)."""
    def make(tanh):
        def kernel(g, v):
            t = tanh(_BETA * fma32(_KAPPA, v * v * v, v))
            left_derivative = F(0.5) * (_ONE + t)
            inner_derivative = _BETA * fma32(F(3) * _KAPPA, v * v, _ONE)
            return g * (left_derivative + ((F(0.5) * v) * fma32(-t, t, _ONE)) * inner_derivative)
        return kernel
    return _binary(grad, x, make(sleef.tanhf_u10), make(libm.tanhf))


# ---------------------------------------------------------------- softmax
def softmax_backward(grad, output, dim):
    """_softmax_backward_data: y * (g - sum(g * y)) along dim (the last dim: (g - sum) * y)."""
    return _softmax_backward(grad, output, dim, log=False)


def log_softmax_backward(grad, output, dim):
    """_log_softmax_backward_data: g - exp(y) * sum(g) along dim, the multiply and subtract fused."""
    return _softmax_backward(grad, output, dim, log=True)


def _softmax_backward(grad, output, dim, log):
    g = np.ascontiguousarray(grad, f32)
    y = np.ascontiguousarray(output, f32)
    if g.ndim == 0:
        return _softmax_backward(g.reshape(1), y.reshape(1), 0, log).reshape(())
    dim %= g.ndim
    outer, size, inner = math.prod(g.shape[:dim]), g.shape[dim], math.prod(g.shape[dim + 1:])
    if g.size == 0:
        return g.copy()
    width = loops.width(f32)
    g3, y3 = g.reshape(outer, size, inner), y.reshape(outer, size, inner)
    with errors_ignored():
        if inner == 1:
            rows_g, rows_y = g3[:, :, 0], y3[:, :, 0]
            if log:
                total = reduce_all(rows_g, np.add, width)[:, None]
                out = fma32(-sleef.expf_u10(rows_y), total, rows_g)
            else:
                # the rows are split between threads whenever there are two (a grain of 1, measured)
                threaded = cpu.num_threads() > 1 and outer > 1
                total = dot_rows(rows_g, rows_y, width, fuse_tail=not threaded)[:, None]
                out = (rows_g - total) * rows_y
        elif log:
            total = np.zeros((outer, inner), f32)
            for d in range(size):
                total = total + g3[:, d]
            vector = _chunked_vector_positions(inner, size, width)
            exps = np.empty_like(y3)
            exps[:, :, vector] = sleef.expf_u10(y3[:, :, vector])
            exps[:, :, ~vector] = libm.expf(y3[:, :, ~vector])
            out = fma32(-exps, total[:, None], g3)
        else:
            total = np.zeros((outer, inner), f32)
            for d in range(size):
                total = fma32(g3[:, d], y3[:, d], total)
            out = y3 * (g3 - total[:, None])
    return out.reshape(g.shape)


def _chunked_vector_positions(inner, size, width):
    """The inner positions _vec_log_softmax_backward runs with vectors: in chunks of a multiple of `width`
    (128 KiB of the softmax dim), all but the last size % width positions of each chunk."""
    chunk = min(max(128 * 1024 // size // 4, width) // width * width, inner)
    vector = np.zeros(inner, bool)
    for begin in range(0, inner, chunk):
        length = min(chunk, inner - begin)
        vector[begin:begin + length - length % width] = True
    return vector
