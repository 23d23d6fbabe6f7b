import torch
# Floor division, modulo, fmod/remainder and division rounding modes with negative operands.
a = torch.tensor([7, -7, 7, -7])
b = torch.tensor([2, 2, -2, -2])
print(a // b)
print(a % b)
print(a / b)
print(torch.div(a, b, rounding_mode="floor"))
print(torch.div(a, b, rounding_mode="trunc"))
print(torch.fmod(a, b), torch.remainder(a, b))
print(a // 3, a % 3, a % -3)
f = torch.tensor([5.5, -5.5, 5.5, -5.5])
g = torch.tensor([2.0, 2.0, -2.0, -2.0])
print(f // g)
print(f % g)
print(torch.fmod(f, g))
print(torch.div(f, g, rounding_mode="trunc"), torch.div(f, g, rounding_mode="floor"))
print(f // 2, f % 2)
print(torch.tensor([-0.5, 0.5]) // 1)
print(torch.tensor([-1.5, 1.5, 3.0]) % 1)
print(7 // torch.tensor([2, -2]), 7 % torch.tensor([3, -3]))
print(-7.5 % torch.tensor([2.0]), -7.5 // torch.tensor([2.0]))
print(torch.tensor([9, -9]) // 2.0, (torch.tensor([9, -9]) // 2.0).dtype)
print(torch.tensor([1.0, -1.0, 0.0]) / 0)
print(torch.tensor([1.0, -1.0]) // 0.0)
try:
    print(torch.tensor([1, 2]) // torch.tensor([0, 1]))
except Exception as e:
    print(type(e).__name__, e)
try:
    print(torch.tensor([5]) % 0)
except Exception as e:
    print(type(e).__name__, e)
x = torch.arange(-6, 7)
print(x // 4)
print(x % 4)
print(x % -4)
q = torch.tensor([10, -10])
q //= 3
print(q)
r = torch.tensor([10.0, -10.0])
r %= 3
print(r)
