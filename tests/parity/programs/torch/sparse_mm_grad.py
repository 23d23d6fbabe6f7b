import torch
# torch.sparse.mm / torch.spmm / sparse @ dense against the dense product, and the gradient with
# respect to the dense operand (a GCN-style propagation A_hat @ X @ W).

torch.manual_seed(0)
edges = torch.tensor([[0, 1, 1, 2, 2, 3], [1, 0, 2, 1, 3, 2]])
n = 4
vals = torch.ones(edges.shape[1])
adj = torch.sparse_coo_tensor(edges, vals, (n, n))
deg = torch.sparse.sum(adj, dim=1).to_dense()
norm = vals / deg[edges[0]]
a_hat = torch.sparse_coo_tensor(edges, norm, (n, n))
print(a_hat.coalesce())
x = torch.arange(8.0).reshape(4, 2).requires_grad_()
w = torch.tensor([[1.0, -1.0, 0.5], [0.5, 2.0, -1.0]], requires_grad=True)
h = torch.sparse.mm(a_hat, x @ w)
print(h)
print(torch.spmm(a_hat, x @ w).detach())
print((a_hat @ x).detach(), torch.mm(a_hat, x).detach())
h.pow(2).sum().backward()
print(x.grad)
print(w.grad)
try:
    torch.sparse.mm(a_hat, torch.ones(3, 2))
except RuntimeError as e:
    print("RuntimeError:", e)
