import torch

g = torch.Generator()
print(type(g).__name__, g.device)
print(g.initial_seed())
print(g.manual_seed(42) is g, g.initial_seed())
print(torch.rand(3, generator=g))
print(torch.randn(3, generator=g))
print(torch.randperm(6, generator=g))
print(torch.randint(0, 10, (5,), generator=g))

# the same seed gives the same stream as the global generator
torch.manual_seed(42)
print(torch.rand(3))
g.manual_seed(42)
print(torch.rand(3, generator=g))

# get_state / set_state
g.manual_seed(7)
s = g.get_state()
print(s.shape, s.dim())
x1 = torch.randn(4, generator=g)
g.set_state(s)
x2 = torch.randn(4, generator=g)
print(torch.equal(x1, x2))

# global state
torch.manual_seed(3)
st = torch.get_rng_state()
a = torch.rand(5)
torch.set_rng_state(st)
b = torch.rand(5)
print(torch.equal(a, b), torch.initial_seed())
print(torch.random.initial_seed())
torch.random.manual_seed(5)
print(torch.rand(2), torch.initial_seed())
print(torch.default_generator.initial_seed())
print(torch.manual_seed(9) is torch.default_generator)

# in-place samplers with a generator
g.manual_seed(0)
t = torch.empty(4)
print(t.uniform_(-1, 1, generator=g))
print(t.normal_(0, 2, generator=g))
print(t.exponential_(generator=g))
print(torch.empty(3, dtype=torch.int64).random_(0, 100, generator=g))
print(torch.empty(3).random_(10, generator=g))
print(torch.empty((), dtype=torch.int64).random_(generator=torch.Generator().manual_seed(0)))

torch.manual_seed(0)
print(torch.empty(5).exponential_(2.0))
print(torch.empty(3).bernoulli_(0.5))
try:
    torch.rand(2, generator=5)
except TypeError as e:
    print("TypeError", e)
