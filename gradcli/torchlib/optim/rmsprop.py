"""torch.optim.RMSprop: centered, momentum, weight decay, maximize."""

from .optimizer import Optimizer, check_hyperparameters, check_implementation, new_step, to_scalar, zeros_like


class RMSprop(Optimizer):
    """torch.optim.RMSprop(params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
    capturable=False, foreach=None, maximize=False, differentiable=False)."""

    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                 capturable=False, foreach=None, maximize=False, differentiable=False):
        check_hyperparameters(lr, eps=(eps, "epsilon value"), momentum=(momentum, "momentum value"),
                              weight_decay=(weight_decay, "weight_decay value"), alpha=(alpha, "alpha value"))
        check_implementation("RMSprop", foreach, capturable=capturable, differentiable=differentiable)
        defaults = {"lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps, "centered": centered,
                    "weight_decay": weight_decay, "capturable": capturable, "foreach": foreach,
                    "maximize": maximize, "differentiable": differentiable}
        super().__init__(params, defaults)

    def _update(self, group):
        """torch.optim.rmsprop._single_tensor_rmsprop."""
        lr, alpha, eps = to_scalar(group["lr"]), group["alpha"], group["eps"]
        weight_decay, momentum = group["weight_decay"], group["momentum"]
        for param, state in self._with_grad(group):
            if not state:
                state["step"] = new_step()
                state["square_avg"] = zeros_like(param)
                if momentum > 0:
                    state["momentum_buffer"] = zeros_like(param)
                if group["centered"]:
                    state["grad_avg"] = zeros_like(param)
            grad = param.grad if not group["maximize"] else -param.grad
            square_avg = state["square_avg"]
            state["step"] += 1
            if weight_decay != 0:
                grad = grad.add(param, alpha=weight_decay)
            square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
            if group["centered"]:
                grad_avg = state["grad_avg"]
                grad_avg.lerp_(grad, 1 - alpha)
                avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
            else:
                avg = square_avg.sqrt()
            avg = avg.add_(eps)
            if momentum > 0:
                buf = state["momentum_buffer"]
                buf.mul_(momentum).addcdiv_(grad, avg)
                param.add_(buf, alpha=-lr)
            else:
                param.addcdiv_(grad, avg, value=-lr)
