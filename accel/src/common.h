/* What the parts share: the integer conversion numpy's astype(int32) performs on x86-64 (cvttps2dq: NaN and
 * out-of-range values become INT32_MIN, where a C cast would be undefined), and the bits of a float. */
#ifndef GRADCLI_ACCEL_COMMON_H
#define GRADCLI_ACCEL_COMMON_H

#include <math.h>
#include <stdint.h>
#include <string.h>

static inline int32_t to_int32(double x) {
    return (x > -2147483649.0 && x < 2147483648.0) ? (int32_t)x : INT32_MIN;
}

static inline int64_t to_int64(double x) {
    return (x >= -9223372036854775808.0 && x < 9223372036854775808.0) ? (int64_t)x : INT64_MIN;
}

static inline uint32_t bits32(float x) { uint32_t i; memcpy(&i, &x, 4); return i; }
static inline float from_bits32(uint32_t i) { float x; memcpy(&x, &i, 4); return x; }
static inline uint64_t bits64(double x) { uint64_t i; memcpy(&i, &x, 8); return i; }
static inline double from_bits64(uint64_t i) { double x; memcpy(&x, &i, 8); return x; }

#endif
