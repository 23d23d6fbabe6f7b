import torch
import torch.nn as nn
import torch.nn.functional as F
# Compiled training with the margin and embedding losses of torch.nn.functional:
# cosine_embedding, margin_ranking, hinge_embedding, multilabel_margin, multilabel_soft_margin,
# multi_margin (p=1, p=2 with a weight), soft_margin, triplet_margin, triplet_margin_with_distance
# and ctc_loss. Every step must run as one AOT-autograd graph (grad_fn CompiledFunctionBackward)
# whose loss, gradients and SGD update equal eager's.

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
t3 = torch.linspace(0.05, 0.95, 18).reshape(6, 3)
sign = torch.tensor([1.0, -1.0, 1.0, -1.0, 1.0, -1.0])
mlt = torch.tensor([[0, 2, -1], [1, -1, 0], [2, 1, 0], [0, -1, 2], [1, 0, -1], [2, -1, 1]])
mlb = torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 0.0], [1.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 1.0]])

def l1_distance(a, b):
    return (a - b).abs().sum(1)

check("cosine_embedding_loss", lambda y: F.cosine_embedding_loss(y, t3, sign, margin=0.2))
check("margin_ranking_loss", lambda y: F.margin_ranking_loss(y[:, 0], y[:, 1], sign, margin=0.1))
check("hinge_embedding_loss", lambda y: F.hinge_embedding_loss(y, torch.tensor([1.0, -1.0, 1.0]).expand(6, 3), margin=0.5))
check("multilabel_margin_loss", lambda y: F.multilabel_margin_loss(y, mlt))
check("multilabel_soft_margin_loss", lambda y: F.multilabel_soft_margin_loss(y, mlb, weight=torch.tensor([1.0, 2.0, 0.5])))
check("multi_margin_loss", lambda y: F.multi_margin_loss(y, ci))
check("multi_margin_loss_p2_weight", lambda y: F.multi_margin_loss(y, ci, p=2, margin=0.5, weight=torch.tensor([1.0, 2.0, 0.5])))
check("soft_margin_loss", lambda y: F.soft_margin_loss(y, torch.sign(t3 - 0.5)))
check("triplet_margin_loss", lambda y: F.triplet_margin_loss(y[:2], y[2:4], y[4:], margin=2.0))
check("triplet_margin_loss_p1_swap", lambda y: F.triplet_margin_loss(y[:2], y[2:4], y[4:], margin=2.0, p=1, swap=True))
check("triplet_margin_with_distance_loss", lambda y: F.triplet_margin_with_distance_loss(y[:2], y[2:4], y[4:], distance_function=l1_distance, margin=3.0))
check("ctc_loss", lambda y: F.ctc_loss(F.log_softmax(y.reshape(3, 2, 3), 2), torch.tensor([[1], [2]]), torch.tensor([3, 3]), torch.tensor([1, 1])))
