# Real-program corpus (tests/realworld, see README.md): a word-level language model (Embedding ->
# multi-layer LSTM/GRU -> Linear with tied weights), truncated BPTT with detached hidden states,
# clip_grad_norm_, a hand-written SGD step and learning-rate annealing, and the best model kept with
# torch.save/torch.load: the workflow of pytorch/examples word_language_model (main.py, data.py,
# model.py) @ 77f55b912142e11fcfdf5b530231fb9c52f181e8. Written for Kiln, not copied; a tiny inline
# corpus read through io.StringIO.
import io
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

TRAIN = "the cat sat on the mat\nthe dog sat on the log\na cat and a dog\n" * 4
VALID = "the dog sat on the mat\na cat sat on a log\n"


class Dictionary:
    def __init__(self):
        self.word2idx = {}
        self.idx2word = []

    def add_word(self, word):
        if word not in self.word2idx:
            self.idx2word.append(word)
            self.word2idx[word] = len(self.idx2word) - 1
        return self.word2idx[word]

    def __len__(self):
        return len(self.idx2word)


class Corpus:
    def __init__(self, train, valid):
        self.dictionary = Dictionary()
        self.train = self.tokenize(train)
        self.valid = self.tokenize(valid)

    def tokenize(self, text):
        idss = []
        for line in io.StringIO(text):
            words = line.split() + ['<eos>']
            idss.append(torch.tensor([self.dictionary.add_word(w) for w in words], dtype=torch.int64))
        return torch.cat(idss)


class RNNModel(nn.Module):
    def __init__(self, rnn_type, ntoken, ninp, nhid, nlayers, dropout=0.5, tie_weights=False):
        super().__init__()
        self.ntoken = ntoken
        self.drop = nn.Dropout(dropout)
        self.encoder = nn.Embedding(ntoken, ninp)
        if rnn_type in ['LSTM', 'GRU']:
            self.rnn = getattr(nn, rnn_type)(ninp, nhid, nlayers, dropout=dropout)
        else:
            try:
                nonlinearity = {'RNN_TANH': 'tanh', 'RNN_RELU': 'relu'}[rnn_type]
            except KeyError as e:
                raise ValueError("An invalid option for `--model` was supplied") from e
            self.rnn = nn.RNN(ninp, nhid, nlayers, nonlinearity=nonlinearity, dropout=dropout)
        self.decoder = nn.Linear(nhid, ntoken)
        if tie_weights:
            if nhid != ninp:
                raise ValueError('When using the tied flag, nhid must be equal to emsize')
            self.decoder.weight = self.encoder.weight
        self.init_weights()
        self.rnn_type = rnn_type
        self.nhid = nhid
        self.nlayers = nlayers

    def init_weights(self):
        nn.init.uniform_(self.encoder.weight, -0.1, 0.1)
        nn.init.zeros_(self.decoder.bias)
        nn.init.uniform_(self.decoder.weight, -0.1, 0.1)

    def forward(self, input, hidden):
        emb = self.drop(self.encoder(input))
        output, hidden = self.rnn(emb, hidden)
        decoded = self.decoder(self.drop(output)).view(-1, self.ntoken)
        return F.log_softmax(decoded, dim=1), hidden

    def init_hidden(self, bsz):
        weight = next(self.parameters())
        if self.rnn_type == 'LSTM':
            return (weight.new_zeros(self.nlayers, bsz, self.nhid),
                    weight.new_zeros(self.nlayers, bsz, self.nhid))
        return weight.new_zeros(self.nlayers, bsz, self.nhid)


def batchify(data, bsz):
    nbatch = data.size(0) // bsz
    data = data.narrow(0, 0, nbatch * bsz)
    return data.view(bsz, -1).t().contiguous()


def repackage_hidden(h):
    if isinstance(h, torch.Tensor):
        return h.detach()
    return tuple(repackage_hidden(v) for v in h)


def get_batch(source, i, bptt=5):
    seq_len = min(bptt, len(source) - 1 - i)
    return source[i:i + seq_len], source[i + 1:i + 1 + seq_len].view(-1)


def run(rnn_type, tied):
    torch.manual_seed(1111)
    corpus = Corpus(TRAIN, VALID)
    ntokens = len(corpus.dictionary)
    train_data, val_data = batchify(corpus.train, 4), batchify(corpus.valid, 2)
    model = RNNModel(rnn_type, ntokens, 16, 16, 2, dropout=0.2, tie_weights=tied)
    criterion = nn.NLLLoss()
    print(rnn_type, ntokens, tuple(train_data.shape), sum(p.numel() for p in model.parameters()))

    def evaluate(data_source):
        model.eval()
        total_loss = 0.
        hidden = model.init_hidden(2)
        with torch.no_grad():
            for i in range(0, data_source.size(0) - 1, 5):
                data, targets = get_batch(data_source, i)
                output, hidden = model(data, hidden)
                hidden = repackage_hidden(hidden)
                total_loss += len(data) * criterion(output, targets).item()
        return total_loss / (len(data_source) - 1)

    lr, best_val_loss, saved = 20.0, None, io.BytesIO()
    for epoch in range(1, 4):
        model.train()
        hidden = model.init_hidden(4)
        total_loss = 0.
        for batch, i in enumerate(range(0, train_data.size(0) - 1, 5)):
            data, targets = get_batch(train_data, i)
            model.zero_grad()
            hidden = repackage_hidden(hidden)
            output, hidden = model(data, hidden)
            loss = criterion(output, targets)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 0.25)
            for p in model.parameters():
                p.data.add_(p.grad, alpha=-lr)
            total_loss += loss.item()
        val_loss = evaluate(val_data)
        print('| end of epoch {:3d} | lr {:5.2f} | train loss {:5.2f} | valid loss {:5.2f} | valid ppl {:8.2f}'.format(
            epoch, lr, total_loss / (batch + 1), val_loss, math.exp(val_loss)))
        if not best_val_loss or val_loss < best_val_loss:
            saved = io.BytesIO()
            torch.save(model.state_dict(), saved)
            best_val_loss = val_loss
        else:
            lr /= 4.0
    saved.seek(0)
    model.load_state_dict(torch.load(saved))
    print('best valid loss {:5.2f}, reloaded {:5.2f}'.format(best_val_loss, evaluate(val_data)))


run('LSTM', tied=True)
run('GRU', tied=False)
try:
    RNNModel('LSTMX', 10, 4, 4, 1)
except ValueError as e:
    print(type(e).__name__, e, type(e.__cause__).__name__)
