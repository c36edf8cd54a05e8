"""accel/'s compiled modules (gradcli_accel: the kernels; gradcli_lalr: the parse loop), each optional: the pure
Python code stays the definition and the default. GRADCLI_PURE_KERNELS=1 in the environment keeps every compiled
part out (.ci/run tests both ways)."""

import os


def pure():
    """Whether GRADCLI_PURE_KERNELS keeps the compiled parts out (read when asked)."""
    return os.environ.get("GRADCLI_PURE_KERNELS", "") not in ("", "0")


def compiled_module(name):
    """accel/'s module `name`, imported; None where it is not installed, or pure()."""
    if pure():
        return None
    try:
        return __import__(name)
    except ImportError:
        return None
