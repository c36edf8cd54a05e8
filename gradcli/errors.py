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

import contextvars
import sys


class GradcliError(Exception):
    """An error with a message in torch's words and, once the interpreter knows it, a source position."""

    def __init__(self, message, kind="RuntimeError", position=None):
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.position = position  # a Position, filled in by the interpreter where the error surfaced

    def at(self, position):
        """Attach `position` unless an inner, more precise one is already there; returns self."""
        if self.position is None:
            self.position = position
        return self

    def __str__(self):
        return "%s: %s" % (self.kind, self.message) if self.kind else self.message


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
def _print_warning(message, category):
    sys.stderr.write("%s: %s\n" % (category, message))


# Where warn() sends a warning: a context variable, so that a run's sink (the interpreter's, which knows the
# statement running) is seen only inside that run, in its thread, and never outlives it.
_warning_sink = contextvars.ContextVar("gradcli_warning_sink", default=_print_warning)


def warn(message, category="UserWarning"):
    _warning_sink.get()(message, category)


class warnings_to:
    """`with warnings_to(sink):` warn() calls `sink(message, category)` until the block ends."""

    def __init__(self, sink):
        self.sink = sink

    def __enter__(self):
        self.token = _warning_sink.set(self.sink)

    def __exit__(self, *exc):
        _warning_sink.reset(self.token)
        return False
