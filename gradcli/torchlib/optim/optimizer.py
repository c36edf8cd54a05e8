"""torch.optim.Optimizer: parameter groups, per-parameter state, zero_grad, step, add_param_group, state_dict.

An algorithm (sgd.py, adam.py, ...) gives its defaults and `_update(group)`, which updates the parameters of one
group with gradcli's own tensor ops in the order torch's CPU single-tensor implementation runs them (torch takes
that path for CPU tensors: foreach and fused default to off), so every rounding is torch's. `step` runs the
updates without recording history, as torch's does.
"""

from collections import defaultdict

import numpy as np

from ...base import dtypes, errors, grad_mode
from ...ops.rows.creation import full, tensor
from ...core.tensor import Tensor


class _RequiredParameter:
    """torch.optim.optimizer.required: a default that a parameter group must override."""

    def __repr__(self):
        return "<required parameter>"


required = _RequiredParameter()


def type_name(value):
    """torch.typename: `torch.FloatTensor` for a tensor, the class name otherwise."""
    return value.dtype.legacy_name if isinstance(value, Tensor) else type(value).__name__


def to_scalar(value):
    """A hyperparameter as a python number (torch also takes 1-element tensors)."""
    return value.item() if isinstance(value, Tensor) else value


def new_step():
    """A `step` counter: a 0-dim tensor, float64 when that is the default dtype, else float32 (as torch's)."""
    return tensor(0.0, dtype=dtypes.float64 if dtypes.default_float() is dtypes.float64 else dtypes.float32)


def zeros_like(param):
    return full(tuple(param.shape), 0, dtype=param.dtype)


# ---------------------------------------------------------------- the array-level update
# A step's in-place ops on plain tensors, run as the rows' forwards on the arrays: what `x.op_(...)` does under
# no_grad (ops/inplace.rewrite_inplace: the op's forward, its result copied into x, x's version bumped) without
# making a Tensor per op. The same forwards in the same order give the same bits; what user code sees of the
# tensors (values, versions, no history) is the same (ops/fastpath's contract).
_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def plain(param, *others):
    """Whether the array-level update may stand for the in-place ops on `param` and `others` (its gradient and
    state tensors): numpy arrays of param's shape and one float32/float64 dtype, so that no op promotes or
    broadcasts, and none that overlaps itself (where the in-place op raises torch's error instead)."""
    array = param.array
    if array.__class__ is not np.ndarray or array.dtype not in _FLOATS:
        return False
    for other in others:
        a = other.array
        if a.__class__ is not np.ndarray or a.dtype != array.dtype or a.shape != array.shape:
            return False
    return all(0 not in t.array.strides or t.array.size <= 1 for t in (param,) + others)


def write(target, value):
    """`target.op_(...)`'s ending once the op's forward gave `value`: written into target, its version bumped."""
    np.copyto(target.array, value, casting="unsafe")
    target._version.value += 1


def flat(tensors):
    """The tensors' values end to end in one array: an operand of the foreach-like update, which runs each op
    once for all the parameters of a group (the ops are elementwise, so each element gets the same bits)."""
    return np.concatenate([t.array.reshape(-1) for t in tensors])


def write_flat(tensors, value, ops=1):
    """Each tensor's part of `value` written into it, its version bumped once for each of the `ops` in-place ops
    the update stands for (the values in between are the ops' own, never seen by user code)."""
    start = 0
    for t in tensors:
        a = t.array
        np.copyto(a, value[start:start + a.size].reshape(a.shape), casting="unsafe")
        start += a.size
        t._version.value += ops


def separate(written, read):
    """Whether no two tensors of `written` share memory, nor one of them with one of `read`: then one
    parameter's ops never see another's results, and the foreach-like update gives each the same values as the
    parameter after parameter loop."""
    roots = set()
    for t in written:
        root = _root(t.array)
        if root in roots:
            return False
        roots.add(root)
    return not any(_root(t.array) in roots for t in read)


def _root(array):
    """The id of the object that owns an array's memory."""
    while isinstance(array.base, np.ndarray):
        array = array.base
    return id(array if array.base is None else array.base)


def check_hyperparameters(lr, **limits):
    """torch's argument checks, in torch's words: `Invalid learning rate: -1`, `Invalid eps value: ...`.
    Each limit is (value, name in the message); a value must be >= 0."""
    if isinstance(lr, Tensor) and lr.numel() != 1:
        raise errors.value_error("Tensor lr must be 1-element")
    if not 0.0 <= to_scalar(lr):
        raise errors.value_error("Invalid learning rate: %s" % (lr,))
    for value, name in limits.values():
        if not 0.0 <= value:
            raise errors.value_error("Invalid %s: %s" % (name, value))


def check_implementation(name, foreach=None, fused=None, capturable=False, differentiable=False):
    """gradcli runs torch's CPU single-tensor implementation; the others (whose roundings differ) are refused."""
    for option, value in (("foreach", foreach), ("fused", fused), ("capturable", capturable),
                          ("differentiable", differentiable)):
        if value:
            raise errors.GradcliError("gradcli does not implement torch.optim.%s(%s=True) yet" % (name, option),
                                      "NotImplementedError")


