# Functions real programs call that Kiln lacked: torch.ravel / Tensor.ravel (a view of a contiguous
# input, a copy otherwise), torch.isposinf / isneginf / isreal (dtype rules: integers have no
# infinities, complex is refused by isposinf), Tensor.dist, Tensor.new_empty_strided (the tensor's
# dtype), torch.gradient (uniform, per-dim and coordinate spacing; edge_order 1 and 2; its errors) and
# F.lp_pool1d/2d/3d (with a gradient). Values are rounded.
import torch
import torch.nn.functional as F


def show(t, nd=4):
    print([round(v, nd) for v in t.flatten().tolist()], tuple(t.shape))


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])


x = torch.arange(12.0).reshape(3, 4)
r = torch.ravel(x)
print(r.shape, r.data_ptr() == x.data_ptr(), x.t().ravel().tolist())
print(x.t().ravel().data_ptr() == x.data_ptr())

v = torch.tensor([1.0, float("inf"), -float("inf"), float("nan"), -2.0])
print(torch.isposinf(v).tolist(), torch.isneginf(v).tolist(), v.isposinf().tolist(), v.isneginf().tolist())
print(torch.isposinf(torch.tensor([1, 2])).tolist(), torch.isreal(torch.tensor([1.0, 2.0])).tolist())
print(torch.isreal(torch.tensor([1 + 0j, 2 + 1j])).tolist(), torch.tensor([3 + 0j]).isreal().tolist())
err(lambda: torch.isposinf(torch.tensor([1j])))

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([4.0, 6.0, 3.0])
print(round(a.dist(b).item(), 4), round(a.dist(b, 1).item(), 4), round(a.dist(b, float("inf")).item(), 4))

h = torch.zeros(2, dtype=torch.float64)
e = h.new_empty_strided((2, 3), (1, 2))
print(e.dtype, e.shape, e.stride())

f = torch.tensor([1.0, 2.0, 4.0, 7.0, 11.0, 16.0])
show(torch.gradient(f)[0])
show(torch.gradient(f, spacing=2.0)[0])
show(torch.gradient(f, edge_order=2)[0])
coords = torch.tensor([0.0, 1.0, 1.5, 3.5, 4.0, 6.0])
show(torch.gradient(f, spacing=(coords,))[0])
show(torch.gradient(f, spacing=(coords,), edge_order=2)[0])
g = torch.tensor([[1.0, 2.0, 4.0, 8.0], [10.0, 20.0, 40.0, 80.0], [3.0, 5.0, 7.0, 9.0]])
gy, gx = torch.gradient(g)
show(gy)
show(gx)
show(torch.gradient(g, spacing=[2.0], dim=1)[0])
show(torch.gradient(g, dim=-2, edge_order=2)[0])
print(torch.gradient(torch.tensor([1, 4, 9, 16]))[0].dtype)
err(lambda: torch.gradient(torch.tensor([1.0, 2.0]), edge_order=2))
err(lambda: torch.gradient(g, spacing=[1.0, 2.0, 3.0]))
err(lambda: torch.gradient(g, spacing=[1.0, 2.0], dim=0))
err(lambda: torch.gradient(g, dim=(0, 0)))
err(lambda: torch.gradient(g, edge_order=3))

torch.manual_seed(0)
s = torch.rand(1, 2, 6)
show(F.lp_pool1d(s, 2, 3))
show(F.lp_pool1d(s, 1.5, 2, stride=1))
i2 = torch.rand(1, 1, 4, 4, requires_grad=True)
out = F.lp_pool2d(i2, 2, 2)
show(out)
out.sum().backward()
show(i2.grad)
show(F.lp_pool2d(i2.detach(), 3, (2, 3), stride=1, ceil_mode=True))
show(F.lp_pool3d(torch.rand(1, 1, 2, 2, 2), 2, 2))
