# Forward-mode AD through many differentiable ops: each op's output tangent for random input
# tangents, compared with the Jacobian-vector product reverse mode gives (torch.autograd.functional.jvp),
# and a few tangents printed (float64, rounded).
import torch
import torch.autograd.forward_ad as fwAD
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(3, 4, dtype=torch.float64)
y = torch.randn(3, 4, dtype=torch.float64)
tx = torch.randn(3, 4, dtype=torch.float64)
ty = torch.randn(3, 4, dtype=torch.float64)
w = torch.randn(5, 4, dtype=torch.float64)
tw = torch.randn(5, 4, dtype=torch.float64)
img = torch.randn(2, 3, 6, 6, dtype=torch.float64)
timg = torch.randn(2, 3, 6, 6, dtype=torch.float64)
k = torch.randn(4, 3, 3, 3, dtype=torch.float64)
tk = torch.randn(4, 3, 3, 3, dtype=torch.float64)

cases = [
    ("add", lambda a, b: a + b, (x, y), (tx, ty)),
    ("mul", lambda a, b: a * b, (x, y), (tx, ty)),
    ("div", lambda a, b: a / (b.abs() + 1), (x, y), (tx, ty)),
    ("pow", lambda a: a ** 3, (x,), (tx,)),
    ("exp_log", lambda a: torch.log(torch.exp(a) + 1), (x,), (tx,)),
    ("sin_cos", lambda a: torch.sin(a) * torch.cos(a), (x,), (tx,)),
    ("tanh", torch.tanh, (x,), (tx,)),
    ("sigmoid", torch.sigmoid, (x,), (tx,)),
    ("relu", F.relu, (x,), (tx,)),
    ("gelu", F.gelu, (x,), (tx,)),
    ("silu", F.silu, (x,), (tx,)),
    ("softmax", lambda a: F.softmax(a, dim=1), (x,), (tx,)),
    ("log_softmax", lambda a: F.log_softmax(a, dim=0), (x,), (tx,)),
    ("sum", lambda a: a.sum(), (x,), (tx,)),
    ("mean_dim", lambda a: a.mean(dim=1), (x,), (tx,)),
    ("max_dim", lambda a: a.max(dim=1).values, (x,), (tx,)),
    ("matmul", lambda a, b: a @ b.T, (x, w), (tx, tw)),
    ("linear", lambda a, b: F.linear(a, b), (x, w), (tx, tw)),
    ("view_ops", lambda a: a.t().reshape(2, 6)[1:].unsqueeze(0).expand(3, 1, 6), (x,), (tx,)),
    ("cat_stack", lambda a, b: torch.stack([torch.cat([a, b], 0), torch.cat([b, a], 0)]), (x, y), (tx, ty)),
    ("index", lambda a: a[[0, 2, 2], 1:3], (x,), (tx,)),
    ("where", lambda a, b: torch.where(a > 0, a, b), (x, y), (tx, ty)),
    ("clamp", lambda a: a.clamp(-0.5, 0.5), (x,), (tx,)),
    ("norm", lambda a: a.norm(), (x,), (tx,)),
    ("layer_norm", lambda a: F.layer_norm(a, (4,)), (x,), (tx,)),
    ("mse_loss", lambda a, b: F.mse_loss(a, b), (x, y), (tx, ty)),
    ("conv2d", lambda a, b: F.conv2d(a, b, padding=1), (img, k), (timg, tk)),
    ("max_pool2d", lambda a: F.max_pool2d(a, 2), (img,), (timg,)),
    ("cross_entropy", lambda a: F.cross_entropy(a, torch.tensor([1, 0, 3])), (x,), (tx,)),
    ("embedding", lambda a: F.embedding(torch.tensor([[2, 0], [1, 2]]), a, padding_idx=1), (x,), (tx,)),
    ("batch_norm", lambda a, b: F.batch_norm(a, None, None, b, None, training=True), (img, k[:3, 0, 0, 0]),
     (timg, tk[:3, 0, 0, 0])),
    ("instance_norm", lambda a: F.instance_norm(a), (img,), (timg,)),
]

for name, f, primals, tangents in cases:
    with fwAD.dual_level():
        duals = [fwAD.make_dual(p, t) for p, t in zip(primals, tangents)]
        out = f(*duals)
        p_out, t_out = fwAD.unpack_dual(out)
    _, ref = torch.autograd.functional.jvp(f, primals, tangents)
    print(f"{name:14s} shape={tuple(t_out.shape)} match={torch.allclose(t_out, ref)} "
          f"primal={torch.allclose(p_out, f(*primals))} first={round(t_out.reshape(-1)[0].item(), 4) + 0.0}")

# in-place ops write the tangent in place; the tangent given to make_dual changes too
a = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
ta = torch.tensor([1.0, 1.0, 1.0], dtype=torch.float64)
with fwAD.dual_level():
    d = fwAD.make_dual(a, ta)
    d.mul_(2)
    print("in-place:", fwAD.unpack_dual(d).tangent, ta)
    v = d[1:]
    v.add_(v)
    print("view in-place:", fwAD.unpack_dual(d).tangent)
    b = torch.zeros(3, dtype=torch.float64)
    b[0] = d[2]
    print("setitem:", fwAD.unpack_dual(b).tangent)
    b.copy_(d)
    print("copy_:", fwAD.unpack_dual(b).tangent)
    with torch.no_grad():
        e = d * 3
    print("no_grad keeps tangents:", fwAD.unpack_dual(e).tangent)
    print("detach drops it:", fwAD.unpack_dual(d.detach() * 3).tangent)
    print("int result:", fwAD.unpack_dual(d.argmax()).tangent, fwAD.unpack_dual(d > 2).tangent)
