import torch
import torch.nn as nn
# Compiled autocast blocks on every back end (eager, aot_eager, inductor), for inference and for a
# training step: the results have eager autocast's dtypes and agree with eager to bfloat16
# precision, and the gradients reach the float32 parameters in float32.

torch.manual_seed(0)
x = torch.randn(4, 8)
w = torch.randn(8, 3)


def f(x, w):
    y = x.sin()
    with torch.autocast("cpu", dtype=torch.bfloat16):
        z = torch.mm(y, w)
        s = z.sum(dim=1)
    return z, s, y.cos()


def g(x, w):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        z = x @ w
        torch._dynamo.graph_break()
        z = z @ w.t()
        with torch.autocast("cpu", enabled=False):
            u = z.float() @ w
    return z, u


m = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))


def step(m, x):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        out = m(x)
        loss = out.float().pow(2).mean()
    loss.backward()
    return out, loss


def close(a, b):
    return torch.allclose(a.float(), b.float(), rtol=2e-2, atol=2e-2)


for backend in ("eager", "aot_eager", "inductor"):
    for fn in (f, g):
        torch._dynamo.reset()
        got = torch.compile(fn, backend=backend)(x, w)
        ref = fn(x, w)
        print(backend, fn.__name__, [t.dtype for t in got], all(close(a, b) for a, b in zip(got, ref)))
    torch._dynamo.reset()
    m.zero_grad()
    ref = step(m, x)
    grads = [p.grad.clone() for p in m.parameters()]
    m.zero_grad()
    got = torch.compile(step, backend=backend)(m, x)
    print(backend, "step", [t.dtype for t in got], all(close(a, b) for a, b in zip(got, ref)),
          [p.grad.dtype for p in m.parameters()], all(close(p.grad, r) for p, r in zip(m.parameters(), grads)))
