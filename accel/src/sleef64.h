/* SLEEF's float64 functions (gradcli/kernels/sleef64.py): X(name) for double gc_name(double), and binary ones. */
#define SLEEF64_UNARY(X)
#define SLEEF64_BINARY(X)
