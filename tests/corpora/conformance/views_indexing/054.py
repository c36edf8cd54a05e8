import torch
x = torch.arange(12.0).view(3, 4)
print(x.stride(), x.t().stride(), x.stride(1), x.stride(-2), x.storage_offset(), x[1:, 2:].storage_offset())
print(x[:, 1].stride(), x[:, 1].storage_offset(), x.expand(2, 3, 4).stride(), x.unsqueeze(1).stride())
print(x.t().contiguous().stride(), x.permute(1, 0).is_contiguous(), x.element_size(), x.double().element_size(), x.nelement(), x.ndimension())
print(x[1].storage_offset(), x.view(-1)[5:].storage_offset(), x.reshape(4, 3).stride())
