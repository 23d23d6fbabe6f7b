import torch
import torch.nn as nn
# Compiled training through torch.linalg's decompositions: inv, det, slogdet, solve, cholesky, eigh,
# svd, qr and matrix_exp in a model's forward. Each step must be one AOT-autograd graph (grad_fn
# CompiledFunctionBackward, no graph break) whose loss, gradients and SGD update equal eager's.
# The losses are invariant to the signs of eigenvectors, singular vectors and QR factors, which
# LAPACK implementations may choose differently. Parameters from sin(arange); values to 4 decimals.

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.sin(torch.arange(16.0)).reshape(4, 4) * 0.5)
        self.b = nn.Parameter(torch.cos(torch.arange(8.0)).reshape(4, 2) * 0.5)

x = torch.linspace(-1.0, 1.0, 12).reshape(3, 4)
I = torch.eye(4)

def check(name, f):
    def step(m, inp):
        return f(m, inp)
    try:
        ref = M()
        opt = torch.optim.SGD(ref.parameters(), lr=0.05)
        le = step(ref, x)
        le.backward()
        ref_grads = [p.grad.clone() if p.grad is not None else None for p in ref.parameters()]
        opt.step()
        for backend in ["aot_eager", "inductor"]:
            torch._dynamo.reset()
            m = M()
            opt = torch.optim.SGD(m.parameters(), lr=0.05)
            lc = torch.compile(step, backend=backend)(m, x)
            lc.backward()
            grads = all((g is None and p.grad is None) or torch.allclose(p.grad, g, rtol=1e-4, atol=1e-5)
                        for p, g in zip(m.parameters(), ref_grads))
            opt.step()
            params = all(torch.allclose(p, q, rtol=1e-4, atol=1e-5) for p, q in zip(m.parameters(), ref.parameters()))
            same = torch.allclose(le, lc, rtol=1e-4, atol=1e-5)
            print(name, backend, f"{lc.item():.4f}", type(lc.grad_fn).__name__, "loss", same, "grads", grads, "step", params)
        torch._dynamo.reset()
        ex = torch._dynamo.explain(step)(M(), x)
        print("  graphs", ex.graph_count, "breaks", ex.graph_break_count)
    except Exception as e:
        print(name, "raised", type(e).__name__, str(e).split("\n")[0])

check("inv", lambda m, x: (x @ torch.linalg.inv(m.w + 3 * I)).pow(2).mean())
check("inverse_method", lambda m, x: (m.w + 3 * I).inverse().sum() + m.b.sum())
check("det", lambda m, x: torch.linalg.det(m.w + 2 * I) + (x @ m.b).mean())
check("slogdet", lambda m, x: torch.linalg.slogdet(m.w + 2 * I).logabsdet + (x @ m.w).pow(2).mean())
check("logdet", lambda m, x: torch.logdet(m.w @ m.w.mT + I))
check("solve", lambda m, x: torch.linalg.solve(m.w + 3 * I, m.b).pow(2).sum())
check("solve_vector_left_false", lambda m, x: torch.linalg.solve(m.w + 3 * I, x, left=False).sum() + torch.linalg.solve(m.w + 3 * I, m.b[:, 0]).sum())
check("cholesky", lambda m, x: torch.linalg.cholesky(m.w @ m.w.mT + I).diagonal().log().sum() + torch.linalg.cholesky(m.w @ m.w.mT + I).sum())
check("cholesky_upper", lambda m, x: torch.linalg.cholesky(m.w @ m.w.mT + I, upper=True).pow(2).sum(0).mean())
check("eigh", lambda m, x: (lambda L, V: L.pow(2).sum() + (V.pow(2) * torch.arange(4.0)).sum())(*torch.linalg.eigh(m.w + m.w.mT)))
check("eigvalsh", lambda m, x: torch.linalg.eigvalsh(m.w @ m.w.mT + I).sqrt().sum())
check("svd", lambda m, x: (lambda U, S, Vh: S.sum() + (U[:, :1] * S[:1] @ Vh[:1]).pow(2).sum())(*torch.linalg.svd(m.w, full_matrices=False)))
check("svd_tall", lambda m, x: (lambda U, S, Vh: (U * S @ Vh - m.w[:, :2]).abs().sum() + S.prod())(*torch.linalg.svd(m.w[:, :2], full_matrices=False)))
check("svdvals", lambda m, x: torch.linalg.svdvals(m.b).pow(2).sum())
check("qr", lambda m, x: (lambda Q, R: R.abs().sum() + (x @ Q @ Q.mT).pow(2).mean())(*torch.linalg.qr(m.w)))
check("qr_wide", lambda m, x: (lambda Q, R: R.diagonal().abs().log().sum())(*torch.linalg.qr(m.b.mT)))
check("matrix_exp", lambda m, x: torch.linalg.matrix_exp(0.3 * (m.w - m.w.mT)).diagonal().sum() + torch.matrix_exp(0.2 * m.w).sum())
