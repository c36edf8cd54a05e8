/* SLEEF's float64 vector functions, one lane at a time: C twins of gradcli/kernels/sleef64.py, which says where
 * each comes from (shibatch/sleef src/libm/sleefsimddp.c, Boost Software License 1.0). Every operation is the
 * port's, in its order; fma() stands where the port calls fma64 and where it takes a product's rounding error
 * (_pe: Dekker's TwoProduct there, exact wherever it does not overflow or underflow). Where the port selects
 * between lanes with np.where, a lane here computes only the branch it keeps. */
#include "common.h"

static const double R_LN2 = 1.442695040888963407359924681001892137426645954152985934135449406931;
static const double L2U = .69314718055966295651160180568695068359375;
static const double L2L = .28235290563031577122588448175013436025525412068e-12;
static const double LOG_DBL_MAX = 0x1.62e42fefa39efp+9;
static const double LOG1P_BOUND = 0x1.c7b1f3cac7433p+1019;

/* ---------------------------------------------------------------- double-double arithmetic (dd.h, FMA branch) */
typedef struct { double x, y; } dd;  /* x + y, |y| below half an ulp of x */

static const dd LN2 = {0.693147180559945286226764, 2.319046813846299558417771e-17};

static inline dd dd_of(double x, double y) { dd r = {x, y}; return r; }

static inline double pe(double x, double y, double s) { return fma(x, y, -s); }  /* x*y - s exactly, s = x*y */

static inline dd add(double x, double y) {  /* dfadd_vf2_vf_vf: |x| >= |y| */
    double s = x + y;
    return dd_of(s, (x - s) + y);
}

static inline dd add2(double x, double y) {  /* dfadd2_vf2_vf_vf: any order */
    double s = x + y, v = s - x;
    return dd_of(s, (x - (s - v)) + (y - v));
}

static inline dd add2_dd_d(dd x, double y) {  /* ddadd2_vd2_vd2_vd */
    double s = x.x + y, v = s - x.x;
    double t = (x.x - (s - v)) + (y - v);
    return dd_of(s, t + x.y);
}

static inline dd add_dd_d(dd x, double y) {  /* ddadd_vd2_vd2_vd */
    double s = x.x + y;
    return dd_of(s, ((x.x - s) + y) + x.y);
}

static inline dd add_d_dd(double x, dd y) {  /* ddadd_vd2_vd_vd2 */
    double s = x + y.x;
    return dd_of(s, ((x - s) + y.x) + y.y);
}

static inline dd add_dd(dd x, dd y) {  /* ddadd_vd2_vd2_vd2: |x| >= |y| */
    double s = x.x + y.x;
    return dd_of(s, (((x.x - s) + y.x) + x.y) + y.y);
}

static inline dd add2_dd(dd x, dd y) {  /* ddadd2_vd2_vd2_vd2 */
    double s = x.x + y.x, v = s - x.x;
    double t = (x.x - (s - v)) + (y.x - v);
    return dd_of(s, t + (x.y + y.y));
}

static inline dd normalize(dd t) {
    double s = t.x + t.y;
    return dd_of(s, (t.x - s) + t.y);
}

static inline dd mul_dd_d(dd x, double y) {  /* ddmul_vd2_vd2_vd */
    double s = x.x * y;
    return dd_of(s, fma(x.y, y, pe(x.x, y, s)));
}

static inline dd mul_dd(dd x, dd y) {  /* ddmul_vd2_vd2_vd2 */
    double s = x.x * y.x;
    return dd_of(s, fma(x.x, y.y, fma(x.y, y.x, pe(x.x, y.x, s))));
}

static inline dd squ(dd x) {  /* ddsqu_vd2_vd2 */
    double s = x.x * x.x;
    return dd_of(s, fma(x.x + x.x, x.y, pe(x.x, x.x, s)));
}

static inline dd div_dd(dd n, dd d) {  /* the port's _div: dddiv_vd2_vd2_vd2 */
    double t = 1.0 / d.x, s = n.x * t;
    double u = pe(t, n.x, s);
    double v = fma(-d.y, t, fma(-d.x, t, 1.0));
    return dd_of(s, fma(s, v, fma(n.y, t, u)));
}

static inline dd rec(dd d) {  /* ddrec_vd2_vd2 */
    double s = 1.0 / d.x;
    return dd_of(s, s * fma(-d.y, s, fma(-d.x, s, 1.0)));
}

