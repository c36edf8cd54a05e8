"""torch's random front doors: seeding, torch.Generator, rand/randn/randint/randperm/normal, the *_like
variants and the in-place Tensor.uniform_/normal_.

They parse torch's arguments, pick dtypes and shapes, and leave every number to gradcli.core.rng, whose samplers
reproduce torch's CPU stream bit for bit (../shared/reference/rng.md).
"""

import math

import numpy as np

from .creation import _meta_leaf, _size, zeros
from ..bind import apply
from ..inplace import apply_inplace, rewrite_inplace
from ..table import front_door, row
from ...base import dtypes, errors
from ...core import limits, rng
from ...core.meta import placed
from ...core.tensor import Tensor, to_numpy_dtype


# ---------------------------------------------------------------- seeding
@front_door("manual_seed", method=False)
def manual_seed(seed):
    """Seed the default generator (only the low 32 bits reach the Mersenne Twister); returns it."""
    return rng.default_generator().manual_seed(seed)


@front_door("seed", method=False)
def seed():
    """Seed the default generator from the OS; returns the seed."""
    return rng.default_generator().seed()


@front_door("initial_seed", method=False)
def initial_seed():
    return rng.default_generator().initial_seed()


front_door("Generator", method=False)(rng.Generator)


@front_door("get_rng_state", method=False)
def get_rng_state():
    """The default generator's state as torch's 5056-byte ByteTensor (the bytes torch would give)."""
    return _get_state(rng.default_generator())


@front_door("set_rng_state", method=False)
def set_rng_state(new_state):
    """Restore a state from get_rng_state(), including the cached normal value."""
    _set_state(rng.default_generator(), new_state)


def _get_state(generator):
    return Tensor(generator.state_bytes())


def _set_state(generator, new_state):
    if not isinstance(new_state, Tensor) or new_state.dtype is not dtypes.uint8:
        raise errors.type_error("RNG state must be a torch.ByteTensor")
    return generator.load_state_bytes(new_state.array)


# torch.Generator's get_state/set_state deal in tensors, which rng (numpy only) does not know
rng.Generator.get_state = _get_state
rng.Generator.set_state = _set_state


# ---------------------------------------------------------------- dtype and size checks
def _floating(dtype, kernel):
    """float32 (the default) or float64; torch's NotImplementedError for integer dtypes."""
    dtype = dtype or dtypes.default_float()
    if not dtype.is_floating_point:
        raise errors.GradcliError('"%s" not implemented for \'%s\'' % (kernel, dtype.short_name),
                                  "NotImplementedError")
    if dtype not in (dtypes.float32, dtypes.float64):
        raise errors.GradcliError("gradcli reproduces torch's random numbers for float32 and float64 only, "
                                  "not %s" % dtype.name, "NotImplementedError")
    return dtype


def _shape(size, keywords=None, name="ones", meta=False):
    """The shape and element count of `f(2, 3)`, `f((2, 3))` or `f(size=(2, 3))`."""
    shape = _size(size, name, keywords, meta)
    return shape, int(np.prod(shape, dtype=np.int64))


def _leaf(values, shape, dtype, requires_grad):
    return Tensor(values.astype(to_numpy_dtype(dtype), copy=False).reshape(shape), requires_grad=requires_grad)


def _check_std(std):
    if std < 0:
        raise errors.GradcliError("normal expects std >= 0.0, but found std %g" % std)


# ---------------------------------------------------------------- factories
def _drawn(name, kernel, draw, size, kw, generator, dtype, requires_grad, device):
    """A new leaf of floats from the generator's stream: `draw(n, float64, generator=)` (none drawn for the meta
    device)."""
    dtype = _floating(dtype, kernel)
    meta = placed(device)
    shape, n = _shape(size, kw, name, meta)
    if meta:
        return _meta_leaf(shape, to_numpy_dtype(dtype), requires_grad)
    return _leaf(draw(n, dtype is dtypes.float64, generator=generator), shape, dtype, requires_grad)


@front_door("rand", method=False)
def rand(*size, generator=None, dtype=None, requires_grad=False, device=None, **kw):
    """Uniform [0, 1): one 32-bit word per float32 element, two per float64 element."""
    return _drawn("rand", "check_uniform_bounds", rng.uniform, size, kw, generator, dtype, requires_grad,
                  device)


@front_door("randn", method=False)
def randn(*size, generator=None, dtype=None, requires_grad=False, device=None, **kw):
    """Standard normal: scalar Box-Muller below 16 elements, torch's block Box-Muller from 16 on."""
    return _drawn("randn", "normal_kernel_cpu", rng.normal, size, kw, generator, dtype, requires_grad,
                  device)


