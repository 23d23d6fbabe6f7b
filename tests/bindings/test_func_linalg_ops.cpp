// The Python-level surfaces of the linalg branch, driven as programs: torch.func and
// torch.autograd.functional against analytic derivatives and loops, torch.linalg's composites
// against their definitions, the ops of torch/_ops_ext.py against reference loops plus
// torch.autograd.gradcheck, torch.set_printoptions' printouts, torch.utils.benchmark's structure.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

using kiln::testing::program_error;
using kiln::testing::program_output;

TEST_CASE("torch.func transforms match analytic derivatives", "[bindings][func]") {
    CHECK(program_output(R"PY(
from torch.func import grad, grad_and_value, vjp, jvp, jacrev, jacfwd, hessian, vmap
x = torch.tensor([0.3, -1.2, 2.0], dtype=torch.float64)
print(torch.allclose(grad(lambda t: t.sin().sum())(x), x.cos()))
print(torch.allclose(grad(grad(lambda t: t.sin().sum()))(x[0]), -x[0].sin()))
W = torch.tensor([[0.5, -0.2, 0.1], [0.3, 0.4, -0.6]], dtype=torch.float64)
f = lambda t: (W @ t).tanh()
y = (W @ x).tanh()
J = (1 - y ** 2).unsqueeze(1) * W
print(torch.allclose(jacrev(f)(x), J), torch.allclose(jacfwd(f)(x), J))
print(torch.allclose(torch.autograd.functional.jacobian(f, x), J))
# d2 tanh(w.x)_0 / dx2 = -2 y0 (1 - y0^2) w0 w0^T
H = -2 * y[0] * (1 - y[0] ** 2) * torch.outer(W[0], W[0])
print(torch.allclose(hessian(f)(x)[0], H), torch.allclose(jacrev(jacrev(f))(x)[0], H))
print(torch.allclose(torch.autograd.functional.hessian(lambda t: f(t)[0], x), H))
out, fn = vjp(f, x)
print(torch.allclose(fn(torch.tensor([1.0, 2.0], dtype=torch.float64))[0], J.T @ torch.tensor([1.0, 2.0], dtype=torch.float64)))
t = torch.tensor([1.0, 0.5, -1.0], dtype=torch.float64)
o, tan = jvp(f, (x,), (t,))
print(torch.allclose(tan, J @ t), torch.allclose(o, y))
g, v = grad_and_value(lambda a, b: (a * b).sum(), argnums=(0, 1))(x, 2 * x)
print(torch.allclose(g[0], 2 * x), torch.allclose(g[1], x), torch.allclose(v, (2 * x * x).sum()))
xs = torch.randn(4, 3, dtype=torch.float64)
print(torch.allclose(vmap(jacrev(f))(xs), torch.stack([jacrev(f)(r) for r in xs])))
print(vmap(lambda a: a.sum(), in_dims=1, out_dims=0)(xs).shape, vmap(lambda a: a * 2, out_dims=1)(xs).shape)
print(grad(lambda t: t.sum())(x).requires_grad)
)PY") == "True\nTrue\nTrue True\nTrue\nTrue True\nTrue\nTrue\nTrue True\nTrue True True\nTrue\n"
           "torch.Size([3]) torch.Size([3, 4])\nFalse\n");
    CHECK(program_error("from torch.func import grad\ngrad(lambda t: t * 2)(torch.ones(2))\n") ==
          "RuntimeError: grad_and_value(f)(*args): Expected f(*args) to return a scalar Tensor, got tensor with 1 dims. "
          "Maybe you wanted to use the vjp or jacrev APIs instead?");
    CHECK(program_error("torch.vmap(torch.add)(torch.ones(2), torch.ones(3))\n") ==
          "ValueError: vmap: Expected all tensors to have the same size in the mapped dimension, got sizes [2, 3] for "
          "the mapped dimension");
}

