"""Goldens of what torch leaves to Intel MKL (VML functions, matrix products) are per MKL path
(gradcli.kernels.cpu.mkl_path(): the CPU's vendor and instruction set): MKL runs other kernels on an Intel Xeon than
on the AMD EPYC the goldens were first recorded on, and torch's last bits differ. A golden file holds RECORDED's
results; `<name>.mkl-<path>.<ext>` beside it holds another path's (the MKL-dependent results only). Used by the
recorders (torch, no gradcli needed beyond its cpu module) and by tests/conftest.py."""

RECORDED = "AuthenticAMD-avx512"  # the AMD EPYC (AVX-512) every golden was first recorded on


def golden_for(path, mkl_path):
    """The file holding `path`'s results for `mkl_path` (it may not exist: not recorded there)."""
    if mkl_path == RECORDED:
        return path
    stem, _, ext = path.name.rpartition(".")
    return path.with_name(f"{stem}.mkl-{mkl_path}.{ext}")
