import random; import torch; torch.manual_seed(0); random.seed(0)  # edit: seed
# edit: notebook magic: %matplotlib inline
pass  # edit: d2l's package removed
import random
import torch
from torch.distributions.multinomial import Multinomial

num_tosses = 100
heads = sum([random.random() > 0.5 for _ in range(num_tosses)])
tails = num_tosses - heads
print("heads, tails: ", [heads, tails])

fair_probs = torch.tensor([0.5, 0.5])
print(Multinomial(100, fair_probs).sample())  # edit: the cell's shown value

print(Multinomial(100, fair_probs).sample() / 100)  # edit: the cell's shown value

counts = Multinomial(10000, fair_probs).sample()
print(counts / 10000)  # edit: the cell's shown value

counts = Multinomial(1, fair_probs).sample((10000,))
cum_counts = counts.cumsum(dim=0)
estimates = cum_counts / cum_counts.sum(dim=1, keepdims=True)
estimates = estimates.numpy()

pass  # edit: plotting removed
pass  # edit: plotting removed
pass  # edit: plotting removed
pass  # edit: plotting removed
pass  # edit: plotting removed
pass  # edit: plotting removed
pass  # edit: plotting removed
