"""Intel MKL's vector math (VML) and BLAS, through the library itself when it is installed (`pip install
'gradcli[mkl]'`, the `mkl` package of the version torch's x86 wheels link).

torch's x86 builds compute float32/64 sqrt (and exp, log, tanh, ...) with MKL's VML in its VML_HA mode, and
mm, addmm, mv and dot with MKL's ?gemm, ?gemv and ?dot. Its code is closed, so no port can give its roundings
(MKL's float32 sqrt is not correctly rounded; its products add in an order it picks by shape and CPU); the
library gives them bit for bit. Without it, `vml`, `gemm`, `gemv` and `dot` return None and callers keep their
estimate or numpy's. Nothing is loaded until a first call; MKL computes on the calling thread only
(MKL_Set_Num_Threads_Local, restored after).
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


# ---------------------------------------------------------------- BLAS: torch's mm, addmm, mv and dot of float32/64
_ROW_MAJOR, _NO_TRANS, _TRANS = 101, 111, 112


def _blas(*arrays):
    """MKL and the routine prefix ("s"/"d") when every operand is float32 or every one float64, else None."""
    lib = library()
    dtype = arrays[0].dtype
    if lib is None or dtype not in (np.float32, np.float64) or any(a.dtype != dtype for a in arrays):
        return None, None
    if any(a.size == 0 or a.size >= 1 << 31 for a in arrays):  # (empty products are numpy's; LP64 sizes)
        return None, None
    return lib, "s" if dtype == np.float32 else "d"


def _matrix(x):
    """x as cblas reads a row-major matrix: (array, transposed?, leading dimension), laid out as torch's addmm
    takes it (rows in memory as they are, else columns, else a contiguous copy)."""
    item, (rows, columns), (down, across) = x.itemsize, x.shape, x.strides
    if across == item and down >= max(1, columns) * item:
        return x, _NO_TRANS, down // item
    if down == item and across >= max(1, rows) * item:
        return x, _TRANS, across // item
    return np.ascontiguousarray(x), _NO_TRANS, max(1, columns)


def _scalar(prefix, value):
    return ctypes.c_float(value) if prefix == "s" else ctypes.c_double(value)


def _pointer(x):
    return ctypes.c_void_p(x.ctypes.data)


def gemm(a, b, c=None):
    """a @ b (+ c broadcast to the result: torch's addmm with beta = alpha = 1) of matrices, as torch's x86
    wheels compute it: MKL's ?gemm on the calling thread. None without MKL or for other dtypes."""
    lib, prefix = _blas(a, b) if c is None else _blas(a, b, np.asarray(c))
    if lib is None:
        return None
    (m, k), n = a.shape, b.shape[1]
    out = np.empty((m, n), a.dtype) if c is None else np.array(np.broadcast_to(c, (m, n)), a.dtype, order="C")
    (a, trans_a, lda), (b, trans_b, ldb) = _matrix(a), _matrix(b)
    threads = lib.MKL_Set_Num_Threads_Local(ctypes.c_int(1))
    try:
        getattr(lib, "cblas_%sgemm" % prefix)(
            _ROW_MAJOR, trans_a, trans_b, m, n, k, _scalar(prefix, 1.0), _pointer(a), lda, _pointer(b), ldb,
            _scalar(prefix, 0.0 if c is None else 1.0), _pointer(out), max(1, n))
    finally:
        lib.MKL_Set_Num_Threads_Local(ctypes.c_int(threads))
    return out


def _vector(x):
    """x and its increment as BLAS takes a vector (torch passes its stride; a copy where that cannot be)."""
    if x.strides[0] > 0 and x.strides[0] % x.itemsize == 0:
        return x, x.strides[0] // x.itemsize
    return np.ascontiguousarray(x), 1


def gemv(a, x):
    """a @ x of a matrix and a vector (torch's mv): MKL's ?gemv on the calling thread. None without MKL or for
    other dtypes."""
    lib, prefix = _blas(a, x)
    if lib is None:
        return None
    out = np.empty(a.shape[0], a.dtype)
    (a, trans, lda), (x, incx) = _matrix(a), _vector(x)
    rows, columns = a.shape if trans == _NO_TRANS else a.shape[::-1]  # (of the matrix as it lies in memory)
    threads = lib.MKL_Set_Num_Threads_Local(ctypes.c_int(1))
    try:
        getattr(lib, "cblas_%sgemv" % prefix)(
            _ROW_MAJOR, trans, rows, columns, _scalar(prefix, 1.0), _pointer(a), lda, _pointer(x), incx,
            _scalar(prefix, 0.0), _pointer(out), 1)
    finally:
        lib.MKL_Set_Num_Threads_Local(ctypes.c_int(threads))
    return out


def dot(x, y):
    """The dot product of two vectors (torch's dot): MKL's ?dot. None without MKL or for other dtypes."""
    lib, prefix = _blas(x, y)
    if lib is None:
        return None
    (x, incx), (y, incy) = _vector(x), _vector(y)
    function = getattr(lib, "cblas_%sdot" % prefix)
    function.restype = ctypes.c_float if prefix == "s" else ctypes.c_double
    return np.asarray(function(x.shape[0], _pointer(x), incx, _pointer(y), incy), x.dtype)
