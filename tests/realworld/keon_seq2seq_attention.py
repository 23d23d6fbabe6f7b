# Real-program corpus (tests/realworld, see README.md): keon/seq2seq, a GRU encoder-decoder with
# Bahdanau-style attention for German-English translation: a bidirectional 2-layer GRU encoder whose
# two directions are summed, an Attention module scoring `hidden.repeat(T, 1, 1).transpose(0, 1)`
# against the encoder outputs through a Linear and a learned vector `v` (bmm), `F.softmax` and
# `F.log_softmax` called without dim (the implicit-dimension rule and its UserWarning), a decoder GRU
# over [embedding, context], teacher forcing drawn from `random.random()`, `to_onehot` through
# `torch.FloatTensor(b, v).zero_().scatter_`, `autograd.Variable` wrappers, nll_loss with
# ignore_index=PAD over `output[1:].reshape(-1, V)`, clip_grad_norm_, Adam with ReduceLROnPlateau, the
# early-stopping loop and the state_dict checkpoint per improving epoch.
# Origin: keon/seq2seq model.py @ 10aab14de6c1a8e1c81721a41bc1194017190fe8, train.py @
# 10565a9afdb68445879de324b00a9db4db809509 (utils.py's torchtext/spaCy IWSLT loader @ 10aab14d).
# Changes: the `.cuda()` calls of model.py's CUDA-only version are dropped (train.py's get_device picks
# the CPU here); IWSLT through torchtext and spaCy is replaced by a seeded synthetic "translation" task
# (target = source tokens reversed and shifted by a vocabulary offset) batched [T, B] like a
# BucketIterator, with a tiny Field-like vocab; hidden 32, embed 16, 3 epochs of 6 batches; the
# periodic print fires every 2 batches instead of 100; checkpoints go to a BytesIO; prints rounded.
import io
import math
import random
import warnings
import argparse

import torch
from torch import nn
from torch import optim
from torch.autograd import Variable
from torch.nn.utils import clip_grad_norm_
import torch.nn.functional as F


# ---- model.py ----

class Encoder(nn.Module):
    def __init__(self, input_size, embed_size, hidden_size,
                 n_layers=1, dropout=0.5):
        super(Encoder, self).__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.embed_size = embed_size
        self.embed = nn.Embedding(input_size, embed_size)
        self.gru = nn.GRU(embed_size, hidden_size, n_layers,
                          dropout=dropout, bidirectional=True)

    def forward(self, src, hidden=None):
        embedded = self.embed(src)
        outputs, hidden = self.gru(embedded, hidden)
        # the two directions are summed, not concatenated
        outputs = (outputs[:, :, :self.hidden_size] +
                   outputs[:, :, self.hidden_size:])
        return outputs, hidden


class Attention(nn.Module):
    def __init__(self, hidden_size):
        super(Attention, self).__init__()
        self.hidden_size = hidden_size
        self.attn = nn.Linear(self.hidden_size * 2, hidden_size)
        self.v = nn.Parameter(torch.rand(hidden_size))
        stdv = 1. / math.sqrt(self.v.size(0))
        self.v.data.uniform_(-stdv, stdv)

    def forward(self, hidden, encoder_outputs):
        timestep = encoder_outputs.size(0)
        batch_size = encoder_outputs.size(1)
        attn_energies = Variable(torch.zeros(batch_size, timestep))
        H = hidden.repeat(timestep, 1, 1).transpose(0, 1)
        encoder_outputs = encoder_outputs.transpose(0, 1)  # [B*T*H]
        attn_energies = self.score(H, encoder_outputs)
        return F.softmax(attn_energies).unsqueeze(1)

    def score(self, hidden, encoder_outputs):
        # [B*T*2H]->[B*T*H]
        energy = self.attn(torch.cat([hidden, encoder_outputs], 2))
        energy = energy.transpose(1, 2)  # [B*H*T]
        v = self.v.repeat(encoder_outputs.size(0), 1).unsqueeze(1)  # [B*1*H]
        energy = torch.bmm(v, energy)  # [B*1*T]
        return energy.squeeze(1)  # [B*T]


