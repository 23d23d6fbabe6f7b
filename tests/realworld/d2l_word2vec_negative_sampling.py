# Real-program corpus (tests/realworld, see README.md): Dive into Deep Learning's word2vec chapter in
# its own shape -- d2l-ai/d2l-en chapter_natural-language-processing-pretraining/
# word-embedding-dataset.md @ 9dedeb2d57549b36d7300321ac263c9079747299 (d2l.Vocab with min_freq and
# to_tokens, subsample's keep() with random.uniform and math.sqrt(5e-2 / counter[token] * num_tokens),
# compare_counts, get_centers_and_contexts with random window sizes and indices.remove(i), the
# RandomGenerator that caches random.choices(population, weights, k=10000), get_negatives with
# counter ** 0.75 weights, batchify into padded contexts_negatives + masks + labels, a Dataset class
# defined inside load_data_ptb and a DataLoader with collate_fn=batchify), word2vec-pretraining.md @
# b9483ae9ef0302dc5afa84fb5af33f07cca648b9 (skip_gram through bmm of the two embeddings, SigmoidBCELoss
# over binary_cross_entropy_with_logits(weight=mask, reduction="none"), the mask-normalised loss,
# nn.Sequential of two Embeddings initialised by net.apply(init_weights) with xavier_uniform_, an
# Accumulator, get_similar_tokens through torch.mv and topk) and similarity-analogy.md @
# 23b8046af4f516d3e59ddfe9f0577c4d984c0cfa (knn by cosine and get_analogy on the learned vectors).
# Changes: a generated 1,900-token corpus instead of downloading PTB (so the subsampling threshold is
# 5e-2 instead of 1e-4, scaled to the corpus); min_freq 3, max_window_size 3,
# 3 negatives, embed_size 16, batch 128, 2 epochs, lr 0.01; the Animator/Timer replaced by per-epoch
# prints; similar tokens printed without their scores' digits beyond 3. Written for Kiln, not copied.
import collections
import math
import random

import torch
from torch import nn

random.seed(0)
torch.manual_seed(0)


class Vocab:
    """Vocabulary for text."""

    def __init__(self, tokens=[], min_freq=0, reserved_tokens=[]):
        if tokens and isinstance(tokens[0], list):
            tokens = [token for line in tokens for token in line]
        counter = collections.Counter(tokens)
        self.token_freqs = sorted(counter.items(), key=lambda x: x[1], reverse=True)
        self.idx_to_token = list(sorted(set(['<unk>'] + reserved_tokens + [
            token for token, freq in self.token_freqs if freq >= min_freq])))
        self.token_to_idx = {token: idx for idx, token in enumerate(self.idx_to_token)}

    def __len__(self):
        return len(self.idx_to_token)

    def __getitem__(self, tokens):
        if not isinstance(tokens, (list, tuple)):
            return self.token_to_idx.get(tokens, self.unk)
        return [self.__getitem__(token) for token in tokens]

    def to_tokens(self, indices):
        if hasattr(indices, '__len__') and len(indices) > 1:
            return [self.idx_to_token[int(index)] for index in indices]
        return self.idx_to_token[indices]

    @property
    def unk(self):
        return self.token_to_idx['<unk>']


class Accumulator:
    def __init__(self, n):
        self.data = [0.0] * n

    def add(self, *args):
        self.data = [a + float(b) for a, b in zip(self.data, args)]

    def __getitem__(self, idx):
        return self.data[idx]


def read_ptb():
    # a stand-in for the PTB download: sentences from a tiny grammar with a few rare words
    animals = ['cat', 'dog', 'horse', 'bird', 'fish']
    foods = ['bread', 'milk', 'apple', 'rice']
    places = ['house', 'garden', 'river', 'market']
    lines = []
    for _ in range(330):
        kind = random.random()
        if kind < 0.4:
            line = ['the', random.choice(animals), 'eats', random.choice(foods)]
        elif kind < 0.8:
            line = ['a', random.choice(animals), 'runs', 'to', 'the', random.choice(places)]
        else:
            line = ['we', 'buy', random.choice(foods), 'at', 'the', random.choice(places)]
        if random.random() < 0.05:
            line.append('zyx%d' % random.randint(0, 9))
        lines.append(' '.join(line))
    return [line.split() for line in lines]


sentences = read_ptb()
print(f'# sentences: {len(sentences)}')
vocab = Vocab(sentences, min_freq=3)
print(f'vocab size: {len(vocab)}')


