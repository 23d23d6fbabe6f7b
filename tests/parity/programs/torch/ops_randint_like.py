# torch.randint_like draws as torch.randint does (same seed, same values), in the input's dtype.
import torch

torch.manual_seed(0)
print(torch.randint(0, 10, (2, 3)))
torch.manual_seed(0)
x = torch.zeros(2, 3, dtype=torch.int64)
print(torch.randint_like(x, 10))
torch.manual_seed(0)
print(torch.randint_like(x, 0, 10))
torch.manual_seed(1)
f = torch.randint_like(torch.zeros(4), 3, 8)
print(f, f.dtype)
print(torch.randint_like(x, low=5, high=6, dtype=torch.float64))