static inline dd mla_dd(double x, dd y, dd z) {  /* ddmla_vd2_vd_vd2_vd2: z + y*x */
    return add_dd(z, mul_dd_d(y, x));
}

/* ---------------------------------------------------------------- Estrin polynomials (estrin.h), highest first */
static inline double p2(double x, double c1, double c0) { return fma(x, c1, c0); }

static inline double p4(double x, double x2, const double *c) { return fma(x2, p2(x, c[0], c[1]), p2(x, c[2], c[3])); }

static inline double p8(double x, double x2, double x4, const double *c) {
    return fma(x4, p4(x, x2, c), p4(x, x2, c + 4));
}

static inline double poly7(double x, double x2, double x4, const double *c) {
    return fma(x4, fma(x2, c[0], p2(x, c[1], c[2])), p4(x, x2, c + 3));
}

static inline double poly9(double x, double x2, double x4, double x8, const double *c) {
    return fma(x8, c[0], p8(x, x2, x4, c + 1));
}

static inline double poly10(double x, double x2, double x4, double x8, const double *c) {
    return fma(x8, p2(x, c[0], c[1]), p8(x, x2, x4, c + 2));
}

static inline double poly21(double x, double x2, double x4, double x8, double x16, const double *c) {
    double high = fma(x4, c[0], p4(x, x2, c + 1));
    return fma(x16, high, fma(x8, p8(x, x2, x4, c + 5), p8(x, x2, x4, c + 13)));
}

/* ---------------------------------------------------------------- integer helpers */
/* numpy's int64 arithmetic wraps; C's unsigned arithmetic does the same without undefined behaviour */
static inline double pow2i(int64_t q) { return from_bits64(((uint64_t)q + 0x3FF) << 52); }

static inline double ldexp2(double d, int64_t e) {
    int64_t half = e >> 1;  /* (arithmetic shift, as numpy's) */
    return (d * pow2i(half)) * pow2i((int64_t)((uint64_t)e - (uint64_t)half));
}

static inline double ldexp3(double d, int64_t q) { return from_bits64(bits64(d) + ((uint64_t)q << 52)); }

static inline int64_t ilogb2k(double d) { return (int64_t)((bits64(d) >> 52) & 0x7FF) - 0x3FF; }

/* e = ilogb(d / 0.75), *m = d / 2**e in [0.75, 1.5) for positive d (subnormals scaled by 2**64 first) */
static inline int64_t exponent_mantissa(double d, double *m) {
    int tiny = d < 0x1p-1022;
    if (tiny) d = d * 18446744073709551616.0;
    int64_t e = ilogb2k(d * (1.0 / 0.75));
    *m = ldexp3(d, -e);
    return tiny ? e - 64 : e;
}

/* ---------------------------------------------------------------- exp */
static const double EXP_POLY[] = {
    0.2081276378237164457e-8, 0.2511210703042288022e-7, 0.2755762628169491192e-6, 0.2755723402025388239e-5,
    0.2480158687479686264e-4, 0.1984126989855865850e-3, 0.1388888888914497797e-2, 0.8333333333314938210e-2,
    0.4166666666666602598e-1, 0.1666666666666669072e+0};

double gc_exp_u10(double d) {
    double u = rint(d * R_LN2);
    int64_t q = to_int64(u);
    double s = u * -L2U + d;  /* (exact product, one rounding: not an fma in the port either) */
    s = fma(u, -L2L, s);
    double s2 = s * s, s4 = s2 * s2;
    u = poly10(s, s2, s4, s4 * s4, EXP_POLY);
    u = fma(u, s, 0.5);
    u = fma(u, s, 1.0);
    u = fma(u, s, 1.0);
    u = ldexp2(u, isfinite(d) ? q : 0);
    if (d > LOG_DBL_MAX) u = INFINITY;
    if (d < -1000) u = 0.0;
    return isnan(d) ? d : u;
}

static const double EXPK2_POLY[] = {
    +0.1602472219709932072e-9, +0.2092255183563157007e-8, +0.2505230023782644465e-7, +0.2755724800902135303e-6,
    +0.2755731892386044373e-5, +0.2480158735605815065e-4, +0.1984126984148071858e-3, +0.1388888888886763255e-2,
    +0.8333333333333347095e-2, +0.4166666666666669905e-1};

