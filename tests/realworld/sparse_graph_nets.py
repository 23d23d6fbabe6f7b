# Real-program corpus (tests/realworld, see README.md): graph networks over a sparse adjacency matrix.
# A two-layer GCN whose GraphConvolution keeps weight/bias as Parameters of torch.FloatTensor(...)
# reset with uniform_(-1/sqrt(out), ...) and propagates with torch.spmm(adj, x @ W), the adjacency
# row-normalized in NumPy and handed over as torch.sparse.FloatTensor(indices, values, shape) (the
# workflow of tkipf/pygcn pygcn/layers.py, models.py, utils.py, train.py @ 1600b5b7); then the sparse
# graph attention network whose SpecialSpmmFunction (a torch.autograd.Function) builds a
# torch.sparse_coo_tensor from edge scores, saves it with save_for_backward and multiplies it in
# forward and backward, row sums through a second spmm with ones (Diego999/pyGAT layers.py,
# models.py, train.py @ 3664f2dc). Written for Kiln, not copied; a random 40-node graph instead of
# Cora, few epochs, time columns left out of the log lines.
import argparse
import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.nn.parameter import Parameter


def encode_onehot(labels):
    classes = sorted(set(labels))
    lookup = {c: np.identity(len(classes))[i, :] for i, c in enumerate(classes)}
    return np.array(list(map(lookup.get, labels)), dtype=np.int32)


def normalize(mx):
    rowsum = np.array(mx.sum(1))
    r_inv = np.power(rowsum, -1).flatten()
    r_inv[np.isinf(r_inv)] = 0.
    return np.diag(r_inv).dot(mx)


def to_torch_sparse(mx):
    rows, cols = np.nonzero(mx)
    indices = torch.from_numpy(np.vstack((rows, cols)).astype(np.int64))
    values = torch.from_numpy(mx[rows, cols].astype(np.float32))
    return torch.sparse.FloatTensor(indices, values, torch.Size(mx.shape))


def load_graph(n=40, n_feat=16, n_class=3, n_edges=90):
    print('Loading random graph ...')
    rng = np.random.RandomState(0)
    features = (rng.rand(n, n_feat) < 0.3).astype(np.float32)
    labels = encode_onehot(list(rng.randint(0, n_class, size=n)))
    edges = rng.randint(0, n, size=(n_edges, 2))
    adj = np.zeros((n, n), dtype=np.float32)
    adj[edges[:, 0], edges[:, 1]] = 1
    adj = np.maximum(adj, adj.T)
    features = normalize(features)
    adj = normalize(adj + np.eye(n, dtype=np.float32))
    idx_train, idx_val, idx_test = range(16), range(16, 28), range(28, 40)
    features = torch.FloatTensor(np.array(features))
    labels = torch.LongTensor(np.where(labels)[1])
    adj = to_torch_sparse(adj)
    return adj, features, labels, torch.LongTensor(idx_train), torch.LongTensor(idx_val), torch.LongTensor(idx_test)


def accuracy(output, labels):
    preds = output.max(1)[1].type_as(labels)
    correct = preds.eq(labels).double()
    return correct.sum() / len(labels)


class GraphConvolution(nn.Module):
    def __init__(self, in_features, out_features, bias=True):
        super(GraphConvolution, self).__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(torch.FloatTensor(in_features, out_features))
        if bias:
            self.bias = Parameter(torch.FloatTensor(out_features))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        stdv = 1. / math.sqrt(self.weight.size(1))
        self.weight.data.uniform_(-stdv, stdv)
        if self.bias is not None:
            self.bias.data.uniform_(-stdv, stdv)

    def forward(self, input, adj):
        support = torch.mm(input, self.weight)
        output = torch.spmm(adj, support)
        return output + self.bias if self.bias is not None else output

    def __repr__(self):
        return self.__class__.__name__ + ' (' + str(self.in_features) + ' -> ' + str(self.out_features) + ')'


class GCN(nn.Module):
    def __init__(self, nfeat, nhid, nclass, dropout):
        super(GCN, self).__init__()
        self.gc1 = GraphConvolution(nfeat, nhid)
        self.gc2 = GraphConvolution(nhid, nclass)
        self.dropout = dropout

    def forward(self, x, adj):
        x = F.relu(self.gc1(x, adj))
        x = F.dropout(x, self.dropout, training=self.training)
        x = self.gc2(x, adj)
        return F.log_softmax(x, dim=1)


class SpecialSpmmFunction(torch.autograd.Function):
    """sparse @ dense whose backward only fills the gradient of the stored edges"""

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


class SpecialSpmm(nn.Module):
    def forward(self, indices, values, shape, b):
        return SpecialSpmmFunction.apply(indices, values, shape, b)


