import torch
# Views and layout: view/reshape/transpose/permute/t/squeeze/unsqueeze/flatten/expand and strides.
x = torch.arange(12)
v = x.view(3, 4)
print(v, v.shape, v.stride(), v.is_contiguous())
print(x.view(2, -1).shape, x.reshape(-1, 6).shape, x.view(2, 2, 3).stride())
t = v.t()
print(t, t.stride(), t.is_contiguous())
print(v.transpose(0, 1).shape, v.transpose(1, 0).equal(t), v.T.shape)
p = x.view(2, 3, 2).permute(2, 0, 1)
print(p.shape, p.stride(), p.is_contiguous())
c = p.contiguous()
print(c.stride(), c.is_contiguous(), c.equal(p))
print(c.view(-1))
try:
    p.view(12)
except RuntimeError as e:
    print(str(e)[:60])
print(p.reshape(12))
u = torch.zeros(3).unsqueeze(0)
print(u.shape, u.unsqueeze(-1).shape, u.squeeze().shape, u.squeeze(0).shape)
y = torch.zeros(1, 3, 1, 2)
print(y.squeeze().shape, y.squeeze(2).shape, y.squeeze(1).shape)
print(y.flatten().shape, y.flatten(1).shape, y.flatten(1, 2).shape, y.unsqueeze(2).stride())
e = torch.tensor([[1], [2], [3]]).expand(3, 4)
print(e, e.stride(), e.is_contiguous())
print(torch.tensor([5, 6]).expand(3, 2), torch.tensor([5, 6]).expand(2, -1).stride())
print(torch.tensor(9).expand(2, 2), torch.ones(2, 1).expand_as(torch.zeros(2, 3)).shape)
v[0, 0] = 100
print(x[:4])
row = v[1]
row[1] = -5
print(x)
col = v[:, 2]
print(col, col.stride(), col.is_contiguous(), col.storage_offset())
print(v[1:, 1:3], v[1:, 1:3].stride(), v[1:, 1:3].is_contiguous())
n = v.narrow(1, 1, 2)
print(n, n.shape)
w = t.reshape(12)
w[0] = 0
print(x[0], w.is_contiguous())
print(torch.arange(6).view(2, 3).unflatten(1, (3, 1)).shape, x.view(3, 4).movedim(0, 1).shape)
