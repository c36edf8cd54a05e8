"""The eval command: options, a docstring and a call into gradcli.app.api.evaluate; cli.render lays the results out.
cli.app registers COMMANDS (name -> function).

Every outcome goes to stdout in the form asked for — the view, `--values` (numbers only) or `--json` (one
object per expression, an error included) — and every error to stderr too, with its position and a hint where
one helps (the --at a free name needs, the --weight a non-scalar result needs)."""

import re
import sys
from typing import List, Optional

import typer

from .common import Failed, UsageError, bad_value, check_dtype, parse_at, positive, read_text, report, write_json


def eval_command(
    expressions: List[str] = typer.Argument(
        None, show_default=False, metavar="EXPR",
        help="Expressions, e.g. \"mean(3*(x+2)^2)\" or \"-x^2\" (a leading minus needs no --); several are a "
             "batch."),
    at: List[str] = typer.Option(
        [], "--at", "-a", metavar="NAME=VALUE", show_default=False,
        help="Inputs: leaves that require grad, e.g. --at x=2 --at \"w=randn(3,4)\", or several at once: "
             "--at x=1,y=2."),
    weight: Optional[str] = typer.Option(
        None, "--weight", "-w", metavar="VALUE",
        help="The gradient backward starts from, for a non-scalar result, e.g. --weight ones (ones of the "
             "result's shape) or --weight \"tensor([1.,0.])\"."),
    dtype: str = typer.Option(
        "float32", "--dtype", metavar="DTYPE", callback=check_dtype,
        help="The default dtype inputs are made in (torch.set_default_dtype), e.g. --dtype float64 (or double); "
             "a floating tensor given with --at keeps its own."),
    seed: Optional[str] = typer.Option(
        None, "--seed", metavar="N",
        help="torch.manual_seed(N) before the inputs are made, e.g. --seed 0 --at \"x=randn(3)\"."),
    order: str = typer.Option(
        "1", "--order", metavar="N",
        help="The N-th derivatives: autograd.grad with create_graph=True, then N-1 times autograd.grad of the sum "
             "of the result (elementwise for an elementwise EXPR), e.g. gradcli eval \"x^3\" --at x=2 --order 2."),
    tangent: List[str] = typer.Option(
        [], "--tangent", "-t", metavar="NAME=VALUE", show_default=False,
        help="A direction for the value's derivative along it (the JVP, torch.autograd.functional.jvp); inputs "
             "left out move by 0, e.g. --tangent \"x=ones(2)\"."),
    retain_graph: bool = typer.Option(
        False, "--retain-graph", help="Keep the graph's saved values (retain_graph=True), e.g. for --explain "
                                      "of an expression that calls backward itself."),
    file: Optional[str] = typer.Option(
        None, "--file", "-f", metavar="FILE",
        help="A batch: each line of FILE (- for stdin), blank and # lines skipped, e.g. -f exprs.txt."),
    values: bool = typer.Option(
        False, "--values", "-q",
        help="Print only the gradients' values, one input per line, elements separated by spaces, at full "
             "precision, e.g. gradcli -q \"x^2\" --at x=3  (prints 6.0)."),
    precision: Optional[str] = typer.Option(
        None, "--precision", "-p", metavar="N",
        help="Digits after the point in the tensors shown (torch.set_printoptions(precision=N)), e.g. "
             "--precision 8."),
    json_output: bool = typer.Option(
        False, "--json", help="One JSON object per expression and nothing else (schema in docs/cli.md), e.g. "
                              "gradcli eval \"x*y\" --at x=2,y=3 --json | jq .grads."),
    graph: bool = typer.Option(
        False, "--graph", help="Add the backward graph as a tree, each node with its source text, value and "
                               "gradient, e.g. gradcli eval \"x*x+y\" --at x=2,y=1 --graph."),
    graph_depth: Optional[str] = typer.Option(
        None, "--graph-depth", metavar="N|all",
        help="How many levels the graph views show (default 25; deeper nodes are counted on one line), e.g. "
             "--graph-depth all."),
    dot: Optional[str] = typer.Option(
        None, "--dot", metavar="FILE",
        help="Write the backward graph as Graphviz DOT, e.g. --dot g.dot (also g.dot.svg when Graphviz's dot "
             "is installed), or --dot - | dot -Tpng > g.png."),
    svg: Optional[str] = typer.Option(
        None, "--svg", metavar="FILE", help="Draw the backward graph as an SVG picture, no Graphviz needed, e.g. "
                                            "--svg graph.svg."),
    html: Optional[str] = typer.Option(
        None, "--html", metavar="FILE",
        help="Write a self-contained page (offline) that steps through backward on the graph: each node's "
             "formula with its values, the gradient in and out, each leaf's sum, e.g. --html backward.html."),
    explain: bool = typer.Option(
        False, "--explain", "-e",
        help="Show the backward pass step by step: each node's formula (derivatives.yaml spelling) with its "
             "values, the gradient in and out, each leaf's sum, e.g. gradcli eval \"x^2\" --at x=3 -e."),
):
    """Evaluate an expression, run backward, and show the value, its grad_fn, and each input's value beside its
    gradient.

    [bold]Examples:[/bold]

      gradcli eval "mean(3*(x+2)^2)" --at "x=ones(2,2)"

      gradcli eval "x*y" --at x=2,y=3 --graph

      gradcli eval "x^2" --at "x=tensor([1.,2.])" --weight ones --json

      gradcli -q "sin(x)" --at x=1                       (just the gradient)

      gradcli eval "-x^2" --at "x=randn(4,6)" --seed 0 --weight ones

      gradcli eval --file exprs.txt --at x=3.          (one result per line)

      gradcli eval "mean(3*(x+2)^2)" --at "x=ones(2,2)" --explain

      gradcli eval "sum(x*y)" --at x=2. --at "y=ones(3)" --graph --svg graph.svg

      gradcli eval "mean(3*(x+2)^2)" --at "x=ones(2,2)" --html backward.html

      gradcli eval "x^3*y" --at x=2. --at y=1. --order 2     (d2/dx2, d2/dy2)

      gradcli eval "x*y" --at "x=ones(2)" --at y=3. --tangent "x=ones(2)"

    """
    from ..app import api
    from ..base.errors import GradcliError
    inputs, directions = parse_at(at), parse_at(tangent, "--tangent")
    order = positive(order)
    expressions = list(expressions or ())
    if file is None and not expressions:
        raise UsageError("eval needs an expression or --file FILE (see gradcli eval --help)")
    if file is not None and expressions:
        raise UsageError("give expressions or --file, not both")
    if (dot is not None or svg is not None or html is not None) and (file is not None or len(expressions) > 1):
        raise UsageError("--dot, --svg and --html take a single expression")
    if values and (json_output or graph or explain or dot == "-"):
        raise UsageError("--values prints the gradients alone: it goes with no --json, --graph, --explain or "
                          "--dot -")
    depth = _graph_depth(graph_depth)
    digits = _integer(precision, "--precision", least=0)
    seed = _integer(seed, "--seed")
    form = None if dot == "-" else "json" if json_output else "values" if values else "view"
    options = dict(graph=graph, explain=explain, depth=depth, inputs=inputs)
    explaining = explain or graph or dot is not None or svg is not None or html is not None  # (what they show)
    from .plain import print_precision
    with print_precision(digits):
        if file is None and len(expressions) == 1:
            try:
                result = api.evaluate(expressions[0], inputs, weight=weight, retain_graph=retain_graph,
                                      dtype=dtype, explain=explaining, order=order, tangent=directions, seed=seed)
            except GradcliError as error:
                raise failure(error, form, options) from None
            _show(result, form, options)
            from .explain_view import write_pictures
            write_pictures(result, dot, svg, depth, html)
            return
        lines, filename = (read_text(file).splitlines(), "<stdin>" if file == "-" else file) if file is not None \
            else (expressions, "<expressions>")
        failed = 0  # (a bad --at value raises: then nothing can be evaluated)
        for number, outcome in api.evaluate_lines(lines, inputs, weight=weight, retain_graph=retain_graph,
                                                  dtype=dtype, filename=filename, explain=explaining, order=order,
                                                  tangent=directions, seed=seed):
            if isinstance(outcome, GradcliError):
                failed += 1
                report(failure(outcome, form, options, line=number))  # and the next line is evaluated
            else:
                _show(outcome, form, options, line=number)
    if failed:
        raise Failed()  # (each line's error is reported above)


