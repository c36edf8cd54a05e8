# augmented assignment: in place on tensors, rebinding on numbers
import torch

x = torch.zeros(3)
alias = x
x += 1
print(alias)
x = x + 1
print(alias, x)
n = 5
m = n
n += 1
print(n, m)
t = torch.tensor([2.0, 4.0])
t /= 2
t *= torch.tensor([3.0, 5.0])
t -= 1
print(t)
