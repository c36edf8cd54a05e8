"""torch.nn.functional's layer_norm, batch_norm and embedding.

Each is one node in torch (NativeLayerNormBackward0, NativeBatchNormBackward0, EmbeddingBackward0) whose
backward is an op of its own (NativeLayerNormBackwardBackward0, ...): here too, the forward and backward kernels
run on numpy, and the backward rows' own derivatives (second derivatives taken through them) are the
vector-Jacobian products of the same backward written in tensor ops (ops/composite), which torch writes out by
hand (layer_norm_double_backward, batchnorm_double_backward).
"""

import numpy as np

from ..bind import apply
from ..composite import composite_vjp
from ..table import formula_helper, front_door, row
from ...base import errors
from ...core import limits
from ...core.tensor import Tensor


# ---------------------------------------------------------------- layer_norm
def _moments(x, dims):
    """Mean and 1/sqrt(var + eps) over the trailing dims (biased variance), in x's precision."""
    axes = tuple(range(x.ndim - dims, x.ndim))
    mean = x.mean(axis=axes, keepdims=True, dtype=x.dtype)
    var = ((x - mean) ** 2).mean(axis=axes, keepdims=True, dtype=x.dtype)
    return mean, axes, var


def _layer_norm_forward(input, weight, bias, normalized_shape, eps):
    mean, _, var = _moments(input, len(normalized_shape))
    rstd = (1 / np.sqrt(var + input.dtype.type(eps))).astype(input.dtype)
    # torch's CPU kernel: (x * rstd + (-rstd * mean)) * weight + bias
    out = input * rstd + (-rstd * mean)
    if weight is not None:
        out = out * weight
    if bias is not None:
        out = out + bias
    return out.astype(input.dtype)


def _layer_norm_backward_forward(grad_out, input, weight, normalized_shape, eps, output_mask):
    dims = len(normalized_shape)
    mean, axes, var = _moments(input, dims)
    rstd = 1 / np.sqrt(var + input.dtype.type(eps))
    xhat = (input - mean) * rstd
    g = grad_out * weight if weight is not None else grad_out
    n = int(np.prod(normalized_shape))
    grad_input = rstd / n * (n * g - g.sum(axis=axes, keepdims=True) - xhat * (g * xhat).sum(axis=axes, keepdims=True))
    batch = tuple(range(input.ndim - dims))
    shape = tuple(normalized_shape)
    grad_weight = (grad_out * xhat).sum(axis=batch).reshape(shape)
    grad_bias = grad_out.sum(axis=batch).reshape(shape)
    dtype = input.dtype
    return grad_input.astype(dtype), grad_weight.astype(dtype), grad_bias.astype(dtype)


def _layer_norm_backward_composite(normalized_shape, eps):
    """The backward of layer_norm in tensor ops: (grad_input, grad_weight, grad_bias)."""
    dims = tuple(range(-len(normalized_shape), 0))

    def backward(grad_out, input, weight):
        mean = input.mean(dims, keepdim=True)
        rstd = ((input - mean) ** 2).mean(dims, keepdim=True).add(eps).rsqrt()
        xhat = (input - mean) * rstd
        g = grad_out * weight if weight is not None else grad_out
        grad_input = rstd * (g - g.mean(dims, keepdim=True) - xhat * (g * xhat).mean(dims, keepdim=True))
        batch = tuple(range(input.ndim - len(dims)))
        grad_weight = (grad_out * xhat).sum(batch) if batch else grad_out * xhat
        grad_bias = grad_out.sum(batch) if batch else grad_out
        return grad_input, grad_weight, grad_bias
    return backward


def _layer_norm_double_backward(which):
    def derivative(grads, grad_out, input, weight, normalized_shape, eps):
        return composite_vjp(_layer_norm_backward_composite(normalized_shape, eps), (grad_out, input, weight),
                             grads)[which]
    return derivative


_VJP_TEXT = "native_layer_norm_double_backward(grads, grad_out, input, weight, normalized_shape, eps)[%d]"
NATIVE_LAYER_NORM_BACKWARD = row(
    "native_layer_norm_backward", "NativeLayerNormBackwardBackward0", _layer_norm_backward_forward,
    "grad_out input weight",
    grad_out=(_VJP_TEXT % 0, _layer_norm_double_backward(0)),
    input=(_VJP_TEXT % 1, _layer_norm_double_backward(1)),
    weight=(_VJP_TEXT % 2, _layer_norm_double_backward(2)))


@formula_helper
def native_layer_norm_double_backward(grads, grad_out, input, weight, normalized_shape, eps):
    """The derivatives of native_layer_norm_backward's outputs (weighted by grads) for its three inputs."""
    return composite_vjp(_layer_norm_backward_composite(normalized_shape, eps), (grad_out, input, weight), grads)


