"""The one error type, its source position, the warning channel, and torch's messages about autograd.

Where a message is spelled:
- here, word for word as torch 2.13 prints them, whichever module raises them: torch's messages about
  autograd (backward and grad, leaves and .grad, requires_grad, hooks, in-place and view checks) and the
  shape and index errors common to many ops (broadcasting, dimension range, indexing, view and expand sizes);
- every other message beside the one place that raises it: the argument errors of an op or a Tensor method
  in torch's words (`ops/`, `tensor`, `rng`), Python's own messages where the language
  does what Python would (`lang/`: NameError, a call's TypeError, syntax errors in words), the API's argument
  errors (`api`), every limit's message (`limits.exceeded`), and usage messages (`cli/`).

`kind` is the Python exception class torch raises (RuntimeError, IndexError, ...), printed before the message
as a traceback's last line would show it.
"""

import sys

from .runstate import current


class GradcliError(Exception):
    """An error with a message in torch's words and, once the interpreter knows it, a source position."""

    def __init__(self, message, kind="RuntimeError", position=None, suggest=None):
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.position = position  # a Position, filled in by the interpreter where the error surfaced
        self._suggest = suggest  # () -> the name the user may have meant, worked out only when shown
        self.calls = []  # the call sites the error left, innermost first: (Position, name of the function)
        self._left = None  # the name of the function the error has just left, until its call site is known
        self.refused = False  # what torch's Python would give (a module, a dunder), withheld: never caught

    @property
    def suggestion(self):
        """The name the user may have meant (a NameError's or AttributeError's), or None. Python's traceback
        shows it after the message ("Did you mean: 'zero_'?"); it is never part of `message`, so a script's
        `except` sees Python's words only."""
        if callable(self._suggest):
            self._suggest = self._suggest()
        return self._suggest

    @suggestion.setter
    def suggestion(self, name):
        self._suggest = name

    def at(self, position):
        """Attach `position` unless an inner, more precise one is already there; returns self. Once the error has
        left a script function (`left_function`), the first position given is that call's site."""
        if self.position is None:
            self.position = position
        elif self._left is not None and position is not None:
            self.calls.append((position, self._left))
            self._left = None
        return self

    def left_function(self, name):
        """The error passes out of the script function `name`: the next `at()` is where it was called."""
        if self.position is not None:
            self._left = name
        return self

    def __str__(self):
        text = "%s: %s" % (self.kind, self.message) if self.kind else self.message
        if self.suggestion is not None:
            text += ". Did you mean: '%s'?" % self.suggestion
        return text

    def report(self):
        """The error as gradcli reports it: the call chain if it left a function, then `file:line:col: Kind:
        message`, the source line and a caret (or `Kind: message` alone where no position is known)."""
        return self.traceback() + (self.position.render(str(self)) if self.position is not None else str(self))

    def traceback(self):
        """The call chain as Python's traceback prints it, outermost first, or "" when the error did not leave a
        function: `  file:line, in f` and the source line for each call site (a run of one call site repeated
        is cut as Python cuts it); the error's own line follows it (Position.render)."""
        if not self.calls:
            return ""
        entries = []
        for i, (position, _) in enumerate(reversed(self.calls)):
            # a call site lies in the function the next inner entry left (the outermost in the module)
            caller = self.calls[len(self.calls) - i][1] if i else "<module>"
            entries.append("  %s:%d, in %s\n    %s\n" % (position.filename, position.line, caller,
                                                        position.source_line().strip()))
        entries.append("  %s:%d, in %s\n" % (self.position.filename, self.position.line, self.calls[0][1]))
        return "Traceback (most recent call last):\n" + "".join(_cut_repeats(entries))


def _cut_repeats(entries, shown=3):
    """Python's traceback cut: after `shown` equal entries in a row, one line counts the rest."""
    out, previous, count = [], None, 0
    for entry in entries + [None]:
        if entry == previous:
            count += 1
            if count <= shown:
                out.append(entry)
            continue
        if count > shown:
            out.append("  [Previous line repeated %d more time%s]\n" % (count - shown, "" if count - shown == 1
                                                                          else "s"))
        previous, count = entry, 1
        if entry is not None:
            out.append(entry)
    return out


