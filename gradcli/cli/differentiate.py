"""The derivative commands: diff, jacobian, hessian, check, plot. Each is options, a docstring and a call into gradcli.app.calculus; cli.app registers
COMMANDS (name -> function)."""

from typing import List, Optional

import typer

from .common import Failed, bad_value, check_dtype, parse_at, positive, stderr_write, write_json
from .plain import derivative_head


def diff_command(
    expression: str = typer.Argument(..., metavar="EXPR", help="An expression, e.g. \"x^2*sin(x)\"."),
    wrt: Optional[List[str]] = typer.Argument(None, metavar="[WRT]...", show_default=False,
                                              help="Names to differentiate with respect to (default: every "
                                                   "input), e.g. gradcli diff \"x*y^2\" y."),
    at: List[str] = typer.Option([], "--at", "-a", metavar="NAME=VALUE", show_default=False,
                                 help="A point: evaluate the derivative there and beside it autograd's, e.g. "
                                      "--at x=0.5."),
    order: str = typer.Option("1", "--order", metavar="N", help="Differentiate N times, e.g. --order 2."),
    dtype: str = typer.Option("float64", "--dtype", metavar="DTYPE", callback=check_dtype,
                              help="The dtype of the values at the point, e.g. --dtype float32."),
    json_output: bool = typer.Option(False, "--json",
                                     help="Print one JSON object only, e.g. gradcli diff \"x^2\" --at x=3 --json."),
    latex: bool = typer.Option(False, "--latex",
                               help="Print the derivatives in LaTeX, e.g. gradcli diff \"exp(-x^2)\" --latex."),
    steps: bool = typer.Option(False, "--steps",
                               help="Derive it rule by rule, each line an equation, e.g. gradcli diff "
                                    "\"x^2*sin(x)\" x --steps."),
):
    """The derivative as a formula, simplified, composed from the same gradient formulas autograd runs.

    Inputs are the free names; pi and e are the constants unless given as inputs; ln is log.

    A non-scalar expression's derivative is that of the sum of its elements (inputs are tensors of one shape).

    Subgradients are torch's, and the formula says so: relu'(0) = 0, abs'(0) = 0, clamp passes its bounds.

    --order N: the derivative of the sum of the previous one, as torch's repeated autograd.grad(create_graph).

    --at: the formula's value beside autograd's; if they disagree, the exit status is 1.

    --steps: the derivation as a calculus book shows it (product, quotient and chain rule, each function's
    derivative from the op table's formula, torch's subgradients named), then the simplification.

    An operation with no symbolic rule (matmul, indexing, ...) is named; with --at, autograd's value instead.

    [bold]Examples:[/bold]

      gradcli diff "x^2*sin(x)" x                   (x^2*cos(x) + 2*x*sin(x))

      gradcli diff "-x^2*y" --order 2

      gradcli diff "relu(x)" --at "x=tensor([-1., 0., 2.])"

      gradcli diff "mean(3*(x+2)^2)" --at "x=ones(2,2)" --json

      gradcli diff "exp(-x^2/2)/sqrt(2*pi)" --latex

      gradcli diff "x^2*sin(x)" x --steps

    """
    from ..app import calculus
    show_diff(calculus.diff(expression, wrt or None, parse_at(at), positive(order), dtype, steps=steps), json_output,
              latex)


def show_diff(result, json_output=False, latex=False):
    """diff's output (here and in cli.launch): a note for each derivative with no symbolic rule, then the
    formulas (as JSON with --json); Failed where the formula and autograd disagree at the point."""
    for d in result.derivatives:
        if d.no_rule is not None:
            stderr_write("gradcli: no symbolic rule for %s; autograd's derivative at the point instead\n"
                          % d.no_rule)
            break
    if json_output:
        write_json(result.to_dict())
    else:
        _show(result, latex)
    if result.agree is False:
        raise Failed("the formula and autograd disagree at the point (shown above); where both are defined they "
                     "must agree")


