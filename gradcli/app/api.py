"""The library API the CLI sits on: evaluate expressions with gradients, run scripts, keep a REPL session
(gradcli.app.session's Session).

Everything here raises GradcliError (with a source position when there is one) and never prints: output goes
to the `write` callables the caller passes, or comes back as a value.
"""

import io

from ..base import errors
from ..base.errors import GradcliError, Position
from .session import Session, watched as _watched

# the dtypes inputs can be made in (torch.set_default_dtype's), with torch's other names for them
INPUT_DTYPES = {"float32": "float32", "float": "float32", "float64": "float64", "double": "float64"}


class Result:
    """What `evaluate` computed: the value, its grad_fn name, and the gradient of every input (with order > 1,
    the order-th derivative)."""

    def __init__(self, expression, value, inputs, grads, explanation=None, again=None, order=1):
        self.expression = expression
        self.value = value              # the output tensor (or a python value)
        self.inputs = inputs            # name -> the leaf tensor
        self.grads = grads              # name -> gradient tensor, or None if the output does not depend on it
        self.explanation = explanation  # the backward pass step by step (evaluate(..., explain=True))
        self._again = again             # evaluates the same again, explaining
        self.order = order
        self.tangent = None             # name -> the direction of a directional derivative (evaluate's tangent)
        self.jvp = None                 # the value's derivative along it (torch.autograd.functional.jvp)

    @property
    def no_backward(self):
        """Why backward did not run from the value, or None when it did: the value is not a tensor (a tuple,
        a torch.Size, a number), or it does not require grad (then no input's gradient depends on it)."""
        from ..core.tensor import Tensor
        if not isinstance(self.value, Tensor):
            return "the value is %s, not a tensor" % _kind_of(self.value)
        if not self.value.requires_grad and all(g is None for g in self.grads.values()):
            return "the value does not require grad"
        return None

    def explain(self):
        """The backward pass step by step (an explain.Explanation: `text()`, `to_list()`, `steps`). Evaluated
        again, explaining, when `evaluate` was not asked to explain."""
        if self.explanation is None and self._again is not None:
            self.explanation = self._again().explanation
        return self.explanation

    @property
    def grad_fn(self):
        """The torch name of the value's grad_fn ("MeanBackward0"), or None."""
        grad_fn = getattr(self.value, "grad_fn", None)
        return None if grad_fn is None else grad_fn.name()

    def graph(self):
        """The backward graph from the value's grad_fn down to each input's AccumulateGrad (a BackwardGraph);
        with an explanation, each node carries its source text, forward value and gradient."""
        from ..explain.graph_view import backward_graph
        from ..explain.html import ShownGraph
        return backward_graph(self.value, self.inputs, self.explanation.details if self.explanation else None,
                              ShownGraph)

    def __repr__(self):
        """Text where a notebook shows no HTML: the value and each input's gradient, as torch prints them."""
        lines = ["%s = %r" % (self.expression, self.value)]
        lines.extend("%s.grad = %r" % (name, grad) for name, grad in self.grads.items())
        return "\n".join(lines)

    def html_page(self, depth=None):
        """The interactive page of this evaluation (explain.html, `eval --html`): the graph, and the backward
        pass to step through. `depth`: levels drawn before the rest is elided (None: graph_view.DEFAULT_DEPTH)."""
        from ..explain.html import page
        return page(*self._view(depth))

    def _repr_html_(self):
        """A notebook's rich display: the interactive view (explain.html.fragment)."""
        from ..explain.html import fragment
        return fragment(*self._view(None))

    def _view(self, depth):
        from ..explain.graph_view import DEFAULT_DEPTH
        explanation = self.explain()
        graph = self.graph()
        return graph, explanation if graph.root is not None else None, self.expression, \
            DEFAULT_DEPTH if depth is None else depth

    def to_dict(self):
        """A JSON-ready summary (docs/cli.md has the schema): expression, value (a tensor as nested lists, a
        tuple as a list, a return type as an object of its fields, a dtype as its name), type, shape, dtype,
        grad_fn, requires_grad, each input's value, shape, dtype and gradient (`inputs`), the gradients alone
        (`grads`), and why backward did not run (`no_backward`, or None). Non-finite numbers stay floats here:
        explain_format.json_safe makes them null with a text beside them."""
        from ..core.tensor import Tensor
        value = self.value
        is_tensor = isinstance(value, Tensor)
        data = {
            "expression": self.expression,
            "value": plain(value),
            "type": _type_name(value),
            "shape": list(value.shape) if is_tensor else None,
            "dtype": str(value.dtype) if is_tensor else None,
            "grad_fn": self.grad_fn,
            "requires_grad": bool(is_tensor and value.requires_grad),
            "inputs": {name: {"value": leaf.tolist(), "shape": list(leaf.shape), "dtype": str(leaf.dtype),
                              "grad": plain(self.grads.get(name))} for name, leaf in self.inputs.items()},
            "grads": {name: plain(g) for name, g in self.grads.items()},
            "no_backward": self.no_backward,
        }
        if self.order != 1:
            data["order"] = self.order
        if self.jvp is not None:
            data["tangent"] = {name: t.tolist() for name, t in self.tangent.items()}
            data["jvp"] = self.jvp.tolist()
        return data


