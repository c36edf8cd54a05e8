"""torch.nn.functional's softmax, activations, linear, normalize, one_hot and dropout (the losses are in
losses.py and classification.py).

softmax and log_softmax save their result (as torch does): the version check names them when the output is
changed in place before backward. Their backward kernels, and those of the activations, are ops of their own in
torch, so gradients built with create_graph=True carry their names (SoftmaxBackwardDataBackward0...).
"""

import math

import numpy as np

from .arithmetic import add_scalar
from ..bind import apply, apply_unary
from .compare import where
from .linalg import mm_mat1_backward, mm_mat2_backward
from ...kernels.special import erf as _erf
from ..table import formula_helper, front_door, row
from ...base import errors, grad_mode
from ...core import limits, rng
from ...kernels import derivatives as torch_derivatives, softmax as torch_softmax
from ...kernels import softmax_half as torch_softmax_half
from ...kernels import mkl, unary as torch_unary
from ...core.tensor import Tensor, wrap_dim


def _single(*arrays):
    return all(isinstance(a, np.ndarray) and a.dtype == np.float32 for a in arrays)


def _ported(*arrays, half=False):
    """Arrays of one dtype whose backward kernels are torch's (float32 or float64, and float16 with `half`: the
    activations'; kernels/derivatives.py)."""
    dtypes = (np.float32, np.float64, np.float16) if half else (np.float32, np.float64)
    return all(isinstance(a, np.ndarray) and a.dtype == arrays[0].dtype in dtypes for a in arrays)


_KERNEL_DTYPES = frozenset(map(np.dtype, (np.float32, np.float16, np.float64)))  # kernels/unary.py's forwards


# ---------------------------------------------------------------- softmax
# float32 and float64 softmax and its backward are torch's kernels (kernels/softmax.py, kernels/derivatives.py),
# and the float16 forward (kernels/softmax_half.py)
def _softmax_forward(self, dim):
    if not self.size:  # (nothing to normalize: numpy's max has no identity)
        return self.copy()
    if self.dtype in (np.float32, np.float64):
        return torch_softmax.softmax(self, dim)
    if self.dtype == np.float16:
        return torch_softmax_half.dispatch(self, dim, log=False)
    shifted = self - np.max(self, axis=dim, keepdims=True)
    e = np.exp(shifted)
    return (e / np.sum(e, axis=dim, keepdims=True)).astype(self.dtype)


def _log_softmax_forward(self, dim):
    if not self.size:
        return self.copy()
    if self.dtype in (np.float32, np.float64):
        return torch_softmax.log_softmax(self, dim)
    if self.dtype == np.float16:
        return torch_softmax_half.dispatch(self, dim, log=True)
    shifted = self - np.max(self, axis=dim, keepdims=True)
    return (shifted - np.log(np.sum(np.exp(shifted), axis=dim, keepdims=True))).astype(self.dtype)


def _softmax_backward_forward(grad_output, output, dim):
    if _ported(grad_output, output):
        return torch_derivatives.softmax_backward(grad_output, output, dim)
    return (output * (grad_output - np.sum(grad_output * output, axis=dim, keepdims=True))).astype(grad_output.dtype)


def _log_softmax_backward_forward(grad_output, output, dim):
    if _ported(grad_output, output):
        return torch_derivatives.log_softmax_backward(grad_output, output, dim)
    return (grad_output - np.exp(output) * np.sum(grad_output, axis=dim, keepdims=True)).astype(grad_output.dtype)


# softmax: d self = y (grad - sum(grad y)); linear and self-adjoint in grad
SOFTMAX_BACKWARD_DATA = row(
    "_softmax_backward_data", "SoftmaxBackwardDataBackward0", _softmax_backward_forward, "grad_output output",
    grad_output=("output * (grad - (grad * output).sum(dim, keepdim=True))",
                 lambda grad, output, dim: softmax_backward_data(grad, output, dim)),
    output=("grad * (grad_output - (grad_output * output).sum(dim, keepdim=True)) "
            "- grad_output * (grad * output).sum(dim, keepdim=True)",
            lambda grad, grad_output, output, dim: grad * (grad_output - (grad_output * output).sum(dim=dim, keepdim=True))
            - grad_output * (grad * output).sum(dim=dim, keepdim=True)))
