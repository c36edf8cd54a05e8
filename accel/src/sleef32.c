/* SLEEF's float32 vector functions, one lane at a time: C twins of gradcli/kernels/sleef.py, which says where
 * each comes from (shibatch/sleef src/libm/sleefsimdsp.c, Boost Software License 1.0). Every operation is the
 * port's, in its order; fmaf() stands where the port calls fma32, and each helper has the port's name (without
 * its underscore). */
#include "common.h"

/* ---------------------------------------------------------------- double-float arithmetic (df.h, FMA branch) */
typedef struct { float x, y; } float2;  /* the port's pairs (d[0], d[1]): a value x + y, |y| <= ulp(x) / 2 */

static inline float2 pair(float x, float y) { float2 r = {x, y}; return r; }

/* The port's _exact_fma: a*b + c in double, rounded once to float (exact where the port uses it: a product's
 * error or a reciprocal's remainder), written as the port computes it so no case can differ. */
static inline float exact_fma(float a, float b, float c) { return (float)((double)a * (double)b + (double)c); }

static inline float2 add(float x, float y) {  /* |x| >= |y| */
    float s = x + y;
    return pair(s, (x - s) + y);
}

static inline float2 add2(float x, float y) {  /* any order */
    float s = x + y, v = s - x;
    return pair(s, (x - (s - v)) + (y - v));
}

static inline float2 add2_ff(float2 x, float y) {
    float s = x.x + y, v = s - x.x;
    float t = (x.x - (s - v)) + (y - v);
    return pair(s, t + x.y);
}

static inline float2 add_ff(float2 x, float y) {
    float s = x.x + y;
    return pair(s, ((x.x - s) + y) + x.y);
}

static inline float2 add_f_ff(float x, float2 y) {
    float s = x + y.x;
    return pair(s, ((x - s) + y.x) + y.y);
}

static inline float2 add_ffff(float2 x, float2 y) {  /* |x| >= |y| */
    float s = x.x + y.x;
    return pair(s, (((x.x - s) + y.x) + x.y) + y.y);
}

static inline float2 add2_ffff(float2 x, float2 y) {
    float s = x.x + y.x, v = s - x.x;
    float t = (x.x - (s - v)) + (y.x - v);
    return pair(s, t + (x.y + y.y));
}

static inline float2 mul_fff(float2 x, float y) {
    float s = x.x * y;
    return pair(s, fmaf(x.y, y, exact_fma(x.x, y, -s)));
}

static inline float2 mul_ffff(float2 x, float2 y) {
    float s = x.x * y.x;
    return pair(s, fmaf(x.x, y.y, fmaf(x.y, y.x, exact_fma(x.x, y.x, -s))));
}

static inline float2 squ(float2 x) {
    float s = x.x * x.x;
    return pair(s, fmaf(x.x + x.x, x.y, exact_fma(x.x, x.x, -s)));
}

static inline float2 divide(float2 n, float2 d) {  /* the port's _div */
    float t = 1.0f / d.x;
    float s = n.x * t;
    float u = exact_fma(t, n.x, -s);
    float v = fmaf(-d.y, t, exact_fma(-d.x, t, 1.0f));
    return pair(s, fmaf(s, v, fmaf(n.y, t, u)));
}

static inline float2 rec(float2 d) {
    float s = 1.0f / d.x;
    return pair(s, s * fmaf(-d.y, s, exact_fma(-d.x, s, 1.0f)));
}

static inline float2 normalize(float2 t) {
    float s = t.x + t.y;
    return pair(s, (t.x - s) + t.y);
}

/* horner32: c[0], then u = fma(u, x, c[i]) */
static inline float horner(float x, const float *c, int n) {
    float u = c[0];
    for (int i = 1; i < n; i++) u = fmaf(u, x, c[i]);
    return u;
}
#define HORNER(x, coefficients) horner(x, coefficients, (int)(sizeof coefficients / sizeof coefficients[0]))

