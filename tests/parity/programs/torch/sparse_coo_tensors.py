# The sparse COO layout as graph code uses it: tkipf/pygcn's torch.sparse.FloatTensor(indices, values,
# shape) adjacency multiplied with torch.spmm, Diego999/pyGAT's SpecialSpmmFunction (an
# autograd.Function that saves the sparse matrix with save_for_backward and reads a._indices() in
# backward), Tensor.to_sparse, coalesce of repeated indices, to_dense, t(), the printed form, and the
# gradients that reach the values and the dense operand.
import torch

torch.manual_seed(0)
i = torch.tensor([[0, 1, 1, 2, 0], [2, 0, 2, 1, 2]])
v = torch.tensor([3., 4., 5., 6., 1.])
s = torch.sparse_coo_tensor(i, v, (3, 3))
print(s)
print(s.is_sparse, s.layout, torch.zeros(1).layout, torch.zeros(1).is_sparse, s.shape, s.dtype, s._nnz())
print(s.is_coalesced(), s.sparse_dim(), s.dense_dim(), type(s).__name__)
try:
    s.indices()
except RuntimeError as e:
    print("RuntimeError:", e)
c = s.coalesce()
print(c.is_coalesced(), c.indices(), c.values())
print(c)
print(s.to_dense())
print(s.t().to_dense())
print(torch.sparse_coo_tensor(i, v).shape)

d = torch.tensor([[1., 0., 2.], [0., 0., 0.], [0., -3., 0.]])
sd = d.to_sparse()
print(sd)
print(torch.equal(sd.to_dense(), d), sd.is_coalesced())

# pygcn's legacy constructor and torch.spmm with gradients into the dense operand
adj = torch.sparse.FloatTensor(c.indices(), c.values(), torch.Size([3, 3]))
w = torch.randn(3, 2, requires_grad=True)
out = torch.spmm(adj, w)
print(out.detach(), out.requires_grad)
print(torch.allclose(out, adj.to_dense() @ w), torch.allclose(torch.mm(adj, w), out), torch.allclose(adj @ w, out))
out.sum().backward()
print(w.grad)
print(torch.sparse.mm(adj, torch.ones(3, 1)).flatten(), torch.matmul(adj, torch.ones(3)))
print(torch.spmm(torch.eye(2), torch.ones(2, 2)))

# values that require grad
vals = torch.tensor([1., 2., 3.], requires_grad=True)
m = torch.sparse_coo_tensor(torch.tensor([[0, 1, 1], [1, 0, 1]]), vals, (2, 2))
y = torch.sparse.mm(m, torch.tensor([[1., 2.], [3., 4.]]))
y.sum().backward()
print(y.detach(), vals.grad)

# pyGAT's SpecialSpmmFunction
class SpecialSpmmFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, indices, values, shape, b):
        assert indices.requires_grad == False
        a = torch.sparse_coo_tensor(indices, values, shape)
        ctx.save_for_backward(a, b)
        ctx.N = shape[0]
        return torch.matmul(a, b)

    @staticmethod
    def backward(ctx, grad_output):
        a, b = ctx.saved_tensors
        grad_values = grad_b = None
        if ctx.needs_input_grad[1]:
            grad_a_dense = grad_output.matmul(b.t())
            edge_idx = a._indices()[0, :] * ctx.N + a._indices()[1, :]
            grad_values = grad_a_dense.view(-1)[edge_idx]
        if ctx.needs_input_grad[3]:
            grad_b = a.t().matmul(grad_output)
        return None, grad_values, None, grad_b

edge = torch.tensor([[0, 0, 1, 2], [0, 1, 2, 0]])
edge_e = torch.tensor([0.5, 1.5, 2.0, 1.0], requires_grad=True)
h = torch.randn(3, 2, requires_grad=True)
hp = SpecialSpmmFunction.apply(edge, edge_e, torch.Size([3, 3]), h)
(hp * torch.tensor([[1., 2.]])).sum().backward()
print(hp.detach())
print(edge_e.grad, h.grad)

# conversions and arithmetic
print((s * 2).coalesce().values(), (c / 2).values(), (-c).values())
print((c + c).coalesce().values(), (torch.ones(3, 3) + c))
try:
    c + torch.ones(3, 3)
except RuntimeError as e:
    print("RuntimeError:", e)
print(c.double().dtype, c.to(torch.float64).dtype, c.type(), c.double().type())
print(torch.sparse.sum(c), c.sum())
print(torch.sparse.DoubleTensor(torch.tensor([[0], [1]]), torch.tensor([2.5], dtype=torch.float64), torch.Size([2, 2])))
e = torch.sparse_coo_tensor(torch.zeros((2, 0), dtype=torch.long), torch.zeros(0), (2, 2))
print(e)
print(e.to_dense())
# long indices and values wrap at the line width less their deeper indent
big = torch.sparse_coo_tensor(torch.stack([torch.arange(30), torch.arange(30) % 7]), torch.linspace(0, 1, 30), (30, 7))
print(big)
try:
    torch.sparse_coo_tensor(torch.tensor([[0, 3]]), torch.tensor([1., 2.]), (2,))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.sparse_coo_tensor(torch.tensor([[0, 1]]), torch.tensor([1., 2., 3.]))
except RuntimeError as e:
    print("RuntimeError:", e)
