import torch
import torch.distributions as D
from torch import distributions
from torch.distributions import multinomial
torch.manual_seed(3)
m = D.Normal(torch.zeros(2, 3), 2.0)
print(type(m), m.batch_shape, m.event_shape, m.sample().shape, m.sample((4, 1)).shape)
print(m.log_prob(torch.ones(3)))
p = torch.tensor([0.1, 0.6, 0.3], requires_grad=True)
c = distributions.Categorical(probs=p)
lp = c.log_prob(torch.tensor([1, 1, 2]))
print(lp)
lp.sum().backward()
print(p.grad)
print(c.perplexity(), c.mean, c.variance)
mu = torch.tensor([1.0, -1.0], requires_grad=True)
x = D.Normal(mu, torch.tensor([0.5, 0.5])).rsample((1000,))
loss = (x ** 2).mean()
loss.backward()
print(loss, mu.grad)
counts = multinomial.Multinomial(1000, torch.tensor([0.2, 0.8])).sample()
print(counts, counts / 1000)
b = D.Bernoulli(logits=torch.tensor([-2.0, 0.0, 3.0]))
print(b.sample((5,)), b.probs, b.logits, b)
print(D.Uniform(-1.0, 1.0).sample((2, 2)))
try:
    D.Uniform(torch.zeros(2), torch.ones(2)).log_prob(torch.tensor([0.5, 1.5]))
except ValueError as e:
    print(e)
print(D.Uniform(torch.zeros(2), torch.ones(2), validate_args=False).log_prob(torch.tensor([0.5, 1.5])))