/* ---------------------------------------------------------------- integer helpers
 * numpy's int32 arithmetic wraps around; C's signed overflow is undefined, so it goes through uint32. */
static inline int32_t wrap_add(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }
static inline int32_t wrap_sub(int32_t a, int32_t b) { return (int32_t)((uint32_t)a - (uint32_t)b); }
static inline int32_t wrap_shl(int32_t a, int n) { return (int32_t)((uint32_t)a << n); }

static inline int32_t rint_i(float x) { return to_int32(rintf(x)); }  /* _rint: cvtps2dq */

static inline float pow2i(int32_t q) { return from_bits32((uint32_t)wrap_shl(wrap_add(q, 0x7F), 23)); }

static inline float ldexp2(float d, int32_t e) {
    int32_t half = e >> 1;
    return (d * pow2i(half)) * pow2i(wrap_sub(e, half));
}

static inline float ldexp3(float d, int32_t q) {
    return from_bits32((uint32_t)wrap_add((int32_t)bits32(d), wrap_shl(q, 23)));
}

static inline float ldexpkf(float x, int32_t q) {  /* the port's _ldexp (vldexp_vf_vf_vi2) */
    int32_t m = q >> 31;
    m = wrap_shl(wrap_sub(wrap_add(m, q) >> 6, m), 4);
    q = wrap_sub(q, wrap_shl(m, 2));
    m = wrap_add(m, 0x7F);
    m = m > 0 ? m : 0;
    m = m > 0xFF ? 0xFF : m;
    float u = from_bits32((uint32_t)m << 23);
    x = ((x * u) * u) * u * u;
    return x * pow2i(q);
}

/* e = ilogb(d / 0.75), *m = d / 2**e, subnormals (and, as in the port, negative d) scaled by 2**64 first */
static inline int32_t exponent_mantissa(float d, float *m) {
    int tiny = d < 1.17549435e-38f;
    if (tiny) d = d * 1.84467441e+19f;
    int32_t e = (((int32_t)bits32(d * 1.33333337f) >> 23) & 0xFF) - 0x7F;
    *m = ldexp3(d, -e);
    return tiny ? e - 64 : e;
}

static inline int is_negative_zero(float x) { return bits32(x) == 0x80000000u; }

/* ---------------------------------------------------------------- exp */
static const float R_LN2 = 1.442695040888963407359924681001892137426645954152985934135449406931f;
static const float L2U = 0.693145751953125f, L2L = 1.428606765330187045e-06f;
static const float2 LN2 = {0.69314718246459960938f, -1.904654323148236017e-09f};

static const float EXPF_POLY[] = {0.000198527617612853646278381f, 0.00139304355252534151077271f,
                                  0.00833336077630519866943359f, 0.0416664853692054748535156f,
                                  0.166666671633720397949219f, 0.5f};
static const float EXPK2F_POLY[] = {0.1980960224e-3f, 0.1394256484e-2f, 0.8333456703e-2f, 0.4166637361e-1f};
static const float EXPKF_POLY[] = {0.00136324646882712841033936f, 0.00836596917361021041870117f,
                                   0.0416710823774337768554688f, 0.166665524244308471679688f,
                                   0.499999850988388061523438f};
static const float EXP2F_POLY[] = {0.1535920892e-3f, 0.1339262701e-2f, 0.9618384764e-2f, 0.5550347269e-1f,
                                   0.2402264476e+0f, 0.6931471825e+0f, 1.0f};

float gc_expf_u10(float d) {
    int32_t q = rint_i(d * R_LN2);
    float qf = (float)q;
    float s = d - qf * L2U;
    s = fmaf(qf, -L2L, s);
    float u = HORNER(s, EXPF_POLY);
    u = 1.0f + fmaf(s * s, u, s);
    u = ldexpf(u, q);
    if (d < -104.0f) u = 0.0f;
    if (100.0f < d) u = INFINITY;
    return u;
}