# log_softmax: d self = grad - exp(y) sum(grad)
LOG_SOFTMAX_BACKWARD_DATA = row(
    "_log_softmax_backward_data", "LogSoftmaxBackwardDataBackward0", _log_softmax_backward_forward,
    "grad_output output",
    grad_output=("grad - (grad * output.exp()).sum(dim, keepdim=True)",
                 lambda grad, output, dim: grad - (grad * output.exp()).sum(dim=dim, keepdim=True)),
    output=("-grad * output.exp() * grad_output.sum(dim, keepdim=True)",
            lambda grad, grad_output, output, dim: -grad * output.exp() * grad_output.sum(dim=dim, keepdim=True)))


def softmax_backward_data(grad_output, output, dim):
    return apply(SOFTMAX_BACKWARD_DATA, grad_output, output, dim=dim)


def log_softmax_backward_data(grad_output, output, dim):
    return apply(LOG_SOFTMAX_BACKWARD_DATA, grad_output, output, dim=dim)


SOFTMAX = row("_softmax", "SoftmaxBackward0", _softmax_forward, "self", promote="float",
              self=("result * (grad - (grad * result).sum(dim, keepdim=True))",
                    lambda grad, result, dim: softmax_backward_data(grad, result, dim)))
LOG_SOFTMAX = row("_log_softmax", "LogSoftmaxBackward0", _log_softmax_forward, "self", promote="float",
                  self=("grad - result.exp() * grad.sum(dim, keepdim=True)",
                        lambda grad, result, dim: log_softmax_backward_data(grad, result, dim)))


def _softmax_dim(x, dim, name="softmax"):
    if dim is None:
        errors.warn("Implicit dimension choice for %s has been deprecated. Change the call to include dim=X "
                    "as an argument." % name)
        dim = 0 if x.ndim in (0, 1, 3) else 1
    return wrap_dim(dim, x.ndim)


def _softmax_input(x, dtype):
    return x.to(dtype) if dtype is not None else x


def _softmax(x, dim, dtype, row, name):
    x = _softmax_input(x, dtype)
    if x.ndim == 0:
        return apply(row, x.reshape(1), dim=0).reshape(())
    return apply(row, x, dim=_softmax_dim(x, dim, name))


# torch.softmax and Tensor.softmax take dim (torch's C signature); F.softmax is torch's Python function, whose dim
# may be left out (with a warning) and whose third parameter is _stacklevel
@front_door("softmax")
def softmax(input, dim, dtype=None):
    return _softmax(input, dim, dtype, SOFTMAX, "softmax")


@front_door("log_softmax")
def log_softmax(input, dim, dtype=None):
    return _softmax(input, dim, dtype, LOG_SOFTMAX, "log_softmax")


def _functional(name, row):
    def functional(input, dim=None, _stacklevel=3, dtype=None):
        return _softmax(input, dim, dtype, row, name)
    functional.__name__ = functional.__qualname__ = name
    return front_door(name, function=False, method=False, functional=True)(functional)


functional_softmax = _functional("softmax", SOFTMAX)
functional_log_softmax = _functional("log_softmax", LOG_SOFTMAX)


# ---------------------------------------------------------------- activations
SQRT_HALF = math.sqrt(0.5)
INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)


def _gelu_forward(self, approximate="none"):
    if self.dtype in _KERNEL_DTYPES:  # torch's kernels (oneDNN's for a contiguous float32 tensor)
        return torch_unary.gelu(self, approximate)
    if approximate == "tanh":
        inner = math.sqrt(2.0 / math.pi) * (self + 0.044715 * self ** 3)
        return (0.5 * self * (1 + np.tanh(inner))).astype(self.dtype)
    return (0.5 * self * (1 + _erf(self * self.dtype.type(SQRT_HALF)))).astype(self.dtype)


