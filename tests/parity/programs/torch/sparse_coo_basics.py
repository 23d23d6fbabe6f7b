import torch
# Sparse COO tensors: construction (given and inferred sizes), printing, coalesce, indices/values,
# to_sparse/to_dense round trips, layout and is_sparse, transposes, sums and the uncoalesced error.

i = torch.tensor([[0, 1, 1], [2, 0, 2]])
v = torch.tensor([3.0, 4.0, 5.0])
s = torch.sparse_coo_tensor(i, v, (2, 3))
print(s)
print(s.is_sparse, s.layout, s.is_coalesced(), s.sparse_dim(), s.dense_dim(), s._nnz(), s.shape, s.dtype)
print(s.to_dense())
print(torch.ones(2).is_sparse, torch.ones(2).layout, torch.strided, torch.sparse_coo)
u = torch.sparse_coo_tensor([[1, 0, 1], [0, 1, 0]], [1.0, 2.0, 3.0])
print(u)
print(u.coalesce())
try:
    u.values()
except RuntimeError as e:
    print("RuntimeError:", e)
d = torch.tensor([[1.0, 0.0, 2.0], [0.0, 0.0, 3.0]])
sp = d.to_sparse()
print(sp)
print(sp.indices(), sp.values(), sp.is_coalesced())
print(torch.equal(sp.to_dense(), d))
h = torch.tensor([[[1.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [2.0, 3.0]]]).to_sparse(1)
print(h)
print(torch.sparse_coo_tensor(i, v.double()))
print(torch.zeros(2, 3).to_sparse())
print(s.t())
print((s * 2).to_dense(), (s + s).coalesce())
print(torch.sparse.sum(s), torch.sparse.sum(s, dim=1))
try:
    torch.ones(2).coalesce()
except RuntimeError as e:
    print("RuntimeError:", e)
