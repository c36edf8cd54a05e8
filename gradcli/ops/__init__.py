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
front doors are generated from it; hand-written ones exist where there is dispatch between rows. A family is
imported when one of its names is first looked up, and its front doors are then installed on Tensor
(families.py, from the index rows/index.py that `python -m gradcli.ops --index` writes).
"""

from .bind import apply, as_tensor, grad_accumulator, grad_edge, result_dtype  # noqa: F401
from .table import FUNCTIONAL, FUNCTIONS, INPLACE, LINALG, METHODS, OPERATORS, ROWS, front_door, row  # noqa: F401
from . import families  # noqa: F401 (the registries' index, Tensor's lookup of the families' methods)
