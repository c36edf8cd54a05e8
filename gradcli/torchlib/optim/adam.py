"""torch.optim.Adam: amsgrad, weight decay (coupled, or decoupled as AdamW's), maximize."""

import numpy as np

from .optimizer import (Optimizer, check_hyperparameters, check_implementation, flat, new_step, plain, separate,
                        to_scalar, write, write_flat, zeros_like)
from ...base import errors
from ...core.tensor import Tensor
from ...ops.rows.arithmetic import ADD, ADDCDIV, ADDCMUL, DIV, LERP, MUL
from ...ops.rows.elementwise import SQRT


class Adam(Optimizer):
    """torch.optim.Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
    maximize=False, decoupled_weight_decay=False)."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=None,
                 decoupled_weight_decay=False):
        check_hyperparameters(lr, eps=(eps, "epsilon value"))
        for i, beta in enumerate(betas):
            if not 0.0 <= beta < 1.0:
                raise errors.value_error("Invalid beta parameter at index %d: %s" % (i, beta))
        if not 0.0 <= weight_decay:
            raise errors.value_error("Invalid weight_decay value: %s" % (weight_decay,))
        if not all(isinstance(b, float) for b in betas):
            raise errors.value_error("betas must be either both floats or both Tensors")
        check_implementation(type(self).__name__, foreach, fused, capturable, differentiable)
        defaults = {"lr": lr, "betas": tuple(betas), "eps": eps, "weight_decay": weight_decay, "amsgrad": amsgrad,
                    "maximize": maximize, "foreach": foreach, "capturable": capturable,
                    "differentiable": differentiable, "fused": fused,
                    "decoupled_weight_decay": decoupled_weight_decay}
        super().__init__(params, defaults)

    def _update(self, group):
        """torch.optim.adam._single_tensor_adam (its float-hyperparameter path)."""
        lr, (beta1, beta2) = to_scalar(group["lr"]), group["betas"]
        weight_decay, eps = group["weight_decay"], group["eps"]
        pairs = self._with_grad(group)
        plain_group = not group["amsgrad"] and not group["maximize"]
        if plain_group and self._foreach_update(pairs, group):
            return
        for param, state in pairs:
            if not state:
                state["step"] = new_step()
                state["exp_avg"] = zeros_like(param)
                state["exp_avg_sq"] = zeros_like(param)
                if group["amsgrad"]:
                    state["max_exp_avg_sq"] = zeros_like(param)
            exp_avg, exp_avg_sq, step_t = state["exp_avg"], state["exp_avg_sq"], state["step"]
            grad = param.grad if not group["maximize"] else -param.grad
            if plain_group and self._foreach_update([(param, state)], group):
                continue
            step_t += 1
            if weight_decay != 0:
                if group["decoupled_weight_decay"]:
                    param.mul_(1 - lr * weight_decay)
                else:
                    grad = grad.add(param, alpha=weight_decay)
            exp_avg.lerp_(grad, 1 - beta1)
            exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
            step = step_t.item()
            step_size = lr / (1 - beta1 ** step)
            bias_correction2_sqrt = (1 - beta2 ** step) ** 0.5
            if group["amsgrad"]:
                maximum = state["max_exp_avg_sq"]
                maximum.copy_(maximum.maximum(exp_avg_sq))
                denom = (maximum.sqrt() / bias_correction2_sqrt).add_(eps)
            else:
                denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
            param.addcdiv_(exp_avg, denom, value=-step_size)

    def _foreach_update(self, pairs, group):
        """The loop's ops (without amsgrad and maximize) once for all the (parameter, state) `pairs`, on their
        values end to end (optimizer.flat), when each parameter is a plain leaf with its state made, all of one
        dtype, at one step count and apart (optimizer.separate); False where that does not apply (the loop's
        tensor ops run)."""
        params, grads, exp_avgs, exp_avg_sqs, steps = [], [], [], [], []
        for param, state in pairs:
            step_t = state.get("step")
            if not isinstance(step_t, Tensor) or step_t.array.__class__ is not np.ndarray or step_t.array.ndim or \
                    param._view is not None or param._grad_fn is not None or param._grad is None or not plain(
                        param, param._grad, state["exp_avg"], state["exp_avg_sq"]):
                return False
            params.append(param)
            grads.append(param._grad)
            exp_avgs.append(state["exp_avg"])
            exp_avg_sqs.append(state["exp_avg_sq"])
            steps.append(step_t)
        if not params:
            return False
        first = params[0].array.dtype, steps[0].array.dtype, steps[0].array.item()
        if any((p.array.dtype, s.array.dtype, s.array.item()) != first for p, s in zip(params, steps)) or \
                not separate(params + exp_avgs + exp_avg_sqs + steps, grads):
            return False
        step = ADD.forward(steps[0].array, 1)  # (`step_t += 1` of each: one value, as all are at one step)
        for step_t in steps:
            write(step_t, step)
        decoupled = group["weight_decay"] != 0 and group["decoupled_weight_decay"]
        values = _plain_arrays(flat(params), flat(grads), flat(exp_avgs), flat(exp_avg_sqs), steps[0].item(),
                               to_scalar(group["lr"]), group["betas"], group["eps"], group["weight_decay"], decoupled)
        write_flat(exp_avgs, values[1])                # lerp_
        write_flat(exp_avg_sqs, values[2], ops=2)      # mul_, addcmul_
        write_flat(params, values[0], ops=1 + decoupled)  # (mul_), addcdiv_
        return True


def _plain_arrays(p, grad, m, v, step, lr, betas, eps, weight_decay, decoupled):
    """The new parameter, exp_avg and exp_avg_sq values of _update's ops (without amsgrad and maximize) on
    arrays: the same forwards on the same operands, in the same order, each in-place result rounded to its
    tensor's dtype as writing it keeps it."""
    dtype = p.dtype

    def stored(value):
        return np.asarray(value).astype(dtype, copy=False)

    beta1, beta2 = betas
    if weight_decay != 0:
        if decoupled:
            p = stored(MUL.forward(p, 1 - lr * weight_decay))
        else:
            grad = np.asarray(ADD.forward(grad, p, alpha=weight_decay))
    m = stored(LERP.forward(m, grad, weight=1 - beta1))
    v = stored(ADDCMUL.forward(stored(MUL.forward(v, beta2)), grad, grad, value=1 - beta2))
    step_size = lr / (1 - beta1 ** step)
    bias_correction2_sqrt = (1 - beta2 ** step) ** 0.5
    denom = stored(ADD.forward(np.asarray(DIV.forward(np.asarray(SQRT.forward(v)), bias_correction2_sqrt)), eps))
    return stored(ADDCDIV.forward(p, m, denom, value=-step_size)), m, v
