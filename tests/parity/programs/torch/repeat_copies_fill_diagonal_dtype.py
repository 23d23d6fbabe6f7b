import copy

import torch
import torch.nn as nn
# Tensor.repeat always writes a new tensor, also when every count is 1 (no aliasing, not a view, and
# an in-place add on it under autograd is an ordinary AddBackward0); fill_diagonal_ casts its value to
# the tensor's dtype (a bool mask stays bool); copy.deepcopy of an Embedding made by
# nn.Embedding.from_pretrained (and of a model holding one) copies its options and weight.
x = torch.arange(6.0).view(2, 3)
r = x.repeat(1, 1)
r += 1
print(x, r, r._is_view(), r.data_ptr() != x.data_ptr())
b = nn.Parameter(torch.ones(1, 2, 2))
z = torch.zeros_like(b).repeat(1, 1, 1)
z += b.repeat(1, 1, 1)
print(type(z.grad_fn).__name__, z._is_view())
(z * 2).sum().backward()
print(b.grad)
print(torch.tensor(5).repeat(1), torch.ones(2, 0).repeat(1, 1).shape)

mask = torch.ones((4, 4), dtype=bool)
mask = mask.fill_diagonal_(0)
print(mask, mask.dtype)
i = torch.zeros(3, 3, dtype=torch.int64).fill_diagonal_(2.7)
print(i)
f = torch.zeros(2, 3).fill_diagonal_(True)
print(f)

emb = nn.Embedding.from_pretrained(torch.arange(12.0).view(4, 3), padding_idx=1, max_norm=5.0)
c = copy.deepcopy(emb)
print(c, c.weight.requires_grad, c.weight is emb.weight, torch.equal(c.weight, emb.weight))
print(c.padding_idx, c.max_norm, c.norm_type, c.scale_grad_by_freq, c.sparse)
net = nn.Sequential(nn.Embedding.from_pretrained(torch.eye(3), freeze=False), nn.Linear(3, 2))
net2 = copy.deepcopy(net)
print(net2[0].weight.requires_grad, torch.equal(net2[0].weight, net[0].weight), net2[0].weight is net[0].weight)
