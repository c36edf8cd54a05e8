"""The eval view's content and layout without Rich: what `gradcli eval` shows (the labelled lines, the inputs
table's cells and which tensors go below it) and, for output that is not a terminal, the very text Rich would
write for it. render.py draws the same layout with Rich on a terminal; cli.launch writes this text when stdout
is a pipe or a file, so that a one-shot eval loads neither Typer nor Rich (a fifth of its instructions).

`view_text` answers only where its text is certain to be Rich's (printable ASCII, a table that fits); elsewhere
it returns None and Rich draws the view. tests/cli/test_launch.py holds the two texts side by side.
"""

import contextlib

LABEL_WIDTH = 12
BELOW = "(below)"
INDEPENDENT = "None (the value does not depend on it)"


def width(text):
    """The widest line of a (multi-line) text."""
    return max(len(line) for line in text.split("\n"))


def is_tensor(value):
    from ..core.tensor import Tensor
    return isinstance(value, Tensor)


def common_dtype(result):
    """The one dtype of the value (if a tensor) and every input, or None when they differ."""
    found = {leaf.dtype for leaf in result.inputs.values()}
    if is_tensor(result.value):
        found.add(result.value.dtype)
    return found.pop() if len(found) == 1 else None


def value_text(value, dtype=True):
    """A value as torch prints it; a tensor without its dtype= suffix unless `dtype` (the view states it)."""
    from ..core.printing import tensor_repr
    return tensor_repr(value, dtype) if is_tensor(value) else repr(value)


class InputsLayout:
    """The inputs table of the eval view within `columns`: `headers`, one row of cell texts per input (name,
    shape, dtype when they differ, value, gradient unless not `gradients`) and `below`: the (label, text) pairs —
    `x`, `x.grad` — of the tensors too wide for the table, printed under it whole; their cells say (below)."""

    def __init__(self, result, columns=80, with_dtype=False, gradients=True):
        gradient = "gradient" if result.order == 1 else "derivative of order %d" % result.order
        headers = ["input", "shape"] + (["dtype"] if with_dtype else []) + ["value"] + (
            [gradient] if gradients else [])
        tensors = len(headers) - (3 if with_dtype else 2)  # the columns of tensors: value, gradient
        rows, wide = [], []  # wide: the tensors' texts per row
        for name, leaf in result.inputs.items():
            grad = result.grads.get(name)
            rows.append([name, str(list(leaf.shape))] + ([str(leaf.dtype)] if with_dtype else []))
            wide.append([value_text(leaf.detach(), False)] + ([
                value_text(grad, False) if grad is not None else INDEPENDENT] if gradients else []))
        fixed = sum(max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(headers[:-tensors]))
        below = set()

        def column(c):
            return max([len(headers[c - tensors])] + [len(BELOW) if (r, c) in below else width(texts[c])
                                                      for r, texts in enumerate(wide)])
        # the row with the widest tensor goes below the table, its value and its gradient together, until it fits
        while fixed + sum(column(c) for c in range(tensors)) + 3 * len(headers) + 1 > columns:
            widest = max(((max(width(t) for t in texts), r) for r, texts in enumerate(wide)
                          if (r, 0) not in below), default=None)
            if widest is None or widest[0] <= len(BELOW):
                break
            below.update((widest[1], c) for c in range(tensors) if wide[widest[1]][c] != INDEPENDENT)
        self.headers = headers
        self.rows = [row + [BELOW if (r, c) in below else texts[c] for c in range(tensors)]
                     for r, (row, texts) in enumerate(zip(rows, wide))]
        self.tensor_columns = range(len(headers) - tensors, len(headers))
        labels = [(name, name + ".grad") for name in result.inputs]
        self.below = [(labels[r][c], wide[r][c]) for r, c in sorted(below)]


def gradient_values(result):
    """--values: each input's gradient on a line of its own, its elements in order, separated by spaces, each
    the exact value (as torch's .tolist() gives it); None where there is none."""
    lines = []
    for grad in result.grads.values():
        lines.append("None" if grad is None else " ".join(repr(v) for v in _flat(grad.tolist())))
    return "".join(line + "\n" for line in lines)


def _flat(values):
    if not isinstance(values, list):
        yield values
        return
    for item in values:
        yield from _flat(item)


@contextlib.contextmanager
def print_precision(digits):
    """Tensors shown with `digits` after the point inside (torch.set_printoptions(precision=...)); None: as
    they are. The option is the command's to change: it is set back after."""
    from ..core.printing import options
    if digits is None:
        yield
        return
    shown = options()
    kept, shown.precision = shown.precision, digits
    try:
        yield
    finally:
        shown.precision = kept


