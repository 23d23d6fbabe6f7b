# torch._higher_order_ops.while_loop and torch.func-style map (torch._higher_order_ops.map) under the
# aot_eager and inductor back ends: the compiled values equal eager's, for loops whose trip count
# depends on the data, carried tuples with a matmul in the body, and map over rows with an extra operand
# (torch.cond's back ends are hop_cond_backends).
import torch
from torch._higher_order_ops.while_loop import while_loop
from torch._higher_order_ops.map import map as hop_map


def fmt(t):
    return [f"{v:.4f}" for v in t.reshape(-1).tolist()]


def halve(x):
    def cond_fn(i, x):
        return x.abs().max() > 1.0

    def body_fn(i, x):
        return i + 1, x / 2

    return while_loop(cond_fn, body_fn, (torch.tensor(0), x))


def accumulate(x, w):
    def cond_fn(i, acc):
        return i < 4

    def body_fn(i, acc):
        return i + 1, acc * 0.5 + torch.tanh(x @ w)

    return while_loop(cond_fn, body_fn, (torch.tensor(0), torch.zeros(x.shape[0], w.shape[1])))


def rows(xs, bias):
    def f(row, b):
        return (row * 2 + b).sin()

    return hop_map(f, xs, bias)


x = torch.tensor([3.0, -7.5, 1.25])
m = torch.linspace(-1, 1, 6).reshape(2, 3)
w = torch.linspace(0.5, -0.5, 12).reshape(3, 4)
xs = torch.linspace(-2, 2, 12).reshape(4, 3)
bias = torch.tensor([0.1, 0.2, 0.3])
for backend in ("aot_eager", "inductor"):
    torch._dynamo.reset()
    i, y = torch.compile(halve, backend=backend, fullgraph=True)(x)
    ri, ry = halve(x)
    print(backend, "while", i.item(), fmt(y), i.item() == ri.item(), torch.allclose(y, ry))
    i, acc = torch.compile(accumulate, backend=backend, fullgraph=True)(m, w)
    ri, racc = accumulate(m, w)
    print(backend, "while carried", i.item(), fmt(acc), torch.allclose(acc, racc, atol=1e-6))
    out = torch.compile(rows, backend=backend, fullgraph=True)(xs, bias)
    print(backend, "map", fmt(out), torch.allclose(out, rows(xs, bias), atol=1e-6))
