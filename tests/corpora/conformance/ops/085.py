# arguments named as torch's documentation names them, numpy's axis/keepdims, and out=
import torch

a = torch.arange(6.).reshape(2, 3)
b = torch.ones(2, 3)
print(torch.add(input=a, other=b, alpha=2))
print(torch.matmul(input=a, other=b.t()))
print(torch.mm(a, mat2=b.t()))
print(torch.exp(input=a))
print(torch.sum(input=a, dim=1, keepdim=True))
print(a.sum(axis=0), a.mean(axis=1, keepdims=True), torch.max(a, axis=1))
print(a.pow(exponent=2), torch.pow(a, exponent=2))
print(torch.clamp(a, min=1, max=4), a.clamp(max=2))
print(torch.where(condition=a > 2, input=a, other=b))
print(torch.cat(tensors=[a, b], dim=0).shape)
print(a.add(other=b, alpha=3))
print(a.view(size=(3, 2)))
print(torch.nn.functional.relu(input=a - 2))
print(torch.nn.functional.mse_loss(input=a, target=b))
