import math
import torch

x = torch.linspace(-math.pi, math.pi, 5)
print(x)
print(torch.sin(x) - torch.tensor([math.sin(v) for v in x.tolist()]))
w = torch.tensor(math.sqrt(2.0), requires_grad=True)
y = w ** 2 * math.e
y.backward()
print(y, w.grad)
print(round(math.log(y.item()), 6))
