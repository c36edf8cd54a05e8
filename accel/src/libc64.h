/* The C library's own double functions, which torch's float64 scalar loops call: the twins of libm.c_double's
 * kernels, which call the same functions through Python's math one Python float at a time. */
#define LIBC64_UNARY(X) X(c_exp) X(c_expm1) X(c_log1p) X(c_log) X(c_tanh) X(c_erf) X(c_exp2) X(c_sinh) X(c_cosh) \
                        X(c_asinh) X(c_acosh) X(c_atanh)
#define LIBC64_BINARY(X) X(c_pow)
