/* glibc's float32 functions (gradcli/kernels/libm.py, libm_log.py): X(name) for float gc_name(float). */
#define LIBM32_UNARY(X)
#define LIBM32_BINARY(X)