/* d = q*ln2 + s for a double-float d: q nearest to d/ln2, s in double-float (ln2 in two parts) */
static inline float2 reduce_ln2(float2 d, int32_t *q) {
    *q = rint_i((d.x + d.y) * R_LN2);
    float qf = (float)*q;
    return add2_ff(add2_ff(d, qf * -L2U), qf * -L2L);
}

static float2 expk2f(float2 d) {
    int32_t q;
    float2 s = reduce_ln2(d, &q);
    float u = HORNER(s.x, EXPK2F_POLY);
    float2 t = add2_ff(mul_fff(s, u), 0.166666659414234244790680580464e+0f);
    t = add2_ff(mul_ffff(s, t), 0.5f);
    t = add2_ffff(s, mul_ffff(squ(s), t));
    t = add_f_ff(1.0f, t);
    if (d.x < -104.0f) return pair(0.0f, 0.0f);
    return pair(ldexp2(t.x, q), ldexp2(t.y, q));
}

float gc_expm1f_u10(float a) {
    float2 d = add2_ff(expk2f(pair(a, 0.0f)), -1.0f);
    float x = d.x + d.y;
    if (a > 88.72283172607421875f) x = INFINITY;
    if (a < -16.635532333438687426013570f) x = -1.0f;
    return is_negative_zero(a) ? -0.0f : x;
}

float gc_tanhf_u10(float x) {
    float y = fabsf(x);
    float2 d = expk2f(pair(y, 0.0f));
    float2 e = rec(d);
    d = divide(add_ffff(d, pair(-e.x, -e.y)), add_ffff(d, e));
    y = d.x + d.y;
    if (fabsf(x) > 8.664339742f || isnan(y)) y = 1.0f;
    if (signbit(x)) y = -y;
    return isnan(x) ? x : y;
}

float gc_exp2f_u10(float d) {
    float u = rintf(d);
    int32_t q = to_int32(u);
    u = ldexp2(HORNER(d - u, EXP2F_POLY), q);
    if (d >= 128.0f) u = INFINITY;
    return d < -150.0f ? 0.0f : u;
}

/* (e^|x| + sign e^-|x|) / 2 in double-float, infinite past |x| = 89; sinh takes x's sign */
static inline float hyperbolic(float x, float sign) {
    float2 d = expk2f(pair(fabsf(x), 0.0f));
    float2 e = rec(d);
    d = add_ffff(d, pair(sign * e.x, sign * e.y));
    float y = (d.x + d.y) * 0.5f;
    if (fabsf(x) > 89.0f || isnan(y)) y = INFINITY;
    if (sign < 0 && signbit(x)) y = -y;
    return isnan(x) ? x : y;
}

float gc_sinhf_u10(float x) { return hyperbolic(x, -1.0f); }
float gc_coshf_u10(float x) { return hyperbolic(x, 1.0f); }

/* ---------------------------------------------------------------- log */
static inline float log_tail(float2 s, float2 x) {
    float x2 = x.x * x.x;
    float t = fmaf(fmaf(+0.3027294874e+0f, x2, +0.3996108174e+0f), x2, +0.6666694880e+0f);
    s = add_ffff(s, pair(x.x * 2.0f, x.y * 2.0f));
    s = add_ff(s, (x2 * x.x) * t);
    return s.x + s.y;
}

float gc_logf_u10(float d) {
    float m;
    int32_t e = exponent_mantissa(d, &m);
    float2 s = mul_fff(LN2, (float)e);
    float2 x = divide(add2(-1.0f, m), add2(1.0f, m));
    float r = log_tail(s, x);
    if (d == INFINITY) r = INFINITY;
    if (d < 0 || isnan(d)) r = NAN;
    return d == 0 ? -INFINITY : r;
}

