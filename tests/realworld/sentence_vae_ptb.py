# Real-program corpus (tests/realworld, see README.md): a sentence VAE (Bowman et al.) in the shape
# of timbmg/Sentence-VAE: a PTB-style dataset that builds its vocabulary with an OrderedCounter
# (`class OrderedCounter(Counter, OrderedDict)`), keeps w2i/i2w through a JSON round trip (so i2w's
# keys are strings, read back with `i2w[str(word_id.item())]`), pads every sentence to a fixed
# length and serves dicts of numpy arrays; a GRU encoder over a packed, length-sorted batch whose
# final hidden state gives mean and log-variance, the reparameterization trick, word dropout
# (decoder inputs replaced by <unk> through a mask built from `(x - sos) * (x - pad) == 0`), a GRU
# decoder over the packed embeddings, pad_packed_sequence and the un-sorting by `torch.sort(sorted_idx)`;
# NLLLoss(ignore_index=pad, reduction='sum') plus a KL term under logistic annealing; then greedy
# generation that prunes finished sequences from the batch (`arange(..., out=self.tensor())`,
# masked_select, `hidden[:, running_seqs]`) and a latent interpolation with np.linspace.
# Origin: timbmg/Sentence-VAE model.py, ptb.py, train.py, inference.py, utils.py
# @ 4e2c7009ff36677c40d0b252400f68a5ea114078.
# Written for Kiln, not copied. Changes: a generated 40-sentence corpus instead of the PTB files and
# nltk's TweetTokenizer (whitespace split); files kept in memory (json.dumps/loads); two epochs at
# embedding/hidden size 16; no tensorboard, checkpoints or timings; GRU only (the origin refuses
# LSTM too).
import json
from collections import Counter, OrderedDict, defaultdict

import numpy as np
import torch
import torch.nn as nn
import torch.nn.utils.rnn as rnn_utils
from torch.utils.data import DataLoader, Dataset

torch.manual_seed(0)
np.random.seed(0)


# ---- utils.py ----
class OrderedCounter(Counter, OrderedDict):
    """Counter that remembers the order elements are first encountered"""

    def __repr__(self):
        return '%s(%r)' % (self.__class__.__name__, OrderedDict(self))

    def __reduce__(self):
        return self.__class__, (OrderedDict(self),)


def idx2word(idx, i2w, pad_idx):
    sent_str = [str()] * len(idx)
    for i, sent in enumerate(idx):
        for word_id in sent:
            if word_id == pad_idx:
                break
            sent_str[i] += i2w[str(word_id.item())] + " "
        sent_str[i] = sent_str[i].strip()
    return sent_str


def interpolate(start, end, steps):
    interpolation = np.zeros((start.shape[0], steps + 2))
    for dim, (s, e) in enumerate(zip(start, end)):
        interpolation[dim] = np.linspace(s, e, steps + 2)
    return interpolation.T


# ---- the corpus (the PTB files) ----
rng = np.random.RandomState(3)
subjects = ["the cat", "a dog", "the market", "an investor", "the company"]
verbs = ["sat on", "bought", "sold", "saw", "watched"]
objects = ["the mat", "a share", "the bank", "two bonds", "a house"]
raw = {split: ["%s %s %s" % (subjects[rng.randint(5)], verbs[rng.randint(5)], objects[rng.randint(5)])
               for _ in range(n)] for split, n in [("train", 40), ("valid", 8)]}
raw["train"].append("the zebra sold a share")  # 'zebra' occurs once: below min_occ


