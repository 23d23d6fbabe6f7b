# Real-program corpus (tests/realworld, see README.md): GloVe training as daandouwe/glove writes it --
# model.py (GloVe: one sparse nn.Embedding for the vectors and one of width 1 for the biases, Xavier
# ranges through weight.data.uniform_, the loss mean(weights * (w @ w.t() + b + b.t() - log_x) ** 2)),
# train.py (argparse, seeding torch and np, vocabulary size deciding dense or sparse matrices, SparseAdam
# over model.parameters(), batches of np.random.randint word indices with np.ix_ sub-matrices turned
# into FloatTensors, the running-average log line, the lr /= 4 schedule that rebuilds SparseAdam,
# divmod epoch counting, embeddings through .data.cpu().numpy()) and util.py (write_vectors in gensim's
# text format and load_vectors back with np.vstack; matrices saved by np.savez_compressed and read with
# np.load) @ 7141bd7b13aaeb9cd1c0d9a9502cf70143d3ebbd (model.py, util.py) /
# 4576a7be6a6234e824ff25a41bdabaed0ab240ae (train.py). Changes: the co-occurrence counts (GloVe's
# cooccur tool over text8) computed in NumPy over a generated corpus with 1/distance weighting, dense
# arrays instead of scipy.sparse csr matrices (the dense branch of train.py), in-memory io.BytesIO /
# io.StringIO instead of files, the pairs/sec column and matplotlib left out, 60 updates of batch 16
# with emb_dim 8. Written for Kiln, not copied.
import argparse
import io

import numpy as np
import torch
import torch.nn as nn


class GloVe(nn.Module):
    """Global Vectors."""

    def __init__(self, vocab_size, emb_dim=300, sparse=True):
        super(GloVe, self).__init__()
        self.embedding = nn.Embedding(vocab_size, emb_dim, sparse=sparse)
        self.bias = nn.Embedding(vocab_size, 1, sparse=sparse)
        initrange = (2.0 / (vocab_size + emb_dim)) ** 0.5
        self.embedding.weight.data.uniform_(-initrange, initrange)
        self.bias.weight.data.uniform_(-initrange, initrange)

    def forward(self, indices, log_x, weights):
        w = self.embedding(indices)
        b = self.bias(indices)
        out = w @ torch.t(w) + b + torch.t(b)
        loss = torch.mean(weights * (out - log_x) ** 2)
        return loss


def save_matrix(f, mat):
    np.savez_compressed(f, data=mat, shape=mat.shape)


def load_matrix(f):
    loader = np.load(f)
    return loader['data'].reshape(loader['shape'])


def write_vectors(embeddings, f, dim, i2w, gensim=True):
    if gensim:
        print(f'{len(i2w)} {dim}', file=f)
    for i, word in i2w.items():
        vec = embeddings[i, :]
        print(f'{word} {" ".join([str(round(float(val), 3)) for val in vec])}', file=f)


def load_vectors(f, gensim=True):
    if gensim:
        num_words, dim = f.readline().strip().split()
    w2i, i2w = dict(), dict()
    vecs = []
    for i, line in enumerate(f):
        line = line.strip().split()
        word, vec = line[0], [float(val) for val in line[1:]]
        w2i[word], i2w[i] = i, word
        vec = np.array([vec])
        vecs.append(vec)
    vecs = np.vstack(vecs)
    return vecs, w2i, i2w


def build_cooccurrence(corpus, w2i, window=3, x_max=10.0, alpha=0.75):
    V = len(w2i)
    X = np.zeros((V, V), dtype=np.float64)
    ids = [w2i[w] for w in corpus]
    for i, center in enumerate(ids):
        for d in range(1, window + 1):
            if i + d < len(ids):
                X[center, ids[i + d]] += 1.0 / d
                X[ids[i + d], center] += 1.0 / d
    logX = np.log(X, out=np.zeros_like(X), where=X > 0)
    fX = np.minimum((X / x_max) ** alpha, 1.0)
    return X, logX, fX


parser = argparse.ArgumentParser()
parser.add_argument('--name', type=str, default='text8')
parser.add_argument('--emb-dim', type=int, default=50)
parser.add_argument('--lr', type=float, default=1e-2)
parser.add_argument('--batch-size', type=int, default=512)
parser.add_argument('--num-updates', type=int, default=10000)
parser.add_argument('--print-every', type=int, default=100)
parser.add_argument('--seed', type=int, default=42)
parser.add_argument('--use-schedule', action='store_true')
parser.add_argument('--gensim-format', action='store_true')
args = parser.parse_args(['--emb-dim', '8', '--lr', '0.05', '--batch-size', '16', '--num-updates', '60',
                          '--print-every', '10', '--use-schedule', '--gensim-format'])


