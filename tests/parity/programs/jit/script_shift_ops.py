# TorchScript's shift and xor operators on tensors and ints (<< and >> once compiled to xor), and
# int arithmetic at the int64 edges that stays well defined.
import torch


@torch.jit.script
def tensor_ops(x):
    return x << 1, x >> 1, x ^ 1, x & 6, x | 8


@torch.jit.script
def int_ops(a: int, b: int):
    return a << b, a >> b, a ^ b, a // b, a % b, -a, abs(a)


print(tensor_ops(torch.tensor([4, 5, -7])))
print(int_ops(5, 2))
print(int_ops(-20, 3))
print(int_ops(2**40, 7))
