"""torch.autograd.gradcheck and gradgradcheck, as torch's slow mode runs them: for each differentiable output and
input, the numerical Jacobian (central differences, perturbing the input's elements in place one by one) beside
the analytical one (a backward pass per output element), compared with torch.allclose.

Both Jacobians of an (output, input) pair are (input.numel(), output.numel()) matrices, as torch lays them out.
`comparisons` gives them all, for `gradcli check`; gradcheck raises torch's GradcheckError at the first that
differs (or returns False with raise_exception=False).
"""

import numpy as np

from ...base import errors
from ...core import limits
from ...core.backward import grad
from ...core.tensor import Tensor

_UNSUPPORTED = ("check_forward_ad", "check_batched_grad", "check_batched_forward_grad")


class Comparison:
    """One (output, input) pair: the analytical and numerical Jacobians, whether they are close (allclose with
    rtol, atol), and the largest absolute and relative differences with their (input element, output element)."""

    def __init__(self, output_index, input_index, analytical, numerical, rtol, atol):
        self.output_index, self.input_index = output_index, input_index
        self.analytical, self.numerical = analytical, numerical
        a, n = analytical.array, numerical.array
        difference = np.abs(a - n)
        self.close = bool(np.all(difference <= atol + rtol * np.abs(n))) if a.size else True
        with np.errstate(divide="ignore", invalid="ignore"):
            relative = np.where(n != 0, difference / np.abs(n), np.where(difference == 0, 0.0, np.inf))
        self.max_abs, self.max_abs_at = _largest(difference)
        self.max_rel, self.max_rel_at = _largest(relative)


def _largest(values):
    if not values.size:
        return 0.0, None
    flat = int(np.nanargmax(values)) if not np.all(np.isnan(values)) else 0
    return float(values.reshape(-1)[flat]), tuple(int(i) for i in np.unravel_index(flat, values.shape))


def _as_tuple(x):
    return x if isinstance(x, tuple) else tuple(x) if isinstance(x, list) else (x,)


def _differentiable(outputs):
    return tuple(o for o in _as_tuple(outputs) if isinstance(o, Tensor) and o.requires_grad)


def _check_inputs(inputs):
    wanted = False
    for i, x in enumerate(inputs):
        if isinstance(x, Tensor) and x.requires_grad:
            if x.dtype.name != "float64":
                errors.warn("Input #%d requires gradient and is not a double precision floating point or complex. "
                            "This check will likely fail if all the inputs are not of double precision floating "
                            "point or complex. " % i)
            if any(step == 0 and n > 1 for step, n in zip(x.array.strides, x.array.shape)):
                raise errors.GradcliError(
                    "The %dth input has a dimension with stride 0. gradcheck only supports inputs that are "
                    "non-overlapping to be able to compute the numerical gradients correctly. You should call "
                    ".contiguous on the input before passing it to gradcheck." % i)
            wanted = True
    if not wanted:
        raise errors.value_error("gradcheck expects at least one input tensor to require gradient, but none of "
                                 "them have requires_grad=True.")


def numerical_jacobians(func, inputs, eps):
    """For each input requiring grad, for each output: (input.numel(), output.numel()) central differences."""
    found = []
    for x in inputs:
        if not (isinstance(x, Tensor) and x.requires_grad):
            continue
        data = x.array  # the input's own memory: func sees the perturbation, as torch's x.data does
        columns = []
        for index in np.ndindex(data.shape):  # row k of the Jacobian: the k-th element in C order
            limits.tick()
            original = data[index].copy()
            data[index] = original - eps
            below = [o.array.copy() for o in _as_tuple(func(*inputs))]
            data[index] = original + eps
            above = [o.array.copy() for o in _as_tuple(func(*inputs))]
            data[index] = original
            columns.append([((b - a) / (2 * eps)).reshape(-1) for a, b in zip(below, above)])
        outputs = _as_tuple(func(*inputs))
        found.append([Tensor._make(np.array([c[i] for c in columns], dtype=o.array.dtype).reshape(
            data.size, o.array.size)) for i, o in enumerate(outputs)])
    return found


def analytical_jacobians(inputs, output):
    """For each input requiring grad: (input.numel(), output.numel()), column j the gradient of output element j
    (zero where the input does not reach it)."""
    wrt = [x for x in inputs if isinstance(x, Tensor) and x.requires_grad]
    found = [np.zeros((x.array.size, output.array.size), x.array.dtype) for x in wrt]
    for j in range(output.array.size):
        limits.tick()
        seed = np.zeros(output.array.shape, output.array.dtype)
        seed.reshape(-1)[j] = 1.0
        for jacobian, g in zip(found, grad(output, wrt, Tensor._make(seed), retain_graph=True, allow_unused=True)):
            if g is not None:
                jacobian[:, j] = g.array.reshape(-1)
    return [Tensor._make(j) for j in found]


