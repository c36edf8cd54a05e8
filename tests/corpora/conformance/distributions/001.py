import torch
from torch.distributions import Normal, Bernoulli, Categorical, Uniform
from torch.distributions.multinomial import Multinomial
torch.manual_seed(0)
fair = torch.ones([6]) / 6
print(Multinomial(1, fair).sample())
print(Multinomial(10, fair).sample())
print(Multinomial(100, fair).sample((3,)))
counts = Multinomial(10, fair).sample((5,))
print(counts, counts.dtype)
m = Multinomial(5, torch.tensor([0.2, 0.3, 0.5]))
print(m, m.mean, m.variance, m.batch_shape, m.event_shape)
print(m.log_prob(torch.tensor([1., 2., 2.])))
n = Normal(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 2.0]))
print(n, n.sample(), n.sample((2,)), n.rsample())
print(n.log_prob(torch.tensor([0.5, -0.5])), n.entropy(), n.mean, n.stddev, n.variance)
print(n.cdf(torch.tensor([0.0, 1.0])))
loc = torch.tensor(0.5, requires_grad=True)
s = Normal(loc, 1.0).rsample((3,))
print(s)
s.sum().backward()
print(loc.grad)
print(Normal(0., 1.), Normal(0., 1.).sample(), Normal(0, 1).sample().dtype)
b = Bernoulli(torch.tensor([0.3, 0.9]))
print(b, b.sample(), b.sample((2,)), b.log_prob(torch.tensor([1., 0.])), b.entropy(), b.mean, b.variance)
print(Bernoulli(0.3), Bernoulli(logits=torch.tensor([0.3, 1.])).probs)
c = Categorical(torch.tensor([0.1, 0.2, 0.7]))
print(c, c.sample(), c.sample((4,)), c.log_prob(torch.tensor([0, 2])), c.entropy(), c.probs, c.logits)
c2 = Categorical(logits=torch.tensor([[1., 2.], [0., 0.]]))
print(c2, c2.sample(), c2.probs, c2.batch_shape, c2.mode)
u = Uniform(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 3.0]))
print(u, u.sample(), u.rsample((2,)), u.log_prob(torch.tensor([0.5, 2.5])), u.entropy(), u.mean, u.variance, u.stddev)
print(Uniform(0., 2.), Uniform(0., 2.).sample())
for f in [lambda: Normal(0., -1.), lambda: Bernoulli(torch.tensor([1.5])), lambda: Categorical(torch.tensor([-1., 2])),
          lambda: Uniform(2., 1.), lambda: Multinomial(3, torch.tensor([-1., 1])),
          lambda: Normal(0., 1.).log_prob(torch.tensor([[1.]])), lambda: Bernoulli(0.3).log_prob(torch.tensor(0.5)),
          lambda: Normal(torch.zeros(2), 1.).log_prob(torch.zeros(3)), lambda: Bernoulli(), lambda: Categorical(torch.tensor(1.)),
          lambda: Multinomial(2, torch.tensor([0.5, 0.5])).log_prob(torch.tensor([1., 0.]))]:
    try:
        f()
        print("ok")
    except Exception as e:
        print(type(e).__name__, e)
