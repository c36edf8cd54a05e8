/* activations.h's kernels: unary.py's formulas, each written once over a family of element functions `f` (the
 * vector one or the scalar one, of float32 or float64) and the port's constants made as Arithmetic.const makes
 * them (a C cast of the Python float: float32's rounds once, as np.float32 does). The ternaries are the ports'
 * np.where, with their comparisons: NaN takes the second branch. */
#include "activations.h"

float gc_expf_u10(float), gc_expm1f_u10(float), gc_log1pf_u10(float);  /* sleef32.c */
float gc_expf(float), gc_expm1f(float), gc_log1pf(float);               /* libm32.c */
double gc_exp_u10(double), gc_expm1_u10(double), gc_log1p_u10(double);  /* sleef64.c */
double gc_c_exp(double), gc_c_expm1(double), gc_c_log1p(double);        /* libc64.c */

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

/* sigmoid: one / (one + vector.exp(zero - v)), one / (one + scalar.exp(-v)) */
#define sigmoid_CONSTANTS(type) const type one = 1, zero = 0; (void)p;
#define sigmoid_VECTOR(f) (one / (one + f(exp)(zero - v)))
#define sigmoid_SCALAR(f) (one / (one + f(exp)(-v)))

/* silu: v / (one + f.exp(-v)) */
#define silu_CONSTANTS(type) const type one = 1; (void)p;
#define silu_FORMULA(f) (v / (one + f(exp)(-v)))
#define silu_VECTOR silu_FORMULA
#define silu_SCALAR silu_FORMULA

/* elu(alpha, scale, input_scale): the vector code asks v >= 0, the scalar code v < 0 */
#define elu_CONSTANTS(type) \
    const type negcoef = (type)p[0] * (type)p[1], poscoef = (type)p[1], negiptcoef = (type)p[2];
#define elu_VECTOR(f) (v >= 0 ? v * poscoef : f(expm1)(v * negiptcoef) * negcoef)
#define elu_SCALAR(f) (v < 0 ? f(expm1)(v * negiptcoef) * negcoef : v * poscoef)

ACTIVATIONS(BOTH)
