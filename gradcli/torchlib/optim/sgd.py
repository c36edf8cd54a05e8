"""torch.optim.SGD: plain, with momentum (dampening, Nesterov), weight decay, maximize."""

from .optimizer import Optimizer, check_hyperparameters, check_implementation, plain, to_scalar, write
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
        for p in group["params"]:
            if p.grad is None:
                continue
            if momentum != 0 and not group["maximize"] and not group["nesterov"]:
                buf = self.state[p].get("momentum_buffer")
                if buf is not None and plain(p, p.grad, buf):
                    _plain_update(p, buf, lr, momentum, group["dampening"], weight_decay)
                    continue
            grad = p.grad if not group["maximize"] else -p.grad
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


def _plain_update(p, buf, lr, momentum, dampening, weight_decay):
    """_update's ops for a parameter with a momentum buffer (without nesterov and maximize) on the arrays
    (optimizer.write): the same forwards on the same operands, in the same order."""
    grad = p.grad.array
    if weight_decay != 0:
        grad = ADD.forward(grad, p.array, alpha=weight_decay)
    write(buf, MUL.forward(buf.array, momentum))
    write(buf, ADD.forward(buf.array, grad, alpha=1 - dampening))
    write(p, ADD.forward(p.array, buf.array, alpha=-lr))
