# what scripts see of the library's objects: type(), repr, isinstance, state, defaults
import torch
w = torch.ones(2, requires_grad=True)
o = torch.optim.AdamW([w])
s = torch.optim.lr_scheduler.StepLR(o, 2)
l = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(w))
print(type(o), type(s), type(l), type(iter(l)), type(l.dataset), type(l.sampler), type(l.batch_sampler))
print(s, l, iter(l), l.dataset, l.sampler)
print(isinstance(o, torch.optim.Optimizer), isinstance(o, torch.optim.Adam), isinstance(l.dataset, torch.utils.data.Dataset))
print(o.state, o.defaults)
print(next(iter([5, 6])))
