import torch

values = [torch.tensor(1.0), torch.ones(2), torch.ones(2, requires_grad=True)]
for v in values:
    try:
        out = (v * 3).sum()
        out.backward()
        print("grad", v.grad)
    except RuntimeError as e:
        print("no backward:", e)
    else:
        print("else branch")
