"""Symbolic derivatives, composed from the op table's gradient formulas.

    >>> from gradcli.symbolic import derivatives, to_text
    >>> to_text(derivatives("x^2*sin(x)", ["x"])["x"])
    'x^2*cos(x) + 2*x*sin(x)'

A layer above lang (it parses with gradcli's own grammar) and below api: parse.py reads the expression,
trace.py evaluates it with expressions for values and records a tape, reverse.py walks the tape backwards
evaluating each entry's formula texts (formulas.py), simplify.py chooses the shortest form, printer.py writes it
in gradcli's math spelling or LaTeX.
"""

from .expr import Expr
from .parse import derivatives, inputs_of
from .printer import to_latex, to_text
from .trace import NoSymbolicRule

__all__ = ["derivatives", "inputs_of", "to_text", "to_latex", "NoSymbolicRule", "Expr"]
