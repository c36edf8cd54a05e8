"""torch.nn.functional.interpolate (and the deprecated upsample, upsample_nearest, upsample_bilinear): the
arguments checked and the output size found as torch's Python does, then one of ATen's upsample ops, each a row
whose node torch names (UpsampleNearest2DBackward0, UpsampleBilinear2DBackward0, ...) and whose backward is an
op of its own (linear in the gradient, so its derivative is the forward again). Their arithmetic is torch's
CPU kernels' (kernels/upsample.py)."""

import numpy as np

from ..bind import apply
from ..table import formula_helper, front_door, row
from ...base import errors
from ...kernels import upsample as kernels

_FLOATS = (np.float32, np.float64)


def _computed(kernel):
    """A kernel run in float32 for float16 input (torch's opmath), its result rounded back."""
    def run(x, *args):
        if x.dtype in _FLOATS:
            return np.ascontiguousarray(kernel(x, *args))
        return np.ascontiguousarray(kernel(x.astype(np.float32), *args).astype(x.dtype))
    return run


def _nearest_forward(exact):
    def forward(self, output_size, input_size, scales):
        return _computed(kernels.nearest)(self, output_size, scales, exact)
    return forward


def _nearest_backward(exact):
    def backward(grad_output, output_size, input_size, scales):
        return _computed(kernels.nearest_backward)(grad_output, input_size[2:], scales, exact)
    return backward


def _linear_forward(self, output_size, input_size, align_corners, scales):
    return _computed(kernels.linear)(self, output_size, align_corners, scales)


def _linear_backward(grad_output, output_size, input_size, align_corners, scales):
    return _computed(kernels.linear_backward)(grad_output, input_size[2:], align_corners, scales)


def _upsample_rows(overload, name, forward, backward, linear):
    """An upsample op and its backward op, and the backward's formula helper: d(op)/d(self) is the backward op
    of grad; d(backward)/d(grad_output) is the op of grad (both linear)."""
    params = "output_size, input_size, align_corners, scales" if linear else "output_size, input_size, scales"
    if linear:
        def backward_of(grad, output_size, input_size, align_corners, scales):
            return apply(backward_row, grad, output_size=output_size, input_size=input_size,
                         align_corners=align_corners, scales=scales)

        def forward_of(grad, output_size, input_size, align_corners, scales):
            return apply(forward_row, grad, output_size=output_size, input_size=input_size,
                         align_corners=align_corners, scales=scales)
    else:
        def backward_of(grad, output_size, input_size, scales):
            return apply(backward_row, grad, output_size=output_size, input_size=input_size, scales=scales)

        def forward_of(grad, output_size, input_size, scales):
            return apply(forward_row, grad, output_size=output_size, input_size=input_size, scales=scales)
    backward_of.__name__ = overload + "_backward"
    backward_of.__doc__ = "%s's backward op (the gradient of its input)." % overload
    formula_helper(backward_of)
    forward_of.__name__ = overload
    forward_of.__doc__ = "%s of a gradient (the derivative of its backward)." % overload
    formula_helper(forward_of)
    backward_row = row(overload + "_backward", name + "BackwardBackward0", backward, "grad_output",
                       grad_output=("%s(grad, %s)" % (overload, params), forward_of))
    forward_row = row(overload, name + "Backward0", forward, "self",
                      self=("%s_backward(grad, %s)" % (overload, params), backward_of))
    return forward_row, backward_row


ROWS = {
    ("nearest", 1): _upsample_rows("upsample_nearest1d", "UpsampleNearest1D", _nearest_forward(False),
                                   _nearest_backward(False), False),
    ("nearest", 2): _upsample_rows("upsample_nearest2d", "UpsampleNearest2D", _nearest_forward(False),
                                   _nearest_backward(False), False),
    ("nearest-exact", 1): _upsample_rows("_upsample_nearest_exact1d", "UpsampleNearestExact1D",
                                         _nearest_forward(True), _nearest_backward(True), False),
    ("nearest-exact", 2): _upsample_rows("_upsample_nearest_exact2d", "UpsampleNearestExact2D",
                                         _nearest_forward(True), _nearest_backward(True), False),
    ("linear", 1): _upsample_rows("upsample_linear1d", "UpsampleLinear1D", _linear_forward, _linear_backward, True),
    ("bilinear", 2): _upsample_rows("upsample_bilinear2d", "UpsampleBilinear2D", _linear_forward, _linear_backward,
                                    True),
}


# ---------------------------------------------------------------- F.interpolate's Python
_MODES = "nearest | linear | bilinear | bicubic | trilinear | lanczos | area | nearest-exact"
_WRONG_RANK = {("bilinear", 3): "Got 3D input, but bilinear mode needs 4D input",
               ("trilinear", 3): "Got 3D input, but trilinear mode needs 5D input",
               ("linear", 4): "Got 4D input, but linear mode needs 3D input",
               ("trilinear", 4): "Got 4D input, but trilinear mode needs 5D input",
               ("linear", 5): "Got 5D input, but linear mode needs 3D input",
               ("bilinear", 5): "Got 5D input, but bilinear mode needs 4D input"}


def _is_integer(value):
    return isinstance(value, int) and not isinstance(value, bool) or (
        hasattr(value, "dtype") and not value.dtype.is_floating_point and value.numel() == 1)


