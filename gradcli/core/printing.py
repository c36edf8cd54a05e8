"""Tensor repr: a port of torch/_tensor_str.py (torch 2.13), on numpy.

`tensor_repr(t)` is the text torch prints for a tensor, character for character. It is built in three steps:
1. pick the elements that will be shown (all of them, or the edge items of every dimension when the tensor has
   more than `threshold` elements) — hidden elements are never looked at, so a huge tensor prints in milliseconds;
2. one `_Formatter` for the whole tensor decides, with numpy over the shown values, between integer, fixed and
   scientific mode and the common column width, then formats each shown value;
3. the layout recurses over the dimensions (rows wrapped at `linewidth`, blank lines between blocks, `...` for
   the hidden part) and the suffixes (size, dtype, grad_fn / requires_grad) are placed as torch places them.

No Rich here: `run` prints this text, and the Rich views colour the pieces that `repr_segments` gives them.
"""

import contextlib
import math

import numpy as np

from ..base import dtypes
from ..base.runstate import current
from .meta import is_meta


class PrintOptions:
    """torch's PRINT_OPTS: the state `torch.set_printoptions` changes."""

    __slots__ = ("precision", "threshold", "edgeitems", "linewidth", "sci_mode")

    def __init__(self):
        self.precision, self.threshold, self.edgeitems, self.linewidth = _PROFILES["default"]
        self.sci_mode = None

    def __repr__(self):
        return "PrintOptions(%s)" % ", ".join("%s=%r" % (name, getattr(self, name)) for name in self.__slots__)


# (precision, threshold, edgeitems, linewidth) of torch's named profiles
_PROFILES = {"default": (4, 1000, 3, 80), "short": (2, 1000, 2, 80), "full": (4, math.inf, 3, 80)}


def options():
    """The print options in force: the run state's (base.runstate), torch's defaults until it sets others."""
    state = current()
    if state.print_options is None:
        state.print_options = PrintOptions()
    return state.print_options


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None,
                     sci_mode=None):
    """torch.set_printoptions: a profile first, then each option given; options left out keep their value,
    except `sci_mode`, which every call sets (so `set_printoptions()` turns automatic sci mode back on)."""
    opts = options()
    if profile in _PROFILES:  # torch silently ignores an unknown profile name
        opts.precision, opts.threshold, opts.edgeitems, opts.linewidth = _PROFILES[profile]
    if precision is not None:
        opts.precision = precision
    if threshold is not None:
        opts.threshold = threshold
    if edgeitems is not None:
        opts.edgeitems = edgeitems
    if linewidth is not None:
        opts.linewidth = linewidth
    opts.sci_mode = sci_mode


def get_printoptions():
    """torch.get_printoptions: the current options as keyword arguments for set_printoptions."""
    return {name: getattr(options(), name) for name in PrintOptions.__slots__}


# ---------------------------------------------------------------- one formatter per tensor
class _Formatter:
    """torch's _Formatter: the mode and width shared by every element of one tensor."""

    def __init__(self, values, floating):
        """values: the shown elements (any shape; float64 for floating tensors)."""
        opts = options()
        self.precision = opts.precision
        self.floating = floating
        self.int_mode = True
        self.sci_mode = False
        self.width = 1
        if not floating:
            if values.size:
                # str() grows with |v| within each sign, so the two extremes hold the widest text
                self.width = max(len(str(values.min().item())), len(str(values.max().item())))
            return
        finite = values[np.isfinite(values) & (values != 0)]
        if not finite.size:
            return  # only zeros, nan and inf: int mode, width 1 (even when sci_mode is forced)
        self.int_mode = bool(np.all(finite == np.ceil(finite)))
        magnitudes = np.abs(finite)
        low, high = magnitudes.min(), magnitudes.max()
        if opts.sci_mode is None:
            with np.errstate(over="ignore"):
                self.sci_mode = bool(high / low > 1000.0 or high > 1.0e8 or low < 1.0e-4)
        else:
            self.sci_mode = bool(opts.sci_mode)
        # The text length grows with |v| within each sign (and, in sci mode, with the exponent's digits, which
        # peak at the smallest or the largest |v|), so the widest text is among these four values.
        positive, negative = finite[finite > 0], finite[finite < 0]
        extremes = [float(side.min()) for side in (positive, negative) if side.size]
        extremes += [float(side.max()) for side in (positive, negative) if side.size]
        self.width = max(1, max(len(self.text(v)) for v in extremes))

    def text(self, value):
        """One value without padding (value: a python float, int or bool)."""
        if not self.floating:
            return str(value)
        if self.sci_mode:
            return "{:.{}e}".format(value, self.precision)
        if self.int_mode:
            text = "{:.0f}".format(value)
            return text if math.isinf(value) or math.isnan(value) else text + "."
        return "{:.{}f}".format(value, self.precision)

    def format(self, value):
        """One value right-aligned to the common width (longer text is kept whole, as torch does)."""
        return self.text(value).rjust(self.width)


# ---------------------------------------------------------------- which elements are shown
def _shown_indices(shape, summarize):
    """Per dimension: the indices shown, and whether an ellipsis stands between the edge items."""
    edge = options().edgeitems
    layout = []
    for size in shape:
        if summarize and size > 2 * edge:
            layout.append((np.r_[0:edge, size - edge:size], True))
        else:
            layout.append((np.arange(size), False))
    return layout