@front_door("normal", method=False)
def normal(mean=0.0, std=1.0, size=None, *, generator=None, dtype=None, requires_grad=False, device=None):
    """torch.normal(mean, std, size) with numbers, or with tensor mean and/or std (then the shape is theirs)."""
    if not isinstance(mean, Tensor) and not isinstance(std, Tensor):
        if size is None:
            raise errors.type_error("normal() missing required argument 'size' when mean and std are numbers")
        _check_std(std)
        dtype = _floating(dtype, "normal_kernel_cpu")
        shape, n = _shape((size,))
        if placed(device):
            return _meta_leaf(shape, to_numpy_dtype(dtype), requires_grad)
        values = rng.normal(n, dtype is dtypes.float64, mean, std, generator=generator)
        return _leaf(values, shape, dtype, requires_grad)
    return _normal_tensors(mean, std, generator)


def _normal_tensors(mean, std, generator):
    """torch's normal_out_impl: standard normals in the broadcast shape, then `* std` and `+ mean` as two
    separate in-place kernels (two roundings); a number std is folded into the draw instead."""
    arrays = [x.array for x in (mean, std) if isinstance(x, Tensor)]
    dtype = _floating(dtypes.by_name(arrays[0].dtype.name), "normal_kernel_cpu")
    np_dtype = to_numpy_dtype(dtype)
    shape = np.broadcast_shapes(*(a.shape for a in arrays))
    limits.check_numel(shape, "the result")
    n = int(np.prod(shape, dtype=np.int64))
    if isinstance(std, Tensor):
        if (std.array < 0).any():
            raise errors.GradcliError("normal expects all elements of std >= 0.0")
        values = rng.normal(n, dtype is dtypes.float64, generator=generator).reshape(shape)
        values = (values * std.array.astype(np_dtype)).astype(np_dtype)
    else:
        _check_std(std)
        values = rng.normal(n, dtype is dtypes.float64, 0.0, std, generator=generator).reshape(shape)
    mean = mean.array.astype(np_dtype) if isinstance(mean, Tensor) else np_dtype.type(mean)
    return Tensor((values + mean).astype(np_dtype, copy=False))


@front_door("randint", method=False)
def randint(*args, size=None, low=None, high=None, generator=None, dtype=None, requires_grad=False, device=None):
    """torch.randint(high, size) or randint(low, high, size): int64 unless dtype says otherwise."""
    args = list(args)
    if size is None:
        size = args.pop() if args else None
    if high is None:
        high = args.pop() if args else None
    if low is None:
        low = args.pop() if args else 0
    if size is None or high is None or args:  # (Python's refusal of the call: lang puts it in torch's words)
        raise TypeError("randint() takes 2 or 3 positional arguments: (high, size) or (low, high, size)")
    dtype = dtype or dtypes.int64
    _check_int_bounds(low, high, dtype)
    shape, n = _shape((size,))
    if placed(device):
        return _meta_leaf(shape, to_numpy_dtype(dtype), requires_grad)
    return _leaf(rng.randint(int(low), int(high), n, generator=generator), shape, dtype, requires_grad)


def _check_int_bounds(low, high, dtype):
    if high <= low:
        raise errors.GradcliError("random_ expects 'from' to be less than 'to', but got from=%d >= to=%d"
                                  % (low, high))
    if dtype.category == dtypes.INTEGRAL:
        info = np.iinfo(to_numpy_dtype(dtype))
        if low < info.min:
            raise errors.GradcliError("from is out of bounds for %s" % dtype.c_name)
        if high - 1 > info.max:
            raise errors.GradcliError("to - 1 is out of bounds for %s" % dtype.c_name)


@front_door("randperm", method=False)
def randperm(n, *, generator=None, dtype=None, requires_grad=False, device=None):
    """A random permutation of 0..n-1 (int64 unless dtype says otherwise)."""
    shape, _ = _shape((n,))
    if placed(device):
        return _meta_leaf(shape, to_numpy_dtype(dtype or dtypes.int64), requires_grad)
    return _leaf(rng.randperm(n, generator=generator), shape, dtype or dtypes.int64, requires_grad)


# ---------------------------------------------------------------- *_like
def _like(x, dtype, requires_grad, draw, device=None):
    """A tensor in x's memory layout (torch's preserve_format) filled by draw: a transposed x gives a
    transposed result, filled in memory order, and non-contiguous, so its normals take the scalar path."""
    if placed(device or x.device):
        return _meta_leaf(x.shape, to_numpy_dtype(dtype), requires_grad)
    fresh = np.empty_like(x.array, dtype=to_numpy_dtype(dtype))
    return Tensor(_fill(fresh, draw), requires_grad=requires_grad)