def _show(result, form, options, line=None):
    """One result in the form asked for: the view (with the graph and the explanation when asked), the
    gradients' values alone, or a JSON object."""
    if form == "json":
        data = result.to_dict()
        if line is not None:
            data["line"] = line
        if options["graph"]:
            from ..explain.graph_formats import json_data
            data["graph"] = json_data(result.graph())
        if options["explain"]:
            data["explain"] = result.explain().to_list()
        write_json(data)
    elif form == "values":
        from .plain import gradient_values
        sys.stdout.write(gradient_values(result))
    elif form == "view":
        from . import render
        render.show_result(result, graph=result.graph() if options["graph"] else None, line=line,
                           graph_depth=options["depth"])
        if options["explain"]:
            from .explain_view import show_explanation
            show_explanation(result.explain())
            from ..app.calculus import steps_command
            command = steps_command(result.expression, [n for n, g in result.grads.items() if g is not None])
            if command is not None:
                sys.stdout.write("the derivative as a formula, rule by rule: %s\n" % command)


def failure(error, form, options, line=None):
    """An expression that failed (eval, here and in cli.launch): the value first when only its backward failed
    (a non-scalar result without --weight); with --json, an object with an `error` on stdout. Returns the error
    with a hint, for stderr."""
    error = with_hint(error, options["inputs"])
    partial = getattr(error, "result", None)
    if form == "json":
        data = partial.to_dict() if partial is not None else {"expression": _expression_of(error)}
        if line is not None:
            data["line"] = line
        position = error.position
        data["error"] = {"kind": error.kind, "message": str(error).partition(": ")[2] if error.kind else str(error),
                         "line": position.line if position else None,
                         "column": position.column if position else None}
        write_json(data)
    elif form == "view" and partial is not None:
        from . import render
        render.show_result(partial, line=line)
    return error


