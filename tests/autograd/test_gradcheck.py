"""Every differentiable op against numeric differences in float64 (tests/autograd/gradcheck.py), and the second
derivatives (create_graph=True) of the smooth ones."""

import numpy as np
import pytest

from gradcheck import gradcheck, gradgradcheck
from gradcli.lang.sandbox.namespace import FUNCTIONAL
from gradcli.ops import FUNCTIONS as T
from gradcli.core.tensor import Tensor

F = FUNCTIONAL.members
TARGET = Tensor(np.array([0, 2, 1, 2]))


def domain(kind, shape, rng):
    if kind == "pos":
        return rng.uniform(0.5, 2.0, shape)
    if kind == "unit":
        return rng.uniform(-0.8, 0.8, shape)
    a = rng.uniform(-2, 2, shape)
    if kind == "kink":  # keep away from 0, where relu/abs/sign... have no derivative
        a = np.where(np.abs(a) < 0.1, a + 0.3 * np.sign(a + 1e-9), a)
    return a


# (name, function, input shapes, domain, check second derivatives)
CASES = [
    ("add", lambda a, b: a + b, [(2, 3), (3,)], "any", False),
    ("add_alpha", lambda a, b: T["add"](a, b, alpha=2.5), [(2, 3), (2, 3)], "any", False),
    ("add_scalar", lambda a: 2 + a, [(3,)], "any", False),
    ("sub", lambda a, b: a - b, [(2, 1), (1, 3)], "any", False),
    ("rsub", lambda a: 2 - a, [(3,)], "any", False),
    ("mul", lambda a, b: a * b, [(2, 3), (3,)], "any", True),
    ("mul_0d", lambda a, b: a * b, [(2, 3), ()], "any", True),
    ("div", lambda a, b: a / b, [(2, 3), (2, 3)], "pos", True),
    ("rdiv", lambda a: 2 / a, [(3,)], "pos", True),
    ("pow_scalar", lambda a: a ** 3, [(2, 3)], "any", True),
    ("pow_half", lambda a: a ** 0.5, [(2, 3)], "pos", True),
    ("pow_negative", lambda a: a ** -1.5, [(4,)], "pos", True),
    ("pow_tensor", lambda a, b: a ** b, [(2, 3), (3,)], "pos", True),
    ("pow_number_base", lambda a: 2.5 ** a, [(3,)], "any", True),
    ("neg", lambda a: -a, [(3,)], "any", False),
    ("square", lambda a: a.square(), [(3,)], "any", True),
    ("reciprocal", lambda a: a.reciprocal(), [(3,)], "pos", True),
    ("remainder", lambda a, b: a % b, [(4,)] * 2, "pos", False),
    ("matmul_mm", lambda a, b: a @ b, [(2, 3), (3, 4)], "any", True),
    ("matmul_mv", lambda a, b: a @ b, [(2, 3), (3,)], "any", True),
    ("matmul_dot", lambda a, b: a @ b, [(3,), (3,)], "any", True),
    ("matmul_vm", lambda a, b: a @ b, [(3,), (3, 4)], "any", True),
    ("matmul_batched", lambda a, b: a @ b, [(2, 2, 3), (2, 3, 4)], "any", True),
    ("matmul_broadcast", lambda a, b: a @ b, [(2, 1, 2, 3), (3, 3, 2)], "any", True),
    ("matmul_fold", lambda a, b: a @ b, [(2, 2, 3), (3, 2)], "any", True),
    ("matmul_fold_vec", lambda a, b: a @ b, [(2, 2, 3), (3,)], "any", True),
    ("matmul_transposed", lambda a, b: a @ b, [(2, 3), (2, 3, 4)], "any", True),
    ("matmul_vec_batched", lambda a, b: a @ b, [(3,), (2, 3, 4)], "any", True),
    ("mm", lambda a, b: T["mm"](a, b), [(2, 3), (3, 2)], "any", True),
    ("mv", lambda a, b: T["mv"](a, b), [(2, 3), (3,)], "any", True),
    ("bmm", lambda a, b: T["bmm"](a, b), [(2, 2, 3), (2, 3, 2)], "any", True),
    ("outer", lambda a, b: T["outer"](a, b), [(3,), (2,)], "any", True),
    ("sum", lambda a: a.sum(), [(2, 3)], "any", False),
    ("sum_dim", lambda a: a.sum(dim=(0, 2), keepdim=True), [(2, 3, 2)], "any", False),
    ("mean", lambda a: a.mean(), [(2, 3)], "any", False),
    ("mean_dim", lambda a: T["mean"](a, 0, True), [(2, 3)], "any", False),
    ("prod", lambda a: a.prod(), [(2, 3)], "any", True),
    ("prod_dim", lambda a: a.prod(1), [(2, 3)], "any", True),
    ("exp", lambda a: a.exp(), [(2, 3)], "any", True),
    ("exp2", lambda a: a.exp2(), [(2, 3)], "any", True),
    ("expm1", lambda a: a.expm1(), [(2, 3)], "any", True),
    ("log", lambda a: a.log(), [(2, 3)], "pos", True),
    ("log1p", lambda a: a.log1p(), [(2, 3)], "pos", True),
    ("log2", lambda a: a.log2(), [(2, 3)], "pos", True),
    ("log10", lambda a: a.log10(), [(2, 3)], "pos", True),
    ("sin", lambda a: a.sin(), [(2, 3)], "any", True),
    ("cos", lambda a: a.cos(), [(2, 3)], "any", True),
    ("tan", lambda a: a.tan(), [(2, 3)], "unit", True),
    ("asin", lambda a: a.asin(), [(2, 3)], "unit", True),
    ("atan", lambda a: a.atan(), [(2, 3)], "any", True),
    ("sinh", lambda a: a.sinh(), [(2, 3)], "any", True),
    ("cosh", lambda a: a.cosh(), [(2, 3)], "any", True),
    ("tanh", lambda a: a.tanh(), [(2, 3)], "any", True),
    ("sigmoid", lambda a: a.sigmoid(), [(2, 3)], "any", True),
    ("sqrt", lambda a: a.sqrt(), [(2, 3)], "pos", True),
    ("rsqrt", lambda a: a.rsqrt(), [(2, 3)], "pos", True),
    ("erf", lambda a: a.erf(), [(2, 3)], "any", True),
    ("relu", lambda a: a.relu(), [(2, 3)], "kink", False),
    ("abs", lambda a: a.abs(), [(2, 3)], "kink", False),
    ("clamp", lambda a: a.clamp(-0.5, 0.5), [(2, 4)], "kink", False),
    ("clamp_min", lambda a: a.clamp_min(0.25), [(2, 4)], "kink", False),
    ("clamp_max", lambda a: T["clamp"](a, max=0.25), [(2, 4)], "kink", False),
    ("clamp_tensor", lambda a, lo, hi: a.clamp(lo - 1, hi + 1), [(2, 4), (4,), (2, 1)], "any", False),
    ("max", lambda a: a.max(), [(2, 3)], "any", False),
    ("min", lambda a: a.min(), [(2, 3)], "any", False),
    ("max_dim", lambda a: a.max(1).values, [(2, 3)], "any", False),
    ("min_dim", lambda a: a.min(0, keepdim=True).values, [(2, 3)], "any", False),
    ("amax", lambda a: a.amax(0), [(2, 3)], "any", False),
    ("amin", lambda a: a.amin(), [(2, 3)], "any", False),
    ("maximum", lambda a, b: T["maximum"](a, b), [(2, 3), (3,)], "any", False),
    ("minimum", lambda a, b: T["minimum"](a, b), [(2, 3), (2, 3)], "any", False),
    ("norm", lambda a: a.norm(), [(2, 3)], "any", True),
    ("norm_dim", lambda a: a.norm(dim=1), [(2, 3)], "any", True),
    ("norm_1", lambda a: a.norm(p=1), [(2, 3)], "kink", False),
    ("norm_inf", lambda a: T["norm"](a, float("inf"), 0), [(2, 3)], "any", False),
    ("norm_3", lambda a: a.norm(p=3), [(2, 3)], "any", True),
    ("var", lambda a: a.var(), [(2, 3)], "any", True),
    ("var_dim", lambda a: a.var(1, keepdim=True), [(2, 3)], "any", True),
    ("std", lambda a: a.std(), [(2, 3)], "any", True),
    ("std_dim", lambda a: a.std(0), [(3, 2)], "any", True),
    ("logsumexp", lambda a: a.logsumexp(1), [(2, 3)], "any", True),
    ("softmax", lambda a: a.softmax(-1), [(2, 3)], "any", True),
    ("softmax_dim0", lambda a: F["softmax"](a, dim=0), [(2, 3)], "any", True),
    ("log_softmax", lambda a: a.log_softmax(-1), [(2, 3)], "any", True),
    ("log_softmax_dim0", lambda a: F["log_softmax"](a, dim=0), [(3, 2)], "any", True),
    ("cumsum", lambda a: a.cumsum(1), [(2, 3)], "any", False),
    ("trace", lambda a: a.trace(), [(3, 3)], "any", False),
    ("where", lambda a, b: T["where"](a > 0, a, b), [(2, 3), (3,)], "kink", False),
    ("masked_fill", lambda a: a.masked_fill(a > 0, 1.0), [(2, 3)], "kink", False),
    ("leaky_relu", lambda a: F["leaky_relu"](a, 0.2), [(2, 3)], "kink", False),
    ("gelu", lambda a: F["gelu"](a), [(2, 3)], "any", True),
    ("gelu_tanh", lambda a: F["gelu"](a, approximate="tanh"), [(2, 3)], "any", True),
    ("silu", lambda a: F["silu"](a), [(2, 3)], "any", True),
    ("elu", lambda a: F["elu"](a, alpha=0.7), [(2, 3)], "kink", True),
    ("softplus", lambda a: F["softplus"](a, beta=2), [(2, 3)], "any", True),
    ("mse_loss", lambda a, b: F["mse_loss"](a, b), [(2, 3), (2, 3)], "any", True),
    ("mse_loss_sum", lambda a, b: F["mse_loss"](a, b, reduction="sum"), [(2, 3), (2, 3)], "any", True),
    ("mse_loss_none", lambda a, b: F["mse_loss"](a, b, reduction="none"), [(3,), (3,)], "any", True),
    ("l1_loss", lambda a, b: F["l1_loss"](a, b), [(2, 3), (2, 3)], "any", False),
    ("cross_entropy", lambda a: F["cross_entropy"](a, TARGET), [(4, 3)], "any", True),
    ("nll_loss_sum", lambda a: F["nll_loss"](a, TARGET, reduction="sum"), [(4, 3)], "any", False),
    ("binary_cross_entropy", lambda a, b: F["binary_cross_entropy"]((a.sigmoid()), b.sigmoid()), [(2, 3), (2, 3)],
     "any", True),
    ("binary_cross_entropy_sum", lambda a, b: F["binary_cross_entropy"](a.sigmoid(), b.sigmoid(), reduction="sum"),
     [(3,), (3,)], "any", True),
    ("linear", lambda x, w, b: F["linear"](x, w, b), [(3, 4), (2, 4), (2,)], "any", True),
    ("linear_batched", lambda x, w, b: F["linear"](x, w, b), [(2, 3, 4), (2, 4), (2,)], "any", True),
    ("normalize", lambda x: F["normalize"](x), [(3, 4)], "any", True),
    ("conv2d", lambda x, w, b: F["conv2d"](x, w, b, stride=2, padding=1), [(2, 2, 5, 4), (3, 2, 3, 2), (3,)], "any",
     True),
    ("conv2d_groups", lambda x, w: F["conv2d"](x, w, groups=2, dilation=(2, 1)), [(1, 4, 6, 5), (2, 2, 2, 3)], "any",
     True),
    ("conv1d", lambda x, w, b: F["conv1d"](x, w, b, padding="same"), [(2, 3, 6), (2, 3, 4), (2,)], "any", True),
    ("conv_transpose2d", lambda x, w, b: F["conv_transpose2d"](x, w, b, stride=2, padding=1, output_padding=1),
     [(2, 2, 3, 4), (2, 3, 3, 2), (3,)], "any", True),
    ("conv_transpose2d_groups", lambda x, w: F["conv_transpose2d"](x, w, groups=2, dilation=(2, 1), output_padding=(1, 0)),
     [(1, 4, 3, 3), (4, 1, 2, 3)], "any", True),
    ("conv_transpose1d", lambda x, w, b: F["conv_transpose1d"](x, w, b, stride=3, padding=1), [(2, 3, 5), (3, 2, 4),
                                                                                              (2,)], "any", True),
    ("max_pool2d", lambda x: F["max_pool2d"](x, 3, 2, padding=1, ceil_mode=True), [(1, 2, 6, 5)], "any", False),
    ("avg_pool2d", lambda x: F["avg_pool2d"](x, 3, 2, 1, count_include_pad=False), [(1, 2, 6, 5)], "any", True),
    ("pad", lambda x: F["pad"](x, (1, -1, 2, 0)), [(2, 3, 4)], "any", False),
    ("layer_norm", lambda x, w, b: F["layer_norm"](x, (2, 3), w, b), [(4, 2, 3), (2, 3), (2, 3)], "any", True),
    ("batch_norm_train", lambda x, w, b: F["batch_norm"](x, None, None, w, b, training=True), [(5, 3), (3,), (3,)],
     "any", True),
    ("batch_norm_eval", lambda x, w, b: F["batch_norm"](x, T["zeros"](3, dtype=x.dtype), T["ones"](3, dtype=x.dtype),
                                                       w, b), [(4, 3, 2), (3,), (3,)], "any", True),
    ("embedding", lambda w: F["embedding"](TARGET, w), [(3, 4)], "any", False),
    ("smooth_l1_loss", lambda a, b: F["smooth_l1_loss"](a, b, beta=0.7), [(3, 4), (3, 4)], "kink", True),
    ("huber_loss", lambda a, b: F["huber_loss"](a, b, reduction="sum", delta=0.6), [(3, 4), (3, 4)], "kink", True),
    ("kl_div", lambda a, b: F["kl_div"](a.log_softmax(1), b.softmax(1), reduction="batchmean"), [(3, 4), (3, 4)],
     "any", True),
    ("kl_div_log_target", lambda a, b: F["kl_div"](a, b, reduction="sum", log_target=True), [(3, 4), (3, 4)], "any",
     True),
    ("cross_entropy_smoothing", lambda a: F["cross_entropy"](a, TARGET, label_smoothing=0.2), [(4, 3)], "any", True),
    ("cross_entropy_probabilities", lambda a, b: F["cross_entropy"](a, b.softmax(1), label_smoothing=0.1),
     [(4, 3), (4, 3)], "any", True),
    ("bilinear", lambda x, y, w, b: F["bilinear"](x, y, w, b), [(2, 3), (2, 2), (4, 3, 2), (4,)], "any", True),
    ("cosine_similarity", lambda a, b: F["cosine_similarity"](a, b), [(3, 4), (3, 4)], "any", True),
    ("dropout", lambda a: (T["manual_seed"](0), F["dropout"](a, 0.3))[1], [(4, 5)], "any", False),
    ("rnn_tanh", lambda x, h, w1, w2, b1, b2: T["rnn_tanh"](x, h, [w1, w2, b1, b2], True, 1, 0.0, False, False,
                                                             False)[0], [(3, 2, 2), (1, 2, 3), (3, 2), (3, 3), (3,), (3,)],
     "any", True),
    ("gru_bidirectional", lambda x, h, *w: T["gru"](x, h, list(w), False, 1, 0.0, False, True, True)[1],
     [(2, 3, 2), (2, 2, 2), (6, 2), (6, 2), (6, 2), (6, 2)], "any", True),
    ("lstm", lambda x, h, c, w1, w2, b1, b2: T["lstm"](x, (h, c), [w1, w2, b1, b2], True, 1, 0.0, False, False,
                                                        False)[2], [(3, 2, 2), (1, 2, 2), (1, 2, 2), (8, 2), (8, 2), (8,), (8,)],
     "any", True),
    ("composite", lambda a, b: ((a @ b).tanh() * a.sum(1, keepdim=True)).softmax(0).log().mean(),
     [(2, 3), (3, 2)], "any", True),
]
SMOOTH = [c for c in CASES if c[4]]


