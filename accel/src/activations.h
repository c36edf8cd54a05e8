/* torch's cpu_kernel_vec activations (gradcli/kernels/unary.py), each a whole kernel over one contiguous row:
 * X(name, parameters) for
 *   void gc_<name>32(float *x, ptrdiff_t n, ptrdiff_t whole, const double *parameters)  (and gc_<name>64, double)
 * which rewrites x[i] in place with the port's vector formula (SLEEF) for i < whole and its scalar formula (the
 * C library) for the rest; `parameters` are the port's own, as Python floats. */
#include <stddef.h>
#define ACTIVATIONS(X) X(softplus, 2) X(sigmoid, 0) X(silu, 0) X(elu, 3)