# ---- ptb.py ----
class PTB(Dataset):
    def __init__(self, split, files, max_sequence_length=10, min_occ=2, vocab=None):
        self.split = split
        self.max_sequence_length = max_sequence_length
        self.min_occ = min_occ
        if vocab is None:
            vocab = self._create_vocab(raw[split])
        files["vocab"] = json.dumps(vocab)
        self._load_vocab(files["vocab"])
        files[split] = json.dumps(self._create_data(raw[split]))
        self.data = json.loads(files[split])

    def __len__(self):
        return len(self.data)

    def __getitem__(self, idx):
        idx = str(idx)
        return {
            'input': np.asarray(self.data[idx]['input']),
            'target': np.asarray(self.data[idx]['target']),
            'length': self.data[idx]['length'],
        }

    @property
    def vocab_size(self):
        return len(self.w2i)

    @property
    def pad_idx(self):
        return self.w2i['<pad>']

    @property
    def sos_idx(self):
        return self.w2i['<sos>']

    @property
    def eos_idx(self):
        return self.w2i['<eos>']

    @property
    def unk_idx(self):
        return self.w2i['<unk>']

    def _load_vocab(self, text):
        vocab = json.loads(text)
        self.w2i, self.i2w = vocab['w2i'], vocab['i2w']

    def _create_data(self, lines):
        data = defaultdict(dict)
        for line in lines:
            words = line.split()
            input = ['<sos>'] + words
            input = input[:self.max_sequence_length]
            target = words[:self.max_sequence_length - 1]
            target = target + ['<eos>']
            assert len(input) == len(target), "%i, %i" % (len(input), len(target))
            length = len(input)
            input.extend(['<pad>'] * (self.max_sequence_length - length))
            target.extend(['<pad>'] * (self.max_sequence_length - length))
            input = [self.w2i.get(w, self.w2i['<unk>']) for w in input]
            target = [self.w2i.get(w, self.w2i['<unk>']) for w in target]
            id = len(data)
            data[id]['input'] = input
            data[id]['target'] = target
            data[id]['length'] = length
        return data

    def _create_vocab(self, lines):
        w2c = OrderedCounter()
        w2i = dict()
        i2w = dict()
        special_tokens = ['<pad>', '<unk>', '<sos>', '<eos>']
        for st in special_tokens:
            i2w[len(w2i)] = st
            w2i[st] = len(w2i)
        for line in lines:
            w2c.update(line.split())
        for w, c in w2c.items():
            if c > self.min_occ and w not in special_tokens:
                i2w[len(w2i)] = w
                w2i[w] = len(w2i)
        assert len(w2i) == len(i2w)
        print("Vocablurary of %i keys created." % len(w2i))
        print(list(w2c.items())[:4], w2c.most_common(1))
        return dict(w2i=w2i, i2w=i2w)


