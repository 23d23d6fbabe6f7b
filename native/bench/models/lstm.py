# The pytorch/examples word-language-model (word_language_model/model.py's RNNModel with rnn_type
# 'LSTM', written as that file writes it: Embedding encoder, dropout, nn.LSTM(ninp, nhid, nlayers,
# dropout), dropout, Linear decoder, log_softmax) at main.py's defaults: 2 layers, 200 wide
# (emsize = nhid = 200), bptt 35, batch 20, dropout 0.2, vocabulary of Wikitext-2 (33278 tokens).
# The training step is main.py's train(): repackage the hidden state, model.zero_grad(), forward,
# NLLLoss, backward, clip_grad_norm_(0.25), and the plain SGD update p.data.add_(p.grad, alpha=-lr)
# with lr 20; compiled as torch.compile(model).
#
# Sizes: vocabulary 33278, bptt 35, batch 20; --small: vocabulary 1000, bptt 10, batch 4.
#   kiln lstm.py [--small] [--threads N] [--device cpu|cuda]  /  python3 lstm.py ...   (see common.py)
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

import common


class RNNModel(nn.Module):
    """Container module with an encoder, a recurrent module, and a decoder."""

    def __init__(self, rnn_type, ntoken, ninp, nhid, nlayers, dropout=0.5, tie_weights=False):
        super(RNNModel, self).__init__()
        self.ntoken = ntoken
        self.drop = nn.Dropout(dropout)
        self.encoder = nn.Embedding(ntoken, ninp)
        self.rnn = getattr(nn, rnn_type)(ninp, nhid, nlayers, dropout=dropout)
        self.decoder = nn.Linear(nhid, ntoken)
        if tie_weights:
            self.decoder.weight = self.encoder.weight
        self.init_weights()
        self.rnn_type = rnn_type
        self.nhid = nhid
        self.nlayers = nlayers

    def init_weights(self):
        initrange = 0.1
        nn.init.uniform_(self.encoder.weight, -initrange, initrange)
        nn.init.zeros_(self.decoder.bias)
        nn.init.uniform_(self.decoder.weight, -initrange, initrange)

    def forward(self, input, hidden):
        emb = self.drop(self.encoder(input))
        output, hidden = self.rnn(emb, hidden)
        output = self.drop(output)
        decoded = self.decoder(output)
        decoded = decoded.view(-1, self.ntoken)
        return F.log_softmax(decoded, dim=1), hidden

    def init_hidden(self, bsz):
        weight = next(self.parameters())
        return (weight.new_zeros(self.nlayers, bsz, self.nhid),
                weight.new_zeros(self.nlayers, bsz, self.nhid))


def repackage_hidden(h):
    """Wraps hidden states in new Tensors, to detach them from their history."""
    if isinstance(h, torch.Tensor):
        return h.detach()
    else:
        return tuple(repackage_hidden(v) for v in h)


def main():
    opts = common.setup(sys.argv)
    dev = opts["device"]
    ntokens, bptt, batch = (1000, 10, 4) if opts["small"] else (33278, 35, 20)
    emsize, nhid, nlayers, dropout, lr, clip = 200, 200, 2, 0.2, 20.0, 0.25
    torch.manual_seed(1)
    data = torch.randint(ntokens, (bptt, batch)).to(dev)
    targets = torch.randint(ntokens, (bptt * batch,)).to(dev)

    def make_train(compiled, mode):
        torch.manual_seed(0)
        model = RNNModel("LSTM", ntokens, emsize, nhid, nlayers, dropout).to(dev)
        criterion = nn.NLLLoss()
        f = torch.compile(model, mode=mode) if compiled else model
        state = [model.init_hidden(batch)]

        def step():
            hidden = repackage_hidden(state[0])
            model.zero_grad()
            output, hidden = f(data, hidden)
            state[0] = hidden
            loss = criterion(output, targets)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
            for p in model.parameters():
                p.data.add_(p.grad, alpha=-lr)
            return loss.detach()

        return step, model, lambda: model(data, model.init_hidden(batch))

    label = "2x%d_bptt%d_b%d_vocab%d" % (nhid, bptt, batch, ntokens)
    common.guarded(opts, "lstm", "train", lambda: common.run_train(opts, "lstm", "train_sgd_" + label, make_train, True))


main()
