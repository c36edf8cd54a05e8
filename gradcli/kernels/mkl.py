"""Intel MKL's vector math (VML) and BLAS, through the library itself when it is installed (`pip install
'gradcli[mkl]'`, the `mkl` package of the version torch's x86 wheels link).

torch's x86 builds compute float32/64 sqrt (and exp, log, tanh, ...) with MKL's VML in its VML_HA mode, and
mm, addmm, mv and dot with MKL's ?gemm, ?gemv and ?dot. Its code is closed, so no port can give its roundings
(MKL's float32 sqrt is not correctly rounded; its products add in an order it picks by shape and CPU); the
library gives them bit for bit. Without it, `vml`, `gemm`, `gemv` and `dot` return None and callers keep their
estimate or numpy's. Nothing is loaded until a first call. VML computes on the calling thread; the BLAS calls
get as many MKL threads as torch gives MKL (cpu.num_threads(): MKL splits some products between threads in a
way that changes their last bits), set for the call only.
"""

import contextlib
import ctypes
import os
import sys

import numpy as np

from . import cpu

_MODE = 0x2 | 0x00140000 | 0x100  # VML_HA | VML_FTZDAZ_OFF | VML_ERRMODE_IGNORE: torch's mode
_CHUNK = 1 << 30  # elements per call (MKL's LP64 interface counts in a 32-bit int)
_library = None  # the loaded library, False when there is none


def _candidates():
    """Where pip's mkl wheel puts the runtime library (sys.prefix/lib, or Library/bin on Windows), then the bare
    names, which the system's loader looks up on its own search path (LD_LIBRARY_PATH and ld.so's cache, DYLD's
    paths, PATH): what ctypes.util.find_library would find, without its import (30M instructions with the shutil,
    subprocess and tempfile it brings) and the `ldconfig -p` process it starts on Linux."""
    names = {"win32": ["mkl_rt.2.dll", "mkl_rt.dll"], "darwin": ["libmkl_rt.2.dylib", "libmkl_rt.dylib"]}.get(
        sys.platform, ["libmkl_rt.so.2", "libmkl_rt.so"])
    for folder in (os.path.join(sys.prefix, "lib"), os.path.join(sys.prefix, "Library", "bin")):
        for name in names:
            yield os.path.join(folder, name)
    yield from names


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


@contextlib.contextmanager
def _threads(lib, count):
    """MKL's thread count for calls from this thread (MKL_Set_Num_Threads_Local), restored after."""
    previous = lib.MKL_Set_Num_Threads_Local(ctypes.c_int(count))
    try:
        yield
    finally:
        lib.MKL_Set_Num_Threads_Local(ctypes.c_int(previous))


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
    with _threads(lib, 1):
        for start in range(0, flat_in.size, _CHUNK):
            n = min(_CHUNK, flat_in.size - start)
            function(ctypes.c_int(n), ctypes.c_void_p(flat_in[start:].ctypes.data),
                     ctypes.c_void_p(flat_out[start:].ctypes.data), ctypes.c_longlong(_MODE))
    return out.transpose(np.argsort(order)) if out.ndim else out[()]  # (0-dim: a scalar, as numpy's ufuncs give)