def _sizes_and_scales(input, size, scale_factor, recompute_scale_factor):
    """torch's interpolate: (output_size or None, scale_factors or None), checked in its words."""
    dim = input.dim() - 2
    if size is not None and scale_factor is not None:
        raise errors.value_error("only one of size or scale_factor should be defined")
    if size is not None:
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise errors.value_error(
                    "Input and output must have the same number of spatial dimensions, but got input with spatial "
                    "dimensions of %s and output size of %r. Please provide input tensor in (N, C, d1, d2, ...,dK) "
                    "format and output size in (o1, o2, ...,oK) format." % (list(input.shape[2:]), size))
            if not all(_is_integer(s) for s in size):
                raise errors.type_error(
                    "expected size to be one of int or Tuple[int] or Tuple[int, int] or Tuple[int, int, int], but "
                    "got size with types [%s]" % ", ".join("<class '%s'>" % type(s).__name__ for s in size))
            output_size = [int(s) for s in size]
        else:
            output_size = [int(size)] * dim
        scale_factors = None
    elif scale_factor is not None:
        output_size = None
        if isinstance(scale_factor, (list, tuple)):
            if len(scale_factor) != dim:
                raise errors.value_error(
                    "Input and scale_factor must have the same number of spatial dimensions, but got input with "
                    "spatial dimensions of %s and scale_factor of shape %r. Please provide input tensor in (N, C, "
                    "d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format."
                    % (list(input.shape[2:]), scale_factor))
            scale_factors = [float(s) for s in scale_factor]
        else:
            scale_factors = [float(scale_factor)] * dim
    else:
        raise errors.value_error("either size or scale_factor should be defined")
    if recompute_scale_factor and size is not None:
        raise errors.value_error("recompute_scale_factor is not meaningful with an explicit size.")
    if recompute_scale_factor:
        output_size = [int(input.size(i + 2) * scale_factors[i]) for i in range(dim)]  # (floor, as _sym_int)
        scale_factors = None
    return output_size, scale_factors


def _checked_output_size(input, output_size, scale_factors):
    """ATen's compute_output_size (input size times the scale, truncated) and its check that no size is 0."""
    spatial = list(input.shape[2:])
    if output_size is None:
        output_size = [int(float(n) * s) for n, s in zip(spatial, scale_factors)]
    if any(n <= 0 for n in spatial + output_size):
        names = ("H", "W")[-len(spatial):] if len(spatial) <= 2 else ("D", "H", "W")
        raise errors.GradcliError("Input and output sizes should be greater than 0, but got input (%s)%s output (%s)"
                                  % (", ".join("%s: %d" % p for p in zip(names, spatial)),
                                     " and" if len(spatial) == 1 else "",  # (torch's 1-D message says "and")
                                     ", ".join("%s: %d" % p for p in zip(names, output_size))))
    return output_size


@front_door("interpolate", function=False, method=False, functional=True)
def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None,
                antialias=False):
    """Resampling of (N, C, W) or (N, C, H, W) input to a size or by a scale factor: nearest, nearest-exact,
    linear (3-D input), bilinear (4-D)."""
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise errors.value_error("align_corners option can only be set with the interpolating modes: linear | "
                                     "bilinear | bicubic | trilinear")
    elif align_corners is None:
        align_corners = False
    output_size, scale_factors = _sizes_and_scales(input, size, scale_factor, recompute_scale_factor)
    if antialias and not (mode in ("bilinear", "bicubic", "lanczos") and input.ndim == 4):
        raise errors.value_error("Anti-alias option is restricted to bilinear, bicubic, and lanczos modes and "
                                 "requires a 4-D tensor as input")
    key = (mode, input.dim() - 2)
    if key not in ROWS or antialias:
        if (mode, input.dim()) in _WRONG_RANK:
            raise errors.GradcliError(_WRONG_RANK[mode, input.dim()], "NotImplementedError")
        if mode in _MODES.split(" | ") and input.dim() in (3, 4, 5):
            raise errors.GradcliError("gradcli's interpolate does not implement mode=%r%s for %dD input yet"
                                      % (mode, " with antialias" if antialias else "", input.dim()),
                                      "NotImplementedError")
        raise errors.GradcliError("Input Error: Only 3D, 4D and 5D input Tensors supported (got %dD) for the "
                                  "modes: %s (got %s)" % (input.dim(), _MODES, mode), "NotImplementedError")
    if not input.dtype.is_floating_point:  # (the name of the 2-D kernel torch would have picked)
        small = key[1] == 2 and kernels.takes_channels_last_kernel(
            input.shape[1], _checked_output_size(input, output_size, scale_factors))
        kernel = "upsample_%s%dd%s" % (mode.replace("-", "_"), key[1], "_channels_last" if small else "")
        raise errors.GradcliError('"%s" not implemented for \'%s\'' % (kernel, input.dtype.short_name),
                                  "NotImplementedError")
    output_size = _checked_output_size(input, output_size, scale_factors)
    params = dict(output_size=tuple(output_size), input_size=tuple(input.shape),
                  scales=tuple(scale_factors) if scale_factors else (None,) * key[1])
    if mode in ("linear", "bilinear"):
        params["align_corners"] = bool(align_corners)
    forward, _ = ROWS[key]
    return apply(forward, input, **params)


def _deprecated(name):
    errors.warn("`nn.functional.%s` is deprecated. Use `nn.functional.interpolate` instead." % name)


@front_door("upsample", function=False, method=False, functional=True)
def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    _deprecated("upsample")
    return interpolate(input, size, scale_factor, mode, align_corners)


@front_door("upsample_nearest", function=False, method=False, functional=True)
def upsample_nearest(input, size=None, scale_factor=None):
    _deprecated("upsample_nearest")
    return interpolate(input, size, scale_factor, mode="nearest")


@front_door("upsample_bilinear", function=False, method=False, functional=True)
def upsample_bilinear(input, size=None, scale_factor=None):
    _deprecated("upsample_bilinear")
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)
