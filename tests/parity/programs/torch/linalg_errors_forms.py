# torch.linalg's error messages and exception class, and the torch-level / Tensor-method spellings
# (torch.svd's U, S, V with some=True, torch.det/inverse/pinverse/logdet/matrix_exp/cholesky/qr).
import torch

torch.manual_seed(0)


def show(name, t):
    vals = [round(float(v), 4) + 0.0 for v in t.reshape(-1).tolist()]
    print(name, list(t.shape), " ".join(f"{v:.4f}" for v in vals))


def attempt(label, fn):
    try:
        fn()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__, isinstance(e, RuntimeError), isinstance(e, torch.linalg.LinAlgError), e)


singular = torch.tensor([[1.0, 2.0], [2.0, 4.0]])
attempt("inv singular", lambda: torch.linalg.inv(singular))
attempt("inv batched singular", lambda: torch.linalg.inv(torch.stack([torch.eye(2), singular])))
attempt("inv non-square", lambda: torch.linalg.inv(torch.ones(2, 3)))
attempt("det 1-d", lambda: torch.linalg.det(torch.ones(3)))
attempt("inv long", lambda: torch.linalg.inv(torch.ones(2, 2, dtype=torch.long)))
attempt("solve singular", lambda: torch.linalg.solve(singular, torch.ones(2)))
attempt("cholesky not pd", lambda: torch.linalg.cholesky(torch.tensor([[1.0, 2.0], [2.0, 1.0]])))
attempt("matrix_power non-square", lambda: torch.linalg.matrix_power(torch.ones(2, 3), 2))
attempt("multi_dot one", lambda: torch.linalg.multi_dot([torch.ones(2, 2)]))
attempt("norm 3d ord", lambda: torch.linalg.norm(torch.ones(2, 2, 2), ord=2))
print("det singular", torch.linalg.det(singular).item() + 0.0)
s, l = torch.linalg.slogdet(singular)
print("slogdet singular", s.item(), l.item())
print("LinAlgError is RuntimeError subclass", issubclass(torch.linalg.LinAlgError, RuntimeError))

A = torch.randn(4, 3)
U, S, V = torch.svd(A)
print("torch.svd shapes", list(U.shape), list(S.shape), list(V.shape))
show("torch.svd S", S)
show("torch.svd reconstruct", U @ torch.diag(S) @ V.T)
U2, S2, V2 = torch.svd(A, some=False)
print("torch.svd some=False shapes", list(U2.shape), list(S2.shape), list(V2.shape))
U3, S3, V3 = torch.svd(A, compute_uv=False)
show("torch.svd compute_uv=False U", U3)
show("Tensor.svd S", A.svd()[1])
print(type(torch.svd(A)).__name__, torch.svd(A).S.shape)

M = torch.randn(3, 3) + 3 * torch.eye(3)
show("torch.det", torch.det(M))
show("Tensor.det", M.det())
show("torch.inverse", torch.inverse(M))
show("Tensor.inverse", M.inverse())
show("torch.pinverse", torch.pinverse(A))
show("Tensor.pinverse", A.pinverse())
show("torch.matrix_exp", torch.matrix_exp(M * 0.1))
show("Tensor.matrix_exp", (M * 0.1).matrix_exp())
show("Tensor.matrix_power", M.matrix_power(2))
show("torch.matrix_power", torch.matrix_power(M, 3))
show("torch.logdet", torch.logdet(M))
print("logdet negative det", torch.logdet(torch.tensor([[0.0, 1.0], [1.0, 0.0]])).item())
print("logdet singular", torch.logdet(singular).item())
sign, logabs = torch.slogdet(M)
print(type(torch.slogdet(M)).__name__, round(sign.item(), 4), round(logabs.item(), 4))
P = M @ M.T
show("torch.cholesky", torch.cholesky(P))
show("Tensor.cholesky upper", P.cholesky(upper=True))
Q, R = torch.qr(A)
print("torch.qr shapes", list(Q.shape), list(R.shape))
show("torch.qr reconstruct", Q @ R)

# LU: torch.linalg.lu_factor / lu / lu_solve, torch.lu / lu_unpack / lu_solve (pivots printed as
# lists: PyTorch's are int32)
A4 = torch.randn(4, 4, dtype=torch.float64)
LU, piv = torch.linalg.lu_factor(A4)
print("lu_factor pivots", piv.tolist())
show("lu_factor LU", LU)
P, L, U = torch.linalg.lu(A4)
show("lu P", P)
show("lu L", L)
show("lu U", U)
B4 = torch.randn(4, 2, dtype=torch.float64)
show("lu_solve", torch.linalg.lu_solve(LU, piv, B4))
show("lu_solve adjoint", torch.linalg.lu_solve(LU, piv, B4, adjoint=True))
show("lu_solve right", torch.linalg.lu_solve(LU, piv, B4.T, left=False))
LU2, piv2 = torch.lu(A4)
print("torch.lu", torch.equal(LU2, LU), piv2.tolist())
P2, L2, U2 = torch.lu_unpack(LU, piv)
print("torch.lu_unpack", torch.equal(P2, P), torch.equal(L2, L), torch.equal(U2, U))
show("torch.lu_solve", torch.lu_solve(B4, LU, piv))
R = torch.randn(3, 5, dtype=torch.float64)
P, L, U = torch.linalg.lu(R)
print("lu wide shapes", list(P.shape), list(L.shape), list(U.shape))
show("lu wide U", U)
attempt("lu_factor singular", lambda: torch.linalg.lu_factor(singular))
print("lu_factor_ex info", torch.linalg.lu_factor_ex(singular).info.item())
x = A4.clone().requires_grad_()
torch.linalg.lu_factor(x).LU.sum().backward()
show("lu_factor grad", x.grad)