def plain(value):
    """A value as plain Python data that JSON can hold (non-finite floats aside): tensors as nested lists,
    tuples and lists as lists, a return type as a dict of its fields, a dtype or anything else as its text."""
    from ..base.dtypes import DType
    from ..base.return_types import ReturnTypes
    from ..core.tensor import Tensor
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Tensor):
        return value.tolist()
    if isinstance(value, ReturnTypes):
        return {name: plain(item) for name, item in zip(value.names, value)}
    if isinstance(value, (tuple, list)):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, DType):
        return str(value)
    return repr(value)


def _type_name(value):
    """torch's name of the value's type: "torch.Tensor", "torch.return_types.max", "torch.Size", "tuple"."""
    from ..lang.sandbox.namespace import _type_name as class_text  # type(value) as a script sees it: "<class '...'>"
    return class_text(value)[len("<class '"):-len("'>")]


def _kind_of(value):
    """"a tuple", "a torch.return_types.max", "None": the value's kind, for a sentence."""
    if value is None:
        return "None"
    name = _type_name(value)
    return ("an " if name[0] in "aeiou" else "a ") + name


def _dtype(name):
    """The dtype inputs are made in: torch's default float32 for None, else float32 or float64 by any of torch's
    names (float, double, torch.float64, ...)."""
    from ..base import dtypes
    if name is None:
        return dtypes.float32
    if not isinstance(name, str):
        return name
    canonical = INPUT_DTYPES.get(name.strip().removeprefix("torch."))
    if canonical is None:
        raise errors.value_error("dtype must be float32 (float) or float64 (double), not %r" % name)
    return dtypes.by_name(canonical)


def _leaf(value, dtype, what="an input"):
    """A value as a fresh leaf of `dtype` that requires grad."""
    from ..ops.rows.creation import tensor
    from ..core.tensor import Tensor
    if isinstance(value, Tensor):
        leaf = Tensor(value.detach().to(dtype).array.copy())
    elif isinstance(value, (bool, int, float, list, tuple)):
        leaf = tensor(value, dtype=dtype)
    else:
        raise errors.type_error("%s must be a number or a tensor, not %s" % (what, type(value).__name__))
    return leaf.requires_grad_()


def _own_dtype(value, default):
    """An input's dtype: a floating tensor's own, else the default dtype (numbers, lists, integer tensors)."""
    dtype = getattr(value, "dtype", None)
    return dtype if dtype is not None and getattr(dtype, "is_floating_point", False) else default


def _expression_interpreter(provenance=None, dtype=None, generator=None):
    """An interpreter for one-shot expressions: math spelling, `torch` bound so `torch.sin(x)` works too,
    `dtype` (a DType) as its default dtype (torch.set_default_dtype) and `generator` as its default generator
    (None: its own, seeded from the OS, as a new torch process)."""
    from ..lang.compile.interpreter import Interpreter
    from ..lang.sandbox.namespace import TORCH
    interpreter = Interpreter(write=lambda text: None, expression_mode=True, provenance=provenance)
    interpreter.variables["torch"] = TORCH
    if dtype is not None:
        interpreter.state.default_float = dtype
    interpreter.state.generator = generator
    return interpreter


def _seeded(seed):
    """The default generator of a call given `seed` (torch.manual_seed(seed) in a new process), or None."""
    if seed is None:
        return None
    from ..core.rng import Generator
    return Generator().manual_seed(seed)