float gc_log1pf_u10(float d) {
    float dp1 = d + 1.0f, unused;
    int32_t e = exponent_mantissa(dp1, &unused);
    float t = ldexp3(1.0f, -e);
    float m = fmaf(d, t, t - 1.0f);
    float2 s = mul_fff(LN2, (float)e);
    float2 x = divide(pair(m, 0.0f), add(2.0f, m));
    float r = log_tail(s, x);
    if (!(d <= 1.0e+38f)) r = gc_logf_u10(d);
    if (-1.0f > d) r = NAN;
    if (d == -1.0f) r = -INFINITY;
    return is_negative_zero(d) ? -0.0f : r;
}

/* ---------------------------------------------------------------- pow */
static float2 logkf(float d) {  /* log of a positive float as a double-float */
    float m;
    int32_t e = exponent_mantissa(d, &m);
    float2 x = divide(add2(-1.0f, m), add2(1.0f, m));
    float2 x2 = squ(x);
    float t = fmaf(fmaf(0.240320354700088500976562f, x2.x, 0.285112679004669189453125f), x2.x,
                   0.400007992982864379882812f);
    float2 c = {0.66666662693023681640625f, 3.69183861259614332084311e-09f};
    float2 s = mul_fff(LN2, (float)e);
    s = add_ffff(s, pair(x.x * 2.0f, x.y * 2.0f));
    return add_ffff(s, mul_ffff(mul_ffff(x2, x), add2_ffff(mul_fff(x2, t), c)));
}

static float expkf(float2 d) {  /* exp of a double-float, as a float */
    int32_t q;
    float2 s = normalize(reduce_ln2(d, &q));
    float u = HORNER(s.x, EXPKF_POLY);
    float2 t = add_ffff(s, mul_fff(squ(s), u));
    t = add_f_ff(1.0f, t);
    u = ldexpkf(t.x + t.y, q);
    return d.x < -104.0f ? 0.0f : u;
}

float gc_powf_u10(float x, float y) {
    int yisint = truncf(y) == y || fabsf(y) > 16777216.0f;
    int32_t truncated = fabsf(y) < 2147483648.0f ? to_int32(y) : 0;
    int yisodd = (truncated & 1) == 1 && yisint && fabsf(y) < 16777216.0f;
    float result = expkf(mul_fff(logkf(fabsf(x)), y));
    if (isnan(result)) result = INFINITY;
    float sign = yisint ? (yisodd ? -1.0f : 1.0f) : NAN;
    result = result * (x > 0 ? 1.0f : sign);
    float efx = fabsf(x) - 1.0f;
    if (signbit(y)) efx = -efx;
    float at_inf = efx < 0 ? 0.0f : (efx == 0 ? 1.0f : INFINITY);
    if (isinf(y)) result = at_inf;
    float edge = (signbit(y) != 0) ^ (x == 0) ? 0.0f : INFINITY;
    if (signbit(yisodd ? x : 1.0f)) edge = -edge;
    if (isinf(x) || x == 0) result = edge;
    if (isnan(x) || isnan(y)) result = NAN;
    return y == 0 || x == 1 ? 1.0f : result;
}

/* ---------------------------------------------------------------- ATen's own vector kernels */
static const float ERF_A[] = {1.061405429f, -1.453152027f, 1.421413741f, -0.284496736f, 0.254829592f};

float gc_erf_aten(float x) {
    /* A NaN meets itself with both signs (e * t: x's NaN and |x|'s), where numpy keeps the first operand's
     * and C lets the compiler choose (it folds even |x|*|x| to x*x): the port's value, x quieted and
     * positive, in bits. */
    if (isnan(x)) return from_bits32((bits32(x) & 0x7FFFFFFFu) | 0x00400000u);
    float a = fabsf(x);
    float t = 1.0f / fmaf(0.3275911f, a, 1.0f);
    float r = HORNER(t, ERF_A);
    float e = -gc_expf_u10(-(x * x));
    float y = fmaf(e * t, r, 1.0f);
    return signbit(x) ? -y : y;
}