def _show(result, latex):
    """One line per derivative (just the formula for a single one without --at), then the values."""
    from rich.text import Text
    from .render import console
    out = console()
    bare = len(result.derivatives) == 1 and not result.at
    for d in result.derivatives:
        formula = d.latex if latex else d.formula
        if d.steps is not None:
            _show_steps(out, d, latex)
        if bare:
            out.print(Text(formula, style="green"))
            continue
        line = Text(derivative_head(result, d) + " = ", style="bold")
        line.append(formula if formula is not None else "(no symbolic rule for %s)" % d.no_rule,
                    style="green" if formula is not None else "yellow")
        out.print(line)
        if d.value is not None:
            out.print(_labelled("at the point", repr(d.value), "cyan"))
        if d.autograd is not None:
            style = "red" if d.agree is False else "cyan"
            out.print(_labelled("autograd", repr(d.autograd), style))
            if d.agree is False and not d.autograd.isfinite().all().item():
                out.print(Text("  (autograd's value is not finite: the expression is not defined there)",
                               style="dim"))


def _show_steps(out, d, latex):
    """The derivation, one equation a line with its rule beneath; LaTeX lines with --latex."""
    from rich.text import Text
    for number, step in enumerate(d.steps, 1):
        shown = step.to_dict()
        line = Text("(%d) " % number, style="dim")
        line.append(shown["latex"] if latex else "%s = %s" % (shown["lhs"], shown["rhs"]))
        out.print(line)
        out.print(Text("      " + step.rule, style="dim"))


def _labelled(label, text, style):
    from rich.text import Text
    head = "  %-14s" % (label + ":")
    return Text(head, style="bold") + Text(text.replace("\n", "\n" + " " * len(head)), style=style)


def _at_option(help="An input and its value, e.g. --at x=2 or --at \"w=ones(2,2)\"; the order of the inputs is "
                    "theirs."):
    return typer.Option([], "--at", "-a", metavar="NAME=VALUE", show_default=False, help=help)


_DTYPE = typer.Option("float32", "--dtype", metavar="DTYPE", callback=check_dtype,
                      help="The inputs' dtype, e.g. --dtype float64 (or double).")
_JSON = typer.Option(False, "--json", help="Print one JSON object only, e.g. ... --json | jq .")


def jacobian_command(
    expression: str = typer.Argument(..., metavar="EXPR", help="An expression of the inputs."),
    at: List[str] = _at_option(),
    dtype: str = _DTYPE,
    json_output: bool = _JSON,
):
    """The Jacobian of EXPR at a point: torch.autograd.functional.jacobian, one block per input.

    Each block is d EXPR / d input, shaped EXPR.shape + input.shape, printed as torch prints tensors.

    [bold]Examples:[/bold]

      gradcli jacobian "x*y" --at "x=tensor([1., 2.])" --at y=3.

      gradcli jacobian "sin(x)" --at "x=tensor([0., 1.])" --json

    """
    _blocks_command("jacobian", expression, at, dtype, json_output)


def hessian_command(
    expression: str = typer.Argument(..., metavar="EXPR", help="An expression with one element."),
    at: List[str] = _at_option(),
    dtype: str = _DTYPE,
    json_output: bool = _JSON,
):
    """The Hessian of EXPR at a point: torch.autograd.functional.hessian, one block per pair of inputs.

    The block of (x, y) is d2 EXPR / dx dy, shaped x.shape + y.shape, printed as torch prints tensors.

    [bold]Examples:[/bold]

      gradcli hessian "x^2*y + y^3" --at x=1. --at y=2.

      gradcli hessian "sum(x^3)" --at "x=tensor([1., 2.])" --json

    """
    _blocks_command("hessian", expression, at, dtype, json_output)


def _blocks_command(kind, expression, at, dtype, json_output):
    from ..app import calculus
    result = getattr(calculus, kind)(expression, parse_at(at), dtype)
    if json_output:
        write_json(result.to_dict())
        return
    from .render import blocks
    blocks(result)


