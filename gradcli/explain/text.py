"""Explanations written out: plain text (full for `eval --explain` piped, compact for `run --explain`'s stderr)
and JSON-ready data. The terminal's Rich view (cli/explain_view) lays out the same pieces.

Values are printed as torch prints tensors, on one line; a tensor too long for a line is summarised as torch
summarises a big tensor (the first and last `edgeitems` of each dimension, `...` between, and its shape), and
the lines are wrapped to `WIDTH` columns. JSON carries every number, as nested lists, with null for a value JSON
cannot hold (nan, inf) and the text beside it.
"""

import math

import numpy as np

from ..core.tensor import Tensor


WIDTH = 80    # the columns plain explanations are wrapped to
LONGEST = 60  # a tensor whose values take more characters on one line is summarised


def value_text(value):
    """A value on one line: a tensor as torch prints it (without grad_fn), summarised as torch summarises a big
    tensor when its values would take more than LONGEST characters; a number; a shape."""
    from ..core.printing import one_line, summarised
    if isinstance(value, tuple) and all(isinstance(n, int) for n in value):
        return "[%s]" % ", ".join(str(n) for n in value)
    text = one_line(value)
    if len(text) > LONGEST and isinstance(value, Tensor):
        with summarised():
            text = "%s, shape %s" % (one_line(value), value_text(tuple(value.shape)))
    return text


def wrapped(line, width=None):
    """A line of an explanation wrapped to `width` (WIDTH) columns between words, each further line indented
    four more than the first (a value's text is not split inside its brackets where a space allows)."""
    import textwrap
    width = width or WIDTH
    if len(line) <= width:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    kept = line.replace("[ ", "[\0")  # (a bracket keeps the padding of its first number)
    return [part.replace("\0", " ") for part in textwrap.wrap(
        kept, width, subsequent_indent=indent,
        break_long_words=False, break_on_hyphens=False)]


def value_data(value):
    """A value as JSON data: a tensor is {shape, dtype, values, text} (values: nested lists, null for nan/inf)."""
    if value is None:
        return None
    if isinstance(value, Tensor):
        return {"shape": list(value.shape), "dtype": str(value.dtype), "values": _finite(value.tolist()),
                "text": value_text(value)}
    if isinstance(value, float) and not math.isfinite(value):
        return {"values": None, "text": repr(value)}
    if isinstance(value, tuple):
        return [value_data(v) for v in value]
    return value if isinstance(value, (bool, int, float, str)) else repr(value)


def json_safe(data):
    """`data` with every nan and inf (which JSON cannot hold) made null, and beside each value that had one its
    text under `<key>_text` ("value": [null, 1.0], "value_text": "[nan, 1.0]")."""
    if isinstance(data, list):
        return [json_safe(v) for v in data]
    if not isinstance(data, dict):
        return _finite(data)
    safe = {}
    for key, value in data.items():
        safe[key] = json_safe(value)
        if not isinstance(value, dict) and _finite(value) != value and "%s_text" % key not in data:
            safe["%s_text" % key] = repr(value)
    return safe


def _finite(values):
    if isinstance(values, list):
        return [_finite(v) for v in values]
    if isinstance(values, float) and not math.isfinite(values):
        return None
    return values


def single(value):
    """The one number a value holds (a python number, or a tensor whose elements are all equal), else None."""
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, Tensor) and value.array.size and value.dtype.is_floating_point:
        array = value.array
        first = array.reshape(-1)[0]
        if np.isfinite(first) and (array.size == 1 or bool(np.all(array == first))):
            return float(first)
    return None


# ---------------------------------------------------------------- the pieces every view shows
def target_text(step_or_target, sources):
    """What an outgoing gradient reaches: the leaf's name or the expression that made the node."""
    text, _, _ = sources.describe(step_or_target)
    return text or _name(step_or_target)


def _name(node):
    from ..autograd.graph import AccumulateGrad
    return "AccumulateGrad" if isinstance(node, AccumulateGrad) else node.name()


def heading(step):
    """`MulBackward0  3*(x+2)^2 = tensor(...)`, `AccumulateGrad  x`."""
    text = step.name
    if step.source:
        text += "  " + step.source
    if step.value is not None and not step.is_leaf:
        text += " = " + value_text(step.value)
    return text


def leaf_sum(step):
    """`x.grad = 1.5 + 3 = 4.5` (contributions, the value .grad held before, the new .grad)."""
    from .bound import number_text
    name = (step.leaf or "leaf") + ".grad"
    parts = [g for _, g in step.arrivals] if step.arrivals else [step.incoming[0]]
    if step.before is not None:
        parts = [step.before] + parts
    total = step.after if step.written else step.incoming[0]
    numbers = [single(p) for p in parts + [total]]
    if len(parts) > 1 and None not in numbers:
        terms = number_text(numbers[0]) + "".join((" - " if n < 0 else " + ") + number_text(abs(n)) for n in numbers[1:-1])
        return "%s = %s = %s" % (name, terms, number_text(numbers[-1]))
    if len(parts) > 1:
        return "%s = %s = %s" % (name, " + ".join(value_text(p) for p in parts), value_text(total))
    return "%s = %s" % (name, value_text(total))


