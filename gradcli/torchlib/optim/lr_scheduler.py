"""torch.optim.lr_scheduler: StepLR, MultiStepLR, ExponentialLR, LambdaLR, CosineAnnealingLR.

A scheduler sets each parameter group's `lr` at construction and at every step(), with torch's recursive
formulas in Python floats (so the values are torch's bit for bit).
"""

import math

from .optimizer import Optimizer
from ...base import errors
from ...core.tensor import Tensor

_EPOCH_DEPRECATED = (
    "The epoch parameter in `scheduler.step()` was not necessary and is being deprecated where possible. Please "
    "use `scheduler.step()` to step the scheduler. During the deprecation, if epoch is different from None, the "
    "closed form is used instead of the new chainable form, where available. Please open an issue if you are "
    "unable to replicate your use case: https://github.com/pytorch/pytorch/issues/new/choose.")
_STEP_ORDER = (
    "Detected call of `lr_scheduler.step()` before `optimizer.step()`. In PyTorch 1.1.0 and later, you should "
    "call them in the opposite order: `optimizer.step()` before `lr_scheduler.step()`.  Failure to do this will "
    "result in PyTorch skipping the first value of the learning rate schedule. See more details at "
    "https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate")


def _lrs(optimizer):
    return [g["lr"].clone() if isinstance(g["lr"], Tensor) else g["lr"] for g in optimizer.param_groups]


class LRScheduler:
    """torch.optim.lr_scheduler.LRScheduler: `optimizer`, `base_lrs`, `last_epoch`, step(), get_last_lr()."""

    def __init__(self, optimizer, last_epoch=-1):
        if not isinstance(optimizer, Optimizer):
            raise errors.type_error("%s is not an Optimizer" % type(optimizer).__name__)
        self.optimizer = optimizer
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault("initial_lr", group["lr"].clone() if isinstance(group["lr"], Tensor)
                                 else group["lr"])
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise errors.GradcliError(repr(
                        "param 'initial_lr' is not specified in param_groups[%d] when resuming scheduler with "
                        "last_epoch >= 0.\nThis typically happens when:\n1. You're trying to resume training from "
                        "a checkpoint but haven't properly loaded the optimizer state\n2. You're using last_epoch "
                        ">= 0 for a fresh training run (not recommended)" % i), "KeyError")
        self.base_lrs = [g["initial_lr"] for g in optimizer.param_groups]
        self.last_epoch = last_epoch
        optimizer._scheduled = True
        self._step_count = 0
        self._is_initial = True
        self._get_lr_called_within_step = False  # (torch's state_dict shows it)
        self.step()
        self._is_initial = False

    def get_last_lr(self):
        """The learning rates the last step() set, one per parameter group."""
        return self._last_lr

    def get_lr(self):
        """The learning rates a step would set now (torch warns: get_last_lr() is what a script should read)."""
        errors.warn("To get the last learning rate computed by the scheduler, please use `get_last_lr()`.")
        return self._next_lrs()

    def step(self, epoch=None):
        """Advance one epoch and set the groups' learning rates (with `epoch`: jump there, deprecated)."""
        if self._step_count == 1 and not getattr(self.optimizer, "_opt_called", False):
            errors.warn(_STEP_ORDER)
        self._step_count += 1
        if epoch is None:
            self.last_epoch += 1
            values = self._next_lrs()
        else:
            errors.warn(_EPOCH_DEPRECATED)
            self.last_epoch = epoch
            values = self._closed_form() if hasattr(self, "_closed_form") else self._next_lrs()
        for group, lr in zip(self.optimizer.param_groups, values):
            if isinstance(group["lr"], Tensor):
                group["lr"].fill_(lr)
            else:
                group["lr"] = lr
        self._last_lr = _lrs(self.optimizer)

    def state_dict(self):
        """Every attribute but the optimizer."""
        return {k: v for k, v in vars(self).items() if k != "optimizer"}

    def load_state_dict(self, state_dict):
        vars(self).update(state_dict)

    def __repr__(self):
        return "<torch.optim.lr_scheduler.%s object at %#x>" % (type(self).__name__, id(self))


