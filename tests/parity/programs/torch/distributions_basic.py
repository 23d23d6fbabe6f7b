# torch.distributions Categorical, Normal and Bernoulli: sampling in PyTorch's RNG draw order
# (Categorical.sample is torch.multinomial with replacement, Normal.sample torch.normal, Bernoulli
# torch.bernoulli), log_prob, entropy, moments, shapes, reprs, validation errors; the REINFORCE
# pattern (log_prob of a sampled action, backward through the policy).
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Bernoulli, Categorical, Normal

torch.manual_seed(0)
probs = torch.tensor([0.1, 0.2, 0.3, 0.4])
c = Categorical(probs)
print(c, c.batch_shape, c.event_shape, c.support)
print(c.sample(), c.sample((2, 3)))
print(c.log_prob(torch.tensor([0, 3])), c.entropy(), c.mode, c.mean)
print(c.logits, c.probs)
print(c.enumerate_support())

cb = Categorical(logits=torch.tensor([[1.0, 2.0, 0.5], [0.0, 0.0, 0.0]]))
print(cb, cb.batch_shape, cb.probs)
s = cb.sample((4,))
print(s, s.shape, cb.log_prob(s).shape)
print(cb.entropy(), cb.perplexity())
print(Categorical(torch.tensor([2.0, 6.0])).probs)

n = Normal(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 0.5]))
print(n, n.batch_shape, n.mean, n.stddev, n.variance)
print(n.sample(), n.sample((3,)).shape)
x = torch.tensor([0.5, 2.0])
print(n.log_prob(x), n.entropy(), n.cdf(x))
ns = Normal(0.0, 2.0)
print(ns, ns.batch_shape, ns.sample((2,)), ns.log_prob(torch.tensor(1.0)))
loc = torch.tensor(0.3, requires_grad=True)
scale = torch.tensor(1.5, requires_grad=True)
r = Normal(loc, scale).rsample((5,))
r.sum().backward()
print(r, loc.grad, scale.grad)

b = Bernoulli(torch.tensor([0.2, 0.5, 0.9]))
print(b, b.sample(), b.sample((2,)))
print(b.log_prob(torch.tensor([1.0, 0.0, 1.0])), b.entropy(), b.mean, b.variance, b.mode)
bl = Bernoulli(logits=torch.tensor([-1.0, 0.0, 2.0]))
print(bl, bl.probs, bl.sample())
print(Bernoulli(0.3), Bernoulli(0.3).sample((4,)), torch.bernoulli(torch.full((2, 3), 0.5)))

# REINFORCE: the policy's log-probabilities of sampled actions
torch.manual_seed(1)
policy = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
opt = torch.optim.Adam(policy.parameters(), lr=0.01)
log_probs, rewards = [], []
for t in range(6):
    state = torch.randn(4)
    m = Categorical(F.softmax(policy(state), dim=-1))
    action = m.sample()
    log_probs.append(m.log_prob(action))
    rewards.append(1.0 if action.item() == 1 else -1.0)
loss = torch.stack([-lp * r for lp, r in zip(log_probs, rewards)]).sum()
opt.zero_grad()
loss.backward()
opt.step()
print(rewards, f"{loss.item():.4f}", type(log_probs[0].grad_fn).__name__)

# validation
for case in [lambda: Normal(0.0, -1.0),
             lambda: Bernoulli(torch.tensor([0.5, 1.5])),
             lambda: Bernoulli(),
             lambda: Categorical(torch.tensor([0.5, -0.5])),
             lambda: Categorical(torch.tensor(1.0)),
             lambda: Categorical(probs).log_prob(torch.tensor([4])),
             lambda: Bernoulli(0.5).log_prob(torch.tensor(0.5)),
             lambda: Normal(torch.zeros(2), torch.ones(2)).log_prob(torch.zeros(3))]:
    try:
        case()
    except Exception as e:
        print(type(e).__name__, e)
print(Normal(0.0, -1.0, validate_args=False).scale)
