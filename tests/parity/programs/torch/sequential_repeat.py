# nn.Sequential repetition as torch/nn/modules/container.py writes it: seq * n and n * seq build a new
# plain Sequential holding the same layer objects n times (shared parameters, renumbered keys),
# seq *= n repeats in place, and a non-int or non-positive factor is PyTorch's TypeError / ValueError.
import torch
import torch.nn as nn

torch.manual_seed(0)
block = nn.Sequential(nn.Linear(3, 3), nn.ReLU())
twice = block * 2
print(twice)
print(len(twice), twice[0] is twice[2], type(twice).__name__)
print(len(list(twice.parameters())))
thrice = 3 * block
print(list(thrice._modules.keys()))
x = torch.randn(2, 3)
print(torch.allclose(twice(x), block(block(x))))


class Stack(nn.Sequential):
    pass


s = Stack(nn.Tanh())
r = s * 2
print(type(r).__name__, r)
s *= 3
print(type(s).__name__, s)
for bad in (2.0, "2"):
    try:
        block * bad
    except TypeError as e:
        print("TypeError:", e)
for bad in (0, -1):
    try:
        block * bad
    except ValueError as e:
        print("ValueError:", e)
try:
    block *= 0
except ValueError as e:
    print("ValueError:", e)