TEST_CASE("functional_call and per-sample gradients", "[bindings][func]") {
    CHECK(program_output(R"PY(
from torch.func import functional_call, vmap, grad
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 3), nn.Tanh(), nn.Linear(3, 2))
data = torch.randn(5, 4)
target = torch.randint(2, (5,))
params = {k: v.detach() for k, v in model.named_parameters()}
def loss(p, x, t):
    return F.cross_entropy(functional_call(model, p, (x.unsqueeze(0),)), t.unsqueeze(0))
per = vmap(grad(loss), in_dims=(None, 0, 0))(params, data, target)
ok = True
for i in range(5):
    model.zero_grad()
    F.cross_entropy(model(data[i:i + 1]), target[i:i + 1]).backward()
    for k, p in model.named_parameters():
        ok = ok and torch.allclose(per[k][i], p.grad, atol=1e-6)
print(ok, type(model[0].weight).__name__, model[0].weight.requires_grad)
w = model[0].weight
functional_call(model, {"0.weight": torch.zeros(3, 4)}, (data,))
print(model[0].weight is w)
)PY") == "True Parameter True\nTrue\n");
}

TEST_CASE("torch.linalg composites follow their definitions", "[bindings][linalg]") {
    CHECK(program_output(R"PY(
torch.manual_seed(0)
M = torch.randn(5, 3, dtype=torch.float64)
s = torch.linalg.svdvals(M)
print(torch.allclose(torch.linalg.matrix_norm(M, 2), s[0]), torch.allclose(torch.linalg.matrix_norm(M, "nuc"), s.sum()))
print(torch.allclose(torch.linalg.norm(M), (M ** 2).sum().sqrt()))
print(torch.allclose(torch.linalg.matrix_norm(M, 1), M.abs().sum(0).max()))
print(torch.allclose(torch.linalg.matrix_norm(M, float("inf")), M.abs().sum(1).max()))
v = torch.tensor([3.0, -4.0, 0.0], dtype=torch.float64)
print(torch.linalg.vector_norm(v).item(), torch.linalg.vector_norm(v, 0).item(), torch.linalg.vector_norm(v, float("inf")).item())
P = torch.linalg.pinv(M)
print(torch.allclose(M @ P @ M, M), torch.allclose(P @ M @ P, P), torch.allclose(P, torch.linalg.inv(M.T @ M) @ M.T))
b = torch.randn(5, 1, dtype=torch.float64)
print(torch.allclose(torch.linalg.lstsq(M, b).solution, P @ b))
print(torch.linalg.matrix_rank(M).item(), torch.linalg.matrix_rank(torch.ones(4, 4)).item())
A = torch.randn(3, 3, dtype=torch.float64) + 3 * torch.eye(3, dtype=torch.float64)
print(torch.allclose(torch.linalg.matrix_power(A, -3), torch.linalg.inv(A @ A @ A)))
print(torch.allclose(torch.linalg.multi_dot([A, A, A[:, 0]]), A @ A @ A[:, 0]))
print(torch.allclose(torch.det(A), torch.linalg.det(A)), torch.allclose(A.inverse() @ A, torch.eye(3, dtype=torch.float64)))
U, S, V = torch.svd(M)
print(torch.allclose(U @ torch.diag(S) @ V.T, M), list(V.shape))
print(torch.autograd.gradcheck(lambda m: torch.linalg.pinv(m), (M.clone().requires_grad_(),)))
print(torch.autograd.gradcheck(lambda m: torch.linalg.matrix_norm(m, "nuc"), (M.clone().requires_grad_(),)))
print(torch.autograd.gradcheck(lambda a: torch.linalg.matrix_power(a, -2), (A.clone().requires_grad_(),)))
)PY") == "True True\nTrue\nTrue\nTrue\n5.0 2.0 4.0\nTrue True True\nTrue\n3 1\nTrue\nTrue\nTrue True\nTrue [3, 3]\n"
           "True\nTrue\nTrue\n");
    CHECK(program_error("torch.linalg.inv(torch.tensor([[1.0, 2.0], [2.0, 4.0]]))\n") ==
          "_LinAlgError: linalg.inv: The diagonal element 2 is zero, the inversion could not be completed "
          "because the input matrix is singular.");
}

