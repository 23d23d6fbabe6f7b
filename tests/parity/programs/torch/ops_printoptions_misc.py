# torch.set_printoptions (precision, sci_mode, threshold, edgeitems, linewidth, profile) as tensor
# printing honours them, get_printoptions, torch.set_default_device('cpu'),
# use_deterministic_algorithms, torch.random.fork_rng.
import torch

torch.manual_seed(0)
x = torch.tensor([1.23456789, 100.5, 0.000123])
y = torch.tensor([1.5, 2.25, 3.125])
print(x)
torch.set_printoptions(precision=2)
print(x)
print(y)
torch.set_printoptions(precision=6)
print(y)
print(torch.tensor(3.14159265))
torch.set_printoptions(sci_mode=False)
print(x)
print(torch.tensor([1e-8, 1.0]))
torch.set_printoptions(sci_mode=True)
print(y)
print(torch.zeros(2))
print(torch.tensor([1.0, 2.0]))
torch.set_printoptions(profile="default")
print(x)
torch.set_printoptions(threshold=5)
print(torch.arange(10))
print(torch.arange(10.0).reshape(2, 5))
torch.set_printoptions(threshold=5, edgeitems=1)
print(torch.arange(10))
torch.set_printoptions(profile="default")
torch.set_printoptions(linewidth=30)
print(torch.arange(20.0) / 3)
torch.set_printoptions(profile="short")
print(torch.arange(2000.0) / 7)
torch.set_printoptions(profile="full")
print(torch.arange(1200).reshape(-1)[:5], torch.arange(1200).sum())
torch.set_printoptions(profile="default")
torch.set_printoptions(precision=3, sci_mode=False)
print(torch.randn(2, 3, requires_grad=True) * 2)
torch.set_printoptions(profile="default")
print(torch.randn(3))

torch.set_default_device("cpu")
print(torch.zeros(1).device, torch.get_default_device())
print(torch.are_deterministic_algorithms_enabled())
torch.use_deterministic_algorithms(True)
print(torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled())
torch.use_deterministic_algorithms(False, warn_only=True)
print(torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled())

torch.manual_seed(5)
with torch.random.fork_rng():
    a = torch.rand(2)
b = torch.rand(2)
print(torch.equal(a, b), a)
with torch.random.fork_rng(enabled=False):
    c = torch.rand(1)
print(torch.equal(c, torch.rand(1)))


@torch.random.fork_rng()
def draw():
    return torch.randn(1)


torch.manual_seed(7)
first = draw()
second = draw()
print(torch.equal(first, second))
