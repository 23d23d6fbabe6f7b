import torch
# torch.jit.fork / torch.jit.wait: in a scripted function they become prim::fork (printed with its
# subgraph) and aten::wait, and compute what the eager calls compute; called from Python, fork runs
# the function at once and returns a finished Future.


def work(x, k: int):
    y = x
    for _ in range(k):
        y = y * 2 + 1
    return y


@torch.jit.script
def both(x):
    a = torch.jit.fork(work, x, 2)
    b = torch.jit.fork(work, x - 1, 3)
    return torch.jit.wait(a) + torch.jit.wait(b)


x = torch.tensor([1.0, -0.5, 2.0])
print(both(x))
print(torch.equal(both(x), work(x, 2) + work(x - 1, 3)))
g = str(both.graph)
print("prim::fork" in g, "aten::wait" in g)
print("with prim::fork_0 = graph" in g, "with prim::fork_1 = graph" in g, "with prim::fork_2" in g)
print("Future(Tensor)" in g, "Future[Tensor]" in g)
fut = torch.jit.fork(work, x, 1)
print(type(fut).__name__, fut.done())
print(torch.jit.wait(fut))
print(fut.wait())
