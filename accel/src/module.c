/* gradcli_accel: gradcli's torch-exact kernels (gradcli/kernels) in C, one element at a time, bit for bit the
 * values of their numpy ports. gradcli/kernels/native.py is the only caller: it hands over contiguous arrays of
 * the right dtype and keeps the numpy port for everything else.
 *
 * Each part (sleef32.c, sleef64.c, libm32.c, libc64.c) names its functions once, in an X-macro list of its header; this
 * file declares them and makes each a Python function of the same name that rewrites a buffer in place:
 *   unary   f(x)      x[i] = f(x[i])
 *   binary  f(x, y)   x[i] = f(x[i], y[i]), y a buffer of len(x) elements or of one, or a Python float
 * and fma32/fma64(out, a, b, c): out[i] = a[i]*b[i] + c[i] rounded once, each operand a buffer or a float. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "sleef32.h"
#include "sleef64.h"
#include "libm32.h"
#include "libc64.h"

/* numpy's float32 arithmetic rounds each operation to float32; so must C's (no x87 excess precision) */
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "gradcli_accel needs FLT_EVAL_METHOD == 0: each float operation rounded to its own type"
#endif

#define DECLARE_UNARY32(name) float gc_##name(float);
#define DECLARE_UNARY64(name) double gc_##name(double);
#define DECLARE_BINARY32(name) float gc_##name(float, float);
#define DECLARE_BINARY64(name) double gc_##name(double, double);
SLEEF32_UNARY(DECLARE_UNARY32) LIBM32_UNARY(DECLARE_UNARY32) SLEEF64_UNARY(DECLARE_UNARY64) LIBC64_UNARY(DECLARE_UNARY64)
SLEEF32_BINARY(DECLARE_BINARY32) LIBM32_BINARY(DECLARE_BINARY32) SLEEF64_BINARY(DECLARE_BINARY64) LIBC64_BINARY(DECLARE_BINARY64)

/* ---------------------------------------------------------------- operands */
/* One operand of n elements: a contiguous buffer of the element type (step 1), a buffer of one element or a
 * Python number (step 0). */
typedef struct {
    Py_buffer view;
    int has_view;
    const char *data;
    Py_ssize_t step;   /* bytes */
    double number;
} Operand;

static int is_format(const Py_buffer *view, char format) {
    const char *f = view->format;
    if (f && (f[0] == '@' || f[0] == '=' || f[0] == '<')) f++;  /* native order: numpy writes "f", "<f" or "=f" */
    return f && f[0] == format && f[1] == '\0';
}

static int open_buffer(PyObject *object, Py_buffer *view, char format, int writable) {
    int flags = PyBUF_FORMAT | PyBUF_ANY_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(object, view, flags) < 0) return -1;
    if (!is_format(view, format)) {
        PyErr_Format(PyExc_TypeError, "gradcli_accel: a buffer of format '%c' expected, got '%s'", format,
                     view->format ? view->format : "B");
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static int open_operand(PyObject *object, Operand *operand, char format, Py_ssize_t n, Py_ssize_t itemsize) {
    operand->has_view = 0;
    if (PyFloat_Check(object) || PyLong_Check(object)) {
        operand->number = PyFloat_AsDouble(object);
        if (operand->number == -1.0 && PyErr_Occurred()) return -1;
        operand->data = (const char *)&operand->number;
        operand->step = 0;
        return 1;  /* a number: the caller converts it to the element type */
    }
    if (open_buffer(object, &operand->view, format, 0) < 0) return -1;
    operand->has_view = 1;
    Py_ssize_t count = operand->view.len / itemsize;
    if (count != n && count != 1) {
        PyErr_Format(PyExc_ValueError, "gradcli_accel: an operand of %zd elements for %zd", count, n);
        PyBuffer_Release(&operand->view);
        return -1;
    }
    operand->data = operand->view.buf;
    operand->step = count == 1 ? 0 : itemsize;
    return 0;
}

static void close_operand(Operand *operand) {
    if (operand->has_view) PyBuffer_Release(&operand->view);
}

/* A number operand of a float32 kernel: its float32 value, stored where the element pointer reads it. */
typedef struct { float f; double d; } Converted;

static void as_float(Operand *operand, int was_number, Converted *converted) {
    if (was_number) {
        converted->f = (float)operand->number;
        operand->data = (const char *)&converted->f;
    }
}

static void as_double(Operand *operand, int was_number, Converted *converted) {
    if (was_number) {
        converted->d = operand->number;
        operand->data = (const char *)&converted->d;
    }
}

/* ---------------------------------------------------------------- the Python functions */
#define UNARY(name, type, format)                                                                   \
    static PyObject *py_##name(PyObject *self, PyObject *arg) {                                    \
        Py_buffer view;                                                                             \
        if (open_buffer(arg, &view, format, 1) < 0) return NULL;                                    \
        type *x = (type *)view.buf;                                                                 \
        Py_ssize_t n = view.len / (Py_ssize_t)sizeof(type);                                         \
        for (Py_ssize_t i = 0; i < n; i++) x[i] = gc_##name(x[i]);                                  \
        PyBuffer_Release(&view);                                                                    \
        Py_RETURN_NONE;                                                                             \
    }
