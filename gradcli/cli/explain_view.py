"""The terminal's views of an explanation and of the graph: Rich on a terminal (colour: formulas yellow, values
green, sources cyan), the library's plain text otherwise. The pieces come from gradcli.explain.text and
gradcli.explain.graph_view; this module only lays them out."""

from rich.text import Text

from ..explain.text import formula_lines, incoming_text, leaf_sum, target_text, value_text
from .render import console


def show_explanation(explanation):
    """`eval --explain`: a tree of steps on a terminal; the plain text when piped."""
    out = console()
    if not out.is_terminal:
        out.file.write(explanation.text())
        out.file.flush()
        return
    from rich.tree import Tree
    for explained in explanation.passes:
        tree = Tree(Text(explained.title or "backward", style="bold"))
        for step in explained.steps:
            _add_step(tree, step.bind(), explained.sources)
        out.print(tree)


def _add_step(tree, step, sources):
    label = Text("[%d] " % step.number, style="dim") + Text(step.name, style="magenta")
    if step.source:
        label.append("  " + step.source, style="cyan")
    if step.value is not None and not step.is_leaf:
        label.append(" = ", style="dim")
        label.append(value_text(step.value), style="green")
    branch = tree.add(label)
    for number, grad in step.arrivals:
        branch.add(Text("from [%s]  " % number, style="dim") + Text(value_text(grad), style="green"))
    if step.is_leaf:
        note = "" if step.written else "   (not written to .grad)"
        branch.add(Text(leaf_sum(step), style="bold green") + Text(note, style="dim"))
        return
    branch.add(Text("grad = ", style="bold") + Text(incoming_text(step), style="green"))
    for name, (text, value) in step.saved.items():
        line = Text("%s = " % name, style="bold")
        if text and text != name:
            line.append(text + " = ", style="cyan")
        branch.add(line + Text(value_text(value), style="green"))
    for name, value in step.params.items():
        branch.add(Text("%s = %s" % (name, value_text(value)), style="dim"))
    for out in step.outgoing:
        first, *rest = formula_lines(out)
        rule = branch.add(Text(first, style="yellow"))
        for line in rest:
            rule.add(Text(line.strip(), style="yellow"))
        arrow = Text("→ ", style="bold") + Text(target_text(out.target, sources), style="cyan") + Text(": ")
        arrow.append(value_text(out.delivered), style="green")
        if out.summed:
            arrow.append("   (summed to its shape from %s)" % value_text(out.sent), style="dim")
        rule.add(arrow)



def write_pictures(result, dot, svg, depth, html=None):
    """--dot FILE (- for stdout), --svg FILE and --html FILE: the graph written out, labelled as the tree view
    labels it (the page with the backward pass's steps); a file that cannot be written is bad usage. Where
    Graphviz is missing, says how to render the DOT file."""
    from ..explain.graph_view import DEFAULT_DEPTH
    from .common import UsageError, stderr_write
    if dot is None and svg is None and html is None:
        return
    graph = result.graph()
    depth = DEFAULT_DEPTH if depth is None else None if depth == "all" else depth
    if dot == "-":
        from ..explain.graph_formats import to_dot
        console().file.write(to_dot(graph, depth=depth))
        dot = None
    try:
        if dot is not None:
            from ..explain.graph_formats import write_dot
            rendered, problem = write_dot(graph, dot, depth)
            if problem:
                stderr_write("gradcli: %s\n" % problem)
            elif rendered:
                stderr_write("wrote %s and %s\n" % (dot, rendered))
        if svg is not None:
            from ..explain.graph_svg import write_svg
            write_svg(graph, svg, depth)
            stderr_write("wrote %s\n" % svg)
        if html is not None:
            write_html(html, result.html_page(depth))
    except OSError as exc:
        raise UsageError("cannot write %s: %s" % (exc.filename or dot or svg or html, exc.strerror or exc)) from None


def write_html(path, text):
    """--html FILE: the page written (made by the library: Result.html_page, gradcli.app.api.script_page)."""
    from .common import stderr_write
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    stderr_write("wrote %s\n" % path)
