# torch.linalg.eig / eigvals on real matrices: PyTorch's CPU results come from LAPACK's geev, so the
# eigenvalue order (the Schur form's diagonal, a complex pair with its positive imaginary part first)
# and each eigenvector's normalisation and phase (unit 2-norm; the largest component of a complex
# vector real) are part of what programs print. Also the autograd formula (LinalgEigBackward0, the
# real part for a real input) and the errors.
import torch


def fmt(x, nd):
    v = round(x, nd) + 0.0
    return f"{v:.{nd}f}"


def show(name, t, nd=4):
    t = t.detach()
    if t.is_complex():
        re = [fmt(x, nd) for x in t.real.flatten().tolist()]
        im = [fmt(x, nd) for x in t.imag.flatten().tolist()]
        print(name, list(t.shape), t.dtype, " ".join(f"{a}{'+' if not b.startswith('-') else ''}{b}j" for a, b in zip(re, im)))
    else:
        print(name, list(t.shape), t.dtype, " ".join(fmt(x, nd) for x in t.flatten().tolist()))


def check(A, L, V):
    # A V = V diag(L)
    AV = A.to(V.dtype) @ V
    VL = V * L.unsqueeze(-2)
    tol = 1e-4 if A.dtype == torch.float32 else 1e-9
    return bool((AV - VL).abs().max() < tol)


cases = {
    "sym2": torch.tensor([[2.0, 1.0], [1.0, 3.0]], dtype=torch.float64),
    "rot2": torch.tensor([[0.0, -1.0], [1.0, 0.0]], dtype=torch.float64),
    "mixed4": torch.tensor([[4.0, -2.0, 1.0, 0.5], [1.0, 1.0, -3.0, 2.0], [0.5, 2.0, 1.0, -1.0], [2.0, -1.0, 0.0, 3.0]],
                           dtype=torch.float64),
    "triu3": torch.tensor([[1.0, 2.0, 3.0], [0.0, 4.0, 5.0], [0.0, 0.0, 6.0]], dtype=torch.float64),
    "tril3": torch.tensor([[1.0, 0.0, 0.0], [2.0, 5.0, 0.0], [3.0, 4.0, 2.0]], dtype=torch.float64),
    "companion": torch.tensor([[0.0, 0.0, 0.0, -24.0], [1.0, 0.0, 0.0, 50.0], [0.0, 1.0, 0.0, -35.0], [0.0, 0.0, 1.0, 10.0]],
                              dtype=torch.float64),
    "scaled": torch.tensor([[1.0, 1000.0, 0.0], [0.001, 1.0, 1000.0], [0.0, 0.001, 1.0]], dtype=torch.float64),
}
for name, A in cases.items():
    L, V = torch.linalg.eig(A)
    show(name + " L", L)
    show(name + " V", V)
    print(name, "AV=VL", check(A, L, V))

torch.manual_seed(0)
A = torch.randn(5, 5, dtype=torch.float64)
r = torch.linalg.eig(A)
print(type(r).__name__, r.eigenvalues.dtype, r.eigenvectors.dtype)
show("randn5 L", r.eigenvalues)
show("randn5 V", r.eigenvectors)
print("randn5 AV=VL", check(A, *r))
show("eigvals", torch.linalg.eigvals(A))

B = torch.randn(6, 6)
L, V = torch.linalg.eig(B)
show("f32 L", L, 3)
show("f32 V", V, 3)
print("f32 AV=VL", check(B, L, V))

C = torch.randn(2, 3, 3, dtype=torch.float64)
L, V = torch.linalg.eig(C)
show("batch L", L)
show("batch V", V)
print("batch AV=VL", check(C, L, V))

# autograd: sum of eigenvalues is the trace (gradient I); |L| and |V| are phase-independent
A = torch.tensor([[4.0, -2.0, 1.0], [1.0, 1.0, -3.0], [0.5, 2.0, 1.0]], dtype=torch.float64, requires_grad=True)
L = torch.linalg.eigvals(A)
print(L.grad_fn.name())
L.real.sum().backward()
show("grad trace", A.grad)
A.grad = None
L, V = torch.linalg.eig(A)
(L.abs().sum() + V.abs().sum()).backward()
show("grad abs", A.grad)
A.grad = None
L, V = torch.linalg.eig(A)
(L.real * torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)).sum().backward()
show("grad weighted", A.grad)
A2 = torch.tensor([[2.0, 1.0], [1.0, 3.0]], dtype=torch.float64, requires_grad=True)
L, V = torch.linalg.eig(A2)
(V.real ** 2 * torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64)).sum().backward()
show("grad vec", A2.grad)

for bad in [torch.ones(2, 3), torch.tensor([[1.0, float("nan")], [0.0, 1.0]])]:
    try:
        torch.linalg.eig(bad)
    except Exception as e:
        print(type(e).__name__, e)
