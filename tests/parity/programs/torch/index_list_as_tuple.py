# PyTorch's treatSequenceAsTuple: a list index (under 32 items) holding a tensor, a sequence, a slice,
# Ellipsis or None is a tuple of indices (pytorch-book chapter 6: `a[[0, None]]` is `a[0, None]`),
# while a list of ints, or one of 32+ items, stays a single advanced index; the same in assignment.
import torch

a = torch.arange(12).view(2, 2, 3)
print(a[[0, None]].shape, torch.equal(a[[0, None]], a[0, None]))
print(a[[0, 1]].shape, a[(0, 1)].shape, a[[[0, 1], [1, 0]]].shape, a[[[0, 1], [1, 0]]].tolist())
print(a[[0, slice(None), 2]].tolist(), a[[Ellipsis, 1]].tolist())
print(a[[torch.tensor([1, 0]), 1]].tolist(), a[[range(2), [0, 1]]].tolist())
b = torch.arange(40)
idx = [i % 5 for i in range(32)]
print(b[idx].shape, b[[1, 2, 3]].tolist())
c = torch.zeros(3, 4)
c[[0, slice(1, 3)]] = 1.0
c[[[1, 2], [0, 3]]] = 5.0
print(c)
try:
    a[[0, None, 5]]
except IndexError as e:
    print("IndexError:", e)
