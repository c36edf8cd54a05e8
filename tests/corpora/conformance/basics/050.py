import torch
x = torch.ones(2, requires_grad=True)
with torch.inference_mode():
    y = x * 2
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
print(y, y.requires_grad, torch.is_inference_mode_enabled(), torch.is_grad_enabled())
with torch.inference_mode(False):
    print((x * 2).requires_grad)
print(torch.equal(x, torch.ones(2)), x.equal(torch.ones(3)), torch.equal(torch.tensor([1, 2]), torch.tensor([1, 3])))
