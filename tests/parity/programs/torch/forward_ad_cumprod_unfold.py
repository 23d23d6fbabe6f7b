# Forward-mode AD tangents of cumprod (with zeros in the input, where a division-based formula
# would fail), Tensor.unfold (overlapping and strided windows), as_strided and F.embedding_bag
# (sum, mean, max, per-sample weights): fwAD.make_dual /
# unpack_dual and torch.func.jvp, each checked against the Jacobian-vector product that reverse
# mode gives (torch.autograd.functional.jvp), and cumprod's double backward in the output gradient.
import torch
import torch.autograd.forward_ad as fwAD
import torch.nn.functional as F
from torch.func import jvp

x = torch.tensor([[1.5, -2.0, 0.0, 3.0, 0.5], [0.25, 2.0, -1.0, 0.0, 0.0]], dtype=torch.float64)
tx = torch.tensor([[0.5, 1.0, -1.0, 2.0, 0.25], [1.0, -0.5, 0.5, 1.5, -2.0]], dtype=torch.float64)
s = torch.arange(1.0, 13.0, dtype=torch.float64).reshape(3, 4) / 4
ts = torch.linspace(-1.0, 1.0, 12, dtype=torch.float64).reshape(3, 4)

cases = [
    ("cumprod_dim1", lambda a: torch.cumprod(a, dim=1), (x,), (tx,)),
    ("cumprod_dim0", lambda a: a.cumprod(0), (x,), (tx,)),
    ("cumprod_1d", lambda a: torch.cumprod(a[0], 0) * 2, (x,), (tx,)),
    ("unfold_overlap", lambda a: a.unfold(1, 2, 1), (s,), (ts,)),
    ("unfold_step", lambda a: a.unfold(1, 2, 2).sum(-1), (s,), (ts,)),
    ("unfold_dim0", lambda a: a.unfold(0, 2, 1) * a[0, 0], (s,), (ts,)),
    ("as_strided", lambda a: torch.as_strided(a, (2, 3), (1, 2), 1), (s,), (ts,)),
]

for name, f, primals, tangents in cases:
    with fwAD.dual_level():
        duals = [fwAD.make_dual(p, t) for p, t in zip(primals, tangents)]
        out = f(*duals)
        p_out, t_out = fwAD.unpack_dual(out)
    _, ref = torch.autograd.functional.jvp(f, primals, tangents)
    _, func_t = jvp(f, primals, tangents)
    print(f"{name:15s} shape={tuple(t_out.shape)} match={torch.allclose(t_out, ref)} "
          f"func={torch.allclose(func_t, ref)} primal={torch.allclose(p_out, f(*primals))}")
    print(t_out)

# cumprod's gradient is linear in the output gradient: its derivative there (double backward)
g = torch.ones(2, 5, dtype=torch.float64, requires_grad=True)
xr = x.clone().requires_grad_()
(gx,) = torch.autograd.grad(torch.cumprod(xr, 1), xr, g, create_graph=True)
print(gx)
(gg,) = torch.autograd.grad((gx * tx).sum(), g)
print(gg)
print(torch.allclose(gg, jvp(lambda a: torch.cumprod(a, 1), (x,), (tx,))[1]))

# unfold's gradient: overlapping windows add up; its double backward in the gradient
sr = s.clone().requires_grad_()
gu = torch.ones(3, 3, 2, dtype=torch.float64, requires_grad=True)
(gs,) = torch.autograd.grad(sr.unfold(1, 2, 1), sr, gu, create_graph=True)
print(gs)
(ggu,) = torch.autograd.grad((gs * ts).sum(), gu)
print(ggu)

# embedding_bag: the tangent of each bag from the weight's (and the per-sample weights') tangents
idx = torch.tensor([0, 2, 1, 2, 3])
offs = torch.tensor([0, 2])
w = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5], [-2.0, 3.0, 1.0], [0.75, -0.25, 2.5]], dtype=torch.float64)
tw = torch.linspace(-1.0, 1.0, 12, dtype=torch.float64).reshape(4, 3)
psw = torch.tensor([1.0, 2.0, -1.0, 0.5, 3.0], dtype=torch.float64)
tpsw = torch.tensor([0.5, -1.0, 2.0, 1.0, -0.5], dtype=torch.float64)
for mode in ("sum", "mean", "max"):
    try:
        _, t = jvp(lambda a: F.embedding_bag(idx, a, offs, mode=mode), (w,), (tw,))
        print(mode, t)
    except Exception as e:
        print(mode, type(e).__name__, str(e).splitlines()[0])
try:
    _, t = jvp(lambda a, p: F.embedding_bag(idx, a, offs, mode="sum", per_sample_weights=p), (w, psw), (tw, tpsw))
    print("per_sample_weights", t)
except Exception as e:
    print("per_sample_weights", type(e).__name__, str(e).splitlines()[0])