@formula_helper
def native_layer_norm_backward(grad_out, input, normalized_shape, weight, eps, output_mask):
    """(grad_input, grad_weight, grad_bias) of layer_norm."""
    return apply(NATIVE_LAYER_NORM_BACKWARD, grad_out, input, weight, normalized_shape=tuple(normalized_shape),
                 eps=eps, output_mask=output_mask)


def _layer_norm_derivative(i):
    mask = tuple(j == i for j in range(3))
    text = "native_layer_norm_backward(grad, input, normalized_shape, weight, eps, %s)[%d]" % (mask, i)
    return (text, lambda grad, input, weight, normalized_shape, eps:
            native_layer_norm_backward(grad, input, normalized_shape, weight, eps, mask)[i])


NATIVE_LAYER_NORM = row("native_layer_norm", "NativeLayerNormBackward0", _layer_norm_forward, "input weight bias",
                        input=_layer_norm_derivative(0), weight=_layer_norm_derivative(1),
                        bias=_layer_norm_derivative(2))


@front_door("layer_norm", function=False, method=False, functional=True)
def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    """Normalise over the trailing dims named by normalized_shape (mean 0, variance 1), then scale and shift."""
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    if tuple(input.shape[input.ndim - len(shape):]) != shape or input.ndim < len(shape):
        raise errors.GradcliError(
            "Given normalized_shape=%s, expected input with shape [*, %s], but got input of size%s"
            % (list(shape), ", ".join(str(s) for s in shape), list(input.shape)))
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and tuple(t.shape) != shape:
            raise errors.GradcliError("Expected %s to be of same shape as normalized_shape, but got %s of shape "
                                      "%s and normalized_shape = %s" % (name, name, t.shape, list(shape)))
    return apply(NATIVE_LAYER_NORM, input, weight, bias, normalized_shape=shape, eps=eps)


# ---------------------------------------------------------------- batch_norm
def _channel_axes(x):
    return (0,) + tuple(range(2, x.ndim))


def _per_channel(v, x):
    return v.reshape((1, -1) + (1,) * (x.ndim - 2))


def _batch_stats(input):
    """Per channel mean and biased variance over the batch and spatial dims (accumulated in double, as torch's
    CPU kernel does)."""
    axes = _channel_axes(input)
    wide = input.astype(np.float64)
    mean = wide.mean(axis=axes)
    var = ((wide - _per_channel(mean, input)) ** 2).mean(axis=axes)
    return mean, var


def _batch_norm_forward(input, weight, bias, running_mean, running_var, training, momentum, eps):
    if training:
        mean, var = _batch_stats(input)
        if running_mean is not None:  # updated in place, as torch does
            n = input.size // input.shape[1]
            running_mean[...] = momentum * mean + (1 - momentum) * running_mean
            running_var[...] = momentum * var * n / max(n - 1, 1) + (1 - momentum) * running_var
    else:
        mean, var = running_mean.astype(np.float64), running_var.astype(np.float64)
    invstd = 1 / np.sqrt(var + eps)
    alpha = invstd * (weight if weight is not None else 1)
    beta = (bias if bias is not None else 0) - mean * alpha
    dtype = input.dtype
    return (input * _per_channel(alpha.astype(dtype), input) + _per_channel(beta.astype(dtype), input)).astype(dtype)


def _batch_norm_backward_forward(grad_out, input, weight, running_mean, running_var, training, eps, output_mask):
    axes = _channel_axes(input)
    mean, var = _batch_stats(input) if training else (running_mean.astype(np.float64),
                                                      running_var.astype(np.float64))
    invstd = 1 / np.sqrt(var + eps)
    xhat = (input - _per_channel(mean, input)) * _per_channel(invstd, input)
    w = weight if weight is not None else 1
    grad_bias = grad_out.sum(axis=axes, dtype=np.float64)
    grad_weight = (grad_out * xhat).sum(axis=axes)
    if training:
        n = input.size // input.shape[1]
        grad_input = _per_channel(w * invstd, input) * (
            grad_out - _per_channel(grad_bias / n, input) - xhat * _per_channel(grad_weight / n, input))
    else:
        grad_input = grad_out * _per_channel(w * invstd, input)
    dtype = input.dtype
    return grad_input.astype(dtype), grad_weight.astype(dtype), grad_bias.astype(dtype)


