import torch

params = {"w": torch.tensor([1.0], requires_grad=True), "b": torch.tensor([0.0], requires_grad=True)}
loss = (params["w"] * 2 + params["b"]).sum()
loss.backward()
for name, p in params.items():
    print(name, p.grad)
print(sorted(params.keys()), len(params.values()))
print("w" in params, params.get("z") is None)
