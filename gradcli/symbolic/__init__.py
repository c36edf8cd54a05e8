"""Symbolic derivatives, composed from the op table's gradient formulas.

    >>> from gradcli.symbolic.derive import derivatives
    >>> from gradcli.symbolic.printer import to_text
    >>> to_text(derivatives("x^2*sin(x)", ["x"])["x"])
    'x^2*cos(x) + 2*x*sin(x)'

A layer above lang (it parses with gradcli's own grammar) and below api. derive.py is the front door (its
`derivatives` and `inputs_of`; printer.py's `to_text` and `to_latex`); the package imports none of its modules.
expr.py and algebra.py are expressions in canonical form, functions.py their functions and shapes; trace.py
evaluates an expression's parse tree with expressions for values, recording a tape of torch overloads
(dispatch.py says which); reverse.py walks the tape backwards evaluating each entry's formula texts, read from
the op table's rows (gradcli/ops; helpers.py gives derivatives.yaml's helper names their meaning); simplify.py chooses the shortest form; printer.py writes it in gradcli's math spelling or LaTeX;
derivation.py derives it rule by rule from the same formulas (`diff --steps`).
"""