def _batch_norm_backward_composite(running_mean, running_var, training, eps):
    """The backward of batch_norm in tensor ops: (grad_input, grad_weight, grad_bias)."""
    def backward(grad_out, input, weight):
        axes = _channel_axes(input.array)
        shape = (1, -1) + (1,) * (input.ndim - 2)
        if training:
            mean = input.mean(axes, keepdim=True)
            invstd = ((input - mean) ** 2).mean(axes, keepdim=True).add(eps).rsqrt()
        else:
            mean = Tensor._make(running_mean.reshape(shape))
            invstd = Tensor._make((1 / np.sqrt(running_var.astype(np.float64) + eps)).astype(
                running_var.dtype).reshape(shape))
        xhat = (input - mean) * invstd
        grad_bias = grad_out.sum(axes)
        grad_weight = (grad_out * xhat).sum(axes)
        scale = invstd * weight.reshape(shape) if weight is not None else invstd
        if training:
            g = grad_out - grad_out.mean(axes, keepdim=True) - xhat * (grad_out * xhat).mean(axes, keepdim=True)
            return g * scale, grad_weight, grad_bias
        return grad_out * scale, grad_weight, grad_bias
    return backward


_BN_PARAMS = "running_mean, running_var, training, eps"


def _batch_norm_double_backward(which):
    def derivative(grads, grad_out, input, weight, running_mean, running_var, training, eps):
        return composite_vjp(_batch_norm_backward_composite(running_mean, running_var, training, eps),
                             (grad_out, input, weight), grads)[which]
    return derivative


_BN_VJP_TEXT = "native_batch_norm_double_backward(grads, grad_out, input, weight, %s)[%%d]" % _BN_PARAMS
NATIVE_BATCH_NORM_BACKWARD = row(
    "native_batch_norm_backward", "NativeBatchNormBackwardBackward0", _batch_norm_backward_forward,
    "grad_out input weight",
    grad_out=(_BN_VJP_TEXT % 0, _batch_norm_double_backward(0)),
    input=(_BN_VJP_TEXT % 1, _batch_norm_double_backward(1)),
    weight=(_BN_VJP_TEXT % 2, _batch_norm_double_backward(2)))


@formula_helper
def native_batch_norm_double_backward(grads, grad_out, input, weight, running_mean, running_var, training, eps):
    """The derivatives of native_batch_norm_backward's outputs (weighted by grads) for its three inputs."""
    return composite_vjp(_batch_norm_backward_composite(_array(running_mean), _array(running_var), training, eps),
                         (grad_out, input, weight), grads)


def _array(value):
    return value.array if isinstance(value, Tensor) else value


@formula_helper
def native_batch_norm_backward(grad_out, input, weight, running_mean, running_var, training, eps, output_mask):
    """(grad_input, grad_weight, grad_bias) of batch_norm."""
    return apply(NATIVE_BATCH_NORM_BACKWARD, grad_out, input, weight, running_mean=_array(running_mean),
                 running_var=_array(running_var), training=training, eps=eps, output_mask=output_mask)


def _batch_norm_derivative(i):
    mask = tuple(j == i for j in range(3))
    text = "native_batch_norm_backward(grad, input, weight, %s, %s)[%d]" % (_BN_PARAMS, mask, i)
    return (text, lambda grad, input, weight, running_mean, running_var, training, eps:
            native_batch_norm_backward(grad, input, weight, running_mean, running_var, training, eps, mask)[i])


NATIVE_BATCH_NORM = row("native_batch_norm", "NativeBatchNormBackward0",
                        lambda input, weight, bias, running_mean, running_var, training, momentum, eps:
                        _batch_norm_forward(input, weight, bias, running_mean, running_var, training, momentum, eps),
                        "input weight bias",
                        input=_batch_norm_derivative(0), weight=_batch_norm_derivative(1),
                        bias=_batch_norm_derivative(2))


@front_door("batch_norm", function=False, method=False, functional=True)
def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-5):
    """Normalise each channel (dim 1) by the batch's statistics (training, which also updates the running ones
    in place) or by the running statistics."""
    if training:
        size = input.shape
        values = size[0] * int(np.prod(size[2:], dtype=np.int64))
        if values == 1:
            raise errors.value_error("Expected more than 1 value per channel when training, got input size %s"
                                     % (size,))
    elif running_mean is None or running_var is None:
        raise errors.GradcliError("running_mean and running_var must be defined in evaluation mode")
    channels = input.shape[1] if input.ndim > 1 else 0
    for name, t in (("weight", weight), ("bias", bias), ("running_mean", running_mean),
                    ("running_var", running_var)):
        if t is not None and t.numel() != channels:
            raise errors.GradcliError("%s should contain %d elements not %d" % (name, channels, t.numel()))
        if t is not None and t.dtype is not input.dtype:  # (torch's CPU kernel mixes only reduced floats)
            raise errors.GradcliError("mixed dtype (CPU): all inputs must share same datatype.")
    stats = {"running_mean": None if running_mean is None else running_mean.array,
             "running_var": None if running_var is None else running_var.array}
    out = apply(NATIVE_BATCH_NORM, input, weight, bias, training=bool(training), momentum=momentum, eps=eps, **stats)
    for buffer in (running_mean, running_var):
        if training and buffer is not None:
            buffer._version.value += 1
    return out


