"""torch.optim.SGD: plain, with momentum (dampening, Nesterov), weight decay, maximize."""

import numpy as np

from .optimizer import (Optimizer, check_hyperparameters, check_implementation, flat, plain, separate, to_scalar,
                        write_flat)
from ...base import errors
from ...ops.rows.arithmetic import ADD, MUL


class SGD(Optimizer):
    """torch.optim.SGD(params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
    maximize=False)."""

    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False, foreach=None, differentiable=False, fused=None):
        check_hyperparameters(lr, momentum=(momentum, "momentum value"),
                              weight_decay=(weight_decay, "weight_decay value"))
        check_implementation("SGD", foreach, fused, differentiable=differentiable)
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening, "weight_decay": weight_decay,
                    "nesterov": nesterov, "maximize": maximize, "foreach": foreach,
                    "differentiable": differentiable, "fused": fused}
        if nesterov and (momentum <= 0 or dampening != 0):
            raise errors.value_error("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)

    def _update(self, group):
        """torch.optim.sgd._single_tensor_sgd."""
        lr, momentum, weight_decay = to_scalar(group["lr"]), group["momentum"], group["weight_decay"]
        plain_momentum = momentum != 0 and not group["maximize"] and not group["nesterov"]
        if plain_momentum and self._foreach_update(group["params"], lr, momentum, group["dampening"], weight_decay):
            return
        for p in group["params"]:
            if p.grad is None:
                continue
            grad = p.grad if not group["maximize"] else -p.grad
            if plain_momentum and self._foreach_update([p], lr, momentum, group["dampening"], weight_decay):
                continue
            if weight_decay != 0:
                grad = grad.add(p, alpha=weight_decay)
            if momentum != 0:
                state = self.state[p]
                buf = state.get("momentum_buffer")
                if buf is None:
                    buf = state["momentum_buffer"] = grad.detach().clone()
                else:
                    buf.mul_(momentum).add_(grad, alpha=1 - group["dampening"])
                grad = grad.add(buf, alpha=momentum) if group["nesterov"] else buf
            p.add_(grad, alpha=-lr)

    def _foreach_update(self, params, lr, momentum, dampening, weight_decay):
        """The loop's ops (with momentum, without nesterov and maximize) once for all `params`, on their values
        end to end (optimizer.flat), when each is a plain leaf with a gradient and a momentum buffer, all of one
        dtype and apart (optimizer.separate); False where that does not apply (the loop's tensor ops run)."""
        grads, bufs = [], []
        for p in params:
            state = self.state.get(p)
            buf = state.get("momentum_buffer") if state else None
            if p._grad is None or buf is None or p._view is not None or p._grad_fn is not None or not plain(
                    p, p._grad, buf) or p.array.dtype != params[0].array.dtype:
                return False
            grads.append(p._grad)
            bufs.append(buf)
        if not separate(list(params) + bufs, grads):
            return False
        p_values, b_values = _plain_arrays(flat(params), flat(grads), flat(bufs), lr, momentum, dampening,
                                           weight_decay)
        write_flat(bufs, b_values, ops=2)  # mul_, add_
        write_flat(params, p_values)
        return True


def _plain_arrays(p, grad, buf, lr, momentum, dampening, weight_decay):
    """The new parameter and momentum buffer values of _update's ops (without nesterov and maximize), on
    arrays: the same forwards on the same operands, in the same order."""
    dtype = buf.dtype  # each op's result is written into the buffer: rounded to its dtype
    if weight_decay != 0:
        grad = ADD.forward(grad, p, alpha=weight_decay)
    buf = np.asarray(MUL.forward(buf, momentum)).astype(dtype, copy=False)
    buf = np.asarray(ADD.forward(buf, grad, alpha=1 - dampening)).astype(dtype, copy=False)
    return np.asarray(ADD.forward(p, buf, alpha=-lr)), buf
