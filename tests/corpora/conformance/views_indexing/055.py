import torch
x = torch.arange(12.0).view(3, 4).requires_grad_()
for y in [x[0][1], x[..., None], x[None], x[:, None, :], x[[0, 1], :], x[x > 5], x[1:3][0], x.view(-1)[::2], x.T[0], x[-1, ::2], x[:, [1, 3]], x[[0, 2], [1, 3]], x[1, [0, 1]], x[torch.tensor(1)], x[..., 1:], x[None, 0, None]]:
    print(y.shape, y.grad_fn, y.grad_fn.next_functions)
