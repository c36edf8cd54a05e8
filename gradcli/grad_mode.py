"""Whether operations record a graph: torch.no_grad / enable_grad / set_grad_enabled."""

_enabled = True


def is_grad_enabled():
    return _enabled


class set_grad_enabled:
    """Sets the mode at once (usable as a plain call) and, used with `with`, restores the previous mode on exit."""

    def __init__(self, mode):
        global _enabled
        self.previous = _enabled
        _enabled = bool(mode)

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        global _enabled
        _enabled = self.previous
        return False


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


class no_grad(_GradModeContext):
    mode = False


class enable_grad(_GradModeContext):
    mode = True