def _gelu_derivative(x, approximate):
    """d gelu / dx and d2 gelu / dx2, in tensor ops."""
    if approximate == "tanh":
        k, c = math.sqrt(2.0 / math.pi), 0.044715
        t = (k * (x + c * x ** 3)).tanh()
        du = k * (1 + 3 * c * x * x)
        first = 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * du
        second = (1 - t * t) * (du - x * t * du * du + 3 * k * c * x * x)
        return first, second
    pdf = INV_SQRT_2PI * (-0.5 * x * x).exp()
    first = 0.5 * (1 + (x * SQRT_HALF).erf()) + x * pdf
    return first, pdf * (2 - x * x)


def _gelu_backward_forward(grad_output, self, approximate="none"):
    if approximate == "tanh" and _ported(grad_output, self, half=True):
        return torch_derivatives.gelu_tanh_backward(grad_output, self)
    if _single(grad_output, self) and self.size > 1 and self.flags.c_contiguous:  # torch hands these to oneDNN
        from ...kernels import onednn  # (imported by the first GELU: see kernels.unary.gelu)
        return onednn.gelu_erf_backward(grad_output, self)
    if approximate != "tanh" and _ported(grad_output, self, half=True):
        return torch_derivatives.gelu_erf_backward(grad_output, self)
    first, _ = _gelu_derivative(Tensor._make(self), approximate)
    return (grad_output * first.array).astype(grad_output.dtype)


# the backward kernels of the activations: rows of their own (GeluBackwardBackward0, ...), called by formulas
GELU_BACKWARD = row("gelu_backward", "GeluBackwardBackward0", _gelu_backward_forward, "grad_output self",
                    grad_output=("gelu_backward(grad, self, approximate)",
                                 lambda grad, self, approximate="none": gelu_backward(grad, self, approximate)),
                    self=("grad * grad_output * gelu_second_derivative(self, approximate)",
                          lambda grad, grad_output, self, approximate="none":
                          grad * grad_output * gelu_second_derivative(self, approximate)))


def _softplus_forward(self, beta=1, threshold=20):
    if self.dtype in _KERNEL_DTYPES:
        return torch_unary.softplus(self, beta, threshold)
    bx = self * beta
    # above the threshold softplus is x itself (torch switches to the identity there for accuracy)
    return np.where(bx > threshold, self, np.log1p(np.exp(bx)) / beta).astype(self.dtype)


def _softplus_backward_forward(grad_output, self, beta=1, threshold=20):
    if _ported(grad_output, self, half=True):
        return torch_derivatives.softplus_backward(grad_output, self, beta, threshold)
    bx = self * beta
    return np.where(bx > threshold, grad_output, grad_output / (1 + np.exp(-bx))).astype(grad_output.dtype)


def _softplus_second(grad, grad_output, self, beta=1, threshold=20):
    s = (self * beta).sigmoid()
    return where(self * beta > threshold, 0.0, grad * grad_output * beta * s * (1 - s))


SOFTPLUS_BACKWARD = row(
    "softplus_backward", "SoftplusBackwardBackward0", _softplus_backward_forward, "grad_output self",
    grad_output=("softplus_backward(grad, self, beta, threshold)",
                 lambda grad, self, beta=1, threshold=20: softplus_backward(grad, self, beta, threshold)),
    self=("where(self * beta > threshold, 0, grad * grad_output * beta * (self * beta).sigmoid() "
          "* (1 - (self * beta).sigmoid()))",
          _softplus_second))
LEAKY_RELU_BACKWARD = row(
    "leaky_relu_backward", "LeakyReluBackwardBackward0",
    lambda grad_output, self, negative_slope: np.where(
        self > 0, grad_output, grad_output * grad_output.dtype.type(negative_slope)).astype(grad_output.dtype),
    "grad_output self",
    grad_output="leaky_relu_backward(grad, self, negative_slope)",
    self=("zeros_like(grad)", lambda grad: Tensor._make(np.zeros(grad.shape, grad.array.dtype))))
