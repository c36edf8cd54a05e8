"""The gradient formulas that `diff` composes, as text in PyTorch's derivatives.yaml spelling (real inputs:
`.conj()` left out; helper functions such as pow_backward written out), one row per torch overload.

TEMPORARY: these rows move into the op table (gradcli/ops/), where each row carries its formula beside its
gradient code; symbolic then reads them from there. Names in a formula: `grad` (the incoming gradient), the
op's inputs (`self`, `other`, `exponent`, ...), `result` (the op's output) and its parameters (`alpha`, `dim`,
`keepdim`, ...). Subgradient conventions are written so that they say so: relu's `result > 0` is 0 at 0, as
torch's threshold_backward is.
"""

# overload: (grad_fn name, differentiable inputs in order, {input: formula})
FORMULAS = {
    "add.Tensor": ("AddBackward0", ("self", "other"), {"self": "grad", "other": "grad * alpha"}),
    "sub.Tensor": ("SubBackward0", ("self", "other"), {"self": "grad", "other": "-grad * alpha"}),
    "rsub.Scalar": ("RsubBackward1", ("self",), {"self": "-grad * alpha"}),
    "mul.Tensor": ("MulBackward0", ("self", "other"), {"self": "grad * other", "other": "grad * self"}),
    "div.Tensor": ("DivBackward0", ("self", "other"),
                   {"self": "grad / other", "other": "-grad * self / (other * other)"}),
    "neg": ("NegBackward0", ("self",), {"self": "-grad"}),
    "reciprocal": ("ReciprocalBackward0", ("self",), {"self": "-grad * (result * result)"}),
    "pow.Tensor_Scalar": ("PowBackward0", ("self",), {"self": "grad * exponent * self.pow(exponent - 1)"}),
    "pow.Tensor_Tensor": ("PowBackward1", ("self", "exponent"), {
        "self": "grad * exponent * self.pow(exponent - 1)",
        "exponent": "grad * result * self.log()"}),
    "pow.Scalar": ("PowBackward2", ("exponent",), {"exponent": "grad * result * log(self)"}),
    "exp": ("ExpBackward0", ("self",), {"self": "grad * result"}),
    "exp2": ("Exp2Backward0", ("self",), {"self": "grad * result * log(2)"}),
    "expm1": ("Expm1Backward0", ("self",), {"self": "grad * (result + 1)"}),
    "log": ("LogBackward0", ("self",), {"self": "grad / self"}),
    "log2": ("Log2Backward0", ("self",), {"self": "grad / (self * log(2))"}),
    "log10": ("Log10Backward0", ("self",), {"self": "grad / (self * log(10))"}),
    "log1p": ("Log1PBackward0", ("self",), {"self": "grad / (self + 1)"}),
    "sqrt": ("SqrtBackward0", ("self",), {"self": "grad / (2 * result)"}),
    "rsqrt": ("RsqrtBackward0", ("self",), {"self": "-0.5 * grad * result.pow(3)"}),
    "sin": ("SinBackward0", ("self",), {"self": "grad * self.cos()"}),
    "cos": ("CosBackward0", ("self",), {"self": "grad * -self.sin()"}),
    "tan": ("TanBackward0", ("self",), {"self": "grad * (1 + result.pow(2))"}),
    "asin": ("AsinBackward0", ("self",), {"self": "grad * (-self * self + 1).rsqrt()"}),
    "atan": ("AtanBackward0", ("self",), {"self": "grad / (self * self + 1)"}),
    "sinh": ("SinhBackward0", ("self",), {"self": "grad * self.cosh()"}),
    "cosh": ("CoshBackward0", ("self",), {"self": "grad * self.sinh()"}),
    "tanh": ("TanhBackward0", ("self",), {"self": "grad * (1 - result * result)"}),
    "sigmoid": ("SigmoidBackward0", ("self",), {"self": "grad * result * (1 - result)"}),
    "erf": ("ErfBackward0", ("self",), {"self": "2 / sqrt(pi) * exp(-self.pow(2)) * grad"}),
    "atan2": ("Atan2Backward0", ("self", "other"), {
        "self": "grad * other / (self * self + other * other)",
        "other": "-grad * self / (self * self + other * other)"}),
    # subgradients: relu'(0) = 0 (threshold_backward), abs'(0) = sgn(0) = 0, clamp passes the gradient on
    # its boundaries, maximum/minimum split it in half on ties, max/min share it among equal maxima
    "relu": ("ReluBackward0", ("self",), {"self": "grad * (result > 0)"}),
    "abs": ("AbsBackward0", ("self",), {"self": "grad * self.sgn()"}),
    "sgn": ("SgnBackward0", ("self",), {"self": "zeros_like(grad)"}),
    "floor": ("FloorBackward0", ("self",), {"self": "zeros_like(grad)"}),
    "ceil": ("CeilBackward0", ("self",), {"self": "zeros_like(grad)"}),
    "round": ("RoundBackward0", ("self",), {"self": "zeros_like(grad)"}),
    "trunc": ("TruncBackward0", ("self",), {"self": "zeros_like(grad)"}),
    "clamp": ("ClampBackward1", ("self",), {
        "self": "grad * (self >= min if min is not None else 1) * (self <= max if max is not None else 1)"}),
    "clamp_min": ("ClampMinBackward0", ("self",), {"self": "grad * (self >= min)"}),
    "clamp_max": ("ClampMaxBackward0", ("self",), {"self": "grad * (self <= max)"}),
    "maximum": ("MaximumBackward0", ("self", "other"), {
        "self": "where(self == other, grad / 2, grad).masked_fill(self < other, 0)",
        "other": "where(self == other, grad / 2, grad).masked_fill(self > other, 0)"}),
    "minimum": ("MinimumBackward0", ("self", "other"), {
        "self": "where(self == other, grad / 2, grad).masked_fill(self > other, 0)",
        "other": "where(self == other, grad / 2, grad).masked_fill(self < other, 0)"}),
    "where.self": ("WhereBackward0", ("self", "other"), {
        "self": "where(condition, grad, 0)", "other": "where(condition, 0, grad)"}),
    "leaky_relu": ("LeakyReluBackward0", ("self",), {
        "self": "where(self > 0, grad, grad * negative_slope)"}),
    "elu": ("EluBackward0", ("self",), {"self": "where(self > 0, grad, grad * alpha * exp(self))"}),
    "softplus": ("SoftplusBackward0", ("self",), {
        "self": "where(self * beta > threshold, grad, grad * sigmoid(beta * self))"}),
    "silu": ("SiluBackward0", ("self",), {"self": "grad * sigmoid(self) * (1 + self * (1 - sigmoid(self)))"}),
    "gelu": ("GeluBackward0", ("self",), {
        "self": "grad * ((1 + erf(self / sqrt(2))) / 2 + self * exp(-self * self / 2) / sqrt(2 * pi))"}),
    "remainder.Scalar": ("RemainderBackward0", ("self",), {"self": "grad"}),
    "fmod.Scalar": ("FmodBackward0", ("self",), {"self": "grad"}),
    # reductions: the gradient of the output is spread back over the input's shape
    "sum": ("SumBackward0", ("self",), {"self": "grad.expand(self.shape)"}),
    "sum.dim_IntList": ("SumBackward1", ("self",), {
        "self": "(grad if keepdim else grad.unsqueeze(dim)).expand(self.shape)"}),
    "mean": ("MeanBackward0", ("self",), {"self": "grad.expand(self.shape) / self.numel()"}),
    "mean.dim": ("MeanBackward1", ("self",), {
        "self": "(grad if keepdim else grad.unsqueeze(dim)).expand(self.shape) / self.size(dim)"}),
    "max": ("MaxBackward1", ("self",), {"self": "grad * (self == result) / (self == result).sum()"}),
    "min": ("MinBackward1", ("self",), {"self": "grad * (self == result) / (self == result).sum()"}),
    "logsumexp": ("LogsumexpBackward0", ("self",), {
        "self": "(grad if keepdim else grad.unsqueeze(dim)) * (self - (result if keepdim else "
                "result.unsqueeze(dim))).exp()"}),
}
