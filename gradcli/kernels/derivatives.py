"""torch's backward kernels of the activations and of softmax (BinaryOpsKernel.cpp, Activation.cpp,
SoftMaxKernel.cpp) for float32 and float64, bit for bit: their operation order, the multiply-adds GCC fuses in
them, SLEEF in the vector blocks and the C library in the scalar rest (kernels/loops.py).
"""

import math

import numpy as np

from . import cpu, loops, unary
from .fma import f32
from .softmax import dot_rows, reduce_all
from ..core.numerics import errors_ignored

def _binary(grad, x, make):
    """cpu_kernel_vec over (grad, x) of float32, float64 or float16 (computed in float32, rounded once, with
    float16's Vec::size()): make(functions, arithmetic) builds the vector kernel from SLEEF's functions and the
    scalar one from the C library's."""
    m = unary.arithmetic(grad, x)
    dtype = np.result_type(grad, x)
    with errors_ignored():
        vector, scalar = make(m.vector, m), make(m.scalar, m)
        if m is unary.DOUBLE:
            vector = unary.in_blocks(vector)
        elif dtype == np.float16:
            vector, scalar = _in_float(vector), _in_float(scalar)
        return loops.pointwise([np.asarray(grad, dtype), np.asarray(x, dtype)], vector, scalar, loops.width(dtype))


def _in_float(kernel):
    """A float32 kernel over float16 arrays, its result rounded to float16 once."""
    return lambda *arrays: kernel(*(a.astype(f32) for a in arrays)).astype(np.float16)


def sigmoid_backward(grad, output):
    """grad * (1 - y) * y, left to right (float16: in float16, each step rounded, as torch's kernel does)."""
    return (grad * (grad.dtype.type(1) - output)) * output


def silu_backward(grad, x):
    """grad * s * (1 + x * (1 - s)), s = sigmoid(x); the inner multiply-add is fused."""
    def make(f, m):
        one = m.const(1)

        def kernel(g, v):
            s = one / (one + f.exp(-v))
            return (g * s) * m.fma(v, one - s, one)
        return kernel
    return _binary(grad, x, make)


def softplus_backward(grad, x, beta=1.0, threshold=20.0):
    """z = exp(beta x); grad * z / (z + 1), grad itself where beta x > threshold."""
    def make(f, m):
        b, t, one = m.const(beta), m.const(threshold), m.const(1)

        def kernel(g, v):
            z = f.exp(v * b)
            return np.where(v * b > t, g, (g * z) / (z + one))
        return kernel
    return _binary(grad, x, make)


def elu_backward(grad, x, alpha=1.0, scale=1.0, input_scale=1.0):
    """grad * input_scale * alpha * scale * exp(x * input_scale) where x <= 0, grad * scale elsewhere."""
    def make(f, m):
        negcoef, poscoef, negiptcoef = m.const(alpha) * m.const(scale), m.const(scale), m.const(input_scale)

        def kernel(g, v):  # a NaN x: the vector code's blend takes the negative side, the scalar code the other
            negative = (v <= 0) if f is m.scalar else ~(v > 0)
            return np.where(negative, ((g * negiptcoef) * negcoef) * f.exp(v * negiptcoef), g * poscoef)
        return kernel
    return _binary(grad, x, make)


def gelu_tanh_backward(grad, x):
    """The derivative of the tanh form of GELU times grad, with the multiply-adds GCC fuses (in x + k x^3,
    1 - t^2 and 1 + 3k x^2)."""
    def make(f, m):
        beta, kappa, half, one = m.const(unary.GELU_BETA), m.const(unary.GELU_KAPPA), m.const(0.5), m.const(1)
        three_kappa = m.const(3) * kappa

        def kernel(g, v):
            t = f.tanh(beta * m.fma(kappa, v * v * v, v))
            left_derivative = half * (one + t)
            inner_derivative = beta * m.fma(three_kappa, v * v, one)
            return g * (left_derivative + ((half * v) * m.fma(-t, t, one)) * inner_derivative)
        return kernel
    return _binary(grad, x, make)


def gelu_erf_backward(grad, x):
    """grad * (cdf + x * pdf), cdf = (1 + erf(x / sqrt 2)) / 2, pdf = exp(-x^2 / 2) / sqrt(2 pi): ATen's kernel
    (float32 contiguous tensors go to oneDNN instead: onednn.gelu_erf_backward)."""
    fused = np.result_type(grad, x) != np.float16

    def make(f, m):
        alpha, half, one, minus_half = m.const(unary.M_SQRT1_2), m.const(0.5), m.const(1), m.const(-0.5)
        beta = m.const(unary.M_2_SQRTPI * unary.M_SQRT1_2 * 0.5)

        def kernel(g, v):
            cdf = half * (one + f.erf(v * alpha))
            pdf = beta * f.exp((v * v) * minus_half)
            # GCC fuses the last multiply-add in the float32/float64 vector code only (measured)
            return g * (m.fma(v, pdf, cdf) if fused and f is m.vector else cdf + v * pdf)
        return kernel
    return _binary(grad, x, make)


# ---------------------------------------------------------------- softmax
def softmax_backward(grad, output, dim):
    """_softmax_backward_data: y * (g - sum(g * y)) along dim (the last dim: (g - sum) * y)."""
    return _softmax_backward(grad, output, dim, log=False)


def log_softmax_backward(grad, output, dim):
    """_log_softmax_backward_data: g - exp(y) * sum(g) along dim, the multiply and subtract fused."""
    return _softmax_backward(grad, output, dim, log=True)


def _softmax_backward(grad, output, dim, log):
    dtype = np.float64 if np.result_type(grad, output) == np.float64 else f32
    g = np.ascontiguousarray(grad, dtype)
    y = np.ascontiguousarray(output, dtype)
    if g.ndim == 0:
        return _softmax_backward(g.reshape(1), y.reshape(1), 0, log).reshape(())
    dim %= g.ndim
    outer, size, inner = math.prod(g.shape[:dim]), g.shape[dim], math.prod(g.shape[dim + 1:])
    if g.size == 0:
        return g.copy()
    width, m = loops.width(dtype), unary.arithmetic(g)
    g3, y3 = g.reshape(outer, size, inner), y.reshape(outer, size, inner)
    with errors_ignored():
        if dim == g.ndim - 1:  # (another dim of inner size 1 takes the other kernel)
            rows_g, rows_y = g3[:, :, 0], y3[:, :, 0]
            if log:
                total = reduce_all(rows_g, np.add, width)[:, None]
                out = m.fma(-m.vector.exp(rows_y), total, rows_g)
            else:
                # the rows are split between threads whenever there are two (a grain of 1); GCC fuses the
                # partial last vector's multiply-add only in float32's copy on the calling thread (measured)
                fuse = dtype == f32 and not (cpu.num_threads() > 1 and outer > 1)
                total = dot_rows(rows_g, rows_y, width, m.fma, fuse_tail=fuse)[:, None]
                out = (rows_g - total) * rows_y
        elif log:
            total = np.zeros((outer, inner), dtype)
            for d in range(size):
                total = total + g3[:, d]
            vector = _chunked_vector_positions(inner, size, width)
            exps = np.empty_like(y3)
            exps[:, :, vector] = m.vector.exp(y3[:, :, vector])
            exps[:, :, ~vector] = m.scalar.exp(y3[:, :, ~vector])
            out = m.fma(-exps, total[:, None], g3)
        else:
            total = np.zeros((outer, inner), dtype)
            for d in range(size):
                total = m.fma(g3[:, d], y3[:, d], total)
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