def _elu_backward_forward(grad_output, self, alpha):
    if _ported(grad_output, self, half=True):
        return torch_derivatives.elu_backward(grad_output, self, alpha)
    return np.where(self > 0, grad_output, grad_output * alpha * np.exp(self)).astype(grad_output.dtype)


ELU_BACKWARD = row(
    "elu_backward", "EluBackwardBackward0", _elu_backward_forward, "grad_output self",
    grad_output="elu_backward(grad, self, alpha)",
    self=("where(self > 0, 0, grad * grad_output * alpha * self.exp())",
          lambda grad, grad_output, self, alpha: where(self > 0, 0.0, grad * grad_output * alpha * self.exp())))


@formula_helper
def gelu_backward(grad, self, approximate="none"):
    """grad times gelu's derivative at self (exact: Phi(x) + x phi(x); with approximate='tanh', tanh's)."""
    return apply(GELU_BACKWARD, grad, self, approximate=approximate)


@formula_helper
def gelu_second_derivative(self, approximate="none"):
    """gelu'' at self (exact: phi(x) (2 - x^2))."""
    return _gelu_derivative(self, approximate)[1]


@formula_helper
def softplus_backward(grad, self, beta=1, threshold=20):
    """grad * sigmoid(beta self), and grad itself where beta self > threshold (softplus is linear there)."""
    return apply(SOFTPLUS_BACKWARD, grad, self, beta=beta, threshold=threshold)


@formula_helper
def leaky_relu_backward(grad, self, negative_slope):
    """grad where self > 0, grad * negative_slope elsewhere."""
    return apply(LEAKY_RELU_BACKWARD, grad, self, negative_slope=negative_slope)


@formula_helper
def elu_backward(grad, self, alpha):
    """grad where self > 0, grad * alpha * exp(self) elsewhere."""
    return apply(ELU_BACKWARD, grad, self, alpha=alpha)


def _elu_forward(self, alpha=1.0):
    if self.dtype in _KERNEL_DTYPES:
        return torch_unary.elu(self, alpha)
    return np.where(self > 0, self, alpha * np.expm1(self)).astype(self.dtype)


def _silu_derivative(grad, self):
    """torch's silu derivative: its silu_backward kernel, or with create_graph the same formula in tensor ops
    (grad * sigmoid * (1 + self * (1 - sigmoid)), the 1 + ... a C++ Scalar add)."""
    if not grad_mode.is_grad_enabled() and _ported(grad.array, self.array, half=True):
        return Tensor._make(torch_derivatives.silu_backward(grad.array, self.array))
    s = self.sigmoid()
    return grad * s * add_scalar(self * (1 - s), 1)


LEAKY_RELU = row("leaky_relu", "LeakyReluBackward0",
                 lambda self, negative_slope=0.01: np.where(self > 0, self, self * self.dtype.type(negative_slope)
                                                            ).astype(self.dtype), "self", promote="float",
                 self=("leaky_relu_backward(grad, self, negative_slope)",
                       lambda grad, self, negative_slope=0.01: leaky_relu_backward(grad, self, negative_slope)))
GELU = row("gelu", "GeluBackward0", _gelu_forward, "self", promote="float",
           self=("gelu_backward(grad, self, approximate)",
                 lambda grad, self, approximate="none": gelu_backward(grad, self, approximate)))
SILU = row("silu", "SiluBackward0",
           lambda self: torch_unary.silu(self) if self.dtype in _KERNEL_DTYPES else
           (self / (1 + np.exp(-self))).astype(self.dtype), "self",
           promote="float", self=("grad * self.sigmoid() * (1 + self * (1 - self.sigmoid()))", _silu_derivative))
