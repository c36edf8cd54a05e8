/* glibc's float32 functions (gradcli/kernels/libm.py, libm_log.py): X(name) for float gc_name(float), and
 * the binary float gc_name(float, float). */
#define LIBM32_UNARY(X) X(expf) X(exp2f) X(expm1f) X(log1pf) X(tanhf) X(sinhf) X(coshf) X(erff) \
                        X(logf) X(asinhf) X(acoshf) X(atanhf)
#define LIBM32_BINARY(X) X(powf_positive)
