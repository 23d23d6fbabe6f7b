# The samplers and shape helpers real programs call beyond rand/randn: Tensor.cauchy_, log_normal_ and
# geometric_ and torch.poisson (PyTorch's CPU generator consumption, so the values match under
# manual_seed, float32 and float64, a generator= argument, strided views filled in memory order;
# distributions.Poisson/Cauchy sample with them),
# F.gumbel_softmax (soft and hard, tau, dim; its straight-through gradient), torch.empty_strided's
# layout, torch.movedim/moveaxis with tuples, and each one's argument errors. Values are rounded.
import torch
import torch.nn.functional as F


def show(t, nd=4):
    print([round(v, nd) for v in t.flatten().tolist()])


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])


torch.manual_seed(0)
show(torch.empty(6).cauchy_())
show(torch.empty(4, dtype=torch.float64).cauchy_(2.0, 0.5))
show(torch.empty(5).log_normal_())
show(torch.empty(5, dtype=torch.float64).log_normal_(0.0, 0.25))
show(torch.empty(7).log_normal_(mean=0.5, std=1.0))  # odd count: the cached second normal
print(torch.empty(8).geometric_(0.3).tolist())
print(torch.empty(4, dtype=torch.int64).geometric_(0.5).tolist())
print(torch.empty(2, 3).t().geometric_(0.2).tolist())  # a transposed view: filled in memory order
g = torch.Generator().manual_seed(7)
show(torch.empty(3).cauchy_(generator=g))
show(torch.empty(3).log_normal_(generator=g))

rates = torch.tensor([0.0, 0.5, 3.0, 9.9, 10.0, 25.0, 200.0])
print(torch.poisson(rates).tolist())
print(torch.poisson(rates.double().reshape(7, 1).expand(7, 2)).tolist())
print(torch.poisson(torch.full((3,), 4.0), generator=torch.Generator().manual_seed(1)).tolist())
torch.manual_seed(3)
print(torch.distributions.Poisson(torch.tensor([2.0, 15.0])).sample((3,)).tolist())
show(torch.distributions.Cauchy(0.0, 2.0).sample((4,)))
r = torch.tensor([2.0, 30.0], requires_grad=True)
p = torch.poisson(r)
print(type(p.grad_fn).__name__, p.dtype)
p.sum().backward()
print(r.grad.tolist())

torch.manual_seed(1)
logits = torch.randn(3, 5)
show(F.gumbel_softmax(logits))
show(F.gumbel_softmax(logits, tau=0.3, dim=0))
w = logits.clone().requires_grad_()
y = F.gumbel_softmax(w, tau=0.7, hard=True)
print(y.tolist(), type(y.grad_fn).__name__)
(y * torch.arange(5.0)).sum().backward()
show(w.grad)

e = torch.empty_strided((2, 3), (1, 2))
print(e.shape, e.stride(), e.is_contiguous(), e.dtype)
e = torch.empty_strided((2, 0, 3), (9, 3, 1), dtype=torch.float64)
print(e.shape, e.stride(), e.numel(), e.dtype)
print(torch.empty_strided((4,), (2,)).untyped_storage().nbytes())

x = torch.arange(24).reshape(2, 3, 4)
print(torch.movedim(x, (0, 1), (2, 0)).shape, x.moveaxis([0, -1], [-1, 0]).shape)
print(torch.movedim(x, (1,), (0,)).stride(), torch.moveaxis(x, 0, 2).shape)
print(torch.equal(torch.movedim(x, (0, 1, 2), (2, 1, 0)), x.permute(2, 1, 0)))
print(torch.movedim(torch.tensor(3.0), (), ()).shape)

err(lambda: torch.empty(2).cauchy_(sigma=0))
err(lambda: torch.empty(2, dtype=torch.long).cauchy_())
err(lambda: torch.empty(2).log_normal_(std=-1.0))
err(lambda: torch.empty(2, dtype=torch.long).log_normal_())
err(lambda: torch.empty(2).geometric_(1.0))
err(lambda: torch.empty(2).geometric_(0))
err(lambda: torch.empty(2, dtype=torch.bool).geometric_(0.5))
err(lambda: torch.poisson(torch.tensor([-1.0])))
err(lambda: torch.poisson(torch.tensor([1])))
err(lambda: torch.empty_strided((2,), (1, 1)))
err(lambda: torch.empty_strided((-1, 2), (2, 1)))
err(lambda: torch.movedim(x, (0, 1), (2,)))
err(lambda: torch.movedim(x, (0, 0), (1, 2)))
err(lambda: torch.movedim(x, (0, 1), (1, 1)))
err(lambda: torch.movedim(x, (0, 3), (1, 2)))
err(lambda: x.movedim(0, (1,)))
