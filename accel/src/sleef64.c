/* SLEEF's float64 vector functions, one lane at a time: C twins of gradcli/kernels/sleef64.py, which says where
 * each comes from (shibatch/sleef src/libm/sleefsimddp.c, Boost Software License 1.0). Every operation is the
 * port's, in its order; fma() stands where the port calls fma64. */
#include "common.h"