TEST_CASE("LU: lu_factor, lu, lu_solve and the torch-level forms", "[bindings][linalg]") {
    CHECK(program_output(R"PY(
torch.manual_seed(0)
A = torch.randn(4, 4, dtype=torch.float64)
LU, piv = torch.linalg.lu_factor(A)
P, L, U = torch.linalg.lu(A)
print(torch.allclose(P @ L @ U, A), torch.equal(torch.tril(L), L), torch.equal(torch.triu(U), U))
print(torch.equal(torch.tril(LU, -1) + torch.eye(4, dtype=torch.float64), L), torch.equal(torch.triu(LU), U))
B = torch.randn(4, 2, dtype=torch.float64)
print(torch.allclose(torch.linalg.lu_solve(LU, piv, B), torch.linalg.solve(A, B)))
print(torch.allclose(torch.linalg.lu_solve(LU, piv, B, adjoint=True), torch.linalg.solve(A.T, B)))
print(torch.allclose(torch.lu_solve(B, *torch.lu(A)), torch.linalg.solve(A, B)))
P2, L2, U2 = torch.lu_unpack(LU, piv)
print(torch.equal(P2, P), torch.equal(L2, L), torch.equal(U2, U))
W = torch.randn(3, 5, dtype=torch.float64)
P, L, U = torch.linalg.lu(W)
print(list(P.shape), list(L.shape), list(U.shape), torch.allclose(P @ L @ U, W))
print(torch.linalg.lu_factor_ex(torch.tensor([[1.0, 2.0], [2.0, 4.0]])).info.item())
print(torch.autograd.gradcheck(lambda a: torch.linalg.lu_factor(a).LU, (A.clone().requires_grad_(),)))
)PY") == "True True True\nTrue True\nTrue\nTrue\nTrue\nTrue True True\n[3, 3] [3, 3] [3, 5] True\n2\nTrue\n");
    CHECK(program_error("torch.linalg.lu_factor(torch.tensor([[1.0, 2.0], [2.0, 4.0]]))\n") ==
          "RuntimeError: torch.linalg.lu_factor: U[2,2] is zero and using it on lu_solve would result in a division by "
          "zero. If you still want to perform the factorization, consider calling linalg.lu(A, pivot) or "
          "linalg.lu_factor_ex(A, pivot)");
}

TEST_CASE("ops of _ops_ext against reference loops and gradcheck", "[bindings][ops_ext]") {
    CHECK(program_output(R"PY(
torch.manual_seed(0)
idx = torch.tensor([2, 0, 1])
print(torch.zeros(3, 3).scatter_(1, idx.unsqueeze(1), 1).tolist())
x = torch.randn(5, 3, dtype=torch.float64)
src = torch.randn(4, 3, dtype=torch.float64)
ind = torch.tensor([0, 3, 0, 4])
ref = x.clone()
for i, k in enumerate(ind.tolist()):
    ref[k] += 2 * src[i]
print(torch.allclose(x.index_add(0, ind, src, alpha=2), ref))
a = torch.arange(10.0)
print(a.unfold(0, 3, 2).tolist())
vals = torch.tensor([0, 3, 3, 1, 5])
print(torch.bincount(vals).tolist() == [sum(1 for v in vals.tolist() if v == i) for i in range(6)])
seq = torch.tensor([1.0, 2.0, 2.0, 5.0])
q = torch.tensor([0.5, 2.0, 6.0])
print(torch.searchsorted(seq, q).tolist(), torch.searchsorted(seq, q, right=True).tolist())
r = torch.randn(7, dtype=torch.float64)
cm = torch.cummax(r, 0)
best = []
m = -float("inf")
for v in r.tolist():
    m = max(m, v)
    best.append(m)
print(cm.values.tolist() == best)
import math
ls = torch.logcumsumexp(r, 0)
print(all(abs(ls[i].item() - math.log(sum(math.exp(v) for v in r.tolist()[:i + 1]))) < 1e-12 for i in range(7)))
sv = sorted(r.tolist())
print(torch.kthvalue(r, 3).values.item() == sv[2])
pos = 0.3 * 6
print(abs(torch.quantile(r, 0.3).item() - (sv[1] + (sv[2] - sv[1]) * (pos - 1))) < 1e-12)
print(torch.tensordot(x, src, dims=([1], [1])).allclose(x @ src.T))
print(torch.kron(torch.eye(2), torch.ones(1, 2)).tolist())
gc = torch.autograd.gradcheck
X = x.clone().requires_grad_()
S = src.clone().requires_grad_()
print(gc(lambda a, b: a.index_add(0, ind, b), (X, S)))
print(gc(lambda a, b: a.scatter(0, torch.tensor([[1, 2, 0], [4, 4, 3]]), b), (X, S)))
print(gc(lambda a: a.diff(dim=0, n=2), (X,)), gc(lambda a: a.logcumsumexp(1), (X,)))
print(gc(lambda a: a.cummax(0).values, (X,)), gc(lambda a: a.kthvalue(2, 1).values, (X,)))
print(gc(lambda a: a.quantile(0.35, dim=0), (X,)), gc(lambda a, b: torch.kron(a[:2, :2], b[:2, :2]), (X, S)))
print(gc(lambda a: a.unfold(0, 2, 1), (X,)), gc(lambda a: torch.nansum(a, 1), (X,)))
)PY") == "[[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]\nTrue\n"
           "[[0.0, 1.0, 2.0], [2.0, 3.0, 4.0], [4.0, 5.0, 6.0], [6.0, 7.0, 8.0]]\nTrue\n[0, 1, 4] [0, 3, 4]\nTrue\nTrue\nTrue\n"
           "True\nTrue\n[[1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 1.0]]\nTrue\nTrue\nTrue True\nTrue True\nTrue True\n"
           "True True\n");
}

TEST_CASE("set_printoptions is honoured by tensor printing", "[bindings][print]") {
    CHECK(program_output(R"PY(
torch.set_printoptions(precision=2)
print(torch.tensor([1.12345]))
torch.set_printoptions(threshold=5)
print(torch.arange(10))
torch.set_printoptions(profile="default")
print(torch.tensor([1.12345]), torch.arange(10))
torch.set_printoptions(sci_mode=True)
print(torch.tensor([1.5, 2.0]))
torch.set_printoptions(sci_mode=False)
print(torch.tensor([1e-5, 1.0]))
torch.set_printoptions(profile="default", linewidth=20)
print(torch.arange(8.0))
torch.set_printoptions(profile="default")
)PY") == "tensor([1.12])\ntensor([0, 1, 2,  ..., 7, 8, 9])\ntensor([1.1235]) tensor([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])\n"
           "tensor([1.5000e+00, 2.0000e+00])\ntensor([0.0000, 1.0000])\n"
           "tensor([0., 1., 2.,\n        3., 4., 5.,\n        6., 7.])\n");
}

TEST_CASE("torch.utils.benchmark Timer and Measurement", "[bindings][benchmark]") {
    CHECK(program_output(R"PY(
from torch.utils.benchmark import Timer, Compare
x = torch.ones(8)
m = Timer("x + 1", globals={"x": x}, label="add", sub_label="ones").timeit(20)
lines = repr(m).split("\n")
print(lines[1], "|", lines[-1])
print(m.number_per_run, len(m.times), m.median == m.times[0], m.title)
b = Timer("y = x * 2\ny.sum()", setup="import math", globals={"x": x}).blocked_autorange(min_run_time=0.01)
print(sum(b.raw_times) >= 0.01, b.median > 0, repr(b).split("\n")[1:5])
t = str(Compare([m])).split("\n")
print(t[0].startswith("[") and "add" in t[0], t[-2].startswith("Times are in"))
)PY") == "add: ones |   1 measurement, 20 runs , 1 thread\n20 1 True add: ones\n"
           "True True ['stmt:', '  y = x * 2', '  y.sum()', '']\nTrue True\n");
}
