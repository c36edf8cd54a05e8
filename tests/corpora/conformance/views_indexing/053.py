import torch

scores = torch.tensor([0.1, 0.9, 0.4, 0.7])
keep = torch.nonzero(scores > 0.3).squeeze(1)
print(keep)
print(scores[keep], scores.index_select(0, keep))
idx = torch.tensor([[1, 0], [2, 3]])
print(torch.gather(scores.repeat(2, 1), 1, idx))
print(torch.triu(torch.ones(3, 3)), torch.ones(3).diag())
