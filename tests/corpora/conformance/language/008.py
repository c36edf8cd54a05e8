import torch

d = {"w": torch.tensor([1.0, 2.0], requires_grad=True), "b": torch.tensor(0.5, requires_grad=True)}
out = (d["w"] * 3).sum() + d["b"]
out.backward()
for name in ["w", "b"]:
    print(name, d[name].grad)
