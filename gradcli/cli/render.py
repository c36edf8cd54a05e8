"""Rich views for the terminal. The tensor text comes from gradcli.printing; Rich adds layout and colour.

Output that is not a terminal (or with NO_COLOR set) carries no colour codes: Rich's Console decides.
"""

from rich.console import Console
from rich.table import Table
from rich.text import Text


def console(stderr=False):
    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def show_result(result):
    """The eval view: expression, value, grad_fn, and a table of gradients per input."""
    out = console()
    out.print(Text("expression  ", style="bold") + Text(result.expression, style="cyan"))
    out.print(Text("value       ", style="bold") + Text(repr(result.value), style="green"))
    out.print(Text("grad_fn     ", style="bold") + Text(result.grad_fn or "None", style="magenta"))
    if not result.grads:
        return
    table = Table(title=None, show_lines=True)
    for column in ("input", "shape", "dtype", "gradient"):
        table.add_column(column)
    for name, grad in result.grads.items():
        leaf = result.inputs[name]
        table.add_row(Text(name, style="bold cyan"), str(list(leaf.shape)), str(leaf.dtype),
                      Text(repr(grad) if grad is not None else "None (the value does not depend on it)"))
    out.print(table)