class Interrupted(KeyboardInterrupt):
    """Ctrl-C while a script ran, with the position of the statement that was running (None if unknown)."""

    def __init__(self, position):
        super().__init__()
        self.position = position


class Position:
    """Where in which text: 1-based line and column, and the span's end on that line."""

    __slots__ = ("filename", "source", "line", "column", "end_column")

    def __init__(self, filename, source, line, column, end_column=None):
        self.filename, self.source = filename, source
        self.line, self.column, self.end_column = line, column, end_column

    def source_line(self):
        lines = self.source.splitlines()
        return lines[self.line - 1] if 0 < self.line <= len(lines) else ""

    def render(self, message):
        """`file:line:col: message`, the source line, and a caret (or a run of carets) under the spot."""
        text = self.source_line().expandtabs(1)
        column = self.column
        if len(text) > 120:  # a huge line (hostile or generated input): show a window around the spot
            start = max(0, column - 60)
            text, column = text[start:start + 120], column - start
        width = 1
        if self.end_column and self.end_column > self.column:
            width = min(self.end_column - self.column, max(1, len(text) - column + 1))
        caret = " " * (column - 1) + "^" * width
        return "%s:%d:%d: %s\n    %s\n    %s" % (self.filename, self.line, self.column, message, text, caret)


# ---------------------------------------------------------------- did you mean
# CPython's suggestion for a NameError or AttributeError (3.11's Python/suggestions.c, which later versions
# keep in Lib/traceback.py): the candidate closest in edit distance, a case change costing half a letter, and
# no more than about a third of the characters changed
_MOVE_COST, _CASE_COST, _MAX_STRING_SIZE = 2, 1, 40


