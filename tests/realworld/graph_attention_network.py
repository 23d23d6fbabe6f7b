# Real-program corpus (tests/realworld, see README.md): a graph attention network (multi-head
# attention scores a^T[Wh_i || Wh_j] via two matmuls and a broadcast add with .mT, LeakyReLU, masking
# non-edges with torch.where, softmax, dropout, concatenated or averaged heads, ELU): the workflow of
# pytorch/examples gat/main.py @ 77f55b912142e11fcfdf5b530231fb9c52f181e8. Written for Kiln, not
# copied; a random graph instead of Cora.
import torch
from torch import nn
import torch.nn.functional as F


class GraphAttentionLayer(nn.Module):
    def __init__(self, in_features: int, out_features: int, n_heads: int, concat: bool = False,
                 dropout: float = 0.4, leaky_relu_slope: float = 0.2):
        super(GraphAttentionLayer, self).__init__()
        self.n_heads = n_heads
        self.concat = concat
        self.dropout = dropout
        if concat:
            self.out_features = out_features
            assert out_features % n_heads == 0
            self.n_hidden = out_features // n_heads
        else:
            self.n_hidden = out_features
        self.W = nn.Parameter(torch.empty(size=(in_features, self.n_hidden * n_heads)))
        self.a = nn.Parameter(torch.empty(size=(n_heads, 2 * self.n_hidden, 1)))
        self.leakyrelu = nn.LeakyReLU(leaky_relu_slope)
        self.reset_parameters()

    def reset_parameters(self):
        nn.init.xavier_normal_(self.W)
        nn.init.xavier_normal_(self.a)

    def _get_attention_scores(self, h_transformed: torch.Tensor):
        source_scores = torch.matmul(h_transformed, self.a[:, :self.n_hidden, :])
        target_scores = torch.matmul(h_transformed, self.a[:, self.n_hidden:, :])
        e = source_scores + target_scores.mT
        return self.leakyrelu(e)

    def forward(self, h: torch.Tensor, adj_mat: torch.Tensor):
        n_nodes = h.shape[0]
        h_transformed = torch.mm(h, self.W)
        h_transformed = F.dropout(h_transformed, self.dropout, training=self.training)
        h_transformed = h_transformed.view(n_nodes, self.n_heads, self.n_hidden).permute(1, 0, 2)
        e = self._get_attention_scores(h_transformed)
        connectivity_mask = -9e16 * torch.ones_like(e)
        e = torch.where(adj_mat > 0, e, connectivity_mask)
        attention = F.softmax(e, dim=-1)
        attention = F.dropout(attention, self.dropout, training=self.training)
        h_prime = torch.matmul(attention, h_transformed)
        if self.concat:
            h_prime = h_prime.permute(1, 0, 2).contiguous().view(n_nodes, self.out_features)
        else:
            h_prime = h_prime.mean(dim=0)
        return h_prime


class GAT(nn.Module):
    def __init__(self, in_features, n_hidden, n_heads, num_classes, concat=False, dropout=0.4, leaky_relu_slope=0.2):
        super(GAT, self).__init__()
        self.gat1 = GraphAttentionLayer(in_features=in_features, out_features=n_hidden, n_heads=n_heads,
                                        concat=concat, dropout=dropout, leaky_relu_slope=leaky_relu_slope)
        self.gat2 = GraphAttentionLayer(in_features=n_hidden, out_features=num_classes, n_heads=1,
                                        concat=False, dropout=dropout, leaky_relu_slope=leaky_relu_slope)

    def forward(self, input_tensor: torch.Tensor, adj_mat: torch.Tensor):
        x = F.elu(self.gat1(input_tensor, adj_mat))
        return F.log_softmax(self.gat2(x, adj_mat), dim=1)


torch.manual_seed(13)
n_nodes, n_features, n_classes = 30, 12, 3
labels = torch.randint(0, n_classes, (n_nodes,))
features = torch.rand(n_nodes, n_features)
adj_mat = (torch.rand(n_nodes, n_nodes) < 0.15).long()
adj_mat = torch.eye(n_nodes, dtype=torch.long) + adj_mat
idx = torch.randperm(n_nodes)
idx_test, idx_val, idx_train = idx[:8], idx[8:14], idx[14:]
for concat in (False, True):
    model = GAT(n_features, 8, 2, n_classes, concat=concat, dropout=0.6)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.005, weight_decay=5e-4)
    criterion = nn.NLLLoss()
    print('concat', concat, sum(p.numel() for p in model.parameters()))
    for epoch in range(1, 31):
        model.train()
        optimizer.zero_grad()
        output = model(features, adj_mat)
        loss = criterion(output[idx_train], labels[idx_train])
        loss.backward()
        optimizer.step()
        if epoch % 10 == 0:
            model.eval()
            with torch.no_grad():
                out = model(features, adj_mat)
                val_loss = criterion(out[idx_val], labels[idx_val]).item()
                acc = (out[idx_test].argmax(dim=1) == labels[idx_test]).float().mean().item()
            print(f'Epoch: {epoch:04d} loss_train: {loss.item():.4f} loss_val: {val_loss:.4f} acc_test: {acc:.4f}')
