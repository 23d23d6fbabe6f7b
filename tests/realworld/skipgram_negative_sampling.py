# Real-program corpus (tests/realworld, see README.md): word2vec skip-gram with negative sampling as
# lukysummer/SkipGram_with_NegativeSampling_Pytorch writes it -- SkipGram_NegativeSampling.py and
# utils.py: punctuation tokens and rare-word removal in preprocess, Counter-sorted lookup tables,
# Mikolov subsampling with p_drop from np.sqrt and random.random(), get_targets with a random window
# R = random.randint(1, 5), a generator of (inputs, targets) batches, SkipGram_NegSample_Model (two
# Embeddings initialised by weight.data.uniform_(-1, 1), forward_noise through torch.multinomial(
# input=, num_samples=, replacement=True) over a unigram**0.75 noise distribution made with numpy),
# the bmm log-sigmoid loss module, Adam, and the cosine-similarity validation with random.sample of
# common/uncommon words, topk(6) and "word | neighbours" lines @ cf00fbd1edd6e8ab721eb36b1c4c785078b05e33.
# Changes: a generated 2,400-word corpus instead of text8; a validation range of
# 8 + 8 words at (0, 8) and (12, 20) instead of 100 at (0, 100) and (1000, 1100); embedding 16,
# batch 64, 2 epochs, print_every 10; `device = 'cuda' if torch.cuda.is_available else 'cpu'`
# (always 'cuda': the function is not called) as is_available(); the t-SNE plot left out. Written for
# Kiln, not copied.
import random
from collections import Counter

import numpy as np
import torch
from torch import nn, optim


def preprocess(text):
    text = text.lower()
    text = text.replace('.', ' <PERIOD> ')
    text = text.replace(',', ' <COMMA> ')
    text = text.replace('"', ' <QUOTATION_MARK> ')
    text = text.replace(';', ' <SEMICOLON> ')
    text = text.replace('!', ' <EXCLAMATION_MARK> ')
    text = text.replace('?', ' <QUESTION_MARK> ')
    words = text.split()
    word_counts = Counter(words)
    trimmed_words = [word for word in words if word_counts[word] > 5]
    return trimmed_words


def create_lookup_tables(words):
    word_counts = Counter(words)
    sorted_vocab = sorted(word_counts, key=word_counts.get, reverse=True)
    int_to_vocab = {ii: word for ii, word in enumerate(sorted_vocab)}
    vocab_to_int = {word: ii for ii, word in int_to_vocab.items()}
    return vocab_to_int, int_to_vocab


random.seed(7)
np.random.seed(7)
torch.manual_seed(7)
subjects = ['the king', 'the queen', 'a man', 'a woman', 'the prince', 'the princess', 'a boy', 'a girl']
verbs = ['rules', 'sees', 'loves', 'visits', 'guards', 'finds']
objects = ['the castle', 'the kingdom', 'a horse', 'the river', 'the forest', 'a sword', 'the crown']
endings = ['.', '.', '!', ',', '?']
sentences = []
while sum(len(s.split()) for s in sentences) < 2400:
    sentences.append('{} {} {}{}'.format(random.choice(subjects), random.choice(verbs), random.choice(objects),
                                         random.choice(endings)))
text = ' '.join(sentences) + ' rareword'

words = preprocess(text)
print('words', len(words), 'unique', len(set(words)), words[:8])
vocab_to_int, int_to_vocab = create_lookup_tables(words)
int_words = [vocab_to_int[word] for word in words]
print('vocab', len(vocab_to_int), [int_to_vocab[i] for i in range(5)])

freq = Counter(int_words)
threshold = 1e-5
p_drop = {word: 1 - np.sqrt(threshold / (freq[word]) / len(int_words)) for word in freq}
train_words = [word for word in int_words if p_drop[word] < (1 - random.random())]
print('subsampled', len(train_words), type(p_drop[0]).__name__)


def get_targets(words, idx, window_size=5):
    R = random.randint(1, 5)
    start = max(0, idx - R)
    end = min(idx + R, len(words) - 1)
    targets = words[start:idx] + words[idx + 1:end + 1]
    return targets


def get_batches(words, batch_size, window_size=5):
    for i in range(0, len(words), batch_size):
        curr = words[i:i + batch_size]
        batch_x, batch_y = [], []
        for ii in range(len(curr)):
            x = [curr[ii]]
            y = get_targets(curr, ii)
            batch_x.extend(x * len(y))
            batch_y.extend(y)
        yield batch_x, batch_y


device = 'cuda' if torch.cuda.is_available() else 'cpu'


