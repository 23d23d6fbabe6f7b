# torch.special's Bessel, normal-distribution and Hurwitz zeta functions with their gradients where
# PyTorch defines them: i0e, i1, i1e (exponentially scaled Bessel functions of the first kind),
# ndtri (the normal quantile), log_ndtr (log of the normal CDF, stable in both tails), erfcx
# (scaled complementary error function), zeta(x, q), xlog1py and xlogy with tensor/scalar operands;
# float32 and float64 values over wide ranges (large arguments, tails, poles), integer promotion.
import torch
import torch.special as S


def p(name, t):
    print(name, t.dtype, ['%.6g' % v for v in t.double().tolist()])


x64 = torch.tensor([-40.0, -7.5, -1.0, -1e-3, 0.0, 0.5, 2.0, 9.0, 55.0, 700.0], dtype=torch.float64)
x32 = x64.float()
for fn in ['i0e', 'i1', 'i1e', 'erfcx', 'log_ndtr', 'ndtr']:
    f = getattr(S, fn)
    p(fn + '64', f(x64))
    p(fn + '32', f(x32))
p('i0e int', S.i0e(torch.tensor([0, 1, -3])))
q = torch.tensor([0.0, 1e-12, 0.001, 0.025, 0.3, 0.5, 0.8, 0.975, 1 - 1e-9, 1.0, 1.5, -0.1], dtype=torch.float64)
p('ndtri64', S.ndtri(q))
p('ndtri32', S.ndtri(q.float()))
p('zeta', S.zeta(torch.tensor([2.0, 3.0, 4.5, 1.0, 0.5, 2.0]), torch.tensor([1.0, 2.0, 0.5, 1.0, 1.0, -1.5])))
p('zeta scalar x', S.zeta(2.0, torch.tensor([1.0, 3.0, 10.0])))
p('zeta scalar q', S.zeta(torch.tensor([2.0, 6.0]), 1.0))
p('xlog1py', S.xlog1py(torch.tensor([0.0, 1.0, 2.0, 0.0]), torch.tensor([-1.0, 0.5, float('nan'), 3.0])))
p('xlog1py scalar', S.xlog1py(2.0, torch.tensor([0.0, 1.0])))
p('xlogy', S.xlogy(torch.tensor([0.0, 1.0, 3.0]), torch.tensor([0.0, 2.0, 0.5])))

# gradients (float64), by autograd; compared with central differences
pts = torch.tensor([-3.2, -0.7, 0.4, 1.9, 6.0], dtype=torch.float64)
for fn in ['i0e', 'i1', 'i1e', 'erfcx', 'log_ndtr', 'ndtr']:
    f = getattr(S, fn)
    x = pts.clone().requires_grad_()
    y = f(x)
    y.sum().backward()
    h = 1e-6
    fd = (f(pts + h) - f(pts - h)) / (2 * h)
    print(fn, y.grad_fn.name(), ['%.6g' % v for v in x.grad.tolist()], bool(torch.allclose(x.grad, fd, atol=1e-6)))
u = torch.tensor([0.01, 0.3, 0.5, 0.9], dtype=torch.float64, requires_grad=True)
S.ndtri(u).sum().backward()
print('ndtri', ['%.6g' % v for v in u.grad.tolist()])
a = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
b = torch.tensor([0.5, 3.0], dtype=torch.float64, requires_grad=True)
S.xlog1py(a, b).sum().backward()
print('xlog1py grads', ['%.6g' % v for v in a.grad.tolist()], ['%.6g' % v for v in b.grad.tolist()])
qq = torch.tensor([1.5, 2.5], dtype=torch.float64, requires_grad=True)
z = S.zeta(torch.tensor([3.0, 2.0], dtype=torch.float64), qq)
z.sum().backward()
print('zeta grad q', ['%.6g' % v for v in qq.grad.tolist()])
try:
    xx = torch.tensor([3.0], dtype=torch.float64, requires_grad=True)
    S.zeta(xx, torch.tensor([1.0], dtype=torch.float64)).sum().backward()
except RuntimeError as e:
    print('RuntimeError:', str(e).split('\n')[0])
