import torch

tensors = [torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]), torch.tensor([5.0, 6.0])]
print(sum(tensors))
print(sum(t.sum() for t in tensors))
print(max(t.max() for t in tensors))
print(", ".join(str(t.sum().item()) for t in tensors))
print(len(tensors), tensors[-1], tensors[::-1][0])