@front_door("rand_like", method=False)
def rand_like(x, *, dtype=None, requires_grad=False, generator=None, device=None, memory_format=None):
    dtype = _floating(dtype or x.dtype, "check_uniform_bounds")
    return _like(x, dtype, requires_grad,
                 lambda n, float64, contiguous: rng.uniform(n, float64, generator=generator), device)


@front_door("randn_like", method=False)
def randn_like(x, *, dtype=None, requires_grad=False, generator=None, device=None, memory_format=None):
    dtype = _floating(dtype or x.dtype, "normal_kernel_cpu")
    return _like(x, dtype, requires_grad,
                 lambda n, float64, contiguous: rng.normal(n, float64, contiguous=contiguous, generator=generator),
                 device)


@front_door("randint_like", method=False)
def randint_like(x, low=0, high=None, *, dtype=None, requires_grad=False, generator=None, device=None,
                 memory_format=None):
    """randint_like(x, high) or randint_like(x, low, high), in x's dtype by default."""
    if high is None:
        low, high = 0, low
    dtype = dtype or x.dtype
    _check_int_bounds(low, high, dtype)
    return _like(x, dtype, requires_grad,
                 lambda n, float64, contiguous: rng.randint(int(low), int(high), n, generator=generator), device)


# ---------------------------------------------------------------- in place
def _fill(x, draw):
    """A new array of x's shape and memory layout holding draw(n, float64, contiguous) in the order torch's
    TensorIterator visits x: memory order (axes by decreasing stride), row-major for a contiguous x."""
    out = np.empty_like(x)
    order = sorted(range(x.ndim), key=lambda axis: -abs(x.strides[axis]))
    walk = out.transpose(order)
    walk[...] = draw(x.size, x.dtype == np.float64, x.flags.c_contiguous).reshape(walk.shape)
    return out


def _uniform_forward(x, low, high, generator):
    _floating(dtypes.by_name(x.dtype.name), "check_uniform_bounds")
    if low > high:
        raise errors.GradcliError("uniform_ expects to return a [from, to) range, but found from=%g > to=%g"
                                  % (low, high))
    return _fill(x, lambda n, float64, contiguous: rng.uniform(n, float64, low, high, generator))


def _normal_forward(x, mean, std, generator):
    _floating(dtypes.by_name(x.dtype.name), "normal_kernel_cpu")
    _check_std(std)
    return _fill(x, lambda n, float64, contiguous: rng.normal(n, float64, mean, std, contiguous, generator))


def _no_gradient(grad):
    """The values are overwritten, so nothing flows back (torch's `self: zeros_like(grad)`)."""
    return zeros(*grad.shape, dtype=grad.dtype)


UNIFORM_ = row("uniform_", "UniformBackward0", _uniform_forward, "self", self=("zeros_like(grad)", _no_gradient))
NORMAL_ = row("normal_", "NormalBackward0", _normal_forward, "self", self=("zeros_like(grad)", _no_gradient))


@front_door("uniform_", function=False)
def uniform_(self, a=0.0, b=1.0, *, generator=None):
    """Fill self with uniforms in [a, b) (in place; a leaf that requires grad refuses outside no_grad)."""
    return apply_inplace(UNIFORM_, self, low=a, high=b, generator=generator)


@front_door("normal_", function=False)
def normal_(self, mean=0.0, std=1.0, *, generator=None):
    """Fill self with normal values (in place; a leaf that requires grad refuses outside no_grad)."""
    return apply_inplace(NORMAL_, self, mean=mean, std=std, generator=generator)



# ---------------------------------------------------------------- bernoulli, exponential_, multinomial
def _bernoulli_tensor_forward(self, generator):
    """torch's CPU kernel: for each element in order one draw, uniform24 < p (uniform53 for double p)."""
    p = np.asarray(self)
    if p.size and (np.nanmin(p) < 0 or np.nanmax(p) > 1 or np.isnan(p).any()):
        raise errors.GradcliError("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error "
                                  "message be improved?  If so, please report an enhancement request to PyTorch.)")
    g = rng._gen(generator)
    draws = g.uniform53(p.size) if p.dtype == np.float64 else g.uniform24(p.size).astype(np.float64)
    return (draws.reshape(p.shape) < p).astype(p.dtype)


