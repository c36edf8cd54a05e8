/* activations.h's kernels: unary.py's formulas, each written once over a family of element functions `f` (the
 * vector one or the scalar one, of float32 or float64) and the port's constants made as Arithmetic.const makes
 * them (a C cast of the Python float: float32's rounds once, as np.float32 does). The ternaries are the ports'
 * np.where, with their comparisons: NaN takes the second branch. */
#include "activations.h"

float gc_expf_u10(float), gc_log1pf_u10(float);   /* sleef32.c */
float gc_expf(float), gc_log1pf(float);             /* libm32.c */
double gc_exp_u10(double), gc_log1p_u10(double);    /* sleef64.c */
double gc_c_exp(double), gc_c_log1p(double);        /* libc64.c */

/* the element functions of one precision, by unary.py's names: Arithmetic.vector and Arithmetic.scalar */
#define VECTOR32(function) gc_##function##f_u10
#define SCALAR32(function) gc_##function##f
#define VECTOR64(function) gc_##function##_u10
#define SCALAR64(function) gc_c_##function

/* _one_row: the vector formula over the first `whole` elements, the scalar one over the tail */
#define ONE_ROW(type, vector_formula, scalar_formula)                       \
    ptrdiff_t i = 0;                                                        \
    for (; i < whole; i++) { const type v = x[i]; x[i] = (vector_formula); } \
    for (; i < n; i++) { const type v = x[i]; x[i] = (scalar_formula); }

#define KERNEL(name, bits, type)                                            \
    void gc_##name##bits(type *x, ptrdiff_t n, ptrdiff_t whole, const double *p) { \
        name##_CONSTANTS(type)                                              \
        ONE_ROW(type, name##_VECTOR(VECTOR##bits), name##_SCALAR(SCALAR##bits)) \
    }
#define BOTH(name, parameters) KERNEL(name, 32, float) KERNEL(name, 64, double)

/* softplus: np.where(v * b > t, v, f.log1p(f.exp(v * b)) / b) */
#define softplus_CONSTANTS(type) const type b = (type)p[0], t = (type)p[1];
#define softplus_FORMULA(f) (v * b > t ? v : f(log1p)(f(exp)(v * b)) / b)
#define softplus_VECTOR softplus_FORMULA
#define softplus_SCALAR softplus_FORMULA

ACTIVATIONS(BOTH)
