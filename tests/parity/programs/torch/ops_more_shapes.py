# tensor_split (sections, indices, tensor forms; views), hsplit/vsplit/dsplit, rot90, atleast_1d/2d/3d,
# diag_embed, diagflat, sum_to_size, is_same_size, with gradients and PyTorch's error texts.
import torch


def err(fn):
    try:
        fn()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)


x = torch.arange(10.0)
parts = torch.tensor_split(x, 3)
print(type(parts).__name__, [p.tolist() for p in parts])
print([p.tolist() for p in x.tensor_split([1, 6])])
print([p.tolist() for p in torch.tensor_split(x, [-3, 20])])
print([p.shape for p in torch.tensor_split(torch.zeros(2, 7), torch.tensor(3), dim=1)])
print([p.tolist() for p in torch.tensor_split(x, torch.tensor([2, 5]))])
parts[0][0] = 100.0
print(x[0].item())  # the pieces are views
m = torch.arange(24.0).reshape(4, 6)
print([p.shape for p in torch.hsplit(m, 3)], [p.shape for p in m.vsplit([1, 3])])
print([p.shape for p in torch.dsplit(torch.zeros(2, 2, 6), [1, 4])], [p.tolist() for p in torch.hsplit(torch.arange(4), 2)])
err(lambda: torch.tensor_split(torch.tensor(1.0), 2))
err(lambda: torch.tensor_split(x, 0))
err(lambda: torch.hsplit(m, 4))
err(lambda: torch.vsplit(x, 2))
err(lambda: torch.dsplit(m, 2))
err(lambda: torch.tensor_split(x, torch.tensor([[1, 2]])))
err(lambda: torch.tensor_split(x, torch.tensor([1.5])))

r = torch.arange(6.0).reshape(2, 3)
print(torch.rot90(r))
print(torch.rot90(r, 2))
print(torch.rot90(r, -1, [0, 1]))
print(r.rot90(5, [1, 0]))
print(torch.rot90(torch.arange(8).reshape(2, 2, 2), 1, [1, 2]))
err(lambda: torch.rot90(r, 1, [0]))
err(lambda: torch.rot90(x))
err(lambda: torch.rot90(r, 1, [1, 1]))
err(lambda: torch.rot90(r, 1, [0, 2]))
a = torch.randn(2, 3, requires_grad=True)
(torch.rot90(a) * torch.arange(6.0).reshape(3, 2)).sum().backward()
print(a.grad)

s = torch.tensor(5.0)
print(torch.atleast_1d(s), torch.atleast_2d(s), torch.atleast_3d(s).shape)
v = torch.tensor([1.0, 2.0])
print(torch.atleast_1d(v) is v, torch.atleast_2d(v).shape, torch.atleast_3d(v).shape, torch.atleast_3d(m).shape)
res = torch.atleast_2d(s, v, m)
print(type(res).__name__, [t.shape for t in res])
print([t.shape for t in torch.atleast_3d([s, v])])

d = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(torch.diag_embed(d))
print(torch.diag_embed(torch.tensor([1.0, 2.0]), offset=1))
print(torch.diag_embed(torch.tensor([1.0, 2.0]), offset=-1))
print(torch.diag_embed(d, 0, 0, 2).shape, torch.diag_embed(d, 1, dim1=-1, dim2=0)[:, 0])
print(d.diag_embed().shape)
err(lambda: torch.diag_embed(d, 0, 1, -2))
print(torch.diagflat(d), torch.diagflat(torch.tensor([1, 2]), 1))
print(torch.diagflat(torch.tensor([3.0]), -2))
g = torch.randn(3, requires_grad=True)
(torch.diag_embed(g, 1) * torch.arange(16.0).reshape(4, 4)).sum().backward()
print(g.grad)

big = torch.arange(24.0).reshape(2, 3, 4)
print(big.sum_to_size(3, 1), big.sum_to_size((1, 4)), big.sum_to_size(2, 3, 4).shape)
err(lambda: big.sum_to_size(2, 4))
print(torch.is_same_size(big, torch.zeros(2, 3, 4)), torch.is_same_size(big, m), big.is_same_size(big))