ELU = row("elu", "EluBackward0", _elu_forward, "self", promote="float",
          self=("elu_backward(grad, self, alpha)", lambda grad, self, alpha=1.0: elu_backward(grad, self, alpha)))
SOFTPLUS = row("softplus", "SoftplusBackward0", _softplus_forward, "self", promote="float",
               self=("softplus_backward(grad, self, beta, threshold)",
                     lambda grad, self, beta=1, threshold=20: softplus_backward(grad, self, beta, threshold)))


def _log_sigmoid_backward_forward(grad_output, self):
    """torch's log_sigmoid_backward kernel, its buffer exp(-|x|) recomputed: (max_deriv - sign b / (1 + b)) grad,
    max_deriv 1 and sign 1 below zero, 0 and -1 elsewhere."""
    one = self.dtype.type(1)
    b = torch_unary.log_sigmoid_buffer(self).astype(self.dtype)
    negative = self < 0
    return ((np.where(negative, one, 0) - np.where(negative, one, -one) * (b / (one + b))) * grad_output
            ).astype(grad_output.dtype)


LOG_SIGMOID_BACKWARD = row("log_sigmoid_backward", "LogSigmoidBackwardBackward0", _log_sigmoid_backward_forward,
                           "grad_output self", promote="float")
LOG_SIGMOID = row("log_sigmoid_forward", "LogSigmoidBackward0", torch_unary.log_sigmoid, "self", promote="float",
                  self="log_sigmoid_backward(grad, self)")


@formula_helper
def log_sigmoid_backward(grad, self):
    """grad (1 - sigmoid(x)) as torch's kernel computes it from the forward's buffer exp(-|x|) (recomputed)."""
    return apply(LOG_SIGMOID_BACKWARD, grad, self)


@front_door("logsigmoid", function=False, method=False, functional=True)
def logsigmoid(input):
    """F.logsigmoid: log(sigmoid(x)) without overflow, min(x, 0) - log1p(exp(-|x|))."""
    return apply(LOG_SIGMOID, input)


@front_door("relu", function=False, method=False, functional=True)
def relu(input, inplace=False):
    """F.relu; with inplace=True, Tensor.relu_."""
    return input.relu_() if inplace else input.relu()


@front_door("leaky_relu", function=False, method=False, functional=True)
def leaky_relu(x, negative_slope=0.01, inplace=False):
    return apply(LEAKY_RELU, x, negative_slope=negative_slope)


@front_door("gelu", function=False, method=False, functional=True)
def gelu(x, approximate="none"):
    return apply(GELU, x, approximate=approximate)


@front_door("silu", function=False, method=False, functional=True)
def silu(x, inplace=False):
    return apply_unary(SILU, x)


@front_door("elu", function=False, method=False, functional=True)
def elu(x, alpha=1.0, inplace=False):
    return apply(ELU, x, alpha=alpha)


@front_door("softplus", function=False, method=False, functional=True)
def softplus(x, beta=1, threshold=20):
    return apply(SOFTPLUS, x, beta=beta, threshold=threshold)


# ---------------------------------------------------------------- linear, normalize
def _addmm_forward(self, mat1, mat2):
    """self + mat1 @ mat2 as torch's x86 wheels compute it: MKL's gemm with self as C (with the mkl extra)."""
    product = (mat1.shape[0], mat2.shape[1])
    shape = product if self.shape == product or self.shape == product[1:] else np.broadcast_shapes(self.shape, product)
    limits.check_numel(shape, "the result")
    out = mkl.gemm(mat1, mat2, self) if shape == product else None
    return (self + mat1 @ mat2).astype(np.result_type(mat1, mat2), copy=False) if out is None else out


ADDMM = row("addmm", "AddmmBackward0", _addmm_forward, "self mat1 mat2",
             self="grad",
             mat1=("grad.mm(mat2.t())", lambda grad, mat2, mat1_shape, mat1_strides:
                   mm_mat1_backward(grad, mat2, mat1_shape, mat1_strides)),
             mat2=("mat1.t().mm(grad)", lambda grad, mat1, mat2_shape, mat2_strides:
                   mm_mat2_backward(grad, mat1, mat2_shape, mat2_strides)))


