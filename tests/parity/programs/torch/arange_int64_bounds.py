# torch.arange over int64 bounds past 2**53 counts in int64 (not doubles), and its bound checks.
import torch
print(torch.arange(2**60, 2**60 + 10))
print(torch.arange(2**60, 2**60 + 10, 3))
print(torch.arange(2**62 + 9, 2**62, -4))
print(torch.arange(-5, 5, 4), torch.arange(10, 0, -3), torch.arange(0, 0))
for args in [(0, 10, float("nan")), (0, 10, 0), (0, float("inf"), 1), (0, 10, -1), (-2**62, 2**62, 1)]:
    try:
        torch.arange(*args)
    except RuntimeError as e:
        print(type(e).__name__, str(e).splitlines()[0])
