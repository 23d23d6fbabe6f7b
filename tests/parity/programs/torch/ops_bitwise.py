# Bitwise ops on integer and bool tensors: functions, methods, operators, in-place forms, promotion
# and the error for floating tensors.
import torch

a = torch.tensor([12, 5, -3, 0])
b = torch.tensor([10, 3, 7, 1])
print(torch.bitwise_and(a, b), torch.bitwise_or(a, b), torch.bitwise_xor(a, b), torch.bitwise_not(a))
print(a & b, a | b, a ^ b, ~a)
print(a & 6, a | 1, a ^ -1)
print(a.bitwise_and(b), a.bitwise_or(b), a.bitwise_xor(b), a.bitwise_not())
m = torch.tensor([True, False, True, False])
n = torch.tensor([True, True, False, False])
print(m & n, m | n, m ^ n, ~m)
print((m & n).dtype, (m & a).dtype, m & a)
mask = (a > 0) & (b > 2)
print("mask", mask, a[mask])
c = a.clone(); c &= b; print(c)
c = a.clone(); c |= b; print(c)
c = a.clone(); c ^= b; print(c)
c = a.clone(); c.bitwise_and_(b); print(c)
c = m.clone(); c |= n; print(c)
for op in [lambda: torch.tensor([1.0]) & torch.tensor([1.0]), lambda: ~torch.tensor([1.5]),
           lambda: torch.bitwise_xor(torch.tensor([2.0]), torch.tensor([1]))]:
    try:
        op()
    except Exception as e:
        print(type(e).__name__, e)
