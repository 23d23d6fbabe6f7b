import torch
import torch.nn as nn
import torch.nn.functional as F
# Compiled training through the indexing, masking and reduction ops that real training graphs use:
# take_along_dim, broadcast_tensors, any/all over a dim, index_copy, index_add, masked_fill, where,
# gather/scatter_add, cumsum and the norm variants (p=2, 1, 3, inf, fro, vector/matrix norms).
# Every step must run as one AOT-autograd graph (grad_fn CompiledFunctionBackward) whose loss,
# gradients and SGD update equal eager's.

def make():
    m = nn.Linear(5, 3)
    with torch.no_grad():
        m.weight.copy_(torch.linspace(-0.8, 0.8, 15).reshape(3, 5))
        m.bias.copy_(torch.tensor([0.1, -0.2, 0.05]))
    return m

x = torch.linspace(-1.0, 1.0, 30).reshape(6, 5)

# One training step (model -> loss -> backward -> SGD step): eager, then compiled with each backend.
# A graph that fell back to the FX interpreter shows as an eager grad_fn instead of
# CompiledFunctionBackward (Kiln also says why on stderr); a graph break shows in explain's counts.
def check(name, f):
    def step(m, inp):
        return f(m(inp))
    try:
        ref = make()
        opt = torch.optim.SGD(ref.parameters(), lr=0.1)
        le = step(ref, x)
        le.backward()
        ref_grads = [p.grad.clone() for p in ref.parameters()]
        opt.step()
        for backend in ["aot_eager", "inductor"]:
            torch._dynamo.reset()
            m = make()
            opt = torch.optim.SGD(m.parameters(), lr=0.1)
            lc = torch.compile(step, backend=backend)(m, x)
            lc.backward()
            grads = all(torch.allclose(p.grad, g, rtol=1e-4, atol=1e-5) for p, g in zip(m.parameters(), ref_grads))
            opt.step()
            params = all(torch.allclose(p, q, rtol=1e-4, atol=1e-5) for p, q in zip(m.parameters(), ref.parameters()))
            same = torch.allclose(le, lc, rtol=1e-5, atol=1e-6)
            print(name, backend, f"{lc.item():.4f}", type(lc.grad_fn).__name__, "loss", same, "grads", grads, "step", params)
        torch._dynamo.reset()
        ex = torch._dynamo.explain(step)(make(), x)
        print("  graphs", ex.graph_count, "breaks", ex.graph_break_count)
    except Exception as e:
        print(name, "raised", type(e).__name__, str(e).split("\n")[0])

ci = torch.tensor([0, 1, 2, 0, 1, 2])

check("take_along_dim", lambda y: (torch.take_along_dim(y, ci.reshape(6, 1), 1) ** 2).sum())
def broadcast_product(y):
    a, b = torch.broadcast_tensors(y, y[:1] * 2)
    return (a * b).sum()

check("broadcast_tensors", broadcast_product)
check("any_all_dim", lambda y: torch.where((y > 0).any(dim=1, keepdim=True) & (y < 1).all(1, keepdim=True), y, y * 2).pow(2).sum())
check("index_copy", lambda y: y.index_copy(0, torch.tensor([1, 3]), y[:2] * 3).pow(2).sum())
check("index_add", lambda y: y.index_add(0, torch.tensor([1, 3, 1]), y[:3] * 3, alpha=0.5).pow(2).sum())
check("masked_fill", lambda y: y.masked_fill(y > 0.2, 0.0).pow(2).sum())
check("where", lambda y: torch.where(y > 0, y, -y * 0.5).pow(2).sum())
check("gather_scatter_add", lambda y: torch.zeros(6, 3).scatter_add(1, ci.reshape(6, 1).expand(6, 2), y.gather(1, ci.reshape(6, 1).expand(6, 2))).pow(2).sum())
check("cumsum", lambda y: (y.cumsum(1) * torch.linspace(-1.0, 1.0, 18).reshape(6, 3)).sum())
check("cumsum_dim0", lambda y: y.cumsum(0).pow(2).sum())
check("norm_2", lambda y: y.norm() + y.norm(dim=1).sum())
check("norm_1", lambda y: y.norm(p=1, dim=1).sum() + y.norm(p=1))
check("norm_3", lambda y: torch.linalg.vector_norm(y, 3, dim=0).sum())
check("norm_inf", lambda y: y.norm(float("inf")) + torch.linalg.vector_norm(y, float("inf"), dim=1).sum())
check("norm_fro", lambda y: torch.linalg.norm(y) + torch.linalg.matrix_norm(y.reshape(2, 3, 3)).sum())
