"""Tensor repr: a port of torch/_tensor_str.py (torch 2.13), on numpy.

One formatter is built for the whole tensor (seeing only the elements that will be shown when the tensor is
summarized); it picks integer, fixed or scientific mode and a common width. The layout then recurses over the
dimensions, wrapping rows at the line width, and the suffixes (dtype, grad_fn / requires_grad) are placed as
torch places them. No Rich here: `run` prints plain text and the Rich views reuse this string.
"""

import math

import numpy as np


class PrintOptions:
    __slots__ = ("precision", "threshold", "edgeitems", "linewidth", "sci_mode")

    def __init__(self):
        self.reset()

    def reset(self):
        self.precision, self.threshold, self.edgeitems, self.linewidth, self.sci_mode = 4, 1000, 3, 80, None


OPTIONS = PrintOptions()

_PROFILES = {"default": (4, 1000, 3, 80), "short": (2, 1000, 2, 80), "full": (4, math.inf, 3, 80)}


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None,
                     sci_mode=None):
    """torch.set_printoptions."""
    if profile is not None:
        OPTIONS.precision, OPTIONS.threshold, OPTIONS.edgeitems, OPTIONS.linewidth = _PROFILES[profile]
    if precision is not None:
        OPTIONS.precision = precision
    if threshold is not None:
        OPTIONS.threshold = threshold
    if edgeitems is not None:
        OPTIONS.edgeitems = edgeitems
    if linewidth is not None:
        OPTIONS.linewidth = linewidth
    OPTIONS.sci_mode = sci_mode


class _Formatter:
    def __init__(self, values, floating):
        """values: the (shown) elements as a flat numpy array."""
        self.floating = floating
        self.int_mode = True
        self.sci_mode = False
        self.max_width = 1
        precision = OPTIONS.precision
        if not floating:
            for v in values.tolist():
                self.max_width = max(self.max_width, len(str(v)))
        else:
            finite = values[np.isfinite(values) & (values != 0)]
            if finite.size:
                magnitudes = np.abs(finite).astype(np.float64)
                low, high = float(magnitudes.min()), float(magnitudes.max())
                self.int_mode = bool(np.all(finite == np.ceil(finite)))
                doubles = finite.astype(np.float64).tolist()
                if self.int_mode:
                    if high / low > 1000.0 or high > 1.0e8:
                        self.sci_mode = True
                        self.max_width = max(len("{:.{}e}".format(v, precision)) for v in doubles)
                    else:
                        self.max_width = max(len("{:.0f}".format(v)) + 1 for v in doubles)
                elif high / low > 1000.0 or high > 1.0e8 or low < 1.0e-4:
                    self.sci_mode = True
                    self.max_width = max(len("{:.{}e}".format(v, precision)) for v in doubles)
                else:
                    self.max_width = max(len("{:.{}f}".format(v, precision)) for v in doubles)
                self.max_width = max(self.max_width, 1)
        if OPTIONS.sci_mode is not None:
            self.sci_mode = OPTIONS.sci_mode

    def format(self, value):
        if self.floating:
            if self.sci_mode:
                text = "{:{}.{}e}".format(value, self.max_width, OPTIONS.precision)
            elif self.int_mode:
                text = "{:.0f}".format(value)
                if not (math.isinf(value) or math.isnan(value)):
                    text += "."
            else:
                text = "{:.{}f}".format(value, OPTIONS.precision)
        else:
            text = str(value)
        return (self.max_width - len(text)) * " " + text


def _summarized_values(array):
    """The elements that a summarized print shows (edge items along every dimension)."""
    edge = OPTIONS.edgeitems
    if array.ndim == 0:
        return array.reshape(-1)
    if array.shape[0] > 2 * edge:
        parts = [array[:edge], array[-edge:]] if edge else []
    else:
        parts = [array]
    if array.ndim == 1:
        return np.concatenate(parts) if parts else array[:0]
    rows = [_summarized_values(row) for part in parts for row in part]
    return np.concatenate(rows) if rows else array.reshape(-1)[:0]


def _vector_str(array, indent, summarize, formatter):
    per_line = max(1, int(math.floor((OPTIONS.linewidth - indent) / (formatter.max_width + 2))))
    edge = OPTIONS.edgeitems
    if summarize and not edge:
        items = ["..."]
    elif summarize and array.shape[0] > 2 * edge:
        items = ([formatter.format(v) for v in array[:edge].tolist()] + [" ..."]
                 + [formatter.format(v) for v in array[-edge:].tolist()])
    else:
        items = [formatter.format(v) for v in array.tolist()]
    lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
    return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"


def _tensor_str(array, indent, summarize, formatter):
    if array.ndim == 0:
        return formatter.format(array.item())
    if array.ndim == 1:
        return _vector_str(array, indent, summarize, formatter)
    edge = OPTIONS.edgeitems
    if summarize and array.shape[0] > 2 * edge:
        rows = ([_tensor_str(array[i], indent + 1, summarize, formatter) for i in range(edge)] + ["..."]
                + [_tensor_str(array[i], indent + 1, summarize, formatter)
                   for i in range(array.shape[0] - edge, array.shape[0])])
    else:
        rows = [_tensor_str(array[i], indent + 1, summarize, formatter) for i in range(array.shape[0])]
    return "[" + ("," + "\n" * (array.ndim - 1) + " " * (indent + 1)).join(rows) + "]"


def body_str(array, indent=7):
    """The bracketed values of an array as torch lays them out (without `tensor(` and suffixes)."""
    if array.size == 0:
        return "[]"
    summarize = array.size > OPTIONS.threshold
    floating = array.dtype.kind == "f"
    if array.dtype == np.float16:
        array = array.astype(np.float32)
    shown = _summarized_values(array) if summarize else array.reshape(-1)
    return _tensor_str(array, indent, summarize, _Formatter(shown, floating))


def _add_suffixes(text, suffixes, indent):
    parts = [text]
    last_line_len = len(text) - text.rfind("\n") + 1
    for suffix in suffixes:
        if last_line_len + len(suffix) + 2 > OPTIONS.linewidth:
            parts.append(",\n" + " " * indent + suffix)
            last_line_len = indent + len(suffix)
        else:
            parts.append(", " + suffix)
            last_line_len += len(suffix) + 2
    parts.append(")")
    return "".join(parts)


_DEFAULT_DTYPES = ("float32", "int64", "bool")


def tensor_repr(tensor):
    """repr(tensor) exactly as torch prints it."""
    array = tensor.array
    prefix = "tensor("
    indent = len(prefix)
    suffixes = []
    if array.size == 0:
        if array.ndim != 1:
            suffixes.append("size=" + str(tuple(array.shape)))
        if array.dtype.name != "float32":
            suffixes.append("dtype=torch." + array.dtype.name)
    else:
        if not OPTIONS.edgeitems:
            suffixes.append("size=" + str(tuple(array.shape)))
        if array.dtype.name not in _DEFAULT_DTYPES:
            suffixes.append("dtype=torch." + array.dtype.name)
    if tensor.grad_fn is not None:
        name = tensor.grad_fn.name()
        suffixes.append("grad_fn=<%s>" % name.rsplit("::", 1)[-1])
    elif tensor.requires_grad:
        suffixes.append("requires_grad=True")
    return _add_suffixes(prefix + body_str(array, indent), suffixes, indent)