# ---- model.py ----
class SentenceVAE(nn.Module):
    def __init__(self, vocab_size, embedding_size, rnn_type, hidden_size, word_dropout, embedding_dropout, latent_size,
                 sos_idx, eos_idx, pad_idx, unk_idx, max_sequence_length, num_layers=1, bidirectional=False):
        super().__init__()
        self.tensor = torch.Tensor
        self.max_sequence_length = max_sequence_length
        self.sos_idx = sos_idx
        self.eos_idx = eos_idx
        self.pad_idx = pad_idx
        self.unk_idx = unk_idx
        self.latent_size = latent_size
        self.rnn_type = rnn_type
        self.bidirectional = bidirectional
        self.num_layers = num_layers
        self.hidden_size = hidden_size
        self.embedding = nn.Embedding(vocab_size, embedding_size)
        self.word_dropout_rate = word_dropout
        self.embedding_dropout = nn.Dropout(p=embedding_dropout)
        if rnn_type == 'rnn':
            rnn = nn.RNN
        elif rnn_type == 'gru':
            rnn = nn.GRU
        else:
            raise ValueError()
        self.encoder_rnn = rnn(embedding_size, hidden_size, num_layers=num_layers, bidirectional=self.bidirectional,
                               batch_first=True)
        self.decoder_rnn = rnn(embedding_size, hidden_size, num_layers=num_layers, bidirectional=self.bidirectional,
                               batch_first=True)
        self.hidden_factor = (2 if bidirectional else 1) * num_layers
        self.hidden2mean = nn.Linear(hidden_size * self.hidden_factor, latent_size)
        self.hidden2logv = nn.Linear(hidden_size * self.hidden_factor, latent_size)
        self.latent2hidden = nn.Linear(latent_size, hidden_size * self.hidden_factor)
        self.outputs2vocab = nn.Linear(hidden_size * (2 if bidirectional else 1), vocab_size)

    def forward(self, input_sequence, length):
        batch_size = input_sequence.size(0)
        sorted_lengths, sorted_idx = torch.sort(length, descending=True)
        input_sequence = input_sequence[sorted_idx]
        # encoder
        input_embedding = self.embedding(input_sequence)
        packed_input = rnn_utils.pack_padded_sequence(input_embedding, sorted_lengths.data.tolist(), batch_first=True)
        _, hidden = self.encoder_rnn(packed_input)
        if self.bidirectional or self.num_layers > 1:
            hidden = hidden.view(batch_size, self.hidden_size * self.hidden_factor)
        else:
            hidden = hidden.squeeze()
        # reparameterization
        mean = self.hidden2mean(hidden)
        logv = self.hidden2logv(hidden)
        std = torch.exp(0.5 * logv)
        z = torch.randn([batch_size, self.latent_size])
        z = z * std + mean
        # decoder
        hidden = self.latent2hidden(z)
        if self.bidirectional or self.num_layers > 1:
            hidden = hidden.view(self.hidden_factor, batch_size, self.hidden_size)
        else:
            hidden = hidden.unsqueeze(0)
        if self.word_dropout_rate > 0:
            # randomly replace decoder inputs with <unk>, never <sos> or <pad>
            prob = torch.rand(input_sequence.size())
            prob[(input_sequence.data - self.sos_idx) * (input_sequence.data - self.pad_idx) == 0] = 1
            decoder_input_sequence = input_sequence.clone()
            decoder_input_sequence[prob < self.word_dropout_rate] = self.unk_idx
            input_embedding = self.embedding(decoder_input_sequence)
        input_embedding = self.embedding_dropout(input_embedding)
        packed_input = rnn_utils.pack_padded_sequence(input_embedding, sorted_lengths.data.tolist(), batch_first=True)
        outputs, _ = self.decoder_rnn(packed_input, hidden)
        padded_outputs = rnn_utils.pad_packed_sequence(outputs, batch_first=True)[0]
        padded_outputs = padded_outputs.contiguous()
        _, reversed_idx = torch.sort(sorted_idx)
        padded_outputs = padded_outputs[reversed_idx]
        b, s, _ = padded_outputs.size()
        logp = nn.functional.log_softmax(self.outputs2vocab(padded_outputs.view(-1, padded_outputs.size(2))), dim=-1)
        logp = logp.view(b, s, self.embedding.num_embeddings)
        return logp, mean, logv, z

    def inference(self, n=4, z=None):
        if z is None:
            batch_size = n
            z = torch.randn([batch_size, self.latent_size])
        else:
            batch_size = z.size(0)
        hidden = self.latent2hidden(z)
        if self.bidirectional or self.num_layers > 1:
            hidden = hidden.view(self.hidden_factor, batch_size, self.hidden_size)
        hidden = hidden.unsqueeze(0)
        sequence_idx = torch.arange(0, batch_size, out=self.tensor()).long()
        sequence_running = torch.arange(0, batch_size, out=self.tensor()).long()
        sequence_mask = torch.ones(batch_size, out=self.tensor()).bool()
        running_seqs = torch.arange(0, batch_size, out=self.tensor()).long()
        generations = self.tensor(batch_size, self.max_sequence_length).fill_(self.pad_idx).long()
        t = 0
        while t < self.max_sequence_length and len(running_seqs) > 0:
            if t == 0:
                input_sequence = torch.Tensor(batch_size).fill_(self.sos_idx).long()
            input_sequence = input_sequence.unsqueeze(1)
            input_embedding = self.embedding(input_sequence)
            output, hidden = self.decoder_rnn(input_embedding, hidden)
            logits = self.outputs2vocab(output)
            input_sequence = self._sample(logits)
            generations = self._save_sample(generations, input_sequence, sequence_running, t)
            sequence_mask[sequence_running] = (input_sequence != self.eos_idx)
            sequence_running = sequence_idx.masked_select(sequence_mask)
            running_mask = (input_sequence != self.eos_idx).data
            running_seqs = running_seqs.masked_select(running_mask)
            if len(running_seqs) > 0:
                input_sequence = input_sequence[running_seqs]
                hidden = hidden[:, running_seqs]
                running_seqs = torch.arange(0, len(running_seqs), out=self.tensor()).long()
            t += 1
        return generations, z

    def _sample(self, dist, mode='greedy'):
        if mode == 'greedy':
            _, sample = torch.topk(dist, 1, dim=-1)
        sample = sample.reshape(-1)
        return sample

    def _save_sample(self, save_to, sample, running_seqs, t):
        running_latest = save_to[running_seqs]
        running_latest[:, t] = sample.data
        save_to[running_seqs] = running_latest
        return save_to


