import torch
# TorchScript's aten::square/log2/log10/exp2/trunc/fix and the in-place unary forms (sigmoid_, exp_,
# square_, ...), as RWKV's scripted channel mixing uses them (`torch.square(torch.relu(kw @ xk))`):
# values, integer dtypes kept by square and trunc, in-place results aliasing their input, and autograd
# through a scripted function.


@torch.jit.script
def mix(x: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
    r = torch.sigmoid(x)
    kk = torch.square(torch.relu(k @ x))
    return r * kk + torch.log2(x.abs() + 1) - torch.log10(x.abs() + 1) + torch.exp2(x) / 8


@torch.jit.script
def rounding(x: torch.Tensor, i: torch.Tensor):
    return torch.trunc(x), torch.fix(x), x.trunc(), i.square(), torch.trunc(i)


@torch.jit.script
def inplace(x: torch.Tensor) -> torch.Tensor:
    y = x.clone()
    y.sigmoid_()
    z = x.clone()
    z.exp_()
    w = x.clone()
    w.square_().sqrt_().neg_()
    v = x.clone()
    torch.tanh_(v)
    return torch.stack([y, z, w, v])


x = torch.tensor([-1.5, 0.25, 2.0])
k = torch.eye(3) * 0.5
print(mix(x, k))
t, f, m, s, ti = rounding(torch.tensor([-2.7, -0.5, 0.5, 3.9]), torch.tensor([-3, 4]))
print(t, f, m, s, s.dtype, ti, ti.dtype)
print(inplace(x))
xg = x.clone().requires_grad_()
mix(xg, k).sum().backward()
print(xg.grad)
