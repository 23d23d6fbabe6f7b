# Real-program corpus (tests/realworld, see README.md): zfjsail/gae-pytorch, the variational graph
# auto-encoder (Kipf & Welling) for link prediction: GraphConvolution layers over a
# torch.sparse.FloatTensor normalized adjacency through torch.spmm (a custom __repr__, xavier_uniform_
# of an uninitialised FloatTensor Parameter, `act=lambda x: x`), GCNModelVAE with
# `eps.mul(std).add_(mu)` reparameterization that returns mu in eval mode, an inner-product decoder,
# the pos_weight/norm-weighted reconstruction cost plus the KL term, mask_test_edges' random edge
# split with np.random.shuffle/randint rejection sampling through the broadcasting `ismember` helper
# and `assert ~ismember(...)`, get_roc_score with a NumPy sigmoid over `np.dot(emb, emb.T)`, and
# sklearn's roc_auc_score and average_precision_score, printed per epoch as train.py does.
# Origin: zfjsail/gae-pytorch gae/train.py, gae/layers.py, gae/optimizer.py, gae/utils.py @
# 00f1154f0a51665cf81235213fee88f068e3be5e, gae/model.py @ 311537811dcc5fce04ed02c5f62f20f0614ca1e4.
# Changes: Cora's pickles (networkx) are replaced by a seeded two-community random graph of 60 nodes
# with identity features; scipy.sparse (not provided in Kiln) is replaced by the same steps on dense
# NumPy arrays (np.triu, np.nonzero, a dense D^-1/2 (A+I) D^-1/2), the normalized adjacency is still
# handed to the model as a torch.sparse.FloatTensor; 40 epochs; argparse gets an explicit list; the
# per-epoch time column is dropped and AP/ROC print 4 decimals.
from __future__ import division
from __future__ import print_function

import argparse

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import optim
from torch.nn.modules.module import Module
from torch.nn.parameter import Parameter
from sklearn.metrics import roc_auc_score, average_precision_score


# ---- gae/layers.py ----

class GraphConvolution(Module):
    """
    Simple GCN layer, similar to https://arxiv.org/abs/1609.02907
    """

    def __init__(self, in_features, out_features, dropout=0., act=F.relu):
        super(GraphConvolution, self).__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.dropout = dropout
        self.act = act
        self.weight = Parameter(torch.FloatTensor(in_features, out_features))
        self.reset_parameters()

    def reset_parameters(self):
        torch.nn.init.xavier_uniform_(self.weight)

    def forward(self, input, adj):
        input = F.dropout(input, self.dropout, self.training)
        support = torch.mm(input, self.weight)
        output = torch.spmm(adj, support)
        output = self.act(output)
        return output

    def __repr__(self):
        return self.__class__.__name__ + ' (' \
               + str(self.in_features) + ' -> ' \
               + str(self.out_features) + ')'


# ---- gae/model.py ----

class GCNModelVAE(nn.Module):
    def __init__(self, input_feat_dim, hidden_dim1, hidden_dim2, dropout):
        super(GCNModelVAE, self).__init__()
        self.gc1 = GraphConvolution(input_feat_dim, hidden_dim1, dropout, act=F.relu)
        self.gc2 = GraphConvolution(hidden_dim1, hidden_dim2, dropout, act=lambda x: x)
        self.gc3 = GraphConvolution(hidden_dim1, hidden_dim2, dropout, act=lambda x: x)
        self.dc = InnerProductDecoder(dropout, act=lambda x: x)

    def encode(self, x, adj):
        hidden1 = self.gc1(x, adj)
        return self.gc2(hidden1, adj), self.gc3(hidden1, adj)

    def reparameterize(self, mu, logvar):
        if self.training:
            std = torch.exp(logvar)
            eps = torch.randn_like(std)
            return eps.mul(std).add_(mu)
        else:
            return mu

    def forward(self, x, adj):
        mu, logvar = self.encode(x, adj)
        z = self.reparameterize(mu, logvar)
        return self.dc(z), mu, logvar


class InnerProductDecoder(nn.Module):
    """Decoder for using inner product for prediction."""

    def __init__(self, dropout, act=torch.sigmoid):
        super(InnerProductDecoder, self).__init__()
        self.dropout = dropout
        self.sigmoid = act

    def forward(self, z):
        z = F.dropout(z, self.dropout, training=self.training)
        adj = self.sigmoid(torch.mm(z, z.t()))
        return adj


# ---- gae/optimizer.py ----

def weighted_binary_cross_entropy(output, target, pos_weight):
    if pos_weight is not None:
        loss = (target * torch.sigmoid(output).log()) * pos_weight + \
               ((1 - target) * torch.sigmoid(1 - output).log())
    else:
        loss = target * torch.log(output) + (1 - target) * torch.log(1 - output)
    loss = torch.neg(torch.mean(loss))
    return loss


