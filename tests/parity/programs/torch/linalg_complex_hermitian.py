# torch.linalg on complex matrices: eigh / eigvalsh of Hermitian input (real ascending eigenvalues,
# unitary eigenvectors; printed through phase-independent quantities), their gradients, and complex
# inv / solve (the PyTorch docs' reconstruction V diag(L) V^-1 of linalg.eig).
import torch


def fmt(x):
    return f"{round(x, 4) + 0.0:.4f}"


def show(name, t):
    t = t.detach()
    if t.is_complex():
        print(name, list(t.shape), t.dtype, " ".join(f"({fmt(a)},{fmt(b)})" for a, b in zip(t.real.flatten().tolist(), t.imag.flatten().tolist())))
    else:
        print(name, list(t.shape), t.dtype, " ".join(fmt(x) for x in t.flatten().tolist()))


H = torch.tensor([[2.0, 1 - 1j, 0.5j], [1 + 1j, 3.0, -1.0], [-0.5j, -1.0, 1.0]], dtype=torch.complex128)
L, V = torch.linalg.eigh(H)
show("eigh L", L)
show("|V|", V.abs())
show("V diag(L) V^H", V @ torch.diag(L).to(V.dtype) @ V.mH)
show("V^H V", V.mH @ V)
show("eigvalsh", torch.linalg.eigvalsh(H))
show("eigvalsh U", torch.linalg.eigvalsh(H, UPLO="U"))
# only one triangle is read
Hl = H.clone()
Hl[0, 2] = 99.0
show("lower only", torch.linalg.eigvalsh(Hl))
Hu = H.clone()
Hu[2, 0] = 99.0
show("upper only", torch.linalg.eigvalsh(Hu, UPLO="U"))

torch.manual_seed(0)
A = torch.complex(torch.randn(2, 4, 4), torch.randn(2, 4, 4))
Hb = A + A.mH
Lb, Vb = torch.linalg.eigh(Hb)
print(Lb.dtype, Vb.dtype)
show("batched L", Lb)
print("batched recon", bool(((Vb * Lb.unsqueeze(-2)) @ Vb.mH - Hb).abs().max() < 1e-4))

# repeated eigenvalues: identity-like Hermitian matrix
R = torch.eye(3, dtype=torch.complex128) * 2
R[0, 1] = R[1, 0] = 0.0
Lr, Vr = torch.linalg.eigh(R)
show("repeated L", Lr)
show("repeated V^H V", Vr.mH @ Vr)

# gradients: eigenvalues and phase-invariant functions of the vectors
Hg = H.clone().requires_grad_(True)
L, V = torch.linalg.eigh(Hg)
print(L.grad_fn.name())
(L * torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)).sum().backward()
show("grad L", Hg.grad)
Hg.grad = None
L, V = torch.linalg.eigh(Hg)
(V.abs() ** 2 * torch.arange(9, dtype=torch.float64).reshape(3, 3)).sum().backward()
show("grad |V|^2", Hg.grad)

# complex inv / solve
M = torch.tensor([[1 + 2j, 2 - 1j], [0.5j, 3 + 0j]], dtype=torch.complex128)
show("inv", torch.linalg.inv(M))
show("inv check", M @ torch.linalg.inv(M))
b = torch.tensor([1 - 1j, 2 + 0.5j], dtype=torch.complex128)
show("solve vec", torch.linalg.solve(M, b))
B = torch.tensor([[1.0 + 0j, 0j], [2j, 1.0 + 1j]], dtype=torch.complex128)
show("solve mat", torch.linalg.solve(M, B))
show("solve left=False", torch.linalg.solve(M, B, left=False))
Mg = M.clone().requires_grad_(True)
torch.linalg.inv(Mg).abs().sum().backward()
show("grad inv", Mg.grad)

Ar = torch.tensor([[4.0, -2.0, 1.0], [1.0, 1.0, -3.0], [0.5, 2.0, 1.0]], dtype=torch.float64)
L, V = torch.linalg.eig(Ar)
show("eig recon", V @ torch.diag(L) @ torch.linalg.inv(V))
print("eig recon error small", bool((V @ torch.diag(L) @ torch.linalg.inv(V) - Ar).abs().max() < 1e-10))