class StepLR(LRScheduler):
    """Multiply the learning rates by gamma every step_size epochs."""

    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1):
        self.step_size, self.gamma = step_size, gamma
        super().__init__(optimizer, last_epoch)

    def _next_lrs(self):
        if self.last_epoch == 0 or self.last_epoch % self.step_size != 0:
            return _lrs(self.optimizer)
        return [group["lr"] * self.gamma for group in self.optimizer.param_groups]

    def _closed_form(self):
        return [base_lr * self.gamma ** (self.last_epoch // self.step_size) for base_lr in self.base_lrs]


class MultiStepLR(LRScheduler):
    """Multiply the learning rates by gamma at each milestone epoch."""

    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1):
        self.milestones = {}
        for m in sorted(milestones):
            self.milestones[m] = self.milestones.get(m, 0) + 1
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def _next_lrs(self):
        if self.last_epoch not in self.milestones:
            return _lrs(self.optimizer)
        return [group["lr"] * self.gamma ** self.milestones[self.last_epoch]
                for group in self.optimizer.param_groups]

    def _closed_form(self):
        passed = sum(n for m, n in self.milestones.items() if m <= self.last_epoch)
        return [base_lr * self.gamma ** passed for base_lr in self.base_lrs]


class ExponentialLR(LRScheduler):
    """Multiply the learning rates by gamma every epoch."""

    def __init__(self, optimizer, gamma, last_epoch=-1):
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def _next_lrs(self):
        if self._is_initial:
            return _lrs(self.optimizer)
        return [group["lr"] * self.gamma for group in self.optimizer.param_groups]

    def _closed_form(self):
        return [base_lr * self.gamma ** self.last_epoch for base_lr in self.base_lrs]


class LambdaLR(LRScheduler):
    """The initial learning rates times lr_lambda(epoch) (one function, or one per parameter group)."""

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.optimizer = optimizer
        if not isinstance(lr_lambda, (list, tuple)):
            self.lr_lambdas = [lr_lambda] * len(optimizer.param_groups)
        else:
            if len(lr_lambda) != len(optimizer.param_groups):
                raise errors.value_error("Expected %d lr_lambdas, but got %d"
                                         % (len(optimizer.param_groups), len(lr_lambda)))
            self.lr_lambdas = list(lr_lambda)
        super().__init__(optimizer, last_epoch)

    def _next_lrs(self):
        return [base_lr * f(self.last_epoch) for f, base_lr in zip(self.lr_lambdas, self.base_lrs)]

    def state_dict(self):
        state = {k: v for k, v in vars(self).items() if k not in ("optimizer", "lr_lambdas")}
        state["lr_lambdas"] = [None] * len(self.lr_lambdas)
        return state

    def load_state_dict(self, state_dict):
        state = dict(state_dict)
        state.pop("lr_lambdas", None)
        vars(self).update(state)


class CosineAnnealingLR(LRScheduler):
    """Cosine annealing from the initial learning rates down to eta_min over T_max epochs (and back up)."""

    def __init__(self, optimizer, T_max, eta_min=0.0, last_epoch=-1):
        self.T_max, self.eta_min = T_max, eta_min
        super().__init__(optimizer, last_epoch)

    def _next_lrs(self):
        groups, eta_min, t_max = self.optimizer.param_groups, self.eta_min, self.T_max
        if self._is_initial:
            return _lrs(self.optimizer)
        if self._step_count == 1 and self.last_epoch > 0:
            return [eta_min + (base_lr - eta_min) * (1 + math.cos(self.last_epoch * math.pi / t_max)) / 2
                    for base_lr in self.base_lrs]
        if (self.last_epoch - 1 - t_max) % (2 * t_max) == 0:
            return [group["lr"] + (base_lr - eta_min) * (1 - math.cos(math.pi / t_max)) / 2
                    for base_lr, group in zip(self.base_lrs, groups)]
        return [(1 + math.cos(math.pi * self.last_epoch / t_max))
                / (1 + math.cos(math.pi * (self.last_epoch - 1) / t_max)) * (group["lr"] - eta_min) + eta_min
                for group in groups]

    def _closed_form(self):
        return [self.eta_min + (base_lr - self.eta_min) * (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2
                for base_lr in self.base_lrs]
