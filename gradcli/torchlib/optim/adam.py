"""torch.optim.Adam: amsgrad, weight decay (coupled, or decoupled as AdamW's), maximize."""

import numpy as np

from .optimizer import (Optimizer, check_hyperparameters, check_implementation, new_step, plain, to_scalar, write,
                        zeros_like)
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
        for param, state in self._with_grad(group):
            if not state:
                state["step"] = new_step()
                state["exp_avg"] = zeros_like(param)
                state["exp_avg_sq"] = zeros_like(param)
                if group["amsgrad"]:
                    state["max_exp_avg_sq"] = zeros_like(param)
            exp_avg, exp_avg_sq, step_t = state["exp_avg"], state["exp_avg_sq"], state["step"]
            if not group["amsgrad"] and not group["maximize"] and _plain_step(step_t) and plain(
                    param, param.grad, exp_avg, exp_avg_sq):
                _plain_update(param, exp_avg, exp_avg_sq, step_t, lr, beta1, beta2, eps, weight_decay,
                              group["decoupled_weight_decay"])
                continue
            grad = param.grad if not group["maximize"] else -param.grad
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



def _plain_step(step_t):
    return isinstance(step_t, Tensor) and step_t.array.__class__ is np.ndarray and step_t.array.ndim == 0


def _plain_update(param, exp_avg, exp_avg_sq, step_t, lr, beta1, beta2, eps, weight_decay, decoupled):
    """_update's ops for one parameter (without amsgrad and maximize) on the arrays (optimizer.write): the
    same forwards on the same operands, in the same order."""
    p, grad, m, v = param.array, param.grad.array, exp_avg.array, exp_avg_sq.array
    write(step_t, ADD.forward(step_t.array, 1))
    if weight_decay != 0:
        if decoupled:
            write(param, MUL.forward(p, 1 - lr * weight_decay))
        else:
            grad = ADD.forward(grad, p, alpha=weight_decay)
    write(exp_avg, LERP.forward(m, grad, weight=1 - beta1))
    write(exp_avg_sq, MUL.forward(v, beta2))
    write(exp_avg_sq, ADDCMUL.forward(v, grad, grad, value=1 - beta2))
    step = step_t.item()
    step_size = lr / (1 - beta1 ** step)
    bias_correction2_sqrt = (1 - beta2 ** step) ** 0.5
    denom = ADD.forward(DIV.forward(SQRT.forward(v), bias_correction2_sqrt), eps)
    write(param, ADDCDIV.forward(p, m, denom, value=-step_size))