def _bernoulli_scalar_forward(self, p, generator):
    """bernoulli_(p) with a number p: one double draw per element, uniform53 < p (torch's default CPU kernel,
    which x86 builds of torch use on AMD CPUs; on Intel CPUs torch draws with MKL instead)."""
    if not 0 <= p <= 1:
        raise errors.GradcliError("bernoulli_ expects p to be in [0, 1], but got p=%s" % p)
    return _fill(self, lambda n, float64, contiguous: (rng._gen(generator).uniform53(n) < p).astype(self.dtype))


BERNOULLI = row("bernoulli", "BernoulliBackward0", _bernoulli_tensor_forward, "self",
                self=("zeros_like(grad)", _no_gradient))
BERNOULLI_ = row("bernoulli_.float", "BernoulliBackward1", _bernoulli_scalar_forward, "self",
                 self=("zeros_like(grad)", _no_gradient))


@front_door("bernoulli")
def bernoulli(x, p=None, *, generator=None):
    """0 or 1 per element, 1 with the element's probability (or with p, for every element)."""
    if p is not None:
        return bernoulli_(x.detach().clone(), p, generator=generator)
    _floating(x.dtype, "bernoulli_tensor_cpu_self_")
    return apply(BERNOULLI, x, generator=generator)


@front_door("bernoulli_", function=False)
def bernoulli_(x, p=0.5, *, generator=None):
    if isinstance(p, Tensor):
        probabilities = Tensor._make(np.ascontiguousarray(np.broadcast_to(p.array, x.array.shape), x.array.dtype))
        return rewrite_inplace(x, lambda: apply(BERNOULLI, probabilities, generator=generator))
    return apply_inplace(BERNOULLI_, x, p=float(p), generator=generator)


def _exponential_draws(generator, n, lambd):
    """n exponential doubles as torch's CPU kernel makes them: -1/lambd * log1p(-u), u a double uniform. The C
    library's log1p, as torch calls it (numpy's own log1p differs from it in the last bit on some values)."""
    uniforms = rng._gen(generator).uniform53(n)
    return -1.0 / lambd * np.fromiter(map(math.log1p, -uniforms), np.float64, n)


def _exponential_forward(self, lambd, generator):
    return _fill(self, lambda n, float64, contiguous: _exponential_draws(generator, n, lambd).astype(self.dtype))


EXPONENTIAL_ = row("exponential_", "ExponentialBackward0", _exponential_forward, "self",
                   self=("zeros_like(grad)", _no_gradient))


@front_door("exponential_", function=False)
def exponential_(x, lambd=1.0, *, generator=None):
    """Fill x with exponential values of rate lambd."""
    if lambd <= 0:
        raise errors.GradcliError("exponential_ expects lambda > 0.0, but found lambda=%s" % lambd)
    _floating(x.dtype, "exponential_cpu")
    return apply_inplace(EXPONENTIAL_, x, lambd=lambd, generator=generator)


@front_door("multinomial")
def multinomial(x, num_samples, replacement=False, *, generator=None):
    """num_samples category indices per row of x's (unnormalised) probabilities, as torch's CPU kernel draws
    them: with replacement a double uniform each, found in the cumulative distribution by bisection; without,
    the largest of p / Exp(1) draws (argmax or topk; a single sample is drawn so with replacement too)."""
    if x.ndim not in (1, 2):
        raise errors.GradcliError("prob_dist must be 1 or 2 dim")
    p = x.array if x.ndim == 2 else x.array[None]
    if not replacement and num_samples > p.shape[-1]:
        raise errors.GradcliError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")
    if not np.all(np.isfinite(p)) or np.any(p < 0):
        raise errors.GradcliError("probability tensor contains either `inf`, `nan` or element < 0")
    if np.any(p.sum(-1) <= 0):
        raise errors.GradcliError("invalid multinomial distribution (sum of probabilities <= 0)")
    g = rng._gen(generator)
    if replacement and num_samples > 1:
        out = np.empty((p.shape[0], num_samples), np.int64)
        for r, row_p in enumerate(p):
            cumulative = np.cumsum(row_p, dtype=row_p.dtype) / row_p.sum(dtype=row_p.dtype)
            cumulative[-1] = 1
            out[r] = np.searchsorted(cumulative, g.uniform53(num_samples), side="left")
    else:
        q = p / _exponential_draws(generator, p.size, 1.0).astype(p.dtype).reshape(p.shape)
        out = np.argsort(-q, axis=-1, kind="stable")[:, :num_samples] if num_samples > 1 else \
            np.argmax(q, axis=-1)[:, None]
    return Tensor._make(out if x.ndim == 2 else out[0])