def subsample(sentences, vocab):
    sentences = [[token for token in line if vocab[token] != vocab.unk] for line in sentences]
    counter = collections.Counter([token for line in sentences for token in line])
    num_tokens = sum(counter.values())

    def keep(token):
        return (random.uniform(0, 1) < math.sqrt(5e-2 / counter[token] * num_tokens))

    return ([[token for token in line if keep(token)] for line in sentences], counter)


subsampled, counter = subsample(sentences, vocab)


def compare_counts(token):
    return (f'# of "{token}": '
            f'before={sum([l.count(token) for l in sentences])}, '
            f'after={sum([l.count(token) for l in subsampled])}')


print(compare_counts('the'))
print(compare_counts('horse'))
corpus = [vocab[line] for line in subsampled]
print(corpus[:3])


def get_centers_and_contexts(corpus, max_window_size):
    centers, contexts = [], []
    for line in corpus:
        if len(line) < 2:
            continue
        centers += line
        for i in range(len(line)):
            window_size = random.randint(1, max_window_size)
            indices = list(range(max(0, i - window_size), min(len(line), i + 1 + window_size)))
            indices.remove(i)
            contexts.append([line[idx] for idx in indices])
    return centers, contexts


tiny_dataset = [list(range(7)), list(range(7, 10))]
print('dataset', tiny_dataset)
for center, context in zip(*get_centers_and_contexts(tiny_dataset, 2)):
    print('center', center, 'has contexts', context)

all_centers, all_contexts = get_centers_and_contexts(corpus, 3)
print(f'# center-context pairs: {sum([len(contexts) for contexts in all_contexts])}')


class RandomGenerator:
    """Randomly draw among {1, ..., n} according to n sampling weights."""

    def __init__(self, sampling_weights):
        self.population = list(range(1, len(sampling_weights) + 1))
        self.sampling_weights = sampling_weights
        self.candidates = []
        self.i = 0

    def draw(self):
        if self.i == len(self.candidates):
            self.candidates = random.choices(self.population, self.sampling_weights, k=10000)
            self.i = 0
        self.i += 1
        return self.candidates[self.i - 1]


generator = RandomGenerator([2, 3, 4])
print([generator.draw() for _ in range(10)])


def get_negatives(all_contexts, vocab, counter, K):
    sampling_weights = [counter[vocab.to_tokens(i)] ** 0.75 for i in range(1, len(vocab))]
    all_negatives, generator = [], RandomGenerator(sampling_weights)
    for contexts in all_contexts:
        negatives = []
        while len(negatives) < len(contexts) * K:
            neg = generator.draw()
            if neg not in contexts:
                negatives.append(neg)
        all_negatives.append(negatives)
    return all_negatives


all_negatives = get_negatives(all_contexts, vocab, counter, 3)


def batchify(data):
    max_len = max(len(c) + len(n) for _, c, n in data)
    centers, contexts_negatives, masks, labels = [], [], [], []
    for center, context, negative in data:
        cur_len = len(context) + len(negative)
        centers += [center]
        contexts_negatives += [context + negative + [0] * (max_len - cur_len)]
        masks += [[1] * cur_len + [0] * (max_len - cur_len)]
        labels += [[1] * len(context) + [0] * (max_len - len(context))]
    return (torch.tensor(centers).reshape((-1, 1)), torch.tensor(contexts_negatives), torch.tensor(masks),
            torch.tensor(labels))


x_1 = (1, [2, 2], [3, 3, 3, 3])
x_2 = (1, [2, 2, 2], [3, 3])
batch = batchify((x_1, x_2))
names = ['centers', 'contexts_negatives', 'masks', 'labels']
for name, data in zip(names, batch):
    print(name, '=', data)


def load_data_ptb(batch_size, max_window_size, num_noise_words):
    class PTBDataset(torch.utils.data.Dataset):
        def __init__(self, centers, contexts, negatives):
            assert len(centers) == len(contexts) == len(negatives)
            self.centers = centers
            self.contexts = contexts
            self.negatives = negatives

        def __getitem__(self, index):
            return (self.centers[index], self.contexts[index], self.negatives[index])

        def __len__(self):
            return len(self.centers)

    dataset = PTBDataset(all_centers, all_contexts, all_negatives)
    data_iter = torch.utils.data.DataLoader(dataset, batch_size, shuffle=True, collate_fn=batchify,
                                            num_workers=0)
    return data_iter, vocab


