"""The library API the CLI sits on: evaluate an expression with gradients, run a script, keep a session."""

import io

from . import errors


class Result:
    """What `evaluate` computed: the value, its grad_fn name, and the gradient of every input."""

    def __init__(self, expression, value, inputs, grads):
        self.expression = expression
        self.value = value              # the output tensor (or a python value)
        self.inputs = inputs            # name -> the leaf tensor
        self.grads = grads              # name -> gradient tensor, or None if the output does not depend on it

    @property
    def grad_fn(self):
        grad_fn = getattr(self.value, "grad_fn", None)
        return None if grad_fn is None else grad_fn.name()

    def to_dict(self):
        """A JSON-ready summary: value, shape, dtype, grad_fn and grads as nested lists."""
        from .tensor import Tensor
        value = self.value
        is_tensor = isinstance(value, Tensor)
        return {
            "expression": self.expression,
            "value": value.tolist() if is_tensor else value,
            "shape": list(value.shape) if is_tensor else [],
            "dtype": str(value.dtype) if is_tensor else type(value).__name__,
            "grad_fn": self.grad_fn,
            "grads": {name: (g.tolist() if g is not None else None) for name, g in self.grads.items()},
        }


def _leaf(value, dtype):
    """An --at value as a leaf that requires grad."""
    from . import dtypes
    from .factory import tensor
    from .tensor import Tensor
    dtype = dtype or dtypes.float32
    if isinstance(value, Tensor):
        leaf = value.detach().to(dtype) if value.dtype is not dtype else value.detach()
        leaf = Tensor(leaf.array.copy())
    elif isinstance(value, (bool, int, float, list, tuple)):
        leaf = tensor(value, dtype=dtype)
    else:
        raise errors.type_error("an input must be a number or a tensor, not %s" % type(value).__name__)
    if not leaf.dtype.is_floating_point:
        leaf = leaf.to(dtype)
    return leaf.requires_grad_()


def evaluate(expression, at=None, weight=None, retain_graph=False, dtype=None):
    """Evaluate `expression` with the named inputs of `at` (values or expressions such as "ones(2,2)") as
    leaves requiring grad, run backward (with `weight` for a non-scalar result) and return a Result.

    >>> r = evaluate("mean(3*(x+2)^2)", at={"x": "ones(2,2)"})
    >>> r.grad_fn, r.grads["x"].tolist()
    ('MeanBackward0', [[4.5, 4.5], [4.5, 4.5]])
    """
    from . import dtypes as _dtypes
    from .autograd import backward
    from .lang.interpreter import Interpreter
    from .tensor import Tensor
    if isinstance(dtype, str):
        dtype = _dtypes.by_name(dtype)
    interpreter = Interpreter(write=lambda text: None, expression_mode=True)
    inputs = {}
    for name, value in (at or {}).items():
        if isinstance(value, str):
            value = interpreter.evaluate(value, filename="--at %s" % name)
        try:
            inputs[name] = _leaf(value, dtype)
        except Exception as exc:  # every failure leaves the API as a GradcliError
            from .lang.interpreter import located
            raise located(exc, errors.Position("--at %s" % name, str(value), 1, 1)) from None
        interpreter.variables[name] = inputs[name]
    value = interpreter.evaluate(expression)
    grads = {name: None for name in inputs}
    if isinstance(value, Tensor) and value.requires_grad:
        if isinstance(weight, str):
            weight = interpreter.evaluate(weight, filename="--weight")
        if weight is not None and not isinstance(weight, Tensor):
            weight = _leaf(weight, value.dtype).detach()
        backward(value, weight, retain_graph=retain_graph)
        grads = {name: leaf.grad for name, leaf in inputs.items()}
    return Result(expression, value, inputs, grads)


def run_script(text, filename="<script>", write=None, warn=None, on_error=None):
    """Run a script of the language. Its printed output goes to `write` (a callable taking text) or, without
    one, is returned as a string. Raises GradcliError (with a position) where the script fails, unless
    `on_error` is given: then every failing top-level statement is passed to it and the script goes on."""
    from .lang.interpreter import Interpreter
    buffer = None
    if write is None:
        buffer = io.StringIO()
        write = buffer.write
    Interpreter(write=write, warn=warn).run(text, filename, on_error=on_error)
    return buffer.getvalue() if buffer is not None else None


class Session:
    """A REPL session: statements run in one set of variables; expression statements are echoed."""

    def __init__(self, write, warn=None):
        from .lang.interpreter import Interpreter
        self.write = write
        self.interpreter = Interpreter(write=write, warn=warn)

    @property
    def variables(self):
        return self.interpreter.variables

    def is_incomplete(self, text):
        from .lang.parser import is_incomplete
        return is_incomplete(text)

    def execute(self, text, filename="<stdin>"):
        """Run one input; the value of a lone expression is echoed as Python's REPL echoes it."""
        from .lang.parser import parse
        tree = parse(text, filename)
        if len(tree.children) == 1 and tree.children[0].data == "expression_statement":
            value = self.interpreter.evaluate(text.strip(), filename)
            if value is not None:
                self.write(repr(value) + "\n")
            return value
        self.interpreter.run(text, filename)
        return None

    def reset(self):
        self.interpreter.variables.clear()
