// Sparse COO tensors (engine/stdlib/torch/sparse/__init__.py): construction and size inference,
// coalescing (sorted indices, summed duplicates), to_sparse/to_dense round trips, PyTorch's printout,
// sparse @ dense against the dense product with the dense operand's gradient (gradcheck),
// torch.sparse.sum over sparse and dense dims, and the errors of uncoalesced access and bad shapes.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

using kiln::testing::program_error;
using kiln::testing::program_output;

TEST_CASE("sparse COO: construction, coalesce, conversions, printing", "[bindings][sparse]") {
    CHECK(program_output(R"PY(
s = torch.sparse_coo_tensor(torch.tensor([[0, 1, 1], [2, 0, 2]]), torch.tensor([3.0, 4.0, 5.0]), (2, 3))
print(s)
print(s.is_sparse, s.layout, s.is_coalesced(), s.sparse_dim(), s.dense_dim(), s._nnz(), s.shape, s.dtype)
print(s.to_dense().tolist(), torch.ones(2).is_sparse, torch.ones(2).layout)
u = torch.sparse_coo_tensor([[1, 0, 1], [0, 1, 0]], [1.0, 2.0, 3.0])
print(u.shape, u.is_coalesced())
c = u.coalesce()
print(c.is_coalesced(), c.indices().tolist(), c.values().tolist(), c.to_dense().tolist())
d = torch.tensor([[1.0, 0.0, 2.0], [0.0, 0.0, 3.0]])
sp = d.to_sparse()
print(sp.is_coalesced(), sp.indices().tolist(), sp.values().tolist(), torch.equal(sp.to_dense(), d))
h = torch.tensor([[[1.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [2.0, 3.0]]]).to_sparse(1)
print(h.sparse_dim(), h.dense_dim(), h.indices().tolist(), h.values().tolist())
print(torch.sparse_coo_tensor(torch.tensor([[0], [1]]), torch.tensor([[1.0, 2.0]]), (2, 2, 2)).to_dense().tolist())
print(s.t().to_dense().tolist(), (s * 2).to_dense().tolist(), (s + s).coalesce().values().tolist())
print(torch.sparse.sum(s).item(), torch.sparse.sum(s, dim=1).to_dense().tolist(), torch.sparse.sum(s, dim=(0, 1)).item())
)PY") == "tensor(indices=tensor([[0, 1, 1],\n                       [2, 0, 2]]),\n"
           "       values=tensor([3., 4., 5.]),\n       size=(2, 3), nnz=3, layout=torch.sparse_coo)\n"
           "True torch.sparse_coo False 2 0 3 torch.Size([2, 3]) torch.float32\n"
           "[[0.0, 0.0, 3.0], [4.0, 0.0, 5.0]] False torch.strided\n"
           "torch.Size([2, 2]) False\nTrue [[0, 1], [1, 0]] [2.0, 4.0] [[0.0, 2.0], [4.0, 0.0]]\n"
           "True [[0, 0, 1], [0, 2, 2]] [1.0, 2.0, 3.0] True\n"
           "1 2 [[0, 1]] [[[1.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [2.0, 3.0]]]\n"
           "[[[0.0, 0.0], [1.0, 2.0]], [[0.0, 0.0], [0.0, 0.0]]]\n"
           "[[0.0, 4.0], [0.0, 0.0], [3.0, 5.0]] [[0.0, 0.0, 6.0], [8.0, 0.0, 10.0]] [6.0, 8.0, 10.0]\n"
           "12.0 [3.0, 9.0] 12.0\n");
}

TEST_CASE("sparse COO: sparse @ dense and its gradient", "[bindings][sparse]") {
    CHECK(program_output(R"PY(
torch.manual_seed(0)
s = torch.sparse_coo_tensor([[0, 1, 1, 2, 0], [2, 0, 2, 1, 2]], [1.0, 2.0, -1.0, 0.5, 4.0], (3, 3), dtype=torch.float64)
x = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
D = s.to_dense()
print(torch.allclose(torch.sparse.mm(s, x), D @ x), torch.allclose(torch.spmm(s, x), D @ x))
print(torch.allclose(s @ x, D @ x), torch.allclose(torch.mm(s, x), D @ x), torch.allclose(torch.matmul(s, x[:, 0]), D @ x[:, 0]))
(torch.sparse.mm(s, x) ** 2).sum().backward()
print(torch.allclose(x.grad, 2 * D.t() @ (D @ x)))
print(torch.autograd.gradcheck(lambda t: torch.sparse.mm(s, t), (x,)))
sv = torch.sparse_coo_tensor([[0, 1], [1, 0]], [2.0, 3.0], (2, 2), requires_grad=True)
torch.sparse.mm(sv, torch.tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward()
print(sv.grad.is_sparse, sv.grad.to_dense().tolist())
adj = torch.sparse.FloatTensor(torch.tensor([[0, 1], [1, 0]]), torch.tensor([1.0, 2.0], dtype=torch.float64), torch.Size([2, 2]))
print(adj.dtype, adj.to_dense().tolist(), torch.sparse.FloatTensor(2, 3).to_dense().tolist())
)PY") == "True True\nTrue True True\nTrue\nTrue\nTrue [[0.0, 7.0], [3.0, 0.0]]\n"
           "torch.float32 [[0.0, 1.0], [2.0, 0.0]] [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]\n");
    CHECK(program_error("torch.sparse_coo_tensor([[1, 0, 1], [0, 1, 0]], [1.0, 2.0, 3.0]).indices()") ==
          "RuntimeError: Cannot get indices on an uncoalesced tensor, please call .coalesce() first");
    CHECK(program_error("torch.sparse_coo_tensor(torch.tensor([0, 1]), torch.tensor([1.0, 2.0]))") ==
          "RuntimeError: indices must be sparse_dim x nnz, but got: [2]");
    CHECK(program_error("torch.sparse_coo_tensor([[0, 1]], [1.0], (2,))") ==
          "RuntimeError: indices and values must have same nnz, but got nnz from indices: 2, nnz from values: 1");
    CHECK(program_error("torch.ones(2).coalesce()") ==
          "RuntimeError: coalesce expected sparse coordinate tensor layout but got Strided");
    CHECK(program_error("torch.sparse.mm(torch.eye(2).to_sparse(), torch.ones(3, 2))") ==
          "RuntimeError: addmm: Argument #3 (dense): Expected dim 0 size 2, got 3");
}

TEST_CASE("sparse COO: a non-persistent sparse buffer (whisper's alignment_heads)", "[bindings][sparse]") {
    CHECK(program_output(R"PY(
class M(nn.Module):
    def __init__(self):
        super().__init__()
        heads = torch.zeros(4, 3, dtype=torch.bool)
        heads[2:] = True
        self.register_buffer("alignment_heads", heads.to_sparse(), persistent=False)
        self.lin = nn.Linear(2, 2)
    def set_heads(self, mask):
        self.register_buffer("alignment_heads", mask.to_sparse(), persistent=False)
m = M()
print(m.alignment_heads.is_sparse, m.alignment_heads.indices().T.tolist(), m.alignment_heads.values().dtype)
print(sorted(m.state_dict().keys()))
m.set_heads(torch.tensor([[False, True], [True, False]]))
print(m.alignment_heads.indices().tolist(), m.alignment_heads.shape)
)PY") == "True [[2, 0], [2, 1], [2, 2], [3, 0], [3, 1], [3, 2]] torch.bool\n['lin.bias', 'lin.weight']\n"
           "[[0, 1], [1, 0]] torch.Size([2, 2])\n");
    CHECK(program_error("m = nn.Module()\nm.register_buffer('s', torch.eye(2).to_sparse())") ==
          "NotImplementedError: register_buffer: the sparse COO tensor 's' can only be a non-persistent buffer in Kiln "
          "(persistent=False): Kiln's state_dict holds dense tensors");
}