static dd expk2(dd d) {  /* exp of a double-double, as a double-double */
    double dq = rint((d.x + d.y) * R_LN2);
    int64_t q = to_int64(isfinite(dq) ? dq : 0.0);
    dd s = add2_dd_d(d, dq * -L2U);
    s = add2_dd_d(s, dq * -L2L);
    dd s2 = squ(s), s4 = squ(s2);
    double u = poly10(s.x, s2.x, s4.x, s4.x * s4.x, EXPK2_POLY);
    dd t = add_d_dd(0.5, mul_dd_d(s, +0.1666666666666666574e+0));
    t = add_d_dd(1.0, mul_dd(t, s));
    t = add_d_dd(1.0, mul_dd(t, s));
    t = add_dd(t, mul_dd_d(s4, u));
    if (d.x < -1000) return dd_of(0.0, 0.0);
    return dd_of(ldexp2(t.x, q), ldexp2(t.y, q));
}

double gc_expm1_u10(double a) {
    dd d = add2_dd_d(expk2(dd_of(a, 0.0)), -1.0);
    double x = d.x + d.y;
    if (a > 709.782712893383996732223) x = INFINITY;
    if (a < -36.736800569677101399113302437) x = -1.0;
    if (a == 0 && signbit(a)) x = -0.0;
    return isnan(a) ? a : x;
}

/* (e^|x| + sign e^-|x|) / 2 in double-double (xsinh, xcosh), infinite past |x| = 710; sinh takes x's sign */
static double hyperbolic(double x, double sign) {
    dd d = expk2(dd_of(fabs(x), 0.0));
    dd e = rec(d);
    d = add_dd(d, dd_of(sign * e.x, sign * e.y));
    double y = (d.x + d.y) * 0.5;
    if (fabs(x) > 710 || isnan(y)) y = INFINITY;
    if (sign < 0) y = copysign(y, x);
    return isnan(x) ? x : y;
}

double gc_sinh_u10(double x) { return hyperbolic(x, -1.0); }

double gc_cosh_u10(double x) { return hyperbolic(x, 1.0); }

static const double EXP2_POLY[] = {
    +0.4434359082926529454e-9, +0.7073164598085707425e-8, +0.1017819260921760451e-6, +0.1321543872511327615e-5,
    +0.1525273353517584730e-4, +0.1540353045101147808e-3, +0.1333355814670499073e-2, +0.9618129107597600536e-2,
    +0.5550410866482046596e-1, +0.2402265069591012214e+0};

double gc_exp2_u10(double d) {
    double u = rint(d);
    int64_t q = to_int64(isfinite(u) ? u : 0.0);
    double s = d - u;
    double s2 = s * s, s4 = s2 * s2;
    u = poly10(s, s2, s4, s4 * s4, EXP2_POLY);
    u = fma(u, s, +0.6931471805599452862e+0);
    u = fma(u, s, 1.0);
    u = ldexp2(u, q);
    if (d >= 1024) u = INFINITY;
    if (d < -2000) u = 0.0;
    return isnan(d) ? d : u;
}

double gc_tanh_u10(double x) {
    dd d = expk2(dd_of(fabs(x), 0.0));
    dd e = rec(d);
    d = div_dd(add2_dd(d, dd_of(-e.x, -e.y)), add2_dd(d, e));
    double y = d.x + d.y;
    if (fabs(x) > 18.714973875 || isnan(y)) y = 1.0;
    y = copysign(y, x);
    return isnan(x) ? x : y;
}

/* ---------------------------------------------------------------- log */
static const double LOG_POLY[] = {0.1532076988502701353e+0, 0.1525629051003428716e+0, 0.1818605932937785996e+0,
                                  0.2222214519839380009e+0, 0.2857142932794299317e+0, 0.3999999999635251990e+0,
                                  0.6666666666667333541e+0};

static double log_tail(int64_t e, dd x) {  /* ln2 * e + 2x + x^3 * P(x^2), the last step of xlog_u1 and xlog1p */
    double x2 = x.x * x.x, x4 = x2 * x2;
    double t = poly7(x2, x4, x4 * x4, LOG_POLY);
    dd s = mul_dd_d(LN2, (double)e);
    s = add_dd(s, dd_of(x.x * 2.0, x.y * 2.0));
    s = add_dd_d(s, (x2 * x.x) * t);
    return s.x + s.y;
}

double gc_log_u10(double d) {
    double m;
    int64_t e = exponent_mantissa(d, &m);
    dd x = div_dd(add2(-1.0, m), add2(1.0, m));
    double r = log_tail(e, x);
    if (d == INFINITY) r = INFINITY;
    if (d < 0 || isnan(d)) r = NAN;
    return d == 0 ? -INFINITY : r;
}

