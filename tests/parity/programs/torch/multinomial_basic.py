import torch

torch.manual_seed(0)
p = torch.tensor([0.1, 0.2, 0.3, 0.4])
print(torch.multinomial(p, 1))
print(torch.multinomial(p, 2))
print(torch.multinomial(p, 4))
print(torch.multinomial(p, 10, replacement=True))
print(p.multinomial(3, True))

# unnormalized weights and zeros
w = torch.tensor([0.0, 10.0, 3.0, 0.0])
print(torch.multinomial(w, 2))
print(torch.multinomial(w, 6, replacement=True))

# 2-d: one row per distribution
rows = torch.tensor([[1.0, 1.0, 1.0], [0.0, 5.0, 1.0], [2.0, 0.0, 2.0]])
print(torch.multinomial(rows, 2))
print(torch.multinomial(rows, 5, replacement=True))
print(torch.multinomial(rows, 1).shape)

# float64 probabilities
d = torch.tensor([0.25, 0.25, 0.5], dtype=torch.float64)
print(torch.multinomial(d, 8, True))

# a Generator of its own leaves the global stream alone
g = torch.Generator().manual_seed(123)
a = torch.multinomial(p, 6, True, generator=g)
g.manual_seed(123)
b = torch.multinomial(p, 6, True, generator=g)
print(a, torch.equal(a, b))
print(torch.rand(2))

for args in [(p, 0), (p, 5), (torch.tensor([1, 2]), 1), (torch.tensor([-1.0, 2.0]), 1),
             (torch.tensor([0.0, 0.0]), 1), (torch.ones(2, 2, 2), 1)]:
    try:
        torch.multinomial(*args)
    except RuntimeError as e:
        print("RuntimeError", str(e).strip().split("\n")[0])
try:
    torch.multinomial(torch.tensor([-1.0, 2.0]), 3, True)
except RuntimeError as e:
    print("RuntimeError", e)