class Decoder(nn.Module):
    def __init__(self, embed_size, hidden_size, output_size,
                 n_layers=1, dropout=0.2):
        super(Decoder, self).__init__()
        self.embed_size = embed_size
        self.hidden_size = hidden_size
        self.output_size = output_size
        self.n_layers = n_layers

        self.embed = nn.Embedding(output_size, embed_size)
        self.dropout = nn.Dropout(dropout)
        self.attention = Attention(hidden_size)
        self.gru = nn.GRU(hidden_size + embed_size, hidden_size,
                          n_layers, dropout=dropout)
        self.out = nn.Linear(hidden_size * 2, output_size)

    def forward(self, input, last_hidden, encoder_outputs):
        # (1,B,N)
        embedded = self.embed(input).view(1, input.data.shape[0], -1)
        embedded = self.dropout(embedded)
        attn_weights = self.attention(last_hidden[-1], encoder_outputs)
        # (B,1,N)
        context = attn_weights.bmm(encoder_outputs.transpose(0, 1))
        context = context.transpose(0, 1)  # (1,B,N)
        rnn_input = torch.cat([embedded, context], 2)
        output, hidden = self.gru(rnn_input, last_hidden)
        output = output.squeeze(0)  # (1,B,N) -> (B,N)
        context = context.squeeze(0)
        output = F.log_softmax(self.out(torch.cat([output, context], 1)))
        return output, hidden, attn_weights


class Seq2Seq(nn.Module):
    def __init__(self, encoder, decoder):
        super(Seq2Seq, self).__init__()
        self.encoder = encoder
        self.decoder = decoder

    def forward(self, src, trg=None, teacher_forcing_ratio=0.5):
        batch_size = src.size(1)
        max_len = trg.size(0)
        vocab_size = self.decoder.output_size
        outputs = Variable(torch.zeros(max_len, batch_size, vocab_size))

        encoder_output, hidden = self.encoder(src)
        hidden = hidden[:self.decoder.n_layers]
        output = Variable(trg.data[0, :])  # sos
        outputs[0] = to_onehot(output, vocab_size)
        for t in range(1, len(trg)):
            output, hidden, attn_weights = self.decoder(
                    output, hidden, encoder_output)
            outputs[t] = output
            is_teacher = random.random() < teacher_forcing_ratio
            output = output.data.topk(1)[1].squeeze()
            output = Variable(trg.data[t] if is_teacher else output)
        return outputs


def to_onehot(orig, vocab_size):
    batch_size = orig.size(0)
    onehot = torch.FloatTensor(batch_size, vocab_size).zero_()
    onehot.scatter_(1, orig.data.cpu().unsqueeze(1), 1)
    return onehot


# ---- utils.py (a synthetic stand-in for the torchtext IWSLT pipeline) ----

PAD = 1


class Field:
    """The parts of torchtext's Field the training script reads: a vocab and len()."""
    def __init__(self, size):
        self.itos = ['<unk>', '<pad>', '<sos>', '<eos>'] + ['w%d' % i for i in range(size - 4)]
        self.stoi = {s: i for i, s in enumerate(self.itos)}

    def __len__(self):
        return len(self.itos)


def make_batches(n_batches, batch_size, de_size, en_size, gen):
    batches = []
    for _ in range(n_batches):
        length = int(torch.randint(4, 7, (1,), generator=gen))
        body = torch.randint(4, de_size, (length, batch_size), generator=gen)
        src = torch.cat([torch.full((1, batch_size), 2), body, torch.full((1, batch_size), 3)])
        tgt_body = (body.flip(0) - 4) % (en_size - 4) + 4
        # pad the tail of some target columns, as a bucketed batch of uneven sentences would be
        trg = torch.cat([torch.full((1, batch_size), 2), tgt_body, torch.full((1, batch_size), 3)])
        for b in range(0, batch_size, 3):
            trg[-2:, b] = PAD
        batches.append((src, trg))
    return batches


def load_dataset(batch_size):
    gen = torch.Generator().manual_seed(7)
    DE, EN = Field(20), Field(18)
    train_iter = make_batches(6, batch_size, len(DE), len(EN), gen)
    val_iter = make_batches(2, batch_size, len(DE), len(EN), gen)
    test_iter = make_batches(2, batch_size, len(DE), len(EN), gen)
    return train_iter, val_iter, test_iter, DE, EN


# ---- train.py ----

def parse_arguments():
    p = argparse.ArgumentParser(description='Hyperparams')
    p.add_argument('-epochs', type=int, default=100,
                   help='number of epochs for train')
    p.add_argument('-batch_size', type=int, default=32,
                   help='batch size for training')
    p.add_argument('-lr', type=float, default=1e-4,
                   help='initial learning rate')
    p.add_argument('-grad_clip', type=float, default=10.0,
                   help='gradient clip norm')
    p.add_argument('-hidden_size', type=int, default=512,
                   help='RNN hidden size')
    p.add_argument('-embed_size', type=int, default=256,
                   help='token embedding size')
    p.add_argument('-patience', type=int, default=5,
                   help='early-stop after N epochs without val-loss improvement')
    return p.parse_args(['-epochs', '3', '-batch_size', '6', '-lr', '3e-3',
                         '-hidden_size', '32', '-embed_size', '16', '-patience', '2'])