def comparisons(func, inputs, eps=1e-6, atol=1e-5, rtol=1e-3):
    """Every (differentiable output, input requiring grad) pair's Comparison, outputs first (torch's order)."""
    inputs = _as_tuple(inputs)
    _check_inputs(inputs)
    outputs = _differentiable(func(*inputs))
    if not outputs:
        return _no_differentiable_outputs(func, inputs, eps)
    for x in inputs:  # each Jacobian is dense: sized before the two evaluations per input element begin
        if isinstance(x, Tensor) and x.requires_grad:
            for output in outputs:
                limits.check_numel((x.numel(), output.numel()), "the Jacobian")
    numerical = numerical_jacobians(func, inputs, eps)
    is_differentiable = [isinstance(o, Tensor) and o.requires_grad for o in _as_tuple(func(*inputs))]
    numerical = [[per_output[i] for i, keep in enumerate(is_differentiable) if keep] for per_output in numerical]
    found = []
    for i, output in enumerate(outputs):
        for j, analytical in enumerate(analytical_jacobians(inputs, output)):
            found.append(Comparison(i, j, analytical, numerical[j][i], rtol, atol))
    return found


def _no_differentiable_outputs(func, inputs, eps):
    for per_input in numerical_jacobians(func, inputs, eps):
        for jacobian in per_input:
            if np.any(jacobian.array != 0):
                raise errors.GradcliError("Numerical gradient for function expected to be zero", "GradcheckError")
    return []


def _mismatch(c):
    return errors.GradcliError("Jacobian mismatch for output %d with respect to input %d,\nnumerical:%s\n"
                               "analytical:%s\n" % (c.output_index, c.input_index, c.numerical, c.analytical),
                               "GradcheckError")


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, nondet_tol=0.0,
              check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
              check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True, fast_mode=False,
              masked=None):
    """torch.autograd.gradcheck (slow mode; fast_mode=True runs it too): True, or torch's GradcheckError (False
    with raise_exception=False). gradcli's backward is deterministic, so the reentrancy check always passes."""
    _refuse_unsupported(check_forward_ad=check_forward_ad, check_batched_grad=check_batched_grad,
                        check_batched_forward_grad=check_batched_forward_grad)
    try:
        for c in comparisons(func, inputs, eps, atol, rtol):
            if not c.close:
                raise _mismatch(c)
        _backward_multiplies_by_grad_output(func, _as_tuple(inputs))
    except errors.GradcliError as error:
        if error.kind == "GradcheckError" and not raise_exception:
            return False
        raise
    return True


def _refuse_unsupported(**flags):
    for name, value in flags.items():
        if value:
            raise errors.GradcliError("gradcli's gradcheck does not take %s=True" % name, "NotImplementedError")


def _backward_multiplies_by_grad_output(func, inputs):
    """torch's _test_backward_mul_by_grad_output: zero output gradients give zero input gradients."""
    outputs = _differentiable(func(*inputs))
    wrt = [x for x in inputs if isinstance(x, Tensor) and x.requires_grad]
    zeros = tuple(Tensor._make(np.zeros_like(o.array)) for o in outputs)
    for g, x in zip(grad(outputs, wrt, zeros, allow_unused=True), wrt):
        if g is not None and np.any(g.array != 0):
            raise errors.GradcliError("backward not multiplied by grad_output", "GradcheckError")
        if g is not None and g.shape != x.shape:
            raise errors.GradcliError("grad is incorrect size", "GradcheckError")


def gradgrad_function(func, inputs, grad_outputs=None, generator=None):
    """torch.autograd.gradgradcheck's function of (inputs, grad_outputs) -> the inputs' gradients
    (create_graph=True), and its arguments: grad_outputs default to uniform(-1, 1) draws of the outputs' shapes,
    as torch.testing.make_tensor makes them."""
    from ...ops.rows.creation import empty
    inputs = _as_tuple(inputs)
    if grad_outputs is None:
        outputs = _differentiable(func(*inputs))
        grad_outputs = tuple(empty(*o.shape, dtype=o.dtype).uniform_(-1, 1, generator=generator).requires_grad_()
                             for o in outputs)
    grad_outputs = _as_tuple(grad_outputs)
    count = len(grad_outputs)
    wanted = {i for i, x in enumerate(inputs) if isinstance(x, Tensor) and x.requires_grad}

    def function(*args):
        values = args[:-count]
        outputs = _differentiable(func(*values))
        found = grad(outputs, tuple(x for i, x in enumerate(values) if i in wanted), args[-count:],
                     create_graph=True, allow_unused=True)
        return tuple(g for g in found if g is not None)
    return function, inputs + grad_outputs


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  gen_non_contig_grad_outputs=False, raise_exception=True, nondet_tol=0.0, check_undefined_grad=True,
                  check_grad_dtypes=False, check_batched_grad=False, check_fwd_over_rev=False,
                  check_rev_over_rev=True, fast_mode=False, masked=False):
    """torch.autograd.gradgradcheck: gradcheck of the function that backpropagates `grad_outputs` (random by
    default, from torch's generator) with create_graph=True."""
    _refuse_unsupported(check_fwd_over_rev=check_fwd_over_rev, check_batched_grad=check_batched_grad)
    function, arguments = gradgrad_function(func, inputs, grad_outputs)
    return gradcheck(function, arguments, eps=eps, atol=atol, rtol=rtol, raise_exception=raise_exception)
