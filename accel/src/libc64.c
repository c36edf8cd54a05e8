/* libc64.h's functions: each the C library's function of that name (the one Python's math calls). */
#include <math.h>

#define C_LIBRARY(name) double gc_c_##name(double x) { return name(x); }
C_LIBRARY(exp) C_LIBRARY(expm1) C_LIBRARY(log1p) C_LIBRARY(log) C_LIBRARY(tanh) C_LIBRARY(erf) C_LIBRARY(exp2)
C_LIBRARY(sinh) C_LIBRARY(cosh) C_LIBRARY(asinh) C_LIBRARY(acosh) C_LIBRARY(atanh)

double gc_c_pow(double x, double y) { return pow(x, y); }
