"""Intel MKL's vector math (VML), through the library itself when it is installed (`pip install
'gradcli[mkl]'`, the `mkl` package of the version torch's x86 wheels link).

torch's x86 builds compute float32/64 sqrt (and exp, log, tanh, ...) with MKL's VML in its VML_HA mode. Its
code is closed, so no port can give its roundings (MKL's float32 sqrt is not correctly rounded); the library
gives them bit for bit. Without it, `vml` returns None and callers keep their estimate. Nothing is loaded until
a first call; MKL computes on the calling thread only (MKL_Set_Num_Threads_Local, restored after).
"""

import ctypes
import ctypes.util
import os
import sys

import numpy as np

_MODE = 0x2 | 0x00140000 | 0x100  # VML_HA | VML_FTZDAZ_OFF | VML_ERRMODE_IGNORE: torch's mode
_CHUNK = 1 << 30  # elements per call (MKL's LP64 interface counts in a 32-bit int)
_library = None  # the loaded library, False when there is none


def _candidates():
    """Where pip's mkl wheel puts the runtime library (sys.prefix/lib, or Library/bin on Windows), then the
    system's search path."""
    names = {"win32": ["mkl_rt.2.dll", "mkl_rt.dll"], "darwin": ["libmkl_rt.2.dylib", "libmkl_rt.dylib"]}.get(
        sys.platform, ["libmkl_rt.so.2", "libmkl_rt.so"])
    for folder in (os.path.join(sys.prefix, "lib"), os.path.join(sys.prefix, "Library", "bin")):
        for name in names:
            yield os.path.join(folder, name)
    found = ctypes.util.find_library("mkl_rt")
    if found:
        yield found


def library():
    """MKL's runtime library (ctypes), or None when it is not installed."""
    global _library
    if _library is None:
        _library = False
        for path in _candidates():
            if os.path.isabs(path) and not os.path.exists(path):
                continue
            try:
                _library = ctypes.CDLL(path)
                break
            except OSError:
                continue
    return _library or None


def available():
    return library() is not None


def vml(name, x):
    """MKL's v<s|d><name> (e.g. "Sqrt") of a float32/float64 array, as torch calls it; None without MKL or
    for another dtype."""
    lib = library()
    x = np.asarray(x)
    if lib is None or x.dtype not in (np.float32, np.float64):
        return None
    function = getattr(lib, "vm%s%s" % ("s" if x.dtype == np.float32 else "d", name))
    # the result laid out in memory as x (torch's TensorIterator does so, and a later reduction adds in memory order)
    order = np.argsort([-abs(stride) for stride in x.strides], kind="stable")
    view = x.transpose(order)
    source = view if view.flags.c_contiguous else np.ascontiguousarray(view).reshape(view.shape)  # (0-dim stays)
    out = np.empty(source.shape, source.dtype)
    flat_in, flat_out = source.reshape(-1), out.reshape(-1)
    threads = lib.MKL_Set_Num_Threads_Local(ctypes.c_int(1))
    try:
        for start in range(0, flat_in.size, _CHUNK):
            n = min(_CHUNK, flat_in.size - start)
            function(ctypes.c_int(n), ctypes.c_void_p(flat_in[start:].ctypes.data),
                     ctypes.c_void_p(flat_out[start:].ctypes.data), ctypes.c_longlong(_MODE))
    finally:
        lib.MKL_Set_Num_Threads_Local(ctypes.c_int(threads))
    return out.transpose(np.argsort(order)) if out.ndim else out[()]  # (0-dim: a scalar, as numpy's ufuncs give)
