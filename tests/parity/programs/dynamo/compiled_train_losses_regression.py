import torch
import torch.nn as nn
import torch.nn.functional as F
# Compiled training with the regression and distribution losses of torch.nn.functional: mse, l1,
# smooth_l1, huber, kl_div (log_target False and True), poisson_nll (log_input, full) and
# gaussian_nll (full, eps). Every step must run as one AOT-autograd graph (grad_fn
# CompiledFunctionBackward) whose loss, gradients and SGD update equal eager's.

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

soft = torch.softmax(torch.linspace(-1.0, 1.0, 18).reshape(6, 3), 1)
t3 = torch.linspace(0.05, 0.95, 18).reshape(6, 3)

check("mse_loss", lambda y: F.mse_loss(y, t3))
check("mse_loss_sum", lambda y: F.mse_loss(y, t3, reduction="sum"))
check("l1_loss", lambda y: F.l1_loss(y, t3))
check("smooth_l1_loss", lambda y: F.smooth_l1_loss(y, t3, beta=0.5))
check("huber_loss", lambda y: F.huber_loss(y, t3, delta=0.3))
check("kl_div", lambda y: F.kl_div(F.log_softmax(y, 1), soft, reduction="batchmean"))
check("kl_div_log_target", lambda y: F.kl_div(F.log_softmax(y, 1), soft.log(), reduction="sum", log_target=True))
check("kl_div_none", lambda y: F.kl_div(F.log_softmax(y, 1), soft, reduction="none").sum())
check("poisson_nll_loss", lambda y: F.poisson_nll_loss(y, t3))
check("poisson_nll_loss_full", lambda y: F.poisson_nll_loss(y.exp(), t3 * 3, log_input=False, full=True))
check("gaussian_nll_loss", lambda y: F.gaussian_nll_loss(y, t3, torch.sigmoid(y) + 0.1))
check("gaussian_nll_loss_full", lambda y: F.gaussian_nll_loss(y, t3, torch.sigmoid(y[:, :1]), full=True, eps=0.01, reduction="sum"))