def loss_function(preds, labels, mu, logvar, n_nodes, norm, pos_weight):
    cost = norm * torch.mean(weighted_binary_cross_entropy(preds, labels, pos_weight))

    # Appendix B of the VAE paper: 0.5 * sum(1 + log(sigma^2) - mu^2 - sigma^2)
    KLD = -0.5 / n_nodes * torch.mean(torch.sum(
        1 + 2 * logvar - mu.pow(2) - logvar.exp().pow(2), 1))
    return cost + KLD


# ---- gae/utils.py (dense NumPy in place of scipy.sparse) ----

def load_data(n=60, p_in=0.25, p_out=0.02, seed=3):
    rng = np.random.RandomState(seed)
    community = np.arange(n) % 2
    prob = np.where(community[:, None] == community[None, :], p_in, p_out)
    upper = np.triu(rng.rand(n, n) < prob, 1)
    adj = (upper | upper.T).astype(np.float64)
    features = torch.FloatTensor(np.eye(n))
    return adj, features


def sparse_to_tuple(dense):
    rows, cols = np.nonzero(dense)
    coords = np.vstack((rows, cols)).transpose()
    return coords, dense[rows, cols], dense.shape


def mask_test_edges(adj):
    # Build the test set with 10% of the positive links (and 5% for validation).
    adj = adj - np.diag(adj.diagonal())
    assert np.diag(adj).sum() == 0

    adj_triu = np.triu(adj)
    adj_tuple = sparse_to_tuple(adj_triu)
    edges = adj_tuple[0]
    edges_all = sparse_to_tuple(adj)[0]
    num_test = int(np.floor(edges.shape[0] / 10.))
    num_val = int(np.floor(edges.shape[0] / 20.))

    all_edge_idx = list(range(edges.shape[0]))
    np.random.shuffle(all_edge_idx)
    val_edge_idx = all_edge_idx[:num_val]
    test_edge_idx = all_edge_idx[num_val:(num_val + num_test)]
    test_edges = edges[test_edge_idx]
    val_edges = edges[val_edge_idx]
    train_edges = np.delete(edges, np.hstack([test_edge_idx, val_edge_idx]), axis=0)

    def ismember(a, b, tol=5):
        rows_close = np.all(np.round(a - b[:, None], tol) == 0, axis=-1)
        return np.any(rows_close)

    test_edges_false = []
    while len(test_edges_false) < len(test_edges):
        idx_i = np.random.randint(0, adj.shape[0])
        idx_j = np.random.randint(0, adj.shape[0])
        if idx_i == idx_j:
            continue
        if ismember([idx_i, idx_j], edges_all):
            continue
        if test_edges_false:
            if ismember([idx_j, idx_i], np.array(test_edges_false)):
                continue
            if ismember([idx_i, idx_j], np.array(test_edges_false)):
                continue
        test_edges_false.append([idx_i, idx_j])

    val_edges_false = []
    while len(val_edges_false) < len(val_edges):
        idx_i = np.random.randint(0, adj.shape[0])
        idx_j = np.random.randint(0, adj.shape[0])
        if idx_i == idx_j:
            continue
        if ismember([idx_i, idx_j], train_edges):
            continue
        if ismember([idx_j, idx_i], train_edges):
            continue
        if ismember([idx_i, idx_j], val_edges):
            continue
        if ismember([idx_j, idx_i], val_edges):
            continue
        if val_edges_false:
            if ismember([idx_j, idx_i], np.array(val_edges_false)):
                continue
            if ismember([idx_i, idx_j], np.array(val_edges_false)):
                continue
        val_edges_false.append([idx_i, idx_j])

    assert ~ismember(test_edges_false, edges_all)
    assert ~ismember(val_edges_false, edges_all)
    assert ~ismember(val_edges, train_edges)
    assert ~ismember(test_edges, train_edges)
    assert ~ismember(val_edges, test_edges)

    # re-build the adjacency from the training edges (both directions)
    adj_train = np.zeros(adj.shape)
    adj_train[train_edges[:, 0], train_edges[:, 1]] = 1.0
    adj_train = adj_train + adj_train.T

    return adj_train, train_edges, val_edges, val_edges_false, test_edges, test_edges_false


def preprocess_graph(adj):
    adj_ = adj + np.eye(adj.shape[0])
    rowsum = np.array(adj_.sum(1))
    degree_mat_inv_sqrt = np.diag(np.power(rowsum, -0.5).flatten())
    adj_normalized = adj_.dot(degree_mat_inv_sqrt).transpose().dot(degree_mat_inv_sqrt)
    return sparse_mx_to_torch_sparse_tensor(adj_normalized)


