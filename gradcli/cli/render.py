"""Rich views for the terminal. The tensor text comes from gradcli.core.printing (repr), the graph from
gradcli.explain.graph_view; this module only lays them out.

Output that is not a terminal, or with NO_COLOR set, carries no ANSI codes: Rich's Console decides.
"""

import os

from rich.console import Console
from rich.text import Text

from .plain import BELOW, LABEL_WIDTH as _LABEL_WIDTH, InputsLayout, common_dtype as _common_dtype
from .plain import is_tensor as _is_tensor, value_text as _value_text, width as _width

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


def inputs_table(result, width=80, with_dtype=False, gradients=True):
    """The inputs as a Rich table within `width` columns (plain.InputsLayout: the cells, and the tensors too wide
    for it, which come back in `below` as (label, text) pairs for printing under the table, whole)."""
    from rich.table import Table
    layout = InputsLayout(result, width, with_dtype, gradients)
    table = Table(show_lines=True)
    for header in layout.headers:
        table.add_column(header, no_wrap=True)
    for row in layout.rows:
        cells = [Text(row[0], style="bold cyan")] + row[1:layout.tensor_columns.start]
        cells += [Text(row[c], style="dim") if row[c] == BELOW else Text(row[c]) for c in layout.tensor_columns]
        table.add_row(*cells)
    return table, layout.below


def graph_tree(graph, title="backward graph", depth=None, hint="--graph-depth all shows them"):
    """The BackwardGraph as tree lines under `title`: each node with its source, value and gradient when known;
    a node reached again along another path is marked, not expanded; below `depth` levels (None: the default,
    graph_view.DEFAULT_DEPTH; "all": every level) one line per elided subtree says how many nodes it holds and
    `hint`."""
    from rich.console import Group
    from ..explain.graph_view import DEFAULT_DEPTH
    depth = DEFAULT_DEPTH if depth is None else None if depth == "all" else depth
    return Group(Text(title, style="bold"), *graph_lines(graph, depth, hint))


def graph_lines(graph, depth, hint, width=None):
    """The graph's tree lines (Rich Text), linear in its size however deep (graph_view.BackwardGraph.rows); a
    node's facts that do not fit `width` (the console's) go on lines of their own below its label, under the
    tree's guides."""
    from ..explain.graph_view import INDENT
    if graph.root is None:
        return [Text("└── no grad_fn: the value is a leaf or does not require grad", style="dim")]
    width = width or console().width
    rows = list(graph.rows(depth))
    lines = []
    for i, row in enumerate(rows):
        node = row.node
        if node is None:
            parts = [Text("… %d more node%s below (%s)" % (row.hidden, "" if row.hidden == 1 else "s", hint),
                          style="yellow")]
        else:
            parts = [_node_label(node)]
            if row.depth > INDENT:
                parts[0].append("  (depth %d)" % row.depth, style="dim")
            if not row.first:
                parts[0].append("  (shared, shown above)", style="dim")
            else:
                for kind, text in node.facts():
                    parts.append(Text(kind + " ", style="dim") + Text(text, style=_FACT_STYLES[kind]))
        below = i + 1 < len(rows) and len(rows[i + 1].guides) > len(row.guides)  # its children follow
        lines.extend(_laid_out(row.prefix(), row.continuation(below), parts, width))
    return lines


def _laid_out(prefix, continuation, parts, width, gap="  "):
    """`parts` after `prefix`, `gap` apart, as many on a line as fit `width`; the others on lines that start
    with `continuation`; a part wider than a line of its own wrapped at its spaces."""
    lines = [Text(prefix, style="dim")]
    if len(continuation) + 20 > width:  # (guides past the width already: a deep graph's, 24 levels drawn)
        width = float("inf")
    for part in parts:
        line = lines[-1]
        if line.cell_len > len(prefix) or len(lines) > 1 and line.cell_len > len(continuation):
            if line.cell_len + len(gap) + part.cell_len <= width:
                line.append(gap)
                line.append_text(part)
                continue
            lines.append(Text(continuation, style="dim"))
            line = lines[-1]
        room = max(width - line.cell_len, 20)
        pieces = part.wrap(console(), room) if part.cell_len > room else [part]
        for n, piece in enumerate(pieces):
            if n:
                lines.append(Text(continuation, style="dim"))
            if len(pieces) > 1:
                piece.rstrip()  # (the space it was wrapped at)
            lines[-1].append_text(piece)
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
    for line in _laid_out("", "  ", [head + _verdict(result.passed)], out.width):
        out.print(line)
    several = len({c.output_index for c in result.comparisons}) > 1
    for c in result.comparisons:
        name = result.names[c.input_index]
        verdict = Text("%s%s: " % (name, " -> output %d" % c.output_index if several else ""), style="bold cyan")
        verdict.append_text(_verdict(c.close))
        verdict.append(" ")  # (two spaces after it, as the gap is one)
        parts = [verdict, Text("largest difference %.3g%s," % (c.max_abs, _position(result, c, c.max_abs_at, name))),
                 Text("relative %.3g%s" % (c.max_rel, _position(result, c, c.max_rel_at, name)))]
        for line in _laid_out("", "  ", parts, out.width, gap=" "):
            out.print(line)
        for label, jacobian in (("analytical", c.analytical), ("numerical", c.numerical)):
            label, text = Text("  %-12s" % (label + ":"), style="bold"), repr(jacobian)
            if 14 + _width(text) <= out.width:
                out.print(label + _indented(text, 14, "green"))
            else:  # too wide beside its label: below it, as far in as it fits
                indent = 4 if 4 + _width(text) <= out.width else 0
                label.rstrip()
                out.print(label)
                out.print(Text(" " * indent) + _indented(text, indent, "green"))


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
