/* SLEEF's float32 vector functions, one lane at a time: C twins of gradcli/kernels/sleef.py, which says where
 * each comes from (shibatch/sleef src/libm/sleefsimdsp.c, Boost Software License 1.0). Every operation is the
 * port's, in its order; fmaf() stands where the port calls fma32. */
#include "common.h"

/* ---------------------------------------------------------------- exp */
static const float EXPF_POLY[] = {0.000198527617612853646278381f, 0.00139304355252534151077271f,
                                  0.00833336077630519866943359f, 0.0416664853692054748535156f,
                                  0.166666671633720397949219f, 0.5f};

float gc_expf_u10(float d) {
    int32_t q = to_int32(rintf(d * 1.442695040888963407359924681001892137426645954152985934135449406931f));
    float qf = (float)q;
    float s = d - qf * 0.693145751953125f;
    s = fmaf(qf, -1.428606765330187045e-06f, s);
    float u = EXPF_POLY[0];
    for (int i = 1; i < 6; i++) u = fmaf(u, s, EXPF_POLY[i]);
    u = 1.0f + fmaf(s * s, u, s);
    u = ldexpf(u, q);
    if (d < -104.0f) u = 0.0f;
    if (100.0f < d) u = INFINITY;
    return u;
}
