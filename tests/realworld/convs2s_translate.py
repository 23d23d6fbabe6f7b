# Real-program corpus (tests/realworld, see README.md): the shape of bentrevett/pytorch-seq2seq's
# "5 - Convolutional Sequence to Sequence Learning" notebook (legacy/, @ b3cd54c7), Gehring et al.'s
# ConvS2S. It exercises a Field/Vocab-style pipeline (tokenize, lower, <sos>/<eos>, min_freq vocab
# with stoi/itos, padded batch_first batches), token + learned position embeddings, Conv1d blocks with
# F.glu and residuals scaled by torch.sqrt(torch.FloatTensor([0.5])), the decoder's causal left
# padding built by torch.zeros(...).fill_(pad_idx) and torch.cat, dot-product attention through
# permute/matmul/softmax, teacher-forced training with CrossEntropyLoss(ignore_index) and
# clip_grad_norm_, epoch timing helpers, best-model torch.save/load, greedy translate_sentence with
# output.argmax(2)[:, -1].item(), and a corpus BLEU over n-gram Counters. Changes: a tiny synthetic
# German/English corpus instead of Multi30k (no spacy/torchtext), small sizes, a few epochs, the
# checkpoint in a temporary directory, printed attention shapes instead of plots, no times printed.
# Written for Kiln, not copied.
import math
import os
import random
import tempfile
import time
from collections import Counter

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

SEED = 1234
random.seed(SEED)
np.random.seed(SEED)
torch.manual_seed(SEED)
torch.backends.cudnn.deterministic = True


# --- data: what Field / BucketIterator provided ---------------------------------------------------------
class Vocab:
    def __init__(self, counter, specials, min_freq):
        words = sorted((w for w, c in counter.items() if c >= min_freq and w not in specials),
                       key=lambda w: (-counter[w], w))
        self.itos = list(specials) + words
        self.stoi = {w: i for i, w in enumerate(self.itos)}

    def __len__(self):
        return len(self.itos)


class Field:
    def __init__(self, init_token='<sos>', eos_token='<eos>', lower=True, pad_token='<pad>', unk_token='<unk>'):
        self.init_token, self.eos_token, self.lower = init_token, eos_token, lower
        self.pad_token, self.unk_token = pad_token, unk_token

    def tokenize(self, text):
        toks = text.split()
        return [t.lower() for t in toks] if self.lower else toks

    def build_vocab(self, sentences, min_freq=1):
        counter = Counter(tok for s in sentences for tok in s)
        self.vocab = Vocab(counter, [self.unk_token, self.pad_token, self.init_token, self.eos_token], min_freq)

    def numericalize(self, batch):
        seqs = [[self.init_token] + s + [self.eos_token] for s in batch]
        n = max(len(s) for s in seqs)
        unk = self.vocab.stoi[self.unk_token]
        ids = [[self.vocab.stoi.get(t, unk) for t in s] + [self.vocab.stoi[self.pad_token]] * (n - len(s)) for s in seqs]
        return torch.tensor(ids, dtype=torch.long)


DE = "ein eine zwei drei mann frau hund kind junge spielt läuft sitzt auf dem im park straße ball wasser roten".split()
EN = "a an two three man woman dog child boy plays runs sits on the in park street ball water red".split()
D2E = dict(zip(DE, EN))


def make_pairs(n, rng):
    pairs = []
    for _ in range(n):
        src = [rng.choice(DE) for _ in range(rng.randint(3, 7))]
        pairs.append((" ".join(src).capitalize(), " ".join(D2E[w] for w in src)))
    return pairs


rng = random.Random(SEED)
SRC, TRG = Field(), Field()
train_pairs, valid_pairs, test_pairs = make_pairs(96, rng), make_pairs(16, rng), make_pairs(16, rng)
train_data = [(SRC.tokenize(s), TRG.tokenize(t)) for s, t in train_pairs]
valid_data = [(SRC.tokenize(s), TRG.tokenize(t)) for s, t in valid_pairs]
test_data = [(SRC.tokenize(s), TRG.tokenize(t)) for s, t in test_pairs]
SRC.build_vocab([s for s, _ in train_data], min_freq=2)
TRG.build_vocab([t for _, t in train_data], min_freq=2)
print(f"Unique tokens in source (de) vocabulary: {len(SRC.vocab)}")
print(f"Unique tokens in target (en) vocabulary: {len(TRG.vocab)}")