def _input_values(at, dtype=None, generator=None):
    """The --at values, each expression evaluated once (in the default dtype `dtype`, drawing from `generator`
    when one is given): name -> number or tensor."""
    interpreter = _expression_interpreter(dtype=dtype, generator=generator)
    values = {}
    for name, value in (at or {}).items():
        if not str(name).isidentifier():
            raise errors.value_error("an input name must be an identifier, not %r" % name)
        values[name] = interpreter.evaluate(value, filename="--at %s" % name) if isinstance(value, str) else value
    return values


def _evaluate(expression, values, weight, retain_graph, dtype, filename, explain=False, order=1, generator=None):
    from ..core.numerics import quiet
    with quiet():  # the leaves' casts and backward are the library's work too: numpy as torch behaves
        return _evaluate_quietly(expression, values, weight, retain_graph, dtype, filename, explain, order,
                                 generator)


def _evaluate_quietly(expression, values, weight, retain_graph, dtype, filename, explain=False, order=1,
                      generator=None):
    from ..core import limits
    from ..core.backward import backward
    from ..core.tensor import Tensor
    provenance = collector = None
    if explain:
        from ..explain.steps import Collector, Sources
        from ..lang.compile.provenance import Provenance
        provenance = Provenance(keep_values=True)
    interpreter = _expression_interpreter(provenance, dtype, generator)
    inputs = {name: _leaf(value, _own_dtype(value, dtype)) for name, value in values.items()}
    interpreter.variables.update(inputs)
    value = interpreter.evaluate(expression, filename)
    limits.check_nested_size(value)  # (the result is shown: a shared nested list would never end)
    grads = None
    if isinstance(value, Tensor) and value.requires_grad:
        if isinstance(weight, str) and weight.strip() == "ones":  # shorthand: ones of the value's shape
            from ..ops.rows.creation import ones
            weight = ones(*value.shape, dtype=value.dtype)
        elif isinstance(weight, str):
            weight = interpreter.evaluate(weight, filename="--weight")
        if weight is not None and not isinstance(weight, Tensor):
            weight = _leaf(weight, value.dtype, "the weight").detach()
        # every backward and autograd.grad inside the watched block is a pass of the explanation (with
        # --order N, each create_graph pass too: keep the derivatives inside it)
        collector = Collector(Sources(provenance, lambda: inputs)) if explain else None
        try:
            with _watched(collector):
                if order == 1:
                    backward(value, weight, retain_graph=retain_graph)
                else:
                    grads = derivatives(value, inputs, order, weight)
        except GradcliError as error:  # point at the whole expression: its backward failed
            error.result = Result(expression, value, inputs, {})  # the forward pass's, without gradients
            raise error.at(Position(filename, expression, 1, 1, len(expression) + 1)) from None
    if grads is None:  # read after backward, and also when the expression ran backward itself (`x.backward()`)
        grads = {name: leaf.grad for name, leaf in inputs.items()}
    explanation = None
    if explain:
        from ..explain.steps import Explanation
        explanation = collector.explanation if collector is not None else Explanation()
    return Result(expression, value, inputs, grads, explanation,
                  lambda: _evaluate(expression, values, weight, retain_graph, dtype, filename, True, order), order)


def derivatives(value, inputs, order, weight=None):
    """name -> the `order`-th derivative of `value` with respect to that input (None where it does not depend on
    it): torch.autograd.grad(value, x, weight, create_graph=True), then autograd.grad of the sum of the result,
    again, order - 1 times (elementwise derivatives for an elementwise expression)."""
    found = {}
    for name, x in inputs.items():
        g = None
        for g in successive_derivatives(value, x, order, weight):
            pass
        found[name] = g
    return found


def successive_derivatives(value, x, order, weight=None):
    """The derivatives of `value` with respect to `x` of orders 1 to `order`, as `derivatives` computes them,
    one graph for all (detached tensors; the first None where `value` does not depend on x, zeros after)."""
    import numpy as np
    from ..core.backward import grad
    from ..core.tensor import Tensor
    g = value
    for k in range(order):
        if isinstance(g, Tensor) and g.requires_grad:
            (g,) = grad(g if k == 0 else g.sum(), x, weight if k == 0 else None, create_graph=k + 1 < order,
                        allow_unused=True)
        else:
            g = None
        if g is None:  # no path to x: None for the value itself, a zero derivative after that
            yield Tensor._make(np.zeros_like(x.array)) if k else None
            g = Tensor._make(np.zeros_like(x.array))
            continue
        yield g.detach()


