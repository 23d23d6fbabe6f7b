import torch
# A compiled torch.cond on each back end, forward values and gradients through the branches
# (AOT autograd differentiates cond by a cond of the branches' backward graphs).


def fmt(t):
    return [f"{v:.4f}" for v in t.tolist()]


def f(x, w):
    def true_fn(x, w):
        return (x * w).sin()

    def false_fn(x, w):
        return (x + w).cos() * 2

    return torch.cond(x.sum() > 0, true_fn, false_fn, (x, w))


for backend in ("eager", "aot_eager", "inductor"):
    torch._dynamo.reset()
    cf = torch.compile(f, backend=backend)
    for sign in (1.0, -1.0):
        x = (sign * torch.tensor([0.5, 1.0, 1.5])).requires_grad_()
        w = torch.tensor([2.0, -1.0, 0.5], requires_grad=True)
        out = cf(x, w)
        out.sum().backward()
        x2 = x.detach().clone().requires_grad_()
        w2 = w.detach().clone().requires_grad_()
        ref = f(x2, w2)
        ref.sum().backward()
        print(backend, sign, fmt(out),
              torch.allclose(out, ref), torch.allclose(x.grad, x2.grad), torch.allclose(w.grad, w2.grad),
              fmt(x.grad), fmt(w.grad), out.requires_grad)
    with torch.no_grad():
        r = cf(torch.tensor([1.0, 2.0]), torch.tensor([0.5, 0.5]))
        print(backend, "no_grad", fmt(r), r.requires_grad)