def check_command(
    expression: str = typer.Argument(..., metavar="EXPR", help="An expression of the inputs."),
    at: List[str] = _at_option(),
    order: str = typer.Option("1", "--order", metavar="1|2", help="1: gradcheck; 2: gradgradcheck, e.g. --order 2."),
    eps: str = typer.Option("1e-6", "--eps", metavar="EPS", help="The finite differences' step, e.g. --eps 1e-4."),
    atol: str = typer.Option("1e-5", "--atol", metavar="ATOL", help="Absolute tolerance, e.g. --atol 1e-8."),
    rtol: str = typer.Option("1e-3", "--rtol", metavar="RTOL", help="Relative tolerance, e.g. --rtol 1e-5."),
    json_output: bool = _JSON,
):
    """torch.autograd.gradcheck from the shell: analytical against numerical Jacobians, in float64.

    Per input: both Jacobians (input elements down, output elements across, as torch lays them out), the
    largest absolute and relative differences and where. Passes where torch.allclose(analytical, numerical,
    rtol, atol) holds. --order 2 runs gradgradcheck (grad_outputs uniform in [-1, 1), seed 0).

    [bold]Examples:[/bold]

      gradcli check "x^2*y" --at "x=tensor([1., 2.])" --at y=3.

      gradcli check "relu(x)" --at "x=tensor([-1., 0., 2.])"    (fails at 0)

      gradcli check "x^3*y" --at x=0.5 --at y=2. --order 2 --json

    """
    from ..app import calculus
    result = calculus.check(expression, parse_at(at), positive(order, most=2), _number(eps, "--eps"),
                            _number(atol, "--atol"), _number(rtol, "--rtol"))
    if json_output:
        write_json(result.to_dict())
    else:
        from .render import gradcheck_report
        gradcheck_report(result)
    if not result.passed:
        raise Failed()  # (the report above says where)


def _number(text, option):
    try:
        return float(text)
    except ValueError:
        raise bad_value(option, "a number", text) from None


def plot_command(
    expression: str = typer.Argument(..., metavar="EXPR", help="An expression elementwise in the input plotted over."),
    over: str = typer.Option(..., "--over", metavar="NAME=LOW:HIGH", help="The input and its range, e.g. x=-3:3."),
    at: List[str] = _at_option("The other inputs' values, e.g. --at y=2."),
    order: str = typer.Option("1", "--order", metavar="N", help="Draw the derivatives up to order N, e.g. --order 2."),
    points: str = typer.Option("200", "--points", metavar="N", help="How many points across the range, e.g. --points 50."),
    out: Optional[str] = typer.Option(None, "--out", "-o", metavar="FILE.svg|FILE.png",
                                      help="Write an image instead (needs matplotlib: pip install 'gradcli[plot]'), "
                                           "e.g. --out curve.svg."),
    json_output: bool = _JSON,
):
    """Draw EXPR and its derivatives over a range, in the terminal (or into an image file with --out).

    The expression is evaluated once on torch.linspace(LOW, HIGH, N) with autograd; each derivative is
    autograd.grad of the sum of the one before (create_graph=True), elementwise for an elementwise EXPR.

    [bold]Examples:[/bold]

      gradcli plot "tanh(x)" --over x=-3:3

      gradcli plot "x^3 - 2*x" --over x=-2:2 --order 2

      gradcli plot "sin(x)*y" --over x=0:6.3 --at y=2. --out curves.svg

    """
    from ..app import calculus
    from ..base.errors import GradcliError
    from .evaluation import with_hint
    name, low, high = _range(over)
    if out is not None and not out.lower().endswith((".svg", ".png")):
        raise bad_value("--out", "FILE.svg or FILE.png", out)
    inputs = parse_at(at)
    try:
        result = calculus.curves(expression, name, low, high, inputs, positive(order),
                                 positive(points, "--points", least=2))
    except GradcliError as error:  # a free name: say which --at it needs, as eval does
        raise with_hint(error, inputs) from None
    if json_output:
        write_json(result.to_dict())
    elif out is not None:
        from .plots import write_image
        write_image(result, out)
        stderr_write("wrote %s\n" % out)
    else:
        from .plots import draw
        draw(result)


def _range(text):
    """NAME=LOW:HIGH as (name, low, high), finite numbers with LOW < HIGH; bad usage otherwise."""
    import math
    name, sep, span = text.partition("=")
    low, colon, high = span.partition(":")
    try:
        if sep and colon and name.strip().isidentifier() and math.isfinite(float(low)) and \
                math.isfinite(float(high)) and float(low) < float(high):
            return name.strip(), float(low), float(high)
    except ValueError:
        pass
    raise bad_value("--over", "NAME=LOW:HIGH with LOW < HIGH, such as x=-3:3", text)


COMMANDS = {"diff": diff_command, "jacobian": jacobian_command, "hessian": hessian_command, "check": check_command,
            "plot": plot_command}
