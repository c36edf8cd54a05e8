import torch
import numpy as np
print(torch.Tensor(np.array(2.0)), torch.Tensor(np.array([1, 2])), torch.BoolTensor(np.array([1, 0, 2, 0])))
print(torch.LongTensor(np.array([1.5, 2.7])), torch.IntTensor(np.array([[1, 2]])), torch.DoubleTensor(np.zeros((2, 1))))
print(torch.Tensor([1, 2]), torch.Tensor(2, 3).shape, torch.Tensor(), torch.FloatTensor(np.ones(2, dtype=np.float32)))
print(torch.zeros(np.array(2)), torch.ones(np.int64(2)))
try:
    torch.zeros(np.array([2, 3]))
except TypeError as e:
    print(e)
x = torch.tensor(1)
y = torch.tensor(2.5)
print(x.type_as(y), y.type_as(x), x.type_as(y).grad_fn)
a = torch.tensor([1., 2.], requires_grad=True)
print(a.type_as(torch.zeros(1, dtype=torch.float64)), a.type_as(a) is a)
print(a.char(), a.byte(), a.short(), a.int(), a.long(), a.bool(), a.half(), a.double())
for f in [lambda: a.type_as(3)]:
    try:
        f()
    except TypeError as e:
        print(e)
