"""Rich views for the terminal. The tensor text comes from gradcli.core.printing (repr), the graph from
gradcli.explain.graph_view; this module only lays them out.

Output that is not a terminal, or with NO_COLOR set, carries no ANSI codes: Rich's Console decides.
"""

import contextlib
import os

from rich.console import Console
from rich.text import Text

_console = None


def console():
    global _console
    if _console is None:
        # NO_COLOR (no-color.org): no ANSI codes at all, not even bold, even on a terminal
        plain = bool(os.environ.get("NO_COLOR"))
        _console = Console(highlight=False, soft_wrap=True, emoji=False,
                           color_system=None if plain else "auto")
    return _console


def show_result(result, graph=None, line=None, graph_depth=None):
    """The eval view: expression, value, grad_fn and dtype (once, when the value and the inputs share it), a table
    of the inputs with each one's value beside its gradient, then the tensors too wide for the table (as torch
    prints them, whole), then the graph if given (down to `graph_depth` levels: see graph_tree)."""
    out = console()
    if line is not None:
        out.print(Text("line %d" % line, style="dim"))
    dtype = _common_dtype(result)
    out.print(_label("expression") + Text(result.expression, style="cyan"))
    _print_labelled(out, "value", _value_text(result.value, dtype is None), "green")
    out.print(_label("grad_fn") + Text(result.grad_fn or "None", style="magenta"))
    if dtype is not None:
        out.print(_label("dtype") + Text(str(dtype)))
    not_tensor = result.no_backward if result.inputs and not _is_tensor(result.value) else None
    if not_tensor is not None:  # tuples, return types, sizes: backward needs one tensor
        out.print(_label("gradient") + Text("not computed: %s" % not_tensor, style="yellow"))
    if result.inputs:  # no gradients at all: a tuple's, or a backward that failed (shown after this)
        table, below = inputs_table(result, out.width, with_dtype=dtype is None,
                                    gradients=not_tensor is None and bool(result.grads))
        out.print(table)
        for name, text in below:
            out.print(Text(name + " =", style="bold cyan"))
            out.print(Text(text))
    if result.jvp is not None:
        along = ", ".join("%s=%s" % (name, repr(t).replace("\n", " ")) for name, t in result.tangent.items())
        _print_labelled(out, "jvp", _value_text(result.jvp, dtype is None), "green")
        out.print(Text("  along     ", style="dim") + Text(along, style="dim"))
    if graph is not None:
        out.print(graph_tree(graph, depth=graph_depth))
    if line is not None:
        out.print()


_LABEL_WIDTH = 12


def _label(name):
    return Text(name.ljust(_LABEL_WIDTH), style="bold")


def _print_labelled(out, name, text, style):
    """`name` and a (multi-line) text aligned under its first line; a text too wide for that goes under the
    label whole, so no line of it wraps."""
    if _LABEL_WIDTH + _width(text) <= out.width:
        out.print(_label(name) + Text(text.replace("\n", "\n" + " " * _LABEL_WIDTH), style=style))
    else:
        out.print(Text(name, style="bold"))
        out.print(Text(text, style=style))


def _indented(text, width, style):
    """A multi-line repr aligned under its first line."""
    return Text(text.replace("\n", "\n" + " " * width), style=style)


def _width(text):
    return max(len(line) for line in text.split("\n"))


def _common_dtype(result):
    """The one dtype of the value (if a tensor) and every input, or None when they differ."""
    from ..core.tensor import Tensor
    found = {leaf.dtype for leaf in result.inputs.values()}
    if isinstance(result.value, Tensor):
        found.add(result.value.dtype)
    return found.pop() if len(found) == 1 else None


def _is_tensor(value):
    from ..core.tensor import Tensor
    return isinstance(value, Tensor)


def _value_text(value, dtype=True):
    """A value as torch prints it; a tensor without its dtype= suffix unless `dtype` (the view states it)."""
    from ..core.printing import tensor_repr
    from ..core.tensor import Tensor
    return tensor_repr(value, dtype) if isinstance(value, Tensor) else repr(value)


