import torch
import torch.nn.functional as F

x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
print(F.relu(x))
print(torch.sigmoid(x))
y = F.softmax(x, dim=-1)
print(y)
y[2].backward()
print(x.grad)
