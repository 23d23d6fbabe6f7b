# Real-program corpus (tests/realworld, see README.md): a sequence-to-sequence Transformer
# translator (token embeddings + positional encoding + nn.Transformer + output projection), padding
# and causal masks, teacher-forced training with CrossEntropyLoss(ignore_index=pad) and greedy
# decoding: the workflow of pytorch/examples language_translation (src/model.py, src/data.py,
# main.py) @ 77f55b912142e11fcfdf5b530231fb9c52f181e8. Written for Kiln, not copied; random tokens.
import math
import torch
from torch import nn

PAD, BOS, EOS = 1, 2, 3


class PositionalEncoding(nn.Module):
    def __init__(self, emb_size, dropout, maxlen=64):
        super().__init__()
        den = torch.exp(-torch.arange(0, emb_size, 2) * math.log(10000) / emb_size)
        pos = torch.arange(0, maxlen).reshape(maxlen, 1)
        pos_embedding = torch.zeros((maxlen, emb_size))
        pos_embedding[:, 0::2] = torch.sin(pos * den)
        pos_embedding[:, 1::2] = torch.cos(pos * den)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer('pos_embedding', pos_embedding.unsqueeze(-2))

    def forward(self, token_embedding):
        return self.dropout(token_embedding + self.pos_embedding[:token_embedding.size(0), :])


class Translator(nn.Module):
    def __init__(self, num_encoder_layers, num_decoder_layers, embed_size, num_heads,
                 src_vocab_size, tgt_vocab_size, dim_feedforward, dropout):
        super().__init__()
        self.src_embedding = nn.Embedding(src_vocab_size, embed_size)
        self.tgt_embedding = nn.Embedding(tgt_vocab_size, embed_size)
        self.pos_enc = PositionalEncoding(embed_size, dropout)
        self.transformer = nn.Transformer(d_model=embed_size, nhead=num_heads,
                                          num_encoder_layers=num_encoder_layers,
                                          num_decoder_layers=num_decoder_layers,
                                          dim_feedforward=dim_feedforward, dropout=dropout)
        self.ff = nn.Linear(embed_size, tgt_vocab_size)
        for p in self.parameters():
            if p.dim() > 1:
                nn.init.xavier_uniform_(p)

    def forward(self, src, trg, src_mask, tgt_mask, src_padding_mask, tgt_padding_mask, memory_key_padding_mask):
        src_emb = self.pos_enc(self.src_embedding(src))
        tgt_emb = self.pos_enc(self.tgt_embedding(trg))
        outs = self.transformer(src_emb, tgt_emb, src_mask, tgt_mask, None,
                                src_padding_mask, tgt_padding_mask, memory_key_padding_mask)
        return self.ff(outs)

    def encode(self, src, src_mask):
        return self.transformer.encoder(self.pos_enc(self.src_embedding(src)), src_mask)

    def decode(self, tgt, memory, tgt_mask):
        return self.transformer.decoder(self.pos_enc(self.tgt_embedding(tgt)), memory, tgt_mask)


def generate_square_subsequent_mask(size):
    mask = (torch.triu(torch.ones((size, size))) == 1).transpose(0, 1)
    return mask.float().masked_fill(mask == 0, float('-inf')).masked_fill(mask == 1, float(0.0))


def create_mask(src, tgt):
    tgt_mask = generate_square_subsequent_mask(tgt.shape[0])
    src_mask = torch.zeros((src.shape[0], src.shape[0])).type(torch.bool)
    return src_mask, tgt_mask, (src == PAD).transpose(0, 1), (tgt == PAD).transpose(0, 1)


def greedy_decode(model, src, src_mask, max_len, start_symbol, end_symbol):
    memory = model.encode(src, src_mask)
    ys = torch.ones(1, 1).fill_(start_symbol).type(torch.long)
    for _ in range(max_len - 1):
        tgt_mask = generate_square_subsequent_mask(ys.size(0)).type(torch.bool)
        out = model.decode(ys, memory, tgt_mask).transpose(0, 1)
        prob = model.ff(out[:, -1])
        _, next_word = torch.max(prob, dim=1)
        next_word = next_word.item()
        ys = torch.cat([ys, torch.ones(1, 1).type_as(src.data).fill_(next_word)], dim=0)
        if next_word == end_symbol:
            break
    return ys


def batch(seq_len, n, vocab):
    body = torch.randint(4, vocab, (seq_len, n))
    body[-1, 0] = PAD
    return torch.cat([torch.full((1, n), BOS), body, torch.full((1, n), EOS)])


torch.manual_seed(0)
print(generate_square_subsequent_mask(3))
model = Translator(2, 2, 16, 2, 20, 22, 32, 0.1)
print(sum(p.numel() for p in model.parameters()))
loss_fn = nn.CrossEntropyLoss(ignore_index=PAD)
optim = torch.optim.Adam(model.parameters(), lr=1e-3, betas=(0.9, 0.98), eps=1e-9)
train_dl = [(batch(6, 3, 20), batch(7, 3, 22)) for _ in range(3)]
for epoch in range(1, 3):
    model.train()
    losses = 0.
    for src, tgt in train_dl:
        tgt_input = tgt[:-1, :]
        src_mask, tgt_mask, src_padding_mask, tgt_padding_mask = create_mask(src, tgt_input)
        logits = model(src, tgt_input, src_mask, tgt_mask, src_padding_mask, tgt_padding_mask, src_padding_mask)
        optim.zero_grad()
        loss = loss_fn(logits.reshape(-1, logits.shape[-1]), tgt[1:, :].reshape(-1))
        loss.backward()
        optim.step()
        losses += loss.item()
    print(f"Epoch: {epoch}, Train loss: {losses / len(train_dl):.3f}")
model.eval()
src = batch(5, 1, 20)
ys = greedy_decode(model, src, torch.zeros(7, 7).type(torch.bool), max_len=8, start_symbol=BOS, end_symbol=EOS)
print(ys.shape[1], ys[0].item(), ys.dtype)
