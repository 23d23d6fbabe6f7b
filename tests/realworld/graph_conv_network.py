# Real-program corpus (tests/realworld, see README.md): a two-layer graph convolutional network
# (GraphConv with an nn.Parameter kernel and xavier_normal_ init, D^-1/2 (A + I) D^-1/2 propagation,
# dropout, log_softmax), node classification with train/val/test index masks from randperm, Adam with
# weight decay: the workflow of pytorch/examples gcn/main.py @ 77f55b912142e11fcfdf5b530231fb9c52f181e8.
# Written for Kiln, not copied; a random graph instead of Cora, dense tensors instead of sparse ones.
import argparse
import torch
from torch import nn
import torch.nn.functional as F
from torch.optim import Adam


class GraphConv(nn.Module):
    def __init__(self, input_dim, output_dim, use_bias=False):
        super(GraphConv, self).__init__()
        self.kernel = nn.Parameter(torch.Tensor(input_dim, output_dim))
        nn.init.xavier_normal_(self.kernel)
        self.bias = None
        if use_bias:
            self.bias = nn.Parameter(torch.Tensor(output_dim))
            nn.init.zeros_(self.bias)

    def forward(self, input_tensor, adj_mat):
        support = torch.mm(input_tensor, self.kernel)
        output = torch.mm(adj_mat, support)
        if self.bias is not None:
            output = output + self.bias
        return output


class GCN(nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, use_bias=True, dropout_p=0.1):
        super(GCN, self).__init__()
        self.gc1 = GraphConv(input_dim, hidden_dim, use_bias=use_bias)
        self.gc2 = GraphConv(hidden_dim, output_dim, use_bias=use_bias)
        self.dropout = nn.Dropout(dropout_p)

    def forward(self, input_tensor, adj_mat):
        x = F.relu(self.gc1(input_tensor, adj_mat))
        x = self.dropout(x)
        return F.log_softmax(self.gc2(x, adj_mat), dim=1)


def make_graph(n_nodes=40, n_features=16, n_classes=3, n_edges=90):
    labels = torch.randint(0, n_classes, (n_nodes,))
    features = (torch.rand(n_nodes, n_features) < 0.2).float()
    features[torch.arange(n_nodes), labels] = 1.0
    scale_vector = 1 / torch.sum(features, dim=1)
    scale_vector[scale_vector == float('inf')] = 0
    features = torch.diag(scale_vector) @ features
    edges = torch.randint(0, n_nodes, (2, n_edges))
    adj_mat = torch.zeros(n_nodes, n_nodes)
    adj_mat[edges[0], edges[1]] = 1.0
    adj_mat = torch.maximum(adj_mat, adj_mat.t())
    adj_mat = torch.eye(n_nodes) + adj_mat
    degree_mat = torch.sqrt(1 / torch.sum(adj_mat, dim=1))
    degree_mat[degree_mat == float('inf')] = 0
    degree_mat = torch.diag(degree_mat)
    return features, labels, degree_mat @ adj_mat @ degree_mat


def train_iter(epoch, model, optimizer, criterion, input, target, mask_train, mask_val, print_every=10):
    model.train()
    optimizer.zero_grad()
    output = model(*input)
    loss = criterion(output[mask_train], target[mask_train])
    loss.backward()
    optimizer.step()
    loss_train, acc_train = test(model, criterion, input, target, mask_train)
    loss_val, acc_val = test(model, criterion, input, target, mask_val)
    if epoch % print_every == 0:
        print(f'Epoch: {epoch:04d} loss_train: {loss_train:.4f} acc_train: {acc_train:.4f} '
              f'loss_val: {loss_val:.4f} acc_val: {acc_val:.4f}')


def test(model, criterion, input, target, mask):
    model.eval()
    with torch.no_grad():
        output = model(*input)
        output, target = output[mask], target[mask]
        loss = criterion(output, target)
        acc = (output.argmax(dim=1) == target).float().sum() / len(target)
    return loss.item(), acc.item()


if __name__ == '__main__':
    parser = argparse.ArgumentParser(description='Graph Convolutional Network')
    parser.add_argument('--epochs', type=int, default=200)
    parser.add_argument('--lr', type=float, default=0.01)
    parser.add_argument('--l2', type=float, default=5e-4)
    parser.add_argument('--dropout-p', type=float, default=0.5)
    parser.add_argument('--hidden-dim', type=int, default=16)
    parser.add_argument('--val-every', type=int, default=20)
    parser.add_argument('--include-bias', action='store_true')
    parser.add_argument('--seed', type=int, default=42, metavar='S')
    args = parser.parse_args(['--epochs', '40', '--val-every', '10', '--include-bias'])
    torch.manual_seed(args.seed)
    features, labels, adj_mat = make_graph()
    print(tuple(features.shape), tuple(adj_mat.shape), f"{adj_mat.sum().item():.4f}")
    idx = torch.randperm(len(labels))
    idx_test, idx_val, idx_train = idx[:10], idx[10:20], idx[20:]
    gcn = GCN(features.shape[1], args.hidden_dim, labels.max().item() + 1, args.include_bias, args.dropout_p)
    optimizer = Adam(gcn.parameters(), lr=args.lr, weight_decay=args.l2)
    criterion = nn.NLLLoss()
    for epoch in range(args.epochs):
        train_iter(epoch + 1, gcn, optimizer, criterion, (features, adj_mat), labels, idx_train, idx_val, args.val_every)
    loss_test, acc_test = test(gcn, criterion, (features, adj_mat), labels, idx_test)
    print(f'Test set results: loss {loss_test:.4f} accuracy {acc_test:.4f}')
