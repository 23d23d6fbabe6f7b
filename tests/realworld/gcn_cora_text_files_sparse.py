# Real-program corpus (tests/realworld, see README.md): pytorch/examples gcn/main.py @
# 77f55b912142e11fcfdf5b530231fb9c52f181e8 run on its own data path: load_cora reads the Cora text
# files with np.genfromtxt (cora.content as np.dtype(str): paper id, binary word features, class
# name; cora.cites as np.int32), builds torch.FloatTensor features scaled by a sparse diagonal
# (torch.diag(...).to_sparse() @ features), labels from np.unique(return_inverse=True), the edge list
# through an id map, a sparse COO adjacency (torch.sparse_coo_tensor), the renormalization
# D^-1/2 (A + I) D^-1/2 with sparse products, then GraphConv layers with torch.spmm, train/val/test
# masks from randperm, Adam with weight decay and NLLLoss. Written for Kiln, not copied.
# Changes from the origin: a random 60-node Cora-format graph written into a temporary directory
# instead of the requests download of cora.tgz; split 20/10/30 instead of 1000/500/rest; 12 epochs,
# val every 3; no timing in the epoch line; outputs rounded.
import argparse
import os
import tempfile

import numpy as np
import torch
from torch import nn
import torch.nn.functional as F
from torch.optim import Adam


class GraphConv(nn.Module):
    """Graph Convolutional Layer: H' = f(D^(-1/2) * A * D^(-1/2) * H * W)."""
    def __init__(self, input_dim, output_dim, use_bias=False):
        super(GraphConv, self).__init__()

        self.kernel = nn.Parameter(torch.Tensor(input_dim, output_dim))
        nn.init.xavier_normal_(self.kernel)  # Initialize the weights using Xavier initialization

        self.bias = None
        if use_bias:
            self.bias = nn.Parameter(torch.Tensor(output_dim))
            nn.init.zeros_(self.bias)  # Initialize the bias to zeros

    def forward(self, input_tensor, adj_mat):
        support = torch.mm(input_tensor, self.kernel)  # Matrix multiplication between input and weight matrix
        output = torch.spmm(adj_mat, support)  # Sparse matrix multiplication between adjacency matrix and support
        if self.bias is not None:
            output = output + self.bias

        return output


class GCN(nn.Module):
    """Two stacked graph convolutions, ReLU and dropout between them, log-softmax outputs."""
    def __init__(self, input_dim, hidden_dim, output_dim, use_bias=True, dropout_p=0.1):
        super(GCN, self).__init__()

        self.gc1 = GraphConv(input_dim, hidden_dim, use_bias=use_bias)
        self.gc2 = GraphConv(hidden_dim, output_dim, use_bias=use_bias)

        self.dropout = nn.Dropout(dropout_p)

    def forward(self, input_tensor, adj_mat):
        x = self.gc1(input_tensor, adj_mat)
        x = F.relu(x)  # Apply ReLU activation function
        x = self.dropout(x)  # Apply dropout regularization

        x = self.gc2(x, adj_mat)

        return F.log_softmax(x, dim=1)


def load_cora(path='./cora', device='cpu'):
    # Set the paths to the data files
    content_path = os.path.join(path, 'cora.content')
    cites_path = os.path.join(path, 'cora.cites')

    # Load data from files
    content_tensor = np.genfromtxt(content_path, dtype=np.dtype(str))
    cites_tensor = np.genfromtxt(cites_path, dtype=np.int32)

    # Process features
    features = torch.FloatTensor(content_tensor[:, 1:-1].astype(np.int32))  # Extract feature values
    scale_vector = torch.sum(features, dim=1)  # Compute sum of features for each node
    scale_vector = 1 / scale_vector  # Compute reciprocal of the sums
    scale_vector[scale_vector == float('inf')] = 0  # Handle division by zero cases
    scale_vector = torch.diag(scale_vector).to_sparse()  # Convert the scale vector to a sparse diagonal matrix
    features = scale_vector @ features  # Scale the features using the scale vector

    # Process labels
    classes, labels = np.unique(content_tensor[:, -1], return_inverse=True)  # Extract unique classes and map labels to indices
    labels = torch.LongTensor(labels)  # Convert labels to a tensor

    # Process adjacency matrix
    idx = content_tensor[:, 0].astype(np.int32)  # Extract node indices
    idx_map = {id: pos for pos, id in enumerate(idx)}  # Create a dictionary to map indices to positions

    # Map node indices to positions in the adjacency matrix
    edges = np.array(
        list(map(lambda edge: [idx_map[edge[0]], idx_map[edge[1]]],
            cites_tensor)), dtype=np.int32)

    V = len(idx)  # Number of nodes
    E = edges.shape[0]  # Number of edges
    adj_mat = torch.sparse_coo_tensor(edges.T, torch.ones(E), (V, V), dtype=torch.int64)  # Create the initial adjacency matrix as a sparse tensor
    adj_mat = torch.eye(V) + adj_mat  # Add self-loops to the adjacency matrix

    degree_mat = torch.sum(adj_mat, dim=1)  # Compute the sum of each row in the adjacency matrix (degree matrix)
    degree_mat = torch.sqrt(1 / degree_mat)  # Compute the reciprocal square root of the degrees
    degree_mat[degree_mat == float('inf')] = 0  # Handle division by zero cases
    degree_mat = torch.diag(degree_mat).to_sparse()  # Convert the degree matrix to a sparse diagonal matrix

    adj_mat = degree_mat @ adj_mat @ degree_mat  # Apply the renormalization trick

    print('classes:', classes.tolist(), 'nodes:', V, 'edges:', E, 'features:', tuple(features.shape))
    return features.to_sparse().to(device), labels.to(device), adj_mat.to_sparse().to(device)


