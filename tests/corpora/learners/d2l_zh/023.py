import torch; torch.manual_seed(0)  # edit: seed
# edit: notebook magic: %matplotlib inline
pass  # edit: d2l's package removed
import torch
from torch.distributions import multinomial

fair_probs = torch.ones([6]) / 6
print(multinomial.Multinomial(1, fair_probs).sample())  # edit: the cell's shown value

print(multinomial.Multinomial(10, fair_probs).sample())  # edit: the cell's shown value

# 将结果存储为32位浮点数以进行除法
counts = multinomial.Multinomial(1000, fair_probs).sample()
print(counts / 1000)  # edit: the cell's shown value

counts = multinomial.Multinomial(10, fair_probs).sample((500,))
cum_counts = counts.cumsum(dim=0)
estimates = cum_counts / cum_counts.sum(dim=1, keepdims=True)

pass  # edit: plotting removed
for i in range(6):
    pass  # edit: plotting removed
pass  # edit: plotting removed
pass  # edit: plotting removed
pass  # edit: plotting removed
pass  # edit: plotting removed
