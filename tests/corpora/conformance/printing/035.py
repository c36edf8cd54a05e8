import torch

print(1 / 3, 2 ** 100, 7 // 2, -7 // 2, 7 % -3)
print(round(2.5), round(3.5), round(2.675, 2), 1e16, 1e-5, 0.1 + 0.2)
print(True + 1, 3 / 1, int("12") + 1, float("1.5"), abs(-3))
print(10 ** -2, 2 ** 0.5, divmod(17, 5), max([3, 1, 2]), min(4, 2))