# ---------------------------------------------------------------- BLAS: torch's mm, addmm, bmm, mv and dot of float32/64
_ROW_MAJOR, _COLUMN_MAJOR, _NO_TRANS, _TRANS = 101, 102, 111, 112


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
    wheels compute it: MKL's ?gemm with torch's thread count. None without MKL or for other dtypes."""
    lib, prefix = _blas(a, b) if c is None else _blas(a, b, np.asarray(c))
    if lib is None:
        return None
    (m, k), n = a.shape, b.shape[1]
    out = np.empty((m, n), a.dtype) if c is None else np.array(np.broadcast_to(c, (m, n)), a.dtype, order="C")
    (a, trans_a, lda), (b, trans_b, ldb) = _matrix(a), _matrix(b)
    with _threads(lib, cpu.num_threads()):
        getattr(lib, "cblas_%sgemm" % prefix)(
            _ROW_MAJOR, trans_a, trans_b, m, n, k, _scalar(prefix, 1.0), _pointer(a), lda, _pointer(b), ldb,
            _scalar(prefix, 0.0 if c is None else 1.0), _pointer(out), max(1, n))
    return out


def gemm_batched(a, b):
    """a @ b of (batch, n, k) and (batch, k, m) arrays as torch's bmm hands them to MKL (baddbmm_with_gemm_,
    cpublas::gemm_batched_with_stride): one ?gemm_batch call in column-major terms (b's items times a's), each
    operand's items read as they lie in memory, by rows or by columns; a batch of one is one ?gemm. None without
    MKL, for other dtypes, or for items laid out neither way (kernels/bmm.py copies them)."""
    lib, prefix = _blas(a, b)
    if lib is None or not (rows_or_columns(a) and rows_or_columns(b)):
        return None
    if a.shape[0] == 1:
        return gemm(a[0], b[0])[None]
    item, (batch, n, k), m = a.itemsize, a.shape, b.shape[2]
    out = np.empty((batch, n, m), a.dtype)
    trans_a, trans_b = by_columns(b), by_columns(a)
    lda, ldb, ldc = b.strides[2 if trans_a else 1] // item, a.strides[2 if trans_b else 1] // item, m
    # normalize_last_dims: leading dimensions of degenerate matrices as BLAS wants them
    ldc = m if n == 1 else ldc
    lda = (k if m == 1 else lda) if trans_a else (m if k == 1 else lda)
    ldb = (n if k == 1 else ldb) if trans_b else (k if n == 1 else ldb)
    pointers = ctypes.c_void_p * batch
    a_items = pointers(*(b.ctypes.data + i * b.strides[0] for i in range(batch)))
    b_items = pointers(*(a.ctypes.data + i * a.strides[0] for i in range(batch)))
    c_items = pointers(*(out.ctypes.data + i * out.strides[0] for i in range(batch)))
    integer = ctypes.c_int  # (MKL_INT of the LP64 interface)
    with _threads(lib, cpu.num_threads()):
        getattr(lib, "cblas_%sgemm_batch" % prefix)(
            _COLUMN_MAJOR, ctypes.byref(integer(_TRANS if trans_a else _NO_TRANS)),
            ctypes.byref(integer(_TRANS if trans_b else _NO_TRANS)), ctypes.byref(integer(m)),
            ctypes.byref(integer(n)), ctypes.byref(integer(k)), ctypes.byref(_scalar(prefix, 1.0)), a_items,
            ctypes.byref(integer(max(1, lda))), b_items, ctypes.byref(integer(max(1, ldb))),
            ctypes.byref(_scalar(prefix, 0.0)), c_items, ctypes.byref(integer(max(1, ldc))), 1,
            ctypes.byref(integer(batch)))
    return out


def by_columns(x):
    """Whether the items of a 3-d array are laid out by columns (torch's is_transposed)."""
    return x.strides[1] == x.itemsize and x.strides[2] >= x.shape[1] * x.itemsize


def rows_or_columns(x):
    """Whether the items of a 3-d array lie by rows or by columns (batch_items_contiguous_or_transposed; a dim of
    size one may have any stride)."""
    (_, rows, columns), (_, down, across), item = x.shape, x.strides, x.itemsize
    return (across == item and (rows == 1 or down >= columns * item)) or \
        (down == item and (columns == 1 or across >= rows * item))


def _vector(x):
    """x and its increment as BLAS takes a vector (torch passes its stride; a copy where that cannot be)."""
    if x.strides[0] > 0 and x.strides[0] % x.itemsize == 0:
        return x, x.strides[0] // x.itemsize
    return np.ascontiguousarray(x), 1


def gemv(a, x):
    """a @ x of a matrix and a vector (torch's mv): MKL's ?gemv with torch's thread count. None without MKL or for
    other dtypes."""
    lib, prefix = _blas(a, x)
    if lib is None:
        return None
    out = np.empty(a.shape[0], a.dtype)
    (a, trans, lda), (x, incx) = _matrix(a), _vector(x)
    rows, columns = a.shape if trans == _NO_TRANS else a.shape[::-1]  # (of the matrix as it lies in memory)
    with _threads(lib, cpu.num_threads()):
        getattr(lib, "cblas_%sgemv" % prefix)(
            _ROW_MAJOR, trans, rows, columns, _scalar(prefix, 1.0), _pointer(a), lda, _pointer(x), incx,
            _scalar(prefix, 0.0), _pointer(out), 1)
    return out


def dot(x, y):
    """The dot product of two vectors (torch's dot): MKL's ?dot. None without MKL or for other dtypes."""
    lib, prefix = _blas(x, y)
    if lib is None:
        return None
    (x, incx), (y, incy) = _vector(x), _vector(y)
    function = getattr(lib, "cblas_%sdot" % prefix)
    function.restype = ctypes.c_float if prefix == "s" else ctypes.c_double
    with _threads(lib, cpu.num_threads()):
        return np.asarray(function(x.shape[0], _pointer(x), incx, _pointer(y), incy), x.dtype)