@front_door("addmm")
def addmm(x, mat1, mat2):
    for name, m in (("mat1", mat1), ("mat2", mat2)):
        if m.ndim != 2:
            raise errors.GradcliError("%s must be a matrix, got %d-D tensor" % (name, m.ndim))
    if mat1.shape[1] != mat2.shape[0]:
        raise errors.GradcliError("mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)"
                                  % (mat1.shape + mat2.shape))
    for name, m in (("self", x), ("mat1", mat1)):  # torch's ADDMM_META: no promotion between the three
        if m.dtype is not mat2.dtype:
            raise errors.GradcliError("%s and mat2 must have the same dtype, but got %s and %s"
                                      % (name, m.dtype.short_name, mat2.dtype.short_name))
    return apply(ADDMM, x, mat1, mat2)


@front_door("linear", function=False, method=False, functional=True)
def linear(input, weight, bias=None):
    """torch: addmm(bias, x, w.t()) for a matrix input; other ranks are viewed as one, then viewed back."""
    if input.shape[-1:] != weight.shape[-1:] and input.ndim and weight.ndim == 2:
        rows = int(np.prod(input.shape[:-1], dtype=np.int64))
        raise errors.GradcliError("mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)"
                                  % (rows, input.shape[-1], weight.shape[1], weight.shape[0]))
    if input.ndim == 2:
        return input.mm(weight.t()) if bias is None else addmm(bias, input, weight.t())
    if bias is None:
        return input.matmul(weight.t())
    out = addmm(bias, input.reshape(-1, input.shape[-1]), weight.t())
    return out.view(*input.shape[:-1], weight.shape[0])


@front_door("normalize", function=False, method=False, functional=True)
def normalize(input, p=2.0, dim=1, eps=1e-12):
    """x / max(||x||_p, eps) along dim: DivBackward0(x, ExpandBackward0(ClampMinBackward0(LinalgVectorNorm)))."""
    return input / input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)


# ---------------------------------------------------------------- one_hot, dropout
@front_door("one_hot", function=False, method=False, functional=True)
def one_hot(tensor, num_classes=-1):
    """int64 rows of zeros with a 1 at each class index; num_classes defaults to the largest index + 1."""
    t = tensor.array
    if t.dtype.kind not in "iu":
        raise errors.GradcliError("one_hot is only applicable to index tensor of type LongTensor.")
    if num_classes == -1:
        num_classes = int(t.max()) + 1 if t.size else 0
    if t.size and (t.min() < 0 or t.max() >= num_classes):
        raise errors.GradcliError("Class values must be smaller than num_classes." if t.min() >= 0
                                  else "Class values must be non-negative.")
    limits.check_numel(t.shape + (num_classes,), "the result")
    if not t.size:  # (no row to compare: arange(num_classes) would be the only allocation)
        return Tensor._make(np.zeros(t.shape + (num_classes,), np.int64))
    return Tensor._make((t[..., None] == np.arange(num_classes)).astype(np.int64))


@front_door("dropout", method=False, functional=True)
def dropout(input, p=0.5, training=True, inplace=False):
    """torch's CPU dropout: the input times a mask of Bernoulli(1 - p) draws on the generator's stream, scaled
    by 1 / (1 - p) (MulBackward0); in evaluation, for p = 0 or an empty input, the input itself."""
    if not 0 <= p <= 1:
        raise errors.value_error("dropout probability has to be between 0 and 1, but got %s" % p)
    if p == 0 or not training or input.numel() == 0:
        return input
    dtype = input.array.dtype
    if p == 1:
        noise = Tensor._make(np.zeros((), dtype))
    else:
        noise = Tensor._make(rng.bernoulli(input.numel(), 1 - p).reshape(input.shape).astype(dtype))
        noise.array /= dtype.type(1 - p)  # torch's noise.div_(1 - p), in the input's precision
    return input.mul_(noise) if inplace else input * noise