/* ---------------------------------------------------------------- sin, cos (u35) */
static const float R_PI = 0.318309873f;  /* the port's F(1 / np.pi) */
static const float PI_A2 = 3.1414794921875f, PI_B2 = 0.00011315941810607910156f, PI_C2 = 1.9841872589410058936e-09f;
static const float PI_A = 3.140625f, PI_B = 0.0009670257568359375f, PI_C = 6.2771141529083251953e-07f,
                   PI_D = 1.2154201256553420762e-10f;
static const float SIN_POLY[] = {2.6083159809786593541503e-06f, -0.0001981069071916863322258f,
                                 0.00833307858556509017944336f, -0.166666597127914428710938f};

/* d - q*pi in three (|r| < 125) or four (|r| < 39000) parts, each step fused */
static inline float reduce_pi(float d, float r, int32_t q, float scale) {
    float u = (float)q;
    float near = fmaf(u, -PI_A2 * scale, d);
    near = fmaf(u, -PI_B2 * scale, near);
    near = fmaf(u, -PI_C2 * scale, near);
    float far = fmaf(u, -PI_A * scale, r);
    far = fmaf(u, -PI_B * scale, far);
    far = fmaf(u, -PI_C * scale, far);
    far = fmaf(u, -PI_D * scale, far);
    return fabsf(r) < 125.0f ? near : far;
}

static inline float sin_poly(float d) {
    float s = d * d;
    float u = HORNER(s, SIN_POLY);
    return s * (u * d) + d;
}

/* Beyond |d| = 39000 the port rounds numpy's float64 sine or cosine once; this rounds the C library's (the
 * same float32 values on every input the tests try, test_native_sleef32.py's sweep of bit patterns included). */
float gc_sinf_u35(float d) {
    int32_t q = rint_i(d * R_PI);
    float x = reduce_pi(d, d, q, 1.0f);
    if ((q & 1) == 1) x = -x;
    float u = sin_poly(x);
    if (is_negative_zero(d)) u = d;
    return !(fabsf(d) < 39000.0f) ? (float)sin((double)d) : u;
}

float gc_cosf_u35(float d) {
    int32_t q = rint_i(d * R_PI - 0.5f);
    q = wrap_add(wrap_add(q, q), 1);
    float x = reduce_pi(d, d, q, 0.5f);
    if ((q & 2) == 0) x = -x;
    float u = sin_poly(x);
    return !(fabsf(d) < 39000.0f) ? (float)cos((double)d) : u;
}

/* ---------------------------------------------------------------- atanh */
static const float LOGK2F_POLY[] = {0.2392828464508056640625f, 0.28518211841583251953125f,
                                    0.400005877017974853515625f, 0.666666686534881591796875f};

static float2 logk2f(float2 d) {  /* log of a double-float (d >= 1 here), as a double-float */
    int32_t e = (((int32_t)bits32(d.x * 1.33333337f) >> 23) & 0xFF) - 0x7F;
    float scale = pow2i(-e);
    float2 m = pair(d.x * scale, d.y * scale);
    float2 x = divide(add2_ff(m, -1.0f), add2_ff(m, 1.0f));
    float2 x2 = squ(x);
    float t = HORNER(x2.x, LOGK2F_POLY);
    float2 s = mul_fff(LN2, (float)e);
    s = add_ffff(s, pair(x.x * 2.0f, x.y * 2.0f));
    return add_ffff(s, mul_fff(mul_ffff(x2, x), t));
}

float gc_atanhf_u10(float x) {
    float y = fabsf(x);
    float2 d = logk2f(divide(add2(1.0f, y), add2(1.0f, -y)));
    float r = y == 1 ? INFINITY : (d.x + d.y) * 0.5f;
    if (y > 1) r = NAN;
    r = copysignf(r, x);
    return isinf(x) || isnan(r) || isnan(x) ? NAN : r;
}
