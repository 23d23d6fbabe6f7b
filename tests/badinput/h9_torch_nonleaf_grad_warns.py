# badinput: reading .grad of a non-leaf warns as PyTorch does
# expect-exit: 0
# expect-stdout: warned True None
import torch, warnings
x = torch.ones(2, requires_grad=True)
y = x * 2
y.sum().backward()
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter('always')
    g = y.grad
print('warned', any('not a leaf Tensor' in str(w.message) for w in ws), g)
