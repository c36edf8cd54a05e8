"""Why a backward() itself failed, in the words of why-None (explain.diagnosis) and with the line that made the
tensor it started from: made under no_grad or without requires_grad, several elements and no gradient given,
its graph freed by an earlier backward. `run --explain` writes it as a note where the backward failed; the
REPL's `:why` answers with it for a leaf that backward did not reach."""


class Failure:
    """A backward() or autograd.grad call that raised: where, and why (`message`, and `line`: where the tensor
    it started from was made)."""

    def __init__(self, position, order, message, line):
        self.position, self.order, self.message, self.line = position, order, message, line


def why_it_failed(tensor, error, watch, why_none, made):
    """(message, line) for the backward of `tensor` that raised `error`, or None when it failed otherwise.
    `why_none`: the Answer of why-None for `tensor` (its no_grad, detached or no_requires_grad sentence);
    `made`: where it was made in why-None's words (" at line 3 (x * 2)") or ""."""
    name = watch.sources().tensor_text(tensor) or "the tensor"
    origin = watch.provenance.origin(tensor)
    line = origin.line if made else None
    text = str(error)
    if not tensor.requires_grad:
        return "%s, so backward() has no graph to go back through." % why_none.message.rstrip("."), why_none.line
    if "only for scalar outputs" in text:
        return ("%s, made%s, has %d elements: a backward() without a gradient starts from 1, which fits a single "
                "element only. Give the gradient, %s.backward(torch.ones_like(%s)), or reduce first: "
                "%s.sum().backward()." % (name, made, tensor.numel(), name, name, name), line)
    if "a second time" in text:
        freed = [p for p in watch.passes if p.root == id(tensor.grad_fn)]
        by = "the backward %s" % watch.at(freed[-1].position) if freed and freed[-1].position else "a backward"
        return ("the graph of %s, made%s, was freed by %s: its saved values are gone. Call that backward with "
                "retain_graph=True to go back through the graph again." % (name, made, by), line)
    return None


def failed_before(tensor, watch, made_order):
    """(message, line) for a leaf whose .grad is None because the backward after it was made failed, or None."""
    failures = [f for f in watch.failures if f.order > made_order]
    if not failures:
        return None
    failure = failures[-1]
    return ("the backward %s failed before reaching %s: %s" % (
        watch.at(failure.position), watch.sources().leaf_name(tensor) or "it", failure.message), failure.line)
