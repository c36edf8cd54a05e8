"""The op table: every torch operation gradcli has, one Row per torch overload, as in PyTorch's derivatives.yaml.

Where things are — the machinery here, the rows in rows/, one file a family:
    table.py       Row and Derivative (a formula as text and as code); the registries of rows and front doors
    bind.py        apply, the single bind point: forward on numpy, the node and what it saves; views
    fastpath.py    the speed-ups, and the contract that keeps them out of what user code sees
    inplace.py     in-place ops: how they rewrite history, one policy for every `name_` method
    composite.py   derivatives as VJPs of a kernel written again in tensor ops (the norms', the oneDNN LSTM's)
    rows/arithmetic.py      + - * / // % **, addcmul/addcdiv/lerp, the in-place fills
    rows/compare.py         comparisons and logic (no gradient), where, clamp, maximum/minimum, isnan, allclose
    rows/elementwise.py     elementwise math: exp, log, trigonometric, sqrt, erf, tanh, sigmoid, relu, abs, rounding
    rows/reductions.py      sum, mean, prod, norm, var/std, max/min (also with dim), logsumexp, cumsum, cumprod
    rows/statistics.py      var_mean, nansum/nanmean, median, mode, kthvalue, quantile, unique, bincount, histc
    rows/sorting.py         sort, argsort, topk
    rows/shape.py           views and conversions: view/reshape, expand, squeeze, transpose, permute, clone, to
    rows/join.py            cat, stack, split, chunk, unbind, meshgrid, broadcast_tensors
    rows/arrange.py         rearrangements that copy: repeat, flip, roll, rot90, tril/triu, diagonals
    rows/indexing.py        x[...] and x[...] = v, gather, index_select, masked_fill, nonzero
    rows/linalg.py          mm, mv, dot, bmm, matmul, outer, cross, einsum
    rows/decompositions.py  torch.linalg: inv, det, slogdet, solve, cholesky, qr, svd, eigh, the norms; cdist
    rows/activations.py     softmax, activations, linear, normalize, one_hot, dropout (torch.nn.functional)
    rows/losses.py          mse_loss, l1_loss, smooth_l1_loss, huber_loss, kl_div (torch.nn.functional)
    rows/classification.py  nll_loss, cross_entropy, binary_cross_entropy (with logits) (torch.nn.functional)
    rows/padding.py         pad (constant), and the receptive fields convolution and pooling read
    rows/convolution.py     conv1d, conv2d, conv_transpose1d/2d (torch.nn.functional; the modules are torchlib/nn/conv.py)
    rows/pooling.py         max_pool2d, avg_pool2d (torch.nn.functional)
    rows/normalization.py   layer_norm, batch_norm, embedding (torch.nn.functional)
    rows/recurrent.py       rnn_tanh, rnn_relu, gru, lstm (what nn.RNN, nn.GRU, nn.LSTM run)
    rows/creation.py        torch.tensor and the factories (ones, arange, ...)
    rows/sampling.py        the random factories and fills, on rng's stream

`python -m gradcli.ops` lists every row (torch overload, grad_fn, formulas) and every front door. A row's trivial
front doors are generated from it; hand-written ones exist where there is dispatch between rows. `install` below
puts every method and operator on Tensor, once, after every module has registered.
"""

import numpy as np

from ..core.tensor import Tensor
from .bind import apply, as_tensor, grad_accumulator, grad_edge, result_dtype  # noqa: F401
from .table import FUNCTIONAL, FUNCTIONS, INPLACE, LINALG, METHODS, OPERATORS, ROWS, front_door, row  # noqa: F401
from .rows import (arithmetic, compare, elementwise as functions, reductions as reduce, statistics, sorting, shape,
    join, arrange, indexing, linalg, decompositions, activations as nn, losses, classification, padding,
    convolution as conv, pooling, normalization as norm, recurrent as rnn, resampling, creation, sampling)
from .inplace import inplace_variant


def _generated_door(made, name):
    """A front door that only calls its row: `torch.exp(x)` is `apply(EXP, x)`."""
    if len(made.inputs) == 1:
        def door(self):
            return apply(made, self)
    elif len(made.inputs) == 2:
        def door(self, other):
            return apply(made, self, other)
    else:
        raise TypeError("%s: only rows of one or two operands get generated front doors" % made.overload)
    door.__name__ = door.__qualname__ = name
    door.__doc__ = "torch.%s (%s)" % (made.overload, made.name or "no gradient")
    return door


def _binary_operator(fn, name):
    """Python's protocol, as torch's operators follow it: an operand that is neither a tensor nor a number gives
    NotImplemented, so that Python raises its own TypeError ("unsupported operand type(s) for +: 'Tensor' and
    'str'") and `t == None` is False; `@` takes tensors only (`x @ 1` is unsupported, as torch's)."""
    numbers = name not in _TENSORS_ONLY
    def operator(x, y):
        if y.__class__ is Tensor:
            return fn(x, y)
        if not numbers:
            if not isinstance(y, Tensor):
                return NotImplemented
        elif isinstance(y, _NUMPY_NUMBERS):  # a numpy scalar is a python number to torch (t + np.float64(2) is float32)
            y = y.item()
        elif not isinstance(y, (Tensor, int, float)):
            return NotImplemented
        return fn(x, y)
    operator.__name__ = operator.__qualname__ = name
    return operator


_NUMPY_NUMBERS = (np.integer, np.floating)
_TENSORS_ONLY = ("__matmul__",)
_UNARY_OPERATORS = ("__neg__", "__pos__", "__abs__", "__invert__", "__getitem__", "__setitem__")

def install():
    """Generate the rows' front doors, then put every method and Python operator on Tensor, once."""
    for made in ROWS:
        for name in made.functions:
            FUNCTIONS[name] = _generated_door(made, name)
        for name in made.functional:
            FUNCTIONAL[name] = FUNCTIONS.get(name) or _generated_door(made, name)
        for name in made.methods:
            door = METHODS[name] = FUNCTIONS.get(name) or _generated_door(made, name)
            if made.inplace:
                INPLACE[name + "_"] = door
    for name, door in INPLACE.items():
        if name in METHODS:
            raise TypeError("Tensor.%s has a front door of its own and an in-place one" % name)
        METHODS[name] = inplace_variant(door)
    for operator, method in OPERATORS.items():
        METHODS[operator] = METHODS[method]
    for name, fn in METHODS.items():
        if name in Tensor.__dict__:
            raise TypeError("Tensor.%s is defined by the class and by the op table" % name)
        if name.startswith("__") and name not in _UNARY_OPERATORS:
            fn = _binary_operator(fn, name)
        setattr(Tensor, name, fn)

install()
