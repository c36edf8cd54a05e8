# conditional expressions, chained comparisons and boolean logic on tensors' values
import torch

vals = torch.tensor([-1.5, 0.0, 2.5, 7.0])
for v in vals:
    x = v.item()
    kind = "negative" if x < 0 else "small" if 0 <= x < 5 else "large"
    flag = not (x == 0) and (x > -1 or x > 5)
    print(f"{x:5.1f} {kind:8s} {flag}")
print(1 < 2 < 3, 3 > 2 > 2, 2 ** 3 ** 2, -2 ** 2, 7 // 2, -7 // 2, 7 % 3, -7 % 3)