def suggestion(wrong, candidates):
    """The name of `candidates` closest to the misspelt `wrong` by Python's measure, or None: the one Python
    would suggest, except that among names equally close the most called one wins (`sinn`: `sin`, not
    `sign`; base.names_by_use), where Python takes the first in alphabetical order. Where Python has none, a
    name two neighbouring letters of `wrong` swapped give (`onse`: `ones`), a typo Python's measure counts
    twice. Every did-you-mean of gradcli is this function's."""
    if len(wrong) > _MAX_STRING_SIZE:
        return None
    from .names_by_use import NAMES_BY_USE
    use = {name: rank for rank, name in enumerate(NAMES_BY_USE)}
    best, best_distance = None, sys.maxsize
    names = sorted((c for c in set(candidates) if isinstance(c, str) and c != wrong),
                   key=lambda c: (use.get(c, len(use)), c))
    for candidate in names:
        most = min((len(candidate) + len(wrong) + 3) * _MOVE_COST // 6, best_distance - 1)
        distance = _levenshtein(wrong, candidate, most)
        if distance <= most and (best is None or distance < best_distance):
            best, best_distance = candidate, distance
    if best is None:
        swaps = {wrong[:i] + wrong[i + 1] + wrong[i] + wrong[i + 2:] for i in range(len(wrong) - 1)}
        best = next((c for c in names if c in swaps), None)
    return best


def _substitution_cost(a, b):
    return 0 if a == b else _CASE_COST if a.lower() == b.lower() else _MOVE_COST


def _levenshtein(a, b, most):
    """The edit distance of a and b, or more than `most` once it is sure to exceed it."""
    if a == b:
        return 0
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    a, b = a[start:], b[start:]
    while a and b and a[-1] == b[-1]:
        a, b = a[:-1], b[:-1]
    if not a or not b:
        return _MOVE_COST * (len(a) + len(b))
    if len(a) > _MAX_STRING_SIZE or len(b) > _MAX_STRING_SIZE:
        return most + 1
    if len(b) < len(a):
        a, b = b, a
    if (len(b) - len(a)) * _MOVE_COST > most:
        return most + 1
    row = list(range(_MOVE_COST, _MOVE_COST * (len(a) + 1), _MOVE_COST))
    result = 0
    for b_index, b_char in enumerate(b):
        distance = result = b_index * _MOVE_COST
        minimum = sys.maxsize
        for index, a_char in enumerate(a):
            substitute = distance + _substitution_cost(b_char, a_char)
            distance = row[index]
            result = min(min(result, distance) + _MOVE_COST, substitute)
            row[index] = result
            minimum = min(minimum, result)
        if minimum > most:
            return most + 1
    return result


def type_error(message):
    return GradcliError(message, "TypeError")


def index_error(message):
    return GradcliError(message, "IndexError")


def value_error(message):
    return GradcliError(message, "ValueError")


# ---------------------------------------------------------------- torch's messages (errors.md)
SECOND_BACKWARD = (
    "Trying to backward through the graph a second time (or directly access saved tensors after they have "
    "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
    "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if "
    "you need to access saved tensors after calling backward.")
IMPLICIT_GRAD_SCALAR = "grad can be implicitly created only for scalar outputs"
NO_GRAD_FN = "element %d of tensors does not require grad and does not have a grad_fn"
ONLY_FLOAT_CAN_REQUIRE_GRAD = "Only Tensors of floating point and complex dtype can require gradients"
ONLY_FLOAT_REQUIRES_GRAD_ = "only Tensors of floating point dtype can require gradients"
ONLY_FLOAT_SET_REQUIRES_GRAD = "only Tensors of floating point and complex dtype can require gradients"
LEAF_INPLACE = "a leaf Variable that requires grad is being used in an in-place operation."
VIEW_OF_LEAF_INPLACE = "a view of a leaf Variable that requires grad is being used in an in-place operation."
NON_LEAF_REQUIRES_GRAD = (
    "you can only change requires_grad flags of leaf variables. If you want to use a computed variable in a "
    "subgraph that doesn't require differentiation use var_no_grad = var.detach().")
GRAD_SHAPE_MISMATCH = ("Mismatch in shape: grad_output[%d] has a shape of %s and output[%d] has a shape of %s.")
GRADIENT_TYPE = "gradients can be either Tensors or None, but got %s"
MODIFIED_INPLACE = (
    "one of the variables needed for gradient computation has been modified by an inplace operation: "
    "[%s %s]%s is at version %d; expected version %d instead. Hint: enable anomaly detection to find the "
    "operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).")
UNUSED_INPUT = ("The differentiated Tensor at index %d appears to not have been used in the graph. "
                "Set allow_unused=True if this is the desired behavior.")
INPUT_NOT_REQUIRING_GRAD = "One of the differentiated Tensors does not require grad"
ITEM_NUMEL = "a Tensor with %d elements cannot be converted to Scalar"
SCALAR_CONVERSION = "only one element tensors can be converted to Python scalars"
BOOL_AMBIGUOUS = "Boolean value of Tensor with more than one value is ambiguous"
HOOK_NO_GRAD = "cannot register a hook on a tensor that doesn't require gradient"
HESSIAN_NOT_TENSOR = "The function given to hessian should return a single Tensor"
HESSIAN_NOT_SCALAR = "The Tensor returned by the function given to hessian should contain a single element"
BROADCAST = "The size of tensor a (%d) must match the size of tensor b (%d) at non-singleton dimension %d"
DIM_RANGE = "Dimension out of range (expected to be in range of [%d, %d], but got %d)"
GRAD_ASSIGN_SHAPE = ("attempting to assign a gradient of size '%s' to a tensor of size '%s'. "
                     "Please ensure that the gradient and the tensor are the same size")
MULTI_OUTPUT_VIEW_INPLACE = (
    "Output %d of %s is a view and is being modified inplace. This view is the output of a function that returns "
    "multiple views. Such functions do not allow the output views to be modified inplace. You should replace the "
    "inplace operation by an out-of-place one.")
NO_GRAD_VIEW_INPLACE = (
    "A view was created in no_grad mode and is being modified inplace with grad mode enabled. Given that this use "
    "case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the "
    "inplace either both inside the no_grad block (if you don't want the inplace to be tracked) or both outside (if "
    "you want the inplace to be tracked).")
OVERLAPPING_INPLACE = (
    "unsupported operation: more than one element of the written-to tensor refers to a single memory location. "
    "Please clone() the tensor before performing the operation.")
DETACH_VIEW_INPLACE = (
    "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) for "
    "training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and hence detach_() "
    "cannot be called on these gradients. To fix this error, please refer to the Optimizer.zero_grad() function in "
    "torch/optim/optimizer.py as the solution.")
INPUTS_EMPTY = "`inputs` argument to `%s()` cannot be empty."
RETAIN_GRAD_NO_GRAD = "can't retain_grad on Tensor that has requires_grad=False"
GRAD_ASSIGN_SELF = "can't assign Variable as its own grad"
GRAD_ASSIGN_TYPE = "assigned grad expected to be a Tensor or None but got grad of type %s"
GRAD_ASSIGN_DTYPE = (
    "attempting to assign a gradient with dtype '%s' to a tensor with grad_dtype '%s'. The gradient must match "
    "the tensor's grad_dtype (defaults to the tensor's dtype). You can set the tensor's grad_dtype attribute with "
    "a specific dtype, or None to allow any dtype. Set grad_dtype with caution. Diverging the dtypes of a tensor "
    "and its gradient may break downstream systems that assume they match.")
MATERIALIZE_UNUSED = ("Expected allow_unused to be True or not passed when materialize_grads=True, but got: "
                      "allow_unused=False.")
VIEW_NOT_COMPATIBLE = (
    "view size is not compatible with input tensor's size and stride (at least one dimension spans across two "
    "contiguous subspaces). Use .reshape(...) instead.")
INDEX_OUT_OF_BOUNDS = "index %d is out of bounds for dimension %d with size %d"
TOO_MANY_INDICES = "too many indices for tensor of dimension %d"
ZERO_DIM_INDEX = ("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to "
                  "convert a 0-dim tensor to a number")
INVALID_INDEX_TYPE = ("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid "
                      "indices (got %s)")
INDEX_TENSOR_DTYPE = "tensors used as indices must be long, int, byte or bool tensors"
EXPAND_SIZE = ("The expanded size of the tensor (%d) must match the existing size (%d) at non-singleton "
               "dimension %d.  Target sizes: %s.  Tensor sizes: %s")
T_WARNING = (
    "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it will throw "
    "an error in a future release. Consider `x.mT` to transpose batches of matrices or "
    "`x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor. (Triggered internally "
    "at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4314.)")
MEAN_DTYPE = ("mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
              "dtype. Got: %s")

NON_LEAF_GRAD_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute won't be "
    "populated during autograd.backward(). If you indeed want the .grad field to be populated for a non-leaf "
    "Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor by mistake, make sure "
    "you access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 for more information. "
    "(Triggered internally at /__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)")
CREATE_GRAPH_WARNING = (
    "Using backward() with create_graph=True will create a reference cycle between the parameter and its "
    "gradient which can cause a memory leak. We recommend using autograd.grad when creating the graph to avoid "
    "this. If you have to use this function, make sure to reset the .grad fields of your parameters to None "
    "after use to break the cycle and avoid the leak. (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/engine.cpp:1307.)")


# ---------------------------------------------------------------- warnings
def _print_warning(message, category, once=False):
    sys.stderr.write("%s: %s\n" % (category, message))


def _sink():
    """Where warn() sends a warning: the run state's sink (the interpreter's, which knows the statement running),
    so that it is seen only inside that run, in its thread; stderr without one."""
    return current().warn or _print_warning


def warn(message, category="UserWarning"):
    _sink()(message, category)


def warn_once(message, category="UserWarning"):
    """torch's TORCH_WARN_ONCE: shown the first time only, wherever the script reaches it again."""
    _sink()(message, category, once=True)

