"""accel/'s compiled modules (gradcli_accel: the kernels; gradcli_lalr: the parse loop), each optional: the pure
Python code stays the definition and the default. GRADCLI_PURE_KERNELS=1 in the environment keeps every compiled
part out (.ci/run tests both ways); each module's one importer asks pure() first."""

import os


def pure():
    """Whether GRADCLI_PURE_KERNELS keeps the compiled parts out (read when asked)."""
    return os.environ.get("GRADCLI_PURE_KERNELS", "") not in ("", "0")