def _feature_dropout(input, p, training, inplace):
    """ATen's feature_dropout: whole channels zeroed, one Bernoulli(1 - p) draw per (batch, channel), scaled by
    1 / (1 - p) (MulBackward0)."""
    if p == 0 or not training or input.numel() == 0:
        return input
    if input.ndim < 2:
        raise errors.GradcliError("Feature dropout requires at least 2 dimensions in the input")
    dtype = input.array.dtype
    if p == 1:
        noise = Tensor._make(np.zeros((), dtype))
    else:
        shape = tuple(input.shape[:2]) + (1,) * (input.ndim - 2)
        noise = Tensor._make(rng.bernoulli(shape[0] * shape[1], 1 - p).reshape(shape).astype(dtype))
        noise.array /= dtype.type(1 - p)
    return input.mul_(noise) if inplace else input * noise


def _channel_dropout(name, input, p, training, inplace, spatial):
    """dropout1d/2d/3d: torch's checks and warnings, an unbatched input seen as a batch of one (1d and 3d)."""
    if not 0 <= p <= 1:
        raise errors.value_error("dropout probability has to be between 0 and 1, but got %s" % p)
    batched = input.ndim == spatial + 2
    if spatial == 2:
        if input.ndim not in (3, 4):
            errors.warn("dropout2d: Received a %d-D input to dropout2d, which is deprecated and will result in an "
                        "error in a future release. To retain the behavior and silence this warning, please use "
                        "dropout instead. Note that dropout2d exists to provide channel-wise dropout on inputs "
                        "with 2 spatial dimensions, a channel dimension, and an optional batch dimension (i.e. "
                        "3D or 4D inputs)." % input.ndim)
        if input.ndim == 3:
            errors.warn("dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout "
                        "behavior is desired - input is interpreted as shape (N, C, L), where C is the channel "
                        "dim. This behavior will change in a future release to interpret the input as one "
                        "without a batch dimension, i.e. shape (C, H, W). To maintain the 1D channel-wise dropout "
                        "behavior, please switch to using dropout1d instead.")
        return _feature_dropout(input, p, training, inplace)
    if input.ndim not in (spatial + 1, spatial + 2):
        raise errors.GradcliError(
            "%s: Expected %dD or %dD input, but received a %dD input. Note that %s exists to provide channel-wise "
            "dropout on inputs with %d spatial dimension%s, a channel dimension, and an optional batch dimension "
            "(i.e. %dD or %dD inputs)." % (name, spatial + 1, spatial + 2, input.ndim, name, spatial,
                                          "s" if spatial > 1 else "", spatial + 1, spatial + 2))
    if batched:
        return _feature_dropout(input, p, training, inplace)
    result = _feature_dropout(input.unsqueeze_(0) if inplace else input.unsqueeze(0), p, training, inplace)
    return result.squeeze_(0) if inplace else result.squeeze(0)


@front_door("dropout1d", function=False, method=False, functional=True)
def dropout1d(input, p=0.5, training=True, inplace=False):
    """Channel-wise dropout of an (N, C, L) or (C, L) input."""
    return _channel_dropout("dropout1d", input, p, training, inplace, 1)


@front_door("dropout2d", function=False, method=False, functional=True)
def dropout2d(input, p=0.5, training=True, inplace=False):
    """Channel-wise dropout of an (N, C, H, W) input (a 3-D input is taken as (N, C, L), as torch does)."""
    return _channel_dropout("dropout2d", input, p, training, inplace, 2)


@front_door("dropout3d", function=False, method=False, functional=True)
def dropout3d(input, p=0.5, training=True, inplace=False):
    """Channel-wise dropout of an (N, C, D, H, W) or (C, D, H, W) input."""
    return _channel_dropout("dropout3d", input, p, training, inplace, 3)