def _layout(cells, cut, indent, width):
    """torch's _tensor_str_with_formatter over already formatted cells (an object array of strings).

    cut[d]: an ellipsis goes after the first `edgeitems` entries of dimension d; width: the formatter's width,
    which sets how many values fit on a line."""
    opts = options()
    edge = opts.edgeitems
    if cells.ndim == 1:
        items = cells.tolist()
        if cut[0]:
            items = items[:edge] + [" ..."] + items[edge:]
        per_line = max(1, math.floor((opts.linewidth - indent) / (width + 2)))
        lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
        return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"
    rows = [_layout(cells[i], cut[1:], indent + 1, width) for i in range(cells.shape[0])]
    if cut[0]:
        rows = rows[:edge] + ["..."] + rows[edge:]
    # ndim - 1 newlines: one blank line between matrices, two between 3-D blocks, ...
    return "[" + ("," + "\n" * (cells.ndim - 1) + " " * (indent + 1)).join(rows) + "]"


def body_str(array, indent=7):
    """The bracketed values of a numpy array as torch lays them out, without `tensor(` and the suffixes.

    `indent` is the length of the prefix before the opening bracket (7 for `tensor(`)."""
    if array.size == 0:
        return "[]"
    opts = options()
    summarize = array.size > opts.threshold
    floating = array.dtype.kind == "f"
    if array.ndim and summarize and not opts.edgeitems:
        return "[...]"
    layout = _shown_indices(array.shape, summarize)
    shown = array[np.ix_(*(indices for indices, _ in layout))] if summarize and array.ndim else array
    if floating or array.dtype.kind == "c":  # each number has `precision` digits (set_printoptions(10**8))
        from .limits import check_length
        check_length(shown.size * (opts.precision + 24), "the printed tensor")
    if floating:
        # exact widening: python formats the float64 value of each element, as torch's .tolist() gives it
        shown = shown.astype(np.float64)
    if shown.ndim == 0:
        return _Formatter(shown, floating).format(shown.item())
    formatter = _Formatter(shown, floating)
    cells = np.array([formatter.format(v) for v in shown.reshape(-1).tolist()], dtype=object)
    return _layout(cells.reshape(shown.shape), [cut for _, cut in layout], indent, formatter.width)


# ---------------------------------------------------------------- the whole repr
_PREFIX = "tensor("


def _suffixes(tensor):
    """size=, dtype=, grad_fn= / requires_grad=True, in torch's order and under torch's conditions."""
    array = tensor.array
    dtype = tensor.dtype
    default = dtypes.default_float()
    suffixes = []
    if is_meta(array):  # no values to show: the device, the shape, and any dtype but the default
        suffixes += ["device='meta'", "size=" + str(tuple(array.shape))]
        if dtype is not default:
            suffixes.append("dtype=" + str(dtype))
    elif array.size == 0:
        if array.ndim != 1:  # the shape of an empty tensor is not in its `[]`
            suffixes.append("size=" + str(tuple(array.shape)))
        if dtype is not default:  # no element hints at the dtype
            suffixes.append("dtype=" + str(dtype))
    else:
        if not options().edgeitems:  # torch shows the shape whenever edgeitems is 0, summarized or not
            suffixes.append("size=" + str(tuple(array.shape)))
        if dtype not in (default, dtypes.int64, dtypes.bool_):
            suffixes.append("dtype=" + str(dtype))
    if tensor.grad_fn is not None:
        suffixes.append("grad_fn=<%s>" % tensor.grad_fn.name().rsplit("::", 1)[-1])
    elif tensor.requires_grad:
        suffixes.append("requires_grad=True")
    return suffixes


def repr_segments(tensor, dtype=True):
    """The repr as (kind, text) pieces whose texts concatenate to `tensor_repr(tensor)`.

    kind is "prefix" (`tensor(`), "body" (the values), "separator" (`, ` or `,\n` plus indent), "suffix"
    (`dtype=torch.float64`, `grad_fn=<MulBackward0>`, ...) or "close" (`)`): what a view needs to colour
    the parts without formatting anything itself. Without `dtype`, the repr leaves out its dtype= suffix and
    lays out the others as torch would without it (a view that states the dtype once)."""
    indent = len(_PREFIX)
    body = "..." if is_meta(tensor.array) else body_str(tensor.array, indent)
    segments = [("prefix", _PREFIX), ("body", body)]
    # torch's _add_suffixes: `last` is the last line's length + 2 (its rfind arithmetic), then the true length
    last = len(_PREFIX + body) - (_PREFIX + body).rfind("\n") + 1
    linewidth = options().linewidth
    for suffix in _suffixes(tensor):
        if not dtype and suffix.startswith("dtype="):
            continue
        if last + len(suffix) + 2 > linewidth:
            segments.append(("separator", ",\n" + " " * indent))
            last = indent + len(suffix)
        else:
            segments.append(("separator", ", "))
            last += len(suffix) + 2
        segments.append(("suffix", suffix))
    segments.append(("close", ")"))
    return segments


def tensor_repr(tensor, dtype=True):
    """repr(tensor) exactly as torch prints it (str and print give the same text); without `dtype`, no dtype=
    suffix (see repr_segments)."""
    return "".join(text for _, text in repr_segments(tensor, dtype))


@contextlib.contextmanager
def summarised():
    """Inside, every tensor prints summarised as torch prints a tensor of more than `threshold` elements (the
    explanations' view of a long value); the options are restored after."""
    opts = options()
    threshold = opts.threshold
    opts.threshold = 0
    try:
        yield
    finally:
        opts.threshold = threshold


def one_line(value):
    """A value on one line: a tensor's values as torch prints them (without grad_fn or requires_grad), for the
    explanations and graph labels; anything else as repr."""
    from .tensor import Tensor
    if not isinstance(value, Tensor):
        return repr(value)
    return " ".join(line.strip() for line in tensor_repr(value.detach()).splitlines())