_BELOW = "(below)"
_INDEPENDENT = "None (the value does not depend on it)"


def inputs_table(result, width=80, with_dtype=False, gradients=True):
    """The inputs: name, shape (dtype when they differ), value and (unless not `gradients`) gradient, within
    `width` columns. The value and gradient of an input too wide to fit come back in `below` as (label, text) —
    `x`, `x.grad` — for printing under the table, whole; their cells say (below). Returns (table, below)."""
    from rich.table import Table
    gradient = "gradient" if result.order == 1 else "derivative of order %d" % result.order
    headers = ["input", "shape"] + (["dtype"] if with_dtype else []) + ["value"] + ([gradient] if gradients
                                                                                  else [])
    tensors = len(headers) - (3 if with_dtype else 2)  # the columns of tensors: value, gradient
    rows, wide = [], []  # wide: the tensors' texts per row
    for name, leaf in result.inputs.items():
        grad = result.grads.get(name)
        rows.append([name, str(list(leaf.shape))] + ([str(leaf.dtype)] if with_dtype else []))
        wide.append([_value_text(leaf.detach(), False)] + ([
            _value_text(grad, False) if grad is not None else _INDEPENDENT]
            if gradients else []))
    fixed = sum(max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(headers[:-tensors]))
    below = set()

    def column(c):
        return max([len(headers[c - tensors])] + [len(_BELOW) if (r, c) in below else _width(texts[c])
                                                  for r, texts in enumerate(wide)])
    # the row with the widest tensor goes below the table, its value and its gradient together, until it fits
    while fixed + sum(column(c) for c in range(tensors)) + 3 * len(headers) + 1 > width:
        widest = max(((max(_width(t) for t in texts), r) for r, texts in enumerate(wide)
                      if (r, 0) not in below), default=None)
        if widest is None or widest[0] <= len(_BELOW):
            break
        below.update((widest[1], c) for c in range(tensors) if wide[widest[1]][c] != _INDEPENDENT)
    table = Table(show_lines=True)
    for header in headers:
        table.add_column(header, no_wrap=True)
    for r, (row, texts) in enumerate(zip(rows, wide)):
        cells = [Text(row[0], style="bold cyan")] + row[1:]
        cells += [Text(_BELOW, style="dim") if (r, c) in below else Text(texts[c]) for c in range(tensors)]
        table.add_row(*cells)
    labels = [(name, name + ".grad") for name in result.inputs]
    return table, [(labels[r][c], wide[r][c]) for r, c in sorted(below)]


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
    from ..core.printing import OPTIONS
    if digits is None:
        yield
        return
    kept, OPTIONS.precision = OPTIONS.precision, digits
    try:
        yield
    finally:
        OPTIONS.precision = kept


def graph_tree(graph, title="backward graph", depth=None, hint="--graph-depth all shows them"):
    """The BackwardGraph as tree lines under `title`: each node with its source, value and gradient when known;
    a node reached again along another path is marked, not expanded; below `depth` levels (None: the default,
    graph_view.DEFAULT_DEPTH; "all": every level) one line per elided subtree says how many nodes it holds and
    `hint`."""
    from rich.console import Group
    from ..explain.graph_view import DEFAULT_DEPTH
    depth = DEFAULT_DEPTH if depth is None else None if depth == "all" else depth
    return Group(Text(title, style="bold"), *graph_lines(graph, depth, hint))


def graph_lines(graph, depth, hint):
    """The graph's tree lines (Rich Text), linear in its size however deep (graph_view.BackwardGraph.rows)."""
    from ..explain.graph_view import INDENT
    if graph.root is None:
        return [Text("└── no grad_fn: the value is a leaf or does not require grad", style="dim")]
    lines = []
    for row in graph.rows(depth):
        line = Text(row.prefix(), style="dim")
        node = row.node
        if node is None:
            line.append("… %d more node%s below (%s)" % (row.hidden, "" if row.hidden == 1 else "s", hint),
                        style="yellow")
        else:
            line.append_text(_node_label(node))
            if row.depth > INDENT:
                line.append("  (depth %d)" % row.depth, style="dim")
            if not row.first:
                line.append("  (shared, shown above)", style="dim")
            else:
                for kind, text in node.facts():
                    line.append("  %s " % kind, style="dim")
                    line.append(text, style=_FACT_STYLES[kind])
        lines.append(line)
    return lines