def _expression_of(error):
    position = error.position
    return position.source_line().strip() if position is not None else None


_UNDEFINED = re.compile(r"name '(\w+)' is not defined")


def with_hint(error, inputs):
    """The error with what to do next: the --weight a non-scalar result needs (its real shape), the --at a free
    name of the expression needs (unless Python's 'Did you mean' has a better guess)."""
    from ..base.errors import IMPLICIT_GRAD_SCALAR
    partial = getattr(error, "result", None)
    if error.message == IMPLICIT_GRAD_SCALAR and partial is not None:
        shape = ", ".join(str(n) for n in partial.value.shape)
        error.message += " (give the output's gradient with --weight: --weight ones, or e.g. --weight \"ones(%s)\")" \
            % shape
    undefined = _UNDEFINED.fullmatch(error.message)
    if error.kind == "NameError" and undefined and error.suggestion is None and undefined.group(1) not in inputs \
            and _an_input(error.position):
        error.message += "; give it with --at %s=VALUE" % undefined.group(1)
    return error


def _an_input(position):
    """Whether the undefined name at `position` could be an input: in the expression (not in an --at or
    --weight value) and not called."""
    if position is None or position.filename.startswith("--") or not position.end_column:
        return False
    return not position.source_line()[position.end_column - 1:].lstrip().startswith("(")


def _integer(text, option, least=None):
    """An option's value as an integer (at least `least`), or None when not given; bad usage otherwise."""
    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or least is not None and value < least:
        raise bad_value(option, "an integer" if least is None else "a non-negative integer", text)
    return value


def _graph_depth(text):
    """--graph-depth: a positive number of levels, or "all"; None when not given."""
    if text is None or text == "all":
        return text
    return positive(text, "--graph-depth")


COMMANDS = {"eval": eval_command}