def sparse_mx_to_torch_sparse_tensor(dense):
    """Convert a (dense stand-in for a) scipy sparse matrix to a torch sparse tensor."""
    rows, cols = np.nonzero(dense)
    indices = torch.from_numpy(
        np.vstack((rows, cols)).astype(np.int64))
    values = torch.from_numpy(dense[rows, cols].astype(np.float32))
    shape = torch.Size(dense.shape)
    return torch.sparse.FloatTensor(indices, values, shape)


def get_roc_score(emb, adj_orig, edges_pos, edges_neg):
    def sigmoid(x):
        return 1 / (1 + np.exp(-x))

    adj_rec = np.dot(emb, emb.T)
    preds = []
    pos = []
    for e in edges_pos:
        preds.append(sigmoid(adj_rec[e[0], e[1]]))
        pos.append(adj_orig[e[0], e[1]])

    preds_neg = []
    neg = []
    for e in edges_neg:
        preds_neg.append(sigmoid(adj_rec[e[0], e[1]]))
        neg.append(adj_orig[e[0], e[1]])

    preds_all = np.hstack([preds, preds_neg])
    labels_all = np.hstack([np.ones(len(preds)), np.zeros(len(preds))])
    roc_score = roc_auc_score(labels_all, preds_all)
    ap_score = average_precision_score(labels_all, preds_all)

    return roc_score, ap_score


# ---- gae/train.py ----

parser = argparse.ArgumentParser()
parser.add_argument('--model', type=str, default='gcn_vae', help="models used")
parser.add_argument('--seed', type=int, default=42, help='Random seed.')
parser.add_argument('--epochs', type=int, default=200, help='Number of epochs to train.')
parser.add_argument('--hidden1', type=int, default=32, help='Number of units in hidden layer 1.')
parser.add_argument('--hidden2', type=int, default=16, help='Number of units in hidden layer 2.')
parser.add_argument('--lr', type=float, default=0.01, help='Initial learning rate.')
parser.add_argument('--dropout', type=float, default=0., help='Dropout rate (1 - keep probability).')
parser.add_argument('--dataset-str', type=str, default='cora', help='type of dataset.')

args = parser.parse_args(['--epochs', '40', '--dataset-str', 'two-communities'])


def gae_for(args):
    print("Using {} dataset".format(args.dataset_str))
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    adj, features = load_data()
    n_nodes, feat_dim = features.shape

    # the original adjacency without diagonal entries, for scoring
    adj_orig = adj
    adj_orig = adj_orig - np.diag(adj_orig.diagonal())

    adj_train, train_edges, val_edges, val_edges_false, test_edges, test_edges_false = mask_test_edges(adj)
    adj = adj_train
    print("edges: train", len(train_edges), "val", len(val_edges), "test", len(test_edges),
          "false val/test", len(val_edges_false), len(test_edges_false))

    adj_norm = preprocess_graph(adj)
    adj_label = adj_train + np.eye(adj_train.shape[0])
    adj_label = torch.FloatTensor(adj_label)
    print("adj_norm:", adj_norm.layout, tuple(adj_norm.shape), "nnz", adj_norm._nnz())

    pos_weight = float(adj.shape[0] * adj.shape[0] - adj.sum()) / adj.sum()
    norm = adj.shape[0] * adj.shape[0] / float((adj.shape[0] * adj.shape[0] - adj.sum()) * 2)
    print("pos_weight %.4f norm %.4f" % (pos_weight, norm))

    model = GCNModelVAE(feat_dim, args.hidden1, args.hidden2, args.dropout)
    print(model)
    optimizer = optim.Adam(model.parameters(), lr=args.lr)

    hidden_emb = None
    for epoch in range(args.epochs):
        model.train()
        optimizer.zero_grad()
        recovered, mu, logvar = model(features, adj_norm)
        loss = loss_function(preds=recovered, labels=adj_label,
                             mu=mu, logvar=logvar, n_nodes=n_nodes,
                             norm=norm, pos_weight=pos_weight)
        loss.backward()
        cur_loss = loss.item()
        optimizer.step()

        hidden_emb = mu.data.numpy()
        roc_curr, ap_curr = get_roc_score(hidden_emb, adj_orig, val_edges, val_edges_false)

        if epoch % 5 == 0 or epoch == args.epochs - 1:
            print("Epoch:", '%04d' % (epoch + 1), "train_loss=", "{:.4f}".format(cur_loss),
                  "val_ap=", "{:.4f}".format(ap_curr))

    print("Optimization Finished!")

    roc_score, ap_score = get_roc_score(hidden_emb, adj_orig, test_edges, test_edges_false)
    print('Test ROC score: ' + str(round(roc_score, 4)))
    print('Test AP score: ' + str(round(ap_score, 4)))
    model.eval()
    recovered, mu, logvar = model(features, adj_norm)
    print("eval returns mu:", torch.equal(mu, model.encode(features, adj_norm)[0]))


if __name__ == '__main__':
    gae_for(args)