#define UNARY32(name) UNARY(name, float, 'f')
#define UNARY64(name) UNARY(name, double, 'd')

#define BINARY(name, type, format, convert)                                                         \
    static PyObject *py_##name(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {          \
        if (nargs != 2) {                                                                           \
            PyErr_SetString(PyExc_TypeError, #name "(x, y): two arguments");                        \
            return NULL;                                                                            \
        }                                                                                           \
        Py_buffer view;                                                                             \
        if (open_buffer(args[0], &view, format, 1) < 0) return NULL;                                \
        type *x = (type *)view.buf;                                                                 \
        Py_ssize_t n = view.len / (Py_ssize_t)sizeof(type);                                         \
        Operand y;                                                                                  \
        Converted converted;                                                                        \
        int number = open_operand(args[1], &y, format, n, sizeof(type));                          \
        if (number < 0) {                                                                           \
            PyBuffer_Release(&view);                                                                \
            return NULL;                                                                            \
        }                                                                                           \
        convert(&y, number, &converted);                                                            \
        for (Py_ssize_t i = 0; i < n; i++) x[i] = gc_##name(x[i], *(const type *)(y.data + i * y.step)); \
        close_operand(&y);                                                                          \
        PyBuffer_Release(&view);                                                                    \
        Py_RETURN_NONE;                                                                             \
    }
#define BINARY32(name) BINARY(name, float, 'f', as_float)
#define BINARY64(name) BINARY(name, double, 'd', as_double)

#define FUSED(name, type, format, convert, fused_multiply_add)                                      \
    static PyObject *py_##name(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {          \
        if (nargs != 4) {                                                                           \
            PyErr_SetString(PyExc_TypeError, #name "(out, a, b, c): four arguments");               \
            return NULL;                                                                            \
        }                                                                                           \
        Py_buffer view;                                                                             \
        if (open_buffer(args[0], &view, format, 1) < 0) return NULL;                                \
        type *out = (type *)view.buf;                                                               \
        Py_ssize_t n = view.len / (Py_ssize_t)sizeof(type);                                         \
        Operand v[3];                                                                               \
        Converted converted[3];                                                                     \
        int opened = 0;                                                                             \
        for (; opened < 3; opened++) {                                                              \
            int number = open_operand(args[opened + 1], &v[opened], format, n, sizeof(type));      \
            if (number < 0) break;                                                                  \
            convert(&v[opened], number, &converted[opened]);                                        \
        }                                                                                           \
        if (opened == 3)                                                                            \
            for (Py_ssize_t i = 0; i < n; i++)                                                      \
                out[i] = fused_multiply_add(*(const type *)(v[0].data + i * v[0].step),            \
                                            *(const type *)(v[1].data + i * v[1].step),            \
                                            *(const type *)(v[2].data + i * v[2].step));           \
        while (opened-- > 0) close_operand(&v[opened]);                                             \
        PyBuffer_Release(&view);                                                                    \
        if (PyErr_Occurred()) return NULL;                                                          \
        Py_RETURN_NONE;                                                                             \
    }

SLEEF32_UNARY(UNARY32) LIBM32_UNARY(UNARY32) SLEEF64_UNARY(UNARY64) LIBC64_UNARY(UNARY64)
SLEEF32_BINARY(BINARY32) LIBM32_BINARY(BINARY32) SLEEF64_BINARY(BINARY64) LIBC64_BINARY(BINARY64)
FUSED(fma32, float, 'f', as_float, fmaf)
FUSED(fma64, double, 'd', as_double, fma)

#define UNARY_ENTRY(name) {#name, (PyCFunction)py_##name, METH_O, "x[i] = " #name "(x[i]) in place"},
#define BINARY_ENTRY(name) {#name, (PyCFunction)(void (*)(void))py_##name, METH_FASTCALL, \
                            "x[i] = " #name "(x[i], y[i]) in place"},

static PyMethodDef methods[] = {
    SLEEF32_UNARY(UNARY_ENTRY) LIBM32_UNARY(UNARY_ENTRY) SLEEF64_UNARY(UNARY_ENTRY) LIBC64_UNARY(UNARY_ENTRY)
    SLEEF32_BINARY(BINARY_ENTRY) LIBM32_BINARY(BINARY_ENTRY) SLEEF64_BINARY(BINARY_ENTRY) LIBC64_BINARY(BINARY_ENTRY)
    {"fma32", (PyCFunction)(void (*)(void))py_fma32, METH_FASTCALL, "out[i] = a[i]*b[i] + c[i], float32, one rounding"},
    {"fma64", (PyCFunction)(void (*)(void))py_fma64, METH_FASTCALL, "out[i] = a[i]*b[i] + c[i], float64, one rounding"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "gradcli_accel",
                                    "gradcli's torch-exact kernels in C (see gradcli/kernels/native.py)", -1, methods};

PyMODINIT_FUNC PyInit_gradcli_accel(void) { return PyModule_Create(&module); }
