# Complex values inside compiled graphs, forward and backward: LLaMA's rotary embedding
# (view_as_complex * polar frequencies, view_as_real), torch.complex/real/imag/polar with gradients,
# and complex * complex with broadcasting. torch.compile keeps one graph (no breaks) and its
# gradients equal eager autograd's (PyTorch's conjugate Wirtinger convention).
import torch
import torch._dynamo


def r(x, digits=5):
    return "%.*g" % (digits, float(x) + 0.0)


def precompute_freqs_cis(dim: int, end: int, theta: float = 10000.0):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    t = torch.arange(end, device=freqs.device)
    freqs = torch.outer(t, freqs).float()
    freqs_cis = torch.polar(torch.ones_like(freqs), freqs)
    return freqs_cis


def reshape_for_broadcast(freqs_cis, x):
    ndim = x.ndim
    shape = [d if i == 1 or i == ndim - 1 else 1 for i, d in enumerate(x.shape)]
    return freqs_cis.view(*shape)


def apply_rotary_emb(xq, xk, freqs_cis):
    xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
    xk_ = torch.view_as_complex(xk.float().reshape(*xk.shape[:-1], -1, 2))
    freqs_cis = reshape_for_broadcast(freqs_cis, xq_)
    xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)
    xk_out = torch.view_as_real(xk_ * freqs_cis).flatten(3)
    return xq_out.type_as(xq), xk_out.type_as(xk)


def parts(a, b, w):
    z = torch.complex(a, b) * w
    p = torch.polar(a.abs() + 0.5, b)
    return (torch.real(z) * 2 + torch.imag(z) ** 2).sum() + (torch.view_as_real(p * z.conj())).square().sum()


def cmul(z1, z2):
    return torch.view_as_real(z1 * z2 + z1).sum(dim=0)


torch.manual_seed(0)
fc = precompute_freqs_cis(8, 6)
xq = torch.randn(2, 6, 3, 8, requires_grad=True)
xk = torch.randn(2, 6, 3, 8, requires_grad=True)
g1, g2 = torch.randn(2, 6, 3, 8), torch.randn(2, 6, 3, 8)

torch._dynamo.reset()
outs = {}
for name, fn in (("eager", apply_rotary_emb), ("compiled", torch.compile(apply_rotary_emb))):
    xq.grad = xk.grad = None
    a, b = fn(xq, xk, fc)
    ((a * g1).sum() + (b * g2).sum()).backward()
    outs[name] = (a.detach(), b.detach(), xq.grad.clone(), xk.grad.clone())
    print(name, a.dtype, a.shape, r(a.sum()), r(b.abs().sum()), r(xq.grad.abs().sum()), r((xk.grad * g1).sum()))
print("rope match", all(torch.allclose(p, q, atol=1e-5) for p, q in zip(outs["eager"], outs["compiled"])))
expl = torch._dynamo.explain(apply_rotary_emb)(xq, xk, fc)
print("rope graphs", expl.graph_count, "breaks", expl.graph_break_count)

a = torch.randn(4, 3, requires_grad=True)
b = torch.randn(4, 3, requires_grad=True)
w = torch.randn(3, dtype=torch.complex64, requires_grad=True)
res = {}
for name, fn in (("eager", parts), ("compiled", torch.compile(parts))):
    a.grad = b.grad = w.grad = None
    loss = fn(a, b, w)
    loss.backward()
    res[name] = (a.grad.clone(), b.grad.clone(), w.grad.clone())
    print(name, r(loss), r(a.grad.sum()), r(b.grad.abs().sum()), w.grad.dtype, r(w.grad.real.sum()), r(w.grad.imag.sum()))
print("parts match", all(torch.allclose(p, q, atol=1e-4) for p, q in zip(res["eager"], res["compiled"])))

z1 = torch.randn(5, 4, dtype=torch.complex64, requires_grad=True)
z2 = torch.randn(4, dtype=torch.complex64, requires_grad=True)
gz = torch.randn(4, 2)
res = {}
for name, fn in (("eager", cmul), ("compiled", torch.compile(cmul))):
    z1.grad = z2.grad = None
    out = fn(z1, z2)
    (out * gz).sum().backward()
    res[name] = (out.detach(), z1.grad.clone(), z2.grad.clone())
    print(name, out.dtype, r(out.sum()), r(z1.grad.abs().sum()), r(torch.view_as_real(z2.grad).sum()))
print("cmul match", all(torch.allclose(p, q, atol=1e-4) for p, q in zip(res["eager"], res["compiled"])))
