import torch
import torch.nn as nn
import torch.nn.functional as F
# Compiled training steps through F.ctc_loss (int-list lengths; each reduction, zero_infinity),
# Tensor.as_strided sliding windows (overlapping: their gradients add up) and torch.instance_norm
# with running statistics: the loss, the gradients, the SGD update and the running statistics must
# equal eager's on each backend. Parameters from sin/cos(arange); values printed to 4 decimals.

class Frames(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 5)
        with torch.no_grad():
            self.proj.weight.copy_(torch.sin(torch.arange(20.0)).reshape(5, 4) * 0.5)
            self.proj.bias.copy_(torch.cos(torch.arange(5.0)) * 0.1)

x = torch.linspace(-1.0, 1.0, 48).reshape(6, 2, 4)  # (T, N, features)
targets = torch.tensor([[1, 2, 2], [3, 1, 0]])

def check(name, loss_fn, make=Frames, extra=None):
    try:
        ref = make()
        opt = torch.optim.SGD(ref.parameters(), lr=0.1)
        le = loss_fn(ref, x)
        le.backward()
        ref_grads = [p.grad.clone() for p in ref.parameters()]
        opt.step()
        for backend in ["aot_eager", "inductor"]:
            torch._dynamo.reset()
            m = make()
            opt = torch.optim.SGD(m.parameters(), lr=0.1)
            lc = torch.compile(loss_fn, backend=backend)(m, x)
            lc.backward()
            grads = all(torch.allclose(p.grad, g, rtol=1e-4, atol=1e-5) for p, g in zip(m.parameters(), ref_grads))
            opt.step()
            params = all(torch.allclose(p, q, rtol=1e-4, atol=1e-5) for p, q in zip(m.parameters(), ref.parameters()))
            same = torch.allclose(le, lc, rtol=1e-4, atol=1e-5)
            print(name, backend, f"{lc.item():.4f}", "loss", same, "grads", grads, "step", params)
    except Exception as e:
        print(name, "raised", type(e).__name__, str(e).split("\n")[0])

check("ctc_mean", lambda m, x: F.ctc_loss(m.proj(x).log_softmax(2), targets, [6, 5], [3, 2]))
check("ctc_sum", lambda m, x: F.ctc_loss(m.proj(x).log_softmax(2), targets, (6, 6), (3, 1), reduction="sum"))
check("ctc_none_zero_infinity", lambda m, x: F.ctc_loss(m.proj(x).log_softmax(2), targets, [2, 6], [3, 2], reduction="none", zero_infinity=True).sum())
check("ctc_unbatched", lambda m, x: F.ctc_loss(m.proj(x[:, 0]).log_softmax(1), torch.tensor([1, 2]), [6], [2]))

class Strided(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.cos(torch.arange(32.0)).reshape(8, 4))

def windows(m, x):
    h = x.reshape(6, 8) @ m.w                     # (6, 4), contiguous
    win = h.as_strided((4, 3, 4), (4, 4, 1))      # overlapping windows of 3 rows
    return win.pow(2).sum(-1).mean() + torch.as_strided(h, (2, 6), (0, 1)).sum() * 0.1

check("as_strided_windows", windows, make=Strided)

class Inst(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.linspace(0.5, 1.5, 2))
        self.b = nn.Parameter(torch.linspace(-0.1, 0.1, 2))
        self.register_buffer("rm", torch.zeros(2))
        self.register_buffer("rv", torch.ones(2))

def inst(m, x):
    y = torch.instance_norm(x.permute(1, 2, 0).reshape(1, 2, 4, 6)[:, :, :, :], m.w, m.b, m.rm, m.rv, True, 0.1, 1e-5, False)
    return (y * torch.arange(6.0)).sum()

check("instance_norm_running_stats", inst, make=Inst)
ref, comp = Inst(), Inst()
inst(ref, x)
torch._dynamo.reset()
torch.compile(inst, backend="aot_eager")(comp, x)
print("running stats", [f"{v:.4f}" for v in ref.rm.tolist() + ref.rv.tolist()],
      torch.allclose(ref.rm, comp.rm) and torch.allclose(ref.rv, comp.rv))
