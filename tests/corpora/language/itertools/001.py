# itertools as learners use it with torch: a grid of settings, endless batches cut by islice, pairs of layers
import itertools
from itertools import count, islice, product, chain, accumulate, groupby, zip_longest, pairwise, cycle
import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
for lr, steps in product([0.1, 0.01], [1, 2]):
    v = w.detach().clone().requires_grad_()
    for _ in range(steps):
        loss = (v ** 2).sum()
        loss.backward()
        with torch.no_grad():
            v -= lr * v.grad
        v.grad = None
    print(lr, steps, v)


def batches(data, size):
    it = iter(data)
    for start in count():
        chunk = list(islice(it, size))
        if not chunk:
            return
        yield_ = torch.stack(chunk)
        print(start, yield_.shape)


batches(torch.arange(10.).view(5, 2), 2)
sizes = [4, 8, 8, 2]
layers = [torch.nn.Linear(a, b) for a, b in pairwise(sizes)]
print([tuple(layer.weight.shape) for layer in layers])
params = list(chain.from_iterable(layer.parameters() for layer in layers))
print(len(params), sum(p.numel() for p in params))
print(list(accumulate([p.numel() for p in params])))
print([(k, len(list(g))) for k, g in groupby(params, key=lambda p: p.dim())])
for a, b in zip_longest(torch.arange(3), torch.arange(2), fillvalue=torch.tensor(-1)):
    print(a, b)
colours = cycle(['r', 'g'])
print([next(colours) for _ in range(3)], list(islice(count(0.5, 0.25), 3)))
print(type(product([1])), itertools.count(3))
