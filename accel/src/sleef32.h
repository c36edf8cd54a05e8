/* SLEEF's float32 functions (gradcli/kernels/sleef.py): X(name) for float gc_name(float), and binary ones. */
#define SLEEF32_UNARY(X) X(expf_u10)
#define SLEEF32_BINARY(X)