batch_size, max_window_size, num_noise_words = 128, 3, 3
data_iter, vocab = load_data_ptb(batch_size, max_window_size, num_noise_words)
for batch in data_iter:
    for name, data in zip(names, batch):
        print(name, 'shape:', data.shape)
    break

embed = nn.Embedding(num_embeddings=20, embedding_dim=4)
print(f'Parameter embedding_weight ({embed.weight.shape}, dtype={embed.weight.dtype})')
x = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(embed(x).shape)


def skip_gram(center, contexts_and_negatives, embed_v, embed_u):
    v = embed_v(center)
    u = embed_u(contexts_and_negatives)
    pred = torch.bmm(v, u.permute(0, 2, 1))
    return pred


print(skip_gram(torch.ones((2, 1), dtype=torch.long), torch.ones((2, 4), dtype=torch.long), embed, embed).shape)


class SigmoidBCELoss(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, inputs, target, mask=None):
        out = nn.functional.binary_cross_entropy_with_logits(inputs, target, weight=mask, reduction="none")
        return out.mean(dim=1)


loss = SigmoidBCELoss()
pred = torch.tensor([[1.1, -2.2, 3.3, -4.4]] * 2)
label = torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]])
mask = torch.tensor([[1, 1, 1, 1], [1, 1, 0, 0]])
print([round(v, 4) for v in (loss(pred, label, mask) * mask.shape[1] / mask.sum(axis=1)).tolist()])


def sigmd(x):
    return -math.log(1 / (1 + math.exp(-x)))


print(f'{(sigmd(1.1) + sigmd(2.2) + sigmd(-3.3) + sigmd(4.4)) / 4:.4f}')
print(f'{(sigmd(-1.1) + sigmd(-2.2)) / 2:.4f}')

embed_size = 16
net = nn.Sequential(nn.Embedding(num_embeddings=len(vocab), embedding_dim=embed_size),
                    nn.Embedding(num_embeddings=len(vocab), embedding_dim=embed_size))


def train(net, data_iter, lr, num_epochs, device='cpu'):
    def init_weights(module):
        if type(module) == nn.Embedding:
            nn.init.xavier_uniform_(module.weight)
    net.apply(init_weights)
    net = net.to(device)
    optimizer = torch.optim.Adam(net.parameters(), lr=lr)
    for epoch in range(num_epochs):
        metric = Accumulator(2)
        for i, batch in enumerate(data_iter):
            optimizer.zero_grad()
            center, context_negative, mask, label = [data.to(device) for data in batch]
            pred = skip_gram(center, context_negative, net[0], net[1])
            l = (loss(pred.reshape(label.shape).float(), label.float(), mask) / mask.sum(axis=1) * mask.shape[1])
            l.sum().backward()
            optimizer.step()
            metric.add(l.sum(), l.numel())
        print(f'epoch {epoch + 1}, loss {metric[0] / metric[1]:.3f}')


lr, num_epochs = 0.01, 2
train(net, data_iter, lr, num_epochs)


def get_similar_tokens(query_token, k, embed):
    W = embed.weight.data
    x = W[vocab[query_token]]
    cos = torch.mv(W, x) / torch.sqrt(torch.sum(W * W, dim=1) * torch.sum(x * x) + 1e-9)
    topk = torch.topk(cos, k=k + 1)[1].cpu().numpy().astype('int32')
    for i in topk[1:]:
        print(f'cosine sim={float(cos[i]):.3f}: {vocab.to_tokens(i)}')


get_similar_tokens('cat', 3, net[0])


def knn(W, x, k):
    cos = torch.mv(W, x.reshape(-1,)) / (torch.sqrt(torch.sum(W * W, axis=1) + 1e-9) * torch.sqrt((x * x).sum()))
    _, topk = torch.topk(cos, k=k)
    return topk, [cos[int(i)] for i in topk]


def get_analogy(token_a, token_b, token_c, embed):
    vecs = embed.weight.data[vocab[[token_a, token_b, token_c]]]
    x = vecs[1] - vecs[0] + vecs[2]
    topk, cos = knn(embed.weight.data, x, 1)
    return vocab.to_tokens(int(topk[0]))


print('analogy type', type(get_analogy('cat', 'dog', 'horse', net[0])).__name__)
print(vocab.to_tokens([1, 2, 3]), vocab.to_tokens(4), vocab['zzz'] == vocab.unk)
