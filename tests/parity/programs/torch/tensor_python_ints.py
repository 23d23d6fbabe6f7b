import torch

# Python ints (inline and beyond 64 bits) meeting tensors.
t = torch.tensor(3)
print(t, t.dtype, t * 2, t + 2 ** 40, (t * 2 ** 62).item())
x = torch.arange(4)
print(x * 2, x + 10 ** 12, x // 2, x % 3, 2 ** 62 + x[1].item())
big = 2 ** 63 - 1
print(torch.tensor(big).item(), torch.tensor(-big - 1).item(), torch.tensor([1, big]).dtype, torch.tensor([5, 2 ** 40]))
print(int(torch.tensor(7)) * 2 ** 70, torch.tensor(5).item() ** 30)
print(float(2 ** 70) * torch.ones(2))
s = {int(v) for v in torch.tensor([3, 1, 3, 2])}
print(s, sorted(s), len(s))
for bad in [lambda: torch.tensor(2 ** 64), lambda: torch.tensor([1, 2 ** 70]), lambda: torch.ones(2) * 2 ** 64,
            lambda: torch.full((2,), 2 ** 65)]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, str(e)[:60])
