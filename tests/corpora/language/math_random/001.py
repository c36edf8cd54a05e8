import math

print(math.pi, math.e, math.tau, math.inf, -math.inf)
print(math.sqrt(2), math.exp(1), math.log(10), math.log(8, 2), math.log2(1024), math.log10(0.001))
print(math.sin(math.pi / 6), math.cos(0), math.tan(math.pi / 4), math.atan2(1, 1), math.hypot(3, 4))
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.7), math.fabs(-3), math.factorial(10))
print(math.isclose(0.1 + 0.2, 0.3), math.isnan(math.nan), math.isinf(math.inf), math.gcd(12, 18))
print(math.degrees(math.pi), math.radians(180), math.pow(2, 10), math.erf(0.5), math.gamma(5))
print(math.comb(10, 3), math.perm(5, 2), math.prod([1, 2, 3, 4]), math.fsum([0.1] * 10), math.copysign(1, -0.0))