class Optimizer:
    """torch.optim.Optimizer: `param_groups` (a list of dicts, each with its `params` and hyperparameters),
    `state` (per-parameter dicts of the algorithm's buffers), `defaults`."""

    def __init__(self, params, defaults):
        self.defaults = defaults
        if isinstance(params, Tensor):
            raise errors.type_error("params argument given to the optimizer should be an iterable of Tensors or "
                                    "dicts, but got " + type_name(params))
        self.state = defaultdict(dict)
        self.param_groups = []
        param_groups = list(params)
        if not param_groups:
            raise errors.value_error("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{"params": param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)
        self._scheduled = False  # a scheduler watches whether step() is called before its own (_opt_called)

    def add_param_group(self, param_group):
        """Add a group of parameters (a dict with `params` and, optionally, its own hyperparameters)."""
        if not isinstance(param_group, dict):
            raise errors.type_error("param_group must be a dict, but got %s" % type(param_group))
        params = param_group["params"]
        if isinstance(params, Tensor):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise errors.type_error("optimizer parameters need to be organized in ordered collections, but the "
                                    "ordering of tensors in sets will change between runs. Please use a list "
                                    "instead.")
        else:
            param_group["params"] = list(params)
        names = [p[0] for p in param_group["params"] if isinstance(p, tuple)]
        param_group["params"] = [p[1] if isinstance(p, tuple) else p for p in param_group["params"]]
        if names:
            if len(names) != len(param_group["params"]):
                raise errors.value_error("all optimizer params should be with/without names. Some param names "
                                         "are missing")
            param_group["param_names"] = names
        for param in param_group["params"]:
            if not isinstance(param, Tensor):
                raise errors.type_error("optimizer can only optimize Tensors, but one of the params is "
                                        + type_name(param))
            if not (param.is_leaf or param.retains_grad):
                raise errors.value_error("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise errors.value_error("parameter group didn't specify a value of required optimization "
                                         "parameter " + name)
            param_group.setdefault(name, default)
        if len({id(p) for p in param_group["params"]}) != len(param_group["params"]):
            errors.warn("optimizer contains a parameter group with duplicate parameters; in future, this will "
                        "cause an error; see github.com/pytorch/pytorch/issues/40967 for more information")
        seen = set()
        for group in self.param_groups:
            seen.update(id(p) for p in group["params"])
            if ("param_names" in param_group) != ("param_names" in group):
                raise errors.value_error("all optimizer param groups should be with/without names. cannot add "
                                         "param group %s names to the optimizer"
                                         % ("with" if "param_names" in param_group else "without"))
        if any(id(p) in seen for p in param_group["params"]):
            raise errors.value_error("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)

    def zero_grad(self, set_to_none=True):
        """Forget every parameter's gradient (set_to_none=False: fill it with zeros instead)."""
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                if set_to_none:
                    p.grad = None
                else:
                    if p.grad.grad_fn is not None:
                        p.grad.detach_()
                    else:
                        p.grad.requires_grad_(False)
                    p.grad.zero_()

    def step(self, closure=None):
        """One update of every parameter that has a gradient; with a closure, first re-evaluate the loss with
        it (its value is returned)."""
        if self._scheduled:
            self._opt_called = True
        loss = None
        if closure is not None:
            with grad_mode.enable_grad():
                loss = closure()
        with grad_mode.no_grad():
            for group in self.param_groups:
                self._update(group)
        return loss

    def _update(self, group):
        raise NotImplementedError

    def _with_grad(self, group):
        """The group's parameters that have a gradient, each with its state dict."""
        return [(p, self.state[p]) for p in group["params"] if p.grad is not None]

    def state_dict(self):
        """{'state': {index: the parameter's state}, 'param_groups': the groups with indices for params}: the
        indices count the parameters across groups in order."""
        index = {}
        groups = []
        for group in self.param_groups:
            packed = {k: v for k, v in group.items() if k != "params"}
            for p in group["params"]:
                index.setdefault(id(p), len(index))
            packed["params"] = [index[id(p)] for p in group["params"]]
            groups.append(packed)
        state = {(index[id(k)] if isinstance(k, Tensor) else k): v for k, v in self.state.items()}
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict):
        """Take the state and hyperparameters of `state_dict` (from state_dict()) for this optimizer's own
        parameters, matched by position. As torch, state tensors are converted to their parameter's floating
        dtype (`step` stays), and kept, not copied, when they have it already."""
        import copy
        saved = copy.deepcopy(state_dict["param_groups"])
        if len(saved) != len(self.param_groups):
            raise errors.value_error("loaded state dict has a different number of parameter groups")
        if any(len(g["params"]) != len(s["params"]) for g, s in zip(self.param_groups, saved)):
            raise errors.value_error("loaded state dict contains a parameter group that doesn't match the size "
                                     "of optimizer's group")
        by_index = {i: p for g, s in zip(self.param_groups, saved) for i, p in zip(s["params"], g["params"])}
        state = defaultdict(dict)
        for key, value in state_dict["state"].items():
            if key in by_index:
                state[by_index[key]] = _cast(by_index[key], value)
            else:
                state[key] = value
        for group, new in zip(self.param_groups, saved):
            new["params"] = group["params"]
            if "param_names" in group and "param_names" not in new:
                new["param_names"] = group["param_names"]
        self.state, self.param_groups = state, saved

    def __repr__(self):
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += "\nParameter Group %d\n" % i
            text += "".join("    %s: %s\n" % (key, group[key]) for key in sorted(group) if key != "params")
        return text + ")"


def _cast(param, value, key=None):
    """A loaded state value for `param`: tensors in its floating dtype (but `step`), containers rebuilt."""
    if isinstance(value, Tensor):
        return value.to(param.dtype) if key != "step" and param.is_floating_point() else value
    if isinstance(value, dict):
        return {k: _cast(param, v, k) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_cast(param, v) for v in value)
    return value
