import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
def show(t):
    print(t.grad_fn, t.grad_fn.next_functions, t._version)
y = x * 1
y.add_(1)
show(y)
y = x * 1
y.clamp_(0, 2)
show(y)
y = x * 1
y.fill_(2)
show(y)
y = x * 1
y.zero_()
show(y)
y = x * 1
y.unsqueeze_(0)
show(y)
y = x * 1
y.copy_(torch.ones(3))
show(y)
y = x * 1
y[0] = 5
show(y)
y = x * 1
y.masked_fill_(y > 1, 0)
show(y)
y = x * 1
y.exp_()
show(y)
y = x * 1
y.div_(2).sub_(1)
show(y)
y = x * 1
y.pow_(2)
show(y)
y = x * 1
y.t_()
show(y)
y = x * 1
y.neg_()
show(y)
y = x * 1
y += x
show(y)
y = x * 1
y *= torch.tensor([1.0, 2.0, 3.0])
show(y)
