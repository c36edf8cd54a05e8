/* SLEEF's float64 functions (gradcli/kernels/sleef64.py): X(name) for double gc_name(double), and binary ones. */
#define SLEEF64_UNARY(X) X(exp_u10) X(expm1_u10) X(sinh_u10) X(cosh_u10) X(exp2_u10) X(tanh_u10) X(log_u10) \
                         X(log1p_u10) X(atanh_u10) X(erf_u10)
#define SLEEF64_BINARY(X) X(pow_u10)