def main(args):
    device = torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')
    print('Device:', device)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)

    rng = np.random.RandomState(3)
    groups = [['king', 'queen', 'prince', 'crown', 'throne'], ['dog', 'cat', 'horse', 'barn', 'farm'],
              ['boat', 'river', 'sea', 'fish', 'sail']]
    corpus = []
    for _ in range(300):
        g = groups[rng.randint(len(groups))]
        corpus += list(rng.choice(g, size=4)) + ['the', 'and'][rng.randint(2):][:1]
    vocab = sorted(set(corpus))
    w2i = {w: i for i, w in enumerate(vocab)}
    i2w = {i: w for w, i in w2i.items()}
    vocab_size = len(i2w)
    print(f'Loaded vocabulary of size {vocab_size}.')
    sparse = bool(vocab_size > 20000)

    X, logX_full, fX_full = build_cooccurrence(corpus, w2i)
    print('co-occurrence nonzero', int((X > 0).sum()), 'max %.3f' % X.max())
    buf_l, buf_f = io.BytesIO(), io.BytesIO()
    save_matrix(buf_l, logX_full)
    save_matrix(buf_f, fX_full)
    buf_l.seek(0)
    buf_f.seek(0)
    print('Loading co-occurrence matrices...')
    logX = load_matrix(buf_l)
    print('Loaded logX.', logX.shape, logX.dtype)
    fX = load_matrix(buf_f)
    print('Loaded fX.', np.array_equal(fX, fX_full))
    type = 'sparse' if sparse else 'dense'
    print(f'Using {type} cooccurence matrices during training.')

    model = GloVe(vocab_size=vocab_size, emb_dim=args.emb_dim, sparse=True).to(device)
    optimizer = torch.optim.SparseAdam(model.parameters(), lr=args.lr)
    losses = []
    logs = [['step', 'loss']]
    lr = args.lr
    epoch = 0
    prev_loss = np.inf
    for step in range(1, args.num_updates + 1):
        idx = np.random.randint(0, high=vocab_size, size=(args.batch_size,))
        indices = torch.LongTensor(idx).to(device)
        submat = np.ix_(idx, idx)
        logx = logX[submat]
        weights = fX[submat]
        logx = torch.FloatTensor(logx).to(device)
        weights = torch.FloatTensor(weights).to(device)
        loss = model(indices, logx, weights)
        del indices, logx, weights
        optimizer.zero_grad()
        loss.backward()
        if step == 1:
            g = model.embedding.weight.grad
            print('grad', g.layout, g.is_sparse, tuple(g.shape))
        optimizer.step()
        losses.append(loss.item())
        if step % args.print_every == 0:
            ls = losses[-args.print_every:]
            avg_loss = sum(ls) / args.print_every
            logs.append([step, avg_loss])
            print('| epoch {:4d} | step {:6d} | loss {:.4f} | lr {:.1e}'.format(epoch, step, avg_loss, lr))
            if args.use_schedule:
                if avg_loss >= prev_loss:
                    lr /= 4.0
                    optimizer = torch.optim.SparseAdam(model.parameters(), lr=lr)
                prev_loss = avg_loss
        k, _ = divmod(step * args.batch_size, vocab_size)
        if k > epoch:
            epoch = k
    print('logs', len(logs), logs[0])

    embeddings = model.embedding.weight.data.cpu().numpy()
    out = io.StringIO()
    write_vectors(embeddings, out, args.emb_dim, i2w, gensim=args.gensim_format)
    out.seek(0)
    vecs, w2i_back, i2w_back = load_vectors(out, gensim=True)
    print('vectors', vecs.shape, vecs.dtype, w2i_back == w2i, np.allclose(vecs, embeddings, atol=1e-3))
    unit = embeddings / np.linalg.norm(embeddings, axis=1, keepdims=True)
    sims = unit @ unit.T
    q = w2i['king']
    order = np.argsort(-sims[q])
    print('nearest to king in its group:', i2w[int(order[1])] in groups[0])


main(args)