# ---- train.py ----
def kl_anneal_function(anneal_function, step, k, x0):
    if anneal_function == 'logistic':
        return float(1 / (1 + np.exp(-k * (step - x0))))
    elif anneal_function == 'linear':
        return min(1, step / x0)


def main():
    files = {}
    splits = ['train', 'valid']
    datasets = OrderedDict()
    datasets['train'] = PTB('train', files, max_sequence_length=6, min_occ=1)
    datasets['valid'] = PTB('valid', files, max_sequence_length=6, min_occ=1,
                            vocab=json.loads(files['vocab']))
    print(datasets['train'][0])
    params = dict(vocab_size=datasets['train'].vocab_size, sos_idx=datasets['train'].sos_idx,
                  eos_idx=datasets['train'].eos_idx, pad_idx=datasets['train'].pad_idx,
                  unk_idx=datasets['train'].unk_idx, max_sequence_length=6, embedding_size=16, rnn_type='gru',
                  hidden_size=16, word_dropout=0.3, embedding_dropout=0.2, latent_size=4, num_layers=1,
                  bidirectional=False)
    model = SentenceVAE(**params)
    print(model)

    NLL = torch.nn.NLLLoss(ignore_index=datasets['train'].pad_idx, reduction='sum')

    def loss_fn(logp, target, length, mean, logv, anneal_function, step, k, x0):
        target = target[:, :torch.max(length).item()].contiguous().view(-1)
        logp = logp.view(-1, logp.size(2))
        NLL_loss = NLL(logp, target)
        KL_loss = -0.5 * torch.sum(1 + logv - mean.pow(2) - logv.exp())
        KL_weight = kl_anneal_function(anneal_function, step, k, x0)
        return NLL_loss, KL_loss, KL_weight

    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    step = 0
    for epoch in range(2):
        for split in splits:
            data_loader = DataLoader(dataset=datasets[split], batch_size=10, shuffle=split == 'train')
            tracker = defaultdict(list)
            if split == 'train':
                model.train()
            else:
                model.eval()
            for iteration, batch in enumerate(data_loader):
                batch_size = batch['input'].size(0)
                logp, mean, logv, z = model(batch['input'], batch['length'])
                NLL_loss, KL_loss, KL_weight = loss_fn(logp, batch['target'], batch['length'], mean, logv,
                                                       'logistic', step, 0.0025, 2500)
                loss = (NLL_loss + KL_weight * KL_loss) / batch_size
                if split == 'train':
                    optimizer.zero_grad()
                    loss.backward()
                    optimizer.step()
                    step += 1
                tracker['ELBO'].append(loss.item())
                if iteration % 2 == 0 or iteration + 1 == len(data_loader):
                    print("%s Batch %04d/%i, Loss %9.4f, NLL-Loss %9.4f, KL-Loss %9.4f, KL-Weight %6.3f"
                          % (split.upper(), iteration, len(data_loader) - 1, loss.item(), NLL_loss.item() / batch_size,
                             KL_loss.item() / batch_size, KL_weight))
            print("%s Epoch %02d/%i, Mean ELBO %9.4f" % (split.upper(), epoch, 2, np.mean(np.array(tracker['ELBO']))))

    # ---- inference.py ----
    w2i, i2w = datasets['train'].w2i, datasets['train'].i2w
    model.eval()
    with torch.no_grad():
        samples, z = model.inference(n=3)
        print('----------SAMPLES----------')
        print(*idx2word(samples, i2w=i2w, pad_idx=w2i['<pad>']), sep='\n')
        z1 = torch.randn([params['latent_size']]).numpy()
        z2 = torch.randn([params['latent_size']]).numpy()
        z = torch.from_numpy(interpolate(start=z1, end=z2, steps=3)).float()
        print(tuple(z.shape), z.dtype)
        samples, _ = model.inference(z=z)
        print('-------INTERPOLATION-------')
        print(*idx2word(samples, i2w=i2w, pad_idx=w2i['<pad>']), sep='\n')


if __name__ == '__main__':
    main()