def cosine_similarity(embedding, n_valid_words=16, valid_window=8):
    all_embeddings = embedding.weight
    magnitudes = all_embeddings.pow(2).sum(dim=1).sqrt().unsqueeze(0)
    valid_words = random.sample(range(valid_window), n_valid_words // 2) + \
        random.sample(range(12, 12 + valid_window), n_valid_words // 2)
    valid_words = torch.LongTensor(np.array(valid_words)).to(device)
    valid_embeddings = embedding(valid_words)
    similarities = torch.mm(valid_embeddings, all_embeddings.t()) / magnitudes
    return valid_words, similarities


class SkipGram_NegSample_Model(nn.Module):
    def __init__(self, n_vocab, n_embed, noise_dist=None):
        super().__init__()
        self.n_vocab = n_vocab
        self.n_embed = n_embed
        self.noise_dist = noise_dist
        self.in_embed = nn.Embedding(n_vocab, n_embed)
        self.out_embed = nn.Embedding(n_vocab, n_embed)
        self.in_embed.weight.data.uniform_(-1, 1)
        self.out_embed.weight.data.uniform_(-1, 1)

    def forward_input(self, input_words):
        return self.in_embed(input_words)

    def forward_target(self, output_words):
        return self.out_embed(output_words)

    def forward_noise(self, batch_size, n_samples=5):
        if self.noise_dist is None:
            noise_dist = torch.ones(self.n_vocab)
        else:
            noise_dist = self.noise_dist
        noise_words = torch.multinomial(input=noise_dist, num_samples=batch_size * n_samples,
                                        replacement=True)
        noise_words = noise_words.to(device)
        noise_vectors = self.out_embed(noise_words).view(batch_size, n_samples, self.n_embed)
        return noise_vectors


class SkipGram_NegSample_Loss(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, input_vectors, output_vectors, noise_vectors):
        batch_size, embed_size = input_vectors.shape
        input_vectors = input_vectors.view(batch_size, embed_size, 1)
        output_vectors = output_vectors.view(batch_size, 1, embed_size)
        out_loss = torch.bmm(output_vectors, input_vectors).sigmoid().log().squeeze()
        noise_loss = torch.bmm(noise_vectors.neg(), input_vectors).sigmoid().log()
        noise_loss = noise_loss.squeeze().sum(1)
        return -(out_loss + noise_loss).mean()


freq_ratio = {word: count / len(vocab_to_int) for word, count in freq.items()}
freq_ratio = np.array(sorted(freq_ratio.values(), reverse=True))
unigram_dist = freq_ratio / freq_ratio.sum()
noise_dist = torch.from_numpy(unigram_dist ** 0.75 / np.sum(unigram_dist ** 0.75))
print('noise_dist', noise_dist.dtype, tuple(noise_dist.shape), '%.4f' % noise_dist[0].item())

embedding_dim = 16
model = SkipGram_NegSample_Model(len(vocab_to_int), embedding_dim, noise_dist)
criterion = SkipGram_NegSample_Loss()
optimizer = optim.Adam(model.parameters(), lr=0.01)


def train_skipgram(model, criterion, optimizer, int_words, n_negative_samples=5, batch_size=512,
                   n_epochs=5, print_every=1500):
    model.to(device)
    step = 0
    for epoch in range(n_epochs):
        for inputs, targets in get_batches(int_words, batch_size=batch_size):
            step += 1
            inputs = torch.LongTensor(inputs).to(device)
            targets = torch.LongTensor(targets).to(device)
            embedded_input_words = model.forward_input(inputs)
            embedded_target_words = model.forward_target(targets)
            embedded_noise_words = model.forward_noise(batch_size=inputs.shape[0],
                                                       n_samples=n_negative_samples)
            loss = criterion(embedded_input_words, embedded_target_words, embedded_noise_words)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if (step % print_every) == 0:
                print("Epoch: {}/{}".format((epoch + 1), n_epochs))
                print("Loss: {:.4f}".format(loss.item()))
                valid_idxs, similarities = cosine_similarity(model.in_embed)
                _, closest_idxs = similarities.topk(6)
                valid_idxs, closest_idxs = valid_idxs.to('cpu'), closest_idxs.to('cpu')
                for ii, v_idx in enumerate(valid_idxs[:4]):
                    closest_words = [int_to_vocab[idx.item()] for idx in closest_idxs[ii]][1:]
                    print(int_to_vocab[v_idx.item()] + " | " + str(len(closest_words)))
                print("...")
    return step


steps = train_skipgram(model, criterion, optimizer, int_words, n_negative_samples=5, batch_size=64,
                       n_epochs=2, print_every=10)
print('steps', steps)
with torch.no_grad():
    emb = model.in_embed.weight
    normed = emb / emb.norm(dim=1, keepdim=True)
    sims = normed @ normed.t()
    print('self similarity', torch.allclose(sims.diagonal(), torch.ones(len(vocab_to_int)), atol=1e-5))
    print('embedding table', tuple(emb.shape), emb.dtype)
