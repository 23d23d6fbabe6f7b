import torch
# torch.compile of code using x.square(), torch.log2/log10 and an in-place sigmoid_: the graph keeps
# them (no fallback), and compiled training gives eager's values and gradients (nanochat's MLP is
# `F.relu(x).square()`).
torch.manual_seed(0)
lin = torch.nn.Linear(4, 4)


def f(x):
    h = torch.nn.functional.relu(lin(x)).square()
    g = (h * 0.1).sigmoid_()
    return (g + torch.log2(h + 1) - torch.log10(h + 1)).sum()


x = torch.randn(3, 4)
cf = torch.compile(f)
ref = f(x)
ref.backward()
gref = lin.weight.grad.clone()
lin.weight.grad = None
out = cf(x)
out.backward()
print(f"{ref.item():.4f} {out.item():.4f}", torch.allclose(gref, lin.weight.grad, atol=1e-5))
print(torch.compile(lambda t: t.square() + t.trunc())(torch.tensor([1.5, -2.5])))
# exp2, trunc/fix and lerp with a tensor weight in a compiled training step: eager's values and
# gradients for both the weights and the interpolation weight.
w = torch.tensor([0.3, -1.2, 2.5], requires_grad=True)
t = torch.tensor([0.2, 0.6, 0.9], requires_grad=True)


def h(x):
    return (torch.exp2(x * w) + torch.trunc(x * w) + torch.fix(w) + torch.lerp(x, w * 2, t)).sum()


xs = torch.tensor([0.5, 1.5, -0.25])
eager = h(xs)
eager.backward()
gw, gt = w.grad.clone(), t.grad.clone()
w.grad = None
t.grad = None
compiled = torch.compile(h)(xs)
compiled.backward()
print(f"{eager.item():.4f} {compiled.item():.4f}", torch.allclose(gw, w.grad), torch.allclose(gt, t.grad), gw, gt)