_FACT_STYLES = {"source": "cyan", "value": "green", "grad": "bold green"}


def _node_label(node):
    if not node.is_leaf:
        return Text(node.name, style="magenta")
    label = Text("AccumulateGrad", style="green")
    if node.variable:
        label.append("  " + node.variable, style="bold cyan")
    label.append("  [%s] %s" % (", ".join(str(n) for n in node.shape), node.dtype), style="dim")
    return label


def blocks(result):
    """A Jacobian's or Hessian's blocks (calculus.Blocks): a table naming them on a terminal, plain text otherwise
    (a heading per block, then the tensor as torch prints it)."""
    out = console()
    names = [_block_name(result, of, wrt) for (of, wrt), _ in result.blocks]
    if not out.is_terminal:
        out.print("\n\n".join("%s  %s\n%r" % (name, list(t.shape), t) for name, ((_, _), t) in
                                zip(names, result.blocks)))
        return
    from rich.table import Table
    table = Table(show_lines=True, title="%s of %s" % (result.kind, result.expression))
    for column in ("block", "shape", "value"):
        table.add_column(column)
    for name, (_, t) in zip(names, result.blocks):
        table.add_row(Text(name, style="bold cyan"), str(list(t.shape)), Text(repr(t)))
    out.print(table)


def _block_name(result, of, wrt):
    if result.kind == "jacobian":
        return "d(%s)/d%s" % (of, wrt)
    return "d2(%s)/d%s d%s" % (result.expression, of, wrt)


def gradcheck_report(result):
    """`gradcli check`: the verdict, then per (output, input) the verdict, the largest differences and where,
    and both Jacobians as torch prints them."""
    out = console()
    kind = "gradcheck" if result.order == 1 else "gradgradcheck"
    head = Text("%s of %s (eps %g, atol %g, rtol %g): " % (kind, result.expression, result.eps, result.atol,
                                                          result.rtol), style="bold")
    out.print(head + _verdict(result.passed))
    several = len({c.output_index for c in result.comparisons}) > 1
    for c in result.comparisons:
        name = result.names[c.input_index]
        line = Text("%s%s: " % (name, " -> output %d" % c.output_index if several else ""), style="bold cyan")
        line.append_text(_verdict(c.close))
        line.append("  largest difference %.3g%s, relative %.3g%s" % (
            c.max_abs, _position(result, c, c.max_abs_at, name), c.max_rel, _position(result, c, c.max_rel_at, name)))
        out.print(line)
        for label, jacobian in (("analytical", c.analytical), ("numerical", c.numerical)):
            out.print(Text("  %-12s" % (label + ":"), style="bold") + _indented(repr(jacobian), 14, "green"))


def _verdict(passed):
    return Text("passed", style="green") if passed else Text("FAILED", style="bold red")


def _position(result, c, at, name):
    where_in, where_out = result.where(c, at)
    if where_in is None:
        return ""
    text = " at %s%s" % (name, where_in if where_in else "")
    return text + (", output element %s" % where_out if where_out else "")


def variables_table(rows):
    """The REPL's :vars view from Session.describe_variables()."""
    from rich.table import Table
    table = Table()
    for column in ("name", "shape", "dtype", "requires_grad", "grad_fn", ".grad"):
        table.add_column(column)
    for name, shape, dtype, requires_grad, grad_fn, grad in rows:
        table.add_row(Text(name, style="bold cyan"), "" if shape is None else str(shape), dtype,
                      "" if requires_grad is None else str(requires_grad), grad_fn or "", grad or "")
    return table
