"""Whether operations record a graph: torch.no_grad / enable_grad / set_grad_enabled / inference_mode.

The mode is the run state's (base.runstate): a script's `torch.set_grad_enabled(False)` is its own run's.
"""

from .runstate import current, lookup


def is_grad_enabled():
    return (lookup(None) or current()).grad_enabled  # (runstate.lookup: no Python call once the thread has a state)


class set_grad_enabled:
    """Sets the mode at once (usable as a plain call) and, used with `with`, restores the previous mode on exit."""

    def __init__(self, mode):
        state = current()
        self.previous = state.grad_enabled
        state.grad_enabled = self.mode = bool(mode)

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        current().grad_enabled = self.previous
        return False

    def __repr__(self):
        return "torch.autograd.grad_mode.set_grad_enabled(mode=%s)" % self.mode


class _GradModeContext:
    mode = True

    def __enter__(self):
        state = current()
        self.previous = state.grad_enabled
        state.grad_enabled = self.mode
        return None

    def __exit__(self, *exc):
        current().grad_enabled = self.previous
        return False

    def __call__(self, fn):
        """As a decorator (`@torch.no_grad()`): each call of fn runs in this mode."""
        mode = self.mode

        def decorated(*args, **kwargs):
            state = current()
            previous, state.grad_enabled = state.grad_enabled, mode
            try:
                return fn(*args, **kwargs)
            finally:
                state.grad_enabled = previous
        return decorated


class _Decorating(_GradModeContext):
    """no_grad and enable_grad also decorate bare, as torch 2's do: `@torch.no_grad` is `@torch.no_grad()`."""

    def __new__(cls, orig_func=None):
        if orig_func is None:
            return super().__new__(cls)
        if not callable(orig_func):
            raise TypeError("%s() takes no arguments" % cls.__name__)
        return cls()(orig_func)


class no_grad(_Decorating):
    mode = False


class enable_grad(_Decorating):
    mode = True


class inference_mode(_GradModeContext):
    """torch.inference_mode: no graph is recorded inside, as under no_grad. (torch also marks the tensors made
    inside as inference tensors, which only changes what fails when they later meet autograd.)"""

    def __init__(self, mode=True):
        self.mode = not mode
        self.inference = bool(mode)

    def __enter__(self):
        state = current()
        self.previous_inference = state.inference
        state.inference = self.inference
        return super().__enter__()

    def __exit__(self, *exc):
        current().inference = self.previous_inference
        return super().__exit__(*exc)


def is_inference_mode_enabled():
    return current().inference
