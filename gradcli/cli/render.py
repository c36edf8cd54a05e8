"""Rich views for the terminal. The tensor text comes from gradcli.printing (repr), the graph from
gradcli.graph_view; this module only lays them out.

Output that is not a terminal, or with NO_COLOR set, carries no ANSI codes: Rich's Console decides.
"""

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
    """The eval view: expression, value, grad_fn, a table of gradients per input, and the graph if given (down to
    `graph_depth` levels: see graph_tree)."""
    out = console()
    if line is not None:
        out.print(Text("line %d" % line, style="dim"))
    out.print(Text("expression  ", style="bold") + Text(result.expression, style="cyan"))
    out.print(Text("value       ", style="bold") + _indented(repr(result.value), 12, "green"))
    out.print(Text("grad_fn     ", style="bold") + Text(result.grad_fn or "None", style="magenta"))
    if result.grads:
        out.print(gradient_table(result))
    if result.jvp is not None:
        along = ", ".join("%s=%s" % (name, repr(t).replace("\n", " ")) for name, t in result.tangent.items())
        out.print(Text("jvp         ", style="bold") + _indented(repr(result.jvp), 12, "green"))
        out.print(Text("  along     ", style="dim") + Text(along, style="dim"))
    if graph is not None:
        out.print(graph_tree(graph, depth=graph_depth))
    if line is not None:
        out.print()


def _indented(text, width, style):
    """A multi-line repr aligned under its first line."""
    return Text(text.replace("\n", "\n" + " " * width), style=style)


def gradient_table(result):
    from rich.table import Table
    table = Table(show_lines=True)
    for column in ("input", "shape", "dtype", "gradient" if result.order == 1 else "derivative of order %d" % result.order):
        table.add_column(column)
    for name, grad in result.grads.items():
        leaf = result.inputs[name]
        text = repr(grad) if grad is not None else "None (the value does not depend on it)"
        table.add_row(Text(name, style="bold cyan"), str(list(leaf.shape)), str(leaf.dtype), Text(text))
    return table


def graph_tree(graph, title="backward graph", depth=None, hint="--graph-depth all shows them"):
    """The BackwardGraph as tree lines under `title`: each node with its source, value and gradient when known;
    a node reached again along another path is marked, not expanded; below `depth` levels (None: the default,
    graph_view.DEFAULT_DEPTH; "all": every level) one line per elided subtree says how many nodes it holds and
    `hint`."""
    from rich.console import Group
    from ..graph_view import DEFAULT_DEPTH
    depth = DEFAULT_DEPTH if depth is None else None if depth == "all" else depth
    return Group(Text(title, style="bold"), *graph_lines(graph, depth, hint))


def graph_lines(graph, depth, hint):
    """The graph's tree lines (Rich Text), linear in its size however deep (graph_view.BackwardGraph.rows)."""
    from ..graph_view import INDENT
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
    for column in ("name", "shape", "dtype", "requires_grad", "grad_fn"):
        table.add_column(column)
    for name, shape, dtype, requires_grad, grad_fn in rows:
        table.add_row(Text(name, style="bold cyan"), "" if shape is None else str(shape), dtype,
                      "" if requires_grad is None else str(requires_grad), grad_fn or "")
    return table
