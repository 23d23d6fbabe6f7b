import torch
import torch.nn.functional as F
# A two-layer GCN in the style of pygcn: a row-normalised sparse adjacency (with self-loops) built
# by the legacy torch.sparse.FloatTensor constructor, torch.spmm for propagation, a few Adam steps
# on a toy node-classification task (gradients reach the dense weights through the sparse products).

torch.manual_seed(0)
n = 6
edges = [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (2, 3)]
rows = [i for i, j in edges] + [j for i, j in edges] + list(range(n))
cols = [j for i, j in edges] + [i for i, j in edges] + list(range(n))
indices = torch.tensor([rows, cols])
values = torch.ones(len(rows))
adj = torch.sparse.FloatTensor(indices, values, torch.Size([n, n])).coalesce()
deg = torch.sparse.sum(adj, dim=1).to_dense()
print(deg)
r = adj.indices()[0]
adj = torch.sparse_coo_tensor(adj.indices(), adj.values() / deg[r], (n, n))
print(adj)

features = torch.randn(n, 4)
labels = torch.tensor([0, 0, 0, 1, 1, 1])
w1 = (torch.randn(4, 8) * 0.5).requires_grad_()
w2 = (torch.randn(8, 2) * 0.5).requires_grad_()
opt = torch.optim.Adam([w1, w2], lr=0.05)
for step in range(5):
    opt.zero_grad()
    h = F.relu(torch.spmm(adj, features @ w1))
    out = torch.spmm(adj, h @ w2)
    loss = F.cross_entropy(out, labels)
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), round(w1.grad.abs().sum().item(), 4))
print(torch.spmm(adj, features @ w1).argmax(1), (torch.spmm(adj, F.relu(torch.spmm(adj, features @ w1)) @ w2)).argmax(1))
