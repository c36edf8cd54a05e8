import torch

def stats(t):
    return t.mean(), t.std(), t.min(), t.max()

mean, std, lo, hi = stats(torch.tensor([1.0, 2.0, 3.0, 4.0]))
print(f"mean={mean:.2f} std={std:.3f} range=[{lo}, {hi}]")
result = stats(torch.arange(5.0))
print(len(result), result[0], result[-1])