def evaluate(expression, at=None, weight=None, retain_graph=False, dtype=None, filename="<expression>",
             explain=False, order=1, tangent=None, seed=None):
    """Evaluate `expression` with the named inputs of `at` as leaves requiring grad, run backward and return
    a Result (value, grad_fn name, gradient per input).

    `at` maps names to numbers, tensors or expressions ("ones(2,2)"). `dtype` ("float32", the default, or
    "float64", or torch's other names for them) is the default dtype the inputs and the expression's tensors
    are made in, as torch.set_default_dtype: a floating tensor given in `at` keeps its own. `weight` is the
    gradient for a non-scalar result: a value, an expression, or "ones" (ones of the result's shape). `seed`:
    torch.manual_seed(seed) before the inputs are made (`randn(3)` is then reproducible). With `explain`, the
    Result carries the backward pass step by step (`Result.explain()`). With `order` N > 1, `grads` are the
    N-th derivatives (see `derivatives`), and no .grad is set.
    With `tangent` (name -> value, as `at`; zero for an input it leaves out), `jvp` is the value's derivative in
    that direction: the Jacobian-vector product of torch.autograd.functional.jvp, beside the vector-Jacobian
    product `weight` gives. When backward fails, the GradcliError raised carries the Result so far as
    `error.result` (value and inputs; `grads` empty).

    >>> r = evaluate("mean(3*(x+2)^2)", at={"x": "ones(2,2)"})
    >>> r.grad_fn, r.grads["x"].tolist()
    ('MeanBackward0', [[4.5, 4.5], [4.5, 4.5]])
    """
    dtype, generator = _dtype(dtype), _seeded(seed)  # one stream for the inputs and the expression, as torch's
    result = _evaluate(expression, _input_values(at, dtype, generator), weight, retain_graph, dtype, filename,
                       explain, _order(order), generator)
    return _with_jvp(result, _input_values(tangent, dtype), filename) if tangent else result


def _with_jvp(result, tangent, filename):
    """`result` with the jvp of its expression along `tangent` (name -> value)."""
    from ..torchlib.autograd.functional import jvp
    from ..core.tensor import Tensor
    unknown = [name for name in tangent if name not in result.inputs]
    if unknown:
        raise errors.value_error("--tangent %s: '%s' is not an input (give it a value with --at)"
                                 % (unknown[0], unknown[0]))
    if not isinstance(result.value, Tensor):
        raise errors.value_error("the expression's value is not a tensor: it has no directional derivative")
    names, point = list(result.inputs), tuple(leaf.detach() for leaf in result.inputs.values())
    directions = tuple(_leaf(tangent[name], x.dtype, "a tangent").detach() if name in tangent else
                       Tensor._make(x.array * 0) for name, x in zip(names, point))

    def function(*inputs):
        interpreter = _expression_interpreter()
        interpreter.variables.update(zip(names, inputs))
        return interpreter.evaluate(result.expression, filename)
    try:
        _, result.jvp = jvp(function, point, directions)
    except GradcliError as error:
        raise error.at(Position(filename, result.expression, 1, 1, len(result.expression) + 1)) from None
    result.tangent = dict(zip(names, directions))
    return result


def _order(order):
    if not isinstance(order, int) or isinstance(order, bool) or order < 1:
        raise errors.value_error("order must be a positive integer, not %r" % (order,))
    return order


def evaluate_lines(lines, at=None, weight=None, retain_graph=False, dtype=None, filename="<expressions>",
                   explain=False, order=1, tangent=None, seed=None):
    """Evaluate each expression line of `lines` (a string or a list of lines; blank and # lines skipped)
    with the same inputs. Yields `(line_number, Result)` or `(line_number, GradcliError)` and goes on after
    a failing line; an error's position is the line in `filename`. Bad inputs raise before the first line."""
    if isinstance(lines, str):
        lines = lines.splitlines()
    text = "\n".join(lines) + "\n"
    dtype, order = _dtype(dtype), _order(order)
    generator = _seeded(seed)
    values, tangent = _input_values(at, dtype, generator), _input_values(tangent, dtype)
    for number, line in enumerate(lines, 1):
        expression = line.strip()
        if not expression or expression.startswith("#"):
            continue
        try:
            result = _evaluate(expression, values, weight, retain_graph, dtype, filename, explain, order, generator)
            yield number, _with_jvp(result, tangent, filename) if tangent else result
        except GradcliError as error:
            yield number, _rebased(error, filename, text, number, len(line) - len(line.lstrip()))