def derivative_head(result, d):
    """What diff writes before a derivative's formula: `d/dx`, `d2/dx2` for the second."""
    return "d/d%s" % d.name if result.order == 1 else "d%d/d%s%d" % (result.order, d.name, result.order)


# ---------------------------------------------------------------- the view as Rich writes it to a pipe
def view_text(result, columns):
    """The text render.show_result(result) writes when stdout is not a terminal and the console is `columns`
    wide, or None where only Rich can say (a character outside printable ASCII, a table wider than that)."""
    out = []
    dtype = common_dtype(result)
    out.append(_label("expression") + result.expression)
    out.append(_labelled("value", value_text(result.value, dtype is None), columns))
    out.append(_label("grad_fn") + (result.grad_fn or "None"))
    if dtype is not None:
        out.append(_label("dtype") + str(dtype))
    not_tensor = result.no_backward if result.inputs and not is_tensor(result.value) else None
    if not_tensor is not None:
        out.append(_label("gradient") + "not computed: %s" % not_tensor)
    table = None
    if result.inputs:
        layout = InputsLayout(result, columns, with_dtype=dtype is None,
                              gradients=not_tensor is None and bool(result.grads))
        if not all(_printable(cell) for row in [layout.headers] + layout.rows for cell in row):
            return None
        table = box_table(layout.headers, layout.rows)
        if width(table) > columns:  # Rich would shrink its columns
            return None
        out.append(table)
        for name, text in layout.below:
            out.append(name + " =")
            out.append(text)
    if result.jvp is not None:
        along = ", ".join("%s=%s" % (name, repr(t).replace("\n", " ")) for name, t in result.tangent.items())
        out.append(_labelled("jvp", value_text(result.jvp, dtype is None), columns))
        out.append("  along     " + along)
    if not all(_printable(part) for part in out if part is not table):
        return None
    return "".join(part + "\n" for part in out)


def diff_text(result):
    """The text diff writes to a pipe for `result` when it is formulas alone (no point, no steps, a rule for
    each), or None (cli.differentiate.show_diff then writes it)."""
    derivatives = result.derivatives
    if result.at or any(d.formula is None or d.steps is not None or d.value is not None or d.autograd is not None
                        for d in derivatives):
        return None
    lines = [derivatives[0].formula] if len(derivatives) == 1 else [
        derivative_head(result, d) + " = " + d.formula for d in derivatives]
    return "".join(line + "\n" for line in lines) if all(_printable(line) for line in lines) else None


def _label(name):
    return name.ljust(LABEL_WIDTH)


def _labelled(name, text, columns):
    """`name` and a (multi-line) text aligned under its first line; a text too wide for that goes under the
    label whole, so no line of it wraps (render._print_labelled)."""
    if LABEL_WIDTH + width(text) <= columns:
        return _label(name) + text.replace("\n", "\n" + " " * LABEL_WIDTH)
    return name + "\n" + text


def _printable(text):
    """Printable ASCII and newlines: text Rich writes as it is (no tabs to expand, no wide characters)."""
    return text.isascii() and text.replace("\n", "").isprintable()


# Rich's box.HEAVY_HEAD with show_lines: a heavy header, light lines between the rows
_TOP, _HEAD, _HEAD_RULE, _ROW, _ROW_RULE, _BOTTOM = ("┏━┳┓", "┃ ┃┃", "┡━╇┩", "│ ││", "├─┼┤", "└─┴┘")


def box_table(headers, rows):
    """The table as Rich draws Table(show_lines=True) of no-wrap columns: each column as wide as its widest
    cell, one space of padding either side, a multi-line cell's row as tall as its tallest cell."""
    widths = [max(width(cell) for cell in column) for column in zip(headers, *rows)]

    def rule(edges):
        left, fill, cross, right = edges
        return left + cross.join(fill * (w + 2) for w in widths) + right

    def lines(cells, edges):
        left, _, cross, right = edges
        split = [cell.split("\n") for cell in cells]
        height = max(len(parts) for parts in split)
        return [left + cross.join(" " + (parts[i] if i < len(parts) else "").ljust(w) + " "
                                  for parts, w in zip(split, widths)) + right for i in range(height)]

    out = [rule(_TOP)] + lines(headers, _HEAD) + [rule(_HEAD_RULE)]
    for r, row in enumerate(rows):
        if r:
            out.append(rule(_ROW_RULE))
        out += lines(row, _ROW)
    out.append(rule(_BOTTOM))
    return "\n".join(out)
