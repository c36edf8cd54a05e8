/* gradcli_accel: gradcli's torch-exact kernels (gradcli/kernels) in C, one element at a time, bit for bit the
 * values of their numpy ports. gradcli/kernels/native.py is the only caller: it hands over contiguous arrays of
 * the right dtype and keeps the numpy port for everything else.
 *
 * Each part (sleef32.c, sleef64.c, libm32.c, libc64.c) names its functions once, in an X-macro list of its
 * header; this file declares them and makes each a Python function of the same name that rewrites a buffer in place:
 *   unary   f(x)      x[i] = f(x[i])
 *   binary  f(x, y)   x[i] = f(x[i], y[i]), y a buffer of len(x) elements or of one, or a Python float
 * and fma32/fma64(out, a, b, c): out[i] = a[i]*b[i] + c[i] rounded once, each operand a buffer or a float;
 * one_minus_square32(y): y[i] = 1 - y[i]*y[i] rounded once (float32); and each activation of activations.h
 *   name(x, whole, parameters...)  x[i] = its vector formula for i < whole, its scalar formula after, x a float32
 *                                  or float64 buffer, the parameters Python numbers. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "sleef32.h"
#include "sleef64.h"
#include "libm32.h"
#include "libc64.h"
#include "activations.h"

/* numpy's float32 arithmetic rounds each operation to float32; so must C's (no x87 excess precision) */
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "gradcli_accel needs FLT_EVAL_METHOD == 0: each float operation rounded to its own type"
#endif

#define DECLARE_UNARY32(name) float gc_##name(float);
#define DECLARE_UNARY64(name) double gc_##name(double);
#define DECLARE_BINARY32(name) float gc_##name(float, float);
#define DECLARE_BINARY64(name) double gc_##name(double, double);
SLEEF32_UNARY(DECLARE_UNARY32) LIBM32_UNARY(DECLARE_UNARY32)
SLEEF64_UNARY(DECLARE_UNARY64) LIBC64_UNARY(DECLARE_UNARY64)
SLEEF32_BINARY(DECLARE_BINARY32) LIBM32_BINARY(DECLARE_BINARY32)
SLEEF64_BINARY(DECLARE_BINARY64) LIBC64_BINARY(DECLARE_BINARY64)
#define DECLARE_ACTIVATION(name, parameters)                                          \
    void gc_##name##32(float *, ptrdiff_t, ptrdiff_t, const double *);               \
    void gc_##name##64(double *, ptrdiff_t, ptrdiff_t, const double *);
ACTIVATIONS(DECLARE_ACTIVATION)

/* tanh's backward factor (gradcli/kernels/fma.py): a compiled `1 - y * y`, fused */
static float gc_one_minus_square32(float y) { return fmaf(-y, y, 1.0f); }

/* ---------------------------------------------------------------- operands */
/* One operand of n elements: a contiguous buffer of the element type (step 1), a buffer of one element or a
 * Python number (step 0). */
