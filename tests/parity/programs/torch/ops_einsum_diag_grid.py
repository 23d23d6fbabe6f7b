# einsum (products, traces, ellipsis, implicit output), diagonal/diag/trace, meshgrid, tile, cross,
# cdist, finfo/iinfo: as tutorials use them, with gradients and grad_fn names.
import torch

torch.manual_seed(0)
x = torch.randn(2, 3, 4)
y = torch.randn(2, 4, 5)
print(torch.einsum("bij,bjk->bik", x, y))
print(torch.allclose(torch.einsum("bij,bjk->bik", x, y), x @ y))
m = torch.arange(9.0).reshape(3, 3)
print(torch.einsum("ii", m), torch.einsum("ii->i", m), torch.einsum("ij->ji", m))
print(torch.einsum("i,j->ij", torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0, 5.0])))
print(torch.einsum("i,i", torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])))
print(torch.einsum("...ij->...ji", x).shape, torch.einsum("bij->j", x))
print(torch.einsum("ij,jk,kl->il", [torch.ones(2, 3), torch.ones(3, 4), torch.ones(4, 2)]))
q = torch.randn(1, 2, 3, 4)
k = torch.randn(1, 2, 3, 4)
att = torch.einsum("bhqd,bhkd->bhqk", q, k)
print(att.shape, torch.allclose(att, q @ k.transpose(-1, -2), atol=1e-6))
w = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
torch.einsum("ij,ij->", w, w).backward()
print(w.grad)

a = torch.arange(12.0).reshape(3, 4)
print(torch.diagonal(a), a.diagonal(1), a.diagonal(offset=-1), torch.diagonal(torch.arange(24).reshape(2, 3, 4), 0, 1, 2))
print(torch.diag(a), torch.diag(torch.tensor([1.0, 2.0, 3.0])), torch.diag(torch.tensor([1, 2]), 1))
print(torch.trace(a), torch.trace(torch.arange(9).reshape(3, 3)))
v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
d = torch.diag(v)
d.sum().backward()
print(v.grad)
s = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
t = torch.trace(s)
t.backward()
print(t, t.grad_fn.name(), s.grad, torch.diagonal(s).grad_fn.name())

xs, ys = torch.meshgrid(torch.arange(3), torch.arange(2), indexing="xy")
print(xs, ys)
gi, gj = torch.meshgrid(torch.tensor([1.0, 2.0]), torch.tensor([10.0, 20.0, 30.0]), indexing="ij")
print(gi, gj, gi.shape)
print(torch.tile(torch.tensor([1, 2]), (2, 2)), torch.tensor([[1, 2]]).tile(3), torch.tile(torch.tensor([[1], [2]]), (2,)))

print(torch.cross(torch.tensor([1.0, 0.0, 0.0]), torch.tensor([0.0, 1.0, 0.0]), dim=0))
print(torch.cross(torch.tensor([[1.0, 2.0, 3.0]]), torch.tensor([[4.0, 5.0, 6.0]]), dim=1))
p = torch.tensor([[0.0, 0.0], [3.0, 4.0]])
r = torch.tensor([[0.0, 0.0], [1.0, 1.0], [6.0, 8.0]])
print(torch.cdist(p, r))
print(torch.cdist(p, r, p=1), torch.cdist(p, r, p=float("inf")))

print(torch.finfo(torch.float32))
print(torch.finfo(torch.float64))
print(torch.finfo(torch.float16))
print(torch.finfo(torch.bfloat16))
print(torch.iinfo(torch.int64))
f = torch.finfo(torch.float32)
print(f.eps, f.max, f.min, f.tiny, f.bits, f.resolution, f.dtype)
print(torch.finfo().eps, torch.iinfo(torch.int64).max, torch.iinfo(torch.int64).bits)
for bad in [lambda: torch.finfo(torch.int64), lambda: torch.iinfo(torch.float32), lambda: torch.trace(torch.ones(3)),
            lambda: torch.einsum("ij->k", m), lambda: torch.diagonal(a, 0, 1, 1)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