double gc_log1p_u10(double d) {
    double unused;
    int64_t e = exponent_mantissa(d + 1.0, &unused);
    double t = ldexp3(1.0, -e);
    double m = fma(d, t, t - 1.0);
    dd x = div_dd(dd_of(m, 0.0), add(2.0, m));
    double r = !(d <= LOG1P_BOUND) ? gc_log_u10(d) : log_tail(e, x);
    if (d < -1 || isnan(d)) r = NAN;
    if (d == -1) r = -INFINITY;
    return (d == 0 && signbit(d)) ? -0.0 : r;
}

static const double LOGK2_POLY[] = {0.13860436390467167910856, 0.131699838841615374240845,
                                    0.153914168346271945653214, 0.181816523941564611721589,
                                    0.22222224632662035403996, 0.285714285511134091777308,
                                    0.400000000000914013309483};

static dd logk2(dd d) {  /* log of a double-double (d >= 1 here), as a double-double */
    int64_t e = ilogb2k(d.x * (1.0 / 0.75));
    dd m = dd_of(ldexp2(d.x, -e), ldexp2(d.y, -e));
    dd x = div_dd(add2_dd_d(m, -1.0), add2_dd_d(m, 1.0));
    dd x2 = squ(x);
    double x4 = x2.x * x2.x;
    double t = poly7(x2.x, x4, x4 * x4, LOGK2_POLY);
    t = fma(t, x2.x, 0.666666666666664853302393);
    dd s = mul_dd_d(LN2, (double)e);
    s = add_dd(s, dd_of(x.x * 2.0, x.y * 2.0));
    return add_dd(s, mul_dd_d(mul_dd(x2, x), t));
}

double gc_atanh_u10(double x) {
    double y = fabs(x);
    dd d = logk2(div_dd(add2(1.0, y), add2(1.0, -y)));
    double r = y == 1 ? INFINITY : (d.x + d.y) * 0.5;
    if (y > 1) r = NAN;
    r = copysign(r, x);
    return (isinf(x) || isnan(r) || isnan(x)) ? NAN : r;
}

/* ---------------------------------------------------------------- erf */
static const double ERF_NEAR[] = {
    -0.2083271002525222097e-14, +0.7151909970790897009e-13, -0.1162238220110999364e-11, +0.1186474230821585259e-10,
    -0.8499973178354613440e-10, +0.4507647462598841629e-9, -0.1808044474288848915e-8, +0.5435081826716212389e-8,
    -0.1143939895758628484e-7, +0.1215442362680889243e-7, +0.1669878756181250355e-7, -0.9808074602255194288e-7,
    +0.1389000557865837204e-6, +0.2945514529987331866e-6, -0.1842918273003998283e-5, +0.3417987836115362136e-5,
    +0.3860236356493129101e-5, -0.3309403072749947546e-4, +0.1060862922597579532e-3, +0.2323253155213076174e-3,
    +0.1490149719145544729e-3};
static const double ERF_FAR[] = {
    -0.4024015130752621932e-18, +0.3847193332817048172e-16, -0.1749316241455644088e-14, +0.5029618322872872715e-13,
    -0.1025221466851463164e-11, +0.1573695559331945583e-10, -0.1884658558040203709e-9, +0.1798167853032159309e-8,
    -0.1380745342355033142e-7, +0.8525705726469103499e-7, -0.4160448058101303405e-6, +0.1517272660008588485e-5,
    -0.3341634127317201697e-5, -0.2515023395879724513e-5, +0.6539731269664907554e-4, -0.3551065097428388658e-3,
    +0.1210736097958368864e-2, -0.2605566912579998680e-2, +0.1252823202436093193e-2, +0.1820191395263313222e-1,
    -0.1021557155453465954e+0};
static const dd ERF_NEAR_DD[] = {{0.0092877958392275604405, 7.9287559463961107493e-19},
                                 {0.042275531758784692937, 1.3785226620501016138e-19},
                                 {0.07052369794346953491, 9.5846628070792092842e-19}};
static const dd ERF_FAR_DD[] = {{-0.63691044383641748361, -2.4249477526539431839e-17},
                                {-1.1282926061803961737, -6.2970338860410996505e-17},
                                {-1.2261313785184804967e-05, -5.5329707514490107044e-22}};