# ---------------------------------------------------------------- embedding
def _embedding_backward_forward(grad_output, indices, num_weights, padding_idx, scale_grad_by_freq):
    flat = indices.reshape(-1)
    rows = grad_output.reshape(flat.size, -1)
    out = np.zeros((num_weights, rows.shape[1]), grad_output.dtype)
    if scale_grad_by_freq:
        counts = np.bincount(flat, minlength=num_weights)
        rows = rows / counts[flat][:, None].astype(grad_output.dtype)
    keep = flat != padding_idx
    np.add.at(out, flat[keep], rows[keep])
    return out


EMBEDDING_DENSE_BACKWARD = row(
    "embedding_dense_backward", "EmbeddingDenseBackwardBackward0",
    lambda grad_output, indices, num_weights, padding_idx, scale_grad_by_freq:
    _embedding_backward_forward(grad_output, indices, num_weights, padding_idx, scale_grad_by_freq),
    "grad_output",
    grad_output="embedding_dense_double_backward(grad, indices, padding_idx)")


@formula_helper
def embedding_dense_double_backward(grad, indices, padding_idx):
    """The rows of grad the indices pick (zero where an index is padding_idx)."""
    indices = indices.array if isinstance(indices, Tensor) else np.asarray(indices)
    picked = grad.index_select(0, Tensor._make(indices.reshape(-1)))
    if padding_idx >= 0:
        picked = picked.masked_fill(Tensor._make((indices.reshape(-1) == padding_idx)[:, None]), 0)
    return picked.view(*indices.shape, grad.shape[-1])


@formula_helper
def embedding_backward(grad, indices, num_weights, padding_idx, scale_grad_by_freq):
    """grad's rows added into a (num_weights, dim) zero matrix at the indices (none at padding_idx)."""
    indices = indices.array if isinstance(indices, Tensor) else np.asarray(indices)
    return apply(EMBEDDING_DENSE_BACKWARD, grad, indices=indices, num_weights=num_weights, padding_idx=padding_idx,
                 scale_grad_by_freq=scale_grad_by_freq)


def _embedded_rows(weight, indices):
    limits.check_numel(indices.shape + weight.shape[1:], "the result")
    return weight[indices]


EMBEDDING = row("embedding", "EmbeddingBackward0",
                lambda weight, indices, padding_idx, scale_grad_by_freq: _embedded_rows(weight, indices), "weight",
                weight=("embedding_backward(grad, indices, weight.shape[0], padding_idx, scale_grad_by_freq)",
                        lambda grad, weight_shape, indices, padding_idx, scale_grad_by_freq:
                        embedding_backward(grad, indices, weight_shape[0], padding_idx, scale_grad_by_freq)))


@front_door("embedding", method=False, functional=True)
def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False,
              sparse=False):
    """The rows of weight at the integer indices in input: shape input.shape + (embedding_dim,)."""
    if not isinstance(input, Tensor) or input.dtype.is_floating_point or input.dtype.name == "bool":
        kind = input.dtype.legacy_name if isinstance(input, Tensor) else type(input).__name__
        raise errors.GradcliError("Expected tensor for argument #1 'indices' to have one of the following scalar "
                                  "types: Long, Int; but got %s instead (while checking arguments for "
                                  "embedding)" % kind)
    if padding_idx is not None:
        if padding_idx > 0 and padding_idx >= weight.shape[0]:
            raise AssertionError("Padding_idx must be within num_embeddings")
        if padding_idx < 0:
            if padding_idx < -weight.shape[0]:
                raise AssertionError("Padding_idx must be within num_embeddings")
            padding_idx = weight.shape[0] + padding_idx
    else:
        padding_idx = -1
    if max_norm is not None:
        raise errors.GradcliError("gradcli's embedding does not take max_norm", "NotImplementedError")
    if sparse:
        raise errors.GradcliError("gradcli has no sparse gradients (embedding sparse=True)", "NotImplementedError")
    indices = input.array.astype(np.int64)
    if indices.size and (indices.min() < 0 or indices.max() >= weight.shape[0]):
        raise errors.index_error("index out of range in self")
    return apply(EMBEDDING, weight, indices=indices, padding_idx=padding_idx, scale_grad_by_freq=scale_grad_by_freq)
