import torch
import torch.nn as nn
torch.manual_seed(3)
vocab, dim = 12, 4
emb = nn.Embedding(vocab, dim)
head = nn.Linear(dim, vocab)
model = nn.Sequential(emb, nn.Flatten(), head)
tokens = torch.tensor([[1], [4], [7], [2]])
nexts = torch.tensor([4, 7, 2, 1])
for step in range(40):
    loss = nn.functional.cross_entropy(model(tokens), nexts)
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= 0.5 * p.grad
print(round(loss.item(), 5))
print(model(tokens).argmax(1))
print(emb.weight[1])