typedef struct {
    Py_buffer view;
    int has_view;
    const char *data;
    Py_ssize_t step;   /* bytes */
    union { float f; double d; } number;  /* a Python number, as the element type */
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

/* x as a writable contiguous buffer of float32 or float64: its format ('f' or 'd'), or 0 with the error set */
static char open_float_buffer(PyObject *object, Py_buffer *view) {
    if (PyObject_GetBuffer(object, view, PyBUF_FORMAT | PyBUF_ANY_CONTIGUOUS | PyBUF_WRITABLE) < 0) return 0;
    if (is_format(view, 'f')) return 'f';
    if (is_format(view, 'd')) return 'd';
    PyErr_Format(PyExc_TypeError, "gradcli_accel: a float32 or float64 buffer expected, got '%s'",
                 view->format ? view->format : "B");
    PyBuffer_Release(view);
    return 0;
}

static int open_operand(PyObject *object, Operand *operand, char format, Py_ssize_t n) {
    Py_ssize_t itemsize = format == 'f' ? (Py_ssize_t)sizeof(float) : (Py_ssize_t)sizeof(double);
    operand->has_view = 0;
    if (PyFloat_Check(object) || PyLong_Check(object)) {
        double number = PyFloat_AsDouble(object);
        if (number == -1.0 && PyErr_Occurred()) return -1;
        if (format == 'f') operand->number.f = (float)number;  /* (rounded once, as numpy's float32 cast) */
        else operand->number.d = number;
        operand->data = (const char *)&operand->number;
        operand->step = 0;
        return 0;
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

/* `count` operands, each of n elements or one: how many opened (all, or fewer with the error set; the
 * opened ones are for close_operands either way). */
static Py_ssize_t open_operands(PyObject *const *args, Py_ssize_t count, Operand *operands, char format,
                                Py_ssize_t n) {
    Py_ssize_t opened = 0;
    while (opened < count && open_operand(args[opened], &operands[opened], format, n) == 0) opened++;
    return opened;
}

static void close_operands(Operand *operands, Py_ssize_t opened) {
    while (opened-- > 0)
        if (operands[opened].has_view) PyBuffer_Release(&operands[opened].view);
}

#define ELEMENT(type, operand, i) (*(const type *)((operand).data + (i) * (operand).step))

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

/* f(out, operands...): out, a writable buffer of n elements, then `arity` operands; `compute` is the loop's
 * body, over out[i] and the operands v[0..arity) */
#define ELEMENTWISE(name, type, format, arity, signature, compute)                                  \
    static PyObject *py_##name(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {          \
        if (nargs != 1 + (arity)) {                                                                 \
            PyErr_SetString(PyExc_TypeError, #name signature);                                      \
            return NULL;                                                                            \
        }                                                                                           \
        Py_buffer view;                                                                             \
        if (open_buffer(args[0], &view, format, 1) < 0) return NULL;                                \
        type *out = (type *)view.buf;                                                               \
        Py_ssize_t n = view.len / (Py_ssize_t)sizeof(type);                                         \
        Operand v[arity];                                                                           \
        Py_ssize_t opened = open_operands(args + 1, arity, v, format, n);                          \
        if (opened == (arity))                                                                      \
            for (Py_ssize_t i = 0; i < n; i++) out[i] = (compute);                                  \
        close_operands(v, opened);                                                                  \
        PyBuffer_Release(&view);                                                                    \
        if (opened != (arity)) return NULL;                                                         \
        Py_RETURN_NONE;                                                                             \
    }
#define BINARY(name, type, format) \
    ELEMENTWISE(name, type, format, 1, "(x, y): two arguments", gc_##name(out[i], ELEMENT(type, v[0], i)))
#define BINARY32(name) BINARY(name, float, 'f')
#define BINARY64(name) BINARY(name, double, 'd')
#define FUSED(name, type, format, fused_multiply_add)                                               \
    ELEMENTWISE(name, type, format, 3, "(out, a, b, c): four arguments",                            \
                fused_multiply_add(ELEMENT(type, v[0], i), ELEMENT(type, v[1], i), ELEMENT(type, v[2], i)))

SLEEF32_UNARY(UNARY32) LIBM32_UNARY(UNARY32) SLEEF64_UNARY(UNARY64) LIBC64_UNARY(UNARY64)
UNARY32(one_minus_square32)
SLEEF32_BINARY(BINARY32) LIBM32_BINARY(BINARY32) SLEEF64_BINARY(BINARY64) LIBC64_BINARY(BINARY64)
FUSED(fma32, float, 'f', fmaf)
FUSED(fma64, double, 'd', fma)

/* name(x, whole, parameters...): x a writable float32 or float64 buffer, 0 <= whole <= len(x) */
#define ACTIVATION(name, parameters)                                                                \
    static PyObject *py_##name(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {          \
        if (nargs != 2 + (parameters)) {                                                            \
            PyErr_Format(PyExc_TypeError, #name "(x, whole, parameters...): %d arguments", 2 + (parameters)); \
            return NULL;                                                                            \
        }                                                                                           \
        double p[(parameters) + 1];  /* (+ 1: no array of none) */                                  \
        for (int k = 0; k < (parameters); k++)                                                      \
            if ((p[k] = PyFloat_AsDouble(args[2 + k])) == -1.0 && PyErr_Occurred()) return NULL;    \
        Py_ssize_t whole = PyLong_AsSsize_t(args[1]);                                              \
        if (whole == -1 && PyErr_Occurred()) return NULL;                                           \
        Py_buffer view;                                                                             \
        char format = open_float_buffer(args[0], &view);                                            \
        if (!format) return NULL;                                                                   \
        Py_ssize_t n = view.len / (format == 'f' ? (Py_ssize_t)sizeof(float) : (Py_ssize_t)sizeof(double)); \
        if (whole < 0 || whole > n) {                                                               \
            PyBuffer_Release(&view);                                                                \
            return PyErr_Format(PyExc_ValueError, #name ": whole %zd outside 0..%zd", whole, n);   \
        }                                                                                           \
        if (format == 'f') gc_##name##32((float *)view.buf, n, whole, p);                          \
        else gc_##name##64((double *)view.buf, n, whole, p);                                       \
        PyBuffer_Release(&view);                                                                    \
        Py_RETURN_NONE;                                                                             \
    }
ACTIVATIONS(ACTIVATION)

/* ---------------------------------------------------------------- rounded once (kernels/unary.py's estimate)
 * rounded_once_<name>(x): x, a writable float32 buffer, becomes (float)f(double x) in place, f the C library's
 * double function (tanh: unary._tanh64's formula over expm1). numpy's float64 function, which the port rounds,
 * may differ from the C library's in the last few double bits; both are within a few ulps of the true value,
 * so where no float32 rounding boundary lies within SURE_MARGIN (relative, ~2^8 double ulps) of this double
 * value both round to the same float32. Returns -1 where any element is special (a non-finite input or float32
 * result, or one below the smallest normal float32 but for f(0) = 0: numpy's warnings belong to the port's route, which
 * must then compute the whole array), else the count of elements left unsure, each written as a NaN for the
 * port to recompute. */
#define SURE_MARGIN 0x1p-44

static double tanh_over_expm1(double x) {
    double m = expm1(-2.0 * fabs(x));
    return copysign(m / (m + 2.0), x);  /* (negative: -tanh|x|; copysign takes its magnitude) */
}

#define ROUNDED_ONCE_FUNCTIONS(X) X(exp, exp) X(log, log) X(sin, sin) X(cos, cos) X(tanh, tanh_over_expm1)

#define ROUNDED_ONCE(name, function)                                                                \
    static PyObject *py_rounded_once_##name(PyObject *self, PyObject *arg) {                       \
        Py_buffer view;                                                                             \
        if (open_buffer(arg, &view, 'f', 1) < 0) return NULL;                                       \
        float *x = (float *)view.buf;                                                               \
        Py_ssize_t n = view.len / (Py_ssize_t)sizeof(float), unsure = 0;                            \
        for (Py_ssize_t i = 0; i < n; i++) {                                                        \
            if (!isfinite(x[i])) { unsure = -1; break; }                                            \
            double d = function((double)x[i]), margin = fabs(d) * SURE_MARGIN;                      \
            float f = (float)d;                                                                     \
            if (!isfinite(f) || (fabsf(f) < FLT_MIN && (d != 0.0 || x[i] != 0.0f))) {               \
                unsure = -1; /* (an underflow: of the cast, or of the double function itself) */   \
                break;                                                                              \
            }                                                                                       \
            if ((float)(d - margin) != f || (float)(d + margin) != f) { f = NAN; unsure++; }        \
            x[i] = f;                                                                               \
        }                                                                                           \
        PyBuffer_Release(&view);                                                                    \
        return PyLong_FromSsize_t(unsure);                                                          \
    }
ROUNDED_ONCE_FUNCTIONS(ROUNDED_ONCE)
/* ---------------------------------------------------------------- (end of rounded once) */

#define UNARY_ENTRY(name) {#name, (PyCFunction)py_##name, METH_O, "x[i] = " #name "(x[i]) in place"},
#define BINARY_ENTRY(name) {#name, (PyCFunction)(void (*)(void))py_##name, METH_FASTCALL, \
                            "x[i] = " #name "(x[i], y[i]) in place"},
#define ACTIVATION_ENTRY(name, parameters) {#name, (PyCFunction)(void (*)(void))py_##name, METH_FASTCALL, \
                                           #name "(x, whole, parameters...): torch's kernel, in place"},

static PyMethodDef methods[] = {
    SLEEF32_UNARY(UNARY_ENTRY) LIBM32_UNARY(UNARY_ENTRY) SLEEF64_UNARY(UNARY_ENTRY) LIBC64_UNARY(UNARY_ENTRY)
    SLEEF32_BINARY(BINARY_ENTRY) LIBM32_BINARY(BINARY_ENTRY) SLEEF64_BINARY(BINARY_ENTRY) LIBC64_BINARY(BINARY_ENTRY)
    UNARY_ENTRY(one_minus_square32) ACTIVATIONS(ACTIVATION_ENTRY)
    {"fma32", (PyCFunction)(void (*)(void))py_fma32, METH_FASTCALL, "out[i] = a[i]*b[i] + c[i], float32, one rounding"},
    {"fma64", (PyCFunction)(void (*)(void))py_fma64, METH_FASTCALL, "out[i] = a[i]*b[i] + c[i], float64, one rounding"},
    /* rounded once (kernels/unary.py's estimate) */
#define ROUNDED_ONCE_ENTRY(name, function) {"rounded_once_" #name, (PyCFunction)py_rounded_once_##name, METH_O, \
                                           "x[i] = (float)" #name "((double)x[i]) in place where sure"},
    ROUNDED_ONCE_FUNCTIONS(ROUNDED_ONCE_ENTRY)
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "gradcli_accel",
                                    "gradcli's torch-exact kernels in C (see gradcli/kernels/native.py)", -1, methods};

PyMODINIT_FUNC PyInit_gradcli_accel(void) { return PyModule_Create(&module); }