def _rebased(error, filename, text, line, indent):
    """An error found in one line, positioned in the whole text (so it reads file:line:col)."""
    position = error.position
    if position is not None and position.filename == filename and position.line == 1:
        end = position.end_column + indent if position.end_column else None
        error.position = Position(filename, text, line, position.column + indent, end)
    elif position is None:
        error.position = Position(filename, text, line, indent + 1)
    return error


def run_script(text, filename="<script>", write=None, warn=None, on_error=None, explain=None, explain_steps=None,
               explain_width=None):
    """Run a script of the language in this process and return what it printed (or send it to `write`, a
    callable taking text, and return None). Warnings go to `warn` (dropped without one). Raises GradcliError
    (with a position) where the script fails, unless `on_error` is given: then each failing top-level statement
    is passed to it and the script goes on. With `explain` (a callable taking text), the script is explained
    there: each backward() / autograd.grad call's steps, why a `.grad` it reads is None, and gradients added
    to a `.grad` that already held one; what it prints is unchanged. Backward calls through the graph of the one
    before are folded into one line of the gradients they gave, unless `explain_steps` (a set of call numbers,
    from 1) picks the ones written step by step; `explain_width` is the columns the text is wrapped to (80).
    (gradcli.run_script adds `isolated`: a
    worker process under resource limits, gradcli.app.isolation.)

    >>> run_script("import torch\\nprint(torch.ones(2))")
    'tensor([1., 1.])\\n'
    """
    if explain is None:
        return compile_script(text, filename).run(write, warn, on_error)
    buffer = None
    if write is None:
        buffer = io.StringIO()
        write = buffer.write
    explained_run(text, filename, write, warn, on_error, explain, explain_steps, explain_width)
    return buffer.getvalue() if buffer is not None else None


def explained_run(text, filename="<script>", write=None, warn=None, on_error=None, explain=True, explain_steps=None,
                  explain_width=None):
    """Run a script explained (as run_script with `explain`: True records quietly, a callable takes the notes)
    and return its Session, which keeps what it recorded: `last_backward()`, `page()` (`gradcli run --html`),
    `why(...)`, `graph(name)`."""
    session = Session(write or (lambda text: None), warn, explain=explain, explain_steps=explain_steps,
                      explain_width=explain_width)
    with session.watching():
        session.interpreter.run(text, filename, on_error=on_error)
    return session


def why(script, expression, filename="<script>"):
    """Run `script` (its output dropped) and say why `expression` — a tensor's `.grad`, such as "y.grad", or a
    tensor — is None, or where its value came from: an Answer (`cause`, `message`, `line`).

    >>> why("import torch\\nx = torch.ones(2)\\ny = (x * 2).sum()", "x.grad").cause
    'no_requires_grad'
    """
    session = Session(write=lambda text: None, explain=True)
    with session.watching():
        session.interpreter.run(script, filename)
    return session.why(expression)


def compile_script(text, filename="<script>"):
    """The script parsed and compiled, not yet run (a Script); raises GradcliError for a syntax error or a
    construct outside the language. run_script is compile_script(...).run(...)."""
    from ..lang.compile.interpreter import compile_program
    return Script(text, filename, compile_program(text, filename))


class Script:
    """A compiled script (compile_script): `run()` runs it in fresh variables, as run_script does."""

    def __init__(self, text, filename, program):
        self.text, self.filename = text, filename
        self.program = program  # the top-level statements' closures

    def run(self, write=None, warn=None, on_error=None):
        """What run_script does after compiling: the output returned (or sent to `write`), warnings to `warn`,
        each failing statement to `on_error` if given, else the first one raised."""
        from ..lang.compile.interpreter import Interpreter
        buffer = None
        if write is None:
            buffer = io.StringIO()
            write = buffer.write
        Interpreter(write=write, warn=warn).run(self.text, self.filename, on_error=on_error, program=self.program)
        return buffer.getvalue() if buffer is not None else None


def split_inputs(text):
    """`x=1,y=tensor([1.,2.])` as ["x=1", "y=tensor([1.,2.])"]: split at each comma outside brackets and
    strings that a `NAME=` follows (so `x=f(1, y=2)` and `x=1,2` stay whole)."""
    parts, depth, quote, start, i = [], 0, None, 0, 0
    while i < len(text):
        char = text[i]
        if quote:
            if char == "\\":
                i += 1
            elif char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            name, sep, rest = text[i + 1:].partition("=")
            if sep and name.strip().isidentifier() and not rest.startswith("="):
                parts.append(text[start:i])
                start = i + 1
        i += 1
    return parts + [text[start:]]
