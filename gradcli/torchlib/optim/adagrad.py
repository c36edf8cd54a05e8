"""torch.optim.Adagrad: learning-rate decay, weight decay, an initial accumulator value, maximize."""

from .optimizer import Optimizer, check_hyperparameters, check_implementation, new_step, to_scalar
from ...ops.rows.creation import full_like


class Adagrad(Optimizer):
    """torch.optim.Adagrad(params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
    foreach=None, *, maximize=False, differentiable=False, fused=None)."""

    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False, differentiable=False, fused=None):
        check_hyperparameters(lr, lr_decay=(lr_decay, "lr_decay value"),
                              weight_decay=(weight_decay, "weight_decay value"),
                              initial=(initial_accumulator_value, "initial_accumulator_value value"),
                              eps=(eps, "epsilon value"))
        check_implementation("Adagrad", foreach, fused, differentiable=differentiable)
        defaults = {"lr": lr, "lr_decay": lr_decay, "eps": eps, "weight_decay": weight_decay,
                    "initial_accumulator_value": initial_accumulator_value, "foreach": foreach,
                    "maximize": maximize, "differentiable": differentiable, "fused": fused}
        super().__init__(params, defaults)
        for group in self.param_groups:  # Adagrad makes its state at once, for every parameter
            for p in group["params"]:
                self._initial_state(p)

    def _initial_state(self, param):
        state = self.state[param]
        state["step"] = new_step()
        state["sum"] = full_like(param, self.defaults["initial_accumulator_value"])
        return state

    def _update(self, group):
        """torch.optim.adagrad._single_tensor_adagrad (dense gradients)."""
        lr, lr_decay, weight_decay, eps = to_scalar(group["lr"]), group["lr_decay"], group["weight_decay"], group["eps"]
        for param, state in self._with_grad(group):
            if not state:  # a group added after construction
                self._initial_state(param)
            step_t, state_sum = state["step"], state["sum"]
            step_t += 1
            step = step_t.item()
            grad = param.grad if not group["maximize"] else -param.grad
            if weight_decay != 0:
                grad = grad.add(param, alpha=weight_decay)
            clr = lr / (1 + (step - 1) * lr_decay)
            state_sum.addcmul_(grad, grad, value=1)
            std = state_sum.sqrt().add_(eps)
            param.addcdiv_(grad, std, value=-clr)