static const double EXPK_POLY[] = {
    2.51069683420950419527139e-08, 2.76286166770270649116855e-07, 2.75572496725023574143864e-06,
    2.48014973989819794114153e-05, 0.000198412698809069797676111, 0.0013888888939977128960529,
    0.00833333333332371417601081, 0.0416666666665409524128449, 0.166666666666666740681535,
    0.500000000000000999200722};

static double expk(dd d) {  /* exp of a double-double, as a double */
    double dq = rint((d.x + d.y) * R_LN2);
    int64_t q = to_int64(isfinite(dq) ? dq : 0.0);
    dd s = add2_dd_d(d, dq * -L2U);
    s = normalize(add2_dd_d(s, dq * -L2L));
    double s2 = s.x * s.x, s4 = s2 * s2;
    double u = poly10(s.x, s2, s4, s4 * s4, EXPK_POLY);
    dd t = add_d_dd(1.0, s);
    t = add_dd(t, mul_dd_d(squ(s), u));
    return d.x < -1000 ? 0.0 : ldexp2(t.x + t.y, q);
}

double gc_erf_u10(double a) {
    double x = fabs(a);
    double x2 = x * x, x4 = x2 * x2, x8 = x4 * x4;
    int near = x <= 2.5;
    const dd *c = near ? ERF_NEAR_DD : ERF_FAR_DD;  /* c2, c1, c0 */
    double t = poly21(x, x2, x4, x8, x8 * x8, near ? ERF_NEAR : ERF_FAR);
    dd t2 = mla_dd(x * x, mla_dd(x, dd_of(t, 0.0), c[0]), mla_dd(x, c[1], c[2]));
    if (near) {
        dd s2 = add_d_dd(1.0, mul_dd_d(t2, x));
        for (int i = 0; i < 4; i++) s2 = squ(s2);
        t2 = rec(s2);
    } else {
        t2 = dd_of(expk(t2), 0.0);
    }
    t2 = add2_dd_d(t2, -1.0);
    double z = -(t2.x + t2.y);
    if (x < 1e-8) z = x * 1.12837916709551262756245475959;
    if (x >= 6) z = 1.0;
    if (isinf(a)) z = 1.0;
    if (a == 0) z = 0.0;
    return copysign(z, a);
}

/* ---------------------------------------------------------------- pow */
static const double LOGK_POLY[] = {0.116255524079935043668677, 0.103239680901072952701192, 0.117754809412463995466069,
                                   0.13332981086846273921509, 0.153846227114512262845736, 0.181818180850050775676507,
                                   0.222222222230083560345903, 0.285714285714249172087875, 0.400000000000000077715612};
static const dd LOGK_C = {0.666666666666666629659233, 3.80554962542412056336616e-17};

static dd logk(double d) {  /* log of a positive double, as a double-double */
    double m;
    int64_t e = exponent_mantissa(d, &m);
    dd x = div_dd(add2(-1.0, m), add2(1.0, m));
    dd x2 = squ(x);
    double x4 = x2.x * x2.x, x8 = x4 * x4;
    double t = poly9(x2.x, x4, x8, x8 * x8, LOGK_POLY);
    dd s = mul_dd_d(LN2, (double)e);
    s = add_dd(s, dd_of(x.x * 2.0, x.y * 2.0));
    x = mul_dd(x2, x);
    s = add_dd(s, mul_dd(x, LOGK_C));
    x = mul_dd(x2, x);
    return add_dd(s, mul_dd_d(x, t));
}

double gc_pow_u10(double x, double y) {
    int yisint = rint(y) == y;
    double half = y * 0.5;
    int yisodd = rint(half) != half && yisint;
    dd d = mul_dd_d(logk(fabs(x)), y);
    double result = expk(d);
    if (d.x > LOG_DBL_MAX) result = INFINITY;
    result = result * (x > 0 ? 1.0 : yisint ? (yisodd ? -1.0 : 1.0) : NAN);
    double efx = fabs(x) - 1;
    if (signbit(y)) efx = -efx;
    if (isinf(y)) result = efx < 0 ? 0.0 : efx == 0 ? 1.0 : INFINITY;
    double edge = ((signbit(y) != 0) ^ (x == 0)) ? 0.0 : INFINITY;
    if (signbit(yisodd ? x : 1.0)) edge = -edge;
    if (isinf(x) || x == 0) result = edge;
    if (isnan(x) || isnan(y)) result = NAN;
    return (y == 0 || x == 1) ? 1.0 : result;
}
