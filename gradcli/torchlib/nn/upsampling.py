"""torch.nn's Upsample, UpsamplingNearest2d and UpsamplingBilinear2d (torch's upsampling.py): a size or a scale
factor (made a float, or a tuple of floats) kept for F.interpolate, and torch's repr."""

from .module import Module
from ...ops import FUNCTIONAL as F


class Upsample(Module):
    """Resamples its input with F.interpolate (mode nearest, nearest-exact, linear or bilinear)."""

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None):
        super().__init__()
        self.name = type(self).__name__
        self.size = size
        if isinstance(scale_factor, tuple):
            self.scale_factor = tuple(float(factor) for factor in scale_factor)
        else:
            self.scale_factor = float(scale_factor) if scale_factor else None
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input):
        return F["interpolate"](input, self.size, self.scale_factor, self.mode, self.align_corners,
                                recompute_scale_factor=self.recompute_scale_factor)

    def extra_repr(self):
        info = ("scale_factor=%r" % (self.scale_factor,) if self.scale_factor is not None
                else "size=%r" % (self.size,))
        return info + ", mode=%r" % self.mode


class UpsamplingNearest2d(Upsample):
    """Upsample(mode='nearest') (deprecated in torch's documentation, still in torch.nn)."""

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="nearest")


class UpsamplingBilinear2d(Upsample):
    """Upsample(mode='bilinear', align_corners=True)."""

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="bilinear", align_corners=True)