class SpGraphAttentionLayer(nn.Module):
    def __init__(self, in_features, out_features, dropout, alpha, concat=True):
        super(SpGraphAttentionLayer, self).__init__()
        self.in_features, self.out_features = in_features, out_features
        self.alpha, self.concat = alpha, concat
        self.W = nn.Parameter(torch.zeros(size=(in_features, out_features)))
        nn.init.xavier_normal_(self.W.data, gain=1.414)
        self.a = nn.Parameter(torch.zeros(size=(1, 2 * out_features)))
        nn.init.xavier_normal_(self.a.data, gain=1.414)
        self.dropout = nn.Dropout(dropout)
        self.leakyrelu = nn.LeakyReLU(self.alpha)
        self.special_spmm = SpecialSpmm()

    def forward(self, input, adj):
        dv = 'cuda' if input.is_cuda else 'cpu'
        N = input.size()[0]
        edge = adj.nonzero().t()
        h = torch.mm(input, self.W)
        assert not torch.isnan(h).any()
        edge_h = torch.cat((h[edge[0, :], :], h[edge[1, :], :]), dim=1).t()
        edge_e = torch.exp(-self.leakyrelu(self.a.mm(edge_h).squeeze()))
        e_rowsum = self.special_spmm(edge, edge_e, torch.Size([N, N]), torch.ones(size=(N, 1), device=dv))
        edge_e = self.dropout(edge_e)
        h_prime = self.special_spmm(edge, edge_e, torch.Size([N, N]), h)
        h_prime = h_prime.div(e_rowsum)
        assert not torch.isnan(h_prime).any()
        return F.elu(h_prime) if self.concat else h_prime

    def __repr__(self):
        return self.__class__.__name__ + ' (' + str(self.in_features) + ' -> ' + str(self.out_features) + ')'


class SpGAT(nn.Module):
    def __init__(self, nfeat, nhid, nclass, dropout, alpha, nheads):
        super(SpGAT, self).__init__()
        self.dropout = dropout
        self.attentions = [SpGraphAttentionLayer(nfeat, nhid, dropout=dropout, alpha=alpha, concat=True)
                           for _ in range(nheads)]
        for i, attention in enumerate(self.attentions):
            self.add_module('attention_{}'.format(i), attention)
        self.out_att = SpGraphAttentionLayer(nhid * nheads, nclass, dropout=dropout, alpha=alpha, concat=False)

    def forward(self, x, adj):
        x = F.dropout(x, self.dropout, training=self.training)
        x = torch.cat([att(x, adj) for att in self.attentions], dim=1)
        x = F.dropout(x, self.dropout, training=self.training)
        x = F.elu(self.out_att(x, adj))
        return F.log_softmax(x, dim=1)


def run(model, optimizer, features, adj, labels, idx_train, idx_val, idx_test, epochs):
    def train(epoch):
        model.train()
        optimizer.zero_grad()
        output = model(features, adj)
        loss_train = F.nll_loss(output[idx_train], labels[idx_train])
        acc_train = accuracy(output[idx_train], labels[idx_train])
        loss_train.backward()
        optimizer.step()
        model.eval()
        output = model(features, adj)
        loss_val = F.nll_loss(output[idx_val], labels[idx_val])
        acc_val = accuracy(output[idx_val], labels[idx_val])
        print('Epoch: {:04d}'.format(epoch + 1),
              'loss_train: {:.4f}'.format(loss_train.item()),
              'acc_train: {:.4f}'.format(acc_train.item()),
              'loss_val: {:.4f}'.format(loss_val.item()),
              'acc_val: {:.4f}'.format(acc_val.item()))

    for epoch in range(epochs):
        train(epoch)
    print("Optimization Finished!")
    model.eval()
    output = model(features, adj)
    loss_test = F.nll_loss(output[idx_test], labels[idx_test])
    acc_test = accuracy(output[idx_test], labels[idx_test])
    print("Test set results:", "loss= {:.4f}".format(loss_test.item()), "accuracy= {:.4f}".format(acc_test.item()))


parser = argparse.ArgumentParser()
parser.add_argument('--seed', type=int, default=42)
parser.add_argument('--epochs', type=int, default=200)
parser.add_argument('--lr', type=float, default=0.01)
parser.add_argument('--weight_decay', type=float, default=5e-4)
parser.add_argument('--hidden', type=int, default=16)
parser.add_argument('--dropout', type=float, default=0.5)
args = parser.parse_args(['--epochs', '6', '--hidden', '8'])

np.random.seed(args.seed)
torch.manual_seed(args.seed)
adj, features, labels, idx_train, idx_val, idx_test = load_graph()
first = adj.coalesce()
print(first.indices()[:, :6], first.values()[:6])
print(adj.is_sparse, adj.layout, adj._nnz(), tuple(adj.shape), features.shape, labels[:10].tolist())
print(torch.allclose(adj.to_dense().sum(1), torch.ones(40)))

model = GCN(nfeat=features.shape[1], nhid=args.hidden, nclass=labels.max().item() + 1, dropout=args.dropout)
print(model)
optimizer = optim.Adam(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
run(model, optimizer, features, adj, labels, idx_train, idx_val, idx_test, args.epochs)

torch.manual_seed(72)
dense_adj = adj.to_dense()
gat = SpGAT(nfeat=features.shape[1], nhid=4, nclass=int(labels.max()) + 1, dropout=0.6, nheads=2, alpha=0.2)
print(gat)
optimizer = optim.Adam(gat.parameters(), lr=0.005, weight_decay=5e-4)
run(gat, optimizer, features, dense_adj, labels, idx_train, idx_val, idx_test, 4)
