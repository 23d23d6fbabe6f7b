# Gradients through torch.linalg: inv, det, slogdet, solve, cholesky, eigh (values and vectors),
# svd (PyTorch's formula), qr, matrix_exp, pinv, norms; losses built from sign-invariant quantities.
import torch

torch.manual_seed(0)


def show(name, t):
    vals = [round(float(v), 4) + 0.0 for v in t.reshape(-1).tolist()]
    print(name, list(t.shape), " ".join(f"{v:.4f}" for v in vals))


def grad_of(f, x):
    x = x.detach().clone().requires_grad_(True)
    y = f(x)
    y.backward()
    return x.grad


A = torch.randn(3, 3, dtype=torch.float64) + 3 * torch.eye(3, dtype=torch.float64)
B = torch.randn(3, 2, dtype=torch.float64)
W = torch.randn(3, 3, dtype=torch.float64)

show("inv", grad_of(lambda a: (torch.linalg.inv(a) * W).sum(), A))
show("det", grad_of(lambda a: torch.linalg.det(a), A))
show("slogdet", grad_of(lambda a: torch.linalg.slogdet(a)[1], A))
show("solve A", grad_of(lambda a: (torch.linalg.solve(a, B) ** 2).sum(), A))
show("solve B", grad_of(lambda b: (torch.linalg.solve(A, b) ** 2).sum(), B))
show("solve vec", grad_of(lambda a: torch.linalg.solve(a, B[:, 0]).sum(), A))
show("det singular", grad_of(lambda a: torch.linalg.det(a), torch.tensor([[1.0, 2.0], [2.0, 4.0]], dtype=torch.float64)))


def spd(a):
    return a @ a.T + torch.eye(3, dtype=torch.float64)


show("cholesky", grad_of(lambda a: (torch.linalg.cholesky(spd(a)) * W).sum(), A))
show("eigh values", grad_of(lambda a: (torch.linalg.eigh(spd(a))[0] * torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)).sum(), A))
show("eigh vectors", grad_of(lambda a: ((torch.linalg.eigh(spd(a))[1] ** 2) * W).sum(), A))
show("eigvalsh", grad_of(lambda a: torch.linalg.eigvalsh(spd(a)).max(), A))
M = torch.randn(4, 3, dtype=torch.float64)
show("svd S", grad_of(lambda m: torch.linalg.svd(m, full_matrices=False)[1].sum(), M))
W4 = torch.randn(4, 3, dtype=torch.float64)
show("svd U", grad_of(lambda m: ((torch.linalg.svd(m, full_matrices=False)[0] ** 2) * W4).sum(), M))
show("svd Vh wide", grad_of(lambda m: ((torch.linalg.svd(m.T, full_matrices=False)[2] ** 2) * W4.T).sum(), M))
show("svd full", grad_of(lambda m: torch.linalg.svd(m)[1].pow(2).sum(), M))
show("svdvals", grad_of(lambda m: torch.linalg.svdvals(m)[0], M))
show("qr R", grad_of(lambda m: (torch.linalg.qr(m)[1] ** 2).sum(), M))
show("qr Q", grad_of(lambda m: ((torch.linalg.qr(m)[0] ** 2) * W4).sum(), M))
show("qr wide", grad_of(lambda m: ((torch.linalg.qr(m.T)[1] ** 2) * W4.T).sum() + (torch.linalg.qr(m.T)[0] ** 2).sum(), M))
show("matrix_exp", grad_of(lambda a: (torch.linalg.matrix_exp(a * 0.2) * W).sum(), A))
show("pinv", grad_of(lambda m: (torch.linalg.pinv(m) ** 2).sum(), M))
show("norm fro", grad_of(lambda m: torch.linalg.norm(m), M))
show("vector_norm 3", grad_of(lambda m: torch.linalg.vector_norm(m, 3), M))
show("matrix_norm nuc", grad_of(lambda m: torch.linalg.matrix_norm(m, "nuc"), M))
show("matrix_power", grad_of(lambda a: torch.linalg.matrix_power(a, 3).sum(), A))
show("torch.det", grad_of(lambda a: torch.det(a), A))
show("Tensor.inverse", grad_of(lambda a: a.inverse().sum(), A))
show("logdet", grad_of(lambda a: torch.logdet(spd(a)), A))

# float32 batched
Af = torch.randn(2, 3, 3) + 3 * torch.eye(3)
show("batched inv f32", grad_of(lambda a: torch.linalg.inv(a).sum(), Af))
show("batched det f32", grad_of(lambda a: torch.linalg.det(a).sum(), Af))

# second order through det / inv
x = A.clone().requires_grad_(True)
(g,) = torch.autograd.grad(torch.linalg.det(x), x, create_graph=True)
(h,) = torch.autograd.grad(g[0, 0], x)
show("d2 det", h)
