import torch
import torch.nn as nn
import torch.nn.functional as F
# Compiled training with the classification losses of torch.nn.functional: cross_entropy with class
# indices, probabilities, label_smoothing, ignore_index, weight and each reduction; nll_loss;
# binary_cross_entropy (with a weight) and binary_cross_entropy_with_logits (weight, pos_weight).
# Every step must run as one AOT-autograd graph (grad_fn CompiledFunctionBackward) whose loss,
# gradients and SGD update equal eager's. Weights from linspace; values printed to 4 decimals.

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
soft = torch.softmax(torch.linspace(-1.0, 1.0, 18).reshape(6, 3), 1)
t3 = torch.linspace(0.05, 0.95, 18).reshape(6, 3)
w3 = torch.tensor([1.0, 2.0, 0.5])

check("cross_entropy", lambda y: F.cross_entropy(y, ci))
check("cross_entropy_probs", lambda y: F.cross_entropy(y, soft))
check("cross_entropy_smoothing", lambda y: F.cross_entropy(y, ci, label_smoothing=0.2))
check("cross_entropy_ignore", lambda y: F.cross_entropy(y, ci, ignore_index=1))
check("cross_entropy_weight", lambda y: F.cross_entropy(y, ci, weight=w3))
check("cross_entropy_weight_smoothing_ignore", lambda y: F.cross_entropy(y, ci, weight=w3, label_smoothing=0.1, ignore_index=2))
check("cross_entropy_probs_weight_smoothing", lambda y: F.cross_entropy(y, soft, weight=w3, label_smoothing=0.1))
check("cross_entropy_sum", lambda y: F.cross_entropy(y, ci, reduction="sum"))
check("cross_entropy_none", lambda y: (F.cross_entropy(y, ci, reduction="none") * torch.arange(6.0)).sum())
check("cross_entropy_3d", lambda y: F.cross_entropy(y.reshape(2, 3, 3), ci.reshape(2, 3)))
check("nll_loss", lambda y: F.nll_loss(F.log_softmax(y, 1), ci))
check("nll_loss_weight_ignore", lambda y: F.nll_loss(F.log_softmax(y, 1), ci, weight=w3, ignore_index=0))
check("binary_cross_entropy", lambda y: F.binary_cross_entropy(torch.sigmoid(y), t3))
check("binary_cross_entropy_weight", lambda y: F.binary_cross_entropy(torch.sigmoid(y), t3, weight=w3, reduction="sum"))
check("bce_with_logits", lambda y: F.binary_cross_entropy_with_logits(y, t3))
check("bce_with_logits_weight", lambda y: F.binary_cross_entropy_with_logits(y, t3, weight=w3))
check("bce_with_logits_pos_weight", lambda y: F.binary_cross_entropy_with_logits(y, t3, pos_weight=w3))
check("bce_with_logits_both", lambda y: F.binary_cross_entropy_with_logits(y, t3, weight=w3.flip(0), pos_weight=w3, reduction="sum"))