def formula_lines(out):
    """The formula of one input as written (`self: grad * other`), then, when it reads simpler with this node's
    parameters bound, that form and the arithmetic with numbers (`= 3*grad = 3*0.25 = 0.75`)."""
    lines = ["%s: %s" % (out.input, out.formula or "(no formula text)")]
    if out.bound is not None:
        same = out.bound.text.replace(" ", "") == (out.formula or "").replace(" ", "")
        tail = " = " + out.check if out.check else ""
        if not same or tail:
            lines.append("    = " + out.bound.text + tail)
    return lines


# ---------------------------------------------------------------- plain text
def pass_text(explainer, compact=False, prefix="", width=None):
    """The steps of one backward pass as plain text; compact, wrapped to `width` (WIDTH) columns."""
    lines = []
    if explainer.title:
        lines.append(prefix + explainer.title)
    for step in explainer.steps:
        step.bind()
        lines.extend(_compact_step(step, explainer) if compact else step_lines(step, explainer))
    if not compact:  # (the full view keeps each formula on its line)
        return "\n".join(lines) + "\n"
    title = lines[:1] if explainer.title else []  # (a file:line heading stays on its line, as an error's does)
    return "".join(line + "\n" for line in title) + \
        "".join(part + "\n" for line in lines[len(title):] for part in wrapped(line, width))


def step_lines(step, explainer):
    """One step as `--explain` prints it: a blank line, `[n] heading`, then its lines indented (the page of
    --html shows the same lines)."""
    sources = explainer.sources
    lines = ["", "[%d] %s" % (step.number, heading(step))]
    if step.is_leaf:
        for number, g in step.arrivals:
            lines.append("    from [%s]  %s" % (number, value_text(g)))
        lines.append("    " + leaf_sum(step) + ("" if step.written else "   (not written to .grad: the gradient was returned)"))
        return lines
    for number, g in step.arrivals:
        lines.append("    from [%s]  %s" % (number, value_text(g)))
    lines.append("    grad = " + incoming_text(step))
    for name, (text, value) in step.saved.items():
        lines.append("    %s = %s%s" % (name, text + " = " if text and text != name else "", value_text(value)))
    for name, value in step.params.items():
        if any(out.formula and name in out.formula for out in step.outgoing):
            lines.append("    %s = %s" % (name, value_text(value)))
    for out in step.outgoing:
        formula = formula_lines(out)
        lines.append("    " + formula[0])
        lines.extend("    " + line for line in formula[1:])
        reached = target_text(out.target, sources)
        lines.append("      → %s: %s" % (reached, value_text(out.delivered)) +
                     ("   (summed to its shape from %s)" % value_text(out.sent) if out.summed else ""))
    return lines


def _compact_step(step, explainer):
    sources = explainer.sources
    where = " (line %d)" % step.position.line if step.position is not None else ""
    head = "  [%d] %s%s%s" % (step.number, step.name, "  " + step.source if step.source else "", where)
    if step.is_leaf:
        return [head + ": " + leaf_sum(step) + ("" if step.written else " (returned, not written to .grad)")]
    parts = []
    for out in step.outgoing:
        bound = out.bound.text if out.bound is not None else out.formula
        parts.append("→ %s: %s = %s" % (target_text(out.target, sources), bound, value_text(out.delivered)))
    return [head + ": grad " + incoming_text(step)] + ["      " + p for p in parts]


def incoming_text(step):
    """The gradient that arrived at a step (one per output of the node)."""
    if len(step.incoming) == 1:
        return value_text(step.incoming[0])
    return "(%s)" % ", ".join("None" if g is None else value_text(g) for g in step.incoming)


# ---------------------------------------------------------------- JSON
def pass_data(explainer):
    """One backward pass as JSON-ready data: its title and its steps (node, source, formula, incoming, outgoing)."""
    sources = explainer.sources
    steps = []
    for step in explainer.steps:
        step.bind()
        data = {"step": step.number, "node": step.name, "source": step.source,
                "line": step.position.line if step.position is not None else None,
                "value": value_data(step.value) if not step.is_leaf else None,
                "incoming": [value_data(g) for g in step.incoming]}
        if step.arrivals:
            data["arrivals"] = [{"from": number, "value": value_data(g)} for number, g in step.arrivals]
        if step.is_leaf:
            data.update(leaf=step.leaf, grad_before=value_data(step.before), written=step.written,
                        grad=value_data(step.after if step.written else step.incoming[0]), sum=leaf_sum(step))
        else:
            data["saved"] = {name: {"source": text, "value": value_data(value)}
                             for name, (text, value) in step.saved.items()}
            data["params"] = {name: value_data(value) for name, value in step.params.items()}
            data["outgoing"] = [{
                "input": out.input, "formula": out.formula, "bound": out.bound.text if out.bound else None,
                "check": out.check, "to": {"step": explainer.step_of.get(id(out.target)),
                                           "source": target_text(out.target, sources)},
                "value": value_data(out.delivered),
                "sent": value_data(out.sent) if out.summed else None} for out in step.outgoing]
        steps.append(data)
    return {"title": explainer.title, "steps": steps}