def train_iter(epoch, model, optimizer, criterion, input, target, mask_train, mask_val, print_every=10):
    model.train()
    optimizer.zero_grad()

    # Forward pass
    output = model(*input)
    loss = criterion(output[mask_train], target[mask_train])  # Compute the loss using the training mask

    loss.backward()
    optimizer.step()

    # Evaluate the model performance on training and validation sets
    loss_train, acc_train = test(model, criterion, input, target, mask_train)
    loss_val, acc_val = test(model, criterion, input, target, mask_val)

    if epoch % print_every == 0:
        # Print the training progress at specified intervals
        print(f'Epoch: {epoch:04d} loss_train: {loss_train:.4f} acc_train: {acc_train:.4f} loss_val: {loss_val:.4f} acc_val: {acc_val:.4f}')


def test(model, criterion, input, target, mask):
    model.eval()
    with torch.no_grad():
        output = model(*input)
        output, target = output[mask], target[mask]

        loss = criterion(output, target)
        acc = (output.argmax(dim=1) == target).float().sum() / len(target)
    return loss.item(), acc.item()


def write_cora(path, n_nodes=60, n_feats=12, n_edges=150):
    # A random graph in Cora's file format: "id<TAB>f1 ... fN<TAB>label" and "cited<TAB>citing"
    rs = np.random.RandomState(7)
    os.makedirs(path)
    ids = rs.permutation(5000)[:n_nodes] + 35
    names = ['Neural_Networks', 'Rule_Learning', 'Theory']
    with open(os.path.join(path, 'cora.content'), 'w') as f:
        for i in range(n_nodes):
            label = rs.randint(3)
            feats = (rs.rand(n_feats) < 0.15 + 0.2 * (np.arange(n_feats) % 3 == label)).astype(int)
            f.write(str(ids[i]) + '\t' + '\t'.join(str(v) for v in feats) + '\t' + names[label] + '\n')
    with open(os.path.join(path, 'cora.cites'), 'w') as f:
        for _ in range(n_edges):
            a, b = rs.randint(n_nodes, size=2)
            f.write('%d\t%d\n' % (ids[a], ids[b]))


if __name__ == '__main__':
    parser = argparse.ArgumentParser(description='PyTorch Graph Convolutional Network')
    parser.add_argument('--epochs', type=int, default=200,
                        help='number of epochs to train (default: 200)')
    parser.add_argument('--lr', type=float, default=0.01,
                        help='learning rate (default: 0.01)')
    parser.add_argument('--l2', type=float, default=5e-4,
                        help='weight decay (default: 5e-4)')
    parser.add_argument('--dropout-p', type=float, default=0.5,
                        help='dropout probability (default: 0.5)')
    parser.add_argument('--hidden-dim', type=int, default=16,
                        help='dimension of the hidden representation (default: 16)')
    parser.add_argument('--val-every', type=int, default=20,
                        help='epochs to wait for print training and validation evaluation (default: 20)')
    parser.add_argument('--include-bias', action='store_true',
                        help='use bias term in convolutions (default: False)')
    parser.add_argument('--no-accel', action='store_true',
                        help='disables accelerator')
    parser.add_argument('--dry-run', action='store_true',
                        help='quickly check a single pass')
    parser.add_argument('--seed', type=int, default=42, metavar='S',
                        help='random seed (default: 42)')
    args = parser.parse_args(['--epochs', '12', '--val-every', '3', '--include-bias', '--no-accel'])

    torch.manual_seed(args.seed)
    device = torch.device('cpu')
    print(f'Using {device} device')

    cora_dir = os.path.join(tempfile.mkdtemp(), 'cora')
    write_cora(cora_dir)
    print('Loading dataset...')
    features, labels, adj_mat = load_cora(path=cora_dir, device=device)
    print(features.layout, adj_mat.layout, adj_mat._nnz(), round(adj_mat.to_dense().sum().item(), 4))
    idx = torch.randperm(len(labels)).to(device)
    idx_test, idx_val, idx_train = idx[:30], idx[30:40], idx[40:]

    gcn = GCN(features.shape[1], args.hidden_dim, labels.max().item() + 1, args.include_bias, args.dropout_p).to(device)
    optimizer = Adam(gcn.parameters(), lr=args.lr, weight_decay=args.l2)
    criterion = nn.NLLLoss()

    for epoch in range(args.epochs):
        train_iter(epoch + 1, gcn, optimizer, criterion, (features, adj_mat), labels, idx_train, idx_val, args.val_every)
        if args.dry_run:
            break

    loss_test, acc_test = test(gcn, criterion, (features, adj_mat), labels, idx_test)
    print(f'Test set results: loss {loss_test:.4f} accuracy {acc_test:.4f}')
