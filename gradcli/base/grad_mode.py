"""Whether operations record a graph: torch.no_grad / enable_grad / set_grad_enabled."""

_enabled = True


def is_grad_enabled():
    return _enabled


class set_grad_enabled:
    """Sets the mode at once (usable as a plain call) and, used with `with`, restores the previous mode on exit."""

    def __init__(self, mode):
        global _enabled
        self.previous = _enabled
        _enabled = self.mode = bool(mode)

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        global _enabled
        _enabled = self.previous
        return False

    def __repr__(self):
        return "torch.autograd.grad_mode.set_grad_enabled(mode=%s)" % self.mode


class _GradModeContext:
    mode = True

    def __enter__(self):
        global _enabled
        self.previous = _enabled
        _enabled = self.mode
        return None

    def __exit__(self, *exc):
        global _enabled
        _enabled = self.previous
        return False

    def __call__(self, fn):
        """As a decorator (`@torch.no_grad()`): each call of fn runs in this mode."""
        mode = self.mode

        def decorated(*args, **kwargs):
            global _enabled
            previous, _enabled = _enabled, mode
            try:
                return fn(*args, **kwargs)
            finally:
                _enabled = previous
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
        global _inference
        self.previous_inference = _inference
        _inference = self.inference
        return super().__enter__()

    def __exit__(self, *exc):
        global _inference
        _inference = self.previous_inference
        return super().__exit__(*exc)


_inference = False


def is_inference_mode_enabled():
    return _inference


def snapshot():
    """The whole mode, (grad enabled, inference mode), for restore()."""
    return _enabled, _inference


def restore(mode):
    """Set the mode a snapshot() gave."""
    global _enabled, _inference
    _enabled, _inference = mode
