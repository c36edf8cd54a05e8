"""The two machine facts torch's CPU arithmetic depends on: the vector capability ATen dispatches to and the
number of threads that split a large reduction or loop.

Capability: torch picks AVX512 when the CPU has avx512f/bw/vl/dq and fma, AVX2 when it has avx2 and fma, else
the scalar "default" build; the `ATEN_CPU_CAPABILITY` environment variable can only lower the choice. gradcli
reads `GRADCLI_CPU_CAPABILITY` (falling back to `ATEN_CPU_CAPABILITY`) the same way. The CPU flags come from
/proc/cpuinfo on Linux; elsewhere an x86-64 machine is taken to be AVX2 and any other the default build.

Threads: torch uses one thread per physical core unless `OMP_NUM_THREADS` or `MKL_NUM_THREADS` says otherwise,
and `torch.set_num_threads` changes it; results of reductions over 32768 elements or more depend on it. The
machine's count is found once; a count set by `set_num_threads` is the run state's (base.runstate), so a
script's lasts for its run only.

MKL's path: Intel MKL (torch's VML functions and matrix products) picks its own kernels by the CPU's vendor and
instruction set, whatever ATen's capability; their last bits differ between an AMD EPYC and an Intel Xeon, so
goldens of MKL results are keyed by `mkl_path()`.
"""

import os
import platform

from ..base.runstate import current

CAPABILITIES = ("default", "avx2", "avx512")
_FLAGS_AVX512 = {"avx512f", "avx512bw", "avx512vl", "avx512dq", "fma"}
_FLAGS_AVX2 = {"avx2", "fma"}

_capability = None
_machine_threads = None


def capability():
    """The capability whose arithmetic the kernels reproduce: 'avx512', 'avx2' or 'default'."""
    global _capability
    if _capability is None:
        _capability = _lowered(_detected(), os.environ.get("GRADCLI_CPU_CAPABILITY")
                               or os.environ.get("ATEN_CPU_CAPABILITY"))
    return _capability


def set_capability(name=None):
    """Use `name`'s arithmetic from now on (tests record both widths); None goes back to the detected one."""
    global _capability
    if name is not None and name not in CAPABILITIES:
        raise ValueError(f"unknown CPU capability {name!r}; expected one of {', '.join(CAPABILITIES)}")
    _capability = name


def vendor():
    """The CPU vendor as /proc/cpuinfo names it ('GenuineIntel', 'AuthenticAMD'), or 'unknown'."""
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("vendor_id"):
                    return line.partition(":")[2].strip()
    except OSError:
        pass
    return "unknown"


def mkl_path():
    """What decides which kernels MKL runs here: the vendor and the machine's own instruction set (MKL does not
    follow ATEN_CPU_CAPABILITY), e.g. 'GenuineIntel-avx512'."""
    return f"{vendor()}-{_detected()}"


def num_threads():
    """The thread count torch would use here (torch.get_num_threads()): the run's, else the machine's."""
    threads = current().threads
    if threads is not None:
        return threads
    global _machine_threads
    if _machine_threads is None:
        _machine_threads = _environment_threads() or _physical_cores() or os.cpu_count() or 1
    return _machine_threads


def set_num_threads(n=None):
    """torch.set_num_threads, for this run; None goes back to the machine's count (found again: tests change the
    environment)."""
    global _machine_threads
    if n is not None and int(n) < 1:
        raise ValueError("set_num_threads expects a positive integer")
    current().threads = None if n is None else int(n)
    if n is None:
        _machine_threads = None


def _lowered(detected, requested):
    if requested and requested.lower() in CAPABILITIES:
        requested = requested.lower()
        return min(detected, requested, key=CAPABILITIES.index)
    return detected


def _detected():
    flags = _cpuinfo_flags()
    if flags is None:
        machine = platform.machine().lower()
        return "avx2" if machine in ("x86_64", "amd64") else "default"
    if _FLAGS_AVX512 <= flags:
        return "avx512"
    return "avx2" if _FLAGS_AVX2 <= flags else "default"


def _cpuinfo_flags():
    """The first processor's flags from /proc/cpuinfo, or None where there is no such file."""
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.partition(":")[2].split())
    except OSError:
        return None
    return set()


def _physical_cores():
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
            text = f.read()
    except OSError:
        return None
    cores = set()
    package = core = None
    for line in text.splitlines() + [""]:
        key, _, value = line.partition(":")
        key = key.strip()
        if key == "physical id":
            package = value.strip()
        elif key == "core id":
            core = value.strip()
        elif not key and core is not None:
            cores.add((package, core))
            package = core = None
    return len(cores) or None


def _environment_threads():
    threads = None
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):  # torch lets the second override the first
        value = os.environ.get(name, "").strip()
        if value.isdigit() and int(value) > 0:
            threads = int(value)
    return threads
