/* SLEEF's float32 functions (gradcli/kernels/sleef.py): X(name) for float gc_name(float), and binary ones. */
#define SLEEF32_UNARY(X)                                                                                      \
    X(expf_u10) X(expm1f_u10) X(tanhf_u10) X(exp2f_u10) X(sinhf_u10) X(coshf_u10) X(logf_u10) X(log1pf_u10) \
    X(erf_aten) X(sinf_u35) X(cosf_u35) X(atanhf_u10)
#define SLEEF32_BINARY(X) X(powf_u10)