def get_device():
    if torch.cuda.is_available():
        return torch.device('cuda')
    if torch.backends.mps.is_available():
        return torch.device('mps')
    return torch.device('cpu')


def step_loss(model, src, trg, vocab_size, teacher_forcing_ratio):
    output = model(src, trg, teacher_forcing_ratio=teacher_forcing_ratio)
    return F.nll_loss(output[1:].reshape(-1, vocab_size),
                      trg[1:].reshape(-1), ignore_index=PAD)


def evaluate(model, val_iter, vocab_size, device):
    model.eval()
    total_loss = 0
    with torch.no_grad():
        for src, trg in val_iter:
            src, trg = src.to(device), trg.to(device)
            total_loss += step_loss(model, src, trg, vocab_size, 0.0).item()
    return total_loss / len(val_iter)


def train(model, optimizer, train_iter, vocab_size, grad_clip, device):
    model.train()
    total_loss = 0
    for b, (src, trg) in enumerate(train_iter):
        src, trg = src.to(device), trg.to(device)
        optimizer.zero_grad()
        loss = step_loss(model, src, trg, vocab_size, 0.5)
        loss.backward()
        gn = clip_grad_norm_(model.parameters(), grad_clip)
        optimizer.step()
        total_loss += loss.item()
        if b % 2 == 0 and b != 0:
            print("[%d][loss:%5.2f][pp:%5.2f]" %
                  (b, total_loss / 2, math.exp(total_loss / 2)))
            total_loss = 0


def main():
    args = parse_arguments()
    device = get_device()
    print(f"[!] device: {device}")

    print("[!] preparing dataset...")
    train_iter, val_iter, test_iter, DE, EN = load_dataset(args.batch_size)
    de_size, en_size = len(DE), len(EN)
    print(f"[TRAIN]:{len(train_iter)}\t[TEST]:{len(test_iter)}")
    print(f"[DE_vocab]:{de_size} [EN_vocab]:{en_size}")

    print("[!] Instantiating models...")
    encoder = Encoder(de_size, args.embed_size, args.hidden_size,
                      n_layers=2, dropout=0.5)
    decoder = Decoder(args.embed_size, args.hidden_size, en_size,
                      n_layers=1, dropout=0.5)
    seq2seq = Seq2Seq(encoder, decoder).to(device)
    optimizer = optim.Adam(seq2seq.parameters(), lr=args.lr)
    scheduler = optim.lr_scheduler.ReduceLROnPlateau(optimizer, factor=0.5, patience=2)
    print(seq2seq)

    saved = {}
    best_val_loss, no_improve = None, 0
    for e in range(1, args.epochs + 1):
        train(seq2seq, optimizer, train_iter, en_size, args.grad_clip, device)
        val_loss = evaluate(seq2seq, val_iter, en_size, device)
        scheduler.step(val_loss)
        print("[Epoch:%d] val_loss:%5.3f | val_pp:%5.2f"
              % (e, val_loss, math.exp(val_loss)))
        if best_val_loss is None or val_loss < best_val_loss:
            print("[!] saving model...")
            buf = io.BytesIO()
            torch.save(seq2seq.state_dict(), buf)
            saved[f'./.save/seq2seq_{e}.pt'] = buf.getvalue()
            best_val_loss, no_improve = val_loss, 0
        else:
            no_improve += 1
            if no_improve >= args.patience:
                print(f"[!] early stop after {e} epochs (no val improvement for {args.patience})")
                break
    test_loss = evaluate(seq2seq, test_iter, en_size, device)
    print("[TEST] loss:%5.2f" % test_loss)
    print("checkpoints:", sorted(saved))
    last = sorted(saved)[-1]
    state = torch.load(io.BytesIO(saved[last]))
    print("reloaded tensors:", len(state), "first:", next(iter(state)), tuple(state['encoder.embed.weight'].shape))


if __name__ == "__main__":
    torch.manual_seed(0)
    random.seed(0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            main()
        except KeyboardInterrupt as e:
            print("[STOP]", e)
    msgs = sorted({str(w.message).split('.')[0] for w in caught})
    for m in msgs:
        print("warning:", m)