class Batch:
    def __init__(self, examples):
        self.src = SRC.numericalize([s for s, _ in examples])
        self.trg = TRG.numericalize([t for _, t in examples])


def iterator(data, batch_size):
    return [Batch(data[i:i + batch_size]) for i in range(0, len(data), batch_size)]


BATCH_SIZE = 16
train_iterator, valid_iterator, test_iterator = (iterator(d, BATCH_SIZE) for d in (train_data, valid_data, test_data))
device = torch.device('cpu')


# --- the model ------------------------------------------------------------------------------------------
class Encoder(nn.Module):
    def __init__(self, input_dim, emb_dim, hid_dim, n_layers, kernel_size, dropout, device, max_length=100):
        super().__init__()
        assert kernel_size % 2 == 1, "Kernel size must be odd!"
        self.device = device
        self.scale = torch.sqrt(torch.FloatTensor([0.5])).to(device)
        self.tok_embedding = nn.Embedding(input_dim, emb_dim)
        self.pos_embedding = nn.Embedding(max_length, emb_dim)
        self.emb2hid = nn.Linear(emb_dim, hid_dim)
        self.hid2emb = nn.Linear(hid_dim, emb_dim)
        self.convs = nn.ModuleList([nn.Conv1d(in_channels=hid_dim, out_channels=2 * hid_dim, kernel_size=kernel_size,
                                              padding=(kernel_size - 1) // 2) for _ in range(n_layers)])
        self.dropout = nn.Dropout(dropout)

    def forward(self, src):
        batch_size, src_len = src.shape[0], src.shape[1]
        pos = torch.arange(0, src_len).unsqueeze(0).repeat(batch_size, 1).to(self.device)
        embedded = self.dropout(self.tok_embedding(src) + self.pos_embedding(pos))
        conv_input = self.emb2hid(embedded).permute(0, 2, 1)
        for conv in self.convs:
            conved = F.glu(conv(self.dropout(conv_input)), dim=1)
            conved = (conved + conv_input) * self.scale
            conv_input = conved
        conved = self.hid2emb(conved.permute(0, 2, 1))
        combined = (conved + embedded) * self.scale
        return conved, combined


class Decoder(nn.Module):
    def __init__(self, output_dim, emb_dim, hid_dim, n_layers, kernel_size, dropout, trg_pad_idx, device,
                 max_length=100):
        super().__init__()
        self.kernel_size = kernel_size
        self.trg_pad_idx = trg_pad_idx
        self.device = device
        self.scale = torch.sqrt(torch.FloatTensor([0.5])).to(device)
        self.tok_embedding = nn.Embedding(output_dim, emb_dim)
        self.pos_embedding = nn.Embedding(max_length, emb_dim)
        self.emb2hid = nn.Linear(emb_dim, hid_dim)
        self.hid2emb = nn.Linear(hid_dim, emb_dim)
        self.attn_hid2emb = nn.Linear(hid_dim, emb_dim)
        self.attn_emb2hid = nn.Linear(emb_dim, hid_dim)
        self.fc_out = nn.Linear(emb_dim, output_dim)
        self.convs = nn.ModuleList([nn.Conv1d(in_channels=hid_dim, out_channels=2 * hid_dim, kernel_size=kernel_size)
                                    for _ in range(n_layers)])
        self.dropout = nn.Dropout(dropout)

    def calculate_attention(self, embedded, conved, encoder_conved, encoder_combined):
        combined = (self.attn_hid2emb(conved.permute(0, 2, 1)) + embedded) * self.scale
        energy = torch.matmul(combined, encoder_conved.permute(0, 2, 1))
        attention = F.softmax(energy, dim=2)
        attended_encoding = self.attn_emb2hid(torch.matmul(attention, encoder_combined))
        attended_combined = (conved + attended_encoding.permute(0, 2, 1)) * self.scale
        return attention, attended_combined

    def forward(self, trg, encoder_conved, encoder_combined):
        batch_size, trg_len = trg.shape[0], trg.shape[1]
        pos = torch.arange(0, trg_len).unsqueeze(0).repeat(batch_size, 1).to(self.device)
        embedded = self.dropout(self.tok_embedding(trg) + self.pos_embedding(pos))
        conv_input = self.emb2hid(embedded).permute(0, 2, 1)
        hid_dim = conv_input.shape[1]
        for conv in self.convs:
            conv_input = self.dropout(conv_input)
            # causal: pad on the left only, with the pad index's value, so no position sees the future
            padding = torch.zeros(batch_size, hid_dim, self.kernel_size - 1).fill_(self.trg_pad_idx).to(self.device)
            conved = F.glu(conv(torch.cat((padding, conv_input), dim=2)), dim=1)
            attention, conved = self.calculate_attention(embedded, conved, encoder_conved, encoder_combined)
            conved = (conved + conv_input) * self.scale
            conv_input = conved
        output = self.fc_out(self.dropout(self.hid2emb(conved.permute(0, 2, 1))))
        return output, attention


class Seq2Seq(nn.Module):
    def __init__(self, encoder, decoder):
        super().__init__()
        self.encoder = encoder
        self.decoder = decoder

    def forward(self, src, trg):
        encoder_conved, encoder_combined = self.encoder(src)
        return self.decoder(trg, encoder_conved, encoder_combined)


INPUT_DIM, OUTPUT_DIM = len(SRC.vocab), len(TRG.vocab)
EMB_DIM, HID_DIM, ENC_LAYERS, DEC_LAYERS = 16, 32, 2, 2
ENC_KERNEL_SIZE, DEC_KERNEL_SIZE = 3, 3
ENC_DROPOUT = DEC_DROPOUT = 0.25
TRG_PAD_IDX = TRG.vocab.stoi[TRG.pad_token]
enc = Encoder(INPUT_DIM, EMB_DIM, HID_DIM, ENC_LAYERS, ENC_KERNEL_SIZE, ENC_DROPOUT, device)
dec = Decoder(OUTPUT_DIM, EMB_DIM, HID_DIM, DEC_LAYERS, DEC_KERNEL_SIZE, DEC_DROPOUT, TRG_PAD_IDX, device)
model = Seq2Seq(enc, dec).to(device)


def count_parameters(model):
    return sum(p.numel() for p in model.parameters() if p.requires_grad)


print(f'The model has {count_parameters(model):,} trainable parameters')
optimizer = optim.Adam(model.parameters(), lr=3e-3)
criterion = nn.CrossEntropyLoss(ignore_index=TRG_PAD_IDX)


def train(model, iterator, optimizer, criterion, clip):
    model.train()
    epoch_loss = 0
    for i, batch in enumerate(iterator):
        src, trg = batch.src, batch.trg
        optimizer.zero_grad()
        output, _ = model(src, trg[:, :-1])
        output_dim = output.shape[-1]
        output = output.contiguous().view(-1, output_dim)
        trg = trg[:, 1:].contiguous().view(-1)
        loss = criterion(output, trg)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
        optimizer.step()
        epoch_loss += loss.item()
    return epoch_loss / len(iterator)


def evaluate(model, iterator, criterion):
    model.eval()
    epoch_loss = 0
    with torch.no_grad():
        for i, batch in enumerate(iterator):
            output, _ = model(batch.src, batch.trg[:, :-1])
            output_dim = output.shape[-1]
            loss = criterion(output.contiguous().view(-1, output_dim), batch.trg[:, 1:].contiguous().view(-1))
            epoch_loss += loss.item()
    return epoch_loss / len(iterator)


def epoch_time(start_time, end_time):
    elapsed_time = end_time - start_time
    elapsed_mins = int(elapsed_time / 60)
    return elapsed_mins, int(elapsed_time - (elapsed_mins * 60))


N_EPOCHS = 6
CLIP = 0.1
best_valid_loss = float('inf')
ckpt = os.path.join(tempfile.mkdtemp(), 'tut5-model.pt')
for epoch in range(N_EPOCHS):
    start_time = time.time()
    train_loss = train(model, train_iterator, optimizer, criterion, CLIP)
    valid_loss = evaluate(model, valid_iterator, criterion)
    epoch_mins, epoch_secs = epoch_time(start_time, time.time())
    if valid_loss < best_valid_loss:
        best_valid_loss = valid_loss
        torch.save(model.state_dict(), ckpt)
    print(f'Epoch: {epoch + 1:02}')
    print(f'\tTrain Loss: {train_loss:.3f} | Train PPL: {math.exp(train_loss):7.3f}')
    print(f'\t Val. Loss: {valid_loss:.3f} |  Val. PPL: {math.exp(valid_loss):7.3f}')

model.load_state_dict(torch.load(ckpt))
test_loss = evaluate(model, test_iterator, criterion)
print(f'| Test Loss: {test_loss:.3f} | Test PPL: {math.exp(test_loss):7.3f} |')


def translate_sentence(sentence, src_field, trg_field, model, device, max_len=12):
    model.eval()
    tokens = src_field.tokenize(sentence) if isinstance(sentence, str) else [t.lower() for t in sentence]
    tokens = [src_field.init_token] + tokens + [src_field.eos_token]
    unk = src_field.vocab.stoi[src_field.unk_token]
    src_tensor = torch.LongTensor([src_field.vocab.stoi.get(t, unk) for t in tokens]).unsqueeze(0).to(device)
    with torch.no_grad():
        encoder_conved, encoder_combined = model.encoder(src_tensor)
    trg_indexes = [trg_field.vocab.stoi[trg_field.init_token]]
    for i in range(max_len):
        trg_tensor = torch.LongTensor(trg_indexes).unsqueeze(0).to(device)
        with torch.no_grad():
            output, attention = model.decoder(trg_tensor, encoder_conved, encoder_combined)
        pred_token = output.argmax(2)[:, -1].item()
        trg_indexes.append(pred_token)
        if pred_token == trg_field.vocab.stoi[trg_field.eos_token]:
            break
    trg_tokens = [trg_field.vocab.itos[i] for i in trg_indexes]
    return trg_tokens[1:], attention


for src, trg in (train_data[2], valid_data[2], test_data[4]):
    translation, attention = translate_sentence(src, SRC, TRG, model, device)
    print(f'src = {src}')
    print(f'trg = {trg}')
    print(f'predicted trg = {translation}')
    print('attention', tuple(attention.shape), f'{attention.squeeze(0).sum(-1).mean().item():.4f}')


def bleu_score(candidate_corpus, references_corpus, max_n=4, weights=(0.25,) * 4):
    clipped, total, c_len, r_len = [0] * max_n, [0] * max_n, 0, 0
    for cand, refs in zip(candidate_corpus, references_corpus):
        c_len += len(cand)
        r_len += min((abs(len(r) - len(cand)), len(r)) for r in refs)[1]
        for n in range(1, max_n + 1):
            cn = Counter(tuple(cand[i:i + n]) for i in range(len(cand) - n + 1))
            ref_max = Counter()
            for r in refs:
                ref_max |= Counter(tuple(r[i:i + n]) for i in range(len(r) - n + 1))
            clipped[n - 1] += sum((cn & ref_max).values())
            total[n - 1] += sum(cn.values())
    if min(clipped) == 0:
        return 0.0
    log_p = sum(w * math.log(c / t) for w, c, t in zip(weights, clipped, total))
    bp = 1.0 if c_len > r_len else math.exp(1 - r_len / c_len)
    return bp * math.exp(log_p)


trgs, pred_trgs = [], []
for src, trg in test_data:
    pred_trg, _ = translate_sentence(src, SRC, TRG, model, device)
    pred_trgs.append(pred_trg[:-1])
    trgs.append([trg])
print(f'BLEU score = {bleu_score(pred_trgs, trgs) * 100:.2f}')