def arrays_for(shapes, kind, seed):
    rng = np.random.default_rng(seed)
    return [domain(kind, shape, rng) for shape in shapes]


@pytest.mark.parametrize("name, fn, shapes, kind, smooth", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("seed", [0, 1])
def test_first_derivative(name, fn, shapes, kind, smooth, seed):
    assert gradcheck(fn, arrays_for(shapes, kind, seed), seed=seed)


@pytest.mark.parametrize("name, fn, shapes, kind, smooth", SMOOTH, ids=[c[0] for c in SMOOTH])
def test_second_derivative(name, fn, shapes, kind, smooth):
    assert gradgradcheck(fn, arrays_for(shapes, kind, 2))


def test_prod_with_zeros_second_derivative():
    """The zero branches of prod's backward are differentiable too (one zero: the others' product)."""
    a = np.array([[2.0, 0.0, 3.0], [0.5, 1.5, -1.0]])
    assert gradcheck(lambda x: x.prod(1), [a])
    assert gradgradcheck(lambda x: x.prod(1), [a])
    assert gradgradcheck(lambda x: x.prod(), [np.array([2.0, 0.0, 3.0])])


def test_linear_ops_have_constant_gradients():
    """As in torch: the gradient of a linear function does not require grad (a second grad would raise)."""
    from gradcli.core import backward as autograd
    from gradcli.core.tensor import Tensor
    x = Tensor(np.array([1.0, 2.0]), requires_grad=True)
    for fn in (lambda a: a + 2, lambda a: 2 - a, lambda a: a.sum(), lambda a: -a):
        (g,) = autograd.grad(fn(x).sum(), x, create_graph=True)
        assert not g.requires_grad


def test_checker_catches_a_wrong_gradient():
    """The checker itself: a deliberately wrong rule must be reported."""
    from gradcheck import GradcheckError
    from gradcli.ops import apply
    from gradcli.ops.table import Derivative, Row
    wrong = Row("wrong", "WrongBackward0", np.sin, "self",  # not registered: the table has no such row
                {"self": Derivative("grad * self.sin()", lambda grad, self: grad * self.sin(), ["self"])})
    with pytest.raises(GradcheckError):
        gradcheck(lambda x: apply(wrong, x), [np.array([0.3, 1.2])])
